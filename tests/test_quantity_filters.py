"""parse_quantity's early answers (values._may_be_quantity, values._may_be_compound) are
necessary conditions of the unit patterns: with them or without, the same quantities."""

from __future__ import annotations

import itertools

import pytest

import depcheck.values as values
from depcheck.values import parse_quantity

TEXTS = [
    "5 kg", "5kg", "5 KG", "5 Kg.", "5 - kg", "5-kg", "5 -", "5 - ", "5 - .", "5.", "5 .",
    "$49.99", "£20-25", "1,249.99", "19.500.000", ".5", "60", "4.5/5", "3.6 out of 5",
    "6 ft 4 in", "6 ft 4 in.", "1 h 30 min", "230 lb (104 kg)", "6 sq ft", "6 sq. ft",
    "12 square feet", "5 per cent", "80 km2", "80 km²", "100 m²", "5 kilometres per hour",
    "3 litre capacity", "256 GB SSD", "3000 mm waterproof rating", "24.1-megapixel 1",
    "4 mm heel", "1 ms refresh", "60x optical zoom", "55-inch Samsung QLED", "300W personal",
    "500W", "500W motor", "1800 watts", "2-year warranty", "8-quart", "0.6 L", "up to 12",
    "only 4", "three intensity levels", "twenty five", "half a million", "2.5 million dollars",
    "5 kg\n", "5.\n", "5\tkg", "5 --", "x kg", "kg", "", " ", "-", "5 kg ", "12 \u212a",
    "10 ſec", "7 in.", "7 in..", "9 lbs.", "100 nits", "19 bar", "1080p", "4 mm-ish",
]


def _without_filters(monkeypatch, text: str, loose: bool):
    with monkeypatch.context() as patched:
        patched.setattr(values, "_may_be_quantity", lambda s: True)
        patched.setattr(values, "_may_be_compound", lambda s: True)
        return parse_quantity.__wrapped__(text, loose)


def _texts():
    units = values._UNIT_SPELLINGS[::7]
    made = [f"{n}{sep}{u}{tail}" for n, sep, u, tail in itertools.product(
        ("5", "3.5", "$40"), ("", " ", "-"), units + [u.upper() for u in units],
        ("", ".", " x", "s", " 4 in"))]
    return TEXTS + made


@pytest.mark.parametrize("loose", [False, True])
def test_the_filters_change_no_quantity(monkeypatch, loose):
    for text in _texts():
        found = parse_quantity.__wrapped__(text, loose)
        assert found == _without_filters(monkeypatch, text, loose), text


def test_the_filters_are_necessary_conditions_of_the_patterns():
    for text in _texts():
        s = values.fold(text).strip().rstrip(".")
        for t in {s, text}:
            if values._QUANTITY.match(t):
                assert values._may_be_quantity(t), t
            parts = list(values._PART.finditer(t))
            if len(parts) >= 2 and "".join(p[0] for p in parts).replace(" ", "") \
                    == t.replace(" ", ""):
                assert values._may_be_compound(t), t


def test_a_text_past_its_figure_is_told_without_the_unit_patterns():
    assert not values._may_be_quantity("256 gb ssd")
    assert not values._may_be_quantity("24.1-megapixel 1")
    assert not values._may_be_compound("24.1-megapixel 1")
    assert values._may_be_quantity("256 gb") and values._may_be_quantity("6 sq ft")
    assert values._may_be_quantity("5 - ")  # a figure and a hyphen: _QUANTITY reads it
    assert values._may_be_quantity("5 kg\n")  # (a line break: the patterns decide)

"""Codes of three or more numbers joined by hyphens ("4-6-2", a wheel arrangement) are one
value, compared with the column whose cell is such a code; none of their numbers is an
amount ("4" of "4-6-2" is no match of the 4 of "4-6-0")."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

LOCOMOTIVE = Table.from_dict({
    "id": "loco", "caption": "Ravenscar Abbey",
    "columns": ["Name", "Wheel arrangement", "Power type", "Number"],
    "rows": [["Ravenscar Abbey", "4-6-0", "steam", "4471"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Ravenscar Abbey is a 4-6-0 locomotive.", "supported"),
    ("Ravenscar Abbey is a 4-6-2 locomotive.", "refuted"),
    ("Ravenscar Abbey is a 4-6-2 steam engine.", "refuted"),
    ("Ravenscar Abbey has a 4-6-2 wheel arrangement.", "refuted"),
])
def test_a_hyphen_code_is_one_value(core_checker, text, verdict):
    report = expect(core_checker, LOCOMOTIVE, text, verdict)
    assert any("Wheel arrangement" in h.evidence.columns for h in report.hypotheses
               if h.verdict == verdict)


def test_a_range_of_two_numbers_is_no_code(core_checker):
    games = Table.from_dict({"id": "games", "caption": "Board games",
                             "columns": ["Game", "Players"],
                             "rows": [["Deep Signal", "2-4"], ["Word Weavers", "2-8"]]})
    expect(core_checker, games, "Deep Signal is for 2-4 players.", "supported")

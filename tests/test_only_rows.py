""""X is the only N ..." (rules/frames/quantifiers.yaml, the quantifier-only-noun frames):
what sets X apart may be a bound on its figure ("the only model *under 1 kg*": the
lexicon's only_noun_preps), a value with a participle hyphen-joined to it ("the only
*battery-powered* speaker"), or follow a superlative's group ("the heaviest of the four
*and the only one with Wi-Fi*")."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SPEAKERS = Table.from_dict({
    "id": "speakers", "caption": "Speakers",
    "columns": ["Speaker", "Weight", "Wi-Fi", "Power source", "Price"],
    "rows": [["Beamo Mini", "0.9 kg", "No", "Battery", "$59"],
             ["Pulse Go", "1.4 kg", "No", "Mains", "$89"],
             ["Lindqvist Silent", "2.1 kg", "Yes", "Mains", "$199"],
             ["Orbit", "1.8 kg", "No", "Mains", "$129"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Beamo Mini is the only model under 1 kg.", "supported"),
    ("The Pulse Go is the only model under 1.5 kg.", "refuted"),
    ("The Beamo Mini is the only battery-powered speaker.", "supported"),
    ("The Orbit is the only battery-powered speaker.", "refuted"),
    ("The Lindqvist Silent is the heaviest of the four and the only one with Wi-Fi.",
     "supported"),
    ("The Orbit is the heaviest of the four and the only one with Wi-Fi.", "refuted"),
])
def test_what_sets_the_only_row_apart(core_checker, text, verdict):
    expect(core_checker, SPEAKERS, text, verdict)


def test_the_only_one_after_a_superlative_is_its_own_claim(core_checker):
    report = core_checker.check(
        "The Pulse Go is the lightest of the four and the only one with Wi-Fi.", SPEAKERS)
    only = [h for h in report.hypotheses if h.rule == "quantifier-only-noun-conjunct-of"]
    assert len(only) == 1 and only[0].verdict == "refuted"
    assert report.verdict == "refuted"

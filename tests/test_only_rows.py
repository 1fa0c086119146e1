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


DISHWASHERS = Table.from_dict({
    "id": "dishwashers", "caption": "Dishwashers",
    "columns": ["name", "Noise level", "Third rack", "Wi-Fi"],
    "rows": [["AquaClean 45", "46 dB", "No", "No"], ["SilentPlus", "39 dB", "Yes", "Yes"],
             ["EcoWash", "42 dB", "Yes", "No"], ["HomeLine", "49 dB", "No", "No"]]})


@pytest.mark.parametrize("text, verdict", [
    # the parse hangs "the only one" on the copula itself, after a superlative with a figure
    ("The SilentPlus is the quietest of the four at 39 dB and the only one with Wi-Fi.",
     "supported"),
    ("The SilentPlus is the quietest of the four at 39 dB and the only one with a third rack.",
     "refuted"),  # the EcoWash has one too
])
def test_only_one_hung_on_the_copula(core_checker, text, verdict):
    report = expect(core_checker, DISHWASHERS, text, verdict)
    assert any(h.rule == "quantifier-only-noun-conjunct-verb" for h in report.hypotheses)


TABLETS = Table.from_dict({
    "id": "tablets", "caption": "Tablets",
    "columns": ["name", "Price", "Cellular"],
    "rows": [["Slate 10", "$329", "No"], ["Slate 10 Pro", "$649", "Optional"],
             ["Fire 8", "$89", "No"], ["Orion Tab S", "$499", "No"]]})


@pytest.mark.parametrize("text, verdict", [
    # the column's words and a generic noun: a row has it unless its cell states an absence
    ("Only the Slate 10 Pro has a cellular option.", "supported"),
    ("Only the Orion Tab S has a cellular option.", "refuted"),
])
def test_the_column_named_with_a_generic_noun(core_checker, text, verdict):
    report = expect(core_checker, TABLETS, text, verdict)
    assert any(h.rule == "quantifier-only" for h in report.hypotheses)


VANS = Table.from_dict({
    "id": "vans", "caption": "Campervans",
    "columns": ["Van", "Base vehicle", "Gearbox"],
    "rows": [["Kiwi Nomad", "Toyota Hiace", "automatic"], ["Weka Classic", "VW Transporter",
             "manual"], ["Pukeko Pop-top", "VW Transporter", "automatic"],
             ["Tui Deluxe", "Fiat Ducato", "automatic"], ["Takahe Luxe", "Fiat Ducato",
             "automatic"], ["Moa Compact", "Toyota Hiace", "manual"]]})


def test_only_among_a_group_named_before_is_not_only_of_every_row(core_checker):
    # "of them" is the two VW vans: of those only the Pukeko is automatic, though three
    # other vans of the table are too
    report = core_checker.check("Two vans are built on the VW Transporter, and of them only"
                                " the Pukeko Pop-top has an automatic gearbox.", VANS)
    assert report.verdict != "refuted", [(h.rule, h.explanation) for h in report.hypotheses]
    expect(core_checker, VANS, "Only the Pukeko Pop-top has an automatic gearbox.", "refuted")

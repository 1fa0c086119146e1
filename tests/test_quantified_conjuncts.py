"""A quantified subject with coordinated predicates ("both Halcyon models are waterproof and
*cost under $300*"): each predicate is a claim about every row the quantifier ranges over
(rules/frames/quantifiers.yaml, the ``-conjunct`` frames), and a refutation of one of them
stands beside the other's support."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BINOCULARS = Table.from_dict({
    "id": "binoculars", "caption": "Binoculars",
    "columns": ["Model", "Brand", "Objective", "Waterproof", "Price"],
    "rows": [["Kite 8x42", "Halcyon", "52 mm", "Yes", "$249"],
             ["Nightjar 10x56", "Halcyon", "56 mm", "Yes", "$899"],
             ["Ranger 8x32", "Vessel", "32 mm", "No", "$129"],
             ["Owl 10x50", "Vessel", "50 mm", "No", "$199"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Both Halcyon models are waterproof and cost under $1,000.", "supported"),
    ("Both Halcyon models are waterproof and cost under $300.", "refuted"),
    # the first predicate fails, the second holds: the refutation stands
    ("Both Vessel models are waterproof and cost under $300.", "refuted"),
    ("Both Halcyon binoculars have objectives of at least 50 mm and cost under $300.",
     "refuted"),
    ("Both Halcyon binoculars have objectives of at least 50 mm and cost under $1,000.",
     "supported"),
    ("All of the Halcyon models are waterproof and cost under $300.", "refuted"),
    ("Each of the Halcyon models is waterproof and costs under $1,000.", "supported"),
])
def test_each_coordinated_predicate_is_quantified(core_checker, text, verdict):
    expect(core_checker, BINOCULARS, text, verdict)


def test_the_coordinated_claim_reads_its_own_predicate(core_checker):
    report = core_checker.check("Both Vessel models are waterproof and cost under $300.",
                                BINOCULARS)
    found = {h.rule: h for h in report.hypotheses if h.kind == "quantifier"}
    assert found["quantifier-determiner"].verdict == "refuted"
    conj = found["quantifier-determiner-conjunct-prep"]
    assert conj.verdict == "supported"
    assert [c.column for c in conj.evidence.output] == ["Price", "Price"]


def test_a_count_is_not_split_over_its_predicates(core_checker):
    """"Two of the four are waterproof and cost under $300" counts the rows that hold both
    (one here): the count is no claim about each predicate's rows apart."""
    report = core_checker.check("Two of the four models are waterproof and cost under $300.",
                                BINOCULARS)
    assert not [h for h in report.hypotheses if h.rule and "conjunct" in h.rule]
    assert report.verdict != "supported"


@pytest.mark.parametrize("text", [
    # a clause with a subject of its own, or a quantifier of its own, is no conjunct
    # predicate of the first subject (the parse may hang either on the first predicate)
    "Both Halcyon models are waterproof, but only the Kite 8x42 costs under $300.",
    "Both Halcyon models are waterproof, and neither costs more than $1,000.",
])
def test_a_clause_of_its_own_is_not_quantified(core_checker, text):
    report = core_checker.check(text, BINOCULARS)
    assert not [h for h in report.hypotheses if h.rule and "conjunct" in h.rule]


MONITORS = Table.from_dict({
    "id": "monitors", "caption": "Monitors",
    "columns": ["Monitor", "Size", "Resolution", "Price"],
    "rows": [["Vantis 27", "27-inch", "2560x1440", "$329"],
             ["Zen 27", "27-inch", "3840x2160", "$499"],
             ["Arc 24", "24-inch", "1920x1080", "$189"]]})


@pytest.mark.parametrize("text, verdict", [
    # a figure hyphen-joined to its unit picks the rows ("27-inch models": Size 27 in)
    ("Every 27-inch model in the range costs more than $250.", "supported"),
    ("Both 27-inch models cost more than $350.", "refuted"),
    ("Both 27-inch models cost more than $250.", "supported"),
])
def test_a_hyphenated_figure_picks_the_rows(core_checker, text, verdict):
    expect(core_checker, MONITORS, text, verdict)

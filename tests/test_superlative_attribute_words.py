"""The attribute a superlative grades, named with more words than its column: a header's
words before its bracket held in a longer phrase ("the highest *power* output" of "Power
(W)"), and the noun's other adjectives ("the highest *fat* content" of "Fat (%)")."""

from __future__ import annotations

import pytest

from depcheck.link import Linker
from depcheck.table import Table

from .verdicts import expect

OVENS = Table.from_dict({
    "id": "ovens", "caption": "Microwave ovens",
    "columns": ["Model", "Capacity (L)", "Power (W)", "Price (GBP)"],
    "rows": [["Quick 17", "17", "700", "59"], ["Quick 23", "23", "800", "89"],
             ["Chef 32", "32", "1,000", "279"], ["Solo 20", "20", "800", "69"]]})

FOODS = Table.from_dict({
    "id": "foods", "caption": "Dry dog food",
    "columns": ["Product", "Main protein", "Protein (%)", "Fat (%)"],
    "rows": [["Trail Salmon", "Salmon", "30", "16"], ["Trail Puppy", "Chicken", "32", "20"],
             ["Daily Balance", "Chicken", "24", "14"], ["Lean Duck", "Duck", "28", "9"]]})


def test_a_headers_words_before_its_bracket_in_a_longer_phrase(core_checker):
    linker = Linker(core_checker.compile(OVENS), vectors=core_checker.vectors,
                    lexicon=core_checker.rules.lexicon)
    found = linker.column_named("power output")
    assert found is not None and found[0].name == "Power (W)" and found[1] == "contains"


@pytest.mark.parametrize("table, text, verdict", [
    (OVENS, "The Chef 32 offers the highest power output, 1,000 W.", "supported"),
    (OVENS, "The Quick 23 offers the highest power output.", "refuted"),
    (FOODS, "Trail Puppy has the highest fat content.", "supported"),
    (FOODS, "Trail Salmon has the highest fat content.", "refuted"),
])
def test_the_superlative_grades_that_column(core_checker, table, text, verdict):
    report = expect(core_checker, table, text, verdict)
    h = next(h for h in report.hypotheses if h.kind == "superlative")
    assert h.verdict == verdict
    assert {c.column for c in h.evidence.output} <= {"Power (W)", "Fat (%)", "Model",
                                                     "Product"}


PHONES = Table.from_dict({
    "id": "phones", "caption": "Rugged phones",
    "columns": ["Model", "Battery (mAh)", "Screen (inches)", "Weight"],
    "rows": [["Terra R8", "8,000", "6.3", "312 g"], ["Aero Fold", "4,400", "7.6", "263 g"],
             ["Pulse 5", "5,000", "6.7", "198 g"], ["Mini Go", "3,100", "5.4", "141 g"]]})


@pytest.mark.parametrize("text, verdict", [
    # the superlative set off after a figure's noun grades that noun's column, not the
    # lexicon's first attribute of "large" (the screen)
    ("The Terra R8 packs an 8,000 mAh battery, by far the largest here.", "supported"),
    ("The Terra R8 packs an 8,000 mAh battery, the largest here.", "supported"),
    ("The Pulse 5 packs a 5,000 mAh battery, by far the largest here.", "refuted"),
])
def test_a_superlative_set_off_after_a_figures_noun(core_checker, text, verdict):
    report = expect(core_checker, PHONES, text, verdict)
    h = next(h for h in report.hypotheses if h.kind == "superlative")
    assert "Battery (mAh)" in h.explanation, h.explanation


VACUUMS = Table.from_dict({
    "id": "vacuums", "caption": "Cordless stick vacuums",
    "columns": ["Model", "Suction power (W)", "Run time (minutes)", "Price (GBP)"],
    "rows": [["Whisk V12", "185", "60", "349"], ["Ash Lite", "70", "30", "149"],
             ["Sen Pet", "150", "50", "319"]]})


@pytest.mark.parametrize("text, verdict", [
    # the superlative as the predicate of a subject that names its column, or of a
    # figure "of" the column's noun
    ("The Whisk V12's 185 W of suction is the strongest in the chart.", "supported"),
    ("The Ash Lite's suction is the strongest in the chart.", "refuted"),
    ("The Sen Pet's 150 W of suction is the strongest here.", "refuted"),
])
def test_a_superlative_said_of_a_subject_that_names_the_column(core_checker, text, verdict):
    report = expect(core_checker, VACUUMS, text, verdict)
    assert any(h.kind == "superlative" and "Suction power" in h.explanation
               for h in report.hypotheses)

"""A quantifier whose scope is a pronoun or a pro-noun after a noun of the text ("both of
*them*", "neither *one*") speaks of the group the text named before, not of the table: its
size ("both" = two) is not compared with the table's rows (issue 13).

Four backpacks (rules decide):

    pack    material   volume (l)  waterproof
    Alto    nylon      30          yes
    Birch   canvas     25          no
    Cedar   nylon      40          yes
    Drift   polyester  35          no

Two packs are nylon (Alto, Cedar), both waterproof; the table has four rows.
"""

import pytest

from depcheck.reasons import Reason
from depcheck.table import Table

from .verdicts import expect

PACKS = Table.from_dict({
    "id": "packs", "caption": "Backpacks",
    "columns": ["pack", "material", "volume (l)", "waterproof"],
    "rows": [["Alto", "nylon", "30", "yes"],
             ["Birch", "canvas", "25", "no"],
             ["Cedar", "nylon", "40", "yes"],
             ["Drift", "polyester", "35", "no"]]})


def _sizes(report):
    return [h for h in report.hypotheses if h.reason == Reason.GROUP_SIZE_DIFFERS]


def test_both_of_them_after_a_group_is_not_the_table(core_checker):
    report = core_checker.check(
        "Two of the packs are nylon, and both of them are waterproof.", PACKS)
    assert report.verdict != "refuted"
    assert not _sizes(report)


def test_neither_one_after_a_group_is_not_the_table(core_checker):
    # "neither one" is the two nylon packs: no claim that the table has two rows (what the
    # fact check makes of the negation over unnamed rows is another matter)
    report = core_checker.check(
        "Both nylon packs hold at least 30 litres, and neither one is polyester.", PACKS)
    assert not _sizes(report)
    assert any(h.kind == "quantifier" and h.verdict == "supported" for h in report.hypotheses)


def test_a_pronoun_with_nothing_before_it_is_the_table(core_checker):
    # nothing named before "them": the table's four packs, not two
    report = expect(core_checker, PACKS, "Both of them are waterproof.", "refuted")
    assert _sizes(report)


BUGGIES = Table.from_dict({
    "id": "buggies", "caption": "Pushchairs",
    "columns": ["Pushchair", "Weight (kg)", "Max child weight (kg)", "Price ($)"],
    "rows": [["Wren Lite", "6.2", "22", "249"],
             ["Wren Trek", "11.4", "22", "599"],
             ["Osprey City", "7.5", "25", "379"],
             ["Osprey Duo", "13.8", "44", "749"]]})


def test_neither_after_both_is_the_group_the_scope_picked(core_checker):
    # "both Wren models" picks the two Wren rows whatever "carry children up to 22 kg" is
    # found to say, and "neither" (a pre-conjunction on the verb) ranges over them
    report = expect(core_checker, BUGGIES, "Both Wren models carry children up to 22 kg, "
                    "and neither costs more than $500.", "refuted")
    assert any(h.rule == "quantifier-anaphoric-preconj" and h.verdict == "refuted"
               and "of 2 rows" in h.explanation for h in report.hypotheses)
    report = core_checker.check("Both Wren models carry children up to 22 kg, and neither "
                                "costs more than $600.", BUGGIES)
    assert any(h.rule == "quantifier-anaphoric-preconj" and h.verdict == "supported"
               for h in report.hypotheses)


MEDALS = Table.from_dict({
    "id": "medals", "caption": "Island games medal table",
    "columns": ["Team", "Gold", "Silver", "Bronze"],
    "rows": [["Orkvale", "14", "9", "11"], ["Skerrholm", "9", "13", "7"],
             ["Brenna", "8", "6", "9"], ["Langness", "6", "10", "5"],
             ["Westray Sound", "6", "8", "8"], ["Hoyle", "3", "4", "6"]]})


@pytest.mark.parametrize("text, verdict", [
    # "both teams" of a table of six teams: the two the clause before named, its subject
    # and its object, not a group size the table contradicts
    ("Langness beat Westray Sound on silver medals, although both teams won six golds.",
     "supported"),
    ("Langness beat Westray Sound on silver medals, although both teams won seven golds.",
     "refuted"),
])
def test_both_after_a_subject_and_an_object_that_name_rows(core_checker, text, verdict):
    report = core_checker.check(text, MEDALS)
    quantifier = [h for h in report.hypotheses if h.kind == "quantifier"]
    assert quantifier and quantifier[0].verdict == verdict, [
        (h.kind, h.verdict, h.explanation) for h in report.hypotheses]
    assert quantifier[0].reason != Reason.GROUP_SIZE_DIFFERS

"""A superlative over a group the text named before ("three of the seven kettles hold 1.7
litres, and the cheapest *of those* is ..."): it ranks the rows that quantifier claim says
hold its predicate (``quantifier.group_named_before``), not every row; when no claim before
it singles a group out, it is not decided."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

KETTLES = Table.from_dict({
    "id": "kettles", "caption": "Electric kettles",
    "columns": ["Model", "Capacity", "Price"],
    "rows": [["Aurora", "1.7 L", "£49.99"], ["Mini", "0.8 L", "£17.99"],
             ["Lumen", "1.7 L", "£34.99"], ["Sense", "1.7 L", "£59.00"],
             ["Brook", "1.5 L", "£25.00"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Three of the five kettles hold 1.7 litres, and the cheapest of those is the Lumen.",
     "supported"),
    ("Three of the five kettles hold 1.7 litres, and the cheapest of those is the Aurora.",
     "refuted"),
    ("Three of the five kettles hold 1.7 litres, and the priciest of them is the Sense.",
     "supported"),
])
def test_the_superlative_ranks_the_group_named_before(core_checker, text, verdict):
    report = expect(core_checker, KETTLES, text, verdict)
    assert any(h.kind == "superlative" and h.verdict == verdict for h in report.hypotheses)


def test_a_group_no_claim_singles_out_leaves_it_open(core_checker):
    report = core_checker.check("The cheapest of those is the Lumen.", KETTLES)
    assert not any(h.kind == "superlative" and h.verdict != "unverifiable"
                   for h in report.hypotheses)


DRILLS = Table.from_dict({
    "id": "drills", "caption": "Cordless drills",
    "columns": ["Model", "Voltage", "Max torque"],
    "rows": [["DX18", "18 V", "45 Nm"], ["Titan 20", "20 V", "70 Nm"],
             ["EasyDrive 18", "18 V", "38 Nm"], ["ProSeries 18", "18 V", "60 Nm"],
             ["Mini 12", "12 V", "30 Nm"], ["Atlas 20", "20 V", "65 Nm"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Half of the six drills run on 18 V, and the strongest of those is the ProSeries 18.",
     "supported"),
    ("Half of the six drills run on 18 V, and the strongest of those is the DX18.", "refuted"),
])
def test_a_share_of_the_rows_names_a_group_too(core_checker, text, verdict):
    """"half of the six": exactly three, the group the superlative after it ranks; "the
    strongest" grades torque (the lexicon's comparatives)."""
    expect(core_checker, DRILLS, text, verdict)


def test_of_them_all_is_every_row(core_checker):
    """"the cheapest *of them all*": a universal quantifier on the pronoun ranks every row."""
    expect(core_checker, KETTLES, "Three of the five kettles hold 1.7 litres, and the Lumen "
           "is the cheapest of them all.", "refuted")

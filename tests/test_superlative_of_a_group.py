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

"""An aggregate query that holds accounts for the words of its clause that chose it, not for
the other claims inside that clause: a predicate coordinated with the clause's ("and *is
the lighter of the two*") or a comparison of a noun ("sells *more units than any other
machine*") stays open until a check of its own reads it, so the statement is not
supported on the query's word alone."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SEWING = Table.from_dict({
    "id": "sewing", "caption": "Home sewing machines compared",
    "columns": ["Model", "Brand", "Type", "Built-in stitches", "Weight", "Warranty", "Price"],
    "rows": [["Stitchwell 300", "Aldine", "Computerised", "120", "6.8 kg", "5 years", "$329"],
             ["Heritage M2", "Corvo", "Mechanical", "23", "8.2 kg", "25 years", "$219"],
             ["QuiltPro 9", "Aldine", "Computerised", "340", "10.4 kg", "10 years", "$749"],
             ["Minima", "Pennant", "Mechanical", "12", "4.9 kg", "2 years", "$119"],
             ["Atelier 5", "Corvo", "Computerised", "200", "7.5 kg", "10 years", "$499"]]})


def test_a_coordinated_predicate_is_a_claim_of_its_own(core_checker):
    report = core_checker.check("The Heritage M2 carries the longest warranty, 25 years, and "
                                "is the lighter of the two mechanical machines.", SEWING)
    assert report.verdict == "unverifiable"
    assert "lighter" in [h.text for h in report.hypotheses if h.reason == "claim not checked"]


@pytest.mark.parametrize("text, verdict", [
    ("The Heritage M2 carries the longest warranty, 25 years, and weighs 8.2 kg.",
     "supported"),
    ("The Heritage M2 carries the longest warranty, 25 years.", "supported"),
    ("With 340 built-in stitches, the QuiltPro 9 sells more units than any other machine.",
     "unverifiable"),
])
def test_what_the_clause_holds_besides_the_query(core_checker, text, verdict):
    expect(core_checker, SEWING, text, verdict)

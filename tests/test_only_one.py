""""the only one" is no figure ("one" stands for a row: the lexicon's pro_nouns, with a
determiner or an adjective), and "only" on a noun is a claim of its own that a clause or a
phrase around it does not cover unless a check read it (lexicon ``quantifiers_exclusive``)."""

from __future__ import annotations

from depcheck.table import Table

from .verdicts import expect

CHAIRS = Table.from_dict({
    "id": "chairs", "caption": "Office chairs",
    "columns": ["Model", "Price", "Adjustable arms", "Warranty"],
    "rows": [["ErgoFlex", "$349", "Yes", "5 years"], ["Task Basic", "$89", "No", "1 year"],
             ["Apex", "$479", "No", "5 years"], ["Nimbus", "$399", "Yes", "5 years"]]})


def test_the_only_one_is_no_figure_and_stays_a_claim(core_checker):
    report = expect(core_checker, CHAIRS, "At $89 the Task Basic is the cheapest chair in the "
                    "guide and the only one without adjustable arms.", "unverifiable")
    assert not any("Warranty" in h.evidence.columns for h in report.hypotheses)
    assert any(h.text == "only" or "only" in h.text.split() for h in report.hypotheses
               if h.reason == "claim not checked")


def test_an_only_claim_the_quantifier_reads_still_decides(core_checker):
    expect(core_checker, CHAIRS, "The Task Basic is the only chair without adjustable arms.",
           "refuted")
    expect(core_checker, CHAIRS, "The ErgoFlex is the cheapest chair.", "refuted")

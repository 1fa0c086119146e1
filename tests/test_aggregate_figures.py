"""A figure said as a summary over rows ("for a *combined* €55,000"; lexicon
aggregate_words) is no cell value of one row: the fact checks leave it to the aggregate
queries (``fact._aggregate_figure``)."""

from __future__ import annotations

from depcheck.table import Table

AWARDS = Table.from_dict({
    "id": "awards", "caption": "Festival awards",
    "columns": ["Award", "Film", "Prize money"],
    "rows": [["Golden Heron", "The Salt Harvest", "€50,000"],
             ["Grand Jury Prize", "Northern Quiet", "€25,000"],
             ["Audience Award", "The Salt Harvest", "€5,000"]]})


def test_a_combined_figure_is_no_cell_of_the_row(core_checker):
    report = core_checker.check("The Salt Harvest took the Golden Heron and the Audience Award "
                                "for a combined €55,000.", AWARDS)
    assert not any(h.kind == "fact" and h.verdict == "refuted" and "Prize money"
                   in h.evidence.columns for h in report.hypotheses)
    assert report.verdict != "refuted"


def test_a_plain_figure_is_still_checked(core_checker):
    report = core_checker.check("The Golden Heron comes with €55,000.", AWARDS)
    assert report.verdict == "refuted"

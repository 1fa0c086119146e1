"""A failing lookup program that compares a year of the text with the one cell it read,
which holds that year within a longer date or period ("Q4 2018"), decides nothing: the
cell bears the year out (reason PROGRAM_YEAR_WITHIN_CELL); a year the cell does not hold
still fails."""

from __future__ import annotations

from depcheck.reasons import Reason
from depcheck.table import Table

QUARTERS = Table.from_dict({
    "id": "quarters", "caption": "Grocer quarterly results",
    "columns": ["Quarter", "Revenue (GBP m)", "Employees", "Stores"],
    "rows": [["Q1 2017", "142.0", "3,910", "212"], ["Q2 2017", "151.3", "3,980", "215"],
             ["Q3 2017", "149.8", "4,020", "218"], ["Q4 2017", "171.5", "4,150", "221"],
             ["Q1 2018", "146.7", "4,090", "223"], ["Q4 2018", "179.4", "4,260", "234"]]})


def test_a_year_within_the_cell_refutes_nothing(core_checker):
    report = core_checker.check("The grocer ended 2018 with 234 stores.", QUARTERS)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]


def test_another_year_still_fails(core_checker):
    report = core_checker.check("The grocer ended 2017 with 234 stores.", QUARTERS)
    assert report.verdict == "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]
    assert not any(h.reason == Reason.PROGRAM_YEAR_WITHIN_CELL for h in report.hypotheses)

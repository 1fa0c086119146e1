"""A comparative set off by a comma after a figure ("trades in four *countries*, more than
any other chain", "runs 214 *outlets*, more than ...") compares the figure's column."""

from __future__ import annotations

import pytest

from depcheck.table import Table

CHAINS = Table.from_dict({
    "id": "chains", "caption": "Coffee chains",
    "columns": ["Chain", "Outlets", "Countries", "Founded"],
    "rows": [["Nordbrew", "175", "4", "1998"], ["Brennhaus", "214", "3", "1987"],
             ["Kaffi Sol", "96", "2", "2004"], ["Mokka Ko", "58", "1", "2010"]]})


@pytest.mark.parametrize("text, column, verdict", [
    ("Nordbrew trades in four countries, more than any other chain listed.", "Countries",
     "supported"),
    ("Brennhaus runs 214 outlets, more than any other chain listed.", "Outlets", "supported"),
    ("Brennhaus trades in three countries, more than any other chain listed.", "Countries",
     "refuted"),
])
def test_the_set_off_comparison_reads_the_figure_s_column(core_checker, text, column,
                                                          verdict):
    report = core_checker.check(text, CHAINS)
    assert report.verdict != ("refuted" if verdict == "supported" else "supported")
    assert any(h.kind == "comparison" and h.attribute.column == column
               and h.verdict == verdict for h in report.hypotheses), [
        (h.rule, h.verdict, h.explanation) for h in report.hypotheses]

"""A range cell written with thousands commas ("1,450-1,900 m") is that range, not "450-1":
a figure at or inside it is no "number differs"."""

from __future__ import annotations

import pytest

from depcheck.evaluators.level import cell_range
from depcheck.table import Table

from .verdicts import expect

ESTATE = Table.from_dict({
    "id": "estate", "caption": "Mirabeth Tea Estate",
    "columns": ["Estate", "Founded", "Area", "Elevation", "Annual output"],
    "rows": [["Mirabeth Tea Estate", "1894", "412 ha", "1,450\u20131,900 m", "380 tonnes"]]})


@pytest.mark.parametrize("cell, span", [
    ("1,450\u20131,900 m", (1450.0, 1900.0)),
    ("1,000-2,500", (1000.0, 2500.0)),
    ("12,000 to 15,000", (12000.0, 15000.0)),
    ("\u00a320-25", (20.0, 25.0)),
    ("3.5-4.2 kg", (3.5, 4.2)),
    ("412 ha", None),
])
def test_a_cells_range(cell, span):
    assert cell_range(cell) == span


@pytest.mark.parametrize("text", [
    "The estate climbs from 1,450 m to 1,900 m.",
    "The estate lies between 1,450 m and 1,900 m.",
])
def test_a_figure_of_the_range_is_no_other_number(core_checker, text):
    report = core_checker.check(text, ESTATE)
    assert report.verdict != "refuted", [(h.rule, h.explanation) for h in report.hypotheses]
    # (read by the fact checks, whose link names the column, or by a range frame,
    # figure-range, whose evidence is the column's cell)
    assert any(h.verdict == "supported" and (
        h.attribute and h.attribute.target == "Elevation"
        or "Elevation" in h.evidence.columns) for h in report.hypotheses)


def test_the_rows_other_figures_still_decide(core_checker):
    expect(core_checker, ESTATE, "Founded in 1890, the estate climbs from 1,450 m to "
                                 "1,900 m.", "refuted")

"""A count of a list column's items where the items are figures ("three bleaching
events" against "1998, 2010, 2016", "four sizes" against "38, 40, 42, 44"): the cell
lists that many values, whichever kind the column reads as. A cell that is one figure
("five" speeds, "class 3") is the number, not a list of one."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

RESERVE = Table.from_dict({
    "id": "reserve", "caption": "Coral reserve",
    "columns": ["name", "Area (km²)", "Bleaching events", "Dive sites"],
    "rows": [["Kelby Reef Reserve", "62", "1998, 2010, 2016", "27"]]})

BOOTS = Table.from_dict({
    "id": "boots", "caption": "Wellington boots",
    "columns": ["Model", "Price (EUR)", "Sizes", "Colours"],
    "rows": [["Puddler", "45", "38, 40, 42, 44", "green, navy"],
             ["Marsh Pro", "70", "40, 42", "black"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The reserve has had three bleaching events.", "supported"),
    ("The reserve has had four bleaching events.", "refuted"),
])
def test_a_count_of_years_listed(core_checker, text, verdict):
    report = expect(core_checker, RESERVE, text, verdict)
    assert any(h.rule.startswith("item-count") and h.verdict == verdict
               for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("The Puddler comes in four sizes.", "supported"),
    ("The Marsh Pro comes in three sizes.", "refuted"),
])
def test_a_count_of_figures_listed(core_checker, text, verdict):
    report = expect(core_checker, BOOTS, text, verdict)
    assert any(h.rule.startswith("item-count") and h.verdict == verdict
               for h in report.hypotheses)


LINE = Table.from_dict({
    "id": "line", "caption": "Heritage railway",
    "columns": ["name", "Length", "Locomotives", "Stations"],
    "rows": [["Corran Valley Railway", "11.4 miles", "9 (6 steam, 3 diesel)", "7"]]})


def test_a_figure_and_its_parts_is_no_list(core_checker):
    # "9 (6 steam, 3 diesel)" is one count and its parts, not a list of two
    report = core_checker.check("The railway has nine locomotives.", LINE)
    assert not any(h.rule.startswith("item-count") and h.verdict == "refuted"
                   for h in report.hypotheses)

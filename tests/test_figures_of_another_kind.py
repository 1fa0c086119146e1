"""Figures that are no value of the column they would match: a figure in a unit of
another dimension than the unit a column's header brackets ("10 US gallons" is no
"Warranty (years)" of 10), and a portion of a whole ("the lowest 200 km of the river" is
no Length); and units a linguist added (nautical miles, US and imperial gallons)."""

from __future__ import annotations

import pytest

from depcheck.table import Table
from depcheck.values import parse_quantity, same_family, to_base

HEATERS = Table.from_dict({
    "id": "heaters", "columns": ["Model", "Max flow (L/min)", "Warranty (years)", "Price (USD)"],
    "rows": [["Pulse 18", "9.5", "5", "389"], ["Thermo G9", "37.8", "15", "1549"],
             ["Quell 27", "13.2", "7", "529"], ["Duo 36", "17.0", "10", "699"]]})

RIVER = Table.from_dict({
    "id": "river", "columns": ["Field", "Value"],
    "rows": [["Name", "River Vell"], ["Length", "642 km"], ["Mouth", "Gulf of Sarn"],
             ["Range", "22 nmi"]]})


def test_a_figure_of_another_dimension_is_no_cell_of_a_bracketed_column(core_checker):
    report = core_checker.check("The Thermo G9 delivers 37.8 litres a minute (10 US gallons).",
                                HEATERS)
    # another heater's warranty is 10 (years): no contradiction of a volume
    assert report.verdict != "refuted"
    assert not any(h.verdict == "refuted" for h in report.hypotheses)
    # the same number said as years is that column's
    assert core_checker.check("The Thermo G9 comes with a 10-year warranty.",
                              HEATERS).verdict == "refuted"


@pytest.mark.parametrize("text, verdict", [
    ("Barges can navigate the lowest 200 km of the River Vell.", "unverifiable"),
    ("The first 10 km of the River Vell are flat.", "unverifiable"),
    ("The River Vell runs 642 km.", "supported"),
    ("The River Vell runs 700 km.", "refuted"),
])
def test_a_portion_of_a_whole_is_no_value_of_it(core_checker, text, verdict):
    assert core_checker.check(text, RIVER).verdict == verdict


@pytest.mark.parametrize("a, b", [
    ("22 nautical miles", "40.744 km"),
    ("10 US gallons", "37.8541 l"),
    ("10 imperial gallons", "45.4609 l"),
])
def test_added_units_convert_within_their_dimension(a, b):
    qa, qb = parse_quantity(a), parse_quantity(b)
    assert same_family(qa.unit, qb.unit)
    assert to_base(qa) == pytest.approx(to_base(qb), rel=1e-4)


MUSEUMS = Table.from_dict({
    "id": "museums", "columns": ["Museum", "Opened", "Visitors 2017", "Visitors 2018"],
    "rows": [["Art Gallery", "1898", "438,500", "471,200"],
             ["Maritime Museum", "1954", "279,900", "301,400"],
             ["Castle", "1932", "355,600", "392,800"]]})


@pytest.mark.parametrize("text, verdict", [
    # "2018" is a word of the column's name: it picks Visitors 2018, no value of it
    ("A new exhibition drove the Maritime Museum's rise in 2018.", "unverifiable"),
    ("The Maritime Museum had 301,400 visitors in 2018.", "supported"),
    ("The Maritime Museum opened in 1954.", "supported"),
    ("The Maritime Museum opened in 2018.", "refuted"),
])
def test_a_year_that_names_a_column_is_no_value_of_it(core_checker, text, verdict):
    assert core_checker.check(text, MUSEUMS).verdict == verdict

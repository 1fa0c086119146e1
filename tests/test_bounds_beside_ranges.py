"""A bound in a unit two columns share, one of them a range that holds the figure ("carries
children up to 25 kg" with a Child weight range (kg) of 9-25 and a Seat weight (kg) of
9.8): the unit does not tell which column the bound is of, so the other column's cell
refutes nothing; a bound the words tie to a column still decides.  Nor does a bound linked
by its unit alone to a column all of whose cells are ten times larger or smaller ("a
retention of under 0.1 g" against a Hopper of 250-500 g)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SEATS = Table.from_dict({
    "id": "seats", "columns": ["Seat", "Child weight range (kg)", "Seat weight (kg)",
                               "Price (£)"],
    "rows": [["Rambler Duo", "9–25", "9.8", "189"], ["Nestling Zero", "0–13", "4.1", "149"],
             ["Orla Grow", "0–36", "14.2", "399"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Rambler Duo carries children up to 25 kg.", "unverifiable"),
    ("The Rambler Duo costs under £200.", "supported"),
    ("The Rambler Duo costs under £150.", "refuted"),
])
def test_a_bound_beside_a_range_of_its_unit(core_checker, text, verdict):
    expect(core_checker, SEATS, text, verdict)


GRINDERS = Table.from_dict({
    "id": "grinders", "columns": ["Model", "Hopper (g)", "Weight (kg)", "Price ($)"],
    "rows": [["Kaffeo 64", "300", "5.2", "399"], ["Burrline 48", "250", "4.1", "249"],
             ["Millo Pro", "500", "7.5", "699"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Kaffeo 64 has a hopper of under 400 g.", "supported"),
    ("The Kaffeo 64 has a hopper of under 200 g.", "refuted"),
])
def test_a_bound_in_the_scale_of_its_column(core_checker, text, verdict):
    expect(core_checker, GRINDERS, text, verdict)


def test_a_bound_far_outside_its_columns_scale_refutes_nothing(core_checker):
    report = core_checker.check("The Kaffeo 64 has a low retention of under 0.1 g per dose.",
                                GRINDERS)
    assert report.verdict != "refuted", [(h.rule, h.explanation) for h in report.hypotheses]

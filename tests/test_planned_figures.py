"""A figure the text gives only to what is still to come ("will expand to 200 places in
2020", "is aiming for 250") is no value of the table's: the table holds what was, which
neither bears the plan out nor contradicts it. The same figure said of the present is
checked as always."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

FACULTIES = Table.from_dict({
    "id": "faculties", "caption": "Admissions by faculty, 2019",
    "columns": ["Faculty", "Applications", "Offers", "Places"],
    "rows": [["Law", "2,400", "500", "180"],
             ["Medicine", "3,100", "420", "150"],
             ["Music", "600", "210", "90"]]})


@pytest.mark.parametrize("text", [
    "Law, which made 500 offers, will expand to 200 places in 2020.",
    "Music is aiming for 120 places next year.",
])
def test_a_planned_figure_is_not_checked(core_checker, text):
    report = expect(core_checker, FACULTIES, text, "unverifiable")
    assert not any(h.verdict == "refuted" for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("Law has 180 places.", "supported"),
    ("Law has 200 places.", "refuted"),
])
def test_a_figure_of_the_present_is_checked(core_checker, text, verdict):
    expect(core_checker, FACULTIES, text, verdict)

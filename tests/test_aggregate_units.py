"""Aggregate claims read a figure whole and in its unit: "three and a half hours" is 3.5
hours (not a count of three), "two million" is 2,000,000; a figure in a unit is answered by
the columns that state that unit or its family, converted ("three and a half hours" of a
maximum of Duration (minutes), 210), not by a bare count or a column of times of day."""

from __future__ import annotations

import pytest

from depcheck.agg.claims import claim_value
from depcheck.table import Table

CLASSES = Table.from_dict({
    "id": "classes", "caption": "Cookery school evening classes",
    "columns": ["Class", "Sessions", "Start", "Duration (minutes)", "Fee (EUR)"],
    "rows": [["Knife Skills", "4", "18:00", "150", "160"],
             ["Fresh Pasta", "3", "18:30", "180", "135"],
             ["Patisserie", "4", "17:30", "210", "290"],
             ["Curries", "5", "19:00", "120", "200"]]})


@pytest.mark.parametrize("text, value, length", [
    ("three and a half hours", 3.5, 4),
    ("two million listeners", 2_000_000.0, 2),
    ("1.2 billion", 1_200_000_000.0, 2),
    ("four sessions", 4.0, 1),
])
def test_a_claimed_figure_is_read_whole(nlp, text, value, length):
    doc = nlp(text)
    assert claim_value(list(doc)[:4])[0::2] == (value, length)


@pytest.mark.parametrize("text, verdict", [
    ("The longest class lasts three and a half hours.", "supported"),
    ("The longest class lasts four and a half hours.", "refuted"),
])
def test_a_figure_in_hours_against_minutes(core_checker, text, verdict):
    report = core_checker.check(text, CLASSES)
    agg = [h for h in report.hypotheses if h.kind == "aggregate"]
    assert report.verdict == verdict, [(h.kind, h.verdict, h.explanation)
                                       for h in report.hypotheses]
    assert agg and all("Duration (minutes)" in h.explanation and h.verdict == verdict
                       for h in agg)

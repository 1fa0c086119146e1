"""A cell listing measured things, each a figure with its unit ("1.0 L petrol, 1.4 L
diesel"), is a list whose items a count says how many of ("three engines"), not the number
its first figure reads; the parts of a count ("44 above ground, 3 below ground") are no
such list."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

CAR = Table.from_dict({
    "id": "car", "caption": "Automobile", "columns": ["Field", "Value"],
    "rows": [["Name", "Torvane Pica"], ["Manufacturer", "Torvane"],
             ["Engines", "1.0 L petrol, 1.2 L petrol, 1.4 L diesel"],
             ["Body styles", "3-door hatchback, 5-door hatchback"]]})

TOWER = Table.from_dict({
    "id": "tower", "caption": "Building", "columns": ["Field", "Value"],
    "rows": [["Name", "Harrow Tower"], ["Height", "187 m"],
             ["Floors", "44 above ground, 3 below ground"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (CAR, "The Torvane Pica was offered with three engines.", "supported"),
    (CAR, "The Torvane Pica has three engines.", "supported"),
    (CAR, "The Torvane Pica was offered with four engines.", "refuted"),
    (CAR, "The Torvane Pica was offered with one engine.", "refuted"),
])
def test_a_count_of_measured_items(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


@pytest.mark.parametrize("text", [
    "Harrow Tower has 44 floors above ground.",
    "Harrow Tower rises 187 m with 44 floors above ground.",
])
def test_the_parts_of_a_count_are_no_list(core_checker, text):
    report = core_checker.check(text, TOWER)
    assert report.verdict != "refuted", [(h.rule, h.explanation) for h in report.hypotheses]

"""Cells written as a clock under a header that names no length of time ("19:38" under
"Swim", "1:53:16" under "Total", "09:45" under "Departs") read whole, so they order as
the clock does (never as their leading "19"), and a speed word grades such a column the
other way: "the fastest swim" is the lowest time."""

from __future__ import annotations

import math

import pytest

from depcheck.compiled import compile_table
from depcheck.table import Table

from .verdicts import expect

RELAY = Table.from_dict({
    "id": "relay", "caption": "Club aquathlon, final results",
    "columns": ["Athlete", "Swim", "Run", "Total", "Place"],
    "rows": [["Hanna Lind", "19:42", "34:05", "1:01:10", "1"],
             ["Mei Tanaka", "20:15", "33:20", "1:01:40", "2"],
             ["Carla Ruiz", "19:38", "35:30", "1:02:30", "3"],
             ["Jo Brandt", "22:10", "36:40", "1:05:20", "4"]]})


def test_clock_cells_read_whole():
    compiled = compile_table(RELAY)
    swim = compiled.columns[RELAY.columns.index("Swim")]
    total = compiled.columns[RELAY.columns.index("Total")]
    assert math.isclose(swim.num[0], 19 + 42 / 60)
    assert math.isclose(total.num[3], 65 + 20 / 60)
    # the order of the clock, not of the leading figure (19:38 before 19:42)
    assert swim.num[2] < swim.num[0] < swim.num[1] < swim.num[3]


@pytest.mark.parametrize("text, verdict", [
    ("Carla Ruiz posted the fastest swim of the field.", "supported"),
    ("Jo Brandt posted the fastest swim of the field.", "refuted"),
    ("Mei Tanaka ran the fastest run of the field.", "supported"),
    ("Jo Brandt had the slowest swim of the field.", "supported"),
])
def test_speed_words_grade_clock_columns_as_times(core_checker, text, verdict):
    report = expect(core_checker, RELAY, text, verdict)
    found = [h for h in report.hypotheses if h.kind == "superlative"]
    assert found and found[0].verdict == verdict

"""Speed words grade a time the other way (the lexicon's comparatives, ``inverse``): "the
quickest" of a Duration column is its lowest, "the slowest" its highest, and "50 minutes
*faster* than" a row whose Crossing time is 50 minutes longer holds."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

TRAINS = Table.from_dict({
    "id": "trains", "caption": "Morning trains to Eastmoor",
    "columns": ["Train", "Departs", "Duration", "Fare"],
    "rows": [["IC 1402", "06:15", "2 h 32 min", "\u00a348.50"],
             ["EX 88", "07:05", "2 h 07 min", "\u00a379.90"],
             ["RE 310", "07:40", "2 h 51 min", "\u00a339.00"],
             ["IC 1406", "08:15", "2 h 29 min", "\u00a352.00"]]})


@pytest.mark.parametrize("text, verdict", [
    ("EX 88 is the quickest service of the morning.", "supported"),
    ("IC 1406 is the quickest service of the morning.", "refuted"),
    ("RE 310 is the slowest service of the morning.", "supported"),
    ("EX 88 is the slowest service of the morning.", "refuted"),
])
def test_the_quickest_has_the_shortest_duration(core_checker, text, verdict):
    expect(core_checker, TRAINS, text, verdict)


FERRIES = Table.from_dict({
    "id": "ferries", "caption": "Island ferries",
    "columns": ["Vessel", "Operator", "Speed", "Crossing time"],
    "rows": [["HSC Swift", "Westerly", "36 knots", "55 min"],
             ["MV Wren", "Westerly", "17 knots", "1 h 45 min"],
             ["MV Tern", "Isles Line", "15 knots", "2 h"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The HSC Swift crosses 50 minutes faster than the MV Wren.", "supported"),
    ("The HSC Swift crosses 30 minutes faster than the MV Wren.", "refuted"),
    ("The MV Wren crosses 50 minutes faster than the HSC Swift.", "refuted"),
    ("The MV Wren crosses 50 minutes slower than the HSC Swift.", "supported"),
])
def test_a_difference_in_time_said_faster(core_checker, text, verdict):
    """"50 minutes *faster*": the figure picks the time column, which "faster" grades the
    other way (the faster row has the lower time)."""
    expect(core_checker, FERRIES, text, verdict)

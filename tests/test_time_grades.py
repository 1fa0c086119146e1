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


CAMERAS = Table.from_dict({
    "id": "cameras", "caption": "Trail cameras",
    "columns": ["Camera", "Trigger speed (s)", "Boil test (minutes)", "Price"],
    "rows": [["Owlcam", "0.1", "2.5", "$90"], ["Foxcam", "0.4", "3", "$60"],
             ["Elkcam", "0.25", "8", "$75"]]})


@pytest.mark.parametrize("text, verdict", [
    # a speed written as the time it takes ("(s)": seconds, which the header leaves
    # unsaid) is graded the other way by speed words (lexicon inverse_dimensions)
    ("The Owlcam has the fastest trigger.", "supported"),
    ("The Foxcam has the fastest trigger.", "refuted"),
    ("The Owlcam has a quicker trigger than the Foxcam.", "supported"),
    ("The Foxcam has a quicker trigger than the Elkcam.", "refuted"),
    ("The Owlcam triggers in 0.1 s, the fastest of the three.", "supported"),
])
def test_speed_written_in_seconds(core_checker, text, verdict):
    expect(core_checker, CAMERAS, text, verdict)


@pytest.mark.parametrize("text, verdict", [
    ("The Owlcam triggers quicker than 0.2 s.", "supported"),
    ("The Foxcam triggers quicker than 0.2 s.", "refuted"),
])
def test_a_bound_by_a_speed_word(core_checker, text, verdict):
    report = core_checker.check(text, CAMERAS)
    bound = [h for h in report.hypotheses if h.kind == "bound"]
    assert bound and bound[0].verdict == verdict, [(h.kind, h.verdict, h.explanation)
                                                   for h in report.hypotheses]


def test_a_figure_of_another_row_is_no_bound(core_checker):
    report = core_checker.check("The Owlcam triggers quicker than the Foxcam's 0.4 s.", CAMERAS)
    assert not any(h.kind == "bound" for h in report.hypotheses), [
        (h.kind, h.verdict, h.explanation) for h in report.hypotheses]

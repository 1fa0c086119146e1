"""The time between two events of one row (the gap evaluator, rules/frames/dates.yaml
``date-gap-*``): "extended 13 years after opening", "underwent its refit in 2009, 23 years
after launch", "widened 40 years after it opened", "opened 13 years before it was
extended".  Each event is dated by a year the sentence gives it or by the row's column its
word names; the gap holds to a year either way, in the order the time word says."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

LINE = Table.from_dict({
    "id": "line", "caption": "Tram Line 9",
    "columns": ["Field", "Value"],
    "rows": [["Name", "Tram Line 9"], ["Opened", "1998"], ["Extended", "2011"],
             ["Length (km)", "12.8"], ["Stops", "24"]]})

SHIP = Table.from_dict({
    "id": "ship", "caption": "RV Kestrel",
    "columns": ["Field", "Value"],
    "rows": [["Name", "RV Kestrel"], ["Launched", "1986"], ["Major refit", "2009"],
             ["Decommissioned", "2016"], ["Length (m)", "72.4"]]})

BRIDGES = Table.from_dict({
    "id": "bridges", "caption": "Road bridges",
    "columns": ["Bridge", "Opened", "Widened", "Length (m)"],
    "rows": [["Kessel Bridge", "1931", "1971", "410"],
             ["Aldern Bridge", "1958", "2003", "260"],
             ["Marrow Bridge", "1966", "1990", "530"]]})


def _gaps(report):
    return [h for h in report.hypotheses if h.trace()["evaluator"] == "gap"]


@pytest.mark.parametrize("text, verdict", [
    ("The line was extended 13 years after opening.", "supported"),
    ("The line was extended 20 years after opening.", "refuted"),
    ("The line opened 13 years before it was extended.", "supported"),
    ("The line opened 10 years before it was extended.", "refuted"),
    # the order the word says: the extension did not come first
    ("The line was extended 13 years before opening.", "refuted"),
])
def test_two_columns_of_the_row_date_the_events(core_checker, text, verdict):
    report = expect(core_checker, LINE, text, verdict)
    (found,) = _gaps(report)
    # the infobox's cells as sent: the Value of the Opened and of the Extended row
    assert {c.value for c in found.evidence.output + found.evidence.used} == {"1998", "2011"}


@pytest.mark.parametrize("text, verdict", [
    ("The ship was decommissioned 30 years after its launch.", "supported"),
    ("The ship was decommissioned seven years after its major refit.", "supported"),
    ("The ship was decommissioned 17 years after its major refit.", "refuted"),
])
def test_a_noun_with_its_modifiers_names_the_other_event(core_checker, text, verdict):
    report = expect(core_checker, SHIP, text, verdict)
    assert _gaps(report)


def test_a_year_the_sentence_states_dates_the_predicate(core_checker):
    report = expect(core_checker, SHIP, "The ship underwent its major refit in 2009, "
                    "23 years after launch.", "supported")
    assert _gaps(report)[0].verdict == "supported"
    report = expect(core_checker, SHIP, "The ship underwent its major refit in 2009, "
                    "13 years after launch.", "refuted")
    assert _gaps(report)[0].verdict == "refuted"


@pytest.mark.parametrize("text, verdict", [
    ("The Kessel Bridge was widened 40 years after it opened.", "supported"),
    ("The Aldern Bridge was widened 40 years after it opened.", "refuted"),
])
def test_the_row_the_sentence_names(core_checker, text, verdict):
    report = expect(core_checker, BRIDGES, text, verdict)
    (found,) = _gaps(report)
    assert found.verdict == verdict


def test_a_length_back_from_now_is_no_gap(core_checker):
    report = core_checker.check("The line opened 21 years ago.", LINE)
    assert not _gaps(report)


def test_a_part_of_a_length_is_no_gap_of_its_own(core_checker):
    # the parse loses the coordination of "29 years and 6 months": "6 months" alone would
    # refute a gap of 29.5 years
    report = core_checker.check("The ship was decommissioned 29 years and 6 months after "
                                "its launch.", SHIP)
    assert report.verdict != "refuted"
    assert not [h for h in _gaps(report) if h.verdict == "refuted"]


def test_two_stated_years_are_no_cells(core_checker):
    # both events dated by the text itself: the gap reads no cell, so it decides nothing
    report = core_checker.check("The ship was launched in 1990, 12 years after it was "
                                "decommissioned in 2002.", SHIP)
    assert not _gaps(report)

"""A figure said to have moved one way at every step of a series over time (frames
rules/frames/trends.yaml, evaluator ``trend``): the column the subject names, its rows in
order of the table's time column, narrowed by "since", "until", "from ... to", "between",
with steps excepted by "except"; a negated trend turns the finding."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

VISITORS = Table.from_dict({
    "id": "visitors", "caption": "Harlow Museum: annual figures",
    "columns": ["Year", "Visitors", "Exhibitions", "Staff"],
    "rows": [["2013", "41,200", "6", "18"], ["2014", "44,900", "7", "18"],
             ["2015", "47,300", "5", "20"], ["2016", "45,100", "8", "21"],
             ["2017", "49,800", "8", "23"], ["2018", "52,600", "9", "22"]]})

HOURLY = Table.from_dict({
    "id": "hourly", "caption": "Hourly observations",
    "columns": ["Time", "Temperature (°C)", "Humidity (%)"],
    "rows": [["06:00", "4", "88"], ["09:00", "8", "76"], ["12:00", "13", "61"],
             ["15:00", "15", "55"], ["18:00", "11", "67"]]})

SEASONS = Table.from_dict({
    "id": "seasons", "caption": "Club record by season",
    "columns": ["Season", "Points", "Attendance"],
    "rows": [["2014–15", "52", "8,100"], ["2015–16", "49", "7,900"],
             ["2016–17", "55", "7,400"], ["2017–18", "61", "7,050"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Visitor numbers rose every year except 2016.", "supported"),
    ("Visitor numbers rose every year.", "refuted"),
    ("Visitor numbers rose every year except 2017.", "refuted"),
    ("Visitor numbers have risen every year since 2016.", "supported"),
    ("Visitor numbers rose every year from 2013 to 2015.", "supported"),
    ("Visitor numbers rose in every year between 2014 and 2016.", "refuted"),
    ("The staff count grew every year.", "refuted"),
    ("Visitor numbers did not rise every year.", "supported"),
])
def test_trend_over_years(core_checker, text, verdict):
    report = expect(core_checker, VISITORS, text, verdict)
    assert any(h.kind == "trend" for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("Humidity fell every hour until 15:00.", "supported"),
    ("Humidity fell every hour.", "refuted"),
    ("The temperature rose every hour until 15:00.", "supported"),
])
def test_trend_over_clock_times(core_checker, text, verdict):
    report = expect(core_checker, HOURLY, text, verdict)
    assert any(h.kind == "trend" for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("Attendance fell every season.", "supported"),
    ("Attendance rose every season.", "refuted"),
])
def test_trend_over_seasons(core_checker, text, verdict):
    report = expect(core_checker, SEASONS, text, verdict)
    assert any(h.kind == "trend" for h in report.hypotheses)


@pytest.mark.parametrize("text", [
    "Visitor numbers rose almost every year.",  # not every step
    "Visitor numbers rose every year except 2012.",  # no step into 2012
    "Visitor numbers rose by 5% every year.",  # another claim on the verb
])
def test_trend_not_decided(core_checker, text):
    report = core_checker.check(text, VISITORS)
    assert not any(h.kind == "trend" and h.verdict != "unverifiable"
                   for h in report.hypotheses), [(h.kind, h.verdict, h.explanation)
                                                 for h in report.hypotheses]


def test_trend_names_its_cells(core_checker):
    report = expect(core_checker, VISITORS, "Visitor numbers rose every year.", "refuted")
    trend = next(h for h in report.hypotheses if h.kind == "trend")
    assert trend.rule == "trend-every" and "2016" in trend.explanation
    assert {c.column for c in trend.evidence.output} == {"Year", "Visitors"}

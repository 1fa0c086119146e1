"""A year written with its month in a noun phrase ("its *November 2013* launch", "the
*March 2019* release") is a date, checked against the cell of the column the words name:
the year, and the month when the cell writes one (fact._dated_outcome); never compared
as an amount with the cell's first number ("18 November 2013" is no 2013 items)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

PROBE = Table.from_dict({
    "id": "probe", "caption": "Tarsis-1",
    "columns": ["Name", "Launch date", "Launch vehicle", "Decommissioned"],
    "rows": [["Tarsis-1", "18 November 2013", "Vela-4B", "2019"]]})

RELEASES = Table.from_dict({
    "id": "releases", "caption": "Synth releases",
    "columns": ["synth", "release", "voices"],
    "rows": [["Corvid", "14 March 2019", "8"],
             ["Merlin", "2 June 2017", "4"],
             ["Skua", "2018", "6"]]})


@pytest.mark.parametrize(("text", "verdict"), [
    ("Tarsis-1's November 2013 launch used a Vela-4B.", "supported"),
    ("Tarsis-1's October 2013 launch used a Vela-4B.", "refuted"),
    ("Tarsis-1's November 2012 launch used a Vela-4B.", "refuted"),
])
def test_a_month_and_year_against_a_record(checker_2019, text, verdict):
    report = expect(checker_2019, PROBE, text, verdict)
    assert not any(h.reason == "number differs" for h in report.hypotheses)


@pytest.mark.parametrize(("text", "verdict"), [
    ("The Corvid's March 2019 release has 8 voices.", "supported"),
    ("The Corvid's May 2019 release has 8 voices.", "refuted"),
])
def test_a_month_and_year_against_a_catalog(core_checker, text, verdict):
    expect(core_checker, RELEASES, text, verdict)


def test_a_cell_with_no_month_refutes_no_month(core_checker):
    report = core_checker.check("The Skua's May 2018 release has 6 voices.", RELEASES)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]
    report = core_checker.check("The Skua's May 2017 release has 6 voices.", RELEASES)
    assert report.verdict == "refuted"

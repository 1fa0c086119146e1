"""A program that picks a row by its place in the table ("the last row") stands only on an
ordinal that speaks of the table's order: one of a verb ("played last") or of a noun that
names the rows ("the last pianist", a column's word, a word of the caption, a season's
games).  An ordinal of another noun ("her last recital", "a second encore"), of several
("their last three games") or of nothing ("slipped from first to second") leaves the
program's verdict unread (Reason.PROGRAM_POSITION_UNSTATED)."""

from __future__ import annotations

import pytest

from depcheck.reasons import Reason
from depcheck.table import Table

RECITAL = Table.from_dict({
    "id": "recital", "caption": "Spring concert running order",
    "columns": ["Pianist", "Piece", "Composer", "Minutes"],
    "rows": [["Ana Ruiz", "Nocturne in E-flat", "Chopin", "5"],
             ["Ben Okafor", "Clair de lune", "Debussy", "6"],
             ["Cleo Marsh", "Gymnop\u00e9die No. 1", "Satie", "4"],
             ["Dev Patel", "Rondo alla turca", "Mozart", "4"],
             ["Eli Novak", "Liebestraum No. 3", "Liszt", "5"],
             ["Fay Lund", "Prelude in C", "Bach", "3"]]})

CHART = Table.from_dict({
    "id": "chart", "caption": "Top radio dramas, weekly chart",
    "columns": ["Position", "Drama", "Network", "Weeks on chart", "Rating"],
    "rows": [["1", "The Lantern Room", "Northwave", "14", "4.5/5"],
             ["2", "Glass Harbour", "Kestrel FM", "9", "4.2/5"],
             ["3", "Night Ferry", "Northwave", "3", "4.7/5"],
             ["4", "Copper Fields", "Signal One", "22", "3.9/5"],
             ["5", "Salt Roads", "Kestrel FM", "6", "4.1/5"],
             ["6", "Quiet Hours", "Signal One", "11", "4.0/5"]]})


SEASON = Table.from_dict({
    "id": "season", "caption": "2018 Harbour City Owls season",
    "columns": ["Date", "Opponent", "Score", "Attendance"],
    "rows": [["April 2", "Hawks", "3-1", "12,400"], ["April 9", "Comets", "0-2", "9,800"],
             ["April 16", "Rangers", "2-2", "11,050"], ["April 23", "Pilots", "1-0", "10,300"],
             ["April 30", "Mariners", "4-3", "13,900"]]})


def _positional(report):
    return [h for h in report.hypotheses if h.kind == "program"
            and any(f"{name}{{" in str(h.details.get("program", ""))
                    for name in ("first", "second", "third", "fourth", "last"))]


@pytest.mark.parametrize("table, text", [
    (RECITAL, "Eli Novak gave her last recital in May."),
    (RECITAL, "Ben Okafor played a second encore after the interval."),
    (CHART, "Night Ferry released its second series in May."),
    (CHART, "Salt Roads won a last-minute reprieve from Kestrel FM."),
    (CHART, "Glass Harbour slipped from first to second."),
    (SEASON, "The Pilots won their last three games."),
])
def test_an_ordinal_of_no_row_picks_no_row(core_checker, table, text):
    report = core_checker.check(text, table)
    assert report.verdict == "unverifiable", [(h.rule, h.verdict, h.explanation)
                                              for h in report.hypotheses]
    assert all(h.verdict == "unverifiable" for h in _positional(report))


def test_the_reason_is_named():
    assert Reason.PROGRAM_POSITION_UNSTATED.value.startswith("the program picks a row")


@pytest.mark.parametrize("table, text, verdict", [
    (RECITAL, "Fay Lund played last.", "supported"),
    (RECITAL, "Eli Novak played last.", "refuted"),
    (RECITAL, "Ana Ruiz played first.", "supported"),
    (RECITAL, "The last pianist was Fay Lund.", "supported"),
    (RECITAL, "The last pianist was Eli Novak.", "refuted"),
    (CHART, "The last drama on the chart is Quiet Hours.", "supported"),
    (CHART, "The last drama on the chart is Salt Roads.", "refuted"),
    (SEASON, "The last game was against the Mariners.", "supported"),
    (SEASON, "The last game was against the Pilots.", "refuted"),
])
def test_an_ordinal_of_the_rows_still_picks_one(core_checker, table, text, verdict):
    report = core_checker.check(text, table)
    assert report.verdict == verdict, [(h.rule, h.verdict, h.explanation)
                                       for h in report.hypotheses]
    assert any(h.verdict == verdict for h in _positional(report))

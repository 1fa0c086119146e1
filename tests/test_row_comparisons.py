"""Two named rows compared without figures ("a bigger vote share than the Greens",
``comparison.rows``): the check accounts for the words it read, the comparative's cue and
the comparand, wherever the parse hangs them, so a comparison that holds supports; and a
row is never compared with itself (the subject read as the comparand's own row is
something the table does not hold as one row)."""

from __future__ import annotations

import pytest

from depcheck.reasons import Reason
from depcheck.table import Table

from .verdicts import expect

COLUMNS = ["Party", "Candidates", "Votes", "Vote share", "Seats won"]
ROWS = [["Civic Alliance", "14", "8,412", "31.6%", "9"],
        ["Independents", "6", "1,956", "7.3%", "1"],
        ["Liberal Democrats", "5", "1,011", "3.8%", "0"],
        ["Green", "8", "2,871", "10.8%", "2"],
        ["Heritage Party", "3", "243", "0.9%", "0"]]
# three rows: the rules check every statement; five: a general table, where a statement
# naming its rows is still the rules' when their checks decide it
FEW = Table.from_dict({"id": "council3", "columns": COLUMNS, "rows": ROWS[:3]})
MANY = Table.from_dict({"id": "council5", "columns": COLUMNS, "rows": ROWS})


@pytest.mark.parametrize("table", [FEW, MANY], ids=["rules", "general"])
@pytest.mark.parametrize("text, verdict", [
    ("The Independents got a bigger vote share than the Liberal Democrats.", "supported"),
    ("The Independents had a higher vote share than the Liberal Democrats.", "supported"),
    ("The Liberal Democrats got a bigger vote share than the Independents.", "refuted"),
    ("The Independents got more seats than the Liberal Democrats.", "supported"),
    ("The Liberal Democrats won more seats than Civic Alliance.", "refuted"),
])
def test_a_comparison_of_two_named_rows(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


def test_the_cue_and_comparand_are_the_comparisons_words(core_checker):
    report = core_checker.check(
        "The Independents got a bigger vote share than the Liberal Democrats.", FEW)
    compared = [h for h in report.hypotheses
                if h.details.get("evaluator") == "comparison.rows"]
    assert compared and compared[0].verdict == "supported"
    # The(0) Independents(1) got(2) a(3) bigger(4) vote(5) share(6) than(7) the(8)
    # Liberal(9) Democrats(10)
    assert {4, 7, 8, 9, 10} <= set(compared[0].details["tokens"])


@pytest.mark.parametrize("table", [FEW, MANY], ids=["rules", "general"])
def test_a_row_is_not_compared_with_itself(core_checker, table):
    """"their combined vote was smaller than the Independents'": the subject is no row, and
    read as the Independents' own row it would be compared with itself."""
    report = core_checker.check("Their combined vote was smaller than the Independents'.",
                                table)
    assert report.verdict != "refuted"
    assert not any(h.reason == Reason.COMPARISON_FALSE for h in report.hypotheses)

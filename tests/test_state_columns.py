"""How long a row has been in a state is counted from the column that dates that state,
when its words name one: "has been *a national monument* for ..." from National monument
since, "has stood *at its current site* for ..." from At current site since, not from the
row's first date (Built).  A state after "been" that names no such column is no tenure of
the row (its first date says nothing of it)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

MILL = Table.from_dict({
    "id": "mill", "caption": "Hollvenmolen",
    "columns": ["Field", "Value"],
    "rows": [["Name", "Hollvenmolen"], ["Built", "1784"], ["National monument since", "1970"],
             ["At current site since", "1992"], ["Storeys", "7"]]})


@pytest.mark.parametrize("text, verdict", [
    # as of 2019: a monument for 49 years, at its site for 27, built 235 years before
    ("The mill has been a national monument for more than 40 years.", "supported"),
    ("The mill has been a national monument for more than half a century.", "refuted"),
    ("The mill has stood at its current site for more than two decades.", "supported"),
    ("The mill has stood at its current site for more than three decades.", "refuted"),
    ("The mill has stood for over two centuries.", "supported"),
])
def test_the_state_is_dated_by_its_own_column(checker_2019, text, verdict):
    report = checker_2019.check(text, MILL)
    assert report.verdict == verdict, [(h.kind, h.verdict, h.explanation)
                                       for h in report.hypotheses]
    dates = [h for h in report.hypotheses if h.trace()["evaluator"] == "tenure"]
    assert dates and dates[0].verdict == verdict


def test_a_state_no_column_dates_is_no_tenure(checker_2019):
    report = checker_2019.check("The mill has been a landmark for 200 years.", MILL)
    assert not [h for h in report.hypotheses if h.trace()["evaluator"] == "tenure"]
    assert report.verdict == "unverifiable"


def test_a_state_dated_in_its_value_cell_outlasts_the_rows_end(checker_2019):
    # decommissioned in 1951, a national monument since 1970: 49 years by 2019
    mill = Table.from_dict({
        "id": "mill2", "caption": "Kesselmolen", "columns": ["Field", "Value"],
        "rows": [["Name", "Kesselmolen"], ["Built", "1802"], ["Decommissioned", "1951"],
                 ["Heritage status", "national monument (since 1970)"]]})
    for text, verdict in (
            ("The mill has been a national monument for more than 40 years.", "supported"),
            ("The mill has been a national monument for more than half a century.",
             "refuted")):
        report = checker_2019.check(text, mill)
        assert report.verdict == verdict, [(h.kind, h.explanation) for h in report.hypotheses]

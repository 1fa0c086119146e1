"""A start verb ("work started in 1214", "construction began") dates the start of a
making, never its end: the origin columns it reads skip the lexicon's
date_completion_columns (Completed), and a Groundbreaking column is one it reads."""

from __future__ import annotations

import pytest

from depcheck.table import Table

CATHEDRAL = Table.from_dict({
    "id": "cathedral", "columns": ["Field", "Value"],
    "rows": [["Name", "Cathedral of St. Aldric"], ["Groundbreaking", "1214"],
             ["Consecrated", "1302"], ["Completed", "1488"]]})
BRIDGE = Table.from_dict({
    "id": "bridge", "columns": ["Field", "Value"],
    "rows": [["Name", "Vell Bridge"], ["Completed", "1964"], ["Length", "2,310 m"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (CATHEDRAL, "Work on the cathedral started in 1302.", "refuted"),
    (CATHEDRAL, "The cathedral was completed in 1488.", "supported"),
    # only the completion is known: a start before it is not contradicted
    (BRIDGE, "Work on the bridge started in 1959.", "unverifiable"),
    (BRIDGE, "The bridge was built in 1964.", "supported"),
])
def test_a_start_verb_dates_no_completion(core_checker, table, text, verdict):
    assert core_checker.check(text, table).verdict == verdict


def test_a_start_verb_reads_the_groundbreaking(core_checker):
    report = core_checker.check("Work on the cathedral started in 1214.", CATHEDRAL)
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and dated[0].verdict == "supported"
    assert [c.value for c in dated[0].evidence.output] == ["1214"]

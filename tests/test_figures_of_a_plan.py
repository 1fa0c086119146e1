"""A figure the text gives only to what is still to come ("is expected to pass 150,000 by
2022", "will pay for a park opening in 2020"; lexicon future_auxiliaries and plan_heads)
is no claim about the table: neither a failing program nor an aggregate query decides on
it, and the statement's other claims still do."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

TOWN = Table.from_dict({
    "id": "town", "caption": "Dunmore: population and budget by year",
    "columns": ["Year", "Population", "Budget (EUR thousand)"],
    "rows": [["2014", "142,800", "610"], ["2015", "143,500", "598"],
             ["2016", "144,100", "615"], ["2017", "145,300", "640"],
             ["2018", "147,600", "655"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The population grew every year and is expected to pass 150,000 by 2022.",
     "unverifiable"),
    ("The population reached 147,600 in 2018 and will pass 150,000 by 2022.", "unverifiable"),
    # the claims about the table still decide
    ("The population fell every year and is expected to pass 150,000 by 2022.", "refuted"),
    ("The population reached 147,600 in 2018.", "supported"),
])
def test_a_planned_figure_decides_nothing(core_checker, text, verdict):
    report = expect(core_checker, TOWN, text, verdict)
    assert not any(h.verdict != "unverifiable" and "150" in h.explanation
                   and h.kind in ("program", "aggregate") for h in report.hypotheses)


WEEKEND = Table.from_dict({
    "id": "qualifying", "caption": "Qualifying",
    "columns": ["name", "team", "qual 1", "best"],
    "rows": [["tristan gommendy", "pkv racing", "1:16.776", "1:16.776"],
             ["will power", "team australia", "1:16.841", "1:16.841"],
             ["justin wilson", "rsports", "1:16.843", "1:16.843"],
             ["robert doornbos", "minardi team usa", "1:16.850", "1:16.850"],
             ["neel jani", "pkv racing", "1:16.931", "1:16.931"]]})


def test_a_names_will_is_no_future(core_checker):
    # "Will" of a name before the verb's subject: no auxiliary of a plan
    report = core_checker.check(
        "the difference in time of the best times for tristan gommendy and will power is 0.065",
        WEEKEND)
    assert report.verdict == "supported", [(h.kind, h.verdict, h.explanation)
                                           for h in report.hypotheses]

"""A column a phrase of the mention names by its words ("series" of "22 series": No. of
series) is the attribute before a GloVe neighbour of another phrase of it ("22 series"
near No. of episodes) (``attribute.attribute_of``)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SHOW = Table.from_dict({
    "id": "show", "caption": "The Last Rung",
    "columns": ["Title", "No. of series", "No. of episodes", "Running time"],
    "rows": [["The Last Rung", "22", "1,460", "30 minutes"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Last Rung has 22 series.", "supported"),
    ("The Last Rung has 1,460 episodes.", "supported"),
    ("The Last Rung has 24 series.", "refuted"),
])
def test_the_counted_noun_names_its_column(core_checker, text, verdict):
    report = expect(core_checker, SHOW, text, verdict)
    column = "No. of series" if "series" in text else "No. of episodes"
    assert any(column in h.evidence.columns for h in report.hypotheses if h.verdict == verdict)

"""A date said of a noun whose modifier names another column of the table ("the *toll*
section was introduced in 2005" beside a Toll column) dates that part, not the row: the
row's own date column (Completed) is not checked against it."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

MOTORWAY = Table.from_dict({
    "id": "motorway", "caption": "Motorway", "columns": ["Field", "Value"],
    "rows": [["Name", "M7 Dravonne Motorway"], ["Length", "184 km"],
             ["Completed", "1989"], ["Toll", "Yes, between junctions 12 and 19"],
             ["Lanes", "4–6"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The toll section of the M7 Dravonne Motorway was introduced in 2005.", "unverifiable"),
    ("The M7 Dravonne Motorway was completed in 2005.", "refuted"),
    ("The M7 Dravonne Motorway was completed in 1989.", "supported"),
    ("The motorway was introduced in 2005.", "refuted"),
])
def test_a_date_of_a_part_of_the_row(core_checker, text, verdict):
    expect(core_checker, MOTORWAY, text, verdict)

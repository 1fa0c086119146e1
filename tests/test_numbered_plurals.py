"""A figure after the plural noun it modifies says which ones, not how many ("between
*junctions 12 and 19*"): no count of a Junctions column; "27 junctions" still is, and a
currency before its amount ("EUR 31") is no such noun."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

MOTORWAY = Table.from_dict({
    "id": "motorway", "caption": "Motorway", "columns": ["Field", "Value"],
    "rows": [["Name", "M7 Dravonne Motorway"], ["Length", "184 km"], ["Junctions", "27"],
             ["Toll", "Yes"], ["Toll price", "EUR 31"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The M7 Dravonne Motorway has 27 junctions.", "supported"),
    ("The M7 Dravonne Motorway has 30 junctions.", "refuted"),
    ("The M7 Dravonne Motorway has tolls between junctions 12 and 19.", "unverifiable"),
    ("The M7 Dravonne Motorway has a toll price of EUR 31.", "supported"),
])
def test_numbers_after_a_plural_name_members(core_checker, text, verdict):
    expect(core_checker, MOTORWAY, text, verdict)

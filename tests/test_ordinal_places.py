"""An ordinal that modifies a noun ("the *second* series", "after the *first* round") names
a place in an order, not an amount: it is never compared with a count such as No. of
series, nor with a figure of a column named by its noun ("1st round (m)")."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SHOW = Table.from_dict({
    "id": "show", "caption": "The Harbour Files",
    "columns": ["Title", "Starring", "No. of series", "First aired"],
    "rows": [["The Harbour Files", "Clare Whit, Idris Fenn, Tom Halik", "4", "2012"]]})


def test_an_ordinal_is_no_count(core_checker):
    report = core_checker.check("Tom Halik joined the cast in the second series.", SHOW)
    assert report.verdict != "refuted", [(h.rule, h.verdict, h.explanation)
                                         for h in report.hypotheses]


@pytest.mark.parametrize("text, verdict", [
    ("The Harbour Files ran for four series.", "not refuted"),
    ("The Harbour Files ran for three series.", "refuted"),
])
def test_a_count_still_is_one(core_checker, text, verdict):
    if verdict == "refuted":
        expect(core_checker, SHOW, text, verdict)
    else:
        assert core_checker.check(text, SHOW).verdict != "refuted"


FLATS = Table.from_dict({
    "id": "flats", "caption": "Flats to let",
    "columns": ["Flat", "Area", "Bedrooms", "Floor", "Rent"],
    "rows": [["Canal Loft", "Holbeck", "1", "4", "\u00a31,150"],
             ["Mill Yard 2", "Kirkstall", "2", "1", "\u00a31,300"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Canal Loft is a one-bedroom flat on the fourth floor.", "supported"),
    ("Canal Loft is a one-bedroom flat on the second floor.", "refuted"),
])
def test_an_ordinal_of_a_column_it_spells_is_its_value(core_checker, text, verdict):
    """"the fourth *floor*" of a column Floor: the place is the cell's value."""
    expect(core_checker, FLATS, text, verdict)

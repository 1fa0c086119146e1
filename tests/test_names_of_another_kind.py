"""A name in close apposition after a common noun that says what it is ("the architect
Pieter Lanz") is a thing of that kind: when the noun names no kind of thing the table's
rows are (caption, key header, row nouns, a cell's text), the name is no row the table
lacks and refutes nothing; a name said to be one of the rows' kind still does."""

from __future__ import annotations

import pytest

from depcheck.table import Table

CATHEDRAL = Table.from_dict({
    "id": "cathedral", "caption": "Cathedral of St. Aldric", "columns": ["Field", "Value"],
    "rows": [["Name", "Cathedral of St. Aldric"], ["Style", "Gothic, with Baroque west front"],
             ["Completed", "1488"]]})
CAFES = Table.from_dict({
    "id": "cafes", "caption": "restaurants",
    "columns": ["name", "eatType", "food", "area"],
    "rows": [["The Punter", "coffee shop", "English", "city centre"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (CATHEDRAL, "The west front was added in the 1700s by the architect Pieter Lanz.",
     "unverifiable"),
    # a rival of the rows' own kind
    (CATHEDRAL, "The rival cathedral, Notre Dame, was completed in 1488.", "refuted"),
    # "coffee shop" is a kind a cell gives the row: Clowns is a rival coffee shop
    (CAFES, "There is a coffee shop Clowns located in the city centre that provides English "
            "food.",
     "refuted"),
    # a comma renames: "a pub by the canal, Zizzi" is the pub
    (CAFES, "There is a coffee shop by the canal, Zizzi, serving English food.", "refuted"),
])
def test_a_name_of_another_kind_is_no_missing_row(core_checker, table, text, verdict):
    assert core_checker.check(text, table).verdict == verdict


BAND = Table.from_dict({
    "id": "band", "caption": "The Paper Lanterns (band)",
    "columns": ["Name", "Origin", "Genres", "Labels", "Members"],
    "rows": [["The Paper Lanterns", "Cardiff, Wales", "Indie folk",
              "Lanternfish Records, Greywell Sound", "4"]]})


def test_a_name_the_records_definite_subject_acts_on_is_no_rival(core_checker):
    # "the band" is the record's row; the chart it reached is no band the table lacks
    report = core_checker.check("The band reached the UK Top Forty with Copper Weather.", BAND)
    assert report.verdict == "unverifiable", [(h.kind, h.verdict, h.explanation)
                                              for h in report.hypotheses]


def test_a_name_of_the_records_subject_itself_is_still_a_rival(core_checker):
    report = core_checker.check("The band called The Glass Orchards is from Cardiff.", BAND)
    assert report.verdict == "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]

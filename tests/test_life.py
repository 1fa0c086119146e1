"""Life and death (rules/frames/life.yaml, depcheck/evaluators/life.py): "is dead", "passed
away", "is still alive" against the row's death cell, or a birth cell with none beside it,
on tables of their own."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

POET = Table.from_dict({
    "id": "poet", "caption": "Person", "columns": ["name", "Born", "Died", "Occupation"],
    "rows": [["Wren Adair", "3 May 1901, Cork, Ireland", "9 June 1960 (aged 59), Paris, France",
              "Poet"]]})

INVENTOR = Table.from_dict({
    "id": "inventor", "caption": "Person", "columns": ["name", "Born", "Occupation"],
    "rows": [["Olin Marsh", "25 November 1946", "Inventor"]]})

SHIP = Table.from_dict({
    "id": "ship", "caption": "Ship", "columns": ["name", "Launched", "Builder"],
    "rows": [["Gull Rock", "1943", "Harland"]]})



@pytest.mark.parametrize("table, text, verdict", [
    (POET, "Wren Adair is dead.", "supported"),
    (POET, "Wren Adair passed away.", "supported"),
    (POET, "Wren Adair is still alive.", "refuted"),
    (POET, "She never died.", "refuted"),
    # a birth cell and no death cell: the record of a living person
    (INVENTOR, "Olin Marsh passed away.", "refuted"),
    (INVENTOR, "Olin Marsh is still alive.", "supported"),
    (INVENTOR, "Olin Marsh died in his eighties.", "refuted"),
])
def test_life_against_the_death_cell(checker_2019, table, text, verdict):
    report = expect(checker_2019, table, text, verdict)
    life = [h for h in report.hypotheses if h.kind == "life"]
    assert life and life[0].verdict == verdict
    assert life[0].rule_location.startswith("rules/frames/life.yaml:")


def test_no_birth_and_no_death_cell_decides_nothing(checker_2019):
    report = checker_2019.check("Gull Rock is dead.", SHIP)
    assert not [h for h in report.hypotheses if h.kind == "life"]


def test_a_death_said_of_someone_else_is_not_the_rows(checker_2019):
    # "her brother" is not the row: Olin Marsh's record says nothing of him
    report = checker_2019.check("Olin Marsh's brother died in 1990.", INVENTOR)
    assert not [h for h in report.hypotheses if h.kind == "life"]


def test_the_place_of_death_is_the_death_cells(checker_2019):
    # "passed away in" names Died: Ireland, the birth cell's country, is not the place of
    # death
    report = checker_2019.check("Wren Adair passed away in Ireland.", POET)
    assert report.verdict != "supported"


def test_someone_is_not_the_row(checker_2019):
    # "someone" is no pronoun of the row: Olin Marsh's record says nothing of them
    report = checker_2019.check("Someone died in 1990.", INVENTOR)
    assert not [h for h in report.hypotheses if h.kind == "life"]

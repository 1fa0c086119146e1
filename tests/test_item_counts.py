"""How many values a multi-valued cell lists (rules/frames/counts.yaml,
depcheck/evaluators/items.py), on tables of their own."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

KETTLES = Table.from_dict({
    "id": "kettles-items", "caption": "Kettles",
    "columns": ["Model", "Colors", "Speeds", "Price"],
    "rows": [["Brio", "black, white, red", "five", "$40"],
             ["Vega", "silver", "two", "$55"]]})

GAME = Table.from_dict({
    "id": "game-items", "caption": "Video game",
    "columns": ["name", "Platform(s)", "Engine"],
    "rows": [["Saltmarch", "Windows, PlayStation 4, Xbox One", "Unreal Engine 4"]]})

ALBUM = Table.from_dict({
    "id": "album-items", "caption": "Album",
    "columns": ["name", "Producer", "Label"],
    "rows": [["Low Tide", "Ann Ray, Bo Lee, Cy Dunn", "RCA"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (KETTLES, "The Brio comes in three colors.", "supported"),
    (KETTLES, "The Brio comes in two colors.", "refuted"),
    (KETTLES, "The Brio comes in at least two colors.", "supported"),
    (KETTLES, "The Brio comes in several colors.", "supported"),
    (KETTLES, "The Vega comes in several colors.", "refuted"),
    # items whose names hold digits are still items, under a plural-marked header
    (GAME, "Saltmarch is available on three platforms.", "supported"),
    (GAME, "Saltmarch came out on four platforms.", "refuted"),
    (ALBUM, "Low Tide had three producers.", "supported"),
    (ALBUM, "The album Low Tide had only a single producer.", "refuted"),
    (ALBUM, "Low Tide was released under multiple labels.", "refuted"),
])
def test_the_count_of_a_cells_values(core_checker, table, text, verdict):
    report = expect(core_checker, table, text, verdict)
    counted = [h for h in report.hypotheses if h.kind == "items"]
    assert counted and counted[0].verdict == verdict
    assert counted[0].rule_location.startswith("rules/frames/counts.yaml:")


@pytest.mark.parametrize("table, text", [
    (KETTLES, "The Brio has five speeds."),  # the cell is the number itself
    (ALBUM, "Low Tide was recorded under three labels."),  # "under" a label: no bound
    (KETTLES, "Two kettles come in black."),  # the noun names rows, not a column
])
def test_no_count_of_values_where_the_noun_or_cell_is_no_list(core_checker, table, text):
    report = core_checker.check(text, table)
    assert not [h for h in report.hypotheses if h.kind == "items"]


PERSON = Table.from_dict({
    "id": "person-times", "caption": "Person",
    "columns": ["name", "Born", "Spouse(s)", "Children"],
    "rows": [["Ivo Dant", "1950", "Ann Lee , ( m. 1977;  div. 1982) , Jo Kerr ,  ( m. 1989)",
              "3"]]})


@pytest.mark.parametrize("text, verdict", [
    # one spouse per bracket of years: two
    ("Ivo Dant was married twice.", "supported"),
    ("Ivo Dant was married three times.", "refuted"),
    ("Ivo Dant has been married more than once.", "supported"),
    ("Ivo Dant was married more than 3 times.", "refuted"),
    ("Ivo Dant was married 2 times and has three children.", "supported"),
])
def test_how_many_times_counts_the_values_of_the_column_the_verb_names(core_checker, text,
                                                                       verdict):
    report = expect(core_checker, PERSON, text, verdict)
    counted = [h for h in report.hypotheses if h.kind == "items"]
    assert counted and counted[0].verdict == verdict
    assert counted[0].evidence.output[0].column == "Spouse(s)"


def test_times_of_a_verb_that_names_no_column_are_not_counted(core_checker):
    report = core_checker.check("Ivo Dant moved house three times.", PERSON)
    assert not [h for h in report.hypotheses if h.kind == "items"]

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

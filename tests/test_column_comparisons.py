"""Two attributes of one row compared (rules/frames/comparisons.yaml, evaluator columns,
depcheck/evaluators/columns.py), on tables of their own."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

TOWN = Table.from_dict({
    "id": "town-columns", "caption": "Town",
    "columns": ["name", "Total", "Land", "Water", "Urban", "Metro population",
                "Urban population"],
    "rows": [["Kestrel Bay", "12.0 sq mi (31.1 km 2 )", "9.5 sq mi (24.6 km 2 )",
              "2.5 sq mi (6.5 km 2 )", "40.2 sq mi (104.1 km2)", "310,000", "185,000"]]})

FILM = Table.from_dict({
    "id": "film-columns", "caption": "Film",
    "columns": ["name", "Budget", "Box office", "Running time"],
    "rows": [["Pale Orchard", "$40 million", "$12.5 million", "98 minutes"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (TOWN, "Kestrel Bay has more land area than water area.", "supported"),
    (TOWN, "Kestrel Bay has less land area than water area.", "refuted"),
    (TOWN, "Kestrel Bay has less land area than the urban area.", "supported"),
    (TOWN, "The metro population of Kestrel Bay is larger than its urban population.",
     "supported"),
    (TOWN, "The metro population of Kestrel Bay is smaller than the urban population.",
     "refuted"),
    (FILM, "Pale Orchard had a higher budget than box office.", "supported"),
    (FILM, "The budget of Pale Orchard was lower than its box office receipts.", "refuted"),
])
def test_two_attributes_of_one_row(core_checker, table, text, verdict):
    report = expect(core_checker, table, text, verdict)
    compared = [h for h in report.hypotheses if h.details.get("evaluator") == "columns"]
    assert compared and compared[0].verdict == verdict
    assert len(compared[0].evidence.output) == 2  # both cells, of the one row


def test_columns_of_other_units_are_not_compared(core_checker):
    # minutes against money: no common unit, nothing decided by this frame
    report = core_checker.check("Pale Orchard had a longer running time than budget.", FILM)
    assert not [h for h in report.hypotheses if h.details.get("evaluator") == "columns"]


FILM_MONEY = Table.from_dict({
    "id": "film-money", "caption": "Movie",
    "columns": ["name", "Directed by", "Budget", "Box office"],
    "rows": [["Harbour Lights", "Ada Lind", "$14 million", "$178.1 million"]]})

FLOP = Table.from_dict({
    "id": "flop", "caption": "Movie", "columns": ["name", "Budget", "Box office"],
    "rows": [["Grey Pier", "$15 million", "$4.5 million"]]})

RANGED = Table.from_dict({
    "id": "ranged", "caption": "Movie", "columns": ["name", "Budget", "Box office"],
    "rows": [["Low Tide", "$2-4 million", "$495,303"]]})


@pytest.mark.parametrize("table, text, verdict", [
    # a verb that names the takings, "than" the cost
    (FILM_MONEY, "Harbour Lights made less than its budget.", "refuted"),
    (FILM_MONEY, "Harbour Lights earned more money than it cost to make.", "supported"),
    (FLOP, "Grey Pier earned less money than it cost to make.", "supported"),
    # profit and loss words against the takings and the cost
    (FILM_MONEY, "Harbour Lights turned a profit.", "supported"),
    (FILM_MONEY, "Harbour Lights was a box office flop.", "refuted"),
    (FLOP, "Grey Pier lost money at the box office.", "supported"),
    (FLOP, "Grey Pier did not make a profit.", "supported"),
    (FLOP, "Grey Pier was profitable.", "refuted"),
])
def test_takings_against_the_cost(core_checker, table, text, verdict):
    report = expect(core_checker, table, text, verdict)
    assert any(set(h.evidence.columns) == {"Budget", "Box office"} for h in report.hypotheses)


def test_an_amount_not_read_whole_decides_no_profit(core_checker):
    # "$2-4 million" is a range: its leading 2 is not the budget
    report = core_checker.check("Low Tide was profitable.", RANGED)
    assert report.verdict == "unverifiable"


def test_a_non_profit_is_a_kind_not_a_profit(core_checker):
    report = core_checker.check("Harbour Lights is a non-profit film.", FILM_MONEY)
    assert not [h for h in report.hypotheses if h.rule == "balance-word"]

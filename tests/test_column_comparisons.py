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

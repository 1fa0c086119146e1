"""A superlative on a noun that is part of several columns' names ("the cheapest *bag*"
among Weight, Cups and Price per bag) ranks the column whose words also name what the
adjective grades (rules/lexicon/degree.yaml: cheap -> price), not the first that holds the
noun (evaluators/level.comparison_attribute)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

COFFEES = Table.from_dict({
    "id": "coffees", "caption": "Roasted coffees",
    "columns": ["Coffee", "Origin", "Weight per bag (g)", "Cups per bag",
                "Price per bag (EUR)"],
    "rows": [["Amber Ridge", "Kenya", "400", "60", "14.00"],
             ["Fig Valley", "Peru", "250", "45", "18.50"],
             ["Sea Cliff", "Brazil", "600", "80", "11.00"],
             ["Cedar Hill", "Ethiopia", "300", "50", "16.00"]]})


@pytest.mark.parametrize("text, verdict, column", [
    ("Sea Cliff is the cheapest bag of the four.", "supported", "Price per bag"),
    ("Fig Valley is the cheapest bag of the four.", "refuted", "Price per bag"),
    ("Fig Valley is the priciest bag.", "supported", "Price per bag"),
    ("Fig Valley is the lightest bag.", "supported", "Weight per bag"),
    ("Amber Ridge is the heaviest bag.", "refuted", "Weight per bag"),
])
def test_the_adjective_picks_among_the_noun_columns(core_checker, text, verdict, column):
    report = expect(core_checker, COFFEES, text, verdict)
    found = [h for h in report.hypotheses if h.kind == "superlative"]
    assert [h.verdict for h in found] == [verdict]
    assert column in found[0].explanation

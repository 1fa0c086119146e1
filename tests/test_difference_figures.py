"""A figure after a preposition of the lexicon's ``difference_prepositions`` on a verb or an
adjective ("undercuts the Lumo 2 *by $6*", "cheaper *by $6*") is the size of a difference,
never a cell of the row, so it refutes nothing as one; a passive's agent ("powered *by 3*
AA batteries") still states the row's value."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

TORCHES = Table.from_dict({
    "id": "torches", "columns": ["Torch", "Batteries", "Battery type", "Price"],
    "rows": [["Lumo 1", "2", "AA", "$19"], ["Lumo 2", "3", "AAA", "$25"],
             ["Beam X", "4", "AA", "$32"]]})


@pytest.mark.parametrize("text", [
    "The Lumo 1 undercuts the Lumo 2 by $6.",
    "At $19, the Lumo 1 undercuts the Lumo 2 by $6.",
    "The Lumo 1 is cheaper by $6.",
])
def test_a_difference_is_no_cell_of_the_row(core_checker, text):
    report = core_checker.check(text, TORCHES)
    assert report.verdict != "refuted", [(h.rule, h.explanation) for h in report.hypotheses]


@pytest.mark.parametrize("text, verdict", [
    ("The Lumo 1 is powered by 2 AA batteries.", "unverifiable"),  # "powered": unchecked
    ("The Lumo 1 is powered by 3 AA batteries.", "refuted"),
    ("At $21, the Lumo 1 undercuts the Lumo 2 by $4.", "refuted"),  # its own price is wrong
    # the gap itself is checked as one (frame difference-verb): $25 - $19 is $6, not $9
    ("The Lumo 1 undercuts the Lumo 2 by $9.", "refuted"),
])
def test_an_agent_and_the_rows_own_figures_still_decide(core_checker, text, verdict):
    expect(core_checker, TORCHES, text, verdict)

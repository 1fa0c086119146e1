"""A cell that lists plain numbers under a header in a unit ("Bag sizes (kg)": "2, 6, 12")
holds a figure the text gives one row when it is one of them ("comes in a 12 kg bag"), and
refutes one that is none of them; a program that reads a figure of such a list ("2, 6 and
*12 kg* bags": the unit said once, after the last) against a column of another dimension
refutes nothing."""

from __future__ import annotations

import pytest

from depcheck.programs.dimensions import figure_in_another_dimension
from depcheck.table import Table

from .verdicts import expect

FOODS = Table.from_dict({
    "id": "foods", "caption": "Dry dog food",
    "columns": ["Product", "Brand", "Protein (%)", "Bag sizes (kg)", "Price per kg (USD)"],
    "rows": [["Trail Salmon", "Fenwick", "30", "2, 6, 12", "7.50"],
             ["Trail Puppy", "Fenwick", "32", "2, 6", "8.20"],
             ["Daily Balance", "Harrow", "24", "3, 15", "3.90"],
             ["Lean Duck", "Harrow", "28", "1.5, 7", "6.10"],
             ["Prairie Lamb", "Orla", "26", "4", "5.40"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Trail Salmon comes in a 12 kg bag.", "supported"),
    ("Daily Balance comes in a 15 kg bag.", "supported"),
    ("Daily Balance comes in 3 and 15 kg bags.", "supported"),
    ("Daily Balance comes in a 10 kg bag.", "refuted"),
])
def test_a_figure_one_of_the_listed_amounts(core_checker, text, verdict):
    report = expect(core_checker, FOODS, text, verdict)
    assert any(h.verdict == verdict and "Bag sizes (kg)" in h.explanation
               for h in report.hypotheses), [(h.rule, h.explanation) for h in report.hypotheses]


def test_the_unit_after_a_list_of_figures_is_each_ones(core_checker):
    doc = core_checker.nlp("Trail Salmon is sold in 2, 6 and 12 kg bags.")
    compiled = core_checker.compile(FOODS)
    six = next(t.i for t in doc if t.text == "6")
    found = figure_in_another_dimension(
        "eq{hop{filter_eq{all_rows; Product; trail salmon}; Price per kg (USD)}; 6}",
        [0, 1, six], doc, compiled, core_checker.rules.lexicon)
    assert found == ("6", "Price per kg (USD)")

"""A cell that writes an amount with a scale word and a counted noun ("3.2 million
volumes", "1.5 million copies") holds the scaled amount, not the number before the scale:
"3.2 million" and "3,200,000 volumes" say the same, "3.5 million" another."""

from __future__ import annotations

import pytest

from depcheck.compiled import compile_table
from depcheck.table import Table
from depcheck.values import Quantity, parse_quantity

from .verdicts import expect

LIBRARY = Table.from_dict({
    "id": "library", "caption": "Halloway Library",
    "columns": ["Name", "Established", "Type", "Collection size", "Staff"],
    "rows": [["Halloway Library", "1887", "Academic library", "3.2 million volumes", "212"]]})


@pytest.mark.parametrize("cell, quantity", [
    ("3.2 million volumes", Quantity(3_200_000.0, "volumes")),
    ("1.5 million copies", Quantity(1_500_000.0, "copies")),
    ("two million visitors", Quantity(2_000_000.0, "visitors")),
    ("3.2 million", Quantity(3_200_000.0)),
])
def test_a_scaled_amount_in_a_word_of_its_own(cell, quantity):
    assert parse_quantity(cell) == quantity


def test_running_text_asks_strictly():
    """Loose reading is for cells: in running text "3.2 million volumes" is no unit."""
    assert parse_quantity("3.2 million volumes", False) is None
    assert parse_quantity("3.2 million thousand") is None  # a number word is no unit


def test_the_compiled_column_holds_the_scaled_amount():
    col = compile_table(LIBRARY).columns[3]
    assert col.kind == "number" and float(col.num[0]) == 3_200_000.0


@pytest.mark.parametrize("text, verdict", [
    ("The library's collection size is 3.2 million.", "supported"),
    ("The library's collection size is 3.5 million.", "refuted"),
    ("The library's collection size is 3.5 million volumes.", "refuted"),
])
def test_statements_about_a_scaled_cell(core_checker, text, verdict):
    expect(core_checker, LIBRARY, text, verdict)


@pytest.mark.parametrize("cell, quantity", [
    ("2.4 million (as of March 2019)", Quantity(2_400_000.0)),
    ("19 (est.)", Quantity(19.0)),
    ("84 (2018)", Quantity(84.0)),
    ("412 (3 times)", Quantity(412.0)),
    ("230 lb (104 kg)", Quantity(230.0, "lb")),
])
def test_an_amount_with_a_note_in_brackets(cell, quantity):
    """A bracketed note after an amount (a date it holds at, a count of times, the same
    amount in other units) is no part of it."""
    assert parse_quantity(cell) == quantity


@pytest.mark.parametrize("cell", ["Runner-up (2008)", "(5)", "Kyiv (capital)", "3 (2)"])
def test_a_note_after_no_amount_makes_none(cell):
    assert parse_quantity(cell) is None


def test_a_qualified_amount_is_checked(core_checker):
    game = Table.from_dict({
        "id": "game", "caption": "Hollow Pines",
        "columns": ["Title", "Developer", "Copies sold"],
        "rows": [["Hollow Pines", "Greyfen Studio", "2.4 million (as of March 2019)"]]})
    expect(core_checker, game, "Hollow Pines has sold 2.4 million copies.", "supported")
    expect(core_checker, game, "Hollow Pines has sold 3 million copies.", "refuted")


MUSEUM = Table.from_dict({
    "id": "museum", "caption": "Karst Museum of Science",
    "columns": ["Name", "Opened", "Annual visitors (millions)", "Budget (EUR million)",
                "Staff"],
    "rows": [["Karst Museum of Science", "1984", "1.4", "36.5", "410"]]})

MUSEUMS = Table.from_dict({
    "id": "museums", "caption": "Science museums",
    "columns": ["Museum", "City", "Annual visitors (millions)", "Staff"],
    "rows": [["Karst", "Ljubno", "1.4", "410"], ["Helio", "Varna", "2.1", "520"],
             ["Orbis", "Tessa", "0.8", "260"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Karst Museum of Science has 1.4 million annual visitors.", "supported"),
    ("The Karst Museum of Science has 1,400,000 annual visitors.", "supported"),
    ("The Karst Museum of Science has 2.4 million annual visitors.", "refuted"),
    ("The Karst Museum of Science has 1,400 annual visitors.", "refuted"),
    ("The Karst Museum of Science has a staff of 410.", "supported"),
])
def test_a_header_scale_word_counts_the_cells_in_it(core_checker, text, verdict):
    # "Annual visitors (millions)" of 1.4 is 1.4 million; a column without a scale word
    # (Staff) reads its cells as written
    report = expect(core_checker, MUSEUM, text, verdict)
    assert any(h.verdict == verdict and h.kind == "fact" for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("Two of the three museums have more than 1 million annual visitors.", "supported"),
    ("All three museums have more than 1 million annual visitors.", "refuted"),
    ("All three museums have more than 500,000 annual visitors.", "supported"),
])
def test_a_quantified_bound_reads_the_header_scale(core_checker, text, verdict):
    report = expect(core_checker, MUSEUMS, text, verdict)
    assert any(h.kind == "quantifier" and h.verdict == verdict for h in report.hypotheses)

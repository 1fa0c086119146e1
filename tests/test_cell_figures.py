"""Figures as cells and texts write them: the scales of large amounts ("$1.2 billion",
"65 crore", "5 lakh": the lexicon's number_words), marks that a cell's figure is approximate
("est. 227.59 crore", "c. 420", "~3,000": approximate_cell_marks), and a column named in the
singular ("more than one label" of Labels)."""

from __future__ import annotations

import pytest

from depcheck.table import Table
from depcheck.values import parse_quantity

from .verdicts import expect


@pytest.mark.parametrize("text, value, unit", [
    ("2.3 billion", 2.3e9, None),
    ("$1.2 billion", 1.2e9, "usd"),
    ("65 crore", 6.5e8, None),
    ("5 lakh", 5e5, None),
    ("est. 227.59 crore", 2.2759e9, None),
    ("c. 420", 420.0, None),
    ("~3,000", 3000.0, None),
    ("approx. $4 million", 4e6, "usd"),
])
def test_scales_and_approximate_marks(text, value, unit):
    q = parse_quantity(text)
    assert q is not None and q.unit == unit
    assert q.value == pytest.approx(value)


@pytest.mark.parametrize("text", ["c4", "cat", "c", "~", "est"])
def test_a_mark_alone_or_inside_a_word_is_no_figure(text):
    assert parse_quantity(text) is None


FILM = Table.from_dict({
    "id": "film", "caption": "Judwaa 2",
    "columns": ["name", "Budget", "Box office"],
    "rows": [["Judwaa 2", "65 crore", "est. 227.59 crore"]]})

BAND = Table.from_dict({
    "id": "band", "caption": "DAY6",
    "columns": ["name", "Origin", "Labels", "Associated acts"],
    "rows": [["DAY6", "Seoul, South Korea", "Studio J, Warner Music Japan (Japan)",
              "JYP Nation"]]})


# a list scraped without its line breaks: its items parted by runs of spaces
PERSON = Table.from_dict({
    "id": "person", "caption": "Ada Rook",
    "columns": ["name", "Born", "Awards"],
    "rows": [["Ada Rook", "1950", "Gold Medal of the Society  Silver Quill  Harmon Prize"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (PERSON, "Ada Rook won more than one award.", "supported"),
    (PERSON, "Ada Rook won three awards.", "supported"),
    (PERSON, "Ada Rook won four awards.", "refuted"),
    (FILM, "Judwaa 2 earned more than 3 times its budget.", "supported"),
    (FILM, "Judwaa 2 earned more than 4 times its budget.", "refuted"),
    (FILM, "Judwaa 2 grossed about 228 crore.", "supported"),
    (BAND, "DAY6 has had more than one label.", "supported"),
    (BAND, "DAY6 has had only one label.", "refuted"),
    (BAND, "DAY6 has had more than two labels.", "refuted"),
    # "several" is more than one, and two may be too few: undecided
    (BAND, "DAY6 has had several labels.", "unverifiable"),
])
def test_figures_of_cells(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


PERFUME = Table.from_dict({
    "id": "perfume", "caption": "Nocturne",
    "columns": ["Name", "Launched", "Concentration", "Bottle sizes", "Discontinued"],
    "rows": [["Nocturne", "2003", "eau de parfum", "30 ml, 50 ml, 100 ml", "no"]]})

RICE = Table.from_dict({
    "id": "rice", "caption": "Rice varieties",
    "columns": ["Variety", "Type", "Days to maturity", "Aromatic"],
    "rows": [["Sornavel", "long-grain", "125", "no"], ["Amberleaf", "long-grain", "118", "yes"],
             ["Riverjade", "medium-grain", "110", "yes"], ["Banu Gold", "medium-grain", "132",
                                                           "yes"]]})


@pytest.mark.parametrize("text", ["Nocturne comes in three sizes.",
                                  "Nocturne comes in four sizes."])
def test_a_count_is_no_figure_of_a_list_of_figures(core_checker, text):
    """"three sizes" against "30 ml, 50 ml, 100 ml": a count of things, no amount in ml;
    "sizes" names no column wholly, so no count of the list decides it either."""
    report = core_checker.check(text, PERFUME)
    assert report.verdict == "unverifiable", [(h.rule, h.verdict, h.explanation)
                                              for h in report.hypotheses]


def test_one_of_n_counts_rows_not_a_cells_items(core_checker):
    """"one of three aromatic types": the rows that are aromatic, no count of the items of
    the row's Type cell."""
    report = core_checker.check("Riverjade is one of three aromatic types.", RICE)
    assert not [h for h in report.hypotheses if h.rule and h.rule.startswith("item-count")]
    assert report.verdict != "refuted"

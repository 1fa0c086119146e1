"""Claims no single cell states are left open, not decided by the nearest cell: a date of
something else than the row ("opened its first office in 2012", "became a citizen in
1962") and a figure per something another column counts ("six episodes per season"), on
tables of their own."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

FIRM = Table.from_dict({
    "id": "firm", "caption": "Company", "columns": ["name", "Founded", "Headquarters"],
    "rows": [["Halden Works", "1999", "Oslo, Norway"]]})

ACTOR = Table.from_dict({
    "id": "actor", "caption": "Person",
    "columns": ["name", "Born", "Occupation", "Years active"],
    "rows": [["Ines Marlow", "4 May 1931", "Actress", "1954–1993"]]})

SERIES = Table.from_dict({
    "id": "series", "caption": "TV series",
    "columns": ["name", "No. of seasons", "No. of episodes", "Running time"],
    "rows": [["Tidewater", "3", "18", "58 minutes"]]})



@pytest.mark.parametrize("table, text, verdict", [
    # the row's own coming to be: its first date
    (FIRM, "Halden Works opened in 1999.", "supported"),
    (FIRM, "Halden Works opened in 2005.", "refuted"),
    # an object came to be, not the row: no cell dates it
    (FIRM, "Halden Works opened its first office in Munich in 2012.", "unverifiable"),
    # a verb the lexicon does not know names no column by a GloVe neighbour
    (ACTOR, "Ines Marlow became a citizen in 1962.", "unverifiable"),
    # a figure per something another column counts: a ratio, not the episodes' cell
    (SERIES, "Tidewater averaged six episodes per season.", "unverifiable"),
    (SERIES, "Tidewater has 18 episodes.", "supported"),
    (SERIES, "Tidewater has 20 episodes.", "refuted"),
])
def test_a_claim_is_decided_only_by_the_cell_that_states_it(checker_2019, table, text, verdict):
    expect(checker_2019, table, text, verdict)


def test_a_figure_per_something_no_column_counts_is_the_cells(checker_2019):
    battery = Table.from_dict({"id": "battery", "caption": "",
                               "columns": ["name", "Battery life", "Price"],
                               "rows": [["Kova X1", "10 hours", "$120"],
                                        ["Kova X2", "8 hours", "$90"]]})
    report = checker_2019.check("The Kova X1 runs 12 hours per charge.", battery)
    assert report.verdict == "refuted"


def test_a_verb_names_a_date_column_by_its_stem(checker_2019):
    # "awarded" is a word of Awards up to its stem: the medal's year is read there
    scientist = Table.from_dict({"id": "sci", "caption": "Person",
                                 "columns": ["name", "Born", "Awards", "Years active"],
                                 "rows": [["Oren Halle", "6 October 1735",
                                           "Copley Medal (1795)", "1760–1800"]]})
    expect(checker_2019, scientist, "Oren Halle was awarded the Copley Medal in the 18th century.",
           "supported")


@pytest.mark.parametrize("text, verdict", [
    ("The Danube Crown is priced at €265 per night.", "supported"),
    ("The Danube Crown is priced at €300 per night.", "refuted"),
])
def test_a_column_of_a_rate_states_the_figure_per_night(checker_2019, text, verdict):
    # "Price per night" holds the figure per night: no ratio of two columns
    hotels = Table.from_dict({"id": "hotels", "caption": "",
                              "columns": ["name", "Price per night", "Stars"],
                              "rows": [["Danube Crown", "€265", "5"],
                                       ["Lake Inn", "€120", "3"]]})
    expect(checker_2019, hotels, text, verdict)


def test_a_rank_on_the_verb_is_a_claim_of_its_own(core_checker):
    # "third" is a stop word to spaCy, and an adverb on a verb the other checks read: still
    # a claim no check accounted for ("finished third" against a Place of 2)
    from depcheck.table import Table

    crews = Table.from_dict({
        "id": "crews", "caption": "Regatta results",
        "columns": ["Crew", "Place", "Average age"],
        "rows": [["Thames Valley", "1", "24.5"], ["Isis", "2", "21.0"],
                 ["Kingsmead", "3", "26.25"], ["Severn", "4", "44.75"]]})
    report = core_checker.check("Isis, the youngest crew, finished third.", crews)
    assert report.verdict == "refuted"  # the rank evaluator reads Place (2)
    assert any("Place" in h.evidence.columns for h in report.hypotheses
               if h.verdict == "refuted")
    # without a place column no check reads it: it stays open
    ages = Table.from_dict({
        "id": "ages", "caption": "Regatta crews", "columns": ["Crew", "Average age"],
        "rows": [["Thames Valley", "24.5"], ["Isis", "21.0"], ["Kingsmead", "26.25"]]})
    report = core_checker.check("Isis, the youngest crew, finished third.", ages)
    assert report.verdict != "supported"
    assert any("third" in h.text for h in report.hypotheses if h.reason == "claim not checked")

"""An aggregate query refutes only a claim it is about: a percentage "of" something that is
not the table's rows ("traps 99.97% of particles") is a figure of a row, not a share of the
rows, whatever share of the rows the query finds.

Every expected verdict is reasoned from the table below: four vacuum cleaners.

    name       cordless  bin
    Sela S2    yes       0.5 L
    Sela S4    yes       0.8 L
    Robo R7    yes       0.6 L
    Kessel C1  no        2.5 L

Three of the four (75%) are cordless; one of the four (25%) is the Sela S2.
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

VACUUMS = Table.from_dict({
    "id": "vacuum-shares", "caption": "Vacuum cleaners",
    "columns": ["name", "cordless", "bin"],
    "rows": [["Sela S2", "yes", "0.5 L"], ["Sela S4", "yes", "0.8 L"],
             ["Robo R7", "yes", "0.6 L"], ["Kessel C1", "no", "2.5 L"]]})


def test_a_percentage_of_something_else_is_no_share_of_the_rows(core_checker):
    report = core_checker.check("The Sela S2 has a filter that traps 99.9% of dust.", VACUUMS)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]


@pytest.mark.parametrize("text,verdict", [
    ("75% of the vacuums are cordless.", "supported"),
    ("50% of the vacuums are cordless.", "refuted"),
    ("25% of the models are cordless.", "refuted"),  # a row noun, not the caption's
])
def test_a_share_of_the_rows_is_counted(core_checker, text, verdict):
    expect(core_checker, VACUUMS, text, verdict)


LAPTOPS = Table.from_dict({
    "id": "laptop-years", "caption": "Laptops",
    "columns": ["name", "price", "released", "weight"],
    "rows": [["Arto 13", "$899", "2016", "1.3 kg"], ["Arto 15", "$1,299", "2019", "1.9 kg"],
             ["Bel 11", "$329", "2015", "1.1 kg"], ["Bel 14", "$1,099", "2022", "1.5 kg"]]})


def test_a_year_after_before_or_since_is_no_aggregate_claim(core_checker):
    # the years average 2018, which a query could find for "2018"; "released after 2018"
    # bounds a date, and the claim about the prices (two of them cost more) is not that
    report = core_checker.check("Every laptop released after 2018 costs under $1,000.", LAPTOPS)
    assert report.verdict != "supported"
    assert not [h for h in report.hypotheses if h.kind == "aggregate"]


@pytest.mark.parametrize("text,verdict", [
    # a bound is checked on the figure, not as a cell's text ("1.5 kg" is the Bel 14's)
    ("The Bel 14 weighs less than 1.5 kg.", "refuted"),
    ("The Bel 14 weighs at least 1.5 kg.", "supported"),
    ("The Arto 13 costs less than $899.", "refuted"),
])
def test_a_bound_is_no_match_of_the_cell_it_names(core_checker, text, verdict):
    expect(core_checker, LAPTOPS, text, verdict)


def test_a_bound_with_no_row_named_is_no_cell_found_in_the_table(core_checker):
    # "1.1 kg" is the Bel 11's weight, and nothing weighs less: finding the cell's text in
    # the table supports no "less than 1.1 kg"
    report = core_checker.check("Some laptop weighs less than 1.1 kg.", LAPTOPS)
    assert not [h for h in report.hypotheses if h.verdict == "supported"], [
        (h.kind, h.verdict, h.reason) for h in report.hypotheses]


CAFES = Table.from_dict({
    "id": "cafe-ranges", "caption": "Cafes",
    "columns": ["name", "price range", "area"],
    "rows": [["The Quay", "less than £20", "riverside"], ["Old Mill", "more than £30", "centre"]]})


@pytest.mark.parametrize("text,verdict", [
    # a cell that is itself a bound is matched with its words
    ("The Quay has a price range of less than £20.", "supported"),
    ("Old Mill is in the more than £30 price range.", "supported"),
    ("The Quay has a price range of more than £30.", "refuted"),
])
def test_a_cell_that_is_a_bound_is_matched_whole(core_checker, text, verdict):
    expect(core_checker, CAFES, text, verdict)


TOWERS = Table.from_dict({
    "id": "tower-years", "caption": "Tallest buildings",
    "columns": ["name", "height (m)", "completed"],
    "rows": [["Arden Tower", "212", "2019"], ["Marrow Centre", "164", "1994"],
             ["Central Exchange", "139", "1987"], ["Canal Point", "224", "2021"]]})


def test_a_clause_on_the_collection_noun_still_restricts_the_rows(core_checker):
    # the two completed before 2000 are under 170 m; two later ones are not: over every
    # row the claim fails, over the rows it names it holds, so it is not refuted
    report = core_checker.check(
        "Every building on the list completed before 2000 stands under 170 metres.", TOWERS)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]


LOCKS = Table.from_dict({
    "id": "locks", "caption": "Canal locks",
    "columns": ["Lock", "Canal", "Rise (m)", "Built", "Operation"],
    "rows": [["Ashby Top Lock", "Wenmore Canal", "2.4", "1794", "manual"],
             ["Ferriers Staircase", "Wenmore Canal", "9.8", "1797", "manual"],
             ["Millbank Lock", "Dunley Navigation", "1.6", "1821", "hydraulic"],
             ["Gorse Hill Lock", "Dunley Navigation", "3.1", "1823", "electric"],
             ["Kelling Deep Lock", "Rother Cut", "5.2", "1846", "electric"]]})


def test_a_query_whose_rows_the_text_does_not_state_does_not_support(core_checker):
    """"one of the five locks": a count of the rows whose Lock is "Millbank Lock" (the word
    "lock" is in four names) is 1, but the text states no such filter: the number is not
    supported by it."""
    report = core_checker.check("Only one of the five locks is operated electrically.",
                                LOCKS)
    aggregates = [h for h in report.hypotheses if h.kind == "aggregate"]
    assert all(h.verdict == "unverifiable" for h in aggregates)
    assert report.verdict != "supported"


def test_a_query_by_a_stated_value_still_supports(core_checker):
    report = core_checker.check("Only one of the five locks is hydraulic.", LOCKS)
    assert report.verdict == "supported"

"""A superlative whose own phrase gives the row's figure ranks the column that holds the
figure in that row: "conceded 52 goals, *the most* in the league" is Goals against, not
the first column "goals" names (Goals for); "the lowest price *at €28*" is the price
column holding 28 for the row. A figure that no column of the row holds, or that several
do, leaves the column the words name."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

LEAGUE = Table.from_dict({
    "id": "league", "caption": "County league table",
    "columns": ["Club", "Played", "Won", "Goals for", "Goals against", "Points"],
    "rows": [["Ashby Town", "18", "4", "21", "52", "15"],
             ["Bexley Rovers", "18", "12", "47", "30", "39"],
             ["Corran United", "18", "9", "35", "33", "30"],
             ["Dunmore Athletic", "18", "7", "29", "41", "25"]]})

CLASSES = Table.from_dict({
    "id": "classes", "caption": "Evening classes",
    "columns": ["Class", "Day price (EUR)", "Evening price (EUR)", "Places", "Sessions"],
    "rows": [["Pottery Taster", "40", "28", "10", "4"],
             ["Life Drawing", "30", "35", "12", "3"],
             ["Bread Basics", "45", "38", "8", "6"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Ashby Town conceded 52 goals, the most in the league.", "supported"),
    ("Dunmore Athletic conceded 41 goals, the most in the league.", "refuted"),
])
def test_a_figure_set_off_beside_the_superlative(core_checker, text, verdict):
    report = expect(core_checker, LEAGUE, text, verdict)
    found = [h for h in report.hypotheses if h.kind == "superlative"]
    assert found and found[0].verdict == verdict
    assert "Goals against" in found[0].explanation


@pytest.mark.parametrize("text, verdict", [
    ("The Pottery Taster has the lowest price at €28.", "supported"),
    ("Bread Basics has the lowest price at €38.", "refuted"),
])
def test_a_figure_joined_to_the_superlatives_noun(core_checker, text, verdict):
    report = expect(core_checker, CLASSES, text, verdict)
    found = [h for h in report.hypotheses if h.kind == "superlative"]
    assert found and found[0].verdict == verdict
    assert "Evening price" in found[0].explanation


@pytest.mark.parametrize("text", [
    "Life Drawing has the most places of the three classes.",
    "Life Drawing has the most places of all three classes.",
])
def test_the_group_ranked_in_is_no_figure_of_the_row(core_checker, text):
    # "three" is no figure of the row's (the group's size), though its Sessions is 3
    report = expect(core_checker, CLASSES, text, "supported")
    found = [h for h in report.hypotheses if h.kind == "superlative"]
    assert found and "Places" in found[0].explanation



CIDERIES = Table.from_dict({
    "id": "cideries", "caption": "Cideries of the valley",
    "columns": ["Cidery", "Founded", "Flagship cider", "Flagship ABV"],
    "rows": [["Harrow Press", "2012", "Black Orchard", "9.5%"],
             ["Millbank", "2009", "Russet Gold", "5.0%"],
             ["Sloe Hill", "2016", "Pale Dry", "6.1%"],
             ["Quarry Lane", "2004", "Old Stone", "4.5%"]]})


def test_a_comparison_set_off_beside_a_superlative_stays_a_claim(core_checker):
    # the superlative and its figure hold; the apposition "more than double the strength
    # of any other" is a comparison of its own (false: 9.5% against 6.1%), which the
    # superlative whose noun it hangs on does not check
    report = core_checker.check("Harrow Press's Black Orchard is the strongest flagship at "
                                "9.5%, more than double the strength of any other cidery's "
                                "flagship.", CIDERIES)
    assert report.verdict != "supported"
    assert any(h.kind == "superlative" and h.verdict == "supported" for h in report.hypotheses)

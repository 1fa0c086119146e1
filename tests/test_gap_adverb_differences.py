"""A gap adverb with its figure and the other row ("three points ahead of Alder Mills",
"0.33 seconds ahead of Marta Kowal", "29 behind the leaders"; frames difference-gap*,
graded by degree.yaml's ahead / behind): the difference of the two rows' cells, ahead
being more in points and less in time."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

STANDINGS = Table.from_dict({
    "id": "standings", "columns": ["Team", "Played", "Won", "Points"],
    "rows": [["Port Vessen", "14", "12", "36"], ["Alder Mills", "14", "11", "33"],
             ["Greywater", "14", "9", "27"], ["Cragside", "14", "3", "7"]]})

RACE = Table.from_dict({
    "id": "race", "columns": ["Skater", "Nation", "Time (s)"],
    "rows": [["Ingrid Solvang", "Norway", "74.62"], ["Marta Kowal", "Poland", "74.95"],
             ["Ona Reyes", "Spain", "75.40"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (STANDINGS, "Port Vessen finished with 36 points, three points ahead of Alder Mills.",
     "supported"),
    (STANDINGS, "Port Vessen finished with 36 points, five points ahead of Alder Mills.",
     "refuted"),
    (STANDINGS, "Alder Mills finished with 33 points, three points ahead of Port Vessen.",
     "refuted"),
    (STANDINGS, "Alder Mills finished with 33 points, three points behind Port Vessen.",
     "supported"),
    # a bare figure: the column the adverb grades (Points)
    (STANDINGS, "Port Vessen finished with 36 points, three ahead of Alder Mills.",
     "supported"),
    (STANDINGS, "Port Vessen finished with 36 points, five ahead of Alder Mills.", "refuted"),
    (RACE, "Ingrid Solvang finished in 74.62 s, 0.33 seconds ahead of Marta Kowal.", "supported"),
    (RACE, "Ingrid Solvang finished in 74.62 s, 0.5 seconds ahead of Marta Kowal.", "refuted"),
    (RACE, "Marta Kowal finished 0.33 seconds ahead of Ingrid Solvang.", "refuted"),
])
def test_a_gap_between_two_rows(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


MARATHON = Table.from_dict({
    "id": "marathon", "columns": ["Runner", "Club", "Total"],
    "rows": [["Lena Marsh", "Harwick AC", "1:53:16"], ["Ida Kovanen", "Tavey RC", "1:53:46"],
             ["Sofia Brandt", "Oldham", "1:53:48"]]})

SWIM = Table.from_dict({
    "id": "swim", "columns": ["Swimmer", "Club", "Reaction (s)"],
    "rows": [["Hanna Sorlie", "Tidewater", "0.68"], ["Maya Castell", "Riverside", "0.71"],
             ["Jodie Pemb", "Tidewater", "0.65"]]})


@pytest.mark.parametrize("text, verdict", [
    # clock cells read in minutes: the gap in seconds is converted
    ("Lena Marsh finished in 1:53:16, 30 seconds ahead of Ida Kovanen.", "supported"),
    ("Lena Marsh finished in 1:53:16, 20 seconds ahead of Ida Kovanen.", "refuted"),
])
def test_a_gap_in_time_against_clock_cells(core_checker, text, verdict):
    expect(core_checker, MARATHON, text, verdict)


def test_a_gap_wider_than_its_columns_spread_is_of_another_measure(core_checker):
    # "0.9 seconds" is no gap of Reaction (s), whose cells lie within 0.06 of each other
    report = core_checker.check("Jodie Pemb touched 0.9 seconds ahead of Maya Castell.", SWIM)
    assert report.verdict != "refuted", [(h.rule, h.explanation) for h in report.hypotheses]

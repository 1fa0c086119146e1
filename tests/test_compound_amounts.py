"""An amount written in several units of one family ("two hours and forty minutes", "2 h 40
min", "5 ft 10 in") is one amount, checked whole against the cell (``fact._compound_amount``);
its later parts are read with it, not as amounts of their own."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

OPERA = Table.from_dict({
    "id": "opera", "caption": "La sposa di vetro",
    "columns": ["Title", "Composer", "Acts", "Running time"],
    "rows": [["La sposa di vetro", "Ettore Valdagni", "3", "c. 2 hours 40 minutes"]]})

PLAYERS = Table.from_dict({
    "id": "players", "caption": "Players",
    "columns": ["Player", "Height", "Team"],
    "rows": [["Ana Ruiz", "5 ft 10 in", "Hawks"], ["Bea Lund", "6 ft 1 in", "Owls"]]})


@pytest.mark.parametrize("text, verdict", [
    ("La sposa di vetro runs for two hours and forty minutes.", "supported"),
    ("La sposa di vetro runs for about two hours and forty minutes.", "supported"),
    ("La sposa di vetro runs for 2 hours 40 minutes.", "supported"),
    ("La sposa di vetro runs for two hours and ten minutes.", "refuted"),
    ("La sposa di vetro runs for two hours.", "refuted"),
])
def test_hours_and_minutes_are_one_running_time(core_checker, text, verdict):
    report = expect(core_checker, OPERA, text, verdict)
    assert sum(1 for h in report.hypotheses if "Running time" in h.evidence.columns) == 1


@pytest.mark.parametrize("text, verdict", [
    ("Ana Ruiz is 5 ft 10 in tall.", "supported"),
    ("Bea Lund is 5 ft 10 in tall.", "refuted"),
])
def test_feet_and_inches_are_one_height(core_checker, text, verdict):
    expect(core_checker, PLAYERS, text, verdict)


def test_a_definite_subject_refers_to_the_one_row_of_a_record(core_checker):
    """In a one-row table (an infobox), "the opera" as the subject is the row, as its name
    would be; said as a predicate ("is an opera") it stays a claim."""
    expect(core_checker, OPERA, "The opera runs for two hours and forty minutes.",
           "supported")
    expect(core_checker, OPERA, "It is an opera of three acts.", "unverifiable")


FILMS = Table.from_dict({
    "id": "films", "caption": "Festival films",
    "columns": ["Title", "Runtime", "Boil"],
    "rows": [["Quiet Frequencies", "2h 31m", "3 min 30 s"],
             ["The Lantern Keepers", "2h 14m", "4 min 10 s"],
             ["Paper Moons", "1h 48m", "2 min 40 s"]]})


@pytest.mark.parametrize("text, verdict", [
    # cells of several units with spellings only a compound has ("m": minutes, "s")
    ("Quiet Frequencies is the longest film.", "supported"),
    ("The Lantern Keepers is the longest film.", "refuted"),
    ("Quiet Frequencies runs two hours and thirty-one minutes.", "supported"),
    ("Quiet Frequencies runs 2h 31m.", "supported"),
    ("Quiet Frequencies runs for 2 hours and 14 minutes.", "refuted"),
])
def test_cells_of_hours_and_minutes(core_checker, text, verdict):
    expect(core_checker, FILMS, text, verdict)


def test_compound_only_spellings_read_as_their_unit():
    from depcheck.values import parse_quantity

    assert (parse_quantity("2h 31m").value, parse_quantity("2h 31m").unit) == (151, "min")
    assert (parse_quantity("3 min 30 s").value, parse_quantity("3 min 30 s").unit) == (210, "s")
    assert parse_quantity("12 m").unit == "m"  # alone, "m" stays a metre


@pytest.mark.parametrize("text, verdict", [
    ("Paper Moons runs about an hour and three quarters.", "unverifiable"),
    ("Quiet Frequencies runs about two hours and a half.", "supported"),
    ("Paper Moons runs about two hours and a half.", "refuted"),
])
def test_a_unit_and_a_half(core_checker, text, verdict):
    """The lexicon's half_phrase after a unit ("two hours *and a half*") adds half of it."""
    expect(core_checker, FILMS, text, verdict)

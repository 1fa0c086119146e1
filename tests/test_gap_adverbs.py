"""A figure measuring a gap adverb ("two points *clear* of", "45 seconds *ahead* of", "a
point *behind*": the lexicon's gap_adverbs) is the gap between two rows, no value of the
row the clause is about (agg.triggers.states_a_gap_at)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

LEAGUE = Table.from_dict({
    "id": "league", "caption": "Harwick Sunday League 2019",
    "columns": ["Team", "Played", "Won", "Lost", "Points"],
    "rows": [["Ashford Rovers", "18", "13", "2", "42"],
             ["Brackley Town", "18", "12", "3", "40"],
             ["Colby Athletic", "18", "9", "6", "30"]]})


@pytest.mark.parametrize("text", [
    "Ashford Rovers finished two points clear of Brackley Town.",
    "Brackley Town finished two points behind Ashford Rovers.",
    "Ashford Rovers ended the season twelve points ahead of Colby Athletic.",
])
def test_the_gap_is_no_cell_of_the_row(core_checker, text):
    report = core_checker.check(text, LEAGUE)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]
    assert not any(h.kind == "fact" and "Points" in h.explanation and h.verdict == "refuted"
                   for h in report.hypotheses)


def test_a_level_is_still_checked(core_checker):
    report = core_checker.check("Ashford Rovers finished on 40 points.", LEAGUE)
    assert report.verdict == "refuted"


def test_a_wrong_gap_is_refuted_as_a_gap(core_checker):
    # 42 - 30 is 12: the gap itself is checked (frame difference-gap), not read as a cell
    report = core_checker.check(
        "Ashford Rovers ended the season ten points ahead of Colby Athletic.", LEAGUE)
    assert report.verdict == "refuted"
    assert all(h.kind == "comparison" for h in report.hypotheses if h.verdict == "refuted")

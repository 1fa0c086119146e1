"""Evaluators registered by name, on cells of their own."""

import pytest

from depcheck.evaluators import EVALUATORS, evaluator
from depcheck.table import Table

OPEN = frozenset({"present"})
YEAR = 31_557_600


def test_evaluators_are_registered_by_name():
    assert "duration" in EVALUATORS
    with pytest.raises(KeyError, match="duration"):
        evaluator("no-such-evaluator")


@pytest.mark.parametrize("years,op,cell,holds", [
    (20, ">=", "1994 - present", True),     # 25 years to 2019
    (30, ">=", "1994 - present", False),
    (25, ">=", "1994 - present", None),      # whole years: 24 to 26, undecided
    (25, "=", "1994 - present", True),
    (10, "=", "1994 - present", False),
    (5, ">=", "1935-1941", True),
    (8, ">=", "1935-1941", False),
    (6, "<=", "1935-1941", None),
    (40, "<=", "1973 - 1984, 1985 - present", False),  # first year to now: 46
    (11, ">=", "1965-1972, 1989, 1996", False),  # three periods: 7 years and two short ones
    (7, ">=", "1965-1972, 1989, 1996", None),  # 6 to 10 years, whole years either side
    (5, ">=", "1965-1972, 1989, 1996", True),
])
def test_duration_against_a_period(years, op, cell, holds):
    found = evaluator("duration")(years * YEAR, op, cell, open_ends=OPEN, as_of=2019, row=0)
    assert found is not None and found.holds is holds
    assert found.rows == (0,)


@pytest.mark.parametrize("cell", ["June 12, 1930", "indie rock", "2 hours"])
def test_duration_needs_a_period(cell):
    assert evaluator("duration")(5 * YEAR, ">=", cell, open_ends=OPEN, as_of=2019,
                                 row=0) is None


@pytest.mark.parametrize("text,verdict", [
    ("For over 20 years the Lanterns have been active.", "supported"),  # 1994-2019: 25
    ("For over 30 years the Lanterns have been active.", "refuted"),
    ("For 10 years the Lanterns have been active.", "refuted"),
])
def test_a_checker_reads_durations_against_periods(core_checker, text, verdict):
    from dataclasses import replace

    from depcheck.checker import Checker

    checker = Checker(replace(core_checker.config, as_of_year=2019),
                      vectors=core_checker.vectors, nlp=core_checker.nlp)
    band = Table.from_dict({"id": "b", "columns": ["name", "Years active", "Genres"],
                            "rows": [["The Lanterns", "1994 - present", "indie rock"]]})
    assert checker.check(text, band).verdict == verdict


@pytest.mark.parametrize("years,op,cell,holds", [
    # a period per bracket beside each name: 1977-1982 and 1989-1996, 12 years in all
    (10, ">=", "Ann Lee , ( m. 1977;  div. 1982) , Jo Kerr ,  ( m. 1989; div. 1996)", True),
    (15, ">=", "Ann Lee , ( m. 1977;  div. 1982) , Jo Kerr ,  ( m. 1989; div. 1996)", False),
    (5, ">=", "Sam Ode (1991-present)", True),
    # whole years 1988..2002 last less than 15 years, whatever the days
    (15, ">=", "Gil Maddox ( m. 1988;  div. 2002)", False),
])
def test_duration_of_periods_in_brackets(years, op, cell, holds):
    found = evaluator("duration")(years * YEAR, op, cell, open_ends=OPEN, as_of=2019, row=0)
    assert found is not None and found.holds is holds


@pytest.mark.parametrize("cell", [
    "Ann Lee (m. 1977)",  # when it ended is not written
    "19 November 1982 (1982-11-19)",  # one date, written twice
])
def test_no_duration_without_a_written_end(cell):
    assert evaluator("duration")(5 * YEAR, ">=", cell, open_ends=OPEN, as_of=2019,
                                 row=0) is None


PERSON = Table.from_dict({
    "id": "person-periods", "caption": "Person",
    "columns": ["name", "Born", "Occupation", "Years active", "Spouse(s)", "Fate"],
    "rows": [["Oren Vale", "4 May 1961", "Actor", "1982-present",
              "Lia Moss (m. 1990; div. 1996)", "Moved to Hull in 1990, retired in 2001"]]})


@pytest.mark.parametrize("text,verdict", [
    # decades and "a decade" against the one period of the row the sentence names
    ("Oren Vale has been active for over three decades.", "supported"),
    ("Oren Vale has been active for less than a decade.", "refuted"),
    ("Oren Vale has been acting for more than four decades.", "refuted"),  # 37 years
    ("Oren Vale has been acting for at least a decade.", "supported"),
    # an age, or a time counted from an event, is no length of the period
    ("Oren Vale retired two decades after he was born.", "unverifiable"),
])
def test_a_length_of_time_against_the_period_the_sentence_names(text, verdict, core_checker):
    from dataclasses import replace

    from depcheck.checker import Checker

    checker = Checker(replace(core_checker.config, as_of_year=2019),
                      vectors=core_checker.vectors, nlp=core_checker.nlp)
    assert checker.check(text, PERSON).verdict == verdict


def test_an_age_against_a_column_of_years_is_not_a_number_of_it(core_checker):
    # "over 300 years old" is counted from the year the painting was made (1637), not
    # compared with the numbers 1637 and 1638
    painting = Table.from_dict({"id": "painting-age", "columns": ["name", "Artist", "Year"],
                                "rows": [["Low Fields", "Ann Roe", "1637 - 1638"]]})
    report = core_checker.check("Low Fields is over 300 years old.", painting)
    assert report.verdict == "supported"
    assert [h.rule for h in report.hypotheses if h.verdict == "supported"] == ["age-years-old"]


@pytest.mark.parametrize("text,verdict", [
    # the bracket beside the name the other preposition gives: Ann Lee 1977-1982
    ("Ivo Dant was married to Ann Lee for 5 years.", "supported"),
    ("Ivo Dant was married to Ann Lee for over a decade.", "refuted"),
    ("Ivo Dant was married to Jo Kerr for over 10 years.", "supported"),  # 1989-2004
])
def test_a_period_beside_the_name_in_a_cell_of_brackets(text, verdict, core_checker):
    table = Table.from_dict({"id": "marriages", "columns": ["name", "Born", "Spouse(s)"],
                             "rows": [["Ivo Dant", "1950", "Ann Lee , ( m. 1977;  div. 1982) ,"
                                       " Jo Kerr ,  ( m. 1989;  div. 2004)"]]})
    report = core_checker.check(text, table)
    assert report.verdict == verdict
    timed = [h for h in report.hypotheses if h.reason in ("value matches", "number differs")
             and "(" in (h.value.target if h.value else "")]
    assert timed and timed[0].value.target.startswith("( m. 19")


def test_over_a_period_after_a_verb_is_during(core_checker):
    album = Table.from_dict({"id": "album-over", "columns": ["name", "Recorded", "Label"],
                             "rows": [["Sea Glass", "1996-1997", "Arlo"]]})
    # "over a two-year period": during two years (1996-1997), not more than two
    report = core_checker.check("Sea Glass was recorded over a two-year period.", album)
    assert report.verdict == "supported"
    report = core_checker.check("Sea Glass was recorded for over two years.", album)
    assert report.verdict == "refuted"  # at most 2 whole years 1996..1997

"""Ages (rules/frames/ages.yaml, depcheck/evaluators/age.py): how old one was at an event
or is now, against the birth cell and the event's cell, on tables of their own."""

from __future__ import annotations

import pytest

from depcheck.checker import Checker
from depcheck.config import Config
from depcheck.table import Table

from .conftest import REPO
from .verdicts import expect

ACTRESS = Table.from_dict({
    "id": "actress-ages", "caption": "Person",
    "columns": ["name", "Born", "Died", "Occupation", "Years active", "Spouse"],
    "rows": [["Ada Rook", "(1901-03-04) 4 March 1901 Leeds, England",
              "29 August 1962 (aged 61) York, England", "Actress", "1919-1960",
              "Tom Vail (m. 1930; div. 1941)"]]})

SINGER = Table.from_dict({
    "id": "singer-ages", "caption": "Person",
    "columns": ["name", "Born", "Occupation"],
    "rows": [["Lev Amri", "12 May 1975 (age 44) Haifa", "Singer"]]})


@pytest.fixture(scope="module")
def checker_2019():
    return Checker(Config(rules_dir=REPO / "rules", as_of_year=2019))


@pytest.mark.parametrize("table, text, verdict", [
    # at death: the died cell writes the age (61)
    (ACTRESS, "Ada Rook died in her sixties.", "supported"),
    (ACTRESS, "Ada Rook died in her fifties.", "refuted"),
    (ACTRESS, "Ada Rook was 61 years old when she died.", "supported"),
    (ACTRESS, "Ada Rook was 74 years old when she died.", "refuted"),
    (ACTRESS, "Ada Rook passed away when she was 61 years old.", "supported"),
    (ACTRESS, "Ada Rook died at the age of 70.", "refuted"),
    (ACTRESS, "Ada Rook was in her early sixties when she died.", "supported"),
    (ACTRESS, "Ada Rook died in her late sixties.", "refuted"),
    # at the start of the years active: 1919 less 1901, 17 or 18
    (ACTRESS, "Ada Rook started acting in her teens.", "supported"),
    (ACTRESS, "Ada Rook began her career in her twenties.", "refuted"),
    (ACTRESS, "Ada Rook has been active since her teens.", "supported"),
    (ACTRESS, "Ada Rook became active as an actress before age 20.", "supported"),
    (ACTRESS, "Ada Rook became active as an actress before age 12.", "refuted"),
    # now: the birth cell writes the age (44)
    (SINGER, "Lev Amri is in his forties.", "supported"),
    (SINGER, "Lev Amri is in his thirties.", "refuted"),
])
def test_an_age_against_the_birth_and_the_event(checker_2019, table, text, verdict):
    report = expect(checker_2019, table, text, verdict)
    aged = [h for h in report.hypotheses if h.details.get("evaluator") == "age"]
    assert aged and aged[0].verdict == verdict
    assert aged[0].rule_location.startswith("rules/frames/ages.yaml:")


@pytest.mark.parametrize("text", [
    "Ada Rook died of cancer in her sixties.",  # the cause is another claim
])
def test_what_an_age_does_not_account_for(checker_2019, text):
    assert checker_2019.check(text, ACTRESS).verdict == "unverifiable"


@pytest.mark.parametrize("text, verdict", [
    # a decade written in digits with "'s" (parsed apart from the number): a decade, not 60
    ("Ada Rook died in her 60's.", "supported"),
    ("Ada Rook died of a fever in her 50's.", "refuted"),
    ("Ada Rook died in her early 60's.", "supported"),
    ("Ada Rook died in her late 60's.", "refuted"),
])
def test_a_decade_of_life_in_digits_with_a_split_suffix(checker_2019, text, verdict):
    report = expect(checker_2019, ACTRESS, text, verdict)
    assert any(h.kind == "date" and h.verdict == verdict for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    # "married" names the spouse cell's bracket (1930-1941), not Years active (1919-1960),
    # though "years" is a word of that column's name
    ("Ada Rook was married for over ten years.", "supported"),
    ("Ada Rook was married for more than fifteen years.", "refuted"),
    ("Ada Rook has been active for more than thirty years.", "supported"),
])
def test_a_length_of_time_is_said_of_the_period_the_verb_names(checker_2019, text, verdict):
    report = expect(checker_2019, ACTRESS, text, verdict)
    column = "Spouse" if "married" in text else "Years active"
    assert any(column in h.evidence.columns for h in report.hypotheses)


SPOUSES = Table.from_dict({
    "id": "spouses", "caption": "Person",
    "columns": ["name", "Born", "Spouse(s)", "Children", "Years active"],
    "rows": [["Nell Ivory", "2 May 1970", "Tam Ruiz (m. 2012)", "2", "1990-present"]]})

WIDOW = Table.from_dict({
    "id": "widow", "caption": "Person", "columns": ["name", "Born", "Died", "Spouse(s)"],
    "rows": [["Otto Rasp", "1901", "4 May 1950 (aged 49)", "Una Ley (m. 1930)"]]})


@pytest.mark.parametrize("table, text, verdict", [
    # a marriage bracket with a start year only is still running: to the reference year
    (SPOUSES, "Nell Ivory has been married for over five years.", "supported"),  # 2012-2019
    (SPOUSES, "Nell Ivory has been married for more than a decade.", "refuted"),
    # ... or to the death
    (WIDOW, "Otto Rasp was married for over fifteen years.", "supported"),  # 1930-1950
    (WIDOW, "Otto Rasp was married for over thirty years.", "refuted"),
])
def test_a_marriage_still_running(checker_2019, table, text, verdict):
    expect(checker_2019, table, text, verdict)


def test_a_length_of_time_is_no_count_of_children(checker_2019):
    # "two years" is not the 2 of Children
    report = checker_2019.check("Nell Ivory has been married for two years.", SPOUSES)
    assert not any("Children" in h.evidence.columns for h in report.hypotheses)


FRESCO = Table.from_dict({
    "id": "fresco-age", "caption": "Painting", "columns": ["name", "Artist", "Year"],
    "rows": [["Blue Nave", "Ida Roon", "1637 - 1638"]]})


@pytest.mark.parametrize("table, text, verdict", [
    # bounds on an age: now (Lev Amri, 44 in 2019), at an event (Ada Rook died at 61)
    (SINGER, "Lev Amri is younger than fifty years old.", "supported"),
    (SINGER, "Lev Amri is younger than forty years old.", "refuted"),
    (ACTRESS, "Ada Rook passed away before she was 70 years old.", "supported"),
    (ACTRESS, "Ada Rook died before she was 50 years old.", "refuted"),
    # a thing's age from its first date (1637: 381 or 382 years in 2019)
    (FRESCO, "Blue Nave is over 300 years old.", "supported"),
    (FRESCO, "Blue Nave is over 500 years old.", "refuted"),
])
def test_a_bound_on_an_age(checker_2019, table, text, verdict):
    report = expect(checker_2019, table, text, verdict)
    assert any(h.rule.startswith("age-") and h.verdict == verdict for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("The Old Bridge is more than 100 years old.", "supported"),
    ("The Old Bridge is more than one century old.", "supported"),
    ("The Old Bridge is over ten decades old.", "supported"),
    ("The Old Bridge is more than two centuries old.", "refuted"),
])
def test_an_age_in_decades_or_centuries_is_read_in_years(checker_2019, text, verdict):
    """The unit an age is counted in ("two *centuries* old") is converted to years; it had
    been read as two years, and supported."""
    bridge = Table.from_dict({"id": "b", "caption": "Old Bridge",
                              "columns": ["Name", "Opened", "Length"],
                              "rows": [["Old Bridge", "1899", "120 m"]]})
    expect(checker_2019, bridge, text, verdict)

"""Dates (rules/frames/dates.yaml, depcheck/evaluators/date.py): an event placed in time
against the cell holding its year, on tables of their own."""

from __future__ import annotations

import pytest

from depcheck.checker import Checker
from depcheck.config import Config
from depcheck.table import Table

from .conftest import REPO
from .verdicts import expect

COMPOSER = Table.from_dict({
    "id": "composer", "caption": "Composer",
    "columns": ["name", "Born", "Died", "Years active"],
    "rows": [["Ilse Varga", "(1887-11-03) November 3, 1887, Graz, Austria",
              "4 August 1929 (aged 41)", "1905 - 1929"]]})

SODA = Table.from_dict({
    "id": "soda", "caption": "Soft drink",
    "columns": ["name", "Type", "Country of origin", "Introduced"],
    "rows": [["Orbit Fizz", "Cola", "Belgium", "2005"]]})


@pytest.fixture(scope="module")
def checker_2019():
    """The checker with 2019 as the year "ago" and "present" count from."""
    return Checker(Config(rules_dir=REPO / "rules", as_of_year=2019))


@pytest.mark.parametrize("text, verdict", [
    ("Ilse Varga was born in 1887.", "supported"),
    ("Ilse Varga was born in 1888.", "refuted"),
    ("Ilse Varga was born before 1890.", "supported"),
    ("Ilse Varga was born after 1890.", "refuted"),
    ("Ilse Varga was born in the 1880s.", "supported"),
    ("Ilse Varga was born in the 1870's.", "refuted"),
    ("Ilse Varga was born in the 19th century.", "supported"),
    ("Ilse Varga died in the 20th century.", "supported"),
    ("Ilse Varga died in the 18th century.", "refuted"),
    ("Ilse Varga died on 4 August 1929.", "supported"),
    ("Ilse Varga died on 4 August 1931.", "refuted"),
])
def test_a_year_against_the_column_the_verb_names(core_checker, text, verdict):
    report = expect(core_checker, COMPOSER, text, verdict)
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and dated[0].verdict == verdict
    assert dated[0].rule_location.startswith("rules/frames/dates.yaml:")
    assert dated[0].evidence.columns[0] in ("Born", "Died")


@pytest.mark.parametrize("text", [
    "Ilse Varga died on 5 August 1929.",  # the year holds, the day is not the cell's
    "Ilse Varga was born on a Tuesday in 1887.",  # nor is a weekday
])
def test_a_finer_date_than_the_year_is_not_supported_by_the_year(core_checker, text):
    report = core_checker.check(text, COMPOSER)
    assert report.verdict == "unverifiable", report.hypotheses


@pytest.mark.parametrize("text, verdict", [
    ("Orbit Fizz was introduced over 10 years ago.", "supported"),  # 2005: 14 years
    ("Orbit Fizz was introduced over 20 years ago.", "refuted"),
    ("Orbit Fizz was introduced less than 20 years ago.", "supported"),
    ("Orbit Fizz was introduced 14 years ago.", "supported"),
    ("Orbit Fizz was introduced 30 years ago.", "refuted"),
    ("Orbit Fizz was introduced in the 1990s.", "refuted"),
])
def test_ago_counts_back_from_the_reference_year(checker_2019, text, verdict):
    expect(checker_2019, SODA, text, verdict)


def test_a_period_is_no_amount_against_a_year(checker_2019):
    # "2005" is a date: "for over 20 years" is not compared with the number 2005
    report = checker_2019.check("Orbit Fizz has been sold for over 2000 years.", SODA)
    assert report.verdict != "supported"


def test_the_copula_names_no_date_column(core_checker):
    # "was in 1887": no predicate says which of the dates is meant
    report = core_checker.check("Ilse Varga was in Vienna in 1887.", COMPOSER)
    assert not [h for h in report.hypotheses if h.kind == "date"]


PAINTING = Table.from_dict({
    "id": "painting", "caption": "Painting",
    "columns": ["name", "Artist", "Year", "Medium"],
    "rows": [["Grey Harbour", "Ilse Varga", "1548", "Oil on canvas"]]})

ALBUM = Table.from_dict({
    "id": "album", "caption": "Album",
    "columns": ["name", "Released", "Recorded", "Label"],
    "rows": [["Low Tide", "28 March 1973", "1972", "RCA"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (COMPOSER, "Ilse Varga was born in the fall of 1887.", "supported"),  # November
    (COMPOSER, "Ilse Varga was born in the spring of 1887.", "refuted"),
    (COMPOSER, "Ilse Varga died in the summer of 1929.", "supported"),  # August
    (COMPOSER, "Ilse Varga died in the winter of 1929.", "refuted"),
    (ALBUM, "Low Tide came out in the spring of 1973.", "supported"),  # March
])
def test_a_season_against_the_month_of_the_date(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


@pytest.mark.parametrize("table, text, verdict", [
    (COMPOSER, "Ilse Varga has been active since 1905.", "supported"),
    (COMPOSER, "Ilse Varga has been active since the 1890s.", "refuted"),
    (PAINTING, "Grey Harbour was painted in the 16th century.", "supported"),
    (PAINTING, "Grey Harbour was painted before 1500.", "refuted"),
    (ALBUM, "Low Tide came out in 1973.", "supported"),  # "come out in": Released
    (ALBUM, "Low Tide came out in the 1960s.", "refuted"),
])
def test_the_predicate_names_the_date_column(core_checker, table, text, verdict):
    report = expect(core_checker, table, text, verdict)
    assert [h for h in report.hypotheses if h.kind == "date"]


@pytest.mark.parametrize("text, verdict", [
    ("Orbit Fizz was introduced in the '00s.", "supported"),  # 2005; the reference is 2019
    ("Orbit Fizz was introduced in the 90's.", "refuted"),  # the 1990s
])
def test_a_decade_in_two_digits(checker_2019, text, verdict):
    expect(checker_2019, SODA, text, verdict)


def test_a_possessive_decade_is_an_age(core_checker):
    # "in her 20s" is her age, not the 2020s
    report = core_checker.check("Ilse Varga died in her 40s.", COMPOSER)
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and all(h.details["evaluator"] == "age" for h in dated)  # aged 41
    assert report.verdict == "supported"


WINTER = Table.from_dict({
    "id": "winter", "caption": "Person",
    "columns": ["name", "Born"],
    "rows": [["Ola Berg", "(1937-01-20) January 20, 1937"]]})


def test_a_winter_across_a_new_year_is_undecided(core_checker):
    report = core_checker.check("Ola Berg was born in the winter of 1936.", WINTER)
    assert not [h for h in report.hypotheses if h.kind == "date"]
    expect(core_checker, WINTER, "Ola Berg was born in the winter of 1937.", "supported")
    expect(core_checker, WINTER, "Ola Berg was born in the summer of 1937.", "refuted")


EDGE = Table.from_dict({
    "id": "edge", "caption": "Person",
    "columns": ["name", "Born", "Died"],
    "rows": [["Ada Kell", "(1892-12-11) December 11, 1892, Shelburne", "30 July 1960"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (COMPOSER, "Ilse Varga was born in the fall.", "supported"),  # November, any year
    (COMPOSER, "Ilse Varga was born during the autumn season.", "supported"),
    (COMPOSER, "Ilse Varga was born in the spring.", "refuted"),
    (COMPOSER, "Ilse Varga died in the summer.", "supported"),  # August
    (COMPOSER, "Ilse Varga died in winter.", "refuted"),
    # December 11: winter by the months, fall by the solstice; summer by neither
    (EDGE, "Ada Kell was born in the fall.", "unverifiable"),
    (EDGE, "Ada Kell was born in the winter.", "unverifiable"),
    (EDGE, "Ada Kell was born in the summer.", "refuted"),
    (EDGE, "Ada Kell died in the summer.", "supported"),  # 30 July: past the edge
])
def test_a_season_alone_against_the_month_of_the_date(core_checker, table, text, verdict):
    report = expect(core_checker, table, text, verdict)
    if verdict != "unverifiable":
        assert [h for h in report.hypotheses if h.kind == "date"]


@pytest.mark.parametrize("text, verdict", [
    ("The fall of 1887 is when Ilse Varga was born.", "supported"),
    ("The spring of 1887 is when Ilse Varga was born.", "refuted"),
    ("1929 is when Ilse Varga died.", "supported"),
    ("1930 is when Ilse Varga died.", "refuted"),
])
def test_a_time_said_to_be_when_the_event_happened(core_checker, text, verdict):
    report = expect(core_checker, COMPOSER, text, verdict)
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and dated[0].rule == "date-cleft"

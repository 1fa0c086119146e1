"""An age said at a year the clause states ("was 235 years old *in 2019*", "*By 2019* it was
98 years old") is the age during that year, one of its two (the day of the birth or the
founding unknown); an age reached that year ("*turned* 98 in 2019", the lexicon's
``age_verbs``) is the year less the birth year.  Without the year, "turned 98" says no age
the table can date."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

ESTATE = Table.from_dict({
    "id": "estate", "caption": "Chateau Morlan",
    "columns": ["Name", "Founded", "Region", "Vineyard area", "Owner"],
    "rows": [["Chateau Morlan", "1784", "Bordeaux", "42 ha", "Morlan family"]]})

PAINTER = Table.from_dict({
    "id": "painter", "columns": ["Name", "Born", "Occupation"],
    "rows": [["Ada Rook", "12 May 1950", "Painter"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (ESTATE, "The chateau was 235 years old in 2019.", "supported"),
    (ESTATE, "The chateau was 234 years old in 2019.", "supported"),
    (ESTATE, "The chateau was 230 years old in 2019.", "refuted"),
    (ESTATE, "By 2019 the chateau was 235 years old.", "supported"),
    (ESTATE, "The chateau turned 235 in 2019.", "supported"),
    (ESTATE, "The chateau turned 234 in 2019.", "refuted"),
    (ESTATE, "The chateau turned 235.", "unverifiable"),
    (PAINTER, "Ada Rook turned 40 in 1990.", "supported"),
    (PAINTER, "Ada Rook turned 41 in 1990.", "refuted"),
    (PAINTER, "Ada Rook was 40 years old in 1990.", "supported"),
    (PAINTER, "Ada Rook was 45 years old in 1990.", "refuted"),
    # a bound at the year: decided when both of the year's ages fall on one side
    (PAINTER, "Ada Rook was younger than thirty years old in 1975.", "supported"),
    (PAINTER, "Ada Rook was younger than thirty years old in 1985.", "refuted"),
    (PAINTER, "Ada Rook was younger than thirty years old in 1980.", "unverifiable"),
])
def test_an_age_at_a_stated_year(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


def test_the_year_is_read_with_the_age(core_checker):
    report = core_checker.check("Ada Rook turned 41 in 1990.", PAINTER)
    found = [h for h in report.hypotheses if h.verdict == "refuted"]
    assert found and found[0].rule == "age-turned"
    assert "at 1990 the age is 40" in found[0].explanation


@pytest.mark.parametrize("text, verdict", [
    ("The 125-year-old estate was founded in 1894.", "supported"),
    ("The 120-year-old estate was founded in 1894.", "refuted"),
    ("Now 125 years old, the estate was founded in 1894.", "supported"),
    ("The estate, now 130 years old, was founded in 1894.", "refuted"),
])
def test_an_attributive_age_is_the_age_now(checker_2019, text, verdict):
    """"the 125-year-old estate", "now 125 years old": the age during the reference year
    (2019 here), not at the event of the clause around it."""
    tea = Table.from_dict({"id": "tea", "caption": "Mirabeth Tea Estate",
                           "columns": ["Estate", "Founded", "Area"],
                           "rows": [["Mirabeth Tea Estate", "1894", "412 ha"]]})
    expect(checker_2019, tea, text, verdict)

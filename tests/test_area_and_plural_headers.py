"""Areas in their units, converted within the dimension ("over 300 square kilometres"
against "204 km2 (79 sq mi)"), and a header with a plural marker named by either number
("plays as a central midfielder" against "Position(s)").

Every expected verdict is reasoned from the tables below: one town, one footballer.

    name     Area • Total              Population
    Varnby   204 km2 (79 sq mi)        48,315

    name        Position(s)          Current team
    Ede Koller  Central midfielder   Rosendal FC
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

TOWN = Table.from_dict({
    "id": "town-area", "caption": "Varnby",
    "columns": ["name", "Area • Total", "Population"],
    "rows": [["Varnby", "204 km2 (79 sq mi)", "48,315"]]})

PLAYER = Table.from_dict({
    "id": "player-position", "caption": "Ede Koller",
    "columns": ["name", "Position(s)", "Current team"],
    "rows": [["Ede Koller", "Central midfielder", "Rosendal FC"]]})


@pytest.mark.parametrize("text,verdict", [
    ("Varnby has an area of more than 300 square kilometres.", "refuted"),
    ("Varnby has an area of under 250 square kilometres.", "supported"),
    ("Varnby has an area of about 79 square miles.", "supported"),
    ("Varnby covers more than 15,000 hectares.", "supported"),  # 20,400 ha
])
def test_an_area_is_compared_in_its_units(core_checker, text, verdict):
    expect(core_checker, TOWN, text, verdict)


def test_a_plural_marked_header_is_named_by_its_word(core_checker):
    report = expect(core_checker, PLAYER, "Ede Koller plays as a central midfielder.",
                    "supported")
    assert not [h for h in report.hypotheses if h.verdict == "unverifiable"]


@pytest.mark.parametrize("text,verdict", [
    # a count noun names the record's count (lexicon value_synonyms: population)
    ("Varnby has fewer than 50,000 inhabitants.", "supported"),
    ("Varnby has more than sixty thousand residents.", "refuted"),
    ("Varnby has 48,315 inhabitants.", "supported"),
])
def test_a_count_noun_names_the_population(core_checker, text, verdict):
    report = expect(core_checker, TOWN, text, verdict)
    assert any(c.column == "Population" for h in report.hypotheses
               for c in h.evidence.output)


PEAK = Table.from_dict({
    "id": "peak-elevation", "caption": "Mount Orvel",
    "columns": ["name", "Elevation", "Location"],
    "rows": [["Mount Orvel", "4,318 m (14,167 ft)", "Altai Mountains"]]})


@pytest.mark.parametrize("text,verdict", [
    # "rise" names the elevation (lexicon verb_attributes), in feet or metres
    ("Mount Orvel rises above 14,000 feet.", "supported"),
    ("Mount Orvel rises above 15,000 feet.", "refuted"),
    ("Mount Orvel rises to 4,318 metres.", "supported"),
])
def test_a_mountain_rises_to_its_elevation(core_checker, text, verdict):
    report = expect(core_checker, PEAK, text, verdict)
    assert any(c.column == "Elevation" for h in report.hypotheses for c in h.evidence.output)

"""General knowledge in the lexicon, on record tables written for these tests: a country
in a cell and its demonym in the text state the same value (rules/lexicon/demonyms.yaml);
predicates name columns ("came out in", "runs": rules/lexicon/synonyms.yaml); a word
derived from a column's word ("month" of "Monthly rent") is accounted for with it."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

FILM = Table.from_dict({
    "id": "film", "caption": "Film",
    "columns": ["name", "Directed by", "Country", "Language", "Running time"],
    "rows": [["The Monsoon Road", "Asha Varma", "India", "Hindi", "141 minutes"],
             ["Paper Lanterns", "Kenji Mori", "Japan", "Japanese", "118 minutes"]]})



@pytest.mark.parametrize("text, verdict", [
    ("The Monsoon Road is an Indian film.", "supported"),
    ("Paper Lanterns is an Indian film.", "refuted"),  # The Monsoon Road is
])
def test_a_demonym_states_the_country(core_checker, text, verdict):
    report = expect(core_checker, FILM, text, verdict)
    decided = [h for h in report.hypotheses if h.verdict == verdict]
    assert any(h.attribute is not None and h.attribute.column == "Country" for h in decided)


FLAT = Table.from_dict({
    "id": "flat", "caption": "Flat to let",
    "columns": ["name", "Monthly rent", "Bedrooms"],
    "rows": [["Harbour Loft", "£900", "2"]]})
DOCUMENTARY = Table.from_dict({
    "id": "documentary", "caption": "Film",
    "columns": ["name", "Release year", "Runtime"],
    "rows": [["Tidewater", "2021", "95 min"]]})


@pytest.mark.parametrize("table, text, verdict", [
    # "month" names the column "Monthly rent" it was checked against
    (FLAT, "Harbour Loft rents for £900 a month.", "supported"),
    (FLAT, "Harbour Loft rents for £1,200 a month.", "refuted"),
    # "came out in" states the release year, "runs" the running time (synonyms.yaml)
    (DOCUMENTARY, "Tidewater came out in 2021 and runs 95 minutes.", "supported"),
    (DOCUMENTARY, "Tidewater runs 120 minutes.", "refuted"),
])
def test_predicates_and_column_words_are_accounted_for(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


PLANTS = Table.from_dict({
    "id": "plants", "caption": "Houseplants",
    "columns": ["Plant", "Max height", "Price"],
    "rows": [["Areca palm", "2 m", "$30"], ["Peace lily", "60 cm", "$15"]]})


@pytest.mark.parametrize("text, verdict", [
    # cells in their own units ("2 m" beside "60 cm") are compared in the base unit; the
    # verb whose object is the checked column ("reaches a maximum height of") is accounted for
    ("The peace lily reaches a maximum height of 0.6 m.", "supported"),
    ("The peace lily reaches a maximum height of 0.8 m.", "refuted"),
    ("The areca palm reaches a maximum height of 200 cm.", "supported"),
])
def test_mixed_units_in_a_column(core_checker, text, verdict):
    expect(core_checker, PLANTS, text, verdict)


HORSE = Table.from_dict({
    "id": "horse", "caption": "Racehorse", "columns": ["name", "Sire", "Earnings"],
    "rows": [["Quill", "Northern Dancer", "$542,190"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Quill earned over half a million dollars.", "supported"),
    ("Quill earned less than a million dollars.", "supported"),
    ("Quill earned 2.5 million dollars.", "refuted"),  # not a million: 2.5 million
])
def test_scaled_amounts(core_checker, text, verdict):
    report = expect(core_checker, HORSE, text, verdict)
    decided = [h for h in report.hypotheses if h.verdict == verdict]
    assert decided and all("1000000 usd" not in h.explanation for h in decided
                           if "2.5" in text or "half" in text)


FILM2 = Table.from_dict({
    "id": "film2", "caption": "Movie", "columns": ["name", "Directed by", "Running time"],
    "rows": [["Dune Sea", "Ada Lind", "134 minutes"]]})


@pytest.mark.parametrize("text, verdict", [
    # a bound cue before an article still bounds the number after it
    ("Dune Sea has over a 2 hour run time.", "supported"),
    ("Dune Sea has under a 2 hour run time.", "refuted"),
])
def test_a_bound_across_an_article(core_checker, text, verdict):
    assert core_checker.check(text, FILM2).verdict == verdict


INSTITUTE = Table.from_dict({
    "id": "institute", "caption": "Organization", "columns": ["name", "Type", "Formation"],
    "rows": [["Institute of Lenses", "Non-profit organization", "1931"]]})


@pytest.mark.parametrize("text, verdict", [
    # a negation inside the value's own words, or glued to one word by a hyphen, is part of
    # a word, not a denial of the claim
    ("The Institute of Lenses is a non-profit organization.", "supported"),
    ("The Institute of Lenses is not a non-profit organization.", "refuted"),
    ("The Institute of Lenses was not formed in 1931.", "refuted"),
])
def test_negation_prefixes(core_checker, text, verdict):
    assert core_checker.check(text, INSTITUTE).verdict == verdict


def test_a_hyphenated_negation_denies_only_its_own_word(core_checker):
    report = core_checker.check("The Institute of Lenses is a not-for-profit formed in 1931.",
                                INSTITUTE)
    year = [h for h in report.hypotheses if "1931" in h.text]
    assert year and year[0].verdict == "supported"


CAFE = Table.from_dict({
    "id": "cafe", "caption": "Restaurant", "columns": ["name", "familyFriendly"],
    "rows": [["Blue Kettle", "no"]]})


def test_a_hyphenated_negation_of_the_value_still_denies_it(core_checker):
    report = core_checker.check("Blue Kettle is a non-family-friendly cafe.", CAFE)
    assert report.verdict == "supported", [(h.kind, h.verdict, h.explanation)
                                           for h in report.hypotheses]


# how many came or were served: "handled", "welcomed", "employs" state the figure of the
# column their object names (rules/lexicon/synonyms.yaml verb_attributes)
HARBOUR = Table.from_dict({
    "id": "harbour", "caption": "Port",
    "columns": ["name", "Passengers (2018)", "Visitors", "Employees", "Students"],
    "rows": [["Port of Keswold", "2,410,000", "310,500", "1,240", "85"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Port of Keswold handled more than 2 million passengers in 2018.", "supported"),
    ("The Port of Keswold handled more than 3 million passengers in 2018.", "refuted"),
    ("The Port of Keswold employs 1,240 people.", "supported"),
    ("The Port of Keswold welcomed 310,500 visitors.", "supported"),
    ("The Port of Keswold enrols 85 students.", "supported"),
])
def test_a_verb_that_states_a_figure(core_checker, text, verdict):
    expect(core_checker, HARBOUR, text, verdict)


VACUUMS = Table.from_dict({
    "id": "vacuums", "caption": "Robot vacuums",
    "columns": ["Model", "Price", "Suction", "Battery life"],
    "rows": [["Dustra V5", "\u20ac299", "2,000 Pa", "120 min"],
             ["Kleanix Pro 8", "\u20ac649", "4,000 Pa", "150 min"],
             ["Nimbo S", "\u20ac399", "2,700 Pa", "100 min"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Kleanix Pro 8 is the most powerful robot vacuum.", "supported"),
    ("The Nimbo S is the most powerful robot vacuum.", "refuted"),
])
def test_suction_is_a_vacuum_s_power(core_checker, text, verdict):
    """"the most powerful" grades a column the lexicon's comparatives name for it:
    Suction, as it does Power or Torque."""
    expect(core_checker, VACUUMS, text, verdict)


PEAKS = Table.from_dict({
    "id": "peaks", "caption": "Volcanoes of the Serra chain",
    "columns": ["Volcano", "Type", "Elevation", "Last eruption"],
    "rows": [["Monte Caldo", "Caldera", "458 m", "1538"],
             ["Pico Alto", "Stratovolcano", "2,351 m", "1720"],
             ["Gunung Tirta", "Stratovolcano", "3,142 m", "2018"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Gunung Tirta is the tallest volcano in the chain.", "supported"),
    ("Pico Alto is the tallest volcano in the chain.", "refuted"),
])
def test_a_mountain_s_height_is_its_elevation(core_checker, text, verdict):
    """"the tallest" grades an Elevation column (the lexicon's comparatives)."""
    expect(core_checker, PEAKS, text, verdict)

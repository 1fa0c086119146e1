"""A value said with several verbs: "written and directed by Ann Roe" checks both columns,
"written and directed by the same person" compares them (rules/frames/shared.yaml,
depcheck/evaluators/shared.py), and a passive's agent names its column ("written by"), on
tables of their own."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

FILM = Table.from_dict({
    "id": "film-shared", "caption": "Film",
    "columns": ["Title", "Directed by", "Written by", "Produced by", "Starring",
                "Cinematography", "Distributed by"],
    "rows": [["Salt Harbour", "Mira Castell", "Owen Fitch", "Mira Castell, Joel Brand",
              "Tess Arden, Hal Moody", "Rafe Lindqvist", "Northlight Films"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Salt Harbour was written and directed by the same person.", "refuted"),
    ("Salt Harbour was written and directed by two different people.", "supported"),
    ("Salt Harbour was produced and directed by the same person.", "supported"),
    ("Salt Harbour was produced, written and directed by the same person.", "refuted"),
    ("Salt Harbour was produced and distributed by the same company.", "refuted"),
])
def test_same_or_different_values_across_the_columns_verbs_name(core_checker, text, verdict):
    report = expect(core_checker, FILM, text, verdict)
    shared = [h for h in report.hypotheses if h.kind == "shared"]
    assert shared and shared[0].verdict == verdict
    assert shared[0].rule_location.startswith("rules/frames/shared.yaml:")
    assert {c.column for c in shared[0].evidence.output} >= {"Directed by"} or \
        "Distributed by" in {c.column for c in shared[0].evidence.output}


@pytest.mark.parametrize("text, verdict", [
    # the agent of a passive names its column: a name of another column is no support
    ("Salt Harbour was written by Owen Fitch.", "supported"),
    ("Salt Harbour was written by Rafe Lindqvist.", "refuted"),
    ("Salt Harbour was directed by Owen Fitch.", "refuted"),
    # each coordinated verb is a claim of its own
    ("Salt Harbour was directed and produced by Mira Castell.", "supported"),
    ("Salt Harbour was written and directed by Mira Castell.", "refuted"),
    ("Salt Harbour was produced and directed by Tess Arden.", "refuted"),
    # a slip in a name is the name; another surname is another person
    ("Salt Harbour was directed by Mira Castel.", "supported"),
    ("Salt Harbour was directed by Mira Castellano.", "refuted"),
    ("Salt Harbour was written by Owen Finch.", "refuted"),
    ("Salt Harbour was written by Owen Marsh.", "refuted"),
])
def test_each_verb_of_a_coordination_checks_its_own_column(core_checker, text, verdict):
    expect(core_checker, FILM, text, verdict)


def test_same_without_columns_for_its_verbs_decides_nothing(core_checker):
    report = core_checker.check("Salt Harbour was filmed and scored by the same person.", FILM)
    assert not [h for h in report.hypotheses if h.kind == "shared"]
    assert report.verdict == "unverifiable"


PAINTER = Table.from_dict({
    "id": "painter-places", "caption": "Person",
    "columns": ["name", "Born", "Died", "Residence"],
    "rows": [["Ida Moss", "(1852-10-06) 6 October 1852 Brooklyn, New York City, New York, U.S.",
              "29 August 1900 (aged 47) New York City, New York, U.S.",
              "Albany, New York, U.S."]]})

COMPOSER = Table.from_dict({
    "id": "composer-places", "caption": "Person",
    "columns": ["name", "Born", "Died"],
    "rows": [["Ed Ray", "March 5, 1940 Vienna, Austria",
              "July 1, 2001 (aged 61) Lyon, France"]]})


@pytest.mark.parametrize("table, text, verdict", [
    # a town is any part before the state and the country: Brooklyn, New York City
    (PAINTER, "Ida Moss died in the same city that she was born in.", "supported"),
    (PAINTER, "Ida Moss lives in the same state she was born in.", "supported"),
    (PAINTER, "Ida Moss lives in the same city she was born in.", "refuted"),
    (COMPOSER, "Ed Ray was born and died in different countries.", "supported"),
    (COMPOSER, "Ed Ray died in the same country that he was born in.", "refuted"),
    (COMPOSER, "Ed Ray passed away in the same town he was born in.", "refuted"),
])
def test_a_place_the_same_or_different_at_one_level(core_checker, table, text, verdict):
    report = expect(core_checker, table, text, verdict)
    shared = [h for h in report.hypotheses if h.kind == "shared"]
    assert shared and shared[0].verdict == verdict


TOWN = Table.from_dict({
    "id": "town", "caption": "Settlement",
    "columns": ["name", "Mayor", "Vice Mayor", "Treasurer"],
    "rows": [["Port Alder", "Ines Calo", "Rafa Dunne", "Ines Calo"]]})


@pytest.mark.parametrize("text, verdict", [
    # coordinated nouns naming their columns, said to be one or two people
    ("Port Alder's mayor and vice mayor are the same person.", "refuted"),
    ("Port Alder's mayor and treasurer are the same person.", "supported"),
    ("The mayor and the vice mayor are different people.", "supported"),
])
def test_coordinated_nouns_said_the_same_or_different(core_checker, text, verdict):
    report = expect(core_checker, TOWN, text, verdict)
    shared = [h for h in report.hypotheses if h.kind == "shared"]
    assert shared and shared[0].rule == "shared-value-nouns"

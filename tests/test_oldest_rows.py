""""The oldest lift", "the newest brewery", "the youngest dog": the degree words of age
(rules/lexicon/degree.yaml) grade the column of a row's first year (Built, Founded, Opened,
... since) the other way round, and a column of ages directly ("old" grades Age inversely:
the oldest has the highest age)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

LIFTS = Table.from_dict({
    "id": "lifts", "caption": "Ski lifts",
    "columns": ["Lift", "Type", "Capacity", "Built"],
    "rows": [["Gipfel", "Cable car", "800", "1972"], ["Talbahn", "Gondola", "2,400", "1998"],
             ["Sonnen", "Chairlift", "1,800", "1985"]]})

FERRIES = Table.from_dict({
    "id": "ferries", "caption": "River ferries",
    "columns": ["Ferry", "Crossing", "Operating since"],
    "rows": [["Bramstedt", "Elbe", "1886"], ["Wolfsfurt", "Weser", "1921"]]})

DOGS = Table.from_dict({
    "id": "dogs", "caption": "Group winners",
    "columns": ["Dog", "Breed", "Age"],
    "rows": [["Rex", "Whippet", "4"], ["Bo", "Border Terrier", "7"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (LIFTS, "The Gipfel is the oldest lift in the area.", "supported"),
    (LIFTS, "The Sonnen is the oldest lift.", "refuted"),
    (LIFTS, "The Talbahn is the newest lift.", "supported"),
    (LIFTS, "The Sonnen is older than the Talbahn.", "supported"),
    (LIFTS, "The Talbahn is older than the Sonnen.", "refuted"),
    (FERRIES, "The Bramstedt is the oldest ferry on the river.", "supported"),
    (FERRIES, "The Wolfsfurt is the oldest ferry on the river.", "refuted"),
    (DOGS, "Bo is the oldest dog.", "supported"),
    (DOGS, "Rex is the oldest dog.", "refuted"),
    (DOGS, "Rex is the youngest dog.", "supported"),
    (DOGS, "Bo is younger than Rex.", "refuted"),
])
def test_the_oldest_and_the_newest(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)

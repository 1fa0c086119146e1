"""A figure whose words are a column's own name ("the 1500 m mark" of a column "1500 m",
"in 2016" of a column "2016") picks that column: it is no value of it, and never a
number compared with its cells."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SPLITS = Table.from_dict({
    "id": "final", "caption": "Rowing final",
    "columns": ["Rower", "500 m", "1000 m", "1500 m", "Finish", "Medal"],
    "rows": [["Henrik Aalst", "1:41.56", "3:31.02", "5:20.11", "7:03.80", "Silver"],
             ["Tomas Vrecko", "1:42.10", "3:29.85", "5:18.40", "7:01.22", "Gold"],
             ["Callum Reyes", "1:43.00", "3:30.50", "5:19.70", "7:05.00", "Bronze"]]})

COUNTS = Table.from_dict({
    "id": "butterflies", "caption": "Butterfly counts",
    "columns": ["Species", "2015", "2016", "2017"],
    "rows": [["Meadow brown", "320", "410", "388"],
             ["Gatekeeper", "210", "190", "250"],
             ["Small tortoiseshell", "95", "40", "61"]]})


@pytest.mark.parametrize("text", [
    "Callum Reyes was second at the 1500 m mark.",
    "Henrik Aalst led at the 500 m mark.",
    "Henrik Aalst reached the 500 m mark in 1:41.56.",
    "Gatekeeper counts fell from 210 in 2015 to 190 in 2016.",
])
def test_a_column_named_by_a_figure_is_not_refuted_by_its_cells(core_checker, text):
    table = COUNTS if "20" in text.split()[-1] else SPLITS
    report = core_checker.check(text, table)
    assert report.verdict != "refuted", [h.to_dict() for h in report.hypotheses]


def test_a_value_of_a_year_column(core_checker):
    expect(core_checker, COUNTS, "Meadow brown had 410 sightings in 2016.", "supported")

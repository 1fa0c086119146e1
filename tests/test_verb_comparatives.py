"""A comparative that grades a verb whose words name a numeric column ("charges *faster*":
Charge time) compares that column, the other way when the lexicon says the word grades it
inversely (``comparatives``' ``inverse``: a faster charge is a shorter time), before the
word's own attributes (Top speed) are tried (``level.comparison_attribute``)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SCOOTERS = Table.from_dict({
    "id": "scooters", "caption": "Electric scooters",
    "columns": ["name", "Price", "Top speed", "Range", "Charge time"],
    "rows": [["Zipline S1", "$399", "25 km/h", "30 km", "5 h"],
             ["VoltRider Pro", "$749", "32 km/h", "45 km", "7 h"],
             ["UrbanGlide 2", "$549", "25 km/h", "40 km", "6 h"],
             ["Torque X", "$1,199", "45 km/h", "65 km", "9 h"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The VoltRider Pro charges faster than the UrbanGlide 2.", "refuted"),
    ("The UrbanGlide 2 charges faster than the VoltRider Pro.", "supported"),
    ("The Zipline S1 charges more quickly than the Torque X.", "supported"),
    ("The Torque X charges more slowly than the Zipline S1.", "supported"),
    ("The Zipline S1 charges slower than the Torque X.", "refuted"),
    # the word's own attribute, where no verb names a column
    ("The VoltRider Pro is faster than the UrbanGlide 2.", "supported"),
])
def test_the_verb_names_the_column_the_comparative_grades(core_checker, text, verdict):
    report = expect(core_checker, SCOOTERS, text, verdict)
    column = "Top speed" if " is " in text else "Charge time"
    assert any(column in h.evidence.columns for h in report.hypotheses
               if h.verdict == verdict)

"""A length of time read against the row's only period of years refutes only when the
sentence names that period (a word of its column up to the stem, or a verb the lexicon
gives it) or the period is the thing's own run (rules/lexicon/units.yaml
period_own_columns: Years active, Production, ...): "has owned the centre for five years"
says nothing of a Last renovated of 2016-2017, but "have been playing for 20 years" is
wrong against Years active 1990-2005.  A length the period does hold still supports."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BAND = Table.from_dict({
    "id": "band", "caption": "Band",
    "columns": ["Field", "Value"],
    "rows": [["Name", "The Gull Lanterns"], ["Origin", "Harwick"], ["Genre", "Folk rock"],
             ["Years active", "1990–2005"], ["Members", "4"]]})

MALL = Table.from_dict({
    "id": "mall", "caption": "Shopping centre",
    "columns": ["Field", "Value"],
    "rows": [["Name", "Quarry Lane Centre"], ["Opened", "2003"],
             ["Last renovated", "2016–2017"], ["Stores", "142"], ["Floors", "3"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (BAND, "The Gull Lanterns were active for 15 years.", "supported"),
    (BAND, "The Gull Lanterns were active for 20 years.", "refuted"),
    (BAND, "The Gull Lanterns have been playing together for 20 years.", "refuted"),
    (MALL, "The Quarry Lane Centre has been owned by a trust for five years.", "unverifiable"),
    (MALL, "The Quarry Lane Centre has 142 stores and was last renovated over 3 years.",
     "refuted"),
    (MALL, "The Quarry Lane Centre's last renovation took four years.", "refuted"),
])
def test_a_length_refutes_the_only_period_only_when_named(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)

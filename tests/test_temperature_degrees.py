"""Degree words of temperature ("the *warmest* pool", "colder than") grade a temperature
column (rules/lexicon/degree.yaml: warm, hot, cool, cold)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

POOLS = Table.from_dict({
    "id": "pools", "caption": "Public pools",
    "columns": ["Pool", "Lanes", "Water temp (°C)", "Adult entry ($)"],
    "rows": [["Riverside Centre", "10", "27", "6.50"],
             ["Kessel Park", "8", "24", "4.00"],
             ["Ashgrove Pool", "4", "30", "3.00"]]})


@pytest.mark.parametrize(("text", "verdict"), [
    ("Ashgrove Pool is the warmest pool.", "supported"),
    ("Kessel Park is the warmest pool.", "refuted"),
    ("Kessel Park is the coldest pool.", "supported"),
    ("Riverside Centre is colder than Kessel Park.", "refuted"),
])
def test_temperature_degrees(core_checker, text, verdict):
    report = expect(core_checker, POOLS, text, verdict)
    assert any("Water temp" in h.explanation for h in report.hypotheses)

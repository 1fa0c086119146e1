"""A range said by its two ends ("carries children from 9 kg to 25 kg", "a temperature range
from 60 °C to 240 °C"; frames figure-range*) against the row's range cell in the figures'
unit ("9–25", "60–240"): both ends must be the cell's."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SEATS = Table.from_dict({
    "id": "seats", "columns": ["Seat", "Child weight range (kg)", "Seat weight (kg)",
                               "Price (£)"],
    "rows": [["Rambler Duo", "9–25", "9.8", "189"], ["Nestling Zero", "0–13", "4.1", "149"],
             ["Orla Grow", "0–36", "14.2", "399"]]})

HOBS = Table.from_dict({
    "id": "hobs", "columns": ["Model", "Temperature range (°C)", "Max power (W)"],
    "rows": [["Calder IH1", "60–240", "2000"], ["Calder IH2", "60–240", "3400"],
             ["Pannix Pro", "50–260", "3500"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (SEATS, "The Rambler Duo carries children from 9 kg to 25 kg.", "supported"),
    (SEATS, "The Rambler Duo carries children from 9 kg to 18 kg.", "refuted"),
    (SEATS, "The Orla Grow carries children from 9 kg to 25 kg.", "refuted"),
    (HOBS, "The Calder IH1 has a temperature range from 60 °C to 240 °C.", "supported"),
    (HOBS, "The Calder IH1 has a temperature range from 60 °C to 260 °C.", "refuted"),
])
def test_a_range_by_its_two_ends(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)

"""Megawatts and gigawatts are powers, and watt-hours to terawatt-hours energies that
convert within their dimension: "a 1.5 kWh battery" against Battery (Wh) 1500, and a
figure in MW is no count of turbines when another column measures in it."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

STATIONS = Table.from_dict({
    "id": "stations", "caption": "Portable power stations",
    "columns": ["Model", "Battery (Wh)", "Output (W)", "Weight (kg)"],
    "rows": [["Volta 1500", "1536", "1800", "16.8"],
             ["Volta 300", "288", "300", "3.9"],
             ["Kestrel 700", "716", "700", "8.1"]]})

FARM = Table.from_dict({
    "id": "farm", "caption": "Wind farm",
    "columns": ["name", "Turbines", "Capacity per turbine", "Total capacity",
                "Annual output"],
    "rows": [["Gannet Bank Wind Farm", "40", "3.6 MW", "144 MW", "520 GWh"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Volta 1500 stores about 1.5 kWh.", "supported"),
    ("The Volta 300 stores about 1.5 kWh.", "refuted"),
])
def test_kilowatt_hours_against_watt_hours(core_checker, text, verdict):
    expect(core_checker, STATIONS, text, verdict)


@pytest.mark.parametrize("text, verdict", [
    ("The farm's turbines are rated at 3.6 MW.", "supported"),
    ("The farm produced 0.52 TWh a year.", "supported"),
    ("The farm produced 0.6 TWh a year.", "refuted"),
])
def test_megawatts_and_terawatt_hours(core_checker, text, verdict):
    report = expect(core_checker, FARM, text, verdict)
    assert not any(h.verdict == "refuted" and "Turbines" in h.explanation
                   for h in report.hypotheses)

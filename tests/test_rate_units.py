"""A figure whose unit a slash joins to another ("26 m/s", "25 km/h." at the end of a
sentence) is read as that rate: a rate the lexicon knows compares with its column, and one
it does not know is no length of 26 m to hold against a bar length."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SAWS = Table.from_dict({
    "id": "saws", "caption": "Mid-size chainsaws",
    "columns": ["Model", "Brand", "Bar length", "Weight", "Chain speed", "Price"],
    "rows": [["Timberjack 46", "Rostmark", "18 in", "5.1 kg", "24 m/s", "$429"],
             ["Voltline 40V", "Ecclow", "16 in", "4.2 kg", "20 m/s", "$349"],
             ["Forester 50", "Rostmark", "20 in", "5.6 kg", "26 m/s", "$519"],
             ["Cordmaster E18", "Pellam", "14 in", "4.6 kg", "14 m/s", "$139"]]})

SCOOTERS = Table.from_dict({
    "id": "scooters", "columns": ["Scooter", "Top speed", "Range", "Price"],
    "rows": [["Juno", "25 km/h", "30 km", "$399"], ["Vela", "32 km/h", "45 km", "$599"],
             ["Orbit", "20 km/h", "18 km", "$299"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (SAWS, "The Forester 50 carries the longest bar, 20 inches, and the fastest chain, at "
           "26 m/s.", "supported"),
    (SAWS, "The Forester 50 has the fastest chain, at 26 m/s.", "supported"),
    (SCOOTERS, "The Juno reaches 30 km/h.", "refuted"),
    (SCOOTERS, "The Juno has a top speed of 25 km/h and a range of 30 km.", "supported"),
])
def test_a_rate_is_read_whole(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


def test_a_rate_no_lexicon_names_is_no_amount(core_checker):
    from depcheck.link import Linker

    doc = core_checker.nlp("The chain runs at 26 m/s.")
    linker = Linker(core_checker.compile(SAWS), None, core_checker.rules.lexicon)
    assert linker.quantity(doc, 4, 8) is None  # "26 m / s.": not 26 m
    doc = core_checker.nlp("The Juno reaches 25 km/h.")
    found = linker.quantity(doc, 3, 7)
    assert found is not None and found[0].value == 25.0 and found[0].unit != "km"

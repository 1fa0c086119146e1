"""A figure a verb takes with an infinitive of purpose ("needs 90 minutes *to recharge*")
is the time for that purpose: linked by its unit alone to a column the infinitive does not
name (a Run time), it refutes nothing; "takes 3 minutes to boil" still reads a Boil time,
and "to complete one orbit" an Orbital period."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SHAVERS = Table.from_dict({
    "id": "shavers", "columns": ["Model", "Run time (min)", "Weight (g)", "Price (€)"],
    "rows": [["Brisk R200", "45", "140", "39"], ["Corvane S3", "50", "165", "89"],
             ["Mondo X", "60", "180", "29"]]})

KETTLES = Table.from_dict({
    "id": "kettles", "columns": ["Model", "Boil time (min)", "Capacity (L)"],
    "rows": [["Orla K1", "3", "1.7"], ["Kesh K2", "4", "1.5"], ["Tarn K3", "5", "1.2"]]})

CHARGED = Table.from_dict({
    "id": "charged", "columns": ["Model", "Run time (min)", "Charge time (hours)"],
    "rows": [["Brisk R200", "45", "8"], ["Corvane S3", "50", "1"], ["Mondo X", "60", "2"]]})

COMETS = Table.from_dict({
    "id": "comets", "columns": ["Comet", "Orbital period", "Discovered"],
    "rows": [["Kessling", "6.4 years", "1921"], ["Varro", "11.2 years", "1890"],
             ["Ostrow", "5.1 years", "1952"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (SHAVERS, "The Brisk R200 needs 90 minutes to recharge.", "unverifiable"),
    (SHAVERS, "The Brisk R200 runs for 45 minutes.", "supported"),
    (SHAVERS, "The Brisk R200 runs for 90 minutes.", "refuted"),
    (KETTLES, "The Orla K1 takes 3 minutes to boil.", "supported"),
    (KETTLES, "The Orla K1 takes 5 minutes to boil.", "refuted"),
    (CHARGED, "The Corvane S3 charges in 2 hours.", "refuted"),
    # a word of the infinitive's clause names the column: "orbit" of Orbital period
    (COMETS, "Varro takes nine years to complete one orbit.", "refuted"),
])
def test_the_purpose_of_a_figure(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)



def test_the_figure_of_a_named_purpose_is_read(core_checker):
    report = core_checker.check("Varro takes 11.2 years to complete one orbit.", COMETS)
    assert report.verdict != "refuted"
    assert any(h.verdict == "supported" and "Orbital period" in h.explanation
               for h in report.hypotheses), [(h.rule, h.explanation) for h in report.hypotheses]

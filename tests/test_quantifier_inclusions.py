"""Members the text names in a quantified group ("three of the five stoves have piezo
ignition, *including the Trailfire Multi*"; lexicon ``quantifier_inclusions``): each must
hold the claim as the quantifier says of the group, and one that does not refutes it,
wherever the phrase hangs (on the group's noun or on the claim)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

STOVES = Table.from_dict({
    "id": "stoves", "caption": "Camping stoves",
    "columns": ["Stove", "Fuel", "Weight", "Piezo ignition", "Price"],
    "rows": [["Emberlite Nano", "canister", "78 g", "No", "$44.95"],
             ["Emberlite Titan", "canister", "112 g", "Yes", "$64.95"],
             ["Fjellgas Duo 2", "propane", "4.8 kg", "Yes", "$119.00"],
             ["Trailfire Multi", "multi-fuel", "395 g", "No", "$149.95"],
             ["Rapidpot 1.0", "canister", "410 g", "Yes", "$109.95"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Three of the five stoves have piezo ignition, including the Emberlite Titan.",
     "supported"),
    ("Three of the five stoves have piezo ignition, including the Trailfire Multi.",
     "refuted"),
    ("Three of the five stoves, including the Trailfire Multi, have piezo ignition.",
     "refuted"),
    ("Three of the five stoves, including the Rapidpot 1.0 and the Emberlite Titan, have "
     "piezo ignition.", "supported"),
    ("Three of the five stoves, including the Rapidpot 1.0 and the Emberlite Nano, have "
     "piezo ignition.", "refuted"),
    ("None of the stoves, including the Trailfire Multi, costs under $40.", "supported"),
])
def test_a_named_member_must_hold_as_the_group_does(core_checker, text, verdict):
    report = expect(core_checker, STOVES, text, verdict)
    if verdict == "refuted":
        assert any("named among them" in h.explanation for h in report.hypotheses
                   if h.verdict == "refuted")


DRILLS = Table.from_dict({
    "id": "drills", "caption": "Cordless drills",
    "columns": ["Model", "Chuck", "Batteries included"],
    "rows": [["DX18", "13 mm", "2"], ["PowerLine 12", "10 mm", "1"], ["Titan 20", "13 mm", "2"],
             ["EasyDrive 18", "10 mm", "1"], ["Atlas 14", "10 mm", "2"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Every drill with a 13 mm chuck comes with two batteries, and so does the Atlas 14.",
     "supported"),
    ("Every drill with a 13 mm chuck comes with two batteries, and so does the EasyDrive 18.",
     "refuted"),
])
def test_and_so_does_a_named_row(core_checker, text, verdict):
    """"..., and so does the A" (lexicon ellipsis_verbs, ellipsis_adverbs): the row named
    after the claim over the group holds it too, in the group or not."""
    expect(core_checker, DRILLS, text, verdict)

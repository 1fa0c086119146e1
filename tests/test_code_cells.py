"""A cell whose number is glued to letters that are no unit ("4K", "1080p", "3D") is a code,
a name of a kind, not an amount: a bare figure of the text ("four HDMI ports") is no value
of it (``quantity.quantity_outcome``), while the code itself, written out ("a 4K screen"),
still is."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

TVS = Table.from_dict({
    "id": "tvs", "caption": "Televisions",
    "columns": ["Model", "Resolution", "Refresh rate (Hz)", "Price"],
    "rows": [["Solace S55", "4K", "120", "£1,299"],
             ["Tellus T43", "1080p", "60", "£279"],
             ["Orion Q75", "8K", "120", "£3,499"]]})


@pytest.mark.parametrize("text", [
    "The Solace S55 has four HDMI ports.",
    "The Solace S55 has 4 HDMI ports.",
    "The Orion Q75 comes with 8 picture modes.",
])
def test_a_count_of_things_is_no_value_of_a_code(core_checker, text):
    report = expect(core_checker, TVS, text, "unverifiable")
    assert not any("Resolution" in h.evidence.columns for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("The Solace S55 has a 4K screen.", "supported"),
    ("The Tellus T43 has a 4K screen.", "refuted"),
    ("The Solace S55 refreshes at 120 Hz.", "supported"),
])
def test_the_code_itself_and_amounts_in_units_still_check(core_checker, text, verdict):
    expect(core_checker, TVS, text, verdict)


DAM = Table.from_dict({
    "id": "dam", "caption": "Karvell Dam",
    "columns": ["Name", "Height", "Installed capacity"],
    "rows": [["Karvell Dam", "142 m", "1,120 MW"]]})


def test_an_amount_written_apart_from_an_unknown_unit_is_no_code(core_checker):
    expect(core_checker, DAM, "Karvell Dam has an installed capacity of 1,120 megawatts.",
           "supported")

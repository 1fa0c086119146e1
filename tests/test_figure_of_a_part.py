"""A figure that is the object of a verb whose subject names another column than the one the
figure's unit picks ("*Replacement filters* for the Aerio One cost £20" beside Filter type
and Price) measures that part, which no column measures: it refutes nothing.  Said of the
row itself, the same figure is checked against Price."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

PURIFIERS = Table.from_dict({
    "id": "purifiers", "caption": "Air purifiers",
    "columns": ["Model", "Filter type", "Noise", "Price"],
    "rows": [["Aerio One", "HEPA H11", "24 dB", "\u00a389"],
             ["Breezen Mini", "HEPA H13", "20 dB", "\u00a3129"]]})


def test_the_figure_of_a_part_refutes_nothing(core_checker):
    report = core_checker.check("Replacement filters for the Aerio One cost around \u00a320.",
                                PURIFIERS)
    assert report.verdict != "refuted", [(h.rule, h.verdict, h.explanation)
                                         for h in report.hypotheses]


@pytest.mark.parametrize("text, verdict", [
    ("The Aerio One costs around \u00a390.", "supported"),
    ("The Aerio One costs around \u00a320.", "refuted"),
])
def test_the_row_s_own_figure_is_checked(core_checker, text, verdict):
    expect(core_checker, PURIFIERS, text, verdict)

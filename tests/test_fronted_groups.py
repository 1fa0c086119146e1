"""A group named before the subject with "of" or "among" ("*Of the three direct-drive
trainers*, only the Vanta Lite lacks ANT+", "*Among the glass kettles*, only ...") is what
"only" ranges over: the rows the noun's modifiers pick (every row when it has none), its
number theirs; the phrase's words are read by the check."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

TRAINERS = Table.from_dict({
    "id": "trainers", "caption": "Indoor bike trainers",
    "columns": ["Model", "Type", "Connectivity", "Price (USD)"],
    "rows": [["Vanta Direct", "direct-drive", "ANT+, Bluetooth", "899"],
             ["Vanta Lite", "direct-drive", "Bluetooth", "699"],
             ["Climbrig Apex", "direct-drive", "ANT+, Bluetooth, Wi-Fi", "1199"],
             ["Spinbase Fluid", "wheel-on", "none", "249"],
             ["Magtrak Basic", "wheel-on", "none", "149"],
             ["Rollo Classic", "rollers", "none", "199"]]})


def _quantifier(report):
    return [h for h in report.hypotheses if h.kind == "quantifier"]


@pytest.mark.parametrize("text, verdict", [
    # among the direct-drive trainers only the Vanta Lite lacks it (three wheel-on and
    # roller trainers lack it too: over every row, "only" would fail)
    ("Of the three direct-drive trainers, only the Vanta Lite lacks ANT+.", "supported"),
    ("Of the three direct-drive trainers, only the Vanta Direct lacks ANT+.", "refuted"),
    ("Of the six trainers, only the Vanta Lite lacks ANT+.", "refuted"),
])
def test_only_ranges_over_the_group_named_first(core_checker, text, verdict):
    report = expect(core_checker, TRAINERS, text, verdict)
    (found,) = _quantifier(report)
    assert found.verdict == verdict
    assert found.text.startswith("Of the")  # the group's words are the check's


def test_a_number_that_is_not_the_groups_decides_nothing(core_checker):
    report = core_checker.check("Of the four direct-drive trainers, only the Vanta Lite "
                                "lacks ANT+.", TRAINERS)
    assert not [h for h in _quantifier(report) if h.verdict != "unverifiable"]
    assert report.verdict != "supported"

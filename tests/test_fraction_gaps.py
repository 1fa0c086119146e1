"""A fraction of one unit before a comparative is the gap between two rows, not a ratio:
"half a minute quicker than the Fell Duo" is 0.5 min less, checked as a difference ("half
as heavy as" stays a ratio)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

STOVES = Table.from_dict({
    "id": "stoves", "caption": "Camp stoves",
    "columns": ["Stove", "Boil time (minutes)", "Weight (g)"],
    "rows": [["Kestrel Jet", "2.5", "380"], ["Fell Duo", "3", "900"],
             ["Moss Mini", "4", "260"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Kestrel Jet boils water half a minute quicker than the Fell Duo.", "supported"),
    ("The Kestrel Jet boils water half a minute quicker than the Moss Mini.", "refuted"),
])
def test_half_a_unit_is_the_gap(core_checker, text, verdict):
    report = expect(core_checker, STOVES, text, verdict)
    gap = [h for h in report.hypotheses if h.rule == "difference-than"]
    assert gap and gap[0].verdict == verdict
    assert "0.5 min" in gap[0].explanation


def test_half_as_heavy_stays_a_ratio(core_checker):
    report = expect(core_checker, STOVES, "The Moss Mini is half as heavy as the Fell Duo.",
                    "refuted")
    assert any(h.details.get("evaluator") == "ratio" or "times" in h.explanation
               for h in report.hypotheses if h.verdict == "refuted")

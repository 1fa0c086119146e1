"""A partitive whose "of the N" is fronted onto the predicate ("*of the six mowers*, three
run on 36 V batteries"): frames quantifier-partitive-fronted(-prep), read as "three of the
six mowers ..." (at least three, decided when not more)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SAWS = Table.from_dict({
    "id": "saws", "caption": "Cordless circular saws",
    "columns": ["Saw", "Voltage (V)", "Blade (mm)", "Brushless", "Price (€)"],
    "rows": [["Kerf 18", "18", "165", "No", "129"],
             ["Kerf 36", "36", "190", "Yes", "219"],
             ["Kerf 36 Pro", "36", "190", "Yes", "289"],
             ["Trim 12", "12", "140", "No", "89"],
             ["Rip 54", "54", "235", "Yes", "349"],
             ["Rip 54 Lite", "54", "210", "No", "299"]]})


@pytest.mark.parametrize(("text", "verdict"), [
    ("Of the six saws, two run on 36 V batteries.", "supported"),
    ("Of the six saws, three run on 36 V batteries.", "refuted"),
    ("Of the six saws, three are brushless.", "supported"),
    ("Of the six saws, four are brushless.", "refuted"),
])
def test_a_fronted_partitive(core_checker, text, verdict):
    report = expect(core_checker, SAWS, text, verdict)
    assert any(h.rule.startswith("quantifier-partitive-fronted") and h.verdict == verdict
               for h in report.hypotheses), [(h.rule, h.verdict) for h in report.hypotheses]

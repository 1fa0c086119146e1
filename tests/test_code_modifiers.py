"""A code the parse splits into a figure and a word before a quantified noun ("every
*225/40 R18* tyre": "225/40" taken for a count) picks the rows holding that code
(quantifier._restricted reads the figure with the modifier when it is no whole count)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

TYRES = Table.from_dict({
    "id": "tyres", "caption": "Winter tyres",
    "columns": ["Tyre", "Size", "Load index", "Price (€)"],
    "rows": [["Nordhall W1", "225/40 R18", "92", "118"],
             ["Nordhall W1 XL", "225/40 R18", "95", "131"],
             ["Frostline 5", "225/40 R18", "92", "104"],
             ["Frostline 5 Eco", "195/65 R15", "91", "72"],
             ["Polaris Grip", "205/55 R16", "91", "88"]]})


@pytest.mark.parametrize(("text", "verdict"), [
    ("Every 225/40 R18 tyre in the comparison costs more than €100.", "supported"),
    ("Every 225/40 R18 tyre in the comparison costs more than €110.", "refuted"),
])
def test_a_size_code_picks_its_rows(core_checker, text, verdict):
    report = expect(core_checker, TYRES, text, verdict)
    found = [h for h in report.hypotheses if h.kind == "quantifier"]
    # over the three 225/40 R18 rows, not the table's five
    assert found and found[0].verdict == verdict and "of 3 rows" in found[0].explanation, [
        (h.verdict, h.explanation) for h in report.hypotheses]

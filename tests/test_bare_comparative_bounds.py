"""A comparative adjective, "than" and a bare figure ("rated *firmer than 8*" on a 1-10
scale; rules/frames/bounds.yaml ``bound-adjective-than-number``) is a bound in the
adjective's direction (rules/lexicon/degree.yaml: firm, soft), for one row and under a
quantifier, on the column the adjective names."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

MATTRESSES = Table.from_dict({
    "id": "mattresses", "caption": "Mattresses",
    "columns": ["Model", "Type", "Firmness (1-10)", "Height (cm)", "Price (USD)"],
    "rows": [["Lull", "Memory foam", "5", "25", "799"],
             ["Lull Firm", "Memory foam", "8", "25", "849"],
             ["Drift", "Hybrid", "6", "33", "1,399"],
             ["Coil", "Innerspring", "7", "28", "649"],
             ["Natura", "Latex", "6", "23", "1,199"],
             ["Basic", "Memory foam", "4", "20", "399"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Lull is firmer than 4.", "supported"),
    ("The Lull is firmer than 5.", "refuted"),  # 5 is not above 5
    ("The Basic is softer than 5.", "supported"),
    ("None of the mattresses is rated firmer than 8.", "supported"),
    ("None of the mattresses is rated firmer than 7.", "refuted"),  # Lull Firm, 8
    ("Two of the mattresses are firmer than 6.", "supported"),  # Lull Firm, Coil
    ("All of the mattresses are firmer than 4.", "refuted"),  # the Basic is 4
    ("Three mattresses are memory foam, and none of them is rated firmer than 8.",
     "supported"),
])
def test_a_bare_figure_after_a_comparative_is_a_bound(core_checker, text, verdict):
    report = expect(core_checker, MATTRESSES, text, verdict)
    decided = [h for h in report.hypotheses if h.verdict == verdict
               and h.kind in ("bound", "quantifier")]
    assert any("Firmness (1-10)" in {c.column for c in h.evidence.output}
               for h in decided), [
        (h.rule, h.explanation) for h in report.hypotheses]

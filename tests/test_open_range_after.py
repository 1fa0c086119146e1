"""An open range written after the figure ("50 *or more*", "2 kg *or less*", "three
seats or fewer"): frames bound-or-more(-unit), inclusive, their words and directions the
lexicon's (bound_cues_lower / _upper / _inclusive, bound_postfix_*)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BOATS = Table.from_dict({
    "id": "boats", "caption": "Harbour ferries",
    "columns": ["Ferry", "Seats", "Weight (t)", "Crew"],
    "rows": [["Avon", "120", "48", "3"],
             ["Brora", "80", "31", "2"],
             ["Calder", "200", "75", "4"]]})


@pytest.mark.parametrize(("text", "verdict"), [
    ("The Avon has 120 or more seats.", "supported"),   # inclusive: 120 holds
    ("The Avon has 150 or more seats.", "refuted"),
    ("The Brora has 80 seats or fewer.", "supported"),
    ("The Brora has 60 seats or fewer.", "refuted"),
    ("The Calder weighs 70 tonnes or more.", "supported"),
    ("The Calder weighs 70 tonnes or less.", "refuted"),
])
def test_an_open_range_after_the_figure(core_checker, text, verdict):
    report = expect(core_checker, BOATS, text, verdict)
    assert any(h.kind == "bound" and h.rule.startswith("bound-or-more")
               and h.verdict == verdict for h in report.hypotheses), [
        (h.rule, h.verdict, h.explanation) for h in report.hypotheses]

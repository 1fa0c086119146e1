"""Lengths of time written as a clock ("19:42" under "Time"): a bound compares with them
as with any figure of the column ("finished in under 20 minutes"), and the verbs that
report a result (lexicon ``non_claim_words``: "finished", "posted") carry the figure the
check reads, claiming nothing of their own."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SWIM = Table.from_dict({
    "id": "swim", "caption": "Open-water race, 1500 m",
    "columns": ["Swimmer", "Club", "Time"],
    "rows": [["Ana Lutz", "Nord SC", "19:42"], ["Bea Kron", "Ost SC", "18:55"],
             ["Cleo Marr", "Nord SC", "21:10"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Ana Lutz's time was under 20 minutes.", "supported"),
    ("Ana Lutz's time was under 19 minutes.", "refuted"),
    ("Cleo Marr's time was over 21 minutes.", "supported"),
    ("Bea Kron's time was over 19 minutes.", "refuted"),
])
def test_a_bound_on_a_clock_duration(core_checker, text, verdict):
    report = expect(core_checker, SWIM, text, verdict)
    assert any(h.kind == "bound" for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("Ana Lutz finished in under 20 minutes.", "supported"),
    ("Cleo Marr finished in under 20 minutes.", "refuted"),
    ("Bea Kron posted the fastest time.", "supported"),
    ("Cleo Marr posted the fastest time.", "refuted"),
])
def test_result_verbs_carry_the_figure(core_checker, text, verdict):
    expect(core_checker, SWIM, text, verdict)

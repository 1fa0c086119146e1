"""A bound cue that is the particle of the verb before it (the lexicon's particle_verbs:
"*turned over* £6 million", "*took over* 40 stores") bounds no number: the figure is the
value, not a floor it must exceed.  "made *over* £6 million" still is a floor."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

FIRM = Table.from_dict({
    "id": "firm", "caption": "Halden & Rowe",
    "columns": ["Name", "Founded", "Employees", "Revenue"],
    "rows": [["Halden & Rowe", "1998", "84 (2018)", "\u00a36 million (2018)"]]})


def test_a_particle_is_no_bound(core_checker):
    report = core_checker.check("With 84 staff in 2018, Halden & Rowe turned over \u00a36 million.",
                                FIRM)
    assert report.verdict != "refuted", [(h.rule, h.verdict, h.explanation)
                                         for h in report.hypotheses]
    assert not any(h.kind == "bound" for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("Halden & Rowe made over \u00a35 million in 2018.", "supported"),
    ("Halden & Rowe made over \u00a37 million in 2018.", "refuted"),
])
def test_the_same_word_after_another_verb_bounds(core_checker, text, verdict):
    expect(core_checker, FIRM, text, verdict)

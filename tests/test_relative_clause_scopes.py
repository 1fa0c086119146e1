"""A quantified noun restricted by a relative clause ("every thermostat *that supports
Google*") ranges over the rows whose cells hold the clause's complement, as a quantifier's
own predicate is read (quantifier._modifier_predicates); a negated clause is left open."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

LOCKS = Table.from_dict({
    "id": "locks", "caption": "Smart locks",
    "columns": ["Lock", "Works with", "Keypad", "Auto-lock", "Price ($)"],
    "rows": [["Bolt One", "Alexa, Google", "Yes", "Yes", "199"],
             ["Bolt Mini", "Alexa", "No", "No", "129"],
             ["Kestrel S", "Alexa, Google, HomeKit", "Yes", "Yes", "249"],
             ["Kestrel E", "Google", "No", "Yes", "149"],
             ["Vane Plus", "HomeKit", "Yes", "No", "179"]]})


@pytest.mark.parametrize(("text", "verdict"), [
    ("Every lock that supports Google also offers auto-lock.", "supported"),
    ("Every lock that supports Google also has a keypad.", "refuted"),
    ("Every lock that works with HomeKit has a keypad.", "supported"),
])
def test_a_relative_clause_picks_the_rows(core_checker, text, verdict):
    report = expect(core_checker, LOCKS, text, verdict)
    assert any(h.kind == "quantifier" and h.verdict == verdict for h in report.hypotheses)


def test_a_negated_clause_is_left_open(core_checker):
    report = core_checker.check("Every lock that does not support Google has a keypad.",
                                LOCKS)
    assert not any(h.kind == "quantifier" and h.verdict != "unverifiable"
                   for h in report.hypotheses)

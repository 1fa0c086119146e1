""""X is one of N rows that/with P" (rules/frames/quantifiers.yaml quantifier-one-of-*, slot
``member``): exactly N rows hold P, and X among them; refuted when X's cell fails P or
another number of rows holds it."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

KETTLES = Table.from_dict({
    "id": "kettles", "caption": "Electric kettles",
    "columns": ["Model", "Body", "Keep warm", "Cordless"],
    "rows": [["Aurora", "Steel", "No", "Yes"], ["ThermoSense", "Glass", "Yes", "Yes"],
             ["Heritage", "Steel", "No", "No"], ["VarioTemp", "Steel", "Yes", "Yes"],
             ["Lumen", "Glass", "No", "No"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The VarioTemp is one of two kettles with a keep-warm function.", "supported"),
    ("The Lumen is one of two kettles with a keep-warm function.", "refuted"),
    ("The VarioTemp is one of three kettles with a keep-warm function.", "refuted"),
    ("The Lumen is one of two kettles with a glass body.", "supported"),
    ("The Aurora is one of three kettles that are cordless.", "supported"),
    ("The Heritage is one of three kettles that are cordless.", "refuted"),
])
def test_a_member_of_a_counted_group(core_checker, text, verdict):
    report = expect(core_checker, KETTLES, text, verdict)
    assert any(h.rule.startswith("quantifier-one-of") and h.verdict == verdict
               for h in report.hypotheses)


def test_a_negated_predicate_is_left_to_the_negation_checks(core_checker):
    report = core_checker.check("The Heritage is one of two kettles that are not cordless.",
                                KETTLES)
    assert not any(h.rule.startswith("quantifier-one-of") for h in report.hypotheses)

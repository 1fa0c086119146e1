"""A predicate coordinated with another and without a subject of its own shares the
first one's: the frames read it with the ``subject`` operator (rules/README.md), so "X
costs $249 and is the only tri-band model" is a claim about X."""

import pytest

from .test_exclusive_claims import ROUTERS
from .verdicts import expect


@pytest.mark.parametrize("text, verdict", [
    ("The Osprey Tri costs $249 and is the only tri-band model.", "supported"),
    ("The Osprey Tri costs $199 and is the only tri-band model.", "refuted"),
    ("The Vantor AX costs $179 and is the only tri-band model.", "refuted"),
    ("The Plover 5 costs $59 and is the only router with two ports.", "supported"),
    # the clause the quantifier does not read stays unchecked
    ("The Osprey Tri glows in the dark and is the only tri-band model.", "unverifiable"),
])
def test_a_coordinated_predicate_shares_its_subject(core_checker, text, verdict):
    """"X costs $249 and is the only tri-band model": the second predicate has no subject
    of its own; the frame's ``subject`` operator reads the first one's (rules/README.md)."""
    report = expect(core_checker, ROUTERS, text, verdict)
    assert any(h.rule.startswith("quantifier-only") for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("The Vantor AX supports mesh and is cheaper than the Osprey Tri.", "supported"),
    ("The Vantor AX supports mesh and is cheaper than the Plover 5.", "refuted"),
])
def test_a_coordinated_comparison_shares_its_subject(core_checker, text, verdict):
    report = expect(core_checker, ROUTERS, text, verdict)
    assert any(h.kind == "comparison" and h.verdict == verdict for h in report.hypotheses)

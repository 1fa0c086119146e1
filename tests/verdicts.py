"""Shared assertion of the tests that check statements against their own small tables."""

from __future__ import annotations


def expect(core_checker, table, text: str, verdict: str):
    """The report of ``text`` against ``table``, which must have ``verdict`` (the failure
    lists every hypothesis)."""
    report = core_checker.check(text, table)
    assert report.verdict == verdict, [(h.kind, h.verdict, h.text, h.explanation)
                                       for h in report.hypotheses]
    return report

"""An exception inside a quantifier that refers back to a group named before ("three of
the five kettles have a filter, and every one of them *except the Corra* also has a
timer"): the group's other rows hold the predicate, the excepted row does not; a row
excepted from outside the group decides nothing."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

KETTLES = Table.from_dict({
    "id": "kettles", "caption": "Electric kettles",
    "columns": ["Model", "Price (EUR)", "Filter", "Timer"],
    "rows": [["Alva", "45", "yes", "yes"],
             ["Brisk", "60", "yes", "yes"],
             ["Corra", "38", "yes", "no"],
             ["Dune", "52", "no", "yes"],
             ["Ember", "30", "no", "no"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Three of the five kettles have a filter, and every one of them except the Corra "
     "also has a timer.", "supported"),
    ("Three of the five kettles have a filter, and every one of them except the Brisk "
     "also has a timer.", "refuted"),
])
def test_an_exception_within_the_group_named_before(core_checker, text, verdict):
    report = expect(core_checker, KETTLES, text, verdict)
    found = [h for h in report.hypotheses if h.kind == "quantifier" and "except" in h.text]
    assert found and found[0].verdict == verdict
    assert "of 3 rows" in found[0].explanation

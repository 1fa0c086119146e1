"""Names a quantifier claim lists after its value, set off by a comma ("only two pads
include a pump sack*, the Loft X and the Ridge Pro*"), which the parse joins to the value
as conjuncts: they are the members of the group, as an apposition would name them, not
values the predicate claims. Each must hold the predicate, and the group they form is
the one a quantifier with no noun of its own refers back to ("..., and *both* come in
orange")."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

PADS = Table.from_dict({
    "id": "pads", "caption": "Sleeping pads",
    "columns": ["Model", "R-value", "Pump sack", "Colours"],
    "rows": [["Loft X", "4.2", "yes", "orange, grey"],
             ["Ridge Pro", "5.1", "yes", "orange"],
             ["Tundra Lite", "2.0", "no", "green"],
             ["Basecamp Wide", "3.5", "no", "grey, orange"],
             ["Glade Mini", "1.8", "no", "red"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Only two pads include a pump sack, the Loft X and the Ridge Pro.", "supported"),
    # a member listed that does not hold it
    ("Only two pads include a pump sack, the Loft X and the Tundra Lite.", "refuted"),
])
def test_listed_names_are_members_not_values(core_checker, text, verdict):
    report = expect(core_checker, PADS, text, verdict)
    found = [h for h in report.hypotheses if h.kind == "quantifier"]
    assert found and found[0].verdict == verdict
    if verdict == "refuted":
        assert "Tundra Lite, named among them, does not" in found[0].explanation


@pytest.mark.parametrize("text, verdict", [
    ("Only two pads include a pump sack, the Loft X and the Ridge Pro, and both come in "
     "orange.", "supported"),
    ("Only two pads include a pump sack, the Loft X and the Ridge Pro, and both come in "
     "grey.", "refuted"),
])
def test_both_refers_to_the_listed_group(core_checker, text, verdict):
    report = expect(core_checker, PADS, text, verdict)
    both = [h for h in report.hypotheses if h.kind == "quantifier" and h.text.startswith("both")]
    assert both and both[0].verdict == verdict
    assert "of 2 rows" in both[0].explanation

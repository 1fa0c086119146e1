"""A count of a thing against the item of a cell that counts the same thing: "72 crew" or
"a crew of 72" against Complement "62 crew, 40 scientists" (``quantity.counted_item_outcome``):
the noun the figure counts is a word of one item, whose number decides."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SHIP = Table.from_dict({
    "id": "ship", "caption": "Kestrel Sound",
    "columns": ["Name", "Type", "Length", "Complement"],
    "rows": [["Kestrel Sound", "polar icebreaker", "116.4 m", "62 crew, 40 scientists"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Kestrel Sound has 62 crew.", "supported"),
    ("Kestrel Sound has 72 crew.", "refuted"),
    ("Kestrel Sound carries a crew of 72.", "refuted"),
    ("Kestrel Sound carries 45 scientists.", "refuted"),
])
def test_a_count_against_the_item_that_counts_the_same_thing(core_checker, text, verdict):
    report = expect(core_checker, SHIP, text, verdict)
    assert any("Complement" in h.evidence.columns for h in report.hypotheses
               if h.verdict == verdict)


def test_a_thing_no_item_counts_is_left_open(core_checker):
    report = core_checker.check("Kestrel Sound has 3 engines.", SHIP)
    assert report.verdict == "unverifiable"

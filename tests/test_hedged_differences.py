"""A difference hedged by an approximate cue before its sign ("almost *£*80 more") holds
within 5% of the cells' gap and fails beyond 15% (``ratio.GAP_HEDGE``); in between it is
undecided, and the comparison ("more ... than") that holds beside it does not cover the
figure it left unchecked."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BOOTS = Table.from_dict({
    "id": "boots", "caption": "Hiking boots",
    "columns": ["Model", "Weight", "Price"],
    "rows": [["Cairn Pro", "1,420 g", "£219.00"], ["Ridgeline Mid", "1,080 g", "£139.99"],
             ["Trailhawk Low", "780 g", "£95.00"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Cairn Pro costs almost £80 more than the Ridgeline Mid.", "supported"),
    ("The Cairn Pro costs about £80 more than the Ridgeline Mid.", "supported"),
    ("The Cairn Pro costs nearly £90 more than the Ridgeline Mid.", "unverifiable"),
    ("The Cairn Pro costs about £85 more than the Ridgeline Mid.", "unverifiable"),
    ("The Cairn Pro costs about £120 more than the Ridgeline Mid.", "refuted"),
    ("The Cairn Pro costs £50 more than the Ridgeline Mid.", "refuted"),
])
def test_a_hedged_gap_is_close_to_the_cells(core_checker, text, verdict):
    expect(core_checker, BOOTS, text, verdict)

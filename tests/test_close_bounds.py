""""just over 30,000 Ml", "slightly under 2 kg" (lexicon bound_closeness_words): the row's
cell past the bound by at most 10% of it holds, by more than 15% fails, in between is not
decided (``bound.CLOSE_WITHIN`` / ``CLOSE_FAILS_BEYOND``)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

RESERVOIRS = Table.from_dict({
    "id": "reservoirs", "caption": "Reservoirs",
    "columns": ["Reservoir", "Capacity", "Level"],
    "rows": [["Elsworth", "36,800 Ml", "83%"], ["Penwarren", "12,400 Ml", "87%"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Elsworth holds just over 36,000 Ml.", "supported"),
    ("Elsworth holds just over 30,000 Ml.", "refuted"),
    ("Elsworth holds just under 40,000 Ml.", "supported"),
    ("Elsworth holds over 30,000 Ml.", "supported"),
])
def test_a_figure_close_past_its_bound(core_checker, text, verdict):
    expect(core_checker, RESERVOIRS, text, verdict)

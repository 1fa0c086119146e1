"""A difference stated with a rate between its figure and its comparative ("costs £64.90
*a year* more than the Kesh", "5 euros *a month* less than") is the gap between the two
rows' cells (frame difference-than-over-a-rate), never the row's own cell."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

TARIFFS = Table.from_dict({
    "id": "tariffs", "columns": ["Tariff", "Standing charge (p/day)", "Annual cost (GBP)"],
    "rows": [["Orla 12", "21.50", "612.40"], ["Kesh 7", "19.00", "547.50"],
             ["Tarn 3", "24.10", "633.55"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Orla 12 costs £64.90 a year more than the Kesh 7.", "supported"),
    ("The Orla 12 costs £60.00 a year more than the Kesh 7.", "refuted"),
    ("The Kesh 7 costs £64.90 a year less than the Orla 12.", "supported"),
    ("The Kesh 7 costs £64.90 a year more than the Orla 12.", "refuted"),
    ("The Tarn 3 is the most expensive, costing £21.15 a year more than the Orla 12.",
     "supported"),
])
def test_the_figure_before_a_rate_is_the_gap(core_checker, text, verdict):
    expect(core_checker, TARIFFS, text, verdict)

"""A ratio the parse hangs on the verb, with the other row's figure as the verb's next
object ("weighs 5600 g, more than five times the 1100 g of the Saltrow Canvas"; frame
ratio-of-figure-beside): the two rows' cells' ratio against the factor, the other row's
figure against its cell."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

TABLETS = Table.from_dict({
    "id": "tablets", "columns": ["Model", "Weight (g)", "Screen (in)", "Price ($)"],
    "rows": [["Vellum Studio", "5600", "22", "1999"], ["Saltrow Canvas", "1100", "13", "499"],
             ["Inkpad Go", "450", "8", "199"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Vellum Studio weighs 5600 g, more than five times the 1100 g of the Saltrow "
     "Canvas.", "supported"),
    ("The Vellum Studio weighs 5600 g, more than six times the 1100 g of the Saltrow "
     "Canvas.", "refuted"),
])
def test_a_ratio_with_the_other_figure_beside_it(core_checker, text, verdict):
    expect(core_checker, TABLETS, text, verdict)

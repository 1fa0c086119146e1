"""A ratio the parse hangs on the verb, with the other row's figure as the verb's next
object ("weighs 5600 g, more than five times the 1100 g of the Saltrow Canvas"; frame
ratio-of-figure-beside): the two rows' cells' ratio against the factor, the other row's
figure against its cell; and one of the other row's bare figure ("nearly twice the Vault
A80's 80"; frame ratio-possessive-figure), in the one column whose cell of that row holds
it."""

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


SHREDDERS = Table.from_dict({
    "id": "shredders", "columns": ["Model", "Sheet capacity", "Bin (L)", "Price ($)"],
    "rows": [["Quill Q150", "150", "32", "289"], ["Vault A80", "80", "25", "199"],
             ["Slate S20", "20", "14", "89"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Quill Q150 takes 150 sheets at a time, nearly twice the Vault A80's 80.",
     "supported"),
    ("The Quill Q150 takes 150 sheets at a time, twice the Slate S20's 20.",
     "refuted"),
])
def test_a_ratio_of_the_other_rows_bare_figure(core_checker, text, verdict):
    expect(core_checker, SHREDDERS, text, verdict)

"""A number before a noun counts the items of the text column the noun names ("two
resistance types" against "air, magnetic"), unless a numeric column of the row that shares
a word with the noun's phrase holds that number: "16 magnetic resistance settings" is
Resistance levels' 16, no count of Resistance's one item."""

from __future__ import annotations

import pytest

from depcheck.table import Table

ROWERS = Table.from_dict({
    "id": "rowers", "columns": ["Rower", "Resistance", "Resistance levels", "Price (USD)"],
    "rows": [["Zephyr AR-1", "air", "10", "899"], ["Maglev 500", "magnetic", "16", "649"],
             ["Helmsman Pro", "air, magnetic", "20", "1399"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Maglev 500 offers 16 magnetic resistance settings.", "supported"),
    ("The Maglev 500 offers 12 magnetic resistance settings.", "refuted"),
    ("The Helmsman Pro offers two resistance types.", "supported"),
    ("The Helmsman Pro offers three resistance types.", "refuted"),
])
def test_a_count_held_by_a_namesake_column_is_its_figure(core_checker, text, verdict):
    assert core_checker.check(text, ROWERS).verdict == verdict

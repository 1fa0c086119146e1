"""A quantified predicate that is a plural noun ("both mills are *museums*", "all three are
*smock mills*") holds of the rows whose cell is its singular ("Museum", "Smock mill"):
quantifier._predicate reads the phrase with its head's lemma when the text finds no
cell."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BARNS = Table.from_dict({
    "id": "barns", "caption": "Listed barns of the Vell district",
    "columns": ["Barn", "Village", "Type", "Status"],
    "rows": [["Ashgrove", "Orme", "Tithe barn", "Museum"],
             ["Blackmere", "Orme", "Threshing barn", "Museum"],
             ["Cotter's", "Tarn", "Tithe barn", "Farm store"],
             ["Dunholt", "Tarn", "Threshing barn", "Museum"]]})


@pytest.mark.parametrize(("text", "verdict"), [
    ("Both Orme barns are museums.", "supported"),
    ("Both Tarn barns are museums.", "refuted"),
    ("Both Tarn barns are farm stores.", "refuted"),
])
def test_a_plural_noun_predicate(core_checker, text, verdict):
    report = expect(core_checker, BARNS, text, verdict)
    assert any(h.kind == "quantifier" and h.verdict == verdict for h in report.hypotheses)

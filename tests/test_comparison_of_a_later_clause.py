"""A comparison in a clause coordinated after one that names the rows' kind ("the longest
*board*, yet it weighs less than the Rippa Cruiser") grades the attribute of its own verb
(weighs: Weight), not the key column the kind's noun names."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BOARDS = Table.from_dict({
    "id": "boards", "caption": "Paddleboards",
    "columns": ["Board", "Length (ft)", "Weight (kg)", "Price (GBP)"],
    "rows": [["Tidecraft Race 14", "14", "12.4", "899"],
             ["Rippa Cruiser", "10.5", "12.0", "399"],
             ["Wavelet 10'6", "10.5", "9.5", "349"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Tidecraft Race 14 is the longest board, yet it weighs less than the Rippa "
     "Cruiser.", "refuted"),
    ("The Tidecraft Race 14 is the longest board, yet it weighs more than the Rippa "
     "Cruiser.", "supported"),
])
def test_the_later_clause_grades_its_own_verbs_attribute(core_checker, text, verdict):
    report = expect(core_checker, BOARDS, text, verdict)
    compared = [h for h in report.hypotheses if h.kind == "comparison"]
    assert compared and compared[0].evidence.columns == ("Weight (kg)",)

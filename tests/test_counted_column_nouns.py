"""A count over a noun that names a numeric column ("177 of 212 *beds*" with a column Beds)
counts amounts the column holds, not rows of the table: the quantifier evaluator reads no
group size in it, so the table's eight wards refute nothing."""

from __future__ import annotations

from depcheck.reasons import Reason
from depcheck.table import Table

WARDS = Table.from_dict({
    "id": "wards", "caption": "Bed occupancy by ward",
    "columns": ["Ward", "Beds", "Occupied beds", "Avg stay (days)"],
    "rows": [["Cardiology", "32", "29", "5.4"], ["Orthopaedics", "28", "21", "6.8"],
             ["Neurology", "24", "15", "7.9"], ["Geriatrics", "40", "38", "11.3"],
             ["Maternity", "20", "18", "2.6"], ["Oncology", "26", "17", "8.2"],
             ["Intensive Care", "12", "12", "4.4"], ["Surgery", "30", "27", "4.9"]]})


def test_a_noun_naming_a_numeric_column_is_no_group_of_rows(core_checker):
    report = core_checker.check("Across the hospital 177 of 212 beds were occupied.", WARDS)
    assert report.verdict != "refuted", [(h.kind, h.explanation) for h in report.hypotheses]
    assert not [h for h in report.hypotheses if h.reason == Reason.GROUP_SIZE_DIFFERS.value]


def test_a_noun_naming_the_rows_still_has_their_number(core_checker):
    report = core_checker.check("Three of the five wards have more than 25 beds.", WARDS)
    found = [h for h in report.hypotheses if h.kind == "quantifier"]
    assert found and found[0].reason == Reason.GROUP_SIZE_DIFFERS.value

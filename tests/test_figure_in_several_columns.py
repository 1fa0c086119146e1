"""A quantified predicate whose value is a bare figure that no word ties to a column, held
by several columns ("*shared the best round of 66*" over R1-R3): the rows that hold it in
any of them (quantifier._rows_of_hit), not only in the column the linker's hit picked."""

from __future__ import annotations

from depcheck.table import Table

from .verdicts import expect

CUP = Table.from_dict({
    "id": "cup", "caption": "Harwick Cup, final scores",
    "columns": ["Player", "R1", "R2", "R3", "Total"],
    "rows": [["Ada Brenn", "66", "70", "71", "207"],
             ["Bo Castell", "70", "66", "72", "208"],
             ["Cy Dunmore", "71", "72", "66", "209"],
             ["Di Ellery", "72", "71", "69", "212"]]})


def test_each_named_row_holds_it_in_some_column(core_checker):
    report = expect(core_checker, CUP,
                    "Three players — Ada Brenn, Bo Castell and Cy Dunmore — shared the best"
                    " round of 66.",
                    "supported")
    assert any(h.kind == "quantifier" and h.verdict == "supported" for h in report.hypotheses)


def test_a_row_that_holds_it_in_no_column_fails(core_checker):
    report = expect(core_checker, CUP,
                    "Three players — Ada Brenn, Bo Castell and Di Ellery — shared the best"
                    " round of 66.", "refuted")
    assert any(h.kind == "quantifier" and h.verdict == "refuted" for h in report.hypotheses)

"""What the compiled table and the program search's typed columns keep once per distinct
cell answers what a pass over the rows would, on a small table of ferries written for
these tests (cells repeat, as a catalog's do)."""

from __future__ import annotations

import numpy as np

from depcheck.compiled import build_compiled
from depcheck.evaluators.quantity import _groups, _satisfying
from depcheck.programs.cells import CellCounts, _dates_of, date_parts, typed_table
from depcheck.programs.search import distinct_columns
from depcheck.programs.statement import JoinedCells, _rows_holding
from depcheck.table import Table
from depcheck.values import norm_text, parse_quantity

FERRIES = Table.from_dict({
    "id": "ferries",
    "columns": ["ferry", "operator", "fare", "crossing", "length", "sailed"],
    "rows": [
        ["Gull Spirit", "Harbour Line", "$1,250.00", "45 min", "12-14 m", "3 may 2019"],
        ["Tern Runner", "Harbour Line", "$85.50", "30 min", "18 m", "3 may 2019"],
        ["Gull Express", "Isle Link", "$85.50", "45 min", "18 m", "11 june 2021"],
        ["Puffin", "Isle Link", "$40.00", "1 hour", "9 m", "spring"],
        ["Tern Star", "Harbour Line", "$85.50", "45 min", "15 m", "3 may 2019"],
    ],
})


def test_a_column_keeps_its_distinct_cells_and_each_rows_one_of_them():
    operator = build_compiled(FERRIES).columns[1]
    assert operator.distinct == ("Harbour Line", "Isle Link")
    assert operator.inverse.tolist() == [0, 0, 1, 1, 0]
    fare = build_compiled(FERRIES).columns[2]
    # the rows with a number and with a value in a base unit, counted at compile
    assert fare.filled_num == 5
    crossing = build_compiled(FERRIES).columns[3]
    assert crossing.filled_base == 5  # minutes and an hour: one family
    assert build_compiled(FERRIES).columns[0].filled_num == 0


def test_typed_columns_read_rows_through_their_distinct_cells():
    typed = typed_table(build_compiled(FERRIES))
    operator = typed.columns[1]
    assert operator.cells.tolist() == ["harbour line", "isle link"]
    assert operator.text.tolist() == ["harbour line", "harbour line", "isle link",
                                      "isle link", "harbour line"]
    assert operator.text_at(np.array([2, 4])).tolist() == ["isle link", "harbour line"]
    assert operator.cell(3) == "isle link"
    assert operator.counts.get("harbour line") == 3
    assert operator.counts.get("isle link") == 2
    assert operator.counts.get("ferry co") == 0
    fare = typed.columns[2]
    assert fare.number.tolist() == [1250.0, 85.5, 85.5, 40.0, 85.5]
    # the dates: "spring" names no month, the others do
    sailed = typed.columns[5]
    assert sailed.month.tolist() == [True, True, True, False, True]
    assert sailed.year.tolist()[:3] == [2019, 2019, 2021]


def test_cell_counts_add_up_raw_cells_that_fold_alike():
    counts = CellCounts.of(np.array(["puffin", "tern", "puffin"]),
                           np.array([0, 1, 2, 2, 1], dtype=np.int32))
    assert counts.get("puffin") == 3  # rows 0, 3 and 4 (two raw cells fold to it)
    assert counts.get("tern") == 2
    assert counts.get("gull") == 0


def test_every_word_is_looked_for_in_the_cells_of_the_rarest_first():
    typed = typed_table(build_compiled(FERRIES))
    ferry = typed.columns[0]
    assert ferry.plain_holding_all(["gull", "express"]).tolist() == [
        False, False, True, False, False]
    assert ferry.plain_holding_all(["tern"]).tolist() == [False, True, False, False, True]
    assert ferry.plain_holding_all(["tern", "gull"]).tolist() == [False] * 5
    assert ferry.plain_holding_all([]).tolist() == [False] * 5


def test_word_counts_weigh_each_distinct_cell_by_its_rows():
    typed = typed_table(build_compiled(FERRIES))
    joined = JoinedCells.of(typed.columns[1].cells.tolist(), typed.columns[1].inverse)
    assert " harbour line " in joined
    assert " line " in joined and " lin " not in joined
    # three rows say "Harbour Line", two "Isle Link"
    assert _rows_holding(typed, 1, joined, " harbour ") == 3
    assert _rows_holding(typed, 1, joined, " isle link ") == 2


def test_word_counts_of_a_large_column_come_from_its_joined_cells(monkeypatch):
    import depcheck.programs.statement as statement

    monkeypatch.setattr(statement, "COUNT_BY_BLOB_ROWS", 0)  # as if the table were large
    typed = typed_table(build_compiled(FERRIES))
    operator = JoinedCells.of(typed.columns[1].cells.tolist(), typed.columns[1].inverse)
    assert not operator.unique
    assert _rows_holding(typed, 1, operator, " harbour ") == 3
    assert _rows_holding(typed, 1, operator, " link ") == 2
    assert _rows_holding(typed, 1, operator, " ferry ") == 0
    ferry = JoinedCells.of(typed.columns[0].cells.tolist(), typed.columns[0].inverse)
    assert ferry.unique  # every row its own name: a count of the joined cells
    assert _rows_holding(typed, 0, ferry, " tern ") == 2


def test_rows_holding_a_figure_found_by_distinct_cells_match_a_pass_over_rows():
    compiled = build_compiled(FERRIES)
    fare, length = compiled.columns[2], compiled.columns[4]
    groups = _groups(compiled, fare)
    for op, claimed in (("=", 85.5), (">=", 80.0), ("<=", 40.0), ("~", 1200.0), ("=", 7.0)):
        by_rows = _satisfying(fare.num, op, claimed, fare.raw)
        by_cells = _satisfying(fare.num, op, claimed, fare.raw, groups)
        assert by_cells.tolist() == by_rows.tolist(), (op, claimed)
    assert _satisfying(fare.num, "=", 85.5, fare.raw, groups).tolist() == [1, 2, 4]
    # "12-14 m" is a range: 13 m is in it, and only there
    assert _satisfying(length.num, "=", 13.0, length.raw,
                       _groups(compiled, length)).tolist() == [0]


def test_distinct_columns_are_those_whose_rows_all_differ():
    typed = typed_table(build_compiled(FERRIES))
    assert distinct_columns(typed) == frozenset({0})


def test_dates_are_read_where_their_patterns_hit():
    cells = ["3 may 2019", "spring", "45 min", "$1,250.00", "11 june"]
    assert _dates_of(cells) == [date_parts(c) for c in cells]
    assert _dates_of(cells)[1] == (None, None, None)
    assert _dates_of(cells)[0] == (2019, 5, 3)


def test_names_and_bare_amounts_are_read_as_before():
    assert parse_quantity("Gull Spirit 2") is None
    # a name's early "no quantity" leaves an amount restated in brackets to be read
    assert parse_quantity("one(2 kg)").value == 1.0
    assert parse_quantity("two hours").value == 2.0
    assert parse_quantity("a million").value == 1_000_000.0
    assert parse_quantity("half a million").value == 500_000.0
    assert parse_quantity("four out of five").unit.startswith("out of")
    assert parse_quantity("$1,250.00").value == 1250.0
    assert parse_quantity("$1,250.00").unit == "usd"
    assert norm_text("$1,250.00") == "$1 250.00"
    assert norm_text("$.50") == "$ 50"

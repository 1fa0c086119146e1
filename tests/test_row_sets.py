"""Rows a check reads at catalog size without listing them (issue 16, lat11): a value's
rows as the cell index holds them, a quantifier's count over masks, the program search's
substring look-ups set from the cell grouping.  Small tables written for these tests;
behaviour only, nothing timed."""

from __future__ import annotations

import numpy as np

from depcheck.compiled import Rows, build_compiled
from depcheck.evaluators import MaskRows, first_rows, row_mask
from depcheck.programs.cells import Substrings, typed_table
from depcheck.table import Table

KETTLES = Table.from_dict({
    "id": "kettles-lat11",
    "columns": ["kettle", "maker", "colours", "capacity"],
    "rows": [
        ["Brook 1", "Tamsworth", "red, cream", "1.7 l"],
        ["Calder Steel", "Ostrava", "steel", "1.5 l"],
        ["Brook 2", "Tamsworth", "cream", "1.7 l"],
        ["Fen Mini", "Ostrava", "red", "0.8 l"],
        ["Wold Glass", "Tamsworth", "clear; red", "1.7 l"],
    ],
})


def test_rows_read_like_the_tuple_of_their_ints():
    rows = Rows(np.array([2, 5, 9, 40], dtype=np.int32))
    assert len(rows) == 4 and bool(rows)
    assert rows == (2, 5, 9, 40) and (2, 5, 9, 40) == rows
    assert rows != (2, 5, 9) and rows == Rows(np.array([2, 5, 9, 40]))
    assert hash(rows) == hash((2, 5, 9, 40))
    assert 9 in rows and np.int64(40) in rows and 6 not in rows and 41 not in rows
    assert rows[0] == 2 and rows[-1] == 40 and type(rows[1]) is int
    assert rows[1:3] == (5, 9) and type(rows[:2]) is tuple
    assert list(rows) == [2, 5, 9, 40] and (1,) + rows == (1, 2, 5, 9, 40)
    assert not Rows(np.empty(0, dtype=np.int32)) and 0 not in Rows(np.empty(0, dtype=np.int32))
    assert row_mask(6, Rows(np.array([1, 4]))).tolist() == [False, True, False, False, True,
                                                            False]
    many = Rows(np.arange(0, 3000, 3))  # iterated past the first chunk of 256
    assert sum(1 for _ in many) == 1000 and list(many)[-1] == 2997


def test_first_rows_and_mask_rows_read_only_what_is_asked():
    mask = np.zeros(20_000, dtype=bool)
    mask[[3, 300, 5_000, 19_999]] = True
    assert first_rows(mask, 2) == [3, 300]
    assert first_rows(mask, 10) == [3, 300, 5_000, 19_999]
    assert first_rows(np.zeros(10, dtype=bool), 3) == []
    rows = MaskRows(mask)
    assert len(rows) == 4 and rows[2] == 5_000 and list(rows) == [3, 300, 5_000, 19_999]
    assert np.asarray(rows).tolist() == [3, 300, 5_000, 19_999]


def test_a_values_rows_come_from_the_cell_index_of_its_column():
    compiled = build_compiled(KETTLES)
    assert compiled.rows_in_column("tamsworth", 1).tolist() == [0, 2, 4]
    assert compiled.rows_in_column("red", 2).tolist() == [0, 3, 4]  # items of lists too
    assert compiled.rows_in_column("red", 1).tolist() == []  # no maker is red
    assert compiled.rows_in_column("no such cell", 0).tolist() == []
    assert compiled.key_rows("brook 2") == (2,) and compiled.key_rows("brook") == ()
    assert compiled.key_rows("tamsworth") == ()  # a maker, not a kettle's name
    # "fen mini glass": the Fen Mini is wholly inside; "brook" alone is no row's whole name
    assert compiled.names.names_within("the fen mini glass").tolist() == [3]
    assert compiled.names.names_within("a brook kettle").tolist() == []


def test_a_count_over_a_few_thousand_rows_is_read_over_the_column(core_checker):
    """4,000 lamps from four makers in turn: 1,000 each.  The quantifier counts the rows
    whose maker is the value over the whole column, with no list of the rows made."""
    makers = ["Brightly", "Orbis", "Pellucid", "Lumara"]
    table = Table.from_dict({
        "id": "lamps-4000", "columns": ["model", "maker", "dimmable"],
        "rows": [[f"Lamp {100 + i}", makers[i % 4], "yes" if i % 5 == 0 else "no"]
                 for i in range(4000)]})
    for text, verdict in [("1,000 of the lamps are made by Orbis.", "supported"),
                          ("1,002 of the lamps are made by Orbis.", "refuted"),
                          ("1,000 lamps are made by Lumara.", "supported"),
                          ("800 of the lamps are dimmable.", "supported"),
                          ("900 of the lamps are dimmable.", "refuted")]:
        report = core_checker.check(text, table)
        assert report.verdict == verdict, text
        assert [h.trace()["evaluator"] for h in report.hypotheses] == ["quantifier"], text
    found = core_checker.check("1,000 of the lamps are made by Orbis.", table).hypotheses[0]
    assert "1000 of 4000 rows hold it (Lamp 101, Lamp 105" in found.explanation
    # the evidence: the first rows counted over (every lamp), not only those that hold
    cells = found.evidence.output
    assert len(cells) == 24 and [c.row for c in cells[:4]] == [0, 1, 2, 3]
    assert [c.value for c in cells[:4]] == makers


def test_substring_rows_set_from_the_grouping_match_the_spread_over_rows():
    """A column of 600 rows and 60 distinct cells: the rows of a few found cells set from
    the compiled grouping are those a bool per cell spread over the rows gives."""
    cells = [f"model {k:02d}" for k in range(60)]
    table = Table.from_dict({"id": "grouping", "columns": ["name", "model"],
                             "rows": [[f"item {i}", cells[(i * 7) % 60]] for i in range(600)]})
    typed = typed_table(build_compiled(table))
    model = typed.columns[1]
    assert model.compact_cells.order is not None
    for needle in ("model07", "l07", "model0", "1", "zz"):
        expected = np.char.find(model.compact, needle) >= 0
        assert model.compact_holding(needle).tolist() == expected.tolist(), needle
    plain = Substrings.of(["red", "green"], np.array([0, 1, 0, 0], dtype=np.int32),
                          np.array([0, 2, 3, 1], dtype=np.int32),
                          np.array([0, 3, 4], dtype=np.int64))
    assert plain.rows("gr").tolist() == [False, True, False, False]
    assert plain.rows("e").tolist() == [True, True, True, True]

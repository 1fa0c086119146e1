"""A large column's cells read in bulk give what reading each cell gives (issue 16: a
100,000-row catalog compiled in about a second), on cells and tables written for these
tests."""

from __future__ import annotations

import gc

import numpy as np

from depcheck.compiled import NameIndex, build_compiled, collector_paused, stable_order
from depcheck.evaluators.level import cell_range, cell_ranges
from depcheck.evaluators.vocabulary import Vocabulary
from depcheck.programs.cells import (
    BULK_FROM,
    DEFAULT_YEAR,
    _lines_readings,
    date_parts,
    first_number,
    typed_table,
)
from depcheck.table import Table
from depcheck.values import fold, fold_all, norm_text, parse_quantity, read_cells

from .readings import reads_as_each, same_number

CELLS = [
    "$1,249.99", "€5", "1,2", "007", "12,345", "0.75", "The Quill Mk 2", "  Orbit   9 ",
    "four", "out of 5", "4 out of 5", "an Heron", "the", "", "   ", "17 inches", "550w",
    "nan", "Harbour Line", "R&amp;B", "Zoë 3", "6 ft 2 in", "half a million", "1 630",
    "Outrigger 7", "a b c",
]


def _quantity(cell: str):
    q = parse_quantity(cell)
    return None if q is None else (q.value, q.unit)


def test_cells_read_in_bulk_read_as_one_at_a_time():
    # enough cells for the bulk passes (a few are read one by one anyway)
    cells = CELLS + [f"Gull {i}" for i in range(40)] + [f"${i},{i:03d}.50" for i in range(1, 40)]
    assert len(cells) >= 64
    norms, quantities = read_cells(cells)
    assert norms == [norm_text(c) for c in cells]
    assert quantities == [_quantity(c) for c in cells]
    assert read_cells(CELLS) == ([norm_text(c) for c in CELLS], [_quantity(c) for c in CELLS])
    # what those readings are, for a few of them
    at = {c: i for i, c in enumerate(cells)}
    assert quantities[at["$3,003.50"]] == (3003.5, "usd")
    prices = [f"€{i},{i:03d}.25" for i in range(1, 70)] + ["17", "0042", "£9.99"]
    assert read_cells(prices) == ([norm_text(c) for c in prices], [_quantity(c) for c in prices])
    assert read_cells(prices)[1][:2] == [(1001.25, "eur"), (2002.25, "eur")]
    assert norms[at["$1,249.99"]] == "$1 249.99"
    assert quantities[at["$1,249.99"]] == (1249.99, "usd")
    assert norms[at["The Quill Mk 2"]] == "quill mk 2"
    assert quantities[at["The Quill Mk 2"]] is None
    assert norms[at["  Orbit   9 "]] == "orbit 9"
    assert norms[at["the"]] == ""
    assert quantities[at["four"]] == (4.0, None)
    assert quantities[at["4 out of 5"]] == (4.0, "out of 5")


def test_a_cell_with_a_line_break_is_read_on_its_own():
    cells = ["Gull\nSpirit", "$85.50", "Tern 4"] * 30
    norms, quantities = read_cells(cells)
    assert norms == [norm_text(c) for c in cells]
    assert quantities[:3] == [None, (85.5, "usd"), None]


def test_folding_many_cells_folds_each():
    texts = ["Harbour LINE", "Zoë", "R&amp;B", "", "ＡＢＣ"]
    assert fold_all(texts) == [fold(t) for t in texts]
    assert fold_all(["Harbour LINE", "Gull"]) == ["harbour line", "gull"]


def test_first_numbers_and_dates_of_many_texts_are_those_of_each():
    every_line = ["$12.50", "gull 204", "918khz", "2 - 1", "10:00", "1 630"]
    amounts = ["$12.50", "1,250", "0042", "€1,000,000.5", "7", "2019.05", "31"]
    no_line = ["harbour line", "isle link", ""]
    some = ["3 may 2019", "spring", "11 june 1958", "tern 1999 refit", "x 4x6306", "21st",
            "e", "-5", "12abc5", "ab12 3", "31 february 2001"]
    for texts in (every_line, no_line, some, every_line + no_line + some, amounts):
        reads_as_each(texts)
    number, month, year, _, day = _lines_readings(some)
    assert year.tolist()[:4] == [2019, DEFAULT_YEAR, 1958, 1999]
    assert month.tolist()[:3] == [True, False, True]
    assert number[some.index("21st")] == 21.0
    assert _lines_readings(["a\nb", "c"]) is None  # a line break: read one by one
    number, _, year, _, day = _lines_readings(amounts)  # a price column's numbers: itself
    assert number.tolist() == [12.5, 1250.0, 42.0, 1000000.5, 7.0, 2019.05, 31.0]
    assert year.tolist()[5] == 2019 and day.tolist()[6] == 31


def _catalog(n: int) -> Table:
    """Kayaks with as many distinct names and prices as rows, a few models repeated."""
    rows = [[f"Heron {3 * i + 1}", f"${20 + 7.25 * i:,.2f}", f"{2 + i % 5}.5 kg",
             "yes" if i % 3 else "no", f"{1990 + i % 30} refit"] for i in range(n)]
    rows[5][0] = rows[2][0]  # one name on two rows
    return Table.from_dict({"id": f"kayaks-{n}", "columns": [
        "model", "price", "weight", "rudder", "history"], "rows": rows})


def test_a_large_column_compiles_and_types_as_each_cell_reads():
    table = _catalog(BULK_FROM + 40)
    compiled = build_compiled(table)
    price = compiled.columns[1]
    assert price.kind == "number" and price.unit == "usd"
    assert price.num[:3].tolist() == [20.0, 27.25, 34.5]
    weight = compiled.columns[2]
    assert weight.unit == "kg" and weight.base[0] == 2500.0  # grams
    assert compiled.columns[3].kind == "bool"
    typed = typed_table(compiled)
    for j in range(len(table.columns)):
        texts = [fold(row[j]) for row in table.rows]
        col = typed.columns[j]
        assert all(same_number(a, first_number(t)) for a, t in zip(col.number, texts, strict=True))
        assert col.year.tolist() == [date_parts(t)[0] or DEFAULT_YEAR for t in texts]
    assert typed.columns[4].year[:2].tolist() == [1990, 1991]


def test_rows_grouped_by_code_keep_row_order_within_a_code():
    for top in (3, 40_000):
        codes = (np.arange(70_000) * 7919) % top
        assert np.array_equal(stable_order(codes), np.argsort(codes, kind="stable"))
    assert stable_order(np.array([2, 0, 2, 1, 0])).tolist() == [1, 4, 3, 0, 2]


def test_the_name_index_finds_a_name_held_by_two_rows():
    names = NameIndex(build_compiled(_catalog(30)).columns[0].norm)
    assert names.rows_with_words(["heron", "7"]).tolist() == [2, 5]
    assert names.posting("heron").tolist() == list(range(30))
    assert names.near("heron 70", limit=1).tolist() == [23]  # "heron 70" is row 23's name


def test_typos_are_known_by_one_edit_of_a_long_word():
    vocab = Vocabulary(frozenset({"crowne", "plaza", "harbour", "isle"}))
    assert vocab.knows("crown")  # a letter dropped
    assert vocab.knows("harbor")
    assert vocab.knows("plazza")  # a letter added
    assert vocab.knows("isle")
    assert not vocab.knows("planet")
    assert not vocab.knows("isla")  # short words must be spelled right


def test_range_cells_are_those_with_a_joiner_and_a_range():
    cells = ["£20-25", "$1,249.99", "17 to 21 inches", "Wi-Fi", "2-in-1", "Tern 40"]
    assert cell_ranges(cells) == {0: (20.0, 25.0), 2: (17.0, 21.0)}
    assert cell_ranges(cells) == {i: r for i, c in enumerate(cells)
                                  if (r := cell_range(c)) is not None}


def test_the_collector_is_paused_while_compiling_and_resumed_after():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # another compile at the same time
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with collector_paused(pause=False):
        assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # it was off before: it stays off
    finally:
        gc.enable()


def test_a_long_column_of_clock_times_reads_minutes():
    # 80 tracks: "3:07" under "length" is 3 minutes 7 seconds (more cells than the bulk
    # reading starts from)
    rows = [[f"Track {i}", f"{2 + i // 60}:{i % 60:02d}"] for i in range(80)]
    table = Table.from_dict({"id": "tracks", "columns": ["title", "length"], "rows": rows})
    length = build_compiled(table).columns[1]
    assert length.kind == "number" and length.unit == "min"
    assert length.num[7] == 2 + 7 / 60
    assert length.num[61] == 3 + 1 / 60

"""The compact structures of a compiled table answer what plain Python structures would,
on a small table of garden tools written for these tests."""

from __future__ import annotations

import gc

import numpy as np

from depcheck.compiled import CellTexts, ColumnCells, NameIndex, build_compiled, spread
from depcheck.programs.cells import Substrings, typed_table
from depcheck.table import Table
from depcheck.values import norm_text

TOOLS = Table.from_dict({
    "id": "garden-tools",
    "columns": ["tool", "maker", "price", "weight", "cordless", "uses"],
    "rows": [
        ["Hedge Trimmer 40", "Verdo", "$129.00", "3.1 kg", "yes", "hedges, shrubs"],
        ["Leaf Blower X2", "Verdo", "$89.50", "2.4 kg", "no", "leaves"],
        ["Hedge Trimmer 60", "Brakka", "$149.00", "3.8 kg", "yes", "hedges"],
        ["Lawn Edger", "Brakka", "$59.99", "1.9 kg", "no", "lawn edges; borders"],
        ["Pole Saw", "Tamsin", "$199.00", "4.5 kg", "yes", "branches"],
    ],
})


def _plain_cells(table: Table) -> dict[str, dict[int, list[int]]]:
    """text -> column -> rows, built the obvious way (each cell and each item of a
    multi-valued cell, normalized)."""
    out: dict[str, dict[int, list[int]]] = {}
    for r, row in enumerate(table.rows):
        for c, raw in enumerate(row):
            texts = {norm_text(raw)}
            if ", " in raw or ";" in raw:
                texts |= {norm_text(p) for p in raw.replace(";", ",").split(",")}
            for t in texts - {""}:
                out.setdefault(t, {}).setdefault(c, []).append(r)
    return out


def test_the_cell_index_answers_like_a_plain_dict():
    compiled = build_compiled(TOOLS)
    plain = _plain_cells(TOOLS)
    assert set(plain) >= {"verdo", "hedges", "borders", "$129.00", "yes"}
    for text, by_col in plain.items():
        found = compiled.rows_by_column(text)
        assert {c: rows.tolist() for c, rows in found.items()} == by_col, text
    assert compiled.rows_by_column("chainsaw") == {}
    assert compiled.key_rows("pole saw") == (4,)


def test_the_name_index_answers_like_a_scan_of_the_names():
    compiled = build_compiled(TOOLS)
    names = [norm_text(row[0]) for row in TOOLS.rows]
    index = compiled.names
    assert index.rows_with_words(["hedge", "trimmer"]).tolist() == [0, 2]
    assert index.rows_with_words(["trimmer", "60"]).tolist() == [2]
    assert index.rows_with_words(["trimmer", "saw"]).tolist() == []
    # names wholly inside a phrase: every word of the name is a word of the phrase
    phrase = "the pole saw and the lawn edger"
    expected = [r for r, n in enumerate(names) if set(n.split()) <= set(phrase.split())]
    assert index.names_within(phrase).tolist() == expected == [3, 4]
    assert index.near("hedge trimer 40").tolist()[0] == 0  # a typo still finds its row
    assert index.near("zzzz").tolist() == []
    assert "blower" in index.words and "mower" not in index.words


def test_the_name_index_built_from_a_plain_list_agrees():
    names = ["oak bench", "pine bench", "oak table", "oak bench"]
    index = NameIndex(names)
    assert index.rows_with_words(["oak", "bench"]).tolist() == [0, 3]
    assert index.posting("pine").tolist() == [1]
    assert index.posting("elm") is None


def test_column_views_read_like_tuples():
    compiled = build_compiled(TOOLS)
    maker = compiled.columns[1]
    assert isinstance(maker.norm, CellTexts) and isinstance(maker.raw, ColumnCells)
    assert list(maker.norm) == ["verdo", "verdo", "brakka", "brakka", "tamsin"]
    assert maker.norm[2] == "brakka" and maker.norm[1:3] == ("verdo", "brakka")
    assert len(maker.norm) == 5
    assert np.array(maker.norm, dtype=str).tolist() == list(maker.norm)
    assert maker.raw[4] == "Tamsin" and maker.raw[:2] == ("Verdo", "Verdo")
    assert list(maker.raw) == [row[1] for row in TOOLS.rows]


def test_spread_shares_one_value_only_when_every_cell_reads_it():
    inverse = np.array([0, 1, 1, 0, 2])
    same = spread(np.array([np.nan, np.nan, np.nan]), inverse)
    assert same.shape == (5,) and np.isnan(same).all() and not same.flags.writeable
    mixed = spread(np.array([1.5, 2.0, 3.0]), inverse)
    assert mixed.tolist() == [1.5, 2.0, 2.0, 1.5, 3.0]
    compiled = build_compiled(TOOLS)
    assert np.isnan(compiled.columns[1].num).all()  # maker: no number in any cell
    assert compiled.columns[3].num.tolist() == [3.1, 2.4, 3.8, 1.9, 4.5]


def test_substrings_find_what_numpy_finds():
    typed = typed_table(build_compiled(TOOLS))
    uses = typed.columns[5]
    for needle in ("hedge", "edges", "s", "bord", "x", "hedges,shrubs", ""):
        expected = np.char.find(uses.compact, needle) >= 0
        assert uses.compact_holding(needle).tolist() == expected.tolist(), needle
        assert uses.plain_holding(needle).tolist() == (np.char.find(uses.plain, needle)
                                                       >= 0).tolist(), needle
    cells = Substrings.of(["red", "green", "red"], np.array([0, 1, 2, 1], dtype=np.int32))
    assert cells.rows("re").tolist() == [True, True, True, True]
    assert cells.rows("ee").tolist() == [False, True, False, True]
    assert cells.rows("a\nb") is None  # a needle spanning lines is left to numpy
    assert Substrings.of(["two\nlines"], np.array([0])) is None


def test_settle_freezes_what_is_loaded(core_checker):
    before = gc.get_freeze_count()
    try:
        core_checker.settle()
        assert gc.get_freeze_count() > before
    finally:
        gc.unfreeze()


def test_a_tables_link_memo_follows_its_catalog():
    """The evaluators' per-table memo is kept across checks of one catalog, and forgotten
    when a table joins the catalog or the catalog is replaced."""
    from depcheck.lexicon import default as default_lexicon
    from depcheck.link import Linker, build_domains

    compiled = build_compiled(TOOLS)
    lexicon = default_lexicon()
    domains = build_domains([TOOLS])
    first = Linker(compiled, None, lexicon, domains)
    first.memo[("resembled", "shears")] = None
    again = Linker(compiled, None, lexicon, domains)
    assert ("resembled", "shears") in again.memo
    mowers = Table.from_dict({"id": "mowers", "columns": ["mower", "maker"],
                              "rows": [["Glide 40", "Verdo"], ["Ridge 7", "Halden"]]})
    domains.add(build_compiled(mowers))
    assert ("resembled", "shears") not in Linker(compiled, None, lexicon, domains).memo
    assert Linker(compiled, None, lexicon, build_domains([TOOLS])).memo == {}
    assert Linker(compiled, None, lexicon).memo == {}  # no catalog: a memo of its own

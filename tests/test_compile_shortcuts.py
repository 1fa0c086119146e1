"""The compile's shortcuts for large columns (issue 16: 100,000 rows in under a second)
give what the general readings give, on cells and tables written for these tests."""

from __future__ import annotations

import math

import numpy as np

from depcheck.compiled import (
    _any_trigram_index,
    _ascii_trigram_index,
    _gram_codes,
    _word_counts,
    build_compiled,
    factorize,
)
from depcheck.evaluators.vocabulary import Vocabulary
from depcheck.programs.cells import DEFAULT_YEAR, _lines_readings
from depcheck.table import Table
from depcheck.values import all_ascii_amounts, norm_text, parse_quantity, read_cells

from .readings import reads_as_each


def test_factorize_numbers_cells_by_first_appearance():
    distinct, codes = factorize(["kiwi", "fig", "kiwi", "lime", "fig", "fig"])
    assert distinct == ["kiwi", "fig", "lime"]
    assert codes.tolist() == [0, 1, 0, 2, 1, 1]
    assert codes.dtype == np.int32
    # a long column of its own cells (the one-set path), and one whose 70th cell repeats
    own = [f"plum {i}" for i in range(70)]
    distinct, codes = factorize(own)
    assert distinct == own and codes.tolist() == list(range(70))
    distinct, codes = factorize([*own, "plum 3"])
    assert distinct == own and codes.tolist() == [*range(70), 3]
    assert factorize([])[0] == [] and factorize([])[1].tolist() == []


def test_ascii_trigrams_sorted_once_are_the_general_index():
    # names over 3 rows each but one, some sharing trigrams ("wren", "wrens")
    names = ["wren 12", "wrens 4", "kite", "rook 9 b"]
    by_name = np.array([0, 4, 7, 1, 5, 2, 6, 3], dtype=np.int32)  # rows in name order
    name_starts = np.array([0, 3, 5, 7, 8])  # wren: 3 rows, wrens 2, kite 2, rook 1
    small, small_owner = _gram_codes(names, ascii=True)
    ascii_keys, ascii_starts, ascii_rows = _ascii_trigram_index(
        small, small_owner, by_name, name_starts)
    codes, owner = _gram_codes(names)
    keys, starts, rows = _any_trigram_index(codes, owner, by_name, name_starts, 8)
    assert np.array_equal(ascii_keys, keys) and np.array_equal(ascii_starts, starts)
    assert np.array_equal(ascii_rows, rows)
    # " wr" starts "wren 12" (rows 0, 4, 7) and "wrens 4" (rows 1, 5)
    wr = ord(" ") << 42 | ord("w") << 21 | ord("r")
    k = int(np.searchsorted(keys, wr))
    assert keys[k] == wr and rows[starts[k]:starts[k + 1]].tolist() == [0, 1, 4, 5, 7]


def test_a_large_name_column_finds_near_names_as_before():
    rows = [[f"Tern {i}", f"{i % 4} m"] for i in range(90)] + [["Kestrel 7", "2 m"]]
    table = Table.from_dict({"id": "boats", "columns": ["boat", "length"], "rows": rows})
    names = build_compiled(table).names
    assert names.near("kestral 7", limit=1).tolist() == [90]
    assert names.rows_with_words(["tern", "42"]).tolist() == [42]
    assert names.n_words[[0, 90]].tolist() == [2, 2]


def test_word_counts_of_normalized_names_are_their_spaces_and_one():
    names = ["gull", "tern 4", "", "great blue heron"]
    assert _word_counts(names, True, 6).tolist() == [1, 2, 0, 3]
    # not normalized (double spaces): counted by splitting
    assert _word_counts(["a  b", " c"], False, 3).tolist() == [2, 1]


def test_plain_texts_first_numbers_years_and_days_are_each_texts():
    plain = ["osprey 2210", "swift 7 b", "12abc 5", "lark", "", "9", "owl 12345678901234567",
             "petrel 0042", "ab12 3", "  hawk 31  ", "x 4 2019", "2nd mate", "ibis 0000"]
    reads_as_each(plain)
    number, _, year, _, day = _lines_readings(plain)
    assert number[:2].tolist() == [2210.0, 7.0] and math.isnan(number[3])
    assert number[2] == 12.0  # "12abc": digits running into letters, read on its own
    assert number[6] == 12345678901234567.0
    assert year.tolist()[:2] == [2210, DEFAULT_YEAR] and year[12] == DEFAULT_YEAR
    assert day.tolist()[9:11] == [31, 4]
    # ASCII with punctuation (years and days from runs of digits), and not ASCII
    reads_as_each(["$1,999.50", "1999-05-04", "v2.31_x", "a_12 b", "(07)", "3:15 pm",
                    "june 4, 1998", "1.5.2020"])
    reads_as_each(["zoë 1987", "café 3", "straße 12 mai"])


def test_plain_cells_that_may_hold_a_quantity_are_read_as_each():
    cells = ["Heron 7", "two tone 5", "Inf 3", "nan", "4 out of 5", "Half Moon 3", "",
             "   ", "the Osprey", "Scout 9", "30 days", "Dozen 2", "a dozen"]
    cells += [f"Grebe {i}" for i in range(60)]
    norms, quantities = read_cells(cells)
    assert norms == [norm_text(c) for c in cells]
    expected = [None if (q := parse_quantity(c)) is None else (q.value, q.unit) for c in cells]
    assert quantities == expected
    assert quantities[0] is None and quantities[1] == expected[1]
    assert quantities[4] == (4.0, "out of 5")


def test_a_price_column_is_every_cell_a_bare_amount():
    assert all_ascii_amounts(["$12.50", "7", "1,250", "€3"] * 20)
    assert not all_ascii_amounts(["$12.50", "7", "12.5 kg"] * 30)
    assert not all_ascii_amounts(["$12.50", "7\n8"] * 40)  # a line break in a cell
    assert not all_ascii_amounts(["$12.50", ""] * 40)
    assert not all_ascii_amounts([])
    # each amount's currency: all one sign, none, or mixed
    for prices in ([f"${i},{i:03d}.25" for i in range(1, 70)], [f"{i}.5" for i in range(70)],
                   [f"€{i}" for i in range(70)] + ["£3", "4"]):
        expected = [(q.value, q.unit) for q in map(parse_quantity, prices)]
        assert read_cells(prices) == ([norm_text(p) for p in prices], expected)
    assert read_cells([f"${i}" for i in range(70)])[1][5] == (5.0, "usd")


def test_a_large_column_reads_leading_numbers_and_units_as_each_cell():
    # more than 64 distinct cells: the bulk readings; leading numbers of cells that are not
    # one quantity ("-3 knots gusting"), and a unit counted over rows
    cells = [f"{i} knots" for i in range(50)] + ["-3 knots gusting", " 12 calm", "calm",
                                                  "$40 fee", "gale 9"]
    cells += [f"{i} knots" for i in range(20)]
    table = Table.from_dict({"id": "winds", "columns": ["wind"],
                             "rows": [[c] for c in cells]})
    col = build_compiled(table).columns[0]
    assert col.unit == "knots"  # a unit word the lexicon does not know, read loosely
    at = {c: i for i, c in enumerate(cells)}
    assert col.num[at["-3 knots gusting"]] == -3.0
    assert col.num[at[" 12 calm"]] == 12.0
    assert math.isnan(col.num[at["calm"]]) and math.isnan(col.num[at["gale 9"]])
    assert col.num[at["$40 fee"]] == 40.0
    assert col.num[at["7 knots"]] == 7.0
    assert col.codes[at["7 knots"]] == col.codes[len(cells) - 13]  # "7 knots" again


def test_a_vocabulary_read_from_its_words_joined_knows_their_typos():
    # words of 4+ letters read as slices of the words joined
    words = frozenset({"kingfisher", "cormorant", "tern", "egret", "sandpiper", "ibis"})
    vocab = Vocabulary(words)
    assert sorted(vocab._long[i] for i in range(len(vocab._long))) == [
        "cormorant", "egret", "ibis", "kingfisher", "sandpiper", "tern"]
    assert vocab.knows("kingfischer") and vocab.knows("cormorent") and vocab.knows("egrets")
    assert not vocab.knows("sandpipers2") and not vocab.knows("tarn")  # two edits; short
    # a word holding a space: listed one by one, the same answers
    spaced = Vocabulary(frozenset({"little egret", "sandpiper"}))
    assert list(spaced._long) and spaced.knows("sandpiper") and spaced.knows("sandpipr")
    assert spaced.knows("little egrets") and not spaced.knows("little")

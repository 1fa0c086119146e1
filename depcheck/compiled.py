"""A table compiled once into typed numpy columns.

Strings are dictionary-encoded (``codes`` index into ``dictionary``), numbers are float
arrays with NaN for missing, booleans int8 with -1 for missing.  Every check reads these
arrays; nothing on a hot path walks rows in Python.
"""

from __future__ import annotations

import gc
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain, repeat
from operator import is_, itemgetter

import numpy as np
import regex

from .lexicon import default as default_lexicon
from .table import Table
from .values import (
    BASE_UNITS,
    CURRENCY_CHARS,
    FALSE_WORDS,
    TRUE_WORDS,
    UNIT_DIMENSION,
    UNIT_OF,
    Quantity,
    norm_text,
    parse_number,
    read_cells,
    split_identifier,
)

_LEX = default_lexicon()
_REPEAT = regex.compile(r"\s*\(\d+\)$")
_LEADING_NUMBER = regex.compile(
    rf"^\s*[{regex.escape(CURRENCY_CHARS)}]?\s*(-?(?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?)")
# a unit in a header: "price (usd)", "battery (mah)", or a trailing unit that cannot be a
# word of the attribute ("price eur", "range km"; not "top speed", "release year")
_HEADER_UNIT = regex.compile(r"^(?P<name>.*\S)\s*\((?P<unit>[^()]+)\)$")
# header words from rules/lexicon/headers.yaml (the packaged lexicon, read once: tables
# are compiled without a rule set): trailing unit words that cannot be a word of the
# attribute ("price eur", not "top speed"); bracketed words that are units in a cell but
# not in a header ("viewers (m)", "rank (week)"); words of a yes/no header that say "it
# has" ("has pool", "breakfast included")
_TRAILING_UNITS = _LEX.header_trailing_units
_AMBIGUOUS_IN_HEADER = _LEX.header_ambiguous_units
_HEADER_SCALES = _LEX.header_scales
_MONEY_SCALES = _LEX.header_money_scales
_MONEY = UNIT_DIMENSION.get(UNIT_OF.get("$", ""))  # the dimension of a currency
_BOOL_PREFIXES = _LEX.bool_header_prefixes
_BOOL_SUFFIXES = _LEX.bool_header_suffixes
_CLOCK_HEADERS = _LEX.clock_duration_headers
_CLOCK_HEADER_ENDS = _LEX.clock_duration_header_ends
_KEY_HEADERS = _LEX.key_column_headers
# "55:07", "55 : 07" (minutes and seconds), "2:01:30" (hours too)
_CLOCK = regex.compile(r"\s*(?:(\d{1,2})\s*:\s*)?(\d{1,3})\s*:\s*([0-5]\d)\s*")


def is_clock(text: str) -> bool:
    """The text is written as a clock ("22:00", "55 : 07", "2:01:30"): a time of day or a
    length of time, never a plain amount."""
    return _CLOCK.fullmatch(text) is not None


@lru_cache(maxsize=2048)  # a column's cells do not change: asked once per column
def clock_written(col) -> bool:
    """Every filled cell of a column is written as a clock ("19:38", "1:53:16"): lengths
    of time (or times of day), whatever its header says. Read lazily: a column's first
    cell that is no clock ends the reading."""
    filled = (c for c in col.distinct if c.strip())
    first = next(filled, None)
    return first is not None and is_clock(first) and all(map(is_clock, filled))


def clock_minutes(text: str) -> Quantity | None:
    """A length of time written as a clock, in minutes: "55 : 07" -> 55.12 min."""
    m = _CLOCK.fullmatch(text)
    if m is None:
        return None
    hours = int(m[1]) if m[1] else 0
    return Quantity(hours * 60 + int(m[2]) + int(m[3]) / 60, UNIT_OF["minutes"])


def spread(per_cell: np.ndarray, inverse: np.ndarray) -> np.ndarray:
    """Values of the distinct cells spread over the rows (``per_cell[inverse]``); a column
    whose cells all read the same (no number in a text column, no date in most) gets one
    read-only broadcast value instead of an array of it per row."""
    if len(per_cell) and len(inverse):
        first = per_cell[:1]
        same = np.isnan(per_cell).all() if per_cell.dtype.kind == "f" else (
            per_cell == first[0]).all()
        if same:
            return np.broadcast_to(first, (len(inverse),))
    return per_cell[inverse]


class ColumnCells(Sequence):
    """One column of a table's rows, read from the rows (no copy of the column)."""

    def __init__(self, rows, j: int) -> None:
        self.rows = rows
        self.j = j

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(row[self.j] for row in self.rows[i])
        return self.rows[i][self.j]

    def __iter__(self):
        return map(itemgetter(self.j), self.rows)

    def take(self, rows: list[int]) -> list[str]:
        """The cells of these rows (Python ints), in their order."""
        j, source = self.j, self.rows
        return [source[r][j] for r in rows]

    def __repr__(self) -> str:
        return f"ColumnCells(column {self.j}, {len(self)} rows)"


class CellTexts(Sequence):
    """A column's normalized cells row by row, read from its dictionary and codes: the
    column keeps no tuple of a string per row."""

    def __init__(self, dictionary: tuple[str, ...], codes: np.ndarray) -> None:
        self.dictionary = dictionary
        self.codes = codes

    def __len__(self) -> int:
        return len(self.codes)

    def __getitem__(self, i):
        if isinstance(i, slice):
            d = self.dictionary
            return tuple(d[c] for c in self.codes[i].tolist())
        return self.dictionary[self.codes[i]]

    def __iter__(self):
        d = self.dictionary
        return (d[c] for c in self.codes.tolist())

    def __array__(self, dtype=None, copy=None):
        return np.array(list(self), dtype=dtype)

    def __repr__(self) -> str:
        return f"CellTexts({len(self)} cells, {len(self.dictionary)} distinct)"


@dataclass(frozen=True, eq=False)
class Column:
    index: int
    name: str
    words: str
    raw: Sequence[str]  # the cells by row, as the table gives them (a view of its rows)
    norm: CellTexts  # normalized cells by row (a view of ``dictionary`` through ``codes``)
    codes: np.ndarray
    dictionary: tuple[str, ...]
    num: np.ndarray
    base: np.ndarray  # num in its unit family's base unit (NaN when the unit is unknown)
    unit: str | None
    bools: np.ndarray
    kind: str  # "number" | "bool" | "text"
    # the distinct raw cells in order of first appearance and each row's one of them
    # (int32): other readings of the column (the program search's) parse each text once
    distinct: tuple[str, ...] = field(default=(), repr=False)
    inverse: np.ndarray = field(default=None, repr=False)
    # rows with a number (``num``) and with a value in the base unit (``base``), counted
    # at compile: checks ask "any number?", "all in one family?" without a pass over rows
    filled_num: int = 0
    filled_base: int = 0

    def cells_at(self, rows: list[int]) -> list[str]:
        """The raw cells of these rows (Python ints), in their order: a catalog's column
        reads them from the rows in one pass (evidence lists up to 64 of them)."""
        raw = self.raw
        return raw.take(rows) if type(raw) is ColumnCells else [raw[r] for r in rows]

    def distinct_cells(self) -> tuple[tuple[str, ...], np.ndarray]:
        """The column's distinct raw cells and, per row, which of them it holds."""
        return self.distinct, self.inverse

    def code_of(self, normalized: str) -> int:
        """Dictionary code of a normalized string, or -1 when the column never holds it."""
        try:
            return self.dictionary.index(normalized)
        except ValueError:
            return -1


@lru_cache(maxsize=4096)  # a pure function of a header: the same few recur
def header_unit(name: str) -> tuple[str, str | None]:
    """A header's attribute words and the unit it names, if any: ``Price (USD)`` ->
    ``("price", "usd")``, ``range_km`` -> ``("range", "km")``, ``Weight (1-5)`` and
    ``top speed`` -> unchanged, no unit."""
    m = _HEADER_UNIT.match(name.strip())  # before camelCase splitting: "(mAh)" is a unit
    spelled = m["unit"].strip().lower() if m else ""
    unit = UNIT_OF.get(spelled) if spelled not in _AMBIGUOUS_IN_HEADER else None
    if unit is None and spelled:
        unit = _scaled_currency(spelled)  # "USD m": US dollars, in millions
    if unit is not None:
        return split_identifier(m["name"]), unit
    words = split_identifier(name)
    parts = words.split()
    if len(parts) > 1 and parts[-1] in _TRAILING_UNITS and parts[-1] in UNIT_OF:
        return " ".join(parts[:-1]), UNIT_OF[parts[-1]]
    return words, None


def stated_unit(col) -> str | None:
    """A column's unit: its cells', else the one its header's bracket names ("Child weight
    range (kg)", whose range cells read as no figure)."""
    return col.unit or header_unit(col.name)[1]


def _scaled_currency(bracket: str) -> str | None:
    """The currency of a bracket that writes one currency and one scale ("usd m", "us$
    bn", "€ million"; the lexicon's header_scales and header_money_scales), else None."""
    words = bracket.split()
    if len(words) != 2:
        return None
    for money, scale in (words, words[::-1]):
        unit = UNIT_OF.get(money)
        if unit is not None and UNIT_DIMENSION.get(unit) == _MONEY and (
                scale in _HEADER_SCALES or scale in _MONEY_SCALES):
            return unit
    return None


def header_bracket(name: str) -> str | None:
    """The words of a header's closing bracket, lower case ("l/min" of "Max flow
    (L/min)"), a unit the lexicon knows or not; None for a header without one."""
    m = _HEADER_UNIT.match(name.strip())
    return m["unit"].strip().lower() if m else None


def header_units(name: str) -> frozenset[str]:
    """Every unit a header's bracket may spell, the ambiguous ones too: "Elevation gain
    (m)" may be metres (or minutes), which ``header_unit`` leaves unsaid."""
    bracket = header_bracket(name)
    unit = UNIT_OF.get(bracket) if bracket else None
    return frozenset({unit}) if unit else frozenset()


def unit_of_a_header_figure(col: Column, word: str) -> bool:
    """``word`` is, in the column's header, only the unit of a figure the header states
    ("g" of "Burn time per 230 g canister (minutes)"): no word of its attribute."""
    words = col.words.split()
    at = [i for i, w in enumerate(words) if w == word]
    return bool(at) and all(i > 0 and parse_number(words[i - 1]) is not None for i in at)


@lru_cache(maxsize=4096)  # a pure function of a header: the same few recur
def header_scale(name: str) -> float:
    """The scale a header's bracket gives its cells, by a word of the lexicon's
    header_scales ("Annual visitors (millions)": 1.9 is 1.9 million; "Total water
    (million L)", "Revenue (US$ bn)"); 1.0 when it gives none."""
    m = _HEADER_UNIT.match(name.strip())
    if not m:
        return 1.0
    bracket = m["unit"].lower()
    for word in bracket.split():
        scale = _HEADER_SCALES.get(word)
        if scale:
            return float(scale)
    if _scaled_currency(bracket) is not None:  # "(USD m)": a letter beside a currency
        return float(next(_MONEY_SCALES[w] for w in bracket.split() if w in _MONEY_SCALES))
    return 1.0


def scaled_figure(col: Column, value: float) -> float:
    """A claimed figure in the numbers a column's cells write: divided by the scale its
    header's bracket gives them ("11 million litres" is 11.0 of "Total water (million
    L)") when the figure is at least that scale, or when it is far beyond every cell (over
    100 times the largest) while its scaled value is not ("500,000 visitors" against 0.8
    and 2.1 of "(millions)"); a figure of the cells' own size is compared as written
    ("1.9" read off the cell, "25" of "Crowd (thousands)")."""
    # (a unit's own scale only beside a currency: "(USD m)"; "(million L)" has no unit)
    scale = header_scale(col.name) if not col.unit or UNIT_DIMENSION.get(col.unit) == _MONEY \
        else 1.0
    if scale <= 1.0 or not col.filled_num:
        return value
    if abs(value) >= scale:
        return value / scale
    with np.errstate(invalid="ignore"):
        largest = float(np.nanmax(np.abs(col.num)))
    return value / scale if abs(value) > 100 * largest and abs(value) / scale <= 10 * largest \
        else value


def _attribute_of_bool(words: str) -> str:
    """A yes/no header's attribute: ``has pool`` -> ``pool``, ``breakfast included`` ->
    ``breakfast`` (what the text names when it says the row has it)."""
    parts = words.split()
    if len(parts) > 1 and parts[0] in _BOOL_PREFIXES:
        parts = parts[1:]
    if len(parts) > 1 and parts[-1] in _BOOL_SUFFIXES:
        parts = parts[:-1]
    return " ".join(parts)


_FEW_CELLS = 64


def factorize(cells: list[str]) -> tuple[list[str], np.ndarray]:
    """The distinct cells in order of first appearance and, per cell, which of them it is
    (int32): one dict pass (each cell's first row, ``setdefault``), then numpy makes the
    first rows dense codes (the rank of each first row among them)."""
    n = len(cells)
    # every cell its own (a name): one set says so, tried when the first cells are distinct
    if n > _FEW_CELLS and len(set(cells[:_FEW_CELLS])) == _FEW_CELLS and len(set(cells)) == n:
        return cells, np.arange(n, dtype=np.int32)
    first: dict[str, int] = {}
    rows = np.fromiter(map(first.setdefault, cells, range(n)), dtype=np.int64, count=n)
    distinct = list(first)
    if len(distinct) == n:  # every cell its own (a name, most prices)
        return distinct, np.arange(n, dtype=np.int32)
    fresh = rows == np.arange(n)
    code = np.cumsum(fresh, dtype=np.int32)
    code -= 1
    return distinct, code[rows]


_LETTER_BYTE = np.zeros(256, dtype=bool)
_LETTER_BYTE[[*range(65, 91), *range(97, 123)]] = True


def _starts_with_letter(cells: list[str], blob: str | None) -> np.ndarray:
    """Which cells begin with an ASCII letter, from the first byte of each line of the cells
    joined (``blob``) when they are ASCII (else all False: the caller reads each cell)."""
    n = len(cells)
    if blob is None or not blob.isascii() or blob.count("\n") != n - 1:
        return np.zeros(n, dtype=bool)
    # a line break after the last cell: an empty cell's first byte is a line break
    chars = np.frombuffer((blob + "\n").encode("ascii"), dtype=np.uint8)
    starts = np.zeros(n, dtype=np.int64)
    starts[1:] = np.flatnonzero(chars[:-1] == 10) + 1
    return _LETTER_BYTE[chars[starts]]


# a column is numeric when this share of its filled cells reads as a number: a catalog's
# column of figures may hold one word among them (a run time of "corded" beside "40 min"
# in four rows), which leaves that cell out of every comparison, not the column
NUMBER_SHARE = 0.7
_BULK_FIRST = 64
_UNCACHED_FROM = 1024
# a normalized cell's yes/no reading (``bool_of_normalized``): 1, 0, else -1
_BOOL_OF = {**dict.fromkeys(FALSE_WORDS, 0), **dict.fromkeys(TRUE_WORDS, 1)}


def _counts_of_ones(u_bools: np.ndarray, u_nums: np.ndarray) -> bool:
    """Per distinct cell, its yes/no reading and its number: every yes/no cell is a numeral
    (the 1 and 0 the lexicon reads as yes and no) and another cell holds another number
    (bathrooms 1, 1, 2, 1): the column counts something, mostly one of it."""
    yes_no = u_bools >= 0
    other = ~yes_no & ~np.isnan(u_nums)
    return bool(other.any()) and bool(yes_no.any()) and not np.isnan(u_nums[yes_no]).any()


def _compile_column(index: int, name: str, raw: Sequence[str]
                    ) -> tuple[Column, list[str], list[str], np.ndarray, str | None]:
    """One column, parsed once per distinct cell text (a catalog repeats its units, brands
    and yes/no cells), then spread over the rows with numpy; with the distinct cells, their
    normalized texts, each row's cell and the distinct cells one a line (None for a few)."""
    named_unit = header_unit(name)[1]
    words = split_identifier(name)
    # "Length": "55:07" is a length of time; "Finish time": "2:08:41"
    clock = words in _CLOCK_HEADERS or words.rpartition(" ")[2] in _CLOCK_HEADER_ENDS
    distinct, inverse = factorize(list(raw))
    counts = np.bincount(inverse, minlength=len(distinct))
    # a column of many distinct cells is parsed without the parsers' caches: each text is
    # read once here, and would only push out what checks look up again
    # the distinct cells one a line, read by the bulk passes (a few cells: one by one)
    blob = "\n".join(distinct) if len(distinct) >= _BULK_FIRST else None
    u_norm, quants = read_cells(distinct, cached=len(distinct) <= _UNCACHED_FROM, blob=blob)
    dictionary, u_codes = factorize(u_norm)  # two cells may normalize alike ("Red", "red")
    dictionary = tuple(dictionary)
    u_nums = np.full(len(distinct), np.nan)
    u_base = np.full(len(distinct), np.nan)
    if clock:  # "Length": "55:07" is a length of time, read so before any other reading
        for i, v in enumerate(distinct):
            q = clock_minutes(v)
            if q is not None:
                quants[i] = (q.value, q.unit)
    missing = np.fromiter(map(is_, quants, repeat(None)), dtype=bool, count=len(quants))
    got = np.flatnonzero(~missing)
    unit = None
    if len(got):
        # "38,700" under "price_eur" is in euros; each unit's rows counted, the most common
        # (the first seen of equals) is the column's
        found = quants if len(got) == len(quants) else list(map(quants.__getitem__,
                                                                 got.tolist()))
        spelled, uid = factorize(list(map(itemgetter(1), found)))
        named = [named_unit if u is None else u for u in spelled]
        units, same = factorize(named)  # a unit first seen as the header's, then spelled
        uid = same[uid]
        u_nums[got] = list(map(itemgetter(0), found))
        factor = np.array([BASE_UNITS.get(u or "", np.nan) for u in units], dtype=np.float64)
        u_base[got] = u_nums[got] * factor[uid]
        rows = np.bincount(uid, weights=counts[got], minlength=len(units))
        unit = units[int(np.argmax(rows))]
    # a text starting with a letter has no leading number
    for i in np.flatnonzero(missing & ~_starts_with_letter(distinct, blob)).tolist():
        v = distinct[i]
        if not v[:1].isalpha():
            q = clock_minutes(v)
            if q is not None:
                # "19:42" under "Swim", "09:45" under "Departs": read whole (minutes and
                # seconds, or hours and minutes), in no unit the header does not name,
                # so the cells order as the clock does; never its leading "19"
                u_nums[i] = q.value
                continue
            m = _LEADING_NUMBER.match(v)
            if m:
                u_nums[i] = float(m.group(1).replace(",", ""))
    # (a column of names or prices holds no yes/no word: one set test says so)
    u_bools = np.full(len(u_norm), -1, dtype=np.int8) if _BOOL_OF.keys().isdisjoint(u_norm) \
        else np.fromiter(map(_BOOL_OF.get, u_norm, repeat(-1)), dtype=np.int8,
                         count=len(u_norm))
    codes = u_codes[inverse]
    nums, base, bools = spread(u_nums, inverse), spread(u_base, inverse), u_bools[inverse]
    # "not v.strip()": empty, or whitespace only
    blank = np.fromiter(map(str.isspace, distinct), dtype=bool, count=len(distinct)) | (
        np.fromiter(map(len, distinct), dtype=np.int64, count=len(distinct)) == 0)
    filled = int(counts[~blank].sum()) or 1
    if np.count_nonzero(bools >= 0) / filled >= 0.8 and not _counts_of_ones(u_bools, u_nums):
        kind = "bool"
    elif np.count_nonzero(~np.isnan(nums)) / filled >= NUMBER_SHARE:
        kind = "number"
    else:
        kind = "text"
    if kind == "bool":
        words = _attribute_of_bool(words)
    column = Column(index=index, name=name, words=words, raw=raw,
                    norm=CellTexts(dictionary, codes),
                    codes=codes, dictionary=dictionary, num=nums, base=base, unit=unit,
                    bools=bools, kind=kind, distinct=tuple(distinct), inverse=inverse,
                    filled_num=int(counts[~np.isnan(u_nums)].sum()),
                    filled_base=int(counts[~np.isnan(u_base)].sum()))
    return column, distinct, u_norm, inverse, blob


def _word_counts(names: list[str], normalized: bool, total: int,
                 joined: str | None = None) -> np.ndarray:
    """How many words each name has (``len(name.split())``); a normalized name's words
    are one space apart, so they are its spaces and one (none in an empty name).
    ``joined``: the names joined by line breaks; when ASCII, the words are counted from
    its bytes (a word starts where a byte not whitespace follows whitespace or the start,
    and each line is a name)."""
    n = len(names)
    if joined is not None and n and joined.isascii() and joined.count("\n") == n - 1:
        chars = np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
        space = _SPACE_BYTE[chars]
        starts = ~space
        starts[1:] &= space[:-1]
        counts = np.bincount(np.cumsum(chars == 10)[starts], minlength=n)
        if int(counts.sum()) == total:
            return counts.astype(np.int64)
    if normalized:
        counts = np.fromiter(map(str.count, names, repeat(" ")), dtype=np.int64, count=n)
        counts += np.fromiter(map(bool, names), dtype=np.int64, count=n)
        if int(counts.sum()) == total:
            return counts
    return np.fromiter(map(len, map(str.split, names)), dtype=np.int64, count=n)


# the bytes ``str.split`` splits ASCII text at
_SPACE_BYTE = np.zeros(256, dtype=bool)
_SPACE_BYTE[[9, 10, 11, 12, 13, 28, 29, 30, 31, 32]] = True


class NameIndex:
    """Rows by the names a column gives them, built once at compile time with numpy.

    Each word of a name has its sorted rows (rows holding all words of a phrase, names
    wholly inside a phrase) in one array sliced per word (``word_rows`` from
    ``word_starts``); the character trigrams of every name are kept sorted with their rows
    (``gram_keys``/``gram_rows``), for near spellings.  Lookups cost what the phrase and
    its matches cost, not what the table does: no loop over rows.
    """

    def __init__(self, norm: Sequence[str]) -> None:
        self.norm = norm
        if isinstance(norm, CellTexts):
            distinct, codes = list(norm.dictionary), norm.codes
        else:
            distinct, codes = list(norm), np.arange(len(norm), dtype=np.int32)
        n_rows = len(codes)
        # each distinct name's rows: by_name[name_starts[d]:name_starts[d + 1]]
        # the rows in name order: the rows themselves when each holds the next new name
        by_name = np.arange(n_rows, dtype=np.int32) if len(distinct) == n_rows and bool(
            (codes == np.arange(n_rows)).all()) else stable_order(codes).astype(np.int32)
        name_starts = np.zeros(len(distinct) + 1, dtype=np.int64)
        np.cumsum(np.bincount(codes, minlength=len(distinct)), out=name_starts[1:])
        # (distinct name, word) pairs, each word once per name, by numpy over all words
        # the words of the names joined by spaces are the names' words in order
        joined = "\n".join(distinct)  # (``split`` splits at a line break as at a space)
        flat = joined.split()
        # each word's first place among them, then their numbers in order of first place
        # (``factorize``, keeping its dictionary: the words' index below)
        word_id: dict[str, int] = {}
        first = np.fromiter(map(word_id.setdefault, flat, range(len(flat))), dtype=np.int64,
                            count=len(flat))
        fresh = first == np.arange(len(flat))
        rank = np.cumsum(fresh, dtype=np.int32)
        rank -= 1
        flat_id = rank[first]
        del first, fresh
        n_word = max(len(word_id), 1)
        pairs = np.repeat(np.arange(len(distinct), dtype=np.int64),
                          _word_counts(distinct, isinstance(norm, CellTexts), len(flat),
                                       joined))
        del flat, joined
        pairs *= n_word
        pairs += flat_id
        del flat_id
        pn, pw = np.divmod(_sorted_unique(pairs), n_word)
        name_words = np.bincount(pn, minlength=len(distinct)).astype(np.int32)
        # (word, distinct name) pairs -> (word, row) pairs, sorted by word then row
        rows, words = _spread_pairs(pn, pw, by_name, name_starts)
        order = np.sort(words * max(n_rows, 1) + rows)
        self.word_rows = (order % max(n_rows, 1)).astype(np.int32)
        self.word_starts = np.zeros(len(word_id) + 1, dtype=np.int64)
        np.cumsum(np.bincount(words, minlength=len(word_id)), out=self.word_starts[1:])
        # word -> its first place in the words of the names; ``_word_rank`` -> its number
        self.word_id = word_id
        self._word_rank = rank
        self.n_words = name_words[codes] if n_rows else np.zeros(0, dtype=np.int32)
        self.words = word_id.keys()  # every word of a name (a set-like view)
        # every word of a text the cell index holds for these names, values of a
        # multi-valued name included (``build_compiled`` adds theirs)
        self.text_words: AbstractSet[str] = self.words
        self.gram_keys, self.gram_starts, self.gram_rows = _trigram_index(
            distinct, by_name, name_starts, n_rows)

    def posting(self, word: str) -> np.ndarray | None:
        """The sorted rows whose name has the word, or None."""
        k = self.word_id.get(word)
        if k is None:
            return None
        k = self._word_rank[k]
        return self.word_rows[self.word_starts[k]:self.word_starts[k + 1]]

    def rows_with_words(self, words: list[str]) -> np.ndarray:
        """Rows whose name holds every one of these words (as whole words)."""
        lists = [self.posting(w) for w in dict.fromkeys(words)]
        if not lists or any(x is None for x in lists):
            return _NO_ROWS
        lists.sort(key=len)
        out = lists[0]
        for other in lists[1:]:
            out = np.intersect1d(out, other, assume_unique=True)
            if not len(out):
                break
        return out

    def names_within(self, phrase: str) -> np.ndarray:
        """Rows whose every name word is a word of the phrase (candidates for a name wholly
        inside it; the caller checks the word order)."""
        found = (self.posting(w) for w in set(phrase.split()))
        lists = [x for x in found if x is not None]
        if not lists:
            return _NO_ROWS
        if len(lists) == 1:  # one word of the phrase names rows: those of one-word names
            return lists[0][self.n_words[lists[0]] == 1]
        rows, counts = np.unique(np.concatenate(lists), return_counts=True)
        return rows[counts == self.n_words[rows]]

    def near(self, text: str, limit: int = 16) -> np.ndarray:
        """Up to ``limit`` rows whose names share the most character trigrams with the text
        (at least half of the text's), best first, ties by row order."""
        if len(self.n_words) <= _PY_NEAR_ROWS:
            return self._near_few(text, limit)
        padded = f" {text} "
        grams = zip(padded, padded[1:], padded[2:], strict=False)
        mine = np.array(sorted({ord(a) << 42 | ord(b) << 21 | ord(c) for a, b, c in grams}),
                        dtype=np.int64)
        if not len(mine) or not len(self.gram_keys):
            return _NO_ROWS
        at = np.minimum(np.searchsorted(self.gram_keys, mine), len(self.gram_keys) - 1)
        at = at[self.gram_keys[at] == mine]
        if not len(at):
            return _NO_ROWS
        starts, ends = self.gram_starts[at], self.gram_starts[at + 1]
        sizes = ends - starts
        # every posting of the found trigrams, gathered in one indexing
        flat = np.arange(int(sizes.sum()), dtype=np.int64) + np.repeat(
            starts - (np.cumsum(sizes) - sizes), sizes)
        found = self.gram_rows[flat]
        n_rows = len(self.n_words)
        if n_rows <= _BINCOUNT_ROWS:  # a small table: count by row, rows come out sorted
            per_row = np.bincount(found, minlength=n_rows)
            rows = np.flatnonzero(per_row * 2 >= len(mine))
            counts = per_row[rows]
        else:
            rows, counts = np.unique(found, return_counts=True)
            keep = counts * 2 >= len(mine)
            rows, counts = rows[keep], counts[keep]
        order = np.argsort(-counts, kind="stable")[:limit]  # ties by row (rows are sorted)
        return rows[order]


    def _near_few(self, text: str, limit: int) -> np.ndarray:
        """``near`` for a table of a few rows, in plain Python: each name's trigram set is
        made once, and a dozen numpy calls on arrays of a few items cost more than the
        set intersections they stand for.  The same rows in the same order."""
        grams = self.__dict__.get("_few_grams")
        if grams is None:
            grams = self._few_grams = [_trigrams(n) for n in self.norm]
        mine = _trigrams(text)
        if not mine:
            return _NO_ROWS
        need = len(mine)
        found = [(-k, r) for r, g in enumerate(grams) if (k := len(mine & g)) and 2 * k >= need]
        if not found:
            return _NO_ROWS
        found.sort()  # most shared first, ties by row
        return np.array([r for _, r in found[:limit]], dtype=np.int64)


def _trigrams(text: str) -> set[str]:
    """The character trigrams of a text padded with a space each side."""
    padded = f" {text} "
    return {padded[i:i + 3] for i in range(len(padded) - 2)}


_BINCOUNT_ROWS = 4096
_PY_NEAR_ROWS = 64  # from this many rows ``near`` counts with numpy


def _gram_codes(names, ascii: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Every character trigram of every name (padded with a space each side) as one int64,
    with the index of its name: one pass of numpy over all names joined.  Each character
    takes 21 bits (a trigram ``a << 42 | b << 21 | c``), or 7 when the names are
    ``ascii`` (``a << 14 | b << 7 | c``: room for a row beside it, ``_ascii_trigram_index``)."""
    if not len(names):
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int32)
    # the names each padded with a space, one after the other: " a  b  c "
    lengths = np.fromiter(map(len, names), dtype=np.int64, count=len(names)) + 2
    joined = " " + "  ".join(names) + " "
    if ascii:
        chars = np.frombuffer(joined.encode("ascii"), dtype=np.uint8).astype(np.int64)
        shift = 7
    else:
        chars = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
        shift = 21
    del joined
    owner = np.repeat(np.arange(len(names), dtype=np.int32), lengths)
    codes = (chars[:-2] << 2 * shift) | (chars[1:-1] << shift) | chars[2:]
    same = owner[:-2] == owner[2:]  # the three characters belong to one name
    return codes[same], owner[:-2][same]


def stable_order(keys: np.ndarray) -> np.ndarray:
    """``np.argsort(keys, kind="stable")`` of non-negative integer keys (a column's cell
    codes), by 15 bits at a time: numpy sorts 16-bit integers by radix, several times
    faster than the merge sort it uses for 32-bit ones."""
    top = int(keys.max()) if len(keys) else 0
    if top < 1 << 15:
        return np.argsort(keys.astype(np.int16), kind="stable")
    if top < 1 << 30:  # low bits first, then the high bits, each pass stable
        order = np.argsort((keys & 0x7FFF).astype(np.int16), kind="stable")
        return order[np.argsort((keys[order] >> 15).astype(np.int16), kind="stable")]
    return np.argsort(keys, kind="stable")


def _sorted_unique(keys: np.ndarray) -> np.ndarray:
    """``np.unique`` of integer keys by one sort, in place (numpy 2's ``unique`` hashes
    them first: 0.5 s for a million distinct keys)."""
    keys.sort()
    if len(keys):
        fresh = np.ones(len(keys), dtype=bool)
        fresh[1:] = keys[1:] != keys[:-1]
        keys = keys[fresh]
    return keys


def _spread_pairs(names: np.ndarray, other: np.ndarray, by_name: np.ndarray,
                  name_starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pairs (distinct name, x) made (row, x) for every row holding that name."""
    counts = name_starts[names + 1] - name_starts[names]
    if len(counts) and (counts == 1).all():  # each name in one row (a key column)
        return by_name[name_starts[names]].astype(np.int64), other
    first = np.repeat(name_starts[names], counts)
    offset = np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(
        np.cumsum(counts) - counts, counts)
    return by_name[first + offset].astype(np.int64), np.repeat(other, counts)


def _trigram_index(distinct: list[str], by_name: np.ndarray, name_starts: np.ndarray,
                   n_rows: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct trigrams (sorted), where each one's rows start, and the rows (sorted
    within a trigram, each once): each distinct name's trigrams, spread over its rows, as
    one integer key per (trigram, row) sorted once."""
    if len(distinct) and n_rows < 1 << 31 and all(map(str.isascii, distinct)):
        return _ascii_trigram_index(*_gram_codes(distinct, ascii=True), by_name, name_starts)
    codes, owner = _gram_codes(distinct)
    return _any_trigram_index(codes, owner, by_name, name_starts, n_rows)


def _any_trigram_index(codes: np.ndarray, owner: np.ndarray, by_name: np.ndarray,
                       name_starts: np.ndarray, n_rows: int
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_trigram_index`` of names in any characters: the distinct trigrams numbered
    first (``np.unique``), then (number, row) keys sorted."""
    keys, gram = np.unique(codes, return_inverse=True)
    del codes
    rows, gram = _spread_pairs(owner.astype(np.int64), gram.astype(np.int64), by_name,
                               name_starts)
    del owner
    size = max(n_rows, 1)
    gram *= size
    gram += rows
    del rows
    gram, rows = np.divmod(_sorted_unique(gram), size)
    rows = rows.astype(np.int32)
    starts = np.zeros(len(keys) + 1, dtype=np.int64)
    np.cumsum(np.bincount(gram, minlength=len(keys)), out=starts[1:])
    return keys, starts, rows


def _ascii_trigram_index(small: np.ndarray, owner: np.ndarray, by_name: np.ndarray,
                         name_starts: np.ndarray
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_trigram_index`` of names in ASCII, from their 21-bit trigrams (``_gram_codes``
    with ``ascii``): one int64 holds the trigram above its row and a single sort orders
    the (trigram, row) pairs (no ``np.unique`` of the trigrams first); the keys kept are
    the general index's (21 bits a character)."""
    rows, small = _spread_pairs(owner.astype(np.int64), small, by_name, name_starts)
    small <<= 32
    small |= rows
    del rows
    small = _sorted_unique(small)
    rows = (small & 0xFFFFFFFF).astype(np.int32)
    small >>= 32
    fresh = np.ones(len(small), dtype=bool)
    fresh[1:] = small[1:] != small[:-1]
    at = np.flatnonzero(fresh)
    grams = small[at]
    keys = ((grams >> 14) << 42) | (((grams >> 7) & 0x7F) << 21) | (grams & 0x7F)
    starts = np.empty(len(at) + 1, dtype=np.int64)
    starts[:-1] = at
    starts[-1] = len(small)
    return keys, starts, rows


class CellIndex:
    """Cells by their normalized text (and by each value of a multi-valued cell), built once
    at compile time: the text maps to (column, distinct cell) pairs, and each column keeps
    its rows grouped by distinct cell (``order`` sliced by ``starts``), so a lookup costs
    what it finds, never a pass over the rows."""

    def __init__(self) -> None:
        # text -> packed (column, distinct cell): one int, or a list when several hold it
        self.by_text: dict[str, int | list[int]] = {}
        self.order: list[np.ndarray] = []
        self.starts: list[np.ndarray] = []

    def add_column(self, col: int, distinct: list[str], u_norm: list[str],
                   inverse: np.ndarray, joined: str | None = None) -> None:
        """The column's cells by text; ``joined``: the distinct cells one a line, when
        the caller joined them already."""
        if len(distinct) == len(inverse):  # each row its own cell: rows in cell order
            order = np.arange(len(inverse), dtype=np.int32)
            starts = np.arange(len(inverse) + 1, dtype=np.int64)
        else:
            order = stable_order(inverse).astype(np.int32)
            starts = np.zeros(len(distinct) + 1, dtype=np.int64)
            np.cumsum(np.bincount(inverse, minlength=len(distinct)), out=starts[1:])
        self.order.append(order)
        self.starts.append(starts)
        by_text = self.by_text
        if joined is None:
            joined = "\n".join(distinct)  # a separator neither "; " nor ", " spans
        if ";" not in joined and ", " not in joined:  # no multi-valued cell
            if all(u_norm):  # no cell normalizes to nothing
                held = range(len(u_norm))
                texts = u_norm
            else:
                held = [d for d, n in enumerate(u_norm) if n]
                texts = [u_norm[d] for d in held]
            if len(set(texts)) == len(texts) and by_text.keys().isdisjoint(texts):
                # each text new and in one cell: one int each, as the loop below puts them
                by_text.update(zip(texts, range(col << _SHIFT, (col << _SHIFT) + len(u_norm))
                                   if type(held) is range else
                                   [col << _SHIFT | d for d in held], strict=True))
                return
        for d, (v, n) in enumerate(zip(distinct, u_norm, strict=True)):
            for part in _parts(v, n):
                packed = col << _SHIFT | d
                held = by_text.get(part)
                if held is None:
                    by_text[part] = packed
                elif type(held) is int:
                    by_text[part] = [held, packed]
                else:
                    held.append(packed)

    def rows_in(self, normalized: str, col: int) -> np.ndarray:
        """The sorted rows of column ``col`` holding the text (``rows_by_column``'s entry
        for that column, without reading the other columns' entries)."""
        held = self.by_text.get(normalized)
        if held is None:
            return _NO_ROWS
        if type(held) is int:  # one distinct cell holds it (a row's name): its rows
            if held >> _SHIFT != col:
                return _NO_ROWS
            d = held & _MASK
            starts = self.starts[col]
            return self.order[col][starts[d]:starts[d + 1]]
        order, starts = self.order[col], self.starts[col]
        parts = [order[starts[d]:starts[d + 1]] for d in
                 dict.fromkeys(packed & _MASK for packed in held if packed >> _SHIFT == col)]
        if not parts:
            return _NO_ROWS
        return parts[0] if len(parts) == 1 else _union(parts)

    def rows_by_column(self, normalized: str) -> dict[int, np.ndarray]:
        """Columns holding the text, in column order, each with its sorted rows."""
        out: dict[int, list[np.ndarray]] = {}
        held = self.by_text.get(normalized, ())
        for packed in dict.fromkeys((held,) if type(held) is int else held):
            col, d = packed >> _SHIFT, packed & _MASK
            starts = self.starts[col]
            out.setdefault(col, []).append(self.order[col][starts[d]:starts[d + 1]])
        return {c: (parts[0] if len(parts) == 1 else _union(parts))
                for c, parts in sorted(out.items())}


def _union(parts: list[np.ndarray]) -> np.ndarray:
    """The sorted rows of several distinct cells of one column: each row holds one distinct
    cell, so the parts (each sorted) share no row and one sort of them joined is their
    union (``np.unique`` would sort them and compare neighbours: 4 ms for the 50,000 rows of
    a catalog's items "USB-C" is in, against 0.1 ms)."""
    return np.sort(np.concatenate(parts))


_SHIFT = 40
_MASK = (1 << _SHIFT) - 1


@dataclass(frozen=True, eq=False)
class CompiledTable:
    table: Table
    columns: tuple[Column, ...]
    key: int
    cells: CellIndex = field(repr=False)
    names: NameIndex = field(repr=False)
    words: frozenset[str] = field(repr=False)  # every word of the headers and cells
    # every distinct cell and header, each padded with spaces, one a line: "is this phrase
    # inside some cell, on word bounds" is one substring search
    padded_cells: str = field(repr=False)
    # structures other modules derive from this table (typed cells of the program search,
    # the cube engine ...), kept here so they live exactly as long as the table does
    derived: dict = field(default_factory=dict, repr=False)

    @property
    def n_rows(self) -> int:
        return self.table.n_rows

    @property
    def key_column(self) -> Column:
        return self.columns[self.key]

    def row_name(self, row: int) -> str:
        return self.key_column.raw[row]

    def key_rows(self, normalized: str) -> tuple[int, ...]:
        """Rows whose name (a key cell, or a value of it) is exactly ``normalized``."""
        if normalized not in self.cells.by_text:  # most words of a text name no cell
            return ()
        return tuple(self.rows_in_column(normalized, self.key).tolist())

    def rows_in_column(self, normalized: str, col: int) -> np.ndarray:
        """The sorted rows of one column whose cell (or a value of it) reads ``normalized``."""
        return self.cells.rows_in(normalized, col)

    def rows_by_column(self, normalized: str) -> dict[int, np.ndarray]:
        """Columns whose cells (or a value of a multi-valued cell) read ``normalized``, in
        column order, with their sorted rows."""
        return self.cells.rows_by_column(normalized)

    def find_cells(self, normalized: str) -> tuple[tuple[int, int], ...]:
        """All ``(column, row)`` cells whose normalized text equals ``normalized``."""
        return tuple((c, int(r)) for c, rows in self.rows_by_column(normalized).items()
                     for r in rows)

    def caption_words(self) -> frozenset[str]:
        """The normalized words of the table's caption (what every row is, or what the
        table is about: "Album", "Harlow Vale CC first innings"), once per table."""
        words = self.derived.get("caption_words")
        if words is None:
            words = self.derived["caption_words"] = frozenset(
                norm_text(self.table.caption or "").split())
        return words

    def column_by_name(self, name: str) -> Column | None:
        """The first column with that name (or attribute words; a repeated header's copies
        are found by their base name)."""
        key = split_identifier(name)
        by_words, by_name = self.derived.get("column_names") or self._column_names()
        # the first column of the three ways to name it, by position
        found = [c for c in (by_words.get(key), by_name.get(name)) if c is not None]
        return min(found, key=itemgetter(0))[1] if found else None

    def _column_names(self) -> tuple[dict[str, tuple[int, Column]], dict[str, tuple[int, Column]]]:
        """Once per table: the first column of each words (a column's own, and its base
        without a repeat's "(2)") and of each name, with its position."""
        by_words: dict[str, tuple[int, Column]] = {}
        by_name: dict[str, tuple[int, Column]] = {}
        for at, col in enumerate(self.columns):
            by_words.setdefault(col.words, (at, col))
            by_words.setdefault(_REPEAT.sub("", col.words), (at, col))
            by_name.setdefault(col.name, (at, col))
        self.derived["column_names"] = (by_words, by_name)
        return by_words, by_name


_NO_ROWS = np.empty(0, dtype=np.int32)


class Rows(Sequence):
    """Sorted rows read from the table's index (the numpy array itself, not copied) as an
    immutable sequence of ints that compares and hashes like the tuple of them.  A value
    that thousands of a catalog's rows hold is not made into a tuple of thousands of ints
    for a check that reads a few of them: ``r in rows`` is a binary search, a slice a
    tuple of its ints, and a row mask is set from the array (``__array__``)."""

    def __init__(self, array: np.ndarray) -> None:
        self.array = array

    def __len__(self) -> int:
        return len(self.array)

    def __bool__(self) -> bool:
        return len(self.array) > 0

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self.array[i].tolist())
        return int(self.array[i])

    def __iter__(self) -> Iterator[int]:
        a = self.array
        # a few rows read cost a few, not all of them (most readers stop after one or two)
        yield from a[:8].tolist()
        for start in range(8, len(a), 256):
            yield from a[start:start + 256].tolist()

    def __contains__(self, row) -> bool:
        if not isinstance(row, (int, np.integer)):
            return any(r == row for r in self)
        a = self.array
        i = int(a.searchsorted(row))  # (the method: np.searchsorted without its wrappers)
        return i < len(a) and int(a[i]) == row

    def __eq__(self, other) -> bool:
        if isinstance(other, Rows):
            return np.array_equal(self.array, other.array)
        if isinstance(other, tuple):
            return len(other) == len(self) and tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other):
        return tuple(self) + other

    def __radd__(self, other):
        return other + tuple(self)

    def __array__(self, dtype=None, copy=None) -> np.ndarray:
        return self.array if dtype is None else self.array.astype(dtype)

    def __repr__(self) -> str:
        return f"Rows({len(self)} rows: {self[:4]}{' ...' if len(self) > 4 else ''})"


def cell_items(raw: str) -> list[str]:
    """The items of a multi-valued cell ("red, blue; green" -> red, blue, green), normalized;
    a one-valued cell is its one item.  A run of spaces parts items too, where a scraped
    list lost its line breaks ("Iron Cross First Class  Black Badge"), but not after a
    label's colon ("Male:  540 kg")."""
    items = [norm_text(p) for p in _ITEM_BREAK.split(raw)] \
        if (";" in raw or ", " in raw or "  " in raw) else [norm_text(raw)]
    return [p for p in items if p]


_ITEM_BREAK = regex.compile(r";|, |(?<!:)\s{2,}")


def _parts(raw: str, normalized: str) -> list[str]:
    """A cell's value, plus each value of a multi-valued cell ("HDMI, DisplayPort")."""
    out = [normalized] if normalized else []
    if ";" in raw or ", " in raw:
        for piece in regex.split(r";|, ", raw):
            p = norm_text(piece)
            if p and p != normalized:
                out.append(p)
    return out


def _choose_key(columns: tuple[Column, ...]) -> int:
    """The row-naming column: the first text column whose values are (nearly) all
    distinct, or headed as a name (the lexicon's key_column_headers) with every value its
    own even when they read as numbers ("5ive")."""
    for col in columns:
        if col.kind == "text" and len(col.dictionary) >= 0.9 * len(col.raw) or (
                col.words in _KEY_HEADERS and len(col.dictionary) == len(col.raw)):
            return col.index
    return 0


# Compiled tables kept for repeated checks: the least recently used go first once there are
# more than MAX_COMPILED_TABLES of them or more than MAX_COMPILED_CELLS cells in all (a count
# alone let a few hundred wide tables hold gigabytes in a long-running service).
MAX_COMPILED_TABLES = 512
MAX_COMPILED_CELLS = 2_000_000
_COMPILED: OrderedDict[Table, CompiledTable] = OrderedDict()
_COMPILED_LOCK = threading.Lock()
_compiled_cells = 0


_PAUSE_LOCK = threading.Lock()
_pauses = 0  # compiles under way with the collector paused
_resume = False  # whether the collector was on when the first of them began


# tables of fewer cells compile with the collector as it is (a few milliseconds at most)
PAUSE_FROM_CELLS = 20_000


@contextmanager
def collector_paused(pause: bool = True) -> Iterator[None]:
    """The cyclic garbage collector paused while a table compiles, then one collection of
    the youngest objects.  A compile makes hundreds of thousands of objects that live on
    (and no reference cycles until it ends): each full collection it would trigger walks
    the whole heap, the catalog's rows with it, 0.6 s in all for 100,000 rows x 11.
    Compiles in several threads pause it once; the last one to end resumes it (unless it
    was off before)."""
    global _pauses, _resume
    if not pause:
        yield
        return
    with _PAUSE_LOCK:
        if _pauses == 0:
            _resume = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _PAUSE_LOCK:
            _pauses -= 1
            resume = _pauses == 0 and _resume
            if resume:
                gc.enable()
        if resume:
            gc.collect(0)  # what the compile left young, now: not in the first check


def _key_text_words(names: NameIndex, distinct: list[str], u_norm: list[str],
                    blob: str | None) -> AbstractSet[str]:
    """Every word of a text the cell index holds for the key column (what ``key_rows`` can
    find): the names' words, and those of each value of a multi-valued name ("HDMI,
    DisplayPort"), which the cell index holds apart (``_parts``)."""
    if blob is not None and ";" not in blob and ", " not in blob:
        return names.words  # no multi-valued name (one search of the names joined)
    extra = {w for v, n in zip(distinct, u_norm, strict=True) if ";" in v or ", " in v
             for part in _parts(v, n) for w in part.split()}
    return names.words | extra if extra else names.words


def compile_table(table: Table) -> CompiledTable:
    """Compile once; the cache makes repeated checks against one table free (a
    :class:`~depcheck.checker.Checker` keeps its own cache, see ``Checker.compile``)."""
    global _compiled_cells
    with _COMPILED_LOCK:
        found = _COMPILED.get(table)
        if found is not None:
            _COMPILED.move_to_end(table)
            return found
    with collector_paused(table.n_cells >= PAUSE_FROM_CELLS):
        compiled = build_compiled(table)
    with _COMPILED_LOCK:
        if table not in _COMPILED:
            _COMPILED[table] = compiled
            _compiled_cells += table.n_cells
        while len(_COMPILED) > 1 and (len(_COMPILED) > MAX_COMPILED_TABLES
                                      or _compiled_cells > MAX_COMPILED_CELLS):
            old, _ = _COMPILED.popitem(last=False)
            _compiled_cells -= old.n_cells
    return compiled


def build_compiled(table: Table) -> CompiledTable:
    """Every per-table structure a check reads, built here and not on a first check: typed
    columns, the cell index, the name index of the key column, the table's words."""
    cells = CellIndex()
    columns = []
    read = []  # per column: its distinct cells, their normalized texts, them joined
    for j, name in enumerate(table.columns):
        col, distinct, u_norm, inverse, blob = _compile_column(j, name,
                                                               ColumnCells(table.rows, j))
        cells.add_column(j, distinct, u_norm, inverse, blob)
        columns.append(col)
        read.append((distinct, u_norm, blob))
    columns = tuple(columns)
    key = _choose_key(columns)
    names = NameIndex(columns[key].norm)
    names.text_words = _key_text_words(names, *read[key])
    # a text's words are those of the texts joined by spaces; the key column's cells (its
    # dictionary, the names' distinct texts) have theirs in the name index already
    words = frozenset(" ".join(chain.from_iterable(
        (col.words,) if j == key else (col.words, *col.dictionary)
        for j, col in enumerate(columns))).split()).union(names.words)
    padded = "\n".join(" " + " \n ".join((*col.dictionary, col.words)) + " "
                        for col in columns)
    return CompiledTable(table=table, columns=columns, key=key, cells=cells,
                         names=names, words=words, padded_cells=padded)


class CompiledCache:
    """Compiled tables by content, least recently used dropped first: a catalog table is
    compiled once, not per check.  A table object seen before is found by identity (no
    hashing of its rows); a new object with the same content is found by its hash, paid
    once per object."""

    def __init__(self, max_tables: int = 64, prepare=None,
                 max_cells: int = MAX_COMPILED_CELLS) -> None:
        self.max_tables = max_tables
        self.max_cells = max_cells  # and at most this many cells in all (the newest stays)
        self._cells = 0
        self.prepare = prepare  # builds the derived structures of a fresh compiled table
        self._by_hash: OrderedDict[int, list[tuple[Table, CompiledTable]]] = OrderedDict()
        self._by_id: dict[int, tuple[Table, int, CompiledTable]] = {}
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, table: Table) -> CompiledTable:
        seen = self._by_id.get(id(table))
        if seen is not None and seen[0] is table:
            with self._lock:
                if seen[1] in self._by_hash:
                    self.hits += 1
                    self._by_hash.move_to_end(seen[1])
                    return seen[2]
        h = hash(table)
        compiled = None
        with self._lock:
            for known, found in self._by_hash.get(h, ()):
                if known == table:
                    compiled = found
                    self.hits += 1
                    self._by_hash.move_to_end(h)
                    break
        if compiled is None:
            # a catalog's table was compiled already for the column domains
            # (``link.build_domains``, through ``compile_table``): the same build, not
            # made a second time by a first check
            with _COMPILED_LOCK:
                compiled = _COMPILED.get(table)
            with collector_paused(table.n_cells >= PAUSE_FROM_CELLS):
                if compiled is None:
                    compiled = build_compiled(table)  # outside the lock: other tables go on
                if self.prepare is not None:
                    self.prepare(compiled)
            with self._lock:
                self.misses += 1
                self._by_hash.setdefault(h, []).append((table, compiled))
                self._by_hash.move_to_end(h)
                self._cells += table.n_cells
                while len(self._by_hash) > 1 and (len(self._by_hash) > self.max_tables
                                                  or self._cells > self.max_cells):
                    old, dropped = self._by_hash.popitem(last=False)
                    self._cells -= sum(t.n_cells for t, _ in dropped)
                    self._by_id = {k: v for k, v in self._by_id.items() if v[1] != old}
        with self._lock:
            if len(self._by_id) >= 16 * self.max_tables:
                self._by_id.clear()
            self._by_id[id(table)] = (table, h, compiled)
        return compiled

    def clear(self) -> None:
        with self._lock:
            self._by_hash.clear()
            self._by_id.clear()
            self._cells = 0

    def __len__(self) -> int:
        return sum(len(v) for v in self._by_hash.values())

"""Cell readings the program functions need, parsed once per compiled table and cached.

TabFact cells hold numbers inside text ("2 - 1", "1370 lb (635 kg)", "10:00", "= 12") and
dates ("11 june 1958").  Following the reference executors (TabFact's LPA and Logic2Text),
a cell's number is its FIRST number ("= N" tallies win when a column has them), and a cell
with a month name is a date (missing year, month or day default to 2260, 1 and 1).  A few
readings go beyond them, each checkable from the cell alone: a quantity with its unit
glued on ("918khz", "1.5m"), thousands grouped by spaces ("1 630") and "e" (even par)
among signed scores.  Every reading is a numpy array over rows, so the functions compare
whole columns at once.
"""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import regex

from ..compiled import CompiledTable, spread
from ..lexicon import default as default_lexicon
from ..table import UNNAMED
from ..values import AMOUNT_MARKS, all_ascii_amounts, fold, fold_all

# words from the packaged lexicon (rules/lexicon/numbers.yaml, programs.yaml), read once:
# tables are typed without a rule set
_LEX = default_lexicon()
MONTHS = dict(_LEX.months)
# the reference executors' number pattern, preceded by one alternative: a number that starts
# a token and runs straight into the letters ending it is a quantity with its unit ("918khz",
# "600nm", "1.5m"); codes that go on with digits ("08e16", "4x6306") are not
_REFERENCE_NUMBER = r"[-+]?\s?\d*(?:\s?[:,.]\s?\d+)+\b|[-+]?\s?\d+\b|\d+\s?(?=st|nd|rd|th)"
NUMBER = regex.compile(r"((?<![\w.,:])[-+]?\d+(?:[:,.]\d+)*(?=[a-z]+(?![\w.,:]\d|\w))|"
                       + _REFERENCE_NUMBER + ")")
REFERENCE_NUMBER = regex.compile("(" + _REFERENCE_NUMBER + ")")
SPACED_THOUSANDS = regex.compile(r"\d{1,3}(?: \d{3})+")
EVEN_PAR = _LEX.even_par_words
SIGNED = regex.compile(r"^[-+]\s?\d")
TALLY = regex.compile(r"(?<==\s)\d+")
YEAR = regex.compile(r"\b(\d\d\d\d)\b")
DAY = regex.compile(r"\b(\d\d?)\b")
MONTH = regex.compile(r"\b(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\b")
EXACT_NUMBER = regex.compile(r"^\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*$")
GROUPED_NUMBER = regex.compile(r"^\s*[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?\s*$")
DEFAULT_YEAR = 2260
SUMMARY_WORDS = _LEX.summary_row_words
_SUMMARY_PREFIXES = tuple(sorted(f"{w} " for w in _LEX.summary_row_prefixes))


def first_number(text: str, units: bool = True) -> float:
    """The first number in ``text`` as TabFact reads it, or NaN.

    "10:00" -> 1000, "1,370" -> 1370, "2 - 1" -> 2, "918khz" -> 918 (not with ``units``
    off, as the reference executors and the statement reader have it); a whole cell
    "1 630" -> 1630.
    """
    whole = text.strip()
    if SPACED_THOUSANDS.fullmatch(whole):
        return float(whole.replace(" ", ""))
    m = (NUMBER if units else REFERENCE_NUMBER).search(text)
    if not m:
        return float("nan")
    return _number_value(m.group(1))


def tally_number(text: str) -> float:
    """The number after "= " (a tally such as "1 + 2 = 3"), or NaN."""
    m = TALLY.search(text)
    return float(m.group(0)) if m else float("nan")


def exact_number(text: str) -> float | None:
    """The value of a text that is nothing but a number ("12,667", "-15", "2.6"), else None."""
    if EXACT_NUMBER.match(text):
        return float(text)
    if GROUPED_NUMBER.match(text):
        return float(text.replace(",", ""))
    return None


def plain(text: str) -> str:
    """The text without accents: "mario álvarez" -> "mario alvarez"."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def has_month(text: str) -> bool:
    return MONTH.search(text) is not None


def date_parts(text: str) -> tuple[int | None, int | None, int | None]:
    """Year, month and day found in the text (None for each part that is missing)."""
    y, m, d = YEAR.search(text), MONTH.search(text), DAY.search(text)
    return (int(y.group(1)) if y else None, MONTHS[m.group(1)] if m else None,
            int(d.group(1)) if d else None)


def date_ordinal(year: int, month: int, day: int) -> float:
    """Days since year 1, or NaN for an impossible date (31 february)."""
    try:
        return float(datetime.date(year, month, day).toordinal())
    except ValueError:
        return float("nan")


@dataclass(frozen=True, eq=False)
class TypedColumn:
    """One column's readings: folded text, numbers, dates.  Texts are kept once per
    distinct cell (``cells``, ``compact_cells``, ``plain_cells``) with ``inverse`` giving
    each row its cell: a string operation runs over what the column holds, then is spread
    over the rows; numbers and dates are row arrays."""

    name: str
    cells: np.ndarray  # folded text of each distinct cell, dtype str
    inverse: np.ndarray  # row -> its distinct cell (int32)
    compact_text: np.ndarray  # ``cells`` without spaces (fuzzy string matching)
    plain_text: np.ndarray  # ``cells`` without accents ("alvarez" for "álvarez")
    number: np.ndarray  # first number, NaN when none
    tally: np.ndarray  # "= N" number, NaN when none
    month: np.ndarray  # bool: the cell names a month
    year: np.ndarray  # int, DEFAULT_YEAR when missing
    month_num: np.ndarray  # int, 1 when missing
    day: np.ndarray  # int, 1 when missing
    ordinal: np.ndarray  # date ordinal of the cell, NaN when impossible
    counts: CellCounts | None = field(default=None, repr=False)  # folded cell text -> its rows
    # the distinct cells of ``compact`` and ``plain`` joined, for substring look-ups
    compact_cells: Substrings | None = field(default=None, repr=False)
    plain_cells: Substrings | None = field(default=None, repr=False)

    @property
    def n_rows(self) -> int:
        return len(self.inverse)

    @property
    def text(self) -> np.ndarray:
        """Folded cell text by row (a new array: for tests and small tables; hot paths read
        ``cells`` through ``inverse``)."""
        return self.cells[self.inverse]

    @property
    def compact(self) -> np.ndarray:
        return self.compact_text[self.inverse]

    @property
    def plain(self) -> np.ndarray:
        return self.plain_text[self.inverse]

    def text_at(self, rows) -> np.ndarray:
        """Folded text of the given rows (indices or a bool mask)."""
        return self.cells[self.inverse[rows]]

    def cell(self, row: int) -> str:
        return str(self.cells[self.inverse[row]])

    def rows_where(self, per_cell: np.ndarray) -> np.ndarray:
        """A bool per row from a bool per distinct cell."""
        return per_cell[self.inverse]

    def compact_holding(self, needle: str) -> np.ndarray:
        """Rows whose ``compact`` cell holds ``needle`` (``np.char.find(compact, needle) >= 0``)."""
        found = self.compact_cells.rows(needle) if self.compact_cells is not None else None
        return found if found is not None else \
            (np.char.find(self.compact_text, needle) >= 0)[self.inverse]

    def plain_holding(self, needle: str) -> np.ndarray:
        """Rows whose ``plain`` cell holds ``needle`` (``np.char.find(plain, needle) >= 0``)."""
        found = self.plain_cells.rows(needle) if self.plain_cells is not None else None
        return found if found is not None else \
            (np.char.find(self.plain_text, needle) >= 0)[self.inverse]

    def plain_holding_all(self, words: list[str]) -> np.ndarray:
        """Rows whose ``plain`` cell holds every one of the words (the AND of
        ``plain_holding``; no words: no row).  The first word found in few distinct cells
        gives the candidates, the others are looked for in those cells only: "vista
        99345" does not scan a column of 100,000 names for "vista"."""
        n = self.n_rows
        if not words:
            return np.zeros(n, dtype=bool)
        if self.plain_cells is not None:
            for i, word in enumerate(words):
                found = self.plain_cells.cells(word, FEW_CELLS)
                if found is None:
                    continue
                rest = words[:i] + words[i + 1:]
                texts = self.plain_text
                keep = [d for d in found.tolist() if all(w in str(texts[d]) for w in rest)]
                return self.plain_cells.spread(np.array(keep, dtype=np.int64))
        hit = np.ones(n, dtype=bool)
        for word in words:
            hit &= self.plain_holding(word)
        return hit

    def numbers(self, mask: np.ndarray) -> np.ndarray:
        """Numbers of the rows in ``mask`` as TabFact reads them: tallies if any row has one."""
        tally = self.tally[mask]
        if np.any(~np.isnan(tally)):
            return tally
        return self.number[mask]

    def dates(self, mask: np.ndarray) -> np.ndarray:
        """Date ordinals of the rows in ``mask`` (NaN where the date is impossible)."""
        return self.ordinal[mask]


@dataclass(frozen=True, eq=False)
class TypedTable:
    """A compiled table with every column's program readings."""

    compiled: CompiledTable
    columns: tuple[TypedColumn, ...]
    by_name: dict[str, int]
    body: np.ndarray  # bool: rows of ``all_rows`` (a closing "total" row is not one of them)

    @property
    def n_rows(self) -> int:
        return self.compiled.n_rows

    def column_index(self, header: str) -> int | None:
        """Column of a header as a program writes it (exact, then folded, then stripped).

        An empty header names the first column a loader called ``unnamed: N``.
        """
        if not header.strip():
            header = next((c.name for c in self.columns if c.name.startswith(UNNAMED)), header)
        for key in (header, fold(header), fold(header).strip()):
            if key in self.by_name:
                return self.by_name[key]
        return None


# a whole number in this range may be a year ("2018"); a column of nothing else is a column
# of years ("Year", "Founded")
YEARS = (1800, 2100)


def year_columns(table: TypedTable) -> frozenset[int]:
    """Columns whose body cells mostly hold numbers and every number a whole year, no month
    (cached on the table): the columns a year the statement names is read against."""
    cached = table.__dict__.get("_years")
    if cached is not None:
        return cached
    out = []
    body = table.body
    rows = np.count_nonzero(body)
    for j, col in enumerate(table.columns):
        nums = col.number[body]
        nums = nums[~np.isnan(nums)]
        if rows and len(nums) >= 0.6 * rows and not np.any(col.month[body]) \
                and bool(np.all((nums >= YEARS[0]) & (nums <= YEARS[1]) & (nums % 1 == 0))):
            out.append(j)
    cached = frozenset(out)
    object.__setattr__(table, "_years", cached)
    return cached


# a substring found more often than this in a column's cells is looked up by numpy instead
SUBSTRING_MAX_HITS = 2048
# after this many hits, the rest are counted before they are looked at one by one
_COUNT_AFTER = 64
# a word of a several-word value found in at most this many distinct cells: the others
# are looked for in those cells only
FEW_CELLS = 256


_MEMO_NEEDLES = 64
# up to this many found cells holding at most one row in this many, ``Substrings.spread``
# sets their rows from the grouping instead of spreading a bool per cell over every row
_FEW_FOUND = 256
_SPARSE = 16


@dataclass(frozen=True, eq=False)
class Substrings:
    """Which rows of a column hold a substring, found in the column's distinct cells
    joined into one string (one C-level search over what the column holds, not a numpy
    string operation over every row), each found cell spread over its rows."""

    blob: str  # the distinct cells, one a line
    starts: np.ndarray  # where each distinct cell starts in ``blob``
    inverse: np.ndarray  # row -> its distinct cell
    # the last needles' answers: the programs of one statement filter on the same name
    # again, and each search reads the whole blob (0.2 ms at 100,000 names)
    _found: dict = field(default_factory=dict, repr=False)
    # the rows grouped by distinct cell, as the compiled table's cell index holds them
    # (``order[row_starts[d]:row_starts[d + 1]]``: the rows of cell ``d``), or None
    order: np.ndarray | None = field(default=None, repr=False)
    row_starts: np.ndarray | None = field(default=None, repr=False)

    @classmethod
    def of(cls, cells: list[str], inverse: np.ndarray, order: np.ndarray | None = None,
           row_starts: np.ndarray | None = None) -> Substrings | None:
        blob = "\n".join(cells)
        if blob.count("\n") != max(len(cells) - 1, 0):
            return None  # the separator must not occur in a cell
        lengths = np.fromiter(map(len, cells), dtype=np.int64, count=len(cells)) + 1
        starts = np.zeros(len(cells), dtype=np.int64)
        np.cumsum(lengths[:-1], out=starts[1:])
        if row_starts is not None and len(row_starts) != len(cells) + 1:
            order = row_starts = None  # not this column's grouping
        return cls(blob=blob, starts=starts, inverse=inverse, order=order,
                   row_starts=row_starts)

    def spread(self, found: np.ndarray) -> np.ndarray:
        """A bool per row: the rows holding one of the distinct cells ``found`` (indices).
        A few cells' rows are set from the grouping (what they hold, not a pass over
        every row); otherwise a bool per cell is spread over the rows."""
        n = len(self.inverse)
        if self.order is not None and len(found) <= _FEW_FOUND:
            lo, hi = self.row_starts[found], self.row_starts[found + 1]
            sizes = hi - lo
            total = int(sizes.sum())
            if total * _SPARSE <= n:
                hit = np.zeros(n, dtype=bool)
                if total:  # every found cell's rows, gathered in one indexing
                    flat = np.arange(total, dtype=np.int64) + np.repeat(
                        lo - (np.cumsum(sizes) - sizes), sizes)
                    hit[self.order[flat]] = True
                return hit
        per_cell = np.zeros(len(self.starts), dtype=bool)
        per_cell[found] = True
        return per_cell[self.inverse]

    def cells(self, needle: str, limit: int = SUBSTRING_MAX_HITS) -> np.ndarray | None:
        """The distinct cells holding the needle (sorted, each once); None when the needle
        is empty, spans lines, or is found more than ``limit`` times."""
        if not needle or "\n" in needle:
            return None
        key = (needle, limit)
        if key in self._found:
            return self._found[key]
        if len(self._found) >= _MEMO_NEEDLES:
            self._found.clear()
        out = self._found[key] = self._cells(needle, limit)
        if out is not None:
            out.flags.writeable = False  # shared by every caller of this needle
        return out

    def _cells(self, needle: str, limit: int) -> np.ndarray | None:
        blob, found = self.blob, []
        at = blob.find(needle)
        while at >= 0:
            if len(found) == _COUNT_AFTER and len(found) + blob.count(needle, at) > limit:
                return None  # found too often: a C-level count says so before the loop does
            if len(found) >= limit:
                return None
            found.append(at)
            at = blob.find(needle, at + 1)
        if not found:
            return np.empty(0, dtype=np.int64)
        return np.unique(np.searchsorted(self.starts, np.asarray(found), side="right") - 1)

    def rows(self, needle: str) -> np.ndarray | None:
        """A bool per row; None when the needle is empty, spans lines, or is found too
        often for a search in Python to pay (the caller asks numpy)."""
        found = self.cells(needle)
        if found is None:
            return None
        return self.spread(found)


@dataclass(frozen=True, eq=False)
class CellCounts:
    """How many rows hold each folded cell text: the texts sorted once (numpy, no dict of
    a string per distinct cell), a look-up is a binary search."""

    texts: np.ndarray  # sorted distinct folded texts
    rows: np.ndarray  # rows holding each
    text_of_cell: np.ndarray  # each distinct raw cell's index in ``texts``

    @classmethod
    def of(cls, cells: np.ndarray, inverse: np.ndarray) -> CellCounts:
        texts, which = np.unique(cells, return_inverse=True)
        per_cell = np.bincount(inverse, minlength=len(cells))
        return cls(texts=texts, rows=np.bincount(which, weights=per_cell,
                                                 minlength=len(texts)).astype(np.int64),
                   text_of_cell=which.astype(np.int32))

    def get(self, text: str, default: int = 0) -> int:
        i = int(np.searchsorted(self.texts, text))
        if i < len(self.texts) and self.texts[i] == text:
            return int(self.rows[i])
        return default


_NO_DATE = (None, None, None)


def _dates_of(text: list[str]) -> list[tuple[int | None, int | None, int | None]]:
    """``date_parts`` of each cell, from one pass of the year, month and day patterns over
    the cells joined: none of them matches across a line break, and a line break bounds a
    word as a text's ends do, so the first match inside a cell is what a search of the
    cell alone finds."""
    if any("\n" in t for t in text):
        return [date_parts(t) for t in text]
    lengths = np.fromiter((len(t) + 1 for t in text), dtype=np.int64, count=len(text))
    starts = np.zeros(len(text), dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    blob = "\n".join(text)
    found: list[dict[int, int]] = []
    for pattern, read in ((YEAR, int), (MONTH, MONTHS.__getitem__), (DAY, int)):
        first: dict[int, int] = {}
        matches = list(pattern.finditer(blob))
        if matches:
            at = np.fromiter((m.start() for m in matches), dtype=np.int64, count=len(matches))
            for d, m in zip((np.searchsorted(starts, at, side="right") - 1).tolist(), matches,
                            strict=True):
                if d not in first:
                    first[d] = read(m.group(1))
        found.append(first)
    years, months, days = found
    out = [_NO_DATE] * len(text)
    for d in {*years, *months, *days}:
        out[d] = (years.get(d), months.get(d), days.get(d))
    return out


# from this many distinct cells a column's texts are read in bulk (``_lines_readings``)
BULK_FROM = 256


def _typed_column(name: str, distinct: Sequence[str], inverse: np.ndarray,
                  order: np.ndarray | None = None,
                  row_starts: np.ndarray | None = None) -> TypedColumn:
    """Each distinct cell text (as the compiled table found them, ``inverse`` giving each
    row its cell) read once, the numbers spread over the rows by numpy.  ``order`` and
    ``row_starts``: the rows grouped by distinct cell (the compiled cell index's), which
    the substring look-ups set a few cells' rows from."""
    text = fold_all(list(distinct))
    blob = "\n".join(text)  # the texts one a line, read by several passes below
    readings = _lines_readings(text, blob) if len(text) >= BULK_FROM else None
    if readings is not None:
        number, month, year, month_num, day = readings
        ordinal = _ordinals_of(year, month_num, day)
    else:
        parts = _dates_of(text)
        number = np.array([first_number(t) for t in text], dtype=np.float64)
        month = np.array([p[1] is not None for p in parts], dtype=bool)
        year = np.array([p[0] or DEFAULT_YEAR for p in parts], dtype=np.int64)
        month_num = np.array([p[1] or 1 for p in parts], dtype=np.int64)
        day = np.array([p[2] or 1 for p in parts], dtype=np.int64)
        ordinal = _ordinals(parts)
    if _any_signed(text, blob):  # scores to par: "e" (even) is 0
        number[[t.strip() in EVEN_PAR for t in text]] = 0.0
    cells = np.array(text, dtype=str)
    counts = CellCounts.of(cells, inverse)
    plains = text if all(map(str.isascii, text)) else [plain(t) for t in text]
    compacts = _without_spaces(text, blob)
    compact_cells = Substrings.of(compacts, inverse, order, row_starts)
    return TypedColumn(
        name=name, cells=cells, inverse=inverse,
        # one array, not a copy, when a reading changes no cell (ASCII text, no spaces)
        compact_text=cells if compacts == text else np.array(compacts, dtype=str),
        plain_text=cells if plains == text else np.array(plains, dtype=str),
        # spread: a reading every cell shares (no date in the column) is one broadcast value
        number=spread(number, inverse),
        tally=spread(_tallies(text, blob), inverse),
        month=spread(month, inverse), year=spread(year, inverse),
        month_num=spread(month_num, inverse), day=spread(day, inverse),
        ordinal=spread(ordinal, inverse),
        counts=counts, compact_cells=compact_cells,
        plain_cells=compact_cells if plains == compacts else Substrings.of(
            plains, inverse, order, row_starts))


def _without_spaces(text: list[str], blob: str) -> list[str]:
    """Each text without its spaces (in one replace over the texts joined, ``blob``, when
    no text holds a line break)."""
    if " " not in blob:
        return list(text)
    if blob.count("\n") != len(text) - 1:
        return [t.replace(" ", "") for t in text]
    return blob.replace(" ", "").split("\n") if text else []


def _tallies(text: list[str], blob: str) -> np.ndarray:
    """``tally_number`` of each text (NaN without an "=" in the texts joined, ``blob``)."""
    if "=" not in blob:
        return np.full(len(text), np.nan)
    return np.array([tally_number(t) if "=" in t else np.nan for t in text], dtype=np.float64)


def _lines_pattern(pattern: regex.Pattern) -> regex.Pattern:
    """A pattern that, over texts joined by "\\n", finds its first match in each line and
    takes the rest of the line with it: at most one match per line, the one a search of
    that text finds.  ``\\s`` becomes ``[^\\S\\n]``, so no match runs into the next line
    (the texts hold no line break); a line break bounds words as a text's ends do."""
    inner = pattern.pattern.replace(r"\s", r"[^\S\n]")
    return regex.compile(rf"(?:{inner})[^\n]*", pattern.flags)


_NUMBER_LINES, _YEAR_LINES, _MONTH_LINES, _DAY_LINES = map(_lines_pattern, (
    NUMBER, YEAR, MONTH, DAY))
_DIGIT_SPACE_DIGIT = regex.compile(r"\d \d")
_SIGNED_LINE = regex.compile(r"^[-+][^\S\n]?\d", regex.M)


def _first_by_line(pattern: regex.Pattern, blob: str, starts: np.ndarray
                   ) -> tuple[np.ndarray, list[str] | tuple[str, ...]]:
    """The lines (starting at ``starts``) where the pattern (from ``_lines_pattern``) has
    a match, and the group of the first match in each.  One ``findall`` says it when no
    line or every line has one (no match objects); otherwise the matches are found again
    with their places."""
    found = pattern.findall(blob)
    if len(found) == len(starts):  # one per line: every line, in order
        return np.arange(len(starts)), found
    if not found:
        return np.empty(0, dtype=np.int64), ()
    at, groups = zip(*((m.start(), m.group(1)) for m in pattern.finditer(blob)), strict=True)
    return np.searchsorted(starts, np.asarray(at), side="right") - 1, groups


def _lines_readings(text: list[str], blob: str | None = None
                    ) -> tuple[np.ndarray, ...] | None:
    """``first_number`` and ``date_parts`` of each text (as the number, whether a month
    is named, and year, month and day with their defaults), by one pass of each pattern
    over the texts joined (None when a text holds a line break)."""
    if blob is None:
        blob = "\n".join(text)
    n = len(text)
    if blob.count("\n") != n - 1:
        return None
    lengths = np.fromiter(map(len, text), dtype=np.int64, count=n) + 1
    starts = np.zeros(n, dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    chars = _ascii_bytes(blob)
    if all_ascii_amounts(text):  # a price column: each cell's number is itself
        number = np.array(list(map(float, blob.translate(AMOUNT_MARKS).split("\n"))),
                          dtype=np.float64)
    elif chars is not None and _PLAIN_BYTE[chars].all():
        number = _plain_first_numbers(blob, chars, text)
    else:
        number = np.full(n, np.nan)
        lines, found = _first_by_line(_NUMBER_LINES, blob, starts)
        number[lines] = _number_values(found)
    if _digit_space_digit(blob, chars):  # "1 630": a whole cell of spaced thousands
        for d in {t for t, line in enumerate(text) if _DIGIT_SPACE_DIGIT.search(line)}:
            whole = text[d].strip()
            if SPACED_THOUSANDS.fullmatch(whole):
                number[d] = float(whole.replace(" ", ""))
    year = np.full(n, DEFAULT_YEAR, dtype=np.int64)
    month = np.zeros(n, dtype=bool)
    month_num = np.ones(n, dtype=np.int64)
    day = np.ones(n, dtype=np.int64)
    if chars is None:
        lines, found = _first_by_line(_YEAR_LINES, blob, starts)
        year[lines] = [int(y) or DEFAULT_YEAR for y in found]
        lines, found = _first_by_line(_DAY_LINES, blob, starts)
        day[lines] = [int(d) or 1 for d in found]
    else:  # in ASCII, a year or a day is a whole run of digits between non-word characters
        runs = (*_runs(_DIGIT_BYTE[chars]), np.flatnonzero(chars == 10))  # found once, for both
        lines, found = _ascii_digit_runs(chars, 4, 4, runs)
        year[lines] = np.where(found == 0, DEFAULT_YEAR, found)
        lines, found = _ascii_digit_runs(chars, 1, 2, runs)
        day[lines] = np.where(found == 0, 1, found)
    # else no month name anywhere (ASCII texts without a lower-case letter, such as prices,
    # hold none: one pass of numpy instead of a search per name)
    if (chars is None or _LOWER_BYTE[chars].any()) and any(p in blob for p in _MONTH_PREFIXES):
        lines, found = _first_by_line(_MONTH_LINES, blob, starts)
        month[lines] = True
        month_num[lines] = [MONTHS[m] or 1 for m in found]
    return number, month, year, month_num, day


def _digit_space_digit(blob: str, chars: np.ndarray | None) -> bool:
    """``_DIGIT_SPACE_DIGIT`` found in the texts joined (by numpy over ASCII bytes)."""
    if chars is None:
        return _DIGIT_SPACE_DIGIT.search(blob) is not None
    digit = _DIGIT_BYTE[chars]
    return bool((digit[:-2] & (chars[1:-1] == 32) & digit[2:]).any())


# every month name begins with one of these (a blob holding none of them names no month)
_MONTH_PREFIXES = tuple(sorted({m[:3] for m in MONTHS}))
# ASCII bytes that are word characters (``\w``), digits, and those of a plain folded text
# (lower-case letters, digits, spaces; line breaks between texts)
_WORD_BYTE = np.zeros(256, dtype=bool)
_DIGIT_BYTE = np.zeros(256, dtype=bool)
_PLAIN_BYTE = np.zeros(256, dtype=bool)
_LOWER_BYTE = np.zeros(256, dtype=bool)
_LOWER_BYTE[97:123] = True
for _c in b"0123456789":
    _DIGIT_BYTE[_c] = True
for _c in b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_":
    _WORD_BYTE[_c] = True
for _c in b"0123456789abcdefghijklmnopqrstuvwxyz \n":
    _PLAIN_BYTE[_c] = True


def _ascii_bytes(blob: str) -> np.ndarray | None:
    """The texts joined, as bytes, when all ASCII (else None)."""
    if not blob.isascii():
        return None
    return np.frombuffer(blob.encode("ascii"), dtype=np.uint8)


def _runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Starts and ends (exclusive) of the runs of True in ``mask``."""
    edges = np.diff(mask.astype(np.int8), prepend=np.int8(0), append=np.int8(0))
    return np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)


def _line_of(chars: np.ndarray, at: np.ndarray) -> np.ndarray:
    """The line (text) each position is in."""
    return np.searchsorted(np.flatnonzero(chars == 10), at)


def _first_per_line(lines: np.ndarray) -> np.ndarray:
    """Which items (sorted by place) are the first of their line."""
    first = np.ones(len(lines), dtype=bool)
    first[1:] = lines[1:] != lines[:-1]
    return first


def _digits_value(chars: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The integer each run of at most 15 ASCII digits spells, exactly (as float64)."""
    value = np.zeros(len(starts), dtype=np.float64)
    lengths = ends - starts
    for k in range(int(lengths.max()) if len(lengths) else 0):
        more = lengths > k
        value[more] = value[more] * 10 + (chars[starts[more] + k] - 48)
    return value


def _ascii_digit_runs(chars: np.ndarray, shortest: int, longest: int,
                      runs: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
                      ) -> tuple[np.ndarray, np.ndarray]:
    """The lines with a run of ``shortest`` to ``longest`` digits standing alone (no word
    character either side: what ``YEAR`` and ``DAY`` find in ASCII, where a run inside
    a longer one has digits beside it) and the value of the first such run in each.
    ``runs``: the runs of digits (starts, ends) and the line breaks' places, when the
    caller found them already."""
    if runs is None:
        runs = (*_runs(_DIGIT_BYTE[chars]), np.flatnonzero(chars == 10))
    starts, ends, breaks = runs
    size = ends - starts
    alone = (size >= shortest) & (size <= longest)
    alone[alone] = ~_WORD_BYTE[chars[np.maximum(starts[alone] - 1, 0)]] | (starts[alone] == 0)
    alone[alone] = ~_WORD_BYTE[chars[np.minimum(ends[alone], len(chars) - 1)]] | (
        ends[alone] == len(chars))
    starts, ends = starts[alone], ends[alone]
    lines = np.searchsorted(breaks, starts)  # (``_line_of``)
    first = _first_per_line(lines)
    return lines[first], _digits_value(chars, starts[first], ends[first]).astype(np.int64)


def _plain_first_numbers(blob: str, chars: np.ndarray, text: list[str]) -> np.ndarray:
    """``NUMBER``'s first number in each of texts of lower-case ASCII letters, digits and
    spaces: no match can start before the first word holding a digit, and when that word
    is all digits the match is that word (its third alternative); a line whose first such word
    mixes letters and digits ("12abc") is searched on its own."""
    number = np.full(len(text), np.nan)
    starts, ends = _runs((chars != 32) & (chars != 10))  # the words
    digits = np.zeros(len(chars) + 1, dtype=np.int64)
    np.cumsum(_DIGIT_BYTE[chars], out=digits[1:])
    held = digits[ends] - digits[starts]
    some = np.flatnonzero(held > 0)
    lines = _line_of(chars, starts[some])
    first = _first_per_line(lines)
    some, lines = some[first], lines[first]
    whole = held[some] == ends[some] - starts[some]
    short = whole & (ends[some] - starts[some] <= 15)
    at = some[short]
    number[lines[short]] = _digits_value(chars, starts[at], ends[at])
    for k, line in zip(some[~short].tolist(), lines[~short].tolist(), strict=True):
        if held[k] == ends[k] - starts[k]:  # all digits, too long to sum exactly
            number[line] = float(blob[starts[k]:ends[k]])
        else:
            m = NUMBER.search(text[line])
            number[line] = _number_value(m.group(1)) if m else np.nan
    return number


def _number_values(found) -> np.ndarray:
    """``_number_value`` of each number found, plain decimals converted at once."""
    cleaned = [g.replace(",", "").replace(":", "").replace(" ", "") for g in found]
    try:
        return np.array(list(map(float, cleaned)), dtype=np.float64)
    except ValueError:  # "1.2.3", a lone sign: one by one
        return np.array(list(map(_number_value, found)), dtype=np.float64)


def _number_value(found: str) -> float:
    """The value of a number ``first_number`` found (NaN when it reads as none)."""
    s = found.replace(",", "").replace(":", "").replace(" ", "")
    try:
        return float(s)
    except ValueError:
        try:
            return float(s.replace(".", ""))
        except ValueError:
            return float("nan")


def _any_signed(text: list[str], blob: str | None = None) -> bool:
    """Some text starts with a sign and a digit (``SIGNED``)."""
    if blob is None:
        blob = "\n".join(text)
    if blob.count("\n") != len(text) - 1:
        return any(SIGNED.match(t) for t in text)
    if not blob.startswith(("-", "+")) and "\n-" not in blob and "\n+" not in blob:
        return False  # no text starts with a sign
    return _SIGNED_LINE.search(blob) is not None and any(SIGNED.match(t) for t in text)


def _ordinals_of(year: np.ndarray, month: np.ndarray, day: np.ndarray) -> np.ndarray:
    """``date_ordinal`` of each cell's date, each distinct date computed once."""
    if not len(year):
        return np.empty(0, dtype=np.float64)
    key = (year * 100 + month) * 100 + day  # month and day are below 100
    # most cells of a column hold no date: the default one is computed once, apart
    default = key == (DEFAULT_YEAR * 100 + 1) * 100 + 1
    out = np.full(len(key), date_ordinal(DEFAULT_YEAR, 1, 1))
    dated = np.flatnonzero(~default)
    if len(dated):
        _, first, which = np.unique(key[dated], return_index=True, return_inverse=True)
        first = dated[first]
        values = np.array([date_ordinal(int(year[i]), int(month[i]), int(day[i]))
                           for i in first.tolist()], dtype=np.float64)
        out[dated] = values[which.reshape(-1)]
    return out


def _ordinals(parts: list[tuple[int | None, int | None, int | None]]) -> np.ndarray:
    """``date_ordinal`` of each cell's date parts (missing ones by default), each distinct
    date computed once (most cells of a column share none, or a few)."""
    memo: dict[tuple, float] = {}
    out = np.empty(len(parts), dtype=np.float64)
    for d, p in enumerate(parts):
        v = memo.get(p)
        if v is None:
            v = memo[p] = date_ordinal(p[0] or DEFAULT_YEAR, p[1] or 1, p[2] or 1)
        out[d] = v
    return out


def typed_table(compiled: CompiledTable) -> TypedTable:
    """Parse every column once, kept with the compiled table (``compiled.derived``)."""
    found = compiled.derived.get("typed_table")
    if found is None:
        found = compiled.derived["typed_table"] = _typed_table(compiled)
    return found


def _typed_table(compiled: CompiledTable) -> TypedTable:
    index = compiled.cells  # the rows grouped by distinct cell, per column
    columns = tuple(_typed_column(c.name, *c.distinct_cells(), index.order[j], index.starts[j])
                    for j, c in enumerate(compiled.columns))
    by_name: dict[str, int] = {}
    for j, col in enumerate(columns):
        by_name.setdefault(col.name, j)
        by_name.setdefault(fold(col.name), j)
        by_name.setdefault(fold(col.name).strip(), j)
    return TypedTable(compiled=compiled, columns=columns, by_name=by_name,
                      body=_body_rows(compiled, columns))


def _body_rows(compiled: CompiledTable, columns: tuple[TypedColumn, ...]) -> np.ndarray:
    """The data rows: all rows but a repeat of the header row and a closing summary row
    that would count twice (named "total", "all", ... or holding the sum of the rows above).
    """
    n = compiled.n_rows
    body = np.ones(n, dtype=bool)
    # per distinct cell, then spread over the rows: a column's cells are not copied per row
    stripped = [np.char.strip(c.cells) for c in columns]
    filled = np.array([(s != "")[c.inverse] for s, c in zip(stripped, columns, strict=True)],
                      dtype=bool).reshape(len(columns), n)
    repeats = np.array([((s == fold(c.name).strip()) | (s == ""))[c.inverse]
                        for s, c in zip(stripped, columns, strict=True)],
                       dtype=bool).reshape(len(columns), n)
    body &= ~(repeats.all(axis=0) & (filled.sum(axis=0) >= 2))
    if n > 1 and (_named_summary(stripped[0][columns[0].inverse[-1]])
                  or _sums_rows_above(columns, body)):
        body[-1] = False
    return body if body.any() else np.ones(n, dtype=bool)


def _named_summary(first: str) -> bool:
    words = str(first).strip(" :.*")
    return words in SUMMARY_WORDS or words.startswith(_SUMMARY_PREFIXES)


def _sums_rows_above(columns: tuple[TypedColumn, ...], body: np.ndarray) -> bool:
    """The last row names no number in its first cell and, in some column, holds the sum of
    at least three numbers above it (to 0.2%), more than any one of them: a total row
    ("south africa | 51770561" under the provinces)."""
    if len(body) < 4 or not np.isnan(columns[0].number[-1]):
        return False
    above = body.copy()
    above[-1] = False
    for col in columns:
        nums = col.number[above]
        nums = nums[~np.isnan(nums)]
        last = col.number[-1]
        if len(nums) < 3 or np.isnan(last) or nums.sum() <= 0:
            continue
        if abs(last - nums.sum()) <= 0.002 * abs(last) and last > nums.max():
            return True
    return False

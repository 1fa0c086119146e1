"""A table compiled once into typed numpy columns.

Strings are dictionary-encoded (``codes`` index into ``dictionary``), numbers are float
arrays with NaN for missing, booleans int8 with -1 for missing.  Every check reads these
arrays; nothing on a hot path walks rows in Python.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict, defaultdict
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import regex

from .lexicon import default as default_lexicon
from .table import Table
from .values import (
    CURRENCY_CHARS,
    UNIT_OF,
    Quantity,
    norm_text,
    parse_bool,
    parse_quantity,
    split_identifier,
    to_base,
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
_BOOL_PREFIXES = _LEX.bool_header_prefixes
_BOOL_SUFFIXES = _LEX.bool_header_suffixes


@dataclass(frozen=True, eq=False)
class Column:
    index: int
    name: str
    words: str
    raw: tuple[str, ...]
    norm: tuple[str, ...]
    codes: np.ndarray
    dictionary: tuple[str, ...]
    num: np.ndarray
    base: np.ndarray  # num in its unit family's base unit (NaN when the unit is unknown)
    unit: str | None
    bools: np.ndarray
    kind: str  # "number" | "bool" | "text"

    def code_of(self, normalized: str) -> int:
        """Dictionary code of a normalized string, or -1 when the column never holds it."""
        try:
            return self.dictionary.index(normalized)
        except ValueError:
            return -1


def header_unit(name: str) -> tuple[str, str | None]:
    """A header's attribute words and the unit it names, if any: ``Price (USD)`` ->
    ``("price", "usd")``, ``range_km`` -> ``("range", "km")``, ``Weight (1-5)`` and
    ``top speed`` -> unchanged, no unit."""
    m = _HEADER_UNIT.match(name.strip())  # before camelCase splitting: "(mAh)" is a unit
    spelled = m["unit"].strip().lower() if m else ""
    unit = UNIT_OF.get(spelled) if spelled not in _AMBIGUOUS_IN_HEADER else None
    if unit is not None:
        return split_identifier(m["name"]), unit
    words = split_identifier(name)
    parts = words.split()
    if len(parts) > 1 and parts[-1] in _TRAILING_UNITS and parts[-1] in UNIT_OF:
        return " ".join(parts[:-1]), UNIT_OF[parts[-1]]
    return words, None


def _attribute_of_bool(words: str) -> str:
    """A yes/no header's attribute: ``has pool`` -> ``pool``, ``breakfast included`` ->
    ``breakfast`` (what the text names when it says the row has it)."""
    parts = words.split()
    if len(parts) > 1 and parts[0] in _BOOL_PREFIXES:
        parts = parts[1:]
    if len(parts) > 1 and parts[-1] in _BOOL_SUFFIXES:
        parts = parts[:-1]
    return " ".join(parts)


def _compile_column(index: int, name: str, raw: tuple[str, ...]) -> Column:
    named_unit = header_unit(name)[1]
    words = split_identifier(name)
    norm = tuple(norm_text(v) for v in raw)
    dictionary = tuple(dict.fromkeys(norm))
    code_of = {v: i for i, v in enumerate(dictionary)}
    codes = np.fromiter((code_of[v] for v in norm), dtype=np.int32, count=len(norm))
    nums = np.full(len(raw), np.nan)
    base = np.full(len(raw), np.nan)
    units: Counter[str | None] = Counter()
    bools = np.full(len(raw), -1, dtype=np.int8)
    for i, v in enumerate(raw):
        q = parse_quantity(v)
        if q is not None and q.unit is None and named_unit is not None:
            q = Quantity(q.value, named_unit)  # "38,700" under "price_eur"
        if q is not None:
            nums[i] = q.value
            units[q.unit] += 1
            b = to_base(q)
            if b is not None:
                base[i] = b
        else:
            m = _LEADING_NUMBER.match(v)
            if m:
                nums[i] = float(m.group(1).replace(",", ""))
        b = parse_bool(v)
        if b is not None:
            bools[i] = int(b)
    filled = sum(1 for v in raw if v.strip()) or 1
    if np.count_nonzero(bools >= 0) / filled >= 0.8:
        kind = "bool"
    elif np.count_nonzero(~np.isnan(nums)) / filled >= 0.8:
        kind = "number"
    else:
        kind = "text"
    unit = units.most_common(1)[0][0] if units else None
    if kind == "bool":
        words = _attribute_of_bool(words)
    return Column(index=index, name=name, words=words, raw=raw, norm=norm,
                  codes=codes, dictionary=dictionary, num=nums, base=base, unit=unit, bools=bools,
                  kind=kind)


@dataclass(frozen=True, eq=False)
class CompiledTable:
    table: Table
    columns: tuple[Column, ...]
    key: int
    cells_by_text: dict[str, tuple[tuple[int, int], ...]] = field(repr=False)

    @property
    def n_rows(self) -> int:
        return self.table.n_rows

    @property
    def key_column(self) -> Column:
        return self.columns[self.key]

    @cached_property
    def words(self) -> frozenset[str]:
        """Every word of the column names and cells, once per compiled table (it lives as
        long as the table does, so no cache elsewhere holds tables alive)."""
        return frozenset(w for col in self.columns
                         for text in (col.words, *col.dictionary) for w in text.split())

    def row_name(self, row: int) -> str:
        return self.key_column.raw[row]

    def find_cells(self, normalized: str) -> tuple[tuple[int, int], ...]:
        """All ``(column, row)`` cells whose normalized text equals ``normalized``."""
        return self.cells_by_text.get(normalized, ())

    def column_by_name(self, name: str) -> Column | None:
        """The first column with that name (or attribute words; a repeated header's copies
        are found by their base name)."""
        key = split_identifier(name)
        for col in self.columns:
            if col.words == key or col.name == name or _REPEAT.sub("", col.words) == key:
                return col
        return None


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
    """The row-naming column: the first text column whose values are (nearly) all distinct."""
    for col in columns:
        if col.kind == "text" and len(col.dictionary) >= 0.9 * len(col.raw):
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


def compile_table(table: Table) -> CompiledTable:
    """Compile once; the cache makes repeated checks against one table free."""
    global _compiled_cells
    with _COMPILED_LOCK:
        found = _COMPILED.get(table)
        if found is not None:
            _COMPILED.move_to_end(table)
            return found
    compiled = _compile(table)
    with _COMPILED_LOCK:
        if table not in _COMPILED:
            _COMPILED[table] = compiled
            _compiled_cells += table.n_cells
        while len(_COMPILED) > 1 and (len(_COMPILED) > MAX_COMPILED_TABLES
                                      or _compiled_cells > MAX_COMPILED_CELLS):
            old, _ = _COMPILED.popitem(last=False)
            _compiled_cells -= old.n_cells
    return compiled


def _compile(table: Table) -> CompiledTable:
    columns = tuple(
        _compile_column(j, name, tuple(row[j] for row in table.rows))
        for j, name in enumerate(table.columns))
    index: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for col in columns:
        for r, v in enumerate(col.raw):
            for part in _parts(v, col.norm[r]):
                index[part].append((col.index, r))
    frozen = {k: tuple(v) for k, v in index.items()}
    return CompiledTable(table=table, columns=columns, key=_choose_key(columns),
                         cells_by_text=frozen)

"""The compiled aggregate evaluator: many ``SELECT f(col) WHERE c1=v1 AND c2=v2 AND c3=v3`` at once.

Candidate queries are grouped by their set of predicate columns (at most three).  For each
set one *cube* is built over a :class:`~depcheck.compiled.CompiledTable`: every row's code in
each predicate column is mapped to a slot ("in-or-default": a literal some query asks for
keeps its own slot, every other literal shares one default slot), the slots are combined into
one group id, and all requested statistics (row count, non-null count, sum, min, max, count
distinct per column) are computed in one merged pass with ``np.bincount`` and ``ufunc.at``.
An extra ``ALL`` slot per dimension (a roll-up) answers queries that leave a column
unrestricted, so a three-column cube also answers every query on a subset of its columns.

Cubes are cached by dimension set (up to ``CUBES_PER_DIMS`` literal sets each, least recently
used dropped; with the cache on, a new cube also reserves slots for the dimension's most
frequent literals).  Each cube holds its statistics keyed by ``(statistic, column)``, so later
claims and later EM iterations asking for the same ``(function, column, dimension set)`` read
the cache instead of the rows.

Aggregate functions follow the AggChecker paper: PERCENTAGE is the share of all rows that
satisfy the predicates, CONDITIONAL PROBABILITY the share of rows satisfying the other
predicates that also satisfy the *last* predicate of the query (both in percent).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from itertools import combinations

import numpy as np

from .compiled import Column, CompiledTable
from .errors import InputError, LimitExceeded

MAX_DIMS = 3
MAX_CUBE_CELLS = 1 << 20
# with the cache on, each dimension also keeps slots for its most frequent literals, so the
# claims that follow usually find their literals in a cube already built
SEED_SLOTS = 4
# cubes kept per dimension set (different literal sets), least recently used dropped first
CUBES_PER_DIMS = 64
# bound on cells x distinct values for the presence cube behind COUNT DISTINCT
MAX_PRESENCE = 1 << 24


class Agg(IntEnum):
    """Aggregation functions; the integer value is the code used in query arrays."""

    COUNT = 0
    COUNT_DISTINCT = 1
    SUM = 2
    AVG = 3
    MIN = 4
    MAX = 5
    PERCENTAGE = 6
    COND_PROB = 7

    @property
    def needs_column(self) -> bool:
        """COUNT, PERCENTAGE and CONDITIONAL PROBABILITY aggregate rows (``*``)."""
        return self not in (Agg.COUNT, Agg.PERCENTAGE, Agg.COND_PROB)

    @property
    def numeric(self) -> bool:
        return self in (Agg.SUM, Agg.AVG, Agg.MIN, Agg.MAX)


# which per-cell statistics each function reads; "rows" needs no column
_STATS: dict[Agg, tuple[str, ...]] = {
    Agg.COUNT: ("rows",), Agg.PERCENTAGE: ("rows",), Agg.COND_PROB: ("rows",),
    Agg.COUNT_DISTINCT: ("distinct",), Agg.SUM: ("n", "sum"), Agg.AVG: ("n", "sum"),
    Agg.MIN: ("n", "min"), Agg.MAX: ("n", "max"),
}


@dataclass(frozen=True)
class Query:
    """A candidate: ``func`` over ``column`` (-1: ``*``) where every ``(column, code)`` holds."""

    func: Agg
    column: int
    preds: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        if len(self.preds) > MAX_DIMS:
            raise InputError(f"at most {MAX_DIMS} predicates per query, got {len(self.preds)}")
        if len({c for c, _ in self.preds}) != len(self.preds):
            raise InputError("a query restricts each column at most once")
        if self.func.needs_column and self.column < 0:
            raise InputError(f"{self.func.name} needs an aggregation column")

    def sql(self, compiled: CompiledTable, table_name: str = "t") -> str:
        """The query as SQL text, for explanations."""
        return query_sql(self, compiled, table_name)


@dataclass
class QueryBatch:
    """Many queries as parallel arrays: the form the cube evaluates without per-query objects.

    ``pcols``/``pcodes`` have shape ``(n, 3)``, padded with -1; for COND_PROB the last
    non-padded predicate is the event and the others the condition.
    """

    funcs: np.ndarray
    cols: np.ndarray
    pcols: np.ndarray
    pcodes: np.ndarray

    @classmethod
    def from_queries(cls, queries: list[Query] | tuple[Query, ...]) -> QueryBatch:
        n = len(queries)
        pcols = np.full((n, MAX_DIMS), -1, dtype=np.int32)
        pcodes = np.full((n, MAX_DIMS), -1, dtype=np.int32)
        for i, q in enumerate(queries):
            for j, (c, v) in enumerate(q.preds):
                pcols[i, j], pcodes[i, j] = c, v
        return cls(funcs=np.fromiter((int(q.func) for q in queries), np.int8, n),
                   cols=np.fromiter((q.column for q in queries), np.int32, n),
                   pcols=pcols, pcodes=pcodes)

    def __len__(self) -> int:
        return len(self.funcs)

    def query(self, i: int) -> Query:
        pairs = zip(self.pcols[i], self.pcodes[i], strict=True)
        preds = tuple((int(c), int(v)) for c, v in pairs if c >= 0)
        return Query(Agg(int(self.funcs[i])), int(self.cols[i]), preds)


@dataclass(eq=False)
class _Cube:
    """Statistics over one dimension set; ``slots[d]`` maps a code of dimension d to its slot."""

    dims: tuple[int, ...]
    slots: tuple[np.ndarray, ...]
    shape: tuple[int, ...]
    stats: dict[tuple[str, int], np.ndarray] = field(default_factory=dict)

    def covers(self, codes: list[np.ndarray]) -> bool:
        """True when every requested literal already has its own slot."""
        return all(np.all(s[c] < s.max() - 1) if len(c) else True
                   for s, c in zip(self.slots, codes, strict=True))


@dataclass
class CacheStats:
    hits: int = 0
    misses: int = 0
    passes: int = 0
    rows_scanned: int = 0


class CubeEngine:
    """Evaluates query batches over one compiled table, caching cubes across calls."""

    def __init__(self, compiled: CompiledTable, *, cache: bool = True,
                 max_cells: int = MAX_CUBE_CELLS, seed_slots: int = SEED_SLOTS) -> None:
        self.compiled = compiled
        self.cache = cache
        self.max_cells = max_cells
        self.seed_slots = seed_slots
        self.stats = CacheStats()
        self._cubes: dict[tuple[int, ...], list[_Cube]] = {}
        self._n_rows = compiled.n_rows
        # the extra last entry serves the -1 padding of absent predicates
        self._dict_sizes = np.asarray([len(c.dictionary) for c in compiled.columns] + [0])

    def clear(self) -> None:
        self._cubes.clear()

    # -- public ---------------------------------------------------------------------------

    def evaluate(self, batch: QueryBatch) -> np.ndarray:
        """Result of every query (float64; NaN where the query has no defined result)."""
        self._validate(batch)
        out = np.full(len(batch), np.nan)
        if not len(batch):
            return out
        for dims, idx in self._groups(batch).items():
            out[idx] = self._answer(dims, batch, idx)
        if not self.cache:
            self._cubes.clear()
        return out

    def evaluate_queries(self, queries: list[Query]) -> np.ndarray:
        return self.evaluate(QueryBatch.from_queries(queries))

    def rows_mask(self, preds: tuple[tuple[int, int], ...]) -> np.ndarray:
        """Boolean mask of the rows satisfying every equality predicate."""
        mask = np.ones(self._n_rows, dtype=bool)
        for c, v in preds:
            mask &= self.compiled.columns[c].codes == v
        return mask

    # -- grouping -------------------------------------------------------------------------

    def _validate(self, batch: QueryBatch) -> None:
        n_cols = len(self.compiled.columns)
        if batch.pcols.shape != (len(batch), MAX_DIMS) or batch.pcodes.shape != batch.pcols.shape:
            raise InputError("query batch predicate arrays must have shape (n, 3)")
        if np.any(batch.cols >= n_cols) or np.any(batch.pcols >= n_cols):
            raise InputError("query refers to a column the table does not have")
        needs = np.isin(batch.funcs, [a.value for a in Agg if a.needs_column])
        if np.any(needs & (batch.cols < 0)):
            raise InputError("an aggregate other than COUNT/PERCENTAGE needs a column")
        sizes = self._dict_sizes
        bad = (batch.pcols >= 0) & ((batch.pcodes < 0) | (batch.pcodes >= sizes[batch.pcols]))
        if np.any(bad):
            raise InputError(f"predicate literal code out of range for column "
                             f"{int(batch.pcols[bad][0])} (map text with Column.code_of first)")

    def _groups(self, batch: QueryBatch) -> dict[tuple[int, ...], np.ndarray]:
        """Queries by the dimension set of the cube that answers them.

        A query whose column set is contained in a larger requested set is answered by the
        larger cube's roll-up, so fewer passes over the rows are needed.
        """
        base = len(self.compiled.columns) + 1
        cols = np.sort(np.where(batch.pcols < 0, base - 1, batch.pcols), axis=1).astype(np.int64)
        keys = (cols[:, 0] * base + cols[:, 1]) * base + cols[:, 2]
        uniq, inverse = np.unique(keys, return_inverse=True)
        sets = [tuple(c for c in (int(k) // base // base, int(k) // base % base, int(k) % base)
                      if c != base - 1) for k in uniq]
        home = self._assign_homes(sets)
        groups: dict[tuple[int, ...], list[int]] = {}
        for k, s in enumerate(sets):
            groups.setdefault(home[s], []).append(k)
        inverse = inverse.ravel()
        out = {}
        for dims, ks in groups.items():
            out[dims] = np.flatnonzero(np.isin(inverse, ks))
        return out

    @staticmethod
    def _assign_homes(sets: list[tuple[int, ...]]) -> dict[tuple[int, ...], tuple[int, ...]]:
        """Each column set to the first largest requested set containing it."""
        chosen: list[tuple[int, ...]] = []
        home: dict[tuple[int, ...], tuple[int, ...]] = {}
        for s in sorted(sets, key=len, reverse=True):
            host = next((d for d in chosen if set(s) <= set(d)), None)
            if host is None:
                chosen.append(s)
                host = s
            home[s] = host
        return home

    # -- answering ------------------------------------------------------------------------

    def _answer(self, dims: tuple[int, ...], batch: QueryBatch, idx: np.ndarray) -> np.ndarray:
        codes = self._requested_codes(dims, batch, idx)
        needed = self._needed_stats(batch, idx)
        cubes = self._cubes.setdefault(dims, [])
        cube = next((c for c in cubes if c.covers(codes)), None)
        if cube is None:
            cube = self._build(dims, codes)
        else:
            cubes.remove(cube)
        cubes.insert(0, cube)  # most recently used first; the oldest is dropped
        del cubes[CUBES_PER_DIMS:]
        missing = needed - set(cube.stats)
        if missing:
            self.stats.misses += 1
            self._fill(cube, missing)
        else:
            self.stats.hits += 1
        return self._read(cube, batch, idx)

    def _requested_codes(self, dims: tuple[int, ...], batch: QueryBatch,
                         idx: np.ndarray) -> list[np.ndarray]:
        pc, pv = batch.pcols[idx], batch.pcodes[idx]
        return [np.unique(pv[pc == d]) for d in dims]

    @staticmethod
    def _needed_stats(batch: QueryBatch, idx: np.ndarray) -> set[tuple[str, int]]:
        keys = np.unique(batch.funcs[idx].astype(np.int64) * (1 << 32) + batch.cols[idx] + 1)
        needed: set[tuple[str, int]] = set()
        for k in keys.tolist():
            f, c = k >> 32, (k & 0xFFFFFFFF) - 1
            for stat in _STATS[Agg(f)]:
                needed.add((stat, -1 if stat == "rows" else int(c)))
        return needed

    def _build(self, dims: tuple[int, ...], codes: list[np.ndarray]) -> _Cube:
        """A new cube whose slots hold the requested (and, with the cache, frequent) literals."""
        slots = []
        for k, d in enumerate(dims):
            col = self.compiled.columns[d]
            wanted = codes[k]
            if self.cache:
                wanted = np.union1d(wanted, self._frequent(col))
            wanted = wanted[(wanted >= 0) & (wanted < len(col.dictionary))]
            slot = np.full(len(col.dictionary) + 1, len(wanted), dtype=np.int64)
            slot[wanted] = np.arange(len(wanted))
            slot[-1] = len(wanted) + 1  # the ALL slot, kept as the last entry
            slots.append(slot)
        shape = tuple(int(s[-1]) + 1 for s in slots)
        if int(np.prod(shape, dtype=np.int64)) > self.max_cells:
            raise LimitExceeded(f"cube over columns {dims} would have {np.prod(shape)} cells "
                                f"(limit {self.max_cells}); ask for fewer literals")
        return _Cube(dims=dims, slots=tuple(slots), shape=shape)

    def _frequent(self, col: Column) -> np.ndarray:
        """The column's most frequent literals: slots kept in advance for later claims."""
        counts = np.bincount(col.codes, minlength=len(col.dictionary))
        return np.sort(np.argsort(-counts, kind="stable")[:self.seed_slots])

    def _group_ids(self, cube: _Cube, rolled: tuple[int, ...] = ()) -> np.ndarray:
        """Per-row cell index in the cube; dimensions in ``rolled`` use their ALL slot."""
        gid = np.zeros(self._n_rows, dtype=np.int64)
        for k, d in enumerate(cube.dims):
            gid *= cube.shape[k]
            if k in rolled:
                gid += cube.shape[k] - 1
            else:
                gid += cube.slots[k][self.compiled.columns[d].codes]
        return gid

    def _fill(self, cube: _Cube, missing: set[tuple[str, int]]) -> None:
        """Compute all missing statistics of a cube in one merged pass over the rows."""
        self.stats.passes += 1
        self.stats.rows_scanned += self._n_rows
        size = int(np.prod(cube.shape, dtype=np.int64))
        gid = self._group_ids(cube)
        by_column: dict[int, list[str]] = {}
        for stat, c in sorted(missing):
            by_column.setdefault(c, []).append(stat)
        for c, stats in by_column.items():
            if "distinct" in stats:
                cube.stats[("distinct", c)] = self._distinct(cube, c, gid)
            g, v = self._rows_of(gid, c)
            for stat in stats:
                if stat != "distinct":
                    base = _base_stat(stat, g, v, size).reshape(cube.shape)
                    cube.stats[(stat, c)] = _roll_up(base, stat, base.ndim)

    def _rows_of(self, gid: np.ndarray, c: int) -> tuple[np.ndarray, np.ndarray | None]:
        """Group ids and values of the rows where column ``c`` is numeric (all rows for ``*``)."""
        if c < 0:
            return gid, None
        values = self.compiled.columns[c].num
        ok = ~np.isnan(values)
        return gid[ok], values[ok]

    def _distinct(self, cube: _Cube, c: int, gid: np.ndarray) -> np.ndarray:
        """Distinct non-empty values of column ``c`` per cell, for every roll-up of the cube.

        A boolean presence cube (cell x value) is filled in one pass and rolled up with
        logical or; distinct counts are its sums.  Too large a presence cube falls back to
        one ``np.unique`` per roll-up.
        """
        col = self.compiled.columns[c]
        size, n_vals = int(np.prod(cube.shape, dtype=np.int64)), len(col.dictionary)
        filled = np.asarray([bool(v) for v in col.dictionary])[col.codes]
        codes = col.codes[filled].astype(np.int64)
        if size * n_vals > MAX_PRESENCE:
            return self._distinct_by_unique(cube, filled, codes, n_vals)
        present = np.zeros(size * n_vals, dtype=bool)
        present[gid[filled] * n_vals + codes] = True
        present = _roll_up(present.reshape(cube.shape + (n_vals,)), "max", len(cube.dims))
        return present.sum(axis=-1, dtype=np.float64)

    def _distinct_by_unique(self, cube: _Cube, filled: np.ndarray, codes: np.ndarray,
                            n_vals: int) -> np.ndarray:
        size = int(np.prod(cube.shape, dtype=np.int64))
        out = np.zeros(size, dtype=np.float64)
        for r in range(len(cube.dims) + 1):
            for rolled in combinations(range(len(cube.dims)), r):
                gid = self._group_ids(cube, rolled)[filled]
                pairs = np.unique(gid * n_vals + codes)
                out += np.bincount(pairs // n_vals, minlength=size)
        return out.reshape(cube.shape)

    def _read(self, cube: _Cube, batch: QueryBatch, idx: np.ndarray) -> np.ndarray:
        """Look every query of ``idx`` up in the cube: fancy indexing, no per-query Python."""
        pc, pv = batch.pcols[idx], batch.pcodes[idx]
        n = len(idx)
        index = np.empty((len(cube.dims), n), dtype=np.int64)
        for k, d in enumerate(cube.dims):
            hit = pc == d
            has = hit.any(axis=1)
            code = np.where(has, (pv * hit).sum(axis=1), -1)
            slot = cube.slots[k]
            index[k] = np.where(has, slot[np.maximum(code, 0)], slot[-1])
        flat = np.ravel_multi_index(tuple(index), cube.shape) if len(cube.dims) else np.zeros(
            n, dtype=np.int64)
        event = self._event_dim_index(cube, pc)
        return _combine(cube, batch.funcs[idx], batch.cols[idx], flat, event, index,
                        self._n_rows)

    def _event_dim_index(self, cube: _Cube, pc: np.ndarray) -> np.ndarray:
        """For COND_PROB: position in ``cube.dims`` of each query's last predicate (-1: none)."""
        n_preds = (pc >= 0).sum(axis=1)
        last = pc[np.arange(len(pc)), np.maximum(n_preds - 1, 0)]
        pos = np.full(len(pc), -1, dtype=np.int64)
        for k, d in enumerate(cube.dims):
            pos[(last == d) & (n_preds > 0)] = k
        return pos


def _base_stat(stat: str, g: np.ndarray, v: np.ndarray | None, size: int) -> np.ndarray:
    """One statistic per cell from the (non-missing) rows' group ids and values."""
    if stat in ("rows", "n"):
        return np.bincount(g, minlength=size).astype(np.float64)
    assert v is not None
    if stat == "sum":
        return np.bincount(g, weights=v, minlength=size)
    out = np.full(size, np.inf if stat == "min" else -np.inf)
    (np.minimum if stat == "min" else np.maximum).at(out, g, v)
    return out


def _roll_up(base: np.ndarray, stat: str, n_axes: int) -> np.ndarray:
    """Fill the ALL slot (the last one) of the first ``n_axes`` axes with the reduction."""
    reduce = {"min": np.min, "max": np.max}.get(stat, np.sum)
    arr = base
    for axis in range(n_axes):
        body = np.take(arr, np.arange(arr.shape[axis] - 1), axis=axis)
        total = reduce(body, axis=axis, keepdims=True)
        arr = np.concatenate([body, total], axis=axis)
    return arr


def _combine(cube: _Cube, funcs: np.ndarray, cols: np.ndarray, flat: np.ndarray,
             event: np.ndarray, index: np.ndarray, n_rows: int) -> np.ndarray:
    """Turn cell statistics into function results for each query."""
    out = np.full(len(funcs), np.nan)

    def stat(name: str, sel: np.ndarray, c: int) -> np.ndarray:
        return cube.stats[(name, c)].ravel()[flat[sel]]

    with np.errstate(divide="ignore", invalid="ignore"):
        for f in np.unique(funcs):
            agg = Agg(int(f))
            is_f = funcs == f
            for c in np.unique(cols[is_f]) if agg.needs_column else (-1,):
                sel = is_f & (cols == c) if agg.needs_column else is_f
                out[sel] = _result(agg, stat, sel, int(c), cube, event, index, n_rows)
    return out


def _result(agg: Agg, stat, sel: np.ndarray, c: int, cube: _Cube, event: np.ndarray,
            index: np.ndarray, n_rows: int) -> np.ndarray:
    if agg is Agg.COUNT:
        return stat("rows", sel, -1)
    if agg is Agg.PERCENTAGE:
        return 100.0 * stat("rows", sel, -1) / n_rows if n_rows else np.full(sel.sum(), np.nan)
    if agg is Agg.COND_PROB:
        return _cond_prob(cube, sel, event, index)
    if agg is Agg.COUNT_DISTINCT:
        return stat("distinct", sel, c)
    n = stat("n", sel, c)
    if agg is Agg.AVG:
        vals = stat("sum", sel, c) / n
    else:
        vals = stat({Agg.SUM: "sum", Agg.MIN: "min", Agg.MAX: "max"}[agg], sel, c)
    return np.where(n > 0, vals, np.nan)


def _cond_prob(cube: _Cube, sel: np.ndarray, event: np.ndarray, index: np.ndarray) -> np.ndarray:
    """100 * count(all predicates) / count(all but the event predicate)."""
    rows = cube.stats[("rows", -1)]
    idx = index[:, sel].copy()
    ev = event[sel]
    num = rows[tuple(idx)]
    ok = ev >= 0
    cols = np.flatnonzero(ok)
    idx[ev[ok], cols] = np.asarray(cube.shape)[ev[ok]] - 1
    den = rows[tuple(idx)]
    res = np.where(ok & (den > 0), 100.0 * num / np.where(den > 0, den, 1), np.nan)
    return res


# -- SQL text --------------------------------------------------------------------------------

_SQL_FUNC = {Agg.COUNT: "COUNT(*)", Agg.COUNT_DISTINCT: "COUNT(DISTINCT {c})",
             Agg.SUM: "SUM({c})", Agg.AVG: "AVG({c})", Agg.MIN: "MIN({c})", Agg.MAX: "MAX({c})"}


def _quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _quote_literal(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _where(preds: list[tuple[Column, str]]) -> str:
    return " AND ".join(f"{_quote_ident(c.name)} = {_quote_literal(v)}" for c, v in preds)


def query_sql(q: Query, compiled: CompiledTable, table_name: str = "t") -> str:
    """SQL for a query; literals are the first raw cell spelling of each predicate code."""
    cols = compiled.columns
    preds = [(cols[c], _raw_spelling(cols[c], v)) for c, v in q.preds]
    t = _quote_ident(table_name)
    if q.func is Agg.PERCENTAGE:
        where = f" WHERE {_where(preds)}" if preds else ""
        return f"SELECT 100.0 * COUNT(*) / (SELECT COUNT(*) FROM {t}) FROM {t}{where}"
    if q.func is Agg.COND_PROB:
        given, event = preds[:-1], preds[-1:]
        where = f" WHERE {_where(given)}" if given else ""
        return (f"SELECT 100.0 * SUM(CASE WHEN {_where(event)} THEN 1 ELSE 0 END) / COUNT(*) "
                f"FROM {t}{where}")
    expr = _SQL_FUNC[q.func].format(c=_quote_ident(cols[q.column].name) if q.column >= 0 else "")
    where = f" WHERE {_where(preds)}" if preds else ""
    return f"SELECT {expr} FROM {t}{where}"


def _raw_spelling(col: Column, code: int) -> str:
    hits = np.flatnonzero(col.codes == code)
    return col.raw[int(hits[0])] if len(hits) else col.dictionary[code]


# -- small helpers the core calls for lookups, superlatives and comparisons ------------------

def argmax(col: Column, rows_mask: np.ndarray | None = None) -> int:
    """Row index of the largest numeric value among the masked rows (-1 if none is numeric)."""
    return _arg_extreme(col, rows_mask, np.nanargmax)


def argmin(col: Column, rows_mask: np.ndarray | None = None) -> int:
    """Row index of the smallest numeric value among the masked rows (-1 if none is numeric)."""
    return _arg_extreme(col, rows_mask, np.nanargmin)


def _arg_extreme(col: Column, rows_mask: np.ndarray | None, pick) -> int:
    vals = col.num if rows_mask is None else np.where(rows_mask, col.num, np.nan)
    if not np.any(~np.isnan(vals)):
        return -1
    return int(pick(vals))


def lookup(col: Column, row: int) -> float:
    """Numeric value of one cell (NaN when missing or out of range)."""
    return float(col.num[row]) if 0 <= row < len(col.num) else float("nan")


_COMPARE = {"eq": np.equal, "ne": np.not_equal, "gt": np.greater, "ge": np.greater_equal,
            "lt": np.less, "le": np.less_equal}


def compare(col: Column, op: str, value: float, rows_mask: np.ndarray | None = None) -> np.ndarray:
    """Mask of rows whose numeric value stands in relation ``op`` to ``value`` (NaN: False)."""
    if op not in _COMPARE:
        raise InputError(f"unknown comparison {op!r}; use one of {sorted(_COMPARE)}")
    with np.errstate(invalid="ignore"):
        mask = _COMPARE[op](col.num, value) & ~np.isnan(col.num)
    return mask if rows_mask is None else mask & rows_mask


def filter_eq(col: Column, normalized: str) -> np.ndarray:
    """Mask of rows whose normalized text equals ``normalized``."""
    return col.codes == col.code_of(normalized)

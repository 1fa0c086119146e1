"""The typed function set, executed on numpy row masks of a :class:`TypedTable`.

Each function has a signature (argument kinds, output kind), a family for reporting and
an implementation.  Argument kinds: ``view`` (rows), ``column`` (a header), ``obj`` (a cell,
literal or number), ``num`` (a literal integer), ``bool``.  Semantics follow the reference
executors, Logic2Text's ``execution/APIs.py`` and TabFact's LPA ``code/APIs.py`` (text
containment, then dates, then first numbers; LPA's word-wise fuzzy match as the last
resort; round_eq's tolerance for sums and averages), re-written over whole columns at once.
The dataset writes str_eq / round_eq as eq, filter_str_eq as filter_eq and str_hop / num_hop
as hop, so one function here answers for each such pair.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import regex

from .cells import (
    DEFAULT_YEAR,
    MONTH,
    NUMBER,
    TypedColumn,
    TypedTable,
    date_ordinal,
    date_parts,
    first_number,
    plain,
)
from .values import ExecutionError, Obj, View, compare, date_difference

_NUMERIC_OPS: dict[str, Callable[[np.ndarray, float], np.ndarray]] = {
    "eq": lambda xs, v: np.isclose(xs, v),
    "not_eq": lambda xs, v: ~np.isclose(xs, v),
    "greater": lambda xs, v: xs > v,
    "less": lambda xs, v: xs < v,
    "greater_eq": lambda xs, v: xs >= v,
    "less_eq": lambda xs, v: xs <= v,
}


WORD = regex.compile(r"[^\s,;()]+")
DECADE = regex.compile(r"(\d{3}0)s")
_DECADE_OPS: dict[str, Callable[[np.ndarray, float], np.ndarray]] = {
    "eq": lambda xs, d: (xs >= d) & (xs < d + 10),
    "greater": lambda xs, d: xs >= d + 10,
    "less": lambda xs, d: xs < d,
    "greater_eq": lambda xs, d: xs >= d,
    "less_eq": lambda xs, d: xs < d + 10,
}


@dataclass(frozen=True)
class Function:
    name: str
    args: tuple[str, ...]
    output: str
    family: str
    impl: Callable
    phrase: str

    def __call__(self, table: TypedTable, *args):
        return self.impl(table, *args)


FUNCTIONS: dict[str, Function] = {}


def _register(name: str, args: tuple[str, ...], output: str, family: str, phrase: str):
    def wrap(impl: Callable) -> Callable:
        FUNCTIONS[name] = Function(name, args, output, family, impl, phrase)
        return impl
    return wrap


def _sub(mask: np.ndarray, selected: np.ndarray) -> View:
    """The rows of ``mask`` for which ``selected`` (aligned with mask's rows) holds."""
    out = np.zeros_like(mask)
    out[np.flatnonzero(mask)[selected]] = True
    return View(out)


def _date_target(col: TypedColumn, mask: np.ndarray, value: str) -> float:
    """A date value's ordinal; missing parts come from the view's first row, as TabFact does."""
    y, m, d = date_parts(value)
    rows = np.flatnonzero(mask)
    first = int(rows[0]) if len(rows) else None
    year = y if y is not None else (int(col.year[first]) if first is not None else DEFAULT_YEAR)
    month = m if m is not None else (int(col.month_num[first]) if first is not None else 1)
    day = d if d is not None else (int(col.day[first]) if first is not None else 1)
    return date_ordinal(year, month, day)


def compare_filter(table: TypedTable, view: View, column: int, value: Obj, op: str) -> View:
    """Rows of ``view`` whose cell in ``column`` compares to ``value`` by ``op``.

    A bare number compares the cells' first numbers (for eq, failing that, it matches as
    text: "1975" in "january 8 , 1975").  For equality, any other value first matches as
    text (contained in the cell, spaces ignored: "6-4" matches "6 - 4"); failing that, a
    value naming a month compares dates, a decade ("1940s") the years in it, and a value
    holding a number compares first numbers; failing those, every word of the value must
    occur in the cell ("re elected" matches "re - elected", as TabFact's LPA matches
    strings).  not_eq keeps the rows eq leaves out.  Text without numbers or dates supports
    only eq / not_eq.
    """
    if op == "not_eq":
        return View(view.mask & ~compare_filter(table, view, column, value, "eq").mask)
    col, mask, text = table.columns[column], view.mask, value.text
    if value.number is None and op == "eq":
        hit = mask & col.compact_holding(text.replace(" ", ""))
        if hit.any():
            return View(hit)
    found = None
    decade = DECADE.fullmatch(text.strip())
    if decade:  # "1940s": the years 1940 to 1949
        start = float(decade[1])
        with np.errstate(invalid="ignore"):
            year = col.year[mask]  # a date's year, else the cell's number
            years = np.where(year != DEFAULT_YEAR, year, col.numbers(mask))
            found = _sub(mask, _DECADE_OPS[op](years, start))
    elif value.number is None and MONTH.search(text):
        target = _date_target(col, mask, text)
        with np.errstate(invalid="ignore"):
            found = _sub(mask, _NUMERIC_OPS[op](col.dates(mask), target))
    elif NUMBER.search(text):
        with np.errstate(invalid="ignore"):
            found = _sub(mask, _NUMERIC_OPS[op](col.numbers(mask), first_number(text)))
        if op == "eq" and not found.size and value.number is not None:
            # a bare number no cell starts with may still be written inside cells ("1975")
            found = View(mask & col.compact_holding(text.replace(" ", "")))
    if op != "eq" or (found is not None and found.size):
        return found if found is not None else View(np.zeros_like(mask))
    return View(mask & _has_every_word(col, text))


def _has_every_word(col: TypedColumn, text: str) -> np.ndarray:
    """Cells holding every word of ``text`` somewhere, in any order, accents ignored."""
    return col.plain_holding_all(WORD.findall(plain(text)))


def string_filter(table: TypedTable, view: View, column: int, value: Obj, negate: bool) -> View:
    """Rows whose cell contains the value, spaces ignored (Logic2Text's filter_str_eq);
    when no row of the view does, rows holding every word of it (LPA's fuzzy match)."""
    col = table.columns[column]
    hit = view.mask & col.compact_holding(value.text.replace(" ", ""))
    if not hit.any():
        hit = view.mask & _has_every_word(col, value.text)
    return View(view.mask & ~hit if negate else hit)


def _ranked_row(table: TypedTable, view: View, column: int, order: int, largest: bool) -> int:
    """The row holding the ``order``-th largest (or smallest) value; ties go to the earlier row."""
    col, mask = table.columns[column], view.mask
    rows = np.flatnonzero(mask)
    if not len(rows):
        raise ExecutionError("the view is empty")
    keys = col.dates(mask) if np.any(col.month[mask]) else None
    if keys is None or np.isnan(keys).any():
        keys = col.numbers(mask)
    valid = int(np.count_nonzero(~np.isnan(keys)))
    if not valid:
        raise ExecutionError(f"column {col.name!r} holds no numbers in the view")
    if order <= 1:  # the first of the largest (smallest): what a stable sort puts first
        return int(rows[np.nanargmax(keys) if largest else np.nanargmin(keys)])
    ranking = np.argsort(-keys if largest else keys, kind="stable")
    return int(rows[ranking[min(order, valid) - 1]])


def _cell(table: TypedTable, row: int, column: int) -> Obj:
    return Obj.of_text(table.columns[column].cell(row), cell=(row, column))


def _order(num: Obj) -> int:
    if num.number is None or not float(num.number).is_integer():
        raise ExecutionError(f"{num.text!r} is not an ordinal")
    return int(num.number)


def _single(table: TypedTable, row: int) -> View:
    mask = np.zeros(table.n_rows, dtype=bool)
    mask[row] = True
    return View(mask)


# views -------------------------------------------------------------------------------------

for _op in ("eq", "not_eq", "greater", "less", "greater_eq", "less_eq"):
    _register(f"filter_{_op}", ("view", "column", "obj"), "view", "filter",
              f"rows where {{1}} {_op.replace('_', ' ')} {{2}}")(
        lambda t, v, c, x, _op=_op: compare_filter(t, v, c, x, _op))

_register("filter_str_eq", ("view", "column", "obj"), "view", "filter",
          "rows where {1} contains {2}")(lambda t, v, c, x: string_filter(t, v, c, x, False))
_register("filter_str_not_eq", ("view", "column", "obj"), "view", "filter",
          "rows where {1} does not contain {2}")(lambda t, v, c, x: string_filter(t, v, c, x, True))
_register("filter_all", ("view", "column"), "view", "filter", "all rows")(lambda t, v, c: v)

_register("argmax", ("view", "column"), "view", "superlative", "the row with the highest {1}")(
    lambda t, v, c: _single(t, _ranked_row(t, v, c, 1, True)))
_register("argmin", ("view", "column"), "view", "superlative", "the row with the lowest {1}")(
    lambda t, v, c: _single(t, _ranked_row(t, v, c, 1, False)))
_register("nth_argmax", ("view", "column", "num"), "view", "ordinal",
          "the row with the {2} highest {1}")(
    lambda t, v, c, n: _single(t, _ranked_row(t, v, c, _order(n), True)))
_register("nth_argmin", ("view", "column", "num"), "view", "ordinal",
          "the row with the {2} lowest {1}")(
    lambda t, v, c, n: _single(t, _ranked_row(t, v, c, _order(n), False)))


def _nth_row(view: View, index: int, table: TypedTable) -> View:
    rows = view.rows()
    if not len(rows) or index >= len(rows) or index < -len(rows):
        raise ExecutionError("the view has too few rows")
    return _single(table, int(rows[index]))


for _i, _name in enumerate(("first", "second", "third", "fourth")):
    _register(_name, ("view",), "view", "ordinal", f"the {_name} row")(
        lambda t, v, _i=_i: _nth_row(v, _i, t))
_register("last", ("view",), "view", "ordinal", "the last row")(lambda t, v: _nth_row(v, -1, t))

# objects -----------------------------------------------------------------------------------

_register("hop", ("view", "column"), "obj", "lookup", "{1} of {0}")(
    lambda t, v, c: _cell(t, v.first(), c))
_register("str_hop", ("view", "column"), "obj", "lookup", "{1} of {0}")(
    lambda t, v, c: _cell(t, v.first(), c))
_register("num_hop", ("view", "column"), "obj", "lookup", "{1} of {0}")(
    lambda t, v, c: _cell(t, v.first(), c))
_register("count", ("view",), "obj", "count", "number of {0}")(
    lambda t, v: Obj.of_number(float(v.size)))


def _aggregate(table: TypedTable, view: View, column: int, how: str) -> Obj:
    """Sum or mean of the view's numbers (cells without one are skipped); the sum of no
    rows is 0, their average has no value; a column without numbers gives 0 (Logic2Text)."""
    nums = table.columns[column].numbers(view.mask)
    if not len(nums):
        if how == "sum":
            return Obj.of_number(0.0, aggregate=True)
        raise ExecutionError("the view is empty")
    if np.isnan(nums).all():
        return Obj.of_number(0.0)
    return Obj.of_number(float(np.nansum(nums) if how == "sum" else np.nanmean(nums)),
                         aggregate=True)


_register("avg", ("view", "column"), "obj", "aggregation", "average {1} of {0}")(
    lambda t, v, c: _aggregate(t, v, c, "avg"))
_register("sum", ("view", "column"), "obj", "aggregation", "total {1} of {0}")(
    lambda t, v, c: _aggregate(t, v, c, "sum"))
_register("max", ("view", "column"), "obj", "superlative", "highest {1} of {0}")(
    lambda t, v, c: _cell(t, _ranked_row(t, v, c, 1, True), c))
_register("min", ("view", "column"), "obj", "superlative", "lowest {1} of {0}")(
    lambda t, v, c: _cell(t, _ranked_row(t, v, c, 1, False), c))
_register("nth_max", ("view", "column", "num"), "obj", "ordinal", "{2} highest {1} of {0}")(
    lambda t, v, c, n: _cell(t, _ranked_row(t, v, c, _order(n), True), c))
_register("nth_min", ("view", "column", "num"), "obj", "ordinal", "{2} lowest {1} of {0}")(
    lambda t, v, c, n: _cell(t, _ranked_row(t, v, c, _order(n), False), c))


def _most_frequent(table: TypedTable, view: View, column: int) -> Obj:
    """The value most rows hold (ties: the one seen first); none when every value is held
    equally often, as in LPA."""
    rows = view.rows()
    if not len(rows):
        raise ExecutionError("the view is empty")
    values, first, counts = np.unique(table.columns[column].text_at(rows), return_index=True,
                                      return_counts=True)
    if counts.max() == counts.min():
        raise ExecutionError(f"no value of {table.columns[column].name!r} is most frequent")
    best = int(np.lexsort((first, -counts))[0])
    return _cell(table, int(rows[first[best]]), column)


_register("most_freq", ("view", "column"), "obj", "majority", "most frequent {1} of {0}")(
    _most_frequent)


def _mode(table: TypedTable, view: View, column: int) -> Obj:
    """The value more rows hold than any other value ("more players from England than any
    other country"); none when two values tie for the most rows (then no value is held
    more often than every other)."""
    rows = view.rows()
    if not len(rows):
        raise ExecutionError("the view is empty")
    values, first, counts = np.unique(table.columns[column].text_at(rows), return_index=True,
                                      return_counts=True)
    top = counts.max()
    if np.count_nonzero(counts == top) > 1:
        raise ExecutionError(f"no value of {table.columns[column].name!r} is held by more"
                             " rows than every other")
    return _cell(table, int(rows[first[int(np.argmax(counts))]]), column)


_register("mode", ("view", "column"), "obj", "mode",
          "the {1} more rows of {0} have than any other")(_mode)


def _arith(a: Obj, b: Obj, op: str) -> Obj:
    out = compare(a, b, op)
    if isinstance(out, str):
        return date_difference(a, b, int(out.split()[0])) if op == "diff" else Obj.of_text(out)
    return Obj.of_number(float(out))


_register("diff", ("obj", "obj"), "obj", "comparative", "difference between {0} and {1}")(
    lambda t, a, b: _arith(a, b, "diff"))
_register("add", ("obj", "obj"), "obj", "aggregation", "{0} plus {1}")(
    lambda t, a, b: _arith(a, b, "add"))

# truth values ------------------------------------------------------------------------------

for _op, _fam, _phrase in (("eq", "lookup", "{0} is {1}"), ("not_eq", "lookup", "{0} is not {1}"),
                           ("greater", "comparative", "{0} is greater than {1}"),
                           ("less", "comparative", "{0} is less than {1}")):
    _register(_op, ("obj", "obj"), "bool", _fam, _phrase)(
        lambda t, a, b, _op=_op: bool(compare(a, b, _op)))
_register("round_eq", ("obj", "obj"), "bool", "lookup", "{0} is about {1}")(
    lambda t, a, b: bool(compare(a, b, "eq", rounded=True)))
_register("str_eq", ("obj", "obj"), "bool", "lookup", "{0} is the same as {1}")(
    lambda t, a, b: a.text in b.text or b.text in a.text)
_register("not_str_eq", ("obj", "obj"), "bool", "lookup", "{0} is not the same as {1}")(
    lambda t, a, b: a.text not in b.text and b.text not in a.text)
_register("and", ("bool", "bool"), "bool", "conjunction", "{0} and {1}")(lambda t, a, b: a and b)
_register("or", ("bool", "bool"), "bool", "conjunction", "{0} or {1}")(lambda t, a, b: a or b)
_register("only", ("view",), "bool", "unique", "{0} is exactly one row")(lambda t, v: v.size == 1)
_register("none", ("view",), "bool", "negation", "there are no {0}")(lambda t, v: v.size == 0)


def _unique(table: TypedTable, view: View, column: int) -> bool:
    rows = view.rows()
    return bool(len(rows)) and len(np.unique(table.columns[column].text_at(rows))) == 1


_register("unique", ("view", "column"), "bool", "unique", "{0} share one {1}")(_unique)
_register("within", ("view", "column", "obj"), "bool", "lookup", "some {1} of {0} is {2}")(
    lambda t, v, c, x: compare_filter(t, v, c, x, "eq").size > 0)
_register("without", ("view", "column", "obj"), "bool", "negation", "no {1} of {0} is {2}")(
    lambda t, v, c, x: compare_filter(t, v, c, x, "eq").size == 0)
_register("before", ("view", "view"), "bool", "ordinal", "{0} comes before {1}")(
    lambda t, a, b: a.first() < b.first())
_register("after", ("view", "view"), "bool", "ordinal", "{0} comes after {1}")(
    lambda t, a, b: a.first() > b.first())

for _op in ("eq", "not_eq", "greater", "less", "greater_eq", "less_eq"):
    _words = _op.replace("_", " ")
    _register(f"all_{_op}", ("view", "column", "obj"), "bool", "majority",
              f"every {{1}} of {{0}} is {_words} {{2}}")(
        lambda t, v, c, x, _op=_op: (compare_filter(t, v, c, x, "eq").size == 0
                                     if _op == "not_eq" else
                                     compare_filter(t, v, c, x, _op).size == v.size))
    _register(f"most_{_op}", ("view", "column", "obj"), "bool", "majority",
              f"most {{1}} of {{0}} are {_words} {{2}}")(
        lambda t, v, c, x, _op=_op: (v.size // 3 > compare_filter(t, v, c, x, "eq").size
                                     if _op == "not_eq" else
                                     v.size // 3 <= compare_filter(t, v, c, x, _op).size))

_register("all_str_eq", ("view", "column", "obj"), "bool", "majority",
          "every {1} of {0} contains {2}")(
    lambda t, v, c, x: string_filter(t, v, c, x, False).size == v.size)
_register("all_str_not_eq", ("view", "column", "obj"), "bool", "majority",
          "no {1} of {0} contains {2}")(
    lambda t, v, c, x: string_filter(t, v, c, x, False).size == 0)
_register("most_str_eq", ("view", "column", "obj"), "bool", "majority",
          "most {1} of {0} contain {2}")(
    lambda t, v, c, x: v.size // 3 <= string_filter(t, v, c, x, False).size)
_register("most_str_not_eq", ("view", "column", "obj"), "bool", "majority",
          "most {1} of {0} do not contain {2}")(
    lambda t, v, c, x: v.size // 3 > string_filter(t, v, c, x, False).size)

"""A program said in words, and the cells it read: the explanation and evidence of a verdict."""

from __future__ import annotations

from ..report import Cell, Evidence
from .cells import TypedTable
from .execute import ALL_ROWS, Executed
from .values import Obj, View

_FILTER_WORDS = {"filter_eq": "is", "filter_not_eq": "is not", "filter_greater": "is more than",
                 "filter_less": "is less than", "filter_greater_eq": "is at least",
                 "filter_less_eq": "is at most", "filter_str_eq": "contains",
                 "filter_str_not_eq": "does not contain"}
_COMPARE_WORDS = {"eq": "is", "not_eq": "is not", "greater": "is more than",
                  "less": "is less than", "round_eq": "is about", "str_eq": "is",
                  "not_str_eq": "is not"}
_SET_WORDS = {"eq": "is", "not_eq": "is not", "greater": "is more than", "less": "is less than",
              "greater_eq": "is at least", "less_eq": "is at most", "str_eq": "contains",
              "str_not_eq": "does not contain"}


def utter(ex: Executed) -> str:
    """Readable words for a program: "count of rows where result is loss is 3"."""
    if ex.fn is None:
        return "all rows" if ex.text == ALL_ROWS else ex.text
    name, args = ex.fn.name, ex.children
    if name in _FILTER_WORDS:
        base = utter(args[0])
        base = "rows" if base == "all rows" else base
        return f"{base} where {utter(args[1])} {_FILTER_WORDS[name]} {utter(args[2])}"
    if name in _COMPARE_WORDS:
        return f"{utter(args[0])} {_COMPARE_WORDS[name]} {utter(args[1])}"
    if name.startswith(("all_", "most_")):
        quant, _, op = name.partition("_")
        who = "every" if quant == "all" else "most"
        view, column, value = (utter(a) for a in args)
        return f"for {who} row of {view}, {column} {_SET_WORDS[op]} {value}"
    templates = {
        "hop": "{1} of {0}", "str_hop": "{1} of {0}", "num_hop": "{1} of {0}",
        "count": "count of {0}", "only": "{0} is exactly one row", "none": "there are no {0}",
        "avg": "average {1} of {0}", "sum": "total {1} of {0}", "max": "highest {1} of {0}",
        "min": "lowest {1} of {0}", "argmax": "the row of {0} with the highest {1}",
        "argmin": "the row of {0} with the lowest {1}",
        "nth_argmax": "the row of {0} with the {2}th highest {1}",
        "nth_argmin": "the row of {0} with the {2}th lowest {1}",
        "nth_max": "the {2}th highest {1} of {0}", "nth_min": "the {2}th lowest {1} of {0}",
        "diff": "the difference between {0} and {1}", "add": "{0} plus {1}",
        "and": "{0}, and {1}", "or": "{0}, or {1}", "unique": "{0} all have the same {1}",
        "within": "some {1} of {0} is {2}", "without": "no {1} of {0} is {2}",
        "most_freq": "the most frequent {1} of {0}",
        "mode": "the {1} more rows of {0} hold than any other", "before": "{0} comes before {1}",
        "after": "{0} comes after {1}", "first": "the first of {0}", "second": "the second of {0}",
        "third": "the third of {0}", "fourth": "the fourth of {0}", "last": "the last of {0}",
        "filter_all": "{0}",
    }
    return templates.get(name, name + "({})").format(*(utter(a) for a in args))


def evidence(ex: Executed, table: TypedTable) -> Evidence:
    """Cells the program output or computed from, cells that selected rows, columns involved."""
    output: dict[tuple[int, int], None] = {}
    used: dict[tuple[int, int], None] = {}
    columns: dict[int, None] = {}
    _collect(ex, table, output, used, columns)
    names = [c.name for c in table.columns]
    raw = table.compiled.table.rows

    def cells(keys) -> tuple[Cell, ...]:
        return tuple(Cell(row=r, column=names[c], value=raw[r][c]) for r, c in keys)

    return Evidence(output=cells(output), used=cells(k for k in used if k not in output),
                    columns=tuple(names[c] for c in columns))


def _collect(ex: Executed, table: TypedTable, output: dict, used: dict, columns: dict) -> None:
    if ex.fn is None:
        return
    for child in ex.children:
        _collect(child, table, output, used, columns)
    name, args = ex.fn.name, ex.children
    col = next((a.value for a in args if a.fn is None and isinstance(a.value, int)
                and not isinstance(a.value, bool)), None)
    if col is not None:
        columns[col] = None
    view = next((a.value for a in args if isinstance(a.value, View)), None)
    if isinstance(ex.value, Obj) and ex.value.cell is not None:
        output[ex.value.cell] = None
    elif name in ("avg", "sum", "count") and view is not None:
        target = output if col is not None else used
        for r in view.rows()[:50]:
            target[(int(r), col if col is not None else 0)] = None
    if name.startswith(("filter_", "arg", "nth_arg", "all_", "most_", "mode")) \
            and view is not None \
            and col is not None:
        rows = ex.value.rows() if isinstance(ex.value, View) else view.rows()
        for r in rows[:50]:
            used[(int(r), col)] = None

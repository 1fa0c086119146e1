"""The values programs compute: row views (boolean masks), objects (a cell, a literal or a
number) and truth values, with the comparisons TabFact's executor defines on them."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import regex

from ..errors import DepcheckError
from ..lexicon import default as default_lexicon
from ..values import rounds_to
from .cells import (
    DEFAULT_YEAR,
    date_ordinal,
    date_parts,
    exact_number,
    first_number,
    has_month,
)


class ExecutionError(DepcheckError):
    """A program that cannot run on a table: unknown column, empty view for hop, wrong type."""

    code = "E610"


@dataclass(frozen=True, eq=False)
class View:
    """A set of rows, in table order, as a boolean mask."""

    mask: np.ndarray

    @property
    def size(self) -> int:
        return int(np.count_nonzero(self.mask))

    def rows(self) -> np.ndarray:
        return np.flatnonzero(self.mask)

    def first(self) -> int:
        mask = self.mask
        if mask.dtype == bool:  # the first true row, without a list of all of them
            i = int(mask.argmax()) if len(mask) else 0
            if not len(mask) or not mask[i]:
                raise ExecutionError("the view is empty")
            return i
        rows = np.flatnonzero(mask)
        if not len(rows):
            raise ExecutionError("the view is empty")
        return int(rows[0])

    def key(self) -> bytes:
        return np.packbits(self.mask).tobytes()


@dataclass(frozen=True)
class Obj:
    """A value: cell text or a literal, with its number when the text IS a number.

    ``cell`` is the ``(row, column)`` it was read from, for provenance; ``computed`` marks
    numbers a function produced (a count, an average), which a claim may state rounded;
    ``aggregate`` marks sums and averages, which a claim may state approximately (within
    ROUNDED_TOLERANCE: the reference's round_eq, which the dataset writes as eq);
    ``elapsed`` is the time between two dates a diff found, in calendar years, months and
    days, so that "2 years" or "3 months" can be compared with it.
    """

    text: str
    number: float | None = None
    cell: tuple[int, int] | None = None
    computed: bool = False
    aggregate: bool = False
    elapsed: tuple[int, int, int] | None = None  # years, months, days between two dates

    @classmethod
    def of_text(cls, text: str, cell: tuple[int, int] | None = None) -> Obj:
        return cls(text=text, number=exact_number(text), cell=cell)

    @classmethod
    def of_number(cls, value: float, aggregate: bool = False) -> Obj:
        if math.isfinite(value) and float(value).is_integer():
            return cls(text=str(int(value)), number=float(value), computed=True,
                       aggregate=aggregate)
        return cls(text=f"{value:.6g}", number=float(value), computed=True, aggregate=aggregate)


ROUNDED_TOLERANCE = 0.15  # relative error round_eq allows


def _approximate(a: Obj, b: Obj) -> bool:
    """One side a sum or average, the other a value from the text or the table."""
    return (a.aggregate and not b.computed) or (b.aggregate and not a.computed)


def _same_number(a: Obj, b: Obj) -> bool:
    """Equal numbers; a computed number (an average) equals a literal it rounds to, and an
    integer literal covers a fractional result truncated or rounded ("about 15" for 15.5)."""
    if math.isclose(a.number, b.number, rel_tol=1e-9):
        return True
    if a.computed != b.computed:
        found, claimed = (a, b) if a.computed else (b, a)
        if float(claimed.number).is_integer() and not float(found.number).is_integer():
            return abs(found.number - claimed.number) < 1.0  # truncated or rounded
        return (rounds_to(found.number, claimed.number)
                or _truncates_to(found.number, claimed.number))
    return False


def _truncates_to(found: float, claimed: float) -> bool:
    """``found`` cut (not rounded) to the claim's decimals gives the claim: 4.1667 -> 4.16."""
    text = f"{claimed:.6f}".rstrip("0").rstrip(".")
    decimals = len(text.split(".")[1]) if "." in text else 0
    scale = 10 ** decimals
    return math.isclose(math.trunc(found * scale) / scale, claimed, rel_tol=1e-9, abs_tol=1e-12)


def _date_of(text: str) -> float:
    y, m, d = date_parts(text)
    return date_ordinal(y or DEFAULT_YEAR, m or 1, d or 1)


_DURATION_UNITS = "|".join(regex.escape(u) for u in default_lexicon().duration_units)
_DURATION = regex.compile(rf"^\s*([-+]?\s?\d+)\s*({_DURATION_UNITS})s?\b")
_UNIT_INDEX = {"year": 0, "month": 1, "day": 2}


def date_difference(a: Obj, b: Obj, days: int) -> Obj:
    """``a`` minus ``b``, two dates ``days`` apart: "N days", carrying the difference in
    calendar years and months too ("nov 10 , 1963" - "apr 25 , 1965" is -2 years)."""
    (ya, ma, _), (yb, mb, _) = date_parts(a.text), date_parts(b.text)
    ya, yb, ma, mb = ya or DEFAULT_YEAR, yb or DEFAULT_YEAR, ma or 1, mb or 1
    return Obj(text=f"{days} days", computed=True,
               elapsed=(ya - yb, 12 * (ya - yb) + ma - mb, days))


def _same_duration(span: tuple[int, int, int], stated: str) -> bool | None:
    """Whether a stated duration ("-2 years", "3 months") is the elapsed time; None when
    the text states none."""
    m = _DURATION.match(stated)
    if not m:
        return None
    value, unit = float(m[1].replace(" ", "")), m[2]
    if unit == "week":
        return round(span[2] / 7) == value
    return span[_UNIT_INDEX[unit]] == value


def _numeric_op(a: float, b: float, op: str, tolerance: float) -> bool | float:
    if op == "eq":
        return math.isclose(a, b, rel_tol=tolerance)
    if op == "not_eq":
        return not math.isclose(a, b, rel_tol=tolerance)
    if op == "greater":
        return a > b
    if op == "less":
        return a < b
    if op == "diff":
        return a - b
    if op == "add":
        return a + b
    raise ExecutionError(f"unknown comparison {op!r}")


def compare(a: Obj, b: Obj, op: str, *, rounded: bool = False) -> bool | float | str:
    """Compare two objects as TabFact does: numbers, then dates, then first numbers, then text.

    ``op`` is eq, not_eq, greater, less, diff or add; ``rounded`` allows 15% relative error,
    as does equality between a sum or average and a stated value (round_eq and eq are one
    function name in the dataset).
    """
    if op in ("eq", "not_eq") and (a.elapsed or b.elapsed):
        span, stated = (a.elapsed, b.text) if a.elapsed else (b.elapsed, a.text)
        same = _same_duration(span, stated)
        if same is not None:
            return same if op == "eq" else not same
    rounded = rounded or (op in ("eq", "not_eq") and _approximate(a, b))
    tolerance = ROUNDED_TOLERANCE if rounded else 1e-9
    if a.number is not None and b.number is not None:
        if op in ("eq", "not_eq"):
            same = _same_number(a, b) or bool(_numeric_op(a.number, b.number, "eq", tolerance))
            return same if op == "eq" else not same
        return _numeric_op(a.number, b.number, op, tolerance)
    if has_month(a.text):
        da, db = _date_of(a.text), _date_of(b.text)
        if math.isnan(da) or math.isnan(db):
            raise ExecutionError(f"impossible date in {a.text!r} or {b.text!r}")
        if op == "diff":
            return f"{int(da - db)} days"
        return _numeric_op(da, db, op, 0.0)
    na, nb = first_number(a.text), first_number(b.text)
    if math.isnan(na) or math.isnan(nb):
        if op == "eq":
            return a.text in b.text or b.text in a.text
        if op == "not_eq":
            return a.text not in b.text and b.text not in a.text
        raise ExecutionError(f"cannot compare {a.text!r} and {b.text!r} by {op}")
    return _numeric_op(na, nb, op, tolerance)


def truth(value: object) -> bool:
    """A program's result as a verdict; anything but a boolean is an execution error."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise ExecutionError(f"the program returns {type(value).__name__}, not a truth value")

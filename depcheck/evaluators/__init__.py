"""Evaluators: one module per kind of claim, registered by name.

A frame (rules/) names the evaluator that checks the claims it finds; the checker looks it up
here.  The frame evaluators (``number`` for bounds, ``comparison`` for figures on both
sides, ``quantifier``) take a :class:`~depcheck.frames.FrameMatch` and a
:class:`~depcheck.evaluators.context.FrameContext`.  An evaluator reads cells of the
compiled table and says whether the claim holds (True), fails (False) or cannot be decided
(None), with the cells it read and a sentence.

The claim evaluators (``entity``, ``fact``, ``quantity``, ``boolean``, ``level``,
``typed``, ``schema``, ``superlative``, ``comparison.rows``) check the mentions the path
rules found, with a :class:`~depcheck.evaluators.context.ClaimContext`; they answer an
:class:`~depcheck.evaluators.outcome.Outcome` (a verdict, its reason, the cells read) and
:func:`~depcheck.evaluators.claims.check_claims` runs them for a statement.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..compiled import Rows

EVALUATORS: dict[str, Callable] = {}


@dataclass(frozen=True)
class Finding:
    """What an evaluator found: the decision, the rows whose cells it read, and why."""

    holds: bool | None
    # a tuple, or a numpy array of row indices where they may be many (a count over a
    # catalog's rows): read by the caller as a sequence, never copied row by row
    rows: Sequence[int]
    explanation: str
    # (row, column index) of every cell read, when the evaluator knows its column; and the
    # reason (depcheck.reasons.Reason) it gives, when it names one
    cells: tuple[tuple[int, int], ...] = ()
    reason: str | None = None
    # words of the claim beyond the frame's slots that the evaluator read (the event verb
    # and the "when" of "was 74 years old when he died")
    tokens: tuple[int, ...] = ()


def row_mask(n_rows: int, rows: Sequence[int]) -> np.ndarray:
    """A boolean mask over ``n_rows`` rows, true at ``rows`` (a tuple of a link's rows or
    an index array): one numpy conversion, no list of the rows made first."""
    mask = np.zeros(n_rows, dtype=bool)
    if isinstance(rows, Rows):
        rows = rows.array  # a value's rows as the cell index holds them
    if len(rows):
        mask[rows if isinstance(rows, np.ndarray)
             else np.fromiter(rows, dtype=np.intp, count=len(rows))] = True
    return mask


def first_rows(mask: np.ndarray, k: int) -> list[int]:
    """The first ``k`` rows a boolean mask holds, in order, as ints: the mask is read in
    growing chunks from its start, so a mask of many rows costs what its first few do."""
    out: list[int] = []
    n, start, step = len(mask), 0, max(256, 8 * k)
    while start < n and len(out) < k:
        out += (np.flatnonzero(mask[start:start + step]) + start)[:k - len(out)].tolist()
        start += step
        step *= 4
    return out


class MaskRows(Sequence):
    """The rows of a boolean mask as a sequence (a count over a catalog's rows): its length
    is counted over the mask, and the rows are listed only if some caller reads them."""

    def __init__(self, mask: np.ndarray) -> None:
        self.mask = mask
        self._n = int(np.count_nonzero(mask))
        self._rows: np.ndarray | None = None

    def __len__(self) -> int:
        return self._n

    def rows(self) -> np.ndarray:
        """The rows, listed once (sorted row indices)."""
        if self._rows is None:
            self._rows = np.flatnonzero(self.mask)
        return self._rows

    def __getitem__(self, i):
        return self.rows()[i]

    def __array__(self, dtype=None, copy=None):
        return self.rows() if dtype is None else self.rows().astype(dtype)

    def __repr__(self) -> str:
        return f"MaskRows({self._n} of {len(self.mask)} rows)"


def register(name: str) -> Callable[[Callable], Callable]:
    def wrap(fn: Callable) -> Callable:
        if name in EVALUATORS:
            raise ValueError(f"evaluator {name!r} registered twice")
        EVALUATORS[name] = fn
        return fn
    return wrap


def evaluator(name: str) -> Callable:
    """The evaluator registered under ``name`` (KeyError names the known ones)."""
    try:
        return EVALUATORS[name]
    except KeyError:
        raise KeyError(f"no evaluator {name!r}; known: {', '.join(sorted(EVALUATORS))}") from None


# every evaluator module registers itself when imported
from . import (  # noqa: E402,F401
    age,
    balance,
    boolean,
    bound,
    claims,
    columns,
    comparison,
    date,
    duration,
    entity,
    fact,
    gap,
    items,
    level,
    life,
    quantifier,
    quantity,
    rank,
    ratio,
    restated,
    schema,
    shared,
    span,
    superlative,
    tenure,
    trend,
    typed,
)

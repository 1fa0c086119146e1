"""Superlatives over every row: "the lightest of the three laptops", "the highest rated".

Decides the ``superlative`` hypotheses: the direction and column the word names (see
:mod:`~depcheck.evaluators.level`), and whether the named row holds the extreme of that
column over all rows; the evidence lists every cell of a small table, or of a catalog the
named row and the rows holding the extreme.
"""

from __future__ import annotations

import numpy as np

from ..extract import Mention
from ..report import REFUTED, SUPPORTED
from . import register
from .context import ClaimContext, RowRef
from .level import comparison_attribute, direction_of, sort_keys
from .outcome import MAX_EVIDENCE_ROWS, Outcome, cells

EVALUATOR = "superlative"  # the name its hypotheses trace

MAX_EVIDENCE_WINNERS = 8  # beyond: the rows holding the extreme that its evidence lists


def _evidence_rows(winners: tuple[int, ...], row: int, n_rows: int) -> tuple[int, ...]:
    """The cells a superlative shows: every compared cell of a small table; of a catalog,
    the row the text names and the (first few) rows that hold the extreme (the comparison
    itself ran over the whole column)."""
    if n_rows <= MAX_EVIDENCE_ROWS:
        return tuple(range(n_rows))
    return tuple(sorted({row, *winners[:MAX_EVIDENCE_WINNERS]}))


@register(EVALUATOR)
def superlative(ctx: ClaimContext, m: Mention, ref: RowRef | None) -> Outcome | None:
    tok = ctx.toks[m.head]
    direction = direction_of(ctx, tok)
    attr = comparison_attribute(ctx, tok)
    if ref is None or direction is None or attr is None or ctx.table.n_rows < 2:
        return None
    col, link = attr
    if link.method == "lexicon-inverse":
        direction = "lower" if direction == "higher" else "higher"
    keys = sort_keys(ctx, col)
    if keys is None or np.all(np.isnan(keys)):
        return None
    best = np.nanmax(keys) if direction == "higher" else np.nanmin(keys)
    r = ref.rows[0]
    holds = bool(keys[r] == best)
    winners = tuple(np.flatnonzero(keys == best).tolist())
    word = "highest" if direction == "higher" else "lowest"
    return Outcome(EVALUATOR, SUPPORTED if holds else REFUTED,
                   "superlative holds" if holds else "superlative false",
                   f"{word} {col.name} of all {ctx.table.n_rows} is "
                   f"{ctx.table.row_name(winners[0])} ({col.raw[winners[0]]}); "
                   f"{ctx.table.row_name(r)} has {col.raw[r]}",
                   link, None, cells(col, _evidence_rows(winners, r, ctx.table.n_rows)),
                   [col.name],
                   {"comparator": direction, "comparands": "all rows"})

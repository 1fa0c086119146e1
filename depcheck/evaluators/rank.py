"""Ranks: "Isis Boat Club finished third", "Carlos Mendes came home seventh", "Hana Sato was
15th", "finished in third place", against the row's cell of the table's place column.

The frames (rules/frames/ranks.yaml) bind the ordinal (``cue``) and the one it is said of
(``subject``). The ordinal's place is the lexicon's ``rank_numbers`` ("seventh": 7), the
digits of an ordinal written in digits ("15th", the lexicon's ordinal_suffixes), or the
last place of the rows (``rank_last``). The column is the first the lexicon's
``rank_columns`` names ("Place", "Pos."); its cells are places ("3", "3rd"); a tied place
("T3", "=3") decides no rank.
"""

from __future__ import annotations

import numpy as np
import regex

from ..reasons import Reason
from . import Finding, register
from .attribute import column_called
from .context import FrameContext

EVALUATOR = "rank"

# a place written in digits, maybe with an ordinal's suffix ("3rd"); a tied place ("=3",
# "T3") matches nothing: the row shares it, which "finished alone in third" denies
_PLACE = regex.compile(r"^\s*(\d+)\s*(\p{L}{0,2})\.?\s*$", regex.I)


def _place(ctx: FrameContext, text: str) -> int | None:
    """The place a cell or a word writes ("3", "3rd", "seventh"), or None (a tie: "T3")."""
    word = text.strip().lower()
    if word in ctx.lexicon.rank_numbers:
        return int(ctx.lexicon.rank_numbers[word])
    m = _PLACE.match(word)
    if m is None or m[2] and m[2] not in ctx.lexicon.ordinal_suffixes:
        return None
    return int(m[1])


def _places(ctx: FrameContext, col) -> np.ndarray:
    """The place of each row's cell (NaN where none), read once per distinct cell of the
    compiled table and kept with it."""
    memo = ctx.table.derived.setdefault("rank.places", {})
    found = memo.get(col.index)
    if found is None:
        per_cell = np.array([np.nan if (p := _place(ctx, str(c))) is None else p
                             for c in col.dictionary], dtype=float)
        found = memo[col.index] = per_cell[col.codes]
    return found


@register(EVALUATOR)
def rank(match, ctx: FrameContext) -> Finding | None:
    """Is the row at the place the text ranks it?  None when the word is no rank, the
    claim is not about one row, or the table has no place column of places."""
    cues, subjects = match.slots.get("cue", ()), match.slots.get("subject", ())
    if len(cues) != 1 or len(subjects) != 1:
        return None
    word = ctx.doc[cues[0]].lower_
    last = word in ctx.lexicon.rank_last
    said = None if last else _place(ctx, word)
    if said is None and not last:
        return None
    rows = ctx.row_of(subjects[0])
    if not rows or len(rows) != 1:
        return None
    col = next(filter(None, (column_called(ctx.linker, n, ctx.table.key)
                             for n in ctx.lexicon.ordered("rank_columns"))), None)
    if col is None:
        return None
    places = _places(ctx, col)
    r = rows[0]
    if np.isnan(places[r]):
        return None
    if last:
        if np.isnan(places).any():
            return None  # a row without a place: the last one cannot be told
        said = int(places.max())
    holds = bool(places[r] == said)
    # the words read: the ordinal and the words up to the verb ("finished in third place")
    verb = ctx.doc[subjects[0]].head
    read = [cues[0]]
    tok = ctx.doc[cues[0]]
    while tok.i != verb.i and tok.head.i != tok.i and len(read) < 6:
        tok = tok.head
        read.append(tok.i)
    return Finding(holds, (r,), f"{col.name} of {ctx.row_name(r)} is {col.raw[r]}; the text "
                   f"says {ctx.doc[cues[0]].text}", cells=((r, col.index),),
                   reason=Reason.VALUE_MATCHES if holds else Reason.VALUE_DIFFERS,
                   tokens=tuple(read))

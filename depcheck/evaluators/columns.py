"""Two attributes of one row compared: "Bridgeport has more land area than water area",
"the metro population is smaller than the urban population", "a higher budget than box
office" (frames of rules/frames/comparisons.yaml with ``evaluator: columns``).

The frame binds the first attribute's noun (``attribute``), the comparative (``cue``) and
the second attribute's noun (``comparand``).  Each noun, with its own modifiers, must name
a numeric column of the table, two different ones, and the claim's row must hold a number
in both; the figures are compared in a common unit (the base unit of one family, or both
without a unit).  A comparand that names a row, not a column ("than the Vega"), leaves the
claim to the comparison of rows.
"""

from __future__ import annotations

import math

from ..compiled import Column
from ..reasons import Reason
from ..values import norm_text, same_family
from . import Finding, register
from .context import FrameContext
from .level import direction_of

_MODIFIERS = ("compound", "amod")


def own_column(ctx: FrameContext, i: int, skip: int) -> Column | None:
    """The numeric column the noun at ``i`` names with its own modifiers ("land area" ->
    Land, "box office receipts" -> Box office), the comparative ``skip`` left out."""
    noun = ctx.doc[i]
    mods = [c for c in noun.children if c.dep_ in _MODIFIERS and c.i != skip]
    words = sorted([noun, *mods], key=lambda t: t.i)
    phrases = [" ".join(t.text for t in words), " ".join(t.text for t in mods),
               noun.lemma_, noun.text]
    for phrase in dict.fromkeys(norm_text(p) for p in phrases if p):
        found = ctx.linker.column_named(phrase) if phrase else None
        if found is not None and found[0].kind == "number" and found[0].index != ctx.table.key:
            return found[0]
    return None


def verb_column(ctx: FrameContext, verb) -> Column | None:
    """The numeric column a verb names through the lexicon's verb_attributes ("earned" ->
    Box office, "cost" -> Budget)."""
    hints = ctx.verb_attributes.get(verb.lemma_.lower()) or ctx.verb_attributes.get(verb.lower_)
    found = ctx.linker.column_by_hint(list(hints)) if hints else None
    if found is not None and found[0].kind == "number" and found[0].index != ctx.table.key:
        return found[0]
    return None


def _column_of(ctx: FrameContext, i: int, skip: int) -> Column | None:
    """The column a side of the comparison names: a verb by the lexicon ("made less than
    its budget", "than it cost to make"), a noun by its words, else by the verb it is the
    object of ("earned more money than its budget")."""
    tok = ctx.doc[i]
    if tok.pos_ == "VERB":
        return verb_column(ctx, tok)
    found = own_column(ctx, i, skip)
    if found is None and tok.dep_ == "dobj" and tok.head.pos_ == "VERB":
        found = verb_column(ctx, tok.head)
    return found


def _rows(ctx: FrameContext, match) -> int | None:
    for slot in ("attribute", "subject", "comparand"):
        for i in match.slots.get(slot, ()):
            rows = ctx.row_of(i)
            if rows and len(rows) == 1:
                return rows[0]
    return None


@register("columns")
def columns(match, ctx: FrameContext) -> Finding | None:
    """Does the row's figure in the first column stand to the second's as the cue says?
    None when a noun names no numeric column, both name one, the row is not one, a cell
    holds no number, or the units cannot be compared."""
    attrs, others, cues = (match.slots.get(s, ()) for s in ("attribute", "comparand", "cue"))
    if len(attrs) != 1 or len(others) != 1 or not cues:
        return None
    cue = ctx.doc[cues[-1]]
    direction = direction_of(ctx, cue)
    a, b = _column_of(ctx, attrs[0], cue.i), _column_of(ctx, others[0], cue.i)
    r = _rows(ctx, match)
    if direction is None or a is None or b is None or a.index == b.index or r is None:
        return None
    if a.unit and b.unit and same_family(a.unit, b.unit):
        va, vb = float(a.base[r]), float(b.base[r])
    elif not a.unit and not b.unit or a.unit == b.unit:
        va, vb = float(a.num[r]), float(b.num[r])
    else:
        return None
    if math.isnan(va) or math.isnan(vb) or va == vb:
        return None
    holds = va > vb if direction == "higher" else va < vb
    return Finding(holds, (r,), f"{a.name} of {ctx.row_name(r)} is {a.raw[r]}, {b.name} "
                                f"{b.raw[r]}; the text says {cue.text} {a.name} than {b.name}",
                   cells=((r, a.index), (r, b.index)),
                   reason=Reason.COMPARISON_HOLDS if holds else Reason.COMPARISON_FALSE)

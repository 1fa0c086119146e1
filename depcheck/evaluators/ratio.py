"""Ratios and differences between two rows: "twice as heavy as the Vega", "half the price of
the Vega", "more than three times the Vega's 3 days" (``ratio``), "$35 more than the Vega",
"12 minutes longer than the Vega" (``difference``); frames of rules/frames/ratios.yaml.

Both read one numeric column for the two rows (the subject's, or the row the claim is
about, and the comparand's).  A ratio's factor is the lexicon's (``ratio_factors``) or the
number beside "times"; the words before it bound it ("more than twice", lexicon
``bound_cues_lower`` / ``_upper``) or hedge it ("nearly twice", ``approximate_cues``).  A
bare factor holds within ``TOLERANCE`` of the cells' ratio and fails beyond
``REFUTE_BEYOND``; in between the claim is left undecided (copy rounds: "twice as long" of
35 against 72 hours).  A difference's figure is compared with the two cells' difference as
a figure is with a cell, and its comparative's direction with the cells' order.  The
other row's figure, when the text gives it ("the Vega's 20 W"), must be its cell.
"""

from __future__ import annotations

import numpy as np

from ..compiled import clock_written
from ..reasons import Reason
from ..rules.paths import clause_head, doc_view
from ..values import UNIT_DIMENSION, UNIT_OF, Quantity, parse_number, same_family, to_base
from . import Finding, register
from .columns import own_column
from .context import FrameContext, equal_mask, plain_cells, reads_figure, scaled
from .level import comparison_attribute, direction_of, inversely_graded

_TIME = UNIT_DIMENSION.get("s")  # the dimension of lengths of time

TOLERANCE = 0.10  # a bare factor holds within 10% of the cells' ratio
REFUTE_BEYOND = 0.25  # and fails beyond 25% of it
HEDGE_TOLERANCE = 0.15  # "about twice", "nearly three times"
HEDGE_REFUTE_BEYOND = 0.35
# a hedged difference ("almost £80 more"): within 5% of the cells' gap it holds, beyond 15%
# it fails; a factor's hedge is looser, as "about twice" is
GAP_HEDGE = (0.05, 0.15)


def _one_row(rows) -> int | None:
    return rows[0] if rows and len(rows) == 1 else None


def _sides(match, ctx: FrameContext, anchor: int) -> tuple[int, int] | None:
    """(this row, the other row): the clause's subject or the row the claim is about, and
    the comparand; without one ("the Willow costs $330 more"), the one other row the
    statement names."""
    comparand = match.slots.get("comparand")
    if not comparand:
        this = _this_row(ctx, anchor, None)
        other = _other_named_row(ctx, this) if this is not None else None
        return (this, other) if other is not None else None
    other = _one_row(ctx.comparand_rows(comparand[0]))
    subject = match.slots.get("subject")
    view = doc_view(ctx.doc)
    if subject and clause_head(view, subject[0]) != clause_head(view, anchor):
        # the subject of another clause than the ratio's ("X is the only desk without a
        # motor, and *it* costs less than half as much as Y"): the ratio's own clause's
        # match says it
        return None
    this = _one_row(ctx.rows_named(subject[0])) if subject else None
    for tok in (ctx.doc[anchor], *ctx.doc[anchor].ancestors):
        if this is not None:
            break
        subjects = [c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass")]
        this = _one_row(ctx.rows_named(subjects[0].i)) if subjects else None
        if this is None or this == other:  # "half the price *of the Vega*": the other row's
            this = _one_row(ctx.row_of(tok.i))
        if this == other:
            this = None
    if this is None or other is None or this == other:
        return None
    return this, other


def _this_row(ctx: FrameContext, anchor: int, other: int | None) -> int | None:
    """The row of the claim's clause: its subject's, or the row the claim is about."""
    for tok in (ctx.doc[anchor], *ctx.doc[anchor].ancestors):
        subjects = [c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass")]
        this = _one_row(ctx.rows_named(subjects[0].i)) if subjects else None
        if this is None or this == other:
            this = _one_row(ctx.row_of(tok.i))
        if this is not None and this != other:
            return this
    return None


def _other_named_row(ctx: FrameContext, this: int) -> int | None:
    """The one row besides ``this`` that the statement names ("the Harbor costs $1,150, but
    the Willow costs $330 more": the Harbor), or None when it names none or several."""
    rows = set()
    for tok in ctx.doc:
        if tok.pos_ == "PROPN" and tok.dep_ != "compound":
            found = _one_row(ctx.rows_named(tok.i))
            if found is not None:
                rows.add(found)
    rows.discard(this)
    return rows.pop() if len(rows) == 1 else None


def _factor(ctx: FrameContext, cue) -> tuple[float, object] | None:
    """The factor a ratio word states and the token the words bounding it precede:
    "twice" (2, twice), "three times" (3, three); None for a fraction of one unit ("half a
    minute quicker": the gap, an amount)."""
    factors = ctx.lexicon.ratio_factors
    if cue.lower_ in factors:
        doc = ctx.doc
        if cue.i + 2 < len(doc) and doc[cue.i + 1].lower_ in ctx.lexicon.fraction_articles \
                and doc[cue.i + 2].lower_ in UNIT_OF:
            return None  # "*half a minute* quicker": an amount of a unit, the gap, no ratio
        return float(factors[cue.lower_]), cue
    numbers = ([cue.head] if cue.head.like_num else []) + [c for c in cue.children
                                                           if c.like_num]
    for tok in numbers:
        value = parse_number(tok.lower_)
        if value is not None and value > 0:
            return float(value), min(tok, cue, key=lambda t: t.i)
    return None


def _hedge(ctx: FrameContext, tok) -> str:
    """What the words right before ``tok`` make of its figure: ">" / ">=" ("more than",
    "at least"), "<" / "<=" ("less than"), "~" ("nearly", "about") or "=" (none)."""
    doc = ctx.doc
    at = tok.i
    while at > tok.sent.start and doc[at - 1].pos_ == "SYM":
        at -= 1  # the sign written before the figure: "almost *£*80"
    for n in (3, 2, 1):
        if at - n < tok.sent.start:
            continue
        phrase = " ".join(t.lower_ for t in doc[at - n:at])
        inclusive = phrase in ctx.group("bound_cues_inclusive")
        if phrase in ctx.group("bound_cues_lower"):
            return ">=" if inclusive else ">"
        if phrase in ctx.group("bound_cues_upper"):
            return "<=" if inclusive else "<"
        if n == 1 and phrase in ctx.lexicon.approximate_cues:
            return "~"
    return "="


def _decide(op: str, found: float, claimed: float,
            hedge: tuple[float, float] = (HEDGE_TOLERANCE, HEDGE_REFUTE_BEYOND)) -> bool | None:
    """Whether ``found`` is what ``op`` and ``claimed`` say; None when too close to tell.
    ``hedge``: the share off the claim within which "~" holds, and beyond which it fails."""
    if op in (">", ">="):
        return found > claimed or op == ">=" and np.isclose(found, claimed)
    if op in ("<", "<="):
        return found < claimed or op == "<=" and np.isclose(found, claimed)
    near, far = hedge if op == "~" \
        else (TOLERANCE, REFUTE_BEYOND)
    off = abs(found - claimed) / claimed
    return True if off <= near else False if off > far else None


def _figure_of(ctx: FrameContext, i: int):
    """(number token, figure) of the slot token ``i`` ("20 W", "kg" of "0.3 kg"); of a
    fraction of one unit of time, its first word and the amount ("minute" of "*half a*
    minute": 0.5 min)."""
    n = ctx.number_in(i)
    q = ctx.quantity_at(n) if n is not None else None
    if n is None:
        found = ctx.linker.quantity(ctx.doc, ctx.doc[i].left_edge.i, i + 1)
        if found is not None and found[2] == i + 1 and found[1] < i \
                and ctx.doc[found[1]].lower_ in ctx.lexicon.ratio_factors:
            n, q = found[1], found[0]
    return (n, q) if q is not None else None


def _column(ctx: FrameContext, match, cue, other: int):
    """The numeric column compared: the one the other row's figure is in ("the Vega's
    20 W"; a figure without a unit, "the Vault A80's 80", in the one column whose cell of
    the other row holds it), else the one the comparison's words name ("as *long* as",
    "half the *price*", "*costs* twice as much")."""
    theirs = match.slots.get("comparand_value")
    if theirs:
        found = _figure_of(ctx, theirs[0])
        if found is not None:
            col = ctx.column_for(found[1], found[0])
            if col is None and found[1].unit is None:
                held = [c for c in ctx.numeric_columns() if reads_figure(c, found[1], other)]
                col = held[0] if len(held) == 1 else None
            return col, found
    comparand = ctx.doc[match.slots["comparand"][0]]
    said = comparand.head.head if comparand.head.dep_ == "prep" else cue
    for tok in (said, cue):
        attr = comparison_attribute(ctx, tok)
        if attr is not None and attr[0].kind == "number" \
                and attr[1].method != "lexicon-inverse":
            return attr[0], None
    # the verb the ratio's phrase is the object of, by its own words or the lexicon's
    # verb_attributes ("*costs* less than half as much as the Vega": Price), when the
    # words above named a column of no figures ("the only *desk*, and it costs ...")
    verb = next((t for t in cue.ancestors if t.pos_ in ("VERB", "AUX")), None)
    if verb is not None:
        numeric = [c for c in ctx.named_columns(verb.i, climb=False) if c.kind == "number"]
        if numeric:
            return numeric[0], None
    return None, None


@register("ratio")
def ratio(match, ctx: FrameContext) -> Finding | None:
    """Is the ratio of the two rows' cells the factor the text states?"""
    cue = ctx.doc[match.slots["cue"][0]]
    factor = _factor(ctx, cue)
    sides = _sides(match, ctx, cue.i)
    if factor is not None and sides is None:
        return _own_ratio(match, ctx, cue, factor)
    if factor is None or sides is None:
        return None
    this, other = sides
    col, theirs = _column(ctx, match, cue, other)
    if col is None or not (plain_cells(col)[this] and plain_cells(col)[other]):
        return None
    a, b = float(col.num[this]), float(col.num[other])
    if np.isnan(a) or np.isnan(b) or b <= 0:
        return None
    names = ctx.row_name(this), ctx.row_name(other)
    read = ((this, col.index), (other, col.index))
    cells = f"{col.name} of {names[0]} is {col.raw[this]}, of {names[1]} {col.raw[other]}"
    if theirs is not None and not reads_figure(col, theirs[1], other):
        return Finding(False, (this, other), f"{cells}; the text gives {names[1]} {theirs[1]}",
                       cells=read, reason=Reason.NUMBER_DIFFERS)
    return _factor_finding(ctx, factor, a / b, (this, other), cells, read)


_SAYS = {"=": "", "~": "about ", ">": "more than ", ">=": "at least ", "<": "less than ",
         "<=": "at most "}


def _factor_finding(ctx: FrameContext, factor, found: float, rows, cells: str,
                    read) -> Finding | None:
    """The cells' ratio ``found`` against the stated factor, bounded or hedged by the words
    before it; None when too close to tell."""
    value, bounded = factor
    op = _hedge(ctx, bounded)
    holds = _decide(op, found, value)
    if holds is None:
        return None
    return Finding(holds, rows,
                   f"{cells}: {found:.2f} times; the text says {_SAYS[op]}{value:g} times",
                   cells=read,
                   reason=Reason.COMPARISON_HOLDS if holds else Reason.COMPARISON_FALSE)


def _own_ratio(match, ctx: FrameContext, cue, factor) -> Finding | None:
    """ "earned more than three times its budget": the ratio of two columns of one row,
    the comparand a possessive pronoun of the row; the first column is the one the verb
    names (verb_attributes: earn -> Box office) or the one other numeric column a noun of
    the clause names ("at the box office")."""
    comparand, theirs = match.slots.get("comparand", ()), match.slots.get("comparand_value", ())
    if len(comparand) != 1 or len(theirs) != 1 or ctx.doc[comparand[0]].pos_ != "PRON":
        return None
    b = own_column(ctx, theirs[0], -1)
    verb = next((t for t in (cue, *cue.ancestors) if t.pos_ == "VERB"), None)
    this = _this_row(ctx, cue.i, None)
    if b is None or verb is None or this is None:
        return None
    hints = ctx.verb_attributes.get(verb.lemma_.lower())
    found = ctx.linker.column_by_hint(hints) if hints else None
    a = found[0] if found is not None and found[0].kind == "number" else None
    if a is None or a.index == b.index:
        named = {}  # the numeric columns the clause's other nouns name
        for t in verb.subtree:
            c = own_column(ctx, t.i, -1) if t.pos_ in ("NOUN", "PROPN") and t.i != theirs[0] \
                else None
            if c is not None and c.index != b.index:
                named[c.index] = c
        a = next(iter(named.values())) if len(named) == 1 else None
    if a is None:
        return None
    va, vb = float(a.num[this]), float(b.num[this])
    if np.isnan(va) or np.isnan(vb) or vb <= 0 or a.unit != b.unit:
        return None
    return _factor_finding(ctx, factor, va / vb, (this,),
                           f"{a.name} of {ctx.row_name(this)} is {a.raw[this]}, {b.name} "
                           f"{b.raw[this]}", ((this, a.index), (this, b.index)))


@register("difference")
def difference(match, ctx: FrameContext) -> Finding | None:
    """Is the difference of the two rows' cells the figure the text states, in the
    direction its comparative says?"""
    cue = ctx.doc[match.slots["cue"][0]]
    found = _figure_of(ctx, match.slots["value"][0])
    sides = _sides(match, ctx, cue.i)
    direction = direction_of(ctx, cue)
    if found is None or sides is None or direction is None:
        return None
    n, q = found
    this, other = sides
    col = ctx.column_for(q, n)
    spec = ctx.lexicon.comparatives.get(cue.lemma_.lower())
    if col is not None and inversely_graded(spec, col):
        # "50 minutes *faster*" of a Crossing time: the faster row has the lower time
        direction = "lower" if direction == "higher" else "higher"
    if col is None:
        attr = comparison_attribute(ctx, cue)
        if attr is None or attr[0].kind != "number":
            return None
        col = attr[0]
        if q.unit and not (col.unit and same_family(col.unit, q.unit)) \
                and not (clock_written(col) and UNIT_DIMENSION.get(q.unit or "") == _TIME):
            return None  # "45 minutes ahead" is no gap of a column the word grades in
            # another measure (Dogs at finish)
        if attr[1].method == "lexicon-inverse":
            direction = "lower" if direction == "higher" else "higher"
    if col.unit is None and clock_written(col) and UNIT_DIMENSION.get(q.unit or "") == _TIME:
        q = Quantity(to_base(q) / to_base(Quantity(1.0, "min")), "min")  # "30 seconds"
        # of clock cells ("1:53:16"), which read in minutes
    s = scaled(col, q)
    if s is None or not (plain_cells(col)[this] and plain_cells(col)[other]):
        return None
    values, claimed, same_unit = s
    gap = float(values[this] - values[other])
    if np.isnan(gap):
        return None
    if cue.lower_ in ctx.lexicon.gap_adverbs and plain_cells(col).any():
        read_values = values[plain_cells(col) & ~np.isnan(values)]
        if read_values.size and abs(claimed) > float(read_values.max() - read_values.min()):
            return None  # "0.55 seconds ahead" against a Reaction (s) spread over 0.07:
            # a gap no two rows of the column have, so of another measure
    names = ctx.row_name(this), ctx.row_name(other)
    read = ((this, col.index), (other, col.index))
    cells = f"{col.name} of {names[0]} is {col.raw[this]}, of {names[1]} {col.raw[other]}"
    if (gap > 0) != (direction == "higher") or gap == 0:
        return Finding(False, (this, other), f"{cells}; the text says {cue.text}",
                       cells=read, reason=Reason.COMPARISON_FALSE)
    op = _hedge(ctx, ctx.doc[n])
    if op == "=":
        holds = bool(equal_mask(np.array([abs(gap)]), claimed, same_unit)[0])
    else:
        holds = _decide(op, abs(gap), claimed, GAP_HEDGE)
        if holds is None:
            return None
    return Finding(holds, (this, other),
                   f"{cells}: a difference of {abs(gap):g}; the text says {q} {cue.text}",
                   cells=read,
                   reason=Reason.COMPARISON_HOLDS if holds else Reason.NUMBER_DIFFERS)

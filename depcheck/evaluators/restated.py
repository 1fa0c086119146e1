"""A figure said again in another unit: "weighs 24 kg (53 lb)", "rises to 2,185 metres
(7,169 ft)", "stretching 4.88 m, about 16 feet" (frames of rules/frames/conversions.yaml,
evaluator ``restated``).

The frame binds the first figure's number (``comparand_value``) and the second's
(``value``).  The two are one claim only when nothing but punctuation, the lexicon's
``approximate_cues`` and its ``restatement_joiners`` stands between them, and their units
are of one dimension with a factor between them (lengths, masses, areas...; not money, whose
rate the table does not give, nor temperatures, whose scales differ by an offset).  The
cell is the one numeric cell of the claim's row that the first figure states; both figures
are then checked against it, each to the precision it is written with ("16 ft" holds of
4.88 m, 16.01 ft; "6,600 ft" of 2,000 m, 6,562 ft), widened by the precision of a cell
written with decimals and to 10% after an approximate cue ("about 16 feet").  A first
figure that states no cell of its row, or several, leaves the claim to the other checks.
"""

from __future__ import annotations

import math

import regex

from ..reasons import Reason
from ..rules.paths import doc_view
from ..values import Quantity, parse_quantity, same_family, to_base
from . import Finding, register
from .context import FrameContext

EVALUATOR = "restated"
_NUMBER = regex.compile(r"\d[\d,]*(?:\.(\d+))?")
# how near the figure after an approximate cue must be ("about 16 feet"), as a share
_APPROXIMATE = 0.10


def _precision(text: str, zeros: bool = False) -> float:
    """Half a unit of the last digit a figure is written with: "4.88" 0.005, "16" 0.5; with
    ``zeros``, "6,600" 50 (a figure said again in another unit is rounded to its zeros)."""
    m = _NUMBER.search(text)
    if m is None:
        return 0.5
    if m[1]:
        return 0.5 * 10.0 ** -len(m[1])
    if not zeros:
        return 0.5
    digits = m[0].replace(",", "")
    trailing = len(digits) - len(digits.rstrip("0"))
    return 0.5 * 10.0 ** min(trailing, len(digits) - 1)


def _joined(ctx: FrameContext, first_end: int, second_start: int) -> list[int] | None:
    """The tokens between the two figures when each is punctuation, an approximate cue or
    a restatement joiner ("(", ", about", ", or roughly"); None otherwise."""
    view = doc_view(ctx.doc)
    approximate = ctx.lexicon.approximate_cues
    joiners = ctx.lexicon.restatement_joiners
    between = list(range(first_end, second_start))
    if not between or any(not (view.is_punct[i] or view.lower[i] in approximate
                               or view.lower[i] in joiners) for i in between):
        return None
    return between


def _figure_end(ctx: FrameContext, i: int) -> int:
    """The token after the number ``i`` and its unit noun ("24 kg" -> after "kg")."""
    head = doc_view(ctx.doc).head[i]
    return head + 1 if head > i else i + 1


def _approximate(ctx: FrameContext, i: int) -> bool:
    view = doc_view(ctx.doc)
    approximate = ctx.lexicon.approximate_cues
    return any(view.lower[c] in approximate for c in view.children[i]) or (
        i > 0 and view.lower[i - 1] in approximate)


def _within(q: Quantity, said: str, cell_base: float, cell_slack: float, approx: bool,
            zeros: bool = False) -> bool:
    """The figure ``q`` (written ``said``) states the cell's amount (in the base unit),
    give or take the precision of each."""
    factor = to_base(Quantity(1.0, q.unit))
    slack = _precision(said, zeros) * factor + cell_slack
    if approx:
        slack = max(slack, _APPROXIMATE * abs(cell_base))
    return abs(float(to_base(q)) - cell_base) <= slack + 1e-9 * max(1.0, abs(cell_base))


@register(EVALUATOR)
def restated(match, ctx: FrameContext) -> Finding | None:
    """Do both figures state the one cell of the row the first one names?"""
    firsts, seconds = match.slots.get("comparand_value", ()), match.slots.get("value", ())
    if len(firsts) != 1 or len(seconds) != 1:
        return None
    a, b = firsts[0], seconds[0]
    qa, qb = ctx.quantity_at(a), ctx.quantity_at(b)
    if qa is None or qb is None or not qa.unit or not qb.unit or qa.unit == qb.unit \
            or not same_family(qa.unit, qb.unit):
        return None
    view = doc_view(ctx.doc)
    start_b = min(b, *(c for c in view.children[b] if c < b)) if view.children[b] else b
    between = _joined(ctx, _figure_end(ctx, a), start_b)
    if between is None:
        return None
    rows = ctx.row_of(a)
    if not rows or len(rows) != 1:
        return None
    r = rows[0]
    text, starts, ends = view.text_offsets
    said_a, said_b = text[starts[a]:ends[a]], text[starts[b]:ends[b]]
    approx_a, approx_b = _approximate(ctx, a), _approximate(ctx, b)
    stated = []
    for col in ctx.numeric_columns():
        if not same_family(col.unit, qa.unit):
            continue
        base = float(col.base[r])
        if math.isnan(base) or parse_quantity(col.raw[r]) is None:
            continue  # no figure of the family, or a range ("1,450-1,900 m")
        # a cell written with decimals is as precise as they are ("4.9 m": 4.85 to 4.95
        # m); a whole figure ("2 km") is taken as exact
        written = _NUMBER.search(col.raw[r])
        cell_slack = _precision(col.raw[r]) * to_base(Quantity(1.0, col.unit)) \
            if written is not None and written[1] else 0.0
        if _within(qa, said_a, base, 0.0, approx_a):
            stated.append((col, base, cell_slack))
    if len(stated) != 1:
        return None
    col, base, cell_slack = stated[0]
    holds = _within(qb, said_b, base, cell_slack, approx_b, zeros=True)
    read = {*between, a, b, view.head[a], view.head[b]}
    close = _figure_end(ctx, b)
    if close < len(view.lower) and view.is_punct[close] and any(
            view.lower[i] == "(" for i in between):
        read.add(close)  # the parenthesis the second figure closes
    tokens = tuple(sorted(read))
    return Finding(holds, (r,),
                   f"{col.name} of {ctx.row_name(r)} is {col.raw[r]}; the text says {qa} "
                   f"and {'about ' if approx_b else ''}{qb}",
                   cells=((r, col.index),),
                   reason=Reason.VALUE_MATCHES if holds else Reason.NUMBER_DIFFERS,
                   tokens=tokens)

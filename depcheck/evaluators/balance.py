"""Profit and loss: "the film turned a profit", "it was a box office flop", "was
unprofitable", against the row's takings and its cost.

The frames (rules/frames/comparisons.yaml, ``balance-*``) bind a word of gain or loss
(``cue``: the lexicon's ``balance_gain_words`` / ``balance_loss_words``). The row's takings
are its first column of ``balance_income_columns`` (Box office, Gross, Revenue) and its cost
its first of ``balance_cost_columns`` (Budget, Expenses), both by their own names and both
holding a figure: a gain holds when the takings exceed the cost, a loss when they fall
short. A negated predicate ("did not make a profit") turns the finding (frame_check).
"""

from __future__ import annotations

import math

from ..compiled import Column
from ..reasons import Reason
from ..values import parse_quantity
from . import Finding, register
from .attribute import column_called
from .context import FrameContext


def _figure_column(ctx: FrameContext, names, r: int) -> Column | None:
    for name in names:
        col = column_called(ctx.linker, name, ctx.table.key)
        if col is not None and not math.isnan(float(col.num[r])):
            return col
    return None


@register("balance")
def balance(match, ctx: FrameContext) -> Finding | None:
    """Did the row take in more than it cost (a gain word) or less (a loss word)?  None
    when the row has no takings or no cost with a figure, or their units differ."""
    cues = match.slots.get("cue", ())
    if len(cues) != 1:
        return None
    cue = ctx.doc[cues[0]]
    if cue.i >= 2 and ctx.doc[cue.i - 1].text == "-" and not ctx.doc[cue.i - 2].whitespace_:
        return None  # "a non-profit", "a not-for-profit": a kind of organization
    word = cue.lemma_.lower()
    gain = word in ctx.group("balance_gain_words") or cue.lower_ in ctx.group(
        "balance_gain_words")
    if not gain and word not in ctx.group("balance_loss_words") and cue.lower_ not in \
            ctx.group("balance_loss_words"):
        return None
    rows = ctx.row_of(cues[0])
    if not rows or len(rows) != 1:
        return None
    r = rows[0]
    income = _figure_column(ctx, ctx.lexicon.balance_income_columns, r)
    cost = _figure_column(ctx, ctx.lexicon.balance_cost_columns, r)
    if income is None or cost is None or income.index == cost.index:
        return None
    # two amounts in one currency, each read whole ("$2-4 million" is not one amount)
    took, spent = parse_quantity(str(income.raw[r])), parse_quantity(str(cost.raw[r]))
    if took is None or spent is None or not took.unit or took.unit != spent.unit \
            or took.value == spent.value:
        return None
    took, spent = took.value, spent.value
    holds = took > spent if gain else took < spent
    # the words of the claim: the cue, its verb ("turned a profit", "losing money"), and
    # the words naming the two columns ("at the box office")
    names = set(income.words.split()) | set(cost.words.split())
    sent = cue.sent
    read = {cue.i, *(t.i for t in (cue.head,) if t.pos_ in ("VERB", "AUX"))}
    read.update(t.i for t in sent if t.lower_ in names and t.pos_ in ("NOUN", "PROPN"))
    return Finding(holds, (r,), f"{income.name} of {ctx.row_name(r)} is {income.raw[r]}, "
                                f"{cost.name} {cost.raw[r]}; the text says {cue.text}",
                   cells=((r, income.index), (r, cost.index)),
                   reason=Reason.COMPARISON_HOLDS if holds else Reason.COMPARISON_FALSE,
                   tokens=tuple(sorted(read)))

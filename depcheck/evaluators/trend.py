"""A figure that moved the same way at every step of a series over time: "Humidity fell
every hour until 15:00" against the Humidity cells of the rows in order of their Time,
"Visitor numbers rose every year except 2016", "Sales have grown each year since 2014",
"Attendance declined each season from 2015 to 2018".

The frames (rules/frames/trends.yaml) bind the verb of change (``attribute``: the lexicon's
``trend_verbs_up`` or ``trend_verbs_down``), the step of time (``cue``: ``trend_periods``)
with its ``every`` or ``each`` (``quantifier``) and the verb's ``subject``, which names the
numeric column.  The rows are taken in order of the table's time column: the key column,
else one whose header names the step or is one of ``trend_order_headers``, every cell of
which holds one year or a clock time, no two alike.  Prepositions on the verb narrow the
stretch (``trend_range_start`` / ``_end`` / ``_between``: "since 2014", "until 15:00") or
except steps (``quantifier_exceptions``: "except 2016": the step into that row went the
other way or not at all); anything else on the verb or the step ("in each quarter *of
2018*", "*almost* every year") leaves the claim to other checks.  A step is a rise when the
later cell is larger; an unchanged figure neither rose nor fell.
"""

from __future__ import annotations

import numpy as np

from ..compiled import Column, clock_minutes, is_clock
from ..reasons import Reason
from ..values import singular
from . import Finding, register
from .context import FrameContext
from .duration import YEAR

EVALUATOR = "trend"
# the fewest steps a claim about "every" step speaks of
MIN_STEPS = 2


def _when(cell: str) -> float | None:
    """The place in time of a cell of a time column: its clock time in minutes ("15:00"),
    else its one year ("2016", a season "2015-16", "FY2018"), else None."""
    text = cell.strip()
    if is_clock(text):
        return clock_minutes(text).value
    years = YEAR.findall(text)
    one = len(set(years)) == 1
    season = len(years) == 2 and int(years[1]) == int(years[0]) + 1  # "2015-2016"
    return float(years[0]) if one or season else None


def _order(ctx: FrameContext, step: str, measured: Column) -> tuple[Column, np.ndarray] | None:
    """The column that orders the rows in time and each row's place in it, or None."""
    table = ctx.table
    headers = ctx.group("trend_order_headers") | {step}
    candidates = [table.columns[table.key]] + [
        c for c in table.columns if c.index != table.key
        and headers & set(c.words.split())]
    for col in candidates:
        if col.index == measured.index:
            continue
        # each distinct cell read once, spread over the rows
        when = [_when(str(v)) for v in col.distinct] if col.distinct else \
            [_when(str(v)) for v in col.raw]
        if None in when:
            continue
        found = np.array(when, dtype=float)
        if col.distinct:
            found = found[col.inverse]
        if len(np.unique(found)) == len(found):
            return col, found
    return None


def _operand(ctx: FrameContext, i: int, order: np.ndarray) -> float | None:
    """The place in time a preposition's object names: a year or clock time it states, or
    the time of the row it names."""
    found = _when(ctx.doc[i].text)
    if found is not None:
        return found
    rows = ctx.rows_named(i)
    return float(order[rows[0]]) if rows and len(rows) == 1 else None


def _objects(tok) -> list:
    """The objects of a preposition, with those coordinated with them ("between 2014 *and
    2018*", "except 2016 and 2018")."""
    out = []
    for c in tok.children:
        if c.dep_ == "pobj":
            out.append(c)
            out.extend(c.conjuncts)
    return out


def _stretch(ctx: FrameContext, verb, skip: set[int], order: np.ndarray):
    """(earliest, latest, excepted times, tokens read) the verb's prepositions say, or None
    when one of them is none of the trend's (or its object names no time of the table)."""
    low, high, excepted, read = -np.inf, np.inf, [], []
    preps = [c for c in verb.children if c.dep_ == "prep" and c.i not in skip]
    preps += [g for p in list(preps) for g in p.children if g.dep_ == "prep"]  # "from .. to"
    for p in preps:
        word = p.lower_
        objects = _objects(p)
        times = [_operand(ctx, o.i, order) for o in objects]
        if not objects or None in times:
            return None
        read.extend((p.i, *(o.i for o in objects)))
        if word in ctx.group("trend_range_start") and len(times) == 1:
            low = max(low, times[0])
        elif word in ctx.group("trend_range_end") and len(times) == 1:
            high = min(high, times[0])
        elif word in ctx.group("trend_range_between") and len(times) == 2:
            low, high = max(low, min(times)), min(high, max(times))
        elif word in ctx.group("quantifier_exceptions"):
            excepted.extend(times)
        else:
            return None
    return low, high, excepted, read


def _subject_column(ctx: FrameContext, subject: int) -> Column | None:
    """The numeric column the subject names by its own words ("Humidity"), or by a
    modifier of a noun of amount ("*Visitor* numbers", "*staff* count"), or None."""
    doc = ctx.doc
    for i in (subject, *(c.i for c in doc[subject].children
                          if c.dep_ in ("compound", "amod"))):
        named = [c for c in ctx.named_columns(i, climb=False)
                 if c.kind == "number" and c.index != ctx.table.key]
        if not named:  # "visitor" of a column "Visitors": the header's words, singular
            word = singular(doc[i].lower_)
            named = [c for c in ctx.numeric_columns() if singular(c.words) == word]
        if named:
            return named[0]
    return None


def _but(out: np.ndarray, rows: np.ndarray, order_col: Column) -> str:
    """", except into 2016": the steps the text excepts, by the time they lead into."""
    if not out.any():
        return ""
    return ", except into " + ", ".join(str(order_col.raw[int(rows[k + 1])])
                                        for k in np.flatnonzero(out))


@register(EVALUATOR)
def trend(match, ctx: FrameContext) -> Finding | None:
    """Did the subject's column move the verb's way at every step of the stretch said?"""
    slots = match.slots
    verbs, steps, every, subjects = (slots.get(s, ()) for s in
                                     ("attribute", "cue", "quantifier", "subject"))
    if not (len(verbs) == len(steps) == len(every) == len(subjects) == 1):
        return None
    doc = ctx.doc
    verb, step, quantifier = doc[verbs[0]], doc[steps[0]], doc[every[0]]
    lemma = verb.lemma_.lower()
    up = lemma in ctx.group("trend_verbs_up")
    if not up and lemma not in ctx.group("trend_verbs_down"):
        return None
    if any(True for _ in quantifier.children) or any(
            c.i != quantifier.i for c in step.children):
        return None  # "*almost* every year", "each quarter *of 2018*": not every step
    if any(c.dep_ in ("dobj", "attr", "acomp", "oprd") or c.like_num for c in verb.children):
        return None  # "rose 5% every year", "grew sales every year": another claim
    col = _subject_column(ctx, subjects[0])
    if col is None:
        return None
    ordered = _order(ctx, step.lemma_.lower(), col)
    if ordered is None:
        return None
    order_col, order = ordered
    holder = step.head if step.dep_ == "pobj" else None  # "fell *in* every year"
    stretch = _stretch(ctx, verb, {holder.i} if holder is not None else set(), order)
    if stretch is None:
        return None
    low, high, excepted, read = stretch
    rows = np.flatnonzero((order >= low) & (order <= high))
    rows = rows[np.argsort(order[rows], kind="stable")]
    if len(rows) < MIN_STEPS + 1 or np.isnan(col.num[rows]).any():
        return None
    times = order[rows]
    if any(not np.any(times[1:] == t) for t in excepted):
        return None  # an excepted time with no step into it in the stretch
    values = col.num[rows]
    moved = np.diff(values)
    went = moved > 0 if up else moved < 0
    out = np.isin(times[1:], excepted)
    wrong = np.flatnonzero(went == out)  # a step that went the way the text denies
    subject = ctx.phrase_span(subjects[0])
    tokens = (*range(*subject), *read, verb.i, step.i, quantifier.i)
    if holder is not None:
        tokens = (*tokens, holder.i)
    cells = tuple((int(r), c) for r in rows for c in (order_col.index, col.index))
    series = ", ".join(f"{order_col.raw[r]}: {col.raw[r]}" for r in rows)
    way = "rise" if up else "fall"
    if len(wrong):
        k = int(wrong[0])
        a, b = int(rows[k]), int(rows[k + 1])
        said = "does not" if not out[k] else "does"
        return Finding(False, tuple(int(r) for r in rows),
                       f"{col.name} from {order_col.raw[a]} ({col.raw[a]}) to "
                       f"{order_col.raw[b]} ({col.raw[b]}) {said} {way}; the text says it "
                       f"{way}s at every step{_but(out, rows, order_col)} ({series})",
                       cells=cells, tokens=tokens,
                       reason=Reason.TREND_FAILS)
    return Finding(True, tuple(int(r) for r in rows),
                   f"{col.name} {way}s at every step{_but(out, rows, order_col)} ({series})",
                   cells=cells,
                   tokens=tokens, reason=Reason.TREND_HOLDS)

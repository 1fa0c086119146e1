"""The span of several events: "recorded and released over two years", "written and
published in less than a year", from the first year of the first event's cell to the last
year of the last's.

The frame (rules/frames/dates.yaml, ``span-conjoined``) binds the coordinated verbs
(``attribute``), the preposition on the last one (``cue``: the lexicon's
``span_prepositions``) and the length of time it governs (``value``: "years", "a two-year
period"). Each verb must name a column whose cell holds a year, through the lexicon's
verb_attributes with "in" ("record in" -> Recorded) or the column's own words ("released"
-> Released); the years of all those cells make one span, measured as the duration
evaluator measures a period. "Over two years" says during (the span is that long); a bound
on the number ("in less than a year") bounds it.
"""

from __future__ import annotations

from ..compiled import Column
from ..reasons import Reason
from ..values import UNIT_OF, Quantity, norm_text, to_base
from . import Finding, evaluator, register
from .context import FrameContext
from .duration import YEAR


def _dated_column(ctx: FrameContext, verb, r: int) -> Column | None:
    """The column a verb names for its date, when its cell of row ``r`` holds a year."""
    words = list(dict.fromkeys((verb.lower_, verb.lemma_.lower())))
    preps = sorted(ctx.group("date_cues_in"))  # "record in" -> Recorded
    for key in (*(f"{w} {p}" for w in words for p in preps), *words):
        hints = ctx.verb_attributes.get(key)
        found = (ctx.linker.column_by_hint(list(hints)) if hints
                 else ctx.linker.column_named(norm_text(key)))
        if found is not None and found[0].index != ctx.table.key \
                and YEAR.search(str(found[0].raw[r])):
            return found[0]
    return None


def length_at(ctx: FrameContext, i: int) -> tuple[Quantity, int] | None:
    """The length of time token ``i`` heads ("two years", "a two-year period", "a decade",
    "half a century"), with its number's token (or ``i`` for "a decade")."""
    tok = ctx.doc[i]
    unit = UNIT_OF.get(tok.lower_)
    if unit is None:  # "a two-year period": the unit on the noun's compound
        units = [c for c in tok.children if c.dep_ in ("compound", "amod")
                 and UNIT_OF.get(c.lower_)]
        if len(units) != 1:
            return None
        tok, unit = units[0], UNIT_OF[units[0].lower_]
    number = ctx.number_in(tok.i)
    if number is None:
        article = [c for c in ctx.doc[i].children if c.lower_ in ctx.linker.articles]
        # "half a century": a share of one (the lexicon's quantifier_fractions)
        share = next((ctx.linker.fractions[c.lower_] for c in ctx.doc[i].subtree
                      if c.lower_ in ctx.linker.fractions and c.i < i), 1.0)
        return (Quantity(float(share), unit), i) if article else None
    q = ctx.quantity_at(number)
    value = q.value if q is not None else None
    if value is None:
        return None
    return Quantity(value, unit), number


@register("span")
def span(match, ctx: FrameContext) -> Finding | None:
    """Does the span the coordinated events' cells cover last as long as the text says?"""
    verbs, cues, values = (match.slots.get(s, ()) for s in ("attribute", "cue", "value"))
    if len(verbs) < 2 or len(cues) != 1 or len(values) != 1:
        return None
    rows = ctx.row_of(verbs[0])
    if not rows or len(rows) != 1:
        return None
    r = rows[0]
    cols = []
    for v in verbs:
        col = _dated_column(ctx, ctx.doc[v], r)
        if col is None:
            return None
        if all(c.index != col.index for c in cols):
            cols.append(col)
    length = length_at(ctx, values[0])
    if length is None or len(cols) < 2:
        return None
    q, number = length
    years = [int(y) for c in cols for y in YEAR.findall(str(c.raw[r]))]
    bound = ctx.bound_of(number)
    if bound is not None and cues[0] in bound.slots.get("cue", ()):
        bound = None  # "over two years": the events' preposition, during, not a bound
    cue = ctx.phrase(bound.slots.get("cue", ())) if bound is not None else ""
    op = (">=" if cue in ctx.group("bound_cues_lower") else
          "<=" if cue in ctx.group("bound_cues_upper") else "=")
    seconds = to_base(q)
    if seconds is None or min(years) == max(years) and op != "<=":
        return None
    cell = f"{min(years)}-{max(years)}"
    found = evaluator("duration")(seconds, op, cell, open_ends=frozenset(),
                                  as_of=ctx.as_of_year, row=r)
    if found is None or found.holds is None:
        return None
    named = "; ".join(f"{c.name} is {c.raw[r]}" for c in cols)
    return Finding(found.holds, (r,), f"of {ctx.row_name(r)}, {named}: together "
                                      f"{found.explanation}",
                   cells=tuple((r, c.index) for c in cols),
                   reason=Reason.DATE_HOLDS if found.holds else Reason.DATE_DIFFERS)

"""The time between two events of one row: "was extended 13 years after opening" against
Opened "1998" and Extended "2011", "underwent its major refit in 2009, 23 years after
launch" against Launched "1986", "was widened 40 years after it opened".

The frames (rules/frames/dates.yaml, ``date-gap-*``) bind the time word (``cue``: the
lexicon's ``gap_cues``, "after" or "before"), the length of time on it (``value``: "13
years"), the other event (``comparand``: a noun or a gerund after the preposition,
"opening", "launch", "its closure", or the clause the word opens, "after it opened") and
the predicate the length is said of (``attribute``: "extended", "underwent").  Each event
is dated by a year the sentence gives it ("in 2009", "decommissioned in 1951") or by the
row's column its word names (the lexicon's verb_attributes with "in", the column's words,
or a column word of the same stem: "launch" -> Launched); both dates must be years of the
claim's one row.  The gap is measured as the duration evaluator measures a period, to a
year either way (two years give no months), after the order the word says: "after" puts
the predicate's event later.
"""

from __future__ import annotations

from ..compiled import Column
from ..link import stem
from ..reasons import Reason
from ..values import norm_text, to_base
from . import Finding, evaluator, register
from .context import FrameContext
from .duration import YEAR, one_year
from .span import length_at

EVALUATOR = "gap"


def _stated_year(ctx: FrameContext, verb) -> tuple[int, tuple[int, ...]] | None:
    """The year a time preposition on the verb states ("refit *in 2009*", "decommissioned
    *in 1951*": the lexicon's date_cues_in), with its tokens."""
    preps = ctx.group("date_cues_in")
    for c in verb.children:
        if c.dep_ == "prep" and c.lower_ in preps:
            objects = [g for g in c.children if g.dep_ == "pobj"]
            if len(objects) == 1 and YEAR.fullmatch(objects[0].text):
                return int(objects[0].text), (c.i, objects[0].i)
    return None


def _event_column(ctx: FrameContext, tok, r: int) -> Column | None:
    """The column of row ``r`` that dates the event word ``tok`` with one year: through the
    lexicon's verb_attributes with "in" ("open in" -> Opened), the column the word (with
    its modifiers: "major refit") names by its words, or the one column with a word of the
    same stem ("launch" -> Launched); never a GloVe neighbour of another stem."""
    key = ctx.table.key
    words = list(dict.fromkeys((tok.lower_, tok.lemma_.lower())))
    preps = sorted(ctx.group("date_cues_in"))
    phrase = norm_text(" ".join(t.text for t in tok.subtree if t.dep_ in ("amod", "compound")
                                or t.i == tok.i))
    candidates: list[Column] = []
    for hint in (*(f"{w} {p}" for w in words for p in preps), *words):
        hints = ctx.verb_attributes.get(hint)
        found = ctx.linker.column_by_hint(list(hints)) if hints else None
        if found is not None:
            candidates.append(found[0])
    for said in dict.fromkeys((phrase, *words)):
        found = ctx.linker.column_named(said)
        if found is not None and (found[1] != "glove" or any(
                stem(w) in {stem(x) for x in found[0].words.split()} for w in words)):
            candidates.append(found[0])
    stems = {stem(w) for w in words}
    same = [c for c in ctx.table.columns
            if c.index != key and stems & {stem(x) for x in c.words.split()}]
    if len(same) == 1:
        candidates.append(same[0])
    for col in candidates:
        if col.index != key and one_year(str(col.raw[r])) is not None:
            return col
    return None


def _date(ctx: FrameContext, tok, r: int, own_year: bool):
    """(year, column or None, tokens read) of the event at ``tok``: the year the sentence
    states on it (with ``own_year``: a verb), else its column's; None when neither."""
    if own_year:
        said = _stated_year(ctx, tok)
        if said is not None:
            return said[0], None, said[1]
    col = _event_column(ctx, tok, r)
    if col is None and tok.pos_ in ("VERB", "AUX"):
        # "underwent its major *refit*": the verb's object is the event
        objects = [c for c in tok.children if c.dep_ == "dobj" and c.pos_ == "NOUN"]
        if len(objects) == 1:
            col = _event_column(ctx, objects[0], r)
            if col is not None:
                return (one_year(str(col.raw[r])), col,
                        tuple(t.i for t in objects[0].subtree))
    if col is None:
        return None
    # the noun's phrase is the event's name ("its major refit"); a verb is read alone
    read = (tok.i,) if tok.pos_ in ("VERB", "AUX") else tuple(t.i for t in tok.subtree)
    return one_year(str(col.raw[r])), col, read


def _length(ctx: FrameContext, unit) -> tuple[float, int] | None:
    """(seconds, the first number's token) of the length of time at the unit noun, with
    the lengths coordinated with it ("two years *and four months*", whichever of them the
    parse makes the head); None when a part is no period (of the lexicon's period_units)."""
    parts = [unit]
    while parts[-1].dep_ == "conj" and parts[-1].head.i != parts[-1].i:
        parts.append(parts[-1].head)
    parts.extend(t for p in list(parts) for t in p.conjuncts if t not in parts)
    total, first = 0.0, None
    for part in sorted(parts, key=lambda t: t.i):
        found = length_at(ctx, part.i)
        if found is None or found[0].unit not in ctx.lexicon.period_units:
            return None
        seconds = to_base(found[0])
        if seconds is None:
            return None
        total += seconds
        first = found[1] if first is None else first
    doc = ctx.doc
    start = min(first, *(p.i for p in parts))
    if start > 1 and doc[start - 1].dep_ == "cc" and doc[start - 2].i not in {
            p.i for p in parts} and length_at(ctx, start - 2) is not None:
        return None  # "two years and *four months*" with the parse's coordination lost:
        # a part of a length whose other part the parse hung elsewhere
    return total, first


@register(EVALUATOR)
def gap(match, ctx: FrameContext) -> Finding | None:
    """Do the row's two events lie as far apart as the text says, in the order it says?"""
    slots = match.slots
    cues, values, others, anchors = (slots.get(s, ()) for s in
                                     ("cue", "value", "comparand", "attribute"))
    if not (len(cues) == len(values) == len(others) == len(anchors) == 1):
        return None
    doc = ctx.doc
    cue, other, anchor = doc[cues[0]], doc[others[0]], doc[anchors[0]]
    if ctx.rows_named(other.i):
        return None  # "30 years after the Hollow Bridge": another row's event
    if any(c.lower_ in ctx.group("date_cues_ago") for c in doc[values[0]].children):
        return None  # "opened 21 years ago": back from the reference year, no gap
    length = _length(ctx, doc[values[0]])
    if length is None:
        return None
    rows = ctx.row_of(anchor.i)
    if not rows or len(rows) != 1:
        return None
    r = rows[0]
    later = _date(ctx, anchor, r, own_year=True)
    earlier = _date(ctx, other, r, own_year=other.pos_ in ("VERB", "AUX"))
    if later is None or earlier is None or None in (later[0], earlier[0]):
        return None
    if later[1] is not None and earlier[1] is not None and later[1].index == earlier[1].index:
        return None
    if later[1] is None and earlier[1] is None:
        return None  # two years the text states: arithmetic on its own words, no cell
    if cue.lower_ in ctx.group("date_cues_before"):
        later, earlier = earlier, later
    elif cue.lower_ not in ctx.group("date_cues_after"):
        return None
    seconds, number = length
    cells = tuple((r, c.index) for c in (later[1], earlier[1]) if c is not None)
    dated = "; ".join(f"{c.name} of {ctx.row_name(r)} is {c.raw[r]}"
                      for c in (later[1], earlier[1]) if c is not None)
    read = (*later[2], *earlier[2], number)
    if later[0] < earlier[0]:
        return Finding(False, (r,), f"{dated}: the events come in the other order than "
                       f"the text says ({earlier[0]} after {later[0]})", cells=cells,
                       tokens=read, reason=Reason.DATE_DIFFERS)
    op = ctx.linker.bound(doc, number)
    found = evaluator("duration")(seconds, op, f"{earlier[0]}-{later[0]}",
                                  open_ends=frozenset(), as_of=ctx.as_of_year, row=r)
    if found is None or found.holds is None:
        return None
    return Finding(found.holds, (r,), f"{dated}: from {earlier[0]} to {later[0]}, "
                                      f"{found.explanation}", cells=cells, tokens=read,
                   reason=Reason.DATE_HOLDS if found.holds else Reason.DATE_DIFFERS)

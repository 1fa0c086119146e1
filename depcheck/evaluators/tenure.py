"""How long a row has been, or was, in a state that began with its start date: "had been in
use for more than 55 years by 2019" against Opened "1968", "has been operating for 120
years" against Founded "1899", "served for 36 years before withdrawal in 1963" against
Built "1927" and Withdrawn "1963".

The frames (rules/frames/dates.yaml, ``tenure-*``) bind a state ("*in service*",
"*operating*": the lexicon's ``tenure_states`` and ``tenure_verbs``, the ``cue``) and the
length of time after its preposition (``value``: "for over 40 years").  The state began at
the row's start date: the first of the lexicon's ``tenure_start_columns`` the table names by
its words whose cell holds a year.  Said in the perfect ("has been"), it lasts to the year
a preposition of ``tenure_until_prepositions`` states ("by 2019"), else to the reference
year, and a row whose end (``tenure_end_columns``: Closed, Withdrawn) holds anything is no
longer in it (the claim is left to other checks).  Said in the past ("served for 36
years"), it lasts to the year of the row's end column, and without one nothing is checked.
The period is measured as the duration evaluator measures one, to a year.
"""

from __future__ import annotations

from ..compiled import Column
from ..reasons import Reason
from ..values import norm_text, parse_number, to_base
from . import Finding, evaluator, register
from .context import FrameContext
from .duration import YEAR, one_year
from .span import length_at

EVALUATOR = "tenure"


def _start_column(ctx: FrameContext, r: int) -> Column | None:
    """The first start column (lexicon order) the table names by its words whose cell of
    row ``r`` holds a year: one named exactly first ("Built"), then one that holds the words
    among others ("National monument since" holds "since", but dates one state of the row,
    not the row)."""
    key = ctx.table.key
    contained = None
    for words in ctx.group("tenure_start_columns"):
        found = ctx.linker.column_worded(norm_text(words))
        if found is not None and found[0].index != key and YEAR.search(str(found[0].raw[r])):
            if found[1] == "exact":
                return found[0]
            contained = contained or found[0]
    return contained


def _ended(ctx: FrameContext, r: int) -> Column | None:
    """An end column the table names whose cell of row ``r`` states anything but an
    absence: the state is over."""
    key = ctx.table.key
    absent = ctx.lexicon.empty_cells | ctx.lexicon.false_words | ctx.lexicon.absent_cells
    for words in ctx.group("tenure_end_columns"):
        found = ctx.linker.column_worded(norm_text(words))
        if found is None or found[0].index == key:
            continue
        cell = norm_text(str(found[0].raw[r]))
        if cell and cell not in absent:
            return found[0]
    return None


def _predicate(cue):
    """The predicate of the state: the verb of "been *in* service" or of "been *open*", or
    the cue itself ("operating")."""
    return cue.head.head if cue.dep_ == "pobj" else cue.head if cue.dep_ in ("acomp", "attr") \
        else cue


def _state_column(ctx: FrameContext, match, r: int) -> tuple[Column, tuple[int, ...]] | None:
    """The column of row ``r`` that dates the start of the state itself, with the tokens
    that name it: a noun of the state ("has been *a national monument* for ...", "in
    *service*") or the object of a place the predicate is at ("has stood *at its riverside
    site* for ...") whose words name a column holding one year ("National monument since",
    "At current site since"); None when no such column is named."""
    doc = ctx.doc
    cue, value = doc[match.slots["cue"][0]], doc[match.slots["value"][0]]
    predicate = _predicate(cue)
    nouns = [(cue, (cue.i,))] if cue.pos_ == "NOUN" else []
    nouns += [(o, tuple(t.i for t in c.subtree)) for c in predicate.children
              if c.dep_ == "prep" and c.i != value.head.i and c.i != cue.head.i
              for o in c.children if o.dep_ == "pobj" and o.pos_ == "NOUN"]
    key = ctx.table.key
    for noun, read in nouns:
        words = [*(c for c in noun.children if c.dep_ in ("amod", "compound") and c.i < noun.i),
                 noun]
        for phrase in dict.fromkeys((norm_text(" ".join(t.text for t in words)),
                                     norm_text(noun.lemma_), norm_text(noun.text))):
            found = ctx.linker.column_named(phrase)
            if found is None or found[1] == "glove" or found[0].index == key:
                continue
            if one_year(str(found[0].raw[r])) is not None:
                return found[0], (*read, *(t.i for t in words))
        # the state as the row's value, its cell dating it: "national monument (since
        # 1970)" of Heritage status (every word of the phrase a word of the cell)
        said = set(norm_text(" ".join(t.text for t in words)).split())
        for col in ctx.table.columns:
            cell = str(col.raw[r])
            if col.index != key and said <= set(norm_text(cell).split()) \
                    and one_year(cell) is not None:
                return col, (*read, *(t.i for t in words))
    return None


def _end_year(ctx: FrameContext, col: Column, r: int) -> int | None:
    """The last year the end column's cell of row ``r`` holds, if any."""
    years = [int(y) for y in YEAR.findall(str(col.raw[r]))]
    return max(years) if years else None


def _perfect(ctx: FrameContext, predicate) -> bool:
    """The predicate is said in the perfect ("has been", "had been operating": the lexicon's
    perfect_auxiliaries)."""
    return any(c.dep_ == "aux" and c.lemma_.lower() in ctx.lexicon.perfect_auxiliaries
               for c in predicate.children)


def _end_said(ctx: FrameContext, match) -> tuple[int, tuple[int, ...]] | None:
    """The year the text gives the row's end ("before withdrawal *in 1963*"), on the state,
    its predicate or its length of time, with the words of that phrase; None when it gives
    none."""
    ends = ctx.group("tenure_end_nouns")
    cue, value = (ctx.doc[match.slots[s][0]] for s in ("cue", "value"))
    predicate = _predicate(cue)
    for prep in (c for t in {cue, predicate, value} for c in t.children if c.dep_ == "prep"):
        for noun in prep.children:
            if noun.dep_ != "pobj" or noun.lemma_.lower() not in ends:
                continue
            words = tuple(t.i for t in prep.subtree)
            years = [int(t.text) for t in noun.subtree if t.like_num and YEAR.fullmatch(t.text)]
            return (years[0], words) if len(years) == 1 else None
    return None


def _until(match, ctx: FrameContext) -> tuple[int, tuple[int, int]] | None:
    """The year a preposition of the state or of its predicate ends the period at ("*by
    2019*"), with the tokens of the preposition and the year; None when none does."""
    doc = ctx.doc
    preps = ctx.group("tenure_until_prepositions")
    cue = doc[match.slots["cue"][0]]
    # the cue, and the words up to the first verb above it (the predicate: "been")
    near = [cue]
    while near[-1].pos_ not in ("VERB", "AUX") and near[-1].head.i != near[-1].i:
        near.append(near[-1].head)
    for tok in near:
        for prep in tok.children:
            if prep.dep_ != "prep" or prep.lower_ not in preps:
                continue
            for obj in prep.children:
                year = parse_number(obj.text) if obj.dep_ == "pobj" and obj.like_num else None
                if year is not None and YEAR.fullmatch(obj.text):
                    return int(year), (prep.i, obj.i)
    return None


def _plain_state(match, ctx: FrameContext, until, state=()) -> bool:
    """The state is the row's own and nothing more: no object ("has *run the hut* for a
    decade": the subject's tenure of it), no phrase that makes it another state ("running
    *without keepers*", "in use *as a museum*") beside the state's own preposition, the
    length's and the end year's, and a subject that is no other thing named ("*Warden
    Anna Rütli* has run ...")."""
    doc = ctx.doc
    cue = doc[match.slots["cue"][0]]
    value = doc[match.slots["value"][0]]
    allowed = {value.head.i, cue.head.i if cue.dep_ == "pobj" else cue.i, *state}
    if until is not None:  # ("by 2019": the end year the caller found)
        allowed.add(until[1][0])
    predicate = _predicate(cue)
    if ctx.planned(predicate.i):
        return False  # "will have been in service for 50 years by 2030"
    ends = ctx.group("tenure_end_nouns")
    kind = ctx.table.caption_words()
    for tok in {cue, predicate}:
        for c in tok.children:
            if c.i in allowed:
                continue
            if c.dep_ == "prep" and any(o.dep_ == "pobj" and o.lemma_.lower() in ends
                                        for o in c.children):
                continue  # "before *withdrawal* in 1963": the end the row's cell dates
            if c.dep_ == "dobj" and not ctx.rows_named(c.i) and c.lemma_.lower() not in kind \
                    and c.lower_ not in kind:
                continue  # "has been making *umbrellas*": what the row does, not the row
            if c.dep_ in ("dobj", "prep", "agent", "attr", "acomp", "oprd", "xcomp", "dative"):
                return False  # ("the keepers have run *the lighthouse*": someone else's)
    subject = next((c for c in predicate.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return subject is None or subject.pos_ != "PROPN" or bool(ctx.rows_named(subject.i))


@register(EVALUATOR)
def tenure(match, ctx: FrameContext) -> Finding | None:
    """Has the row been in its state as long as the text says, from its start date?"""
    cues, values = match.slots.get("cue", ()), match.slots.get("value", ())
    if len(cues) != 1 or len(values) != 1:
        return None
    length = length_at(ctx, values[0])  # (first: "runs for 7 hours" ends here)
    if length is None or length[0].unit not in ctx.lexicon.period_units:
        return None
    stated = _until(match, ctx)  # "by 2019", found once
    q, number = length
    rows = ctx.row_of(cues[0])
    if not rows or len(rows) != 1:
        return None
    r = rows[0]
    state = _state_column(ctx, match, r)  # "a national monument": its own start
    if not _plain_state(match, ctx, stated, state[1] if state is not None else ()):
        return None
    if state is None and ctx.doc[cues[0]].dep_ == "attr":
        return None  # "has been a national monument for ...": a state no column dates
    start = state[0] if state is not None else _start_column(ctx, r)
    if start is None:
        return None
    years = sorted({int(y) for y in YEAR.findall(str(start.raw[r]))})
    if len(years) != 1:
        return None  # a range is a period of its own, which the duration checks read
    cue = ctx.doc[cues[0]]
    # (the row's end, "Decommissioned 1951", ends its operation, not a state a column of
    # its own dates: "has been a national monument")
    ended = _ended(ctx, r) if state is None else None
    read: tuple[int, ...] = ()
    cells = [(r, start.index)]
    if _perfect(ctx, _predicate(cue)):
        if ended is not None:
            return None  # "has been in service" of a row withdrawn: no longer so
        until, read = stated if stated is not None else (ctx.as_of_year, ())
        to = f"to {until}"
    else:  # "served for 36 years": the period from the start to the row's end
        until = _end_year(ctx, ended, r) if ended is not None else None
        if until is None:
            return None
        cells.append((r, ended.index))
        to = f"to {ended.name} {ended.raw[r]}"
        said = _end_said(ctx, match)
        if said is not None:  # "before withdrawal *in 1963*": the end's year said too
            year, read = said
            if year != until:
                return Finding(False, (r,), f"{ended.name} of {ctx.row_name(r)} is "
                               f"{ended.raw[r]}; the text says {year}", cells=tuple(cells),
                               tokens=read, reason=Reason.DATE_DIFFERS)
    if until < years[0]:
        return None
    # the field the row is active in, read with the verb ("carrying *passengers*": the
    # lexicon's activity_objects)
    activities = ctx.lexicon.derived("tenure.activities", lambda lx: frozenset(
        p.lower() for p in lx.activity_objects))
    if state is not None:
        read = (*read, *state[1])
    read = (*read, *(t.i for c in cue.children if c.dep_ == "dobj"
                     and " ".join(t.lower_ for t in c.subtree if t.dep_ != "det") in activities
                     for t in c.subtree))
    seconds = to_base(q)
    if seconds is None:
        return None
    first = number
    if number == values[0]:  # "over a century", "over half a century": the bound
        # before the phrase's first word (its article, or the share before it)
        first = min((c.i for c in ctx.doc[number].subtree if c.i < number and (
            c.lower_ in ctx.linker.articles or c.lower_ in ctx.linker.fractions)),
            default=number)
    op = ctx.linker.bound(ctx.doc, first)
    found = evaluator("duration")(seconds, op, f"{years[0]}-{until}", open_ends=frozenset(),
                                  as_of=until, row=r)
    if found is None or found.holds is None:
        return None
    return Finding(found.holds, (r,), f"{start.name} of {ctx.row_name(r)} is "
                                      f"{start.raw[r]}, {to}: {found.explanation}",
                   cells=tuple(cells), tokens=read,
                   reason=Reason.DATE_HOLDS if found.holds else Reason.DATE_DIFFERS)

"""Ages: how old one was at an event, or is now, against the years of the event's cell and
of the birth cell: "died in his fifties", "was 74 years old when he died", "started acting
at the age of 12", "has been active since his twenties", "is in his forties".

The frames (rules/frames/ages.yaml) bind the age (``value``: a number, or a decade of life
with its owner: "his twenties", "her 50's") and the word it hangs on (``cue``). The event
is the clause's: its verb, the verb of a "when" clause beside a copula ("was 74 years old
when he died"), or the main verb of a "when" clause holding the age ("died when he was
60"); the lexicon's ``age_events`` name the columns that date it (rules/lexicon/dates.yaml;
a period such as Years active by its first year). A copula with no event states the age at
the reference year; a year the clause states ("98 years old in 2019", "turned 98 in 2019":
the lexicon's ``age_year_prepositions`` and ``age_verbs``) or an attributive age ("the
125-year-old estate", "now ten years old": ``age_now_words``) sets the year the age is
said at, either of its two ages (a verb of turning: the one it reaches). The age is the
event's year less the birth year (a year either way, the days unknown; the one age when
both cells write the day: "3 May 1801" and "12 June 1871" make 70), or the one the event's
cell writes ("(aged 41)"). A claim decides only when the whole range falls inside
or outside what it says (at a stated year, when one of the two ages is what it says).
"""

from __future__ import annotations

import regex

from ..compiled import Column
from ..reasons import Reason
from ..values import UNIT_OF, Quantity, norm_text, parse_number, to_base
from . import Finding, register
from .context import FrameContext
from .date import month_day, origin_column
from .duration import SECONDS_PER_YEAR, YEAR

_DIGIT_DECADE = regex.compile(r"^(\d)0'?s$")
# the parts of the event's phrase the check reads ("passed away", "began her career",
# "started acting", "when he died"), not its other complements ("died of cancer")
# the complements that may name the event ("began her *career*", "started *acting*")
_EVENT_PARTS = frozenset({"prt", "dobj", "xcomp", "acomp"})
_EVENT_WORDS = _EVENT_PARTS | {"advmod", "aux", "auxpass"}


# the oldest age a person is said to be; a thing's age (a painting's, from its first date)
# may be any
_OLDEST, _OLDEST_THING = 150, 10_000


def _claimed(ctx: FrameContext, i: int, oldest: int = _OLDEST) -> tuple[int, int, str] | None:
    """(youngest, oldest, as said) of the age at token ``i``."""
    tok = ctx.doc[i]
    n = parse_number(tok.text) if tok.like_num else None
    unit = UNIT_OF.get(tok.head.lower_) if tok.dep_ == "nummod" else None
    if n is None and tok.lower_ in ctx.group("age_article_units") and ctx.lexicon is not None \
            and any(c.lower_ in ctx.lexicon.indefinite_articles for c in tok.children):
        # "a century old": one of the unit, in years
        per = to_base(Quantity(1.0, UNIT_OF.get(tok.lower_, "")))
        years = per / SECONDS_PER_YEAR if per is not None else None
        if years is None or not float(years).is_integer() or not 0 < years < oldest:
            return None
        article = next(c for c in tok.children if c.lower_ in ctx.lexicon.indefinite_articles)
        return int(years), int(years), f"{article.text} {tok.text}"
    per = to_base(Quantity(1.0, unit)) if unit is not None else None
    if n is not None and per is not None:
        # "two *centuries* old", "three decades old": the age in years
        n = n * per / SECONDS_PER_YEAR
        if not float(n).is_integer():
            return None  # "18 months old": no whole number of years
    suffix = i + 1 < len(ctx.doc) and not tok.whitespace_ \
        and ctx.doc[i + 1].lower_ in ctx.group("date_decade_suffixes")
    decade, said = ctx.lexicon.age_decade_words.get(tok.lower_), tok.text
    if n is not None and suffix and regex.fullmatch(r"[1-9]0", tok.text):
        decade, said = int(n), f"{tok.text}{ctx.doc[i + 1].text}"  # "60" + "'s"
    elif n is not None and float(n).is_integer() and 0 < n < oldest:
        return int(n), int(n), tok.text
    if decade is None:
        m = _DIGIT_DECADE.match(tok.lower_)
        if m is None:  # "50's" parsed as "50" + "'s"
            nums = [c for c in tok.children if c.dep_ == "nummod" and c.like_num]
            if not (nums and tok.lower_ in ctx.group("date_decade_suffixes")):
                return None
            m = regex.match(r"^(\d)0$", nums[0].text)
            said = f"{nums[0].text}{tok.text}"
        if m is None:
            return None
        decade = int(m[1]) * 10
    low, high = decade, decade + 9 if decade >= 20 else 19
    for which, group in enumerate(("date_part_early", "date_part_middle", "date_part_late")):
        if any(c.lower_ in ctx.group(group) for c in tok.children if c.dep_ in ("amod", "advmod")):
            low, high = low + (0, 3, 7)[which], low + (3, 6, 9)[which]
            break
    return low, high, said


def _article_bound(ctx: FrameContext, value: int) -> range:
    """The bound words right before an age said with an article ("*more than* a century
    old", "*under* a decade old"), however the parse hangs them (on "old", on the article,
    or as a preposition above it); empty for an age said with a number, or none."""
    tok = ctx.doc[value]
    if tok.like_num or tok.lower_ not in ctx.group("age_article_units"):
        return range(0)
    articles = [c.i for c in tok.children if ctx.lexicon is not None
                and c.lower_ in ctx.lexicon.indefinite_articles]
    if not articles:
        return range(0)
    start = articles[0]
    bounds = ctx.group("bound_cues_lower") | ctx.group("bound_cues_upper")
    for n in (3, 2, 1):
        if start - n >= tok.sent.start and ctx.phrase(range(start - n, start)) in bounds:
            return range(start - n, start)
    return range(0)


def _bound(ctx: FrameContext, value: int, cue: int) -> str | None:
    """The bound an age is said with: "<" ("younger than thirty years old", "under 30
    years old"), ">" ("over 300 years old", "older than 27"), "?" for a bound of another
    kind, None for a point."""
    words = [c for c in ctx.doc[value].children if c.dep_ in ("quantmod", "advmod")
             or c.tag_ in ("JJR", "RBR")]  # "younger than fifty": on the number or
    words += [c for t in {ctx.doc[cue], ctx.doc[value].head} for c in t.children
              if c.tag_ in ("JJR", "RBR")]  # on "old", or on "years"
    # the bound words right before an age said with an article ("*over* a century old":
    # no number to carry them), wherever the parse hangs them
    words += [ctx.doc[k] for k in _article_bound(ctx, value)]
    if not words:
        return None
    words = list({c.i: c for c in words}.values())
    said = {c.lower_ for c in words} | {ctx.phrase(sorted(c.i for c in words))}
    if said & (ctx.group("age_younger_words") | ctx.group("bound_cues_upper")):
        return "<"
    if said & (ctx.group("age_older_words") | ctx.group("bound_cues_lower")):
        return ">"
    return "?"


def _event(ctx: FrameContext, i: int):
    """The token of the event the age is said at, or None for the age now (a present
    copula); False when no event can be read."""
    when = ctx.group("date_cues_when")
    v = ctx.doc[i]
    while v.pos_ not in ("VERB", "AUX") and v.head.i != v.i:
        v = v.head
    if v.pos_ not in ("VERB", "AUX"):
        return False
    copula = v.lemma_.lower() in ctx.lexicon.copula_lemmas
    if any(c.lower_ in when or c.lower_ in ctx.group("date_cues_before")
           for c in v.children) and v.dep_ == "advcl":
        # "died when he was 60 years old", "passed away before they were 30 years old"
        return v.head if copula else v
    if copula:
        clause = [c for c in v.children if c.dep_ == "advcl"
                  and any(w.lower_ in when for w in c.children)]
        if clause:
            return clause[0]  # "was 74 years old when he died"
        state = [c for c in v.children if c.dep_ in ("acomp", "attr") and c.i != i
                 and not any(a.i == c.i for a in ctx.doc[i].ancestors)]
        if state:
            return state[0]  # "has been active since his twenties"
        return None if v.tag_ in ("VBZ", "VBP") else False
    return v


def _event_column(ctx: FrameContext, tok) -> Column | None:
    events = ctx.lexicon.age_events
    for t in (tok, *(c for c in tok.children if c.dep_ in _EVENT_PARTS)):
        hints = events.get(t.lemma_.lower()) or events.get(t.lower_)
        found = ctx.linker.column_by_hint(list(hints)) if hints else None
        if found is not None and found[0].index != ctx.table.key:
            return found[0]
    return None


def _written_age(ctx: FrameContext, cell: str) -> int | None:
    words = norm_text(cell).split()
    for a, b in zip(words, words[1:], strict=False):
        if a in ctx.lexicon.age_cell_words and b.isdigit():
            return int(b)
    return None


def _stated_year(ctx: FrameContext, i: int) -> tuple[int, tuple[int, int]] | None:
    """The year the clause of token ``i`` says the age at, with its words: "98 years old
    *in 2019*", "*By 2019* it was 98 years old", "turned 98 *in 2019*" (a preposition of
    the lexicon's ``age_year_prepositions`` on the clause's verb, its object four digits)."""
    v = ctx.doc[i]
    while v.pos_ not in ("VERB", "AUX") and v.head.i != v.i:
        v = v.head
    if v.pos_ not in ("VERB", "AUX"):
        return None
    for prep in v.children:
        if prep.dep_ != "prep" or prep.lower_ not in ctx.group("age_year_prepositions"):
            continue
        for obj in prep.children:
            if obj.dep_ == "pobj" and len(obj.text) == 4 and obj.text.isdigit():
                return int(obj.text), (prep.i, obj.i)
    return None


@register("age")
def age(match, ctx: FrameContext) -> Finding | None:
    """Does the age the text gives fit the years of the birth and of the event?"""
    values, cues = match.slots.get("value", ()), match.slots.get("cue", ())
    if len(values) != 1 or len(cues) != 1:
        return None
    bound = _bound(ctx, values[0], cues[0])
    if bound == "?":
        return None  # a bound of another kind
    event = _event(ctx, values[0])
    cue = ctx.doc[cues[0]]
    # "turned 98 in 2019": the age reached that year; "was 235 years old in 2019": the
    # age during that year (a copula's, with no event of its own)
    turned = cue.lemma_.lower() in ctx.group("age_verbs")
    if cue.dep_ == "amod" or any(c.lower_ in ctx.group("age_now_words") for c in cue.children):
        # "the 125-year-old estate", "now ten years old": the age during the reference
        # year, not at the event of the clause the phrase sits in
        stated = (ctx.as_of_year, ())
    else:
        stated = _stated_year(ctx, values[0]) if turned or event is None or event is False \
            else None
    if turned and stated is None:
        return None  # "turned 98": at a time the text does not give
    if stated is not None:
        event = None
    rows = ctx.row_of(values[0])
    born = ctx.linker.column_by_hint(sorted(ctx.lexicon.age_birth_columns))
    thing = born is None and event is None and rows and len(rows) == 1
    if thing:  # "over 300 years old" of a painting: its first date
        made = origin_column(ctx, rows[0])
        born = (made, "exact", 1.0) if made is not None else None
    claim = _claimed(ctx, values[0], _OLDEST_THING if thing else _OLDEST)
    if bound is None and ctx.doc[values[0]].lower_ in ctx.group("age_article_units"):
        return None  # "a century old" of 107 years: a round figure, no bound to check
    if claim is None or event is False or not rows or len(rows) != 1 or born is None:
        return None
    r = rows[0]
    birth = [int(y) for y in YEAR.findall(str(born[0].raw[r]))]
    if not birth:
        return None
    col = None
    read = {values[0], *(c.i for c in ctx.doc[values[0]].subtree),
            *_article_bound(ctx, values[0])}
    for t in (ctx.doc[values[0]], *ctx.doc[values[0]].ancestors):
        read.add(t.i)  # the words between the age and its clause: "years old", "in his"
        if t.pos_ in ("VERB", "AUX"):
            break
    if stated is not None:  # the year the text states: the age reached in it, or during it
        year = stated[0]
        low, high = (year - birth[0], year - birth[0]) if turned else (
            year - birth[0] - 1, year - birth[0])
        when = str(year)
        read.update(stated[1])
    elif event is None:  # "is in his forties": now, or as the birth cell writes it
        written = _written_age(ctx, str(born[0].raw[r]))
        low, high = ((written, written) if written is not None else
                     (ctx.as_of_year - birth[0] - 1, ctx.as_of_year - birth[0]))
        when = "now"
    else:
        col = _event_column(ctx, event)
        if col is None or col.index == born[0].index:
            return None
        cell = str(col.raw[r])
        years = [int(y) for y in YEAR.findall(cell)]
        if not years:
            return None
        written = _written_age(ctx, cell)
        first = min(years)
        low, high = (written, written) if written is not None else (
            first - birth[0] - 1, first - birth[0])
        if written is None:
            # both days known ("3 May 1801", "12 June 1871"): the one age, not two
            born_on, on = month_day(ctx, str(born[0].raw[r])), month_day(ctx, cell)
            if born_on is not None and on is not None:
                low = high = first - birth[0] - (1 if on < born_on else 0)
        when = f"{col.name} {first}"
        # the event and its words ("when he died", "began her career", "passed away")
        read.add(event.i)
        read.update(c.i for c in event.children if c.dep_ in _EVENT_WORDS)
    lo, hi, said = claim
    before = any(t.lower_ in ctx.group("date_cues_before")
                 for t in (cue, cue.head, *cue.children, *cue.head.children))
    # the bound's words: "younger" on the age word, "before" on the event's clause
    read.update(c.i for t in (cue, cue.head, ctx.doc[values[0]], ctx.doc[values[0]].head)
                for c in t.children
                if c.tag_ in ("JJR", "RBR") or c.lower_ in ctx.group("date_cues_before"))
    if before or bound == "<":  # "before age 12", "younger than 30": younger than the age
        holds = True if high < lo else False if low >= lo else None
    elif bound == ">":  # "over 300 years old": older than the age
        holds = True if low > hi else False if high <= hi else None
    elif stated is not None:  # an age some time in the year: one of its two ages will do
        holds = lo <= high and low <= hi
    else:
        holds = True if lo <= low and high <= hi else False if high < lo or low > hi else None
    if holds is None:
        return None
    sign = "< " if before or bound == "<" else "> " if bound == ">" else ""
    cells = ((r, born[0].index),) + (((r, col.index),) if col is not None else ())
    age_is = str(low) if low == high else f"{low} or {high}"
    return Finding(holds, (r,), f"{born[0].name} of {ctx.row_name(r)} is {born[0].raw[r]}; "
                                f"at {when} the age is {age_is}; the text says {sign}{said}",
                   cells=cells, reason=Reason.DATE_HOLDS if holds else Reason.DATE_DIFFERS,
                   tokens=tuple(sorted(read)))

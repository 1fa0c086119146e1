"""Dates: an event placed in time against the cell that holds its year.

"born in 1987" against "Born: August 3, 1987", "founded before 1900", "released in the
1980s", "built in the 19th century", "introduced over 20 years ago" (from the reference
year). The frame (rules/frames/dates.yaml) binds the time word (``cue``) and what it
governs (``value``); the words and their directions are the lexicon's (rules/lexicon/
dates.yaml). Years are whole and a century's edges are read both ways (the 19th century
is 1801-1900 or 1800-1899), so a claim decides only when it holds or fails across that
uncertainty. The column is the one the predicate names ("born" -> Born, "founded in" ->
Founded), never a guess among the row's dates.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from ..compiled import Column
from ..link import stem, stems
from ..parse import span_text
from ..reasons import Reason
from ..values import UNIT_OF, Quantity, norm_text, to_base
from . import Finding, register
from .attribute import column_called
from .context import FrameContext
from .duration import SECONDS_PER_YEAR, YEAR, is_open, periods_of, span_of
from .superlative import table_words

_DECADE = regex.compile(r"^(1[0-9]{2}|2[01][0-9])0s$")  # "1980s"
_HUNDREDS = regex.compile(r"^(1[0-9]|2[01])00s$")  # "1800s"
_SHORT_DECADE = regex.compile(r"[0-9]0")  # "70" of "the '70s", "the 70's"
_ORDINAL = regex.compile(r"^(\d{1,2})(\p{L}+)$")  # "19th"


@dataclass(frozen=True)
class Period:
    """The years a claim names: surely ``low..high``, possibly ``wide_low..wide_high``."""

    low: int
    high: int
    wide_low: int
    wide_high: int
    said: str
    # a date's other words ("4", "august" of "4 August 1929"): the year alone holding is
    # not enough for the whole date to
    day: tuple[str, ...] = ()
    months: tuple[int, ...] = ()  # a season's ("the fall of 1972": 9, 10, 11)


def _of_another_thing(ctx: FrameContext, verb, col) -> bool:
    """The event is another thing's than the row's own that ``col`` dates: its subject (the
    noun a participle or relative clause describes) is a part of the row ("the tower's
    *apartments*, which opened in 2004"), things counted ("*1,900 crossings* were recorded
    in 2017") or an event of the lexicon's later_event_nouns ("an *overhaul* completed in
    2016"), and no word of it names the column ("the tower's *construction* began in
    1911": Construction began)."""
    thing = None
    if verb.dep_ in ("acl", "relcl") and verb.head.i != verb.i:
        thing = verb.head
    else:
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        thing = subjects[0] if subjects else None
    if thing is None or thing.pos_ != "NOUN":
        return False
    if thing.lower_ in col.words.split() or thing.lemma_.lower() in col.words.split():
        return False
    part = any(c.dep_ == "poss" for c in thing.children) or _names_another_column(
        ctx, thing, col)
    counted = any(c.dep_ == "nummod" and c.like_num for c in thing.children)
    # a thing the sentence brings in ("the park includes *a wolf enclosure* opened in
    # 2015", "its 62 hectares hold *a glasshouse* opened in 2004", parsed as the subject of
    # a clause under the main verb): an indefinite noun as an object or as the subject of
    # an embedded or coordinated clause, not what the row is ("is *a bridge* opened in
    # 1932") nor the subject of the sentence, which may be the row
    brought_in = (thing.dep_ in ("dobj", "pobj") or thing.dep_ in ("nsubj", "nsubjpass")
                  and verb.dep_ in ("ccomp", "conj")) and any(
        c.dep_ == "det" and c.lower_ in ctx.lexicon.indefinite_articles
        for c in thing.children)
    return part or counted or brought_in \
        or thing.lemma_.lower() in ctx.group("later_event_nouns")


def _names_another_column(ctx: FrameContext, thing, col) -> bool:
    """A word before the noun names a column of the table other than ``col`` ("the *toll*
    section was introduced in 2005" of a Toll column): the noun is that part of the row,
    not the row; a word that names the rows ("the motorway") is no such part."""
    kinds = table_words(ctx)
    for word in (c for c in thing.children if c.dep_ in ("compound", "amod")
                 and c.i < thing.i):
        if word.lower_ in kinds or word.lemma_.lower() in kinds:
            continue
        named = ctx.linker.column_worded(norm_text(word.lower_))
        if named is not None and named[0].index not in (col.index, ctx.table.key):
            return True
    return False


def date_comparator(ctx: FrameContext, word: str) -> str:
    """How a time preposition places an event against a year (the lexicon's date cues):
    "<" before it, ">" after it, "^" from it on ("since"), "=" in it."""
    return ("<" if word in ctx.group("date_cues_before") else
            ">" if word in ctx.group("date_cues_after") else
            "^" if word in ctx.group("date_cues_since") else "=")


def _dates_a_possessed_event(ctx: FrameContext, noun) -> bool:
    """The time phrase hangs on a possessed noun that is the object of a preposition
    ("after *her move* to Edinburgh in 1960", "before *their split* in 1994"): it dates
    that event, which the row's date columns hold only when the noun names one of them
    ("after *her debut* in 1948" of Debut year)."""
    return noun.pos_ == "NOUN" and noun.dep_ == "pobj" \
        and any(c.dep_ == "poss" for c in noun.children) \
        and ctx.linker.column_named(norm_text(noun.lemma_)) is None


def _exact(low: int, high: int, said: str) -> Period:
    return Period(low, high, low, high, said)


@register("date")
def date(match, ctx: FrameContext) -> Finding | None:
    """Does the row's year (in the column the predicate names) fall where the claim puts
    it?  None when the claim, the row, the column or the cell cannot be read."""
    cues = match.slots.get("cue", ())
    values = match.slots.get("value", ())
    if len(cues) == 1 and len(values) == 2:
        return _range(ctx, ctx.doc[cues[0]], values[0], values[1])
    if len(cues) > 1 or len(values) != 1:
        return None
    value = values[0]
    if not cues:  # "a 19th century painting": the thing's own date in the period
        return _own_date(ctx, value)
    cue = ctx.doc[cues[0]]
    if ctx.planned(cue.head.i):
        return None  # "is scheduled to open in 2021": an event to come, not the row's date
    if _dates_a_possessed_event(ctx, cue.head):
        return None  # "written after *her move* to Edinburgh in 1960": that move's date
    word = cue.lower_
    if word in ctx.group("date_cues_ago"):
        claim = _ago(ctx, value)
    elif word in ctx.group("date_prepositions") or word in ctx.group("date_cues_when"):
        period = _period(ctx, value)
        op = date_comparator(ctx, word)
        claim = (op, period) if period is not None else None
    else:
        return None
    if claim is None:
        return None
    rows = ctx.row_of(value)
    if not rows or len(rows) != 1:
        return None
    r = rows[0]
    named, read = _column(ctx, cue, r), _first_time(ctx, cue.head)
    col = None
    if named is not None:  # the predicate that named the column is read ("first *flew*")
        col, read = named[0], (*read, named[1]) if read else ()
    edge, edge_verb = _edge_of_span(ctx, cue)
    if col is None and edge:  # "retired in 1990": the span of a career
        col = next(filter(None, (_dated_column(ctx, name, r)
                                 for name in ctx.lexicon.date_span_columns)), None)
    if col is None and (origin := _origin_event(ctx, cue)):
        col, read = origin_column(ctx, r, started=edge == _START), (*origin, *read)
    if col is None or _of_another_thing(ctx, cue.head, col):
        return None
    cell = str(col.raw[r])
    first, last = _years(ctx, cell)
    op, period = claim
    if edge and first != last:  # "started performing in the 1990s": the span's first year
        # the verb, and its object when the lexicon says it is the span's event ("began
        # her career")
        events = [c.i for c in ctx.doc[edge_verb].children if c.dep_ == "dobj"
                  and c.lemma_.lower() in ctx.lexicon.age_events]
        read = (*read, edge_verb, cue.head.i, *events)
        if edge == _START:
            op, last = ("^" if op == "=" else op), first
        elif is_open(cell, ctx.open_ends):  # "retired in the 1990s": the span is still open
            return Finding(False, (r,), f"{col.name} of {ctx.row_name(r)} is {cell}, still "
                                        f"open in {ctx.as_of_year}; the text says it ended "
                                        f"{cue.text} {period.said}", cells=((r, col.index),),
                           reason=Reason.DATE_DIFFERS, tokens=read)
        else:
            first = last
    if period.months and not period.low:  # "born in the fall": the month alone
        month = month_of(ctx, cell)
        holds = month in period.months if op == "=" and month is not None else None
        if holds is not None and _season_edge(ctx, cell, month) and (
                month in period.months or (month - 2) % 12 + 1 in period.months):
            holds = None  # "December 11": winter by the months, fall by the solstice
    elif period.months:
        holds = _season_in_span(ctx, period, cell) if op == "=" else None
        if holds is None and op == "=" and first == last:
            holds = _in_season(ctx, period, cell, first)
    else:
        holds = _holds(op, period, first, last)
    finer = holds and period.day and not set(period.day) <= set(norm_text(cell).split())
    if holds is None:
        return None
    when = str(first) if first == last else f"{first}-{last}"
    said = period.said if word in ctx.group("date_cues_ago") else f"{cue.text} {period.said}"
    if finer:  # the year holds; the day and month are not the cell's: left open, named
        return Finding(None, (r,), f"{col.name} of {ctx.row_name(r)} is {cell} ({when}); "
                                   f"it does not say the day or month of {said}",
                       cells=((r, col.index),), reason=Reason.VALUE_NOT_COMPARABLE,
                       tokens=read)
    return Finding(holds, (r,), f"{col.name} of {ctx.row_name(r)} is {cell} ({when}); the "
                                f"text says {said}",
                   cells=((r, col.index),),
                   reason=Reason.DATE_HOLDS if holds else Reason.DATE_DIFFERS, tokens=read)


def _range(ctx: FrameContext, cue, first_i: int, last_i: int) -> Finding | None:
    """ "built from 2009 to 2016", "operated between 1881 and 1934": the span of the row's
    cell (in the column the predicate names, else the first of the lexicon's
    date_origin_columns for a verb of its date_origin_verbs, else the row's only cell of a
    span of years) starts in the first period and ends in the second.  A span the
    sentence does not name (the row's only one) is not refuted by other years: they may be
    of another span of the thing."""
    if ctx.planned(cue.head.i) or _dates_a_possessed_event(ctx, cue.head):
        return None
    first_p, last_p = _period(ctx, first_i), _period(ctx, last_i)
    if first_p is None or last_p is None or first_p.months or last_p.months:
        return None
    rows = ctx.row_of(first_i)
    if not rows or len(rows) != 1:
        return None
    r = rows[0]
    named = _column(ctx, cue, r)
    col, read = (named[0], (named[1],)) if named is not None else (None, ())
    if col is None and (origin := _origin_event(ctx, cue)):
        col, read = origin_column(ctx, r), origin
    said = col is not None
    spans = [c for c in ctx.table.columns if c.index != ctx.table.key
             and span_of(str(c.raw[r]), ctx.open_ends, ctx.as_of_year) is not None] \
        if col is None else []
    if len(spans) == 1:
        col = spans[0]
        # named by a word of the sentence, up to its stem ("in *production* from 2009")
        words = stems(col.words)
        naming = [t.i for t in cue.sent if t.i != cue.i and stem(t.lower_) in words]
        said, read = bool(naming), tuple(naming)
    end = ctx.doc[last_i].head
    if end.i != first_i and end.i != cue.i:
        read = (*read, end.i)  # the end's own preposition ("until")
    if col is None or _of_another_thing(ctx, cue.head, col):
        return None
    cell = str(col.raw[r])
    span = span_of(cell, ctx.open_ends, ctx.as_of_year)
    if span is None:
        return None  # one year: no span to start and end
    first, last = span
    # a cell of several periods ("1965-1972, 1989, 1996"): the whole span or one of them
    periods = periods_of(cell, ctx.open_ends, ctx.as_of_year) or []
    holds = any(first_p.low <= a <= first_p.high and last_p.low <= b <= last_p.high
                for a, b in (span, *periods))
    if not holds and len(periods) > 1:
        return None  # which of its periods the text speaks of is not known
    words = set(norm_text(cell).split())
    if holds and not set(first_p.day + last_p.day) <= words:
        return None  # the years hold; the days and months are not the cell's
    if not holds and not said:
        return None
    text = f"{cue.text} {first_p.said} {ctx.doc[last_i].head.text} {last_p.said}" \
        if ctx.doc[last_i].dep_ == "pobj" else f"{cue.text} {first_p.said} and {last_p.said}"
    return Finding(holds, (r,), f"{col.name} of {ctx.row_name(r)} is {cell} ({first}-{last});"
                                f" the text says {text}", cells=((r, col.index),),
                   reason=Reason.DATE_HOLDS if holds else Reason.DATE_DIFFERS, tokens=read)


def _same_stem(word: str, words: str) -> bool:
    """The word is, up to its stem, one of the words."""
    return stem(word) in {stem(w) for w in words.split()}


def _years(ctx: FrameContext, cell: str) -> tuple[int, int]:
    """The first and last year of a cell that holds one: its span ("1994 - present"), else
    its first year."""
    span = span_of(cell, ctx.open_ends, ctx.as_of_year)
    if span is not None:
        return span
    year = int(YEAR.search(cell)[0])
    return year, year


def _own_date(ctx: FrameContext, i: int) -> Finding | None:
    """ "a 19th century work of art", "a 1980s album", "an 18th century Englishman": the
    period said of a thing holds its first date (the first of the lexicon's
    date_origin_columns the row has), else the life its birth and death cells span (to the
    reference year when there is no death cell)."""
    period = _period(ctx, i)
    rows = ctx.row_of(i)
    if period is None or period.months or period.day or not rows or len(rows) != 1:
        return None
    r = rows[0]
    col = origin_column(ctx, r)
    if col is not None:
        cells = ((r, col.index),)
        cell = str(col.raw[r])
        first, last = _years(ctx, cell)
        where = f"{col.name} of {ctx.row_name(r)} is {cell}"
    else:
        life = [_dated_column(ctx, name, r) for name in ctx.lexicon.date_life_columns[:2]]
        if life[0] is None:
            return None  # no birth cell: no life to place
        life = [c for c in life if c is not None]
        first = _years(ctx, str(life[0].raw[r]))[0]
        last = _years(ctx, str(life[1].raw[r]))[1] if len(life) > 1 else ctx.as_of_year
        cells = tuple((r, c.index) for c in life)
        where = " and ".join(f"{c.name} of {ctx.row_name(r)} is {c.raw[r]}" for c in life)
    holds = _holds("=", period, first, last)
    if holds is None:
        return None
    when = str(first) if first == last else f"{first}-{last}"
    return Finding(holds, (r,), f"{where} ({when}); the text says {period.said}", cells=cells,
                   reason=Reason.DATE_HOLDS if holds else Reason.DATE_DIFFERS)


def _origin_event(ctx: FrameContext, cue) -> tuple[int, ...]:
    """The word that says the time phrase dates the thing's coming to be ("made" of "first
    made after 1900", "around" of "has been around since 1911"): its predicate, one of the
    lexicon's date_origin_verbs; none when the predicate is another."""
    verb = cue.head
    if any(c.dep_ == "dobj" for c in verb.children):
        return ()  # "opened its first office in 2012": the object came to be, not the row
    said = [verb] if {verb.lower_, verb.lemma_.lower()} & ctx.group("date_origin_verbs") else []
    if verb.lemma_.lower() in ctx.lexicon.copula_lemmas:  # "has been around since"
        said = [c for c in verb.children if c.dep_ in ("advmod", "acomp")
                and c.lower_ in ctx.group("date_origin_verbs")]
    return (said[0].i,) if said else ()


_START, _END = "date_start_verbs", "date_end_verbs"


def _edge_of_span(ctx: FrameContext, cue) -> tuple[str | None, int]:
    """The edge of a span the time phrase dates: its start ("started performing in 1995",
    "began in the 1990s", a verb of the lexicon's date_start_verbs) or its end ("retired in
    2001": date_end_verbs), with the verb's token; (None, -1) for another predicate."""
    verb = cue.head
    while verb.dep_ in ("prep", "pcomp") and verb.head.i != verb.i:
        verb = verb.head  # "started over ten years ago": "ago" hangs on "over"
    for v in (verb, verb.head) if verb.dep_ == "xcomp" else (verb,):
        for group in (_START, _END):
            if v.lemma_.lower() in ctx.group(group) or v.lower_ in ctx.group(group):
                return group, v.i
    return None, -1


def _first_time(ctx: FrameContext, verb) -> tuple[int, ...]:
    """The adverbs of a first time on the predicate ("first came out in 2016", "originally
    published in 1850"): the date of the first time is the date a row's cell writes."""
    return tuple(c.i for c in verb.children if c.dep_ == "advmod"
                 and c.lower_ in ctx.group("date_origin_adverbs"))


def origin_column(ctx: FrameContext, r: int, started: bool = False) -> Column | None:
    """The first of the lexicon's date_origin_columns the table has (by its name) whose cell
    of row ``r`` holds a year; ``started``: the predicate is a start verb ("work started in
    1214"), which dates no end of the making (date_completion_columns: Completed)."""
    ends = ctx.lexicon.date_completion_columns if started else ()
    for name in ctx.lexicon.date_origin_columns:
        if name in ends:
            continue
        if (col := _dated_column(ctx, name, r)) is not None:
            return col
    return None


def _dated_column(ctx: FrameContext, name: str, r: int) -> Column | None:
    """The column called ``name`` (its exact words), when its cell of row ``r`` holds a
    year."""
    col = column_called(ctx.linker, name, ctx.table.key, exact=True)
    return col if col is not None and YEAR.search(str(col.raw[r])) else None


# a date in its ISO form ("1962-10-16"): its month and its day
ISO_DATE = regex.compile(r"(?<!\d)(?:1[0-9]{3}|2[01][0-9]{2})-(\d{2})-(\d{2})(?!\d)")


def _in_season(ctx: FrameContext, p: Period, cell: str, year: int) -> bool | None:
    """ "the fall of 1972" against a dated cell: its year, and its month among the
    season's; a winter's edge across a new year (January 1937, or December 1935, for "the
    winter of 1936") is left undecided."""
    month = month_of(ctx, cell)
    if month is None:
        return None
    if month not in p.months:
        return False
    if year == p.low:
        return True
    if 12 in p.months and (year == p.low + 1 and month < 12 or year == p.low - 1 and month == 12):
        return None  # a winter runs across a new year: "the winter of 1936" may be January 1937
    return False


def _season_in_span(ctx: FrameContext, p: Period, cell: str) -> bool | None:
    """ "recorded in the spring of 1993" against a cell that writes a span from one month
    to another ("November 1993 - April 1994"): whether any month of the season in that year
    falls within the span; a winter that misses the span only in its own year (it may run
    across the new year) is left undecided, as is a cell that writes no such span."""
    words = norm_text(cell).split()
    ends = []  # (year, month) of each month name with a year right after it
    for k, w in enumerate(words[:-1]):
        month = ctx.lexicon.months.get(w)
        if month is not None and YEAR.fullmatch(words[k + 1]):
            ends.append((int(words[k + 1]), month))
    if len(ends) != 2 or not p.low or p.low != p.high:
        return None
    start, end = (y * 12 + m - 1 for y, m in ends)
    if start > end:
        return None

    def overlaps(year: int, months) -> bool:
        return any(start <= year * 12 + m - 1 <= end for m in months)

    if overlaps(p.low, p.months):
        return True
    if 12 in p.months and (overlaps(p.low - 1, [12])
                           or overlaps(p.low + 1, [m for m in p.months if m < 12])):
        return None  # "the winter of 1993" may be December 1992, or January 1994
    return False


# a season begins by the months (the first of its months) or by the solstice or equinox
# (about the 21st of that month): a day before it belongs to either season
SEASON_EDGE_DAY = 21


def _season_edge(ctx: FrameContext, cell: str, month: int) -> bool:
    """The cell's date falls in the first weeks of a season's first month ("December 11"
    is winter by the months and fall by the solstice), or its day is not written."""
    firsts = {ctx.lexicon.months[ms[0]] for ms in ctx.lexicon.date_seasons.values() if ms}
    if month not in firsts:
        return False
    iso = ISO_DATE.search(cell)
    if iso is not None:
        return int(iso[2]) <= SEASON_EDGE_DAY
    words = norm_text(cell).split()
    for i, w in enumerate(words):
        if ctx.lexicon.months.get(w) == month:
            near = [x for x in words[max(0, i - 1):i + 2] if x.isdigit() and len(x) <= 2]
            return not near or int(near[0]) <= SEASON_EDGE_DAY
    return True


def month_of(ctx: FrameContext, cell: str) -> int | None:
    """The month of the date a cell writes: its ISO form ("1962-10-16"), else the one
    month name it holds."""
    iso = ISO_DATE.search(cell)
    if iso is not None:
        return int(iso[1])
    months = {ctx.lexicon.months[w] for w in norm_text(cell).split() if w in ctx.lexicon.months}
    return months.pop() if len(months) == 1 else None


def month_day(ctx: FrameContext, cell: str) -> tuple[int, int] | None:
    """(month, day) of the first date a cell writes in full: its ISO form ("1735-10-06"),
    or a month name (the lexicon's ``months``) with a day beside it ("6 October 1735",
    "October 6, 1735"); None when the day is not written."""
    iso = ISO_DATE.search(cell)
    if iso is not None:
        return int(iso[1]), int(iso[2])
    words = norm_text(cell).split()
    for k, w in enumerate(words):
        month = ctx.lexicon.months.get(w)
        if month is None:
            continue
        for d in (words[k - 1] if k else "", words[k + 1] if k + 1 < len(words) else ""):
            if d.isdigit() and 1 <= int(d) <= 31:
                return month, int(d)
        return None
    return None


def _holds(op: str, p: Period, first: int, last: int) -> bool | None:
    """The claim against the cell's years ``first..last`` (one year when equal)."""
    if op == "^":  # the event began in the period: the first year is in it
        return _holds("=", p, first, first)
    if op == "<":  # the event (its start) before the period begins
        return True if first < p.wide_low else False if first >= p.low else None
    if op == ">":  # the event (its end) after the period ends
        return True if last > p.wide_high else False if last <= p.high else None
    if first == last:
        if p.low <= first <= p.high:
            return True
        return False if first < p.wide_low or first > p.wide_high else None
    # a span of years ("1994 - present") is in the period when the two overlap
    if first <= p.high and last >= p.low:
        return True
    return False if last < p.wide_low or first > p.wide_high else None


def _period(ctx: FrameContext, i: int) -> Period | None:
    """The years the phrase headed by token ``i`` names: a year, a decade ("the 1980s"),
    hundreds ("the 1800s"), a century ("the 19th century"), or a date's year ("4 May
    1950"); a part word ("early", "late") keeps to a third of a decade or century."""
    tok = ctx.doc[i]
    text = tok.lower_
    suffixed = i + 1 < len(ctx.doc) and not tok.whitespace_ \
        and ctx.doc[i + 1].lower_ in ctx.group("date_decade_suffixes")
    if (YEAR.fullmatch(text) or _SHORT_DECADE.fullmatch(text)) and suffixed:
        text += "s"  # "the 1980's", "the late 70's"
    elif YEAR.fullmatch(text):
        return _exact(int(text), int(text), tok.text)
    if any(c.dep_ == "poss" for c in tok.children):
        return None  # "in his 20s": an age
    if m := _SHORT_DECADE.fullmatch(text.lstrip("'’").removesuffix("s")):
        # "the '70s": the last such decade to begin by the reference year
        year = 2000 + int(m[0]) if 2000 + int(m[0]) <= ctx.as_of_year else 1900 + int(m[0])
        text = f"{year}s"
    if (part := _part_of(ctx, tok)) is not None:
        return part
    found = None
    if m := _HUNDREDS.match(text):  # "the 1900s": its first decade, or its hundred years
        low = int(m[1]) * 100
        found = Period(low, low + 9, low, low + 99, tok.text)
    elif m := _DECADE.match(text):
        found = _exact(int(m[1]) * 10, int(m[1]) * 10 + 9, tok.text)
    elif text in ctx.group("date_century_nouns"):
        n = _ordinal(ctx, tok)
        if n is None and not any(c.dep_ in ("amod", "nummod", "compound") for c in tok.children):
            # "the turn of the century": the last one begun by the reference year
            n = (ctx.as_of_year - 1) // 100 + 1 if ctx.as_of_year > 0 else None
        if n is None:
            return None
        # the nth century is (n-1)01..n00 by the calendar and (n-1)00..(n-1)99 in use
        found = Period((n - 1) * 100 + 1, (n - 1) * 100 + 99, (n - 1) * 100, n * 100,
                       f"the {ctx.doc[i - 1].text} {tok.text}" if i else tok.text)
    else:  # a date written out: the year among its words ("4 May 1950", "May 4, 1950")
        years = [t for t in tok.subtree if YEAR.fullmatch(t.text)]
        seasons = ctx.lexicon.date_seasons
        season = [t for t in tok.subtree if t.lower_ in seasons]
        if not years and season and len(season) == 1 and (
                tok.i == season[0].i or season[0].head.i == tok.i):
            # "in the fall", "during the winter season": its months, in any year
            months = tuple(ctx.lexicon.months[m] for m in seasons[season[0].lower_])
            return Period(0, 0, 0, 0, ctx.doc[tok.left_edge.i:tok.right_edge.i + 1].text,
                          (), months)
        if len(years) == 1 and tok.i != years[0].i:
            y = int(years[0].text)
            seasons = ctx.lexicon.date_seasons
            season = [t for t in tok.subtree if t.lower_ in seasons]
            months = tuple(ctx.lexicon.months[m] for t in season[:1]
                           for m in seasons[t.lower_])
            day = tuple(t.lower_ for t in tok.subtree if t.i != years[0].i and (
                t.pos_ not in ("DET", "ADP", "PUNCT", "CCONJ")) and t not in season)
            # a word of the date the cell does not write ("mid 2016") holds nothing
            return Period(y, y, y, y, span_text(ctx.doc, tok.left_edge.i, tok.right_edge.i + 1),
                          day, months)
        return None
    return _part(ctx, tok, found)


# the lexicon groups of the nouns of a part of a period: a third, the turn, a half, a decade
_THIRDS = ("date_part_nouns_early", "date_part_nouns_middle", "date_part_nouns_late")
_TURN, _HALF = "date_part_nouns_turn", "date_half_nouns"
_PART_GROUPS = (*_THIRDS, _TURN, _HALF, "date_decade_nouns")


def _part_of(ctx: FrameContext, tok) -> Period | None:
    """ "the end of the 19th century", "the turn of the century", "the latter half of the
    1800s", "the last decade of the 18th century": the part (a noun of the lexicon's
    date_part_nouns_*, date_half_nouns or date_decade_nouns) of the period its "of" names;
    each reading's edges a year wider, as for "early" and "late"."""
    word = tok.lower_
    kind = next((g for g in _PART_GROUPS if word in ctx.group(g)), None)
    if kind is None:
        return None
    objs = [g for c in tok.children if c.dep_ == "prep" and c.lower_ in
            ctx.group("date_part_of_words") for g in c.children if g.dep_ == "pobj"]
    whole = _period(ctx, objs[0].i) if len(objs) == 1 else None
    if whole is None or whole.months or whole.day:
        return None
    said = span_text(ctx.doc, tok.left_edge.i, tok.right_edge.i + 1)
    if kind == _TURN:  # about the first year of a century: two years either way, surely
        if whole.wide_high - whole.wide_low < 99:
            return None
        c = whole.wide_low
        return Period(c - 2, c + 2, c - 10, c + 10, said)
    if kind in _THIRDS:
        which = _THIRDS.index(kind)
    else:  # "the first half", "the last decade": which end the adjective says
        mods = {c.lower_ for c in tok.children if c.dep_ in ("amod", "advmod")}
        first = bool(mods & ctx.group("date_edge_first"))
        if first == bool(mods & ctx.group("date_edge_last")):
            return None
        if kind == _HALF:
            low, high = _half(whole.low, whole.high, first)
            wide_low, wide_high = _half(whole.wide_low, whole.wide_high, first)
            return Period(low, high, wide_low - 1, wide_high + 1, said)
        if whole.wide_high - whole.wide_low < 99:
            return None
        low, high = (whole.low, whole.low + 8) if first else (whole.high - 8, whole.high)
        return Period(low, high, whole.wide_low if first else whole.wide_high - 10,
                      whole.wide_low + 10 if first else whole.wide_high, said)
    low, high = _third(whole.low, whole.high, which)
    wide_low, wide_high = _third(whole.wide_low, whole.wide_high, which)
    return Period(low, high, wide_low - 1, wide_high + 1, said)


def _half(low: int, high: int, first: bool) -> tuple[int, int]:
    middle = low + (high - low + 1) // 2
    return (low, middle - 1) if first else (middle, high)


def _ordinal(ctx: FrameContext, tok) -> int | None:
    for c in tok.children:
        m = _ORDINAL.match(c.lower_.rsplit("-", 1)[-1])  # "mid-20th": its ordinal
        if c.dep_ in ("amod", "nummod", "compound") and m and m[2] in \
                ctx.lexicon.ordinal_suffixes:
            return int(m[1])
    return None


def _part(ctx: FrameContext, tok, p: Period) -> Period:
    """ "the early 1900s": the first third of each reading; "mid", "late": the middle and
    the last, a year either side undecided."""
    words = [c for c in tok.children if c.dep_ in ("amod", "compound", "nummod")]
    # a part glued to the ordinal ("mid-20th") counts as written apart
    parts = [c.lower_.rsplit("-", 1)[0] if "-" in c.lower_ else c.lower_ for c in words]
    for which, group in enumerate(("date_part_early", "date_part_middle", "date_part_late")):
        said = [c.text for c, w in zip(words, parts, strict=True) if w in ctx.group(group)]
        if said:
            low, high = _third(p.low, p.high, which)
            wide_low, wide_high = _third(p.wide_low, p.wide_high, which)
            whole = p.said.removeprefix("the ")
            return Period(low, high, wide_low - 1, wide_high + 1,
                          whole if said[0] in whole else f"the {said[0]} {whole}")
    return p


def _third(low: int, high: int, which: int) -> tuple[int, int]:
    size = (high - low + 1) / 3
    return low + round(which * size), low + round((which + 1) * size) - 1


def _ago(ctx: FrameContext, i: int) -> tuple[str, Period] | None:
    """ "20 years ago" (the year the reference year less 20, to a year either side), "over
    20 years ago" (before it), "less than 20 years ago" (after it)."""
    unit = UNIT_OF.get(ctx.doc[i].lower_)
    number = ctx.number_in(i)
    if unit is None or number is None or ctx.as_of_year <= 0:
        return None
    q = ctx.quantity_at(number)
    if q is None:
        return None
    base = to_base(Quantity(q.value, q.unit or unit))
    if base is None:
        return None
    back = round(base / SECONDS_PER_YEAR)
    point = ctx.as_of_year - back
    said = f"{ctx.doc[number].text} {ctx.doc[i].text} ago ({point})"
    bound = ctx.bound_of(number)
    if bound is not None:
        said_bound = ctx.phrase(bound.slots.get("cue", ()))
    else:
        # "started over ten years ago", parsed with "over" as the verb's preposition or
        # particle: the bound word right before the number
        before = ctx.doc[number - 1].lower_ if number > 0 else ""
        said_bound = before if before in ctx.group("bound_cues_lower") | ctx.group(
            "bound_cues_upper") else None
    if said_bound is not None:
        # the reference year's month is not known: the year itself decides nothing
        if said_bound in ctx.group("bound_cues_lower"):  # longer ago: before that year
            return "<", Period(point + 1, point + 1, point, point + 1, f"{said_bound} {said}")
        if said_bound in ctx.group("bound_cues_upper"):  # less long ago: after it
            return ">", Period(point - 1, point - 1, point - 1, point, f"{said_bound} {said}")
        return None
    return "=", Period(point, point, point - 1, point + 1, said)


def _column(ctx: FrameContext, cue, r: int) -> tuple[Column, int] | None:
    """The column the predicate of the time phrase names ("born in" -> Born through the
    lexicon's verb_attributes, "founded" -> Founded by its name), when its cell of row
    ``r`` holds a year, with the predicate's token; the copula names none."""
    verb = cue.head  # the verb, or the adjective after a copula ("was active in 1990")
    while verb.pos_ not in ("VERB", "AUX", "ADJ") and verb.head.i != verb.i and verb.dep_ in (
            "advmod", "npadvmod", "prep", "pobj"):
        verb = verb.head
    if verb.lemma_.lower() in ctx.lexicon.copula_lemmas:  # "has been active since 1994"
        verb = next((c for c in verb.children if c.dep_ == "acomp"), verb)
    if verb.pos_ not in ("VERB", "AUX", "ADJ") or \
            verb.lemma_.lower() in ctx.lexicon.copula_lemmas:
        return None
    words = list(dict.fromkeys((verb.lower_, verb.lemma_.lower())))
    particle = [c.lower_ for c in verb.children if c.dep_ == "prt"]
    phrasal = [f"{w} {particle[0]} {cue.lower_}" for w in words] if particle else []
    # the lexicon names a predicate's date column with "in" ("painted in": Year); the
    # same column is meant before, after or since it
    preps = dict.fromkeys((cue.lower_, *sorted(ctx.group("date_cues_in"))))
    for key in (*phrasal, *(f"{w} {p}" for w in words for p in preps), *words):
        hints = ctx.verb_attributes.get(key)
        found = (ctx.linker.column_by_hint(hints) if hints
                 else ctx.linker.column_named(norm_text(key)))
        if found is None or not hints and found[1] == "glove" and not _same_stem(
                verb.lemma_.lower(), found[0].words):
            continue  # a verb the lexicon does not know names a column by its words (up
            # to their stem: "awarded" -> Awards), never a GloVe neighbour ("become in" is
            # one of Years active)
        col = found[0]
        if col.index != ctx.table.key and YEAR.search(str(col.raw[r])):
            return col, verb.i
    return None

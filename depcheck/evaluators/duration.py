"""Durations against dates: "active for over 20 years" against "1994 - present".

A cell that holds years (and perhaps an open end such as "present", from the lexicon's
``open_range_ends``) spans from its first year to its last, or to the reference year when it
is open.  Years are whole, so the span is known to a year either way: a claim decides only
when it holds or fails across that uncertainty.
"""

from __future__ import annotations

import regex

from . import Finding, register

YEAR = regex.compile(r"(?<!\d)(1[0-9]{3}|2[01][0-9]{2})(?!\d)")
SECONDS_PER_YEAR = 31_557_600


def one_year(cell: str) -> int | None:
    """The year of a cell that holds exactly one ("1986", "14 March 1994",
    "national monument (since 1970)"), else None (no year, a range, a list of years)."""
    years = {int(y) for y in YEAR.findall(cell)}
    return years.pop() if len(years) == 1 else None


def span_of(cell: str, open_ends: frozenset[str], as_of: int) -> tuple[int, int] | None:
    """(first year, last year or the reference year when open), or None: not a period."""
    years = [int(y) for y in YEAR.findall(cell)]
    opened = is_open(cell, open_ends)
    if not years or (len(set(years)) == 1 and not opened):
        return None  # one year, perhaps restated ("19 November 1982 (1982-11-19)"): a date
    end = as_of if opened else max(years)
    return min(years), max(end, max(years))


@register("duration")
def duration(claimed_seconds: float, op: str, cell: str, *, open_ends: frozenset[str],
             as_of: int, row: int, open_marks: frozenset[str] = frozenset()) -> Finding | None:
    """Does the period written in ``cell`` last ``claimed_seconds`` (under ``op``: "=",
    ">=", "<=", "~")?  None when the cell is no period."""
    span = span_of(cell, open_ends, as_of)
    if span is None and any(_running(g, open_marks) for g in GROUP.findall(cell)):
        span = (0, 0)  # "Ann Lee (m. 2016)": one bracket still running
    if span is None:
        return None
    years = claimed_seconds / SECONDS_PER_YEAR
    periods = periods_of(cell, open_ends, as_of, open_marks)
    if periods is None:
        return None
    periods = periods or [span]
    total = sum(b - a for a, b in periods)
    # whole years either side of each period ("1989" alone lasted under a year to two)
    low = sum(max(0, b - a - 1) for a, b in periods)
    high = sum(b - a + 1 for a, b in periods)
    if op == ">=":
        # a period of whole years a..b lasts less than b - a + 1 years
        holds = True if low >= years else False if high <= years else None
    elif op == "<=":
        holds = True if high <= years else False if low > years else None
    else:  # "for 9 years": the span, to a year (or 10% when "about")
        slack = max(0.0, 0.1 * years - 1) if op == "~" else 0.0
        holds = low - slack <= years <= high + slack
    sign = {">=": "at least ", "<=": "at most ", "~": "about "}.get(op, "")
    spans = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in periods)
    return Finding(holds, (row,), f"{cell.strip()} spans {total} years ({spans}); the text "
                                  f"says {sign}{years:g} years")


GROUP = regex.compile(r"\(([^()]*)\)")
# a year and a dash with nothing after it ("(2010-)", "1994 -")
_OPEN_DASH = regex.compile(
    r"(?<!\d)(?:1[0-9]{3}|2[01][0-9]{2})\s*[-\u2010-\u2015]\s*(?:$|[),;])")


def is_open(text: str, open_ends: frozenset[str]) -> bool:
    """A range of years whose end is open: a year, a dash and an open end ("1994 -
    present"), or nothing after the dash ("(2010-)"); an open-end word elsewhere ("(now
    Quincy, Massachusetts)") opens nothing."""
    return any(m.group(2) and m.group(2).lower() in open_ends for m in RANGE.finditer(text)) \
        or bool(_OPEN_DASH.search(text))
# a year, a dash, and a year (perhaps a date's: "January 6, 2005 – January 9, 2013") or a
# word (the open end: "1994 - present", "2015 (2015)-present")
RANGE = regex.compile(
    r"(?<!\d)(?:1[0-9]{3}|2[01][0-9]{2})\)?\s*[-\u2010-\u2015]\s*"
    r"(?:(?:\p{L}+\.?\s+)?(?:\d{1,2}\p{L}{0,2},?\s+)?(?:\p{L}+\.?,?\s+)?"
    r"((?:1[0-9]|2[01])[0-9]{2})(?!\d)|(\p{L}+))")


def is_period(cell: str, open_ends: frozenset[str],
              open_marks: frozenset[str] = frozenset()) -> bool:
    """The cell writes a period: a range of years ("1994-2003", "2010 - present") or years
    in brackets beside a name ("(m. 1977; div. 1982)"), not events that each have a year
    ("loaned in 1946, scrapped in 1978"); with ``open_marks``, a bracket still running
    ("(m. 2016)") too."""
    for m in RANGE.finditer(cell):
        if m.group(1) or m.group(2).lower() in open_ends:
            return True
    return any(len(set(YEAR.findall(g))) >= 2 or _running(g, open_marks)
               for g in GROUP.findall(cell))


def _running(bracket: str, open_marks: frozenset[str]) -> bool:
    """A bracket of one year and only ``open_marks`` ("m. 2016"): a span still running."""
    marks = set(regex.findall(r"\p{L}+", bracket.lower()))
    return len(YEAR.findall(bracket)) == 1 and bool(marks) and marks <= open_marks


def periods_of(cell: str, open_ends: frozenset[str], as_of: int,
             open_marks: frozenset[str] = frozenset()) -> list[tuple[int, int]] | None:
    """The periods of a cell that lists several ("1965-1972, 1989, 1996"), each (first
    year, last year); an empty list when a part holds no year.  A cell whose years stand in
    brackets beside names ("Ann Lee (m. 1977; div. 1982), Jo Kerr (1990-1994)") has a
    period per bracket, each from its first year to its last; a bracket of one year and
    only ``open_marks`` ("(m. 2016)") runs to ``as_of``; None when a bracket gives one year
    and no open end (its end is not written: undecided)."""
    groups = [g for g in GROUP.findall(cell) if YEAR.search(g)]
    if groups and not YEAR.search(GROUP.sub(" ", cell)):
        out = []
        for g in groups:
            years = [int(y) for y in YEAR.findall(g)]
            opened = is_open(g, open_ends) or _running(g, open_marks)  # "(m. 2016)"
            if len(years) < 2 and not opened:
                return None
            end = as_of if opened else max(years)
            out.append((min(years), max(end, max(years))))
        return out
    parts = [p for p in regex.split(r"[,;]", cell) if p.strip()]
    if len(parts) < 2:
        return []
    out = []
    for part in parts:
        years = [int(y) for y in YEAR.findall(part)]
        if not years:
            return []
        end = as_of if is_open(part, open_ends) else max(years)
        out.append((min(years), max(end, max(years))))
    return out

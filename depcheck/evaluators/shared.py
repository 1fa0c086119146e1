"""One value said of several columns: "written and directed by the same person" (the
Written by and Directed by cells of the row share a name), "produced and distributed by two
different companies" (they share none).

The frame (rules/frames/shared.yaml) binds the coordinated verbs (``attribute``), their
preposition (``cue``: "by"), its noun (``scope``: "person") and the word that says same or
different (``quantifier``: the lexicon's ``shared_same_words`` / ``shared_different_words``
in rules/lexicon/quantifiers.yaml).  Each verb with the preposition must name a text column
of the table through the lexicon's verb_attributes ("written by" -> Written by), and the
columns must be two or more; their cells in the row the clause speaks of are split into
items and compared.  "Different" holds when no item is shared and fails when the cells list
the same items; a partial overlap is left undecided.
"""

from __future__ import annotations

import regex

from ..compiled import cell_items
from ..reasons import Reason
from ..values import norm_text
from . import Finding, register
from .attribute import verb_phrase_column
from .context import FrameContext


def _columns(ctx: FrameContext, verbs, prep: str, any_kind: bool = False):
    """The distinct text columns the verbs name with the preposition, or None when one of
    them names none."""
    out = []
    for v in verbs:
        found = verb_phrase_column(ctx.verb_attributes, ctx.linker, ctx.doc[v], prep,
                                   particle=True)
        if found is None or found[0].kind != "text" and not any_kind \
                or found[0].index == ctx.table.key:
            return None  # a place is read from any cell ("4 May 1900 (aged 47) Lyon")
        if all(c.index != found[0].index for c in out):
            out.append(found[0])
    return out


def _named(ctx: FrameContext, nouns):
    """The distinct text columns the nouns name with their own modifiers ("vice mayor" ->
    Vice Mayor), or None when one of them names none."""
    out = []
    for i in nouns:
        noun = ctx.doc[i]
        words = sorted([noun, *(c for c in noun.children if c.dep_ in ("compound", "amod"))],
                       key=lambda t: t.i)
        found = ctx.linker.column_named(norm_text(" ".join(t.text for t in words)))
        if found is None or found[1] == "glove" or found[0].kind != "text" \
                or found[0].index == ctx.table.key:
            return None
        if all(c.index != found[0].index for c in out):
            out.append(found[0])
    return out


_BRACKETS = regex.compile(r"\([^()]*\)")


def _place(ctx: FrameContext, cell: str) -> list[str]:
    """The comma-separated parts of the place a cell writes after its date: "(1852-10-06)
    6 October 1852 Vitebsk, Russian Empire" -> [vitebsk, russian empire]."""
    parts = []
    for part in _BRACKETS.sub(" ", cell).split(","):
        words = norm_text(part).split()
        while words and (words[0].isdigit() or words[0] in ctx.lexicon.months):
            words.pop(0)  # the date before the place
        if words and not any(w.isdigit() for w in words):
            parts.append(" ".join(words))
    return parts


@register("shared")
def shared(match, ctx: FrameContext) -> Finding | None:
    """Do the row's cells in the columns the verbs name share a value (``same``) or none
    (``different``)?  None when a verb names no column, the row is not one, or the overlap
    is partial for "different"."""
    verbs, cues = match.slots.get("attribute", ()), match.slots.get("cue", ())
    words = match.slots.get("quantifier", ())
    if len(verbs) < 2 or len(cues) > 1 or len(words) != 1:
        return None
    word = ctx.doc[words[0]].lower_
    same = word in ctx.group("shared_same_words")
    if not same and word not in ctx.group("shared_different_words"):
        return None
    level = ctx.lexicon.shared_place_parts.get(ctx.doc[match.slots["scope"][0]].lower_) \
        if match.slots.get("scope") else None
    cols = (_columns(ctx, verbs, ctx.doc[cues[0]].lower_, any_kind=level is not None)
            if cues else _named(ctx, verbs))
    rows = ctx.row_of(verbs[0])
    if not cols or len(cols) < 2 or not rows or len(rows) != 1:
        return None
    r = rows[0]
    if level is not None:  # "the same city": one part of the places the cells write
        parts = [_place(ctx, str(c.raw[r])) for c in cols]
        if level >= 0:  # the town: every part before the state and the country
            if any(len(p) < 2 for p in parts):
                return None
            items = [set(p[:-2] if len(p) >= 3 else p[:-1]) for p in parts]
        else:
            if any(len(p) < (1 if level == -1 else 3) for p in parts):
                return None
            items = [{p[level]} for p in parts]
            if len({p[level] for p in parts}) > 1 and any(
                    len(p[level].replace(" ", "")) <= 3 for p in parts):
                return None  # "US" and "United States": an abbreviation may name the same
    else:
        items = [{norm_text(v) for v in cell_items(str(c.raw[r]))} - {""} for c in cols]
    if not all(items):
        return None
    common = set.intersection(*items)
    if same:
        holds = bool(common)
    elif not common:
        holds = True
    elif all(i == items[0] for i in items):
        holds = False
    else:
        return None
    listed = "; ".join(f"{c.name} is {c.raw[r]}" for c in cols)
    says = "the same" if same else "different"
    return Finding(holds, (r,), f"of {ctx.row_name(r)}, {listed}; the text says {says}",
                   cells=tuple((r, c.index) for c in cols),
                   reason=Reason.VALUE_MATCHES if holds else Reason.VALUE_DIFFERS)

"""How many values a multi-valued cell lists: "comes in three colours" against "black,
white, red", "signed to two record labels", "a single producer", "several studios".

The frame (rules/frames/counts.yaml) binds the noun (``scope``) and its count
(``quantifier``). The noun with its own modifiers must name a text column of the table
("record labels" -> Labels); the claim's row's cell is split into its items and counted.
A number is exact unless a bound frame on it says otherwise ("at least two colours"); the
lexicon's ``item_count_exact`` words are exact ("a single producer": one), its
``item_count_several`` words mean more than one (decided when the cell lists one, or three
and more; two is left undecided: "several" may ask for more).
"""

from __future__ import annotations

import regex

from ..compiled import cell_items
from ..parse import text_offsets
from ..reasons import Reason
from ..rules.paths import doc_view
from ..values import UNIT_OF, norm_text, parse_number, singular, singular_words
from . import Finding, register
from .bound import SAYS, read_bound
from .context import FrameContext
from .duration import GROUP, YEAR

# an item that begins with a figure and a word after it ("1.4 L diesel": "L")
_A_FIGURE = regex.compile(r"\s*\d[\d.,]*\s*([^\W\d_]+)")
# "several": more than one for sure, more than two maybe
SEVERAL_SURE, SEVERAL_MAYBE = 2, 3
_OPS = {"=": lambda n, k: n == k, "<": lambda n, k: n < k, "<=": lambda n, k: n <= k,
        ">": lambda n, k: n > k, ">=": lambda n, k: n >= k}


def _column(ctx: FrameContext, noun):
    """The text column the noun names with its own modifiers, wholly: "record labels" ->
    Labels, "producers" -> Producer; not "districts" -> "Representative, 1st District";
    or the column of figures it names exactly ("bleaching events" -> Bleaching events,
    whose "1998, 2010, 2016" reads as a number by its first)."""
    v = doc_view(ctx.doc)
    text, starts, ends = text_offsets(ctx.doc)
    n = noun.i
    mods = [n, *(c for c in v.children[n] if v.dep[c] in ("compound", "amod"))]
    mods.sort()
    said = [text[starts[i]:ends[i]] for i in mods]
    lemma = noun.lemma_
    # the noun's lemma in place of its word ("record label")
    lemmas = " ".join(lemma if i == n else w for i, w in zip(mods, said, strict=True))
    phrases = list(dict.fromkeys(norm_text(p) for p in (
        " ".join(said), lemmas, text[starts[n]:ends[n]], lemma) if p))
    for phrase in phrases:
        found = ctx.linker.column_named(phrase)
        if found is None:
            continue
        col, method = found[0], found[1]
        if col.index != ctx.table.key and (col.kind == "text" and (
                method == "exact" or set(col.words.split()) <= set(phrase.split()))
                or col.kind == "number" and method == "exact"):
            return col  # (a column of figures, "Bleaching events", by its very name)
    for phrase in phrases:  # by what it counts: "one label" -> Labels
        found = _named_in_the_singular(ctx, phrase)
        if found is not None:
            return found[0]
    return None


def _named_in_the_singular(ctx: FrameContext, phrase: str):
    """The one text column (or column read as figures: its cells are checked as lists by
    the caller) whose name is the phrase, the words of both in the singular: "one label"
    -> Labels, "one engine" -> Engines (a count of one names its column in the
    singular)."""
    said = [singular(w) for w in phrase.split()]
    if not said:
        return None
    found = [col for col in ctx.table.columns
             if col.kind in ("text", "number") and col.index != ctx.table.key
             and [singular(w) for w in col.words.split()] == said]
    return (found[0], "exact", 1.0) if len(found) == 1 else None


@register("items")
def items(match, ctx: FrameContext) -> Finding | None:
    """Does the row's cell in the column the noun names list as many values as the text
    says?  None when the noun names no text column, the row is not one, or the count is
    not read."""
    verbs = match.slots.get("attribute", ())
    if verbs:
        return _times(match, ctx, ctx.doc[verbs[0]])
    scopes, counts = match.slots.get("scope", ()), match.slots.get("quantifier", ())
    if len(scopes) != 1 or len(counts) != 1:
        return None
    scope, count = scopes[0], ctx.doc[counts[0]]
    v = doc_view(ctx.doc)
    up = v.head[scope]
    if v.dep[scope] == "pobj" and v.lower[up] in ctx.lexicon.partitive_prepositions \
            and up != v.head[up] and v.like_num[v.head[up]]:
        return None  # "one of three aromatic types": the rows counted, no cell's items
    if any(v.lower[c] in ctx.lexicon.fraction_words for c in v.children[counts[0]]):
        return None  # "a half dozen"
    col = _column(ctx, ctx.doc[scope])
    rows = ctx.row_of(scope)
    if col is None or not rows or len(rows) != 1:
        return None
    r = rows[0]
    if _a_figure_of_a_namesake(ctx, v, scope, count, col, r):
        return None  # "16 magnetic resistance settings" with Resistance levels 16: that
        # column's figure, no count of the items of Resistance ("magnetic")
    listed = cell_items(str(col.raw[r]))
    n = len(listed)
    figures = sum(parse_number(v) is not None for v in listed)
    # a list of measured things, each a figure with its unit ("1.0 L petrol, 1.4 L
    # diesel"), not the parts of a count ("44 above ground, 3 below ground")
    measured = n > 1 and figures == 0 and all(
        (m := _A_FIGURE.match(item)) and m[1].lower() in UNIT_OF for item in listed)
    if not n or n == 1 and (figures or any(ch.isdigit() for ch in listed[0])) \
            or 0 < figures < n or col.kind != "text" and (n == 1 or figures < n
                                                          and not measured):
        return None  # "five speeds" against "five", "class 3": the cell is the number;
        # "9 (6 steam, 3 diesel)": one figure and its parts, no list (a list of names
        # with digits in them, "PlayStation 4, Xbox One", is still a list, and so is a
        # list of figures alone: "three bleaching events" of "1998, 2010, 2016", or of
        # figures with their words: "three engines" of "1.0 L petrol, 1.4 L diesel")
    return _counted(match, ctx, count, n, col, r, ctx.doc[scope].text)


def _a_figure_of_a_namesake(ctx: FrameContext, v, scope: int, count, col, r: int) -> bool:
    """Another column of the row, a numeric one, holds the count as its figure and shares
    a word with the counted noun's phrase (the noun and the words before it that modify
    it), in the singular: the number is that column's value."""
    claimed = parse_number(count.text)
    if claimed is None:
        return False
    words = {singular(v.lower[i]) for i in (scope, *v.children[scope])
             if i == scope or v.dep[i] in ("compound", "amod")}
    return any(other.index != col.index and other.kind == "number"
               and other.num[r] == claimed
               and not words.isdisjoint(singular_words(other.words))
               for other in ctx.table.columns)


def _times(match, ctx: FrameContext, verb) -> Finding | None:
    """ "married four times", "married more than once": the values of the column the verb
    names (the lexicon's verb_attributes), one per bracket of years beside a name ("Ann Lee
    (m. 1977; div. 1982), Jo Kerr (m. 1989)": two) or per item."""
    counts = match.slots.get("quantifier", ())
    if len(counts) != 1:
        return None
    count = ctx.doc[counts[0]]
    hints = ctx.verb_attributes.get(verb.lemma_.lower()) or ctx.verb_attributes.get(verb.lower_)
    found = ctx.linker.column_by_hint(hints) if hints else None
    rows = ctx.row_of(verb.i)
    if found is None or found[0].kind != "text" or found[0].index == ctx.table.key \
            or not rows or len(rows) != 1:
        return None
    col, r = found[0], rows[0]
    cell = str(col.raw[r])
    dated = [g for g in GROUP.findall(cell) if YEAR.search(g)]
    n = len(dated) if dated else len(cell_items(cell))
    if not n:
        return None
    word = count.lower_
    if word in ctx.group("item_count_times"):
        claimed = ctx.lexicon.item_count_times_values.get(word)
        if claimed is None:
            return None
        # "more than once": a comparative above the word on its way to the verb
        path = [t for t in count.ancestors if t.i != verb.i and verb in t.ancestors]
        op = "=" if not path else ">" if any(t.lower_ in ctx.lexicon.degree_higher
                                             for t in path) else "<" if any(
            t.lower_ in ctx.lexicon.degree_lower for t in path) else None
        if op is None:
            return None
        holds = _OPS[op](n, int(claimed))
        said = f"{SAYS[op] + ' ' if SAYS[op] else ''}{count.text}"
        return Finding(holds, (r,), f"{col.name} of {ctx.row_name(r)} lists {n}: {cell}; "
                                    f"the text says {verb.text} {said}",
                       cells=((r, col.index),),
                       reason=Reason.QUANTIFIER_HOLDS if holds else Reason.ITEM_COUNT_DIFFERS)
    scope = match.slots.get("scope", ())
    return _counted(match, ctx, count, n, col, r, ctx.doc[scope[0]].text if scope else "")


def _counted(match, ctx: FrameContext, count, n: int, col, r: int,
             what: str) -> Finding | None:
    """The count word or number ``count`` against the ``n`` values of ``col`` in row ``r``."""
    word = count.lower_
    cue: tuple[int, ...] = ()  # the words of a bound on the count, when one is read
    if word in ctx.group("item_count_several"):
        holds = True if n >= SEVERAL_MAYBE else False if n < SEVERAL_SURE else None
        said = f"{count.text} {what}"
    else:
        exact = ctx.lexicon.item_count_exact.get(word)
        claimed = exact if exact is not None else parse_number(count.text)
        if claimed is None or not float(claimed).is_integer():
            return None
        op = "="
        bound = ctx.bound_of(count.i)
        if bound is not None and any(ctx.doc[c].is_ancestor(count)
                                     for c in bound.slots.get("cue", ())):
            return None  # "recorded under four labels": a preposition, not a bound
        if bound is not None:
            read = read_bound(bound, ctx)
            if read is None or read[0] not in _OPS:
                return None
            op = read[0]
            cue = tuple(bound.slots.get("cue", ()))  # "more than" of "more than one label"
        holds = _OPS[op](n, int(claimed))
        said = f"{SAYS[op] + ' ' if SAYS[op] else ''}{int(claimed)} {what}"
    if holds is None:
        return None
    return Finding(holds, (r,), f"{col.name} of {ctx.row_name(r)} lists {n}: "
                                f"{col.raw[r]}; the text says {said}",
                   cells=((r, col.index),),
                   reason=Reason.QUANTIFIER_HOLDS if holds else Reason.ITEM_COUNT_DIFFERS,
                   tokens=(*cue, *match.tokens()) if cue else ())

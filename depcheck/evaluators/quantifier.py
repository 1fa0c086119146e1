"""Quantifiers over rows: "all four tents are waterproof", "both models come in red", "none of
them is waterproof", "two of the three weigh under 2 kg", "only one has a USB port", "most of
them" (frames of rules/frames/quantifiers.yaml).

The quantifier ranges over the rows its scope names ("both the Atlas and the Vega"), over
every row of the table when the scope is a plain noun or a pronoun ("the tents", "them"), or
over the items of one cell when the scope names a column ("both of the Atlas's colours").
The predicate is read for every row at once: a value found in a column (the rows that hold
it), a yes/no column the word names, or a figure with or without a bound (the bound frame
on the same number gives the bound).  The quantifier then counts: every row (lexicon group
``quantifiers_universal``), none (``quantifiers_negative``), more than half
(``quantifiers_majority``), exactly N (a count with a restrictor, ``quantifier_restrictors``),
N of the M (at least N, and decided only when it is not more), only the named rows (a
restrictor with no count).  A group size the text states ("all five", "both" = two) that
differs from the rows quantified over is a claim of its own, and refutes.
"""

from __future__ import annotations

import numpy as np

from ..compiled import cell_items
from ..frames import FrameMatch
from ..link import stems
from ..parse import span_text
from ..reasons import Reason
from ..rules.paths import clause_head, doc_view, hyphen_joined
from ..values import norm_text, parse_number
from . import Finding, MaskRows, first_rows, register, row_mask
from .agreement import states_absence
from .bound import adjective_column, bound_mask, read_bound
from .context import FrameContext, equal_mask, plain_cells, scaled
from .date import date_comparator

EVALUATOR = "quantifier"  # the name its hypotheses trace
MAX_CELLS = 24  # evidence cells reported per hypothesis
# children of a scope noun that restrict it to some rows ("the red tents", "tents with a
# porch"): such a scope is not the whole table
RESTRICTING_DEPS = frozenset({"amod", "compound", "prep", "relcl", "acl", "poss", "nmod"})


def _count(tok) -> int | None:
    v = parse_number(tok.text) if tok.like_num or tok.pos_ == "NUM" else None
    return int(v) if v is not None and float(v).is_integer() and v >= 0 else None


def _restricted(tok, ctx: FrameContext, columns: list[int] | None = None) -> np.ndarray | None:
    """The rows a scope noun's modifiers pick ("the Kairo models", "both R-rated films",
    "every mower priced below €1,000"): every modifier word a value of some column (the
    rows holding all of them), a predicate of its own (``_modifier_predicates``), or words
    of row names (the rows whose name holds them); None when a modifier picks no rows.
    The columns read are added to ``columns`` when given (the evidence shows their cells)."""
    t = ctx.table
    restricting = [c for c in tok.children if _restricting(c, ctx)]
    read = _modifier_predicates(restricting, ctx)  # "two-person tents", "tents with a porch"
    if read is None:
        return None
    mask, read_columns, mods = read
    if columns is not None:
        columns.extend(c for c in read_columns if c not in columns)
    if any(c.dep_ in ("prep", "relcl", "acl") or c.i > tok.i for c in mods):
        return None  # "tents that fold", "tents in stock": left to other checks
    if not mods and not mask.all() and any(c.dep_ == "relcl" for c in restricting):
        return mask if mask.any() else None  # the clause picked the rows
    if not mods:
        return mask if mask.any() else None
    s = min(m.left_edge.i for m in mods)
    doc = ctx.doc
    while s > 0 and doc[s - 1].head.i == tok.i and doc[s - 1].dep_ == "nummod" \
            and _count(doc[s - 1]) is None:
        # a figure hung on the noun as a count that is no whole number, running into the
        # modifier: a code of the value ("every *205/55* R16 tyre": a tyre size)
        s -= 1
    hits = [h for h in ctx.linker.value_hits(ctx.doc, s, tok.i)
            if h.col is not None and h.col != t.key]
    covered = {i for h in hits for i in range(h.start, h.end)}
    covered.update(x.i for m in restricting if m not in mods for x in m.subtree)
    view = doc_view(ctx.doc)
    # "the *app-based* courses", "*app-connected* brushes": a participle hyphen-joined
    # after a value says the rows have it, no word of a name
    covered.update(i + 2 for i in list(covered) if hyphen_joined(view, i)
                   and view.tag[i + 2] == "VBN")
    # (not a determiner the parse hung on the first modifier: "*both* Westgrat huts")
    words = [w for w in ctx.doc[s:tok.i] if w.i not in covered and not w.is_punct
             and not (w.dep_ == "cc" and w.head.i in covered)
             and w.dep_ not in ("det", "predet", "preconj")]
    mask &= _values_mask(hits, ctx)
    flagged = _yes_columns(words, ctx)  # "the *dimmable* lamps", "weather-sealed lenses"
    if flagged is not None:
        picked, words = flagged
        mask &= picked
    names = None
    for w in words:  # the rest must be words of row names: "the Lumina phones"
        said = norm_text(w.text)
        if said and " " not in said:  # one word: the rows of the name index's posting
            mask &= row_mask(t.n_rows, _posting(t, said))
            continue
        if names is None:
            names = np.char.add(np.char.add(" ", np.array(t.key_column.norm, dtype=str)), " ")
        mask &= np.char.find(names, f" {said} ") >= 0
    return mask if mask.any() else None


def _values_mask(hits, ctx: FrameContext) -> np.ndarray:
    """The rows holding the values found among a noun's modifiers: every column's value,
    where values of one column coordinated with each other ("the *American and United*
    flights") pick the rows of either (one cell holds one of them)."""
    n = ctx.table.n_rows
    by_column: dict[int, list] = {}
    for h in hits:
        by_column.setdefault(h.col, []).append(h)
    mask = np.ones(n, dtype=bool)
    dep = doc_view(ctx.doc).dep
    for found in by_column.values():
        found.sort(key=lambda h: h.start)
        either = len(found) > 1 and all(
            any(dep[i] == "cc" for i in range(a.end, b.start))
            for a, b in zip(found, found[1:], strict=False))
        if either:
            picked = np.zeros(n, dtype=bool)
            for h in found:
                picked |= row_mask(n, h.rows)
            mask &= picked
        else:
            for h in found:
                mask &= row_mask(n, h.rows)
    return mask


def _posting(t, word: str) -> np.ndarray:
    """The rows whose name has the word (names are single-spaced normalized text, so
    \" word \" is in \" name \" exactly when the word is one of its words)."""
    found = t.names.posting(word)
    return found if found is not None else np.empty(0, dtype=np.int32)


def _exceptions(match, ctx: FrameContext) -> tuple[list[int], np.ndarray | None] | None:
    """(the scope's own words, a mask of the rows the text excepts or None) for "every
    kettle except the Brook" (a prepositional phrase of the scope, lexicon
    ``quantifier_exceptions``) and "all kettles but the Calder" (a conjunct after such a
    word); None when an excepted name is no row of the table."""
    scope = list(match.slots["scope"])
    words = ctx.group("quantifier_exceptions")
    doc = ctx.doc
    first = doc[scope[0]]
    excepted: list[int] = []
    for c in first.children:
        if c.dep_ == "prep" and c.lower_ in words:
            excepted += _excepted_objects(c)
        if c.dep_ == "cc" and c.lower_ in words:
            excepted += [i for i in scope if i > c.i]
    for t in first.subtree:
        # "every model with a gluten-free program *except the Crumbwell 500*", "every
        # kettle made of glass *except the Brook*": the parse hangs the exception inside
        # the scope's restriction; rows it names are the scope's exception
        if t.head.i != first.i and t.dep_ in ("prep", "agent") and t.lower_ in words:
            named = _excepted_objects(t)
            if named and all(ctx.rows_named(i) for i in named):
                excepted += named
    if first.dep_ in ("nsubj", "nsubjpass") and first.head.i != first.i:
        # fronted, on the predicate: "*apart from* the Flex, every panel weighs ...",
        # "*except for* the Flex, ..."
        for c in first.head.children:
            if c.dep_ in ("prep", "advmod") and c.lower_ in words:
                excepted += _excepted_objects(c)
    value = doc[match.slots["value"][0]]
    if value.dep_ in ("dobj", "attr", "acomp", "oprd"):
        excepted += _aside_exceptions([*value.head.children, *value.children], ctx)
    if not excepted:
        return scope, None
    mask = np.zeros(ctx.table.n_rows, dtype=bool)
    for i in excepted:
        rows = ctx.rows_named(i)
        if not rows:
            return None
        mask[list(rows)] = True
    return [i for i in scope if i not in excepted], mask


def _aside_exceptions(tokens, ctx: FrameContext) -> list[int]:
    """The names an aside among ``tokens`` (the predicate's children and the value's) gives
    as the exception ("..., *the exception being the Voltaro 300*": a noun of the lexicon's
    ``quantifier_exception_nouns`` set off by a comma): the heads of the names in that
    noun's phrase."""
    nouns = ctx.group("quantifier_exception_nouns")
    out: list[int] = []
    for c in tokens:
        if c.lemma_.lower() in nouns and _after_a_comma(c):
            out += [t.i for t in c.subtree if t.i != c.i and t.pos_ == "PROPN"
                    and (t.head.pos_ != "PROPN" or t.dep_ == "appos")]
    return out


def _after_a_comma(tok) -> bool:
    """The phrase of ``tok`` follows a punctuation mark: set off from what precedes it."""
    left = tok.left_edge.i
    return left > 0 and tok.doc[left - 1].is_punct


def _excepted_objects(word) -> list[int]:
    """The names an exception word governs: its object and that object's conjuncts, or
    those of the preposition it takes ("except *for* the Brook", "apart *from* ...")."""
    objects = [g for g in word.children if g.dep_ == "pobj"]
    objects += [o for g in word.children if g.dep_ == "prep"
                for o in g.children if o.dep_ == "pobj"]
    return [x.i for o in objects for x in (o, *o.conjuncts)]


def _inclusions(match, ctx: FrameContext) -> tuple[tuple[int, ...], np.ndarray | None] | None:
    """(the words, a mask of the rows) of the rows the text names as members of the
    quantified group ("three of the five stoves have piezo ignition, *including the
    Trailfire Multi*": a prepositional phrase, lexicon ``quantifier_inclusions``, of a word
    of the claim or of the word it hangs on); ``((), None)`` when it names none, None when a
    member is no one row of the table."""
    cues = ctx.group("quantifier_inclusions")
    doc = ctx.doc
    bound = set(match.tokens())
    members: list[int] = []
    words: set[int] = set()
    for i in sorted(bound | {doc[b].head.i for b in bound}):
        for c in doc[i].children:
            if c.dep_ == "prep" and c.lower_ in cues and c.i not in words:
                for g in c.children:
                    if g.dep_ == "pobj":
                        members += [g.i, *(x.i for x in g.conjuncts)]
                words.update(t.i for t in c.subtree)
    if not members:
        return (), None
    mask = np.zeros(ctx.table.n_rows, dtype=bool)
    for i in members:
        rows = ctx.rows_named(i)
        if not rows or len(rows) != 1:
            return None
        mask[rows[0]] = True
    return tuple(sorted(words)), mask


def _listed_members(match, ctx: FrameContext) -> tuple[tuple[int, ...], tuple[int, ...],
                                                      np.ndarray] | None:
    """(the values, the words, a mask of the rows) of the names a claim lists after its
    value, set off by a comma, which the parse joins to the value as conjuncts ("only two
    hammocks include a mosquito net*, the Canopia Trek and the Jungleden Pro*"): the
    members of the group, as an apposition would name them, not values the predicate
    claims of the rows; None when the values list no such names."""
    doc = ctx.doc
    values = match.slots["value"]
    listed = [v for v in values if doc[v].dep_ == "conj"
              and len(ctx.rows_named(v) or ()) == 1]
    if not listed:
        return None
    first = doc[min(listed)]
    said = first.head  # the value the list is joined to ("net")
    if said.i in listed or said.i not in values or ctx.rows_named(said.i) \
            or not _after_a_comma(first) \
            or any(v > first.i and v not in listed for v in values):
        return None
    mask = row_mask(ctx.table.n_rows, [ctx.rows_named(v)[0] for v in listed])
    words = tuple(range(first.left_edge.i - 1, max(doc[v].right_edge.i for v in listed) + 1))
    return tuple(listed), words, mask


def _without_members(match, ctx: FrameContext, listed=False):
    """The match with its values only, the names it lists after them left out
    (``_listed_members``, or ``listed`` when already found); the match itself when it
    lists none."""
    if listed is False:
        listed = _listed_members(match, ctx)
    if listed is None:
        return match
    values = tuple(v for v in match.slots["value"] if v not in listed[0])
    return FrameMatch(match.rule, match.kind, match.evaluator,
                      {**match.slots, "value": values}, match.location)


def _members_fail(kind: str, members: np.ndarray, sure, maybe,
                  n: int) -> tuple[np.ndarray, bool]:
    """(the member rows whose cells contradict the claim as the quantifier ``kind`` says it
    of them, whether some member's cell does not decide it); ``sure`` / ``maybe``: the
    rows sure to hold the predicate and those that may (None: every row)."""
    every = np.ones(n, dtype=bool)
    sure_m = every if sure is None else sure
    maybe_m = every if maybe is None else maybe
    fails, holds_it = (sure_m, ~maybe_m) if kind == "none" else (~maybe_m, sure_m)
    return members & fails, bool((members & ~holds_it).any())


def _said_also(match, ctx: FrameContext) -> tuple[tuple[int, ...], np.ndarray] | None:
    """(the words, a mask of the row) of an elliptical clause coordinated with the claim's
    verb that says a named row does the same ("..., *and so does the EasyDrive 18*": a verb
    of the lexicon's ellipsis_verbs with an ellipsis_adverbs word and a subject that names
    one row); None when there is none."""
    doc = ctx.doc
    verbs = {doc[v].head.i for v in match.slots["value"]} | {
        doc[doc[v].head.i].head.i for v in match.slots["value"]}
    for verb in verbs:
        for c in doc[verb].children:
            if c.dep_ != "conj" or c.lemma_.lower() not in ctx.lexicon.ellipsis_verbs \
                    or not any(a.lower_ in ctx.lexicon.ellipsis_adverbs for a in c.children):
                continue
            subject = next((a for a in c.children if a.dep_ in ("nsubj", "nsubjpass")), None)
            rows = ctx.rows_named(subject.i) if subject is not None else None
            if not rows or len(rows) != 1:
                return None
            mask = np.zeros(ctx.table.n_rows, dtype=bool)
            mask[rows[0]] = True
            return tuple(t.i for t in c.subtree), mask
    return None


def _restricting(c, ctx: FrameContext) -> bool:
    """A dependent of a scope noun that picks some of its rows: not an exception ("except
    the Brook", read by ``_exceptions``) nor a phrase naming the whole table."""
    if c.dep_ == "appos":  # "all mowers *under €1,000*": a bounded figure beside the noun
        return c.like_num and ctx.bound_of(c.i) is not None
    return c.dep_ in RESTRICTING_DEPS and c.lower_ not in ctx.group("quantifier_exceptions") \
        and c.lower_ not in ctx.group("quantifier_inclusions") and not _whole_table(c, ctx)


def _whole_table(c, ctx: FrameContext) -> bool:
    """A phrase that names the table as a whole ("every model *in the range*", "*on the
    list*"; lexicon ``collection_nouns``) with no clause of its own: it restricts the rows
    to none."""
    nouns = ctx.lexicon.collection_nouns
    return c.dep_ == "prep" and all(
        (g.lower_ in nouns or g.lemma_.lower() in nouns)
        # "on the list completed before 2000": a clause the parse hangs on the collection
        # noun restricts the rows all the same
        and not any(k.dep_ in ("acl", "relcl") for k in g.children)
        for g in c.children if g.dep_ == "pobj") and any(g.dep_ == "pobj" for g in c.children)


def _yes_columns(words, ctx: FrameContext):
    """(rows that say yes, the words left) when the words name yes/no columns whole
    ("dimmable", "weather sealed", "Energy Star certified"), or a column of text whose
    cells say yes by what they hold and no by stating an absence ("waterproof" of a
    Waterproof column of "IPX8" and "No", as ``_predicate`` reads "have adjustable
    armrests"), else None."""
    t = ctx.table
    said = {norm_text(w.text) for w in words} | {norm_text(w.lemma_) for w in words}
    mask = np.ones(t.n_rows, dtype=bool)
    used: set[str] = set()
    for c in t.columns:
        parts = set(c.words.split())
        if c.index == t.key or not parts or not parts <= said:
            continue
        if c.kind == "bool":
            mask &= c.bools == 1
        elif c.kind == "text" and (absent := _absent_cells(ctx, c)).any():
            mask &= ~absent
        else:
            continue
        used |= parts
    if not used:
        return None
    return mask, [w for w in words if norm_text(w.text) not in used
                  and norm_text(w.lemma_) not in used]


def _refers_back(scope_ids: list[int], ctx: FrameContext, start: int | None = None) -> bool:
    """The scope is a pronoun or a pro-noun ("both of *them*", "neither *one*") after a noun
    of the text (before token ``start`` too, when given): it stands for a group the text
    named before ("two of the mattresses ..., and both of them"), whose size is not the
    table's."""
    doc = ctx.doc
    pro = ctx.group("pro_nouns")
    if not scope_ids or not all(doc[i].pos_ == "PRON" or doc[i].lower_ in pro
                                for i in scope_ids):
        return False
    first = min(min(scope_ids), *(t.i for t in doc[min(scope_ids)].subtree))
    if start is not None:
        first = min(first, start)
    return any(t.pos_ in ("NOUN", "PROPN") and t.lower_ not in pro for t in doc[:first])


def _of_a_group_before(match, ctx: FrameContext) -> bool:
    """The predicate of the scope has a group preposition whose object refers back to a
    group the text named before ("*of them* only the Pukeko has ...", "*among these*": the
    lexicon's superlative_group_preps)."""
    doc = ctx.doc
    preps = ctx.lexicon.superlative_group_preps
    for i in match.slots.get("scope", ()):
        predicate = doc[i].head
        for c in predicate.children:
            if c.dep_ == "prep" and c.lower_ in preps:
                objects = [o.i for o in c.children if o.dep_ == "pobj"]
                if objects and _refers_back(objects, ctx):
                    return True
    return False


def _named_before(match, ctx: FrameContext) -> bool:
    """The scope refers back (``_refers_back``) to a noun before the whole quantified phrase
    ("four of the sailings ..., and each of *them*"), not to the quantifier's own word ("None
    of them")."""
    return _refers_back(list(match.slots["scope"]), ctx, start=min(match.tokens()))


def _scope_rows(match, ctx: FrameContext, scope_ids: list[int] | None = None,
                columns: list[int] | None = None) -> tuple[np.ndarray | None, bool] | None:
    """(a boolean mask of the rows quantified over, None for every row of the table;
    whether the text picked them: by name or by a modifier), or None when the scope is
    neither the table nor rows it names; the columns its modifiers read go to ``columns``
    when given."""
    n = ctx.table.n_rows
    scope_ids = list(match.slots["scope"]) if scope_ids is None else scope_ids
    named = [ctx.rows_named(i) or _row_it_stands_for(ctx, i) for i in scope_ids]
    if all(named):
        mask = np.zeros(n, dtype=bool)
        mask[[r for rows in named for r in rows]] = True
        return mask, True
    if any(named):
        return None
    listed = _listed_rows(scope_ids, ctx)
    if listed is not None:
        return listed, True
    picked = None  # every row, until a modifier picks some
    restricted = False
    for i in scope_ids:
        tok = ctx.doc[i]
        if tok.pos_ == "PRON":
            continue
        if tok.pos_ != "NOUN":
            return None  # a name that names no row ("both Cleanova vacuums"): not the table
        col = ctx.linker.column_named(norm_text(tok.lemma_)) \
            or ctx.linker.column_named(norm_text(tok.text))
        if col is not None and col[0].index != ctx.table.key:
            return None  # "all its colours": the items of a cell, not rows; "177 of 212
            # *beds*" of a column Beds: amounts the column sums, not rows
        own = _noun_value_rows(tok, ctx)
        if own is not None:  # "every *red* on the list", "all the *reds*": the rows that
            picked = _both(picked, own)  # hold the value the noun is
            restricted = True
        if any(_restricting(c, ctx) for c in tok.children):
            rows = _restricted(tok, ctx, columns)  # "the red tents": the rows that are red
            if rows is None:
                return None
            picked = _both(picked, rows)
            restricted = True
    return picked, restricted


def _noun_value_rows(tok, ctx: FrameContext) -> np.ndarray | None:
    """The rows holding the value a quantified noun is ("every *red* on the list", "all
    the *reds*" of a Style column): its text, or its lemma, is the text of cells of one
    column other than the key; None otherwise."""
    t = ctx.table
    for said in dict.fromkeys((norm_text(tok.text), norm_text(tok.lemma_))):
        found = {c: rows for c, rows in t.cells.rows_by_column(said).items() if c != t.key}
        if len(found) == 1:
            return row_mask(t.n_rows, next(iter(found.values())))
    return None


def _listed_rows(scope_ids: list[int], ctx: FrameContext) -> np.ndarray | None:
    """The rows an apposition of the scope noun lists by name ("both app-connected brushes,
    *the Brisa Sonic 9 and the Dentora Round 700*, include ..."): the quantifier speaks of
    them, whatever the noun's modifiers say (those are claims of their own); None when
    the noun has no such apposition or a listed name is no row."""
    if len(scope_ids) != 1:
        return None
    appos = [c for c in ctx.doc[scope_ids[0]].children if c.dep_ == "appos"]
    if len(appos) != 1:
        return None
    rows = [ctx.rows_named(m.i) for m in (appos[0], *appos[0].conjuncts)]
    if len(rows) < 2 or not all(rows):
        return None
    mask = np.zeros(ctx.table.n_rows, dtype=bool)
    mask[[r for found in rows for r in found]] = True
    return mask


def _row_it_stands_for(ctx: FrameContext, i: int) -> tuple[int, ...] | None:
    """The one row a singular personal pronoun stands for ("... and *it* is the only one
    without a backlight"), as the claim checks resolve it; None for any other word."""
    tok = ctx.doc[i]
    if tok.pos_ != "PRON" or tok.morph.get("Number") != ["Sing"] \
            or tok.morph.get("PronType") != ["Prs"]:
        return None
    rows = ctx.row_of(i)
    return rows if rows is not None and len(rows) == 1 else None


def _cell_items(match, ctx: FrameContext):
    """(column, row, items) when the scope names a text column of the table, not rows ("all
    its colours", "both of the Atlas's colours"): the quantifier ranges over the items of
    the claim's row's cell."""
    scope = match.slots["scope"]
    tok = ctx.doc[scope[0]]
    if len(scope) != 1 or tok.pos_ != "NOUN":
        return None
    found = (ctx.linker.column_named(norm_text(tok.text))
             or ctx.linker.column_named(norm_text(tok.lemma_)))
    if found is None or found[0].index == ctx.table.key or found[0].kind != "text":
        return None
    rows = ctx.row_of(tok.i)
    if not rows or len(rows) != 1:
        return None
    col = found[0]
    items = cell_items(col.raw[rows[0]])
    return (col, rows[0], np.array(items, dtype=object)) if items else None


def _over_items(match, ctx: FrameContext, kind: str, count, size) -> Finding | None:
    """The quantifier over the items of one cell: its stated size, then the predicate, a
    value of the same column compared with every item at once."""
    found = _cell_items(match, ctx)
    if found is None or kind == "only":
        return None
    col, r, items = found
    cells = ((r, col.index),)
    listed = f"{col.name} of {ctx.row_name(r)} is {col.raw[r]}"
    if size is not None and size != len(items):
        return Finding(False, (r,), f"{listed}: {len(items)}, not {size}", cells=cells,
                       reason=Reason.GROUP_SIZE_DIFFERS)
    if any(_negated(v, ctx) or _lacks(v, ctx) for v in match.slots["value"]):
        return None
    holds = np.ones(len(items), dtype=bool)
    for v in match.slots["value"]:
        s, e = ctx.phrase_span(v)
        hits = [h for h in ctx.linker.value_hits(ctx.doc, s, e) if h.col == col.index]
        if len(hits) != 1:
            return None
        holds &= items == hits[0].value
    k = int(holds.sum())
    decided = _decide(kind, k, k, len(items), count)
    if decided is None:
        return None
    return Finding(decided, (r,), f"{listed}: {k} of {len(items)} items hold it; the text "
                   f"says {ctx.phrase(match.slots['quantifier'])}", cells=cells,
                   reason=Reason.QUANTIFIER_HOLDS if decided else Reason.QUANTIFIER_FAILS)


def _predicate(v: int, ctx: FrameContext):
    """(rows that satisfy the predicate at token ``v``, rows whose cell decides it (None:
    every row's), the column indices read), or None when no column tells."""
    doc, t = ctx.doc, ctx.table
    n = t.n_rows
    s, e = ctx.phrase_span(v)
    named = None
    number = ctx.number_in(v)
    whole = norm_text(span_text(doc, s, e))
    for phrase in (whole, norm_text(doc[v].lemma_)):
        found = ctx.linker.column_named(phrase)
        if found is not None and found[0].kind == "bool" and (
                number is None or norm_text(doc[number].text) in found[0].words):
            # "support 5G", "are foldable"; not "with two bathrooms" of a column of 1s and
            # a 2 (a count, read below against the cells)
            col = found[0]
            return col.bools == 1, col.bools >= 0, (col.index,)
        if found is not None and found[0].index != t.key and (
                found[0].kind == "text" or found[0].kind == "number" and number is None) \
                and phrase == whole and (found[1] == "exact" or found[1] == "contains" and all(
                    w in found[0].words.split() or w in ctx.linker.generic
                    for w in whole.split())):
            # ("has a cellular *option*": the column's words and a generic noun)
            # "have adjustable armrests" with a column "Adjustable armrests" of "4D", "2D",
            # "no", "without a backlight" with Backlight: a row has it unless its cell
            # states an absence (the whole phrase the column's name: not the "suspension"
            # of "front and rear suspension"); "without a turntable" with a Turntable (cm)
            # of sizes and a "none", when the phrase gives no figure
            absent = _absent_cells(ctx, found[0])
            if absent.any():
                return ~absent, None, (found[0].index,)  # every cell decides
        named = named or (found[0] if found is not None else None)
    if named is None and number is None:
        col = _verb_object_column(v, ctx)  # "support audiobooks" of "Audiobook support"
        if col is not None:
            return col.bools == 1, col.bools >= 0, (col.index,)
    if number is None:
        # a bound inside the predicate's phrase: "a drop *above 10 mm*"
        inner = [i for m in ctx.frames if m.kind == "bound" for i in m.slots.get("value", ())
                 if s <= i < e]
        number = inner[0] if len(inner) == 1 else None
    if number is not None:
        bound = ctx.bound_of(number)
        read = read_bound(bound, ctx) if bound is not None else None
        if read is not None:
            op, figures, _ = read
        else:
            q = ctx.quantity_at(number)
            if q is None:
                return None
            op = _date_side(number, ctx) if not q.unit else "="
            if op is None:
                return None  # "all founded *since* 1990": no comparator of one year
            figures = [q]
        # the column the bound's comparative names ("firmer than 8": Firmness), else the
        # one the figure's unit and words give
        col = (adjective_column(ctx, bound, figures[-1]) if read is not None else None) \
            or ctx.column_for(figures[-1], number)
        if col is None:
            return None
        if op == "=":
            s = scaled(col, figures[0])
            if s is None:
                return None
            return equal_mask(*s) & plain_cells(col), plain_cells(col), (col.index,)
        found = bound_mask(col, op, figures)
        return (*found, (col.index,)) if found is not None else None
    hits = [h for h in ctx.linker.value_hits(doc, s, e) if h.col is not None and h.col != t.key]
    if not hits and doc[v].tag_ in ("NNS", "NNPS"):
        # "both mills are *museums*", "are *smock mills*": a plural predicate noun whose
        # singular phrase is the cells of one column ("Museum", "Smock mill")
        singular = norm_text(" ".join(w.lemma_ if w.i == v else w.text for w in doc[s:e]))
        by_col = _holding_columns(t, singular)
        if len(by_col) == 1:
            (c, rows), = by_col.items()
            return row_mask(n, rows), None, (c,)  # every row's cell decides
    if named is not None and named.index != t.key and any(h.col != named.index for h in hits):
        return None  # "a final *score* of 2 - 2" found in another column: not read
    if hits:
        # every value of the phrase, or any when a disjunction joins them ("made of pine
        # *or* cedar": lexicon ``disjunctions``)
        words = ctx.lexicon.disjunctions
        view = doc_view(doc)
        either = any(view.dep[i] == "cc" and view.lower[i] in words for i in range(s, e))
        mask = np.zeros(n, dtype=bool) if either else np.ones(n, dtype=bool)
        cols = []
        for h in hits:
            rows, read = _rows_of_hit(h, ctx)
            cols.extend(read)
            if either:
                mask |= rows
            else:
                mask &= rows
        return mask, None, tuple(cols)  # every row's cell decides
    return None


def _holding_columns(t, text: str) -> dict:
    """The rows holding the normalized ``text`` in each column but the key, by column."""
    return {c: rows for c, rows in t.rows_by_column(text).items() if c != t.key}


def _rows_of_hit(h, ctx: FrameContext) -> tuple[np.ndarray, list[int]]:
    """The rows a value hit says hold the predicate, and the columns read: its column's,
    or for a bare figure no word of the text ties to a column and that several columns
    hold ("shared the low round of *67*" over R1-R4), the rows holding it in any of them
    (the linker's hit is one of them: the one with most rows)."""
    n, t = ctx.table.n_rows, ctx.table
    if h.named or not h.value.replace(".", "", 1).isdigit():
        return row_mask(n, h.rows), [h.col]
    by_col = _holding_columns(t, h.value)
    if len(by_col) < 2:
        return row_mask(n, h.rows), [h.col]
    mask = np.zeros(n, dtype=bool)
    for rows in by_col.values():
        mask |= row_mask(n, rows)
    return mask, sorted(by_col)


def _verb_object_column(v: int, ctx: FrameContext):
    """The one yes/no column whose words are, up to their stems, the verb and its object
    at token ``v`` ("support audiobooks" of "Audiobook support", "support mesh" of "Mesh
    support"), or None.  A noun alone does not name such a column ("tv" is
    not "smart tv"): here the verb says the rest."""
    tok = ctx.doc[v]
    verb = tok.head
    if tok.dep_ != "dobj" or verb.i == tok.i or verb.pos_ != "VERB":
        return None
    said = stems(norm_text(f"{verb.lemma_} {ctx.phrase(range(*ctx.phrase_span(v)))}"))
    found = [c for c in ctx.table.columns if c.kind == "bool" and c.index != ctx.table.key
             and stems(c.words) == said]
    return found[0] if len(found) == 1 else None


def _date_side(number: int, ctx: FrameContext) -> str | None:
    """The comparator a year takes from the time preposition it is the object of: "<" for
    "founded *before* 1925", ">" for "*after* 1880" (the lexicon's date_cues_before and
    date_cues_after), "=" for any other ("in 1925") or none; None for a preposition of
    the date_cues_since group ("since 1990": from a year on, which no comparison of one
    year with a cell decides)."""
    view = doc_view(ctx.doc)
    up = view.head[number]
    if view.dep[number] != "pobj" or up == number or view.dep[up] != "prep":
        return "="
    op = date_comparator(ctx, view.lower[up])
    return None if op == "^" else op


def _absent_cells(ctx: FrameContext, col) -> np.ndarray:
    """Per row: the cell states an absence (empty, "no", "none", "not included": the
    lexicon's ``empty_cells`` and ``absent_cells``); read once per distinct cell of the
    compiled table."""
    memo = ctx.table.derived.setdefault("quantifier.absent", {})
    found = memo.get(col.index)
    if found is None:
        per_cell = np.fromiter((states_absence(ctx.lexicon, norm_text(c))
                                for c in col.dictionary), dtype=bool, count=len(col.dictionary))
        found = memo[col.index] = per_cell[col.codes]
    return found


def _only_noun(match, ctx: FrameContext):
    """The noun "the only N" sets apart ("the only *kettle* with a timer"), the token of
    its "only" (an adjective on the noun), or None when the quantifier is no such word."""
    doc = ctx.doc
    only = [doc[i] for i in match.slots["quantifier"] if doc[i].dep_ == "amod"]
    return (only[0].head, only[0]) if only else None


def _modifier_predicates(mods: list, ctx: FrameContext
                         ) -> tuple[np.ndarray, list[int], list] | None:
    """The rows a noun's modifiers pick when a modifier is a predicate of its own, with the
    columns read and the modifiers left to the caller: a figure on a noun that names a
    column ("*four-bedroom* listings", "*two-person* tents": the column's cell is that
    figure) and "with"/"without" and its object ("guitars *with solid spruce tops*",
    "kettles *without a timer*": the object's predicate holds, or does not); None when
    such a modifier is read by no column, or some row's cell does not decide it."""
    mask = np.ones(ctx.table.n_rows, dtype=bool)
    columns: list[int] = []
    rest = []
    preps, negating = ctx.group("only_noun_preps"), ctx.lexicon.negating_heads
    for m in mods:
        if m.dep_ == "prep" and m.lower_ in preps:
            objects = [g for g in m.children if g.dep_ == "pobj"]
            if len(objects) != 1:
                return None
            at, lacks = objects[0].i, m.lower_ in negating
        elif (m.pos_ == "NOUN" or m.pos_ == "PROPN" and ctx.measure(m.i - 1)) \
                and m.dep_ != "prep" and ctx.number_in(m.i) is not None:
            # ("350 *W* scooters": a unit the parse tags as a name)
            at, lacks = m.i, False
        elif m.dep_ == "relcl" and any(c.dep_ in ("nsubj", "nsubjpass") and c.tag_ in (
                "WDT", "WP") for c in m.children):
            # "every thermostat *that supports Google*": the clause's one complement is a
            # predicate of the rows, as a quantifier's own is
            values = _clause_values(m)  # (or "that works *with HomeKit*")
            if len(values) != 1 or any(c.dep_ == "neg" for c in m.children):
                return None
            at = values[0].i
            lacks = _lacks(at, ctx)
        elif m.dep_ == "acl" and m.tag_ in ("VBN", "VBG"):
            # "every mower *priced below €1,000*", "tents *weighing under 2 kg*": the
            # participle's one complement is a predicate of the rows, as a relative
            # clause's is
            values = _clause_values(m)
            if len(values) != 1 or any(c.dep_ == "neg" for c in m.children):
                return None
            at, lacks = values[0].i, False
        elif m.dep_ == "appos" and m.like_num and ctx.bound_of(m.i) is not None:
            # "all mowers *under €1,000*" with the figure set beside the noun
            at, lacks = m.i, False
        else:
            rest.append(m)
            continue
        found = _predicate(at, ctx)
        if found is None or found[1] is not None and not found[1].all():
            return None
        mask &= ~found[0] if lacks else found[0]
        columns.extend(c for c in found[2] if c not in columns)
    return mask, columns, rest


def _clause_values(verb) -> list:
    """The complements of a relative clause's or a participle's verb that modifies a noun:
    its object or complement ("that supports *Google*", "costing *€900*"), else the objects
    of its prepositions ("that works *with HomeKit*", "priced *below €1,000*")."""
    return [c for c in verb.children if c.dep_ in ("dobj", "attr", "acomp", "oprd")] \
        or [g for c in verb.children if c.dep_ == "prep" for g in c.children
            if g.dep_ == "pobj"]


def _fronted_group(match, ctx: FrameContext):
    """(rows, tokens) of the group a phrase of the predicate names before its subject
    with one of the lexicon's superlative_group_preps ("*of the three direct-drive
    trainers*, only the X lacks ...", "*among the glass kettles*, only the A has ..."):
    the rows the noun's modifiers pick, every row when it has none; None when there is no
    such phrase (or its object is a pronoun, ``_of_a_group_before``'s); False when its
    words pick no rows or its number is not theirs."""
    doc = ctx.doc
    scope = match.slots.get("scope", ())
    if not scope:
        return None
    preps = ctx.lexicon.superlative_group_preps
    verb = doc[scope[0]].head
    for c in verb.children:
        if c.dep_ != "prep" or c.lower_ not in preps or c.i > min(scope):
            continue
        objects = [o for o in c.children if o.dep_ == "pobj"]
        if len(objects) != 1 or objects[0].pos_ == "PRON":
            return None
        noun = objects[0]
        if noun.pos_ != "NOUN":
            return False
        if any(_restricting(k, ctx) for k in noun.children):
            rows = _restricted(noun, ctx)
            if rows is None:
                return False
        else:
            rows = np.ones(ctx.table.n_rows, dtype=bool)
        sizes = [_count(k) for k in noun.children if k.dep_ == "nummod"]
        if sizes and sizes[0] != _n(rows):
            return False
        return rows, tuple(t.i for t in c.subtree)
    return None


def _kind_rows(match, ctx: FrameContext) -> tuple[np.ndarray, tuple[int, ...]] | None:
    """The rows "the only N" sets its row against, and the columns read: every row, or
    those the noun's other modifiers pick ("the only *glass* kettle"); None when a modifier
    is no value."""
    doc, t = ctx.doc, ctx.table
    mask = np.ones(t.n_rows, dtype=bool)
    found = _only_noun(match, ctx)
    if found is None:
        return mask, ()
    noun, only = found
    predicate = noun.head
    if any(c.dep_ == "advcl" and any(g.dep_ == "mark" for g in c.children)
           or c.dep_ == "prep" and c.lower_ in ctx.lexicon.superlative_scope_preps
           for c in predicate.children):
        return None  # "if you're shopping under $200, ...", "among the glass ones, ...":
        # a group the clause sets up, which the words do not pick out of the table
    mods = [c for c in noun.children if c.dep_ in ("amod", "compound", "nmod")
            and c.i != only.i]
    if not mods:
        return mask, ()
    read = _modifier_predicates(mods, ctx)
    if read is None:
        return None
    mask, columns, mods = read
    words = {t_.i for m in mods for t_ in m.subtree if not t_.is_punct}
    if words:
        hits = [h for h in ctx.linker.value_hits(doc, min(words), noun.i)
                if h.col is not None and h.col != t.key]
        covered = {i for h in hits for i in range(h.start, h.end)}
        view = doc_view(doc)
        # "the only *battery-powered* speaker": a participle hyphen-joined after a value
        # says the row has it, as in the scope's modifiers (``_restricted``)
        covered.update(i + 2 for i in list(covered) if hyphen_joined(view, i)
                       and view.tag[i + 2] == "VBN")
        if not words <= covered:
            return None
        for h in hits:
            mask &= row_mask(t.n_rows, h.rows)
        columns.extend(h.col for h in hits)
    return mask, tuple(dict.fromkeys(columns))


def _modifier_claim(match, ctx: FrameContext) -> bool:
    """The claim of "the only N" is its noun's modifiers ("the Avon is the only *glass*
    kettle"): every value the frame binds modifies the noun "only" does."""
    found = _only_noun(match, ctx)
    return found is not None and all(ctx.doc[v].head.i == found[0].i and v != found[1].i
                                     for v in match.slots["value"])


def _negated(v: int, ctx: FrameContext) -> bool:
    """A negation on the predicate or its value ("are not", "have no timer")."""
    tok = ctx.doc[v]
    nodes = [tok, *list(tok.ancestors)[:2]]
    return any(c.dep_ == "neg" or c.lower_ in ctx.group("negation_determiners")
               and c.dep_ == "det" for node in nodes for c in node.children)


def _lacks(v: int, ctx: FrameContext) -> bool:
    """The predicate's verb says the value is missing ("lacks a pulse setting")."""
    verbs = ctx.group("negation_verbs")
    heads = ctx.lexicon.negating_heads  # "the only kettle *without* a timer"
    return any(node.lemma_.lower() in verbs or node.dep_ == "prep" and node.lower_ in heads
               for node in list(ctx.doc[v].ancestors)[:2])


def _decide(kind: str, k_min: int, k_max: int, size: int, n: int | None):
    """True / False / None for the quantifier ``kind`` when between ``k_min`` and ``k_max``
    of ``size`` rows satisfy the predicate."""
    if kind == "all":
        return True if k_min == size else False if k_max < size else None
    if kind == "none":
        return True if k_max == 0 else False if k_min > 0 else None
    if kind == "most":
        return True if 2 * k_min > size else False if 2 * k_max <= size else None
    if kind == "exactly":
        return True if k_min == k_max == n else False if k_max < n or k_min > n else None
    if kind == "at least":  # "two of the three": fewer refutes, more is left open
        return True if k_min == k_max == n else False if k_max < n else None
    return None


def _reading(match, ctx: FrameContext):
    """(kind, count, stated group size) of the quantifier's words, or None."""
    doc = ctx.doc
    q_ids = match.slots["quantifier"]
    words = {doc[i].lower_ for i in q_ids}
    # a restrictor right before the count that the frame left out of the slot ("*exactly*
    # two of the drones", which the parse hangs on the count or on the verb)
    first = min(q_ids)
    if first > 0 and doc[first - 1].dep_ in ("advmod", "quantmod") \
            and doc[first - 1].lower_ in ctx.group("quantifier_restrictors"):
        words.add(doc[first - 1].lower_)
    # (a figure with its unit is a measure of the rows, not their count: "both *36 V* models")
    counts = [c for c in (_count(doc[i]) for i in q_ids if not ctx.measure(i)) if c is not None]
    size = None
    for i in match.slots.get("scope", ()):  # "two of the three kettles", "the 4 tents"; a number
        # after the noun is part of a name ("the Arc Pro 7"), not the group's size
        sizes = [_count(c) for c in doc[i].children if c.dep_ == "nummod" and c.i not in q_ids
                 and c.i < i and not ctx.measure(c.i)]
        size = next((s for s in sizes if s is not None), size)
    if words & ctx.group("quantifiers_dual"):
        size = 2
    if words & ctx.group("quantifiers_universal") and words & ctx.group("quantifier_exceptions"):
        return ("all_but", counts[0], size) if counts else None  # "all but one of the ..."
    if words & ctx.group("quantifiers_universal"):
        return "all", None, counts[0] if counts else size
    if words & ctx.group("quantifiers_negative"):
        return "none", None, size
    if words & ctx.group("quantifiers_majority"):
        return "most", None, size
    fractions = ctx.lexicon.quantifier_fractions
    shares = [doc[i] for i in q_ids if doc[i].lower_ in fractions]
    if shares:  # "half of the drills"; not "about half", "more than half"
        restrictors = ctx.group("quantifier_restrictors")
        if any(c.dep_ in ("advmod", "quantmod", "amod") and c.lower_ not in restrictors
               or c.lower_ in ctx.lexicon.comparison_cues for c in shares[0].children):
            return None
        return "fraction", float(fractions[shares[0].lower_]), size
    if counts and words & ctx.group("quantifier_restrictors"):
        return "exactly", counts[0], size
    if words & ctx.group("quantifier_restrictors"):
        return "only", None, size
    scope = doc[match.slots["scope"][0]]
    if counts and (scope.head.head.i in q_ids  # partitive: "two of the three kettles"
                   or scope.head.dep_ == "prep" and scope.head.head.i == doc[q_ids[0]].head.i):
        return "at least", counts[0], size  # (or fronted: "of the six mowers, three ...")
    if counts and _bare_count(q_ids, scope):
        # "66 products are made by Quasa"; not "in all, two juicers ..." (a total the
        # aggregate queries read, with the words around it).  A quantifier of a clause
        # coordinated with its own subject is that clause's ("three rinks are open
        # year-round, and *each* of them ...")
        view = doc_view(doc)
        own = clause_head(view, scope.i)
        words = ctx.group("quantifiers")
        if not any(t.lower_ in words and clause_head(view, t.i) == own
                   for t in scope.sent if t.i not in q_ids):
            return "at least", counts[0], None
    return None


def _antecedent(match, ctx: FrameContext) -> np.ndarray | None:
    """The rows of the group a quantifier with no noun of its own refers back to ("two of
    the routers offer mesh, and *both* cost more than $150", "both of *them*"): those the
    nearest quantifier claim before it says hold its predicate, when the cells agree with
    its count (the two rows with mesh); None when there is no such claim or the cells do
    not single its group out (three rows with mesh for "two of")."""
    return group_named_before(ctx, min(match.tokens()), match)


def group_named_before(ctx: FrameContext, first: int, match=None) -> np.ndarray | None:
    """:func:`_antecedent` of a word at token ``first`` (a quantifier's, or the pronoun of
    "the cheapest *of those*"): the rows the nearest quantifier claim before it says hold
    its predicate, when the cells single them out; else None."""
    earlier = [m for m in ctx.frames if m.evaluator == EVALUATOR and m is not match
               and m.slots.get("scope") and m.slots.get("value") and max(m.tokens()) < first]
    if not earlier:
        return _names_before(ctx, first)
    m = _without_members(max(earlier, key=lambda m: max(m.tokens())), ctx)
    reading = _reading(m, ctx)
    scope = _scope_rows(m, ctx) if reading is not None else None
    if scope is None or _refers_back(list(m.slots["scope"]), ctx):
        return None
    kind, count, size = reading
    n = ctx.table.n_rows
    in_scope = scope[0] if scope[0] is not None else np.ones(n, dtype=bool)
    if kind == "only":
        return in_scope  # "only the Atlas and the Vega ..., and both ..."
    if kind == "all" and scope[0] is not None:
        # "*both Petalo models* carry ..., and neither ...": the rows the scope picked,
        # whatever the first predicate says of them (its own claim checks that)
        return in_scope
    if kind == "fraction":  # "half of the six drills": exactly that share of them
        share = count * (size if size is not None else _n(in_scope))
        if not float(share).is_integer():
            return None
        kind, count = "exactly", int(share)
    if kind not in ("at least", "exactly", "all"):
        return None
    held = in_scope.copy()
    for v in m.slots["value"]:
        found = _predicate(v, ctx)
        if found is None:
            return None
        mask, decides, _ = found
        if decides is not None and not decides[in_scope].all():
            return None  # a cell of the group that does not decide: the group is unsure
        held &= ~mask if _lacks(v, ctx) else mask
    if kind == "all":
        return in_scope if _n(held) == _n(in_scope) else None
    return held if _n(held) == count else None


def _names_before(ctx: FrameContext, first: int) -> np.ndarray | None:
    """The rows a coordinated subject names before token ``first`` in its sentence ("*the
    Canopia Trek and the Jungleden Pro* include a net, and both ..."), or a subject and
    its verb's object that each name one row ("*Langness* edged *Westray Sound* ..., after
    both teams won six golds"): the nearest such subject, two rows or more; None when
    there is none."""
    doc = ctx.doc
    start = doc[first].sent.start
    for i in range(first - 1, start - 1, -1):
        tok = doc[i]
        if tok.dep_ not in ("nsubj", "nsubjpass"):
            continue
        if not tok.conjuncts:
            objects = [c for c in tok.head.children if c.dep_ == "dobj"]
            rows = [ctx.rows_named(t.i) for t in (tok, *objects)]
            if len(objects) == 1 and all(r is not None and len(r) == 1 for r in rows) \
                    and rows[0][0] != rows[1][0]:
                return row_mask(ctx.table.n_rows, [rows[0][0], rows[1][0]])
            continue
        rows = [ctx.rows_named(t.i) for t in (tok, *tok.conjuncts)]
        if all(r is not None and len(r) == 1 for r in rows) and len({r[0] for r in rows}) > 1:
            mask = np.zeros(ctx.table.n_rows, dtype=bool)
            mask[[r[0] for r in rows]] = True
            return mask
        return None  # the nearest coordinated subject names something else
    return None


def _bare_count(q_ids, scope) -> bool:
    """A count alone before a plural common noun with no determiner ("66 products", not
    "the 4 tents", "its 3 colours", "all four tents"), and with no words of its own ("over
    60 products", "four of five titles": a bound, a group's size): a count of rows, as "66
    of the products" is."""
    count = scope.doc[q_ids[0]]
    return len(q_ids) == 1 and count.head.i == scope.i and count.i < scope.i \
        and next(iter(count.children), None) is None \
        and scope.pos_ == "NOUN" and scope.tag_ == "NNS" \
        and not any(c.dep_ in ("det", "predet", "poss", "nmod") for c in scope.children)


@register(EVALUATOR)
def quantifier(match, ctx: FrameContext) -> Finding | None:
    """Does the predicate hold of the rows the quantifier says it does?"""
    t = ctx.table
    if t.n_rows < 2 or not all(match.slots.get(s) for s in ("quantifier", "value")):
        return None
    if match.slots.get("member"):
        return _one_of(match, ctx)
    listed = _listed_members(match, ctx)
    if listed is not None:  # "..., the Canopia Trek and the Jungleden Pro": members said
        match = _without_members(match, ctx, listed)
    if all(_appended(v, ctx) for v in match.slots["value"]):
        return None  # "use LiFePO4 cells*, the exception being* the Voltaro 300": an aside
    # "..., and both cost more than $150", "both of them": the group the text named before
    group = _antecedent(match, ctx) if not match.slots.get("scope") \
        or _refers_back(list(match.slots["scope"]), ctx) else None
    if group is None and (not match.slots.get("scope") or _named_before(match, ctx) and not all(
            _row_it_stands_for(ctx, i) for i in match.slots["scope"])):
        return None  # "..., and each of *them*": a group named before, not found ("it":
        # the one row the claims resolved)
    reading = _reading(match, ctx)
    if reading is None:
        return None
    kind, count, size = reading
    if kind == "only" and any(_set_off(v, ctx) for v in match.slots["value"]):
        return None  # "the only manual machine*, with* a 2.1 L tank": said of the row, no
        # kind of machine (quantifier-only-noun-modifier-set-off reads "only manual")
    if kind == "only" and group is None and _of_a_group_before(match, ctx):
        return None  # "..., and *of them* only the Pukeko has ...": the group named before,
        # not every row
    picking_columns: list[int] = []  # the columns the scope's modifiers read
    if group is None:
        items = _over_items(match, ctx, kind, count, size)
        if items is not None:
            return items
        excepting = _exceptions(match, ctx)
        if excepting is None:
            return None
        scope_ids, excepted = excepting
        if excepted is not None and kind == "all_but" and _n(excepted) == count:
            kind = "all"  # "all but one ..., the exception being the A": the rest hold
        if excepted is not None and kind not in ("all", "none"):
            return None
        scope = _scope_rows(match, ctx, scope_ids, picking_columns)
        if scope is None:
            return None
        in_scope, named = scope  # in_scope None: every row of the table
    else:
        if kind not in ("all", "none") or size is not None and size != _n(group):
            return None
        in_scope, named, scope_ids, excepted = group, True, [], None
        if match.slots.get("scope"):
            # "..., and every one of them *except the Wavelle* also has ...": the group's
            # rows but those, which the rest of the check reads the other way
            excepting = _exceptions(match, ctx)
            if excepting is None:
                return None
            if excepting[1] is not None:
                if (excepting[1] & ~group).any():
                    return None  # an exception outside the group
                excepted = excepting[1]
    n = t.n_rows
    if kind == "all_but":  # every row of the group but ``count``: exactly the others
        kind, count = "exactly", _size(in_scope, n) - count
    if kind == "fraction":  # "half of the six drills": exactly three of them
        share = count * (size if size is not None else _size(in_scope, n))
        if not float(share).is_integer():
            return None  # "half of the five": no whole number of rows to count
        kind, count = "exactly", int(share)
    n_whole = _size(in_scope, n)  # the group a stated size counts, exceptions included
    if excepted is not None:
        if not _both(excepted, in_scope).any():
            return None
        in_scope = ~excepted if in_scope is None else in_scope & ~excepted
    n_scope = _size(in_scope, n)  # counted over the mask: no list of the rows is made
    if kind == "only" and not named:
        return None
    if size is not None and size != n_whole and group is None and in_scope is None \
            and excepted is None:
        # "Langness edged Westray Sound ..., after *both teams* won six golds": the rows of
        # the table's kind the sentence named just before, when they are that many
        before = _names_before(ctx, min(match.tokens()))
        if before is not None and _n(before) == size:
            in_scope, named, n_whole, n_scope = before, True, size, size
    if size is not None and size != n_whole:
        if named or _refers_back(scope_ids, ctx):
            return None
        rows = np.arange(n) if in_scope is None else np.flatnonzero(in_scope)
        cells = tuple((int(r), t.key) for r in rows[:MAX_CELLS])
        return Finding(False, rows, f"the text speaks of {size}, the table "
                       f"has {len(rows)} rows", cells=cells, reason=Reason.GROUP_SIZE_DIFFERS)
    if any(_negated(v, ctx) for v in match.slots["value"]):
        return None  # "all four are not waterproof": left to the negation checks
    holds = None  # None: every row (no mask made for it)
    if group is None and len(scope_ids) == 1 and _listed_rows(scope_ids, ctx) is not None:
        # "both app-connected brushes, the A and the B": the modifiers are said of the
        # rows listed, a claim of its own that each of them must hold too
        noun = ctx.doc[scope_ids[0]]
        if any(_restricting(c, ctx) and c.dep_ != "appos" for c in noun.children):
            holds = _restricted(noun, ctx)
            if holds is None:
                return None
    columns: list[int] = []
    modifier = kind == "only" and _modifier_claim(match, ctx)
    extra: tuple[int, ...] = ()
    if modifier:  # "the only glass kettle": the rows the modifiers pick, every cell deciding
        picked = _kind_rows(match, ctx)
        if picked is None or not picked[1]:
            return None
        holds, columns = picked[0], list(picked[1])
        noun = _only_noun(match, ctx)[0]
        extra = tuple(t_.i for t_ in noun.subtree if t_.i <= noun.i)
    elif group is None and named and not any(ctx.rows_named(i) for i in scope_ids):
        # "the American and United flights both ...": the words that picked the rows were
        # read, every one of them (not so the words around names of rows), with the rest
        # of the claim's words, from the first to the end of its last value's phrase
        picking = {t_.i for i in scope_ids for c in ctx.doc[i].children
                   if _restricting(c, ctx) for t_ in c.subtree}
        if picking:
            ids = picking | set(match.tokens())
            end = max([max(ids) + 1] + [ctx.phrase_span(v)[1] for v in match.slots["value"]])
            start = min(ids)
            verb = _conjoined_predicate(match, ctx)
            if verb is None:
                extra = tuple(range(start, end))
            else:
                # "both Vessel models are waterproof and *cost under $300*": the subject's
                # words and this predicate's, not the predicate coordinated before it
                first, conj = verb
                extra = tuple(sorted({*range(start, first), *range(conj, end), *ids}))
    # the rows sure to hold it, and those that may (their cell does not decide): each
    # value must hold, but values joined by a disjunction ("made of pine *or* cedar")
    # hold together when either does
    sure = maybe = holds
    values = () if modifier else match.slots["value"]
    groups: dict[int, tuple[np.ndarray | None, np.ndarray | None]] = {}
    for v in values:
        found = _sure_and_maybe(v, ctx)
        if found is None:
            return None
        one, cols = found[:2], found[2]
        key = _disjoined_to(v, values, ctx)
        if key in groups:
            groups[key] = (_either(groups[key][0], one[0]), _either(groups[key][1], one[1]))
        else:
            groups[key] = one
        columns.extend(c for c in cols if c not in columns)
    for s_, m_ in groups.values():
        sure, maybe = _both(sure, s_), _both(maybe, m_)
    if excepted is not None:
        # the rest as the quantifier says, the excepted rows the other way
        other = "none" if kind == "all" else "all"
        inside = _decide(kind, _n(sure & in_scope), _n(maybe & in_scope), n_scope, None)
        outside = _decide(other, _n(sure & excepted), _n(maybe & excepted), _n(excepted),
                          None)
        decided = (False if False in (inside, outside) else
                   True if inside and outside else None)
        read = in_scope | excepted
    elif kind == "only":
        # "the only *glass* kettle with a timer": among the glass ones; "the only glass
        # kettle": among every row (the modifiers are the claim)
        picked = (np.ones(n, dtype=bool), ()) if modifier else _kind_rows(match, ctx)
        if picked is None:
            return None
        kin = picked[0]
        fronted = _fronted_group(match, ctx)
        if fronted is False:
            return None
        if fronted is not None:
            # "*of the three direct-drive trainers*, only the X ...": among those rows
            kin = kin & fronted[0]
            if in_scope is not None and (in_scope & ~kin).any():
                return None  # the row named is none of the group
            # (its words, and the claim's from its first word to its last value's end:
            # a check that names its words accounts for those only)
            end = max([max(match.tokens()) + 1]
                      + [ctx.phrase_span(v)[1] for v in match.slots["value"]])
            extra = tuple(sorted({*extra, *fronted[1], *range(min(match.tokens()), end)}))
        others = ~in_scope & kin
        inside = _decide("all", _n(sure & in_scope), _n(maybe & in_scope), n_scope, None)
        outside = _decide("none", _n(sure & others), _n(maybe & others), _n(others), None)
        decided = (False if False in (inside, outside) else
                   True if inside and outside else None)
        read = in_scope | kin
    else:
        decided = _decide(kind, _n(_both(sure, in_scope)), _n(_both(maybe, in_scope)),
                          n_scope, count)
        read = in_scope
    but = "" if excepted is None else " except " + ", ".join(
        t.row_name(int(r)) for r in np.flatnonzero(excepted))
    included = None if kind == "only" or excepted is not None else _inclusions(match, ctx)
    if included is None and kind != "only" and excepted is None:
        return None  # a member the text names is no row of the table
    members_said = [] if listed is None else [(*listed[1:], False)]
    if included is not None and included[1] is not None:
        if read is not None and (included[1] & ~read).any():
            return None  # a member outside the group the quantifier ranges over
        members_said.append((*included, False))
    also = _said_also(match, ctx) if kind in ("all", "none") and excepted is None else None
    if also is not None:
        # "every drill with a 13 mm chuck comes with two batteries, *and so does the
        # EasyDrive 18*": the row named after it holds the predicate too (or, after "none",
        # does not), in the group or not
        members_said.append((*also, True))
    for words_in, members, besides in members_said:
        # a member must hold it as the quantifier says of the group: hold it ("three of
        # the five, including the A"), or not ("none of them, including the A")
        failing, open_ = _members_fail(kind, members, sure, maybe, n)
        if failing.any():
            decided = False
            wrong = ", ".join(t.row_name(int(r)) for r in np.flatnonzero(failing))
            how = "said to as well" if besides else "named among them"
            but += f"; {wrong}, {how}, " + ("does" if kind == "none" else "does not")
        elif decided and open_:
            decided = None  # a member whose cell does not decide
        extra = tuple(sorted({*extra, *words_in}))
    if decided is None:
        return None
    # the rows that hold it, counted over the column at once; only the few the
    # explanation and the evidence show are found one by one
    held = _both(sure, read)
    n_held = _n(held)
    said = ", ".join(t.row_name(r) for r in first_rows(held, 6)) + (
        " ..." if n_held > 6 else "")
    # the cells of the values, then those of the modifiers that picked the rows
    columns.extend(c for c in picking_columns if c not in columns)
    k = MAX_CELLS // max(len(columns), 1) + 1
    first = list(range(min(k, n))) if read is None else first_rows(read, k)
    cells = tuple((r, c) for r in first for c in columns)[:MAX_CELLS]
    rows = range(n) if read is None else MaskRows(read)
    # (not a figure with its unit the frame took for a count: "both *36 V* models")
    words = [i for i in match.slots["quantifier"] if not ctx.measure(i)]
    return Finding(decided, rows,
                   f"{n_held} of {len(rows)} rows hold it ({said or 'none'}); the text says "
                   f"{ctx.phrase(words)}{but}",
                   cells=cells, tokens=extra,
                   reason=Reason.QUANTIFIER_HOLDS if decided else Reason.QUANTIFIER_FAILS)


def _one_of(match, ctx: FrameContext) -> Finding | None:
    """"The VarioTemp is one of just two kettles that keep water warm": exactly N rows hold
    the predicate (``value``), and the ``member`` row is among them; refuted when the
    member's cell fails it or the rows that hold it are another number.  The group's noun
    must name the table's rows (no modifier of its own picks some of them)."""
    t = ctx.table
    doc = ctx.doc
    (q,) = match.slots["quantifier"][:1]
    count = _count(doc[q])
    scope = doc[match.slots["scope"][0]]
    if count is None or any(c.dep_ in ("amod", "compound") for c in scope.children):
        return None
    member = ctx.rows_named(match.slots["member"][0])
    if not member or len(member) != 1:
        return None
    if any(_negated(v, ctx) for v in match.slots["value"]):
        return None  # "one of two kettles that are not cordless": left to the negation checks
    sure = maybe = None
    columns: list[int] = []
    for v in match.slots["value"]:
        found = _sure_and_maybe(v, ctx)
        if found is None:
            return None
        sure, maybe = _both(sure, found[0]), _both(maybe, found[1])
        columns.extend(c for c in found[2] if c not in columns)
    n = t.n_rows
    sure = np.ones(n, dtype=bool) if sure is None else sure
    maybe = np.ones(n, dtype=bool) if maybe is None else maybe
    r = member[0]
    n_sure, n_maybe = _n(sure), _n(maybe)
    if not maybe[r] or n_maybe < count or n_sure > count:
        decided = False
    elif sure[r] and n_sure == n_maybe == count:
        decided = True
    else:
        return None
    said = ", ".join(t.row_name(i) for i in first_rows(sure, 6))
    first = list(range(min(MAX_CELLS // max(len(columns), 1) + 1, n)))
    return Finding(decided, range(n),
                   f"{n_sure} of {n} rows hold it ({said or 'none'}); the text says "
                   f"{t.row_name(r)} is one of {doc[q].text}",
                   cells=tuple((i, c) for i in first for c in columns)[:MAX_CELLS],
                   tokens=tuple(range(min(match.tokens()), max(match.tokens()) + 1)),
                   reason=Reason.QUANTIFIER_HOLDS if decided else Reason.QUANTIFIER_FAILS)


def _appended(v: int, ctx: FrameContext) -> bool:
    """The value is a second object or complement of its predicate, set off by a comma
    after the first ("all but one use LiFePO4 cells*, the exception* being the Voltaro
    300"): an aside on the rows, not a value the predicate claims of them."""
    tok = ctx.doc[v]
    return tok.dep_ in ("dobj", "attr") and _after_a_comma(tok) and any(
        c.dep_ == tok.dep_ and c.i < tok.left_edge.i for c in tok.head.children)


def _set_off(v: int, ctx: FrameContext) -> bool:
    """The value's preposition is set off from the noun it hangs on by a comma ("the only
    manual machine*, with* a 2.1 L tank"): a description of the row, not of the kind."""
    doc = ctx.doc
    prep = doc[v].head
    return doc[v].dep_ == "pobj" and prep.dep_ == "prep" and prep.i > 0 \
        and doc[prep.i - 1].is_punct and doc[prep.i - 1].head.i == prep.head.i


def _conjoined_predicate(match, ctx: FrameContext) -> tuple[int, int] | None:
    """When the values hang on a predicate coordinated with the subject's own ("both models
    are waterproof and *cost* under $300"): (the subject's own predicate, the coordinated
    one), the words from the first to the second being the other predicate's; else None."""
    view = doc_view(ctx.doc)
    head, dep = view.head, view.dep
    verbs = set()
    for v in match.slots["value"]:
        up = head[v]
        if dep[v] in ("pobj", "amod") and dep[up] in ("prep", "agent"):
            up = head[up]
        verbs.add(up)
    if len(verbs) != 1:
        return None
    (verb,) = verbs
    if dep[verb] != "conj" or head[verb] == verb:
        return None
    return head[verb], verb


def _sure_and_maybe(v: int, ctx: FrameContext):
    """(the rows sure to hold the predicate at value ``v``, those that may: their cell does
    not decide, the columns read), a verb of lacking turning it ("lacks a timer"); None
    when no column tells."""
    found = _predicate(v, ctx)
    if found is None:
        return None
    mask, decides, cols = found
    mask = ~mask if _lacks(v, ctx) else mask
    return _both(mask, decides), (mask if decides is None else mask | ~decides), cols


def _disjoined_to(v: int, values, ctx: FrameContext) -> int:
    """The first conjunct of the disjunction value ``v`` is a later conjunct of ("cedar" of
    "pine or cedar": pine; lexicon ``disjunctions``), else ``v`` itself."""
    doc = ctx.doc
    tok = doc[v]
    words = ctx.lexicon.disjunctions
    while tok.dep_ == "conj" and tok.head.i != tok.i and tok.head.i in values \
            and any(c.dep_ == "cc" and c.lower_ in words for c in tok.head.children):
        tok = tok.head
    return tok.i


def _either(a: np.ndarray | None, b: np.ndarray | None) -> np.ndarray | None:
    """The rows in either mask, where None stands for every row."""
    return None if a is None or b is None else a | b


def _both(a: np.ndarray | None, b: np.ndarray | None) -> np.ndarray | None:
    """The rows in both masks, where None stands for every row (no mask made for it)."""
    return b if a is None else a if b is None else a & b


def _size(mask: np.ndarray | None, n_rows: int) -> int:
    """How many rows a mask holds, None being every row."""
    return n_rows if mask is None else _n(mask)


def _n(mask: np.ndarray) -> int:
    """How many rows a mask holds (``np.count_nonzero``: no sum over a copy of it)."""
    return int(np.count_nonzero(mask))

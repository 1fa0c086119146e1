"""Superlatives over every row: "the lightest of the three laptops", "the highest rated".

Decides the ``superlative`` hypotheses: the direction and column the word names (see
:mod:`~depcheck.evaluators.level`), and whether the named row holds the extreme of that
column over all rows; the evidence lists every cell of a small table, or of a catalog the
named row and the rows holding the extreme.
"""

from __future__ import annotations

import numpy as np

from ..compiled import clock_minutes
from ..extract import Mention
from ..link import stem
from ..parse import span_text
from ..reasons import Reason
from ..report import REFUTED, SUPPORTED, Link
from ..values import norm_text, parse_number
from . import register, row_mask
from .context import ClaimContext, RowRef
from .level import comparison_attribute, direction_of, inversely_graded, sort_keys
from .outcome import MAX_EVIDENCE_ROWS, Outcome, cells

EVALUATOR = "superlative"  # the name its hypotheses trace

MAX_EVIDENCE_WINNERS = 8  # beyond: the rows holding the extreme that its evidence lists


def evidence_rows(winners: np.ndarray, row: int, n_rows: int) -> tuple[int, ...]:
    """The cells a superlative shows: every compared cell of a small table; of a catalog,
    the row the text names and the (first few) rows that hold the extreme (the comparison
    itself ran over the whole column)."""
    if n_rows <= MAX_EVIDENCE_ROWS:
        return tuple(range(n_rows))
    return tuple(sorted({row, *winners[:MAX_EVIDENCE_WINNERS].tolist()}))


@register(EVALUATOR)
def superlative(ctx: ClaimContext, m: Mention, ref: RowRef | None) -> Outcome | None:
    tok = ctx.toks[m.head]
    if _among_a_number(tok):
        return None  # "one of the cheapest teas": among the first few, no extreme
    if _majority_of(ctx, tok):
        return None  # "sells out *most days*": a share of the days, no extreme
    direction = direction_of(ctx, tok)
    attr = comparison_attribute(ctx, tok)
    if ref is None or direction is None or attr is None or ctx.table.n_rows < 2:
        return None
    col, link = attr
    if link.method == "lexicon-inverse":
        direction = "lower" if direction == "higher" else "higher"
    own = _column_of_its_figure(ctx, tok, ref, col)
    if own is not None:
        # "conceded 68 goals, *the most*": the column that holds the row's figure (Goals
        # against), not the first the noun names (Goals for); graded as that column is
        direction = direction_of(ctx, tok)
        spec = ctx.lexicon.comparatives.get(tok.lemma_.lower())
        if inversely_graded(spec, own):
            direction = "lower" if direction == "higher" else "higher"
        col, link = own, Link(link.mention, own.name, "figure-column", link.score, own.name)
    keys = sort_keys(ctx, col)
    if keys is None or _no_key(ctx, col, keys):
        return None
    r = ref.rows[0]
    rank = _rank(ctx, tok)
    words = _scope_words(ctx, tok, col)
    scope = _scope(ctx, tok, col, words)
    if scope is None:
        return None  # the words name rows the table does not tell apart: undecided
    rows, said, read = scope
    if not rows[r]:
        return None  # the named row is not among the rows the text ranks it with
    group = _group_size(ctx, words[2])
    if group is not None and group[0] != int(rows.sum()) and _restricted(ctx, group[1], read):
        return None  # "of the three hotels *with a pool*": a group its words restrict
        # and the scope did not read, so no size of the table's rows
    if group is not None and group[0] != int(rows.sum()):
        # "the lightest of the *six* laptops" of five: the group it is ranked in is not
        # the table's
        among = f"all {ctx.table.n_rows} rows" if not said else \
            f"the {int(rows.sum())} rows {said!r} names"
        return Outcome(EVALUATOR, REFUTED, Reason.GROUP_SIZE_DIFFERS.value,
                       f"the text ranks {ctx.table.row_name(r)} among {group[0]:g}; the "
                       f"table has {among}", link, None, cells(col, (r,)), [col.name],
                       {"comparator": direction, "comparands": said or "all rows",
                        "tokens": sorted({tok.i, *read, *group[1]})})
    found = _extreme(ctx, col, keys, rows, said, rank, direction)
    if found is None:
        return None
    best, winners = found  # winners: read, the first and a few as evidence
    holds = bool(keys[r] == best)
    word = ("highest" if direction == "higher" else "lowest") if rank == 1 else \
        f"{'highest' if direction == 'higher' else 'lowest'} but {rank - 1}"
    among = f"of all {ctx.table.n_rows}" if not said else \
        f"of the {int(rows.sum())} rows {said!r} names"
    return Outcome(EVALUATOR, SUPPORTED if holds else REFUTED,
                   "superlative holds" if holds else "superlative false",
                   f"{word} {col.name} {among} is "
                   f"{ctx.table.row_name(int(winners[0]))} ({col.raw[int(winners[0])]}); "
                   f"{ctx.table.row_name(r)} has {col.raw[r]}",
                   link, None, cells(col, evidence_rows(winners, r, ctx.table.n_rows)),
                   [col.name],
                   {"comparator": direction, "comparands": said or "all rows",
                    **({"rank": rank} if rank > 1 else {}),
                    # the words of the rows it ranged over were read too ("*wireless*"),
                    # and the group's size, when stated and right ("*Of the five ports*,
                    # Avonford has the greatest range")
                    **({"tokens": sorted({tok.i, *read, *(group[1] if group else ())})}
                       if said or group else {})})


def _column_of_its_figure(ctx: ClaimContext, tok, ref: RowRef | None, col):
    """The numeric column other than ``col`` in which the named row holds the figure the
    superlative's own phrase gives (the figure it is set off beside, "conceded *68* goals,
    the most"; or one set off beside its noun, "the fastest swim (*19:38*)", "the
    highest tides, *5.1* m"), when exactly one column of the row holds it; else None."""
    if ref is None or len(ref.rows) != 1 or col.index == ctx.table.key:
        return None
    figure = _stated_figure(tok, ctx.lexicon.measure_prepositions)
    if figure is None:
        return None
    q = clock_minutes(figure.text)
    value = q.value if q is not None else parse_number(figure.text)
    if value is None:
        return None
    r = ref.rows[0]
    t = ctx.table
    holding = [c for c in t.columns if c.kind == "number" and c.index != t.key
               and not np.isnan(c.num[r]) and np.isclose(c.num[r], value)]
    if len(holding) != 1 or holding[0].index == col.index:
        return None
    return holding[0]


def _stated_figure(tok, measure_preps):
    """The figure a superlative's phrase states of the row: the figure of the noun it is
    set off beside as an apposition ("68 goals, *the most*"), or the figure set off beside
    the noun it modifies ("the fastest swim (19:38)", "the highest tides, 5.1 m") or joined
    to it by one of the lexicon's ``measure_prepositions`` ("the lowest water *at 0.4 m*",
    "has the lowest price *at €28*")."""
    def figure_of(word):
        if word.like_num:
            return word
        return next((c for c in word.children if c.dep_ == "nummod" and c.like_num), None)

    if tok.dep_ == "appos" and tok.head.i != tok.i:
        return figure_of(tok.head)
    if tok.dep_ == "amod" and tok.head.pos_ == "NOUN":
        noun = tok.head
        # (the preposition right after the noun's phrase, which the parse may hang on the
        # verb: "has the lowest price *at €28*")
        after = [c for c in noun.head.children if c.i == noun.right_edge.i + 1] \
            if noun.dep_ in ("dobj", "attr") else []
        for c in (*noun.children, *after):
            # (not a group the rows are ranked in: "of *the* three", "of *all* three")
            said = [c] if c.dep_ == "appos" and c.head.i == noun.i else [
                o for o in c.children if o.dep_ == "pobj" and not any(
                    d.dep_ in ("det", "predet") for d in o.children)] \
                if c.dep_ == "prep" and c.lower_ in measure_preps else []
            for word in said:
                found = figure_of(word)
                if found is not None:
                    return found
    return None


# the parts of speech of words that restrict a group ("hotels *with* a *pool*")
_RESTRICTING = frozenset({"NOUN", "PROPN", "ADJ", "VERB", "NUM"})


def _restricted(ctx: ClaimContext, group: set[int], read) -> bool:
    """The group's nouns have a word under them (``group``: its tokens, of
    ``_group_size``) that the scope did not read (``read``): "the three hotels *with a
    pool*", "the four *waterproof* models"."""
    v = ctx.view
    return any(c.i not in group and c.i not in read and v.pos[c.i] in _RESTRICTING
               for k in group if v.pos[k] == "NOUN" for c in ctx.toks[k].subtree)


def _group_size(ctx: ClaimContext, phrases: set[int]) -> tuple[float, set[int]] | None:
    """The number of rows the text ranks a superlative among, when its scope phrase (the
    tokens ``phrases``, of ``_scope_words``) states it ("the lightest of the *three*
    laptops", "*Of the nine ports*, ... the greatest"), and the tokens of that phrase;
    None when no such figure is stated."""
    v = ctx.view
    # the figure is the object of the scope's preposition ("of the three") or counts its
    # noun ("of the three laptops"), which the phrase's words leave out
    figures = sorted({c for i in phrases for c in v.children[i] if v.dep[c] == "nummod"}
                     | {i for i in phrases if v.dep[i] == "pobj"})
    for i in figures:
        if not v.like_num[i] or _coded(ctx.toks[i]):
            continue
        noun = v.head[i] if v.dep[i] == "nummod" else i
        determiners = {c for c in v.children[noun] if v.dep[c] == "det"}
        value = parse_number(v.lower[i])
        # a definite group ("of *the* three"), not a value ("the highest roll of 720")
        if determiners and value is not None and value == int(value) and value >= 2:
            return value, {k for k in phrases if k <= noun} | {i} | determiners
    return None


def _majority_of(ctx: ClaimContext, tok) -> bool:
    """A majority quantifier on a plural noun without an article ("*most* days", "most
    models"): more than half of them, not the superlative "the most points" (the
    lexicon's quantifiers_majority)."""
    if tok.lower_ not in ctx.lexicon.quantifiers_majority or tok.dep_ not in ("amod", "det"):
        return False
    noun = tok.head
    return noun.tag_ in ("NNS", "NNPS") and not any(
        c.dep_ in ("det", "poss") for c in noun.children if c.i < tok.i)


def _among_a_number(tok) -> bool:
    """The superlative's phrase is the object of a preposition hung on a number ("*one of*
    the cheapest teas", "two of the three fastest"): a claim about a group near the top,
    not that the row holds the extreme."""
    phrase = tok.head if tok.dep_ in ("amod", "advmod") and tok.head.pos_ in (
        "NOUN", "PROPN") else tok
    prep = phrase.head
    return phrase.dep_ == "pobj" and prep.dep_ == "prep" and prep.head.i != prep.i \
        and prep.head.like_num


def _column_keys(col, keys: np.ndarray) -> str | None:
    """Which of the column's own arrays the keys are (``base``, ``num``): those are the
    same for every check of the table, so what is worked out over all of them is kept."""
    return "base" if keys is col.base else "num" if keys is col.num else None


def _no_key(ctx: ClaimContext, col, keys: np.ndarray) -> bool:
    """No row has a key (every one NaN)."""
    which = _column_keys(col, keys)
    if which is None:
        return bool(np.all(np.isnan(keys)))
    memo = ctx.table.derived.setdefault("superlative.no_key", {})
    key = (col.index, which)
    if key not in memo:
        memo[key] = bool(np.all(np.isnan(keys)))
    return memo[key]


def _extreme(ctx: ClaimContext, col, keys: np.ndarray, rows: np.ndarray, said: str,
             rank: int, direction: str) -> tuple[float, np.ndarray] | None:
    """The key at the place the superlative names among ``rows`` and the rows holding
    it, or None when there are fewer distinct keys.  Over every row of a column
    (``said`` empty: ``rows`` picks them all), worked out once per compiled table."""
    which = _column_keys(col, keys) if not said else None
    memo = ctx.table.derived.setdefault("superlative.extreme", {}) if which else None
    key = (col.index, which, rank, direction)
    if memo is not None and key in memo:
        return memo[key]
    ranked = keys[rows & ~np.isnan(keys)]
    if rank == 1:  # the extreme in one pass, no sort of the column
        if not len(ranked):
            return None
        best = ranked.max() if direction == "higher" else ranked.min()
    else:
        order = np.unique(ranked)  # distinct values, ascending
        if direction == "higher":
            order = order[::-1]
        if rank > len(order):
            return None
        best = order[rank - 1]
    winners = np.flatnonzero(rows & (keys == best))
    winners.flags.writeable = False
    if memo is not None:
        memo[key] = (best, winners)
    return best, winners


def _rank(ctx: ClaimContext, tok) -> int:
    """The place a superlative names: 1, or the ordinal before it ("the second-longest",
    "the third highest"; rules/lexicon/programs.yaml ``ordinal_ranks``)."""
    ranks = ctx.lexicon.ordinal_ranks
    for c in tok.children:
        if c.i < tok.i and c.lower_ in ranks and c.dep_ in _ORDINAL_DEPS:
            return int(ranks[c.lower_])
    if tok.i >= 1 and ctx.toks[tok.i - 1].lower_ in ranks and tok.head.i != tok.i - 1:
        return int(ranks[ctx.toks[tok.i - 1].lower_])
    return 1


_ORDINAL_DEPS = frozenset({"advmod", "amod", "npadvmod", "compound", "nmod"})
# dependents of the superlative's noun that restrict the rows it ranges over ("the
# lightest *frother-equipped* machine", "the lightest drill *that comes with batteries*")
_NOUN_RESTRICTING = frozenset({"amod", "compound", "nmod", "relcl", "acl", "npadvmod"})
_CONTENT = frozenset({"NOUN", "PROPN", "ADJ", "NUM", "VERB"})


def _scope(ctx: ClaimContext, tok, col, words) -> tuple[np.ndarray, str, set[int]] | None:
    """The rows a superlative ranges over: every row, or those its words pick ("among the
    wireless models", "the lightest frother-equipped machine", "the most calories of any
    pastry"), as (mask, the words, their phrases' tokens; "" and none for every row).
    Words that name the table as a whole (its caption and key column, generic and
    collection nouns), the compared column, the group's size and row names pick no subset.
    None when a picking word is no value of the table: the subset cannot be told, and the
    superlative is not decided.  ``words``: the superlative's ``_scope_words``."""
    if _bounded_noun(ctx, tok):
        return None  # "the fastest runner *over 40*": a group by a bound this does not read
    pronoun = _group_pronoun(ctx, tok)
    if pronoun is not None:
        # "..., and the cheapest *of those* is ...": the group a quantifier claim before it
        # says holds its predicate, not every row; undecided when none singles it out
        from .quantifier import group_named_before  # (quantifier imports this module)

        group = group_named_before(ctx.frame_context(), pronoun)
        if group is None:
            return None
        prep = ctx.toks[pronoun].head
        return group, ctx.toks[pronoun].text, {prep.i, pronoun}
    return _rows_picked(ctx, words, col)


def _group_pronoun(ctx: ClaimContext, tok) -> int | None:
    """The pronoun of a group phrase hung on the superlative or its noun ("the cheapest *of
    those*", "the lightest *among them*": the lexicon's superlative_group_preps), or None."""
    group = ctx.lexicon.superlative_group_preps
    noun = _graded_noun(tok)
    for head in (tok, noun) if noun is not None else (tok,):
        for c in head.children:
            if c.dep_ == "prep" and c.lower_ in group:
                for g in c.children:
                    if g.dep_ == "pobj" and g.pos_ == "PRON" and not any(
                            k.lower_ in ctx.lexicon.quantifiers_universal for k in g.children):
                        return g.i  # (not "of them *all*": every row)
    return None


def _bounded_noun(ctx: ClaimContext, tok) -> bool:
    """The superlative's noun has a bound with a figure (the lexicon's bound prepositions:
    "the cheapest laptop *under $1,000*", "the fastest runner *over 40*"): it ranks a group
    those words pick, which the scope's words do not read."""
    noun = _graded_noun(tok)
    if noun is None:
        return False
    preps = ctx.lexicon.bound_prepositions
    return any(c.dep_ == "prep" and c.lower_ in preps and any(_figure(g) for g in c.subtree)
               for c in noun.children)


def noun_scope(ctx: ClaimContext, noun, col) -> tuple[np.ndarray, str, set[int]] | None:
    """The rows a quantified noun ranges over, as ``_scope`` reads a superlative's ("than
    any other *waterproof* speaker", "than every model *in the 4K range*"): every row, or
    those its modifiers and scope phrases pick; None when a picking word is no value."""
    preps = ctx.lexicon.superlative_scope_preps
    spans = [c for c in noun.children
             if c.dep_ in _NOUN_RESTRICTING or c.dep_ == "prep" and c.lower_ in preps]
    return _rows_picked(ctx, _words_of(ctx, spans, noun, col, modifiers_pick=True), col)


def _rows_picked(ctx: ClaimContext, found, col) -> tuple[np.ndarray, str, set[int]] | None:
    """``_scope``'s rows from the words that may pick them (see ``_scope_words``)."""
    words, heads, phrases = found
    n = ctx.table.n_rows
    rows = np.ones(n, dtype=bool)
    if not words:
        return rows, "", set()
    doc = ctx.doc
    resolved: set[int] = set()
    # a hyphen between two picking words joins them ("*dual-band* routers")
    joined = words | {i for i in phrases if ctx.toks[i].is_punct
                      and i - 1 in words and i + 1 in words}
    for s, e in _runs(sorted(joined)):
        for h in ctx.linker.value_hits(doc, s, e):
            if h.col is None or h.col in (ctx.table.key, col.index):
                continue
            rows &= row_mask(n, h.rows)
            resolved.update(range(h.start, h.end))
    for i in sorted(words - resolved):
        bool_col = _bool_column(ctx, ctx.toks[i], col)
        if bool_col is not None:
            rows &= bool_col.bools == 1
            resolved.add(i)
    # the noun a scope phrase ends on ("among the glass *kettles*", "of the four
    # *kettles*") is the kind of row unless it is a value ("of any *pastry*")
    left = [ctx.toks[i] for i in words - resolved if i not in heads]
    if any(t.pos_ in ("NOUN", "PROPN", "NUM") or t.pos_ == "ADJ" and t.tag_ != "VBN"
           for t in left):
        return None
    if not resolved:
        return rows, "", set()
    said = [i for i in phrases if ctx.toks[i].pos_ not in ("ADP", "DET")] or sorted(words)
    return rows, span_text(doc, min(said), max(said) + 1), phrases


def _runs(ids: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for i in ids:
        if out and out[-1][1] == i:
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


def _graded_noun(tok):
    """The noun a superlative modifies ("the lightest *tent*"), or None."""
    return tok.head if tok.dep_ in ("amod", "advmod", "compound") \
        and tok.head.pos_ in ("NOUN", "PROPN") else None


def _scope_words(ctx: ClaimContext, tok, col) -> tuple[set[int], set[int], set[int]]:
    """The content words that may restrict a superlative's rows (see ``_scope``), and the
    nouns among them that head a scope phrase ("among the glass *kettles*"), and every
    token of the phrases."""
    noun = _graded_noun(tok)
    if noun is None and tok.head.pos_ == "ADJ" and tok.head.dep_ == "amod" \
            and tok.head.head.pos_ in ("NOUN", "PROPN"):
        noun = tok.head.head  # "the most *expensive* tent": most -> expensive -> tent
    preps = ctx.lexicon.superlative_scope_preps
    spans = []
    if noun is not None:
        spans += [c for c in noun.children if c.i != tok.i and c.i not in _ancestors(tok)
                  and (c.dep_ in _NOUN_RESTRICTING or c.dep_ == "prep" and c.lower_ in preps
                       or c.dep_ == "nummod" and _coded(c))]
    spans += [c for c in tok.children if c.dep_ == "prep" and c.lower_ in preps]
    verb = (noun or tok).head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    spans += [c for c in verb.children if c.dep_ == "prep" and c.lower_ in preps
              and c.i < (noun or tok).i]
    return _words_of(ctx, spans, tok, col)


def _words_of(ctx: ClaimContext, spans, tok, col,
              modifiers_pick: bool = False) -> tuple[set[int], set[int], set[int]]:
    """``_scope_words`` of the restricting dependents ``spans`` of a superlative ``tok``
    (or of a quantified noun, whose modifiers pick its rows even with a figure in them:
    "any other *IP67* speaker")."""
    preps = ctx.lexicon.superlative_scope_preps
    group = ctx.lexicon.superlative_group_preps
    # a phrase with a figure states a claim of its own ("with a 4 mm drop")
    spans = [c for c in spans if c.lower_ in group or modifiers_pick and c.dep_ != "prep"
             or c.dep_ == "nummod" and _coded(c) or not any(_figure(g) for g in c.subtree)]
    # (words of the table, of the lexicon and of the compared column: looked up in each)
    table_words, lexicon_words = _table_words(ctx), _lexicon_words(ctx.lexicon)
    col_words = set(col.words.split())
    naming = {i for a, b in ctx.entity_spans for i in range(a, b)} | ctx.naming
    out: set[int] = set()
    phrases: set[int] = set()
    for c in spans:
        for t in _phrase(c):
            phrases.add(t.i)
            low, lemma = t.lower_, t.lemma_.lower()
            if t.pos_ not in _CONTENT or t.is_stop or t.i in naming or t.i == tok.i \
                    or low in table_words or low in lexicon_words or low in col_words \
                    or lemma in table_words or lemma in lexicon_words or lemma in col_words \
                    or t.lower_ in preps:
                continue
            if _figure(t) and t.dep_ in ("nummod", "pobj") and not _coded(t):
                continue  # the group's size: "of the three parks", "of the three"
            out.add(t.i)
    heads = {g.i for c in spans if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"}
    return out, heads & out, phrases


def _figure(t) -> bool:
    return t.like_num or t.pos_ == "NUM" or any(ch.isdigit() for ch in t.text)


def _coded(t) -> bool:
    """A word of digits and letters that is no amount in a unit but a value's code ("the
    cheapest *1080p* model", "*4K*", "5G", the tokenizer's "4" and "K" written as one): it
    picks rows as a word does."""
    text = t.text
    if any(ch.isdigit() for ch in text) and any(ch.isalpha() for ch in text):
        return not t.like_num
    if not text.isdigit() or t.whitespace_ or t.i + 1 >= len(t.doc):
        return False
    after = t.doc[t.i + 1]
    return after.is_alpha and after.is_upper and len(after) <= 2  # "4K", "5G", "3D"


def _phrase(c):
    """The words of a restricting dependent: a prepositional phrase's object and its
    modifiers, not the phrases hung on it ("of the three *with a 1500 W motor*"); a
    modifier's or a relative clause's whole subtree."""
    if c.dep_ != "prep":
        return list(c.subtree)
    out = [c]
    stack = [g for g in c.children if g.dep_ == "pobj"]
    while stack:
        t = stack.pop()
        out.append(t)
        stack.extend(g for g in t.children if g.dep_ in _NOUN_RESTRICTING)
    return out


def _ancestors(tok) -> set[int]:
    return {a.i for a in tok.ancestors}


def table_words(ctx: ClaimContext) -> frozenset[str]:
    """Words that name the table's rows as a whole: its caption's and key column's
    (singular and plural), found once per table, and the lexicon's
    (:func:`_lexicon_words`)."""
    return _table_words(ctx) | _lexicon_words(ctx.lexicon)


def _table_words(ctx: ClaimContext) -> frozenset[str]:
    """Words that name the table's rows as a whole: its caption's and key column's
    (singular and plural), found once per table; the lexicon's are
    :func:`_lexicon_words`."""
    t = ctx.table
    found = t.derived.get("superlative.table_words")
    if found is None:
        words = set(norm_text(f"{t.table.caption or ''} {t.key_column.name}").split())
        found = t.derived["superlative.table_words"] = _with_plurals(words)
    return found


def _lexicon_words(lexicon) -> frozenset[str]:
    """The lexicon's generic, collection and non-claim words (singular and plural), which
    name a table's rows as a whole whatever the table: built once per lexicon."""
    return lexicon.derived("superlative.lexicon_words", lambda lx: _with_plurals(
        {w.lower() for w in (*lx.generic_nouns, *lx.collection_nouns, *lx.non_claim_words)}))


def _with_plurals(words: set[str]) -> frozenset[str]:
    """The words, each also without a final "s" and with one."""
    return frozenset(words | {w[:-1] for w in words if w.endswith("s")}
                     | {w + "s" for w in words})


def _bool_column(ctx: ClaimContext, t, compared):
    """A yes/no column a word names ("*frother*-equipped": Milk frother)."""
    s = stem(t.lower_)
    for c in ctx.table.columns:
        if c.kind == "bool" and c.index not in (ctx.table.key, compared.index) \
                and any(stem(w) == s for w in c.words.split()):
            return c
    return None

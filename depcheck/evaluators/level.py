"""Levels and degrees: ordered scales and degree words.

Decides the ``level`` claims: a rating written as a number against one written as a word
("3 out of 5" vs "average"), and a degree adjective said of one row ("an affordable car",
"a lightweight bike"), judged by where the row stands among the table's rows.  Also the
scale itself (:func:`level`: lexicon levels, "N out of M", open ranges), the direction and
column a comparative or superlative word names (:func:`direction_of`,
:func:`comparison_attribute`) and the sort keys of a column, which comparisons and
superlatives read.
"""

from __future__ import annotations

import numpy as np
import regex

from ..compiled import Column, clock_written, header_units
from ..link import derived_word, stems
from ..parse import span_text
from ..report import REFUTED, SUPPORTED, Link
from ..values import (
    CURRENCY_CHARS,
    OUT_OF_LABEL,
    UNIT_DIMENSION,
    UNIT_OF,
    Quantity,
    norm_text,
    parse_quantity,
    same_family,
    to_base,
)
from . import register
from .attribute import noun_span
from .context import DEGREE_TAGS, DEGREE_WORDS, LEX, ClaimContext, RowRef
from .outcome import Outcome, cells

EVALUATOR = "level"  # the name its hypotheses trace

_RANGE_JOINERS = "|".join(["-", "–", *map(regex.escape, sorted(LEX.range_joiners))])

# a figure with or without thousands commas ("1,450"); the range's first never begins
# inside another figure ("450" of "1,450")
_FIGURE = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
_RANGE = regex.compile(
    rf"(?<![\d.,]){_FIGURE}\s*(?:{_RANGE_JOINERS})\s*[{regex.escape(CURRENCY_CHARS)}]?{_FIGURE}")


_JOINER = regex.compile(_RANGE_JOINERS)


def cell_range(raw: str) -> tuple[float, float] | None:
    """A numeric range written in a cell ("£20-25", "17-21 inches")."""
    m = _RANGE.search(raw)
    return (float(m.group(1).replace(",", "")), float(m.group(2).replace(",", ""))) if m \
        else None


def cell_ranges(cells) -> dict[int, tuple[float, float]]:
    """``cell_range`` of each cell that has one, by index: the cells holding a joiner
    ("-", "to": a range has one) found by one pass over the cells joined by NUL (no joiner
    holds it), then those read one by one (the range pattern itself, run over every cell,
    backtracks through each run of digits: 0.13 s for 80,000 prices)."""
    blob = "\x00".join(cells)
    if blob.count("\x00") != max(len(cells) - 1, 0):  # a cell holds NUL: one by one
        return {i: r for i, c in enumerate(cells) if (r := cell_range(c)) is not None}
    lengths = np.fromiter(map(len, cells), dtype=np.int64, count=len(cells)) + 1
    starts = np.zeros(len(cells), dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    at = [m.start() for m in _JOINER.finditer(blob)]
    if not at:
        return {}
    held = np.unique(np.searchsorted(starts, np.asarray(at), side="right") - 1)
    return {d: r for d in held.tolist() if (r := cell_range(cells[d])) is not None}


def level(ctx: ClaimContext, value: str, col: Column | None = None) -> int | None:
    """Position of a value on an ordered scale: words of the lexicon, "N out of M", open
    ranges ("less than £20" low, "more than £30" high) and, in a column whose values
    include both open ends, a closed range between them ("£20-25") in the middle."""
    q = parse_quantity(value)
    if q is not None and q.unit and (q.unit.startswith(OUT_OF_LABEL)
                                     or q.unit in ctx.lexicon.rating_units):
        scale = float(q.unit.split()[-1]) if q.unit.startswith(OUT_OF_LABEL) else 5.0
        frac = q.value / scale
        return 0 if frac <= 0.4 else 2 if frac >= 0.8 else 1
    if ctx.lexicon.starts("open_range_low").match(value):
        return 0  # the open low end of a scale of ranges
    if ctx.lexicon.starts("open_range_high").match(value):
        return 2
    if col is not None and _open_ended(ctx, col):
        code = col.code_of(value)
        raw = col.raw[int(np.argmax(col.codes == code))].lower() if code >= 0 else value
        if cell_range(raw) is not None:  # normalizing drops the hyphen of "£20-25"
            return 1
    for words in ctx.lexicon.levels.values():
        for i, w in enumerate(words):
            group = ctx.linker.synonyms.get(w, frozenset((w,)))
            if value == w or value in group:
                return i
    return None


def _open_ended(ctx: ClaimContext, col: Column) -> bool:
    """The column's values (here and across the catalog) have an open low end and an
    open high end, so its closed ranges sit between them."""
    found = ctx.open_ends.get(col.index)
    if found is None:
        # the table's and the catalog's values with the lexicon's cues: the same for every
        # check of this table (kept in the linker's per-table memo, which a new catalog
        # replaces), and a pass over every distinct value of the column
        key = ("level.open_ended", col.index, ctx.lexicon)
        found = ctx.linker.memo.get(key)
        if found is None:
            values = set(col.dictionary) | ctx.linker.domains.values.get(col.words, set())
            found = ctx.linker.memo[key] = (
                any(ctx.lexicon.starts("open_end_low").match(v) for v in values)
                and any(ctx.lexicon.starts("open_end_high").match(v) for v in values))
        ctx.open_ends[col.index] = found
    return found


def _degree_direction(ctx: ClaimContext, claimed: str, col: Column) -> str | None:
    """The direction a plain adjective gives a numeric column ("affordable": price
    lower, "lightweight": weight lower), through the lexicon's comparatives (whose
    listed attributes must name the column, or its inverse ones, which flip it) or a
    generic one ("a low price"); a synonym stands for its group ("budget": cheap)."""
    stems_of_col = stems(col.words)
    for word in (claimed, *claimed.split()):
        for w in (word, *sorted(ctx.linker.synonyms.get(word, ()))):
            spec = ctx.lexicon.comparatives.get(w)
            if spec is not None:
                if any(stems(a) & stems_of_col for a in spec.attributes):
                    return spec.direction
                if any(stems(a) & stems_of_col for a in spec.inverse):
                    return "lower" if spec.direction == "higher" else "higher"
                continue
            generic = ctx.lexicon.generic_comparatives.get(w)
            if generic is not None:
                return generic
    return None


@register(EVALUATOR)
def degree_outcome(ctx: ClaimContext, rest: list[int], ref: RowRef | None,
                    neg: bool) -> Outcome | None:
    """A degree adjective whose attribute the lexicon knows ("a lightweight bike":
    weight), said of a row of a table with that numeric column: where the row stands."""
    if ref is None:
        return None
    for i in rest:
        tok = ctx.toks[i]
        if tok.pos_ != "ADJ" or tok.tag_ in DEGREE_TAGS or any(
                c.lower_ in DEGREE_WORDS for c in tok.children):
            continue  # "most powerful", "less expensive": superlatives, comparisons
        word = tok.lower_
        if word not in ctx.lexicon.comparatives and \
                tok.lemma_.lower() not in ctx.lexicon.comparatives:
            continue  # only words whose attribute the lexicon names
        found = comparison_attribute(ctx, tok)
        if found is None or found[0].kind != "number":
            continue
        col, link = found
        outcome = relative_level(ctx, word, col, ref.rows[0], neg, link, said=tok.text)
        if outcome is not None:
            return outcome
    return None


def relative_level(ctx: ClaimContext, claimed: str, col: Column, r: int, neg: bool,
                    link: Link, said: str | None = None) -> Outcome | None:
    """A degree word said of one row of a numeric column ("an affordable car", "a
    compact phone"), judged by where the row stands among the table's rows: the word
    holds at the end it points to and fails at the other end; between them it is not
    decided (a catalog of three does not say whether the middle one is affordable)."""
    values = sort_keys(ctx, col)
    if col.kind != "number" or values is None or np.isnan(values[r]):
        return None
    known = values[~np.isnan(values)]
    if len(known) < 3 or known.min() == known.max():
        return None
    direction = _degree_direction(ctx, claimed, col)
    if direction is None:
        return None
    best, worst = (known.min(), known.max()) if direction == "lower" else (
        known.max(), known.min())
    if values[r] not in (best, worst):
        return None
    ok = (values[r] == best) != neg
    end = ("lowest" if values[r] == known.min() else "highest")
    rows = [int(i) for i in np.flatnonzero(~np.isnan(values))]
    return Outcome(EVALUATOR,
        SUPPORTED if ok else REFUTED, "value matches" if ok else "value differs",
        f"{col.name} of {ctx.table.row_name(r)} is {col.raw[r]}, the {end} of the "
        f"{len(known)} rows; the text says {'not ' if neg else ''}{said or claimed}", link,
        Link(said or claimed, col.raw[r], f"level:{direction}", 1.0, col.name, r),
        cells(col, rows), [col.name])


def level_outcome(ctx: ClaimContext, q: Quantity, col: Column, r: int,
                  link: Link) -> Outcome | None:
    """A rating written as a number ("one star", "3 out of 5") against a rating written
    as a word ("low", "average", "high"): compared on the level scale."""
    claimed, found = level(ctx, str(q)), level(ctx, col.raw[r].lower(), col)
    if claimed is None or found is None:
        return None
    ok = claimed == found
    return Outcome(EVALUATOR, SUPPORTED if ok else REFUTED,
                   "value matches" if ok else "value differs",
                   f"{col.name} of {ctx.table.row_name(r)} is {col.raw[r]}; the text says {q}",
                   link, Link(str(q), col.raw[r], "level", 1.0, col.name, r),
                   cells(col, (r,)), [col.name])


def sort_keys(ctx: ClaimContext, col: Column) -> np.ndarray | None:
    if col.filled_base == len(col.base):  # counted at compile
        return col.base  # one unit family: "25 seconds" < "2 minutes"
    if col.filled_base and col.unit:
        return _base_keys(ctx, col)  # "78 g" < "4.8 kg", beside "410 g (incl. pot)"
    if col.kind == "number" or col.filled_num == ctx.table.n_rows:
        return col.num
    # each distinct value's level once, spread over the rows by their codes (no pass over
    # the rows)
    levels = [level(ctx, v) for v in col.dictionary]
    if all(lv is not None for lv in levels):
        return np.array(levels, dtype=float)[col.codes]
    return None


def _base_keys(ctx: ClaimContext, col: Column) -> np.ndarray | None:
    """A column of several units of one family, some cells of which the compile read no
    base amount ("410 g (incl. pot)" beside "4.8 kg"): each cell in the family's base
    unit, those read again from the amount before their bracket when its unit is of the
    family; None when a figure of the column stays in another unit ("400 shots" beside
    "2 hours"): its rows cannot be ranked.  Worked out once per compiled table, each
    distinct cell read once (spread over its rows by the column's codes)."""
    memo = ctx.table.derived.setdefault("level.base_keys", {})
    if col.index not in memo:
        keys = col.base.copy()
        gap = np.flatnonzero(np.isnan(keys) & ~np.isnan(col.num))
        codes, first = np.unique(col.codes[gap], return_index=True)
        amounts = np.empty(len(codes))
        for k, r in enumerate(gap[first].tolist()):
            q = parse_quantity(norm_text(str(col.raw[r]).split("(")[0]))
            if q is None or not q.unit or not same_family(q.unit, col.unit):
                keys = None
                break
            amounts[k] = to_base(q)
        if keys is not None:
            keys[gap] = amounts[np.searchsorted(codes, col.codes[gap])]
            keys.flags.writeable = False
        memo[col.index] = keys
    return memo[col.index]


def _graded_word(ctx: ClaimContext, tok) -> str | None:
    """The lexicon's ``comparatives`` entry a graded-participle adverb grades ("the
    *highest*-rated", "the *lowest*-priced", "*better* rated"): its head's lemma or word
    form; the head names the column, the pair the direction.  None when ``tok`` grades no
    such word."""
    if tok.dep_ != "advmod" or tok.head.i == tok.i \
            or tok.lemma_.lower() not in ctx.lexicon.graded_participle_adverbs:
        return None
    comparatives = ctx.lexicon.comparatives
    for word in (tok.head.lemma_.lower(), tok.head.lower_):
        if word in comparatives:
            return word
    return None


def direction_of(ctx: ClaimContext, tok) -> str | None:
    graded = _graded_word(ctx, tok)
    if graded is not None:
        inner = ctx.lexicon.comparatives[graded].direction
        if ctx.lexicon.graded_participle_adverbs[tok.lemma_.lower()] == "lower":
            inner = "lower" if inner == "higher" else "higher"
        return inner
    if tok.lower_ in DEGREE_WORDS and tok.head.pos_ == "ADJ":
        inner = direction_of(ctx, tok.head)
        if inner is not None and tok.lower_ in ctx.lexicon.degree_lower:
            inner = "lower" if inner == "higher" else "higher"
        if inner is not None:
            return inner
    lemma = tok.lemma_.lower()
    spec = ctx.lexicon.comparatives.get(lemma)
    direction = spec.direction if spec else ctx.lexicon.generic_comparatives.get(lemma)
    if direction is None and tok.lower_ in ctx.lexicon.degree_higher:
        direction = "higher"
    if direction is None and tok.lower_ in ctx.lexicon.degree_lower:
        direction = "lower"
    degree = {c.lower_ for c in tok.children} & DEGREE_WORDS
    if direction is None and degree:
        return "higher" if degree & ctx.lexicon.degree_higher else "lower"
    if degree & ctx.lexicon.degree_lower:
        direction = {"higher": "lower", "lower": "higher"}.get(direction or "", None)
    return direction


def _column_of_dimension(ctx: ClaimContext, dimension: str | None) -> Column | None:
    """The one numeric column whose unit measures ``dimension`` (money, mass...), if one."""
    if dimension is None:
        return None
    found = [c for c in ctx.table.columns if c.kind == "number" and c.index != ctx.table.key
             and UNIT_DIMENSION.get(c.unit or "") == dimension]
    return found[0] if len(found) == 1 else None


def _figure_set_off_before(ctx: ClaimContext, tok) -> tuple[Column, Link] | None:
    """The numeric column of a figure's noun just before a comma before the comparative
    ("scored 30 *points*, more than any other player", "trades in four *countries*, more
    than any other chain"): what the set-off comparison compares; None otherwise."""
    doc = ctx.doc
    if tok.lower_ not in ctx.lexicon.degree_comparatives and tok.tag_ != "JJS":
        return None
    j = tok.i - 1  # the comma: right before, or before "the" and an intensifier ("8,000
    if j >= 0 and tok.tag_ == "JJS" and doc[j].dep_ == "det":  # mAh *battery*, by far
        j -= 1  # the largest here")
    if tok.tag_ == "JJS":
        words = tuple(t.lower_ for t in doc[max(0, j - 2):j + 1])
        for said in ctx.lexicon.derived("level.intensifiers", _intensifier_words):
            if words[-len(said):] == said:
                j -= len(said)
                break
    if j < 2 or doc[j].text != ",":
        return None
    noun = doc[j - 1]
    if noun.pos_ != "NOUN" or not any(c.dep_ == "nummod" and c.like_num for c in noun.children):
        return None
    found = ctx.linker.column_named(norm_text(noun.lemma_)) or \
        ctx.linker.column_named(norm_text(noun.text))
    if found is None or found[0].kind != "number" or found[0].index == ctx.table.key:
        return None
    return found[0], Link(noun.text, found[0].name, found[1], found[2], found[0].name)


def _subject_column(ctx: ClaimContext, verb) -> tuple[Column, Link] | None:
    """The numeric column a copula's subject names by its words: the subject's noun phrase
    ("battery life"), else the noun its figure is of ("185 W *of suction*"); never the
    rows' key, never a GloVe neighbour."""
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if len(subjects) != 1:
        return None
    subject = subjects[0]
    nouns = [subject, *(g for c in subject.children if c.dep_ == "prep"
                        and c.lower_ in ctx.lexicon.measure_prepositions
                        for g in c.children if g.dep_ == "pobj")]
    for noun in nouns:
        if noun.pos_ not in ("NOUN", "PROPN") or noun.lower_ in UNIT_OF:
            continue
        s, e = noun_span(noun)
        found = ctx.linker.column_worded(norm_text(span_text(ctx.doc, s, e)))
        if found is not None and found[0].kind == "number" and found[0].index != ctx.table.key:
            return found[0], Link(span_text(ctx.doc, s, e), found[0].name, found[1],
                                  found[2], found[0].name)
    return None


def _intensifier_words(lexicon) -> tuple[tuple[str, ...], ...]:
    """The lexicon's superlative_intensifiers as word tuples ("by far": ("by", "far")),
    made once per lexicon."""
    return tuple(tuple(p.lower().split()) for p in lexicon.superlative_intensifiers)


def _graded_by_both(ctx: ClaimContext, phrase: str, spec) -> Column | None:
    """The one numeric column whose words hold every word of the noun phrase and the words
    of one of the attributes (or inverse attributes) the degree word's lexicon entry
    grades ("cheapest ball": Price per ball, not Weight per ball), else None."""
    if spec is None or not phrase:
        return None
    said = set(phrase.split())
    graded = [set(norm_text(a).split()) for a in (*spec.attributes, *spec.inverse)]
    found = [c for c in ctx.table.columns if c.kind == "number" and c.index != ctx.table.key
             and said <= set(c.words.split())
             and any(g and g <= set(c.words.split()) - said for g in graded)]
    return found[0] if len(found) == 1 else None


def inversely_graded(spec, col: Column) -> bool:
    """The degree word's lexicon entry grades the column the other way: by its words ("the
    fastest *time*") or by the dimension of its unit, or of the unit its header's bracket
    may spell ("Trigger speed (s)": seconds, which a header leaves unsaid), or that of
    its cells when every one is written as a clock ("19:38" under "Swim": a time)."""
    if spec is None:
        return False
    units = (col.unit,) if col.unit else tuple(header_units(col.name)) or (
        (UNIT_OF["minutes"],) if clock_written(col) else (None,))
    return any(spec.grades_inversely(set(col.words.split()), UNIT_DIMENSION.get(u or ""))
               for u in units)


def comparison_attribute(ctx: ClaimContext, tok) -> tuple[Column, Link] | None:
    """The numeric column a degree word grades and how it was found (``lexicon-inverse``:
    the word grades it the other way, "the fastest" of a time)."""
    found = _comparison_attribute(ctx, tok)
    if found is None or found[1].method == "lexicon-inverse" or found[0].kind != "number":
        return found
    lemma = _graded_word(ctx, tok) or tok.lemma_.lower()
    if lemma in DEGREE_WORDS and tok.head.pos_ == "ADJ":
        lemma = tok.head.lemma_.lower()
    if inversely_graded(ctx.lexicon.comparatives.get(lemma), found[0]):
        link = found[1]
        return found[0], Link(link.mention, link.target, "lexicon-inverse", link.score,
                              link.column, link.row)
    return found


def _comparison_attribute(ctx: ClaimContext, tok) -> tuple[Column, Link] | None:
    lemma = tok.lemma_.lower()
    if lemma in DEGREE_WORDS and tok.head.pos_ == "ADJ":
        lemma = tok.head.lemma_.lower()
    lemma = _graded_word(ctx, tok) or lemma
    set_off = _figure_set_off_before(ctx, tok)
    if set_off is not None:  # "trades in four *countries*, more than any other chain"
        return set_off
    if tok.dep_ == "amod" and tok.head.pos_ == "NOUN":
        # the noun it modifies, when that is a numeric column, beats the adjective's
        # usual attributes: "the biggest battery" is battery, not screen size
        s, e = noun_span(tok.head)
        if tok.i + 1 < s and all(ctx.doc[k].dep_ == "amod" and ctx.doc[k].head.i == tok.head.i
                                 for k in range(tok.i + 1, s)):
            s = tok.i + 1  # "the highest *fat* content": the noun's other adjectives too
        phrase, lemma_of = norm_text(span_text(ctx.doc, s, e)), norm_text(tok.head.lemma_)
        found = ctx.linker.column_named(phrase) or ctx.linker.column_named(lemma_of)
        if found is None:
            # a generic noun too, when it names a numeric column the degree word is no part
            # of: "the longest *range*" of range_km (no range of products), not "whose
            # *highest point*" of Highest point (the column's name, no superlative)
            found = ctx.linker.column_named(phrase, allow_generic=True) or \
                ctx.linker.column_named(lemma_of, allow_generic=True)
            if found is not None and tok.lower_ in found[0].words.split():
                found = None
        if found is not None and found[1] == "contains":
            # "the cheapest *ball*" among Weight, Length and Price per ball: the column
            # the noun is part of whose words also name what the adjective grades
            both = _graded_by_both(ctx, phrase, ctx.lexicon.comparatives.get(lemma))
            found = (both, "contains", found[2]) if both is not None else found
        if found is not None and found[0].kind == "number" and found[0].index != ctx.table.key:
            # "the fastest *time*": a column the degree word grades inversely (the
            # lexicon's ``inverse`` attributes) ranks the other way
            spec = ctx.lexicon.comparatives.get(lemma)
            inverse = inversely_graded(spec, found[0])
            return found[0], Link(span_text(ctx.doc, s, e), found[0].name,
                                  "lexicon-inverse" if inverse else found[1], found[2],
                                  found[0].name)
    if tok.dep_ in ("acomp", "attr") and tok.head.pos_ in ("AUX", "VERB"):
        # "its 185 W *of suction* is the strongest", "its battery life is the longest":
        # the column the copula's subject names, or the noun its figure is "of"
        found = _subject_column(ctx, tok.head)
        if found is not None:
            return found
    spec = ctx.lexicon.comparatives.get(lemma)
    if tok.dep_ == "advmod" and tok.head.i != tok.i:
        # the verb it grades (which the tagger may take for a noun: "the UrbanGlide 2
        # charges faster"), when its words name a numeric column: "charges *faster*" is
        # Charge time (which "fast" grades inversely), not Top speed
        found = ctx.linker.column_worded(norm_text(tok.head.lemma_))
        if found is not None and found[0].kind == "number" and found[0].index != ctx.table.key:
            inverse = inversely_graded(spec, found[0])
            return found[0], Link(tok.head.text, found[0].name,
                                  "lexicon-inverse" if inverse else found[1], found[2],
                                  found[0].name)
    if spec is not None:
        found = ctx.linker.column_by_hint(spec.attributes)
        if found is not None:
            return found[0], Link(tok.text, found[0].name, f"lexicon:{found[1]}",
                                  found[2], found[0].name)
        found = ctx.linker.column_by_hint(spec.inverse)
        if found is not None:
            return found[0], Link(tok.text, found[0].name, "lexicon-inverse",
                                  found[2], found[0].name)
        by_unit = _column_of_dimension(ctx, spec.dimension)
        if by_unit is not None:  # "the priciest" of Adult entry, its cells in £
            return by_unit, Link(tok.text, by_unit.name, "lexicon-dimension", 0.9,
                                 by_unit.name)
    named = ctx.linker.column_named(lemma)  # "the most waterproof" -> waterproof rating
    if named is not None and named[0].kind == "number":
        return named[0], Link(tok.text, named[0].name, named[1], named[2], named[0].name)
    if spec is None:  # "more complex" -> Complexity: the one numeric column named by a
        # word the adjective derives from by a suffix; not a column the word itself is part
        # of the name of ("whose *highest* point is 12 m" names Highest point)
        derived = [c for c in ctx.table.columns if c.kind == "number"
                   and c.index != ctx.table.key and derived_word(lemma, c.words.split())
                   and tok.lower_ not in c.words.split()]
        if len(derived) == 1:
            return derived[0], Link(tok.text, derived[0].name, "derived", 1.0,
                                    derived[0].name)
    noun = tok.head if tok.dep_ == "amod" else None
    if noun is None:
        for anc in tok.ancestors:
            objs = [c for c in anc.children if c.dep_ in ("dobj", "attr", "nsubj")
                    and c.pos_ == "NOUN" and c.i != tok.i]
            if objs:
                noun = objs[0]
                break
            if anc.pos_ in ("VERB", "AUX") and anc.dep_ != "conj":
                break  # its own clause's words only ("..., while the Line *climbs the
                # most*": not the "steepest gradient" of the clause above), or those of
                # the clause it is coordinated with ("scored the fewest goals, and X
                # *conceded the most*": the goals said once for both)
    if noun is not None and noun.pos_ == "NOUN":
        s, e = noun_span(noun)
        found = ctx.linker.column_named(norm_text(span_text(ctx.doc, s, e))) or \
            ctx.linker.column_named(norm_text(noun.text)) or \
            ctx.linker.column_named(norm_text(noun.lemma_))
        if found is not None and found[0].index != ctx.table.key:
            # (not the rows' own kind: "the longest *board*, yet it weighs less than ..."
            # grades by the verb's attribute)
            return found[0], Link(span_text(ctx.doc, s, e), found[0].name, found[1], found[2],
                                  found[0].name)
    for anc in tok.ancestors:  # "rated higher than", "costs more than": the verb's
        if anc.pos_ not in ("VERB", "AUX"):  # attribute
            continue
        hints = ctx.lexicon.verb_attributes.get(anc.lemma_.lower()) or \
            ctx.lexicon.verb_attributes.get(anc.lower_)
        found = ctx.linker.column_by_hint(list(hints)) if hints else None
        if found is not None and found[0].kind == "number":
            return found[0], Link(anc.text, found[0].name, f"verb:{found[1]}", found[2],
                                  found[0].name)
        break
    if ctx.linker.vectors is not None:
        numeric = [c for c in ctx.table.columns if c.kind == "number"]
        i, score = ctx.linker.vectors.best(lemma, [c.words for c in numeric])
        if i >= 0 and score >= ctx.linker.threshold:
            return numeric[i], Link(tok.text, numeric[i].name, "glove", score,
                                    numeric[i].name)
    return None

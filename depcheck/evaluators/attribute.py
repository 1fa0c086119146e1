"""The attribute a claim names: which column a mention's words, its clause or its verb name.

"a comfort rating of 4.2" (the noun a number is of), "weighs 250 lbs" (a measure verb,
through the lexicon's verb_attributes), "100 nits of brightness", "born in Paris" (the
predicate of a name), "it is rated low" (a catalog value whose clause names its column).
Decides no hypothesis itself: the fact, number and level evaluators read its columns.
"""

from __future__ import annotations

from dataclasses import replace

from ..compiled import Column, header_units
from ..extract import Mention
from ..link import Hit, stem, stems
from ..parse import span_text, text_offsets
from ..values import UNIT_DIMENSION, Quantity, norm_text
from .boolean import verb_named_column
from .context import AGGREGATE_WORDS, LEX, ClaimContext, anchor_reader


def partitive(v, i: int) -> bool:
    """A bare number in "of the three" / "of all three": a count of rows, not a value
    (token ``i`` of the parse's lists ``v``, a DocView)."""
    if not (v.like_num[i] and v.dep[i] == "pobj"):
        return False
    prep = v.head[i]
    if v.lower[prep] not in LEX.partitive_prepositions:
        return False
    up = v.head[prep]
    return any(v.dep[c] in ("det", "predet") for c in v.children[i]) or \
        v.tag[up] in ("JJS", "RBS", "CD", "DT") or v.lower[up] in LEX.partitive_heads


def member_of(v, i: int) -> bool:
    """ "one of the teams", "two of its albums": a number before "of the X" picks members
    of a group (a quantifier's business), it is no value of a column (token ``i`` of the
    parse's lists ``v``, a DocView)."""
    dep, children = v.dep, v.children
    return v.like_num[i] and any(
        dep[c] == "prep" and v.lower[c] in LEX.partitive_prepositions and any(
            dep[g] == "pobj" and any(dep[d] in ("det", "poss") for d in children[g])
            for g in children[c])
        for c in children[i])


def _group_phrase(tok) -> bool:
    """ "all three products", "the three", "both models": the compared group, not a value."""
    words = {t.lower_ for t in tok.subtree}
    return bool(words & LEX.group_determiners) and any(
        t.like_num for t in tok.subtree)


def named_by_clause(ctx: ClaimContext, h: Hit, m: Mention) -> Hit:
    """A catalog value this table has no column for ("low") whose clause names the
    column ("it is rated low", "its customer rating is low"): the attribute is stated,
    so its absence from the table is a fabrication, not an ambiguity.  A level word
    follows the subject it is said of ("the prices are low": price, not rating)."""
    # (the anchor read only where it is asked: a fact said again by another rule reuses
    # an outcome that did not read it, see claims._FactsOnce)
    if h.value in ctx.linker.level_words:
        verb = ctx.toks[m.anchor]
        if verb.lemma_ in ctx.lexicon.copula_lemmas:
            subject = {stem(c.lower_) for c in verb.children
                       if c.dep_ == "nsubj" and c.i not in ctx.naming and c.pos_ == "NOUN"}
            if subject:
                h = ctx.linker.level_redirect(h, subject)
    if h.col is not None or h.named:
        return h
    verb = ctx.toks[m.anchor]
    words = [norm_text(a) for key in (verb.lemma_.lower(), verb.lower_)
             for a in ctx.lexicon.verb_attributes.get(key, ())]
    if verb.lemma_ in ctx.lexicon.copula_lemmas:
        words += [norm_text(" ".join(t.text for t in c.subtree if t.dep_ != "poss"))
                  for c in verb.children if c.dep_ == "nsubj" and c.i not in ctx.naming]
    if any(stems(w) >= stems(h.column) for w in words if w):
        return replace(h, named=True)
    return h


def names_column(ctx: ClaimContext, word: str) -> bool:
    """The word is a word of some column's name, plural or not ("bedroom": Bedrooms)."""
    words = ctx.table.derived.get("attribute.column_words")
    if words is None:  # every word of the table's column names, found once per table
        words = ctx.table.derived["attribute.column_words"] = frozenset(
            w for c in ctx.table.columns for w in c.words.split())
    return word in words or stem(word) in ctx.column_stems


@anchor_reader
def clause_attribute(ctx: ClaimContext, m: Mention) -> tuple[Column, str, float, str] | None:
    """The column a number's clause names: "100 nits of brightness", "rated 4.5 for
    cooking evenness", "a 24-inch screen"."""
    v = ctx.view  # the parse's lists: no Token objects
    dep, pos, children, heads = v.dep, v.pos, v.children, v.head
    h = m.head
    cands = [g for c in children[h] if dep[c] == "prep" for g in children[c]
             if dep[g] == "pobj"]
    if dep[h] in ("nummod", "npadvmod", "quantmod") and pos[heads[h]] == "NOUN":
        cands.append(heads[h])
    for c in children[m.anchor]:
        if dep[c] == "prep" and not m.start <= c < m.end:
            cands.extend(g for g in children[c] if dep[g] == "pobj")
    for i in cands:
        if pos[i] not in ("NOUN", "PROPN") or m.start <= i < m.end:
            continue
        s, e = noun_span_at(v, i)
        for phrase in (norm_text(span_text(ctx.doc, s, e)), norm_text(v.lemma_text[i])):
            found = ctx.linker.column_named(phrase)
            if found is not None and found[0].index != ctx.table.key and found[0].kind == "number":
                return (*found, phrase)
    return None


def in_figure_dimension(col: Column, unit: str | None) -> bool:
    """The column measures the dimension of a figure in ``unit``: by its own unit, or by a
    header bracket left unsaid as ambiguous ("Height (m)": metres or minutes) that spells
    the figure's unit."""
    dimension = UNIT_DIMENSION.get(unit or "")
    return dimension is not None and (UNIT_DIMENSION.get(col.unit or "") == dimension
                                      or col.unit is None and unit in header_units(col.name))


def measured_column(ctx: ClaimContext, q: tuple[Quantity, int, int]
                    ) -> tuple[Column, str, float, str] | None:
    """The numeric column a figure measures through the dimension adjective it modifies
    ("142 metres *tall*": Height, "a 12 km *long* trail": Length), by the adjective's
    attributes in the lexicon's comparatives or measure_adjectives ("26 m *high*"); only a
    column whose cells are in the figure's dimension (a length of a length: "40 years old"
    is no Age in years)."""
    figure, start, end = q
    dimension = UNIT_DIMENSION.get(figure.unit or "")
    if dimension is None:
        return None
    v = ctx.view
    for i in range(start, end):
        a = v.head[i]
        if v.dep[i] in ("attr", "dobj") and a != i:
            # "is 26 m *high*", "stands 26 m high": the adjective beside the figure, on
            # the same verb
            a = next((c for c in v.children[a] if v.dep[c] == "acomp" and c > i), i)
        elif v.dep[i] != "npadvmod":
            continue
        if a == i or v.pos[a] != "ADJ":
            continue
        spec = ctx.lexicon.comparatives.get(v.lemma[a]) or \
            ctx.lexicon.comparatives.get(v.lower[a])
        hints = spec.attributes if spec is not None else \
            ctx.lexicon.measure_adjectives.get(v.lower[a])
        if not hints:
            continue
        found = ctx.linker.column_by_hint(hints)
        if found is not None and found[0].kind == "number" and found[0].index != \
                ctx.table.key and in_figure_dimension(found[0], figure.unit):
            return (*found, v.lower[a])
    return None


@anchor_reader
def governing_column(ctx: ClaimContext, m: Mention) -> tuple[Column, str, float, str] | None:
    """The numeric column a number's governor names: the noun it is "of" ("a comfort
    rating of 4.2") or the measure verb it is the object of ("weighs 250 lbs")."""
    v = ctx.view  # the parse's lists: no Token objects
    dep, heads = v.dep, v.head
    i = m.head
    up = heads[i]
    if dep[i] == "pobj" and v.lower[up] in ctx.lexicon.measure_prepositions and \
            v.pos[heads[up]] == "NOUN":
        noun = heads[up]
        s, e = noun_span_at(v, noun)
        wide = s  # with its adjectives too: "a *total gross* of $64.9 million"
        while wide > 0 and heads[wide - 1] == noun and dep[wide - 1] in ("amod", "compound"):
            wide -= 1
        for phrase in dict.fromkeys((norm_text(span_text(ctx.doc, wide, e)),
                                     norm_text(span_text(ctx.doc, s, e)),
                                     norm_text(v.lemma_text[noun]))):
            found = ctx.linker.column_named(phrase)
            if found is not None and found[0].kind == "number" and found[0].index != ctx.table.key:
                return (*found, phrase)
    verb = m.anchor
    if v.pos[verb] not in ("VERB", "AUX") and up != i and v.pos[up] == "VERB" \
            and dep[i] in ("dobj", "npadvmod") and any(
                dep[c] in ("nsubj", "nsubjpass") and c in ctx.entities for c in v.children[up]):
        # a measure noun's own rule ("the mill rises 30 *metres*"): the verb a named row
        # says it with, when the column it names measures the figure's dimension
        found = _verb_column_in_dimension(ctx, up, m)
        if found is not None:
            return found
    lemma = v.lemma_text[verb]
    if up == verb and lemma in ctx.lexicon.copula_lemmas and dep[i] in ("attr", "acomp") \
            or up != i and v.lemma[up] in ctx.lexicon.measure_verbs \
            and dep[i] in ("dobj", "npadvmod", "attr", "appos"):
        # "its ease of assembly score is 4.1", "the longest span measures 212 m"
        found = _subject_column(ctx, ctx.toks[up])
        if found is not None:
            return found
    hints = ctx.lexicon.verb_attributes.get(lemma.lower())
    if hints and any(dep[c] in ("nsubj", "nsubjpass") and c not in ctx.entities
                     and v.pos[c] != "PRON" for c in v.children[verb]):
        hints = None  # "its replacement filters cost $19.99": not the product's price
    if hints and dep[i] in ("dobj", "npadvmod", "attr", "advmod") and up == verb:
        found = ctx.linker.column_by_hint(hints)
        if found is not None and found[0].kind == "number":
            return (*found, lemma)
    return None


def _verb_column_in_dimension(ctx: ClaimContext, verb: int, m: Mention
                              ) -> tuple[Column, str, float, str] | None:
    """The numeric column the verb's verb_attributes name, when its unit (or its header's
    bracket) measures the dimension of the mention's figure."""
    lemma = ctx.view.lemma_text[verb]
    hints = ctx.lexicon.verb_attributes.get(lemma.lower())
    found = ctx.linker.column_by_hint(hints) if hints else None
    q = ctx.linker.quantity(ctx.doc, m.start, m.end)
    if found is None or q is None or found[0].kind != "number" \
            or found[0].index == ctx.table.key:
        return None
    return (*found, lemma) if in_figure_dimension(found[0], q[0].unit) else None


def predicate_column(ctx: ClaimContext, m: Mention) -> tuple[Column, str, float, str] | None:
    """The text column a value's predicate names: the verb with its preposition ("born
    in" -> birth place, through the lexicon's verb_attributes), or the verb itself."""
    v = ctx.view
    dep, lower, heads = v.dep, v.lower, v.head
    i = m.head
    if dep[i] in ("nsubj", "nsubjpass"):
        return None  # the one the predicate is said of, not its value
    # a passive's agent ("written by X") is a preposition of its verb too
    prep = heads[i] if dep[i] == "pobj" and dep[heads[i]] in ("prep", "agent") else None
    verb = heads[prep] if prep is not None else heads[i]
    if verb == i or v.pos[verb] not in ("VERB", "AUX", "ADJ"):
        return None
    lemma = v.lemma[verb]  # lower-cased
    words = [w for w in (lower[verb], lemma) if w]
    keys = [f"{w} {lower[prep]}" for w in words] if prep is not None else []
    prt = [lower[c] for c in v.children[verb] if dep[c] in ("prt", "advmod")]
    if prt and prep is not None:  # "passed away in" -> Died (a particle parsed either way)
        keys = [f"{w} {p} {lower[prep]}" for p in prt for w in words] + keys
    copula = lemma in ctx.lexicon.copula_lemmas
    for key in (*keys, *words):
        hints = ctx.lexicon.verb_attributes.get(key)
        if not hints and copula:
            continue  # "is from": the copula names no column (a GloVe neighbour of "are
            # from" is "also known as")
        found = ctx.linker.column_by_hint(hints) if hints else ctx.linker.column_named(key)
        # a verb with its preposition names a column whatever its cells begin with ("died
        # in" -> Died, "9 June 1960, Paris"); a verb alone, a column of text
        if found is not None and found[0].index != ctx.table.key and (
                found[0].kind == "text" or hints and key in keys):
            return (*found, key)
    return None


def column_called(linker, name: str, key: int, *, exact: bool = False) -> Column | None:
    """The column a lexicon's name calls by the column's own words ("died" -> Died):
    exactly, or containing them unless ``exact``; never a GloVe neighbour, never the key."""
    phrase = norm_text(name)
    found = linker.column_spelled(phrase) if exact else linker.column_worded(
        phrase, allow_generic=True)
    return None if found is None or found[0].index == key else found[0]


def verb_phrase_column(verb_attributes, linker, verb, prep: str, *, particle: bool = False,
                       accept=None) -> tuple[Column, str, float, str] | None:
    """The column a verb with a preposition names through the lexicon's verb_attributes
    ("written by" -> Written by, "married to" -> Spouse; with ``particle``, the verb's
    particle too: "passed away in" -> Died), with the key that named it; the verb's own
    form first, then its lemma.  ``accept`` skips columns it refuses."""
    prt = [c.lower_ for c in verb.children if c.dep_ == "prt"] if particle else []
    for word in dict.fromkeys((verb.lower_, verb.lemma_.lower())):
        key = f"{word} {prt[0]} {prep}" if prt else ""
        if key not in verb_attributes:
            key = f"{word} {prep}"
        hints = verb_attributes.get(key)
        found = linker.column_by_hint(hints) if hints else None
        if found is not None and (accept is None or accept(found[0])):
            return (*found, key)
    return None


def _subject_column(ctx: ClaimContext, verb) -> tuple[Column, str, float, str] | None:
    """The numeric column the non-entity subject of a copula or a measure verb names, with
    its of-phrase."""
    for subj in verb.children:
        if subj.dep_ != "nsubj" or subj.i in ctx.naming or subj.pos_ == "PRON":
            continue
        if any(t.lower_ in AGGREGATE_WORDS for t in subj.subtree):
            continue  # "the average rating is 4.5": an aggregate, not a cell
        words = [t for t in subj.subtree if t.dep_ not in ("poss", "case", "det")
                 and not any(a.dep_ == "poss" for a in t.ancestors if a.i != subj.i)]
        phrase = norm_text(" ".join(t.text for t in words))
        for p in (phrase, norm_text(subj.lemma_)):
            found = ctx.linker.column_named(p)
            if found is not None and found[0].kind == "number" and found[0].index != ctx.table.key:
                return (*found, p)
    return None


def clause_quantity(ctx: ClaimContext, m: Mention):
    """A number attached to an attribute mention: "a rating of 4.5", "rated at 4.5"."""
    v = ctx.view
    dep, children = v.dep, v.children
    for prep in children[m.head]:
        if dep[prep] != "prep" or v.lower[prep] not in ctx.lexicon.clause_prepositions:
            continue  # "to": "rooms up to 450 sq ft"
        for i in children[prep]:
            if dep[i] != "pobj" or partitive(v, i):
                continue
            obj = ctx.toks[i]
            if not _group_phrase(obj):
                s, e = obj.left_edge.i, obj.right_edge.i + 1
                q = ctx.linker.quantity(ctx.doc, s, e)
                if q is not None:
                    return q
    return None


def attribute_of(ctx: ClaimContext, m: Mention,
                 rest: list[int]) -> tuple[Column, str, float, str] | None:
    v = ctx.view
    pos, lower, lemma = v.pos, v.lower, v.lemma
    text, starts, ends = text_offsets(ctx.doc)
    phrases = [norm_text(text[starts[m.start]:ends[m.end - 1]] if m.start < m.end
                         else m.text(ctx.doc))]
    nouns = [i for i in rest if pos[i] in _NAMING_POS
             and lower[i] not in ctx.negations]  # "non child friendly"
    words = [text[starts[i]:ends[i]] for i in nouns]
    if nouns:
        phrases.append(norm_text(" ".join(words)))
        # lemmas lower-cased (the DocView's): norm_text lower-cases them anyway
        phrases.append(norm_text(" ".join(lemma[i] for i in nouns)))
    phrases.append(norm_text(text[starts[m.head]:ends[m.head]]))
    phrases.append(norm_text(lemma[m.head]))
    # word pairs of the uncovered words: "kid friendly" of "a kid friendly highly rated
    # English coffee shop" (its cells: English, coffee shop)
    phrases += [norm_text(f"{words[k]} {words[k + 1]}")
                for k in range(len(nouns) - 1) if nouns[k + 1] == nouns[k] + 1]
    synonyms = ctx.linker.synonyms
    # a column some phrase names by its words ("series" of "22 series": No. of series)
    # before a GloVe neighbour of another ("22 series" near No. of episodes): the first
    # neighbour is kept until no phrase names one by its words
    neighbour = None
    for phrase in dict.fromkeys(filter(None, phrases)):
        for spelling in (phrase, *sorted(synonyms.get(phrase, ()))):
            found = ctx.linker.column_named(spelling)
            if found is None or found[0].index == ctx.table.key:
                continue
            if found[1] != "glove":
                return (*found, phrase)
            neighbour = neighbour or (*found, phrase)
    return neighbour or verb_named_column(ctx, m, phrases[0])


_NAMING_POS = frozenset({"NOUN", "PROPN", "ADJ", "VERB"})


def noun_span_at(v, i: int) -> tuple[int, int]:
    """:func:`noun_span` of token ``i``, read from the parse's lists ``v`` (a DocView)."""
    start = i
    dep = v.dep
    for left in reversed([c for c in v.children[i] if c < i]):
        if dep[left] == "compound" and left == start - 1:
            start = left
        else:
            break
    return start, i + 1


def noun_span(noun) -> tuple[int, int]:
    start = noun.i
    for left in reversed(list(noun.lefts)):
        if left.dep_ == "compound" and left.i == start - 1:
            start = left.i
        else:
            break
    return start, noun.i + 1

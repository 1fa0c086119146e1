"""Entity identity: which row a name in the text is, and names that are no row.

Decides the ``entity`` hypotheses: a name that competes with the table's rows (its sentence
names none of them, or the catalog is closed-world) and is no row's name, nor a near
spelling of one, is refuted.  Also fills the context's bookkeeping the other evaluators
read: the rows each token names (links, near spellings, row names written verbatim where
no rule found them, coreferent pronouns), and :func:`row_of`, the rows a claim at a token
is about.
"""

from __future__ import annotations

from difflib import SequenceMatcher

import regex

from ..compiled import CompiledTable
from ..extract import Mention, is_subject
from ..parse import span_text
from ..report import REFUTED, HypothesisResult, Link
from ..rules.paths import DocView, definite_dets
from ..rules.treematch import SUBJECT_DEPS
from ..values import norm_text
from . import register
from .context import ClaimContext, RowRef
from .copular import name_start
from .outcome import Outcome, result
from .vocabulary import Vocabulary, table_vocabulary

EVALUATOR = "entity"  # the name its hypotheses trace

_ENTITY_DEPS = {"nsubj", "nsubjpass", "poss", "dative"}

# a name this close to a row's (difflib ratio) spells that row ("Janggi" / "Janki")
VARIANT_RATIO = 0.8

_DIGITS = regex.compile(r"\d+")

MAX_VARIANT_ROWS = 64  # near names (by shared trigrams) compared letter by letter

MAX_KEY_SAMPLE = 200  # key cells read to tell whether the rows are named by names
_WORDS = regex.compile(r"[^\W\d_][\w'’.-]*|\d\w*")
RARE_RANK = 30_000  # GloVe frequency rank past which a capitalized word reads as a name


def _numbered(view: DocView, i: int) -> bool:
    """Token ``i`` has a number after it that modifies it ("Product *7*")."""
    dep = view.dep
    return any(dep[c] == "nummod" and c > i for c in view.children[i])


def _name_run(ctx: ClaimContext, i: int) -> str:
    """The run of proper nouns ending at token i ("Portland Arms" for "Arms"), or the word."""
    pos = ctx.view.pos
    start = i
    while start > 0 and pos[start - 1] == "PROPN" and pos[i] == "PROPN":
        start -= 1
    return norm_text(span_text(ctx.doc, start, i + 1))



def _name_word(compiled: CompiledTable, word: str) -> bool:
    """Some row's name has this word ("7" of "Product 7"): one set lookup."""
    return word in compiled.names.words


_DESCRIBING_POS = frozenset({"NOUN", "PROPN", "ADJ", "NUM", "VERB"})


@register(EVALUATOR)
def link_entities(ctx: ClaimContext) -> list[HypothesisResult]:
    unknown = []
    for m in ctx.extraction.mentions:
        found = ctx.linker.entity_rows(ctx.doc, m.start, m.end)
        if found is not None:
            rows = found.rows
            target = ctx.table.row_name(rows[0])
            mention = span_text(ctx.doc, found.start, found.end)
            ref = RowRef(rows, Link(mention, target, found.method, found.score,
                                    ctx.table.key_column.name, rows[0]))
            ctx.entities[m.head] = ref
            _name_row(ctx, found.start, found.end, ref)
        elif m.role == "entity" and (row := _variant_of_row(ctx, m)) is not None:
            # "Janggi" of a row "Janki": a spelling of the row's own name
            _name_row(ctx, m.start, m.end, RowRef((row,), Link(
                m.text(ctx.doc), ctx.table.row_name(row), "variant", 1.0,
                ctx.table.key_column.name, row)))
        elif m.role == "entity" and _name_like(ctx, m):
            unknown.append(m)
            ctx.entity_spans.append((m.start, m.end))
        elif m.role == "entity" and any(  # "find a highly rated English coffee shop":
                ctx.view.pos[i] in _DESCRIBING_POS
                and ctx.view.lower[i] not in ctx.linker.generic
                for i in range(m.start, m.end)):  # a description, not a row
            ctx.described.append(_as_value(m))
    _names_in_text(ctx)
    results = []
    for m in unknown:
        if ctx.closed_world or not _beside_a_row(ctx, m) and _about(ctx, m) \
                and _competes(ctx, m):
            results.append(_unknown_entity(ctx, m))
        else:
            # beside a named row, a name that is no row is a value of that row ("born in
            # Paris", "a U.S. National Monument"): it refutes only through a cell of the
            # column its predicate names, and is unverifiable when none does
            ctx.entity_spans = [s for s in ctx.entity_spans if s != (m.start, m.end)]
            ctx.described.append(_as_value(m))
    for pronoun, (antecedent, rule) in ctx.extraction.coref.items():
        ref = ctx.entities.get(antecedent)
        if ref is None and rule.spec.strategy == "last_subject":
            # the last subject before the pronoun names no row ("outlasts", a verb the
            # parse took for a noun): the last row named as a subject or its possessor
            named = [h for h in ctx.entities if h < pronoun and is_subject(ctx.view, h)]
            ref = ctx.entities[max(named)] if named else None
        if ref is not None:
            ctx.entities[pronoun] = RowRef(ref.rows, Link(
                ctx.toks[pronoun].text, ref.link.target, f"coref:{rule.id}", 1.0,
                ref.link.column, ref.link.row))
    return results


def _as_value(m: Mention) -> Mention:
    """The mention read as a value (``dataclasses.replace`` without its field walk)."""
    return Mention("value", m.head, m.start, m.end, m.rule, m.anchor)


def _names_in_text(ctx: ClaimContext) -> None:
    """Row names written verbatim in a sentence where no rule found them (a parse that
    splits "Product 2" into two datives, or reads "Product 2 reclines" as one noun):
    the sentence still names that row."""
    view, names = ctx.view, ctx.table.names.words
    for start in sorted(set(view.sent_start)):
        end = view.sent_end[start]
        if any(i in ctx.entities for i in range(start, end)):
            continue
        if names.isdisjoint(norm_text(span_text(ctx.doc, start, end)).split()):
            continue  # no word of any row's name: no n-gram of it names a row
        taken: set[int] = set()
        for s, e, text in ctx.linker.name_grams(ctx.doc, start, end):
            if taken.intersection(range(s, e)):
                continue
            rows = ctx.table.key_rows(text)
            if not rows or not any(ctx.toks[i].pos_ in ("PROPN", "NOUN", "NUM")
                                   for i in range(s, e)):
                continue
            ref = RowRef(tuple(rows), Link(span_text(ctx.doc, s, e), ctx.table.row_name(rows[0]),
                                           "exact-text", 1.0, ctx.table.key_column.name,
                                           rows[0]))
            for i in range(s, e):
                ctx.entities[i] = ref
            ctx.naming.update(range(s, e))
            ctx.entity_spans.append((s, e))
            taken.update(range(s, e))


def _name_like(ctx: ClaimContext, m: Mention) -> bool:
    """The mention reads as a name (read from the parse's lists: this runs on every entity
    mention that links to no row)."""
    view, h = ctx.view, m.head
    pos, lower, is_title = view.pos, view.lower, view.is_title
    if len(span_text(ctx.doc, h, h + 1)) <= 2 or not _has_name_evidence(ctx, m.start, m.end):
        return False
    if pos[h] == "PROPN" and view.dep[h] == "compound" and pos[view.head[h]] == "PROPN":
        return False  # inside a longer name; its last word stands for it
    numbered = _numbered(view, h)
    runs = [] if numbered else _title_runs(ctx, m.start, m.end)
    if runs and pos[h] != "PRON" and not is_title[h] and (
            lower[h] in ctx.linker.generic
            or ctx.linker.value_hits(ctx.doc, h, h + 1)):
        # "Cotto coffee shop": a capitalized name before a generic or valued noun is a
        # name whatever the noun, and it must be the row's
        return not all(_in_any_cell(ctx, run) for run in runs)
    in_name = is_title[h] and h > 0 and is_title[h - 1] and any(
        len(run.split()) > 1 for run in runs)  # "Midsummer House": "House" is no noun
    if pos[h] == "PRON" or (lower[h] in ctx.linker.generic and not numbered
                            and not in_name):
        return False
    has_number = numbered and _name_word(ctx.table, lower[h])
    if not ("PROPN" in pos[m.start:m.end] or has_number or _rare_title(ctx, h)):
        return False  # (before the cells are searched: most mentions end here)
    if ctx.linker.value_hits(ctx.doc, m.start, m.end):
        return False
    # last, as it may search every cell ("6,370" of "6,370 of the products" is no name
    # whatever the cells hold): a name every word of which is a word of the table is none
    if numbered:
        return not _in_any_cell(ctx, norm_text(span_text(ctx.doc, m.start, m.end)))
    return not all(_in_any_cell(ctx, run) for run in runs or [_name_run(ctx, h)])


def _title_runs(ctx: ClaimContext, start: int, end: int) -> list[str]:
    """The capitalized word runs of tokens start..end that read as names ("Cotto" of
    "Cotto coffee shop", even when tagged as an adjective); a sentence's first word only
    when rare."""
    view = ctx.view
    runs, current = [], []
    for i in range(start, end):
        word = span_text(ctx.doc, i, i + 1)
        capital = view.is_title[i] and len(word) > 1 and (
            view.pos[i] == "PROPN" or i != view.sent_start[i] or _rare_title(ctx, i))
        if capital:
            current.append(word)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return [norm_text(" ".join(r)) for r in runs if norm_text(" ".join(r))]


def _has_name_evidence(ctx: ClaimContext, start: int, end: int) -> bool:
    """A capital that is not just the sentence's first word, a number, or a rare word."""
    view = ctx.view
    for i in range(start, end):
        if view.like_num[i] or _rare_title(ctx, i):
            return True
        if view.is_title[i] and i != view.sent_start[i] and view.pos[i] == "PROPN":
            return True
    return False


def _rare_title(ctx: ClaimContext, i: int) -> bool:
    """A capitalized word too rare to be a common noun: a name the tagger missed."""
    if not ctx.view.is_title[i] or ctx.linker.vectors is None:
        return False
    rank = ctx.linker.vectors.rank(ctx.view.lower[i])
    return rank is None or rank > RARE_RANK


def _in_any_cell(ctx: ClaimContext, phrase: str) -> bool:
    """Every word of the name occurs in some cell, column name, domain value or lexicon
    entry, allowing one typo in a long word ("Crown Plaza" for "Crowne Plaza")."""
    words = [w for w in phrase.split() if w not in ctx.lexicon.name_filler_words]
    if not words:
        return True
    if any(ch.isdigit() for ch in phrase):  # "Product 7": the number must match too
        padded = f" {phrase} "  # a code in a header counts too ("5G" of "has5G")
        return "\n" not in phrase and padded in ctx.table.padded_cells
    vocab = vocabulary(ctx)
    return all(vocab.knows(w) for w in words)


def vocabulary(ctx: ClaimContext) -> Vocabulary:
    return table_vocabulary(ctx.table, ctx.linker.domains, ctx.lexicon)


def _about(ctx: ClaimContext, m: Mention) -> bool:
    """The name is what its clause is about (subject, possessor, predicate noun, the
    object of a verb), not a place, date or event in a prepositional phrase.  Of a
    one-row table (a record), a possessor only of the subject or of the predicate noun:
    the record's own claims name other people's works as their objects ("translated
    *Lorca*'s poetry")."""
    tok = ctx.toks[m.head]
    if tok.dep_ in ("pobj", "compound", "npadvmod", "nmod", "amod"):
        return False
    if ctx.table.n_rows == 1 and tok.dep_ == "poss":
        return tok.head.dep_ in SUBJECT_DEPS or tok.head.dep_ in ("attr", "ROOT")
    return True



def _competes(ctx: ClaimContext, m: Mention) -> bool:
    """The name could be a row's: not a description ("an Olympic sport", "a UNESCO World
    Heritage Site"), and the table's rows are named by names ("Free agent", a key cell of
    lower-case words in a table written in mixed case, names no thing a name could be)."""
    if any(c.dep_ == "det" and c.lower_ in ctx.lexicon.indefinite_articles
           for c in ctx.toks[m.head].children):
        return False
    if _in_caption(ctx, m):
        return False  # what the table is about ("Harlow Vale" of "Harlow Vale CC first
        # innings v Stannard CC"), not a row it lacks
    if _of_another_kind(ctx, m):
        return False  # "by the *architect* Pieter Lanz": an architect, no rival cathedral
    memo = ctx.linker.memo
    if "key is names" not in memo:
        memo["key is names"] = _key_is_names(ctx)
    return memo["key is names"]


def _of_another_kind(ctx: ClaimContext, m: Mention) -> bool:
    """The name stands in close apposition right after a common noun that says what it is
    ("the architect Pieter Lanz", "the conductor Ilse Marrovic"), and that noun names no
    kind of thing the table's rows are (no word of its caption or its key column's header,
    none of the lexicon's row_nouns, no cell's text): a thing of another kind, which may
    be a value of a row but is no row the table lacks."""
    v = ctx.view
    head = m.head
    noun = v.head[head]
    if v.dep[head] != "appos" or noun == head or v.pos[noun] != "NOUN" \
            or noun != m.start - 1:
        return False  # (a close apposition only: "a pub by the canal*,* Zizzi" renames)
    kinds = ctx.table.caption_words() | set(norm_text(ctx.table.key_column.name).split())
    rows = ctx.lexicon.row_nouns
    if any(w in kinds or w in rows for w in (v.lower[noun], v.lemma[noun])):
        return False
    # nor a kind some cell gives a row ("a coffee shop Clowns" where eatType holds
    # "coffee shop")
    said = norm_text(span_text(ctx.doc, name_start(v, noun), noun + 1))
    return said not in ctx.table.cells.by_text and v.lower[noun] not in ctx.table.cells.by_text


def _in_caption(ctx: ClaimContext, m: Mention) -> bool:
    """Every word of the name is a word of the table's caption."""
    caption = ctx.table.caption_words()
    said = [w for w in norm_text(m.text(ctx.doc)).split() if any(ch.isalpha() for ch in w)
            and w not in ctx.lexicon.name_filler_words]
    return bool(said) and all(w in caption for w in said)


def _key_is_names(ctx: ClaimContext) -> bool:
    """Most key cells are written as names (each word capitalized, a number, or a
    function word of a name), or the table is in one case so that nothing tells."""
    raw = ctx.table.key_column.raw
    cells = [str(raw[r]) for r in range(min(len(raw), MAX_KEY_SAMPLE))]
    if not any(ch.isupper() for cell in cells for ch in cell):
        return True  # a lower-cased table: its names look like any other words
    filler = ctx.lexicon.name_filler_words
    named = sum(all(w[0].isupper() or w[0].isdigit() or w.lower() in filler
                    for w in _WORDS.findall(cell)) for cell in cells)
    return 2 * named >= len(cells)


def _name_row(ctx: ClaimContext, start: int, end: int, ref: RowRef) -> None:
    """Tokens start..end name the row of ``ref`` (where no other row claimed them)."""
    for i in range(start, end):
        ctx.entities.setdefault(i, ref)
    ctx.naming.update(range(start, end))
    ctx.entity_spans.append((start, end))


def _variant_of_row(ctx: ClaimContext, m: Mention) -> int | None:
    """A near spelling of a row's name (a letter or two apart, or its plural), with the
    same numbers ("Product 7" is no spelling of "Product 1").  A pure function of the
    text and the table's names, kept in the table's link memo: a catalog's statements
    say the same nouns ("products", "highest rating") again and again."""
    said = norm_text(m.text(ctx.doc))
    key = (_variant_of, said)  # (the function names the memo's entries)
    memo = ctx.linker.memo
    if key in memo:
        return memo[key]
    found = memo[key] = _variant_of(ctx.table, said)
    return found


def _variant_of(table: CompiledTable, said: str) -> int | None:
    found = table.names.near(said, MAX_VARIANT_ROWS)
    if not len(found):
        return None  # (most mentions: no name shares half its trigrams)
    digits = _DIGITS.findall(said)
    names = table.names.norm
    near = sorted(int(r) for r in found)
    return next((r for r in near
                 if SequenceMatcher(None, said, names[r]).ratio() >= VARIANT_RATIO
                 and _DIGITS.findall(names[r]) == digits), None)


def _beside_a_row(ctx: ClaimContext, m: Mention) -> bool:
    """The mention's sentence names a row of the table; of a one-row table (a record), the
    definite subject noun of the verb whose object the name is refers to its row as its
    name would ("*the band* reached the UK top 40": a chart, no rival band; not "the
    coffee shop called Fitzbillies", where the name is the subject's own)."""
    sent = ctx.toks[m.head].sent
    if any(i in ctx.naming for i in range(sent.start, sent.end)):
        return True
    view = ctx.view
    verb = view.head[m.head]
    if ctx.table.n_rows != 1 or view.dep[m.head] not in ("dobj", "attr") \
            or view.pos[verb] not in ("VERB", "AUX"):
        return False
    return any(view.dep[i] in SUBJECT_DEPS and view.pos[i] == "NOUN"
               and definite_dets(view, ctx.lexicon, i) for i in view.children[verb])


def _unknown_entity(ctx: ClaimContext, m: Mention) -> HypothesisResult:
    """A name that competes with the table's rows (its sentence names none of them, or
    the catalog is closed-world): the statement is about something the table lacks."""
    text = m.text(ctx.doc)
    names = ", ".join(ctx.table.key_column.raw[:5])
    return result(ctx, m, "entity", Outcome(EVALUATOR,
        REFUTED, "entity not in table",
        f"{text!r} names no row of the table (rows: {names})",
        columns=[ctx.table.key_column.name]), None)


def _conjunct_of_a_repeated_prep(view, entities, prep: int) -> int | None:
    """The entity a second like preposition after a conjunct speaks of, where the parse
    hung both on the first conjunct ("the Ascent Duo *at* $599 and the Forge Pro L *at*
    $899": both "at" on Duo): the conjunct between them, whose own the second is."""
    if view.dep[prep] != "prep":
        return None
    owner = view.head[prep]
    if owner not in entities or owner >= prep:
        return None
    word = view.lower[prep]
    kids = view.children[owner]
    if not any(view.dep[k] == "prep" and view.lower[k] == word and k < prep for k in kids):
        return None
    between = [c for c in kids if view.dep[c] == "conj" and owner < c < prep and c in entities]
    return between[-1] if between else None


def row_of(ctx: ClaimContext, token: int, head: int | None = None) -> RowRef | None:
    """The entity a claim is about: an entity in its own "for/of X" phrase, its clause's
    subject or possessor, else the nearest entity mention before it, else the only row."""
    view, entities = ctx.view, ctx.entities
    dep, kids = view.dep, view.children
    if head is not None:
        for c in kids[head]:  # "Product 2's 21 days"
            if dep[c] == "poss" and c in entities:
                return entities[c]
        for c in kids[head]:  # "ahead of the neural-network engine *Nebula Zero*": the
            # row the noun phrase names in apposition, not the clause's subject
            if dep[c] == "appos" and c in entities:
                return entities[c]
        if view.pos[head] == "NOUN":
            for c in kids[head]:  # "..., and *the Jungleden Pro* 890 g": a row's name on
                # the noun of the figure (a gapped clause), not the first clause's subject
                # (a proper name: "*masters* crews" is no name of Severn Masters)
                if dep[c] in ("nmod", "compound") and c < head and c in entities \
                        and view.pos[c] == "PROPN":
                    return entities[c]
        for prep in kids[head]:
            if dep[prep] == "prep" and view.lower[prep] in ctx.lexicon.owner_prepositions:
                for obj in kids[prep]:
                    if obj in entities:
                        return entities[obj]
    # the quantifiers that speak of a whole group: every, both, none
    quantifiers = ctx.lexicon.derived("entity.group_quantifiers", lambda lx: frozenset(
        (*lx.quantifiers_universal, *lx.quantifiers_dual, *lx.quantifiers_negative)))
    node, steps = token, 0
    while True:  # the token, then its ancestors up to the root
        if node in entities and node != head:
            return entities[node]
        shifted = _conjunct_of_a_repeated_prep(view, entities, node)
        if shifted is not None:
            return entities[shifted]
        for child in kids[node]:
            if dep[child] in _ENTITY_DEPS:
                if child in entities:
                    return entities[child]
                # "the black Acer laptop, Product 2, is ..."
                appos = [a for a in kids[child] if dep[a] == "appos" and a in entities]
                if appos:
                    return entities[appos[0]]
                if dep[child] in ("nsubj", "nsubjpass") and child != token and any(
                        dep[d] in ("det", "predet") and view.lower[d] in quantifiers
                        for d in kids[child]):
                    # "*every* steel-nibbed pen costs under $70, and the Osprey ...": the
                    # clause speaks of a quantified group, no row named around it
                    return None
        if view.pos[node] in ("VERB", "AUX") and node != token and any(
                dep[d] in ("det", "predet") and view.lower[d] in quantifiers
                for d in kids[node]):
            return None  # (the parse hangs "every" of the subject on the verb)
        up = view.head[node]
        if up == node or steps > len(kids):
            break
        node, steps = up, steps + 1
    before = [i for i in ctx.entities if i < token]
    if before:
        return ctx.entities[max(before)]
    sent = view.sent_start  # (Token.sent makes a Span per read)
    after = [i for i in ctx.entities if i > token and sent[i] == sent[token]]
    if after:
        return ctx.entities[min(after)]
    if ctx.table.n_rows == 1:
        return RowRef((0,), Link(ctx.table.row_name(0), ctx.table.row_name(0), "only-row", 1.0,
                                 ctx.table.key_column.name, 0))
    return None

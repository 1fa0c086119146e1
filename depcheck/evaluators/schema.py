"""Schema: attributes the table does not have.

Decides the ``schema`` claims: an attribute the catalog knows (a column of tables of this
kind, or a yes/no attribute such as "family friendly") stated of a table without that
column is fabricated; a specific feature the product is said to have that no column, cell
or catalog names is fabricated in a closed world and unverifiable in an open one.
"""

from __future__ import annotations

from ..extract import Mention
from ..link import stem, table_schema
from ..parse import span_text
from ..report import REFUTED, UNVERIFIABLE, Link
from ..values import UNIT_OF, norm_text
from . import register
from .context import DEGREE_TAGS, LEX, ClaimContext, anchor_reader
from .outcome import Outcome

EVALUATOR = "schema"  # the name its hypotheses trace

# rules whose objects are things a product has: an unknown one there is a fabricated feature
# (any other rule's attribute counts too when the parse says so: stated_feature)
FEATURE_RULES = frozenset({"have-dobj", "with-pobj", "possessive-attribute"})


def stated_feature(tok, verb_attributes) -> bool:
    """The noun (or the first noun of its coordination) is said to be had: the object of a
    verb other than a measure verb ("includes a USB port", not "weighs 2 lbs"), the object
    of "with", or possessed by a noun ("Product 1's filter").  What the FEATURE_RULES find,
    read off the parse, so a learned rule's mention counts the same as a hand rule's."""
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
    head = tok.head
    if tok.dep_ == "dobj" and head.pos_ in ("VERB", "AUX"):
        return head.lemma_.lower() not in verb_attributes
    if tok.dep_ == "pobj" and head.lower_ in LEX.feature_prepositions:
        return True
    return any(c.dep_ == "poss" and c.pos_ in ("NOUN", "PROPN") for c in tok.children)


def _bare_conj(tok) -> bool:
    """A coordinated noun with no modifier of its own shares its sibling's ("easy setup and
    installation"): too little to call it fabricated."""
    return tok.dep_ == "conj" and not any(c.dep_ in ("amod", "compound", "nummod", "det")
                                          for c in tok.children)


@register(EVALUATOR)
@anchor_reader  # it reads the mention's role and rule (a repeat may reuse a fact's outcome)
def unlinked(ctx: ClaimContext, m: Mention, rest: list[int], neg: bool) -> Outcome | None:
    """A mention no cell or column of this table matches: fabricated when the catalog's
    schema (columns of the other tables) knows it as an attribute this table lacks."""
    head = ctx.toks[m.head]
    if m.role != "attribute" or head.pos_ not in ("NOUN", "PROPN") or neg:
        return None
    if head.lower_ in ctx.linker.generic or head.lemma_.lower() in ctx.linker.generic:
        return None
    if _bare_conj(head) or _mentioned_in_cells(ctx, m):
        return None
    if any(c.tag_ in DEGREE_TAGS or c.lower_ in ctx.lexicon.degree_superlatives
           for c in head.subtree):
        return None  # "the largest display": a comparison, checked as one
    phrases = [norm_text(span_text(ctx.doc, m.start, m.end)), norm_text(head.text),
               norm_text(head.lemma_)]
    # the catalog's own column name, not a look-alike: "daughters" is no "siblings"
    known = ctx.linker.domains.known_column(phrases, None, ctx.linker.threshold)
    if known is None:
        return _unlisted_feature(ctx, m, head, phrases[0])
    if ctx.linker.column_named(known) is not None or _stem_of_a_column(ctx, head):
        return None  # "3 producers" of a table with "Produced by"
    if not ctx.linker.domains.sibling_columns(known, table_schema(ctx.table)):
        # no table of this one's kind has it: the catalog says nothing is missing
        return _unlisted_feature(ctx, m, head, phrases[0])
    return Outcome(EVALUATOR, REFUTED, "attribute not in table",
                   f"the text states {known} ({span_text(ctx.doc, m.start, m.end)!r}), but the "
                   f"table has no {known} column", Link(phrases[0], known, "schema", 1.0),
                   columns=[])


def schema_flag(ctx: ClaimContext, m: Mention, tokens: list[int] | None = None) -> Outcome | None:
    """A yes/no attribute of the catalog ("family friendly", "kid friendly") that tables of
    this one's kind have, stated about a table that has no such column: fabricated.
    ``tokens``: only those words of the mention (the ones no cell accounted for: "kid
    friendly" of "a kid friendly English coffee shop")."""
    idx = range(m.start, m.end) if tokens is None else tokens
    words = [ctx.toks[i].text for i in idx if ctx.toks[i].lower_ not in ctx.negations]
    phrases = [norm_text(" ".join(words))]
    if tokens is not None:  # runs of two or more of those words ("family" alone, as in
        # "a family coffee shop", is too loose to call an attribute fabricated)
        phrases = [norm_text(" ".join(words[a:b])) for a in range(len(words))
                   for b in range(len(words), a + 1, -1)]
    names = ctx.linker.domains.bool_columns
    for phrase in dict.fromkeys(p for p in phrases if p):
        for spelling in (phrase, *sorted(ctx.linker.synonyms.get(phrase, ()))):
            if spelling in names and ctx.linker.column_named(spelling) is None and (
                    ctx.closed_world or ctx.linker.domains.sibling_columns(
                        spelling, table_schema(ctx.table))):
                # (a yes/no column of tables of another kind, "Wi-Fi" of a 3D printer,
                # says nothing of what a dash cam's table lacks)
                return Outcome(EVALUATOR, REFUTED, "attribute not in table",
                               f"the text states {spelling!r}, but the table has no "
                               f"{spelling} column", Link(phrase, spelling, "schema", 1.0),
                               columns=[])
    return None


def _unlisted_feature(ctx: ClaimContext, m: Mention, head, phrase: str) -> Outcome | None:
    """A specific feature the product is said to have ("hydraulic disc brakes", "a USB
    charging port") that no column, cell or catalog column names: fabricated."""
    if m.rule.id not in FEATURE_RULES and not stated_feature(head,
                                                             ctx.lexicon.verb_attributes):
        return None
    if head.lower_ in UNIT_OF or head.like_num:
        return None  # "between 20 and 25 pounds": an amount, not a feature
    specific = [c for c in head.children if c.dep_ in ("compound", "amod", "nummod")
                and norm_text(c.text) not in ctx.linker.synonyms
                and c.lower_ not in ctx.linker.generic
                and c.lower_ not in ctx.lexicon.generic_comparatives
                and c.tag_ not in DEGREE_TAGS]
    if not specific:
        return None
    # open world: nothing in the table or its catalog says whether the product has it
    return Outcome(EVALUATOR, REFUTED if ctx.closed_world else UNVERIFIABLE,
                   "attribute not in table",
                   f"no column or cell of the table mentions {phrase!r}",
                   Link(phrase, "", "none", 0.0), columns=[])


def _stem_of_a_column(ctx: ClaimContext, tok) -> bool:
    """The word shares its stem with a word of some column name."""
    s = stem(norm_text(tok.lemma_))
    return any(stem(w) == s for c in ctx.table.columns for w in c.words.split())


def _mentioned_in_cells(ctx: ClaimContext, m: Mention) -> bool:
    """Any content word of the mention inside some cell or column name."""
    words = {norm_text(ctx.toks[i].lemma_) for i in range(m.start, m.end)
             if ctx.toks[i].pos_ in ("NOUN", "PROPN", "ADJ")}
    words |= {norm_text(ctx.toks[i].text) for i in range(m.start, m.end)}
    words.discard("")
    # every word of the headers and distinct cells, gathered when the table was compiled
    return not words.isdisjoint(ctx.table.words)

"""Negation scope: whether a mention, or one value inside it, is denied.

A negation word inside the mention applies to the value right after it ("non
family-friendly coffee shop"); a negated governing verb applies to the whole claim, up to
the clause's verb ("is not family-friendly in the centre").  Decides no hypothesis itself:
the fact, boolean, level and comparison evaluators read its answer.
"""

from __future__ import annotations

from ..extract import Mention
from ..link import Hit
from ..parse import text_offsets
from ..values import norm_text
from .context import DEGREE_ADVERBS, ClaimContext


def hit_negated(ctx: ClaimContext, h: Hit, m: Mention) -> bool:
    """A negation inside the mention applies to the value it modifies ("no children
    friendly coffee shop" negates friendly, not coffee shop); a negated verb to all."""
    v = ctx.view
    lower, negations = v.lower, ctx.negations
    inside = [i for i in range(m.start, m.end) if lower[i] in negations]
    if inside:
        # a negation that the matched cell itself holds is part of the value ("Non-profit
        # organization"), not a denial of it ("non-family-friendly" against "yes")
        held = set(norm_text(h.value or "").split())
        inside = [i for i in inside if _is_negation_at(ctx, i)
                  and not (h.start <= i < h.end and lower[i] in held)]
    inside += _noun_phrase_negations(ctx, m)
    if inside:
        return any(_negation_target(ctx, n, m) == (h.start, h.end) for n in inside)
    if h.start <= m.head < h.end:
        pos, dep = v.pos, v.dep
        for i in range(m.start, h.start):
            if pos[i] in _MODIFIER_POS and dep[i] in _MODIFIER_DEPS:
                return False  # "is not a family-friendly restaurant": the modifier is denied
    return verb_negated(ctx, m)


_MODIFIER_POS = frozenset({"ADJ", "NOUN", "PROPN", "VERB"})
_MODIFIER_DEPS = frozenset({"amod", "compound", "nmod", "npadvmod"})
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
_VERB_POS = frozenset({"VERB", "AUX"})
_WALK_ENDS = frozenset({"conj", "nsubj", "nsubjpass", "csubj", "appos"})
_COMPLEMENT_DEPS = frozenset({"acomp", "attr", "dobj", "oprd"})


def _noun_phrase_negations(ctx: ClaimContext, m: Mention) -> list[int]:
    """Negations of the noun phrase left of the mention's words (token indices): "a not so
    children friendly coffee shop" (attached to the noun, or to its article)."""
    v = ctx.view
    dep, children = v.dep, v.children
    out: list[int] = []
    for c in children[m.head]:
        if c >= m.start:
            break  # children in order: the rest are inside or after the mention
        if dep[c] == "neg":
            out.append(c)
        elif dep[c] == "det":
            words = ctx.lexicon.negation_noun_phrase
            out += [g for g in children[c] if g < m.start and v.lower[g] in words]
    return out


def _negation_target(ctx: ClaimContext, neg: int, m: Mention) -> tuple[int, int] | None:
    """The hit a negation word inside a mention negates: the one starting at the next
    word ("non family-friendly coffee shop" negates family-friendly, not coffee shop)."""
    j = neg + 1
    toks = ctx.toks
    while j < m.end and (toks[j].is_punct or ctx.view.lower[j] in DEGREE_ADVERBS):
        j += 1
    for h in ctx.linker.value_hits(ctx.doc, m.start, m.end):
        if h.start <= j < h.end:
            return h.start, h.end
    return None


def negated(ctx: ClaimContext, m: Mention) -> bool:
    """A negation word in the mention, or a negated governing verb (not across conj or
    into the subject's clause).  "Neither" determining a subject quantifies it:
    "Neither Optiq camera is waterproof" denies the predicate, not the brand."""
    key = (m.start, m.end, m.head)
    found = ctx.negated_mentions.get(key)
    if found is None:  # a fact asks it of one mention several times
        found = ctx.negated_mentions[key] = _negated(ctx, m)
    return found


def _negated(ctx: ClaimContext, m: Mention) -> bool:
    v = ctx.view
    lower, negations = v.lower, ctx.negations
    subject = v.dep[m.head] in _SUBJECT_DEPS
    determiners = ctx.lexicon.negation_subject_determiners
    for i in range(m.start, m.end):
        if lower[i] in negations and _is_negation_at(ctx, i) and not (
                subject and lower[i] in determiners and v.head[i] == m.head):
            return True
    if _noun_phrase_negations(ctx, m):
        return True
    return verb_negated(ctx, m)


def hyphen_prefix(tok) -> bool:
    """A negation glued by a hyphen to the next word ("not-for-profit", "non-stick"): it
    negates that word inside one compound; walking up from another value it denies
    nothing ("a not-for-profit formed in 1931" states 1931)."""
    doc = tok.doc
    return (not tok.whitespace_ and tok.i + 2 < len(doc) and doc[tok.i + 1].text == "-"
            and not doc[tok.i + 1].whitespace_)


def _hyphen_prefix_at(doc, i: int) -> bool:
    """:func:`hyphen_prefix` of token ``i``, read from the text's offsets (a token has no
    trailing space when the next one starts where it ends)."""
    text, starts, ends = text_offsets(doc)
    return (i + 2 < len(starts) and ends[i] == starts[i + 1]
            and text[starts[i + 1]:ends[i + 1]] == "-" and ends[i + 1] == starts[i + 2])


def _is_negation(ctx: ClaimContext, tok) -> bool:
    """A negation word, but not the "not" of "not only ... but also"."""
    return _is_negation_at(ctx, tok.i)


def _is_negation_at(ctx: ClaimContext, i: int) -> bool:
    lower = ctx.view.lower
    if lower[i] not in ctx.negations:
        return False
    return not (i + 1 < len(lower) and lower[i + 1] in ctx.lexicon.negation_cancellers)


def verb_negated(ctx: ClaimContext, m: Mention) -> bool:
    """Walk up from the head to its verb; a prepositional adjunct of a verb that has its
    own complement is outside the negation ("is not family-friendly in the centre")."""
    found = ctx.negated_heads.get(m.head)
    if found is None:
        found = ctx.negated_heads[m.head] = _walk_negated(ctx, m)
    return found


def _walk_negated(ctx: ClaimContext, m: Mention) -> bool:
    v = ctx.view
    lower, dep, pos, heads, children = v.lower, v.dep, v.pos, v.head, v.children
    lex = ctx.lexicon
    negations = ctx.negations
    node = m.head
    while True:
        node_dep = dep[node]
        subject = node_dep in _SUBJECT_DEPS  # "Neither camera is ..."
        for c in children[node]:
            c_dep, c_low = dep[c], lower[c]
            if (c_dep == "neg" or c_low in negations and (
                    c_dep == "advmod" or c_dep == "det"
                    and not (subject and c_low in lex.negation_subject_determiners))) \
                    and _is_negation_at(ctx, c) and not _hyphen_prefix_at(ctx.doc, c):
                return True
        if lower[node] in lex.negating_heads:
            return True
        verb = pos[node] in _VERB_POS
        if verb and any(
                dep[c] in _SUBJECT_DEPS and c != m.head and any(
                    lower[d] in lex.negation_subject_quantifiers for d in children[c])
                for c in children[node]):
            return True  # "Neither camera is waterproof" (the predicate, not the subject)
        head = heads[node]
        if verb and node != m.head or head == node or node_dep in _WALK_ENDS:
            return False
        if node_dep == "prep" and pos[head] != "ADJ" and not (
                pos[head] in _VERB_POS and not any(
                    dep[c] in _COMPLEMENT_DEPS for c in children[head])):
            return False
        node = head

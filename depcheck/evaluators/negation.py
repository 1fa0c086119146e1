"""Negation scope: whether a mention, or one value inside it, is denied.

A negation word inside the mention applies to the value right after it ("non
family-friendly coffee shop"); a negated governing verb applies to the whole claim, up to
the clause's verb ("is not family-friendly in the centre").  Decides no hypothesis itself:
the fact, boolean, level and comparison evaluators read its answer.
"""

from __future__ import annotations

from ..extract import Mention
from ..link import Hit
from ..values import norm_text
from .context import DEGREE_ADVERBS, ClaimContext


def hit_negated(ctx: ClaimContext, h: Hit, m: Mention) -> bool:
    """A negation inside the mention applies to the value it modifies ("no children
    friendly coffee shop" negates friendly, not coffee shop); a negated verb to all."""
    # a negation that the matched cell itself holds is part of the value ("Non-profit
    # organization"), not a denial of it ("non-family-friendly" against "yes")
    held = set(norm_text(h.value or "").split())
    inside = [ctx.toks[i] for i in range(m.start, m.end) if _is_negation(ctx, ctx.toks[i])
              and not (h.start <= i < h.end and ctx.toks[i].lower_ in held)]
    inside += _noun_phrase_negations(ctx, m)
    if inside:
        return any(_negation_target(ctx, n, m) == (h.start, h.end) for n in inside)
    if h.start <= m.head < h.end and any(
            ctx.toks[i].pos_ in ("ADJ", "NOUN", "PROPN", "VERB")
            and ctx.toks[i].dep_ in ("amod", "compound", "nmod", "npadvmod")
            for i in range(m.start, h.start)):
        return False  # "is not a family-friendly restaurant": the modifier is denied
    return verb_negated(ctx, m)


def _noun_phrase_negations(ctx: ClaimContext, m: Mention) -> list:
    """Negations of the noun phrase left of the mention's words: "a not so children
    friendly coffee shop" (attached to the noun, or to its article)."""
    head = ctx.toks[m.head]
    out = [c for c in head.children if c.dep_ == "neg" and c.i < m.start]
    for det in head.children:
        if det.dep_ == "det" and det.i < m.start:
            out += [c for c in det.children
                    if c.lower_ in ctx.lexicon.negation_noun_phrase and c.i < m.start]
    return out


def _negation_target(ctx: ClaimContext, neg, m: Mention) -> tuple[int, int] | None:
    """The hit a negation word inside a mention negates: the one starting at the next
    word ("non family-friendly coffee shop" negates family-friendly, not coffee shop)."""
    j = neg.i + 1
    while j < m.end and (ctx.toks[j].is_punct or ctx.toks[j].lower_ in DEGREE_ADVERBS):
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
    subject = ctx.toks[m.head].dep_ in ("nsubj", "nsubjpass")
    if any(_is_negation(ctx, ctx.toks[i])
           and not (subject and ctx.toks[i].lower_ in ctx.lexicon.negation_subject_determiners
                    and ctx.toks[i].head.i == m.head)
           for i in range(m.start, m.end)) or _noun_phrase_negations(ctx, m):
        return True
    return verb_negated(ctx, m)


def hyphen_prefix(tok) -> bool:
    """A negation glued by a hyphen to the next word ("not-for-profit", "non-stick"): it
    negates that word inside one compound; walking up from another value it denies
    nothing ("a not-for-profit formed in 1931" states 1931)."""
    doc = tok.doc
    return (not tok.whitespace_ and tok.i + 2 < len(doc) and doc[tok.i + 1].text == "-"
            and not doc[tok.i + 1].whitespace_)


def _is_negation(ctx: ClaimContext, tok) -> bool:
    """A negation word, but not the "not" of "not only ... but also"."""
    if tok.lower_ not in ctx.negations:
        return False
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return not (nxt is not None and nxt.lower_ in ctx.lexicon.negation_cancellers)


def verb_negated(ctx: ClaimContext, m: Mention) -> bool:
    """Walk up from the head to its verb; a prepositional adjunct of a verb that has its
    own complement is outside the negation ("is not family-friendly in the centre")."""
    found = ctx.negated_heads.get(m.head)
    if found is None:
        found = ctx.negated_heads[m.head] = _walk_negated(ctx, m)
    return found


def _walk_negated(ctx: ClaimContext, m: Mention) -> bool:
    node = ctx.toks[m.head]
    while True:
        subject = node.dep_ in ("nsubj", "nsubjpass")  # "Neither camera is ..."
        if any((c.dep_ == "neg" or c.lower_ in ctx.negations and (
                    c.dep_ == "advmod" or c.dep_ == "det"
                    and not (subject and c.lower_ in ctx.lexicon.negation_subject_determiners)))
               and _is_negation(ctx, c) and not hyphen_prefix(c) for c in node.children):
            return True
        if node.lower_ in ctx.lexicon.negating_heads:
            return True
        if node.pos_ in ("VERB", "AUX") and any(
                c.dep_ in ("nsubj", "nsubjpass") and c.i != m.head and any(
                    d.lower_ in ctx.lexicon.negation_subject_quantifiers for d in c.children)
                for c in node.children):
            return True  # "Neither camera is waterproof" (the predicate, not the subject)
        stop = node.pos_ in ("VERB", "AUX") and node.i != m.head
        if stop or node.head.i == node.i or node.dep_ in (
                "conj", "nsubj", "nsubjpass", "csubj", "appos"):
            return False
        if node.dep_ == "prep" and node.head.pos_ != "ADJ" and not (
                node.head.pos_ in ("VERB", "AUX") and not any(
                    c.dep_ in ("acomp", "attr", "dobj", "oprd") for c in node.head.children)):
            return False
        node = node.head

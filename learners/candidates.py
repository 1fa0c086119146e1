"""Candidate path rules read off labelled parses.

For a labelled pair (a, b) the candidate walks from ``a`` up to the lowest common head and
down to ``b``, in the path syntax of :mod:`depcheck.rules.paths`; the common head is tested
by lemma (``NOUN <pobj <prep:with pobj``-style).  A single head also yields an anchor path
from its governor (``have dobj``, ``VERB dobj``).  A candidate is a :class:`Cand`: a role and
a tuple of path parts, the anchor test first.
"""

from __future__ import annotations

from dataclasses import dataclass

from depcheck.rules.paths import DEP_LABELS, PathSyntaxError, compile_path

from .spans import Sentence, head_of

MAX_NODES = 8


@dataclass(frozen=True, order=True)
class Cand:
    role: str
    parts: tuple[str, ...]

    @property
    def pattern(self) -> str:
        return " ".join(self.parts)


def lemma_test(tok) -> str | None:
    """A token test naming the lemma, or None when the lemma is not a plain word."""
    lemma = tok.lemma_.lower()
    return lemma if lemma.isalpha() and lemma.isascii() else None


def _dep(tok) -> str | None:
    dep = tok.dep_.lower()
    return dep if dep in DEP_LABELS else None


def _chain_up(tok) -> list:
    chain = [tok]
    while chain[-1].head.i != chain[-1].i:
        chain.append(chain[-1].head)
    return chain


def pair_path(a, b) -> tuple[str, ...] | None:
    """Path parts from token ``a`` to token ``b`` through their lowest common head."""
    up_a, up_b = _chain_up(a), _chain_up(b)
    ids_b = [t.i for t in up_b]
    lca = next((t for t in up_a if t.i in ids_b), None)
    if lca is None or a.i == b.i:
        return None
    parts = [a.pos_]
    ups = up_a[:[t.i for t in up_a].index(lca.i)]
    for k, tok in enumerate(ups):
        dep = _dep(tok)
        if dep is None:
            return None
        test = lemma_test(lca) if k == len(ups) - 1 else None
        parts.append(f"<{dep}:{test}" if test else f"<{dep}")
    if not ups:  # a is the common head: anchor on its lemma instead of its POS
        parts[0] = lemma_test(a) or a.pos_
    downs = list(reversed(up_b[:ids_b.index(lca.i)]))
    for tok in downs:
        dep = _dep(tok)
        if dep is None:
            return None
        parts.append(dep)
    if len(parts) > MAX_NODES or len(parts) < 2:
        return None
    return tuple(parts)


def governor_paths(tok) -> list[tuple[str, ...]]:
    """Anchor paths from a head's governor: by lemma and by POS."""
    dep = _dep(tok)
    if dep is None or tok.head.i == tok.i:
        return []
    gov = tok.head
    out = [(gov.pos_, dep)]
    lemma = lemma_test(gov)
    if lemma:
        out.append((lemma, dep))
    return out


def is_valid(parts: tuple[str, ...]) -> bool:
    try:
        compile_path(" ".join(parts), max_nodes=MAX_NODES)
    except PathSyntaxError:
        return False
    return True


def candidates(docs, sentences: list[Sentence]) -> list[Cand]:
    """Every distinct candidate of the labelled sentences, sorted (a stable order to sample)."""
    found: set[Cand] = set()
    for doc, sent in zip(docs, sentences, strict=True):
        heads = [head_of(doc, s) for s in sent.spans]
        for i, j in sent.links:
            for x, y in ((i, j), (j, i)):
                if heads[x] is None or heads[y] is None:
                    continue
                parts = pair_path(doc[heads[x]], doc[heads[y]])
                if parts and is_valid(parts):
                    found.add(Cand(sent.spans[y].role, parts))
        for span, head in zip(sent.spans, heads, strict=True):
            if head is None:
                continue
            for parts in governor_paths(doc[head]):
                if is_valid(parts):
                    found.add(Cand(span.role, parts))
    return sorted(found)

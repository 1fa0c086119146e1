"""Candidate path rules read off labelled parses.

For a labelled pair (a, b) the candidate walks from ``a`` up to the lowest common head and
down to ``b``, in the path syntax of :mod:`depcheck.rules.paths`; the common head may be
tested by lemma (``NOUN <nsubj:have dobj``).  Every labelled head also yields paths from its
governor (``have dobj``, ``VERB dobj``) and from its governor's governor
(``NOUN prep:of pobj``), and anchor rules that capture the head itself (``PROPN``,
``NOUN nummod`` with ``capture: anchor``): heads with no labelled partner, and roots, need
those.

Each path comes in a few variants, from lexical to general: the anchor by lemma, by POS or
any token; the common head or the preposition tested by lemma or not; the end token tested
by POS or not.  Which of them generalizes is for the search to find out.  A candidate is a
:class:`Cand`: a role, a tuple of path parts (the anchor test first) and what it captures.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from depcheck.rules.paths import DEP_LABELS, PathSyntaxError, compile_path

from .spans import Sentence, head_of

MAX_NODES = 8


@dataclass(frozen=True, order=True)
class Cand:
    role: str
    parts: tuple[str, ...]
    capture: str = "end"  # "end": the tokens the path reaches; "anchor": the anchor itself

    @property
    def pattern(self) -> str:
        return " ".join(self.parts)


def lemma_test(tok) -> str | None:
    """A token test naming the lemma, or None when the lemma is not a plain word."""
    lemma = tok.lemma_.lower()
    return lemma if lemma.isalpha() and lemma.isascii() else None


def pos_test(tok) -> str | None:
    return tok.pos_ if tok.pos_ and tok.pos_ != "SPACE" else None


def _dep(tok) -> str | None:
    dep = tok.dep_.lower()
    return dep if dep in DEP_LABELS else None


def _chain_up(tok) -> list:
    chain = [tok]
    while chain[-1].head.i != chain[-1].i:
        chain.append(chain[-1].head)
    return chain


def _step(up: bool, dep: str, test: str | None) -> str:
    return ("<" if up else "") + dep + (f":{test}" if test else "")


def _anchors(tok, lexical: bool = True) -> list[str]:
    out = [t for t in ((lemma_test(tok) if lexical else None), pos_test(tok)) if t]
    return out + ["."]


def pair_paths(a, b) -> list[tuple[str, ...]]:
    """Variants of the path from token ``a`` to token ``b`` through their lowest common head."""
    up_a, up_b = _chain_up(a), _chain_up(b)
    ids_b = [t.i for t in up_b]
    lca = next((t for t in up_a if t.i in ids_b), None)
    if lca is None or a.i == b.i:
        return []
    ups = up_a[:[t.i for t in up_a].index(lca.i)]
    downs = list(reversed(up_b[:ids_b.index(lca.i)]))
    deps_up = [_dep(t) for t in ups]
    deps_down = [_dep(t) for t in downs]
    if None in deps_up or None in deps_down or not downs and not ups:
        return []
    out = []
    # a is the common head: anchor on its lemma or POS; else on a's POS or any token
    anchors = _anchors(a) if not ups else [t for t in (pos_test(a), ".") if t]
    lca_tests = [lemma_test(lca), None] if ups else [None]
    end_tests = [pos_test(b), None] if downs else [None]
    for anchor, lca_test, end_test in product(anchors, dict.fromkeys(lca_tests),
                                              dict.fromkeys(end_tests)):
        parts = [anchor]
        for k, dep in enumerate(deps_up):
            last = k == len(deps_up) - 1
            parts.append(_step(True, dep, lca_test if last else None))
        for k, dep in enumerate(deps_down):
            last = k == len(deps_down) - 1
            parts.append(_step(False, dep, end_test if last else None))
        out.append(tuple(parts))
    return out


def governor_paths(tok) -> list[tuple[str, ...]]:
    """Paths down to ``tok`` from its governor and from its governor's governor."""
    dep = _dep(tok)
    if dep is None or tok.head.i == tok.i:
        return []
    gov = tok.head
    ends = dict.fromkeys([pos_test(tok), None])
    out = [(anchor, _step(False, dep, end)) for anchor in _anchors(gov) for end in ends]
    gdep = _dep(gov)
    if gdep is not None and gov.head.i != gov.i:
        for anchor, mid, end in product(_anchors(gov.head), dict.fromkeys([lemma_test(gov), None]),
                                        ends):
            out.append((anchor, _step(False, gdep, mid), _step(False, dep, end)))
    return out


def anchor_paths(tok) -> list[tuple[str, ...]]:
    """Paths whose anchor is the head itself (``capture: anchor``): by itself or a child arc."""
    out = [(t,) for t in _anchors(tok) if t != "."]
    deps = sorted({d for d in (_dep(c) for c in tok.children) if d and d != "punct"})
    pos = pos_test(tok)
    if pos:
        out.extend((pos, d) for d in deps)
    return out


def with_conjuncts(parts: tuple[str, ...]) -> tuple[str, ...] | None:
    """The path extended to the conjuncts of what it reaches: a trailing run of ``conj``
    steps becomes ``conj*``, any other path gains ``conj*`` ("with pobj" -> "with pobj
    conj*": "with a remote and a case")."""
    if len(parts) < 2 or parts[-1].startswith("<"):
        return None
    body = list(parts)
    while len(body) > 2 and body[-1] == "conj":
        body.pop()
    return (*body, "conj*")


def is_valid(parts: tuple[str, ...]) -> bool:
    """The path compiles, and has no starred any-arc step (``.*`` walks whole subtrees from
    every token it reaches: slow, and never what a linguist means)."""
    try:
        path = compile_path(" ".join(parts), max_nodes=MAX_NODES)
    except PathSyntaxError:
        return False
    return not any(step.star and step.labels is None for step in path.steps)


def candidate_sources(docs, sentences: list[Sentence]) -> dict[Cand, frozenset[int]]:
    """Every distinct candidate of the labelled sentences, with the sentences it came from."""
    found: dict[Cand, set[int]] = {}
    valid: dict[tuple[str, ...], bool] = {}

    def add(role: str, parts: tuple[str, ...], k: int, capture: str = "end") -> None:
        ok = valid.get(parts)
        if ok is None:
            ok = valid[parts] = len(parts) <= MAX_NODES and is_valid(parts)
        if ok:
            found.setdefault(Cand(role, parts, capture), set()).add(k)

    for k, (doc, sent) in enumerate(zip(docs, sentences, strict=True)):
        heads = [head_of(doc, s) for s in sent.spans]
        for i, j in sent.links:
            for x, y in ((i, j), (j, i)):
                if heads[x] is None or heads[y] is None:
                    continue
                for parts in pair_paths(doc[heads[x]], doc[heads[y]]):
                    add(sent.spans[y].role, parts, k)
                    conj = with_conjuncts(parts)
                    if conj:
                        add(sent.spans[y].role, conj, k)
        for span, head in zip(sent.spans, heads, strict=True):
            if head is None:
                continue
            for parts in governor_paths(doc[head]):
                add(span.role, parts, k)
            first = doc[head]  # the first conjunct of the coordination the head is in
            while first.dep_ == "conj" and first.head.i != first.i:
                first = first.head
            for parts in governor_paths(first):
                add(span.role, (*parts, "conj*"), k)
            for parts in anchor_paths(doc[head]):
                add(span.role, parts, k, capture="anchor")
    return {c: frozenset(ks) for c, ks in sorted(found.items())}


def candidates(docs, sentences: list[Sentence]) -> list[Cand]:
    """Every distinct candidate of the labelled sentences, sorted (a stable order to sample)."""
    return list(candidate_sources(docs, sentences))

"""Frames: rules that bind several tokens of a parse to named slots, and what they yield.

A frame rule (``kind: frame`` in ``rules/**/*.yaml``) names the hypothesis kind it
``yields`` and the ``evaluator`` that checks it; both come from the closed sets below, the
one place where they are defined.  :func:`find_frames` runs every frame rule of a rule set
over a parsed Doc and returns :class:`FrameMatch` objects, in document order.

Matching: each node frame is a spaCy ``DependencyMatcher`` pattern (compiled in
:mod:`depcheck.rules.frames`), run only on texts that hold its trigger (a word, label or
tag one of its nodes requires); path-shorthand frames (``pattern`` + ``bind``) walk their
path exactly as ``kind: path`` rules do.  Matches are then

- distinct: every node binds a token of its own (spaCy lets two nodes share one);
- filtered: a node's ``without`` tests forbid children ("a predicate with no subject of
  its own"), which a DependencyMatcher pattern cannot say;
- bounded: at most ``limit`` (``Config.max_matches_per_rule``) per rule and document;
- widened: a node marked ``conjuncts: true`` also binds the tokens its ``conj`` chain
  reaches ("comes in red, blue and green" binds all three values);
- deduplicated: the same rule binding the same slots once, and a match whose every slot
  is contained in another match of the same kind (the same yield) is dropped, so a
  rule with an extra node ("no more than") wins over its shorter sibling ("more than").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from .parse import text_offsets

if TYPE_CHECKING:
    from .rules.loader import Rule, RuleSet

# the slots a frame may bind; a node with no slot is a helper ("than", "of")
SLOTS = ("subject", "attribute", "value", "comparand", "comparand_value", "cue", "quantifier",
         "scope", "member")
# the evaluators a frame may name (one module each, written by the evaluator work)
EVALUATORS = ("fact", "number", "boolean", "level", "comparison", "superlative", "quantifier",
              "schema", "entity", "date", "items", "ratio", "difference", "shared", "columns",
              "age", "life", "balance", "span", "restated", "tenure", "rank", "gap",
              "trend")
# the hypothesis kinds a frame may yield: one per evaluator, plus the shapes that wrap a
# claim (a bound on a number, a negated claim, a claim inside an opinion)
HYPOTHESIS_KINDS = (*EVALUATORS, "bound", "negation", "opinion")
# the slot a learned path's end (or anchor, for capture: anchor) binds, by mention role
ROLE_SLOTS = {"entity": "subject", "attribute": "attribute", "value": "value",
              "comparison": "cue", "superlative": "cue"}


@dataclass(frozen=True, init=False)
class FrameMatch:
    """One frame rule bound to tokens of one parse.

    ``slots`` maps each bound slot name to the token indices (ascending) it binds;
    ``location`` is the rule's ``file:line``.
    """

    rule: str
    kind: str
    evaluator: str
    slots: Mapping[str, tuple[int, ...]]
    location: str

    def __init__(self, rule: str, kind: str, evaluator: str,
                 slots: Mapping[str, tuple[int, ...]], location: str) -> None:
        # one write of the fields, not a frozen dataclass's five ``object.__setattr__``
        self.__dict__.update(rule=rule, kind=kind, evaluator=evaluator, slots=slots,
                             location=location)

    @property
    def key(self) -> tuple:
        """What makes two matches the same: the rule and its bound slots."""
        return (self.rule, tuple(self.slots.items()))

    def __hash__(self) -> int:
        return hash(self.key)

    @property
    def start(self) -> int:
        return min(i for ids in self.slots.values() for i in ids)

    def tokens(self) -> tuple[int, ...]:
        return tuple(sorted({i for ids in self.slots.values() for i in ids}))

    def words(self, doc) -> dict[str, list[str]]:
        """Slot -> the texts of its tokens (for reports, examples and debugging)."""
        text, starts, ends = text_offsets(doc)  # each token's text, no Token made
        return {slot: [text[starts[i]:ends[i]] for i in ids] for slot, ids in self.slots.items()}

    def to_dict(self, doc=None) -> dict:
        out = {"rule": self.rule, "kind": self.kind, "evaluator": self.evaluator,
               "slots": {k: list(v) for k, v in self.slots.items()},
               "location": self.location}
        if doc is not None:
            out["words"] = self.words(doc)
        return out


def _conjuncts(view, i: int, limit: int) -> list[int]:
    """Token ``i`` and every token reached from it by a chain of ``conj`` arcs (``view``:
    the parse's DocView)."""
    children, dep = view.children, view.dep
    out, stack = [i], [i]
    while stack and len(out) < limit:
        for child in children[stack.pop()]:
            if dep[child] == "conj":
                out.append(child)
                stack.append(child)
    return out


def _make(rule: Rule, bound: dict[str, set[int]]) -> FrameMatch:
    slots = {s: tuple(sorted(bound[s])) for s in SLOTS if bound.get(s)}
    return FrameMatch(rule=rule.id, kind=rule.spec.yields, evaluator=rule.spec.evaluator,
                      slots=MappingProxyType(slots), location=rule.location)


def _raw_order(match) -> tuple:
    return match[1], match[0].id


def _node_matches(doc, rules: RuleSet, limit: int) -> list[FrameMatch]:
    counts: dict[str, int] = {}
    out: list[FrameMatch] = []
    raw = rules.frame_matcher(doc)
    if not raw:
        return out
    raw.sort(key=_raw_order)
    view = None
    for rule, token_ids in raw:
        if len(set(token_ids)) != len(token_ids):
            continue  # each node is its own token (the DependencyMatcher allows repeats)
        frame = rule.frame
        if frame.forbids and not frame.admits(doc, token_ids):
            continue  # a node has a child its 'without' forbids
        found = counts.get(rule.id, 0)
        if found >= limit:
            continue
        counts[rule.id] = found + 1
        bound: dict[str, set[int]] = {}
        for (slot, conjuncts), tok in zip(frame.binds, token_ids, strict=True):
            if slot is None:
                continue
            if conjuncts:
                if view is None:
                    # imported here: depcheck.rules imports this module's closed sets
                    from .rules.paths import doc_view

                    view = doc_view(doc)
                ids = _conjuncts(view, tok, limit)
            else:
                ids = (tok,)
            bound.setdefault(slot, set()).update(ids)
        out.append(_make(rule, bound))
    return out


def _path_matches(doc, rules: RuleSet, limit: int) -> list[FrameMatch]:
    out: list[FrameMatch] = []
    if not rules.path_frames:
        return out  # (no import on every text for a rule set without path frames)
    # imported here: depcheck.rules imports this module's closed sets (SLOTS, EVALUATORS)
    from .rules.paths import walk

    for rule in rules.path_frames:
        path, binding = rule.path, rule.spec.bind
        found = 0
        for tok in doc:
            if found >= limit:
                break
            if not path.anchor(tok):
                continue
            ends = [t.i for t in walk(path, tok, limit) if t.i != tok.i] if path.steps else []
            if path.steps and not ends:
                continue
            bound: dict[str, set[int]] = {}
            if binding.anchor:
                bound.setdefault(binding.anchor, set()).add(tok.i)
            if binding.end and ends:
                bound.setdefault(binding.end, set()).update(ends)
            if bound:
                out.append(_make(rule, bound))
                found += 1
    return out


def _contained(a: FrameMatch, b: FrameMatch) -> bool:
    """Every slot of ``a`` is a slot of ``b`` holding at least ``a``'s tokens, and b binds more."""
    if a.kind != b.kind or a is b:
        return False
    bigger = False
    for slot, ids in a.slots.items():
        other = b.slots.get(slot)
        if other is None or not set(ids) <= set(other):
            return False
        bigger = bigger or len(other) > len(ids)
    return bigger or len(b.slots) > len(a.slots)


def find_frames(doc, rules: RuleSet, limit: int = 64) -> tuple[FrameMatch, ...]:
    """Every frame match of ``rules`` in ``doc``: bounded, widened, deduplicated, in order."""
    found = _node_matches(doc, rules, limit) + _path_matches(doc, rules, limit)
    if not found:
        return ()
    unique = list({m.key: m for m in found}.values())
    if len(unique) > 1:
        kinds: dict[str, list[FrameMatch]] = {}  # a match is contained only in its kind's
        for m in unique:
            kinds.setdefault(m.kind, []).append(m)
        unique = [m for m in unique if not any(_contained(m, o) for o in kinds[m.kind])]
        unique.sort(key=_order)
    return tuple(unique)


def _order(m: FrameMatch) -> tuple:
    tokens = m.tokens()
    return tokens[0], tokens, m.rule

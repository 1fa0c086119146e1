"""Apply the rule set to a parsed Doc: mention heads, their spans, coreference, frames.

Path rules find heads with a role (entity, attribute, value, comparison, superlative);
span rules, or the default left-modifier growth, turn each head into a mention; coreference
rules tie pronouns to the entity mention they stand for; frame rules bind several tokens to
named slots (:mod:`depcheck.frames`).  Nothing here knows the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from operator import itemgetter

from .frames import FrameMatch, find_frames
from .parse import span_text, text_offsets
from .rules.loader import Rule, RuleSet
from .rules.paths import DocView, doc_view, hyphen_joined, walk_ids
from .rules.spans import encode

# left dependents that belong to a mention: "easy setup", "17.3-inch grey color", "Product 1"
_GROW_LEFT = {"compound", "amod", "nummod", "npadvmod", "advmod", "quantmod", "nmod", "punct",
              "det", "predet", "neg"}
_GROW_RIGHT = {"nummod", "compound"}
_SKIP_EDGE_POS = {"DET", "PUNCT", "CCONJ", "PART", "ADP"}
_BOUND_DEPS = {"advmod", "quantmod"}


@dataclass(frozen=True, init=False)
class Mention:
    role: str
    head: int
    start: int  # token range [start, end)
    end: int
    rule: Rule
    anchor: int

    def __init__(self, role: str, head: int, start: int, end: int, rule: Rule,
                 anchor: int) -> None:
        # one write of the instance's fields, not a frozen dataclass's six
        # ``object.__setattr__`` calls: a statement makes a dozen or more mentions
        self.__dict__.update(role=role, head=head, start=start, end=end, rule=rule,
                             anchor=anchor)

    def text(self, doc) -> str:
        return span_text(doc, self.start, self.end)

    def chars(self, doc) -> tuple[int, int]:
        _, starts, ends = text_offsets(doc)
        if not 0 <= self.start < self.end <= len(starts):
            span = doc[self.start:self.end]
            return span.start_char, span.end_char
        return starts[self.start], ends[self.end - 1]


@dataclass(frozen=True)
class Extraction:
    mentions: tuple[Mention, ...]
    coref: dict[int, tuple[int, Rule]]  # pronoun token -> (antecedent token, rule)
    # how to find the frames; run once, on first access of ``frames``
    find: Callable[[], tuple[FrameMatch, ...]] = field(default=tuple, repr=False,
                                                        compare=False)
    # the parse as plain lists (heads, children, labels), made once for the path rules
    view: DocView | None = field(default=None, repr=False, compare=False)

    @cached_property
    def frames(self) -> tuple[FrameMatch, ...]:
        """Frame matches, deduplicated, in document order (:func:`depcheck.frames.find_frames`).

        Found on first access: a caller that reads only mentions does not pay for the
        DependencyMatcher (about 0.5 ms for a product sentence with the frames of rules/)."""
        return self.find()


def grow(doc, head: int) -> tuple[int, int]:
    """Default span: the head with its contiguous left modifiers ("17.3-inch grey color").

    Labels, tags and the children's subtree edges come from the parse's DocView: no Token
    is made."""
    return _grow(doc_view(doc), head)


def _grow(view: DocView, head: int) -> tuple[int, int]:
    """:func:`grow` on the parse's DocView."""
    dep, pos, children = view.dep, view.pos, view.children
    kids = children[head]
    start = head
    for left in reversed([c for c in kids if c < head]):
        if dep[left] not in _GROW_LEFT:
            break
        first, last = _edges(children, left)
        if last < start - 2:
            break
        start = first
    end = head + 1
    for right in kids:
        if right < head:
            continue
        numeric_appos = dep[right] == "appos" and view.like_num[right]
        # "child friendly" parsed as a noun with a trailing adjective: one mention
        post_adjective = dep[right] == "amod" and pos[right] == "ADJ" and pos[head] == "NOUN"
        if right != end or not (dep[right] in _GROW_RIGHT or numeric_appos or post_adjective):
            break
        end = right + 1 if post_adjective else _edges(children, right)[1] + 1
    _, starts, ends = view.text_offsets
    n = len(dep)
    while end + 1 < n and view.lower[end] == "/" and ends[end - 1] == starts[end] \
            and ends[end] == starts[end + 1] and view.head[end + 1] in (end - 1, end):
        end += 2  # "245 km/h": a unit written with a slash is one word
    while start < end - 1 and pos[start] in _SKIP_EDGE_POS and not (
            pos[start] == "ADP" and dep[start] in _BOUND_DEPS) and not (
            start + 2 < end and hyphen_joined(view, start)):
        # not the "over" of "over an hour": a bound, tagged ADP or ADV alike; nor the "all"
        # of "all-wheel drive": one hyphenated word, whatever its first part is tagged
        start += 1
    return start, end


def _edges(children: list[list[int]], i: int) -> tuple[int, int]:
    """The first and last token of token ``i``'s subtree (``Token.left_edge`` and
    ``right_edge``) from the parse's lists: a modifier's subtree is a word or a few."""
    first = last = i
    stack = [i]
    while stack:
        for c in children[stack.pop()]:
            if c < first:
                first = c
            elif c > last:
                last = c
            stack.append(c)
    return first, last


def _longest(found: list[tuple[int, int]], head: int) -> tuple[int, int] | None:
    """The longest of a span rule's matches that contains token ``head`` (the first of
    equal length), as :meth:`~depcheck.rules.spans.SpanPattern.find` gives it."""
    best = None
    for start, end in found:
        if start <= head < end and (best is None or end - start > best[1] - best[0]):
            best = (start, end)
    return best


def find_heads(doc, rules: RuleSet, limit: int = 64,
               view: DocView | None = None) -> list[tuple[Rule, int, int]]:
    """(rule, head token, anchor token) for every path-rule match, in rule order.

    Each token is offered only to the rules whose anchor could match it (indexed by lemma,
    POS and tag when the rule set was compiled), and paths are walked over a plain-list
    view of the parse.
    """
    view = view if view is not None else DocView(doc)
    index = rules.anchor_index
    found: list[tuple[int, Rule, int, int]] = []  # (rule's order, rule, head, anchor)
    head, dep, kids = view.head, view.dep, view.children
    # the index holds a rule under each word, POS and tag its anchor accepts, so every
    # candidate's anchor test already holds here
    for i, candidates in enumerate(index.every_token(view)):
        for k, rule in candidates:
            steps = rule.path.steps
            if not steps:
                ends = [i]
            else:
                # most candidates fail at once: no arc of the path's first step leaves the
                # anchor (tested here, as walk_ids's first move would, without the walk)
                first = steps[0]
                if not first.star:
                    labels = first.labels
                    if first.up:
                        if head[i] == i or labels is not None and dep[i] not in labels:
                            continue
                    elif labels is None:
                        if not kids[i]:
                            continue
                    elif labels.isdisjoint([dep[c] for c in kids[i]]):
                        continue
                ends = walk_ids(rule.path, view, i, limit)
            if not ends:
                continue
            if rule.spec.capture == "anchor":
                found.append((k, rule, i, i))
            else:
                found.extend((k, rule, end, i) for end in ends if end != i)
    # in rule order, each rule's hits in token order (a stable sort keeps it)
    found.sort(key=itemgetter(0))
    return [(rule, end, anchor) for _, rule, end, anchor in found]


def resolve_coref(doc, entity_heads: list[int], rules: RuleSet,
                  view: DocView | None = None) -> dict[int, tuple[int, Rule]]:
    """Pronoun token -> antecedent entity head, by the first coref rule naming the pronoun."""
    out: dict[int, tuple[int, Rule]] = {}
    view = view if view is not None else DocView(doc)
    lower = view.lower
    coref = rules.of_kind("coref")
    named = _pronouns(coref)
    if named.isdisjoint(lower):  # no pronoun any rule names (each pair starts with one)
        return out
    # a pronoun (or a two-word one) starts with a word of ``named``: only those tokens
    at = [i for i, w in enumerate(lower) if w in named]
    pairs = {i: f"{lower[i]} {lower[i + 1]}" for i in at if i + 1 < len(lower)}
    for rule in coref:
        words = set(rule.spec.pronouns or ())
        for i in at:
            if lower[i] not in words and pairs.get(i) not in words:
                continue
            if i in out:
                continue
            before = [h for h in entity_heads if h < i]
            if rule.spec.strategy == "last_subject":
                subjects = [h for h in before if is_subject(view, h)]
                target = subjects[-1] if subjects else _antecedent(before, "last_entity")
            else:
                target = _antecedent(before, rule.spec.strategy)
            if target is not None:
                out[i] = (target, rule)
    return out


_PRONOUNS: dict[int, tuple[tuple[Rule, ...], frozenset[str]]] = {}


def _pronouns(coref: tuple[Rule, ...]) -> frozenset[str]:
    """Every word the coref rules name, and the first word of each two-word pronoun
    (built once per rule set's coref rules)."""
    hit = _PRONOUNS.get(id(coref))
    if hit is None or hit[0] is not coref:
        if len(_PRONOUNS) > 16:
            _PRONOUNS.clear()
        hit = _PRONOUNS[id(coref)] = (coref, frozenset(
            p.split()[0] for rule in coref for p in rule.spec.pronouns or () if p.split()))
    return hit[1]


def is_subject(view: DocView, i: int) -> bool:
    """Token ``i``, or the noun its name is part of, is a clause subject or the possessor
    of one ("*the Pulse 7*'s battery outlasts ...": the row the clause is about)."""
    dep, head = view.dep, view.head
    while dep[i] in ("compound", "nummod", "appos") and head[i] != i:
        i = head[i]
    if dep[i] == "poss" and head[i] != i:
        i = head[i]
        while dep[i] in ("compound", "nummod") and head[i] != i:
            i = head[i]
    return dep[i] in ("nsubj", "nsubjpass")


def _antecedent(before: list[int], strategy: str | None) -> int | None:
    if not before:
        return None
    if strategy == "first_of_two":
        distinct = sorted(set(before))
        return distinct[-2] if len(distinct) >= 2 else None
    return before[-1]


def extract(doc, rules: RuleSet, limit: int = 64) -> Extraction:
    """Mentions, coreference links and frame matches of one parsed text.

    ``limit`` bounds the matches of each rule (``Config.max_matches_per_rule``)."""
    view = doc_view(doc)
    encoded = encode(doc, view)
    # each span rule's matches in this text, read once; a mention's span is its head grown
    # (once per head: several rules find the same head in other roles), or a longer span
    # rule's match that holds the head
    spans = [(rule.spec.applies_to, found) for rule in rules.of_kind("span")
             if (found := rule.span.matches(encoded))]
    seen: dict[tuple[str, int], Mention] = {}
    grown: dict[int, tuple[int, int]] = {}
    for rule, head, anchor in find_heads(doc, rules, limit, view):
        role = rule.role
        key = (role, head)
        if key in seen:
            continue
        span = grown.get(head)
        if span is None:
            span = grown[head] = _grow(view, head)
        start, end = span
        for applies_to, found in spans:
            if applies_to and role not in applies_to:
                continue
            longer = _longest(found, head)
            if longer and longer[1] - longer[0] > end - start:
                start, end = longer
        seen[key] = Mention(role=role, head=head, start=start, end=end, rule=rule,
                            anchor=anchor)
    mentions = sorted(seen.values(), key=lambda m: (m.start, m.head))
    entity_heads = sorted({m.head for m in mentions if m.role == "entity"})
    return Extraction(mentions=tuple(mentions), coref=resolve_coref(doc, entity_heads, rules, view),
                      find=lambda: find_frames(doc, rules, limit), view=view)

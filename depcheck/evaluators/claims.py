"""The claim checks of one statement, in order: link names to rows, then one hypothesis per
claim mention.

:func:`check_claims` is the orchestrator the checker calls with a
:class:`~depcheck.evaluators.context.ClaimContext`: the ``entity`` evaluator links the
statement's names to rows (and refutes names that are no row), then each remaining mention
of the rule set goes to the evaluator registered for its role (``comparison.rows``,
``superlative``, else ``fact``, which calls the boolean, level, quantity, typed and schema
checks).  One check said twice on the pieces of one phrase is reported once.
"""

from __future__ import annotations

from dataclasses import replace

from ..agg.triggers import states_a_gap_at
from ..extract import Mention
from ..link import stem
from ..parse import text_offsets
from ..report import HypothesisResult
from ..rules.paths import in_a_plan
from . import evaluator
from .boolean import VERB_RULES
from .comparison import universal_comparand
from .context import DEGREE_WORDS, LEX, ClaimContext
from .entity import row_of
from .fact import fact_of_words
from .outcome import result
from .schema import FEATURE_RULES


def _adjacent(a: tuple[int, int], b: tuple[int, int], gap: int = 3) -> bool:
    """Character spans that overlap or are at most ``gap`` characters apart."""
    return a[0] <= b[1] + gap and b[0] <= a[1] + gap


def _degree_word_of_adjective(tok) -> bool:
    return tok.lower_ in DEGREE_WORDS and tok.head.pos_ == "ADJ" and tok.dep_ == "advmod"


def _bound_idiom(tok) -> bool:
    """ "at least", "at most", "at best": a superlative word that only bounds a value."""
    return tok.i > 0 and tok.lower_ in LEX.bound_idiom_heads and \
        tok.doc[tok.i - 1].lower_ in LEX.bound_idiom_words


# the evaluator (registered name) that decides a claim mention, by its role; others: fact
_EVALUATOR_OF_ROLE = {"comparison": "comparison.rows", "superlative": "superlative"}


def check_claims(ctx: ClaimContext) -> list[HypothesisResult]:
    """The hypotheses of one statement: unknown entities, then one per claim mention (up
    to ``ctx.max_hypotheses``)."""
    results = evaluator("entity")(ctx)
    seen: dict[tuple, list[int]] = {}
    mentions = _claim_mentions(ctx)
    facts = _FactsOnce(mentions)
    for m in mentions:
        if len(results) >= ctx.max_hypotheses:
            break
        ref = row_of(ctx, m.anchor, m.head)
        if m.role == "superlative" and _degree_word_of_adjective(ctx.toks[m.head]):
            continue  # "most" of "most expensive": the adjective's rule checks it
        if m.role == "superlative" and _bound_idiom(ctx.toks[m.head]):
            continue  # "at least three players": a bound on a number, no superlative
        name = _EVALUATOR_OF_ROLE.get(m.role, "fact")
        outcome = facts(ctx, m, ref) if name == "fact" else evaluator(name)(ctx, m, ref)
        if outcome is not None:
            kind = "fact" if m.role in ("attribute", "value") else m.role
            span = m.chars(ctx.doc)
            same = seen.setdefault((kind, outcome.verdict, outcome.explanation), [])
            at = next((i for i in same if _adjacent(results[i].span, span)), None)
            if at is None:  # new, or the same check said again elsewhere: marked there too
                same.append(len(results))
                results.append(result(ctx, m, kind, outcome, ref))
            else:
                # one check from the pieces of one phrase ("Kettle" and "Crow" of
                # "Kettle & Crow"), or two rules on the same words: reported once, over
                # the whole phrase (the hypothesis of the repeat is not built)
                a, b = results[at].span, span
                lo, hi = min(a[0], b[0]), max(a[1], b[1])
                if (lo, hi) != a:
                    results[at] = replace(results[at], span=(lo, hi),
                                          text=text_offsets(ctx.doc)[0][lo:hi])
    return results


class _Watched(Mention):
    """A mention that notes whether its evaluation read its anchor, its role or its rule
    (outside the functions marked ``context.anchor_reader``, whose calls it logs instead):
    what a fact's outcome may depend on besides its words and rows."""

    def __init__(self, m: Mention) -> None:
        super().__init__(m.role, m.head, m.start, m.end, m.rule, m.anchor)
        self.__dict__["anchor_log"] = []

    @property
    def anchor(self) -> int:  # type: ignore[override]
        held = self.__dict__
        if not held.get("in_reader"):
            held["read_anchor"] = True
        return held["anchor"]

    @property
    def role(self) -> str:  # type: ignore[override]
        held = self.__dict__
        if not held.get("in_reader"):
            held["read_role"] = True
        return held["role"]

    @property
    def rule(self):  # type: ignore[override]
        held = self.__dict__
        if not held.get("in_reader"):
            held["read_rule"] = True
        return held["rule"]


def _same_answer(a, b) -> bool:
    """Two results of an anchor reader are the same: None, True or False, or tuples whose
    items are the same objects (a column) or equal strings and numbers (an outcome found
    twice is two objects: not the same)."""
    if a is None or b is None or type(a) is bool or type(b) is bool:
        return a is b
    return type(a) is tuple and type(b) is tuple and len(a) == len(b) and all(
        x is y or type(x) in (str, int, float) and type(x) is type(y) and x == y
        for x, y in zip(a, b, strict=True))


class _FactsOnce:
    """The fact evaluator over one statement's claim mentions, each distinct question asked
    once: the same words found by two rules (a value, and an entity that describes rather
    than names, read as a value: "the black laptop") are usually one question.  A mention
    whose words (head and span) another mention repeats is evaluated watched
    (:class:`_Watched`); a repeat said of the same rows reuses that outcome when it has the
    same role, rule's kind (a feature rule) and anchor wherever that evaluation read them,
    and the readers of those it called (``context.anchor_reader``: the anchor's column
    readers, the schema's ``unlinked`` and the fact's ``_had``, which read the role or the
    rule) answer the repeat the same."""

    def __init__(self, mentions: list[Mention]) -> None:
        words = [(m.head, m.start, m.end) for m in mentions]
        self.repeated = {w for w in words if words.count(w) > 1} \
            if len(set(words)) < len(words) else set()
        self.done: dict[tuple, list[tuple]] = {}

    def __call__(self, ctx: ClaimContext, m: Mention, ref):
        words = (m.head, m.start, m.end)
        if words not in self.repeated or m.rule.id in VERB_RULES:
            return evaluator("fact")(ctx, m, ref)
        key = (*words, ref)
        feature = m.rule.id in FEATURE_RULES
        done = self.done.setdefault(key, [])
        for outcome, anchor, role, kind, log in done:
            if (anchor is None or anchor == m.anchor) and (role is None or role == m.role) \
                    and (kind is None or kind == feature) and all(
                        _same_answer(fn(ctx, m, *args), found) for fn, args, found in log):
                return outcome
        watched = _Watched(m)
        outcome = fact_of_words(ctx, watched, ref)
        read = watched.__dict__
        done.append((outcome, m.anchor if read.get("read_anchor") else None,
                     m.role if read.get("read_role") else None,
                     feature if read.get("read_rule") else None, read["anchor_log"]))
        return outcome


def _states_a_gap(ctx: ClaimContext, m: Mention) -> bool:
    """A value that is a difference between two figures ("costs $70 *more*", "12 minutes
    longer"): no cell of the row holds it; the difference frames read it."""
    if m.role not in ("attribute", "value"):
        return False
    view = ctx.view
    like_num = view.like_num
    return any(states_a_gap_at(view, i) for i in range(m.start, m.end) if like_num[i])


def _of_a_plan(ctx: ClaimContext, m: Mention) -> bool:
    """A value whose figures the text gives only to what is still to come ("will expand
    to *200* places in 2020", "is aiming for *250*": ``rules.paths.in_a_plan``): the
    table holds what was, which neither bears it out nor contradicts it."""
    if m.role not in ("attribute", "value"):
        return False
    view = ctx.view
    figures = [i for i in range(m.start, m.end) if view.like_num[i]]
    return bool(figures) and all(in_a_plan(view, ctx.lexicon, i) for i in figures)


def _claim_mentions(ctx: ClaimContext) -> list[Mention]:
    """Non-entity mentions, minus those inside an entity or inside a larger mention."""
    v = ctx.view
    pos, lemma, naming, spans = v.pos, v.lemma, ctx.naming, ctx.entity_spans
    cands = []
    for m in (*ctx.extraction.mentions, *ctx.described):
        head = m.head
        if m.role == "entity" or head in naming \
                or m.rule.id in VERB_RULES and stem(lemma[head]) not in ctx.bool_stems \
                or pos[head] == "PRON":
            continue
        start, end = m.start, m.end
        if any(s <= start and end <= e for s, e in spans) or _states_a_gap(ctx, m) \
                or _of_a_plan(ctx, m):
            continue
        cands.append(m)
    # the words of a comparand that is every other row ("than any other *IP67* speaker")
    # pick the rows the comparison reads; they say nothing of the subject's own row
    every = _universal_comparands(ctx)
    if every:
        cands = [m for m in cands if m.role in ("comparison", "superlative")
                 or not any(s <= m.start and m.end <= e for s, e in every)]
    # the larger mentions a mention may lie inside: "low rated": 'low' still counts
    outer = [(o.start, o.end, o.role) for o in cands if o.rule.id not in VERB_RULES]
    widest = max((e - s for s, e, _ in outer), default=0)
    keep = []
    for m in cands:
        role = m.role
        # (comparisons and superlatives are kept inside another; no mention lies inside
        # one no wider than itself)
        if role not in ("comparison", "superlative") and m.end - m.start < widest:
            start, end = m.start, m.end
            width = end - start
            either = role in ("attribute", "value")
            inside = False
            for s, e, other in outer:
                if s <= start and end <= e and e - s > width \
                        and (other == role or either and other in ("attribute", "value")):
                    inside = True
                    break
            if inside:
                continue
        keep.append(m)
    return keep


def _universal_comparands(ctx: ClaimContext) -> list[tuple[int, int]]:
    """Token spans of the comparands that are every other row of a kind ("than any other
    kettle": comparison.universal_comparand), read from the parse's lists."""
    v = ctx.view
    cues = ctx.lexicon.comparison_cues
    out = []
    for i, low in enumerate(v.lower):
        if low in cues:
            for j in v.children[i]:
                if v.dep[j] == "pobj" and universal_comparand(ctx, ctx.toks[j]):
                    tok = ctx.toks[j]
                    out.append((tok.left_edge.i, tok.right_edge.i + 1))
    return out

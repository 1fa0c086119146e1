"""Hypotheses from frames, checked by the evaluators the frames name.

Every frame match whose evaluator is one of :data:`FRAME_EVALUATORS` (bounds: ``number``;
figures on both sides: ``comparison``; ``quantifier``) is handed to that evaluator with a
:class:`~depcheck.evaluators.context.FrameContext`.  A decisive finding becomes a
:class:`~depcheck.report.HypothesisResult` carrying the frame's rule, its ``file:line``, the
evaluator's reason and the cells it read; it replaces the older fact, comparison and
aggregate hypotheses on the same words, so one claim is counted once.  An undecided finding
adds nothing: the older checks stand.
"""

from __future__ import annotations

from dataclasses import replace

from .evaluators import evaluator
from .evaluators.context import FrameContext
from .evaluators.negation import hyphen_prefix
from .parse import text_offsets
from .reasons import Reason
from .report import REFUTED, SUPPORTED, UNVERIFIABLE, Cell, Evidence, HypothesisResult
from .rules.paths import doc_view

FRAME_EVALUATORS = ("number", "comparison", "quantifier", "date", "items", "ratio",
                    "difference", "shared", "columns", "age", "life", "balance", "span",
                    "restated", "tenure", "rank", "gap", "trend")
# hypotheses a decisive frame replaces on its words (entity links and schema flags stay)
REPLACEABLE_KINDS = frozenset({"fact", "comparison", "superlative", "aggregate"})


def _value_tokens(match, ctx: FrameContext) -> set[int]:
    """The tokens of the phrases a frame's values head ("dishwasher safe")."""
    out: set[int] = set()
    for i in match.slots.get("value", ()):
        s, e = ctx.phrase_span(i)
        out.update(range(s, e))
    return out


def _claim_tokens(match, ctx: FrameContext) -> set[int]:
    """The tokens a frame's claim covers: its slots, and the phrases of its values."""
    out = set(match.tokens())
    view = doc_view(ctx.doc)
    for slot in ("value", "comparand_value"):
        for i in match.slots.get(slot, ()):
            s, e = ctx.phrase_span(i)
            out.update(range(s, e))
            head = view.head[i]  # "2 kg": the unit noun a number modifies
            if view.like_num[i] and head != i and view.pos[head] in ("NOUN", "PROPN"):
                out.add(head)
    out.update(_cue_figures(match, ctx.doc))
    return out


def _cue_figures(match, doc) -> set[int]:
    """The number a cue goes with and the words bounding it ("more than *three* times"):
    part of the cue's phrase, not a figure of its own (read from the parse's lists)."""
    out: set[int] = set()
    cues = match.slots.get("cue", ())
    if not cues:
        return out
    view = doc_view(doc)
    heads, dep = view.head, view.dep
    for i in cues:
        head = heads[i]
        if head != i and view.like_num[head] and dep[i] in ("quantmod", "nmod", "compound"):
            out.add(head)
            out.update(c for c in view.children[head] if dep[c] in ("quantmod", "amod",
                                                                    "advmod"))
    return out


def _below(view, i: int) -> set[int]:
    """Token ``i`` and every token under it, from the parse's lists."""
    out, todo = set(), [i]
    while todo:
        j = todo.pop()
        out.add(j)
        todo.extend(view.children[j])
    return out


def _deferred(match, frames, doc) -> bool:
    """A bound whose number is a figure of a comparison ("ahead of the Vega's 3.7") or lies
    in a quantified predicate ("most of them weigh under 3 kg") is read by that frame."""
    if match.kind != "bound":
        return False
    numbers = set(match.slots.get("value", ()))
    for other in frames:
        if other.evaluator in ("comparison", "ratio", "difference") and numbers & {
                *other.slots.get("value", ()), *other.slots.get("comparand_value", ()),
                *_cue_figures(other, doc)}:
            return True
        if other.evaluator == "quantifier" and any(
                numbers & _below(doc_view(doc), v) for v in other.slots.get("value", ())):
            return True
    return False


# the lexicon groups each frame evaluator reads its cue from
_CUE_PREFIX = {"number": "bound_cues", "comparison": "comparison_cues",
               "quantifier": "quantifiers", "date": "date_cues", "items": "item_count",
               "ratio": "ratio_cues", "difference": "comparison_cues",
               "shared": "shared_", "columns": "degree_", "age": "age_",
               "life": "life_", "balance": "balance_", "span": "span_",
               "restated": "restatement_", "tenure": "tenure_", "rank": "rank_",
               "gap": "gap_", "trend": "trend_"}


# the frame evaluators that read no negation themselves: a negated predicate turns their
# finding ("was not born in 1887", "did not die in his fifties")
_NEGATION_BLIND = frozenset({"date", "age", "life", "balance", "span", "tenure", "rank",
                             "gap", "trend"})


def _denied(match, ctx: FrameContext) -> bool:
    """The verb the claim is said with is negated ("was not born in 1887", "never played
    in the 1990s", "is not a 19th century painting")."""
    ids = match.slots.get("cue") or match.slots.get("value") or ()
    if not ids:
        return False
    tok = ctx.doc[ids[0]]
    verb = next((t for t in (tok, *tok.ancestors) if t.pos_ in ("VERB", "AUX")), None)
    return verb is not None and any(
        (c.dep_ == "neg" or c.dep_ == "advmod" and c.lower_ in ctx.group("negation_adverbs"))
        and not hyphen_prefix(c) for c in verb.children)  # not "a not-for-profit"


def frame_hypotheses(ctx: FrameContext) -> list[tuple[HypothesisResult, frozenset[int]]]:
    """Findings of the frame evaluators (decisive ones, and undecided ones that name their
    reason: "in October 1991" against "1991"), each with the tokens its claim covers; of
    two findings of one kind on the same value ("dishwasher" and "safe" of "dishwasher
    safe", bound by two matches of one rule), the one covering more words, the first of
    equals."""
    doc = ctx.doc
    out = []
    for match in ctx.frames:
        if match.evaluator not in FRAME_EVALUATORS or _deferred(match, ctx.frames, doc):
            continue
        found = evaluator(match.evaluator)(match, ctx)
        if found is None or found.holds is None and found.reason is None:
            continue  # undecided, and no reason to name: other checks may read the words
        if found.holds is not None and match.evaluator in _NEGATION_BLIND \
                and _denied(match, ctx):
            found = replace(found, holds=not found.holds,
                            explanation=f"{found.explanation}, which the text denies",
                            reason=Reason.DENIED_CLAIM_FAILS if found.holds is False
                            else Reason.NEGATION)
        tokens = _claim_tokens(match, ctx) | set(found.tokens)
        a, b = min(tokens), max(tokens)
        text, starts, ends = text_offsets(doc)  # the parse's text, no Token per read
        span = (starts[a], ends[b])
        cols = ctx.table.columns
        cells = tuple(Cell(r, cols[c].name, cols[c].raw[r]) for r, c in found.cells)
        h = HypothesisResult(
            kind=match.kind, text=text[span[0]:span[1]], span=span,
            verdict=(UNVERIFIABLE if found.holds is None else SUPPORTED if found.holds
                     else REFUTED), reason=found.reason,
            rule=match.rule, rule_location=match.location,
            explanation=found.explanation,
            evidence=Evidence(output=cells,
                              columns=tuple(dict.fromkeys(c.column for c in cells))),
            details={"evaluator": match.evaluator, "slots": match.words(doc),
                     "lexicon": ctx.cue_entries(
                         [*match.slots.get("cue", ()), *match.slots.get("quantifier", ())],
                         _CUE_PREFIX.get(match.evaluator, "")),
                     # an evaluator that names the words it read accounts for those only
                     **({"tokens": sorted(tokens)} if found.tokens else {})})
        out.append((h, frozenset(tokens), frozenset(_value_tokens(match, ctx))))
    kept = []
    for j, (h, t, v) in enumerate(out):
        # (or two matches of one rule that cover the same words: "tri" and "band" of "the
        # only tri-band model", each a modifier the claim reads whole)
        if not any(i != j and o.kind == h.kind and (v & ov or t == ot and o.rule == h.rule)
                   and (len(ot), -i) > (len(t), -j) for i, (o, ot, ov) in enumerate(out)):
            kept.append((h, t))
    return kept


def merge(legacy: tuple, framed: list[tuple[HypothesisResult, frozenset[int]]], doc) -> tuple:
    """The legacy hypotheses minus those a decisive frame replaces, then the frames' own;
    of two frames on the same words, the one covering more words (a quantifier over its
    bound) is kept."""
    kept_frames = [(h, t) for h, t in framed
                   if not any(t < other for _, other in framed)]
    covered: list[tuple[int, int]] = []
    if kept_frames:
        _, starts, ends = text_offsets(doc)
        for _, tokens in kept_frames:
            covered.extend((starts[i], ends[i]) for i in tokens)
    out = tuple(h for h in legacy if h.kind not in REPLACEABLE_KINDS or not any(
        a < h.span[1] and h.span[0] < b for a, b in covered))
    return out + tuple(h for h, _ in kept_frames)

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

from ..agg.triggers import states_a_gap
from ..extract import Mention
from ..link import stem
from ..parse import text_offsets
from ..report import HypothesisResult
from . import evaluator
from .boolean import VERB_RULES
from .context import DEGREE_WORDS, LEX, ClaimContext
from .entity import row_of
from .outcome import result


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
    for m in _claim_mentions(ctx):
        if len(results) >= ctx.max_hypotheses:
            break
        ref = row_of(ctx, m.anchor, m.head)
        if m.role == "superlative" and _degree_word_of_adjective(ctx.toks[m.head]):
            continue  # "most" of "most expensive": the adjective's rule checks it
        if m.role == "superlative" and _bound_idiom(ctx.toks[m.head]):
            continue  # "at least three players": a bound on a number, no superlative
        outcome = evaluator(_EVALUATOR_OF_ROLE.get(m.role, "fact"))(ctx, m, ref)
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


def _states_a_gap(ctx: ClaimContext, m: Mention) -> bool:
    """A value that is a difference between two figures ("costs $70 *more*", "12 minutes
    longer"): no cell of the row holds it; the difference frames read it."""
    if m.role not in ("attribute", "value"):
        return False
    like_num = ctx.view.like_num
    return any(like_num[i] and states_a_gap(ctx.toks[i]) for i in range(m.start, m.end))


def _claim_mentions(ctx: ClaimContext) -> list[Mention]:
    """Non-entity mentions, minus those inside an entity or inside a larger mention."""
    v = ctx.view
    cands = [m for m in (*ctx.extraction.mentions, *ctx.described)
             if m.role not in ("entity",) and m.head not in ctx.naming
             and (m.rule.id not in VERB_RULES or stem(v.lemma[m.head]) in ctx.bool_stems)
             and v.pos[m.head] != "PRON"
             and not any(s <= m.start and m.end <= e for s, e in ctx.entity_spans)
             and not _states_a_gap(ctx, m)]
    # the larger mentions a mention may lie inside: "low rated": 'low' still counts
    outer = [o for o in cands if o.rule.id not in VERB_RULES]
    keep = []
    for m in cands:
        role = m.role
        if role not in ("comparison", "superlative"):  # those are kept inside another
            start, end = m.start, m.end
            either = role in ("attribute", "value")
            if any(o.start <= start and end <= o.end and o.end - o.start > end - start
                   and (o.role == role or either and o.role in ("attribute", "value"))
                   for o in outer):
                continue
        keep.append(m)
    return keep

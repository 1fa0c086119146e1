"""Comparisons with a figure for each side: "a 900 W motor against the Vega's 650 W", "rated
4.1, ahead of the Vega's 3.7", "the Atlas weighs 2 kg whereas the Vega weighs 3 kg" (frames
of rules/frames/comparisons.yaml that bind ``value`` and ``comparand_value``).

Each figure belongs to its own row: the subject's figure is read against the subject's
cell, the comparand's against the comparand's, in the one column both figures fit.  A cue
with a direction (lexicon groups ``comparison_cues_higher`` / ``_lower``: "ahead of",
"behind") must agree with the cells too.  Comparisons without figures ("cheaper than the
Vega") are left to the fact checks: this evaluator answers None for them.
"""

from __future__ import annotations

import numpy as np

from ..agg.triggers import states_a_gap, states_a_gap_at
from ..extract import Mention
from ..reasons import Reason
from ..report import REFUTED, SUPPORTED
from ..values import Quantity
from . import Finding, register
from .context import (
    ClaimContext,
    FrameContext,
    RowRef,
    equal_mask,
    plain_cells,
    reads_figure,
    scaled,
)
from .level import comparison_attribute, direction_of, sort_keys
from .negation import negated
from .outcome import Outcome, cells
from .superlative import evidence_rows, noun_scope


def _figures(match, ctx: FrameContext):
    """(this side's number token, its figure, the other side's token, its figure)."""
    mine, theirs = match.slots.get("value", ()), match.slots.get("comparand_value", ())
    if len(mine) != 1 or len(theirs) != 1:
        return None
    a, b = ctx.number_in(mine[0]), ctx.number_in(theirs[0])
    if a is None or b is None or states_a_gap(ctx.doc[a]) or states_a_gap(ctx.doc[b]):
        return None  # "the Pim costs $25 more": a difference, not the Pim's figure
    qa, qb = ctx.quantity_at(a), ctx.quantity_at(b)
    if qa is None or qb is None:
        return None
    if qb.unit is None and qa.unit:  # "ahead of the Vega's 3.7": the unit is said once
        qb = Quantity(qb.value, qa.unit)
    elif qa.unit is None and qb.unit:
        qa = Quantity(qa.value, qb.unit)
    return a, qa, b, qb


def _one_row(rows) -> int | None:
    return rows[0] if rows and len(rows) == 1 else None


@register("comparison")
def comparison(match, ctx: FrameContext) -> Finding | None:
    """Do both figures match their own rows' cells, and the cue's direction the cells?"""
    cues = match.slots.get("cue", ())
    if len(cues) == 1 and ctx.doc[cues[0]].pos_ == "VERB" and \
            ctx.doc[cues[0]].lemma_.lower() in ctx.group("comparative_verbs"):
        return _by_verb(match, ctx, ctx.doc[cues[0]])
    found = _figures(match, ctx)
    if found is None or not match.slots.get("comparand"):
        return None
    a, qa, b, qb = found
    other = _one_row(ctx.comparand_rows(match.slots["comparand"][0]))
    subject = match.slots.get("subject")
    this = _one_row(ctx.rows_named(subject[0]) if subject else None)
    if this is None:
        this = _one_row(ctx.row_of(a))
    if this is None or other is None or this == other:
        return None
    col = ctx.column_for(qa, a) or ctx.column_for(qb, b)
    if col is None:
        # no unit or word names the column: the one column where both figures are the rows'
        both = [c for c in ctx.numeric_columns()
                if reads_figure(c, qa, this) and reads_figure(c, qb, other)]
        col = both[0] if len(both) == 1 else None
    if col is None:
        return None
    sa, sb = scaled(col, qa), scaled(col, qb)
    plain = plain_cells(col)
    if sa is None or sb is None or not (plain[this] and plain[other]):
        return None
    ok_a = bool(equal_mask(sa[0], sa[1], sa[2])[this])
    ok_b = bool(equal_mask(sb[0], sb[1], sb[2])[other])
    cue = ctx.phrase(match.slots.get("cue", ()))
    higher = cue in ctx.group("comparison_cues_higher")
    lower = cue in ctx.group("comparison_cues_lower")
    va, vb = float(sa[0][this]), float(sa[0][other])
    direction_ok = (va > vb) if higher else (va < vb) if lower else None
    names = ctx.row_name(this), ctx.row_name(other)
    cells = f"{col.name} of {names[0]} is {col.raw[this]}, of {names[1]} {col.raw[other]}"
    if not (ok_a and ok_b):
        wrong = [f"{qa} for {names[0]}"] * (not ok_a) + [f"{qb} for {names[1]}"] * (not ok_b)
        return Finding(False, (this, other), f"{cells}; the text says {' and '.join(wrong)}",
                       cells=((this, col.index), (other, col.index)),
                       reason=Reason.NUMBER_DIFFERS)
    if direction_ok is False:
        return Finding(False, (this, other), f"{cells}; the text puts {names[0]} "
                       f"{'ahead of' if higher else 'behind'} {names[1]}",
                       cells=((this, col.index), (other, col.index)),
                       reason=Reason.COMPARISON_FALSE)
    return Finding(True, (this, other), f"{cells}, as the text says",
                   cells=((this, col.index), (other, col.index)),
                   reason=Reason.COMPARISON_HOLDS)


def _by_verb(match, ctx: FrameContext, verb) -> Finding | None:
    """A verb that compares its subject with its object ("the Orla *undercuts* the Vega",
    "*outlasts* every other model"; the lexicon's comparative_verbs, graded by their
    comparatives entry): the subject's cell beats the comparand's, or every other row's."""
    comparand = match.slots.get("comparand", ())
    subject = match.slots.get("subject", ())
    direction, attr = direction_of(ctx, verb), comparison_attribute(ctx, verb)
    if len(comparand) != 1 or direction is None or attr is None:
        return None
    col, link = attr
    if col.kind != "number":
        return None
    if link.method == "lexicon-inverse":
        direction = "lower" if direction == "higher" else "higher"
    this = _one_row(ctx.rows_named(subject[0])) if subject else None
    if this is None:
        this = _one_row(ctx.row_of(verb.i))
    noun = ctx.doc[comparand[0]]
    if universal_comparand(ctx, noun):
        others = tuple(r for r in range(ctx.table.n_rows) if r != this)
    else:
        other = _one_row(ctx.comparand_rows(comparand[0]))
        others = (other,) if other is not None else ()
    plain = plain_cells(col)
    if this is None or not others or this in others or not plain[this] \
            or not all(plain[o] for o in others):
        return None
    keys = col.num
    beaten = [o for o in others if (keys[this] > keys[o] if direction == "higher"
                                    else keys[this] < keys[o])]
    holds = len(beaten) == len(others)
    shown = others if holds else tuple(o for o in others if o not in beaten)
    cells = f"{col.name} of {ctx.row_name(this)} is {col.raw[this]}, " + ", ".join(
        f"of {ctx.row_name(o)} {col.raw[o]}" for o in shown[:5])
    return Finding(holds, (this, *shown), f"{cells}; the text says {verb.text} "
                   f"{ctx.phrase(tuple(range(noun.left_edge.i, noun.right_edge.i + 1)))}",
                   cells=tuple((r, col.index) for r in (this, *shown)),
                   reason=Reason.COMPARISON_HOLDS if holds else Reason.COMPARISON_FALSE)


# -- two named rows, no figures ("lighter than the Vega") --------------------
ROWS_EVALUATOR = "comparison.rows"  # the name its hypotheses trace


@register(ROWS_EVALUATOR)
def compare_rows(ctx: ClaimContext, m: Mention, ref: RowRef | None) -> Outcome | None:
    tok = ctx.toks[m.head]
    than = None
    for scope in (tok, tok.head, tok.head.head):
        than = next((c for c in scope.subtree if c.lower_ in ctx.lexicon.comparison_cues), None)
        if than is not None:
            break
    other_tok = next((c for c in than.children if c.dep_ == "pobj"), None) if than else None
    other = None
    if other_tok is not None:
        found = ctx.linker.entity_rows(ctx.doc, *_entity_span(other_tok))
        if found is not None:
            other = found.rows
        elif universal_comparand(ctx, other_tok):
            return _against_every(ctx, m, ref, tok, other_tok)
    direction = direction_of(ctx, tok)
    attr = comparison_attribute(ctx, tok)
    if ref is None or other is None or direction is None or attr is None:
        return None
    col, link = attr
    if link.method == "lexicon-inverse":
        direction = "lower" if direction == "higher" else "higher"
    keys = sort_keys(ctx, col)
    if keys is None:
        return None
    a, b = ref.rows[0], other[0]
    if a == b:
        # the comparand's row is the one the subject was read as ("their combined vote
        # was smaller than the Independents'"): a row is no comparison with itself, so the
        # subject is something the table does not hold as one row
        return None
    if np.isnan(keys[a]) or np.isnan(keys[b]):
        return None
    holds = keys[a] > keys[b] if direction == "higher" else keys[a] < keys[b]
    if negated(ctx, m):
        holds = not holds
    word = tok.text if tok.lower_ not in ctx.lexicon.degree_comparatives \
        else f"{tok.text} {tok.head.text}"
    return Outcome(ROWS_EVALUATOR, SUPPORTED if holds else REFUTED,
                   "comparison holds" if holds else "comparison false",
                   f"{col.name}: {ctx.table.row_name(a)} {col.raw[a]} vs "
                   f"{ctx.table.row_name(b)} {col.raw[b]}; the text says {word}",
                   link, None, cells(col, (a, b)), [col.name],
                   {"comparator": direction, "comparands": [ctx.table.row_name(a),
                                                            ctx.table.row_name(b)],
                    # the words read: the comparative, its cue and the comparand ("a bigger
                    # vote share *than the Greens*": the cue hangs on the noun, not on it)
                    # (not a figure of the gap, "nearly *£90* more": the difference
                    # frame's to check)
                    "tokens": sorted({*(i for i in range(m.start, m.end)
                                        if not (ctx.view.like_num[i]
                                                and states_a_gap_at(ctx.view, i))),
                                      than.i, *(t.i for t in other_tok.subtree)})})


def _entity_span(tok) -> tuple[int, int]:
    return tok.left_edge.i, tok.right_edge.i + 1


def universal_comparand(ctx: ClaimContext, noun) -> bool:
    """The comparand is every other row of a kind ("than *any* other kettle", "than
    *every* listing": the lexicon's ``comparand_universal_determiners``)."""
    words = ctx.lexicon.comparand_universal_determiners
    return noun.lower_ in words or any(c.dep_ == "det" and c.lower_ in words
                                       for c in noun.children)


def _against_every(ctx: ClaimContext, m: Mention, ref: RowRef | None, tok,
                   noun) -> Outcome | None:
    """"lighter than any other kettle": the row's cell beats every other row's of the kind
    the noun's modifiers pick (a superlative said as a comparative; a tie does not beat)."""
    direction = direction_of(ctx, tok)
    attr = comparison_attribute(ctx, tok)
    t = ctx.table
    if ref is None or direction is None or attr is None or t.n_rows < 2:
        return None
    col, link = attr
    spec = ctx.lexicon.comparatives.get(tok.lemma_.lower())
    if spec is not None and (spec.attributes or spec.inverse) and tok.dep_ != "amod" \
            and not link.method.startswith("lexicon"):
        return None  # "has grown faster than any other": the word's own attributes (a
        # speed) are no column here; the subject's noun ("population") is not what it grades
    if link.method == "lexicon-inverse":
        direction = "lower" if direction == "higher" else "higher"
    keys = sort_keys(ctx, col)
    r = ref.rows[0]
    if keys is None or np.isnan(keys[r]):
        return None
    scope = noun_scope(ctx, noun, col)
    if scope is None:
        return None  # "than any other *sealed* model": a kind the table does not tell
    rows, said, read = scope
    others = rows & ~np.isnan(keys)
    others[r] = False
    if not others.any():
        return None
    best = keys[others].max() if direction == "higher" else keys[others].min()
    holds = bool(keys[r] > best if direction == "higher" else keys[r] < best)
    if negated(ctx, m):
        return None  # "not lighter than any other": the negation's scope is not clear
    rivals = np.flatnonzero(others & (keys == best))
    kind = f"the {int(others.sum())} other rows {said!r} names" if said else \
        f"the {int(others.sum())} other rows"
    a, b = _entity_span(noun)
    return Outcome(ROWS_EVALUATOR, SUPPORTED if holds else REFUTED,
                   "comparison holds" if holds else "comparison false",
                   f"{col.name}: {t.row_name(r)} {col.raw[r]}; the "
                   f"{'highest' if direction == 'higher' else 'lowest'} of {kind} is "
                   f"{t.row_name(int(rivals[0]))} ({col.raw[int(rivals[0])]}); the text says "
                   f"{m.text(ctx.doc)} than {ctx.doc[a:b].text}",
                   link, None, cells(col, evidence_rows(rivals, r, t.n_rows)), [col.name],
                   {"comparator": direction, "comparands": said or "all other rows",
                    # the comparand's words were read too ("than any other *IP67* speaker")
                    "tokens": sorted({*range(m.start, m.end), tok.i, noun.head.i, *read,
                                      *range(a, b)})})

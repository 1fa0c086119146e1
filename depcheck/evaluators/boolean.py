"""Yes/no claims: a boolean column said of a row ("is dishwasher safe", "does not fold").

Decides the ``boolean`` claims: the column a verb phrase names with every word
(``foldable`` of "folds", ``auto shut-off`` of "shuts off automatically") or an object with
its verb ("includes breakfast" for ``breakfast included``), and the row's yes/no cell
against the claim's polarity.
"""

from __future__ import annotations

import numpy as np

from ..compiled import Column
from ..extract import Mention
from ..link import stem, stems
from ..report import REFUTED, SUPPORTED, UNVERIFIABLE, Link
from . import register
from .context import ClaimContext, RowRef, anchor_reader
from .negation import verb_negated
from .outcome import Outcome, cells

EVALUATOR = "boolean"  # the name its hypotheses trace

VERB_RULES = frozenset({"verb-predicate"})  # a verb phrase that may name a yes/no column


@register(EVALUATOR)
def verb_bool(ctx: ClaimContext, m: Mention, ref: RowRef | None) -> Outcome | None:
    """A yes/no column every word of which the verb phrase says: "does not fold" against
    ``foldable``, "shuts off automatically" against ``auto shut-off``."""
    verb = ctx.toks[m.head]
    if ref is None or any(c.dep_ in ("dobj", "attr", "acomp", "oprd", "ccomp", "xcomp")
                          for c in verb.children):
        return None  # a verb with an object states something else ("folds the seat")
    said = [verb] + [c for c in verb.children if c.dep_ in ("prt", "advmod")
                     and c.lower_ not in ctx.negations]
    words = {stem(t.lemma_.lower()) for t in said} | {stem(t.lower_) for t in said}
    for col in ctx.table.columns:
        if col.kind != "bool" or col.index == ctx.table.key:
            continue
        need = {stem(w) for w in col.words.split()}
        if stem(verb.lemma_.lower()) in need and all(
                any(w == n or len(n) >= 4 and (w.startswith(n) or n.startswith(w))
                    for w in words) for n in need):
            phrase = " ".join(t.text for t in sorted(said, key=lambda t: t.i))
            return bool_outcome(ctx, (col, "verb", 0.9, phrase), ref,
                                      verb_negated(ctx, m), m)
    return None


def bool_outcome(ctx: ClaimContext, attr, ref: RowRef | None, neg: bool, m: Mention) -> Outcome:
    col, method, score, phrase = attr
    claimed = not neg
    link = Link(phrase, col.name, method, score, col.name)
    # the named row's cell, or the whole column (no tuple of every row of a catalog)
    rows = ref.rows[:1] if ref else (0,)
    values = col.bools[list(rows)] if ref else col.bools
    if np.all(values < 0):
        return Outcome(EVALUATOR, UNVERIFIABLE, "cell is not a yes/no value",
                       f"{col.name} is not recorded as yes/no", link, columns=[col.name])
    holds = bool(np.any(values == int(claimed))) if ref is None else bool(
        values[0] == int(claimed))
    who = ctx.table.row_name(rows[0]) if ref else "any row"
    said = f"{'not ' if neg else ''}{phrase}"
    return Outcome(EVALUATOR, SUPPORTED if holds else REFUTED,
                   "value matches" if holds else "negation" if neg or not claimed
                   else "value differs",
                   f"{col.name} of {who} is {col.raw[rows[0]]}; the text says {said}",
                   link, None, cells(col, rows[:1]), [col.name])


@anchor_reader
def verb_named_column(ctx: ClaimContext, m: Mention,
                      phrase: str) -> tuple[Column, str, float, str] | None:
    """A yes/no column named by the object and its verb together: "includes breakfast"
    names ``breakfast included``, "comes with a remote" names ``remote included``."""
    named = _bool_column_stems(ctx.table)
    if not named:
        return None  # no yes/no column of several words (the anchor not read: see
        # claims._FactsOnce)
    if ctx.view.pos[m.anchor] not in ("VERB", "AUX"):
        return None
    verb = ctx.toks[m.anchor]
    words = stems(f"{phrase} {verb.lemma_.lower()}")
    for col, need in named:
        if need <= words:
            return col, "verb+object", 0.9, f"{verb.lemma_} {phrase}"
    return None


def _bool_column_stems(table) -> list[tuple[Column, set[str]]]:
    """The table's yes/no columns (not the key) of several words, with the stems of their
    words, in column order: found once per table."""
    found = table.derived.get("boolean.column_stems")
    if found is None:
        found = table.derived["boolean.column_stems"] = [
            (col, need) for col in table.columns
            if col.kind == "bool" and col.index != table.key
            and len(need := stems(col.words)) > 1]
    return found

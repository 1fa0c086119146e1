"""The entry points the checker calls for general tables.

``program_hypothesis``: search programs for the statement, rank them, and report the best
one's truth value as the verdict with its utterance and cell provenance.
``row_hypothesis``: the DepChecker paper's per-row baseline (``--mode rows``): supported
when one row holds every cell the statement mentions.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

import numpy as np

from ..compiled import CompiledTable
from ..reasons import Reason
from ..report import REFUTED, SUPPORTED, UNVERIFIABLE, Cell, Evidence, HypothesisResult
from ..rules.paths import doc_view
from ..vectors import Vectors
from .cells import TypedTable, typed_table
from .classes import trigger_classes
from .features import features
from .ranker import Ranker, load_ranker
from .search import Expr, Limits, search
from .statement import Analysis, analyse, header_words, subtree_ids
from .utterance import evidence, utter


def family(expr: Expr) -> str:
    """The reporting family of a program: the most specific function family it uses."""
    order = ("mode", "majority", "unique", "superlative", "ordinal", "aggregation", "count",
             "comparative", "negation", "conjunction", "lookup", "filter")
    fams = set()
    stack = [expr.ex]
    while stack:
        node = stack.pop()
        if node.fn is not None:
            fams.add(node.fn.family)
            stack.extend(node.children)
    return next((f for f in order if f in fams), "lookup")


def rank(programs: list[Expr], analysis: Analysis, ranker: Ranker) -> list[tuple[float, Expr]]:
    """Programs with their scores, best first (ties keep search order)."""
    scored = [(ranker.score(features(p, analysis, bool(p.value))), k, p)
              for k, p in enumerate(programs)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(s, p) for s, _, p in scored]


def program_hypothesis(doc, compiled: CompiledTable, *, vectors: Vectors | None = None,
                       max_expansions: int | None = None, max_programs: int | None = None,
                       ranker: Ranker | None = None) -> HypothesisResult | None:
    """The ranked programs' verdict on the statement, or None when no program is found.

    The ranker decides the truth (by default the side of the programs holding more
    probability); the explanation is the best program on that side.

    ``vectors`` is accepted for the checker's uniform call; program search links by exact
    cell words, which TabFact-style statements copy from the table.
    """
    table = typed_table(compiled)
    analysis = analyse(doc, table)
    limits = Limits()
    if max_expansions is not None:
        limits = replace(limits, max_expansions=max_expansions)
    if max_programs is not None:
        limits = replace(limits, max_programs=max_programs)
    programs = search(analysis, table, limits)
    if not programs:
        return None
    ranker = ranker or load_ranker()
    ranked = rank(programs, analysis, ranker)
    holds, p_true = ranker.verdict(np.array([s for s, _ in ranked]),
                                   np.array([bool(p.value) for _, p in ranked]))
    side = [(s, p) for s, p in ranked if bool(p.value) == holds]
    score, best = side[0] if side else ranked[0]
    fam = family(best)
    if not side:  # the null candidate won: nothing found holds, nothing weighs against
        verdict, reason = UNVERIFIABLE, "no program that holds, none convincing that fails"
    elif holds:
        verdict, reason = SUPPORTED, "the program holds on the table"
    else:
        verdict, reason = REFUTED, "the program fails on the table"
    return HypothesisResult(
        kind="program", text=doc.text, span=(0, len(doc.text)), verdict=verdict, reason=reason,
        rule=f"program:{fam}", explanation=utter(best.ex), evidence=evidence(best.ex, table),
        details={"program": best.text, "family": fam, "candidates": len(programs),
                 "score": round(float(score), 4), "p_true": round(p_true, 4),
                 "decision": ranker.decision,
                 "tokens": sorted(tokens_used(best, analysis, table, doc))})


# functions that read a comparison with every other row as a rank or a count
_EVERY_OTHER_READERS = frozenset({"mode", "argmax", "argmin"})


def tokens_used(expr: Expr, analysis: Analysis, table: TypedTable, doc) -> set[int]:
    """The statement's tokens a program accounts for: the mentions and numbers it reads,
    the trigger words of its functions, the words of the headers it reads, the noun a number
    it reads counts ("3 *games*"), and the predicate that states a value it reads ("weighs"
    of "weighs 17 kg").  What a program did not read
    it did not check: the verdict asks other checks for the rest of the statement."""
    used = set(expr.spans)
    for name in expr.names:
        for cls in trigger_classes(name):
            used.update(analysis.triggers.get(cls, ()))
    headers = set()
    words = header_words(table)
    for j in expr.columns:
        headers.update(w for w in words[j] if len(w) > 1)
    used.update(i for i, (w, lemma) in enumerate(zip(analysis.tokens, analysis.lemmas,
                                                      strict=True))
                if w in headers or lemma in headers)
    if _EVERY_OTHER_READERS & set(expr.names):
        # "than any other country": the other side of a comparison with every other row or
        # group, which the program ranks or counts against; and the noun whose rows a
        # mode counts ("more *players* from England")
        view = doc_view(doc)
        for comparative, cue, _ in analysis.every_other:
            if comparative in used:
                used.update(subtree_ids(view, cue))
                if "mode" in expr.names and view.head[comparative] != comparative:
                    used.add(view.head[comparative])
    read = frozenset(used)  # what it reads itself, before the words those give it
    for i in list(expr.spans):
        if doc[i].dep_ == "nummod":  # what the number counts or measures ("3 games")
            used.add(doc[i].head.i)
        head = doc[i].head
        if doc[i].dep_ in ("nsubj", "nsubjpass") and not _reads_predicate(
                read, doc[i], head):
            # the verb of a subject states something of it; the program accounts for it
            # only when it reads some word of the predicate ("Borkow *wrote* episode 74"),
            # not when all it read is in the subject's own phrase ("the PeakRun T5, priced
            # at $1,299, *arrives* fully *assembled*")
            continue
        if head.dep_ == "prep":
            head = head.head
        if head.i != i and head.pos_ in ("VERB", "AUX"):
            used.add(head.i)
    return used


def _reads_predicate(read, subject, verb) -> bool:
    """Some token of ``read`` (the mentions, numbers, trigger and header words a program
    reads) is in the verb's phrase outside the subject's."""
    own = {t.i for t in subject.subtree}
    return any(t.i in read and t.i not in own for t in verb.subtree)


def row_hypothesis(doc, compiled: CompiledTable) -> HypothesisResult | None:
    """Per-row check: supported if some row holds all the mentioned cells (None if none link)."""
    table = typed_table(compiled)
    analysis = analyse(doc, table)
    if not analysis.mentions:
        return None
    per_span: dict[tuple[int, int], np.ndarray] = defaultdict(lambda: np.zeros(table.n_rows, bool))
    for m in analysis.mentions:
        per_span[(m.start, m.end)] |= _rows_of(table, m.column, m.text)
    together = np.logical_and.reduce(list(per_span.values()))
    rows = np.flatnonzero(together)
    verdict = SUPPORTED if len(rows) else REFUTED
    return HypothesisResult(
        kind="entity", text=doc.text, span=(0, len(doc.text)), verdict=verdict,
        reason=Reason.ROW_HOLDS_ALL if len(rows) else Reason.NO_ROW_HOLDS_ALL,
        rule="rows:all-mentions-in-one-row",
        explanation=f"{len(per_span)} mentions, {len(rows)} rows hold them all"
                    + (f" (row {rows[0]} first)" if len(rows) else ""),
        evidence=_row_evidence(table, analysis, rows[:1]),
        details={"mentions": [m.text for m in analysis.mentions], "rows": rows[:10].tolist()})


def _rows_of(table: TypedTable, column: int, text: str) -> np.ndarray:
    col = table.columns[column]
    padded = np.char.add(np.char.add(" ", col.cells), " ")
    return col.rows_where(np.char.find(padded, f" {text} ") >= 0)


def _row_evidence(table: TypedTable, analysis: Analysis, rows: np.ndarray) -> Evidence:
    raw = table.compiled.table.rows
    names = [c.name for c in table.columns]
    cells = tuple(Cell(row=int(r), column=names[m.column], value=raw[int(r)][m.column])
                  for r in rows for m in analysis.mentions)
    # the mentioned columns were read whole, so no row holding them all is evidence too
    return Evidence(output=cells, columns=tuple(dict.fromkeys(
        names[m.column] for m in analysis.mentions)))


# the reporting families a caller reads by name (``details["family"]``)
MAJORITY_FAMILY, SUPERLATIVE_FAMILY = "majority", "superlative"
COMPARATIVE_FAMILY, LOOKUP_FAMILY = "comparative", "lookup"

__all__ = ["program_hypothesis", "row_hypothesis", "family", "rank", "UNVERIFIABLE"]

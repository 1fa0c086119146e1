"""What a claim check found, and the hypothesis it becomes.

An :class:`Outcome` is one evaluator's decision on one mention (or part of one): the
evaluator's registered name, the verdict and its reason, the sentence that says why, the
attribute and value links and the cells read.  :func:`combine` folds the sub-checks of one
mention into one outcome; :func:`result` turns it into the
:class:`~depcheck.report.HypothesisResult` of the report, whose trace names the evaluator.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..compiled import Column, Rows
from ..extract import Mention
from ..report import REFUTED, SUPPORTED, UNVERIFIABLE, Cell, Evidence, HypothesisResult, Link
from .context import ClaimContext, RowRef


@dataclass
class Outcome:
    """What one check found: the evaluator that decided (its registered name, traced by the
    hypothesis), the verdict, its reason and sentence, the links and the cells read."""

    evaluator: str
    verdict: str
    reason: str
    explanation: str
    attribute: Link | None = None
    value: Link | None = None
    output: list[Cell] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    details: dict = field(default_factory=dict)


def combine(outcomes: list[Outcome]) -> Outcome | None:
    """One mention, several sub-checks: refuted wins, then supported, then unverifiable.
    A supported mention accounts for the tokens every supported sub-check read, and not
    for the tokens a sub-check could not judge (``details["unchecked"]``: "ceramic" of "a
    1.8-litre ceramic kettle" when no column holds materials), and for the verbs any
    supported sub-check stated its value with (``details["predicates"]``: "written" of
    "written and directed by Ann Roe")."""
    for verdict in (REFUTED, SUPPORTED, UNVERIFIABLE):
        for o in outcomes:
            if o.verdict == verdict:
                if verdict == SUPPORTED:
                    return _supported(o, outcomes)
                return o
    return None


def _supported(o: Outcome, outcomes: list[Outcome]) -> Outcome:
    details = dict(o.details)
    parts = [x for x in outcomes if x.verdict == SUPPORTED]
    if "tokens" in details and all("tokens" in x.details for x in parts):
        details["tokens"] = sorted({i for x in parts for i in x.details["tokens"]})
    else:
        details.pop("tokens", None)
    predicates = sorted({i for x in parts for i in x.details.get("predicates", ())})
    if predicates:
        details["predicates"] = predicates
    unchecked = sorted({i for x in outcomes if x.verdict == UNVERIFIABLE
                        for i in x.details.get("tokens", ())})
    if unchecked:
        details["unchecked"] = unchecked
    if details == o.details:
        return o
    return Outcome(o.evaluator, o.verdict, o.reason, o.explanation, o.attribute, o.value,
                   o.output, o.columns, details)  # dataclasses.replace, without its checks


MAX_EVIDENCE_ROWS = 64  # up to this many rows a superlative's evidence lists every cell


def cells(col: Column, rows) -> list[Cell]:
    """The cells a check read, as evidence: the first ``MAX_EVIDENCE_ROWS`` of them (a
    value that thousands of catalog rows hold is shown, not listed whole)."""
    if isinstance(rows, Rows):  # a value's rows as the cell index holds them
        rows = rows.array
    picked = rows[:MAX_EVIDENCE_ROWS]
    picked = picked.tolist() if isinstance(picked, np.ndarray) else [int(r) for r in picked]
    name = col.name
    return [Cell(r, name, v) for r, v in zip(picked, col.cells_at(picked), strict=True)]


def result(ctx: ClaimContext, m: Mention, kind: str, o: Outcome,
           ref: RowRef | None) -> HypothesisResult:
    """The hypothesis of mention ``m``: ``o`` said of the row ``ref`` names, traced to the
    mention's rule (file:line) and the evaluator that decided."""
    used = ()
    if ref is not None and ref.rows:
        key = ctx.table.key_column
        r = ref.rows[0]
        used = (Cell(int(r), key.name, key.raw[r]),)
    columns = tuple(dict.fromkeys(o.columns))
    details = dict(o.details)
    details["rule_description"] = m.rule.description
    details["evaluator"] = o.evaluator
    return HypothesisResult(
        kind=kind, text=m.text(ctx.doc), span=m.chars(ctx.doc), verdict=o.verdict,
        reason=o.reason, rule=m.rule.id, rule_location=m.rule.location,
        explanation=o.explanation, entity=ref.link if ref else None, attribute=o.attribute,
        value=o.value, evidence=Evidence(tuple(o.output), used, columns), details=details)

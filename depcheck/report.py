"""What a check returns: frozen value objects with ``to_dict()`` for the CLI and the service.

Evidence follows cell-level provenance (the query-explanation model): ``output`` cells hold
the values the check read or computed from, ``used`` cells selected the rows (the entity
cell), ``columns`` are the columns involved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .reasons import Reason

SUPPORTED, REFUTED, UNVERIFIABLE = "supported", "refuted", "unverifiable"


@dataclass(frozen=True, init=False)
class Cell:
    row: int
    column: str
    value: str

    def __init__(self, row: int, column: str, value: str) -> None:
        # one write of the fields, not one ``object.__setattr__`` per field (a frozen
        # dataclass's): every check lists the cells it read
        self.__dict__.update(row=row, column=column, value=value)

    def to_dict(self) -> dict:
        return {"row": int(self.row), "column": self.column, "value": self.value}


@dataclass(frozen=True, init=False)
class Evidence:
    output: tuple[Cell, ...] = ()
    used: tuple[Cell, ...] = ()
    columns: tuple[str, ...] = ()

    def __init__(self, output: tuple[Cell, ...] = (), used: tuple[Cell, ...] = (),
                 columns: tuple[str, ...] = ()) -> None:
        self.__dict__.update(output=output, used=used, columns=columns)  # (as Cell)

    def to_dict(self) -> dict:
        return {"output": [c.to_dict() for c in self.output],
                "used": [c.to_dict() for c in self.used],
                "columns": list(self.columns)}


@dataclass(frozen=True, init=False)
class Link:
    """A mention tied to the table: how (``exact``, ``glove``, ``number``, ``coref`` ...) and
    how well."""

    mention: str
    target: str
    method: str
    score: float = 1.0
    column: str | None = None
    row: int | None = None

    def __init__(self, mention: str, target: str, method: str, score: float = 1.0,
                 column: str | None = None, row: int | None = None) -> None:
        # one write of the fields, not a frozen dataclass's ``object.__setattr__`` per
        # field: a statement's checks make a dozen links or more
        self.__dict__.update(mention=mention, target=target, method=method, score=score,
                             column=column, row=row)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"mention": self.mention, "target": self.target,
                               "method": self.method, "score": round(float(self.score), 4)}
        if self.column is not None:
            out["column"] = self.column
        if self.row is not None:
            out["row"] = int(self.row)
        return out


# every reason by its text (a Reason is a str: a member finds itself), read without the
# enum's call; Reason(...) still refuses any other text
_REASONS = {r.value: r for r in Reason}

# the module that decides hypotheses made outside the evaluators (depcheck/evaluators/,
# whose hypotheses name theirs in details["evaluator"])
_EVALUATOR_OF_KIND = {"program": "programs", "aggregate": "agg", "claim": "verdict.coverage"}


@dataclass(frozen=True, init=False)
class HypothesisResult:
    kind: str  # fact | comparison | aggregate | program | entity
    text: str
    span: tuple[int, int]
    verdict: str
    reason: str
    rule: str
    explanation: str
    entity: Link | None = None
    attribute: Link | None = None
    value: Link | None = None
    evidence: Evidence = field(default_factory=Evidence)
    rule_location: str = ""
    details: dict = field(default_factory=dict)

    def __init__(self, kind: str, text: str, span: tuple[int, int], verdict: str,
                 reason: str, rule: str, explanation: str, entity: Link | None = None,
                 attribute: Link | None = None, value: Link | None = None,
                 evidence: Evidence | None = None, rule_location: str = "",
                 details: dict | None = None) -> None:
        # one write of the fields (a frozen dataclass's ``__init__`` makes one
        # ``object.__setattr__`` call per field); a reason is one of a fixed set (clients
        # switch on it): free text raises here
        self.__dict__.update(
            kind=kind, text=text, span=span, verdict=verdict,
            reason=_REASONS.get(reason) or Reason(reason), rule=rule,
            explanation=explanation, entity=entity, attribute=attribute, value=value,
            evidence=Evidence() if evidence is None else evidence,
            rule_location=rule_location, details={} if details is None else details)

    def to_dict(self) -> dict:
        return {
            "kind": self.kind, "text": self.text, "span": list(self.span),
            "entity": self.entity.to_dict() if self.entity else None,
            "attribute": self.attribute.to_dict() if self.attribute else None,
            "value": self.value.to_dict() if self.value else None,
            "verdict": self.verdict, "reason": self.reason, "rule": self.rule,
            "rule_location": self.rule_location, "evidence": self.evidence.to_dict(),
            "explanation": self.explanation, "details": self.details,
            "trace": self.trace(),
        }

    def trace(self) -> dict:
        """What decided this hypothesis: the rule (file:line), the evaluator, the lexicon
        entries it used (file:line each) and the reason, one of a fixed set."""
        evaluator = self.details.get("evaluator") or _EVALUATOR_OF_KIND.get(self.kind, self.kind)
        return {"rule": self.rule, "rule_location": self.rule_location,
                "evaluator": evaluator, "lexicon": list(self.details.get("lexicon", ())),
                "reason": str(self.reason)}


@dataclass(frozen=True)
class Report:
    verdict: str
    text: str
    hypotheses: tuple[HypothesisResult, ...]
    timing_ms: float
    table_id: str = ""
    rules_version: str = ""
    details: dict = field(default_factory=dict)

    @property
    def checked(self) -> int:
        return sum(1 for h in self.hypotheses if h.verdict != UNVERIFIABLE)

    def to_dict(self) -> dict:
        return {"verdict": self.verdict, "text": self.text, "table_id": self.table_id,
                "rules_version": self.rules_version,
                "hypotheses": [h.to_dict() for h in self.hypotheses],
                "timing_ms": round(self.timing_ms, 3), "details": self.details}

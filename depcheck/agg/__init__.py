"""Aggregate claims: numbers in a document checked by candidate aggregate queries (AggChecker).

Entry points:

* :func:`check_document` - a document (plain text or Markdown) about one table; one
  :class:`ClaimResult` per claimed number with its top-k candidate queries.
* :func:`aggregate_hypotheses` - one parsed statement against a compiled table; one
  :class:`~depcheck.report.HypothesisResult` (``kind="aggregate"``) per claimed number, for the
  checker's statement report.

Bad input (no number, no numeric column, empty selections, division by zero) gives an
``unverifiable`` result with a reason, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..compiled import CompiledTable, compile_table
from ..cube import Agg, CubeEngine, Query, query_sql
from ..errors import DepcheckError, InputError
from ..reasons import Reason
from ..report import REFUTED, SUPPORTED, UNVERIFIABLE, Cell, Evidence, HypothesisResult
from ..table import Table
from ..vectors import Vectors
from .claims import Block, Claim, find_claims, split_blocks
from .fragments import Fragments, build_fragments
from .model import Model, Scored

__all__ = ["CandidateQuery", "ClaimResult", "aggregate_hypotheses", "check_document",
           "claim_hypothesis"]

MAX_EVIDENCE_CELLS = 50
# a statement's numbers checked as aggregate claims: each costs a candidate search, and a
# statement (not a document) with more numbers than this is a list, not a claim to weigh
MAX_STATEMENT_CLAIMS = 24
MAX_DOCUMENT_CHARS = 100_000
_FUNC_WORDS = {Agg.COUNT: "count", Agg.COUNT_DISTINCT: "number of distinct values",
               Agg.SUM: "sum", Agg.AVG: "average", Agg.MIN: "minimum", Agg.MAX: "maximum",
               Agg.PERCENTAGE: "percentage", Agg.COND_PROB: "conditional percentage"}


@dataclass(frozen=True)
class CandidateQuery:
    """One candidate query of a claim with its posterior probability and result."""

    sql: str
    function: str
    column: str | None
    predicates: tuple[tuple[str, str], ...]
    result: float | None
    probability: float
    matches: bool

    def to_dict(self) -> dict:
        return {"sql": self.sql, "function": self.function, "column": self.column,
                "predicates": [list(p) for p in self.predicates], "result": self.result,
                "probability": round(self.probability, 4), "matches": self.matches}


@dataclass(frozen=True)
class ClaimResult:
    """A claimed number, its most likely queries, and whether the claim holds."""

    claimed: float
    text: str
    span: tuple[int, int]
    sentence: str
    sentence_span: tuple[int, int]
    candidates: tuple[CandidateQuery, ...]
    correctness: float
    verdict: str
    reason: str
    explanation: str
    evidence: Evidence

    @property
    def sql(self) -> str:
        return self.candidates[0].sql if self.candidates else ""

    @property
    def result(self) -> float | None:
        return self.candidates[0].result if self.candidates else None

    def to_dict(self) -> dict:
        return {"claimed": self.claimed, "text": self.text, "span": list(self.span),
                "sentence": self.sentence, "sentence_span": list(self.sentence_span),
                "sql": self.sql, "result": self.result,
                "candidates": [c.to_dict() for c in self.candidates],
                "correctness": round(self.correctness, 4), "verdict": self.verdict,
                "reason": self.reason, "explanation": self.explanation,
                "evidence": self.evidence.to_dict()}


# -- shared state per table (kept in ``compiled.derived``: it lives as long as the table) ----

def engine_for(compiled: CompiledTable) -> CubeEngine:
    """The table's evaluator; its cache is shared by every claim and document."""
    engine = compiled.derived.get("cube_engine")
    if engine is None:
        engine = compiled.derived["cube_engine"] = CubeEngine(compiled)
    return engine


def fragments_for(compiled: CompiledTable, vectors: Vectors | None,
                  descriptions: dict[str, str] | None = None) -> Fragments:
    per_table = compiled.derived.setdefault("fragments", {})
    key = (id(vectors), tuple(sorted((descriptions or {}).items())))
    if key not in per_table:
        per_table[key] = build_fragments(compiled, vectors, descriptions)
    return per_table[key]


def _vectors(vectors: Vectors | None) -> Vectors | None:
    if vectors is not None:
        return vectors
    from ..vectors import load_vectors

    try:
        return load_vectors()
    except DepcheckError:
        return None  # synonyms are an aid; checking goes on without them


# -- entry points ----------------------------------------------------------------------------

def check_document(text: str, table: Table, *, nlp=None, vectors: Vectors | None = None,
                   top_k: int = 5, descriptions: dict[str, str] | None = None) -> list[ClaimResult]:
    """Every claimed number of a document about ``table``, with its top-k candidate queries."""
    if not isinstance(text, str):
        raise InputError("document text must be a string", field="text")
    if len(text) > MAX_DOCUMENT_CHARS:
        raise InputError(f"document has {len(text)} characters (limit {MAX_DOCUMENT_CHARS})",
                         field="text")
    if nlp is None:
        from ..parse import load_pipeline

        nlp = load_pipeline()
    compiled = compile_table(table)
    claims = _document_claims(text, nlp)
    return _check_claims(claims, compiled, _vectors(vectors), top_k, descriptions)


def aggregate_hypotheses(doc, compiled: CompiledTable, *, vectors: Vectors | None = None,
                         top_k: int = 5) -> list[HypothesisResult]:
    """Aggregate hypotheses of one parsed statement, for the checker's report."""
    claims = find_claims(doc, limit=MAX_STATEMENT_CLAIMS)
    results = _check_claims(claims, compiled, _vectors(vectors), top_k, None)
    return [claim_hypothesis(r) for r in results]


def _document_claims(text: str, nlp) -> list[Claim]:
    blocks = split_blocks(text)
    paragraphs = [b for b in blocks if b.kind == "paragraph"]
    docs = dict(zip((id(b) for b in paragraphs), nlp.pipe(b.text for b in paragraphs),
                    strict=True))
    heads: dict[int, Block] = {}
    claims: list[Claim] = []
    head_docs: dict[int, object] = {}
    for b in blocks:
        if b.kind == "headline":
            heads = {lv: h for lv, h in heads.items() if lv < b.level}
            heads[b.level] = b
            continue
        enclosing = tuple(_head_doc(h, nlp, head_docs) for h in heads.values())
        claims += find_claims(docs[id(b)], offset=b.start, headlines=enclosing)
    return claims


def _head_doc(h: Block, nlp, cache: dict[int, object]):
    if id(h) not in cache:
        cache[id(h)] = nlp(h.text)
    return cache[id(h)]


def _check_claims(claims: list[Claim], compiled: CompiledTable, vectors: Vectors | None,
                  top_k: int, descriptions: dict[str, str] | None) -> list[ClaimResult]:
    if not claims:
        return []
    fragments = fragments_for(compiled, vectors, descriptions)
    if not len(fragments.numeric) and not len(fragments.pred_cols):
        return [_unverifiable(c, "the table has no column to aggregate") for c in claims]
    model = Model(compiled, fragments, engine_for(compiled))
    try:
        scored = model.run(claims)
    except DepcheckError as exc:
        return [_unverifiable(c, Reason.EVALUATION_FAILED, exc.message) for c in claims]
    return [_result(s, compiled, top_k) for s in scored]


# -- results ---------------------------------------------------------------------------------

def _unverifiable(claim: Claim, reason: Reason, why: str = "") -> ClaimResult:
    return ClaimResult(claimed=claim.value, text=claim.text, span=claim.span,
                       sentence=claim.sentence, sentence_span=claim.sentence_span,
                       candidates=(), correctness=0.0, verdict=UNVERIFIABLE, reason=reason,
                       explanation=f"no aggregate query could be checked for {claim.text!r}: "
                                   f"{why or reason}",
                       evidence=Evidence())


def _result(s: Scored, compiled: CompiledTable, top_k: int) -> ClaimResult:
    if s.reason:
        return _unverifiable(s.claim, s.reason)
    if not len(s.posterior) or s.posterior.sum() <= 0:
        return _unverifiable(s.claim, Reason.QUERY_UNDEFINED,
                             "every candidate query has an undefined result (empty selection "
                             "or division by zero)")
    order = np.argsort(-s.posterior, kind="stable")[:max(1, top_k)]
    cands = tuple(_candidate(s, int(i), compiled) for i in order)
    p = s.correctness
    bi = int(order[0])
    # the likeliest query gives the number, though the queries that do are not likely
    # enough together: its cells bear the claim out, so no refutation (nor support)
    verdict = SUPPORTED if p >= 0.5 else UNVERIFIABLE if s.matches[bi] else REFUTED
    if verdict == SUPPORTED:  # explain with the most likely query that gives the number
        bi = int(np.flatnonzero(s.matches)[np.argmax(s.posterior[s.matches])])
    best, found = s.batch.query(bi), float(s.results[bi])
    return ClaimResult(claimed=s.claim.value, text=s.claim.text, span=s.claim.span,
                       sentence=s.claim.sentence, sentence_span=s.claim.sentence_span,
                       candidates=cands, correctness=p, verdict=verdict,
                       reason=Reason.QUERY_GIVES_NUMBER if verdict == SUPPORTED
                       else Reason.QUERY_UNSURE if verdict == UNVERIFIABLE
                       else Reason.NO_QUERY_GIVES_NUMBER,
                       explanation=_explain(best, found, s.claim, compiled),
                       evidence=_evidence(best, compiled))


def _candidate(s: Scored, i: int, compiled: CompiledTable) -> CandidateQuery:
    q = s.batch.query(i)
    cols = compiled.columns
    r = float(s.results[i])
    return CandidateQuery(sql=query_sql(q, compiled), function=q.func.name,
                          column=cols[q.column].name if q.column >= 0 else None,
                          predicates=tuple((cols[c].name, cols[c].dictionary[v])
                                           for c, v in q.preds),
                          result=None if np.isnan(r) else r,
                          probability=float(s.posterior[i]), matches=bool(s.matches[i]))


def _fmt(x: float) -> str:
    if np.isnan(x):
        return "undefined"
    return f"{x:.4g}" if not float(x).is_integer() else str(int(x))


def _explain(q: Query, found: float, claim: Claim, compiled: CompiledTable) -> str:
    cols = compiled.columns
    what = _FUNC_WORDS[q.func]
    if q.func.needs_column:
        what += f" of {cols[q.column].name}"
    elif q.func is Agg.COUNT:
        what = "number of rows"
    conds = [f"{cols[c].name} is {_raw(cols[c], v)}" for c, v in q.preds]
    if q.func is Agg.COND_PROB and conds:
        where = f" with {conds[-1]} among rows where " + " and ".join(conds[:-1])
    else:
        where = " over rows where " + " and ".join(conds) if conds else " over all rows"
    unit = "%" if q.func in (Agg.PERCENTAGE, Agg.COND_PROB) else ""
    return f"{what}{where} is {_fmt(found)}{unit}; the text says {claim.text}"


def _raw(col, code: int) -> str:
    hits = np.flatnonzero(col.codes == code)
    return col.raw[int(hits[0])] if len(hits) else col.dictionary[code]


def _evidence(q: Query, compiled: CompiledTable) -> Evidence:
    """Output cells: the rows counted or the values aggregated; used: the predicate cells."""
    engine = engine_for(compiled)
    mask = engine.rows_mask(q.preds)
    cols = compiled.columns
    if q.func.needs_column:
        col = cols[q.column]
        if q.func.numeric:
            mask &= ~np.isnan(col.num)
        if q.func in (Agg.MIN, Agg.MAX):
            pick = (np.nanargmin if q.func is Agg.MIN else np.nanargmax)
            vals = np.where(mask, col.num, np.nan)
            mask = np.zeros_like(mask)
            if np.any(~np.isnan(vals)):
                mask[int(pick(vals))] = True
    else:
        col = compiled.key_column
    rows = np.flatnonzero(mask)[:MAX_EVIDENCE_CELLS].tolist()
    output = tuple(Cell(r, col.name, v) for r, v in zip(rows, col.cells_at(rows), strict=True))
    # each predicate's column over the rows, in that order, up to MAX_EVIDENCE_CELLS in all
    # (the cells past it are not read)
    used: list[Cell] = []
    for c, _ in q.preds:
        if len(used) >= MAX_EVIDENCE_CELLS:
            break
        some = rows[:MAX_EVIDENCE_CELLS - len(used)]
        name = cols[c].name
        used += [Cell(r, name, v) for r, v in zip(some, cols[c].cells_at(some), strict=True)]
    names = tuple(dict.fromkeys([col.name] + [cols[c].name for c, _ in q.preds]))
    return Evidence(output=output, used=tuple(used), columns=names)


def claim_hypothesis(r: ClaimResult) -> HypothesisResult:
    """A claim as a statement-report hypothesis: its text and span are the claimed number's
    (so a report marks up the number), the sentence goes in ``details``."""
    family = r.candidates[0].function.lower() if r.candidates else "none"
    return HypothesisResult(
        kind="aggregate", text=r.text, span=r.span, verdict=r.verdict, reason=r.reason,
        rule=f"aggregate.{family}", explanation=r.explanation, evidence=r.evidence,
        details={"claimed": r.claimed, "claim_text": r.text, "claim_offset": r.span[0],
                 "sentence": r.sentence,
                 "sql": r.sql, "result": r.result, "correctness": round(r.correctness, 4),
                 "candidates": [c.to_dict() for c in r.candidates]})

"""The probabilistic model: candidate queries per claim, scope by cost, EM over priors.

Pr(q | claim) is proportional to prior(q; theta) x relevance(q, claim) x (p_T if the query's
result rounds to the claimed value, else 1 - p_T).  The priors theta over aggregation
functions, aggregation columns and restricted columns are learned per document by expectation
maximization: the posterior of every claim's candidates gives expected counts, the counts
(with a Dirichlet pseudo-count) give the next priors.  Which candidates are evaluated (the
scope: how many aggregation columns and predicates per claim) is chosen by a cost model so
that one claim stays within a time budget; every evaluation goes through one
:class:`~depcheck.cube.CubeEngine`, whose cache makes later EM iterations nearly free.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np

from ..compiled import CompiledTable, is_clock
from ..cube import MAX_DIMS, Agg, CubeEngine, QueryBatch
from ..reasons import Reason
from ..values import CURRENCY_SYMBOLS, UNIT_FAMILY, Quantity, same_family, to_base
from .claims import Claim
from .fragments import NEGATIONS, Fragments

P_TRUE = 0.95
EPSILON = 0.05
EM_ITERATIONS = 4
DIRICHLET = 3.0
RESTRICT_PRIOR = 0.5
CLAIM_BUDGET_MS = 25.0
# cost model constants (measured on the benchmark machine, bench/cube.py)
COST_PER_CANDIDATE_MS = 0.002
COST_PER_ROW_PASS_MS = 0.00005
SCOPE_LADDER = ((2, 1), (3, 2), (4, 2), (6, 3), (8, 3), (10, 4), (12, 4))
_RATIO = (Agg.PERCENTAGE, Agg.COND_PROB)


@dataclass
class Priors:
    """theta: priors over functions, aggregation columns (last entry: ``*``), and for each
    column the probability that a claim restricts it (used as odds, so the constant factor of
    the unrestricted columns cancels)."""

    func: np.ndarray
    column: np.ndarray
    restrict: np.ndarray

    @classmethod
    def uniform(cls, n_columns: int) -> Priors:
        return cls(np.full(len(Agg), 1 / len(Agg)), np.full(n_columns + 1, 1 / (n_columns + 1)),
                   np.full(n_columns, RESTRICT_PRIOR))

    def restrict_odds(self, cols: np.ndarray) -> np.ndarray:
        p = self.restrict[np.maximum(cols, 0)]
        return np.where(cols >= 0, p / (1 - p), 1.0)


@dataclass
class Scored:
    """One claim's evaluated candidates and their posterior."""

    claim: Claim
    batch: QueryBatch
    results: np.ndarray
    matches: np.ndarray
    relevance: np.ndarray
    posterior: np.ndarray = field(default_factory=lambda: np.zeros(0))
    reason: str = ""

    @property
    def correctness(self) -> float:
        return float(self.posterior[self.matches].sum()) if len(self.posterior) else 0.0


def significant_digits(value: float) -> int:
    """Significant digits as written: 4.5 -> 2, 120 -> 2, 0.05 -> 1, 3 -> 1."""
    text = f"{abs(value):.10f}".rstrip("0").rstrip(".")
    digits = text.replace(".", "").lstrip("0")
    if "." not in text:
        digits = digits.rstrip("0")
    return max(1, len(digits))


def round_sig(x: np.ndarray, digits: int) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        mag = np.floor(np.log10(np.abs(x)))
        factor = 10.0 ** (digits - 1 - np.where(np.isfinite(mag), mag, 0))
        return np.round(x * factor) / factor


def matches(results: np.ndarray, funcs: np.ndarray, claim: Claim) -> np.ndarray:
    """Which results round to the claim (any number of significant digits admissible)."""
    target = np.full(len(results), claim.value)
    ratio = np.isin(funcs, [int(a) for a in _RATIO])
    if claim.kind == "fraction":
        target[ratio] = claim.value * 100
        close = np.abs(results - target) <= 2.0
        return np.where(ratio, close, _rounds(results, claim.value)) & ~np.isnan(results)
    return _rounds(results, claim.value) & ~np.isnan(results)


def _rounds(results: np.ndarray, value: float) -> np.ndarray:
    if value == 0:
        return results == 0
    digits = significant_digits(value)
    with np.errstate(invalid="ignore"):
        return np.isclose(round_sig(results, digits), value, rtol=1e-9, atol=1e-12)


def choose_scope(n_preds: int, n_cols: int, n_rows: int,
                 budget_ms: float = CLAIM_BUDGET_MS) -> tuple[int, int]:
    """The widest (predicates, aggregation columns) whose estimated cost fits the budget."""
    best = SCOPE_LADDER[0]
    for p, a in SCOPE_LADDER:
        p, a = min(p, n_preds), min(a, n_cols)
        subsets = sum(_n_subsets(p, r) for r in range(MAX_DIMS + 1))
        candidates = subsets * (3 + 4 * a + 2)
        passes = max(1, _n_subsets(p, min(MAX_DIMS, p)))
        cost = candidates * COST_PER_CANDIDATE_MS + passes * n_rows * COST_PER_ROW_PASS_MS
        if cost <= budget_ms:
            best = (p, a)
    return best


def _n_subsets(n: int, r: int) -> int:
    return math.comb(n, r)


class Model:
    """Candidates, evaluation and EM for the claims of one document about one table."""

    def __init__(self, compiled: CompiledTable, fragments: Fragments, engine: CubeEngine,
                 *, budget_ms: float = CLAIM_BUDGET_MS, p_true: float | None = None) -> None:
        self.compiled = compiled
        self.frag = fragments
        self.engine = engine
        self.budget_ms = budget_ms
        self.p_true = P_TRUE if p_true is None else p_true
        self.priors = Priors.uniform(len(compiled.columns))

    def run(self, claims: list[Claim], iterations: int = EM_ITERATIONS) -> list[Scored]:
        scored: list[Scored] = []
        # what does not change between iterations, worked out once per claim: its words'
        # relevances, and the candidates (with their results) of each scope the priors pick
        memo: dict = {}
        for _ in range(max(1, iterations)):
            scored = [self.score(c, memo) for c in claims]
            self.priors = self._m_step(scored)
        return scored

    # -- candidates --------------------------------------------------------------------------

    def score(self, claim: Claim, memo: dict | None = None) -> Scored:
        """The claim's candidates, evaluated, with their posterior under the current priors.
        ``memo`` (one per :meth:`run`) keeps what the priors do not change: an iteration
        re-evaluates only candidates it has not evaluated before."""
        memo = {} if memo is None else memo
        rel = memo.get(id(claim))
        if rel is None:
            kw = claim.keyword_weights
            f_rel = _normalize(self.frag.functions.scores(kw))
            c_rel = _normalize(self.frag.columns.scores(kw))
            p_raw = self.frag.predicates.scores(kw)
            if not NEGATIONS & set(kw):  # "is dishwasher safe" names the "yes" literal only
                p_raw = np.where(self.frag.pred_negative, 0.0, p_raw)
            rel = memo[id(claim)] = (claim, f_rel, c_rel, _normalize(p_raw))
        _, f_rel, c_rel, p_rel = rel
        if not (f_rel.any() or c_rel.any() or p_rel.any()):
            return Scored(claim, QueryBatch.from_queries([]), np.zeros(0), np.zeros(0, bool),
                          np.zeros(0), reason=Reason.NO_CLAIM_WORDS)
        preds, cols = self._scope(c_rel, p_rel, unit=claim.unit)
        key = (id(claim), tuple(preds), tuple(cols.tolist()))
        found = memo.get(key)
        if found is None:
            batch, relevance = self._candidates(preds, cols, f_rel, c_rel, p_rel,
                                                subset=claim.subset, unit=claim.unit)
            if len(batch):
                results = self.engine.evaluate(batch)
                found = (batch, relevance, results,
                         matches(self._in_claimed_unit(results, batch, claim.unit),
                                 batch.funcs, claim))
            else:
                found = (batch, relevance, None, None)
            memo[key] = found
        batch, relevance, results, ok = found
        if results is None:
            return Scored(claim, batch, np.zeros(0), np.zeros(0, bool), np.zeros(0),
                          reason=Reason.NO_QUERY)
        scored = Scored(claim, batch, results, ok, relevance)
        scored.posterior = self._posterior(scored)
        return scored

    def _scope(self, c_rel: np.ndarray, p_rel: np.ndarray,
               unit: str | None = None) -> tuple[list[int], np.ndarray]:
        """The predicates and aggregation columns a claim's candidates use: the most relevant
        under the current priors, as many as the cost model allows."""
        preds = self._top_predicates(p_rel)
        numeric = self.frag.numeric
        if unit is not None:  # "$60" is no average of minutes: columns of another unit go
            columns = self.compiled.columns
            fits = [c for c in numeric if _unit_fits(columns[int(c)], unit)]
            # and when columns state the claim's unit (or its family), a bare number is
            # not what "three and a half hours" measures: Duration (minutes), not Sessions
            stated = [c for c in fits if columns[int(c)].unit is not None]
            numeric = np.asarray(stated or fits, dtype=numeric.dtype)
        p, a = choose_scope(len(preds), len(numeric), self.compiled.n_rows, self.budget_ms)
        cols = numeric[np.argsort(-(c_rel[numeric] + EPSILON) * self.priors.column[numeric],
                                  kind="stable")][:a] if len(numeric) else numeric
        return preds[:p], cols

    def _in_claimed_unit(self, results: np.ndarray, batch: QueryBatch,
                         unit: str | None) -> np.ndarray:
        """The results of queries over a column in another unit of the claim's family,
        converted to the claim's unit ("three and a half hours" against a maximum of
        Duration (minutes), 210); the others as they are."""
        claimed = to_base(Quantity(1.0, unit)) if unit is not None else None
        if not claimed:
            return results
        factor = np.ones(len(results))
        columns = self.compiled.columns
        for c in np.unique(batch.cols[batch.cols >= 0]).tolist():
            own = columns[c].unit
            if own and own != unit and same_family(own, unit):
                base = to_base(Quantity(1.0, own))
                if base:
                    factor[batch.cols == c] = base / claimed
        return results * factor

    def _candidates(self, preds: list[int], cols: np.ndarray, f_rel: np.ndarray,
                    c_rel: np.ndarray, p_rel: np.ndarray, subset: bool = False,
                    unit: str | None = None) -> tuple[QueryBatch, np.ndarray]:
        distinct = int(np.argmax(c_rel)) if len(c_rel) else -1
        if distinct >= 0 and self.compiled.columns[distinct].kind == "bool":
            distinct = -1  # "two hotels have a pool" counts rows, never a yes/no's two values
        pairs = _function_columns(cols, distinct)
        if unit is not None and (unit in CURRENCY_UNITS or unit in UNIT_FAMILY):
            # an amount in money or a measure is never a count of rows
            pairs = [(f, c) for f, c in pairs if c >= 0 and f is not Agg.COUNT_DISTINCT]
        subsets = [s for r in range(MAX_DIMS + 1) for s in itertools.combinations(preds, r)
                   if len({self.frag.pred_cols[i] for i in s}) == r]
        return self._batch(pairs, subsets, f_rel, c_rel, p_rel, subset)

    def _top_predicates(self, p_rel: np.ndarray) -> list[int]:
        """Relevant predicates ranked by relevance x prior of their column."""
        if not len(p_rel):
            return []
        rank = p_rel * self.priors.restrict_odds(self.frag.pred_cols)
        order = np.argsort(-rank, kind="stable")
        return [int(i) for i in order[:32] if p_rel[i] > 0]

    def _batch(self, pairs, subsets, f_rel, c_rel, p_rel,
               subset: bool = False) -> tuple[QueryBatch, np.ndarray]:
        # a subset's count ("four of the five") is never the count of all rows
        rows = [(f, c, s) for f, c in pairs for s in subsets
                if (s or f not in _RATIO) and not (f is Agg.COND_PROB and len(s) < 2)
                and (s or not (subset and f is Agg.COUNT))]
        n = len(rows)
        pcols = np.full((n, MAX_DIMS), -1, dtype=np.int32)
        pcodes = np.full((n, MAX_DIMS), -1, dtype=np.int32)
        rel = np.empty(n)
        for k, (f, c, s) in enumerate(rows):
            r = (EPSILON + f_rel[f]) * (1.0 if c < 0 else EPSILON + c_rel[c])
            for j, i in enumerate(s):
                pcols[k, j], pcodes[k, j] = self.frag.pred_cols[i], self.frag.pred_codes[i]
                r *= EPSILON + p_rel[i]
            rel[k] = r
        batch = QueryBatch(funcs=np.asarray([int(f) for f, _, _ in rows], dtype=np.int8),
                           cols=np.asarray([c for _, c, _ in rows], dtype=np.int32),
                           pcols=pcols, pcodes=pcodes)
        return batch, rel

    # -- EM ----------------------------------------------------------------------------------

    def _prior(self, batch: QueryBatch) -> np.ndarray:
        th = self.priors
        col = np.where(batch.cols < 0, len(th.column) - 1, batch.cols)
        prior = th.func[batch.funcs.astype(int)] * th.column[col]
        return prior * th.restrict_odds(batch.pcols).prod(axis=1)

    def _posterior(self, s: Scored) -> np.ndarray:
        like = np.where(s.matches, self.p_true, 1 - self.p_true)
        w = self._prior(s.batch) * s.relevance * like
        w = np.where(np.isnan(s.results), 0.0, w)
        total = w.sum()
        return w / total if total > 0 else w

    def _m_step(self, scored: list[Scored]) -> Priors:
        th = self.priors
        f = np.full(len(th.func), DIRICHLET)
        c = np.full(len(th.column), DIRICHLET)
        r = np.full(len(th.restrict), DIRICHLET * RESTRICT_PRIOR)
        n = DIRICHLET
        for s in scored:
            if not len(s.posterior):
                continue
            b, w = s.batch, s.posterior
            np.add.at(f, b.funcs.astype(int), w)
            np.add.at(c, np.where(b.cols < 0, len(c) - 1, b.cols), w)
            has = b.pcols >= 0
            np.add.at(r, b.pcols[has], np.broadcast_to(w[:, None], b.pcols.shape)[has])
            n += w.sum()
        return Priors(f / f.sum(), c / c.sum(), np.clip(r / n, 0.01, 0.99))


CURRENCY_UNITS = frozenset(CURRENCY_SYMBOLS.values())


def _unit_fits(col, claimed: str) -> bool:
    """A column can hold a claimed amount: it has no unit of its own (a bare number, not
    times of day: "17:30" holds no "three and a half hours"), the same unit, or one of the
    same family ("2 kg" against a column in grams)."""
    if col.unit is None:
        return not (col.distinct and all(map(is_clock, col.distinct)))
    return col.unit == claimed or same_family(col.unit, claimed)


def _normalize(x: np.ndarray) -> np.ndarray:
    top = float(x.max()) if len(x) else 0.0
    return x / top if top > 0 else x


def _function_columns(cols: np.ndarray, distinct: int) -> list[tuple[Agg, int]]:
    pairs = [(Agg.COUNT, -1), (Agg.PERCENTAGE, -1), (Agg.COND_PROB, -1)]
    if distinct >= 0:
        pairs.append((Agg.COUNT_DISTINCT, distinct))
    pairs += [(f, int(c)) for f in (Agg.SUM, Agg.AVG, Agg.MIN, Agg.MAX) for c in cols]
    return pairs

"""Retrieval benchmark: Hits@1/3/5/10 and latency of ``TableIndex`` on TabFact val claims.

The corpus is every table of ``../shared/data/tabfact/tables.jsonl`` (9,355); each val
claim's gold table is its ``table_id``. The built index is cached under ``bench/out/``
(keyed by the tables file's size and mtime and the index config); the build time is
reported separately, and ``--rebuild`` forces a fresh build.

    .venv/bin/python bench/retrieval.py --quick --json   # fixed sample, at most 60 s
    .venv/bin/python bench/retrieval.py --json           # every val claim

Retrieval time is measured twice per claim: ``search(doc)`` on a claim already parsed (the
checker parses it anyway) and ``search(text)`` including the spaCy parse.

The second stage's weights (``IndexConfig.weights``) are fitted on TRAIN claims, never on
val: ``--fit N`` takes a fixed sample of N claims of ../shared/data/tabfact/train.jsonl,
computes the candidates' features, fits a listwise softmax (a linear score, L2-regularized,
L-BFGS) and prints two-fold hits on the sample and the weights fitted on all of it:

    .venv/bin/python bench/retrieval.py --fit 3000 --json

:func:`open_domain_eval` computes open-domain accuracy (k = 1, 3, 5, against the closed
setting) and insufficient-information detection (the gold table removed from the corpus)
for any ``check(text, table) -> Report``; ``--open`` runs it with ``depcheck.checker``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from depcheck.parse import load_pipeline  # noqa: E402
from depcheck.report import REFUTED, UNVERIFIABLE, Report  # noqa: E402
from depcheck.retrieve import (  # noqa: E402
    FEATURES,
    FORMAT_VERSION,
    IndexConfig,
    TableIndex,
    open_check,
)
from depcheck.table import Table, TableStore, iter_jsonl  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "tabfact"
OUT = ROOT / "bench" / "out"
QUICK_SAMPLE, SEED, KS = 400, 8, (1, 3, 5, 10)
FIT_SEED, FIT_L2 = 88, 1e-4


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    table_id: str
    label: str


# ---------------------------------------------------------------- data


def load_cases(path: Path) -> list[Case]:
    return [Case(o["id"], o["text"], o["table_id"], o["label"]) for _, o in iter_jsonl(path)]


def sample(cases: Sequence[Case], n: int, seed: int = SEED) -> list[Case]:
    """A fixed sample (same seed, same cases), in file order."""
    picked = sorted(random.Random(seed).sample(range(len(cases)), min(n, len(cases))))
    return [cases[i] for i in picked]


def cached_index(store: TableStore, tables_path: Path, config: IndexConfig,
                 rebuild: bool = False) -> tuple[TableIndex, float | None]:
    """The index of the store, loaded from ``bench/out`` when the cache is current.

    Returns the index and the build time in seconds (``None`` when loaded from cache).
    """
    stat = tables_path.stat()
    settings = hashlib.sha256(orjson.dumps(asdict(config))).hexdigest()[:16]
    tag = f"v{FORMAT_VERSION}-{stat.st_size}-{int(stat.st_mtime)}-{settings}"
    directory = OUT / "tabfact-index"
    stamp = directory / "source.txt"
    if not rebuild and stamp.exists() and stamp.read_text() == tag:
        return TableIndex.load(directory), None
    started = time.perf_counter()
    index = TableIndex.build(store, config)
    seconds = time.perf_counter() - started
    index.save(directory)
    stamp.write_text(tag)
    return index, seconds


# ---------------------------------------------------------------- retrieval metrics


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def retrieval_metrics(index: TableIndex, cases: Sequence[Case]) -> dict[str, Any]:
    """Hits@k over the cases, and per-claim latency with and without the parse."""
    nlp = load_pipeline(index.config.spacy_model)
    docs = list(nlp.pipe([c.text for c in cases], batch_size=256))
    index.search(docs[0], k=1)  # warm caches before timing
    search_ms, hits = [], {k: 0 for k in KS}
    for case, doc in zip(cases, docs, strict=True):
        started = time.perf_counter()
        ranked = index.search(doc, k=max(KS))
        search_ms.append((time.perf_counter() - started) * 1000.0)
        ids = [tid for tid, _ in ranked]
        for k in KS:
            hits[k] += case.table_id in ids[:k]
    with_parse_ms = []
    for case in cases[: min(len(cases), 300)]:
        started = time.perf_counter()
        index.search(case.text, k=max(KS))
        with_parse_ms.append((time.perf_counter() - started) * 1000.0)
    n = len(cases)
    out: dict[str, Any] = {f"hits{k}": round(hits[k] / n, 4) for k in KS}
    out.update(n=n, p50_ms=round(statistics.median(search_ms), 3),
               p99_ms=round(_percentile(search_ms, 0.99), 3),
               p50_ms_with_parse=round(statistics.median(with_parse_ms), 3),
               p99_ms_with_parse=round(_percentile(with_parse_ms, 0.99), 3))
    return out


# ---------------------------------------------------------------- fitting the weights


@dataclass
class _Group:
    """One claim's candidates: features, whether each is the gold table, the tie order."""

    features: np.ndarray
    gold: np.ndarray
    positions: np.ndarray


def candidate_groups(index: TableIndex, cases: Sequence[Case]) -> list[_Group]:
    nlp = load_pipeline(index.config.spacy_model)
    position = {tid: i for i, tid in enumerate(index.table_ids)}
    groups = []
    for case, doc in zip(cases, nlp.pipe([c.text for c in cases], batch_size=256),
                         strict=True):
        positions, features = index.candidates(doc)
        groups.append(_Group(features, positions == position[case.table_id], positions))
    return groups


def group_hits(groups: Sequence[_Group], weights: np.ndarray) -> dict[str, float]:
    """Hits@k of ``search``'s ranking (ties: entity score, then position) with these weights."""
    hits = {k: 0 for k in KS}
    for g in groups:
        score = g.features @ weights
        order = np.lexsort((g.positions, -g.features[:, 0], -score))
        rank = np.flatnonzero(g.gold[order])
        for k in KS:
            hits[k] += int(bool(len(rank)) and rank[0] < k)
    return {f"hits{k}": round(float(hits[k]) / len(groups), 4) for k in KS}


def fit_weights(groups: Sequence[_Group], l2: float = FIT_L2) -> np.ndarray:
    """The linear weights minimizing the listwise softmax loss of the gold table (+ L2).

    Claims whose gold table is not among the candidates do not take part. Returned
    scaled to sum 1 (the ranking does not change with the scale).
    """
    from scipy.optimize import minimize

    kept = [g for g in groups if g.gold.any()]
    x = np.concatenate([g.features for g in kept])
    gold = np.concatenate([g.gold for g in kept])
    group = np.repeat(np.arange(len(kept)), [len(g.gold) for g in kept])
    n = len(kept)

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = x @ w
        top = np.full(n, -np.inf)
        np.maximum.at(top, group, s)
        e = np.exp(s - top[group])
        z = np.bincount(group, weights=e, minlength=n)
        p = e / z[group]
        value = -(s[gold] - top[group[gold]] - np.log(z[group[gold]])).sum() / n + l2 * w @ w
        grad = (x.T @ p - x[gold].sum(axis=0)) / n + 2 * l2 * w
        return value, grad

    w = minimize(loss, np.ones(x.shape[1]), jac=True, method="L-BFGS-B").x
    return w / w.sum()


def fit_report(index: TableIndex, cases: Sequence[Case]) -> dict[str, Any]:
    """Two-fold hits of fitted weights on the cases, and the weights fitted on all of them."""
    groups = candidate_groups(index, cases)
    halves = groups[0::2], groups[1::2]
    folds = [group_hits(halves[1 - i], fit_weights(halves[i])) for i in (0, 1)]
    weights = fit_weights(groups)
    out: dict[str, Any] = {"fit_n": len(groups),
                           "fit_candidate_recall": round(
                               sum(bool(g.gold.any()) for g in groups) / len(groups), 4)}
    out.update({f"fit_cv_{k}": round((folds[0][k] + folds[1][k]) / 2, 4) for k in folds[0]})
    out.update({f"fit_current_{k}": v for k, v in
                group_hits(groups, np.asarray(index.config.weights)).items()})
    out["fit_weights"] = dict(zip(FEATURES, (round(float(v), 4) for v in weights), strict=True))
    return out


# ---------------------------------------------------------------- open-domain accuracy


class _Without:
    """The index as if one table were not in the corpus (for insufficient-information runs):
    the table is masked out while the index answers, so that no score is scaled by it."""

    def __init__(self, index: TableIndex, table_id: str) -> None:
        self.index, self.table_id = index, table_id
        self.position = index.table_ids.index(table_id)

    @contextmanager
    def _masked(self) -> Iterator[None]:
        alive = bool(self.index.alive[self.position])
        self.index.alive[self.position] = False
        try:
            yield
        finally:
            self.index.alive[self.position] = alive

    def search(self, text_or_doc: Any, k: int = 5) -> list[tuple[str, float]]:
        with self._masked():
            return self.index.search(text_or_doc, k)

    def held(self, text_or_doc: Any, table_ids: Sequence[str]) -> list[float]:
        return self.index.held(text_or_doc, table_ids)

    def parse(self, text_or_doc: Any) -> Any:
        return self.index.parse(text_or_doc)

    def mentions(self, text_or_doc: Any) -> list[str]:
        return self.index.mentions(text_or_doc)


def _memo(check: Callable[[str, Table], Report]) -> Callable[[str, Table], Report]:
    """``check`` with its answers kept per (text, table id): k = 1, 3, 5 share their work."""
    seen: dict[tuple[str, str], Report] = {}

    def cached(text: str, table: Table) -> Report:
        key = (text, table.id)
        if key not in seen:
            seen[key] = check(text, table)
        return seen[key]

    return cached


def _predicted_true(report: Report) -> bool:
    """The DepChecker convention: only a failed hypothesis makes a statement false."""
    return report.verdict != REFUTED


def open_domain_eval(index: TableIndex, store: TableStore, cases: Sequence[Case],
                     check: Callable[[str, Table], Report],
                     ks: Sequence[int] = (1, 3, 5)) -> dict[str, Any]:
    """Closed vs open-domain accuracy, and how well ``unverifiable`` flags a missing table.

    Closed: ``check`` against the gold table. Open (per k): :func:`open_check` over the k
    best tables of the whole corpus. Insufficient information: the gold table removed from
    the corpus (with k = max(ks)); precision and recall of ``unverifiable`` as the answer
    to "no table holds this", over the open runs (gold present) and these runs (gold absent).
    """
    check = _memo(check)
    truth = [c.label != REFUTED for c in cases]
    closed = [_predicted_true(check(c.text, store.get(c.table_id))) for c in cases]
    out: dict[str, Any] = {"n": len(cases), "closed_accuracy": _accuracy(closed, truth)}
    k_max = max(ks)
    present_unverifiable = []
    for k in ks:
        reports = [open_check(c.text, index, store, check, k=k) for c in cases]
        out[f"open_accuracy_k{k}"] = _accuracy([_predicted_true(r) for r in reports], truth)
        used_gold = sum(r.table_id == c.table_id for r, c in zip(reports, cases, strict=True))
        out[f"open_gold_used_k{k}"] = round(used_gold / len(cases), 4)
        if k == k_max:
            present_unverifiable = [r.verdict == UNVERIFIABLE for r in reports]
    absent_unverifiable = [
        open_check(c.text, _Without(index, c.table_id), store, check, k=k_max).verdict
        == UNVERIFIABLE for c in cases]
    flagged = sum(absent_unverifiable) + sum(present_unverifiable)
    out["insufficient_k"] = k_max
    out["insufficient_recall"] = round(sum(absent_unverifiable) / len(cases), 4)
    out["insufficient_precision"] = round(sum(absent_unverifiable) / flagged, 4) if flagged else 0.0
    return out


def _accuracy(predicted: Sequence[bool], truth: Sequence[bool]) -> float:
    if not truth:
        return 0.0
    return round(sum(p == t for p, t in zip(predicted, truth, strict=True)) / len(truth), 4)


def _checker_check() -> Callable[[str, Table], Report]:
    from depcheck.checker import Checker

    checker = Checker()
    return checker.check


# ---------------------------------------------------------------- command line


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"a fixed sample of {QUICK_SAMPLE}")
    parser.add_argument("--json", action="store_true", help="end with one JSON line")
    parser.add_argument("--rebuild", action="store_true", help="ignore the cached index")
    parser.add_argument("--open", action="store_true",
                        help="also open-domain accuracy with depcheck.checker")
    parser.add_argument("--fit", type=int, metavar="N",
                        help="fit the second stage's weights on N train claims (not val)")
    parser.add_argument("--suite", type=Path, default=DATA / "val.jsonl")
    parser.add_argument("--tables", type=Path, default=DATA / "tables.jsonl")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    store = TableStore.from_jsonl(args.tables)
    index, build_s = cached_index(store, args.tables, IndexConfig(), rebuild=args.rebuild)
    if args.fit:
        result = fit_report(index, sample(load_cases(DATA / "train.jsonl"), args.fit, FIT_SEED))
        result["total_s"] = round(time.perf_counter() - started, 2)
        print(orjson.dumps(result).decode())
        return 0
    cases = load_cases(args.suite)
    cases = sample(cases, QUICK_SAMPLE) if args.quick else cases
    result: dict[str, Any] = {"suite": args.suite.name, "tables": len(store),
                              "index_cells": int(index.postings.shape[1]),
                              "index_terms": int(index.postings.shape[0]),
                              "build_s": round(build_s, 2) if build_s is not None else None}
    result.update(retrieval_metrics(index, cases))
    if args.open:
        result.update(open_domain_eval(index, store, cases, _checker_check()))
    result["total_s"] = round(time.perf_counter() - started, 2)
    if not args.json:
        for key, value in result.items():
            print(f"{key:>28}: {value}")
    print(orjson.dumps(result).decode())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

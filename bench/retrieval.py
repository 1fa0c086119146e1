"""Retrieval benchmark: Hits@1/3/5/10 and latency of ``TableIndex`` on TabFact val claims.

The corpus is every table of ``../shared/data/tabfact/tables.jsonl`` (9,355); each val
claim's gold table is its ``table_id``. The built index is cached under ``bench/out/``
(keyed by the tables file's size and mtime and the index config); the build time is
reported separately, and ``--rebuild`` forces a fresh build.

    .venv/bin/python bench/retrieval.py --quick --json   # fixed sample, at most 60 s
    .venv/bin/python bench/retrieval.py --json           # every val claim

Retrieval time is measured twice per claim: ``search(doc)`` on a claim already parsed (the
checker parses it anyway) and ``search(text)`` including the spaCy parse.

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
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from depcheck.parse import load_pipeline  # noqa: E402
from depcheck.report import REFUTED, UNVERIFIABLE, Report  # noqa: E402
from depcheck.retrieve import IndexConfig, TableIndex, open_check  # noqa: E402
from depcheck.table import Table, TableStore, iter_jsonl  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "tabfact"
OUT = ROOT / "bench" / "out"
QUICK_SAMPLE, SEED, KS = 400, 8, (1, 3, 5, 10)


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
    tag = f"{stat.st_size}-{int(stat.st_mtime)}-{settings}"
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


# ---------------------------------------------------------------- open-domain accuracy


class _Without:
    """The index as if one table were not in the corpus (for insufficient-information runs)."""

    def __init__(self, index: TableIndex, table_id: str) -> None:
        self.index, self.table_id = index, table_id

    def search(self, text_or_doc: Any, k: int = 5) -> list[tuple[str, float]]:
        hits = self.index.search(text_or_doc, k + 1)
        return [h for h in hits if h[0] != self.table_id][:k]

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
    parser.add_argument("--suite", type=Path, default=DATA / "val.jsonl")
    parser.add_argument("--tables", type=Path, default=DATA / "tables.jsonl")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    store = TableStore.from_jsonl(args.tables)
    cases = load_cases(args.suite)
    cases = sample(cases, QUICK_SAMPLE) if args.quick else cases
    index, build_s = cached_index(store, args.tables, IndexConfig(), rebuild=args.rebuild)
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

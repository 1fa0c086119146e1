"""TabFact val benchmark of the program checker and the per-row baseline.

    python bench/tabfact.py [--limit N] [--budget-ms 50] [--json]

Reports accuracy (unverifiable counts as supported, as in the DepChecker paper), accuracy
per function family of the chosen program, p50 / p99 milliseconds per statement (parse
included, table compiled once per table and cached, as the checker does), and the rows-mode
baseline.  With ``--json`` the output ends with one JSON line.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from depcheck.compiled import compile_table  # noqa: E402
from depcheck.parse import load_pipeline  # noqa: E402
from depcheck.programs import program_hypothesis, row_hypothesis  # noqa: E402
from depcheck.programs.ranker import DEFAULT_PATH, load_ranker  # noqa: E402
from depcheck.programs.search import MAX_EXPANSIONS  # noqa: E402
from depcheck.programs.tabfact import iter_cases, load_tables  # noqa: E402
from depcheck.report import REFUTED  # noqa: E402

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "tabfact"


def predicted_true(result) -> bool:
    """Unverifiable (None) counts as supported."""
    return result is None or result.verdict != REFUTED


def run(cases: list[dict], store, max_expansions: int, ranker_path: Path) -> dict:
    nlp = load_pipeline()
    ranker = load_ranker(ranker_path)
    nlp("warm up the pipeline .")
    times, correct, rows_correct, covered = [], 0, 0, 0
    per_family: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for case in cases:
        table = compile_table(store.get(case["table_id"]))
        truth = case["label"] == "supported"
        started = time.perf_counter()
        doc = nlp(case["text"])
        result = program_hypothesis(doc, table, max_expansions=max_expansions, ranker=ranker)
        times.append((time.perf_counter() - started) * 1000.0)
        ok = predicted_true(result) == truth
        correct += ok
        covered += result is not None
        fam = result.details["family"] if result is not None else "none"
        per_family[fam][0] += ok
        per_family[fam][1] += 1
        rows_correct += predicted_true(row_hypothesis(doc, table)) == truth
    n = len(cases)
    return {
        "n": n, "accuracy": round(correct / n, 4), "coverage": round(covered / n, 4),
        "rows_accuracy": round(rows_correct / n, 4),
        "p50_ms": round(float(np.percentile(times, 50)), 2),
        "p99_ms": round(float(np.percentile(times, 99)), 2),
        "max_expansions": max_expansions,
        "per_family": {k: {"n": v[1], "accuracy": round(v[0] / v[1], 4)}
                       for k, v in sorted(per_family.items(), key=lambda kv: -kv[1][1])},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description="TabFact val benchmark of depcheck programs")
    ap.add_argument("--cases", type=Path, default=DATA / "val.jsonl")
    ap.add_argument("--tables", type=Path, default=DATA / "tables.jsonl")
    ap.add_argument("--limit", type=int, default=None, help="first N cases only")
    ap.add_argument("--max-expansions", type=int, default=MAX_EXPANSIONS,
                    help="function applications per program search")
    ap.add_argument("--ranker", type=Path, default=DEFAULT_PATH)
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    args = ap.parse_args()
    store = load_tables(args.tables)
    cases = list(iter_cases(args.cases, args.limit))
    out = run(cases, store, args.max_expansions, args.ranker)
    print(f"cases {out['n']}  accuracy {out['accuracy']:.4f}  coverage {out['coverage']:.4f}  "
          f"rows-mode accuracy {out['rows_accuracy']:.4f}")
    print(f"latency per statement (parse included): p50 {out['p50_ms']} ms  p99 {out['p99_ms']} ms")
    for fam, v in out["per_family"].items():
        print(f"  {fam:12s} n={v['n']:5d}  accuracy {v['accuracy']:.4f}")
    if args.json:
        print(orjson.dumps({"suite": args.cases.name, **out}).decode())


if __name__ == "__main__":
    main()

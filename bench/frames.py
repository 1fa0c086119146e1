"""Cost of the frame rules: ``find_frames`` per statement against the parse, and how many match.

    .venv/bin/python bench/frames.py --json                 # e-commerce suite statements
    .venv/bin/python bench/frames.py --suite bench/data/probe/cases.jsonl --json

Times the parse, ``extract`` without touching frames (what the checker pays today) and
``find_frames`` over the same parses, best of ``--repeats`` passes, in ms per statement.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from depcheck.extract import extract  # noqa: E402
from depcheck.frames import find_frames  # noqa: E402
from depcheck.parse import load_pipeline  # noqa: E402
from depcheck.rules import load_rules  # noqa: E402


def best_ms(fn, items, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - start)
    return round(best / max(1, len(items)) * 1000.0, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default=str(ROOT / "bench/data/ecommerce/cases.jsonl"))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    lines = Path(args.suite).read_text(encoding="utf-8").splitlines()
    texts = [json.loads(line)["text"] for line in lines if line.strip()]
    nlp, rules = load_pipeline(), load_rules(ROOT / "rules")
    docs = list(nlp.pipe(texts))
    matched = [find_frames(doc, rules) for doc in docs]
    out = {"suite": args.suite, "n": len(docs), "frame_rules": len(rules.of_kind("frame")),
           "parse_ms": best_ms(lambda d: nlp(d.text), docs, args.repeats),
           "extract_ms": best_ms(lambda d: extract(d, rules), docs, args.repeats),
           "frames_ms": best_ms(lambda d: find_frames(d, rules), docs, args.repeats),
           "statements_with_frames": sum(bool(m) for m in matched),
           "frames_per_statement": round(sum(len(m) for m in matched) / max(1, len(docs)), 3)}
    if not args.json:
        for key, value in out.items():
            print(f"{key:<24} {value}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()

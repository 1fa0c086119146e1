"""TabFact gold programs: how many execute to their stated result on their tables.

Reads ``../shared/data/tabfact/programs.jsonl`` (Logic2Text-style ``program=True`` lines) and
``tables.jsonl``; every line's program is parsed, printed back (it must round-trip) and run on
its table.  Lines listed in ``bench/gold_program_defects.tsv`` are known not to hold (each with
why); the script reports lines that fail without being listed and listed lines that now hold
(those must leave the list).  This was a test until 2026-11-24; a development data set is a
benchmark's input, not a test fixture (tests/test_programs.py checks the executor on tables of
its own).

    .venv/bin/python bench/gold_programs.py [--limit N] [--json]

Exit status 1 when an unlisted line fails or a listed line holds.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from depcheck.compiled import compile_table  # noqa: E402
from depcheck.programs.cells import typed_table  # noqa: E402
from depcheck.programs.execute import run  # noqa: E402
from depcheck.programs.syntax import parse_claim  # noqa: E402
from depcheck.programs.tabfact import table_from_dict  # noqa: E402
from depcheck.programs.values import ExecutionError  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "tabfact"
DEFECTS = ROOT / "bench" / "gold_program_defects.tsv"


def gold_defects(path: Path = DEFECTS) -> dict[int, str]:
    """Lines of programs.jsonl whose program does not hold on its table, with why."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            number, reason = line.split("\t", 2)[:2]
            out[int(number)] = reason
    return out


def check(limit: int | None = None, data: Path = DATA) -> dict:
    tables = {}
    for line in (data / "tables.jsonl").read_text(encoding="utf-8").splitlines():
        obj = json.loads(line)
        tables[obj["id"]] = obj
    defects = gold_defects()
    failures, now_hold, not_round_trip, total = [], [], [], 0
    for number, line in enumerate((data / "programs.jsonl").read_text(encoding="utf-8")
                                  .splitlines(), start=1):
        if limit and total >= limit:
            break
        total += 1
        case = json.loads(line)
        claim = parse_claim(case["program"])
        if claim.to_text() != case["program"]:
            not_round_trip.append(f"line {number}: {case['program']}")
        table = typed_table(compile_table(table_from_dict(tables[case["table_id"]])))
        try:
            got = run(claim.program, table)
        except ExecutionError as exc:
            got = exc.message
        if got == claim.expected and number in defects:
            now_hold.append(f"line {number}: {case['program']}")
        elif got != claim.expected and number not in defects:
            failures.append(f"line {number}: {case['program']} -> {got}")
    listed = sum(1 for n in defects if n <= total)
    return {"lines": total, "hold": total - listed - len(failures) + len(now_hold),
            "listed_defects": listed, "unlisted_failures": failures, "listed_but_hold": now_hold,
            "not_round_trip": not_round_trip}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, help="only the first N lines")
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    args = ap.parse_args(argv)
    out = check(args.limit)
    for key in ("unlisted_failures", "listed_but_hold", "not_round_trip"):
        for item in out[key]:
            print(f"{key}: {item}")
    print(f"{out['hold']} of {out['lines']} gold programs execute to their stated result; "
          f"{out['listed_defects']} listed in {DEFECTS.name}")
    if args.json:
        print(json.dumps({k: (len(v) if isinstance(v, list) else v) for k, v in out.items()}))
    return 1 if out["unlisted_failures"] or out["listed_but_hold"] or out["not_round_trip"] else 0


if __name__ == "__main__":
    sys.exit(main())

"""Two versions of the checker in one process, each statement checked by both: the cost of a
change to the check after the parse, free of the load other processes put on the machine.

Each version's ``depcheck/`` is copied under a package name of its own (``depcheck_a``,
``depcheck_b``) beside its own ``rules/``, and both checkers learn the same catalog and
settle as the service does.  Every e-commerce statement is parsed once and checked by both
versions (alternating which goes first), timed in this thread's CPU time; the medians of
the check and of the parse are printed, with each version's check over the parse and the
second's over the first.  Both versions must give the same verdicts (the count is printed).

    .venv/bin/python bench/paired.py OLD_TREE NEW_TREE --passes 3

A tree is a directory holding ``depcheck/`` and ``rules/`` (a ``git archive`` of a commit,
or a worktree).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import latency  # noqa: E402


def load_version(tree: Path, name: str):
    """The tree's checker package imported as ``name`` (its rules beside it)."""
    home = Path(tempfile.mkdtemp(prefix=f"paired-{name}-"))
    shutil.copytree(tree / "depcheck", home / name)
    os.symlink(tree / "rules", home / "rules")
    sys.path.insert(0, str(home))
    checker = importlib.import_module(f"{name}.checker")
    config = importlib.import_module(f"{name}.config")
    table = importlib.import_module(f"{name}.table")
    return checker.Checker(config.Config.from_env(rules_dir=home / "rules")), table.Table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path, help="the first tree (depcheck/ and rules/)")
    ap.add_argument("new", type=Path, help="the second tree")
    ap.add_argument("--passes", type=int, default=3, help="passes over the statements")
    args = ap.parse_args(argv)
    cases, tables = latency.load_suite(latency.DATA / "cases.jsonl",
                                       latency.DATA / "tables.jsonl")
    versions = {}
    for name, tree in (("depcheck_a", args.old.resolve()), ("depcheck_b", args.new.resolve())):
        checker, table_type = load_version(tree, name)
        parsed = {tid: table_type.from_dict(t) for tid, t in tables.items()}
        checker.set_domains(list(parsed.values()))
        for case in cases[:20]:
            checker.check(case["text"], parsed[case["table_id"]])
        versions[name] = (checker, parsed)
    gc.collect()
    gc.freeze()
    nlp = versions["depcheck_a"][0].nlp
    clock = time.thread_time
    parses: list[float] = []
    checks: dict[str, list[float]] = {name: [] for name in versions}
    same = 0
    for p in range(args.passes):
        for i, case in enumerate(cases):
            t0 = clock()
            doc = nlp(case["text"])
            parses.append(clock() - t0)
            order = list(versions) if (i + p) % 2 == 0 else list(reversed(versions))
            verdicts = set()
            for name in order:
                checker, parsed = versions[name]
                t0 = clock()
                report = checker.check_doc(doc, parsed[case["table_id"]])
                checks[name].append(clock() - t0)
                verdicts.add(report.verdict)
            same += len(verdicts) == 1
    parse = statistics.median(parses)
    a, b = (statistics.median(checks[n]) for n in versions)
    print(f"{len(parses)} checks each: parse p50 {parse * 1e3:.3f} ms | first: check p50 "
          f"{a * 1e3:.3f} ms ({a / parse:.3f} of the parse) | second: {b * 1e3:.3f} ms "
          f"({b / parse:.3f}) | second / first {b / a:.3f} | same verdicts {same}/{len(parses)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Accuracy of aggregate-claim checking: top-1/top-5 coverage of the gold query and verdicts.

Two suites:

* TabFact statements with gold programs (``../shared/data/tabfact/programs.jsonl``) whose
  program is ``eq{count|sum|avg|max|min{...}; N}``.  The gold query is read off the program;
  it is *representable* when every filter is ``filter_eq`` on a literal that is a whole cell
  value (TabFact's filters also match substrings, which equality predicates cannot).  All gold
  statements are true; for the verdict a refuted twin is made by replacing the claimed number
  in the text with a wrong one (integers + 1, decimals x 1.2), so accuracy is measured on both.
* ``bench/data/ecommerce/aggregates.jsonl``: hand-written cases in the case format, half
  supported, half refuted; statement verdict (refuted if any claim is refuted; unverifiable
  counts as supported, as in the DepChecker metrics).

No gold value selects what is scored.  The checker reports every claimed number of a
statement; the claim scored for top-k is the one the checker's own verdict rests on
(:func:`checker_claim`: its first refuted claim, else the claim whose best query is most
probable), and top-k counts a hit when that claim is the gold number and the gold query is
among its first k candidates (a claim about another number is a miss).
Verdicts are statement verdicts (refuted when any claim is refuted) of the gold statement and
of its twin.  The gold number is used only to *build* the twin: it is found in the text by
reading each number-like token (:func:`gold_number_span`), never by asking the checker.
(Until 2026-11-24 the claim was picked by matching its number to the gold value and verdicts
were read off that claim alone, an oracle step; bench/RESULTS.md has both figures.)

Usage: ``python bench/aggregates.py [--limit N] [--json]``; ``--json`` ends with one JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from depcheck.agg import check_document  # noqa: E402
from depcheck.compiled import compile_table  # noqa: E402
from depcheck.errors import TableError  # noqa: E402
from depcheck.parse import load_pipeline  # noqa: E402
from depcheck.report import REFUTED  # noqa: E402
from depcheck.table import Table, TableStore, iter_jsonl  # noqa: E402
from depcheck.values import norm_text, parse_quantity  # noqa: E402
from depcheck.vectors import load_vectors  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "tabfact"
ECOMMERCE = ROOT / "bench" / "data" / "ecommerce" / "aggregates.jsonl"
_TOP = regex.compile(r"^eq\{(count|sum|avg|max|min)\{(.*)\}; ([^;{}]+)\}=True$")
_FUNC = {"count": "COUNT", "sum": "SUM", "avg": "AVG", "max": "MAX", "min": "MIN"}


@dataclass(frozen=True)
class Gold:
    func: str
    column: str | None
    preds: tuple[tuple[str, str], ...]
    value: float
    representable: bool


def split_args(s: str) -> list[str]:
    """Top-level ``;``-separated arguments of a program call."""
    out, depth, cur = [], 0, []
    for ch in s:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == ";" and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur).strip())
    return out


def parse_rows(expr: str) -> tuple[list[tuple[str, str]], bool]:
    """Equality filters of a row expression; False when another filter is used."""
    if expr == "all_rows":
        return [], True
    m = regex.match(r"^(\w+)\{(.*)\}$", expr)
    if not m or m.group(1) != "filter_eq":
        return [], False
    inner, col, val = split_args(m.group(2))
    preds, ok = parse_rows(inner)
    return preds + [(col, val)], ok


def parse_gold(program: str) -> Gold | None:
    m = _TOP.match(program)
    if not m:
        return None
    fn, body, value_text = m.groups()
    q = parse_quantity(value_text.strip())
    if q is None:
        return None
    args = split_args(body)
    rows_expr, column = (args[0], None) if fn == "count" else (args[0], args[1])
    preds, ok = parse_rows(rows_expr)
    return Gold(_FUNC[fn], column, tuple(preds), q.value, ok)


def gold_in_table(gold: Gold, table: Table) -> bool:
    compiled = compile_table(table)
    if gold.column is not None and compiled.column_by_name(gold.column) is None:
        return False
    for col, val in gold.preds:
        c = compiled.column_by_name(col)
        if c is None or c.code_of(norm_text(val)) < 0:
            return False
    return gold.representable


def is_gold(cand, gold: Gold, table: Table) -> bool:
    compiled = compile_table(table)
    if cand.function != gold.func:
        return False
    if gold.column is not None:
        gc = compiled.column_by_name(gold.column)
        if gc is None or cand.column != gc.name:
            return False
    want = {(compiled.column_by_name(c).name, norm_text(v)) for c, v in gold.preds
            if compiled.column_by_name(c) is not None}
    return {(c, v) for c, v in cand.predicates} == want


_NUMBER_TOKEN = regex.compile(r"\d[\d,]*(?:\.\d+)?|\p{L}+")


def checker_claim(results):
    """The claim the checker's statement verdict rests on: its first refuted claim, else the
    claim whose most likely query is most probable (the first such one on a tie); None when
    the checker found no claimed number."""
    refuted = [r for r in results if r.verdict == REFUTED]
    if refuted:
        return refuted[0]
    best, best_p = None, -1.0
    for r in results:
        p = r.candidates[0].probability if r.candidates else 0.0
        if p > best_p:
            best, best_p = r, p
    return best


def statement_verdict(results) -> str:
    return REFUTED if any(r.verdict == REFUTED for r in results) else "supported"


def gold_number_span(text: str, value: float) -> tuple[int, int] | None:
    """Where the statement writes the gold number (digits or one number word), read off the
    text alone; used only to build the refuted twin."""
    for m in _NUMBER_TOKEN.finditer(text):
        q = parse_quantity(m.group(), loose=False)
        if q is not None and q.unit is None and abs(q.value - value) <= 1e-6 * max(1, abs(value)):
            return m.span()
    return None


def wrong_number(value: float) -> str:
    if float(value).is_integer():
        return str(int(value) + 1)
    decimals = len(f"{value}".split(".")[1])
    return f"{value * 1.2:.{decimals}f}"


def load_tables(path: Path) -> TableStore:
    """The tables that load; a few TabFact tables have empty column names and are skipped."""
    tables = {}
    for _, obj in iter_jsonl(path):
        try:
            table = Table.from_dict(obj)
        except TableError:
            continue
        tables[table.id] = table
    return TableStore(tables)


def run_tabfact(nlp, vectors, limit: int | None) -> dict:
    store = load_tables(DATA / "tables.jsonl")
    n = top1 = top5 = repr_n = repr1 = repr5 = detected = same_number = 0
    correct = total = twins = 0
    ms: list[float] = []
    for _, obj in iter_jsonl(DATA / "programs.jsonl"):
        gold = parse_gold(obj["program"]) if isinstance(obj, dict) else None
        if gold is None or obj["table_id"] not in store:
            continue
        if limit and n >= limit:
            break
        n += 1
        table = store.get(obj["table_id"])
        t0 = time.perf_counter()
        results = check_document(obj["text"], table, nlp=nlp, vectors=vectors)
        ms.append((time.perf_counter() - t0) * 1000)
        rep = gold_in_table(gold, table)
        repr_n += rep
        correct += statement_verdict(results) != REFUTED
        total += 1
        span = gold_number_span(obj["text"], gold.value)
        if span is not None:
            twin = obj["text"][:span[0]] + wrong_number(gold.value) + obj["text"][span[1]:]
            twin_results = check_document(twin, table, nlp=nlp, vectors=vectors)
            correct += statement_verdict(twin_results) == REFUTED
            total += 1
            twins += 1
        claim = checker_claim(results)
        if claim is None:
            continue
        detected += 1
        same = abs(claim.claimed - gold.value) <= 1e-6 * max(1, abs(gold.value))
        same_number += same
        hit1 = same and any(is_gold(c, gold, table) for c in claim.candidates[:1])
        hit5 = same and any(is_gold(c, gold, table) for c in claim.candidates[:5])
        top1, top5 = top1 + hit1, top5 + hit5
        repr1, repr5 = repr1 + (hit1 and rep), repr5 + (hit5 and rep)
    return {"tabfact_n": n, "tabfact_with_claim": detected,
            "tabfact_chosen_claim_is_gold_number": same_number,
            "tabfact_top1": round(top1 / n, 4) if n else 0.0,
            "tabfact_top5": round(top5 / n, 4) if n else 0.0,
            "tabfact_representable": repr_n,
            "tabfact_top1_representable": round(repr1 / repr_n, 4) if repr_n else 0.0,
            "tabfact_top5_representable": round(repr5 / repr_n, 4) if repr_n else 0.0,
            "tabfact_twins": twins,
            "tabfact_statement_verdict_accuracy": round(correct / total, 4) if total else 0.0,
            "tabfact_p50_ms": round(statistics.median(ms), 1) if ms else 0.0}


def run_ecommerce(nlp, vectors) -> dict:
    n = correct = tp = pred_sup = ref = ref_found = checked = 0
    for _, case in iter_jsonl(ECOMMERCE):
        table = Table.from_dict(case["table"])
        results = check_document(case["text"], table, nlp=nlp, vectors=vectors)
        verdicts = {r.verdict for r in results}
        pred = REFUTED if REFUTED in verdicts else "supported"
        checked += any(v != "unverifiable" for v in verdicts)
        n += 1
        correct += pred == case["label"]
        if pred == "supported":
            pred_sup += 1
            tp += case["label"] == "supported"
        if case["label"] == REFUTED:
            ref += 1
            ref_found += pred == REFUTED
    return {"ecommerce_n": n, "ecommerce_accuracy": round(correct / n, 4) if n else 0.0,
            "ecommerce_true_precision": round(tp / pred_sup, 4) if pred_sup else 0.0,
            "ecommerce_false_recall": round(ref_found / ref, 4) if ref else 0.0,
            "ecommerce_coverage": round(checked / n, 4) if n else 0.0}


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="at most N TabFact programs")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    nlp, vectors = load_pipeline(), load_vectors()
    out = {**run_ecommerce(nlp, vectors), **run_tabfact(nlp, vectors, args.limit)}
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:>34}: {v}")
    return out


if __name__ == "__main__":
    main()

"""``depcheck eval``: run a suite in the case format and compute the paper's metrics.

A statement counts as predicted false only when some hypothesis fails, so
``unverifiable`` counts as predicted ``supported``.  True precision is the precision of the
``supported`` predictions, false recall the recall of the ``refuted`` cases, coverage the
share of cases with at least one checked hypothesis.  Latency is per case, parse included.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .errors import DepcheckError, SuiteError
from .report import REFUTED, Report
from .table import Table, TableStore, iter_jsonl

LABELS = ("supported", "refuted")


@dataclass(frozen=True)
class Case:
    line: int
    id: str
    text: str
    table: Table
    label: str
    error: str | None


@dataclass
class SuiteResult:
    n: int = 0
    correct: int = 0
    covered: int = 0
    confusion: Counter = field(default_factory=Counter)  # (gold, predicted)
    by_error: dict = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    latencies: list = field(default_factory=list)
    bad_lines: list = field(default_factory=list)

    def add(self, case: Case, report: Report, ms: float) -> str:
        predicted = "refuted" if report.verdict == REFUTED else "supported"
        self.n += 1
        self.correct += predicted == case.label
        self.covered += report.checked > 0
        self.confusion[(case.label, predicted)] += 1
        key = case.error or "supported"
        self.by_error[key][0] += predicted == case.label
        self.by_error[key][1] += 1
        self.latencies.append(ms)
        return predicted

    def metrics(self) -> dict:
        c = self.confusion
        pred_sup = c[("supported", "supported")] + c[("refuted", "supported")]
        gold_ref = c[("refuted", "refuted")] + c[("refuted", "supported")]
        lat = np.asarray(self.latencies) if self.latencies else np.zeros(1)
        return {
            "n": self.n,
            "accuracy": _ratio(self.correct, self.n),
            "true_precision": _ratio(c[("supported", "supported")], pred_sup),
            "false_recall": _ratio(c[("refuted", "refuted")], gold_ref),
            "coverage": _ratio(self.covered, self.n),
            "p50_ms": round(float(np.percentile(lat, 50)), 3),
            "p99_ms": round(float(np.percentile(lat, 99)), 3),
            "recall_by_error": {k: _ratio(v[0], v[1]) for k, v in sorted(self.by_error.items())},
            "bad_lines": len(self.bad_lines),
        }


def _ratio(a: int, b: int) -> float:
    return round(a / b, 4) if b else 0.0


def read_cases(path: str | Path, tables: TableStore | None = None,
               limit: int | None = None) -> Iterator[Case | SuiteError]:
    """Cases of a suite in file order; a bad line yields a SuiteError naming its number."""
    count = 0
    for number, obj in iter_jsonl(path):
        if limit is not None and count >= limit:
            return
        count += 1
        try:
            yield _case(number, obj, tables)
        except DepcheckError as exc:
            yield SuiteError(f"{path}:{number}: {exc.message}")


def _case(number: int, obj, tables: TableStore | None) -> Case:
    if isinstance(obj, Exception):
        raise SuiteError(f"not valid JSON ({obj})")
    if not isinstance(obj, dict):
        raise SuiteError("a case is a JSON object")
    text, label = obj.get("text"), obj.get("label")
    if not isinstance(text, str) or not text.strip():
        raise SuiteError("field 'text' is missing or empty")
    if label not in LABELS:
        raise SuiteError(f"field 'label' must be one of {LABELS}, got {label!r}")
    if "table" in obj:
        table = Table.from_dict(obj["table"], default_id=str(obj.get("id", number)),
                                repair_headers=True)
    elif "table_id" in obj:
        if tables is None:
            raise SuiteError(f"case names table_id {obj['table_id']!r}; pass --tables FILE")
        table = tables.get(str(obj["table_id"]))
    else:
        raise SuiteError("case has neither 'table' nor 'table_id'")
    return Case(number, str(obj.get("id", number)), text, table, label, obj.get("error"))


def run_suite(check: Callable[[str, Table], Report], cases: list[Case | SuiteError],
              progress: Callable | None = None,
              on_prediction: Callable[[Case, Report, str], None] | None = None) -> SuiteResult:
    result = SuiteResult()
    iterable = progress(cases) if progress else cases
    for case in iterable:
        if isinstance(case, SuiteError):
            result.bad_lines.append(case.message)
            continue
        start = time.perf_counter()
        try:
            report = check(case.text, case.table)
        except DepcheckError as exc:
            result.bad_lines.append(f"line {case.line}: {exc.message}")
            continue
        ms = (time.perf_counter() - start) * 1000.0
        predicted = result.add(case, report, ms)
        if on_prediction:
            on_prediction(case, report, predicted)
    return result

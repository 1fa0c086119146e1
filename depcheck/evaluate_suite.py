"""``depcheck eval``: run a suite in the case format and compute the paper's metrics.

A statement counts as predicted false only when some hypothesis fails, so
``unverifiable`` counts as predicted ``supported``.  True precision is the precision of the
``supported`` predictions, false recall the recall of the ``refuted`` cases, coverage the
share of cases with at least one checked hypothesis.  Latency is per case, parse included.

Every run also reports the three-way figures (``supported`` / ``refuted`` /
``unverifiable`` as predicted): ``accuracy_3way``, precision and recall of each decisive
verdict, ``decisive`` (the share of cases given a decisive verdict) and the ``confusion``
matrix ``{gold: {predicted: count}}``.  A suite may label cases ``unverifiable``; then the
binary figures are computed on its supported and refuted cases only.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .errors import DepcheckError, SuiteError
from .report import REFUTED, SUPPORTED, UNVERIFIABLE, Report
from .table import Table, TableStore, iter_jsonl
from .values import norm_text

LABELS = (SUPPORTED, REFUTED, UNVERIFIABLE)


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
    confusion: Counter = field(default_factory=Counter)  # (gold, binary prediction)
    confusion3: Counter = field(default_factory=Counter)  # (gold, verdict)
    by_error: dict = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    latencies: list = field(default_factory=list)
    bad_lines: list = field(default_factory=list)
    variants: dict = field(default_factory=dict)  # name -> SuiteResult

    def add(self, case: Case, report: Report, ms: float) -> str:
        """Count one case; returns the binary prediction (unverifiable counts as supported)."""
        predicted = REFUTED if report.verdict == REFUTED else SUPPORTED
        self.n += 1
        self.covered += report.checked > 0
        self.confusion3[(case.label, report.verdict)] += 1
        self.latencies.append(ms)
        if case.label != UNVERIFIABLE:
            self.correct += predicted == case.label
            self.confusion[(case.label, predicted)] += 1
            key = case.error or SUPPORTED
            self.by_error[key][0] += predicted == case.label
            self.by_error[key][1] += 1
        return predicted

    def metrics(self) -> dict:
        c = self.confusion
        binary_n = sum(c.values())
        pred_sup = c[(SUPPORTED, SUPPORTED)] + c[(REFUTED, SUPPORTED)]
        gold_ref = c[(REFUTED, REFUTED)] + c[(REFUTED, SUPPORTED)]
        lat = np.asarray(self.latencies) if self.latencies else np.zeros(1)
        return {
            "n": self.n,
            "accuracy": _ratio(self.correct, binary_n),
            "true_precision": _ratio(c[(SUPPORTED, SUPPORTED)], pred_sup),
            "false_recall": _ratio(c[(REFUTED, REFUTED)], gold_ref),
            "coverage": _ratio(self.covered, self.n),
            **self.three_way(),
            "p50_ms": round(float(np.percentile(lat, 50)), 3),
            "p99_ms": round(float(np.percentile(lat, 99)), 3),
            "recall_by_error": {k: _ratio(v[0], v[1]) for k, v in sorted(self.by_error.items())},
            "bad_lines": len(self.bad_lines),
            **{name: v.summary() for name, v in self.variants.items()},
        }

    def summary(self) -> dict:
        """The accuracy figures without latency, for a variant of a run."""
        m = self.metrics()
        keep = ("accuracy", "true_precision", "false_recall", "coverage", "accuracy_3way",
                "precision_supported", "precision_refuted", "decisive")
        return {k: m[k] for k in keep}

    def three_way(self) -> dict:
        c = self.confusion3

        def predicted(v: str) -> int:
            return sum(n for (_, p), n in c.items() if p == v)

        def gold(v: str) -> int:
            return sum(n for (g, _), n in c.items() if g == v)

        return {
            "accuracy_3way": _ratio(sum(c[(v, v)] for v in LABELS), self.n),
            "precision_supported": _ratio(c[(SUPPORTED, SUPPORTED)], predicted(SUPPORTED)),
            "precision_refuted": _ratio(c[(REFUTED, REFUTED)], predicted(REFUTED)),
            "recall_supported": _ratio(c[(SUPPORTED, SUPPORTED)], gold(SUPPORTED)),
            "recall_refuted": _ratio(c[(REFUTED, REFUTED)], gold(REFUTED)),
            "decisive": _ratio(predicted(SUPPORTED) + predicted(REFUTED), self.n),
            "confusion": {g: {p: c[(g, p)] for p in LABELS if c[(g, p)]}
                          for g in LABELS if gold(g)},
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
              on_prediction: Callable[[Case, Report, str], None] | None = None,
              variants: dict[str, Callable[[str, Table], Report]] | None = None
              ) -> SuiteResult:
    """Check every case; ``variants`` are other ways to check the same cases (e.g. without
    column domains), each scored in ``result.variants`` and not timed."""
    result = SuiteResult()
    variants = variants or {}
    result.variants = {name: SuiteResult() for name in variants}
    iterable = progress(cases) if progress else cases
    for case in iterable:
        if isinstance(case, SuiteError):
            result.bad_lines.append(case.message)
            continue
        start = time.perf_counter()
        try:
            report = check(case.text, case.table)
            others = {name: fn(case.text, case.table) for name, fn in variants.items()}
        except DepcheckError as exc:
            result.bad_lines.append(f"line {case.line}: {exc.message}")
            continue
        ms = (time.perf_counter() - start) * 1000.0
        predicted = result.add(case, report, ms)
        for name, other in others.items():
            result.variants[name].add(case, other, 0.0)
        if on_prediction:
            on_prediction(case, report, predicted)
    return result


def distinct_tables(tables) -> list[Table]:
    """Each table once, by content (inline tables repeat across cases), in first-seen order."""
    seen: dict[tuple, Table] = {}
    for t in tables:
        seen.setdefault((t.columns, t.rows), t)
    return list(seen.values())


def shares_a_schema(tables: list[Table]) -> bool:
    """Tables of one kind (a catalog, one dataset's records): some non-key column name is
    in at least half of them.  For such suites column domains can carry a verdict, so
    ``depcheck eval`` reports the figures without them too."""
    distinct = distinct_tables(tables)
    if len(distinct) < 2:
        return False
    counts = Counter(name for t in distinct
                     for name in {norm_text(c) for c in t.columns[1:]})
    return bool(counts) and max(counts.values()) * 2 >= len(distinct)

"""Prometheus metrics in the text exposition format, written by hand (no extra dependency).

Counted: requests by endpoint, method and status; a request latency histogram by
endpoint; statement verdicts; rule reloads by result; and the rules version each live
worker serves.

Under gunicorn every worker is its own process, so a scrape answered by one worker must
still see the others.  With a metrics directory configured, each process writes a JSON
snapshot of its counters to ``<dir>/<pid>.json`` (atomically, at most once per
``flush_interval`` from a daemon thread, and at exit) and ``/metrics`` sums all
snapshots.  Counters of workers that have exited stay in the sum, as counters must;
gauges come from live workers only.
"""

from __future__ import annotations

import atexit
import os
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
BUCKETS = (0.001, 0.0025, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _labels(**labels: str) -> str:
    inner = ",".join(f'{k}="{_escape(str(v))}"' for k, v in labels.items())
    return "{" + inner + "}" if inner else ""


def _fmt(value: float) -> str:
    return repr(float(value)) if isinstance(value, float) and value != int(value) else str(
        int(value))


class Metrics:
    """Counters of one process, optionally shared through a directory of snapshots."""

    def __init__(self, shared_dir: str | Path | None = None, flush_interval: float = 1.0,
                 rules_version: Callable[[], str] | None = None) -> None:
        self._rules_version = rules_version or (lambda: "")
        self.shared_dir = Path(shared_dir) if shared_dir else None
        self.flush_interval = flush_interval
        self._lock = threading.Lock()
        self._requests: dict[tuple[str, str, str], int] = {}
        self._hist: dict[str, list[float]] = {}  # endpoint -> per-bucket counts + [sum, count]
        self._verdicts: dict[str, int] = {}
        self._reloads: dict[str, int] = {}
        self._dirty = False
        self._flusher_pid = 0
        if self.shared_dir is not None:
            self.shared_dir.mkdir(parents=True, exist_ok=True)

    # -- recording -----------------------------------------------------------------------

    def observe_request(self, endpoint: str, method: str, status: int, seconds: float) -> None:
        with self._lock:
            key = (endpoint, method, str(status))
            self._requests[key] = self._requests.get(key, 0) + 1
            row = self._hist.get(endpoint)
            if row is None:
                row = self._hist[endpoint] = [0.0] * (len(BUCKETS) + 2)
            for i, bound in enumerate(BUCKETS):
                if seconds <= bound:
                    row[i] += 1
                    break
            row[-2] += seconds
            row[-1] += 1
            self._dirty = True
        self._ensure_flusher()

    def observe_verdict(self, verdict: str) -> None:
        with self._lock:
            self._verdicts[verdict] = self._verdicts.get(verdict, 0) + 1
            self._dirty = True

    def observe_reload(self, ok: bool, version: str) -> None:
        """Count a reload attempt (the version served is read live at each snapshot)."""
        with self._lock:
            result = "ok" if ok else "rejected"
            self._reloads[result] = self._reloads.get(result, 0) + 1
            self._dirty = True

    # -- snapshots -----------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """This process's counters as a JSON-able dict."""
        with self._lock:
            return {"pid": os.getpid(), "rules_version": self._rules_version(),
                    "requests": [[*k, v] for k, v in self._requests.items()],
                    "hist": {k: list(v) for k, v in self._hist.items()},
                    "verdicts": dict(self._verdicts), "reloads": dict(self._reloads)}

    def flush(self) -> None:
        """Write this process's snapshot to the shared directory (no-op without one)."""
        if self.shared_dir is None:
            return
        with self._lock:
            self._dirty = False
        data = orjson.dumps(self.snapshot())
        fd, tmp = tempfile.mkstemp(prefix=".snap.", dir=self.shared_dir)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, self.shared_dir / f"{os.getpid()}.json")
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass

    def _ensure_flusher(self) -> None:
        """Start the flushing thread once per process (a forked worker starts its own)."""
        if self.shared_dir is None or self._flusher_pid == os.getpid():
            return
        with self._lock:
            if self._flusher_pid == os.getpid():
                return
            self._flusher_pid = os.getpid()
        threading.Thread(target=self._flush_loop, name="metrics-flush", daemon=True).start()
        atexit.register(self.flush)

    def _flush_loop(self) -> None:
        pid = os.getpid()
        while self._flusher_pid == pid:
            time.sleep(self.flush_interval)
            if self._dirty:
                self.flush()

    def collect(self) -> list[dict[str, Any]]:
        """Snapshots of every process (only this one's without a shared directory)."""
        if self.shared_dir is None:
            return [self.snapshot()]
        self.flush()
        snaps = []
        for path in self.shared_dir.glob("*.json"):
            try:
                snaps.append(orjson.loads(path.read_bytes()))
            except (OSError, orjson.JSONDecodeError):
                continue
        return snaps

    # -- exposition ----------------------------------------------------------------------

    def render(self, extra_gauges: dict[str, tuple[str, float]] | None = None) -> str:
        """The Prometheus text exposition of all processes' counters."""
        return render(self.collect(), extra_gauges or {})


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def render(snaps: list[dict[str, Any]], extra_gauges: dict[str, tuple[str, float]]) -> str:
    """Sum snapshots and format them; ``extra_gauges`` maps name -> (help, value)."""
    requests: dict[tuple[str, str, str], int] = {}
    hist: dict[str, list[float]] = {}
    verdicts: dict[str, int] = {}
    reloads: dict[str, int] = {}
    versions: dict[str, int] = {}
    for snap in snaps:
        for endpoint, method, status, n in snap.get("requests", []):
            key = (endpoint, method, status)
            requests[key] = requests.get(key, 0) + n
        for endpoint, row in snap.get("hist", {}).items():
            acc = hist.setdefault(endpoint, [0.0] * len(row))
            for i, v in enumerate(row):
                acc[i] += v
        for name, n in snap.get("verdicts", {}).items():
            verdicts[name] = verdicts.get(name, 0) + n
        for name, n in snap.get("reloads", {}).items():
            reloads[name] = reloads.get(name, 0) + n
        if snap.get("rules_version") and _alive(int(snap.get("pid", 0))):
            versions[snap["rules_version"]] = versions.get(snap["rules_version"], 0) + 1

    lines: list[str] = []

    def head(name: str, kind: str, text: str) -> None:
        lines.append(f"# HELP {name} {text}")
        lines.append(f"# TYPE {name} {kind}")

    head("depcheck_http_requests_total", "counter", "HTTP requests by endpoint, method, status.")
    for (endpoint, method, status), n in sorted(requests.items()):
        labels = _labels(endpoint=endpoint, method=method, status=status)
        lines.append(f"depcheck_http_requests_total{labels} {n}")

    name = "depcheck_http_request_duration_seconds"
    head(name, "histogram", "Time from request start to response, by endpoint.")
    for endpoint, row in sorted(hist.items()):
        cumulative = 0.0
        for bound, n in zip(BUCKETS, row[: len(BUCKETS)], strict=True):
            cumulative += n
            lines.append(f"{name}_bucket{_labels(endpoint=endpoint, le=repr(bound))} "
                         f"{_fmt(cumulative)}")
        lines.append(f"{name}_bucket{_labels(endpoint=endpoint, le='+Inf')} {_fmt(row[-1])}")
        lines.append(f"{name}_sum{_labels(endpoint=endpoint)} {row[-2]!r}")
        lines.append(f"{name}_count{_labels(endpoint=endpoint)} {_fmt(row[-1])}")

    head("depcheck_verdicts_total", "counter", "Statement verdicts returned.")
    for verdict, n in sorted(verdicts.items()):
        lines.append(f"depcheck_verdicts_total{_labels(verdict=verdict)} {n}")

    head("depcheck_rule_reloads_total", "counter", "Rule reload attempts by result.")
    for result, n in sorted(reloads.items()):
        lines.append(f"depcheck_rule_reloads_total{_labels(result=result)} {n}")

    head("depcheck_rules_version_info", "gauge",
         "Live worker processes serving each rules version.")
    for version, n in sorted(versions.items()):
        lines.append(f"depcheck_rules_version_info{_labels(version=version)} {n}")

    for gauge, (text, value) in sorted(extra_gauges.items()):
        head(gauge, "gauge", text)
        lines.append(f"{gauge} {_fmt(value)}")
    return "\n".join(lines) + "\n"

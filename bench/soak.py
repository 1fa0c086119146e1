"""Soak the service: 2 gunicorn workers, 8 loopback clients, watch latency, errors and memory.

    .venv/bin/python bench/soak.py            # two phases of 5 minutes
    .venv/bin/python bench/soak.py --quick    # two phases of 80 s (about 3 minutes in all)
    .venv/bin/python bench/soak.py --json     # only the final JSON line on stdout

Phase ``catalog`` checks statements against tables stored in the catalog; phase ``inline``
sends a new inline table with every request (new names and values each time), the load that
made worker memory grow without bound (issue 14).  Every 2 s the resident memory of each
worker is read from /proc; a phase's growth is the least-squares slope of the mean worker
RSS over the samples after its first minute (workers are recycled by ``max_requests``, so a
recycled worker shows as a drop, then a climb while it touches the preloaded pages); beside
it, ``rss_growth_settled_workers_mib_per_min`` is the mean slope of each worker over its
samples after both the phase's and its own first minute.  Any answer but 200 is an error.

The last line is one JSON object: requests, errors, p50_ms, p99_ms, rss_start_mib,
rss_end_mib, rss_growth_mib_per_min (the larger of the two phases'), and per phase the same.
Target (issue 14): 0 errors, growth under 5 MiB/min per worker, p99 within 3x p50.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.server import gunicorn_command, gunicorn_env  # noqa: E402

HOST = "127.0.0.1"
WORKERS = 2
CLIENTS = 8
SAMPLE_SECONDS = 2.0
SETTLE_SECONDS = 60.0  # growth is measured after each phase's first minute

BRANDS = ["Acme", "Zenith", "Orbit", "Nimbus", "Vertex", "Quill"]
COLOURS = ["red", "blue", "black", "silver", "green", "white"]


def catalog_table(k: int) -> dict:
    rows = [[f"Kettle {k}-{r}", BRANDS[(k + r) % 6], f"${20 + 7 * r}", f"{1 + r % 3}.{r % 10} L",
             COLOURS[(k * 3 + r) % 6]] for r in range(6)]
    return {"caption": f"Kettles {k}", "columns": ["product", "brand", "price", "capacity",
                                                   "color"], "rows": rows}


def inline_table(n: int) -> dict:
    """A table no request has sent before: new names, brands and colours."""
    rows = [[f"Gadget{n}x{r}", f"Maker{n}y{r}", f"${10 + (n + r) % 90}", f"{1 + r} kg",
             f"shade{n}z{r % 3}"] for r in range(4)]
    return {"columns": ["product", "brand", "price", "weight", "color"], "rows": rows}


def statement(table: dict, rng: random.Random) -> str:
    row = rng.choice(table["rows"])
    other = rng.choice(table["rows"])
    return rng.choice([
        f"{row[0]} costs {row[2]} and is {row[4]}.",
        f"{row[0]} is made by {row[1]} and costs {other[2]}.",
        f"{row[0]} is cheaper than {other[0]}.",
    ])


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.app_ms: list[float] = []  # the service's own time (Server-Timing), no queueing
        self.errors = 0
        self.error_samples: list[str] = []

    def add(self, ms: float, ok: bool, what: str = "", app_ms: float | None = None) -> None:
        with self.lock:
            self.latencies.append(ms)
            if app_ms is not None:
                self.app_ms.append(app_ms)
            if not ok:
                self.errors += 1
                if len(self.error_samples) < 5:
                    self.error_samples.append(what)


def post(port: int, path: str, body: dict) -> tuple[int, bytes, float | None]:
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    try:
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = conn.getresponse()
        timing = response.getheader("Server-Timing") or ""
        app_ms = float(timing.split("dur=", 1)[1]) if "dur=" in timing else None
        return response.status, response.read(), app_ms
    finally:
        conn.close()


def put(port: int, path: str, body: dict) -> int:
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    try:
        conn.request("PUT", path, json.dumps(body), {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def client_loop(port: int, phase: str, until: float, seed: int, stats: Stats,
                counter: list[int], lock: threading.Lock, catalog: list[dict]) -> None:
    rng = random.Random(seed)
    while time.monotonic() < until:
        if phase == "catalog":
            k = rng.randrange(len(catalog))
            body = {"text": statement(catalog[k], rng), "table_id": f"kettles-{k}"}
        else:
            with lock:
                counter[0] += 1
                n = counter[0]
            table = inline_table(n)
            body = {"text": statement(table, rng), "table": table}
        t0 = time.perf_counter()
        app_ms = None
        try:
            status, payload, app_ms = post(port, "/v1/check", body)
            ok = status == 200
            what = f"{status} {payload[:200]!r}"
        except OSError as exc:
            ok, what = False, repr(exc)
        stats.add((time.perf_counter() - t0) * 1000.0, ok, what, app_ms)


def worker_pids(master: int) -> list[int]:
    try:
        text = Path(f"/proc/{master}/task/{master}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        return None
    return None


def sampler(master: int, stop: threading.Event, samples: list[tuple[float, float]],
            per_worker: dict[int, list[tuple[float, float]]], born: dict[int, float]) -> None:
    while not stop.is_set():
        now = time.monotonic()
        values = []
        for pid in worker_pids(master):
            value = rss_mib(pid)
            if value is None:
                continue
            born.setdefault(pid, now)
            per_worker.setdefault(pid, []).append((now, value))
            values.append(value)
        if values:
            samples.append((now, sum(values) / len(values)))
        stop.wait(SAMPLE_SECONDS)


def settled_growth(per_worker: dict[int, list[tuple[float, float]]], born: dict[int, float],
                   phase_start: float) -> tuple[float | None, int]:
    """Mean RSS slope of the workers over their samples after the phase's first minute and
    after their own first minute (a worker recycled by max_requests starts small and grows
    as it touches the preloaded pages: that is no leak); None when no worker had 3 such
    samples.  Weighted by the number of samples; also the number of workers counted."""
    total, weight, counted = 0.0, 0, 0
    for pid, points in per_worker.items():
        kept = [(t, v) for t, v in points
                if t - phase_start >= SETTLE_SECONDS and t - born[pid] >= SETTLE_SECONDS]
        if len(kept) >= 3:
            total += slope_per_min(kept) * len(kept)
            weight += len(kept)
            counted += 1
    return (total / weight if weight else None), counted


def slope_per_min(points: list[tuple[float, float]]) -> float:
    if len(points) < 2:
        return 0.0
    n = len(points)
    mt = sum(t for t, _ in points) / n
    mv = sum(v for _, v in points) / n
    den = sum((t - mt) ** 2 for t, _ in points)
    return 60.0 * sum((t - mt) * (v - mv) for t, v in points) / den if den else 0.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run_phase(port: int, master: int, phase: str, seconds: float, catalog: list[dict],
              log, born: dict[int, float]) -> dict:
    stats = Stats()
    samples: list[tuple[float, float]] = []
    per_worker: dict[int, list[tuple[float, float]]] = {}
    stop = threading.Event()
    start = time.monotonic()
    watcher = threading.Thread(target=sampler, args=(master, stop, samples, per_worker, born),
                               daemon=True)
    watcher.start()
    counter, lock = [0], threading.Lock()
    threads = [threading.Thread(target=client_loop, args=(port, phase, start + seconds, 1000 * i,
                                                          stats, counter, lock, catalog))
               for i in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stop.set()
    watcher.join()
    after = [(t, v) for t, v in samples if t - start >= SETTLE_SECONDS]
    settled, counted = settled_growth(per_worker, born, start)
    result = {"phase": phase, "seconds": round(time.monotonic() - start, 1),
              "requests": len(stats.latencies), "errors": stats.errors,
              "p50_ms": round(percentile(stats.latencies, 0.5), 2),
              "p99_ms": round(percentile(stats.latencies, 0.99), 2),
              "app_p50_ms": round(percentile(stats.app_ms, 0.5), 2),
              "app_p99_ms": round(percentile(stats.app_ms, 0.99), 2),
              "rss_start_mib": round(samples[0][1], 1) if samples else None,
              "rss_end_mib": round(samples[-1][1], 1) if samples else None,
              "rss_growth_mib_per_min": round(slope_per_min(after), 2),
              "rss_samples_after_first_minute": len(after),
              "rss_growth_settled_workers_mib_per_min":
                  round(settled, 2) if settled is not None else None,
              "settled_workers": counted, "workers_seen": len(per_worker)}
    if stats.error_samples:
        result["error_samples"] = stats.error_samples
    log(json.dumps(result))
    result["_latencies"] = stats.latencies
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two phases of 80 s")
    parser.add_argument("--json", action="store_true", help="only the final JSON line")
    args = parser.parse_args()
    phase_seconds = 80.0 if args.quick else 300.0

    def log(msg: str) -> None:
        if not args.json:
            print(msg, flush=True)

    root = Path(tempfile.mkdtemp(prefix="depcheck-soak-"))
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port = probe.getsockname()[1]
    env = gunicorn_env(root / "tables", ROOT / "rules", base=dict(os.environ),
                       rules_poll_seconds=1.0, access_log="")
    log_path = root / "gunicorn.log"
    with log_path.open("wb") as out:
        proc = subprocess.Popen(gunicorn_command(HOST, port, WORKERS), env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 180
        while True:
            if proc.poll() is not None:
                sys.stderr.write(log_path.read_text())
                return 1
            try:
                conn = http.client.HTTPConnection(HOST, port, timeout=5)
                conn.request("GET", "/readyz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                sys.stderr.write(log_path.read_text())
                return 1
            time.sleep(0.5)
        catalog = [catalog_table(k) for k in range(8)]
        for k, table in enumerate(catalog):
            assert put(port, f"/v1/tables/kettles-{k}", table) in (200, 201)
        log(f"gunicorn on {HOST}:{port}, {WORKERS} workers, {CLIENTS} clients, "
            f"{phase_seconds:.0f} s a phase")
        born: dict[int, float] = {pid: time.monotonic() for pid in worker_pids(proc.pid)}
        phases = [run_phase(port, proc.pid, name, phase_seconds, catalog, log, born)
                  for name in ("catalog", "inline")]
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        shutil.rmtree(root, ignore_errors=True)

    latencies = [ms for p in phases for ms in p.pop("_latencies")]
    summary = {"quick": args.quick, "workers": WORKERS, "clients": CLIENTS,
               "requests": sum(p["requests"] for p in phases),
               "errors": sum(p["errors"] for p in phases),
               "p50_ms": round(percentile(latencies, 0.5), 2),
               "p99_ms": round(percentile(latencies, 0.99), 2),
               "rss_start_mib": phases[0]["rss_start_mib"],
               "rss_end_mib": phases[-1]["rss_end_mib"],
               "rss_growth_mib_per_min": max(p["rss_growth_mib_per_min"] for p in phases),
               "phases": phases}
    print(json.dumps(summary), flush=True)
    return 0 if summary["errors"] == 0 else 2


if __name__ == "__main__":
    sys.exit(main())

"""Latency and throughput of the real service under gunicorn, against bare spaCy parsing.

Starts ``gunicorn -c service/gunicorn.conf.py`` on a free 127.0.0.1 port (1 worker, then
2), uploads the e-commerce tables through ``PUT /v1/tables/{id}``, and drives the service
from this process with a bounded load generator: sequential single checks (latency),
concurrent single checks (throughput), and batches.  Each sequential call is preceded by a
bare spaCy parse of the same text in this process, with the pipeline the checker loads, so
both see the same machine load and the overhead is a ratio: end-to-end p50 / parse p50.
Before the servers start, the same texts go through the checker in this process (parse,
then ``check_doc`` on that parse, no HTTP; the loaded checker settled first, as the
service's workers are): ``inproc_ratio`` is the floor under the
service's ratio that the library's own work sets.

Only loopback addresses; every loop is bounded in count and time; servers are stopped by
this script.  ``--quick --json`` takes well under 60 s and ends with one JSON line.

    .venv/bin/python bench/latency.py --quick --json

``--sizes 3,8,50,1000,100000`` (no service): synthetic catalogs of those many rows, each
compiled (seconds, MiB), then ``--statements`` statements of five kinds (``catalog_statements``)
each parsed and checked in turn.  Per size: the check's p50/p99, the parse's p50, and
``check_over_parse_by_rows``, that size's check p50 over the p50 of the parses of the same
statements, timed alternately with them (issue 16's target: <= 0.5 at every size).
``check_over_parse_max`` is the older figure (sessions 8-9): the largest check p50 over one
parse p50 of all sizes together, which charges the first size measured with the process's
warm-up; since lat11 an untimed warm-up (``--warmup`` statements on another catalog of the
first size) runs first, and ``check_over_parse_max_by_rows`` is the largest per-size ratio.
With 60 statements a size the p99 is the second slowest: ``--statements 200`` or more for a
p99 that means something.

    .venv/bin/python bench/latency.py --sizes 3,8,50,1000,100000 --cpu-time --json \
        --statements 200
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.server import gunicorn_command, gunicorn_env  # noqa: E402

HOST = "127.0.0.1"
DATA = ROOT / "bench" / "data" / "ecommerce"
BATCH_SIZE = 16


@dataclass(frozen=True)
class Plan:
    """How much load each phase sends: request counts, a cap per phase, a cap on the run."""

    single: int
    concurrent: int
    batches: int
    phase_seconds: float
    warmup: int
    total_seconds: float

    @classmethod
    def quick(cls) -> Plan:
        return cls(single=250, concurrent=300, batches=12, phase_seconds=4.0, warmup=30,
                   total_seconds=52.0)

    @classmethod
    def full(cls) -> Plan:
        return cls(single=1500, concurrent=2000, batches=100, phase_seconds=30.0, warmup=100,
                   total_seconds=600.0)


# -- data -----------------------------------------------------------------------------------

def load_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load_suite(cases_path: Path, tables_path: Path) -> tuple[list[dict], dict[str, dict]]:
    """Cases as ``{text, table_id}`` and the tables they name (inline ones get an id)."""
    tables = {t["id"]: t for t in load_jsonl(tables_path)} if tables_path.exists() else {}
    cases = []
    for i, case in enumerate(load_jsonl(cases_path)):
        if "table" in case:
            table_id = f"inline-{i}"
            tables[table_id] = {**case["table"], "id": table_id}
        else:
            table_id = case["table_id"]
        if table_id in tables:
            cases.append({"text": case["text"], "table_id": table_id})
    return cases, tables


# -- a lean HTTP/1.1 client (sync gunicorn workers close every connection) ------------------

def http_request(port: int, method: str, path: str, body: bytes = b"",
                 content_type: str = "application/json",
                 timeout: float = 30.0) -> tuple[int, bytes]:
    """One request on a fresh loopback connection; returns (status, body)."""
    head = (f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
            f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    return raw_request(port, head + body, timeout)


def raw_request(port: int, payload: bytes, timeout: float = 30.0) -> tuple[int, bytes]:
    """Send one request and read its response as far as Content-Length says, like an HTTP
    client does (gunicorn half-closes afterwards and lingers until this side closes)."""
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        sock.sendall(payload)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = None
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        while length is None or len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
    status = int(head.split(b" ", 2)[1]) if head else 0
    return status, body


def http_get(port: int, path: str) -> bytes:
    return (f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n\r\n").encode()


def post_payload(port: int, path: str, obj: object) -> bytes:
    body = json.dumps(obj).encode()
    head = (f"POST {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
    return head.encode() + body


# -- the server -----------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


class Server:
    """gunicorn with the service's config on a free loopback port; always stopped on exit."""

    def __init__(self, workers: int, data_dir: Path, log_path: Path) -> None:
        self.port = free_port()
        self.workers = workers
        env = gunicorn_env(data_dir, base=dict(os.environ))
        self.log = log_path.open("ab")
        self.proc = subprocess.Popen(gunicorn_command(HOST, self.port, workers), env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT, cwd=ROOT,
                                     start_new_session=True)

    def wait_ready(self, timeout: float = 120.0) -> float:
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.proc.returncode}; "
                                   f"see {self.log.name}")
            try:
                status, _ = http_request(self.port, "GET", "/readyz", timeout=2.0)
                if status == 200:
                    return time.monotonic() - t0
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"service not ready after {timeout:.0f} s; see {self.log.name}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self.log.close()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


# -- load -----------------------------------------------------------------------------------

@dataclass
class Run:
    latencies_ms: list[float]
    seconds: float
    requests: int
    items: int
    failures: int

    def percentile(self, q: float) -> float:
        return percentile(self.latencies_ms, q)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of the values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q / 100.0 * len(ordered))))
    return ordered[rank - 1]


def drive(port: int, payloads: list[bytes], count: int, concurrency: int, deadline_s: float,
          items_per_request: int = 1, ok: Callable[[int, bytes], bool] | None = None) -> Run:
    """Send ``count`` requests (cycling over payloads) with ``concurrency`` client threads.

    Stops early at ``deadline_s``; counts non-200 answers (or ``ok`` failures) as failures.
    """
    lock = threading.Lock()
    next_index = [0]
    latencies: list[float] = []
    failures = [0]
    stop_at = time.monotonic() + deadline_s

    def worker() -> None:
        while time.monotonic() < stop_at:
            with lock:
                i = next_index[0]
                if i >= count:
                    return
                next_index[0] += 1
            t0 = time.perf_counter()
            try:
                status, body = raw_request(port, payloads[i % len(payloads)])
            except OSError:
                status, body = 0, b""
            dt = (time.perf_counter() - t0) * 1000.0
            good = status == 200 and (ok is None or ok(status, body))
            with lock:
                latencies.append(dt)
                if not good:
                    failures[0] += 1

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(concurrency)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(deadline_s + 60)
    seconds = time.perf_counter() - t0
    return Run(latencies, seconds, len(latencies), len(latencies) * items_per_request, failures[0])


class ReportCheck:
    """Accepts a response only if it is a report naming its rules version; keeps the
    checker's own ``timing_ms`` so the HTTP layer's share of the latency can be shown."""

    def __init__(self) -> None:
        self.checker_ms: list[float] = []

    def __call__(self, status: int, body: bytes) -> bool:
        obj = json.loads(body)
        self.checker_ms.append(float(obj.get("timing_ms", "nan")))
        return bool(obj.get("verdict")) and bool(obj.get("rules_version"))


def load_nlp():
    """The spaCy pipeline the checker loads (same package, same disabled components)."""
    from depcheck.config import Config
    from depcheck.parse import load_pipeline

    return load_pipeline(Config.from_env().spacy_model)


def sequential(port: int, payloads: list[bytes], texts: list[str], nlp, count: int,
               deadline_s: float, ok: Callable[[int, bytes], bool]) -> tuple[Run, list[float]]:
    """One request at a time, each preceded by a bare parse of the same text in this process.

    Interleaving puts the parse and the end-to-end call under the same machine load, so
    their ratio stays meaningful on a shared machine.
    """
    latencies, parses, failures = [], [], 0
    stop_at = time.monotonic() + deadline_s
    t_run = time.perf_counter()
    for i in range(count):
        if time.monotonic() >= stop_at:
            break
        text, payload = texts[i % len(texts)], payloads[i % len(payloads)]
        t0 = time.perf_counter()
        nlp(text)
        parses.append((time.perf_counter() - t0) * 1000.0)
        t0 = time.perf_counter()
        try:
            status, body = raw_request(port, payload)
        except OSError:
            status, body = 0, b""
        latencies.append((time.perf_counter() - t0) * 1000.0)
        if not (status == 200 and ok(status, body)):
            failures += 1
    seconds = time.perf_counter() - t_run
    return Run(latencies, seconds, len(latencies), len(latencies), failures), parses


def in_process(cases: list[dict], tables: dict[str, dict], nlp, count: int,
               deadline_s: float) -> tuple[list[float], list[float]]:
    """The checker in this process, no HTTP: each text parsed, then checked on that parse.

    Gives the floor under the service's ratio: (parse + check) / parse with nothing but
    the library's own work.  The checker learns the same column domains the service does
    (its catalog's tables).
    """
    from depcheck.checker import Checker
    from depcheck.config import Config
    from depcheck.table import Table

    checker = Checker(Config.from_env())
    parsed = {tid: Table.from_dict(t) for tid, t in tables.items()}
    checker.set_domains(list(parsed.values()))
    for case in cases[:20]:
        checker.check(case["text"], parsed[case["table_id"]])
    settle(checker)
    parses, checks = [], []
    stop_at = time.monotonic() + deadline_s
    for i in range(count):
        if time.monotonic() >= stop_at:
            break
        case = cases[i % len(cases)]
        t0 = time.perf_counter()
        doc = nlp(case["text"])
        t1 = time.perf_counter()
        checker.check_doc(doc, parsed[case["table_id"]])
        t2 = time.perf_counter()
        parses.append((t1 - t0) * 1000.0)
        checks.append((t2 - t1) * 1000.0)
    return parses, checks


def upload_tables(port: int, tables: dict[str, dict]) -> None:
    for table_id, table in tables.items():
        status, body = http_request(port, "PUT", f"/v1/tables/{table_id}",
                                    json.dumps(table).encode())
        if status not in (200, 201):
            raise RuntimeError(f"upload of table {table_id} failed: {status} {body[:200]!r}")


def measure(workers: int, data_dir: Path, cases: list[dict], tables: dict[str, dict],
            plan: Plan, nlp, budget_s: float, log_path: Path,
            say: Callable[[str], None]) -> dict:
    """All phases against one server with ``workers`` workers, within ``budget_s`` seconds."""
    t_begin = time.monotonic()
    with Server(workers, data_dir, log_path) as server:
        start_s = server.wait_ready()
        port = server.port
        if tables:
            upload_tables(port, tables)
        left = max(4.0, budget_s - (time.monotonic() - t_begin))

        def cap(share: float) -> float:
            return min(plan.phase_seconds, left * share)

        texts = [c["text"] for c in cases]
        singles = [post_payload(port, "/v1/check", c) for c in cases]
        batches = [post_payload(port, "/v1/check/batch",
                                {"items": [cases[(i + k) % len(cases)] for k in range(BATCH_SIZE)]})
                   for i in range(0, len(cases), BATCH_SIZE)]
        drive(port, singles, plan.warmup, workers, cap(0.1))
        # the floor: a round trip through TCP, gunicorn and Flask that does no checking
        floor = drive(port, [http_get(port, "/healthz")], 200, 1, cap(0.05))
        inside = ReportCheck()
        seq, parse_ms = sequential(port, singles, texts, nlp, plan.single, cap(0.4), inside)
        conc = drive(port, singles, plan.concurrent, 2 * workers, cap(0.25), ok=ReportCheck())
        batch = drive(port, batches, plan.batches, workers, cap(0.2),
                      items_per_request=BATCH_SIZE)
        status, metrics_text = http_request(port, "GET", "/metrics")
    result = {
        "workers": workers, "start_s": round(start_s, 2),
        "single_p50_ms": seq.percentile(50), "single_p95_ms": seq.percentile(95),
        "single_p99_ms": seq.percentile(99), "single_n": seq.requests,
        "parse_p50_ms": percentile(parse_ms, 50), "parse_p99_ms": percentile(parse_ms, 99),
        "checker_p50_ms": percentile(inside.checker_ms, 50),
        "healthz_p50_ms": floor.percentile(50),
        "conc_p50_ms": conc.percentile(50), "conc_p99_ms": conc.percentile(99),
        "conc_n": conc.requests, "conc_rps": conc.requests / conc.seconds,
        "batch_p50_ms": batch.percentile(50), "batch_p99_ms": batch.percentile(99),
        "batch_n": batch.requests, "batch_items_per_s": batch.items / batch.seconds,
        "failures": seq.failures + conc.failures + batch.failures,
        "metrics_ok": status == 200 and b"depcheck_http_requests_total" in metrics_text,
    }
    say(f"{workers} worker(s), ready in {start_s:.1f} s\n"
        f"  single, sequential ({seq.requests}): p50 {result['single_p50_ms']:.2f}"
        f"  p95 {result['single_p95_ms']:.2f}  p99 {result['single_p99_ms']:.2f} ms;"
        f" checker's own timing p50 {result['checker_p50_ms']:.2f} ms;"
        f" bare parse of the same texts p50 {result['parse_p50_ms']:.2f}"
        f" p99 {result['parse_p99_ms']:.2f} ms; /healthz round trip p50"
        f" {result['healthz_p50_ms']:.2f} ms\n"
        f"  single, {2 * workers} clients ({conc.requests}): {result['conc_rps']:.1f} checks/s,"
        f" p50 {result['conc_p50_ms']:.2f}  p99 {result['conc_p99_ms']:.2f} ms\n"
        f"  batch of {BATCH_SIZE}, {workers} clients ({batch.requests}):"
        f" {result['batch_items_per_s']:.1f} checks/s, p50 {result['batch_p50_ms']:.1f} ms"
        f" per batch\n  failures {result['failures']}, metrics ok {result['metrics_ok']}")
    return result


# -- catalogs by size (--sizes): the checker in this process, no service -------------------

_BRANDS = ("Velora", "Korvex", "Lumio", "Tessar", "Brightwell", "Nordane", "Quasa", "Orrin",
           "Halden", "Mireva", "Sonnet", "Calder", "Presto", "Vantor", "Elkmont", "Rivada")
_SERIES = ("Nimbus", "Atlas", "Pulse", "Vista", "Drift", "Summit", "Echo", "Glide", "Forge",
           "Halo", "Ridge", "Swift", "Orbit", "Crest", "Vertex", "Tundra", "Aero", "Pixel")
_COLORS = ("black", "white", "silver", "graphite", "navy blue", "forest green", "red", "sand")
_PORTS = ("Bluetooth", "USB-C", "Wi-Fi", "NFC", "HDMI", "Ethernet")
SIZE_COLUMNS = ("model", "brand", "price", "weight", "battery life", "rating", "color",
                "wireless", "waterproof", "ports", "storage")


def synthetic_catalog(n_rows: int, seed: int = 7) -> dict:
    """A product catalog of ``n_rows`` named products in 11 columns: text, money, units,
    ratings, yes/no, a multi-valued cell; drawn from a seeded generator (no data files)."""
    rng = np.random.default_rng(seed + n_rows)
    series = rng.integers(0, len(_SERIES), n_rows)
    numbers = rng.permutation(max(n_rows, 900))[:n_rows] + 100  # distinct: names are unique
    brands = rng.integers(0, len(_BRANDS), n_rows)
    price = np.round(rng.uniform(19, 1999, n_rows), 2)
    weight = np.round(rng.uniform(0.2, 9.5, n_rows), 1)
    battery = rng.integers(4, 60, n_rows)
    rating = np.round(rng.uniform(2.5, 5.0, n_rows), 1)
    color = rng.integers(0, len(_COLORS), n_rows)
    wireless = rng.random(n_rows) < 0.6
    waterproof = rng.random(n_rows) < 0.3
    n_ports = rng.integers(1, 4, n_rows)
    storage = rng.choice(np.array([32, 64, 128, 256, 512]), n_rows)
    rows = []
    for i in range(n_rows):
        ports = ", ".join(_PORTS[(i + k) % len(_PORTS)] for k in range(int(n_ports[i])))
        rows.append([f"{_SERIES[series[i]]} {numbers[i]}", _BRANDS[brands[i]],
                     f"${price[i]:,.2f}", f"{weight[i]} kg", f"{battery[i]} hours",
                     f"{rating[i]}", _COLORS[color[i]], "yes" if wireless[i] else "no",
                     "yes" if waterproof[i] else "no", ports, f"{storage[i]} GB"])
    return {"id": f"catalog-{n_rows}", "caption": f"A catalog of {n_rows} gadgets",
            "columns": list(SIZE_COLUMNS), "rows": rows}


# the kinds of statement ``catalog_statements`` writes, in turn
STATEMENT_KINDS = ("value", "yes/no", "comparison", "superlative", "count")


def catalog_statements(table: dict, count: int, seed: int = 11) -> list[tuple[str, bool]]:
    """Statements of the kinds the suites hold, written from the table: a named product's
    value, a yes/no feature, two named products compared, a superlative, a count; about
    half of them true."""
    rng = np.random.default_rng(seed)
    rows = table["rows"]
    n = len(rows)
    price = np.array([float(r[2][1:].replace(",", "")) for r in rows])
    rating = np.array([float(r[5]) for r in rows])
    out: list[tuple[str, bool]] = []
    for k in range(count):
        i, j = (int(x) for x in rng.integers(0, n, 2))
        if i == j:
            j = (i + 1) % n
        true = bool(rng.random() < 0.5)
        name, other = rows[i][0], rows[j][0]
        kind = k % len(STATEMENT_KINDS)
        if kind == 0:
            w = float(rows[i][3].split()[0]) + (0 if true else 1.5)
            out.append((f"The {name} weighs {w:.1f} kg.", true))
        elif kind == 1:
            said = (rows[i][8] == "yes") == true
            out.append((f"The {name} is {'' if said else 'not '}waterproof.", true))
        elif kind == 2:
            cheaper = (price[i] < price[j]) == true
            out.append((f"The {name} is {'cheaper' if cheaper else 'more expensive'} "
                        f"than the {other}.", true))
        elif kind == 3:
            best = int(np.argmax(rating))
            who = rows[best][0] if true else name
            # a product rated as high as the first best is one of the highest too
            out.append((f"The {who} has the highest rating of all the products.",
                        true or bool(rating[i] == rating[best])))
        else:
            brand = rows[i][1]
            made = sum(1 for r in rows if r[1] == brand) + (0 if true else 2)
            out.append((f"{made:,} of the products are made by {brand}.", true))
    return out


def settle(checker) -> None:
    """What the service does before forking its workers (gunicorn's pre_fork): what is
    loaded goes out of the garbage collector's full collections (``Checker.settle``), whose
    0.1 s pauses otherwise land in some check.  A checker without it: a gc.collect only."""
    import gc

    if hasattr(checker, "settle"):
        checker.settle()
    else:
        gc.collect()


def forget_compiled(checker) -> None:
    """Drop every compiled table, so the next compile is measured from scratch."""
    if hasattr(checker, "clear_compiled"):
        checker.clear_compiled()
    else:  # a checker without its own cache: the module's (an lru_cache, or an OrderedDict)
        import depcheck.compiled as compiled

        if hasattr(compiled.compile_table, "cache_clear"):
            compiled.compile_table.cache_clear()
        else:
            with compiled._COMPILED_LOCK:
                compiled._COMPILED.clear()
                compiled._compiled_cells = 0


def warm_up(checker, nlp, n_rows: int, count: int) -> None:
    """Untimed: ``count`` statements of every kind, written from another catalog of
    ``n_rows`` rows (another seed), parsed and checked.  The first size measured then
    starts as warm as the later ones (code paths run once, the words' memos filled),
    without having seen its own statements or table."""
    from depcheck.table import Table

    data = synthetic_catalog(n_rows, seed=7919)
    table = Table.from_dict(data)
    for text, _ in catalog_statements(data, count, seed=7919):
        checker.check_doc(nlp(text), table)


def sizes_run(sizes: list[int], nlp, statements: int, seconds_per_size: float,
              say: Callable[[str], None], clock: Callable[[], float] = time.perf_counter,
              warmup: int = 20) -> dict:
    """Per catalog size: compile seconds and MiB (a fresh compile, traced by tracemalloc in
    a second pass), the first check, then the parse p50 and the check-after-parse p50/p99.
    ``clock``: wall time (default), or this thread's CPU time (``--cpu-time``: what the
    work costs when other processes share the cores).  ``warmup``: untimed statements
    checked before the first size's timed compile (``warm_up``; 0: none)."""
    import gc
    import tracemalloc

    from depcheck.checker import Checker
    from depcheck.config import Config
    from depcheck.table import Table

    config = Config.from_env(max_table_cells=max(2_000_000, 12 * max(sizes)),
                             max_rows=max(100_000, max(sizes)))
    checker = Checker(config)
    checker.check_doc(nlp("The Atlas 120 weighs 2.5 kg."), Table.from_dict(synthetic_catalog(3)))
    # loaded, then settled; the catalogs below are compiled after it, as tables uploaded to
    # the service are
    settle(checker)
    out: dict[str, dict] = {k: {} for k in ("check_p50_ms_by_rows", "check_p99_ms_by_rows",
                                            "parse_p50_ms_by_rows", "compile_s_by_rows",
                                            "compile_mib_by_rows", "first_check_ms_by_rows",
                                            "checks_by_rows", "verdicts_by_rows",
                                            "check_p50_ms_by_kind", "check_max_ms_by_kind")}
    out["check_over_parse_by_rows"] = {}
    all_parses: list[float] = []
    for k, n_rows in enumerate(sizes):
        data = synthetic_catalog(n_rows)
        cases = catalog_statements(data, statements)
        texts = [t for t, _ in cases]
        docs = [nlp(t) for t in texts]
        # memory first (traced allocations slow the compile down), then the timed compile
        gc.collect()
        tracemalloc.start()
        checker.compile(Table.from_dict(data))
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        if k == 0 and warmup:
            warm_up(checker, nlp, n_rows, warmup)
        forget_compiled(checker)
        table = Table.from_dict(data)
        gc.collect()
        t0 = clock()
        checker.compile(table)
        compile_s = clock() - t0
        t0 = clock()
        checker.check_doc(docs[0], table)
        first_ms = (clock() - t0) * 1000.0
        parses, checks, verdicts = [], [], Counter()
        stop_at = time.monotonic() + seconds_per_size
        for i, (text, doc) in enumerate(zip(texts, docs, strict=True)):
            if time.monotonic() >= stop_at and i >= 5:
                break
            t0 = clock()
            nlp(text)
            t1 = clock()
            report = checker.check_doc(doc, table)
            t2 = clock()
            gold = "supported" if cases[i][1] else "refuted"
            verdicts["right" if report.verdict == gold else report.verdict] += 1
            parses.append((t1 - t0) * 1000.0)
            checks.append((t2 - t1) * 1000.0)
        all_parses += parses
        key = str(n_rows)
        out["check_p50_ms_by_rows"][key] = round(percentile(checks, 50), 3)
        # this size's checks over the parses of the same statements, timed alternately
        out["check_over_parse_by_rows"][key] = round(percentile(checks, 50)
                                                     / percentile(parses, 50), 3)
        out["check_p99_ms_by_rows"][key] = round(percentile(checks, 99), 3)
        out["parse_p50_ms_by_rows"][key] = round(percentile(parses, 50), 3)
        out["compile_s_by_rows"][key] = round(compile_s, 4)
        out["compile_mib_by_rows"][key] = round(peak / 2**20, 2)
        out["first_check_ms_by_rows"][key] = round(first_ms, 2)
        out["checks_by_rows"][key] = len(checks)
        out["verdicts_by_rows"][key] = dict(verdicts)
        # where the time goes: the statements of each kind (``catalog_statements``' order)
        by_kind: dict[str, list[float]] = {}
        for i, ms in enumerate(checks):
            by_kind.setdefault(STATEMENT_KINDS[i % len(STATEMENT_KINDS)], []).append(ms)
        out["check_p50_ms_by_kind"][key] = {k: round(percentile(v, 50), 3)
                                            for k, v in by_kind.items()}
        out["check_max_ms_by_kind"][key] = {k: round(max(v), 3) for k, v in by_kind.items()}
        say(f"{n_rows:>7} rows x {len(SIZE_COLUMNS)} columns: compile {compile_s:.3f} s,"
            f" {peak / 2**20:.1f} MiB peak; first check {first_ms:.1f} ms; {len(checks)}"
            f" checks: p50 {percentile(checks, 50):.2f} ms, p99 {percentile(checks, 99):.2f}"
            f" ms; parse p50 {percentile(parses, 50):.2f} ms; verdicts {dict(verdicts)}")
        del table
        forget_compiled(checker)
    out["parse_p50_ms"] = round(percentile(all_parses, 50), 3)
    return out


def sizes_main(args, say: Callable[[str], None]) -> int:
    t_start = time.monotonic()
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else [3, 8, 1000]
    nlp = load_nlp()
    for text in ("The Atlas 120 weighs 2.5 kg.", "Two of the products are waterproof."):
        nlp(text)
    say(f"catalog sizes {sizes}; load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    result = sizes_run(sizes, nlp, args.statements, args.seconds_per_size, say,
                       clock=time.thread_time if args.cpu_time else time.perf_counter,
                       warmup=args.warmup)
    p50, p99 = result["check_p50_ms_by_rows"], result["check_p99_ms_by_rows"]
    parse = result["parse_p50_ms"]
    result.update({
        "sizes": sizes, "statements": args.statements, "warmup": args.warmup,
        "clock": "thread CPU time" if args.cpu_time else "wall time",
        # the largest check p50 over the parse p50 of all sizes together (the figure of
        # sessions 8-9), and the largest of each size's own ratio
        "check_over_parse_max": round(max(p50.values()) / parse, 3),
        "check_over_parse_max_by_rows": max(result["check_over_parse_by_rows"].values()),
        "p99_over_p50_max": round(max(p99[k] / p50[k] for k in p50 if p50[k] > 0), 3),
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "seconds": round(time.monotonic() - t_start, 1)})
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>24}: {value}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small counts (under 60 s)")
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    ap.add_argument("--cases", type=Path, default=DATA / "cases.jsonl")
    ap.add_argument("--tables", type=Path, default=DATA / "tables.jsonl")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--sizes", nargs="?", const="", default=None,
                    help="catalog sizes mode, e.g. 3,8,50,1000,100000 (no service; with"
                         " --quick and no list: 3,8,1000)")
    ap.add_argument("--statements", type=int, default=60,
                    help="statements per catalog size (--sizes)")
    ap.add_argument("--warmup", type=int, default=20,
                    help="--sizes: untimed statements checked before the first size (on"
                         " another catalog of that size; 0: none)")
    ap.add_argument("--seconds-per-size", type=float, default=60.0,
                    help="time cap on the checks of one catalog size (--sizes)")
    ap.add_argument("--cpu-time", action="store_true",
                    help="--sizes: time compiles, parses and checks in this thread's CPU"
                         " time, not wall time (a machine whose cores others share)")
    args = ap.parse_args(argv)
    plan = Plan.quick() if args.quick else Plan.full()
    say: Callable[[str], None] = lambda msg: print(msg, file=sys.stderr if args.json else
                                                   sys.stdout, flush=True)
    if args.sizes is not None:
        if not args.sizes and not args.quick:
            args.sizes = "3,8,50,1000,100000"
        return sizes_main(args, say)

    t_start = time.monotonic()
    cases, tables = load_suite(args.cases, args.tables)
    if not cases:
        raise SystemExit(f"no usable cases in {args.cases}")
    nlp = load_nlp()
    for case in cases[:20]:
        nlp(case["text"])
    say(f"{len(cases)} cases, {len(tables)} tables; load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    # the library alone first: how far the parse is from the checked answer with no HTTP
    ip_parse, ip_check = in_process(cases, tables, nlp, plan.single, plan.phase_seconds * 2)
    ip_total = [p + c for p, c in zip(ip_parse, ip_check, strict=True)]
    say(f"in process, no HTTP ({len(ip_parse)}): parse p50 {percentile(ip_parse, 50):.2f} ms,"
        f" check after the parse p50 {percentile(ip_check, 50):.2f} ms, parse + check p50"
        f" {percentile(ip_total, 50):.2f} ms (ratio"
        f" {percentile(ip_total, 50) / percentile(ip_parse, 50):.3f})")

    out_dir = ROOT / "bench" / "out"
    out_dir.mkdir(parents=True, exist_ok=True)
    log_path = out_dir / "latency-gunicorn.log"
    log_path.write_bytes(b"")
    runs: dict[int, dict] = {}
    with tempfile.TemporaryDirectory(prefix="depcheck-bench-") as data_dir:
        for k, workers in enumerate(args.workers):
            left = plan.total_seconds - (time.monotonic() - t_start)
            budget = left / (len(args.workers) - k)
            runs[workers] = measure(workers, Path(data_dir), cases, tables, plan, nlp, budget,
                                    log_path, say)

    one = runs.get(1) or runs[min(runs)]
    two = runs.get(2) or runs[max(runs)]
    summary = {
        "p50_ms": round(one["single_p50_ms"], 3), "p95_ms": round(one["single_p95_ms"], 3),
        "p99_ms": round(one["single_p99_ms"], 3), "parse_p50_ms": round(one["parse_p50_ms"], 3),
        "overhead_ratio": round(one["single_p50_ms"] / one["parse_p50_ms"], 3),
        "checker_p50_ms": round(one["checker_p50_ms"], 3),
        "outside_checker_p50_ms": round(one["single_p50_ms"] - one["checker_p50_ms"], 3),
        "healthz_p50_ms": round(one["healthz_p50_ms"], 3),
        "inproc_parse_p50_ms": round(percentile(ip_parse, 50), 3),
        "inproc_check_p50_ms": round(percentile(ip_check, 50), 3),
        "inproc_ratio": round(percentile(ip_total, 50) / percentile(ip_parse, 50), 3),
        "throughput_1w": round(one["conc_rps"], 1), "throughput_2w": round(two["conc_rps"], 1),
        "batch_throughput_1w": round(one["batch_items_per_s"], 1),
        "batch_throughput_2w": round(two["batch_items_per_s"], 1),
        "batch_p50_ms_2w": round(two["batch_p50_ms"], 2),
        "requests": sum(r["single_n"] + r["conc_n"] + r["batch_n"] for r in runs.values()),
        "failures": sum(r["failures"] for r in runs.values()),
        "n_cases": len(cases), "quick": args.quick,
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "seconds": round(time.monotonic() - t_start, 1),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key:>22}: {value}")
    return 0 if summary["failures"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())

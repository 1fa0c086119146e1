"""The service under real gunicorn on an ephemeral loopback port (issue 3).

Two sync workers serve a temporary data directory and a temporary copy of ``rules/``.
To make a given worker answer, a connection is opened and left silent: the sync worker
that accepted it is blocked reading it, so every other request goes to the other worker,
and the request finally sent on the held connection is answered by the blocked one.
That proves, without guessing, that a table uploaded through one worker is served by the
other, and that a rule change reloaded through one worker reaches the other by polling.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from service.server import gunicorn_command, gunicorn_env

from .support import BROKEN_RULE, GOOD_RULE, PROBLEM_RE, stop_server, wait_until_ready

HOST = "127.0.0.1"
REPO_RULES = Path(__file__).resolve().parent.parent / "rules"
API_KEY = "gunicorn-test-key-0123456789"
AUTH = f"Authorization: Bearer {API_KEY}\r\n"
SHOP = {"caption": "Blenders", "columns": ["product", "price", "power"],
        "rows": [["Alpha", "$49", "550W"], ["Beta", "$79", "900W"]]}


def _encode(port: int, method: str, path: str, body: bytes | dict | None,
            content_type: str, key: bool = True) -> bytes:
    if isinstance(body, dict):
        body = json.dumps(body).encode()
    body = body or b""
    head = (f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
            f"{AUTH if key else ''}"
            f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n")
    return head.encode() + body


def _read(sock: socket.socket) -> tuple[int, bytes]:
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    head, _, payload = b"".join(chunks).partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), payload


def call(port: int, method: str, path: str, body: bytes | dict | None = None,
         content_type: str = "application/json", key: bool = True) -> tuple[int, bytes]:
    """One request on a fresh connection (sync workers close each one), with the API key
    unless ``key`` is false."""
    with socket.create_connection((HOST, port), timeout=60) as sock:
        sock.sendall(_encode(port, method, path, body, content_type, key))
        return _read(sock)


class Held:
    """A connection accepted by one worker and left silent: that worker waits on it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.sock = socket.create_connection((HOST, port), timeout=60)
        time.sleep(0.5)  # let a worker accept it and block reading

    def send(self, method: str, path: str, body: bytes | dict | None = None,
             content_type: str = "application/json") -> tuple[int, bytes]:
        self.sock.sendall(_encode(self.port, method, path, body, content_type))
        return _read(self.sock)

    def __enter__(self) -> Held:
        return self

    def __exit__(self, *exc: object) -> None:
        self.sock.close()


@dataclass
class Server:
    port: int
    rules_dir: Path
    data_dir: Path
    log_path: Path
    proc: subprocess.Popen


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    root = tmp_path_factory.mktemp("gunicorn")
    rules_dir = root / "rules"
    shutil.copytree(REPO_RULES, rules_dir)
    data_dir = root / "tables"
    log_path = root / "gunicorn.log"
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port = probe.getsockname()[1]
    env = gunicorn_env(data_dir, rules_dir, base=dict(os.environ), rules_poll_seconds=0.2,
                       demo_catalog=root / "no-demo.json", max_body_bytes=64 * 1024,
                       api_keys=API_KEY)
    with log_path.open("wb") as log:
        proc = subprocess.Popen(gunicorn_command(HOST, port, 2), env=env, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
    srv = Server(port, rules_dir, data_dir, log_path, proc)
    try:
        wait_until_ready(proc, log_path, lambda: call(port, "GET", "/readyz")[0] == 200)
        yield srv
    finally:
        stop_server(proc)


def test_check_over_http(server: Server) -> None:
    status, body = call(server.port, "POST", "/v1/check",
                        {"text": "Alpha costs $49 and Beta costs $79.", "table": SHOP})
    assert status == 200
    report = json.loads(body)
    assert report["verdict"] == "supported"  # both prices are the table's
    assert report["rules_version"] and report["table_id"] == "inline"


def test_bad_input_over_http_is_json(server: Server) -> None:
    status, body = call(server.port, "POST", "/v1/check", b"{not json")
    assert status == 400 and json.loads(body)["error"]["code"] == "E701"
    big = json.dumps({"text": "x" * (100 * 1024)}).encode()
    status, body = call(server.port, "POST", "/v1/check", big)
    assert status == 413 and json.loads(body)["error"]["code"] == "E706"
    status, body = call(server.port, "POST", "/v1/check", {
        "text": "Alpha costs $49.", "table": SHOP, "options": {"time_budget_ms": 0.001}})
    assert status == 503 and json.loads(body)["error"]["code"] == "E601"
    status, body = call(server.port, "POST", "/v1/check", {"text": "Alpha costs $49.",
                                                           "table": SHOP})
    assert status == 200  # the worker survived its aborted check


def _adversarial_text(seed: int) -> str:
    """About 5,000 characters of numbers, repeated names, aggregate words and emoji."""
    parts, k = [], seed
    while sum(map(len, parts)) < 4900:
        parts.append(f"Alpha \U0001F600 costs ${k} and {k % 7} of the {k % 9 + 2} Betas "
                     f"average {k}.{k % 10}W, ")
        k += 1
    return "".join(parts)[:4990]


def test_long_adversarial_texts_with_a_denormal_budget_answer_json(server: Server) -> None:
    items = [{"text": _adversarial_text(s), "table": SHOP} for s in range(4)]
    status, body = call(server.port, "POST", "/v1/check/batch",
                        {"items": items, "options": {"time_budget_ms": 5e-324}})
    assert status == 503  # the 1 ms floor: the budget cannot be switched off
    assert json.loads(body)["error"]["code"] == "E601"
    status, body = call(server.port, "POST", "/v1/check", {"text": items[0]["text"],
                                                           "table": SHOP})
    answer = json.loads(body)  # within the server's budget, or a JSON 503: never a timeout
    assert (status, answer.get("table_id")) == (200, "inline") or (
        status == 503 and answer["error"]["code"] == "E601"), body


def test_errors_gunicorn_answers_itself_are_json(server: Server) -> None:
    with socket.create_connection((HOST, server.port), timeout=60) as sock:
        sock.sendall(f"GET /v1/{'x' * 9000} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    head, _, payload = b"".join(chunks).partition(b"\r\n\r\n")
    assert head.split(b" ", 2)[1] == b"414"
    assert b"Content-Type: application/json" in head and b"nosniff" in head
    assert json.loads(payload)["error"]["code"] == "E714"


def test_writes_need_the_api_key_and_reads_do_not(server: Server) -> None:
    port = server.port
    status, body = call(port, "PUT", "/v1/tables/keyed", SHOP, key=False)
    assert status == 401 and json.loads(body)["error"]["code"] == "E711"
    assert not (server.data_dir / "keyed.json").exists()
    assert call(port, "POST", "/v1/rules/reload", {}, key=False)[0] == 401
    assert call(port, "PUT", "/v1/tables/keyed", SHOP)[0] == 201
    assert call(port, "GET", "/v1/tables/keyed", key=False)[0] == 200
    status, body = call(port, "POST", "/v1/check", {"text": "Beta costs $79.",
                                                    "table_id": "keyed"}, key=False)
    assert status == 200 and json.loads(body)["verdict"] == "supported"
    assert call(port, "DELETE", "/v1/tables/keyed", key=False)[0] == 401
    assert call(port, "DELETE", "/v1/tables/keyed")[0] == 204


def test_table_uploaded_through_one_worker_is_served_by_the_other(server: Server) -> None:
    port = server.port
    csv_v1 = b"product,price\nAlpha,$49\nBeta,$79\n"
    assert call(port, "PUT", "/v1/tables/shop", csv_v1, "text/csv")[0] == 201

    with Held(port) as held:  # worker A waits on this connection
        other_pid = json.loads(call(port, "GET", "/healthz")[1])["pid"]  # answered by B
        status, body = call(port, "GET", "/v1/tables/shop")  # worker B caches v1
        assert status == 200 and json.loads(body)["rows"][0] == ["Alpha", "$49"]
        status, body = held.send("GET", "/healthz")
        assert json.loads(body)["pid"] != other_pid  # the held connection reached A

    with Held(port) as held:  # one worker waits; the other takes the replacement
        csv_v2 = b"product,price\nAlpha,$59\n"
        assert call(port, "PUT", "/v1/tables/shop", csv_v2, "text/csv")[0] == 200
        status, body = held.send("GET", "/v1/tables/shop")
        assert status == 200 and json.loads(body)["rows"] == [["Alpha", "$59"]]

    claim = {"text": "Alpha costs $59.", "table_id": "shop"}
    with Held(port) as held:
        status, body = call(port, "POST", "/v1/check", claim)
        assert status == 200 and json.loads(body)["table_id"] == "shop"
        status, body = held.send("POST", "/v1/check", claim)
        assert status == 200 and json.loads(body)["table_id"] == "shop"
    assert (server.data_dir / "shop.json").is_file()


@pytest.mark.skipif(not Path("/proc/self/smaps").exists(), reason="reads /proc")
def test_every_worker_holds_the_vectors_resident(server: Server) -> None:
    """Each worker maps the GloVe matrix into its own page tables after the fork
    (gunicorn's post_fork), not page by page inside its first checks."""
    from depcheck.vectors import load_vectors

    from .test_vectors_resident import mapped_kib, matrix_file

    path = matrix_file(load_vectors())
    children = Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children")
    workers = children.read_text().split()
    assert len(workers) == 2
    for pid in workers:
        size, rss = mapped_kib(pid, path)
        assert size > 70_000 and rss >= 0.95 * size, (pid, size, rss)


def _chunked_put(port: int, path: str, body: bytes, chunk: int = 4096) -> tuple[int, bytes]:
    head = (f"PUT {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n{AUTH}"
            "Content-Type: text/csv\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
    parts = [body[i:i + chunk] for i in range(0, len(body), chunk)]
    encoded = b"".join(f"{len(p):x}\r\n".encode() + p + b"\r\n" for p in parts) + b"0\r\n\r\n"
    with socket.create_connection((HOST, port), timeout=60) as sock:
        sock.sendall(head)
        try:
            sock.sendall(encoded)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may answer 413 and close before reading it all
        return _read(sock)


def test_chunked_bodies_are_read_whole_or_refused(server: Server) -> None:
    rows = "".join(f"Item{k},${k}\n" for k in range(9000)).encode()  # ~100 KiB > 64 KiB
    status, body = _chunked_put(server.port, "/v1/tables/chunky", b"name,price\n" + rows)
    assert status == 413 and json.loads(body)["error"]["code"] == "E706"
    assert not (server.data_dir / "chunky.json").exists()
    small = b"name,price\n" + "".join(f"Item{k},${k}\n" for k in range(300)).encode()
    status, body = _chunked_put(server.port, "/v1/tables/chunky", small, chunk=512)
    assert status == 201 and json.loads(body)["n_rows"] == 300
    assert call(server.port, "DELETE", "/v1/tables/chunky")[0] == 204


def test_concurrent_puts_of_one_id_leave_every_worker_serving_the_stored_table(
        server: Server) -> None:
    from concurrent.futures import ThreadPoolExecutor

    port = server.port
    bodies = [{"columns": ["name", "price"], "rows": [[f"Writer{w}", f"${w}"]]}
              for w in range(4)]
    with ThreadPoolExecutor(4) as pool:
        for _ in range(6):
            statuses = list(pool.map(lambda b: call(port, "PUT", "/v1/tables/race", b)[0],
                                     bodies))
            assert set(statuses) <= {200, 201}
            on_disk = json.loads((server.data_dir / "race.json").read_text())["rows"]
            with Held(port) as held:  # one worker waits; the other answers `call`
                status, body = call(port, "GET", "/v1/tables/race")
                assert status == 200 and json.loads(body)["rows"] == on_disk
                status, body = held.send("GET", "/v1/tables/race")
                assert status == 200 and json.loads(body)["rows"] == on_disk
    assert call(port, "DELETE", "/v1/tables/race")[0] == 204


def test_inline_tables_of_one_client_leave_catalog_verdicts_alone(server: Server) -> None:
    port = server.port
    assert call(port, "PUT", "/v1/tables/mixers", SHOP)[0] in (200, 201)
    claims = [{"text": "Beta costs $79.", "table_id": "mixers"},
              {"text": "Alpha is a teal blender.", "table_id": "mixers"}]

    def reports() -> list[dict]:
        out = []
        with Held(port) as held:  # one answer from each worker
            answers = [call(port, "POST", "/v1/check", claim) for claim in claims]
            answers.append(held.send("POST", "/v1/check", claims[0]))
            for status, body in answers:
                assert status == 200
                out.append({k: v for k, v in json.loads(body).items() if k != "timing_ms"})
        return out

    before = reports()
    assert before[0]["verdict"] == "supported" and before[-1] == before[0]  # both workers
    for k in range(20):
        table = {"columns": ["product", "color", "price"],
                 "rows": [[f"Gizmo{k}", ["teal", "crimson"][k % 2], f"${k}"],
                          [f"Widget{k}", "ochre", "$3"]]}
        assert call(port, "POST", "/v1/check", {"text": "Gizmo1 is teal.", "table": table})[0] \
            == 200
    assert reports() == before
    assert call(port, "DELETE", "/v1/tables/mixers")[0] == 204


def test_rule_reload_broken_then_good_reaches_every_worker(server: Server) -> None:
    port = server.port
    original = json.loads(call(port, "GET", "/v1/rules")[1])["version"]
    extra = server.rules_dir / "zz-test.yaml"
    extra.write_text(BROKEN_RULE)

    status, body = call(port, "POST", "/v1/rules/reload")
    assert status == 422
    error = json.loads(body)["error"]
    assert error["code"] == "E400"
    assert any(PROBLEM_RE.search(p) for p in error["problems"]), error["problems"]
    time.sleep(0.5)  # past the poll interval: every worker has looked and kept its rules
    for _ in range(4):
        status, body = call(port, "POST", "/v1/check", {"text": "Alpha costs $49.",
                                                        "table": SHOP})
        assert status == 200 and json.loads(body)["rules_version"] == original

    extra.write_text(GOOD_RULE)
    with Held(port) as held:  # this worker never sees the reload request: it must poll
        status, body = call(port, "POST", "/v1/rules/reload")
        assert status == 200
        new = json.loads(body)
        assert new["changed"] is True and new["version"] != original
        time.sleep(0.5)
        status, body = held.send("POST", "/v1/check", {"text": "Alpha costs $49.",
                                                       "table": SHOP})
        assert status == 200 and json.loads(body)["rules_version"] == new["version"]
    ids = {r["id"] for r in json.loads(call(port, "GET", "/v1/rules")[1])["rules"]}
    assert "extra-have-object" in ids
    assert PROBLEM_RE.search(server.log_path.read_text())  # the log names file:line: rule id


def test_a_rule_file_emptied_under_the_server_is_refused_by_every_worker(
        server: Server) -> None:
    port = server.port
    version = json.loads(call(port, "GET", "/v1/rules")[1])["version"]
    claim = {"text": "Alpha costs more than Beta.", "table": SHOP}
    target = server.rules_dir / "comparisons.yaml"
    saved = target.read_text()
    try:
        target.write_text("")
        time.sleep(0.5)  # past the poll interval
        with Held(port) as held:
            for send in (lambda *a: call(port, *a), held.send):
                status, body = send("POST", "/v1/check", claim)
                assert status == 200
                report = json.loads(body)
                assert (report["verdict"], report["rules_version"]) == ("refuted", version)
            status, body = call(port, "GET", "/readyz")
            assert status == 503 and json.loads(body)["checks"]["rule_files"] is False
    finally:
        target.write_text(saved)
    time.sleep(0.5)
    with Held(port) as held:
        assert call(port, "GET", "/readyz")[0] == 200
        assert held.send("GET", "/readyz")[0] == 200


def test_metrics_sum_both_workers(server: Server) -> None:
    port = server.port
    sent = 0
    with Held(port) as held:
        for _ in range(3):
            assert call(port, "GET", "/v1/tables")[0] == 200
            sent += 1
        assert held.send("GET", "/v1/tables")[0] == 200
        sent += 1
    time.sleep(1.5)  # workers flush their snapshots once a second
    status, body = call(port, "GET", "/metrics")
    assert status == 200
    text = body.decode()
    match = re.search(r'^depcheck_http_requests_total\{endpoint="/v1/tables",method="GET",'
                      r'status="200"\} (\d+)$', text, re.M)
    assert match and int(match.group(1)) >= sent
    versions = re.findall(r'^depcheck_rules_version_info\{version="(\w+)"\} (\d+)$', text, re.M)
    assert sum(int(n) for _, n in versions) == 2  # two live workers


def _no_server_error(ctx, response, case) -> None:
    """No 5xx, except the documented JSON 503 of a check past its time budget."""
    if response.status_code < 500:
        return
    headers = {k.lower() for k in response.headers}
    budget = response.status_code == 503 and "retry-after" in headers and \
        response.json().get("error", {}).get("code") == "E601"
    if not budget:
        raise AssertionError(f"{case.method} {case.path}: {response.status_code} "
                             f"{response.text[:300]}")


def _schema_checks() -> list:
    from schemathesis.specs.openapi.checks import (
        content_type_conformance,
        response_schema_conformance,
        status_code_conformance,
    )

    return [_no_server_error, status_code_conformance, content_type_conformance,
            response_schema_conformance]


def test_the_api_keeps_its_schema_under_generated_requests(server: Server) -> None:
    """A bounded schemathesis run over /openapi.json: 30 derandomized examples per
    operation; any 500 or any response outside the spec fails the test."""
    schemathesis = pytest.importorskip("schemathesis")
    from hypothesis import HealthCheck, given, settings

    schema = schemathesis.openapi.from_url(f"http://{HOST}:{server.port}/openapi.json")
    checks = _schema_checks()
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == 11  # every documented operation is exercised

    for operation in operations:
        @given(case=operation.as_strategy())
        @settings(max_examples=30, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        def run(case) -> None:
            case.call_and_validate(headers={"Authorization": f"Bearer {API_KEY}"},
                                   checks=checks, timeout=30)

        run()


def test_graceful_stop_keeps_tables(server: Server) -> None:
    assert call(server.port, "PUT", "/v1/tables/kept", SHOP)[0] == 201
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(timeout=30) == 0
    stored = json.loads((server.data_dir / "kept.json").read_text())
    assert stored["rows"] == SHOP["rows"]

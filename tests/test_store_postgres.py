"""Catalogs in PostgreSQL (issue 15), against a real throwaway server (tests/pg.py).

The tables are this file's own: a shop of two blenders whose prices the statements quote.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from depcheck.errors import UnknownTable
from depcheck.store import StorageFull, open_store
from depcheck.table import Table
from service.app import create_app
from service.server import gunicorn_command, gunicorn_env

from .pg import free_port
from .support import stop_server, wait_until_ready
from .test_service_gunicorn import HOST, call

REPO = Path(__file__).resolve().parent.parent
SHOP = {"caption": "Blenders", "columns": ["product", "price", "power"],
        "rows": [["Alpha", "$49", "550W"], ["Beta", "$79", "900W"]]}
SHOP_V2 = {"caption": "Blenders", "columns": ["product", "price", "power"],
           "rows": [["Alpha", "$59", "550W"], ["Beta", "$79", "900W"]]}


def _table(obj: dict, table_id: str = "shop") -> Table:
    return Table.from_dict({**obj, "id": table_id})


def _seen_within(read, expected, seconds: float = 1.0) -> bool:
    """Whether ``read()`` returns ``expected`` before ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    while True:
        if read() == expected:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)


def test_store_versions_each_write_and_replicas_drop_what_changed(pg_url: str) -> None:
    a, b = open_store(pg_url), open_store(pg_url)
    try:
        assert a.wait_listening() and b.wait_listening()
        stored, created, v1 = a.put("shop", _table(SHOP))
        assert created and stored.id == "shop"
        assert b.get_versioned("shop") == (stored, v1)
        # b caches v1 once a's notification of that write has come (a read racing a
        # notification is not cached)
        assert _seen_within(lambda: (b.get("shop"), "shop" in b.cached_ids())[1], True)
        _, created, v2 = a.put("shop", _table(SHOP_V2))
        assert not created and v2 != v1
        assert _seen_within(lambda: b.get_versioned("shop")[1], v2)
        assert b.get("shop").rows[0] == ("Alpha", "$59", "550W")  # wholly the new version
        a.delete("shop")
        assert b.ids() == []  # the database says so at once

        def b_has_shop() -> bool:
            try:
                return b.get("shop") is not None
            except UnknownTable:
                return False

        assert _seen_within(b_has_shop, False)  # and b's cache follows within a second
        _, _, v3 = a.put("shop", _table(SHOP))  # stored again: a version never used before
        assert v3 not in (v1, v2)
    finally:
        a.close()
        b.close()


def test_store_caps_refuse_a_write_whole(pg_url: str) -> None:
    store = open_store(pg_url, max_tables=1, listen=False)
    try:
        store.put("one", _table(SHOP, "one"))
        with pytest.raises(StorageFull):
            store.put("two", _table(SHOP, "two"))
        assert store.ids() == ["one"]
        store.put("one", _table(SHOP_V2, "one"))  # a replacement frees what it replaces
        assert store.get("one").rows[0][1] == "$59"
    finally:
        store.close()


def test_crud_and_checks_through_the_service_on_postgres(pg_url: str, core_checker,
                                                         tmp_path: Path) -> None:
    app = create_app({"CHECKER": core_checker, "STORE": pg_url, "WARMUP": False,
                      "DEMO_CATALOG": tmp_path / "absent.json", "RULES_POLL_SECONDS": 0})
    client = app.test_client()
    try:
        put = client.put("/v1/tables/shop", json=SHOP)
        assert put.status_code == 201
        etag = put.headers["ETag"]
        got = client.get("/v1/tables/shop")
        assert got.status_code == 200 and got.headers["ETag"] == etag
        assert got.get_json()["rows"][0] == ["Alpha", "$49", "550W"]
        listed = client.get("/v1/tables").get_json()["tables"]
        assert [(t["id"], t["source"]) for t in listed] == [("shop", "postgres")]
        check = client.post("/v1/check", json={"text": "Alpha costs $49.", "table_id": "shop"})
        assert check.get_json()["verdict"] == "supported"
        replaced = client.put("/v1/tables/shop", json=SHOP_V2)
        assert replaced.status_code == 200 and replaced.headers["ETag"] != etag
        check = client.post("/v1/check", json={"text": "Alpha costs $49.", "table_id": "shop"})
        assert check.get_json()["verdict"] == "refuted"  # Alpha is $59 now
        assert client.delete("/v1/tables/shop").status_code == 204
        missing = client.get("/v1/tables/shop")
        assert missing.status_code == 404 and missing.get_json()["error"]["code"] == "E201"
    finally:
        app.extensions["depcheck"].catalog.close()


def _start(root: Path, name: str, store: str) -> tuple[int, subprocess.Popen, Path]:
    port = free_port()
    log_path = root / f"{name}.log"
    env = gunicorn_env(root / name, root / "rules", base=dict(os.environ), store=store,
                       demo_catalog=root / "no-demo.json", rules_poll_seconds=0,
                       workers=1)
    with log_path.open("wb") as log:
        proc = subprocess.Popen(gunicorn_command(HOST, port, 1), env=env, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
    return port, proc, log_path


def test_two_replicas_on_one_store_agree_within_a_second(pg_url: str, tmp_path: Path) -> None:
    shutil.copytree(REPO / "rules", tmp_path / "rules")
    a_port, a, a_log = _start(tmp_path, "a", pg_url)
    b_port, b, b_log = _start(tmp_path, "b", pg_url)
    try:
        wait_until_ready(a, a_log, lambda: call(a_port, "GET", "/readyz")[0] == 200)
        wait_until_ready(b, b_log, lambda: call(b_port, "GET", "/readyz")[0] == 200)
        claim = {"text": "Alpha costs $49.", "table_id": "shop"}

        def verdict_on_b() -> str | None:
            status, body = call(b_port, "POST", "/v1/check", claim)
            return json.loads(body)["verdict"] if status == 200 else None

        assert call(a_port, "PUT", "/v1/tables/shop", SHOP)[0] == 201
        assert _seen_within(verdict_on_b, "supported")  # b has read (and cached) v1
        assert call(a_port, "PUT", "/v1/tables/shop", SHOP_V2)[0] == 200
        assert _seen_within(verdict_on_b, "refuted")  # b checks against v2 within 1 s
        status, body = call(b_port, "GET", "/v1/tables/shop")
        assert status == 200 and json.loads(body)["rows"][0][1] == "$59"
        assert call(b_port, "DELETE", "/v1/tables/shop")[0] == 204
        assert _seen_within(lambda: call(a_port, "GET", "/v1/tables/shop")[0], 404)
    finally:
        stop_server(a)
        stop_server(b)


def test_batch_reads_its_catalog_from_the_store(pg_url: str, tmp_path: Path) -> None:
    from depcheck.cli import main

    store = open_store(pg_url, listen=False)
    store.put("shop", _table(SHOP))
    store.close()
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in [
        {"id": "s1", "text": "Beta costs $79.", "table_id": "shop"},
        {"id": "s2", "text": "Beta costs $49.", "table_id": "shop"},
        {"id": "s3", "text": "Beta costs $79.", "table_id": "kitchen"},
    ]) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--store", pg_url,
                                       "--workers", "1", "--rules", str(REPO / "rules")])
    assert result.exit_code == 0, result.output
    got = {r["id"]: r.get("verdict") or r["error"]["code"]
           for r in map(json.loads, out.read_text().splitlines())}
    assert got == {"s1": "supported", "s2": "refuted", "s3": "E201"}
    assert "3 records" in result.output


def test_an_unreachable_store_is_one_clear_error() -> None:
    from depcheck.store import StoreUnavailable

    from .pg import free_port

    url = f"postgresql://depcheck:secret@127.0.0.1:{free_port()}/nowhere"  # nothing listens
    with pytest.raises(StoreUnavailable) as caught:
        open_store(url, listen=False)
    message = caught.value.message
    assert caught.value.http_status == 503 and "unreachable" in message
    assert "secret" not in message and "\n" not in message  # no password, one line


def test_a_reader_sees_one_whole_version_while_two_writers_race(pg_url: str) -> None:
    """Two writers store different bodies under one id over and over; every read, through
    a third store, is one of the two bodies whole (never a mix of rows)."""
    import threading

    bodies = [_table({"columns": ["product", "price"],
                      "rows": [[f"P{i}", f"${k}{i}"] for i in range(40)]}) for k in (1, 2)]
    wanted = {b.rows for b in bodies}
    writers = [open_store(pg_url, listen=False) for _ in bodies]
    reader = open_store(pg_url)
    writers[0].put("shop", bodies[0])
    stop = threading.Event()

    def write(store, body) -> None:
        while not stop.is_set():
            store.put("shop", body)

    threads = [threading.Thread(target=write, args=(s, b)) for s, b in zip(writers, bodies,
                                                                           strict=True)]
    for t in threads:
        t.start()
    try:
        seen = [reader.get("shop").rows for _ in range(200)]
    finally:
        stop.set()
        for t in threads:
            t.join()
        for store in (*writers, reader):
            store.close()
    assert set(seen) <= wanted and len(seen) == 200


def test_a_child_forked_while_a_thread_holds_the_lock_can_still_write(pg_url: str) -> None:
    """gunicorn forks its workers from a master whose change listener takes the store's
    lock as it connects: a child forked at that moment must not inherit a held lock (its
    first PUT hung until the worker timeout, then answered 500)."""
    import signal
    import threading

    store = open_store(pg_url)
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with store._lock:  # (what the listener thread does at its connect)
            held.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(5)
        pid = os.fork()
        if pid == 0:  # the child: a write must not wait on the parent's thread
            signal.alarm(10)
            try:
                store.put("forked", _table(SHOP, "forked"))
                os._exit(0)
            except BaseException:
                os._exit(1)
        release.set()
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
        assert store.get("forked").rows == _table(SHOP, "forked").rows
    finally:
        release.set()
        holder.join()
        store.close()

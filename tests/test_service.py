"""The HTTP service through Flask's test client: every endpoint and every error path (issue 3).

One app (and so one real :class:`Checker`) is built per session over a temporary copy of
``rules/`` and a temporary data directory, with small limits so limit tests stay cheap.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import signal
from pathlib import Path

import orjson
import pytest

from depcheck.checker import Checker
from depcheck.config import Config
from depcheck.table import Table
from service import create_app
from service.catalogs import Catalog, InvalidTableId, validate_id
from service.metrics import BUCKETS, Metrics, render
from service.rules_watch import RulesWatcher, rules_signature
from service.server import bind_address, gunicorn_command, gunicorn_env

from .support import BROKEN_RULE, GOOD_RULE, PROBLEM_RE

REPO_RULES = Path(__file__).resolve().parent.parent / "rules"

DEMO = {"id": "demo", "caption": "Laptops",
        "columns": ["product", "brand", "price", "weight", "color"],
        "rows": [["Product 1", "Lenovo", "$899.99", "3.9 lbs", "silver"],
                 ["Product 2", "Acer", "$649.00", "5.5 lbs", "black"],
                 ["Product 3", "Dell", "$1,099.00", "2.6 lbs", "blue"]]}
SHOP = {"caption": "Blenders", "columns": ["product", "price", "power"],
        "rows": [["Alpha", "$49", "550W"], ["Beta", "$79", "900W"]]}

LIMITS = {"MAX_BODY_BYTES": 64 * 1024, "MAX_TEXT_CHARS": 400, "MAX_BATCH_ITEMS": 4,
          "MAX_TABLE_CELLS": 40, "RULES_POLL_SECONDS": 0}



@pytest.fixture(scope="session")
def rules_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rules") / "rules"
    shutil.copytree(REPO_RULES, path)
    return path


@pytest.fixture(scope="session")
def checker(rules_dir: Path) -> Checker:
    return Checker(Config(rules_dir=rules_dir))


@pytest.fixture(scope="session")
def demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo") / "demo_catalog.json"
    path.write_text(json.dumps(DEMO))
    return path


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("tables")


@pytest.fixture(scope="session")
def app(checker: Checker, demo_file: Path, data_dir: Path):
    return create_app({"CHECKER": checker, "DATA_DIR": data_dir, "DEMO_CATALOG": demo_file,
                       **LIMITS})


@pytest.fixture
def client(app):
    return app.test_client()


def error_of(response) -> dict:
    """The error object of a JSON error response (asserting the envelope)."""
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"error"}
    assert isinstance(body["error"]["code"], str) and body["error"]["code"].startswith("E")
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert "Traceback" not in response.get_data(as_text=True)
    return body["error"]


# -- operations -------------------------------------------------------------------------


def test_healthz(client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "pid": os.getpid()}


def test_server_timing_header(client) -> None:
    response = client.post("/v1/check", json={"text": "Product 3 is blue.", "table_id": "demo"})
    match = re.fullmatch(r"app;dur=(\d+\.\d{3})", response.headers["Server-Timing"])
    assert match and float(match.group(1)) >= response.get_json()["timing_ms"]


def test_readyz_reports_model_vectors_and_rules(client, checker: Checker) -> None:
    response = client.get("/readyz")
    assert response.status_code == 200
    body = response.get_json()
    assert body["checks"] == {"model": True, "vectors": True, "rules": True}
    assert body["rules_version"] == checker.rules.version


def test_openapi_documents_every_route(app, client) -> None:
    response = client.get("/openapi.json")
    assert response.status_code == 200
    spec = orjson.loads(response.data)
    assert spec["openapi"].startswith("3.")
    documented = {(path, method) for path, ops in spec["paths"].items() for method in ops
                  if method in {"get", "put", "post", "delete"}}
    api_rules = [r for r in app.url_map.iter_rules()
                 if r.rule.startswith("/v1/") or r.endpoint.startswith("ops.")]
    assert len(api_rules) >= 10
    for rule in api_rules:  # the JSON API; the web page's HTML and assets are not in it
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (path, method.lower()) in documented, f"{method} {path} not in openapi.json"


# -- checking ---------------------------------------------------------------------------


def test_check_inline_table_matches_the_library(client, checker: Checker) -> None:
    text = "Alpha is cheaper than Beta and it has a 550W motor."
    response = client.post("/v1/check", json={"text": text, "table": SHOP})
    assert response.status_code == 200
    body = response.get_json()
    direct = checker.check(text, Table.from_dict(SHOP, default_id="inline"))
    assert body["verdict"] == direct.verdict
    assert [h["rule"] for h in body["hypotheses"]] == [h.rule for h in direct.hypotheses]
    assert body["rules_version"] == checker.rules.version
    assert body["table_id"] == "inline"
    assert body["text"] == text


def test_check_against_the_embedded_demo(client, checker: Checker) -> None:
    response = client.post("/v1/check", json={"text": "Product 2 weighs 5.5 lbs.",
                                              "table_id": "demo"})
    assert response.status_code == 200
    body = response.get_json()
    assert body["table_id"] == "demo"
    assert body["rules_version"] == checker.rules.version
    assert body["verdict"] in {"supported", "refuted", "unverifiable"}


def test_check_document_option(client) -> None:
    text = "# Laptops\n\nThe shop lists three laptops. Product 2 weighs 5.5 lbs."
    response = client.post("/v1/check", json={"text": text, "table_id": "demo",
                                              "options": {"document": True}})
    assert response.status_code == 200
    body = response.get_json()
    assert any(c["text"].lower() == "three" for c in body["details"]["claims"])
    assert any(h["kind"] == "aggregate" for h in body["hypotheses"])
    bad = client.post("/v1/check", json={"text": text, "table_id": "demo",
                                         "options": {"document": "yes"}})
    assert bad.status_code == 422
    assert bad.get_json()["error"]["field"] == "options.document"


def test_check_verdict_only(client) -> None:
    response = client.post("/v1/check", json={"text": "Product 3 is blue.", "table_id": "demo",
                                              "options": {"verdict_only": True}})
    assert response.status_code == 200
    assert set(response.get_json()) == {"verdict", "text", "table_id", "rules_version",
                                        "timing_ms"}


TEXT = "Alpha costs $49."
CHECK_ERRORS = [
    ("malformed json", {"data": "{bad", "content_type": "application/json"}, 400, "E701"),
    ("empty body", {"data": "", "content_type": "application/json"}, 400, "E701"),
    ("wrong content type", {"data": TEXT, "content_type": "text/plain"}, 415, "E702"),
    ("no content type", {"data": "{}"}, 415, "E702"),
    ("body is a list", {"json": [TEXT]}, 422, "E703"),
    ("unknown field", {"json": {"text": TEXT, "table": SHOP, "tabel": 1}}, 422, "E703"),
    ("missing text", {"json": {"table": SHOP}}, 422, "E703"),
    ("text not a string", {"json": {"text": 7, "table": SHOP}}, 422, "E703"),
    ("empty text", {"json": {"text": "  ", "table": SHOP}}, 422, "E100"),
    ("text too long", {"json": {"text": "a " * 300, "table": SHOP}}, 413, "E101"),
    ("table and table_id", {"json": {"text": TEXT, "table": SHOP, "table_id": "demo"}}, 422,
     "E703"),
    ("table_id not a string", {"json": {"text": TEXT, "table_id": 3}}, 422, "E703"),
    ("unknown table", {"json": {"text": TEXT, "table_id": "no-such-table"}}, 404, "E201"),
    ("table id escapes", {"json": {"text": TEXT, "table_id": "../../etc/passwd"}}, 422, "E202"),
    ("table not an object", {"json": {"text": TEXT, "table": [1, 2]}}, 422, "E200"),
    ("ragged table", {"json": {"text": TEXT, "table": {"columns": ["a", "b"], "rows": [["1"]]}}},
     422, "E200"),
    ("too many cells", {"json": {"text": TEXT, "table": {"columns": ["a", "b"],
                                                         "rows": [["1", "2"]] * 21}}}, 413, "E600"),
    ("options not an object", {"json": {"text": TEXT, "table": SHOP, "options": 1}}, 422, "E703"),
    ("unknown option", {"json": {"text": TEXT, "table": SHOP, "options": {"fast": True}}}, 422,
     "E703"),
    ("verdict_only not bool", {"json": {"text": TEXT, "table": SHOP,
                                        "options": {"verdict_only": "yes"}}}, 422, "E703"),
    ("budget not positive", {"json": {"text": TEXT, "table": SHOP,
                                      "options": {"time_budget_ms": 0}}}, 422, "E703"),
    ("body too large", {"data": json.dumps({"text": "x" * 70_000}),
                        "content_type": "application/json"}, 413, "E706"),
]


@pytest.mark.parametrize("kwargs,status,code",
                         [c[1:] for c in CHECK_ERRORS], ids=[c[0] for c in CHECK_ERRORS])
def test_check_errors(client, kwargs: dict, status: int, code: str) -> None:
    response = client.post("/v1/check", **kwargs)
    assert response.status_code == status
    assert error_of(response)["code"] == code


def test_error_names_the_field(client) -> None:
    response = client.post("/v1/check", json={"text": 7, "table": SHOP})
    assert error_of(response)["field"] == "text"


def test_time_budget_exceeded_is_503_and_the_service_keeps_serving(client) -> None:
    handler = signal.getsignal(signal.SIGALRM)
    response = client.post("/v1/check", json={"text": TEXT, "table": SHOP,
                                              "options": {"time_budget_ms": 0.001}})
    assert signal.getsignal(signal.SIGALRM) is handler  # restored, timer disarmed
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert response.status_code == 503
    assert error_of(response)["code"] == "E601"
    assert response.headers["Retry-After"] == "1"
    assert client.post("/v1/check", json={"text": TEXT, "table": SHOP}).status_code == 200


@pytest.mark.parametrize("path,method,status,code", [
    ("/v1/nothing", "get", 404, "E704"),
    ("/v1/check", "get", 405, "E705"),
    ("/healthz", "delete", 405, "E705"),
])
def test_unknown_routes_and_methods_answer_json(client, path: str, method: str, status: int,
                                                code: str) -> None:
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert error_of(response)["code"] == code
    if status == 405:
        assert "Allow" in response.headers


GARBAGE = [b"\x00\xff\xfe", b"null", b"0", b'"text"', b"[[[[[[[[[[]]]]]]]]]]", b"{\"text\":",
           b'{"text": "a", "table": {"columns": [1], "rows": [[1]]}}',
           b'{"items": {"text": "a"}}', b'{"text": "a", "table": {"columns": ["a"], "rows": 5}}',
           b'{"text": "\\ud800", "table_id": "demo"}']


@pytest.mark.parametrize("body", GARBAGE)
@pytest.mark.parametrize("method,path,content_type", [
    ("post", "/v1/check", "application/json"), ("post", "/v1/check/batch", "application/json"),
    ("put", "/v1/tables/garbage", "application/json"), ("put", "/v1/tables/garbage", "text/csv")])
def test_garbage_never_gives_a_500(client, method: str, path: str, content_type: str,
                                   body: bytes) -> None:
    response = getattr(client, method)(path, data=body, content_type=content_type)
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        error_of(response)
    client.delete("/v1/tables/garbage")


def test_unexpected_failure_is_a_json_500_without_traceback(checker: Checker,
                                                            tmp_path: Path, caplog) -> None:
    class FailingChecker:
        """The real checker's rules, but ``check`` hits a bug."""

        rules, rules_dir, nlp, vectors = checker.rules, checker.rules_dir, checker.nlp, object()

        def set_domains(self, tables: list) -> None:
            pass

        def check(self, text: str, table: Table) -> None:
            raise RuntimeError("secret internal detail")

    app = create_app({"CHECKER": FailingChecker(), "DATA_DIR": tmp_path,
                      "DEMO_CATALOG": tmp_path / "absent.json", "RULES_POLL_SECONDS": 0})
    with caplog.at_level(logging.ERROR, logger="depcheck.service"):
        response = app.test_client().post("/v1/check", json={"text": TEXT, "table": SHOP})
    assert response.status_code == 500
    assert error_of(response)["code"] == "E799"
    assert "secret internal detail" not in response.get_data(as_text=True)
    assert "secret internal detail" in caplog.text  # logged for the operator


# -- batch ------------------------------------------------------------------------------


def test_batch_reports_in_order_with_item_errors_in_place(client, checker: Checker) -> None:
    items = [{"id": "a", "text": "Alpha costs $49.", "table": SHOP},
             {"id": "b", "text": 5, "table_id": "demo"},
             {"id": "c", "text": "Product 1 is silver.", "table_id": "demo"},
             {"id": "d", "text": "Product 1 is silver.", "table_id": "missing"}]
    response = client.post("/v1/check/batch", json={"items": items})
    assert response.status_code == 200
    body = response.get_json()
    assert body["count"] == 4 and body["errors"] == 2
    assert body["rules_version"] == checker.rules.version
    reports = body["reports"]
    assert [r.get("id") for r in reports] == ["a", None, "c", None]
    assert reports[1]["error"]["code"] == "E703" and reports[1]["error"]["field"] == "items[1].text"
    assert reports[3]["error"]["code"] == "E201"
    single = client.post("/v1/check", json={"text": "Product 1 is silver.", "table_id": "demo"})
    assert reports[2]["verdict"] == single.get_json()["verdict"]
    assert reports[2]["hypotheses"] == single.get_json()["hypotheses"]
    assert all(r["rules_version"] == checker.rules.version for r in (reports[0], reports[2]))


BATCH_ERRORS = [
    ("items missing", {}, 422, "E703"),
    ("items not a list", {"items": {"text": "a"}}, 422, "E703"),
    ("items empty", {"items": []}, 422, "E703"),
    ("too many items", {"items": [{"text": TEXT, "table_id": "demo"}] * 5}, 413, "E602"),
    ("unknown field", {"items": [{"text": TEXT, "table_id": "demo"}], "extra": 1}, 422, "E703"),
    ("bad options", {"items": [{"text": TEXT, "table_id": "demo"}], "options": []}, 422, "E703"),
]


@pytest.mark.parametrize("body,status,code", [c[1:] for c in BATCH_ERRORS],
                         ids=[c[0] for c in BATCH_ERRORS])
def test_batch_errors(client, body: dict, status: int, code: str) -> None:
    response = client.post("/v1/check/batch", json=body)
    assert response.status_code == status
    assert error_of(response)["code"] == code


def test_batch_item_with_unknown_key_is_an_item_error(client) -> None:
    response = client.post("/v1/check/batch", json={"items": [
        {"text": TEXT, "table_id": "demo", "colour": "red"}]})
    assert response.status_code == 200
    assert response.get_json()["reports"][0]["error"]["field"] == "items[0].colour"


# -- tables -----------------------------------------------------------------------------


def test_table_lifecycle_json(client, data_dir: Path) -> None:
    first = client.put("/v1/tables/shop-json", json=SHOP)
    assert first.status_code == 201
    assert first.headers["Location"] == "/v1/tables/shop-json"
    assert first.get_json() == {"id": "shop-json", "caption": "Blenders",
                                "columns": SHOP["columns"], "n_rows": 2, "n_cells": 6}
    changed = {**SHOP, "rows": [["Alpha", "$59", "550W"]]}
    assert client.put("/v1/tables/shop-json", json=changed).status_code == 200
    got = client.get("/v1/tables/shop-json")
    assert got.status_code == 200
    assert got.get_json()["rows"] == [["Alpha", "$59", "550W"]]
    assert not [p for p in data_dir.iterdir() if p.name.startswith(".")]  # no temp files left
    check = client.post("/v1/check", json={"text": "Alpha costs $59.", "table_id": "shop-json"})
    assert check.status_code == 200 and check.get_json()["table_id"] == "shop-json"
    assert client.delete("/v1/tables/shop-json").status_code == 204
    assert error_of(client.get("/v1/tables/shop-json"))["code"] == "E201"
    assert client.delete("/v1/tables/shop-json").status_code == 404


def test_table_csv_upload(client) -> None:
    csv_body = "product;price\nAlpha;$49\nBeta;$79\n"
    response = client.put("/v1/tables/shop-csv?caption=From%20CSV", data=csv_body,
                          content_type="text/csv; charset=utf-8")
    assert response.status_code == 201
    got = client.get("/v1/tables/shop-csv").get_json()
    assert got == {"id": "shop-csv", "caption": "From CSV", "columns": ["product", "price"],
                   "rows": [["Alpha", "$49"], ["Beta", "$79"]]}
    client.delete("/v1/tables/shop-csv")


def test_table_list_includes_files_and_the_embedded_demo(client) -> None:
    client.put("/v1/tables/listed", json=SHOP)
    body = client.get("/v1/tables").get_json()
    by_id = {t["id"]: t for t in body["tables"]}
    assert body["count"] == len(body["tables"])
    assert by_id["demo"]["source"] == "embedded" and by_id["demo"]["n_rows"] == 3
    assert by_id["listed"]["source"] == "file" and by_id["listed"]["columns"] == SHOP["columns"]
    client.delete("/v1/tables/listed")


TABLE_ERRORS = [
    ("wrong content type", "ok-id", {"data": "a,b", "content_type": "text/plain"}, 415, "E702"),
    ("malformed json", "ok-id", {"data": "{", "content_type": "application/json"}, 400, "E701"),
    ("body id differs", "ok-id", {"json": {**SHOP, "id": "other"}}, 422, "E703"),
    ("no rows", "ok-id", {"json": {"columns": ["a"], "rows": []}}, 422, "E200"),
    ("duplicate columns", "ok-id", {"json": {"columns": ["a", "A"], "rows": [["1", "2"]]}}, 422,
     "E200"),
    ("too many cells", "ok-id", {"json": {"columns": ["a"], "rows": [["1"]] * 41}}, 413, "E600"),
    ("empty csv", "ok-id", {"data": "", "content_type": "text/csv"}, 422, "E200"),
    ("csv not utf-8", "ok-id", {"data": b"a,b\n\xff\xfe,1\n", "content_type": "text/csv"}, 422,
     "E200"),
    ("id with a dot", "a.b", {"json": SHOP}, 422, "E202"),
    ("id dot-dot", "..", {"json": SHOP}, 422, "E202"),
    ("id too long", "x" * 65, {"json": SHOP}, 422, "E202"),
    ("id starts with dash", "-x", {"json": SHOP}, 422, "E202"),
]


@pytest.mark.parametrize("table_id,kwargs,status,code", [c[1:] for c in TABLE_ERRORS],
                         ids=[c[0] for c in TABLE_ERRORS])
def test_table_put_errors(client, data_dir: Path, table_id: str, kwargs: dict, status: int,
                          code: str) -> None:
    before = sorted(p.name for p in data_dir.iterdir())
    response = client.put(f"/v1/tables/{table_id}", **kwargs)
    assert response.status_code == status
    assert error_of(response)["code"] == code
    assert sorted(p.name for p in data_dir.iterdir()) == before  # nothing written


def test_table_get_and_delete_errors(client) -> None:
    assert error_of(client.get("/v1/tables/nope"))["code"] == "E201"
    assert error_of(client.get("/v1/tables/a.json"))["code"] == "E202"
    assert error_of(client.delete("/v1/tables/%2E%2E"))["code"] in {"E202", "E704"}
    response = client.delete("/v1/tables/demo")
    assert response.status_code == 409 and error_of(response)["code"] == "E203"


def test_catalog_changes_are_seen_by_another_worker(client, data_dir: Path) -> None:
    """A second Catalog over the same directory stands for another gunicorn worker."""
    other = Catalog(data_dir)
    client.put("/v1/tables/shared", json=SHOP)
    assert other.get("shared").rows == tuple(tuple(r) for r in SHOP["rows"])
    client.put("/v1/tables/shared", json={**SHOP, "rows": [["Gamma", "$1", "1W"]]})
    assert other.get("shared").rows == (("Gamma", "$1", "1W"),)
    client.delete("/v1/tables/shared")
    with pytest.raises(Exception) as info:
        other.get("shared")
    assert getattr(info.value, "code", "") == "E201"


def test_catalog_is_reloaded_on_start(checker: Checker, tmp_path: Path) -> None:
    first = create_app({"CHECKER": checker, "DATA_DIR": tmp_path, "WARMUP": False,
                        "DEMO_CATALOG": tmp_path / "absent.json", "RULES_POLL_SECONDS": 0})
    assert first.test_client().put("/v1/tables/kept", json=SHOP).status_code == 201
    (tmp_path / "broken.json").write_text("{not json")
    second = create_app({"CHECKER": checker, "DATA_DIR": tmp_path, "WARMUP": False,
                         "DEMO_CATALOG": tmp_path / "absent.json", "RULES_POLL_SECONDS": 0})
    ids = [t["id"] for t in second.test_client().get("/v1/tables").get_json()["tables"]]
    assert ids == ["kept"]  # the broken file is skipped, not served and not fatal


@pytest.mark.parametrize("table_id", ["a", "A-1_b", "x" * 64, "0"])
def test_valid_ids(table_id: str) -> None:
    assert validate_id(table_id) == table_id


@pytest.mark.parametrize("table_id", ["", ".", "..", "a/b", "a\\b", "a b", ".hidden", "_x",
                                      "x" * 65, "a\x00", "é"])
def test_invalid_ids(table_id: str) -> None:
    with pytest.raises(InvalidTableId):
        validate_id(table_id)


# -- rules ------------------------------------------------------------------------------


def test_rules_listing(client, checker: Checker) -> None:
    body = client.get("/v1/rules").get_json()
    assert body["version"] == checker.rules.version
    assert body["count"] == len(checker.rules.rules) > 0
    assert {r["id"] for r in body["rules"]} == {r.id for r in checker.rules.rules}
    for rule in body["rules"]:
        assert rule["file"].endswith((".yaml", ".yml")) and rule["line"] >= 1


def test_rules_reload_broken_then_good(client, checker: Checker, rules_dir: Path,
                                       caplog) -> None:
    original = checker.rules.version
    extra = rules_dir / "zz-test.yaml"
    try:
        unchanged = client.post("/v1/rules/reload")
        assert unchanged.status_code == 200
        assert unchanged.get_json()["changed"] is False

        extra.write_text(BROKEN_RULE)
        with caplog.at_level(logging.ERROR, logger="depcheck.service.rules"):
            broken = client.post("/v1/rules/reload")
        assert broken.status_code == 422
        error = error_of(broken)
        assert error["code"] == "E400"
        assert any(PROBLEM_RE.match(Path(p).name) or PROBLEM_RE.search(p)
                   for p in error["problems"]), error["problems"]
        assert PROBLEM_RE.search(caplog.text)
        assert checker.rules.version == original  # the old rules keep serving
        still = client.post("/v1/check", json={"text": TEXT, "table": SHOP})
        assert still.status_code == 200 and still.get_json()["rules_version"] == original
        listing = client.get("/v1/rules").get_json()
        assert listing["version"] == original and listing["last_reload"]["ok"] is False

        extra.write_text(GOOD_RULE)
        good = client.post("/v1/rules/reload")
        assert good.status_code == 200
        body = good.get_json()
        assert body["changed"] is True and body["previous_version"] == original
        assert body["version"] == checker.rules.version != original
        ids = {r["id"] for r in client.get("/v1/rules").get_json()["rules"]}
        assert "extra-have-object" in ids
        check = client.post("/v1/check", json={"text": TEXT, "table": SHOP})
        assert check.get_json()["rules_version"] == body["version"]
    finally:
        extra.unlink(missing_ok=True)
        checker.reload_rules(None)
    assert checker.rules.version == original


def test_rules_watcher_polls_on_change_only(checker: Checker, rules_dir: Path, caplog) -> None:
    now = [0.0]
    seen: list[tuple[bool, str]] = []
    watcher = RulesWatcher(checker, interval=1.0, on_reload=lambda ok, v: seen.append((ok, v)),
                           clock=lambda: now[0])
    original = checker.rules.version
    extra = rules_dir / "zz-test.yaml"
    try:
        now[0] = 5.0
        watcher.poll()
        assert seen == []  # nothing changed: no reload

        extra.write_text(BROKEN_RULE)
        now[0] = 5.5
        watcher.poll()
        assert seen == []  # within the interval: not even looked at
        now[0] = 6.5
        with caplog.at_level(logging.ERROR, logger="depcheck.service.rules"):
            watcher.poll()
        assert seen == [(False, original)]
        assert watcher.state.ok is False and PROBLEM_RE.search(" ".join(watcher.state.problems))
        assert PROBLEM_RE.search(caplog.text)
        now[0] = 8.0
        watcher.poll()
        assert len(seen) == 1  # the same broken state is not re-linted

        extra.write_text(GOOD_RULE)
        now[0] = 10.0
        watcher.poll()
        assert seen[-1][0] is True and checker.rules.version != original
        assert watcher.state.ok is True and watcher.state.trigger == "change"
    finally:
        extra.unlink(missing_ok=True)
        checker.reload_rules(None)
    assert checker.rules.version == original


def test_rules_signature_sees_content_changes(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("rules: []\n")
    (tmp_path / "notes.txt").write_text("ignored")
    before = rules_signature(tmp_path)
    assert [entry[0] for entry in before] == ["a.yaml"]
    (tmp_path / "a.yaml").write_text("rules: []\n# more\n")
    assert rules_signature(tmp_path) != before
    assert rules_signature(tmp_path / "missing") == ()


# -- metrics ----------------------------------------------------------------------------


def test_metrics_exposition(client, checker: Checker) -> None:
    client.post("/v1/check", json={"text": TEXT, "table": SHOP})
    client.post("/v1/check", json={"text": 1, "table": SHOP})
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.content_type == "text/plain; version=0.0.4; charset=utf-8"
    text = response.get_data(as_text=True)
    counts = dict(re.findall(r'^(depcheck_http_requests_total\{[^}]*\}) (\d+)$', text, re.M))
    assert int(counts['depcheck_http_requests_total{endpoint="/v1/check",method="POST",'
                      'status="200"}']) >= 1
    assert int(counts['depcheck_http_requests_total{endpoint="/v1/check",method="POST",'
                      'status="422"}']) >= 1
    buckets = [float(v) for v in re.findall(
        r'^depcheck_http_request_duration_seconds_bucket\{endpoint="/v1/check",le="[^"]+"\} (\S+)$',
        text, re.M)]
    assert len(buckets) == len(BUCKETS) + 1 and buckets == sorted(buckets)
    assert re.search(r'^depcheck_verdicts_total\{verdict="(supported|refuted|unverifiable)"\} \d+$',
                     text, re.M)
    assert f'depcheck_rules_version_info{{version="{checker.rules.version}"}} 1' in text
    assert "# TYPE depcheck_http_request_duration_seconds histogram" in text


def test_metrics_sum_over_workers(tmp_path: Path) -> None:
    mine = Metrics(tmp_path, flush_interval=60, rules_version=lambda: "v1")
    mine.observe_request("/v1/check", "POST", 200, 0.004)
    mine.observe_verdict("supported")
    other = {"pid": 2**22 + 12345, "rules_version": "v0",  # an exited worker
             "requests": [["/v1/check", "POST", "200", 2]],
             "hist": {"/v1/check": [0, 2] + [0] * (len(BUCKETS) - 2) + [0.005, 2]},
             "verdicts": {"supported": 1, "refuted": 1}, "reloads": {}}
    (tmp_path / f"{other['pid']}.json").write_bytes(orjson.dumps(other))
    text = render(mine.collect(), {})
    assert 'depcheck_http_requests_total{endpoint="/v1/check",method="POST",status="200"} 3' in text
    assert 'depcheck_verdicts_total{verdict="supported"} 2' in text
    assert 'depcheck_http_request_duration_seconds_count{endpoint="/v1/check"} 3' in text
    assert 'depcheck_rules_version_info{version="v1"} 1' in text
    assert 'version="v0"' not in text  # gauges only from live workers


def test_metrics_label_values_are_escaped() -> None:
    metrics = Metrics()
    metrics.observe_request('/a"b\\c', "GET", 200, 0.1)
    assert 'endpoint="/a\\"b\\\\c"' in metrics.render()


# -- starting the server ----------------------------------------------------------------


def test_gunicorn_command_and_environment(tmp_path: Path) -> None:
    argv = gunicorn_command("127.0.0.1", 8123, 3)
    assert argv[1:3] == ["-m", "gunicorn"]
    assert argv[argv.index("--bind") + 1] == "127.0.0.1:8123"
    assert argv[argv.index("--workers") + 1] == "3"
    assert Path(argv[argv.index("--config") + 1]).is_file()
    env = gunicorn_env(tmp_path / "d", tmp_path / "r", base={}, max_batch_items=8)
    assert env["DEPCHECK_DATA_DIR"] == str((tmp_path / "d").resolve())
    assert env["DEPCHECK_RULES_DIR"] == str((tmp_path / "r").resolve())
    assert env["DEPCHECK_MAX_BATCH_ITEMS"] == "8"
    assert bind_address("::1", 80) == "[::1]:80"


def test_check_without_table_retrieves_from_catalogs(client) -> None:
    response = client.post("/v1/check", json={"text": "Product 2 weighs 5.5 lbs.",
                                              "options": {"top_k": 2}})
    assert response.status_code == 200
    body = response.get_json()
    assert body["table_id"] == "demo"
    assert body["details"]["open_domain"]["table"]["table_id"] == "demo"
    none = client.post("/v1/check", json={"text": "The Zephyr V8 vacuum weighs 5 lbs."})
    assert none.status_code == 200
    assert none.get_json()["verdict"] == "unverifiable"
    bad = client.post("/v1/check", json={"text": "x y", "options": {"top_k": 0}})
    assert bad.status_code == 422 and bad.get_json()["error"]["field"] == "options.top_k"

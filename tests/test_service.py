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
from depcheck.errors import RuleError
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
    assert body["checks"] == {"model": True, "vectors": True, "rules": True, "rule_files": True}
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
    assert body["verdict"] == "supported"  # DEMO's Product 2 weighs 5.5 lbs


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


def test_a_denormal_budget_cannot_switch_the_budget_off(client) -> None:
    # 5e-324 ms is 0 s for the interval timer, which would disarm it: the server clamps it
    response = client.post("/v1/check", json={"text": TEXT, "table": SHOP,
                                              "options": {"time_budget_ms": 5e-324}})
    assert response.status_code == 503
    assert error_of(response)["code"] == "E601"
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_client_budgets_are_clamped_to_the_server_range(app) -> None:
    from service.routes.check import clamp_budget_ms

    settings = app.extensions["depcheck"].settings
    assert settings.min_time_budget_ms == 1.0 and settings.time_budget_ms == 2000.0
    assert clamp_budget_ms(5e-324, settings) == 1.0
    assert clamp_budget_ms(1e300, settings) == 2000.0
    assert clamp_budget_ms(float("inf"), settings) == 2000.0
    assert clamp_budget_ms(250.0, settings) == 250.0


@pytest.mark.parametrize("value", ["0", "-5", "nan", "inf"])
def test_the_server_budget_must_be_a_positive_number(checker: Checker, tmp_path: Path,
                                                     value: str) -> None:
    with pytest.raises(ValueError, match="DEPCHECK_TIME_BUDGET_MS must be a positive"):
        create_app({"CHECKER": checker, "DATA_DIR": tmp_path, "TIME_BUDGET_MS": value,
                    "WARMUP": False})


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
        domains = None

        def set_domains(self, tables: list) -> None:
            self.domains = object()

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


def test_racing_writers_leave_one_truth(tmp_path: Path, monkeypatch) -> None:
    """Worker A renames its file, worker B replaces it before A looks again: A must not
    keep its own body as if it were the file now on disk."""
    import depcheck.store.directory as catalogs

    a, b = Catalog(tmp_path), Catalog(tmp_path)
    mine = Table(id="t", columns=("name", "price"), rows=(("Alpha", "$1"),))
    theirs = Table(id="t", columns=("name", "price"), rows=(("Beta", "$2"),))
    real_replace = os.replace

    def replace_then_the_other_writer(src, dst) -> None:
        real_replace(src, dst)
        monkeypatch.setattr(catalogs.os, "replace", real_replace)
        b.put("t", theirs)

    monkeypatch.setattr(catalogs.os, "replace", replace_then_the_other_writer)
    a.put("t", mine)
    assert a.get("t").rows == b.get("t").rows == theirs.rows
    assert a.get_versioned("t")[1] == b.get_versioned("t")[1]


def test_table_versions_are_etags_and_change_with_the_content(client) -> None:
    first = client.put("/v1/tables/versioned", json=SHOP)
    again = client.get("/v1/tables/versioned")
    assert first.headers["ETag"] == again.headers["ETag"]
    changed = client.put("/v1/tables/versioned", json={**SHOP, "rows": [["Gamma", "$1", "1W"]]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]
    assert client.delete("/v1/tables/versioned").status_code == 204


def test_stale_temporary_files_are_removed_at_start(checker: Checker, tmp_path: Path) -> None:
    stale, fresh = tmp_path / ".kept.abc123.tmp", tmp_path / ".kept.def456.tmp"
    stale.write_text('{"columns": ["a"], "rows": [["half a wri')
    fresh.write_text("{")  # a write that may be in progress in another process
    os.utime(stale, (1_000_000_000, 1_000_000_000))
    create_app({"CHECKER": checker, "DATA_DIR": tmp_path, "WARMUP": False,
                "DEMO_CATALOG": tmp_path / "absent.json", "RULES_POLL_SECONDS": 0})
    assert not stale.exists() and fresh.exists()


def test_json_bodies_honour_their_charset(client) -> None:
    body = json.dumps({"text": "Alpha costs $49.", "table": {
        **SHOP, "caption": "Mixeurs à café"}}, ensure_ascii=False).encode("latin-1")
    response = client.post("/v1/check", data=body,
                           content_type="application/json; charset=latin-1")
    assert response.status_code == 200 and response.get_json()["verdict"] == "supported"
    response = client.post("/v1/check", data=body,
                           content_type="application/json; charset=no-such-charset")
    assert response.status_code == 400 and error_of(response)["code"] == "E701"


def _inline_tables(n: int) -> list[dict]:
    """Small tables of another schema whose values would teach new colours and brands."""
    colours = ["crimson", "teal", "ochre", "lilac", "umber", "mauve", "cobalt"]
    return [{"columns": ["product", "brand", "color", "weight"],
             "rows": [[f"Gizmo {k}", f"Maker{k}", colours[k % 7], f"{k + 1}.5 lbs"],
                      [f"Widget {k}", f"Forge{k}", colours[(k + 3) % 7], "9 lbs"]]}
            for k in range(n)]


def _stable(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "timing_ms"}


def test_inline_tables_do_not_change_other_clients_verdicts(client, checker: Checker) -> None:
    statements = ["Product 3 is blue.", "Product 1 is teal.", "Product 2 is a crimson bag.",
                  "Product 2 weighs 5.5 lbs."]
    before = [_stable(client.post("/v1/check", json={"text": t, "table_id": "demo"})
                      .get_json()) for t in statements]
    domains = checker.domains
    for table in _inline_tables(20):
        response = client.post("/v1/check", json={"text": "Gizmo 1 is teal.", "table": table})
        assert response.status_code == 200
    after = [_stable(client.post("/v1/check", json={"text": t, "table_id": "demo"})
                     .get_json()) for t in statements]
    assert after == before
    assert before[0]["verdict"] == "supported"  # DEMO's Product 3 is blue
    assert checker.domains is domains  # nothing was learned from the inline tables
    assert not any("teal" in values for values in checker.domains.values.values())


def test_domains_follow_the_stored_catalog_in_every_worker(client, checker: Checker,
                                                            data_dir: Path) -> None:
    other = Catalog(data_dir)  # another worker
    bags = Table(id="bags", columns=("product", "fabric", "price"),
                 rows=(("Tote", "canvas", "$20"), ("Duffel", "nylon", "$45")))
    other.put("bags", bags)
    assert client.post("/v1/check", json={"text": TEXT, "table": SHOP}).status_code == 200
    assert any("canvas" in values for values in checker.domains.values.values())
    other.delete("bags")
    assert client.post("/v1/check", json={"text": TEXT, "table": SHOP}).status_code == 200
    assert not any("canvas" in values for values in checker.domains.values.values())


def test_domains_grown_by_new_tables_equal_a_rebuild(checker: Checker, tmp_path: Path) -> None:
    from depcheck.link import build_domains
    from service.domains import CatalogDomains

    class Holder:  # a checker's domains, without touching the session checker's
        domains = None

        def set_domains(self, tables) -> None:
            self.domains = build_domains(tables)

    catalog = Catalog(tmp_path)
    holder = Holder()
    domains = CatalogDomains(holder, catalog)
    kinds = [("canvas", "black"), ("nylon", "red"), ("leather", "black")]
    for k, (fabric, colour) in enumerate(kinds):
        catalog.put(f"bag{k}", Table(id=f"bag{k}", columns=("product", "fabric", "color"),
                                     rows=((f"Bag {k}a", fabric, colour), (f"Bag {k}b", "wool",
                                                                           "grey"))))
        first = holder.domains
        assert domains.sync() is True
        assert holder.domains is first or k == 0  # grown in place after the first build
    rebuilt = build_domains(catalog.tables())
    assert holder.domains.values == rebuilt.values and holder.domains.support == rebuilt.support
    assert holder.domains.values["fabric"] == {"canvas", "nylon", "leather", "wool"}
    catalog.delete("bag1")
    assert domains.sync() is True and "nylon" not in holder.domains.values["fabric"]


def test_catalog_cache_is_bounded_by_bytes(tmp_path: Path) -> None:
    writer, reader = Catalog(tmp_path), Catalog(tmp_path, cache_bytes=600)
    for k in range(6):
        rows = tuple((f"Item {k}-{r}", f"${r}") for r in range(8))
        writer.put(f"t{k}", Table(id=f"t{k}", columns=("name", "price"), rows=rows))
    for k in range(6):
        assert reader.get(f"t{k}").rows[0] == (f"Item {k}-0", "$0")
    assert 0 < reader.cached_bytes <= 600
    assert reader.get("t0").rows[7] == ("Item 0-7", "$7")  # evicted, read again


def test_compiled_tables_are_bounded_by_cells(monkeypatch) -> None:
    import depcheck.compiled as compiled

    monkeypatch.setattr(compiled, "MAX_COMPILED_CELLS", 40)
    tables = [Table(id=f"c{k}", columns=("name", "size"),
                    rows=tuple((f"N{k}-{r}", str(r)) for r in range(5))) for k in range(12)]
    for table in tables:
        compiled.compile_table(table)
    held = [t for t in tables if t in compiled._COMPILED]
    assert held == tables[-4:]  # 4 tables of 10 cells: the most recent ones


def _deep(depth: int) -> str:
    return "[" * depth + '"x"' + "]" * depth


@pytest.mark.parametrize("where", ["cell", "caption", "table id", "item id"])
def test_deeply_nested_json_is_a_422_not_a_500(client, where: str) -> None:
    deep = _deep(1000)
    table = '{"columns": ["product", "price"], "rows": [["Alpha", "$49"]]'
    body = {"cell": '{"text": "Alpha costs $49.", "table": {"columns": ["product", "price"], '
                    f'"rows": [["Alpha", {deep}]]}}}}',
            "caption": f'{{"text": "Alpha costs $49.", "table": {table}, "caption": {deep}}}}}',
            "table id": f'{{"text": "Alpha costs $49.", "table": {table}, "id": {deep}}}}}',
            "item id": f'{{"items": [{{"id": {deep}, "text": "Alpha costs $49.", '
                       f'"table": {table}}}}}]}}'}[where]
    path = "/v1/check/batch" if where == "item id" else "/v1/check"
    response = client.post(path, data=body, content_type="application/json")
    if where == "item id":  # an item's error stands in its place
        assert response.status_code == 200
        assert response.get_json()["reports"][0]["error"]["code"] == "E703"
    else:
        assert response.status_code == 422 and error_of(response)["code"] == "E703"
    if where != "item id":
        stored = {"cell": f'{{"columns": ["product", "price"], "rows": [["Alpha", {deep}]]}}',
                  "caption": f'{table}, "caption": {deep}}}',
                  "table id": f'{table}, "id": {deep}}}'}[where]
        response = client.put("/v1/tables/deep", data=stored, content_type="application/json")
        assert response.status_code == 422 and error_of(response)["code"] == "E703"


def test_rule_locations_are_relative_to_the_rules_directory(client) -> None:
    report = client.post("/v1/check", json={"text": "Alpha costs $49.", "table": SHOP}).get_json()
    locations = [h["rule_location"] for h in report["hypotheses"] if h["rule_location"]]
    assert locations and all(re.fullmatch(r"(frames/)?[a-z]+\.yaml:\d+", loc) for loc in locations)
    listing = client.get("/v1/rules").get_json()
    assert listing["rules_dir"] == "rules"
    assert all(re.fullmatch(r"(frames/)?[a-z]+\.yaml", r["file"]) for r in listing["rules"])


def test_errors_gunicorn_writes_are_json_with_retry_after_for_a_500() -> None:
    from service.http import raw_error_response

    raw = raw_error_response(500, "Internal Server Error", "Traceback: worker timeout")
    head, _, body = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 500 ") and b"Retry-After: 1" in head
    assert json.loads(body)["error"]["code"] == "E799" and b"Traceback" not in body


KEY, OTHER_KEY = "k" * 8 + "-secret-key-1", "o" * 8 + "-secret-key-2"


def _keyed_app(checker: Checker, tmp_path: Path, **extra):
    return create_app({"CHECKER": checker, "DATA_DIR": tmp_path / "tables", "WARMUP": False,
                       "DEMO_CATALOG": tmp_path / "absent.json", "RULES_POLL_SECONDS": 0,
                       "API_KEYS": f"{KEY}, {OTHER_KEY} rate=2", **extra}).test_client()


def test_writes_need_a_key_when_keys_are_set(checker: Checker, tmp_path: Path) -> None:
    client = _keyed_app(checker, tmp_path)
    response = client.put("/v1/tables/shop", json=SHOP)
    assert response.status_code == 401 and error_of(response)["code"] == "E711"
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert not (tmp_path / "tables" / "shop.json").exists()
    wrong = client.put("/v1/tables/shop", json=SHOP,
                       headers={"Authorization": "Bearer " + "x" * 20})
    assert wrong.status_code == 401 and error_of(wrong)["message"] == "unknown API key"
    good = client.put("/v1/tables/shop", json=SHOP, headers={"Authorization": f"Bearer {KEY}"})
    assert good.status_code == 201
    assert client.get("/v1/tables/shop").status_code == 200  # reads stay open
    assert client.post("/v1/check", json={"text": TEXT, "table_id": "shop"}).status_code == 200
    assert client.delete("/v1/tables/shop").status_code == 401
    assert client.post("/v1/rules/reload", json={}).status_code == 401
    assert client.delete("/v1/tables/shop",
                         headers={"Authorization": f"Bearer {KEY}"}).status_code == 204


def test_auth_all_closes_reads_but_not_the_probes(checker: Checker, tmp_path: Path) -> None:
    client = _keyed_app(checker, tmp_path, AUTH="all")
    assert client.get("/v1/tables").status_code == 401
    assert client.post("/v1/check", json={"text": TEXT, "table": SHOP}).status_code == 401
    assert client.get("/healthz").status_code == 200 and client.get("/readyz").status_code == 200
    assert client.get("/v1/tables", headers={"Authorization": f"Bearer {KEY}"}).status_code == 200


def test_a_keys_rate_limit_answers_429_with_retry_after(checker: Checker,
                                                        tmp_path: Path) -> None:
    client = _keyed_app(checker, tmp_path)
    auth = {"Authorization": f"Bearer {OTHER_KEY}"}  # rate=2 a minute
    assert [client.get("/v1/tables", headers=auth).status_code for _ in range(2)] == [200, 200]
    limited = client.get("/v1/tables", headers=auth)
    assert limited.status_code == 429 and error_of(limited)["code"] == "E729"
    assert int(limited.headers["Retry-After"]) >= 1
    assert client.get("/v1/tables", headers={"Authorization": f"Bearer {KEY}"}).status_code == 200


@pytest.mark.parametrize("entries,problem", [
    ("short", "at least 16 characters"),
    (f"{KEY} rate=fast", "unknown option 'rate=fast'"),
    (f"{KEY} burst=3", "unknown option 'burst=3'"),
])
def test_bad_api_keys_stop_the_start(checker: Checker, tmp_path: Path, entries: str,
                                     problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        create_app({"CHECKER": checker, "DATA_DIR": tmp_path, "WARMUP": False,
                    "API_KEYS": entries})


def test_api_key_file(checker: Checker, tmp_path: Path) -> None:
    key_file = tmp_path / "keys"
    key_file.write_text(f"# operators\n{KEY}  # the first\n\n")
    client = create_app({"CHECKER": checker, "DATA_DIR": tmp_path / "tables", "WARMUP": False,
                         "API_KEY_FILE": key_file}).test_client()
    assert client.put("/v1/tables/t", json=SHOP).status_code == 401
    assert client.put("/v1/tables/t", json=SHOP,
                      headers={"Authorization": f"Bearer {KEY}"}).status_code == 201


def test_stored_tables_are_capped_with_507(checker: Checker, tmp_path: Path) -> None:
    client = create_app({"CHECKER": checker, "DATA_DIR": tmp_path, "WARMUP": False,
                         "MAX_TABLES": 2, "MAX_STORED_BYTES": 600}).test_client()
    assert client.put("/v1/tables/a", json=SHOP).status_code == 201
    assert client.put("/v1/tables/b", json=SHOP).status_code == 201
    full = client.put("/v1/tables/c", json=SHOP)
    assert full.status_code == 507 and error_of(full)["code"] == "E204"
    assert client.put("/v1/tables/a", json=SHOP).status_code == 200  # a replacement fits
    big = {**SHOP, "rows": [[f"Item {k}", f"${k}", "1W"] for k in range(40)]}
    too_big = client.put("/v1/tables/a", json=big)
    assert too_big.status_code == 507 and "the limit is 600" in error_of(too_big)["message"]
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["a.json", "b.json"]


def test_an_empty_cross_site_post_cannot_reload_rules(client) -> None:
    response = client.post("/v1/rules/reload")
    assert response.status_code == 415 and error_of(response)["code"] == "E702"
    form = client.post("/v1/rules/reload", data={"x": "1"})
    assert form.status_code == 415


@pytest.mark.parametrize("path,method", [("/healthz", "get"), ("/v1/nothing", "get"),
                                         ("/v1/check", "post"), ("/", "get")])
def test_security_headers_on_every_response(client, path: str, method: str) -> None:
    with getattr(client, method)(path) as response:
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Frame-Options"] == "DENY"


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
        unchanged = client.post("/v1/rules/reload", json={})
        assert unchanged.status_code == 200
        assert unchanged.get_json()["changed"] is False

        extra.write_text(BROKEN_RULE)
        with caplog.at_level(logging.ERROR, logger="depcheck.service.rules"):
            broken = client.post("/v1/rules/reload", json={})
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
        good = client.post("/v1/rules/reload", json={})
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


SPAN_RULE = """rules:
  - id: greedy-nouns
    kind: span
    description: Two unbounded runs of nouns that can split a run of nouns every way.
    pattern: 'NN* JJ? NN+'
    examples:
      - text: "The coffee grinder burr set is sharp."
        spans: ["coffee grinder burr set"]
"""


def test_an_emptied_rule_file_is_refused_and_readyz_fails(client, checker: Checker,
                                                          rules_dir: Path) -> None:
    original = checker.rules.version
    target = rules_dir / "comparisons.yaml"
    saved = target.read_text()
    refuted = {"text": "Alpha costs more than Beta.", "table": SHOP}
    assert client.post("/v1/check", json=refuted).get_json()["verdict"] == "refuted"
    try:
        first_rule = "\n  - id:".join(saved.split("\n  - id:")[:2]) + "\n"  # 1 rule of 6
        for content in ("", first_rule):
            target.write_text(content)
            response = client.post("/v1/rules/reload", json={})
            assert response.status_code == 422, content
            problems = error_of(response)["problems"]
            assert any(p.startswith("comparisons.yaml:1: -: ") for p in problems), problems
            assert checker.rules.version == original
            ready = client.get("/readyz")
            assert ready.status_code == 503 and ready.get_json()["checks"]["rule_files"] is False
            assert client.post("/v1/check", json=refuted).get_json()["verdict"] == "refuted"
    finally:
        target.write_text(saved)
    assert client.post("/v1/rules/reload", json={}).status_code == 200
    assert client.get("/readyz").status_code == 200


def test_no_rule_files_at_all_is_refused(checker: Checker, tmp_path: Path) -> None:
    empty = tmp_path / "rules"
    empty.mkdir()
    watcher = RulesWatcher(checker, interval=0)
    watcher.checker = type("Pointed", (), {"rules": checker.rules, "rules_dir": empty,
                                           "nlp": checker.nlp, "config": checker.config})()
    with pytest.raises(RuleError) as info:
        watcher.validate()
    assert "the new rule set has no rules" in info.value.problems[0]


def test_a_declared_removal_is_accepted(checker: Checker, rules_dir: Path) -> None:
    original = checker.rules.version
    target = rules_dir / "coref.yaml"
    saved = target.read_text()
    watcher = RulesWatcher(checker, interval=0, allow_removal=True)
    try:
        target.unlink()
        rules = watcher.reload("request")
        assert rules.version != original and watcher.state.ok is True
        assert not any(r.file.endswith("coref.yaml") for r in rules.rules)
    finally:
        target.write_text(saved)
        checker.reload_rules(None)
    assert checker.rules.version == original


def test_rules_whose_examples_fail_are_refused(client, checker: Checker,
                                               rules_dir: Path) -> None:
    extra = rules_dir / "zz-test.yaml"
    try:
        extra.write_text(GOOD_RULE.replace("has a 550W motor", "offers a 550W motor"))
        response = client.post("/v1/rules/reload", json={})
        assert response.status_code == 422
        problems = error_of(response)["problems"]
        assert any("extra-have-object: example 1: did not find ['motor']" in p
                   for p in problems), problems
    finally:
        extra.unlink(missing_ok=True)
    assert client.post("/v1/rules/reload", json={}).status_code == 200


def test_span_patterns_that_could_backtrack_are_lint_errors(tmp_path: Path) -> None:
    from depcheck.rules.loader import load_rules

    (tmp_path / "spans.yaml").write_text(SPAN_RULE)
    with pytest.raises(RuleError) as info:
        load_rules(tmp_path)
    (problem,) = info.value.problems
    assert re.match(r".*spans\.yaml:2: greedy-nouns: span elements 'NN\*' and 'NN\+' repeat "
                    r"without bound", problem), problem
    (tmp_path / "spans.yaml").write_text(SPAN_RULE.replace("NN* JJ? NN+", "NN* JJ NN?"))
    assert len(load_rules(tmp_path).rules) == 1


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

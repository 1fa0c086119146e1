"""Operations: ``/healthz``, ``/readyz``, ``/metrics`` and the OpenAPI spec."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response

from ..app import state
from ..http import JSON_MIME, json_response
from ..metrics import CONTENT_TYPE

bp = Blueprint("ops", __name__)

OPENAPI = Path(__file__).resolve().parent.parent / "openapi.json"


@lru_cache(maxsize=1)
def _openapi_bytes() -> bytes:
    return OPENAPI.read_bytes()


@bp.get("/healthz")
def healthz() -> Response:
    """The process is up and answering."""
    return json_response({"status": "ok", "pid": os.getpid()})


def readiness() -> dict[str, bool]:
    """Which of the checker's resources are loaded: model, vectors, rules; and whether the
    rule files on disk are the ones serving (false while a changed set is refused)."""
    st = state()
    checker = st.checker
    rules = checker.rules
    return {"model": getattr(checker, "nlp", None) is not None,
            "vectors": getattr(checker, "vectors", None) is not None,
            "rules": bool(rules.version) and len(rules.rules) > 0,
            "rule_files": st.watcher.state.ok}


@bp.get("/readyz")
def readyz() -> Response:
    """200 when model, vectors and rules are loaded and the rule files are not broken; 503
    naming what is missing otherwise."""
    checks = readiness()
    ready = all(checks.values())
    body = {"status": "ready" if ready else "not ready", "checks": checks,
            "rules_version": state().checker.rules.version}
    return json_response(body, 200 if ready else 503)


@bp.get("/metrics")
def metrics() -> Response:
    """Prometheus text format, summed over every worker."""
    st = state()
    extra = {"depcheck_tables": ("Tables in the catalog.", float(len(st.catalog.ids()))),
             "depcheck_rules": ("Active rules in this worker.", float(len(st.checker.rules.rules)))}
    return Response(st.metrics.render(extra), mimetype=None, content_type=CONTENT_TYPE)


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI 3 description of this service."""
    return Response(_openapi_bytes(), content_type=JSON_MIME)

"""``GET /v1/rules`` (the active rules and their version) and ``POST /v1/rules/reload``."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, request

from ..app import state
from ..http import JSON_MIME, UnsupportedMediaType, json_response, media_type
from ..rules_watch import relative_location

bp = Blueprint("rules", __name__, url_prefix="/v1/rules")


def _rule_dict(rule: object, rules_dir: Path) -> dict:
    return {"id": getattr(rule, "id", ""), "kind": getattr(rule, "kind", ""),
            "file": relative_location(str(getattr(rule, "file", "")), rules_dir),
            "line": getattr(rule, "line", None),
            "description": getattr(rule, "description", "")}


@bp.get("")
def list_rules() -> Response:
    """Active rules with ids, files and lines, the version hash and the last reload."""
    st = state()
    rules = st.checker.rules
    rules_dir = Path(st.checker.rules_dir)
    return json_response({"version": rules.version, "rules_dir": rules_dir.name,
                          "count": len(rules.rules),
                          "rules": [_rule_dict(r, rules_dir) for r in rules.rules],
                          "last_reload": st.watcher.state.to_dict()})


@bp.post("/reload")
def reload_rules() -> Response:
    """Lint, compile and swap in the rules directory; 422 naming every problem otherwise.

    The request must say ``Content-Type: application/json`` (its body, if any, is ignored):
    a form another web site posts cannot, so such a page cannot trigger a reload."""
    kind = media_type()
    if kind != JSON_MIME and not kind.endswith("+json"):
        raise UnsupportedMediaType("POST /v1/rules/reload needs Content-Type: "
                                   f"{JSON_MIME}, got {request.mimetype or 'none'!r}")
    st = state()
    previous = st.checker.rules.version
    rules = st.watcher.reload("request")
    return json_response({"ok": True, "version": rules.version, "previous_version": previous,
                          "changed": rules.version != previous, "count": len(rules.rules)})

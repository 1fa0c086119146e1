"""``GET /v1/rules`` (the active rules and their version) and ``POST /v1/rules/reload``."""

from __future__ import annotations

from flask import Blueprint, Response

from ..app import state
from ..http import json_response

bp = Blueprint("rules", __name__, url_prefix="/v1/rules")


def _rule_dict(rule: object) -> dict:
    return {"id": getattr(rule, "id", ""), "kind": getattr(rule, "kind", ""),
            "file": str(getattr(rule, "file", "")), "line": getattr(rule, "line", None),
            "description": getattr(rule, "description", "")}


@bp.get("")
def list_rules() -> Response:
    """Active rules with ids, files and lines, the version hash and the last reload."""
    st = state()
    rules = st.checker.rules
    return json_response({"version": rules.version, "rules_dir": str(st.checker.rules_dir),
                          "count": len(rules.rules), "rules": [_rule_dict(r) for r in rules.rules],
                          "last_reload": st.watcher.state.to_dict()})


@bp.post("/reload")
def reload_rules() -> Response:
    """Lint, compile and swap in the rules directory; 422 naming every problem otherwise."""
    st = state()
    previous = st.checker.rules.version
    rules = st.watcher.reload("request")
    return json_response({"ok": True, "version": rules.version, "previous_version": previous,
                          "changed": rules.version != previous, "count": len(rules.rules)})

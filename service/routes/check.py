"""``POST /v1/check`` and ``POST /v1/check/batch``: validate input, call the checker, report.

No checking logic lives here: the request is turned into ``(text, Table)`` pairs, the
library's :class:`~depcheck.checker.Checker` does the rest, and its reports are returned
as they are, each naming the rules version it was checked with.
"""

from __future__ import annotations

import math
import time
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Blueprint, Response

from depcheck.errors import DepcheckError, InputError, LimitExceeded, TextTooLong
from depcheck.table import Table

from ..app import ServiceState, Settings, state
from ..http import (
    InvalidField,
    TooManyItems,
    elapsed_ms,
    json_response,
    read_json_object,
    time_budget,
)
from ..rules_watch import relative_location

bp = Blueprint("check", __name__, url_prefix="/v1")

CHECK_KEYS = frozenset({"text", "table", "table_id", "options"})
BATCH_KEYS = frozenset({"items", "options"})
ITEM_KEYS = frozenset({"id", "text", "table", "table_id"})
OPTION_KEYS = frozenset({"verdict_only", "time_budget_ms", "document", "top_k"})
MAX_TOP_K = 20


@dataclass(frozen=True)
class Item:
    """One statement and the table to check it against."""

    text: str
    table: Table | None  # None: find it among the catalogs (open domain)
    item_id: Any = None


@dataclass(frozen=True)
class Options:
    verdict_only: bool
    budget_s: float
    document: bool = False
    top_k: int = 5


def _reject_unknown(obj: dict, allowed: frozenset[str], where: str) -> None:
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise InvalidField(f"unknown field {where}{unknown[0]!r}; allowed: "
                           f"{', '.join(sorted(allowed))}", field=f"{where}{unknown[0]}")


SCALARS = (str, int, float, bool, type(None))


def table_from_json(data: Any, default_id: str, where: str = "table") -> Table:
    """A table object from a request: every cell and the caption a scalar (a string, a
    number, true/false or null), not an array or object nested who knows how deep."""
    if isinstance(data, dict):
        if not isinstance(data.get("id"), str | None):
            raise InvalidField(f"{where}.id must be a string", field=f"{where}.id")
        caption = data.get("caption")
        if not isinstance(caption, SCALARS):
            raise InvalidField(f"{where}.caption must be a string", field=f"{where}.caption")
        rows = data.get("rows")
        if isinstance(rows, list):
            for i, row in enumerate(rows):
                if not isinstance(row, list):
                    continue  # Table.from_dict names it
                for j, cell in enumerate(row):
                    if not isinstance(cell, SCALARS):
                        raise InvalidField(f"{where}.rows[{i}][{j}] must be a string, a number, "
                                           "true, false or null", field=f"{where}.rows[{i}][{j}]")
    return Table.from_dict(data, default_id=default_id)


def check_table_size(table: Table, settings: Settings, field: str = "table") -> Table:
    """Raise 413 for a table beyond the configured cells or rows."""
    if table.n_cells > settings.max_table_cells:
        raise LimitExceeded(f"table has {table.n_cells} cells; the limit is "
                            f"{settings.max_table_cells}", field=field)
    if table.n_rows > settings.max_rows:
        raise LimitExceeded(f"table has {table.n_rows} rows; the limit is {settings.max_rows}",
                            field=field)
    return table


def parse_item(obj: Any, st: ServiceState, where: str = "") -> Item:
    """Validate ``{text, table | table_id}`` and resolve the table."""
    if not isinstance(obj, dict):
        raise InvalidField(f"{where or 'body'} must be a JSON object", field=where or "body")
    if not isinstance(obj.get("id"), str | int | float | None) or isinstance(obj.get("id"), bool):
        raise InvalidField(f"{where}id must be a string or a number", field=f"{where}id")
    text = obj.get("text")
    if not isinstance(text, str):
        raise InvalidField(f"{where}text is required and must be a string", field=f"{where}text")
    if not text.strip():
        raise InputError(f"{where}text is empty", field=f"{where}text")
    limit = st.settings.max_text_chars
    if len(text) > limit:
        raise TextTooLong(f"{where}text has {len(text)} characters; the limit is {limit}",
                          field=f"{where}text")
    has_table, has_id = obj.get("table") is not None, obj.get("table_id") is not None
    if has_table and has_id:
        raise InvalidField(f"give at most one of {where}table (an object) or {where}table_id",
                           field=f"{where}table")
    if not (has_table or has_id):
        if where:
            raise InvalidField(f"{where}table or {where}table_id is required in a batch",
                               field=f"{where}table")
        return Item(text, None, obj.get("id"))
    if has_id:
        if not isinstance(obj["table_id"], str):
            raise InvalidField(f"{where}table_id must be a string", field=f"{where}table_id")
        table = st.catalog.get(obj["table_id"])
    else:
        table = check_table_size(table_from_json(obj["table"], "inline", f"{where}table"),
                                 st.settings, f"{where}table")
    return Item(text, table, obj.get("id"))


def clamp_budget_ms(asked: float, settings: Settings) -> float:
    """The budget a client asked for, held inside the server's range: a denormal, a
    microsecond or an infinity cannot switch the budget off or stretch it."""
    if not math.isfinite(asked):
        return settings.time_budget_ms
    return min(max(asked, settings.min_time_budget_ms), settings.time_budget_ms)


def parse_options(obj: Any, settings: Settings) -> Options:
    """Validate ``options``: ``verdict_only`` (bool), ``time_budget_ms`` (clamped to the
    server's ``[MIN_TIME_BUDGET_MS, TIME_BUDGET_MS]``)."""
    budget_ms = settings.time_budget_ms
    if obj is None:
        return Options(False, budget_ms / 1000.0)
    if not isinstance(obj, dict):
        raise InvalidField("options must be a JSON object", field="options")
    _reject_unknown(obj, OPTION_KEYS, "options.")
    verdict_only = obj.get("verdict_only", False)
    if not isinstance(verdict_only, bool):
        raise InvalidField("options.verdict_only must be true or false",
                           field="options.verdict_only")
    asked = obj.get("time_budget_ms")
    if asked is not None:
        if isinstance(asked, bool) or not isinstance(asked, int | float) or not asked > 0:
            raise InvalidField("options.time_budget_ms must be a positive number",
                               field="options.time_budget_ms")
        budget_ms = clamp_budget_ms(float(asked), settings)
    document = obj.get("document", False)
    if not isinstance(document, bool):
        raise InvalidField("options.document must be true or false", field="options.document")
    top_k = obj.get("top_k", 5)
    if isinstance(top_k, bool) or not isinstance(top_k, int) or not 1 <= top_k <= MAX_TOP_K:
        raise InvalidField(f"options.top_k must be a whole number from 1 to {MAX_TOP_K}",
                           field="options.top_k")
    return Options(verdict_only, budget_ms / 1000.0, document, top_k)


def memory_zone(checker: Any):
    """spaCy's memory zone around one request: the strings and vocabulary entries its texts
    add are dropped when it ends, so a worker's vocabulary does not grow with every new word
    clients send (the reports are plain Python objects, made inside the zone)."""
    zone = getattr(getattr(checker, "nlp", None), "memory_zone", None)
    return zone() if zone is not None else nullcontext()


def report_dict(report: Any, item: Item, st: ServiceState, verdict_only: bool) -> dict:
    """The report object, always naming its table and rules version."""
    st.metrics.observe_verdict(report.verdict)
    out = report.to_dict()
    rules_dir = Path(st.checker.rules_dir)
    for h in out.get("hypotheses") or ():
        if h.get("rule_location"):
            h["rule_location"] = relative_location(h["rule_location"], rules_dir)
    out["rules_version"] = out.get("rules_version") or st.checker.rules.version
    out["table_id"] = out.get("table_id") or (item.table.id if item.table else None)
    if item.item_id is not None:
        out["id"] = item.item_id
    if verdict_only:
        keep = ("id", "verdict", "text", "table_id", "rules_version", "timing_ms")
        out = {k: out[k] for k in keep if k in out}
    return out


@bp.post("/check")
def check() -> Response:
    """Check one statement against an inline table or a catalog table."""
    st = state()
    body = read_json_object()
    _reject_unknown(body, CHECK_KEYS, "")
    options = parse_options(body.get("options"), st.settings)
    item = parse_item(body, st)
    with memory_zone(st.checker), time_budget(options.budget_s):
        if item.table is None:  # no table given: retrieve it from the catalogs
            if options.document:
                raise InvalidField("options.document needs table or table_id",
                                   field="options.document")
            report = st.open_domain.check(st.checker, st.catalog, item.text, options.top_k)
        elif options.document:  # a document: facts plus every claimed number (AggChecker)
            report = st.checker.check_document(item.text, item.table)
        else:
            report = st.checker.check(item.text, item.table)
        out = report_dict(report, item, st, options.verdict_only)
    return json_response(out)


@bp.post("/check/batch")
def check_batch() -> Response:
    """Check many statements in one parse pass; reports (or per-item errors) in order."""
    st = state()
    t0 = time.perf_counter()
    body = read_json_object()
    _reject_unknown(body, BATCH_KEYS, "")
    options = parse_options(body.get("options"), st.settings)
    items = body.get("items")
    if not isinstance(items, list) or not items:
        raise InvalidField("items must be a non-empty list", field="items")
    if len(items) > st.settings.max_batch_items:
        raise TooManyItems(f"{len(items)} items; the limit per batch is "
                           f"{st.settings.max_batch_items}", field="items")
    parsed: list[Item | DepcheckError] = []
    for i, raw in enumerate(items):
        where = f"items[{i}]."
        try:
            if isinstance(raw, dict):
                _reject_unknown(raw, ITEM_KEYS, where)
            parsed.append(parse_item(raw, st, where))
        except DepcheckError as exc:
            parsed.append(exc)
    valid = [p for p in parsed if isinstance(p, Item)]
    out: list[dict] = []
    with memory_zone(st.checker):
        with time_budget(options.budget_s):
            results = iter(st.checker.check_batch([(p.text, p.table) for p in valid])
                           if valid else [])
        for p in parsed:
            result = p if isinstance(p, DepcheckError) else next(results)
            if isinstance(result, DepcheckError):
                out.append({"error": result.to_dict()})
            else:
                out.append(report_dict(result, p, st, options.verdict_only))
    n_errors = sum(1 for o in out if "error" in o)
    return json_response({"rules_version": st.checker.rules.version, "count": len(out),
                          "errors": n_errors, "reports": out, "timing_ms": elapsed_ms(t0)})

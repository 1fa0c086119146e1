"""The Flask app factory: one checker, one catalog, one rules watcher, one metrics registry.

``create_app(config)`` builds everything once (spaCy, vectors and rules load eagerly in
the :class:`~depcheck.checker.Checker`), so gunicorn's ``preload_app`` loads them in the
master and the forked workers share the pages.  ``config`` keys (all optional; each also
read from a ``DEPCHECK_<KEY>`` environment variable):

=====================  ===============================================================
``DATA_DIR``           table catalog directory (default ``~/.local/share/depcheck/tables``)
``RULES_DIR``          rules directory to serve (default: the library's ``Config``)
``MAX_BODY_BYTES``     request body limit, 413 beyond (default 8 MiB)
``MAX_TEXT_CHARS``     statement length limit, 413 beyond (default ``Config.max_text_chars``)
``MAX_BATCH_ITEMS``    items per batch, 413 beyond (default 64)
``MAX_TABLE_CELLS``    cells per table, 413 beyond (default ``Config.max_table_cells``)
``TIME_BUDGET_MS``     per-request budget for checking, 503 beyond (default 2000)
``RULES_POLL_SECONDS`` how often a request may look for changed rule files (0: never)
``METRICS_DIR``        directory where workers share metric snapshots (default: none)
``DEMO_CATALOG``       embedded table registered as ``demo`` (default: the library's)
``WARMUP``             run one check on a catalog table before serving (default true)
``DEPCHECK_CONFIG``    a ready :class:`depcheck.config.Config`
``CHECKER``            a ready checker to serve (tests share one across apps)
=====================  ===============================================================
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, g, request

from depcheck.config import Config
from depcheck.errors import DepcheckError

from .catalogs import Catalog, default_data_dir, load_embedded
from .http import OrjsonProvider, register_error_handlers
from .metrics import Metrics
from .opendomain import CatalogCorpus
from .rules_watch import RulesWatcher

log = logging.getLogger("depcheck.service")

DEMO_CATALOG = Path(__file__).resolve().parent.parent / "depcheck" / "data" / "demo_catalog.json"


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in ("", "0", "false", "no", "off")
    return bool(value)


@dataclass(frozen=True)
class Settings:
    """The service's own limits and locations (the checker's live in ``Config``)."""

    data_dir: Path
    max_body_bytes: int
    max_text_chars: int
    max_batch_items: int
    max_table_cells: int
    max_rows: int
    time_budget_ms: float
    rules_poll_seconds: float
    metrics_dir: Path | None
    demo_catalog: Path
    warmup: bool

    @classmethod
    def from_mapping(cls, config: Mapping[str, Any], dc: Config) -> Settings:
        """Values from ``config``, else ``DEPCHECK_<KEY>`` in the environment, else defaults."""

        def pick(key: str, default: Any, cast: Callable[[Any], Any]) -> Any:
            if key in config and config[key] is not None:
                return cast(config[key])
            env = os.environ.get(f"DEPCHECK_{key}")
            return cast(env) if env not in (None, "") else default

        metrics_dir = pick("METRICS_DIR", None, Path)
        return cls(
            data_dir=pick("DATA_DIR", None, Path) or default_data_dir(),
            max_body_bytes=pick("MAX_BODY_BYTES", 8 * 1024 * 1024, int),
            max_text_chars=pick("MAX_TEXT_CHARS", dc.max_text_chars, int),
            max_batch_items=pick("MAX_BATCH_ITEMS", 64, int),
            max_table_cells=pick("MAX_TABLE_CELLS", dc.max_table_cells, int),
            max_rows=dc.max_rows,
            time_budget_ms=pick("TIME_BUDGET_MS", 2000.0, float),
            rules_poll_seconds=pick("RULES_POLL_SECONDS", 1.0, float),
            metrics_dir=metrics_dir,
            demo_catalog=pick("DEMO_CATALOG", DEMO_CATALOG, Path),
            warmup=pick("WARMUP", True, _truthy),
        )


@dataclass(frozen=True)
class ServiceState:
    """What the blueprints share, stored in ``app.extensions["depcheck"]``."""

    checker: Any
    catalog: Catalog
    watcher: RulesWatcher
    metrics: Metrics
    settings: Settings
    started_at: float
    open_domain: CatalogCorpus = field(default_factory=CatalogCorpus)


def state() -> ServiceState:
    """The current app's :class:`ServiceState`."""
    return current_app.extensions["depcheck"]


def _depcheck_config(config: Mapping[str, Any]) -> Config:
    if isinstance(config.get("DEPCHECK_CONFIG"), Config):
        return config["DEPCHECK_CONFIG"]
    overrides: dict[str, Any] = {}
    if config.get("RULES_DIR"):
        overrides["rules_dir"] = Path(config["RULES_DIR"])
    return Config.from_env(**overrides)


def create_app(config: dict | None = None) -> Flask:
    """Build the service: load the checker, the catalog and the rules once."""
    config = dict(config or {})
    dc = _depcheck_config(config)
    settings = Settings.from_mapping(config, dc)

    app = Flask(__name__)
    app.json = OrjsonProvider(app)
    app.config.update({k: v for k, v in config.items() if k.isupper() and k != "CHECKER"})
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes

    checker = config.get("CHECKER")
    if checker is None:
        from depcheck.checker import Checker  # the heavy import, only when serving

        checker = Checker(dc)
    catalog = Catalog(settings.data_dir, load_embedded(settings.demo_catalog))
    catalog.load_all()
    # Catalog tables teach the checker each column's value domain (what counts as a colour,
    # an area ...); loading them here, before the fork, gives every worker the same view.
    checker.set_domains(catalog.tables())
    if settings.warmup:
        _warm_up(checker, catalog)
    metrics = Metrics(settings.metrics_dir, rules_version=lambda: checker.rules.version)
    watcher = RulesWatcher(checker, settings.rules_poll_seconds, on_reload=metrics.observe_reload)
    app.extensions["depcheck"] = ServiceState(checker, catalog, watcher, metrics, settings,
                                              time.time())

    from .routes import check, ops, page, rules, tables

    for blueprint in (check.bp, tables.bp, rules.bp, ops.bp, page.bp):
        app.register_blueprint(blueprint)
    register_error_handlers(app)
    _register_hooks(app)
    log.info("depcheck service ready: rules %s from %s, %d tables in %s",
             checker.rules.version, checker.rules_dir, len(catalog.ids()), settings.data_dir)
    return app


def _warm_up(checker: Any, catalog: Catalog) -> None:
    """One check before the fork, so lazy set-up is paid once in the master, not per worker.

    It uses a catalog table (the demo first), never a made-up one: checking a table teaches
    the checker that table's column domains, and a synthetic table would skew linking.
    """
    tables = catalog.tables()
    if not tables:
        return
    table = next((t for t in tables if t.id == "demo"), tables[0])
    row = table.rows[0]
    text = f"{row[0]} has a {table.columns[-1]} of {row[-1]}."
    t0 = time.perf_counter()
    try:
        checker.check(text, table)
    except DepcheckError as exc:  # a warm-up that the checker rejects is no reason not to serve
        log.warning("warm-up check on table %r rejected: %s", table.id, exc)
    log.info("warm-up check on table %r took %.1f ms", table.id, (time.perf_counter() - t0) * 1e3)


def _register_hooks(app: Flask) -> None:
    @app.before_request
    def _start() -> None:
        g.t0 = time.perf_counter()
        if request.endpoint != "rules.reload_rules":  # that one reloads anyway, and reports
            state().watcher.poll()                    # the change against what was serving

    @app.after_request
    def _count(response: Response) -> Response:
        t0 = g.get("t0")
        if t0 is not None:
            seconds = time.perf_counter() - t0
            rule = request.url_rule.rule if request.url_rule is not None else "unmatched"
            state().metrics.observe_request(rule, request.method, response.status_code, seconds)
            # lets a caller tell time spent in the service from time on the way to it
            response.headers["Server-Timing"] = f"app;dur={seconds * 1000:.3f}"
        return response

"""The Flask app factory: one checker, one catalog, one rules watcher, one metrics registry.

``create_app(config)`` builds everything once (spaCy, vectors and rules load eagerly in
the :class:`~depcheck.checker.Checker`), so gunicorn's ``preload_app`` loads them in the
master and the forked workers share the pages.  ``config`` keys (all optional; each also
read from a ``DEPCHECK_<KEY>`` environment variable):

=====================  ===============================================================
``DATA_DIR``           table catalog directory (default ``~/.local/share/depcheck/tables``)
``STORE``              catalog store URL: a directory, ``file://DIR`` or ``postgresql://...``
                       (default: the directory store in ``DATA_DIR``); see depcheck.store
``RULES_DIR``          rules directory to serve (default: the library's ``Config``)
``MAX_BODY_BYTES``     request body limit, 413 beyond (default 8 MiB)
``MAX_TEXT_CHARS``     statement length limit, 413 beyond (default ``Config.max_text_chars``)
``MAX_BATCH_ITEMS``    items per batch, 413 beyond (default 64)
``MAX_TABLE_CELLS``    cells per table, 413 beyond (default ``Config.max_table_cells``)
``TIME_BUDGET_MS``     per-request budget for checking, 503 beyond (default 2000); a
                       client's ``options.time_budget_ms`` is clamped to at most this
``MIN_TIME_BUDGET_MS`` the least budget a client can ask for (default 1)
``RULES_POLL_SECONDS`` how often a request may look for changed rule files (0: never)
``CATALOG_CACHE_BYTES`` parsed catalog tables kept per worker, by stored bytes (256 MiB)
``RULES_ALLOW_REMOVAL`` accept reloads that drop rules (default false: refused)
``API_KEYS``           API keys, comma-separated (``KEY [rate=N]``): see :mod:`service.auth`
``API_KEY_FILE``       a file of API keys, one a line
``AUTH``               ``writes`` (default: keys for PUT/DELETE/reload) or ``all``
``MAX_TABLES``         stored tables at most, 507 beyond (default 10,000)
``MAX_STORED_BYTES``   bytes of stored tables at most, 507 beyond (default 1 GiB)
``METRICS_DIR``        directory where workers share metric snapshots (default: none)
``DEMO_CATALOG``       embedded table registered as ``demo`` (default: the library's)
``WARMUP``             run one check on a catalog table before serving (default true)
``DEPCHECK_CONFIG``    a ready :class:`depcheck.config.Config`
``CHECKER``            a ready checker to serve (tests share one across apps)
=====================  ===============================================================
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, g, request

from depcheck.config import Config
from depcheck.errors import DepcheckError

from .auth import Auth
from .catalogs import (
    DEFAULT_CACHE_BYTES,
    CatalogStore,
    default_data_dir,
    load_embedded,
    open_store,
)
from .domains import CatalogDomains
from .http import OrjsonProvider, add_security_headers, register_error_handlers
from .metrics import Metrics
from .opendomain import CatalogCorpus
from .rules_watch import RulesWatcher

log = logging.getLogger("depcheck.service")

DEMO_CATALOG = Path(__file__).resolve().parent.parent / "depcheck" / "data" / "demo_catalog.json"


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in ("", "0", "false", "no", "off")
    return bool(value)


def _positive(key: str, value: float) -> float:
    """A time budget of the server: finite and positive (no setting turns the bound off)."""
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"DEPCHECK_{key} must be a positive number of milliseconds, "
                         f"got {value!r}")
    return value


@dataclass(frozen=True)
class Settings:
    """The service's own limits and locations (the checker's live in ``Config``)."""

    data_dir: Path
    store: str | None
    max_body_bytes: int
    max_text_chars: int
    max_batch_items: int
    max_table_cells: int
    max_rows: int
    time_budget_ms: float
    min_time_budget_ms: float
    rules_poll_seconds: float
    rules_allow_removal: bool
    metrics_dir: Path | None
    catalog_cache_bytes: int
    max_tables: int
    max_stored_bytes: int
    api_keys: str
    api_key_file: Path | None
    auth: str
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
            store=pick("STORE", None, str) or None,
            max_body_bytes=pick("MAX_BODY_BYTES", 8 * 1024 * 1024, int),
            max_text_chars=pick("MAX_TEXT_CHARS", dc.max_text_chars, int),
            max_batch_items=pick("MAX_BATCH_ITEMS", 64, int),
            max_table_cells=pick("MAX_TABLE_CELLS", dc.max_table_cells, int),
            max_rows=dc.max_rows,
            time_budget_ms=_positive("TIME_BUDGET_MS", pick("TIME_BUDGET_MS", 2000.0, float)),
            min_time_budget_ms=_positive("MIN_TIME_BUDGET_MS",
                                         pick("MIN_TIME_BUDGET_MS", 1.0, float)),
            rules_poll_seconds=pick("RULES_POLL_SECONDS", 1.0, float),
            rules_allow_removal=pick("RULES_ALLOW_REMOVAL", False, _truthy),
            metrics_dir=metrics_dir,
            catalog_cache_bytes=pick("CATALOG_CACHE_BYTES", DEFAULT_CACHE_BYTES, int),
            max_tables=pick("MAX_TABLES", 10_000, int),
            max_stored_bytes=pick("MAX_STORED_BYTES", 1024 ** 3, int),
            api_keys=pick("API_KEYS", "", str),
            api_key_file=pick("API_KEY_FILE", None, Path),
            auth=pick("AUTH", "writes", lambda v: str(v).strip().lower()),
            demo_catalog=pick("DEMO_CATALOG", DEMO_CATALOG, Path),
            warmup=pick("WARMUP", True, _truthy),
        )


@dataclass(frozen=True)
class ServiceState:
    """What the blueprints share, stored in ``app.extensions["depcheck"]``."""

    checker: Any
    catalog: CatalogStore
    watcher: RulesWatcher
    metrics: Metrics
    settings: Settings
    started_at: float
    domains: CatalogDomains
    auth: Auth
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
    auth = Auth.from_settings(settings.api_keys, settings.api_key_file, settings.auth)
    catalog = open_store(settings.store or settings.data_dir,
                         load_embedded(settings.demo_catalog),
                         cache_bytes=settings.catalog_cache_bytes, max_tables=settings.max_tables,
                         max_bytes=settings.max_stored_bytes)
    catalog.remove_stale_temporaries()
    catalog.load_all()
    # Catalog tables teach the checker each column's value domain (what counts as a colour,
    # an area ...); worked out here, before the fork, every worker starts with the same
    # view, and each brings it up to the store before a check (service.domains).
    domains = CatalogDomains(checker, catalog)
    domains.sync()
    if settings.warmup:
        _warm_up(checker, catalog)
    metrics = Metrics(settings.metrics_dir, rules_version=lambda: checker.rules.version)
    watcher = RulesWatcher(checker, settings.rules_poll_seconds, on_reload=metrics.observe_reload,
                           allow_removal=settings.rules_allow_removal)
    app.extensions["depcheck"] = ServiceState(checker, catalog, watcher, metrics, settings,
                                              time.time(), domains, auth)

    from .routes import check, ops, page, rules, tables

    for blueprint in (check.bp, tables.bp, rules.bp, ops.bp, page.bp):
        app.register_blueprint(blueprint)
    register_error_handlers(app)
    _register_hooks(app)
    log.info("depcheck service ready: rules %s from %s, %d tables in %s",
             checker.rules.version, checker.rules_dir, len(catalog.ids()), catalog.describe())
    return app


def _warm_up(checker: Any, catalog: CatalogStore) -> None:
    """One check before the fork, so lazy set-up is paid once in the master, not per worker.

    It uses a catalog table (the demo first); checking it changes nothing a later check
    sees (domains come from the catalog only, see :mod:`service.domains`).
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
        state().auth.check(request.endpoint, request.headers.get("Authorization"))
        if request.endpoint != "rules.reload_rules":  # that one reloads anyway, and reports
            state().watcher.poll()                    # the change against what was serving
        if request.blueprint == "check":  # checks use the stored catalogs' column domains
            state().domains.sync()

    @app.after_request
    def _count(response: Response) -> Response:
        t0 = g.get("t0")
        if t0 is not None:
            seconds = time.perf_counter() - t0
            rule = request.url_rule.rule if request.url_rule is not None else "unmatched"
            state().metrics.observe_request(rule, request.method, response.status_code, seconds)
            # lets a caller tell time spent in the service from time on the way to it
            response.headers["Server-Timing"] = f"app;dur={seconds * 1000:.3f}"
        return add_security_headers(response)

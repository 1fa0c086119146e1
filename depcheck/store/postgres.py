"""The PostgreSQL store: one catalog shared by any number of service replicas.

One row per table in ``depcheck_tables (id, body, version, updated_at)``; ``body`` is the
table's JSON and ``version`` a number drawn from one sequence on every write, so a version
names one stored body for the life of the database (a table deleted and stored again gets a
new one).  A write is one transaction (an upsert or a delete, and a ``pg_notify`` on the
channel ``depcheck_tables`` with the table's id, delivered on commit): a reader sees the
whole old table or the whole new one, never a mix.

Each process keeps parsed tables in memory (LRU by stored bytes) and a *listener*: a thread
with its own connection that ``LISTEN``s on the channel and drops a cached table as soon as
any replica changes it (in practice milliseconds; the bound is one second).  While the
listener is not connected (start, a database restart), reads do not trust the cache: they
ask the database for the version and reuse a cached parse only when it matches.  A read
racing a change never caches what it read after a notification it did not see (a
generation counter), so no replica keeps a stale table.

Connections are per process: gunicorn forks workers from a master that already used the
store, and a worker never touches the master's sockets (it opens its own on first use).

psycopg 3 (``psycopg[binary]``) is the driver: a maintained, typed libpq binding whose
``Connection.notifies()`` makes the listener a plain loop.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import weakref
from dataclasses import dataclass
from functools import partial

import orjson

from ..errors import TableError, UnknownTable
from ..table import Table
from .base import (
    DEFAULT_CACHE_BYTES,
    ByteLRU,
    ReadOnlyTable,
    StorageFull,
    StoreUnavailable,
    content_version,
    parse_stored,
    stored_or_embedded,
    validate_id,
)

log = logging.getLogger("depcheck.store.postgres")

CHANNEL = "depcheck_tables"
SCHEMA = """
CREATE TABLE IF NOT EXISTS depcheck_tables (
    id text PRIMARY KEY,
    body bytea NOT NULL,
    version bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE SEQUENCE IF NOT EXISTS depcheck_table_versions;
"""
RECONNECT_SECONDS = 0.5


@dataclass(frozen=True)
class _Entry:
    table: Table
    version: str
    size: int


def _fresh_locks(ref) -> None:
    """In a forked child: the store's lock and listener event made new (see __init__)."""
    store = ref()
    if store is not None:
        store._lock = threading.RLock()
        store._listener_ready = threading.Event()


def _redact(url: str) -> str:
    """The URL without its password, for logs."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, cred = head.partition("://")
    return f"{scheme}://{cred.split(':', 1)[0]}@{tail}"


class PostgresStore:
    """Tables by id in PostgreSQL, then embedded tables (the demo)."""

    kind = "postgres"

    def __init__(self, url: str, embedded: dict[str, Table] | None = None, *,
                 cache_bytes: int = DEFAULT_CACHE_BYTES, max_tables: int | None = None,
                 max_bytes: int | None = None, listen: bool = True) -> None:
        import psycopg  # noqa: F401 - fail here, with the URL, when the driver is missing

        self.url = url
        self.cache_bytes = int(cache_bytes)
        self.max_tables = max_tables
        self.max_bytes = max_bytes
        self.listen = listen
        self._embedded: dict[str, Table] = dict(embedded or {})
        self._embedded_versions = {k: content_version(orjson.dumps(t.to_dict()))
                                   for k, t in self._embedded.items()}
        self._lock = threading.RLock()  # the cache and the query connection
        # a fork while another thread (the listener, at its connect) holds the lock would
        # leave the child a lock no thread of its own can release: the child starts with
        # new ones (gunicorn forks its workers from a master whose listener runs)
        os.register_at_fork(after_in_child=partial(_fresh_locks, weakref.ref(self)))
        self._cache = ByteLRU(self.cache_bytes)
        self._generation = 0  # bumped by every notification and listener (re)connect
        self._listening = False
        self._closed = False
        self._pid = -1
        self._conn = None
        self._inherited: list = []  # a parent's connections: never used nor closed here
        self._listener: threading.Thread | None = None
        self._listener_ready = threading.Event()
        self._ensure()
        self._create_schema()

    # -- connections -------------------------------------------------------------------------

    def describe(self) -> str:
        return _redact(self.url)

    def _ensure(self) -> None:
        """Connections and the listener of *this* process (after a fork, new ones)."""
        if self._pid == os.getpid():
            return
        with self._lock:
            if self._pid == os.getpid():
                return
            if self._conn is not None:
                self._inherited.append(self._conn)
            self._conn = None
            self._cache.clear()
            self._listening = False
            self._listener_ready.clear()
            self._pid = os.getpid()
            if self.listen:
                self._listener = threading.Thread(target=self._listen, name="depcheck-listen",
                                                  daemon=True)
                self._listener.start()

    def _connect(self):
        import psycopg

        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.OperationalError as exc:
            raise StoreUnavailable(f"catalog store {self.describe()} unreachable: "
                                   f"{str(exc).strip().splitlines()[0]}") from None

    def _run(self, work):
        """``work(conn)`` on this process's connection; one reconnect on a broken one."""
        import psycopg

        self._ensure()
        with self._lock:
            for attempt in (0, 1):
                if self._conn is None or self._conn.closed:
                    self._conn = self._connect()
                try:
                    return work(self._conn)
                except psycopg.OperationalError as exc:
                    self._conn = None
                    if attempt:
                        raise StoreUnavailable(
                            f"catalog store {self.describe()}: "
                            f"{str(exc).strip().splitlines()[0]}") from None
        raise AssertionError("unreachable")

    def _create_schema(self) -> None:
        def work(conn):
            with conn.transaction():
                # two replicas starting at once must not both create the table
                conn.execute("SELECT pg_advisory_xact_lock(hashtext('depcheck_schema'))")
                conn.execute(SCHEMA)

        self._run(work)

    def _listen(self) -> None:
        import psycopg

        while not self._closed and self._pid == os.getpid():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    with self._lock:  # notifications may have been missed until now
                        self._forget_all()
                        self._listening = True
                    self._listener_ready.set()
                    while not self._closed:
                        for note in conn.notifies(timeout=0.5):
                            with self._lock:
                                self._generation += 1
                                self._forget(note.payload)
            except psycopg.Error as exc:
                log.warning("catalog change listener lost its connection (%s); "
                            "reconnecting", str(exc).strip().splitlines()[0] if str(exc) else exc)
            finally:
                with self._lock:
                    self._listening = False
                    self._generation += 1
            if not self._closed:
                time.sleep(RECONNECT_SECONDS)

    def wait_listening(self, timeout: float = 10.0) -> bool:
        """Block until the change listener is connected (tests, start-up)."""
        self._ensure()
        return self._listener_ready.wait(timeout)

    def close(self) -> None:
        self._closed = True
        with self._lock:
            if self._conn is not None and self._pid == os.getpid():
                self._conn.close()
            self._conn = None
        if self._listener is not None and self._pid == os.getpid():
            self._listener.join(timeout=2.0)

    def change_token(self) -> tuple[object, bool] | None:
        """A token that changes with every change any replica makes (the notifications
        seen), and whether an unchanged token proves nothing changed (only while the
        listener is connected)."""
        self._ensure()
        return self._generation, self._listening

    # -- cache ---------------------------------------------------------------------------------

    def _remember(self, table_id: str, entry: _Entry, generation: int) -> None:
        with self._lock:
            if generation != self._generation:  # a change arrived meanwhile: do not cache
                return
            self._cache.put(table_id, entry)

    def _forget(self, table_id: str) -> None:
        self._cache.pop(table_id)

    def _forget_all(self) -> None:
        self._cache.clear()
        self._generation += 1

    @property
    def cached_bytes(self) -> int:
        return self._cache.bytes

    def cached_ids(self) -> list[str]:
        with self._lock:
            return self._cache.keys()

    @staticmethod
    def _parse(table_id: str, body: bytes, version: int) -> _Entry:
        body = bytes(body)
        return _Entry(parse_stored(table_id, body), str(version), len(body))

    # -- reading -------------------------------------------------------------------------------

    def _stored_entry(self, table_id: str) -> _Entry | None:
        self._ensure()
        with self._lock:
            entry = self._cache.peek(table_id)
            if entry is not None and self._listening:
                self._cache.touch(table_id)
                return entry
            generation = self._generation
        if entry is not None:  # no listener: the cached parse serves only the same version
            row = self._run(lambda c: c.execute(
                "SELECT version FROM depcheck_tables WHERE id = %s", (table_id,)).fetchone())
            if row is not None and str(row[0]) == entry.version:
                return entry
        row = self._run(lambda c: c.execute(
            "SELECT body, version FROM depcheck_tables WHERE id = %s", (table_id,)).fetchone())
        if row is None:
            with self._lock:
                self._forget(table_id)
            return None
        entry = self._parse(table_id, row[0], row[1])
        self._remember(table_id, entry, generation)
        return entry

    def get(self, table_id: str) -> Table:
        return self.get_versioned(table_id)[0]

    def get_versioned(self, table_id: str) -> tuple[Table, str]:
        validate_id(table_id)
        return stored_or_embedded(table_id, self._stored_entry(table_id), self._embedded,
                                  self._embedded_versions)

    def _stored_versions(self) -> dict[str, str]:
        rows = self._run(lambda c: c.execute(
            "SELECT id, version FROM depcheck_tables").fetchall())
        return {table_id: str(version) for table_id, version in rows}

    def snapshot(self) -> dict[str, tuple[Table, str]]:
        """``{id: (table, version)}`` of every readable table: stored tables at one moment
        (one query for the versions, one for the bodies not cached at those versions)."""
        self._ensure()
        with self._lock:
            generation = self._generation
        versions = self._stored_versions()
        out: dict[str, tuple[Table, str]] = {}
        missing = []
        with self._lock:
            for table_id, version in versions.items():
                entry = self._cache.peek(table_id)
                if entry is not None and entry.version == version:
                    out[table_id] = (entry.table, version)
                else:
                    missing.append(table_id)
        if missing:
            rows = self._run(lambda c: c.execute(
                "SELECT id, body, version FROM depcheck_tables WHERE id = ANY(%s)",
                (missing,)).fetchall())
            for table_id, body, version in rows:
                try:
                    entry = self._parse(table_id, body, version)
                except TableError as exc:
                    log.warning("skipping stored table: %s", exc)
                    continue
                self._remember(table_id, entry, generation)
                out[table_id] = (entry.table, entry.version)
        for table_id, table in self._embedded.items():
            if table_id not in versions:
                out[table_id] = (table, self._embedded_versions[table_id])
        return dict(sorted(out.items()))

    def versions(self) -> dict[str, str]:
        return {table_id: version for table_id, (_, version) in self.snapshot().items()}

    def tables(self) -> list[Table]:
        return [table for table, _ in self.snapshot().values()]

    def ids(self) -> list[str]:
        return sorted(set(self._stored_versions()) | set(self._embedded))

    def summaries(self) -> list[dict]:
        stored = self._stored_versions()
        return [{"id": t.id, "caption": t.caption, "columns": list(t.columns),
                 "n_rows": t.n_rows, "n_cells": t.n_cells,
                 "source": "postgres" if t.id in stored else "embedded"}
                for t in self.tables()]

    def load_all(self) -> list[str]:
        """Read every stored table now (at start); return one message per unreadable one."""
        problems = []
        for table_id in self._stored_versions():
            try:
                self.get(table_id)
            except TableError as exc:
                problems.append(f"{table_id}: {exc}")
        for problem in problems:
            log.warning("skipping stored table: %s", problem)
        return problems

    def remove_stale_temporaries(self) -> list[str]:
        """Nothing to remove: an unfinished write is a rolled-back transaction."""
        return []

    def usage(self) -> dict[str, int]:
        rows = self._run(lambda c: c.execute(
            "SELECT id, octet_length(body) FROM depcheck_tables").fetchall())
        return dict(rows)

    # -- writing -------------------------------------------------------------------------------

    def put(self, table_id: str, table: Table) -> tuple[Table, bool, str]:
        """Store ``table`` under ``table_id`` in one transaction; return it, whether it was
        new and its version."""
        validate_id(table_id)
        stored = Table(id=table_id, columns=table.columns, rows=table.rows, caption=table.caption)
        payload = orjson.dumps(stored.to_dict())
        with self._lock:
            generation = self._generation

        def work(conn):
            with conn.transaction():
                self._check_caps(conn, table_id, len(payload))
                version, created = conn.execute(
                    "INSERT INTO depcheck_tables (id, body, version) "
                    "VALUES (%s, %s, nextval('depcheck_table_versions')) "
                    "ON CONFLICT (id) DO UPDATE SET body = EXCLUDED.body, "
                    "version = EXCLUDED.version, updated_at = now() "
                    "RETURNING version, (xmax = 0)", (table_id, payload)).fetchone()
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))
            return version, created

        version, created = self._run(work)
        self._remember(table_id, _Entry(stored, str(version), len(payload)), generation)
        return stored, bool(created), str(version)

    def _check_caps(self, conn, table_id: str, size: int) -> None:
        """507 when storing ``size`` bytes under ``table_id`` passes a cap (soft: two
        replicas storing at once may both pass it by one table)."""
        if self.max_tables is None and self.max_bytes is None:
            return
        count, total = conn.execute(
            "SELECT count(*), coalesce(sum(octet_length(body)), 0) FROM depcheck_tables "
            "WHERE id <> %s", (table_id,)).fetchone()
        if self.max_tables is not None and count + 1 > self.max_tables:
            raise StorageFull(f"the catalog holds {count} tables, the limit is "
                              f"{self.max_tables}; delete one first", field="table_id")
        total += size
        if self.max_bytes is not None and total > self.max_bytes:
            raise StorageFull(f"storing this table ({size} bytes) would bring the catalog to "
                              f"{total} bytes, the limit is {self.max_bytes}", field="body")

    def delete(self, table_id: str) -> None:
        """Remove the stored table; :class:`UnknownTable` if absent, 409 if embedded only."""
        validate_id(table_id)

        def work(conn):
            with conn.transaction():
                row = conn.execute("DELETE FROM depcheck_tables WHERE id = %s RETURNING id",
                                   (table_id,)).fetchone()
                if row is not None:
                    conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))
            return row

        row = self._run(work)
        with self._lock:
            self._forget(table_id)
        if row is None:
            if table_id in self._embedded:
                raise ReadOnlyTable(f"table {table_id!r} is embedded in the service and "
                                    "cannot be deleted", field="table_id")
            raise UnknownTable(f"unknown table_id {table_id!r}", field="table_id")

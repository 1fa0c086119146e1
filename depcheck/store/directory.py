"""The directory store: table catalogs on disk, shared by every gunicorn worker (the
embedded default; ``make run`` uses it).

One table per file, ``<id>.json`` in the data directory.  Writes are atomic (a temp file in
the same directory, fsync, ``os.replace``, fsync of the directory), so an acknowledged
upload survives a restart or a killed worker and a reader never sees half a file.

Each worker keeps parsed tables in memory keyed by id and revalidates an entry with one
``stat`` per access (device, inode, size, mtime): a table uploaded, replaced or deleted
through another worker is seen on the next request without any messaging between
processes.  A writer stamps its cache entry from its own open file (``fstat`` before the
rename), never from the path after it, so two writers racing on one id cannot leave a
worker holding one body under the other's stamp.  Every table carries a ``version`` (a
hash of its stored bytes) that the service hands out as an ETag and keys derived state by.

Temporary files of writes that never finished (a killed worker) are removed at start.

Ids are matched against :data:`TABLE_ID_RE` before they touch the file system, so no id
can name a path outside the directory (no separators, no leading dot, no ``..``).
Embedded tables (the bundled demo) live in memory only; a file with the same id overrides
them, and they cannot be deleted.
"""

from __future__ import annotations

import logging
import os
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import orjson

from ..errors import TableError, UnknownTable
from ..table import Table
from .base import (
    DEFAULT_CACHE_BYTES,
    TABLE_ID_RE,
    ByteLRU,
    InvalidTableId,
    ReadOnlyTable,
    StorageFull,
    content_version,
    parse_stored,
    stored_or_embedded,
    validate_id,
)

log = logging.getLogger("depcheck.store.directory")

SUFFIX = ".json"
TMP_SUFFIX = ".tmp"
STALE_TMP_SECONDS = 60.0  # an unfinished write this old is no write in progress
RECENT_SECONDS = 2.0  # a directory changed this recently may change again in one clock tick

__all__ = ["DEFAULT_CACHE_BYTES", "TABLE_ID_RE", "Catalog", "DirectoryStore", "InvalidTableId",
           "ReadOnlyTable", "StorageFull", "content_version", "default_data_dir",
           "load_embedded", "validate_id"]


@dataclass(frozen=True)
class _Entry:
    """A parsed table, the file identity it was read from and its content version."""

    table: Table
    stamp: tuple[int, ...]
    version: str
    size: int = 0  # bytes of the stored JSON: what the cache bound counts


def _stamp(st: os.stat_result) -> tuple[int, ...]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class Catalog:
    """Tables by id: files in ``data_dir`` first, then embedded tables."""

    kind = "directory"

    def __init__(self, data_dir: str | Path, embedded: dict[str, Table] | None = None,
                 cache_bytes: int = DEFAULT_CACHE_BYTES, max_tables: int | None = None,
                 max_bytes: int | None = None) -> None:
        self.data_dir = Path(data_dir)
        self.cache_bytes = int(cache_bytes)
        self.max_tables = max_tables
        self.max_bytes = max_bytes
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._embedded: dict[str, Table] = dict(embedded or {})
        self._embedded_versions = {k: content_version(orjson.dumps(t.to_dict()))
                                   for k, t in self._embedded.items()}
        # parsed tables, least recently used first, bounded by the bytes of their files
        self._cache = ByteLRU(self.cache_bytes)
        self._lock = threading.Lock()

    def describe(self) -> str:
        return str(self.data_dir)

    def close(self) -> None:
        """Nothing to release: files are opened per read."""

    def change_token(self) -> tuple[object, bool] | None:
        """A token that changes when a table is written, replaced or deleted (the directory's
        inode and mtime: a rename or an unlink changes it), and whether an unchanged token
        proves nothing changed: not while the directory changed less than
        :data:`RECENT_SECONDS` ago, as a clock tick can hide a second change.  None when the
        directory cannot be read."""
        try:
            st = os.stat(self.data_dir)
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns), time.time() - st.st_mtime >= RECENT_SECONDS

    def path_for(self, table_id: str) -> Path:
        return self.data_dir / f"{validate_id(table_id)}{SUFFIX}"

    # -- reading -------------------------------------------------------------------------

    def remove_stale_temporaries(self, older_than: float = STALE_TMP_SECONDS) -> list[str]:
        """Delete temporary files of writes that never finished; return their names."""
        removed = []
        cutoff = time.time() - older_than
        with os.scandir(self.data_dir) as entries:
            for entry in entries:
                name = entry.name
                if not (name.startswith(".") and name.endswith(TMP_SUFFIX)):
                    continue
                try:
                    if entry.stat(follow_symlinks=False).st_mtime <= cutoff:
                        os.unlink(entry.path)
                        removed.append(name)
                except FileNotFoundError:
                    continue
        for name in removed:
            log.info("removed the temporary file of an unfinished write: %s", name)
        return removed

    def load_all(self) -> list[str]:
        """Read every table file now (at start); return one message per unreadable file."""
        problems: list[str] = []
        for table_id in self._file_ids():
            try:
                self._get_file(table_id)
            except (TableError, OSError) as exc:
                problems.append(f"{self.path_for(table_id)}: {exc}")
        for problem in problems:
            log.warning("skipping table file: %s", problem)
        return problems

    def get(self, table_id: str) -> Table:
        """The table with this id; :class:`UnknownTable` if there is none."""
        validate_id(table_id)
        table = self._get_file(table_id)
        if table is not None:
            return table
        if table_id in self._embedded:
            return self._embedded[table_id]
        raise UnknownTable(f"unknown table_id {table_id!r}", field="table_id")

    def get_versioned(self, table_id: str) -> tuple[Table, str]:
        """The table with this id and its version; :class:`UnknownTable` if there is none."""
        validate_id(table_id)
        return stored_or_embedded(table_id, self._file_entry(table_id), self._embedded,
                                  self._embedded_versions)

    def snapshot(self) -> dict[str, tuple[Table, str]]:
        """``{id: (table, version)}`` of every readable table served: the catalog's state,
        which every worker reads alike from the store."""
        out = {}
        for table_id in self.ids():
            try:
                out[table_id] = self.get_versioned(table_id)
            except (UnknownTable, TableError):
                continue
        return out

    def versions(self) -> dict[str, str]:
        """``{id: version}`` of every readable table served."""
        return {table_id: version for table_id, (_, version) in self.snapshot().items()}

    def tables(self) -> list[Table]:
        """Every readable table served (broken files skipped)."""
        out = []
        for table_id in self.ids():
            try:
                out.append(self.get(table_id))
            except (UnknownTable, TableError):
                continue
        return out

    def ids(self) -> list[str]:
        """Every id served, sorted."""
        return sorted(set(self._file_ids()) | set(self._embedded))

    def summaries(self) -> list[dict]:
        """One small dict per table (id, caption, shape, columns, where it lives)."""
        out = []
        for table in self.tables():
            table_id = table.id
            out.append({"id": table_id, "caption": table.caption, "columns": list(table.columns),
                        "n_rows": table.n_rows, "n_cells": table.n_cells,
                        "source": "file" if self.path_for(table_id).exists() else "embedded"})
        return out

    def _file_ids(self) -> list[str]:
        ids = []
        with os.scandir(self.data_dir) as entries:
            for entry in entries:
                name = entry.name
                if name.endswith(SUFFIX) and TABLE_ID_RE.fullmatch(name[: -len(SUFFIX)]):
                    ids.append(name[: -len(SUFFIX)])
        return ids

    def _get_file(self, table_id: str) -> Table | None:
        """The table stored on disk, re-read only when the file changed; None if absent."""
        entry = self._file_entry(table_id)
        return entry.table if entry is not None else None

    def _file_entry(self, table_id: str) -> _Entry | None:
        path = self.path_for(table_id)
        try:
            st = os.stat(path)
        except FileNotFoundError:
            self._forget(table_id)
            return None
        with self._lock:
            entry = self._cache.peek(table_id)
            if entry is not None and entry.stamp == _stamp(st):
                self._cache.touch(table_id)
                return entry
        entry = self._read(path, table_id)
        self._remember(table_id, entry)
        return entry

    def _remember(self, table_id: str, entry: _Entry) -> None:
        with self._lock:
            self._cache.put(table_id, entry)

    def _forget(self, table_id: str) -> None:
        with self._lock:
            self._cache.pop(table_id)

    @property
    def cached_bytes(self) -> int:
        return self._cache.bytes

    @staticmethod
    def _read(path: Path, table_id: str) -> _Entry:
        """Read the file through one descriptor: the stamp and the bytes are of one file,
        whatever a writer renames over the path meanwhile."""
        try:
            with open(path, "rb") as fh:
                stamp = _stamp(os.fstat(fh.fileno()))
                payload = fh.read()
        except FileNotFoundError:
            raise UnknownTable(f"unknown table_id {table_id!r}", field="table_id") from None
        return _Entry(parse_stored(table_id, payload), stamp, content_version(payload),
                      len(payload))

    # -- writing -------------------------------------------------------------------------

    def put(self, table_id: str, table: Table) -> tuple[Table, bool, str]:
        """Store ``table`` under ``table_id`` atomically; return it, whether it was new and
        its version."""
        path = self.path_for(table_id)
        stored = Table(id=table_id, columns=table.columns, rows=table.rows, caption=table.caption)
        created = not path.exists()
        payload = orjson.dumps(stored.to_dict())
        self._check_caps(table_id, len(payload))
        fd, tmp = tempfile.mkstemp(prefix=f".{table_id}.", suffix=TMP_SUFFIX, dir=self.data_dir)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(payload)
                fh.flush()
                os.fsync(fh.fileno())
                # our own file's identity: after the rename the path may already name
                # another writer's file, and its stamp must not be cached with our body
                stamp = _stamp(os.fstat(fh.fileno()))
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            raise
        self._fsync_dir()
        version = content_version(payload)
        self._remember(table_id, _Entry(stored, stamp, version, len(payload)))
        return stored, created, version

    def usage(self) -> dict[str, int]:
        """``{id: bytes}`` of every stored table file."""
        out = {}
        with os.scandir(self.data_dir) as entries:
            for entry in entries:
                name = entry.name
                if name.endswith(SUFFIX) and TABLE_ID_RE.fullmatch(name[: -len(SUFFIX)]):
                    try:
                        out[name[: -len(SUFFIX)]] = entry.stat().st_size
                    except FileNotFoundError:
                        continue
        return out

    def _check_caps(self, table_id: str, size: int) -> None:
        """507 when storing ``size`` bytes under ``table_id`` passes a cap (a soft cap: two
        workers storing at once may both pass it by one table)."""
        if self.max_tables is None and self.max_bytes is None:
            return
        usage = self.usage()
        usage.pop(table_id, None)  # a replacement frees what it replaces
        if self.max_tables is not None and len(usage) + 1 > self.max_tables:
            raise StorageFull(f"the catalog holds {len(usage)} tables, the limit is "
                              f"{self.max_tables}; delete one first", field="table_id")
        total = sum(usage.values()) + size
        if self.max_bytes is not None and total > self.max_bytes:
            raise StorageFull(f"storing this table ({size} bytes) would bring the catalog to "
                              f"{total} bytes, the limit is {self.max_bytes}", field="body")

    def delete(self, table_id: str) -> None:
        """Remove the stored table; :class:`UnknownTable` if absent, 409 if embedded only."""
        path = self.path_for(table_id)
        try:
            os.unlink(path)
        except FileNotFoundError:
            if table_id in self._embedded:
                raise ReadOnlyTable(f"table {table_id!r} is embedded in the service and "
                                    "cannot be deleted", field="table_id") from None
            raise UnknownTable(f"unknown table_id {table_id!r}", field="table_id") from None
        self._fsync_dir()
        self._forget(table_id)

    def _fsync_dir(self) -> None:
        fd = os.open(self.data_dir, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def default_data_dir() -> Path:
    """``DEPCHECK_DATA_DIR``, else ``$XDG_DATA_HOME/depcheck/tables`` (``~/.local/share``)."""
    env = os.environ.get("DEPCHECK_DATA_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "depcheck" / "tables"


def load_embedded(path: Path, table_id: str = "demo") -> dict[str, Table]:
    """The bundled demo table as ``{table_id: Table}``; empty if the file is absent or bad."""
    if not path.is_file():
        return {}
    try:
        table = Table.from_file(path)
    except TableError as exc:
        log.warning("embedded table %s not registered: %s", path, exc)
        return {}
    return {table_id: Table(id=table_id, columns=table.columns, rows=table.rows,
                            caption=table.caption)}


DirectoryStore = Catalog

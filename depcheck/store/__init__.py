"""Catalog stores: where registered tables live, for the service and ``depcheck batch``.

``open_store(url)`` picks the backend from the URL:

* a directory path or ``file://DIR``: :class:`~depcheck.store.directory.DirectoryStore`,
  one JSON file per table (the embedded default);
* ``postgresql://...`` (or ``postgres://``):
  :class:`~depcheck.store.postgres.PostgresStore`, one row per table with a version, shared
  by any number of service replicas, which drop a cached table when any of them changes it
  (LISTEN/NOTIFY).

Nothing here imports Flask: the service and the command line use the same stores.
"""

from __future__ import annotations

from pathlib import Path

from ..table import Table
from .base import (
    DEFAULT_CACHE_BYTES,
    TABLE_ID_RE,
    CatalogStore,
    InvalidTableId,
    ReadOnlyTable,
    StorageFull,
    StoreUnavailable,
    content_version,
    validate_id,
)

__all__ = ["DEFAULT_CACHE_BYTES", "TABLE_ID_RE", "CatalogStore", "InvalidTableId",
           "ReadOnlyTable", "StorageFull", "StoreUnavailable", "content_version", "is_postgres",
           "open_store", "validate_id"]


def is_postgres(url: str | Path) -> bool:
    return isinstance(url, str) and url.startswith(("postgresql://", "postgres://"))


def open_store(url: str | Path, embedded: dict[str, Table] | None = None, *,
               listen: bool = True, **limits) -> CatalogStore:
    """The store ``url`` names; ``limits`` are ``cache_bytes``, ``max_tables``,
    ``max_bytes``; ``listen=False`` (a one-off reader such as a batch job) skips the
    PostgreSQL store's change listener."""
    if is_postgres(url):
        from .postgres import PostgresStore

        return PostgresStore(str(url), embedded, listen=listen, **limits)
    from .directory import DirectoryStore

    path = str(url)
    if path.startswith("file://"):
        path = path[len("file://"):]
    return DirectoryStore(Path(path), embedded, **limits)

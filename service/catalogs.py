"""The service's catalog stores: :mod:`depcheck.store` (directory or PostgreSQL).

Kept as the service's import path; the stores themselves live in the library so that
``depcheck batch --store`` reads the same catalogs without Flask.
"""

from __future__ import annotations

from depcheck.store import (
    DEFAULT_CACHE_BYTES,
    TABLE_ID_RE,
    CatalogStore,
    InvalidTableId,
    ReadOnlyTable,
    StorageFull,
    StoreUnavailable,
    content_version,
    open_store,
    validate_id,
)
from depcheck.store.directory import Catalog, DirectoryStore, default_data_dir, load_embedded

__all__ = ["DEFAULT_CACHE_BYTES", "TABLE_ID_RE", "Catalog", "CatalogStore", "DirectoryStore",
           "InvalidTableId", "ReadOnlyTable", "StorageFull", "StoreUnavailable",
           "content_version", "default_data_dir", "load_embedded", "open_store", "validate_id"]

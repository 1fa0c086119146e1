"""What every catalog store shares: safe ids, its errors, content versions, the interface.

A store holds tables by id and hands each out with a ``version`` that changes whenever the
stored table does (the service's ETag, and what derived state such as column domains is
keyed by).  Every backend implements :class:`CatalogStore`.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from typing import Any, Protocol

import orjson

from ..errors import DepcheckError, TableError, UnknownTable
from ..table import Table

TABLE_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
DEFAULT_CACHE_BYTES = 256 * 1024 * 1024  # parsed tables kept per process, by stored bytes


class InvalidTableId(DepcheckError):
    """An id that does not match :data:`TABLE_ID_RE`."""

    code = "E202"
    http_status = 422


class ReadOnlyTable(DepcheckError):
    """An attempt to delete a table that is embedded in the service, not stored."""

    code = "E203"
    http_status = 409


class StorageFull(DepcheckError):
    """Storing the table would pass the cap on stored tables or stored bytes."""

    code = "E204"
    http_status = 507


class StoreUnavailable(DepcheckError):
    """The store cannot be reached (a database that is down); worth retrying later."""

    code = "E205"
    http_status = 503


def validate_id(table_id: str) -> str:
    """Return ``table_id`` if it is a safe catalog id, else raise :class:`InvalidTableId`."""
    if not isinstance(table_id, str) or not TABLE_ID_RE.fullmatch(table_id):
        raise InvalidTableId(
            f"invalid table id {table_id!r}: use 1-64 letters, digits, '_' or '-', "
            "starting with a letter or digit", field="table_id")
    return table_id


def content_version(payload: bytes) -> str:
    """The version of a stored table: a hash of its bytes (the same in every worker)."""
    return hashlib.blake2b(payload, digest_size=8).hexdigest()


class ByteLRU:
    """Parsed tables by id, least recently used dropped first once their ``size`` (bytes)
    passes ``limit``; the newest entry always stays.  Not locked: its store holds the lock."""

    def __init__(self, limit: int) -> None:
        self.limit = int(limit)
        self.bytes = 0
        self._items: OrderedDict[str, Any] = OrderedDict()

    def peek(self, key: str):
        return self._items.get(key)

    def touch(self, key: str) -> None:
        self._items.move_to_end(key)

    def put(self, key: str, entry) -> None:
        self.pop(key)
        self._items[key] = entry
        self.bytes += entry.size
        while self.bytes > self.limit and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= dropped.size

    def pop(self, key: str) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old.size

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def keys(self) -> list[str]:
        return list(self._items)


def parse_stored(table_id: str, payload: bytes) -> Table:
    """A stored table's JSON body as a Table named ``table_id`` (whatever id it holds)."""
    try:
        data = orjson.loads(payload)
    except orjson.JSONDecodeError as exc:
        raise TableError(f"stored table {table_id!r} is not valid JSON ({exc})") from None
    table = Table.from_dict(data, default_id=table_id)
    if table.id != table_id:
        table = Table(id=table_id, columns=table.columns, rows=table.rows,
                      caption=table.caption)
    return table


def stored_or_embedded(table_id: str, entry, embedded: dict[str, Table],
                       embedded_versions: dict[str, str]) -> tuple[Table, str]:
    """(table, version) of a stored entry, else of an embedded table, else UnknownTable:
    the look-up order every store follows (a stored table shadows an embedded one)."""
    if entry is not None:
        return entry.table, entry.version
    if table_id in embedded:
        return embedded[table_id], embedded_versions[table_id]
    raise UnknownTable(f"unknown table_id {table_id!r}", field="table_id")


class CatalogStore(Protocol):
    """The interface of a catalog store (the directory store and the PostgreSQL store)."""

    kind: str

    def describe(self) -> str: ...
    def get(self, table_id: str) -> Table: ...
    def get_versioned(self, table_id: str) -> tuple[Table, str]: ...
    def snapshot(self) -> dict[str, tuple[Table, str]]: ...
    def versions(self) -> dict[str, str]: ...
    def tables(self) -> list[Table]: ...
    def ids(self) -> list[str]: ...
    def summaries(self) -> list[dict]: ...
    def put(self, table_id: str, table: Table) -> tuple[Table, bool, str]: ...
    def delete(self, table_id: str) -> None: ...
    def load_all(self) -> list[str]: ...
    def remove_stale_temporaries(self) -> list[str]: ...
    def change_token(self) -> tuple[object, bool] | None: ...
    def close(self) -> None: ...

"""Tables as the checker receives them: the case format's JSON object, a tables file, or CSV.

A :class:`Table` is validated when built (rows, ragged rows, duplicate columns, cell
limits) so that everything downstream may trust its shape.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from .errors import TableError, UnknownTable


@dataclass(frozen=True)
class Table:
    id: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""

    def __post_init__(self) -> None:
        where = f"table {self.id!r}" if self.id else "table"
        if not self.columns:
            raise TableError(f"{where}: no columns", field="table.columns")
        if not self.rows:
            raise TableError(f"{where}: no rows", field="table.rows")
        seen: set[str] = set()
        for name in self.columns:
            key = name.strip().casefold()
            if not key:
                raise TableError(f"{where}: empty column name", field="table.columns")
            if key in seen:
                raise TableError(f"{where}: duplicate column name {name!r}", field="table.columns")
            seen.add(key)
        width = len(self.columns)
        for i, row in enumerate(self.rows):
            if len(row) != width:
                raise TableError(f"{where}: row {i} has {len(row)} cells, the header has {width}",
                                 field=f"table.rows[{i}]")

    @property
    def n_rows(self) -> int:
        return len(self.rows)

    @property
    def n_cells(self) -> int:
        return len(self.rows) * len(self.columns)

    @classmethod
    def from_dict(cls, data: Any, *, default_id: str = "",
                  repair_headers: bool = False) -> Table:
        """Build from ``{"id", "caption", "columns", "rows"}``; cells become strings.

        A blank or repeated column name is an error, unless ``repair_headers`` (data files
        and suites, where real tables have them): then a blank header becomes
        ``unnamed: N`` and a repeat gets a `` (2)`` suffix, as a spreadsheet would show it.
        """
        if not isinstance(data, dict):
            raise TableError("table must be a JSON object with columns and rows", field="table")
        columns, rows = data.get("columns"), data.get("rows")
        if not isinstance(columns, list) or not all(isinstance(c, str) for c in columns):
            raise TableError("table.columns must be a list of strings", field="table.columns")
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise TableError("table.rows must be a list of lists", field="table.rows")
        cells = tuple(tuple("" if c is None else str(c) for c in row) for row in rows)
        if repair_headers:
            columns = repaired_headers(columns)
        caption = data.get("caption") or ""
        return cls(id=str(data.get("id") or default_id), columns=tuple(columns), rows=cells,
                   caption=str(caption))

    def to_dict(self) -> dict:
        return {"id": self.id, "caption": self.caption, "columns": list(self.columns),
                "rows": [list(r) for r in self.rows]}

    @classmethod
    def from_csv(cls, text: str, *, table_id: str = "", caption: str = "") -> Table:
        """Parse CSV text (first line is the header); the dialect is sniffed."""
        text = text.lstrip("\ufeff")
        if not text.strip():
            raise TableError("CSV is empty", field="table")
        try:
            dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
        except csv.Error:
            dialect = csv.excel
        try:
            lines = [r for r in csv.reader(io.StringIO(text), dialect) if any(c.strip() for c in r)]
        except csv.Error as exc:
            raise TableError(f"CSV is malformed: {exc}", field="table") from None
        if not lines:
            raise TableError("CSV is empty", field="table")
        header, *body = lines
        return cls(id=table_id, columns=tuple(h.strip() for h in header),
                   rows=tuple(tuple(c.strip() for c in r) for r in body), caption=caption)

    @classmethod
    def from_file(cls, path: str | Path) -> Table:
        """A ``.csv`` file, or a ``.json`` file holding one table object."""
        path = Path(path)
        text = read_text(path)
        if path.suffix.lower() == ".csv":
            return cls.from_csv(text, table_id=path.stem)
        try:
            data = orjson.loads(text)
        except orjson.JSONDecodeError as exc:
            raise TableError(f"{path}: not valid JSON ({exc})") from None
        return cls.from_dict(data, default_id=path.stem)


UNNAMED = "unnamed: "


def repaired_headers(columns: list[str]) -> list[str]:
    """Headers made non-empty and distinct (case-insensitively), order kept."""
    seen: set[str] = set()
    out: list[str] = []
    for j, name in enumerate(columns):
        name = name if name.strip() else f"{UNNAMED}{j}"
        base, k = name, 2
        while name.strip().casefold() in seen:
            name, k = f"{base} ({k})", k + 1
        seen.add(name.strip().casefold())
        out.append(name)
    return out


def read_text(path: str | Path) -> str:
    """Read a UTF-8 file, turning every I/O or encoding problem into a one-line TableError."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise TableError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TableError(f"{path}: not UTF-8 (byte {exc.start})") from None


def iter_jsonl(path: str | Path) -> Iterator[tuple[int, Any | Exception]]:
    """Yield ``(line_number, object)`` per non-empty line, or the parse error for a bad line."""
    text = read_text(path)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield number, orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            yield number, exc


class TableStore:
    """Tables by id, as read from a tables file (one table object per line)."""

    def __init__(self, tables: dict[str, Table] | None = None) -> None:
        self._tables: dict[str, Table] = dict(tables or {})

    @classmethod
    def from_jsonl(cls, path: str | Path) -> TableStore:
        tables: dict[str, Table] = {}
        for number, obj in iter_jsonl(path):
            if isinstance(obj, Exception):
                raise TableError(f"{path}:{number}: not valid JSON ({obj})")
            try:
                table = Table.from_dict(obj, repair_headers=True)
            except TableError as exc:
                raise TableError(f"{path}:{number}: {exc.message}") from None
            if not table.id:
                raise TableError(f"{path}:{number}: table has no id")
            tables[table.id] = table
        return cls(tables)

    def get(self, table_id: str) -> Table:
        try:
            return self._tables[table_id]
        except KeyError:
            raise UnknownTable(f"unknown table_id {table_id!r}", field="table_id") from None

    def __contains__(self, table_id: str) -> bool:
        return table_id in self._tables

    def __len__(self) -> int:
        return len(self._tables)

    def __iter__(self) -> Iterator[Table]:
        return iter(self._tables.values())

"""Reading TabFact's tables and cases into depcheck tables.

Some Wikipedia tables have blank or repeated headers, which :class:`depcheck.table.Table`
rightly refuses; here a blank header becomes ``unnamed: N`` (programs that write an empty
header find it, see :meth:`TypedTable.column_index`) and a repeated one gets a `` (2)``
suffix, so every table of the dataset can be checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..errors import TableError
from ..table import Table, TableStore, iter_jsonl, repaired_headers

header_names = repaired_headers  # the one repair every data reader uses


def table_from_dict(data: dict) -> Table:
    """A Table from a TabFact table object, headers repaired."""
    fixed = dict(data)
    fixed["columns"] = header_names([str(c) for c in data.get("columns") or []])
    return Table.from_dict(fixed)


def load_tables(path: str | Path) -> TableStore:
    """Every table of a tables file, by id."""
    tables: dict[str, Table] = {}
    for number, obj in iter_jsonl(path):
        if isinstance(obj, Exception):
            raise TableError(f"{path}:{number}: not valid JSON ({obj})")
        table = table_from_dict(obj)
        tables[table.id] = table
    return TableStore(tables)


def iter_cases(path: str | Path, limit: int | None = None) -> Iterator[dict]:
    """The cases of a suite, first ``limit`` only when given."""
    for k, (number, obj) in enumerate(iter_jsonl(path)):
        if limit is not None and k >= limit:
            return
        if isinstance(obj, Exception):
            raise TableError(f"{path}:{number}: not valid JSON ({obj})")
        yield obj

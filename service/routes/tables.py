"""Table catalogs: ``PUT/GET/DELETE /v1/tables/{id}`` and ``GET /v1/tables``.

A table is uploaded as a JSON table object (``application/json``) or as CSV
(``text/csv``, the first line is the header; ``?caption=`` sets the caption).
"""

from __future__ import annotations

from flask import Blueprint, Response, request

from depcheck.errors import TableError
from depcheck.table import Table

from ..app import state
from ..catalogs import validate_id
from ..http import (
    InvalidField,
    UnsupportedMediaType,
    json_response,
    media_type,
    read_body,
    read_json_object,
)
from .check import check_table_size, table_from_json

bp = Blueprint("tables", __name__, url_prefix="/v1/tables")

CSV_TYPES = frozenset({"text/csv", "application/csv"})


def _summary(table: Table) -> dict:
    return {"id": table.id, "caption": table.caption, "columns": list(table.columns),
            "n_rows": table.n_rows, "n_cells": table.n_cells}


def _table_from_request(table_id: str) -> Table:
    kind = media_type()
    if kind in CSV_TYPES:
        try:
            text = read_body().decode(request.mimetype_params.get("charset", "utf-8"))
        except (UnicodeDecodeError, LookupError) as exc:
            raise TableError(f"CSV body cannot be decoded: {exc}", field="body") from None
        return Table.from_csv(text, table_id=table_id, caption=request.args.get("caption", ""))
    if kind == "application/json" or kind.endswith("+json"):
        data = read_json_object()
        body_id = data.get("id")
        if not isinstance(body_id, str | None):
            raise InvalidField("id must be a string", field="id")
        if body_id not in (None, "", table_id):
            raise InvalidField(f"body id {body_id!r} differs from the URL's {table_id!r}",
                               field="id")
        return table_from_json(data, table_id)
    raise UnsupportedMediaType(f"send the table as application/json or text/csv, not "
                               f"{request.mimetype or 'no content type'!r}")


@bp.get("")
def list_tables() -> Response:
    """Every table served: stored ones and the embedded demo."""
    tables = state().catalog.summaries()
    return json_response({"count": len(tables), "tables": tables})


@bp.put("/<table_id>")
def put_table(table_id: str) -> Response:
    """Store (or replace) a table; 201 when new, 200 when replaced."""
    st = state()
    validate_id(table_id)
    table = check_table_size(_table_from_request(table_id), st.settings)
    stored, created, version = st.catalog.put(table_id, table)
    headers = {"Location": f"/v1/tables/{table_id}", "ETag": f'"{version}"'}
    return json_response(_summary(stored), 201 if created else 200, headers)


@bp.get("/<table_id>")
def get_table(table_id: str) -> Response:
    """The table object, as uploaded (cells as strings)."""
    table, version = state().catalog.get_versioned(table_id)
    return json_response(table.to_dict(), headers={"ETag": f'"{version}"'})


@bp.delete("/<table_id>")
def delete_table(table_id: str) -> Response:
    """Remove a stored table; 204 on success."""
    state().catalog.delete(table_id)
    return Response(status=204)

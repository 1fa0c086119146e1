"""Vertical records: an infobox or spec sheet given as two columns, one row per field.

Many sources write one entity's facts as a table of fields and values::

    Field        Value
    Opened       14 May 1957
    Capacity     31,420

The checker reads a table as rows of entities with columns of attributes, so such a table
is read as the one-row record it describes: a column per field and the entity's name
(the ``Name`` field when there is one, else the caption less a trailing bracket, "The
Salt Orchard (novel)") as its key.  A table is a vertical record when it has exactly two
columns whose headers are words of the lexicon's ``record_field_headers`` and
``record_value_headers`` (rules/lexicon/headers.yaml), and its fields are distinct,
non-empty and not figures.  :func:`source_cells` maps the evidence of the reading back to
the cells of the table as given, so reports still point at the cells a user sent.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import regex

from .lexicon import default as default_lexicon
from .report import Cell, Evidence, HypothesisResult
from .table import Table, repaired_headers
from .values import norm_text, parse_number

NAME_COLUMN = "Name"
_BRACKET = regex.compile(r"\s*\([^()]*\)\s*$")  # "(novel)" of "The Salt Orchard (novel)"
_LEX = default_lexicon()


def record_reading(table: Table) -> tuple[Table, tuple[int, ...]] | None:
    """The one-row record a two-column table of fields and values describes, and for each
    of its columns the source row it came from (-1: the name, no source row); None when
    the table is no such record.  Cached per two-column table (no other table is hashed)."""
    return _read(table) if len(table.columns) == 2 else None


@lru_cache(maxsize=256)
def _read(table: Table) -> tuple[Table, tuple[int, ...]] | None:
    field_header, value_header = (norm_text(c) for c in table.columns)
    if field_header not in _LEX.record_field_headers \
            or value_header not in _LEX.record_value_headers or table.n_rows < 2:
        return None
    fields = [row[0].strip() for row in table.rows]
    folded = [norm_text(f) for f in fields]
    if not all(folded) or len(set(folded)) != len(folded) \
            or any(parse_number(f) is not None for f in fields):
        return None
    named = [i for i, f in enumerate(folded) if f in _LEX.record_name_fields]
    name_row = named[0] if named else -1
    name = table.rows[name_row][1].strip() if named else \
        _BRACKET.sub("", table.caption).strip() or table.id or table.caption
    if not name:
        return None
    kept = [i for i in range(table.n_rows) if i != name_row]
    columns = repaired_headers([NAME_COLUMN, *(fields[i] for i in kept)])
    row = (name, *(table.rows[i][1] for i in kept))
    reading = Table(id=table.id, columns=tuple(columns), rows=(row,), caption=table.caption)
    return reading, (name_row, *kept)


def source_cells(results: tuple[HypothesisResult, ...], table: Table,
                 sources: tuple[int, ...], reading: Table) -> tuple[HypothesisResult, ...]:
    """The hypotheses with their evidence in the cells of ``table`` as given: the record's
    cell of a field is that field's value cell (its row, the value column); the name is
    the ``Name`` field's value cell, or no cell when it came from the caption."""
    index = {c: j for j, c in enumerate(reading.columns)}
    value_column = table.columns[1]

    def cell(c: Cell) -> Cell | None:
        j = index.get(c.column)
        if j is None or sources[j] < 0:
            return None
        return Cell(sources[j], value_column, c.value)

    def cells(found: tuple[Cell, ...]) -> tuple[Cell, ...]:
        return tuple(x for x in map(cell, found) if x is not None)

    out = []
    for h in results:
        ev = h.evidence
        if not (ev.output or ev.used or ev.columns):
            out.append(h)
            continue
        columns = (value_column,) if any(c in index and sources[index[c]] >= 0
                                         for c in ev.columns) else ()
        out.append(replace(h, evidence=Evidence(output=cells(ev.output),
                                                used=cells(ev.used), columns=columns)))
    return tuple(out)

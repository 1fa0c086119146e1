"""A span said by its first and last years ("active from 1990 to 2005", "served from 2001
until 2009", "operated between 1881 and 1934"; frames date-range*) against the row's cell
of a span: both ends must hold.  Other years refute only a span the sentence names (by
its predicate); the row's only span, unnamed, is left open when they differ."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BAND = Table.from_dict({
    "id": "band", "caption": "Band", "columns": ["Field", "Value"],
    "rows": [["Name", "The Gull Lanterns"], ["Origin", "Harwick"], ["Genre", "Folk rock"],
             ["Years active", "1990–2005"]]})

MINE = Table.from_dict({
    "id": "mine", "caption": "Mine", "columns": ["Field", "Value"],
    "rows": [["Name", "Gorse Mine"], ["Location", "Tavey"], ["Products", "Tin, copper"],
             ["Production", "1881–1934"]]})

REUNITED = Table.from_dict({
    "id": "reunited", "caption": "Band", "columns": ["Field", "Value"],
    "rows": [["Name", "Copper Kites"], ["Origin", "Tavey"],
             ["Years active", "1965–1972, 1989, 1996"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (BAND, "The Gull Lanterns were active from 1990 to 2005.", "supported"),
    (BAND, "The Gull Lanterns were active from 1990 until 2005.", "supported"),
    (BAND, "The Gull Lanterns were active from 1990 to 2008.", "refuted"),
    (BAND, "The Gull Lanterns were active from 1985 to 2005.", "refuted"),
    (MINE, "The Gorse Mine was in production between 1881 and 1934.", "supported"),
    # a cell of several periods: one of them, or the whole, may be meant
    (REUNITED, "Copper Kites were active from 1965 to 1972.", "supported"),
    (REUNITED, "Copper Kites were active from 1965 to 1996.", "supported"),
    (REUNITED, "Copper Kites were active between 1960 and 1970.", "unverifiable"),
    (MINE, "The Gorse Mine was in production from 1881 to 1930.", "refuted"),
    # the row's only span, which the predicate does not name: its years do not make the
    # predicate the table's
    (MINE, "The Gorse Mine was worked from 1881 to 1934.", "unverifiable"),
    (MINE, "The Gorse Mine was owned by one family from 1890 to 1920.", "unverifiable"),
])
def test_a_span_said_by_its_years(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)

"""A two-column table of fields and values (an infobox, a spec sheet: headers from the
lexicon's record_field_headers / record_value_headers) is one entity's record: checked as
a one-row record with a column per field, its name the Name field or the caption less a
trailing bracket, and its evidence given back in the cells of the table as sent
(depcheck/records.py)."""

from __future__ import annotations

import pytest

from depcheck.records import record_reading
from depcheck.table import Table

from .verdicts import expect

LAKE = Table.from_dict({
    "id": "lake", "caption": "Lake Orvald (reservoir)",
    "columns": ["Field", "Value"],
    "rows": [["Country", "Norway"],
             ["Surface area", "12.4 km²"],
             ["Max. depth", "86 m"],
             ["Completed", "1961"]]})

SHEET = Table.from_dict({
    "id": "sheet", "caption": "Spec sheet",
    "columns": ["Attribute", "Details"],
    "rows": [["Name", "Tarn 40 backpack"],
             ["Volume", "40 l"],
             ["Weight", "1.2 kg"],
             ["Colour", "Moss green"]]})


@pytest.mark.parametrize(("text", "verdict"), [
    ("Lake Orvald has a surface area of 12.4 km².", "supported"),
    ("Lake Orvald has a surface area of 15 km².", "refuted"),
    ("Lake Orvald is in Norway and was completed in 1961.", "supported"),
    ("Lake Orvald was completed in 1975.", "refuted"),
])
def test_a_field_value_table_is_a_record(core_checker, text, verdict):
    report = expect(core_checker, LAKE, text, verdict)
    assert report.details.get("read_as") == "record"


def test_the_evidence_points_at_the_cells_sent(core_checker):
    report = expect(core_checker, LAKE, "Lake Orvald has a surface area of 15 km².",
                    "refuted")
    cells = [(c.row, c.column, c.value) for h in report.hypotheses
             for c in h.evidence.output]
    assert (1, "Value", "12.4 km²") in cells
    assert all(column == "Value" for _, column, _ in cells)


def test_a_name_field_names_the_record(core_checker):
    reading, sources = record_reading(SHEET)
    assert reading.rows[0][0] == "Tarn 40 backpack" and sources[0] == 0
    assert "Name" not in reading.columns[1:]
    expect(core_checker, SHEET, "The Tarn 40 backpack weighs 1.2 kg.", "supported")
    expect(core_checker, SHEET, "The Tarn 40 backpack weighs 2 kg.", "refuted")


def test_other_two_column_tables_stay_tables():
    prices = Table.from_dict({"id": "p", "columns": ["Model", "Price"],
                              "rows": [["A", "$10"], ["B", "$12"]]})
    assert record_reading(prices) is None
    repeated = Table.from_dict({"id": "r", "columns": ["Field", "Value"],
                                "rows": [["Born", "1901"], ["Born", "Oslo"]]})
    assert record_reading(repeated) is None  # a field twice: no one record
    figures = Table.from_dict({"id": "f", "columns": ["Field", "Value"],
                               "rows": [["1999", "a"], ["2000", "b"]]})
    assert record_reading(figures) is None  # fields that are figures: a list, no record

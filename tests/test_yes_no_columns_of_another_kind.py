"""A yes/no column of the catalog counts as an attribute a table lacks only when tables of
that table's kind have it: "Wi-Fi" of a 3D printer's table says nothing of what a dash
cam's table leaves out, while a dash cam table with a Wi-Fi column does."""

from __future__ import annotations

from depcheck.link import build_domains
from depcheck.table import Table

DASH = Table.from_dict({
    "id": "dash", "columns": ["Dash cam", "Rear camera", "GPS", "Parking mode", "Price (AUD)"],
    "rows": [["RoadEye 1080", "no", "no", "no", "69"],
             ["Blackline Pro", "yes", "yes", "yes", "499"],
             ["Trakkr Mini", "no", "yes", "yes", "129"]]})
PRINTERS = Table.from_dict({
    "id": "printers", "columns": ["Printer", "Technology", "Heated bed", "Wi-Fi", "Price (USD)"],
    "rows": [["Vantor XL", "FDM", "yes", "yes", "899"], ["Resa 4", "resin", "no", "no", "349"]]})
OTHER_DASH = Table.from_dict({
    "id": "dash2", "columns": ["Dash cam", "Rear camera", "GPS", "Parking mode", "Wi-Fi",
                               "Price (AUD)"],
    "rows": [["Vigil 4K", "yes", "yes", "yes", "yes", "349"],
             ["Cruiser", "no", "no", "no", "no", "89"]]})

TEXT = "The Blackline Pro uploads clips over Wi-Fi."


def test_a_yes_no_column_of_another_kind_of_table_refutes_nothing(core_checker, nlp):
    report = core_checker.check_doc(nlp(TEXT), DASH, domains=build_domains([DASH, PRINTERS]))
    assert report.verdict != "refuted"


def test_a_yes_no_column_of_sibling_tables_is_missing_here(core_checker, nlp):
    report = core_checker.check_doc(nlp(TEXT), DASH,
                                    domains=build_domains([DASH, PRINTERS, OTHER_DASH]))
    assert report.verdict == "refuted"
    assert any(h.reason == "attribute not in table" for h in report.hypotheses
               if h.verdict == "refuted")

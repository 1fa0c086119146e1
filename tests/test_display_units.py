"""Units of screens, printers, lamps and pumps are units: "300 ppi", "300 dpi", "2,000
lumens", "1,000 nits" and "2,100 psi" are amounts of their own dimension (the lexicon's
``units``), so an aggregate query never reads them as a count of rows ("three of the five
readers offer a 300 ppi display": 300 is no number of readers) and a quantifier over the
rows checks them against the column that states them."""

import pytest

from depcheck.table import Table
from depcheck.values import parse_quantity

from .verdicts import expect

READERS = Table.from_dict({
    "id": "readers", "caption": "E-readers",
    "columns": ["Model", "Screen (ppi)", "Waterproof", "Price (USD)"],
    "rows": [["Pagely Glow", "300", "yes", "129"], ["Pagely Max", "300", "yes", "249"],
             ["Folio One", "212", "no", "89"], ["Folio Plus", "300", "yes", "179"],
             ["Inkwell 6", "167", "no", "69"]]})


@pytest.mark.parametrize("text, value, unit", [
    ("300 ppi", 300.0, "ppi"), ("600 dpi", 600.0, "dpi"), ("2,000 lumens", 2000.0, "lm"),
    ("1,000 nits", 1000.0, "nit"), ("2,100 psi", 2100.0, "psi")])
def test_the_units_are_read(text, value, unit):
    q = parse_quantity(text)
    assert (q.value, q.unit) == (value, unit)


def test_a_figure_in_a_unit_is_no_count_of_rows(core_checker):
    report = expect(core_checker, READERS, "Three of the five readers offer a crisp 300 ppi "
                    "display, and all three are waterproof.", "supported")
    assert not any(h.verdict == "refuted" for h in report.hypotheses)


def test_a_figure_in_a_unit_is_checked_against_its_column(core_checker):
    expect(core_checker, READERS, "The Folio One has a 212 ppi screen.", "supported")

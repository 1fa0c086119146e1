"""A figure written in a unit ("$99") is no match for a cell of a column of plain numbers
(Channels "99" of another row) when another column states its figures in that unit
(Price per pack (USD)): the figure is that column's, not a value moved to another row.
A figure per another thing ("$25 *per radio*") than the column counts per ("Price *per
pack*") is no value of it."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

RADIOS = Table.from_dict({
    "id": "radios", "caption": "Walkie-talkies",
    "columns": ["Model", "Range (km)", "Channels", "Units per pack", "Price per pack (USD)"],
    "rows": [["Talkstar T5", "5", "16", "2", "45"],
             ["Banterbox 4", "8", "22", "4", "99"],
             ["Vocalink Pro", "35", "99", "2", "189"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Banterbox 4 comes as a pack of four for $99.", "supported"),
    ("The Banterbox 4 comes as a pack of four for $189.", "refuted"),
    # a plain number still matches the plain column
    ("The Vocalink Pro has 99 channels.", "supported"),
    ("The Banterbox 4 has 99 channels.", "refuted"),
])
def test_a_figure_in_a_unit_reads_the_column_in_that_unit(core_checker, text, verdict):
    report = expect(core_checker, RADIOS, text, verdict)
    if "$" in text:
        assert not [h for h in report.hypotheses if h.evidence.columns == ("Channels",)]


@pytest.mark.parametrize("text, verdict", [
    # a figure per another thing than the column counts per: no value of it
    ("The Banterbox 4 costs under $25 per radio.", "unverifiable"),
    ("The Banterbox 4 comes as a pack of four for $99, which works out to under $25 per "
     "radio.", "unverifiable"),
    # the column's own rate, or none, is its value
    ("The Banterbox 4 costs $99 per pack.", "supported"),
    ("The Banterbox 4 costs under $90 per pack.", "refuted"),
])
def test_a_rate_of_another_thing_is_no_value_of_the_column(core_checker, text, verdict):
    expect(core_checker, RADIOS, text, verdict)

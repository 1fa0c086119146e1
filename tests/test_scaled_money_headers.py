"""A header's bracket that writes a currency and a scale ("Weekend gross (USD m)", "(€
million)") gives its column that currency and that scale: "$38.2 million" is the cell
38.2, and a column of plain dollars beside it ("Per-theatre average (USD)") is no match
for it.  Of several columns the phrase's words name, the one naming most of them wins
("a *total gross* of", not the longer Weekend gross that also holds "gross")."""

from __future__ import annotations

import pytest

from depcheck.compiled import header_scale, header_unit
from depcheck.table import Table

from .verdicts import expect

CHART = Table.from_dict({
    "id": "chart", "caption": "Weekend box office",
    "columns": ["Title", "Rank", "Weekend gross (USD m)", "Theatres",
                "Per-theatre average (USD)", "Total gross (USD m)"],
    "rows": [["The Glass Meridian", "1", "38.2", "4,102", "9,313", "38.2"],
             ["Harbour Lights", "2", "21.5", "3,880", "5,541", "64.9"],
             ["Small Gods", "3", "14.8", "3,100", "4,774", "14.8"]]})


def test_a_currency_and_a_scale_letter_in_a_bracket():
    assert header_unit("Weekend gross (USD m)") == ("weekend gross", "usd")
    assert header_scale("Weekend gross (USD m)") == 1_000_000
    assert header_scale("Budget (EUR k)") == 1_000
    # a letter alone is no scale: "m" is a metre there
    assert header_scale("Height (m)") == 1.0
    assert header_unit("Height (m)")[1] is None


@pytest.mark.parametrize("text, verdict", [
    ("Harbour Lights had a weekend gross of $21.5 million.", "supported"),
    ("Harbour Lights had a weekend gross of $25 million.", "refuted"),
    ("Harbour Lights had a total gross of $64.9 million.", "supported"),
    ("Harbour Lights had a total gross of $70 million.", "refuted"),
    ("Harbour Lights had a per-theatre average of $5,541.", "supported"),
])
def test_figures_at_the_headers_scale(core_checker, text, verdict):
    expect(core_checker, CHART, text, verdict)


def test_a_scaled_figure_is_no_match_for_a_column_of_plain_dollars(core_checker):
    report = core_checker.check("The Glass Meridian opened at number one with $38.2 million.",
                                CHART)
    assert report.verdict != "refuted", [(h.kind, h.explanation) for h in report.hypotheses]

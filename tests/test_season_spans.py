"""A season of a year against a cell that writes a span from one month to another
("Recorded: November 2003 - April 2004"): it holds when a month of that season in that
year falls within the span, and fails when none does; a winter that misses the span in
its own year only may run across the new year, and is left undecided."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

ALBUM = Table.from_dict({
    "id": "album", "caption": "Album",
    "columns": ["name", "Released", "Recorded", "Label"],
    "rows": [["Harbour Lights", "12 September 2004", "November 2003 - April 2004",
              "Saltmarsh Records"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Harbour Lights was recorded in the spring of 2004.", "supported"),
    ("Harbour Lights was recorded in the fall of 2003.", "supported"),
    ("Harbour Lights was recorded in the spring of 2003.", "refuted"),
    ("Harbour Lights was recorded in the summer of 2004.", "refuted"),
    ("Harbour Lights was recorded in the winter of 2004.", "supported"),
    ("Harbour Lights was recorded in the winter of 2002.", "refuted"),
])
def test_a_season_against_a_span_of_months(core_checker, text, verdict):
    expect(core_checker, ALBUM, text, verdict)


EP = Table.from_dict({
    "id": "ep", "caption": "EP",
    "columns": ["name", "Released", "Recorded", "Label"],
    "rows": [["Low Tide", "1 June 2005", "January 2005 - March 2005", "Saltmarsh Records"]]})


def test_a_winter_that_may_run_into_the_span_is_undecided(core_checker):
    # the winter's months of 2004 miss the span, but "the winter of 2004" may run into
    # January 2005
    report = expect(core_checker, EP, "Low Tide was recorded in the winter of 2004.",
                    "unverifiable")
    assert not any(h.verdict == "refuted" for h in report.hypotheses)

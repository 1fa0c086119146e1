"""A comparative and "than" the parse hangs on the figure itself ("deeper than 4 m." at a
sentence's end, where "m." is one token): a bound on that figure (frame
bound-adjective-than-figure), in the column the adjective grades."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BASINS = Table.from_dict({
    "id": "basins", "caption": "Harbour basins",
    "columns": ["basin", "depth (m)", "berths"],
    "rows": [["Ashpool", "4.2", "120"],
             ["Corran", "5.1", "200"],
             ["Dunlin", "1.8", "45"]]})


@pytest.mark.parametrize(("text", "verdict"), [
    ("Ashpool is deeper than 4 m.", "supported"),
    ("Ashpool is deeper than 5 m.", "refuted"),
    ("Dunlin is shallower than 2 m.", "supported"),
    ("Dunlin is shallower than 1.5 m.", "refuted"),
])
def test_a_bound_at_the_sentence_end(core_checker, text, verdict):
    report = expect(core_checker, BASINS, text, verdict)
    # (the parse may hang "than" on the unit instead: bound-adjective-than reads that)
    assert any(h.kind == "bound" and h.verdict == verdict for h in report.hypotheses)


def test_the_frame_reads_the_figure_it_is_hung_on(core_checker):
    report = core_checker.check("Ashpool is deeper than 4 m.", BASINS)
    assert [h.rule for h in report.hypotheses if h.kind == "bound"] == [
        "bound-adjective-than-figure"]


def test_a_comparison_with_a_row_is_no_bound(core_checker):
    report = core_checker.check("Corran is deeper than Ashpool.", BASINS)
    assert not any(h.rule == "bound-adjective-than-figure" for h in report.hypotheses)

"""A failing program over every row of the table ("for every row of all rows ...") does
not answer a statement that counts a subset ("three of the seven models register 16384
levels"): unread (reason PROGRAM_ROWS_UNSTATED), so it refutes nothing."""

from __future__ import annotations

from depcheck.reasons import Reason
from depcheck.table import Table

TABLETS = Table.from_dict({
    "id": "tablets", "caption": "Pen tablets and pen displays",
    "columns": ["Model", "Pressure levels", "Tilt recognition", "Connection", "Price (USD)"],
    "rows": [["Saltrow 13", "8192", "no", "USB-C", "199"],
             ["Saltrow 16", "16384", "yes", "USB-C", "449"],
             ["Quill Pro L", "16384", "yes", "USB-C", "379"],
             ["Vellum 22", "16384", "yes", "USB-C", "899"],
             ["Doverby S", "4096", "no", "USB-A", "49"],
             ["Inkstep M", "8192", "yes", "USB-C", "129"],
             ["Inkstep L", "8192", "yes", "USB-C", "179"]]})


def test_a_count_of_a_subset_is_no_claim_over_every_row(core_checker):
    report = core_checker.check(
        "Three of the seven models register 16384 pressure levels, all three with tilt "
        "recognition, and all but one model connect over USB-C.", TABLETS)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]
    assert not any(h.kind == "program" and h.verdict == "refuted" for h in report.hypotheses)
    assert any(h.kind == "program" and h.reason == Reason.PROGRAM_ROWS_UNSTATED
               for h in report.hypotheses) or not any(h.kind == "program"
                                                      for h in report.hypotheses)

"""A figure in a unit is no value of a column that states none while another column of the
table measures in that unit's dimension ("4.3 m" is not Boats per year beside Chamber
width (m)): left unverifiable there, never refuted by that column's count
(evaluators/quantity.number_against)."""

from __future__ import annotations

from depcheck.table import Table

LOCK = Table.from_dict({
    "id": "lock", "caption": "Aven Top Lock",
    "columns": ["Name", "Canal", "Lock number", "Opened", "Rise (m)", "Chamber length (m)",
                "Chamber width (m)", "Gate type", "Boats per year"],
    "rows": [["Aven Top Lock", "Aven Navigation", "12", "1802", "2.7", "21.5", "4.3",
              "Mitre gates", "1,850"]]})


def _said(report):
    return [(h.kind, h.verdict, h.explanation) for h in report.hypotheses]


def test_a_length_is_no_count_of_boats(core_checker):
    report = core_checker.check("At 4.3 m wide, the chamber lifts boats 3.1 metres.", LOCK)
    assert report.verdict != "refuted", _said(report)
    assert any("Boats per year" in h.explanation and h.reason == "value not comparable"
               for h in report.hypotheses), _said(report)
    assert any("Chamber width" in h.explanation and h.verdict == "supported"
               for h in report.hypotheses), _said(report)


def test_the_count_itself_is_still_checked(core_checker):
    report = core_checker.check("About 1,200 boats pass through Aven Top Lock each year.",
                                LOCK)
    assert any("Boats per year" in h.explanation and h.verdict == "refuted"
               for h in report.hypotheses), _said(report)

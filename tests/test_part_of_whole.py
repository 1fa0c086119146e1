""""12 of the 90 seats" against a cell that states a part of a whole ("12 / 90"): the whole
(the mention "90 seats") is that cell's, and the part must be its part; a whole no cell
states is the group's size, no value of the row, so it refutes nothing."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

PARTY = Table.from_dict({
    "id": "party", "caption": "Green Harbour Party",
    "columns": ["Name", "Founded", "Leader", "Council seats"],
    "rows": [["Green Harbour Party", "1994", "Ines Vale", "12 / 90"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Green Harbour Party holds 12 of the 90 seats on the council.", "not refuted"),
    ("The Green Harbour Party holds 14 of the 90 seats on the council.", "refuted"),
    ("The Green Harbour Party holds 12 of the 75 seats on the council.", "not refuted"),
])
def test_the_whole_of_a_part(core_checker, text, verdict):
    report = core_checker.check(text, PARTY)
    if verdict == "not refuted":
        assert report.verdict != "refuted", [(h.rule, h.verdict, h.explanation)
                                             for h in report.hypotheses]
    else:
        expect(core_checker, PARTY, text, verdict)


def test_the_part_and_its_whole_are_read_together(core_checker):
    report = core_checker.check("The Green Harbour Party holds 12 of the 90 seats on the "
                                "council.", PARTY)
    whole = [h for h in report.hypotheses if h.text.startswith("90")]
    assert whole and all(h.verdict == "supported" and h.attribute.column == "Council seats"
                         for h in whole), [(h.text, h.verdict) for h in report.hypotheses]

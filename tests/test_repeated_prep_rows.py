"""Two named rows each with a like preposition ("the Ascent Duo *at* $599 and the Forge Pro
L *at* $899"), where the parse hangs both prepositions on the first name: the second
speaks of the conjunct just before it (entity._conjunct_of_a_repeated_prep), so its
figure is checked against that row, not refuted as the first row's."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BOATS = Table.from_dict({
    "id": "boats", "caption": "Sea kayaks",
    "columns": ["Kayak", "Price", "Length (m)", "Weight (kg)"],
    "rows": [["Orca Duo", "$1,299", "5.2", "27"],
             ["Tern Solo", "$749", "4.3", "19"],
             ["Skua Pro L", "$1,899", "5.6", "31"]]})


def _prices(report):
    return [(h.verdict, h.explanation.split(";")[0]) for h in report.hypotheses
            if h.kind == "fact" and "Price" in h.explanation]


@pytest.mark.parametrize("text", [
    "Two kayaks stand out: the Orca Duo at $1,299 and the Skua Pro L at $1,899.",
    "Two models remain: the Orca Duo at $1,299 and the Skua Pro L at $1,899.",
])
def test_each_figure_is_its_own_rows(core_checker, text):
    report = core_checker.check(text, BOATS)
    assert ("supported", "Price of Skua Pro L is $1,899") in _prices(report), _prices(report)
    assert report.verdict != "refuted"


def test_a_wrong_figure_is_checked_against_the_second_row(core_checker):
    report = expect(core_checker, BOATS,
                    "Two models remain: the Orca Duo at $1,299 and the Skua Pro L at $749.",
                    "refuted")
    assert any(v == "refuted" and "Price of Skua Pro L" in e for v, e in _prices(report))

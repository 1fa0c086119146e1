"""An aggregate query refutes only a claim it is about: a percentage "of" something that is
not the table's rows ("traps 99.97% of particles") is a figure of a row, not a share of the
rows, whatever share of the rows the query finds.

Every expected verdict is reasoned from the table below: four vacuum cleaners.

    name       cordless  bin
    Sela S2    yes       0.5 L
    Sela S4    yes       0.8 L
    Robo R7    yes       0.6 L
    Kessel C1  no        2.5 L

Three of the four (75%) are cordless; one of the four (25%) is the Sela S2.
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

VACUUMS = Table.from_dict({
    "id": "vacuum-shares", "caption": "Vacuum cleaners",
    "columns": ["name", "cordless", "bin"],
    "rows": [["Sela S2", "yes", "0.5 L"], ["Sela S4", "yes", "0.8 L"],
             ["Robo R7", "yes", "0.6 L"], ["Kessel C1", "no", "2.5 L"]]})


def test_a_percentage_of_something_else_is_no_share_of_the_rows(core_checker):
    report = core_checker.check("The Sela S2 has a filter that traps 99.9% of dust.", VACUUMS)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]


@pytest.mark.parametrize("text,verdict", [
    ("75% of the vacuums are cordless.", "supported"),
    ("50% of the vacuums are cordless.", "refuted"),
    ("25% of the models are cordless.", "refuted"),  # a row noun, not the caption's
])
def test_a_share_of_the_rows_is_counted(core_checker, text, verdict):
    expect(core_checker, VACUUMS, text, verdict)

"""A difference with no "than" (issue 13): its other side is the one other row the
statement names ("the Orla costs $650, and the Pim costs $249 more"); its figure is no
value of a row, so no fact check reads it as the row's price.

Four kettles (rules decide) and the six drones of test_program_gaps (a general table):

    kettle  price  boil time (min)
    Orla    $40    4
    Pim     $65    3
    Quill   $90    5
    Rook    $25    6

The Pim costs $25 more than the Orla; the Rook boils 2 minutes longer than the Orla.
"""

import pytest

from depcheck.table import Table

from .test_program_gaps import DRONES
from .verdicts import expect

KETTLES = Table.from_dict({
    "id": "kettles", "caption": "Kettles",
    "columns": ["kettle", "price", "boil time (min)"],
    "rows": [["Orla", "$40", "4"], ["Pim", "$65", "3"], ["Quill", "$90", "5"],
             ["Rook", "$25", "6"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Orla costs $40, and the Pim costs $25 more.", "supported"),
    ("The Orla costs $40, but the Pim costs $35 more.", "refuted"),
    ("The Orla boils in 4 minutes, and the Rook boils 2 minutes longer.", "supported"),
    # the Rook is cheaper, not dearer, than the Orla
    ("The Orla costs $40, and the Rook costs $15 more.", "refuted"),
])
def test_a_difference_against_the_other_named_row(core_checker, text, verdict):
    report = expect(core_checker, KETTLES, text, verdict)
    assert any(h.rule.startswith("difference-implicit") for h in report.hypotheses)


def test_the_figure_of_a_difference_is_no_price(core_checker):
    # three rows named: no one other row to compare with, and "$25" is not the Pim's price
    report = core_checker.check("The Pim costs $25 more than the Orla and the Rook.", KETTLES)
    assert not any(h.kind == "fact" and h.verdict == "refuted" for h in report.hypotheses)


def test_on_a_general_table(core_checker):
    # $899 - $650 = $249
    expect(core_checker, DRONES, "The Lark Pro costs $650, and the Swift Air costs $249 more.",
           "supported")
    expect(core_checker, DRONES, "The Lark Pro costs $650, and the Swift Air costs $200 more.",
           "refuted")

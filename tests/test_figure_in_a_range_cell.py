"""A figure the unit alone links to a column, held by a range cell of another column of
its unit's family, is not that column's value.

A catalog of standing desks has a Desktop width (cm) and a Height range (cm) written as
ranges ("62–127"): "rises to 127 cm" states a figure in centimetres that no word ties to a
column, and the unit cannot tell the two columns apart; the range holds it, so the desk's
160 cm width does not refute it (``quantity.ranged_in_family``).  A figure that no range
of the row holds is no value of the range column, and is still read against the column of
single figures ("a lowest setting of 60 cm": neither 160 nor within 62–127).
"""

from depcheck.reasons import Reason
from depcheck.table import Table

from .verdicts import expect

DESKS = Table.from_dict({
    "id": "desks", "caption": "Standing desks",
    "columns": ["Desk", "Desktop width (cm)", "Height range (cm)", "Price ($)"],
    "rows": [["Elevo Duo", "160", "62–127", "599"], ["Elevo Solo", "120", "72–121", "349"]]})


def _refuted(report):
    return [h for h in report.hypotheses if h.verdict == "refuted"]


def test_a_figure_a_range_cell_of_its_family_holds_is_not_refuted_by_the_unit_column(
        core_checker):
    report = expect(core_checker, DESKS, "The Elevo Duo rises to 127 cm.", "unverifiable")
    assert not _refuted(report)
    (said,) = [h for h in report.hypotheses if h.reason == Reason.FIGURE_UNIT_AMBIGUOUS]
    assert "within Height range (cm) (62–127)" in said.explanation


def test_both_ends_of_the_range_are_left_to_the_range(core_checker):
    # the range frame (figure-range) reads both ends against the one range cell in their
    # unit; the desk's width does not refute them
    report = expect(core_checker, DESKS, "The Elevo Duo goes from 62 to 127 cm.",
                    "supported")
    assert not _refuted(report)
    assert any("Height range (cm)" in h.evidence.columns for h in report.hypotheses)


def test_a_figure_no_range_cell_holds_is_read_against_the_unit_column(core_checker):
    report = expect(core_checker, DESKS,
                    "With a lowest setting of 60 cm, the Elevo Duo suits short users.",
                    "refuted")
    (wrong,) = _refuted(report)
    assert wrong.attribute.target == "Desktop width (cm)"

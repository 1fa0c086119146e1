"""A figure linked to a column by its unit alone, far outside the column's scale, measures
another thing.

"The Lumo Go runs for about two hours on its battery" against a catalog whose only column
in hours is the lamp's life (20,000 and 30,000 hours): the unit alone links the figure, and
it is more than ten times smaller than every figure of the column, so the text speaks of
something the table does not hold (the battery's runtime), not of the lamp's life; it is
neither refuted nor supported by that column (``quantity.out_of_scale``, the reason
``Reason.FIGURE_OF_ANOTHER_THING``).  A figure within the column's scale is still that
column's value and its cell refutes it; a phrase that names the column keeps the link.
"""

from depcheck.compiled import compile_table
from depcheck.evaluators.quantity import out_of_scale
from depcheck.reasons import Reason
from depcheck.table import Table
from depcheck.values import Quantity

from .verdicts import expect

PROJECTORS = Table.from_dict({
    "id": "projectors", "caption": "Pocket projectors",
    "columns": ["Model", "Brightness (lumens)", "Lamp life (hours)", "Price (USD)"],
    "rows": [["Lumo Go", "300", "20,000", "249"], ["Lumo Max", "700", "30,000", "449"],
             ["Pixa Mini", "150", "25,000", "179"]]})

MOWERS = Table.from_dict({
    "id": "mowers", "caption": "Robot mowers",
    "columns": ["Model", "Runtime (min)", "Area (m²)"],
    "rows": [["Grazer 5", "60", "500"], ["Grazer 9", "90", "900"]]})


def _out_of_scale(report):
    return [h for h in report.hypotheses if h.reason == Reason.FIGURE_OF_ANOTHER_THING]


def test_a_figure_far_below_every_cell_of_its_unit_column_is_not_refuted(core_checker):
    report = expect(core_checker, PROJECTORS,
                    "The Lumo Go runs for about two hours on its battery.", "unverifiable")
    (said,) = _out_of_scale(report)
    assert said.attribute.target == "Lamp life (hours)"
    assert "out of the scale of Lamp life (hours)" in said.explanation


def test_a_figure_in_the_scale_of_its_unit_column_is_refuted_by_it(core_checker):
    report = expect(core_checker, MOWERS, "The Grazer 5 runs for 75 minutes.", "refuted")
    assert not _out_of_scale(report)


def test_a_figure_in_the_scale_of_its_unit_column_that_holds_is_supported(core_checker):
    expect(core_checker, MOWERS, "The Grazer 9 runs for 90 minutes.", "supported")


def test_the_scale_reads_the_figure_in_its_family_base_unit():
    lamp = compile_table(PROJECTORS).column_by_name("Lamp life (hours)")
    assert out_of_scale(Quantity(2.0, "h"), lamp)
    assert out_of_scale(Quantity(120.0, "min"), lamp)  # two hours, in minutes
    assert not out_of_scale(Quantity(2500.0, "h"), lamp)  # within ten times the smallest
    assert not out_of_scale(Quantity(3.0, "year"), lamp)  # 26,298 hours: in scale
    assert not out_of_scale(Quantity(2.0, None), lamp)  # no unit: no family to compare

"""A figure linked to a column by its unit alone measures what its phrase says it does.

"The observatory sits at 3,000 metres" has one column in metres (Altitude) and says
nothing else of the figure: the unit links it, and the cell refutes it.  But "a 2.5 m
*reflector*", "67 mm *filters*" or "a *retention* of 0.1 g" say what the figure measures,
and no column of the table is that thing; "410 metres *thick*" names the Thickness column,
not the only other column in metres; "€20 *dearer* than" is a difference, not a price.
None of those figures is a value of the column its unit picked (issue 13: the stated
attribute must agree with the column), so none is refuted by that column's cell
(``quantity.figure_said_of``; the reason ``Reason.FIGURE_OF_ANOTHER_THING``).

Words that name the table's rows ("a 4-star *hotel*"), the column's own words ("a 5,300
mAh *battery*" of Battery (mAh)) and a unit that is the column's name ("24.1-megapixel"
of megapixels) leave the unit's link standing.
"""

import pytest

from depcheck.reasons import Reason
from depcheck.table import Table

from .verdicts import expect

OBSERVATORY = Table.from_dict({
    "id": "obs", "caption": "Observatory",
    "columns": ["name", "Altitude", "Founded"],
    "rows": [["Cerro Verde Observatory", "2,380 m", "1968"]]})

# the only column in metres is the highest elevation; the thickness is given in feet
GLACIER = Table.from_dict({
    "id": "glacier", "caption": "Glacier",
    "columns": ["name", "Thickness", "Highest elevation"],
    "rows": [["Vardbreen Glacier", "1,345 ft", "1,890 m"]]})

KETTLES = Table.from_dict({
    "id": "kettles", "caption": "Electric kettles",
    "columns": ["Model", "Price (€)", "Capacity (L)"],
    "rows": [["Nordvik Pour", "89", "1.0"], ["Kettlo Temp", "69", "1.7"],
             ["Brava Steel", "45", "1.5"]]})

PHONES = Table.from_dict({
    "id": "phones", "caption": "Phones",
    "columns": ["Phone", "Battery (mAh)", "Price"],
    "rows": [["Helix 7", "5000", "$499"], ["Echo M1", "4500", "$399"]]})

HOTELS = Table.from_dict({
    "id": "hotels", "caption": "Hotels in Lisbon",
    "columns": ["Hotel", "stars", "distance to centre"],
    "rows": [["Casa Aurora", "4", "0.5 km"], ["Casa Blanca", "3", "2.0 km"]]})


def _figure_claims(report):
    return [h for h in report.hypotheses if h.reason == Reason.FIGURE_OF_ANOTHER_THING]


@pytest.mark.parametrize("table, text", [
    (OBSERVATORY, "The observatory sits at 3,000 metres."),
    (KETTLES, "The Nordvik Pour costs €95."),
    (PHONES, "The Helix 7 has a 5,300 mAh battery."),  # the column's own word
    (HOTELS, "Casa Aurora is a 4-star hotel 1.2 km from the centre."),  # the kind of row
])
def test_a_figure_the_phrase_leaves_to_its_unit_is_refuted_by_the_column(core_checker,
                                                                          table, text):
    report = expect(core_checker, table, text, "refuted")
    assert not _figure_claims(report)


def test_a_figure_of_a_thing_no_column_holds_is_not_the_unit_column_value(core_checker):
    report = expect(core_checker, OBSERVATORY,
                    "Cerro Verde Observatory has a 2.5 m reflector.", "unverifiable")
    (said,) = _figure_claims(report)
    assert said.attribute.target == "Altitude"
    assert "measures another thing than Altitude" in said.explanation


def test_a_figure_of_an_of_phrase_measures_its_noun(core_checker):
    text = "Cerro Verde Observatory has a mirror of 2.5 metres."
    report = expect(core_checker, OBSERVATORY, text, "unverifiable")
    assert _figure_claims(report)


def test_an_adjective_names_the_column_the_figure_is_read_against(core_checker):
    # Thickness (1,345 ft is 410 m), not the highest elevation (the column in metres)
    report = expect(core_checker, GLACIER, "Vardbreen Glacier is 410 metres thick.",
                    "supported")
    assert any("Thickness" in h.evidence.columns for h in report.hypotheses)
    report = expect(core_checker, GLACIER, "Vardbreen Glacier is 600 metres thick.",
                    "refuted")
    assert all("Highest elevation" not in h.evidence.columns for h in report.hypotheses)


def test_a_bound_reads_the_column_its_adjective_names(core_checker):
    expect(core_checker, GLACIER, "Vardbreen Glacier is over 400 metres thick.", "supported")
    report = expect(core_checker, GLACIER, "Vardbreen Glacier is over 500 metres thick.",
                    "refuted")
    assert all("Highest elevation" not in h.evidence.columns for h in report.hypotheses)


def test_a_figure_before_a_comparative_is_a_difference_not_a_price(core_checker):
    # 89 - 69 = 20: whatever the difference evaluator makes of it, the price of the
    # Nordvik Pour (89) does not refute "€20"
    report = core_checker.check("The Nordvik Pour is €20 dearer than the Kettlo Temp.",
                                KETTLES)
    assert report.verdict != "refuted", [(h.verdict, h.text, h.explanation)
                                         for h in report.hypotheses]
    assert not any(h.verdict == "refuted" and "Price (€)" in h.evidence.columns
                   and "20" in h.text and h.kind == "fact" for h in report.hypotheses)


LOCOMOTIVE = Table.from_dict({
    "id": "loco", "caption": "Ravenscar Abbey",
    "columns": ["Name", "Boiler pressure", "Tractive effort"],
    "rows": [["Ravenscar Abbey", "220 psi", "27,400 lbf"]]})


def test_a_unit_only_the_cells_write_is_the_figures_own(core_checker):
    # "psi" is no unit of the lexicon, but the column's cells write it: "250 psi" is the
    # figure with its unit, not a figure describing a thing called "psi"
    report = expect(core_checker, LOCOMOTIVE, "Ravenscar Abbey's boiler works at 250 psi.",
                    "refuted")
    assert any("Boiler pressure" in h.evidence.columns for h in report.hypotheses
               if h.verdict == "refuted")

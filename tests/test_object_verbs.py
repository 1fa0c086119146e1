"""A verb whose object phrase a check read is accounted for when the lexicon says it names
the checked column (``verb_attributes``: "hold" -> capacity, load, tank): "holds *the most*
water", "holds the most, *110 litres*", "holds up to 150 kg"; a verb that names no column
checked stays a claim of its own.

    Kettle   Capacity (L)  Price (€)        Chair   Max load (kg)  Price
    Avon     1.8           39               Atlas   150            $319
    Brook    1.5           45               Vega    120            $249
    Calder   1.0           29
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

KETTLES = Table.from_dict({
    "id": "kettles", "caption": "Electric kettles",
    "columns": ["Kettle", "Capacity (L)", "Price (€)"],
    "rows": [["Avon", "1.8", "39"], ["Brook", "1.5", "45"], ["Calder", "1.0", "29"]]})

CHAIRS = Table.from_dict({
    "id": "chairs", "caption": "Office chairs",
    "columns": ["Chair", "Max load (kg)", "Price"],
    "rows": [["Atlas", "150", "$319"], ["Vega", "120", "$249"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (KETTLES, "The Avon holds the most water of the range, 1.8 litres.", "supported"),
    (KETTLES, "The Avon holds the most, 1.8 litres, and costs €39.", "supported"),
    (KETTLES, "The Brook holds the most water of the range.", "refuted"),
    (CHAIRS, "The Atlas holds up to 150 kg.", "supported"),
    (CHAIRS, "The Vega holds up to 150 kg.", "refuted"),
    # "brews" names no column: its object is a claim the table cannot check
    (KETTLES, "The Avon brews the most tea of the range.", "unverifiable"),
])
def test_a_verb_naming_the_checked_column_is_accounted_for(core_checker, table, text,
                                                           verdict):
    expect(core_checker, table, text, verdict)


FIRM = Table.from_dict({
    "id": "firm", "caption": "Brolly & Finch",
    "columns": ["Name", "Founded", "Key people", "Employees"],
    "rows": [["Brolly & Finch", "1868", "Clara Finch-Ode (managing director)", "84 (2018)"]]})


@pytest.mark.parametrize("text, verdict", [
    # "employs" names Employees (verb_attributes); "people" is no figure of Key people,
    # the text column GloVe puts it near, and "a hundred" is 100
    ("Brolly & Finch employs over a hundred people.", "refuted"),
    ("Brolly & Finch employs under a hundred people.", "supported"),
    ("Brolly & Finch employs 84 people.", "supported"),
])
def test_a_figure_the_verb_counts(core_checker, text, verdict):
    report = expect(core_checker, FIRM, text, verdict)
    assert any("Employees" in h.evidence.columns for h in report.hypotheses
               if h.verdict == verdict)

"""Figures a statement gives that are no value of its row's cells: the other rows' figure
("outgunning the others' 250 W": lexicon other_rows_possessors), an amount of change where
no column holds one ("means climbing 1,472 m": change_verbs), an extent a bound preposition
does not bound ("gains 780 m over 2,450 m *of track*"), and "most days" (a majority of the
days, no superlative).  None of them may refute the statement."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BIKES = Table.from_dict({
    "id": "bikes", "caption": "Cargo bikes",
    "columns": ["Model", "Maker", "Motor (W)", "Load capacity (kg)", "Price"],
    "rows": [["Haulmate 2", "Velotrek", "250", "180", "4,290"],
             ["Kanga Box", "Stadtrad", "250", "150", "3,690"],
             ["Porta Trike", "Stadtrad", "350", "220", "5,890"],
             ["Mule One", "Brix", "250", "170", "3,990"]]})

HUT = Table.from_dict({
    "id": "hut", "caption": "Grauspitz Hut",
    "columns": ["Name", "Elevation", "Opened", "Access"],
    "rows": [["Grauspitz Hut", "2,612 m", "1894", "4 h from Vell village (1,140 m)"]]})

LIFTS = Table.from_dict({
    "id": "lifts", "caption": "Lifts",
    "columns": ["Lift", "Length", "Vertical rise", "Built"],
    "rows": [["Talbahn", "3,420 m", "1,015 m", "1998"], ["Gipfel", "1,200 m", "400 m", "1972"]]})

FUNICULARS = Table.from_dict({
    "id": "funiculars", "caption": "Funiculars",
    "columns": ["Funicular", "Length (m)", "Elevation gain (m)", "Max gradient (%)"],
    "rows": [["Seeblick Bahn", "1,980", "610", "61"], ["Monte Caro Line", "2,450", "780", "53"]]})

BAKERIES = Table.from_dict({
    "id": "bakeries", "caption": "Bakeries",
    "columns": ["Bakery", "Founded", "Signature item", "Score", "Opening hours"],
    "rows": [["Kornhaus", "1952", "rye sourdough", "94", "06:00–18:00"],
             ["Sommer", "1978", "poppy-seed plait", "86", "06:30–13:00"],
             ["Crumb", "2008", "focaccia", "82", "08:00–19:00"]]})


@pytest.mark.parametrize("table, text", [
    (BIKES, "The Porta Trike's 350 W motor outguns the others' 250 W."),
    (HUT, "Reaching the hut from Vell village means climbing 1,472 m."),
    (FUNICULARS, "The Monte Caro Line gains 780 m over 2,450 m of track."),
    (BAKERIES, "Sommer sells out by late morning most days."),
])
def test_no_refutation_by_a_figure_of_something_else(core_checker, table, text):
    report = core_checker.check(text, table)
    assert report.verdict != "refuted", [(h.rule, h.verdict, h.explanation)
                                         for h in report.hypotheses]


@pytest.mark.parametrize("table, text, verdict", [
    # a column named for an amount of change reads the figure of a verb of change
    (LIFTS, "The Talbahn climbs 1,015 m over a 3,420 m line.", "supported"),
    (BIKES, "The Porta Trike has the most powerful motor.", "supported"),
    (BAKERIES, "Kornhaus has the highest score.", "supported"),
])
def test_the_figures_that_are_the_rows(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


def test_the_level_a_verb_of_change_reaches_is_a_level(core_checker):
    """"climbs *to* 2,612 m": the preposition's figure is the level reached, the Elevation."""
    report = core_checker.check("The path to the hut climbs to 2,612 m.", HUT)
    figures = [h for h in report.hypotheses if "2,612" in h.text and h.kind == "fact"]
    assert figures and all(h.verdict == "supported" for h in figures)


@pytest.mark.parametrize("text, verdict", [
    # a superlative's column comes from its own clause ("the Line climbs the most": the
    # verb's Elevation gain, not the "steepest gradient" of the clause before it)
    ("The Seeblick Bahn tackles the steepest gradient, while the Monte Caro Line climbs "
     "the most.", "supported"),
    ("The Monte Caro Line tackles the steepest gradient, while the Seeblick Bahn climbs "
     "the most.", "refuted"),
])
def test_a_superlative_reads_its_own_clause(core_checker, text, verdict):
    report = core_checker.check(text, FUNICULARS)
    most = [h for h in report.hypotheses if h.kind == "superlative" and h.text == "most"]
    assert len(most) == 1 and most[0].verdict == verdict
    assert [c.column for c in most[0].evidence.output][0] == "Elevation gain (m)"


DEHUMIDIFIERS = Table.from_dict({
    "id": "dehumidifiers", "caption": "Dehumidifiers",
    "columns": ["Model", "Extraction (per day)", "Power"],
    "rows": [["Vaporex 50 Pro", "50 L", "680 W"], ["DryHaven 35P", "35 L", "520 W"],
             ["Aira 20", "20 L", "300 W"], ["Mistral 12", "12 L", "240 W"],
             ["Nimbus 25", "25 L", "410 W"]]})


def test_a_figure_compared_with_is_the_other_sides(core_checker):
    # "compared with 520 W" is the other dehumidifier's figure, not the Vaporex's, even when
    # the Vaporex is named by "it"
    report = core_checker.check("The Vaporex 50 Pro pulls 50 litres a day, though it draws"
                                " 680 W compared with 520 W.", DEHUMIDIFIERS)
    assert report.verdict != "refuted", [(h.text, h.explanation) for h in report.hypotheses]
    expect(core_checker, DEHUMIDIFIERS, "The Vaporex 50 Pro pulls 50 litres a day, though it"
           " draws 600 W compared with 520 W.", "refuted")

"""A figure that measures a dimension adjective ("142 metres *tall*", "120 cm *wide*") is
checked against the column the adjective names (the lexicon's comparatives): a figure no
cell holds is refuted, a figure of another column is refuted (DepChecker's altered
attribute), and the verb linking the two ("stands", "runs") is accounted for."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

DAM = Table.from_dict({
    "id": "dam", "caption": "Karvell Dam",
    "columns": ["Name", "Height", "Length", "Installed capacity"],
    "rows": [["Karvell Dam", "142 m (466 ft)", "610 m", "1,120 MW"]]})

DESKS = Table.from_dict({
    "id": "desks", "caption": "Standing desks",
    "columns": ["Desk", "Price", "Width", "Depth", "Max height"],
    "rows": [["Forge Pro", "$499", "140 cm", "70 cm", "125 cm"],
             ["Lumen Crank", "$279", "120 cm", "60 cm", "118 cm"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The dam is 142 metres tall.", "supported"),
    ("The dam is 466 feet tall.", "supported"),
    ("The dam is 150 metres tall.", "refuted"),  # no cell holds 150 m
    ("The dam is 610 metres tall.", "refuted"),  # 610 m is its Length, not its Height
    ("The dam runs 700 m long.", "refuted"),
    ("Karvell Dam stands 142 metres tall and has an installed capacity of 1,120 megawatts.",
     "supported"),  # "stands" links the figure to "tall": nothing else to check
    ("The dam stands 150 metres tall.", "refuted"),
    ("The Lumen Crank is 120 cm wide.", "supported"),
    ("The Lumen Crank is 118 cm wide.", "refuted"),  # its Max height
    ("The Forge Pro is 70 cm deep and 140 cm wide.", "supported"),
])
def test_a_figure_measuring_a_dimension_adjective(core_checker, text, verdict):
    table = DAM if "dam" in text.lower() else DESKS
    expect(core_checker, table, text, verdict)


def test_the_column_named_is_the_adjectives(core_checker):
    report = core_checker.check("The dam is 610 metres tall.", DAM)
    refuted = [h for h in report.hypotheses if h.verdict == "refuted"]
    assert refuted and all("Height" in h.explanation for h in refuted)


def test_a_figure_in_another_dimension_names_no_column(core_checker):
    """"40 years old" is a time, not a length: the adjective's column is not read for it."""
    table = Table.from_dict({"id": "band", "columns": ["Name", "Height", "Formed"],
                             "rows": [["The Larks", "2 m", "1979"]]})
    report = core_checker.check("The Larks are 40 years old.", table)
    assert not any("Height" in h.explanation for h in report.hypotheses)


AROMI = Table.from_dict({
    "id": "aromi", "caption": "restaurants",
    "columns": ["name", "eatType", "food", "customer rating", "area"],
    "rows": [["Aromi", "coffee shop", "Chinese", "3 out of 5", "riverside"]]})


@pytest.mark.parametrize("text, verdict", [
    # the verb's object is the column's own word with the checked value: nothing else said
    ("Aromi sells Chinese food.", "supported"),
    ("Aromi receives a customer rating of 3 out of 5.", "supported"),
    # "rated" names another column (customer rating): a claim no check read
    ("Aromi has highly rated Chinese food.", "unverifiable"),
])
def test_a_verb_that_only_links_a_checked_value(core_checker, text, verdict):
    expect(core_checker, AROMI, text, verdict)


LIGHT = Table.from_dict({
    "id": "light", "caption": "Carrick Mor Lighthouse",
    "columns": ["Name", "Height", "Focal height", "Range", "First lit"],
    "rows": [["Carrick Mor Lighthouse", "26 m (85 ft)", "41 m", "22 nmi", "October 1848"]]})


@pytest.mark.parametrize("text, verdict", [
    # "high" gives a direction only among the comparatives; before a measure it names the
    # dimension (rules/lexicon/degree.yaml measure_adjectives)
    ("The lighthouse is 26 metres high.", "supported"),
    ("The lighthouse is 30 metres high.", "refuted"),
    ("The lighthouse is 41 metres high.", "refuted"),  # its Focal height, not its Height
])
def test_a_measure_adjective_names_the_dimension(core_checker, text, verdict):
    expect(core_checker, LIGHT, text, verdict)

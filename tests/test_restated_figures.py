"""A figure said again in another unit ("weighs 24 kg (53 lb)", "stretching 4.88 m, about 16
feet") is a claim of its own, checked against the cell the first figure states, each figure
to the precision it is written with (rules/frames/conversions.yaml, evaluator
``restated``); a rate's period that the column's name counts over ("380 tonnes *a year*" of
Annual output) and a verb of extent ("stretches 14.2 km") claim nothing beyond the figure."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

KAYAKS = Table.from_dict({
    "id": "kayaks", "caption": "Touring kayaks",
    "columns": ["Kayak", "Length", "Width", "Weight", "Price"],
    "rows": [["Harrier 16", "4.88 m", "56 cm", "24 kg", "$1,250"],
             ["Tern 12", "3.66 m", "64 cm", "19 kg", "$890"],
             ["Skua 14", "4.3 m", "60 cm", "21.5 kg", "$990"]]})

PEAK = Table.from_dict({
    "id": "peak", "caption": "Mount Arvel",
    "columns": ["Name", "Elevation", "Prominence", "Range"],
    "rows": [["Mount Arvel", "2,000 m", "1,185 m", "Sorrel Range"]]})


TRAIL = Table.from_dict({
    "id": "trail", "caption": "Arvel trail",
    "columns": ["Name", "Length", "Climb"],
    "rows": [["Arvel trail", "2 km", "310 m"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (KAYAKS, "The Harrier 16 weighs 24 kg (53 lb).", "supported"),
    (KAYAKS, "The Harrier 16 weighs 24 kg (60 lb).", "refuted"),
    (KAYAKS, "The Harrier 16 is 4.88 m (16 ft) long.", "supported"),
    (KAYAKS, "The Tern 12 is 3.66 m (14 ft) long.", "refuted"),
    (KAYAKS, "The Tern 12 is 3.66 m (12 ft) long and weighs 19 kg (42 lb).", "supported"),
    # the first figure names the cell; "about" widens the second to 10%
    (KAYAKS, "The Harrier 16 stretches 4.88 m, about 16 feet.", "supported"),
    (KAYAKS, "The Harrier 16 stretches 4.88 m, about 19 feet.", "refuted"),
    # the cell is as precise as it is written: 4.3 m is 4.25 to 4.35 m, 13.9 to 14.3 ft
    (KAYAKS, "The Skua 14 is 4.3 m (14.1 ft) long.", "supported"),
    # a round figure is rounded to its zeros: 2,000 m is 6,562 ft
    (PEAK, "Mount Arvel rises to 2,000 m (6,600 ft).", "supported"),
    (PEAK, "Mount Arvel rises to 2,000 m (6,500 ft).", "refuted"),
    (PEAK, "Mount Arvel rises to 2,000 metres (6,562 feet).", "supported"),
    # a whole figure in a cell is exact: 2 km is 1.24 mi, not 1.5 (a cell of "2 km" read
    # as 1.5 to 2.5 km would hold 1.5 mi, 2.41 km)
    (TRAIL, "The Arvel trail is 2 km (1.2 mi) long.", "supported"),
    (TRAIL, "The Arvel trail is 2 km (1.5 mi) long.", "refuted"),
])
def test_a_figure_said_again_in_another_unit(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


@pytest.mark.parametrize("text", [
    # money: the table gives no rate between currencies
    "The Harrier 16 costs $1,250 (€1,100).",
    # the first figure states no cell of the row: the other checks decide it
    "The Harrier 16 is 6 m (20 ft) long.",
])
def test_no_restatement_check_without_a_factor_or_a_cell(core_checker, text):
    report = core_checker.check(text, KAYAKS)
    assert not [h for h in report.hypotheses if h.rule and h.rule.startswith("restated")]


def test_a_restatement_names_its_cell_and_both_figures(core_checker):
    report = core_checker.check("The Harrier 16 weighs 24 kg (60 lb).", KAYAKS)
    found = [h for h in report.hypotheses if h.rule == "restated-figure"]
    assert len(found) == 1 and found[0].verdict == "refuted"
    assert [(c.row, c.column) for c in found[0].evidence.output] == [(0, "Weight")]
    assert "24 kg" in found[0].explanation and "60 lb" in found[0].explanation
    assert found[0].text == "24 kg (60 lb)"


BREWERIES = Table.from_dict({
    "id": "breweries", "caption": "Brewery trail",
    "columns": ["Brewery", "Founded", "Annual output", "Taproom"],
    "rows": [["Two Kilns", "2008", "2,600 hl", "Yes"],
             ["Hollow Oak", "2012", "1,200 hl", "No"]]})

GLACIER = Table.from_dict({
    "id": "glacier", "caption": "Tarvik Glacier",
    "columns": ["Name", "Length", "Area", "Status"],
    "rows": [["Tarvik Glacier", "14.2 km", "38.6 km²", "Retreating"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (BREWERIES, "Two Kilns brews 2,600 hectolitres a year.", "supported"),
    (BREWERIES, "Two Kilns turns out 2,600 hl per year.", "supported"),
    (BREWERIES, "Two Kilns brews 1,200 hl a year.", "refuted"),
    # a period the column does not count over is a claim nothing checked
    (BREWERIES, "Two Kilns brews 2,600 hl a month.", "unverifiable"),
    (GLACIER, "The Tarvik Glacier stretches 14.2 km.", "supported"),
    (GLACIER, "The Tarvik Glacier spans 14.2 km and covers 38.6 km².", "supported"),
    (GLACIER, "The Tarvik Glacier stretches 16 km.", "refuted"),
])
def test_rate_periods_and_verbs_of_extent(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


BRIDGE = Table.from_dict({
    "id": "bridge", "caption": "Harrowgate Bridge",
    "columns": ["name", "Design", "Total length", "Longest span"],
    "rows": [["Harrowgate Bridge", "Cable-stayed bridge", "486 m (1,594 ft)", "212 m (696 ft)"]]})


@pytest.mark.parametrize("text, verdict", [
    # a measure verb states its subject's amount as a copula does (the lexicon's
    # measure_verbs): the subject names the column the figure is checked against
    ("The bridge's longest span measures 486 metres.", "refuted"),
    ("The bridge's longest span stretches 486 metres.", "refuted"),
    ("The bridge's longest span measures 212 metres.", "supported"),
    ("Harrowgate Bridge stretches 486 metres.", "supported"),
])
def test_a_measure_verb_states_its_subjects_column(core_checker, text, verdict):
    expect(core_checker, BRIDGE, text, verdict)


OBSERVATORY = Table.from_dict({
    "id": "observatory", "caption": "Korrin Ridge Observatory",
    "columns": ["Observatory", "Location", "Altitude", "Established"],
    "rows": [["Korrin Ridge Observatory", "Alvera", "2,340 m", "1962"]]})


@pytest.mark.parametrize("text, verdict", [
    # the level a height is counted from is part of its figure (the lexicon's
    # reference_levels), and a verb of position carries the figure (non_claim_words)
    ("The observatory sits 2,340 metres above sea level.", "supported"),
    ("Perched at 2,340 m above sea level, the observatory opened in 1962.", "supported"),
    ("The observatory sits less than 2,500 metres above sea level.", "supported"),
    ("The observatory sits more than 2,500 metres above sea level.", "refuted"),
    # another thing a height is counted from is a claim nothing checked
    ("The observatory sits 2,340 metres above the town.", "unverifiable"),
])
def test_a_height_above_sea_level(core_checker, text, verdict):
    expect(core_checker, OBSERVATORY, text, verdict)


MATTRESSES = Table.from_dict({
    "id": "mattresses", "caption": "Mattresses",
    "columns": ["Mattress", "Type", "Trial (nights)", "Warranty (years)"],
    "rows": [["SlumberCloud Hybrid", "hybrid", "100", "10"],
             ["DreamLatex Pure", "latex", "120", "20"]]})


@pytest.mark.parametrize("text, verdict", [
    # a bracket the header leaves unsaid alone ("index (year)") is the unit of a figure of
    # its family: two decades are 20 years, 120 months 10 years
    ("The DreamLatex Pure's warranty spans two decades.", "supported"),
    ("The DreamLatex Pure's warranty is three decades.", "refuted"),
    ("The SlumberCloud Hybrid has a warranty of 120 months.", "supported"),
    ("The SlumberCloud Hybrid has a warranty of 10 years.", "supported"),
    ("The SlumberCloud Hybrid has a warranty of 12 years.", "refuted"),
])
def test_a_figure_against_a_bracketed_unit_of_its_family(core_checker, text, verdict):
    expect(core_checker, MATTRESSES, text, verdict)


FILM = Table.from_dict({
    "id": "film", "caption": "The Glass Orchard",
    "columns": ["Title", "Budget", "Box office"],
    "rows": [["The Glass Orchard", "$12 million", "$55 million"]]})


@pytest.mark.parametrize("text, verdict", [
    # "gross" names the takings (the lexicon's verb_attributes, the have-dobj rule)
    ("The Glass Orchard grossed $55 million.", "supported"),
    ("The Glass Orchard grossed $65 million.", "refuted"),
    ("The Glass Orchard grossed more than four times its budget.", "supported"),
    ("The Glass Orchard grossed more than five times its budget.", "refuted"),
])
def test_takings_said_with_gross(core_checker, text, verdict):
    expect(core_checker, FILM, text, verdict)

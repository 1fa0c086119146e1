"""A quantified predicate's figure keeps its comparator and finds its column:

- a year after a time preposition of the lexicon's date cues ("all founded *before* 1925",
  "both opened *after* 1880") is compared as the preposition says, not as an equal year;
  "since" (from a year on) is left to other checks;
- a figure in a unit that a header's bracket spells, though ``header_unit`` leaves it
  unsaid as ambiguous ("1,800 metres" against "Elevation (m)"), is read in that column
  when no other column's header spells it;
- the lexicon's verbs of a place's height ("stands", "lies": synonyms.yaml
  verb_attributes) name the elevation column they are checked with;
- a modifier that names a column of text whose cells state an absence ("waterproof" of a
  Waterproof column of "IPX7" and "No") picks the rows whose cell states none;
- a verb and its object that are a yes/no column's words up to their stems ("support
  mesh" of "Mesh support") name that column.
"""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

HUTS = Table.from_dict({
    "id": "huts", "caption": "Mountain huts of the Lindau Alps",
    "columns": ["Hut", "Range", "Elevation (m)", "Beds", "Opened"],
    "rows": [["Falkenhut", "Ostgrat", "2,412", "48", "1896"],
             ["Moosalm", "Ostgrat", "1,980", "30", "1921"],
             ["Kesselhaus", "Westgrat", "1,450", "72", "1908"],
             ["Rotwand", "Westgrat", "2,105", "26", "1934"],
             ["Seebichl", "Talgrund", "1,120", "90", "1952"]]})

# two headers whose bracket spells "m": metres here, minutes there
TWO_M = Table.from_dict({
    "id": "routes", "caption": "Hut approaches",
    "columns": ["Route", "Valley", "Climb (m)", "Walk (m)"],
    "rows": [["Grauweg", "Ost", "900", "150"], ["Bachsteig", "Ost", "700", "120"],
             ["Almpfad", "West", "400", "80"]]})

HUT = Table.from_dict({
    "id": "falkenhut", "caption": "Falkenhut",
    "columns": ["Name", "Elevation (m)", "Beds", "Opened", "Owner"],
    "rows": [["Falkenhut", "2,412", "48", "1896", "Lindau Alpine Club"]]})


def _quantifier(report):
    return [h for h in report.hypotheses if h.kind == "quantifier"]


@pytest.mark.parametrize("text, verdict", [
    ("All the huts were opened before 1960.", "supported"),
    ("All the huts were opened before 1940.", "refuted"),
    ("Both Ostgrat huts were opened before 1925.", "supported"),
    ("Both Ostgrat huts were opened before 1900.", "refuted"),
    ("Both Westgrat huts were opened after 1900.", "supported"),
    ("Both Westgrat huts were opened after 1910.", "refuted"),
    ("Both Westgrat huts were opened in 1908.", "refuted"),
])
def test_a_year_keeps_its_time_preposition(core_checker, text, verdict):
    report = expect(core_checker, HUTS, text, verdict)
    assert [h.verdict for h in _quantifier(report)] == [verdict]


def test_since_a_year_is_no_comparison_of_one_year(core_checker):
    report = core_checker.check("Both Ostgrat huts have been open since 1896.", HUTS)
    assert not _quantifier(report)
    assert report.verdict != "refuted"


@pytest.mark.parametrize("text, verdict", [
    ("Both Ostgrat huts stand above 1,900 metres.", "supported"),
    ("Both Ostgrat huts stand above 2,000 m.", "refuted"),
    ("All five huts lie above 1,000 m.", "supported"),
    ("Both Westgrat huts stand below 1,500 metres.", "refuted"),
])
def test_a_figure_in_the_unit_a_header_bracket_spells(core_checker, text, verdict):
    report = expect(core_checker, HUTS, text, verdict)
    found = _quantifier(report)
    assert [h.verdict for h in found] == [verdict]
    assert found[0].explanation.startswith(("2 of 2", "5 of 5", "1 of 2", "0 of 2"))


def test_two_headers_spelling_the_unit_leave_the_figure_unplaced(core_checker):
    report = core_checker.check("Both Ost routes are longer than 500 m.", TWO_M)
    assert not _quantifier(report)
    assert report.verdict != "refuted"


@pytest.mark.parametrize("text, verdict", [
    ("The Falkenhut stands above 2,000 m.", "supported"),
    ("The Falkenhut stands above 2,500 metres.", "refuted"),
    ("The Falkenhut lies at 2,412 m and has 48 beds.", "supported"),
])
def test_a_place_stands_at_its_elevation(core_checker, text, verdict):
    report = expect(core_checker, HUT, text, verdict)
    assert any(h.verdict == verdict and "Elevation" in h.explanation
               for h in report.hypotheses)


SPEAKERS = Table.from_dict({
    "id": "speakers", "caption": "Portable speakers",
    "columns": ["Model", "Price", "Waterproof", "Battery (h)"],
    "rows": [["Tidal Mini", "$59", "IPX7", "12"], ["Harbor Go", "$89", "No", "20"],
             ["Tidal Max", "$149", "IPX5", "24"], ["Loft One", "$199", "No", "8"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Both waterproof speakers cost under $150.", "supported"),
    ("Both waterproof speakers cost under $100.", "refuted"),
    ("Both waterproof speakers run for at least 12 hours.", "supported"),
])
def test_a_modifier_names_a_column_whose_cells_state_absence(core_checker, text, verdict):
    # "waterproof" names the column whole; its rows are those whose cell states no
    # absence ("IPX7", "IPX5"), not those whose name holds the word
    report = expect(core_checker, SPEAKERS, text, verdict)
    found = _quantifier(report)
    assert [h.verdict for h in found] == [verdict]
    assert "Tidal Mini" in found[0].explanation or verdict == "refuted"


ROUTERS = Table.from_dict({
    "id": "routers", "caption": "Wi-Fi routers",
    "columns": ["Router", "Price", "Mesh support", "Ports"],
    "rows": [["Nimbus AX3", "$129", "yes", "4"], ["Nimbus AX5", "$189", "yes", "4"],
             ["Relay Lite", "$59", "no", "2"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Both Nimbus models support mesh.", "supported"),
    ("All three routers support mesh.", "refuted"),
    ("None of the routers supports mesh.", "refuted"),
])
def test_a_verb_and_its_object_name_a_yes_no_column(core_checker, text, verdict):
    # "support mesh" is the column "Mesh support" up to the words' stems and order; the
    # noun alone ("mesh") names no yes/no column
    report = expect(core_checker, ROUTERS, text, verdict)
    found = _quantifier(report)
    assert [h.verdict for h in found] == [verdict]
    assert "Nimbus AX3, Nimbus AX5" in found[0].explanation


def test_another_verb_with_the_object_names_no_column(core_checker):
    report = core_checker.check("All three routers block mesh.", ROUTERS)
    assert not _quantifier(report)

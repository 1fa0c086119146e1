"""A failing program that reads a figure of the statement against a column measuring
another dimension ("a whisper-quiet 58 dB" as a Cutting height in mm, the year of
"upgraded in 2016" as a tide height in metres) refutes nothing: its verdict is set aside
(Reason.PROGRAM_OTHER_DIMENSION).  A figure in its column's own dimension still refutes."""

from __future__ import annotations

import pytest

from depcheck.programs.dimensions import compared_figures, figure_in_another_dimension
from depcheck.reasons import Reason
from depcheck.table import Table

from .verdicts import expect

MOWERS = Table.from_dict({
    "id": "mowers", "caption": "Robot lawn mowers",
    "columns": ["Model", "Price", "Cutting width", "Cutting height", "Runtime"],
    "rows": [["Greenpath 400", "$799", "18 cm", "20\u201360 mm", "60 min"],
             ["Greenpath 1000", "$1,299", "22 cm", "20\u201360 mm", "90 min"],
             ["Mowbot RTK", "$2,499", "28 cm", "30\u201370 mm", "150 min"],
             ["Tidy Turf S", "$649", "16 cm", "25\u201355 mm", "50 min"],
             ["Verdant X5", "$1,899", "22 cm", "25\u201365 mm", "150 min"]]})

TIDES = Table.from_dict({
    "id": "tides", "caption": "Tide levels by port (metres above chart datum)",
    "columns": ["Port", "Gauge ID", "Mean high water springs (m)", "Spring range (m)",
                "Date of highest level"],
    "rows": [["Avonford", "TG-01", "12.3", "11.4", "10 March 2008"],
             ["Carrow Bay", "TG-02", "6.1", "5.4", "3 January 2014"],
             ["Holmsey", "TG-04", "9.7", "8.5", "10 March 2008"],
             ["Port Ellery", "TG-06", "7.4", "6.6", "3 January 2014"],
             ["Stennack", "TG-07", "5.5", "4.9", "5 December 2013"]]})


def test_the_figures_a_program_compares_with_columns():
    assert compared_figures("eq{hop{filter_not_eq{all_rows; Model; verdant x5}; "
                            "Cutting height}; 58}") == [("Cutting height", "58"),
                                                        ("Model", "verdant x5")]
    assert compared_figures("greater{avg{all_rows; Price}; 900}") == [("Price", "900")]
    assert compared_figures("eq{count{all_rows}; 5}") == []
    assert compared_figures("not a program{") == []


@pytest.mark.parametrize("table, text", [
    (MOWERS, "The Verdant X5 runs at a whisper-quiet 58 dB, so it can mow at night without "
             "bothering the neighbours."),
    (TIDES, "Port Ellery's gauge was upgraded to a radar sensor in 2016."),
])
def test_a_figure_read_against_another_dimension_refutes_nothing(core_checker, table, text):
    report = core_checker.check(text, table)
    assert report.verdict == "unverifiable", [(h.rule, h.verdict, h.explanation)
                                              for h in report.hypotheses]


def test_the_clash_is_named(core_checker):
    doc = core_checker.nlp("Port Ellery's gauge was upgraded to a radar sensor in 2016.")
    compiled = core_checker.compile(TIDES)
    program = ("eq{hop{filter_eq{all_rows; Port; port ellery}; "
               "Mean high water springs (m)}; 2016}")
    tokens = [0, 1, 11]  # Port Ellery ... 2016
    found = figure_in_another_dimension(program, tokens, doc, compiled,
                                        core_checker.rules.lexicon)
    assert found == ("2016", "Mean high water springs (m)")
    # the same year against a column of dates, or a length against a length: no clash
    assert figure_in_another_dimension(
        "eq{hop{filter_eq{all_rows; Port; port ellery}; Date of highest level}; 2016}",
        tokens, doc, compiled, core_checker.rules.lexicon) is None
    doc = core_checker.nlp("Port Ellery has a spring range of 9.1 m.")
    assert figure_in_another_dimension(
        "eq{hop{filter_eq{all_rows; Port; port ellery}; Spring range (m)}; 9.1}",
        [0, 1, 7], doc, compiled, core_checker.rules.lexicon) is None


@pytest.mark.parametrize("table, text, verdict", [
    (TIDES, "The spring range at Holmsey is 9.5 m.", "refuted"),
    (TIDES, "The spring range at Holmsey is 8.5 m.", "supported"),
    (MOWERS, "The Verdant X5 costs $1,899.", "supported"),
    (MOWERS, "The Verdant X5 costs $1,499.", "refuted"),
])
def test_a_figure_in_its_columns_dimension_still_decides(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


def test_the_reason_is_in_the_closed_set():
    assert Reason.PROGRAM_OTHER_DIMENSION.value.startswith("the failing program")


def test_names_and_signs_are_not_mistaken_for_units(core_checker):
    """A cell's words that spell a unit inside a name ("1994 world *cup*") give its column
    no dimension; a currency sign before the figure gives the figure its own, even after a
    date preposition ("comes in under $2,000")."""
    games = core_checker.compile(Table.from_dict({
        "id": "games", "columns": ["Date", "Venue", "Competition"],
        "rows": [["13 May 1993", "Beirut", "1994 world cup qualification"],
                 ["27 September 1993", "Seoul", "friendly match"],
                 ["5 August 1996", "Hanoi", "1996 asian cup qualification"],
                 ["22 February 1997", "Hong Kong", "1998 world cup qualification"],
                 ["1 June 1997", "Seoul", "friendly match"]]}))
    doc = core_checker.nlp("He played in four competitions in 1993.")
    assert figure_in_another_dimension("eq{hop{all_rows; Competition}; 1993}", [1, 6], doc,
                                       games, core_checker.rules.lexicon) is None
    doc = core_checker.nlp("Every mower comes in under $2,000.")
    mowers = core_checker.compile(MOWERS)
    assert figure_in_another_dimension("all_less{all_rows; Price; 2,000}", [0, 5, 6], doc,
                                       mowers, core_checker.rules.lexicon) is None
    assert figure_in_another_dimension("all_less{all_rows; Cutting height; 2,000}",
                                       [0, 5, 6], doc, mowers,
                                       core_checker.rules.lexicon) == ("2,000", "Cutting height")


def test_a_count_of_things_is_no_amount_of_a_unit(core_checker):
    """"one of only two organic producers": the figure counts producers, which no column of
    hectares measures; "9.1 m." at a sentence's end is still a length."""
    estates = Table.from_dict({
        "id": "estates", "caption": "Tea estates",
        "columns": ["Estate", "Area (ha)", "Organic"],
        "rows": [["Glenmora", "310", "no"], ["Mistpeak", "145", "yes"],
                 ["Ravenfold", "275", "yes"]]})
    doc = core_checker.nlp("Mistpeak is one of only two organic producers.")
    compiled = core_checker.compile(estates)
    program = "eq{min{filter_eq{all_rows; Estate; mistpeak}; Area (ha)}; 2}"
    found = figure_in_another_dimension(program, [0, 5, 6], doc, compiled,
                                        core_checker.rules.lexicon)
    assert found == ("two", "Area (ha)")


LEAGUE = Table.from_dict({
    "id": "league", "caption": "Final league table",
    "columns": ["Team", "Played", "Won", "Lost", "Points"],
    "rows": [["Ashgrove United", "38", "20", "4", "1,068"],
             ["Redmarsh Town", "38", "19", "6", "66"],
             ["Halden Athletic", "38", "17", "8", "58"],
             ["Port Elyn", "38", "16", "9", "55"],
             ["Kelby Rovers", "38", "12", "12", "44"]]})


def test_a_score_read_against_plain_numbers_clashes(core_checker):
    """"a 2–0 win": a score, never a cell of a column of plain numbers (Played)."""
    doc = core_checker.nlp("Ashgrove United sealed the title with a 2\u20130 win.")
    compiled = core_checker.compile(LEAGUE)
    program = "eq{hop{filter_eq{all_rows; Team; ashgrove united}; Played}; 2\u20130}"
    assert figure_in_another_dimension(program, [], doc, compiled,
                                       core_checker._rules.lexicon) == ("2\u20130", "Played")
    assert figure_in_another_dimension(
        "eq{hop{filter_eq{all_rows; Team; ashgrove united}; Points}; 1,068}", [], doc, compiled,
        core_checker.rules.lexicon) is None


AIRPORTS = Table.from_dict({
    "id": "airports", "caption": "Regional airports",
    "columns": ["Airport", "Passengers (2018)", "Change vs 2017", "Runways"],
    "rows": [["Ostberg Central", "24,816,000", "+6.2%", "3"],
             ["Gradin Valley", "3,120,000", "\u22126.7%", "1"],
             ["Reuss Airport", "1,940,000", "\u22121.4%", "1"],
             ["Kalmar North", "5,410,000", "+2.0%", "2"],
             ["Tisza Field", "880,000", "+0.5%", "1"]]})


def test_a_share_read_against_a_column_of_no_unit_beside_one_in_shares(core_checker):
    """"a drop of 6.7%" read against Passengers (no unit) while Change vs 2017 is in %."""
    doc = core_checker.nlp("The steeper drop, 6.7%, was at Gradin Valley.")
    six = next(t.i for t in doc if t.text == "6.7")
    compiled = core_checker.compile(AIRPORTS)
    lexicon = core_checker._rules.lexicon
    program = "eq{hop{filter_eq{all_rows; Airport; gradin valley}; Passengers (2018)}; 6.7}"
    assert figure_in_another_dimension(program, [six], doc, compiled, lexicon) == (
        "6.7", "Passengers (2018)")
    program = "eq{hop{filter_eq{all_rows; Airport; gradin valley}; Change vs 2017}; 6.7}"
    assert figure_in_another_dimension(program, [six], doc, compiled, lexicon) is None


# a week's tide times: the times of high water are clocks, the heights plain metres
TIDE_TIMES = Table.from_dict({
    "id": "tide-times", "caption": "High water at Carrow Bay, first week of June",
    "columns": ["Day", "1st high", "1st high (m)", "2nd high", "2nd high (m)"],
    "rows": [["Tue 4 Jun", "05:58", "4.6", "18:21", "4.8"],
             ["Wed 5 Jun", "06:50", "4.8", "19:12", "5.1"],
             ["Thu 6 Jun", "07:44", "4.9", "20:04", "5.1"],
             ["Fri 7 Jun", "08:41", "4.7", "21:01", "4.9"],
             ["Sat 8 Jun", "09:40", "4.5", "22:00", "4.6"]]})


@pytest.mark.parametrize("program, clash", [
    # a time of day is no number of rows
    ("eq{count{all_rows}; 22:00}", ("22:00", "count")),
    ("not_eq{count{filter_eq{all_rows; Day; sat 8 jun}}; 09:40}", ("09:40", "count")),
    # nor a height in metres
    ("all_greater_eq{all_rows; 1st high (m); 09:40}", ("09:40", "1st high (m)")),
])
def test_a_clock_read_as_a_count_or_an_amount_clashes(core_checker, program, clash):
    doc = core_checker.nlp("High water on Saturday is at 09:40 and 22:00.")
    compiled = core_checker.compile(TIDE_TIMES)
    assert figure_in_another_dimension(program, [], doc, compiled,
                                       core_checker.rules.lexicon) == clash


def test_a_clock_read_against_a_column_of_clocks_fits(core_checker):
    doc = core_checker.nlp("High water on Saturday is at 09:40.")
    compiled = core_checker.compile(TIDE_TIMES)
    assert figure_in_another_dimension(
        "eq{hop{filter_eq{all_rows; Day; sat 8 jun}; 1st high}; 09:40}", [], doc, compiled,
        core_checker.rules.lexicon) is None
    assert figure_in_another_dimension("eq{count{all_rows}; 5}", [], doc, compiled,
                                       core_checker.rules.lexicon) is None


def test_a_time_of_day_read_as_a_count_refutes_nothing(core_checker):
    report = core_checker.check(
        "Saturday's 22:00 high tide is expected to coincide with strong onshore winds.",
        TIDE_TIMES)
    assert report.verdict != "refuted", [(h.rule, h.verdict, h.explanation)
                                         for h in report.hypotheses]


def test_a_sign_and_a_letter_the_tokenizer_splits_are_one_unit(core_checker):
    # "450 °C" is three tokens ("450", "°", "C"): a temperature, no price
    ovens = Table.from_dict({
        "id": "ovens", "caption": "Pizza ovens",
        "columns": ["Model", "Price (EUR)", "Max temperature (°C)"],
        "rows": [["Forno A", "299", "500"], ["Forno B", "249", "450"],
                 ["Forno C", "189", "400"]]})
    compiled = core_checker.compile(ovens)
    doc = core_checker.nlp("Forno B reaches 450 °C.")
    program = "eq{hop{filter_eq{all_rows; Model; forno b}; Price (EUR)}; 450}"
    assert figure_in_another_dimension(program, [3], doc, compiled,
                                       core_checker.rules.lexicon) == ("450", "Price (EUR)")
    program = "eq{hop{filter_eq{all_rows; Model; forno b}; Max temperature (°C)}; 450}"
    assert figure_in_another_dimension(program, [3], doc, compiled,
                                       core_checker.rules.lexicon) is None


def test_a_figure_in_another_unit_of_the_headers_dimension_clashes(core_checker):
    # "under 15 minutes" compared as 15 with a Battery life in months: unconverted
    locks = Table.from_dict({
        "id": "locks", "caption": "Smart locks",
        "columns": ["Model", "Battery life (months)", "Install time (min)"],
        "rows": [["Bolto Home", "12", "20"], ["KeyNova Edge", "4", "10"],
                 ["Doorlyn Basic", "6", "15"]]})
    compiled = core_checker.compile(locks)
    doc = core_checker.nlp("The Bolto Home installs in under 15 minutes.")
    lexicon = core_checker.rules.lexicon
    program = "less{hop{filter_eq{all_rows; Model; bolto home}; Battery life (months)}; 15}"
    assert figure_in_another_dimension(program, [1, 2, 6, 7], doc, compiled, lexicon) == (
        "15", "Battery life (months)")
    program = "less{hop{filter_eq{all_rows; Model; bolto home}; Install time (min)}; 15}"
    assert figure_in_another_dimension(program, [1, 2, 6, 7], doc, compiled, lexicon) is None

"""A failing program that compares a figure with a column of plain numbers whose cells are
all more than ten times larger or smaller than it (a count of tickets read as a number of
concerts, "game 16" as an attendance) read the figure against the wrong column: it
refutes nothing (Reason.PROGRAM_OTHER_SCALE).  A column's scale counts as its header gives
it too ("Viewers (millions)"), and a figure of its column's own scale still decides."""

from __future__ import annotations

import pytest

from depcheck.programs.dimensions import SCALE_FACTOR, figure_out_of_scale
from depcheck.reasons import Reason
from depcheck.table import Table

from .verdicts import expect

HALLS = Table.from_dict({
    "id": "halls", "caption": "Concert halls of the Verrow region",
    "columns": ["Hall", "Town", "Seats", "Concerts (2018)", "Tickets sold (2018)"],
    "rows": [["Aldgate Hall", "Verrow", "1,850", "142", "201,400"],
             ["Mintley Rooms", "Casby", "420", "96", "35,200"],
             ["The Corn Exchange", "Verrow", "1,100", "118", "104,900"],
             ["St Bede's Auditorium", "Lowick", "760", "64", "41,300"],
             ["Quayside Arena", "Casby", "3,200", "88", "236,800"],
             ["Fenner Hall", "Lowick", "540", "71", "30,150"]]})

SERIES = Table.from_dict({
    "id": "series", "caption": "The Marsh Road, season one",
    "columns": ["Episode", "Title", "Air date", "Viewers (millions)"],
    "rows": [["1", "Low Water", "6 March", "4.82"], ["2", "Salt Lines", "13 March", "4.41"],
             ["3", "The Sluice", "20 March", "4.15"], ["4", "Eel Season", "27 March", "3.97"],
             ["5", "Fenlight", "3 April", "4.03"]]})


def test_a_figure_ten_times_off_its_columns_cells_is_named(core_checker):
    compiled = core_checker.compile(HALLS)
    program = ("eq{hop{filter_greater{filter_eq{all_rows; Hall; quayside arena}; "
               "Tickets sold (2018); 88}; Concerts (2018)}; 236,800}")
    assert figure_out_of_scale(program, compiled) == ("236,800", "Concerts (2018)")
    # within ten times of the column's smallest and largest cells: in scale
    assert figure_out_of_scale("eq{hop{filter_eq{all_rows; Hall; fenner hall}; "
                               "Concerts (2018)}; 700}", compiled) is None
    assert figure_out_of_scale("eq{hop{filter_eq{all_rows; Hall; fenner hall}; "
                               "Concerts (2018)}; 7}", compiled) is None
    assert figure_out_of_scale("eq{hop{filter_eq{all_rows; Hall; fenner hall}; "
                               "Concerts (2018)}; 6}", compiled) == ("6", "Concerts (2018)")
    # zero is in every column's scale; a text column has none
    assert figure_out_of_scale("eq{hop{filter_eq{all_rows; Hall; fenner hall}; "
                               "Concerts (2018)}; 0}", compiled) is None
    assert figure_out_of_scale("eq{hop{filter_eq{all_rows; Seats; 540}; Town}; 12}",
                               compiled) is None
    assert SCALE_FACTOR == 10.0


def test_the_headers_scale_counts(core_checker):
    compiled = core_checker.compile(SERIES)
    # 4,000,000 viewers is 4.0 of "Viewers (millions)": in scale, as is 4.5
    assert figure_out_of_scale("eq{hop{filter_eq{all_rows; Episode; 2}; Viewers (millions)}; "
                               "4,000,000}", compiled) is None
    assert figure_out_of_scale("eq{hop{filter_eq{all_rows; Episode; 2}; Viewers (millions)}; "
                               "4.5}", compiled) is None
    # a figure far off both readings, and a column whose cells are no plain numbers (dates)
    assert figure_out_of_scale("eq{hop{filter_eq{all_rows; Episode; 2}; Viewers (millions)}; "
                               "1,000}", compiled) == ("1,000", "Viewers (millions)")
    assert figure_out_of_scale("eq{hop{filter_eq{all_rows; Episode; 2}; Air date}; 2019}",
                               compiled) is None


def test_a_program_reading_a_figure_at_another_scale_refutes_nothing(core_checker):
    # 236,800 / 30,150 is 7.85: true.  The rules check the tickets and the concerts; the
    # program search read 236,800 as a number of concerts (64 to 142) and failed
    report = core_checker.check("Quayside Arena sold 236,800 tickets over 88 nights, more "
                                "than seven times the Fenner Hall's.", HALLS)
    assert report.verdict == "unverifiable", [(h.rule, h.verdict, h.explanation)
                                              for h in report.hypotheses]
    assert not any(h.verdict == "refuted" for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("Quayside Arena sold 236,800 tickets over 88 nights, twice the Fenner Hall's.",
     "refuted"),
    ("Fenner Hall staged 71 concerts in 2018.", "supported"),
    ("Fenner Hall staged 91 concerts in 2018.", "refuted"),
])
def test_figures_in_their_columns_scale_still_decide(core_checker, text, verdict):
    expect(core_checker, HALLS, text, verdict)


def test_the_reason_is_in_the_closed_set():
    assert Reason.PROGRAM_OTHER_SCALE.value.startswith("the failing program")

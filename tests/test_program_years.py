"""Years, scores and other figures no count of rows can be, in the program search (issue 13).

A figure's shape says what it measures when no unit does:

- four digits in the years' range are a year when the table has a column of years and no
  other column holds that figure: "the 2019 intake" of a table by year is no number of
  rows, and no figure of the pupils' columns;
- two figures joined by a dash ("3–2", "10-12") are a score or a range, never a number
  of rows;
- two years apart is a number of years ("three years after Piet Maas");
- a number of rows is a whole number and at most the rows: "rated 4.1" or "201,000
  visitors" of a table of six rows is no count of them;
- a unit joined by a hyphen is the figure's unit ("a two-year warranty").

A school's intake by year (a general table: the program search runs):

    year  pupils  girls  boys
    2014  812     401    411
    2015  866     430    436
    2016  903     455    448
    2017  958     490    468
    2018  941     476    465
    2019  1004    512    492
"""

import pytest

from depcheck.compiled import compile_table
from depcheck.programs.cells import typed_table, year_columns
from depcheck.programs.search import column_dimension, search
from depcheck.programs.statement import PAIR, YEAR, analyse
from depcheck.table import Table

from .verdicts import expect

INTAKE = Table.from_dict({
    "id": "intake", "caption": "Pupils on roll by year",
    "columns": ["year", "pupils", "girls", "boys"],
    "rows": [["2014", "812", "401", "411"], ["2015", "866", "430", "436"],
             ["2016", "903", "455", "448"], ["2017", "958", "490", "468"],
             ["2018", "941", "476", "465"], ["2019", "1004", "512", "492"]]})

# a club's results: no column of years, and "2–1" is a score
RESULTS = Table.from_dict({
    "id": "results", "caption": "Results of Oakford Town",
    "columns": ["opponent", "venue", "score", "goals for", "goals against"],
    "rows": [["Hillcrest", "home", "2–1", "2", "1"], ["Marlow", "away", "0–0", "0", "0"],
             ["Pendle", "home", "3–2", "3", "2"], ["Ashby", "away", "1–4", "1", "4"],
             ["Corbet", "home", "2–2", "2", "2"], ["Wyre", "away", "1–0", "1", "0"]]})


def _analysis(nlp, table, text):
    doc = nlp(text)
    typed = typed_table(compile_table(table))
    return doc, typed, analyse(doc, typed)


def test_a_column_of_years():
    typed = typed_table(compile_table(INTAKE))
    assert year_columns(typed) == frozenset({0})
    assert column_dimension(typed, 0) == YEAR
    assert column_dimension(typed, 1) != YEAR  # 812 ... 1004 are not all years
    assert year_columns(typed_table(compile_table(RESULTS))) == frozenset()


@pytest.mark.parametrize("text, number, kind", [
    ("The 2018 dip followed a change of head teacher.", "2018", YEAR),
    ("Girls outnumbered boys in 2017.", "2017", YEAR),
    ("The school had 941 pupils in 2018.", "941", None),
])
def test_a_year_of_a_table_by_year(nlp, text, number, kind):
    doc, _, analysis = _analysis(nlp, INTAKE, text)
    at = next(t.i for t in doc if t.text == number)
    assert next(n.dimension for n in analysis.numbers if n.index == at) == kind


def test_a_figure_another_column_holds_is_no_year(nlp):
    # 1,004 pupils in 2019 is also a whole number in the years' range: "1004" is no year
    # while the pupils' column holds it
    doc, _, analysis = _analysis(nlp, INTAKE, "The school had 1004 pupils in 2019.")
    kinds = {doc[n.index].text: n.dimension for n in analysis.numbers}
    assert kinds == {"1004": None, "2019": YEAR}


def test_no_count_of_rows_reads_a_year(nlp):
    doc, typed, analysis = _analysis(nlp, INTAKE,
                                     "The 2018 dip left the school with 941 pupils.")
    year = next(t.i for t in doc if t.text == "2018")
    programs = search(analysis, typed)
    # the year picks its row ...
    assert any(year in p.spans and "filter_eq" in p.names for p in programs), \
        [p.text for p in programs]
    # ... and no program says the table has 2018 rows
    assert not any(year in p.spans and "count" in p.names for p in programs), \
        [p.text for p in programs]


def test_no_count_of_rows_reads_a_score(nlp):
    doc, typed, analysis = _analysis(nlp, RESULTS,
                                     "The 3–2 win over Pendle came at home.")
    score = next(t.i for t in doc if t.text == "3–2")
    assert next(n.dimension for n in analysis.numbers if n.index == score) == PAIR
    programs = search(analysis, typed)
    assert programs
    assert not any(score in p.spans and "count" in p.names for p in programs), \
        [p.text for p in programs]


def test_verdicts(core_checker):
    # nothing in the table says why enrolment fell in 2018: no count of six rows refutes it
    expect(core_checker, INTAKE, "The 2018 dip followed a change of head teacher.",
           "unverifiable")
    expect(core_checker, INTAKE, "In 2018 there were 941 pupils.", "supported")
    expect(core_checker, INTAKE, "In 2018 there were 958 pupils.", "refuted")


BOARD = Table.from_dict({
    "id": "board", "caption": "Board of the Tidewater Trust",
    "columns": ["name", "role", "joined"],
    "rows": [["Ann Lowe", "chair", "2016"], ["Piet Maas", "treasurer", "2013"],
             ["Ravi Sen", "secretary", "2009"], ["Lena Ortiz", "trustee", "2018"],
             ["Tom Hale", "trustee", "2011"], ["Mia Cole", "trustee", "2015"]]})


def test_two_years_apart_is_a_number_of_years(core_checker):
    # 2016 - 2013 is three years: "three years" measures time, as the difference does
    report = core_checker.check("Ann Lowe joined in 2016, three years after Piet Maas.", BOARD)
    assert any(h.kind == "program" and h.verdict == "supported"
               and "difference" in h.explanation for h in report.hypotheses), report.hypotheses
    assert report.verdict != "refuted"
    # five years is wrong: whatever else holds, the statement is not supported
    report = core_checker.check("Ann Lowe joined in 2016, five years after Piet Maas.", BOARD)
    assert report.verdict != "supported", report.hypotheses


KETTLES = Table.from_dict({
    "id": "kettles", "caption": "Kettles",
    "columns": ["kettle", "capacity (l)", "warranty", "rating", "reviews"],
    "rows": [["Brio 1", "1.7", "2 years", "4.1", "212"], ["Brio 2", "1.5", "1 year", "3.8", "88"],
             ["Tova", "1.0", "3 years", "4.6", "40"], ["Kelda", "1.7", "2 years", "4.3", "301"],
             ["Orla", "1.2", "1 year", "3.9", "17"], ["Vesk", "1.5", "5 years", "4.8", "64"]]})


@pytest.mark.parametrize("text, number", [
    ("The Tova is rated 4.6 by its buyers.", "4.6"),          # not a whole number
    ("The Kelda has 301 reviews.", "301"),                     # more than six rows
    ("The Vesk comes with a five-year warranty.", "five"),     # a number of years
])
def test_no_count_of_rows_reads_a_figure_it_cannot_be(nlp, text, number):
    doc, typed, analysis = _analysis(nlp, KETTLES, text)
    at = next(t.i for t in doc if t.text == number)
    programs = search(analysis, typed)
    assert not any(at in p.spans and "count" in p.names for p in programs), \
        [p.text for p in programs]


def test_a_count_of_rows_reads_a_number_of_them(nlp):
    doc, typed, analysis = _analysis(nlp, KETTLES, "Two kettles hold 1.7 litres.")
    two = next(t.i for t in doc if t.text == "Two")
    assert any(two in p.spans and "count" in p.names for p in search(analysis, typed))


@pytest.mark.parametrize("text, number, dimension", [
    ("The Vesk comes with a five-year warranty.", "five", "time"),  # after a hyphen
    ("The Vesk was shipped at 20 km/h by bike.", "20", "speed"),    # "km" "/" "h"
    ("The Vesk is 20 km from the shop.", "20", "length"),
])
def test_the_unit_after_a_figure(nlp, text, number, dimension):
    doc, _, analysis = _analysis(nlp, KETTLES, text)
    at = next(t.i for t in doc if t.text == number)
    assert next(n.dimension for n in analysis.numbers if n.index == at) == dimension

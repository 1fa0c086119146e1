"""What a program may read a figure or a word as (issue 13: refuted only with contradicting
cells).

- A number that counts a noun is a figure of a column whose header names that noun: "12
  flights a week" is one of "flights per week", "3 gates" is none of it.
- A column's own header is no cell of it: "from 2017 to 2018" against columns "2017" and
  "2018" names the columns.
- A failing superlative that ranks by a column the statement does not grade ("the highest
  *load factor*" ranked by flights a week) refutes nothing.

An airline's routes and a car maker's sales (general tables: the program search runs):

    destination  distance (km)  flights per week  fare        model    2017   2018   2019
    Oslo         305            42                $89         Vela     1,200  1,450  1,390
    Lisbon       2,480          12                $199        e-Vela   310    930    1,620
    Riga         1,120          3                 $129        Strada   2,050  1,980  2,210
    Porto        2,210          7                 $179        Corso    880    910    940
    Bergen       420            21                $99         Brisa    1,530  1,600  1,480
    Tallinn      1,040          14                $119        Lumo     460    520    610
"""

from depcheck.compiled import compile_table
from depcheck.programs.cells import typed_table
from depcheck.programs.search import search
from depcheck.programs.statement import analyse
from depcheck.table import Table

from .verdicts import expect

ROUTES = Table.from_dict({
    "id": "routes", "caption": "Routes from Aalby",
    "columns": ["destination", "distance (km)", "flights per week", "fare"],
    "rows": [["Oslo", "305", "42", "$89"], ["Lisbon", "2,480", "12", "$199"],
             ["Riga", "1,120", "3", "$129"], ["Porto", "2,210", "7", "$179"],
             ["Bergen", "420", "21", "$99"], ["Tallinn", "1,040", "14", "$119"]]})

SALES = Table.from_dict({
    "id": "sales", "caption": "Cars sold by model",
    "columns": ["model", "2017", "2018", "2019"],
    "rows": [["Vela", "1,200", "1,450", "1,390"], ["e-Vela", "310", "930", "1,620"],
             ["Strada", "2,050", "1,980", "2,210"], ["Corso", "880", "910", "940"],
             ["Brisa", "1,530", "1,600", "1,480"], ["Lumo", "460", "520", "610"]]})


def _programs(nlp, table, text):
    doc = nlp(text)
    typed = typed_table(compile_table(table))
    return doc, search(analyse(doc, typed), typed)


def test_a_count_is_a_figure_of_the_column_naming_its_noun(nlp):
    doc, programs = _programs(nlp, ROUTES, "Lisbon has 12 flights a week.")
    twelve = next(t.i for t in doc if t.text == "12")
    assert any(twelve in p.spans and "flights per week" in p.text and p.names[0] == "eq"
               for p in programs), [p.text for p in programs]
    doc, programs = _programs(nlp, ROUTES, "The Riga route has 3 gates at the terminal.")
    three = next(t.i for t in doc if t.text == "3")
    assert not any(three in p.spans and "hop" in p.names for p in programs), \
        [p.text for p in programs if three in p.spans]


def test_a_header_is_no_cell_of_its_column(nlp):
    doc, programs = _programs(nlp, SALES, "Sales of the Vela rose from 2017 to 2018.")
    assert programs
    assert not any("2017}; 2017}" in p.text or "2018}; 2018}" in p.text for p in programs), \
        [p.text for p in programs]


def test_a_superlative_of_an_attribute_the_table_lacks(core_checker):
    # no column holds load factors: ranking by flights a week answers another claim
    report = core_checker.check("Lisbon flights have the highest load factor on the network.",
                                ROUTES)
    assert report.verdict != "refuted", report.hypotheses
    # the busiest route by flights a week is Oslo's: "route" names the rows
    expect(core_checker, ROUTES, "Oslo has the most flights per week.", "supported")
    expect(core_checker, ROUTES, "Lisbon has the most flights per week.", "refuted")

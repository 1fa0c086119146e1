"""Differences and self-comparisons in the program search (issue 13).

- A number that measures how far apart two figures are ("6 minutes longer than", "$249
  more", "three years after") is no figure of a row: only a difference of two rows reads
  it, and the aggregate queries do not take it as their number.
- Two rows are compared by "greater", "less" or a difference only when the views differ:
  "the Swift Air" and "the drone that flies 46 minutes" are one row.

Six camera drones (a general table: the program search runs):

    drone      flight time (min)  range (km)  price
    Kite 2     31                 10          $450
    Swift Air  46                 15          $899
    Nano X     34                 6           $299
    Orbit 5    27                 8           $349
    Lark Pro   40                 12          $650
    Wisp       12                 2           $99

The Swift Air flies 46 - 40 = 6 minutes longer than the Lark Pro; "6" is also the Nano X's
range and "12" the Wisp's flight time, which a difference does not name.
"""

import numpy as np
import pytest

from depcheck.agg.triggers import is_claimed_number, states_a_gap
from depcheck.compiled import compile_table
from depcheck.programs.cells import typed_table
from depcheck.programs.search import search
from depcheck.programs.statement import analyse
from depcheck.table import Table

from .verdicts import expect

DRONES = Table.from_dict({
    "id": "drones", "caption": "Camera drones",
    "columns": ["drone", "flight time (min)", "range (km)", "price"],
    "rows": [["Kite 2", "31", "10", "$450"], ["Swift Air", "46", "15", "$899"],
             ["Nano X", "34", "6", "$299"], ["Orbit 5", "27", "8", "$349"],
             ["Lark Pro", "40", "12", "$650"], ["Wisp", "12", "2", "$99"]]})


@pytest.mark.parametrize("text, number, gap", [
    ("The Swift Air flies 6 minutes longer than the Lark Pro.", "6", True),
    ("The Lark Pro costs $650, and the Swift Air costs $249 more.", "249", True),
    ("With the Swift Air costing €249 more, the Lark Pro is the value pick.", "249", True),
    ("The Orbit 5 came out three years after the Kite 2.", "three", True),
    ("The Lark Pro costs $650, and the Swift Air costs $249 more.", "650", False),
    ("The Swift Air flies for 46 minutes.", "46", False),
    ("The Swift Air flies more than 45 minutes.", "45", False),
])
def test_a_number_that_measures_a_difference(nlp, text, number, gap):
    tok = next(t for t in nlp(text) if t.text == number)
    assert states_a_gap(tok) is gap
    if gap:
        assert not is_claimed_number(tok)


def _programs(nlp, text):
    doc = nlp(text)
    table = typed_table(compile_table(DRONES))
    return doc, search(analyse(doc, table), table)


def test_a_difference_is_read_only_by_a_difference(nlp):
    doc, programs = _programs(
        nlp, "The Swift Air flies for 46 minutes, 6 minutes longer than the Lark Pro.")
    six = next(t.i for t in doc if t.text == "6")
    reading = [p for p in programs if six in p.spans]
    assert reading
    assert all("diff" in p.names for p in reading), [p.text for p in reading]
    # "6" is no range: no program names the Nano X by it
    assert not any("range (km); 6" in p.text for p in programs)


def test_a_row_is_not_compared_with_itself(nlp):
    _, programs = _programs(
        nlp, "The Swift Air flies for 46 minutes, 6 minutes longer than the Lark Pro.")
    compared = [p for p in programs if p.names[0] in ("greater", "less")]
    assert compared
    for p in compared:  # "46" and "Swift Air" pick one row: never both sides of a comparison
        first, second = (side.children[0].value for side in p.ex.children)
        assert not np.array_equal(first.mask, second.mask), p.text


def test_verdicts(core_checker):
    expect(core_checker, DRONES,
           "The Swift Air flies for 46 minutes, 6 minutes longer than the Lark Pro.",
           "supported")
    # 46 - 40 is 6, not 9
    expect(core_checker, DRONES,
           "The Swift Air flies for 46 minutes, 9 minutes longer than the Lark Pro.",
           "refuted")


MATTRESSES = Table.from_dict({
    "id": "mattresses", "caption": "Mattresses",
    "columns": ["mattress", "firmness (1-10)", "height (in)", "type"],
    "rows": [["Cloud", "4", "12", "foam"], ["Stone", "8", "10", "innerspring"],
             ["Reed", "6", "11", "hybrid"], ["Moss", "5", "13", "foam"],
             ["Fern", "7", "10", "hybrid"], ["Pebble", "3", "14", "foam"]]})


def test_the_scale_of_a_rating_is_no_figure(nlp):
    # the Stone is rated 8 out of 10; "10" is the scale, not a height of 10 in
    doc = nlp("The Stone is the firmest mattress here at 8 out of 10.")
    table = typed_table(compile_table(MATTRESSES))
    analysis = analyse(doc, table)
    ten = next(t.i for t in doc if t.text == "10")
    assert all(n.index != ten for n in analysis.numbers)
    assert all(not (m.start <= ten < m.end) for m in analysis.mentions)
    assert not any(ten in p.spans for p in search(analysis, table))


def test_a_counted_group_after_out_of_is_no_scale(nlp):
    # "two out of six mattresses": six counts mattresses, the group a count reads
    doc = nlp("Two out of six mattresses are hybrids.")
    table = typed_table(compile_table(MATTRESSES))
    six = next(t.i for t in doc if t.text == "six")
    assert any(n.index == six for n in analyse(doc, table).numbers)


@pytest.mark.parametrize("text, number, claimed", [
    ("Only two airports saw passenger numbers fall in 2018.", "2018", False),
    ("The newest title launched in 2011.", "2011", False),
    ("The airport served 2018 flights.", "2018", True),
    ("Only two airports saw passenger numbers fall in 2018.", "two", True),
])
def test_a_year_after_a_date_preposition_is_no_claimed_number(nlp, text, number, claimed):
    """"fell *in 2018*": a date, which no count or amount of the aggregate queries is."""
    tok = next(t for t in nlp(text) if t.text == number)
    assert is_claimed_number(tok) is claimed


@pytest.mark.parametrize("text, number", [
    ("The Swift Air costs $249 less than the Lark Pro.", "249"),
    ("The Lark Pro has 20 more rotors than the Wisp.", "20"),
])
def test_a_difference_with_its_comparand_is_no_claimed_number(nlp, text, number):
    """"$249 less than the Lark Pro": a difference of two rows, which a difference frame
    reads; no aggregate query counts or totals it."""
    tok = next(t for t in nlp(text) if t.text == number)
    assert not is_claimed_number(tok)

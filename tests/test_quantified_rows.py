"""A quantified claim's rows are the statement's (issue 13: refuted only with contradicting
cells).

"Every brush priced above $50 has a pressure sensor" ranges over the brushes above $50 and
says they have a sensor.  The program search builds ``all_*{rows; column; value}`` with the
rows picked by the words of the quantified noun phrase and the value from the rest, never
the other way round; and a failing program over a group whose restricting words it did not
read ("both *G-rated* brushes" read as every brush) refutes nothing.

Six toothbrushes (a general table: the program search runs):

    brush       price  pressure sensor  rating  type
    Glide 1     $35    no               4.1     sonic
    Glide 2     $55    yes              4.4     sonic
    Orbit       $80    yes              4.6     oscillating
    Orbit Lite  $45    no               3.9     oscillating
    Pulse       $120   yes              4.8     sonic
    Pulse Mini  $25    no               3.7     sonic
"""

import pytest

from depcheck.checker import _rows_unstated
from depcheck.compiled import compile_table
from depcheck.programs.cells import typed_table
from depcheck.programs.hypothesis import program_hypothesis
from depcheck.programs.search import search
from depcheck.programs.statement import analyse
from depcheck.table import Table

from .verdicts import expect

BRUSHES = Table.from_dict({
    "id": "brushes", "caption": "Electric toothbrushes",
    "columns": ["brush", "price", "pressure sensor", "rating", "type"],
    "rows": [["Glide 1", "$35", "no", "4.1", "sonic"], ["Glide 2", "$55", "yes", "4.4", "sonic"],
             ["Orbit", "$80", "yes", "4.6", "oscillating"],
             ["Orbit Lite", "$45", "no", "3.9", "oscillating"],
             ["Pulse", "$120", "yes", "4.8", "sonic"],
             ["Pulse Mini", "$25", "no", "3.7", "sonic"]]})


def _words(doc, indices):
    return sorted(doc[i].text for i in indices)


@pytest.mark.parametrize("text, group", [
    ("Every brush priced above $50 has a pressure sensor.",
     ["$", "50", "above", "brush", "priced"]),
    ("Most of the sonic brushes cost less than $60.", ["brushes", "sonic", "the"]),
    ("The two oscillating brushes both cost more than $40.",
     ["The", "brushes", "oscillating", "two"]),
    ("The Orbit costs $80.", None),
])
def test_the_group_a_quantifier_ranges_over(nlp, text, group):
    doc = nlp(text)
    found = analyse(doc, typed_table(compile_table(BRUSHES))).restrictor
    assert (None if found is None else _words(doc, found)) == group


def test_the_rows_come_from_the_group_and_the_claim_from_the_rest(nlp):
    doc = nlp("Every sonic brush is rated above 4.")
    table = typed_table(compile_table(BRUSHES))
    analysis = analyse(doc, table)
    quantified = [p for p in search(analysis, table) if p.names[0].startswith("all_")]
    assert quantified
    sonic = next(t.i for t in doc if t.text == "sonic")
    four = next(t.i for t in doc if t.text == "4")
    for p in quantified:
        # the rows are picked by "sonic" (or are every row), never by "above 4" ...
        view = p.ex.children[0]
        assert "4" not in view.text, p.text
        # ... and "sonic" is never what is said of them
        assert p.ex.children[2].text != "sonic", p.text
    assert any(sonic in p.spans and four in p.spans for p in quantified)


def test_a_failing_program_over_other_rows_refutes_nothing(nlp, core_checker):
    compiled = compile_table(BRUSHES)
    lexicon = core_checker.rules.lexicon
    # "G-rated" restricts the brushes; a program over every brush did not read it
    doc = nlp("Both G-rated brushes cost less than $50.")
    found = program_hypothesis(doc, compiled)
    assert found is not None and found.verdict == "refuted"
    assert found.details["program"].startswith("all_less{all_rows")
    assert _rows_unstated(found, doc, compiled, lexicon)
    # every brush is said to cost under $150: a program over every brush read it all
    doc = nlp("All the brushes cost less than $100.")
    found = program_hypothesis(doc, compiled)
    assert found is not None and found.verdict == "refuted"  # the Pulse costs $120
    assert not _rows_unstated(found, doc, compiled, lexicon)


def test_verdicts(core_checker):
    # the brushes above $50 (Glide 2, Orbit, Pulse) all have a sensor
    report = core_checker.check("Every brush priced above $50 has a pressure sensor.", BRUSHES)
    assert report.verdict != "refuted", report.hypotheses


PENS = Table.from_dict({
    "id": "pens", "caption": "Fountain pens",
    "columns": ["Pen", "Nib material", "Price", "In stock"],
    "rows": [["Marlin Demi", "steel", "$65", "yes"], ["Tern Pocket", "steel", "$48", "yes"],
             ["Osprey Vac", "18k gold", "$520", "no"]]})


@pytest.mark.parametrize("text", [
    # the bound is said of every steel-nibbed pen, not of the pen the next clause names
    "Every steel-nibbed pen costs under $70, and the Osprey Vac is out of stock.",
    "Each steel pen costs under $70, while the Osprey Vac costs $520.",
])
def test_a_quantified_subject_is_no_row_named_later(core_checker, text):
    report = core_checker.check(text, PENS)
    assert not any(h.verdict == "refuted" and "Osprey Vac" in h.explanation
                   and "70" in h.explanation for h in report.hypotheses), \
        [(h.rule, h.explanation) for h in report.hypotheses]
    assert report.verdict != "refuted"


DRONES = Table.from_dict({
    "id": "drones", "caption": "Camera drones",
    "columns": ["Model", "Weight (g)", "Obstacle sensing", "Price (USD)"],
    "rows": [["Finch Mini", "249", "No", "399"], ["Finch Pro", "595", "Yes", "1,199"],
             ["Cirrus 2", "430", "Yes", "849"], ["Pebble", "120", "No", "179"],
             ["Survey X", "1,380", "Yes", "2,450"]]})


@pytest.mark.parametrize("text, verdict", [
    # three of the five have obstacle sensing; "exactly" before the count restricts it
    # however the parse hangs it (on the verb here), as "only" does
    ("Exactly two of the drones have obstacle sensing.", "refuted"),
    ("Exactly three of the drones have obstacle sensing.", "supported"),
    ("Only two of the drones have obstacle sensing.", "refuted"),
])
def test_a_restrictor_before_the_count_makes_it_exact(core_checker, text, verdict):
    report = expect(core_checker, DRONES, text, verdict)
    assert any(h.kind == "quantifier" and h.verdict == verdict for h in report.hypotheses), [
        (h.rule, h.verdict, h.explanation) for h in report.hypotheses]

"""One claim reads one clause (issue 13): a program of the search reads its values, and
the words that license its functions ("neither", "all", "more", "only"), in one clause of
the statement; clauses with subjects of their own joined by "and", ";" or a contrast
subordinator ("while", "though") are claims of their own, which ``and`` may join.

Every expected verdict is reasoned from the table below.

Six desk lamps (a general table: the program search runs):

    lamp     type      price  watts  dimmable
    Arc      halogen   $55    40     yes
    Beam     halogen   $48    35     yes
    Cove     LED       $25    9      no
    Dune     LED       $32    12     yes
    Ember    LED       $70    15     yes
    Flare    LED       $90    18     no

Both halogen lamps cost under $60; so do Cove and Dune, which are LED lamps: "every lamp
under $60 is a halogen lamp" is false, "both halogen lamps cost under $60" true.
"""

import pytest

from depcheck.compiled import compile_table
from depcheck.programs.cells import typed_table
from depcheck.programs.search import clause_local, search
from depcheck.programs.statement import analyse, clause_heads
from depcheck.table import Table

from .verdicts import expect

LAMPS = Table.from_dict({
    "id": "lamps", "caption": "Desk lamps",
    "columns": ["lamp", "type", "price", "watts", "dimmable"],
    "rows": [["Arc", "halogen", "$55", "40", "yes"],
             ["Beam", "halogen", "$48", "35", "yes"],
             ["Cove", "LED", "$25", "9", "no"],
             ["Dune", "LED", "$32", "12", "yes"],
             ["Ember", "LED", "$70", "15", "yes"],
             ["Flare", "LED", "$90", "18", "no"]]})


def _clause_of(doc, heads, word):
    return int(heads[next(t.i for t in doc if t.text == word)])


@pytest.mark.parametrize("text, together, apart", [
    # coordinated clauses with subjects of their own; "neither" parsed as the verb's preconj
    ("Both halogen lamps are dimmable, and neither costs more than $60.",
     [], [("halogen", "60")]),
    # a contrast subordinator
    ("The Arc draws 40 watts, while the Cove draws only 9.", [], [("40", "9")]),
    # a shared subject, a condition, a complement clause: one clause each
    ("The Dune draws 12 watts and dims smoothly.", [("Dune", "dims")], []),
    ("When the price is $70, the lamp draws 15 watts.", [("70", "15")], []),
    ("The Arc lets you dim it to 40 watts.", [("Arc", "40")], []),
])
def test_clauses(nlp, text, together, apart):
    doc = nlp(text)
    heads = clause_heads(doc)
    for a, b in together:
        assert _clause_of(doc, heads, a) == _clause_of(doc, heads, b)
    for a, b in apart:
        assert _clause_of(doc, heads, a) != _clause_of(doc, heads, b)


def test_no_program_reads_across_clauses_but_a_conjunction(nlp):
    doc = nlp("Both halogen lamps are dimmable, and neither costs more than $60.")
    table = typed_table(compile_table(LAMPS))
    analysis = analyse(doc, table)
    heads = analysis.clauses
    programs = search(analysis, table)
    assert programs
    halogen = next(t.i for t in doc if t.text == "halogen")
    sixty = next(t.i for t in doc if t.text == "60")
    assert heads[halogen] != heads[sixty]
    for p in programs:
        if p.names[0] != "and":
            assert len({int(heads[i]) for i in p.spans}) <= 1, p.text
            assert clause_local(analysis, p)
    # in particular "every lamp under $60 is halogen", false on the table, is not a reading
    assert not any(p.text.startswith("all_eq{filter_less") and "halogen" in p.text
                   for p in programs)


def test_a_trigger_of_another_clause_licenses_nothing(nlp):
    # "doesn't" negates the second clause only: no "none" or "not" over the Arc's watts
    doc = nlp("The Arc draws 40 watts, though its cord doesn't reach far.")
    table = typed_table(compile_table(LAMPS))
    programs = search(analyse(doc, table), table)
    assert not any(p.names[0] in ("none", "not_eq") for p in programs)


def test_true_statements_over_two_clauses_are_not_refuted(core_checker):
    report = core_checker.check(
        "Both halogen lamps are dimmable, and neither costs more than $60.", LAMPS)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]


def test_a_false_clause_is_still_refuted(core_checker):
    # the Arc draws 40 watts, not 25
    expect(core_checker, LAMPS, "The Arc draws 25 watts, while the Cove draws 9 watts.",
           "refuted")


TREADMILLS = Table.from_dict({
    "id": "treadmills", "caption": "Home treadmills",
    "columns": ["Model", "Motor (HP)", "Top speed (km/h)", "Foldable", "Price (USD)"],
    "rows": [["Stride 2", "2.0", "16", "Yes", "699"], ["Stride 3", "2.5", "18", "Yes", "899"],
             ["Summit X", "3.25", "20", "No", "2,499"], ["Walkpad", "1.5", "6", "Yes", "449"],
             ["Tempo Pro", "3.0", "22", "No", "1,799"], ["Base 1", "1.75", "14", "Yes", "549"]]})


def test_the_verb_of_a_subject_a_program_reads_is_no_value_it_read(core_checker):
    # the program reads the row's name (the subject) and its price; "arrives fully
    # assembled", the subject's own predicate, is another claim no column speaks of
    report = expect(core_checker, TREADMILLS,
                    "The Stride 3, priced at $899, arrives fully assembled.", "unverifiable")
    assert any(h.rule.startswith("program") and h.verdict == "supported"
               for h in report.hypotheses)
    assert any("assembled" in h.text for h in report.hypotheses
               if h.reason == "claim not checked")
    # the predicate of a value the program reads is still accounted for
    expect(core_checker, TREADMILLS, "The Stride 3 costs $899 and reaches 18 km/h.",
           "supported")

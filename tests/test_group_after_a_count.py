"""A count that picks rows ("three moorings are private") sets up a group a later clause
with its own subject quantifies over ("..., and *each of them* has a crane", "*all three*
are dredged"): the first clause's count is decided though a quantifier word follows in
the other clause (quantifier._reading keeps to its own clause), a bare "all three" is
a quantifier over that group (frames quantifier-anaphoric-count), and two clauses'
counts that disagree are two claims, not two readings of one (checker._counts).

Six marinas (a general table: the program search runs unless the rules decide):

    marina       ownership  berths  crane  depth (m)
    Ashpool      private  120     yes    4.2
    Brindle Key  public    60      no     2.5
    Corran       private  200     yes    5.1
    Dunlin       public    45      no     1.8
    Eskholm      private  90      yes    3.4
    Farrow Bay   public    150     yes    3.9

Three are private (Ashpool, Corran, Eskholm): all have a crane, two are deeper than 4 m.
"""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

MARINAS = Table.from_dict({
    "id": "marinas", "caption": "Marinas of the Kessel estuary",
    "columns": ["marina", "ownership", "berths", "crane", "depth (m)"],
    "rows": [["Ashpool", "private", "120", "yes", "4.2"],
             ["Brindle Key", "public", "60", "no", "2.5"],
             ["Corran", "private", "200", "yes", "5.1"],
             ["Dunlin", "public", "45", "no", "1.8"],
             ["Eskholm", "private", "90", "yes", "3.4"],
             ["Farrow Bay", "public", "150", "yes", "3.9"]]})


def _quantifiers(report):
    return [(h.rule, h.verdict) for h in report.hypotheses if h.kind == "quantifier"]


@pytest.mark.parametrize("text", [
    "Three marinas are private, and each of them has a crane.",
    "Three marinas are private, and all of them have a crane.",
])
def test_a_group_counted_first_then_quantified(core_checker, text):
    report = expect(core_checker, MARINAS, text, "supported")
    # the count of the first clause is a claim of its own, checked
    assert ("quantifier-bare-count", "supported") in _quantifiers(report)


@pytest.mark.parametrize("text", [
    "Three marinas are private, and none of them has a crane.",
    "Three marinas are private, and all of them are deeper than 4 m.",
])
def test_the_second_clause_fails_over_the_group(core_checker, text):
    report = expect(core_checker, MARINAS, text, "refuted")
    assert ("quantifier-bare-count", "supported") in _quantifiers(report)
    assert any(v == "refuted" for _, v in _quantifiers(report))


def test_a_bare_count_with_a_quantifier_word_in_its_own_clause_is_left_alone(core_checker):
    # "in all" in the count's own clause: a total, which the aggregate queries read
    report = core_checker.check("In all, three marinas are private.", MARINAS)
    assert ("quantifier-bare-count", "supported") not in _quantifiers(report)


def test_all_three_is_the_group_named_before(core_checker):
    report = expect(core_checker, MARINAS,
                    "Three marinas are private, and all three are deeper than 3 m.",
                    "supported")
    assert ("quantifier-anaphoric-count", "supported") in _quantifiers(report)
    report = expect(core_checker, MARINAS,
                    "Three marinas are private, and all three are deeper than 4 m.",
                    "refuted")
    assert ("quantifier-anaphoric-count", "refuted") in _quantifiers(report)


def test_all_three_with_no_group_before_decides_nothing(core_checker):
    report = core_checker.check("All three are deeper than 4 m.", MARINAS)
    assert not any(rule == "quantifier-anaphoric-count" and v != "unverifiable"
                   for rule, v in _quantifiers(report))


KEYBOARDS = Table.from_dict({
    "id": "kb", "caption": "Keyboards",
    "columns": ["Keyboard", "Layout", "Backlit", "Price ($)"],
    "rows": [["Arco 60", "60%", "Yes", "129"], ["Arco 75", "75%", "Yes", "149"],
             ["Bram TKL", "TKL", "No", "99"], ["Bram Full", "Full", "No", "89"],
             ["Cirro 65", "65%", "Yes", "125"], ["Cirro Mini", "60%", "Yes", "119"],
             ["Delt Full", "Full", "No", "139"]]})


@pytest.mark.parametrize(("text", "verdict"), [
    ("Four of the seven keyboards are backlit, and every one of them costs more than $110.",
     "supported"),
    ("Four of the seven keyboards are backlit, and every one of them costs more than $120.",
     "refuted"),
    ("Four of the seven keyboards are backlit, and each one costs more than $110.",
     "supported"),
])
def test_every_one_of_them_is_every_row_of_the_group(core_checker, text, verdict):
    # "every one", "each one": every row of the group (four), not a count of one
    report = expect(core_checker, KEYBOARDS, text, verdict)
    assert any(h.kind == "quantifier" and h.verdict == verdict and "of 4 rows" in h.explanation
               for h in report.hypotheses)

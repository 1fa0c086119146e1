"""Quantifiers with exceptions (issue 13): "every kettle except the Brook", "all kettles but
the Calder", "all but one of the kettles"; a phrase naming the whole table ("in the
lineup") restricts nothing; a bound inside the predicate ("a capacity above 1.8 l") is
read as a bound.

Every expected verdict is reasoned from the tables below.

Four kettles (rules decide):

    name    material  capacity (l)  weight (kg)  keep warm
    Avon    steel     1.9           1.4          yes
    Brook   glass     1.5           1.1          no
    Calder  plastic   1.0           0.8          no
    Dee     glass     1.8           1.6          yes

Over 1 kg: Avon, Brook, Dee (not Calder).  Keep warm: Avon, Dee.

Six desk fans (a general table: the program search and the aggregate queries run too):
five of the six have a timer, all but the Zephyr.
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

KETTLES = Table.from_dict({
    "id": "kettles", "caption": "Electric kettles",
    "columns": ["name", "material", "capacity (l)", "weight (kg)", "keep warm"],
    "rows": [["Avon", "steel", "1.9", "1.4", "yes"],
             ["Brook", "glass", "1.5", "1.1", "no"],
             ["Calder", "plastic", "1.0", "0.8", "no"],
             ["Dee", "glass", "1.8", "1.6", "yes"]]})

FANS = Table.from_dict({
    "id": "fans", "caption": "Desk fans",
    "columns": ["fan", "timer", "speeds", "noise (db)", "price"],
    "rows": [["Aura", "yes", "3", "38", "$30"],
             ["Breeze", "yes", "4", "41", "$45"],
             ["Cirrus", "yes", "3", "35", "$52"],
             ["Draft", "yes", "5", "44", "$38"],
             ["Eddy", "yes", "2", "40", "$27"],
             ["Zephyr", "no", "3", "33", "$60"]]})


def _quantifier(report):
    found = [h for h in report.hypotheses if h.kind == "quantifier"]
    assert len(found) == 1, [(h.kind, h.text) for h in report.hypotheses]
    return found[0]


@pytest.mark.parametrize("text,verdict", [
    # the rest hold, the excepted row does not
    ("Every kettle except the Calder weighs more than 1 kg.", "supported"),
    ("Every kettle except the Brook weighs more than 1 kg.", "refuted"),  # Calder: 0.8
    ("Every kettle except the Brook and the Calder has a keep-warm mode.", "supported"),
    # the Brook lacks it, but so does the Calder, which is not excepted
    ("Every kettle except the Brook has a keep-warm mode.", "refuted"),
    ("All kettles but the Calder weigh over 1 kg.", "supported"),
    # an excepted row that holds it too: "except" says it does not
    ("Every kettle except the Avon weighs more than 1 kg.", "refuted"),
])
def test_an_excepted_row_is_checked_the_other_way(core_checker, text, verdict):
    h = _quantifier(expect(core_checker, KETTLES, text, verdict))
    assert h.verdict == verdict
    assert "except" in h.explanation


@pytest.mark.parametrize("text,verdict", [
    ("All but one of the kettles weigh more than 1 kg.", "supported"),  # 3 of 4
    ("All but two of the kettles weigh more than 1 kg.", "refuted"),
    ("All but two of the kettles have a keep-warm mode.", "supported"),  # 2 of 4
])
def test_all_but_n_is_an_exact_count(core_checker, text, verdict):
    assert _quantifier(expect(core_checker, KETTLES, text, verdict)).verdict == verdict


def test_all_but_one_on_a_general_table_is_no_count_of_one(core_checker):
    # five of the six fans have a timer: "one" is the exception, not a count of fans with
    # a timer that an aggregate query could refute
    report = expect(core_checker, FANS, "All but one of the six fans have a timer.", "supported")
    assert not [h for h in report.hypotheses if h.kind == "aggregate" and h.verdict == "refuted"]


@pytest.mark.parametrize("text,verdict", [
    ("Every kettle in the lineup weighs more than 0.5 kg.", "supported"),
    ("Every kettle in the lineup weighs more than 1 kg.", "refuted"),  # the Calder
    # a bound on the predicate's noun, not a capacity of exactly 1.8 l
    ("No kettle in the lineup has a capacity above 1.9 l.", "supported"),
    ("No kettle in the lineup has a capacity above 1.8 l.", "refuted"),  # the Avon's 1.9
])
def test_the_whole_table_and_bounds_inside_the_predicate(core_checker, text, verdict):
    assert _quantifier(expect(core_checker, KETTLES, text, verdict)).verdict == verdict


def test_an_excepted_name_that_is_no_row_leaves_it_undecided(core_checker):
    report = core_checker.check("Every kettle except the Kiri weighs more than 1 kg.", KETTLES)
    assert not [h for h in report.hypotheses if h.kind == "quantifier"]


@pytest.mark.parametrize("text,verdict", [
    # "only X ...": X holds it and no other row does
    ("Only the Avon is made of steel.", "supported"),
    ("Only the Brook is made of glass.", "refuted"),  # the Dee is glass too
    ("The Calder is the only kettle made of plastic.", "supported"),
    ("The Brook is the only kettle made of plastic.", "refuted"),  # the Calder is
    ("The Avon is the only kettle with a keep-warm mode.", "refuted"),  # the Dee has one
    ("The Calder is the only kettle without a keep-warm mode.", "refuted"),  # the Brook too
    # among the glass kettles (Brook, Dee) only the Brook lacks one
    ("The Brook is the only glass kettle without a keep-warm mode.", "supported"),
    ("The Dee is the only kettle that holds 1.8 l.", "supported"),
])
def test_the_only_row_with_a_property(core_checker, text, verdict):
    assert _quantifier(expect(core_checker, KETTLES, text, verdict)).verdict == verdict


@pytest.mark.parametrize("text", [
    # a group the clause sets up ("if you want glass") or a kind the table has no word for
    "If you want glass, the Dee is the only kettle with a keep-warm mode.",
    "The Avon is the only cordless kettle with a keep-warm mode.",
])
def test_the_only_row_of_a_group_the_table_cannot_pick(core_checker, text):
    report = expect(core_checker, KETTLES, text, "unverifiable")
    assert not [h for h in report.hypotheses if h.kind == "quantifier"]


@pytest.mark.parametrize("text,verdict", [
    ("The Brook and the Dee are the only kettles made of glass.", "supported"),
    ("The Brook and the Avon are the only kettles made of glass.", "refuted"),
])
def test_the_only_rows_named_together(core_checker, text, verdict):
    assert _quantifier(expect(core_checker, KETTLES, text, verdict)).verdict == verdict


LAMPS = Table.from_dict({
    "id": "lamps6", "caption": "Desk lamps",
    "columns": ["name", "dimmable", "price", "weight (g)"],
    "rows": [["Aura", "yes", "$120", "450"], ["Beam", "yes", "$85", "380"],
             ["Cove", "no", "$40", "610"], ["Dune", "yes", "$150", "520"],
             ["Ember", "no", "$60", "300"], ["Flint", "no", "$95", "700"]]})


@pytest.mark.parametrize("text,verdict", [
    # the dimmable lamps (Aura $120, Beam $85, Dune $150): all over $80, not all over $100
    ("All of the dimmable lamps cost more than $80.", "supported"),
    ("All of the dimmable lamps cost more than $100.", "refuted"),
    ("Every dimmable lamp costs more than $100.", "refuted"),
])
def test_a_scope_picked_by_a_yes_no_column(core_checker, text, verdict):
    # six rows: a general table, where a program reading only the price ("every lamp over
    # $100 is over $100") is true or false by its shape and must not decide
    assert _quantifier(expect(core_checker, LAMPS, text, verdict)).verdict == verdict


@pytest.mark.parametrize(("text", "verdict"), [
    ("Apart from the Calder, every kettle weighs over 1 kg.", "supported"),
    ("Except for the Calder, every kettle weighs over 1 kg.", "supported"),
    ("Aside from the Calder, every kettle weighs over 1 kg.", "supported"),
    ("Apart from the Brook, every kettle weighs over 1 kg.", "refuted"),
])
def test_an_exception_fronted_on_the_predicate(core_checker, text, verdict):
    report = expect(core_checker, KETTLES, text, verdict)
    assert any(h.kind == "quantifier" and h.verdict == verdict
               and "except" in h.explanation for h in report.hypotheses)


@pytest.mark.parametrize(("text", "verdict"), [
    ("All but one of the six fans have a timer, the exception being the Zephyr.",
     "supported"),
    ("All but one of the six fans have a timer, the exception being the Aura.", "refuted"),
])
def test_an_aside_that_names_the_exception(core_checker, text, verdict):
    # the aside is no second value of the predicate ("have ... the exception"), and the
    # row it names is the one that must fail; "six" counts the group, exception included
    report = core_checker.check(text, FANS)
    found = [h for h in report.hypotheses if h.kind == "quantifier"]
    assert found and all(h.verdict == verdict for h in found), [
        (h.verdict, h.explanation) for h in report.hypotheses]


MICROWAVES = Table.from_dict({
    "id": "microwaves", "caption": "Microwave ovens",
    "columns": ["Model", "Power (W)", "Turntable (cm)", "Price (GBP)"],
    "rows": [["Pico 17", "700", "24.5", "59"], ["Pico 23", "800", "27", "89"],
             ["Stova 28", "900", "31.5", "219"], ["Flatbed 25", "900", "none", "139"]]})


@pytest.mark.parametrize("text, verdict", [
    # a column of sizes with one "none": the rows without one are the rows whose cell
    # states the absence (Flatbed 25 alone)
    ("The Flatbed 25 is the only model without a turntable.", "supported"),
    ("The Pico 23 is the only model without a turntable.", "refuted"),
    ("Every model except the Flatbed 25 has a turntable.", "supported"),
])
def test_having_a_part_a_column_of_its_sizes_gives(core_checker, text, verdict):
    report = expect(core_checker, MICROWAVES, text, verdict)
    assert any(h.kind == "quantifier" and h.verdict == verdict for h in report.hypotheses)


@pytest.mark.parametrize("text,verdict", [
    # the parse hangs "except ..." on the restriction's object ("glass"): still the
    # scope's exception, since it names a row
    ("Every kettle made of glass except the Brook has a keep-warm mode.", "supported"),
    ("Every kettle made of glass except the Dee has a keep-warm mode.", "refuted"),
    ("Every kettle with a glass body except the Brook has a keep-warm mode.", "supported"),
])
def test_exception_on_the_restriction(core_checker, text, verdict):
    report = expect(core_checker, KETTLES, text, verdict)
    assert "except" in _quantifier(report).explanation

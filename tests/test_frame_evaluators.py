"""Frame evaluators (quantifier, bound, comparison with figures) on small tables of their own.

Every expected verdict is reasoned from the table below: three camping stoves.

    name    weight (g)  price (usd)  burn time (min)  rating  foldable  fuel
    Ember   320         45           90               4.3     yes       butane
    Flint   410         60           75               3.9     yes       propane
    Cinder  280         38           110              4.6     no        butane
"""

import pytest

from depcheck.evaluators import EVALUATORS
from depcheck.reasons import Reason
from depcheck.table import Table

STOVES = Table.from_dict({
    "id": "stoves",
    "columns": ["name", "weight (g)", "price (usd)", "burn time (min)", "rating", "foldable",
                "fuel"],
    "rows": [["Ember", "320", "45", "90", "4.3", "yes", "butane"],
             ["Flint", "410", "60", "75", "3.9", "yes", "propane"],
             ["Cinder", "280", "38", "110", "4.6", "no", "butane"]]})

ONE_STOVE = Table.from_dict({
    "id": "one-stove", "columns": ["name", "weight (g)", "foldable"],
    "rows": [["Ember", "320", "yes"]]})


def framed(report, name: str):
    """The hypotheses the named frame evaluator decided."""
    return [h for h in report.hypotheses if h.details.get("evaluator") == name]


def test_the_frame_evaluators_are_registered_by_the_names_frames_use():
    assert {"number", "comparison", "quantifier"} <= set(EVALUATORS)


# -- quantifiers ---------------------------------------------------------------------------
@pytest.mark.parametrize("text,verdict,reason", [
    # Cinder is not foldable
    ("All three stoves are foldable.", "refuted", Reason.QUANTIFIER_FAILS),
    ("Two of the three stoves are foldable.", "supported", Reason.QUANTIFIER_HOLDS),
    ("None of them is foldable.", "refuted", Reason.QUANTIFIER_FAILS),
    ("Both the Ember and the Flint are foldable.", "supported", Reason.QUANTIFIER_HOLDS),
    # every stove weighs under 500 g, but the table has three, not four
    ("All four stoves weigh under 500 grams.", "refuted", Reason.GROUP_SIZE_DIFFERS),
    ("All three stoves weigh under 500 grams.", "supported", Reason.QUANTIFIER_HOLDS),
    # only the Cinder weighs under 300 g: one of three is not most
    ("Most of them weigh under 300 grams.", "refuted", Reason.QUANTIFIER_FAILS),
    # the Ember burns butane too
    ("Only the Cinder burns butane.", "refuted", Reason.QUANTIFIER_FAILS),
    ("Only the Flint uses propane.", "supported", Reason.QUANTIFIER_HOLDS),
    # "lacks": the predicate is the value's absence
    ("Only the Cinder lacks a foldable design.", "supported", Reason.QUANTIFIER_HOLDS),
    # "only two": exactly two rows (the Ember and the Flint) are foldable
    ("Only two of the three stoves are foldable.", "supported", Reason.QUANTIFIER_HOLDS),
    ("Only one of the three stoves is foldable.", "refuted", Reason.QUANTIFIER_FAILS),
    # a floated "both" over named rows, with a bound: 45 and 60 are under 70; 320 is not
    # under 300
    ("The Ember and the Flint both cost under $70.", "supported", Reason.QUANTIFIER_HOLDS),
    ("The Ember and the Cinder both weigh under 300 grams.", "refuted",
     Reason.QUANTIFIER_FAILS),
    # a modifier picks the rows: the butane stoves are the Ember and the Cinder
    ("Both butane stoves are foldable.", "refuted", Reason.QUANTIFIER_FAILS),
    ("Both butane stoves cost less than $50.", "supported", Reason.QUANTIFIER_HOLDS),
])
def test_quantifiers_over_the_rows(core_checker, text, verdict, reason):
    report = core_checker.check(text, STOVES)
    found = framed(report, "quantifier")
    assert [h.reason for h in found] == [reason]
    assert found[0].rule.startswith("quantifier-")
    assert found[0].rule_location.startswith("rules/frames/quantifiers.yaml:")
    assert found[0].evidence.output, "the cells the quantifier read"
    assert report.verdict == verdict


def test_a_quantifier_replaces_the_fact_checks_on_its_words(core_checker):
    report = core_checker.check("All three stoves are foldable.", STOVES)
    on_value = [h for h in report.hypotheses if h.kind == "fact"
                and "foldable" in h.text]
    assert on_value == []


@pytest.mark.parametrize("text", [
    "The stoves are foldable.",                # no quantifier
    "Both the red stoves are foldable.",       # a restricted scope: some rows, not the table
])
def test_no_quantifier_hypothesis_without_a_quantifier_over_the_table(core_checker, text):
    assert framed(core_checker.check(text, STOVES), "quantifier") == []


# the items of one multi-valued cell
COLOURS = Table.from_dict({
    "id": "stove-colours", "columns": ["name", "colours", "weight (g)"],
    "rows": [["Ember", "red, grey", "320"], ["Flint", "green", "410"],
             ["Cinder", "red, blue, black", "280"]]})


@pytest.mark.parametrize("text,verdict,reason", [
    ("Both of the Ember's colours are red.", "refuted", Reason.QUANTIFIER_FAILS),  # and grey
    ("All of the Flint's colours are green.", "supported", Reason.QUANTIFIER_HOLDS),
    ("None of the Flint's colours is red.", "supported", Reason.QUANTIFIER_HOLDS),
    # the Cinder has three colours, not two
    ("Both of the Cinder's colours are red.", "refuted", Reason.GROUP_SIZE_DIFFERS),
])
def test_quantifiers_over_the_items_of_a_cell(core_checker, text, verdict, reason):
    report = core_checker.check(text, COLOURS)
    found = framed(report, "quantifier")
    assert [h.reason for h in found] == [reason]
    assert [c.column for c in found[0].evidence.output] == ["colours"]
    assert report.verdict == verdict


def test_a_quantifier_needs_rows_to_range_over(core_checker):
    report = core_checker.check("Both stoves are foldable.", ONE_STOVE)
    assert framed(report, "quantifier") == []


# -- bounds --------------------------------------------------------------------------------
@pytest.mark.parametrize("text,verdict", [
    ("The Ember costs no more than $45.", "supported"),     # 45: the end is included
    ("The Flint costs no more than $45.", "refuted"),       # 60
    ("The Ember costs under $45.", "refuted"),              # 45 is not under 45
    ("The Cinder costs under $40.", "supported"),           # 38
    ("The Cinder burns for at least 110 minutes.", "supported"),
    ("The Flint burns for at least 90 minutes.", "refuted"),  # 75
    ("The Ember weighs between 300 and 350 grams.", "supported"),
    ("The Flint weighs between 300 and 350 grams.", "refuted"),  # 410
    ("The Cinder burns for upwards of 100 minutes.", "supported"),
    ("The Ember weighs below 1 kg.", "supported"),         # 320 g, through the unit family
])
def test_bounds_on_a_row(core_checker, text, verdict):
    report = core_checker.check(text, STOVES)
    found = framed(report, "number")
    assert len(found) == 1 and found[0].kind == "bound"
    assert found[0].reason == (Reason.BOUND_HOLDS if verdict == "supported"
                               else Reason.BOUND_FAILS)
    assert found[0].rule.startswith("bound-")
    assert report.verdict == verdict


def test_up_to_states_the_figure_itself(core_checker):
    # product copy: "up to 110 minutes" is the spec's burn time, so 90 minutes refutes it
    assert core_checker.check("The Ember burns for up to 110 minutes.",
                              STOVES).verdict == "refuted"
    assert core_checker.check("The Cinder burns for up to 110 minutes.",
                              STOVES).verdict == "supported"


def test_no_bound_hypothesis_for_a_plain_figure(core_checker):
    report = core_checker.check("The Ember costs $45.", STOVES)
    assert framed(report, "number") == []
    assert report.verdict == "supported"


# -- comparisons with a figure for each side ----------------------------------------------
@pytest.mark.parametrize("text,verdict,reason", [
    ("The Cinder is rated 4.6, ahead of the Flint's 3.9.", "supported",
     Reason.COMPARISON_HOLDS),
    # both figures are right, but 3.9 is behind 4.6, not ahead
    ("The Flint is rated 3.9, ahead of the Cinder's 4.6.", "refuted", Reason.COMPARISON_FALSE),
    # the Flint's rating is 3.9, not 4.1
    ("The Ember is rated 4.3, ahead of the Flint's 4.1.", "refuted", Reason.NUMBER_DIFFERS),
    ("The Ember weighs 320 grams whereas the Flint weighs 410 grams.", "supported",
     Reason.COMPARISON_HOLDS),
    ("The Ember weighs 320 grams whereas the Flint weighs 380 grams.", "refuted",
     Reason.NUMBER_DIFFERS),
    # "more than the other's": 110 is more than 75; 75 is not more than 110
    ("The Cinder burns for 110 minutes, far more than the Flint's 75 minutes.", "supported",
     Reason.COMPARISON_HOLDS),
    ("The Flint burns for 75 minutes, more than the Cinder's 110 minutes.", "refuted",
     Reason.COMPARISON_FALSE),
])
def test_each_figure_belongs_to_its_own_row(core_checker, text, verdict, reason):
    report = core_checker.check(text, STOVES)
    found = framed(report, "comparison")
    assert [h.reason for h in found] == [reason]
    rows = {c.row for c in found[0].evidence.output}
    assert len(rows) == 2, "one cell of each side's row"
    assert report.verdict == verdict


def test_a_comparison_without_figures_is_left_to_the_fact_checks(core_checker):
    report = core_checker.check("The Cinder is cheaper than the Flint.", STOVES)
    assert framed(report, "comparison") == []
    assert report.verdict == "supported"  # 38 against 60


def test_a_frame_hypothesis_traces_its_rule_evaluator_and_lexicon_entries(core_checker):
    """Issue 13 item 5: the frame rule, the evaluator and the lexicon entries (each with
    file:line) and a reason from the fixed set."""
    from depcheck.table import Table

    kettles = Table.from_dict({"id": "k", "columns": ["kettle", "price (USD)"],
                               "rows": [["Quill", "75"], ["Tarn", "95"], ["Mako", "60"]]})
    report = core_checker.check("The Tarn costs no more than $80.", kettles)
    assert report.verdict == "refuted"
    (trace,) = [h.to_dict()["trace"] for h in report.hypotheses if h.kind == "bound"]
    assert trace["rule_location"].startswith("rules/frames/bounds.yaml:")
    assert trace["evaluator"] == "number" and trace["reason"] == "bound fails"
    entries = {(e["group"], e["entry"]) for e in trace["lexicon"]}
    assert ("bound_cues_upper", "no more than") in entries
    assert all(e["location"].startswith("rules/lexicon/bounds.yaml:") for e in trace["lexicon"])


# -- a word of row names picks the rows (issue 16: by the name index, no pass over names) ---
LAMPS = Table.from_dict({
    "id": "lamps", "columns": ["name", "price", "dimmable"],
    "rows": [["Kairo One", "$40", "yes"], ["Kairo Two", "$55", "yes"],
             ["Lumen Max", "$70", "no"], ["Lumen Mini", "$30", "yes"]]})


@pytest.mark.parametrize("text,verdict,said", [
    # the Kairo lamps are Kairo One and Kairo Two: both dimmable; only the first under $50
    ("Both Kairo lamps are dimmable.", "supported", "2 of 2 rows hold it (Kairo One, Kairo Two)"),
    ("Both Kairo lamps cost less than $50.", "refuted", "1 of 2 rows hold it (Kairo One)"),
    # the Lumen Max is not dimmable; both Lumen lamps cost under $80
    ("Both Lumen lamps are dimmable.", "refuted", "1 of 2 rows hold it (Lumen Mini)"),
    ("All Lumen lamps cost under $80.", "supported",
     "2 of 2 rows hold it (Lumen Max, Lumen Mini)"),
])
def test_a_word_of_row_names_picks_the_quantified_rows(core_checker, text, verdict, said):
    report = core_checker.check(text, LAMPS)
    found = framed(report, "quantifier")
    assert len(found) == 1 and found[0].explanation.startswith(said)
    assert report.verdict == verdict

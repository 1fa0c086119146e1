"""Ratios and differences between two rows (issue 13; rules/frames/ratios.yaml, evaluators
``ratio`` and ``difference``): "twice as much as", "half the price of", "more than double
the Dee's $25", "$35 more than", "0.3 kg less than".

Every expected verdict is reasoned from the table below: four toasters.

    name    slots  price  weight (kg)  warranty (years)
    Avon    2      $60    1.4          2
    Brook   4      $45    1.1          1
    Calder  2      $25    0.8          1
    Dee     4      $80    1.6          3

Price ratios: Dee/Calder 3.2, Avon/Calder 2.4, Calder/Brook 0.56, Calder/Dee 0.31.
Differences: Dee - Brook $35, Avon - Calder $35, Brook - Calder 0.3 kg.
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

TOASTERS = Table.from_dict({
    "id": "toasters", "caption": "Toasters",
    "columns": ["name", "slots", "price", "weight (kg)", "warranty (years)"],
    "rows": [["Avon", "2", "$60", "1.4", "2"],
             ["Brook", "4", "$45", "1.1", "1"],
             ["Calder", "2", "$25", "0.8", "1"],
             ["Dee", "4", "$80", "1.6", "3"]]})


def _decided_by(report, evaluator: str):
    found = [h for h in report.hypotheses if h.details.get("evaluator") == evaluator]
    assert found, [(h.kind, h.text, h.details.get("evaluator")) for h in report.hypotheses]
    return found[0]


@pytest.mark.parametrize("text,verdict", [
    ("The Dee costs more than three times as much as the Calder.", "supported"),  # 3.2
    ("The Dee costs more than four times as much as the Calder.", "refuted"),
    ("The Dee costs twice as much as the Calder.", "refuted"),  # 3.2 is far from 2
    ("The Calder costs less than half as much as the Dee.", "supported"),  # 0.31
    ("The Calder sells for about half the price of the Brook.", "supported"),  # 0.56
    ("The Dee weighs twice as much as the Calder.", "supported"),  # 1.6 / 0.8
    ("At $60, the Avon costs more than double the Calder's $25.", "supported"),  # 2.4
])
def test_a_ratio_is_read_from_both_rows(core_checker, text, verdict):
    h = _decided_by(expect(core_checker, TOASTERS, text, verdict), "ratio")
    assert h.verdict == verdict
    assert len({c.row for c in h.evidence.output}) == 2


def test_the_other_rows_figure_must_be_its_cell(core_checker):
    # the Calder costs $25, not $20: refuted whatever the ratio
    report = expect(core_checker, TOASTERS,
                    "At $60, the Avon costs more than double the Calder's $20.", "refuted")
    assert any(h.verdict == "refuted" and "Calder" in h.explanation for h in report.hypotheses)


def test_a_factor_near_the_ratio_is_left_undecided(core_checker):
    # Avon / Calder is 2.4: 20% off "twice", neither close enough to hold nor far enough
    # to refute
    report = expect(core_checker, TOASTERS, "The Avon costs twice as much as the Calder.",
                    "unverifiable")
    assert not [h for h in report.hypotheses if h.details.get("evaluator") == "ratio"]


@pytest.mark.parametrize("text,verdict", [
    ("The Dee costs $35 more than the Brook.", "supported"),
    ("The Dee costs $30 more than the Brook.", "refuted"),
    ("The Calder weighs 0.3 kg less than the Brook.", "supported"),
    ("The Calder weighs 0.3 kg more than the Brook.", "refuted"),  # it is lighter
    ("The Dee's warranty is 2 years longer than the Calder's.", "supported"),
])
def test_a_difference_is_read_from_both_rows(core_checker, text, verdict):
    h = _decided_by(expect(core_checker, TOASTERS, text, verdict), "difference")
    assert h.verdict == verdict


FILM_OWN = Table.from_dict({
    "id": "film-own-ratio", "caption": "Film",
    "columns": ["name", "Budget", "Box office", "Running time"],
    "rows": [["Pale Orchard", "$15 million", "$52 million", "98 minutes"]]})


@pytest.mark.parametrize("text, verdict", [
    # 52 / 15 = 3.47: the verb names Box office (earn), "its" the row's own Budget
    ("Pale Orchard earned more than 3 times its budget.", "supported"),
    ("Pale Orchard earned more than 4 times its budget.", "refuted"),
    ("Pale Orchard earned exactly ten times its budget at the box office.", "refuted"),
])
def test_a_ratio_of_two_columns_of_one_row(core_checker, text, verdict):
    report = expect(core_checker, FILM_OWN, text, verdict)
    ratio = [h for h in report.hypotheses if h.details.get("evaluator") == "ratio"]
    assert ratio and ratio[0].verdict == verdict
    assert {c.column for c in ratio[0].evidence.output} == {"Budget", "Box office"}


@pytest.mark.parametrize("text,verdict", [
    # a ratio word on a comparative with "than": the cells' ratio, not a difference of 3
    ("The Dee is three times more expensive than the Calder.", "supported"),  # 3.2
    ("The Dee costs three times more than the Calder.", "supported"),
    ("The Dee is twice heavier than the Calder.", "supported"),  # 1.6 / 0.8
    ("The Brook is twice heavier than the Calder.", "refuted"),  # 1.1 / 0.8 = 1.4
    ("The Dee's warranty lasts three times longer than the Brook's.", "supported"),
])
def test_a_ratio_on_a_comparative_with_than(core_checker, text, verdict):
    report = expect(core_checker, TOASTERS, text, verdict)
    assert not [h for h in report.hypotheses if h.details.get("evaluator") == "difference"
                and h.verdict == "refuted"], "a ratio word read as a difference's figure"


VACUUMS = Table.from_dict({
    "id": "vacuums", "caption": "Vacuum cleaners",
    "columns": ["name", "Price", "Run time", "Weight"],
    # the canister is corded: its run time is a word among the column's figures
    "rows": [["Sela S2", "$299", "40 min", "2.6 kg"],
             ["Sela S4", "$599", "60 min", "3.0 kg"],
             ["Robo R7", "$249", "120 min", "3.5 kg"],
             ["Kessel C1", "$179", "corded", "5.8 kg"]]})


@pytest.mark.parametrize("text,verdict", [
    ("The Robo R7 runs three times as long as the Sela S2.", "supported"),  # 120 / 40
    ("The Robo R7 runs longer than the Sela S4.", "supported"),
    ("The Sela S2 runs longer than the Robo R7.", "refuted"),
    ("The Robo R7 has the longest run time.", "supported"),  # of the three that run
])
def test_a_column_of_figures_with_one_word_among_them_is_compared(core_checker, text, verdict):
    expect(core_checker, VACUUMS, text, verdict)


KETTLES = Table.from_dict({
    "id": "kettles", "caption": "Stovetop kettles",
    "columns": ["Kettle", "Capacity (l)", "Price", "Weight (kg)"],
    "rows": [["Pell", "1.2", "$18", "0.6"], ["Rowan", "2.0", "$45", "1.3"],
             ["Tamsin", "1.6", "$30", "0.9"], ["Orrin", "2.5", "$52", "1.5"]]})

SHELTERS = Table.from_dict({
    "id": "shelters", "caption": "Trekking shelters",
    "columns": ["Shelter", "Capacity", "Weight", "Price"],
    "rows": [["Lark 1", "1 person", "0.8 kg", "$320"],
             ["Ridgeline 2", "2 persons", "1.9 kg", "$410"],
             ["Ridgeline 3", "3 persons", "2.6 kg", "$480"],
             ["Cairn 4", "4 persons", "3.9 kg", "$560"]]})


@pytest.mark.parametrize("text,verdict", [
    # Pell / Rowan: $18 / $45 = 0.40.  The ratio is its own clause's ("it costs"), its
    # attribute the verb's (Price), not the first clause's noun ("kettle", the names)
    ("The Pell is the smallest kettle, and it costs less than half as much as the Rowan.",
     "supported"),
    ("The Pell is the smallest kettle, and it costs more than half as much as the Rowan.",
     "refuted"),
])
def test_a_ratio_in_a_clause_of_its_own_is_read_there(core_checker, text, verdict):
    h = _decided_by(expect(core_checker, KETTLES, text, verdict), "ratio")
    assert h.verdict == verdict
    assert h.text.startswith("it costs"), h.text  # the first clause is not its claim
    assert {c.column for c in h.evidence.output} == {"Price"}


@pytest.mark.parametrize("text,verdict", [
    # Lark 1 / Ridgeline 2: 0.8 / 1.9 kg = 0.42; the parse makes "person" the object of
    # "as" and the name its apposition
    ("The Lark 1 is the lightest shelter here, weighing less than half as much as the "
     "two-person Ridgeline 2.", "supported"),
    ("The Lark 1 is the lightest shelter here, weighing more than half as much as the "
     "two-person Ridgeline 2.", "refuted"),
])
def test_the_other_row_may_be_named_in_apposition(core_checker, text, verdict):
    h = _decided_by(expect(core_checker, SHELTERS, text, verdict), "ratio")
    assert h.verdict == verdict
    assert {c.row for c in h.evidence.output} == {0, 1}

"""Programs and aggregate queries follow the evidence policy.

- The program search types its arguments by the dimension of their units: a figure given
  in dollars is compared with the money column only, never with a count of rows or a
  unitless column; names with digits in them ("Orbit 3") are not numbers to order rows by;
  a column whose rows all differ (the names) is not counted by equality; the digits of a
  row's name state no figure.
- A program that holds accounts for the words it read, not the whole statement: the rest
  must be checked by other checks, or the statement is unverifiable.
- An aggregate query refutes a number only when it reads every content word of the
  number's clause.

The tables are written for these tests.
"""

from __future__ import annotations

import pytest

from depcheck.programs.cells import typed_table
from depcheck.programs.hypothesis import program_hypothesis
from depcheck.programs.search import Limits, distinct_columns, numeric_columns, search
from depcheck.programs.statement import analyse
from depcheck.reasons import Reason
from depcheck.table import Table

from .verdicts import expect

LAMPS = Table.from_dict({
    "id": "lamps", "caption": "Desk lamps",
    "columns": ["Lamp", "Brand", "Price (USD)", "Weight (kg)", "Bulbs", "Dimmable"],
    "rows": [["Lumo A1", "Brightco", "$45", "1.2", "1", "yes"],
             ["Lumo A2", "Brightco", "$60", "1.4", "2", "yes"],
             ["Orbit 3", "Nova", "$80", "2.0", "1", "no"],
             ["Pixel Desk", "Nova", "$35", "0.9", "1", "no"],
             ["Arc Pro 7", "Halden", "$120", "2.6", "3", "yes"]]})

KETTLES = Table.from_dict({
    "id": "kettles", "caption": "Electric kettles",
    "columns": ["Kettle", "Capacity (l)", "Price", "Cordless"],
    "rows": [["Boila 1", "1.7", "$30", "yes"], ["Steamy", "1.0", "$25", "no"],
             ["Whistle Pro", "1.5", "$55", "yes"], ["Pour 2", "1.2", "$40", "yes"]]})



@pytest.fixture(scope="module")
def lamps(core_checker):
    return typed_table(core_checker.compile(LAMPS))


def programs(core_checker, table, text: str) -> list[str]:
    doc = core_checker.nlp(text)
    return [p.text for p in search(analyse(doc, table), table, Limits())]


def test_names_with_digits_are_not_numbers_and_names_are_distinct(lamps):
    names = [c.name for c in lamps.columns]
    numeric = {names[j] for j in numeric_columns(lamps)}
    assert numeric == {"Price (USD)", "Weight (kg)", "Bulbs"}  # not "Lamp" ("Orbit 3")
    assert names.index("Lamp") in distinct_columns(lamps)
    assert names.index("Brand") not in distinct_columns(lamps)


def test_a_figure_is_compared_only_with_a_column_of_its_unit(core_checker, lamps):
    found = programs(core_checker, lamps, "The Orbit 3 costs $80 and weighs 2.0 kg.")
    assert "eq{hop{filter_eq{all_rows; Lamp; orbit 3}; Price (USD)}; 80}" in found
    assert "eq{hop{filter_eq{all_rows; Lamp; orbit 3}; Weight (kg)}; 2.0}" in found
    with_80 = [p for p in found if p.endswith("; 80}")]
    assert with_80 and all("Price (USD)}" in p for p in with_80), with_80
    assert not any("count{" in p for p in found)  # "$80" and "2.0 kg" count no rows


def test_digits_of_a_name_state_no_figure(core_checker, lamps):
    found = programs(core_checker, lamps, "The Arc Pro 7 has three bulbs.")
    assert "eq{hop{filter_eq{all_rows; Lamp; arc pro 7}; Bulbs}; 3}" in found
    assert not any(p.endswith("; 7}") or "; 7}" in p for p in found), found


def test_names_are_not_counted(core_checker, lamps):
    found = programs(core_checker, lamps, "There is 1 lamp called the Pixel Desk.")
    assert not any("count{filter_eq{all_rows; Lamp;" in p for p in found), found


def test_a_program_accounts_for_the_words_it_read(core_checker, lamps):
    doc = core_checker.nlp("The Lumo A2 has 2 bulbs and a glass shade.")
    found = program_hypothesis(doc, core_checker.compile(LAMPS))
    assert found is not None and found.verdict == "supported"
    read = {doc[i].text for i in found.details["tokens"]}
    assert {"Lumo", "A2", "2", "bulbs", "has"} <= read
    assert not read & {"glass", "shade"}


def test_a_statement_is_supported_only_when_the_program_and_the_rules_cover_it(core_checker):
    report = core_checker.check("The Lumo A2 has 2 bulbs and a glass shade.", LAMPS)
    assert report.details["mode"] == "programs"
    assert report.verdict == "unverifiable"
    unchecked = [h.text for h in report.hypotheses if h.reason == Reason.NOT_CHECKED]
    assert unchecked == ["glass shade"]
    report = core_checker.check("The Pixel Desk is the lightest lamp.", LAMPS)
    assert report.verdict == "supported"


@pytest.mark.parametrize("text, verdict", [
    ("Two of the kettles whistle loudly.", "unverifiable"),  # no column says so
    ("Two of the kettles glow blue when boiling.", "unverifiable"),
    ("Two of the kettles are cordless.", "refuted"),  # Boila 1, Whistle Pro and Pour 2 are
    ("Three of the kettles are cordless.", "supported"),
])
def test_an_aggregate_refutes_only_a_clause_it_reads(core_checker, text, verdict):
    report = expect(core_checker, KETTLES, text, verdict)
    if verdict == "unverifiable":
        set_aside = [h for h in report.hypotheses if h.kind == "aggregate"]
        # set aside as reading no word of the clause, or as counting the rows of one name
        # ("Whistle Pro" of "whistle": COUNT WHERE Kettle = ..., a count of one at most)
        assert set_aside and all(h.reason in (Reason.QUERY_LEAVES_WORDS,
                                              Reason.QUERY_COUNTS_ONE_NAME)
                                 for h in set_aside)
        assert all(h.evidence.columns for h in set_aside)  # what the query read stays shown


@pytest.mark.parametrize("text, verdict", [
    # Lumo A1, Lumo A2 and Arc Pro 7 are dimmable; the Pixel Desk is not
    ("Only the Pixel Desk is dimmable.", "refuted"),
    ("Only the Lumo A2 has two bulbs.", "supported"),
    # the 7 of "Arc Pro 7" is part of its name, not the size of a group
    ("Only the Arc Pro 7 has three bulbs.", "supported"),
    ("Only the Arc Pro 7 is dimmable.", "refuted"),
    # "only" is a claim of its own: a check of the bulbs alone does not support it, and the
    # quantifier that applies it finds two more lamps with one bulb ("bulb" names Bulbs)
    ("Only the Lumo A1 has one bulb.", "refuted"),
])
def test_only_is_checked_by_what_applies_it(core_checker, text, verdict):
    report = expect(core_checker, LAMPS, text, verdict)
    assert not any(h.kind == "program" and h.details["program"].startswith("only{filter_eq{")
                   and h.verdict == "supported" for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    # $45 against $60: the comparison of the two named rows refutes it, whatever program
    # holds on another reading
    ("The Lumo A1 is pricier than the Lumo A2.", "refuted"),
    ("The Orbit 3 is pricier than the Lumo A2.", "supported"),
    # "priciest": the tagger's lemma is "pricy" (rules/lexicon/degree.yaml)
    ("At $120 the Arc Pro 7 is the priciest lamp, and it has three bulbs.", "supported"),
])
def test_comparisons_of_named_rows_stand_beside_programs(core_checker, text, verdict):
    expect(core_checker, LAMPS, text, verdict)

"""A name said by a copula to be what a column names is checked against that column
(depcheck/evaluators/copular.py): "X is the prime minister" where X is the president is
refuted, on tables of their own."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

COUNTRY = Table.from_dict({
    "id": "country", "caption": "Country",
    "columns": ["name", "Capital", "Largest city", "President", "Prime minister"],
    "rows": [["Republic of Ostrava", "Velin", "Korda", "Anja Rusk", "Milo Faber"]]})

CLUB = Table.from_dict({
    "id": "club", "caption": "Football club",
    "columns": ["name", "Ground", "Chairman", "Manager"],
    "rows": [["Elmfield Rovers", "Mill Lane", "Piet Oram", "Sandor Vell"]]})



@pytest.mark.parametrize("table, text, verdict", [
    (COUNTRY, "Milo Faber is the prime minister of Ostrava.", "supported"),
    (COUNTRY, "Anja Rusk is the prime minister of Ostrava.", "refuted"),
    (COUNTRY, "Velin is the capital of Ostrava.", "supported"),
    (COUNTRY, "Korda is the capital of Ostrava.", "refuted"),
    (CLUB, "Sandor Vell is the manager of Elmfield Rovers.", "supported"),
    (CLUB, "Piet Oram is the manager of Elmfield Rovers.", "refuted"),
    (CLUB, "The manager of Elmfield Rovers is Piet Oram.", "refuted"),
])
def test_a_copula_states_the_value_of_the_column_it_names(checker_2019, table, text, verdict):
    report = expect(checker_2019, table, text, verdict)
    if verdict == "refuted":  # refuted by the named column's own cell
        cells = {c.column for h in report.hypotheses if h.verdict == "refuted"
                 for c in h.evidence.output}
        assert cells & {"Prime minister", "Capital", "Manager"}


def test_a_noun_naming_no_column_changes_nothing(checker_2019):
    # "a politician" names no column of the table: the name is where it was found
    expect(checker_2019, COUNTRY, "Anja Rusk is the president of Ostrava.", "supported")
    report = checker_2019.check("Anja Rusk is a politician.", COUNTRY)
    assert report.verdict != "refuted"


def test_a_phrase_that_only_contains_a_columns_name_is_no_column(checker_2019):
    # "Korean cuisine" holds the column's word but is a value, not the attribute
    cafe = Table.from_dict({"id": "cafe", "caption": "Restaurant",
                            "columns": ["name", "Cuisine", "Kind"],
                            "rows": [["Juniper Hall", "Korean", "coffee shop"]]})
    report = checker_2019.check("The Korean cuisine of the riverside is a coffee shop.", cafe)
    assert report.verdict != "refuted"

"""A column named as a feature whose cells describe it or state its absence ("Adjustable
armrests": "4D", "2D", "no"): saying a row has the feature is read against that column, not
against a value of another column that shares a word ("adjustable" lumbar support), and a
quantifier counts the rows whose cell states no absence.

Every expected verdict is reasoned from the table below: four desk chairs.

    name      back support  adjustable armrests  frame
    Alder     adjustable    4D                   steel
    Birch     fixed         2D                   steel
    Cedar     fixed         no                   aluminium
    Dogwood   none          no                   steel

The Alder and the Birch have adjustable armrests (4D, 2D); the Cedar and the Dogwood do not.
Only the Alder's back support is adjustable.
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

CHAIRS = Table.from_dict({
    "id": "desk-chairs", "caption": "Desk chairs",
    "columns": ["name", "back support", "adjustable armrests", "frame"],
    "rows": [["Alder", "adjustable", "4D", "steel"],
             ["Birch", "fixed", "2D", "steel"],
             ["Cedar", "fixed", "no", "aluminium"],
             ["Dogwood", "none", "no", "steel"]]})


@pytest.mark.parametrize("text,verdict", [
    ("The Birch has adjustable armrests.", "supported"),  # 2D, though its back is fixed
    ("The Cedar has adjustable armrests.", "refuted"),  # no
    ("The Alder has adjustable armrests.", "supported"),
])
def test_the_feature_is_read_in_the_column_it_names(core_checker, text, verdict):
    report = expect(core_checker, CHAIRS, text, verdict)
    decided = [h for h in report.hypotheses if h.verdict == verdict]
    assert decided and {c.column for h in decided for c in h.evidence.output} == {
        "adjustable armrests"}


def test_a_feature_absent_as_the_text_says_is_reported_absent(core_checker):
    report = expect(core_checker, CHAIRS, "The Dogwood has no back support.", "supported")
    h = [h for h in report.hypotheses if h.verdict == "supported"][0]
    assert h.reason == "attribute absent"


@pytest.mark.parametrize("text,verdict", [
    # the Birch has them too
    ("Only the Alder has adjustable armrests.", "refuted"),
    ("Two of the four chairs have adjustable armrests.", "supported"),
    ("None of the chairs has adjustable armrests.", "refuted"),
])
def test_a_quantifier_counts_the_rows_that_have_the_feature(core_checker, text, verdict):
    report = expect(core_checker, CHAIRS, text, verdict)
    assert any(h.details.get("evaluator") == "quantifier" and h.verdict == verdict
               for h in report.hypotheses)

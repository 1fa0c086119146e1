"""Which column a figure is a value of, when words name more than one: a figure held by
another column whose name has the same words ("the 1902 eruption" with Last eruption and
Notable eruptions) is that column's value; a value a copula's preposition states of its
subject ("the last eruption was in 1902") is the subject's column's, wherever else the
table holds it (DepChecker's altered attribute)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

VOLCANO = Table.from_dict({
    "id": "volcano", "columns": ["Field", "Value"],
    "rows": [["Name", "Mount Orrel"], ["Elevation", "2,804 m"], ["Last eruption", "2009"],
             ["Notable eruptions", "1766, 1911, 2009"], ["First ascent", "1848"],
             ["Observatory", "opened 1925, Sarn"]]})


@pytest.mark.parametrize("text, verdict", [
    # the figure is a value of the other column "eruption" names
    ("The 1911 eruption was seen from the coast.", "unverifiable"),
    ("Mount Orrel's 1911 eruption is among its notable eruptions.", "supported"),
    # held by neither column: the last eruption's year contradicts it
    ("The 1950 eruption buried two villages.", "refuted"),
])
def test_a_figure_is_the_value_of_the_column_that_holds_it(core_checker, text, verdict):
    assert core_checker.check(text, VOLCANO).verdict == verdict


@pytest.mark.parametrize("text, verdict", [
    ("The last eruption was in 2009.", "supported"),
    # 1911 is a notable eruption, not the last one
    ("The last eruption was in 1911.", "refuted"),
    ("The first ascent was in 1848.", "supported"),
    ("The first ascent was in 1766.", "refuted"),
])
def test_a_copulas_preposition_states_the_subjects_value(core_checker, text, verdict):
    report = core_checker.check(text, VOLCANO)
    assert report.verdict == verdict
    if verdict == "refuted":
        refuting = [h for h in report.hypotheses if h.verdict == "refuted"]
        # the cell of the column the subject names is the evidence
        assert any(c.value in ("2009", "1848") for h in refuting for c in h.evidence.output)


def test_a_preposition_beside_a_complement_is_no_value(core_checker):
    ratings = Table.from_dict({
        "id": "cafes", "columns": ["name", "area", "customer rating", "eatType"],
        "rows": [["Cotto", "city centre", "1 out of 5", "coffee shop"],
                 ["Alimentum", "riverside", "5 out of 5", "restaurant"]]})
    report = core_checker.check("Customer rating is low at Cotto, a coffee shop.", ratings)
    # "at Cotto" is where the rating is low, not a rating
    assert not any(h.verdict == "unverifiable" and h.reason == "value not comparable"
                   for h in report.hypotheses)

"""A column of places in an order (a header word of the lexicon's rank_columns: "2019 rank",
"Position") holds its best row's lowest number: the program search ranks it by argmin for
"top" and "highest", by argmax for "lowest" and "bottom"."""

from __future__ import annotations

import pytest

from depcheck.table import Table

SCHOOLS = Table.from_dict({
    "id": "schools", "caption": "Regional business schools, 2019 ranking",
    "columns": ["School", "City", "2019 rank", "Students", "Founded"],
    "rows": [["Brennhall School", "Oslo", "1", "3,400", "1936"],
             ["Caldera Institute", "Porto", "2", "5,100", "1911"],
             ["Dunmore College", "Leeds", "3", "2,800", "1954"],
             ["Esker Academy", "Ghent", "4", "4,600", "1921"],
             ["Fenwick School", "Lyon", "5", "3,900", "1968"],
             ["Grayling College", "Turin", "6", "2,200", "1949"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Brennhall School is the top-ranked school.", "supported"),
    ("Dunmore College is the top-ranked school.", "refuted"),
    ("Grayling College is ranked lowest.", "supported"),
    ("Brennhall School is ranked lowest.", "refuted"),
])
def test_the_top_of_a_rank_is_its_lowest_number(core_checker, text, verdict):
    report = core_checker.check(text, SCHOOLS)
    programs = [h for h in report.hypotheses if h.kind == "program"]
    assert programs and programs[0].verdict == verdict, [
        (h.rule, h.verdict, h.explanation) for h in report.hypotheses]
    assert report.verdict != ("refuted" if verdict == "supported" else "supported")

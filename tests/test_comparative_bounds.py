"""A comparative of a known direction with "than" before a figure bounds it as "more
than" / "less than" do ("runs longer than two hours", "is cheaper than $50"): the figure
is no value to match within rounding.

Every expected verdict is reasoned from the table below: one film.

    name          running time  budget
    Pale Orchard  112 minutes   $15 million
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

FILM = Table.from_dict({
    "id": "film-bounds", "caption": "Film",
    "columns": ["name", "Running time", "Budget"],
    "rows": [["Pale Orchard", "112 minutes", "$15 million"]]})


@pytest.mark.parametrize("text,verdict", [
    ("Pale Orchard runs longer than two hours.", "refuted"),  # 112 < 120
    ("Pale Orchard runs shorter than two hours.", "supported"),
    ("Pale Orchard is longer than 100 minutes.", "supported"),
    ("Pale Orchard was made for cheaper than $10 million.", "refuted"),
])
def test_a_comparative_before_than_bounds_the_figure(core_checker, text, verdict):
    report = expect(core_checker, FILM, text, verdict)
    assert not [h for h in report.hypotheses
                if h.verdict == "supported" and h.reason == "value matches"]

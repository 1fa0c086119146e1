"""A country in a cell and its demonym in the text state the same value
(rules/lexicon/demonyms.yaml), on a record table written for this test."""

from __future__ import annotations

import pytest

from depcheck.table import Table

FILM = Table.from_dict({
    "id": "film", "caption": "Film",
    "columns": ["name", "Directed by", "Country", "Language", "Running time"],
    "rows": [["The Monsoon Road", "Asha Varma", "India", "Hindi", "141 minutes"],
             ["Paper Lanterns", "Kenji Mori", "Japan", "Japanese", "118 minutes"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Monsoon Road is an Indian film.", "supported"),
    ("Paper Lanterns is an Indian film.", "refuted"),  # The Monsoon Road is
])
def test_a_demonym_states_the_country(core_checker, text, verdict):
    report = core_checker.check(text, FILM)
    assert report.verdict == verdict, [(h.kind, h.verdict, h.explanation)
                                       for h in report.hypotheses]
    decided = [h for h in report.hypotheses if h.verdict == verdict]
    assert any(h.attribute is not None and h.attribute.column == "Country" for h in decided)

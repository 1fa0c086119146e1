"""An age of one unit said with an article ("more than *a century* old", "under a decade
old"; rules/frames/ages.yaml ``age-article-unit-old``, the lexicon's ``age_article_units``)
is that many years, decided only with a bound before it, however the parse hangs the
bound words; without one ("a century old" of 107 years: a round figure) it is left
unchecked.  The ages below are at 2019, or at the year the clause states."""

from __future__ import annotations

import pytest

from depcheck.table import Table

BATHS = Table.from_dict({
    "id": "baths", "caption": "Kelby Street Baths",
    "columns": ["Field", "Value"],
    "rows": [["Name", "Kelby Street Baths"], ["Opened", "1912"], ["Pool length", "25 m"],
             ["Operator", "Harrow City Council"]]})


@pytest.mark.parametrize("text, verdict", [
    # 1912 to 2019: 106 or 107 years
    ("The baths are more than a century old.", "supported"),
    ("The baths are over a century old.", "supported"),
    ("The baths are more than a year old.", "supported"),
    ("The baths are less than a decade old.", "refuted"),
    ("The baths are under a century old.", "refuted"),
    ("The baths were more than a century old in 2019.", "supported"),
    ("The baths were less than a century old in 2010.", "supported"),  # 97 or 98
    ("The baths were more than a century old in 2010.", "refuted"),
    ("The baths are a century old.", "unverifiable"),
])
def test_an_age_said_with_an_article(checker_2019, text, verdict):
    report = checker_2019.check(text, BATHS)
    assert report.verdict == verdict, [(h.rule, h.verdict, h.explanation)
                                       for h in report.hypotheses]
    if verdict != "unverifiable":
        h = next(h for h in report.hypotheses if h.rule == "age-article-unit-old")
        assert h.verdict == verdict
        assert [c.value for c in h.evidence.output] == ["1912"]

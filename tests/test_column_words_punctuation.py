"""The comma after a word of a header is no part of the word: "Price, queen (USD)" is named
by "price" (and through the lexicon's verb_attributes by "costs"), as "Height (cm)" is by
"height"; a bracket's unit or year is no name of its column."""

from __future__ import annotations

import pytest

from depcheck.link import Linker
from depcheck.table import Table

from .verdicts import expect

MATTRESSES = Table.from_dict({
    "id": "mattresses", "caption": "Mattresses",
    "columns": ["Model", "Type", "Height (cm)", "Price, queen (USD)"],
    "rows": [["Lull", "Latex", "25", "1,199"], ["Drift", "Hybrid", "30", "1,399"],
             ["Hush", "Memory foam", "22", "799"]]})


@pytest.mark.parametrize("phrase", ["price", "price queen", "queen"])
def test_a_word_of_a_header_with_punctuation_names_it(core_checker, phrase):
    linker = Linker(core_checker.compile(MATTRESSES), vectors=core_checker.vectors,
                    lexicon=core_checker.rules.lexicon)
    found = linker.column_named(phrase, allow_generic=True)
    assert found is not None and found[0].name == "Price, queen (USD)", found


@pytest.mark.parametrize("phrase", ["usd", "cm"])
def test_a_brackets_unit_is_no_name_of_its_column(core_checker, phrase):
    linker = Linker(core_checker.compile(MATTRESSES), vectors=core_checker.vectors,
                    lexicon=core_checker.rules.lexicon)
    found = linker.column_named(phrase)
    assert found is None or found[1] not in ("exact", "contains"), found


@pytest.mark.parametrize("text, verdict", [
    ("The Lull costs $200 less than the Drift.", "supported"),
    ("The Lull costs $300 less than the Drift.", "refuted"),
])
def test_the_verb_naming_that_column_is_checked_with_its_figure(core_checker, text, verdict):
    report = expect(core_checker, MATTRESSES, text, verdict)
    assert not any(h.reason == "claim not checked" for h in report.hypotheses), [
        h.text for h in report.hypotheses]

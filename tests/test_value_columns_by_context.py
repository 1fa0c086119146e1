"""A value several columns hold ("11" in Won and in Lost) is read in the column the
mention's other words name, up to the stem or a value synonym (rules/lexicon/synonyms.yaml:
"wins" of Won, "losses" of Lost), not in the one most rows hold it in."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

STANDINGS = Table.from_dict({
    "id": "standings", "columns": ["Team", "Played", "Won", "Lost", "Points"],
    "rows": [["Port Vessen", "14", "12", "2", "36"], ["Alder Mills", "14", "11", "3", "33"],
             ["Greywater", "14", "9", "5", "27"], ["Cragside", "14", "3", "11", "9"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Alder Mills finished with 11 wins.", "supported"),
    ("Alder Mills finished with 12 wins.", "refuted"),
    ("Alder Mills finished with 3 losses.", "supported"),
    ("Cragside finished with 11 losses.", "supported"),
    ("Cragside finished with 3 victories.", "supported"),
])
def test_the_value_is_read_in_the_column_its_words_name(core_checker, text, verdict):
    expect(core_checker, STANDINGS, text, verdict)

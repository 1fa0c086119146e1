""""X is the only ADJ N, with P": a phrase set off by a comma after the noun is said of the
row, not of the kind (rules/frames/quantifiers.yaml quantifier-only-noun-modifier-set-off):
"only" is the modifier's claim, and the phrase is checked on its own."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

MACHINES = Table.from_dict({
    "id": "espresso", "caption": "Espresso machines",
    "columns": ["Model", "Type", "Water tank", "Rating"],
    "rows": [["Classica Pro", "Manual", "2.1 L", "4.6/5"], ["Essenza Cube", "Capsule", "0.6 L",
             "4.1/5"], ["Uno", "Manual", "2.5 L", "4.8/5"], ["Mia Express", "Semi-automatic",
             "1.0 L", "3.9/5"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Classica Pro is the only manual machine, with a 2.1 L tank.", "refuted"),
    ("The Essenza Cube is the only capsule machine, with a 0.6 L tank.", "supported"),
    ("The Essenza Cube is the only capsule machine, with a 1.6 L tank.", "refuted"),
    ("The Essenza Cube is the only machine with a 0.6 L tank.", "supported"),
])
def test_a_phrase_set_off_is_no_kind(core_checker, text, verdict):
    expect(core_checker, MACHINES, text, verdict)

"""Verbs that compare their subject with their object (rules/lexicon/comparison.yaml
comparative_verbs, graded by degree.yaml's comparatives): "the Orla 3 undercuts the Kesh 5"
(price lower), "outlasts every other model" (battery life higher than each), and with a
figure, "undercuts the Kesh 5 by $70" (the gap; frames comparison-verb, difference-verb)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

LAMPS = Table.from_dict({
    "id": "lamps", "columns": ["Model", "Weight (kg)", "Battery life (h)", "Price ($)"],
    "rows": [["Orla 3", "2.1", "40", "359"], ["Kesh 5", "2.4", "32", "429"],
             ["Tarn 2", "1.8", "28", "299"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Orla 3 undercuts the Kesh 5.", "supported"),
    ("The Kesh 5 undercuts the Orla 3.", "refuted"),
    ("The Orla 3 undercuts the Kesh 5 by $70.", "supported"),
    ("The Orla 3 undercuts the Kesh 5 by $50.", "refuted"),
    ("The Kesh 5 undercuts the Orla 3 by $70.", "refuted"),
    ("The Orla 3 outlasts the Kesh 5 by eight hours.", "supported"),
    ("The Orla 3 outlasts every other model.", "supported"),
    ("The Tarn 2 outlasts the Orla 3.", "refuted"),
    ("At $359, the Orla 3 undercuts the Kesh 5 by $70.", "supported"),
])
def test_a_verb_compares_its_subject_with_its_object(core_checker, text, verdict):
    expect(core_checker, LAMPS, text, verdict)

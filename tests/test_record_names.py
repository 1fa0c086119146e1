"""Of a one-row table (a record), a name that is no row competes with the row only as the
subject, its possessor or the predicate noun: names in the record's own claims ("translated
*Lorca*'s poetry") are what it says the row did, left to the checks of their columns."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

POET = Table.from_dict({
    "id": "poet", "caption": "Maeve Callander",
    "columns": ["Name", "Birthplace", "Occupation", "Years active"],
    "rows": [["Maeve Callander", "Sligo, Ireland", "Poet, translator", "1946–1995"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The poet translated Lorca's poetry into Irish.", "unverifiable"),
    ("Seamus Heaney translated Lorca's poetry into Irish.", "refuted"),
    ("Lorca's translator was born in Sligo.", "refuted"),
])
def test_only_a_subject_name_competes_with_the_record(core_checker, text, verdict):
    expect(core_checker, POET, text, verdict)

"""An age at an event when both the birth cell and the event's cell write the day: the one
age, not the two a pair of years allows ("3 May 1801" to "12 June 1871" is 70; "June 20,
1801" to "May 2, 1871" is 69)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BENVENZI = Table.from_dict({
    "id": "benvenzi", "caption": "Aurelio Benvenzi",
    "columns": ["Name", "Born", "Died", "Nationality"],
    "rows": [["Aurelio Benvenzi", "3 May 1801", "12 June 1871", "Italian"]]})

VARGA = Table.from_dict({
    "id": "varga", "caption": "Ilse Varga",
    "columns": ["Name", "Born", "Died"],
    "rows": [["Ilse Varga", "June 20, 1801", "May 2, 1871 (1871-05-02)"]]})

ROOK = Table.from_dict({  # the year only: the two ages a pair of years allows
    "id": "rook", "caption": "Ada Rook",
    "columns": ["Name", "Born", "Died"],
    "rows": [["Ada Rook", "1801", "1871"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (BENVENZI, "Aurelio Benvenzi died at the age of 70.", "supported"),
    (BENVENZI, "Aurelio Benvenzi died at the age of 69.", "refuted"),
    (VARGA, "Ilse Varga died at the age of 69.", "supported"),
    (VARGA, "Ilse Varga died at the age of 70.", "refuted"),
    (ROOK, "Ada Rook died at the age of 70.", "unverifiable"),
    (ROOK, "Ada Rook died at the age of 75.", "refuted"),
])
def test_an_age_by_the_day(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)

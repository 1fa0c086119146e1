"""A bare figure's noun names its column ("on 5 *points*" -> Points): a cell "5" of another
column (Won) is no match of it; and a unit word inside the header of a column of another
dimension ("Burn time per 230 g canister (minutes)") names no column for "390 g"."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

STANDINGS = Table.from_dict({
    "id": "chess", "caption": "Club chess open, final standings",
    "columns": ["Player", "Won", "Drawn", "Points", "Prize (GBP)"],
    "rows": [["Ana Mehra", "5", "2", "6", "600"], ["Piotr Zale", "5", "1", "5.5", "350"],
             ["Rhys Morgan", "4", "2", "5", "175"], ["Elif Yildiz", "3", "3", "4.5", "0"]]})

STOVES = Table.from_dict({
    "id": "stoves", "caption": "Camp stoves",
    "columns": ["Stove", "Weight (g)", "Burn time per 230 g canister (minutes)", "Price (USD)"],
    "rows": [["Pikelet", "78", "70", "49"], ["Harrow", "390", "75", "149"],
             ["Ember", "420", "80", "139"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Rhys Morgan finished on 5 points.", "supported"),
    ("Rhys Morgan finished on 6 points.", "refuted"),
    ("Ana Mehra won 5 games.", "supported"),
])
def test_a_figure_counts_what_its_noun_names(core_checker, text, verdict):
    report = expect(core_checker, STANDINGS, text, verdict)
    assert not any(h.verdict == "refuted" and "Won" in h.explanation and "points" in text
                   for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("The Harrow weighs 390 g, five times as much as the Pikelet.", "supported"),
    ("At 390 g the Harrow weighs five times as much as the 78 g Pikelet.", "supported"),
    ("At 420 g the Harrow weighs five times as much as the 78 g Pikelet.", "refuted"),
])
def test_a_unit_word_in_another_columns_header(core_checker, text, verdict):
    report = expect(core_checker, STOVES, text, verdict)
    assert not any("Burn time" in h.explanation for h in report.hypotheses)

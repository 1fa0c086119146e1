"""A failing comparative program that compares another column than the one its comparative
word grades ("the Kestrel Pro *costs* £220 *less*": Price, through the lexicon's
verb_attributes; "conceded three *more goals*": Goals against, by its words) refutes
nothing: the checker sets it aside (Reason.PROGRAM_GRADE_UNREAD).  A program comparing
the graded column stands."""

from __future__ import annotations

import pytest

from depcheck.checker import _compares_another_column
from depcheck.report import HypothesisResult
from depcheck.table import Table

TENTS = Table.from_dict({
    "id": "tents", "caption": "Backpacking tents",
    "columns": ["Tent", "Brand", "Seasons", "Weight", "Price"],
    "rows": [["Summit Dome 2", "Nordhem", "4", "2.4 kg", "\u00a3540"],
             ["Kestrel Pro", "Altura", "4", "1.9 kg", "\u00a3320"],
             ["Ridgeline 2", "Altura", "3", "2.1 kg", "\u00a3260"],
             ["Featherlite 1", "Nordhem", "3", "0.9 kg", "\u00a3390"],
             ["Trailhome 3", "Campa", "3", "3.2 kg", "\u00a3210"]]})

LEAGUE = Table.from_dict({
    "id": "league", "caption": "Final league table",
    "columns": ["Team", "Won", "Lost", "Goals against", "Points"],
    "rows": [["Ashgrove United", "20", "4", "31", "68"],
             ["Redmarsh Town", "19", "6", "34", "66"],
             ["Halden Athletic", "17", "8", "29", "58"],
             ["Port Elyn", "16", "9", "38", "55"],
             ["Kelby Rovers", "12", "12", "41", "44"]]})


def _program(text: str, column: str, word: str, doc) -> HypothesisResult:
    at = next(t.i for t in doc if t.lower_ == word)
    return HypothesisResult(
        kind="program", text=doc.text, span=(0, len(doc.text)), verdict="refuted",
        reason="the program fails on the table", rule="program:comparative",
        explanation="", details={"family": "comparative", "tokens": [at], "program": text
                                 .replace("COL", column)})


@pytest.mark.parametrize("table, text, program, word, column, unread", [
    (TENTS, "The Kestrel Pro costs \u00a3220 less than the Summit Dome 2.",
     "less{hop{filter_eq{all_rows; Tent; kestrel pro}; COL}; "
     "hop{filter_eq{all_rows; Tent; summit dome 2}; COL}}", "less", "Seasons", True),
    (TENTS, "The Kestrel Pro costs \u00a3220 less than the Summit Dome 2.",
     "less{hop{filter_eq{all_rows; Tent; kestrel pro}; COL}; "
     "hop{filter_eq{all_rows; Tent; summit dome 2}; COL}}", "less", "Price", False),
    (LEAGUE, "Redmarsh Town conceded three more goals than Ashgrove United.",
     "greater{hop{filter_eq{all_rows; Team; redmarsh town}; COL}; "
     "hop{filter_eq{all_rows; Team; ashgrove united}; COL}}", "more", "Lost", True),
])
def test_the_compared_column_is_the_graded_one(core_checker, table, text, program, word,
                                               column, unread):
    doc = core_checker.nlp(text)
    found = _program(program, column, word, doc)
    compiled = core_checker.compile(table)
    assert _compares_another_column(found, doc, compiled, core_checker._rules.lexicon) is unread

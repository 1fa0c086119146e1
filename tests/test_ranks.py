"""Ranks said with a verb ("finished third", "came home seventh", "was 2nd", "finished in
third place", "finished last"; rules/frames/ranks.yaml) against the row's cell of the
table's place column (lexicon rank_columns), by the rank evaluator."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

RESULTS = Table.from_dict({
    "id": "marathon", "caption": "Marathon results",
    "columns": ["Athlete", "Place", "Time"],
    "rows": [["Daniel Kiprono", "1", "2:08:41"], ["Abebe Tesfaye", "2", "2:08:59"],
             ["Hiroshi Nakata", "3rd", "2:10:22"], ["Carlos Mendes", "4", "2:14:16"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Daniel Kiprono finished first.", "supported"),
    ("Abebe Tesfaye was 2nd.", "supported"),
    ("Hiroshi Nakata came home third.", "supported"),
    ("Hiroshi Nakata finished in third place.", "supported"),
    ("Carlos Mendes finished last.", "supported"),
    ("Carlos Mendes came home sixth.", "refuted"),
    ("Abebe Tesfaye finished in third place.", "refuted"),
    ("Daniel Kiprono finished last.", "refuted"),
])
def test_a_rank_against_the_place_column(core_checker, text, verdict):
    report = expect(core_checker, RESULTS, text, verdict)
    assert any(h.trace()["evaluator"] == "rank" and h.verdict == verdict
               for h in report.hypotheses)


def test_no_place_column_leaves_the_rank_open(core_checker):
    table = Table.from_dict({"id": "t", "caption": "Runners", "columns": ["Athlete", "Time"],
                             "rows": [["Ana", "2:10:00"], ["Bea", "2:11:00"]]})
    report = expect(core_checker, table, "Ana finished first.", "unverifiable")
    assert not any(h.trace()["evaluator"] == "rank" for h in report.hypotheses)


def test_a_tied_place_is_not_decided(core_checker):
    table = Table.from_dict({"id": "golf", "caption": "Leaderboard",
                             "columns": ["Player", "Pos", "Score"],
                             "rows": [["Ana Ruiz", "1", "-12"], ["Bea Lund", "T2", "-10"],
                                      ["Cat Moss", "T2", "-10"]]})
    report = core_checker.check("Bea Lund finished alone in second place.", table)
    assert not any(h.trace()["evaluator"] == "rank" for h in report.hypotheses)
    assert report.verdict != "supported"


@pytest.mark.parametrize("text, verdict", [
    # the rank on a verb coordinated with the subject's first predicate
    ("Daniel Kiprono led from the start and finished first.", "supported"),
    ("Abebe Tesfaye ran 2:08:59 and finished third.", "refuted"),
])
def test_a_rank_on_a_coordinated_predicate(core_checker, text, verdict):
    report = core_checker.check(text, RESULTS)
    assert any(h.trace()["evaluator"] == "rank" and h.verdict == verdict
               for h in report.hypotheses), [(h.kind, h.verdict, h.explanation)
                                             for h in report.hypotheses]
    if verdict == "refuted":
        assert report.verdict == "refuted"

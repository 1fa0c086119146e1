"""A failing program that gives a figure of the text to another row than the one a rule
check tied it to by the parse ("Overhang Depot, opened in *2004*, ..." checked against
Overhang Depot's Opened; a program comparing 2004 with Crux Hall's) answered another
claim: unverifiable, not refuted (checker._figure_held_by_another_row)."""

from __future__ import annotations

from depcheck.checker import _figure_held_by_another_row
from depcheck.parse import load_pipeline
from depcheck.report import Cell, Evidence, HypothesisResult

TEXT = "Overhang Depot, opened in 2004, is the oldest of the six gyms."


def _doc():
    from depcheck.config import Config
    return load_pipeline(Config.from_env().spacy_model)(TEXT)


def _program(doc, row: int, family: str = "lookup") -> HypothesisResult:
    read = [i for i, t in enumerate(doc) if t.text in ("opened", "2004", "oldest")]
    return HypothesisResult(
        "program", TEXT, (0, len(TEXT)), "refuted", "the program fails on the table",
        "program:lookup", "Opened of rows where ... is 2004",
        evidence=Evidence(output=(Cell(row, "Opened", "2009"),), columns=("Opened",)),
        details={"tokens": read, "family": family,
                 "program": "eq{hop{filter_eq{all_rows; Gym; crux hall}; Opened}; 2004}"})


def _date_check(row: int, verdict: str = "supported") -> HypothesisResult:
    at = TEXT.index("in 2004")
    return HypothesisResult(
        "date", "in 2004", (at, at + 7), verdict, "date holds", "date-preposition",
        "Opened of Overhang Depot is 2004",
        evidence=Evidence(output=(Cell(row, "Opened", "2004"),), columns=("Opened",)),
        details={"evaluator": "date"})


def test_a_figure_a_rule_check_gave_another_row():
    doc = _doc()
    assert _figure_held_by_another_row(_program(doc, 0), (_date_check(4),), doc)


def test_the_same_row_or_no_holding_check_leaves_the_refutation():
    doc = _doc()
    # the rule check read the program's own row: the program's refutation stands
    assert not _figure_held_by_another_row(_program(doc, 4), (_date_check(4),), doc)
    # a rule check that failed ties nothing
    assert not _figure_held_by_another_row(_program(doc, 0),
                                           (_date_check(4, "refuted"),), doc)
    # no rule check at all
    assert not _figure_held_by_another_row(_program(doc, 0), (), doc)
    # a superlative's program picks its row by its own claim
    assert not _figure_held_by_another_row(_program(doc, 0, "superlative"),
                                           (_date_check(4),), doc)


def test_a_value_found_in_some_row_ties_no_row():
    doc = _doc()
    at = TEXT.index("2004")
    loose = HypothesisResult(
        "fact", "2004", (at, at + 4), "supported", "value matches", "prep-object",
        "Opened 2004 appears in the table",
        evidence=Evidence(output=(Cell(4, "Opened", "2004"),), columns=("Opened",)))
    assert not _figure_held_by_another_row(_program(doc, 0), (loose,), doc)

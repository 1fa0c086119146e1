"""Comparisons with every other row or group ("more players from England than any other
country", "drew seven games, more than any other side") read as a mode or a rank over the
rows, not as a claim about every row: the program search's ``mode`` function, the trigger
classes such a comparison fires, and the words a program reading it accounts for."""

from __future__ import annotations

import pytest

from depcheck.compiled import compile_table
from depcheck.programs.cells import typed_table
from depcheck.programs.execute import execute, run
from depcheck.programs.hypothesis import tokens_used
from depcheck.programs.search import search
from depcheck.programs.statement import analyse, beats_every_other
from depcheck.programs.syntax import parse_program
from depcheck.programs.tabfact import table_from_dict
from depcheck.programs.values import ExecutionError

SQUAD = {"id": "squad", "caption": "club squad", "columns": ["player", "country", "caps"],
         "rows": [["ana", "portugal", "12"], ["ben", "portugal", "30"], ["cai", "wales", "4"],
                  ["dov", "israel", "51"], ["eli", "portugal", "9"], ["fay", "wales", "22"],
                  ["gus", "norway", "17"]]}
# two values tie for the most rows: neither is held by more rows than every other
TIED = {"id": "tied", "caption": "tied", "columns": ["player", "country"],
        "rows": [["a", "peru"], ["b", "peru"], ["c", "chile"], ["d", "chile"], ["e", "cuba"]]}


@pytest.fixture(scope="module")
def squad():
    return typed_table(compile_table(table_from_dict(SQUAD)))


@pytest.fixture(scope="module")
def nlp():
    from depcheck.parse import load_pipeline

    return load_pipeline()


@pytest.mark.parametrize("program, expected", [
    ("eq{mode{all_rows; country}; portugal}", True),
    ("eq{mode{all_rows; country}; wales}", False),
    ("eq{mode{filter_greater{all_rows; caps; 10}; country}; portugal}", True),
])
def test_mode_is_the_value_more_rows_hold_than_any_other(squad, program, expected):
    assert run(parse_program(program), squad) is expected


def test_mode_of_a_tie_is_no_value():
    tied = typed_table(compile_table(table_from_dict(TIED)))
    with pytest.raises(ExecutionError):
        execute(parse_program("mode{all_rows; country}"), tied, "obj")


@pytest.mark.parametrize("text, comparative, cue", [
    ("there were more players from portugal than any other country", "more", "than"),
    ("ben won more often than any of the other players", "more", "than"),
    ("dov has more caps than every other player", "more", "than"),
])
def test_a_comparison_with_every_other_row_is_found(nlp, text, comparative, cue):
    doc = nlp(text)
    found = beats_every_other(doc)
    assert [(doc[c].text, doc[t].text) for c, t, _ in found] == [(comparative, cue)]


@pytest.mark.parametrize("text", [
    "dov has more caps than ben",  # one other row: a comparison of two rows
    "there were more than two players from wales",  # a bound on a number
])
def test_other_comparisons_are_not_with_every_row(nlp, text):
    assert beats_every_other(nlp(text)) == []


def test_more_rows_than_any_other_fires_mode_not_all(nlp, squad):
    a = analyse(nlp("there were more players from portugal than any other country"), squad)
    assert "mode" in a.triggers
    assert "all" not in a.triggers  # "any" is the other side, no claim about every row
    assert "max" not in a.triggers  # "players" counts rows: no figure of a column


def test_more_of_a_figure_than_any_other_ranks_the_rows(nlp, squad):
    # the noun is a numeric column's header: the row with the most caps
    a = analyse(nlp("dov has more caps than any other player"), squad)
    assert "max" in a.triggers and "mode" not in a.triggers
    # a number counts the noun: a figure of the row, ranked against the others
    a = analyse(nlp("dov has won 51 caps, more than any other player"), squad)
    assert "max" in a.triggers and "mode" not in a.triggers


def test_fewer_rows_than_any_other_fires_no_mode(nlp, squad):
    # the least frequent value has no function: no program claims to read it
    a = analyse(nlp("there were fewer players from israel than any other country"), squad)
    assert "mode" not in a.triggers and "all" not in a.triggers


def test_search_reads_the_mode_and_its_words(nlp, squad):
    doc = nlp("there were more players from portugal than any other country")
    a = analyse(doc, squad)
    programs = {p.text: p for p in search(a, squad)}
    held = programs["eq{mode{all_rows; country}; portugal}"]
    assert bool(held.value) is True
    assert not any(t.startswith("all_") for t in programs)
    read = {doc[i].text for i in tokens_used(held, a, squad, doc)}
    # the counted rows' noun and the other side are read with the mode
    assert {"more", "players", "portugal", "than", "any", "other", "country"} <= read

    doc = nlp("there were more players from wales than any other country")
    a = analyse(doc, squad)
    programs = {p.text: p for p in search(a, squad)}
    assert bool(programs["eq{mode{all_rows; country}; wales}"].value) is False

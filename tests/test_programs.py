"""The TabFact program language: parser, function families on tiny tables, gold programs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from depcheck.compiled import compile_table
from depcheck.programs.cells import first_number, typed_table
from depcheck.programs.execute import execute, run
from depcheck.programs.syntax import Call, Literal, ProgramSyntaxError, parse_claim, parse_program
from depcheck.programs.tabfact import header_names, table_from_dict
from depcheck.programs.values import ExecutionError

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "tabfact"
MISMATCHES = Path(__file__).resolve().parent / "data" / "tabfact_gold_mismatches.tsv"

GAMES = {"id": "games", "caption": "season", "columns": ["date", "opponent", "result", "score",
                                                          "attendance", "weight"],
         "rows": [["2 april 1958", "arsenal", "win", "3 - 2", "12,000", "1370 lb (635 kg)"],
                  ["11 june 1958", "chelsea", "draw", "2 - 2", "8000", "1200 lb (544 kg)"],
                  ["15 june 1958", "everton", "loss", "6 - 1", "15000", "1500 lb (680 kg)"],
                  ["17 june 1958", "fulham", "loss", "2 - 1", "9500", "1100 lb (499 kg)"],
                  ["totals", "", "", "", "44500", ""]]}


@pytest.fixture(scope="module")
def games():
    return typed_table(compile_table(table_from_dict(GAMES)))


@pytest.mark.parametrize("text", [
    "eq{count{filter_eq{all_rows; result; loss}}; 3}=True",
    "and{only{filter_eq{all_rows; result; draw}}; eq{hop{filter_eq{all_rows; result; draw}; "
    "date}; 11 june 1958}}=False",
    "eq{hop{argmax{all_rows; points for}; club}; betws rfc}=True",
    "eq{hop{argmax{all_rows; won}; }; 1}=True",
])
def test_parser_round_trips(text):
    assert parse_claim(text).to_text() == text


def test_parser_builds_the_tree():
    node = parse_program("count{filter_eq{all_rows; result; loss}}")
    assert node == Call("count", (Call("filter_eq", (Literal("all_rows"), Literal("result"),
                                                       Literal("loss"))),))


@pytest.mark.parametrize("bad", ["count{all_rows", "count{all_rows}}", "eq{a; b} x",
                                 "c ount{all_rows}", "eq{count{all_rows}; 3}=Maybe"])
def test_parser_rejects_malformed(bad):
    with pytest.raises(ProgramSyntaxError):
        parse_claim(bad) if "=" in bad else parse_program(bad)


def test_first_number_reads_cells_as_tabfact():
    assert first_number("2 - 1") == 2
    assert first_number("1370 lb (635 kg)") == 1370
    assert first_number("10:00") == 1000
    assert first_number("12,000") == 12000
    assert first_number("n / a") != first_number("n / a")  # NaN


@pytest.mark.parametrize("program, expected", [
    # filter + count, summary row left out of all_rows
    ("eq{count{filter_eq{all_rows; result; loss}}; 2}", True),
    ("eq{count{all_rows}; 4}", True),
    ("eq{count{filter_not_eq{all_rows; result; loss}}; 2}", True),
    ("eq{count{filter_greater{all_rows; attendance; 9000}}; 3}", True),
    ("eq{count{filter_less_eq{all_rows; attendance; 9500}}; 2}", True),
    ("eq{count{filter_greater_eq{all_rows; date; 11 june 1958}}; 3}", True),
    ("eq{count{filter_less{all_rows; date; 15 june}}; 2}", True),
    ("eq{count{filter_str_eq{all_rows; score; 2-2}}; 1}", True),
    # lookup
    ("eq{hop{filter_eq{all_rows; opponent; chelsea}; result}; draw}", True),
    ("eq{hop{filter_eq{all_rows; opponent; chelsea}; result}; loss}", False),
    ("not_eq{hop{filter_eq{all_rows; opponent; chelsea}; result}; loss}", True),
    ("str_eq{hop{filter_eq{all_rows; opponent; arsenal}; score}; 3 - 2}", True),
    ("within{all_rows; opponent; fulham}", True),
    ("without{all_rows; opponent; liverpool}", True),
    # unique
    ("only{filter_eq{all_rows; result; draw}}", True),
    ("only{filter_eq{all_rows; result; loss}}", False),
    ("unique{filter_eq{all_rows; result; loss}; result}", True),
    ("none{filter_eq{all_rows; result; walkover}}", True),
    # superlatives and ordinals
    ("eq{hop{argmax{all_rows; attendance}; opponent}; everton}", True),
    ("eq{hop{argmin{all_rows; weight}; opponent}; fulham}", True),
    ("eq{max{all_rows; score}; 6 - 1}", True),
    ("eq{min{all_rows; attendance}; 8000}", True),
    ("eq{hop{argmax{all_rows; date}; opponent}; fulham}", True),
    ("eq{hop{nth_argmax{all_rows; attendance; 2}; opponent}; arsenal}", True),
    ("eq{nth_min{all_rows; attendance; 2}; 9500}", True),
    ("eq{hop{first{all_rows}; opponent}; arsenal}", True),
    ("eq{hop{second{all_rows}; opponent}; chelsea}", True),
    ("eq{hop{third{all_rows}; opponent}; everton}", True),
    ("eq{hop{fourth{all_rows}; opponent}; fulham}", True),
    ("eq{hop{last{all_rows}; opponent}; fulham}", True),
    ("before{filter_eq{all_rows; opponent; arsenal}; filter_eq{all_rows; opponent; fulham}}", True),
    ("after{filter_eq{all_rows; opponent; arsenal}; filter_eq{all_rows; opponent; fulham}}", False),
    # aggregation (rounded claims), comparatives, arithmetic
    ("eq{sum{all_rows; attendance}; 44500}", True),
    ("eq{avg{all_rows; attendance}; 11125}", True),
    ("round_eq{avg{all_rows; attendance}; 11000}", True),
    ("eq{avg{filter_eq{all_rows; result; loss}; attendance}; 12250}", True),
    ("eq{avg{all_rows; weight}; 1292.5}", True),
    ("eq{avg{all_rows; weight}; 1292}", True),
    ("greater{hop{filter_eq{all_rows; opponent; everton}; attendance}; "
     "hop{filter_eq{all_rows; opponent; fulham}; attendance}}", True),
    ("less{hop{filter_eq{all_rows; opponent; everton}; attendance}; "
     "hop{filter_eq{all_rows; opponent; fulham}; attendance}}", False),
    ("eq{diff{hop{filter_eq{all_rows; opponent; everton}; attendance}; "
     "hop{filter_eq{all_rows; opponent; chelsea}; attendance}}; 7000}", True),
    ("eq{diff{hop{filter_eq{all_rows; opponent; chelsea}; date}; "
     "hop{filter_eq{all_rows; opponent; arsenal}; date}}; 70 days}", True),
    ("eq{add{hop{filter_eq{all_rows; opponent; everton}; attendance}; 5}; 15005}", True),
    # majority
    ("all_greater{all_rows; attendance; 7000}", True),
    ("all_less{all_rows; attendance; 9000}", False),
    ("all_eq{filter_eq{all_rows; result; loss}; date; june}", True),
    ("all_not_eq{all_rows; result; walkover}", True),
    ("most_greater_eq{all_rows; attendance; 9500}", True),
    ("most_eq{all_rows; result; loss}", True),
    ("most_not_eq{all_rows; result; loss}", False),
    ("all_str_eq{all_rows; date; 1958}", True),
    ("eq{most_freq{all_rows; result}; loss}", True),
    # connectives
    ("and{only{filter_eq{all_rows; result; draw}}; eq{hop{filter_eq{all_rows; result; draw}; "
     "date}; 11 june 1958}}", True),
    ("or{only{filter_eq{all_rows; result; loss}}; none{filter_eq{all_rows; result; win}}}", False),
])
def test_function_families(games, program, expected):
    assert run(parse_program(program), games) is expected


@pytest.mark.parametrize("program", [
    "hop{filter_eq{all_rows; opponent; liverpool}; result}",
    "eq{hop{all_rows; nowhere}; 1}",
    "nosuch{all_rows}",
    "count{all_rows; result}",
    "eq{hop{argmax{all_rows; opponent}; result}; win}",
])
def test_execution_errors_are_typed(games, program):
    with pytest.raises(ExecutionError):
        execute(parse_program(program), games, "bool" if program.startswith(("eq", "no")) else "obj")


def test_blank_and_repeated_headers_are_named():
    assert header_names(["", "votes", "Votes"]) == ["unnamed: 0", "votes", "Votes (2)"]


def _known_mismatches() -> set[int]:
    lines = MISMATCHES.read_text(encoding="utf-8").splitlines()
    return {int(line.split("\t", 1)[0]) for line in lines if line and not line.startswith("#")}


@pytest.mark.skipif(not (DATA / "programs.jsonl").exists(),
                    reason=f"TabFact gold programs not found at {DATA} (../shared/data)")
def test_every_gold_program_executes_to_its_stated_result():
    tables = {}
    for line in (DATA / "tables.jsonl").read_text(encoding="utf-8").splitlines():
        obj = json.loads(line)
        tables[obj["id"]] = obj
    known = _known_mismatches()
    failures, total = [], 0
    for number, line in enumerate((DATA / "programs.jsonl").read_text(encoding="utf-8")
                                  .splitlines(), start=1):
        case = json.loads(line)
        claim = parse_claim(case["program"])
        assert claim.to_text() == case["program"]
        if number in known:
            continue
        total += 1
        table = typed_table(compile_table(table_from_dict(tables[case["table_id"]])))
        try:
            got = run(claim.program, table)
        except ExecutionError as exc:
            got = exc.message
        if got != claim.expected:
            failures.append(f"line {number}: {case['program']} -> {got}")
    assert not failures, "\n".join(failures[:20])
    assert total >= 1050 and len(known) <= 180

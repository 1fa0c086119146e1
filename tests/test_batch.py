"""``depcheck batch``: records in, one report or error per record out, resumable (issue 15).

The catalog and the statements are this file's own: two kettles and two lamps.  Each
statement's verdict is read off those rows ("The Corvo costs $35." is refuted: the Corvo
is $52).
"""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest

from depcheck.batch import (
    CHUNK,
    SERIALIZED,
    Output,
    count_rows,
    line_id,
    ray_blocks,
    read_output,
    run_batch,
    start_ray,
)
from depcheck.config import Config
from depcheck.table import Table

REPO = Path(__file__).resolve().parent.parent
CONFIG = Config(rules_dir=REPO / "rules")

CATALOG = [
    Table.from_dict({"id": "kettles", "caption": "Kettles",
                     "columns": ["product", "price", "capacity"],
                     "rows": [["Brio", "$35", "1.7 l"], ["Corvo", "$52", "1.2 l"]]}),
    Table.from_dict({"id": "lamps", "caption": "Desk lamps",
                     "columns": ["product", "price", "color"],
                     "rows": [["Luma", "$20", "white"], ["Nox", "$44", "black"]]}),
]
INLINE = {"columns": ["product", "price"], "rows": [["Alpha", "$49"], ["Beta", "$79"]]}
RECORDS = [
    {"id": "k1", "text": "The Brio costs $35.", "table_id": "kettles"},
    {"id": "k2", "text": "The Corvo costs $35.", "table_id": "kettles"},
    {"id": "l1", "text": "Nox is black and costs $44.", "table_id": "lamps"},
    {"id": "l2", "text": "Luma is black.", "table_id": "lamps"},
    {"id": "i1", "text": "Alpha costs $49 and Beta costs $79.", "table": INLINE},
    {"id": 7, "text": "The Corvo holds 1.2 l.", "table_id": "kettles"},
]
EXPECTED = {"k1": "supported", "k2": "refuted", "l1": "supported", "l2": "refuted",
            "i1": "supported", "7": "supported"}
BAD = [
    {"id": "x1", "text": "The Brio costs $35.", "table_id": "toasters"},  # not in the catalog
    {"id": "x2", "text": "   ", "table_id": "kettles"},  # empty text
    {"id": "x3", "text": "The Brio costs $35.", "table_id": "kettles", "table": INLINE},
]
NOT_JSON = '{"id": "x4", "text": '  # a line cut short


def _write_jsonl(path: Path, records: list, extra_lines: tuple[str, ...] = ()) -> Path:
    lines = [json.dumps(r) for r in records] + list(extra_lines)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def verdicts(records: list[dict]) -> dict[str, str]:
    return {r["id"]: r.get("verdict") or r["error"]["code"] for r in records}


def test_every_record_gets_a_report_or_an_error(tmp_path: Path) -> None:
    src = _write_jsonl(tmp_path / "in.jsonl", RECORDS + BAD, (NOT_JSON,))
    summary = run_batch(src, tmp_path / "out.jsonl", CATALOG, config=CONFIG, workers=1)
    out = read_output(tmp_path / "out.jsonl")
    assert verdicts(out) == {**EXPECTED, "x1": "E201", "x2": "E100", "x3": "E100",
                             line_id(NOT_JSON): "E100"}
    report = next(r for r in out if r["id"] == "k2")
    assert report["table_id"] == "kettles" and report["hypotheses"]
    assert (summary.records, summary.errors, summary.skipped) == (10, 4, 0)
    assert dict(summary.verdicts) == {"supported": 4, "refuted": 2}


def test_a_resumed_batch_writes_each_id_once(tmp_path: Path) -> None:
    out_path = tmp_path / "out.jsonl"
    first = run_batch(_write_jsonl(tmp_path / "a.jsonl", RECORDS[:2]), out_path, CATALOG,
                      config=CONFIG, workers=1)
    assert first.records == 2
    with out_path.open("ab") as fh:  # a run killed in the middle of a line
        fh.write(b'{"id":"l1","verdict":"supp')
    src = _write_jsonl(tmp_path / "all.jsonl", RECORDS)
    second = run_batch(src, out_path, CATALOG, config=CONFIG, workers=1)
    assert (second.records, second.skipped) == (4, 2)
    out = read_output(out_path)
    assert sorted(r["id"] for r in out) == sorted(EXPECTED)  # each id once
    assert verdicts(out) == EXPECTED
    third = run_batch(src, out_path, CATALOG, config=CONFIG, workers=1)
    assert (third.records, third.skipped) == (0, 6)
    assert len(read_output(out_path)) == 6


def _write_parquet(path: Path) -> Path:
    """RECORDS as Parquet: the inline table as JSON text in a string column."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = [{"id": str(r["id"]), "text": r["text"], "table_id": r.get("table_id"),
             "table": orjson.dumps(r["table"]).decode() if "table" in r else None}
            for r in RECORDS]
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


def test_parquet_in_and_out_on_two_worker_processes(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    src = _write_parquet(tmp_path / "in.parquet")
    out_dir = tmp_path / "out.parquet"
    summary = run_batch(src, out_dir, CATALOG, config=CONFIG, workers=2)
    assert summary.records == 6
    assert verdicts(read_output(out_dir)) == EXPECTED
    parts = sorted(p.name for p in out_dir.iterdir())
    assert parts == ["part-00000.parquet"]
    assert pq.read_table(out_dir / parts[0]).column("verdict").to_pylist().count("refuted") == 2
    again = run_batch(src, out_dir, CATALOG, config=CONFIG, workers=2)
    assert (again.records, again.skipped) == (0, 6)
    assert len(read_output(out_dir)) == 6


def test_output_drops_a_part_that_was_never_finished(tmp_path: Path) -> None:
    out_dir = tmp_path / "o.parquet"
    out_dir.mkdir()
    (out_dir / ".part-00000.tmp").write_bytes(b"half a part")
    out = Output(out_dir)
    out.write([{"id": "a", "error": {"code": "E100", "message": "m"}}])
    out.close()
    assert sorted(p.name for p in out_dir.iterdir()) == ["part-00000.parquet"]
    assert Output(out_dir).done == {"a"}


def test_a_record_sent_serialized_is_written_as_it_came(tmp_path: Path) -> None:
    # a Ray actor's record: its JSON as made in the actor, and beside it the fields the
    # writer reads; the JSON is written as it is, not rebuilt from those fields
    line = b'{"id":"k2","verdict":"refuted","text":"The Corvo costs $35.","table_id":"kettles"}'
    sent = [{"id": "k2", "verdict": "refuted", "table_id": "kettles", SERIALIZED: line},
            {"id": "x1", "error": {"code": "E201"},
             SERIALIZED: b'{"id":"x1","error":{"code":"E201","message":"unknown"}}'}]
    out = Output(tmp_path / "o.jsonl")
    out.write(sent)
    out.close()
    assert (tmp_path / "o.jsonl").read_bytes().splitlines() == [line, sent[1][SERIALIZED]]
    parquet = Output(tmp_path / "o.parquet")
    parquet.write(sent)
    parquet.close()
    import pyarrow.parquet as pq

    part = pq.read_table(tmp_path / "o.parquet" / "part-00000.parquet")
    assert part.column("verdict").to_pylist() == ["refuted", None]
    assert part.column("error_code").to_pylist() == [None, "E201"]
    assert part.column("table_id").to_pylist() == ["kettles", None]
    assert read_output(tmp_path / "o.parquet")[1]["error"]["message"] == "unknown"


def test_ray_input_is_split_into_blocks_of_a_chunk_until_64_per_worker() -> None:
    assert CHUNK == 64
    assert ray_blocks(0, 2) == 1
    assert ray_blocks(10, 2) == 1  # fewer records than a chunk: one block
    assert ray_blocks(6000, 2) == 94  # 93 blocks of 64 and one of 48
    # 20,000 records on 2 workers: 128 blocks of at most 157 (64 per worker)
    assert ray_blocks(20_000, 2) == 128
    assert ray_blocks(20_000, 4) == 254  # 4 workers: blocks of 79, at most 64 per worker
    assert ray_blocks(1_000_000, 1) == 64


def test_rows_are_counted_without_parsing_the_records(tmp_path: Path) -> None:
    src = _write_jsonl(tmp_path / "in.jsonl", RECORDS, ("", "   ", NOT_JSON))
    assert count_rows(src) == 7  # six records and the cut-short line; blank lines are none
    assert count_rows(_write_parquet(tmp_path / "in.parquet")) == 6


def test_batch_on_ray_gives_the_local_engine_verdicts(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    src = _write_jsonl(tmp_path / "in.jsonl", RECORDS + BAD, (NOT_JSON,))
    local = run_batch(src, tmp_path / "local.jsonl", CATALOG, config=CONFIG, workers=1)
    # half done before, and one id twice in the input: on either engine the rest is
    # checked, once
    resumed = _write_jsonl(tmp_path / "resumed.jsonl", RECORDS + [RECORDS[3]])
    for name in ("local-half.jsonl", "ray-half.jsonl"):
        run_batch(_write_jsonl(tmp_path / "half.jsonl", RECORDS[:2]), tmp_path / name,
                  CATALOG, config=CONFIG, workers=1)
    local_half = run_batch(resumed, tmp_path / "local-half.jsonl", CATALOG, config=CONFIG,
                           workers=1)
    start_ray(2)  # one local Ray for both runs (run_batch starts one when none is running)
    try:
        ray_run = run_batch(src, tmp_path / "ray.jsonl", CATALOG, config=CONFIG,
                            engine="ray", workers=2)
        again = run_batch(src, tmp_path / "ray.jsonl", CATALOG, config=CONFIG,
                          engine="ray", workers=2)
        parquet_in = _write_parquet(tmp_path / "in.parquet")
        from_parquet = run_batch(parquet_in, tmp_path / "ray.parquet", CATALOG, config=CONFIG,
                                 engine="ray", workers=2)
        ray_half = run_batch(resumed, tmp_path / "ray-half.jsonl", CATALOG, config=CONFIG,
                             engine="ray", workers=2)
    finally:
        ray.shutdown()
    assert ray_run.records == local.records == 10
    # the summary counts what the actors sent beside each serialized record
    assert (ray_run.errors, dict(ray_run.verdicts)) == (local.errors, dict(local.verdicts)) \
        == (4, {"supported": 4, "refuted": 2})
    on_ray, on_local = read_output(tmp_path / "ray.jsonl"), read_output(tmp_path / "local.jsonl")
    assert verdicts(on_ray) == verdicts(on_local) == {
        **EXPECTED, "x1": "E201", "x2": "E100", "x3": "E100", line_id(NOT_JSON): "E100"}
    strip = lambda r: {k: v for k, v in r.items() if k != "timing_ms"}
    assert sorted(map(orjson.dumps, map(strip, on_ray))) == \
        sorted(map(orjson.dumps, map(strip, on_local)))
    assert (again.records, again.skipped) == (0, 10)  # resumed: nothing left to check
    assert from_parquet.records == 6
    assert verdicts(read_output(tmp_path / "ray.parquet")) == EXPECTED
    import pyarrow.parquet as pq

    part = pq.read_table(tmp_path / "ray.parquet" / "part-00000.parquet")
    assert dict(zip(part.column("id").to_pylist(), part.column("verdict").to_pylist(),
                    strict=True)) == EXPECTED
    # two already written and one repeated id skipped; the other four written once
    assert (ray_half.records, ray_half.skipped) == (local_half.records, local_half.skipped) \
        == (4, 3)
    assert verdicts(read_output(tmp_path / "ray-half.jsonl")) == EXPECTED
    assert len(read_output(tmp_path / "ray-half.jsonl")) == 6

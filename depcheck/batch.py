"""Bulk checks: ``depcheck batch INPUT --out OUTPUT`` on worker processes or on Ray.

Input is JSON Lines or Parquet, one record per statement: ``id``, ``text`` and either
``table_id`` (a table of the catalog: ``--tables FILE`` or ``--store URL``) or an inline
``table`` object (in Parquet, an inline table may also be a JSON string).  Each output
record is the report (``Report.to_dict()`` plus ``id``), or ``{"id", "error": {"code",
"message"}}`` for a record that could not be checked: one bad record never stops the job.

Ids.  A record's ``id`` (a string or an integer, written as a string) names it in the
output.  A line that is not JSON, or a record without a usable id, gets the id ``#`` + a
hash of its line, so it is the same id on every run and on either engine.

Resuming.  Re-running with the same OUTPUT reads the ids already there and checks only the
others, so a killed job continues where it stopped and a finished one does nothing.
JSON Lines output is appended line by line (a last line cut short by a kill is dropped
before appending).  Parquet output is a *directory* of parts, ``part-NNNNN.parquet``, each
written to a temporary name and renamed whole, so a part is either all there or absent; a
part holds the columns ``id``, ``verdict`` (null for an error), ``table_id``, ``error_code``
and ``record`` (the whole output record as JSON, the same object a JSON Lines line holds).

Engines.  ``local`` (the default) runs worker processes (``spawn``); each loads spaCy, the
vectors and the rules once in its initializer, parses with ``nlp.pipe`` in batches and uses
``Checker.check_doc``.  ``ray`` reads the input with Ray Data (``read_text`` /
``read_parquet``) in blocks of about ``CHUNK`` records (:func:`ray_blocks`), checks with
``map_batches`` on a pool of actors that each load the checker once, and streams the results
back to this process, which writes them as the local engine does (one writer: the same resume
rules and the same files on both engines; the actors skip the ids already written and send
them back for the count, and send each record already serialized, which is written as it
came).

Column domains come from the whole catalog (``Checker.set_domains``), computed alike in
every worker, never from the records a worker happened to see: the verdicts do not depend
on the engine, the number of workers or the order of the records.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from .config import Config
from .errors import DepcheckError, InputError, TableError, UnknownTable
from .table import Table

PARQUET_SUFFIXES = (".parquet", ".pq")
PART_RECORDS = 2000  # records per Parquet part
PARSE_BATCH = 64  # texts per nlp.pipe batch
CHUNK = 64  # records per task sent to a worker
SKIPPED = "__skipped__"  # marks, between the Ray actors and the writer, an id already done
# holds, in a record from a Ray actor, the whole record already serialized (bytes): the writer
# writes it as it is; the record's other keys are those the writer and the summary read
# (``id``, ``verdict``, ``table_id``, ``error`` with its ``code``)
SERIALIZED = "__json__"


class BatchError(DepcheckError):
    """The job cannot run at all (unreadable input, bad output path, unknown engine)."""

    code = "E400"


# -- formats ---------------------------------------------------------------------------------

def is_parquet(path: str | Path) -> bool:
    p = Path(path)
    return p.suffix.lower() in PARQUET_SUFFIXES or p.is_dir()


def line_id(raw: str | bytes) -> str:
    """The id of a record that has none of its own: ``#`` + a hash of its line."""
    data = raw.encode() if isinstance(raw, str) else raw
    return "#" + hashlib.blake2b(data, digest_size=6).hexdigest()


def iter_lines(path: str | Path) -> Iterator[str]:
    """The input as one JSON text per record (Parquet rows are dumped to JSON)."""
    path = Path(path)
    if not path.exists():
        raise BatchError(f"{path}: no such file")
    if is_parquet(path):
        import pyarrow.parquet as pq

        try:
            files = sorted(path.glob("*.parquet")) if path.is_dir() else [path]
            for f in files:
                for batch in pq.ParquetFile(f).iter_batches(batch_size=1024):
                    for row in batch.to_pylist():
                        yield orjson.dumps(row, default=str).decode()
        except (OSError, ValueError) as exc:  # pyarrow's errors derive from these
            raise BatchError(f"{path}: cannot read Parquet ({exc})") from None
        return
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if line.strip():
                    yield line.rstrip("\n")
    except OSError as exc:
        raise BatchError(f"{path}: cannot read ({exc.strerror or exc})") from None


def parse_record(raw: str) -> tuple[str, dict | DepcheckError]:
    """``(id, record)`` or ``(id, error)`` for one input line."""
    try:
        obj = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        return line_id(raw), InputError(f"not valid JSON ({exc})", field="record")
    if not isinstance(obj, dict):
        return line_id(raw), InputError("a record must be a JSON object", field="record")
    rid = obj.get("id")
    if isinstance(rid, bool) or not isinstance(rid, str | int) or rid == "":
        return line_id(raw), InputError("record has no id (a string or an integer)",
                                        field="id")
    return str(rid), obj


def _resolve(obj: dict, tables: dict[str, Table]) -> tuple[str, Table]:
    text = obj.get("text")
    has_id, has_table = obj.get("table_id") is not None, obj.get("table") is not None
    if has_id == has_table:
        raise InputError("give table_id or table (exactly one)", field="table_id")
    if has_id:
        table_id = obj["table_id"]
        if not isinstance(table_id, str) or table_id not in tables:
            raise UnknownTable(f"unknown table_id {table_id!r}", field="table_id")
        return text, tables[table_id]
    inline = obj["table"]
    if isinstance(inline, str):  # Parquet inputs may hold the inline table as JSON text
        try:
            inline = orjson.loads(inline)
        except orjson.JSONDecodeError:
            raise TableError("table is not a JSON object", field="table") from None
    return text, Table.from_dict(inline, default_id="inline")


def _error(rid: str, exc: BaseException) -> dict:
    if isinstance(exc, DepcheckError):
        return {"id": rid, "error": exc.to_dict()}
    # a bug in the checker on one record: say so, and go on with the others
    return {"id": rid, "error": {"code": "E999",
                                 "message": f"internal error: {type(exc).__name__}: {exc}"}}


def check_lines(checker: Any, tables: dict[str, Table], lines: Iterable[str],
                skip: set[str] | frozenset[str] = frozenset(),
                parse_batch: int = PARSE_BATCH,
                skipped: list[str] | None = None) -> list[dict]:
    """Check input lines with one checker (texts parsed together with ``nlp.pipe``); one
    output record per line whose id is not in ``skip`` (those ids go to ``skipped``)."""
    out: list[dict | None] = []
    todo: list[tuple[int, str, str, Table]] = []
    for raw in lines:
        rid, obj = parse_record(raw)
        if rid in skip:
            if skipped is not None:
                skipped.append(rid)
            continue
        out.append(None)
        try:
            if isinstance(obj, DepcheckError):
                raise obj
            text, table = _resolve(obj, tables)
            checker.validate_text(text)
            todo.append((len(out) - 1, rid, text, table))
        except Exception as exc:  # noqa: BLE001 - one bad record never stops the job
            out[-1] = _error(rid, exc)
    docs = checker.nlp.pipe([t[2] for t in todo], batch_size=parse_batch)
    for (slot, rid, _, table), doc in zip(todo, docs, strict=True):
        try:
            out[slot] = {"id": rid, **checker.check_doc(doc, table).to_dict()}
        except Exception as exc:  # noqa: BLE001
            out[slot] = _error(rid, exc)
    return out  # type: ignore[return-value]


def make_checker(config: Config, tables: Iterable[Table]):
    """A checker whose column domains are the whole catalog's."""
    from .checker import Checker

    checker = Checker(config)
    checker.set_domains(list(tables))
    return checker


# -- output ----------------------------------------------------------------------------------

class Output:
    """Where output records go; knows the ids already written (see the module's notes)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.parquet = self.path.suffix.lower() in PARQUET_SUFFIXES or self.path.is_dir()
        self.done: set[str] = set()
        self._buffer: list[dict] = []
        if self.parquet:
            self.path.mkdir(parents=True, exist_ok=True)
            for part in self.path.glob(".part-*.tmp"):  # a part whose write never finished
                part.unlink(missing_ok=True)
            self._parts = sorted(self.path.glob("part-*.parquet"))
            import pyarrow.parquet as pq

            for part in self._parts:
                self.done.update(pq.read_table(part, columns=["id"]).column("id").to_pylist())
            self._fh = None
        else:
            if self.path.exists():
                self._read_jsonl()
            try:
                self._fh = open(self.path, "ab")  # noqa: SIM115 - closed in close()
            except OSError as exc:
                raise BatchError(f"{self.path}: cannot write ({exc.strerror or exc})") from None

    def _read_jsonl(self) -> None:
        with open(self.path, "rb+") as fh:
            data = fh.read()
            if data and not data.endswith(b"\n"):  # a line cut short by a killed run
                keep = data.rfind(b"\n") + 1
                fh.truncate(keep)
                data = data[:keep]
        for line in data.splitlines():
            try:
                rid = orjson.loads(line).get("id")
            except (orjson.JSONDecodeError, AttributeError):
                continue
            if isinstance(rid, str):
                self.done.add(rid)

    def write(self, records: list[dict]) -> None:
        if self.parquet:
            self._buffer.extend(records)
            if len(self._buffer) >= PART_RECORDS:
                self._flush_part()
        else:
            self._fh.write(b"".join(_serialized(r) + b"\n" for r in records))
            self._fh.flush()
        self.done.update(r["id"] for r in records)

    def _flush_part(self) -> None:
        if not self._buffer:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        rows, self._buffer = self._buffer, []
        table = pa.table({
            "id": pa.array([r["id"] for r in rows], pa.string()),
            "verdict": pa.array([r.get("verdict") for r in rows], pa.string()),
            "table_id": pa.array([r.get("table_id") for r in rows], pa.string()),
            "error_code": pa.array([r["error"]["code"] if "error" in r else None
                                    for r in rows], pa.string()),
            "record": pa.array([_serialized(r).decode() for r in rows], pa.string()),
        })
        number = int(self._parts[-1].stem.split("-")[1]) + 1 if self._parts else 0
        final = self.path / f"part-{number:05d}.parquet"
        tmp = self.path / f".part-{number:05d}.tmp"
        pq.write_table(table, tmp)
        os.replace(tmp, final)
        self._parts.append(final)

    def close(self) -> None:
        if self.parquet:
            self._flush_part()
        elif self._fh is not None:
            self._fh.flush()
            os.fsync(self._fh.fileno())
            self._fh.close()
            self._fh = None


def _serialized(record: dict) -> bytes:
    """A record as its output line (JSON, no newline)."""
    raw = record.get(SERIALIZED)
    return raw if raw is not None else orjson.dumps(record)


def read_output(path: str | Path) -> list[dict]:
    """Every output record written to ``path`` (JSON Lines file or Parquet directory)."""
    path = Path(path)
    if path.is_dir() or path.suffix.lower() in PARQUET_SUFFIXES:
        import pyarrow.parquet as pq

        return [orjson.loads(s) for part in sorted(path.glob("part-*.parquet"))
                for s in pq.read_table(part, columns=["record"]).column("record").to_pylist()]
    return [orjson.loads(line) for line in path.read_bytes().splitlines() if line.strip()]


# -- engines ---------------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _init_worker(config: Config, tables: list[Table]) -> None:
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    _WORKER["checker"] = make_checker(config, tables)
    _WORKER["tables"] = {t.id: t for t in tables}


def _work(lines: list[str]) -> list[dict]:
    return check_lines(_WORKER["checker"], _WORKER["tables"], lines)


def _chunks(lines: Iterable[str], size: int) -> Iterator[list[str]]:
    chunk: list[str] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run_local(lines: Iterable[str], config: Config, tables: list[Table],
              workers: int) -> Iterator[list[dict]]:
    """Output records, chunk by chunk in input order, from ``workers`` processes (or this
    process when ``workers`` is 1)."""
    if workers <= 1:
        _init_worker(config, tables)
        for chunk in _chunks(lines, CHUNK):
            yield _work(chunk)
        return
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    # a worker that dies (killed, out of memory) breaks the pool with an error instead of
    # leaving its chunk unanswered; what was written stays, and a re-run resumes
    with ProcessPoolExecutor(workers, mp_context=mp.get_context("spawn"),
                             initializer=_init_worker, initargs=(config, tables)) as pool:
        pending: deque = deque()
        try:
            for chunk in _chunks(lines, CHUNK):
                pending.append(pool.submit(_work, chunk))
                if len(pending) >= 4 * workers:  # a bounded window: the input is never all read
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        except BrokenProcessPool:
            raise BatchError("a worker process died; the records written so far are kept, "
                             "run the same command again to resume") from None


class RayChecker:
    """A Ray Data actor: loads the checker once, then checks batches of input lines."""

    def __init__(self, config: Config, tables: list[Table], done: frozenset[str],
                 jsonl: bool) -> None:
        _init_worker(config, tables)
        self.done = done
        self.jsonl = jsonl

    def __call__(self, batch):  # a pyarrow.Table
        if self.jsonl:
            lines = [s for s in batch.column("text").to_pylist() if s and s.strip()]
        else:
            lines = [orjson.dumps(r, default=str).decode() for r in batch.to_pylist()]
        skipped: list[str] = []
        out = check_lines(_WORKER["checker"], _WORKER["tables"], lines, skip=self.done,
                          skipped=skipped)
        import pyarrow as pa

        # each record goes back serialized, with the few fields the writer and the summary
        # read beside it: the driver writes the JSON as it is instead of parsing it again.
        # A record already in the output comes back as its id with no ``out``, so the
        # driver counts it without reading the input itself.  The columns' order is
        # _from_actor's parameters'.
        none = [None] * len(skipped)
        return pa.table({
            "id": pa.array([r["id"] for r in out] + skipped, pa.string()),
            "out": pa.array([orjson.dumps(r) for r in out] + none, pa.binary()),
            "verdict": pa.array([r.get("verdict") for r in out] + none, pa.string()),
            "table_id": pa.array([r.get("table_id") for r in out] + none, pa.string()),
            "error_code": pa.array([r["error"]["code"] if "error" in r else None
                                    for r in out] + none, pa.string())})


THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
# A local Ray's settings.  Autoscaler v2's monitor stops at once on SIGTERM, while v1's
# handler first tries to report its end to the GCS, which ray.shutdown has already
# stopped, and is killed after a 1 s grace: 1 s of every job.  A local Ray never scales.
LOCAL_RAY_CONFIG = {"enable_autoscaler_v2": True}


def start_ray(workers: int, address: str | None = None) -> None:
    """Connect to the Ray cluster at ``address``, or start a local Ray for ``workers`` actors
    (no dashboard; one BLAS thread per worker; this checkout importable by the workers).
    On a cluster, ``workers`` actors take ``workers`` CPUs: leave one free for the reads."""
    import ray

    env = dict.fromkeys(THREAD_VARS, "1")
    if address:
        ray.init(address=address, runtime_env={"env_vars": env}, log_to_driver=False)
        return
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
    # A local Ray's processes inherit this process's environment: set the variables for
    # the time of ray.init instead of passing a runtime_env.  With a runtime_env every
    # actor needs a fresh worker process started for that environment, while Ray has
    # already started idle workers for the job at init, which the actors then use.
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        # one logical CPU more than the actors take: Ray Data's file listing (Parquet)
        # needs a CPU of its own and would otherwise wait forever behind the actors
        ray.init(num_cpus=workers + 1, include_dashboard=False, log_to_driver=False,
                 _system_config=LOCAL_RAY_CONFIG)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def count_rows(path: str | Path) -> int:
    """How many records the input holds, read cheaply: JSON Lines' non-blank lines, or the
    row counts in the Parquet footers."""
    path = Path(path)
    if is_parquet(path):
        import pyarrow.parquet as pq

        files = sorted(path.glob("*.parquet")) if path.is_dir() else [path]
        return sum(pq.ParquetFile(f).metadata.num_rows for f in files)
    rows = 0
    with open(path, "rb") as fh:
        for line in fh:
            if line.strip():
                rows += 1
    return rows


def ray_blocks(rows: int, workers: int) -> int:
    """How many blocks Ray Data splits the input into: blocks of ``CHUNK`` records, or
    bigger ones once there are 64 blocks per worker.  One file is otherwise read as a few
    big blocks, and an actor checks a block whole: the last ones leave an actor idle for
    seconds (a tail), and the first results reach the writer only when a big block is done.
    Small blocks cost a little scheduling each; 64 per worker bounds that and makes the
    tail at most about 1/64 of a worker's share."""
    if rows <= 0:
        return 1
    per_block = max(CHUNK, -(-rows // (64 * max(1, workers))))
    return -(-rows // per_block)


def run_ray(input_path: str | Path, config: Config, tables: list[Table], workers: int,
            done: set[str], address: str | None = None) -> Iterator[list[dict]]:
    """Output records from a Ray Data pipeline (local Ray on ``workers`` CPUs, or the
    cluster at ``address``)."""
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        # ray.init mostly waits for the processes it starts: import Ray Data (pandas,
        # pyarrow's datasets: most of a second) in the meantime instead of before
        importer = threading.Thread(target=importlib.import_module, args=("ray.data",),
                                    name="import-ray-data", daemon=True)
        importer.start()
        try:
            start_ray(workers, address)
        finally:
            importer.join()
    try:
        import ray.data  # at once if the thread imported it; raises its error if it failed

        ctx = ray.data.DataContext.get_current()
        ctx.enable_progress_bars = False
        ctx.print_on_execution_start = False
        path = str(Path(input_path).resolve())
        jsonl = not is_parquet(input_path)
        # reading is light and the actors hold every CPU: reads take none, or Ray Data's
        # resource budget would leave them waiting for a CPU forever
        import inspect

        named = "num_cpus" in inspect.signature(ray.data.read_text).parameters  # Ray >= 2.5x
        read_args = {"num_cpus": 0} if named else {"ray_remote_args": {"num_cpus": 0}}
        read_args["override_num_blocks"] = ray_blocks(count_rows(input_path), workers)
        ds = (ray.data.read_text(path, **read_args) if jsonl
              else ray.data.read_parquet(path, **read_args))
        ds = ds.map_batches(RayChecker, batch_format="pyarrow", batch_size=CHUNK,
                            fn_constructor_kwargs={"config": config, "tables": tables,
                                                   "done": frozenset(done), "jsonl": jsonl},
                            compute=ray.data.ActorPoolStrategy(size=workers), num_cpus=1)
        for batch in ds.iter_batches(batch_format="pyarrow", batch_size=None):
            # the columns in the order RayChecker makes them, _from_actor's parameters
            yield list(map(_from_actor, *(column.to_pylist() for column in batch.columns)))
    finally:
        if started_here:
            ray.shutdown()


def _from_actor(rid: str, raw: bytes | None, verdict: str | None, table_id: str | None,
                error_code: str | None) -> dict:
    """A record as the writer takes it, from one row of a Ray actor's output (its columns
    in the order :meth:`RayChecker.__call__` makes them)."""
    if raw is None:
        return {"id": rid, SKIPPED: True}
    record: dict = {"id": rid, SERIALIZED: raw}
    if error_code is not None:
        record["error"] = {"code": error_code}
    else:
        record["verdict"] = verdict
    if table_id is not None:
        record["table_id"] = table_id
    return record


# -- the job ---------------------------------------------------------------------------------

@dataclass
class Summary:
    records: int = 0  # written by this run
    skipped: int = 0  # already in the output
    verdicts: Counter = field(default_factory=Counter)
    errors: int = 0
    seconds: float = 0.0

    @property
    def per_s(self) -> float:
        return self.records / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict:
        return {"records": self.records, "skipped": self.skipped,
                "verdicts": dict(sorted(self.verdicts.items())), "errors": self.errors,
                "seconds": round(self.seconds, 3), "records_per_s": round(self.per_s, 2)}

    def line(self) -> str:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(self.verdicts.items())) or "none"
        return (f"{self.records} records ({counts}; {self.errors} errors), "
                f"{self.skipped} already done, {self.seconds:.1f} s, {self.per_s:.1f} records/s")


def run_batch(input_path: str | Path, output_path: str | Path, tables: list[Table], *,
              config: Config | None = None, engine: str = "local", workers: int = 1,
              address: str | None = None,
              progress: Callable[[int | None], Any] | None = None) -> Summary:
    """Check every record of ``input_path`` not yet in ``output_path``; return a summary.
    ``tables`` is the catalog (``table_id`` records and every worker's column domains)."""
    if engine not in ("local", "ray"):
        raise BatchError(f"unknown engine {engine!r} (local or ray)")
    config = config or Config.from_env()
    tables = list(tables)
    out = Output(output_path)
    summary = Summary()
    t0 = time.perf_counter()
    bar = progress(None) if progress else None
    try:
        if engine == "local":
            done = out.done

            def fresh() -> Iterator[str]:
                for raw in iter_lines(input_path):
                    rid, _ = parse_record(raw)
                    if rid in done:
                        summary.skipped += 1
                    else:
                        done.add(rid)  # a repeated id in the input is checked once
                        yield raw

            chunks = run_local(fresh(), config, tables, max(1, workers))
        else:
            if not Path(input_path).exists():
                raise BatchError(f"{input_path}: no such file")
            chunks = run_ray(input_path, config, tables, max(1, workers), set(out.done),
                             address)
        seen: set[str] = set()
        for records in chunks:
            fresh_records = []
            for r in records:  # already in the output, or an id repeated in the input
                if SKIPPED in r or r["id"] in seen:
                    summary.skipped += 1
                else:
                    seen.add(r["id"])
                    fresh_records.append(r)
            out.write(fresh_records)
            for r in fresh_records:
                if "error" in r:
                    summary.errors += 1
                else:
                    summary.verdicts[r["verdict"]] += 1
            summary.records += len(fresh_records)
            if bar is not None:
                bar.update(len(records))
    finally:
        out.close()
        if bar is not None:
            bar.close()
    summary.seconds = time.perf_counter() - t0
    return summary

"""Throughput of ``depcheck batch``: one process, the local engine on 2 workers, Ray on 2 CPUs.

The records are the E2E development statements (``../shared/data/e2e/devel.jsonl``, read
only; each record carries its own inline table), the first N of them (6,000 with
``--quick``, 20,000 otherwise; cycled with new ids past the file's 8,598).  Enough records
that the load of the pipeline in each worker (a few seconds) does not hide the rate.  The same input
file goes through :func:`depcheck.batch.run_batch` three times, each into a fresh output:

* ``1proc``: the checker in this process (``workers=1``);
* ``local_2``: the local engine, 2 spawned worker processes;
* ``ray_2``: Ray Data on a local Ray with 2 CPUs (2 actors).

``per_s_*`` is records over the wall time of the whole job, loading included (what a user
waits for); ``steady_per_s_*`` counts from the first finished chunk on, so that the load of
spaCy and the rules in each worker is left out.  The machine is shared, so each run also
records ``load_after_*``, ``machine_busy_cores_*`` (cores busy on the whole machine during
the run) and, for the two local runs, ``own_cores_*`` (cores this job used): two workers
that used 1.2 cores of 2 busy ones were sharing with another job.  ``same_verdicts`` says
whether the three runs gave every id the same verdict.  Ends with one JSON line.

    .venv/bin/python bench/batch.py --quick --json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from depcheck.batch import read_output, run_batch  # noqa: E402
from depcheck.config import Config  # noqa: E402

DEVEL = ROOT.parent / "shared" / "data" / "e2e" / "devel.jsonl"


class Clock:
    """A progress sink that notes when records arrive."""

    def __init__(self) -> None:
        self.t0 = time.perf_counter()
        self.first: tuple[float, int] | None = None
        self.last = self.t0
        self.n = 0

    def __call__(self, total):  # run_batch's progress factory
        return self

    def update(self, n: int) -> None:
        self.n += n
        self.last = time.perf_counter()
        if self.first is None:
            self.first = (self.last, self.n)

    def close(self) -> None:
        pass

    def steady(self) -> float:
        if self.first is None or self.last <= self.first[0]:
            return 0.0
        return (self.n - self.first[1]) / (self.last - self.first[0])


def machine_busy_s() -> float:
    """CPU-seconds the whole machine has spent busy (every process, ours and others'), from
    ``/proc/stat``; 0.0 where there is none."""
    try:
        with open("/proc/stat", encoding="ascii") as fh:
            ticks = [int(x) for x in fh.readline().split()[1:]]
    except OSError:
        return 0.0
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle + iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def own_cpu_s() -> float:
    """CPU-seconds of this process and of its children that have ended (the local engine's
    workers; not Ray's processes, whose parent is Ray's raylet)."""
    import resource

    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def make_input(path: Path, n: int) -> int:
    lines = [json.loads(line) for line in DEVEL.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            src = lines[i % len(lines)]
            rid = src["id"] if i < len(lines) else f"{src['id']}~{i // len(lines)}"
            fh.write(json.dumps({"id": rid, "text": src["text"], "table": src["table"]}) + "\n")
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="6,000 records (at most 3 minutes)")
    ap.add_argument("--records", type=int, help="how many records (default 6,000 / 20,000)")
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    args = ap.parse_args()
    n = args.records or (6000 if args.quick else 20000)
    config = Config.from_env(rules_dir=ROOT / "rules")
    out: dict = {"records": n}
    verdicts = {}
    with tempfile.TemporaryDirectory(prefix="depcheck-bench-batch-") as tmp:
        src = Path(tmp) / "in.jsonl"
        make_input(src, n)
        for name, engine, workers in (("1proc", "local", 1), ("local_2", "local", 2),
                                      ("ray_2", "ray", 2)):
            clock = Clock()
            busy0, own0, t0 = machine_busy_s(), own_cpu_s(), time.perf_counter()
            summary = run_batch(src, Path(tmp) / f"{name}.jsonl", [], config=config,
                                engine=engine, workers=workers, progress=clock)
            assert summary.records == n, (name, summary.to_dict())
            out[f"per_s_{name}"] = round(summary.per_s, 2)
            out[f"steady_per_s_{name}"] = round(clock.steady(), 2)
            out[f"seconds_{name}"] = round(summary.seconds, 2)
            # the machine is shared: the load at the end of each run says whether another
            # job took cores during it (this run alone adds up to its workers)
            out[f"load_after_{name}"] = round(os.getloadavg()[0], 2)
            # cores busy on the whole machine during the run, and (where they can be counted)
            # cores this job used: the difference is what other jobs took
            wall = time.perf_counter() - t0
            out[f"machine_busy_cores_{name}"] = round((machine_busy_s() - busy0) / wall, 2)
            if engine == "local":
                out[f"own_cores_{name}"] = round((own_cpu_s() - own0) / wall, 2)
            verdicts[name] = {r["id"]: r.get("verdict") or r["error"]["code"]
                              for r in read_output(Path(tmp) / f"{name}.jsonl")}
            print(f"{name}: {summary.line()}; steady {clock.steady():.1f} records/s",
                  file=sys.stderr, flush=True)
    base = out["per_s_1proc"]
    steady_base = out["steady_per_s_1proc"]
    for name in ("local_2", "ray_2"):
        out[f"speedup_{name}"] = round(out[f"per_s_{name}"] / base, 3) if base else None
        out[f"steady_speedup_{name}"] = (round(out[f"steady_per_s_{name}"] / steady_base, 3)
                                         if steady_base else None)
    out["load_average_1min"] = round(os.getloadavg()[0], 2)  # the machine is shared
    out["same_verdicts"] = verdicts["1proc"] == verdicts["local_2"] == verdicts["ray_2"]
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:>26}: {value}")


if __name__ == "__main__":
    main()

"""Where a Ray batch job's CPU goes: CPU-seconds of every process of the job, by role, at
start-up and during the steady state.  Robust on a shared machine, where wall times are not.

The records are ``bench/batch.py``'s (E2E devel statements, inline tables).  One
``run_batch(..., engine="ray", workers=2)`` (or ``--engine local``) runs; the CPU of this
process and of every process below it (Ray's GCS, raylet, dashboard, agents, monitors and
workers; the local engine's worker processes) is read from ``/proc`` when the first result
reaches the writer, then at most twice a second as results come, and just before
``ray.shutdown``.  Processes
are grouped by role: ``driver``, ``actors`` (the checker's workers: Ray's ``MapWorker`` actors
or the local engine's processes), ``ray_data_helpers`` (``_StatsActor``,
``_AutoscalingCoordinatorActor``, ``ActorLocationTracker``), ``read_worker`` (the worker of
the read task, ``ray::IDLE`` once it is done), ``ray_system`` (GCS, raylet, API server,
dashboard and runtime-env agents, monitor, log monitor).

``startup_cpu_s`` is the CPU by role until the first result; ``steady_cores`` the cores each
role used between the first and the last result (a role other than ``actors`` using cores then
takes them from the checking); ``total_cpu_s`` everything until the end.  Also for each Ray
worker that ran a checker: its CPU, run-queue wait and blocked time (``/proc/PID/schedstat``)
before its first result, which says whether it waited for the CPU or for Ray.

    PYTHONPATH=$PWD .venv/bin/python bench/ray_cost.py --records 6000 --json
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
sys.path.insert(0, str(ROOT / "bench"))

from batch import make_input  # noqa: E402  (bench/batch.py)

from depcheck.batch import run_batch  # noqa: E402
from depcheck.config import Config  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
HELPERS = ("_StatsActor", "_AutoscalingCoordinatorActor", "ActorLocationTracker")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU-seconds) of a process, None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def _role(pid: int, me: int) -> str:
    if pid == me:
        return "driver"
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            cmd = fh.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return "gone"
    if "resource_tracker" in cmd:  # the local engine's, beside the driver
        return "driver"
    if "MapWorker" in cmd or "spawn_main" in cmd:
        return "actors"
    if any(h in cmd for h in HELPERS):
        return "ray_data_helpers"
    if cmd.startswith(("ray::IDLE", "ray::Read")):  # the read task's worker, idle after it
        return "read_worker"
    return "ray_system"


def snapshot() -> dict[int, tuple[str, float]]:
    """CPU-seconds and role of this process and of every process below it."""
    me = os.getpid()
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (st := _stat(int(entry))) is not None:
            parents[int(entry)], cpu[int(entry)] = st
    out = {}
    for pid in cpu:
        p = pid
        while p > 1 and p != me:
            p = parents.get(p, 1)
        if p == me:
            out[pid] = (_role(pid, me), cpu[pid])
    return out


def by_role(snap: dict, since: dict | None = None) -> dict[str, float]:
    roles: dict[str, float] = {}
    for pid, (role, cpu) in snap.items():
        base = since.get(pid, (role, 0.0))[1] if since else 0.0
        roles[role] = roles.get(role, 0.0) + cpu - base
    return {k: round(v, 2) for k, v in sorted(roles.items())}


def schedstat(pid: int) -> dict | None:
    """Seconds a process has run, waited for a CPU, and been blocked since it started."""
    try:
        run, wait, _ = (int(x) / 1e9 for x in Path(f"/proc/{pid}/schedstat").read_text().split())
        start = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]) / TICK
    except (OSError, ValueError):
        return None
    age = float(Path("/proc/uptime").read_text().split()[0]) - start
    return {"age": round(age, 2), "run": round(run, 2), "runqueue": round(wait, 2),
            "blocked": round(age - run - wait, 2)}


class Probe:
    """A progress sink that snapshots the processes' CPU at the first and last result."""

    def __init__(self) -> None:
        self.t0 = time.perf_counter()
        self.first = self.last = None
        self.t_first = self.t_last = 0.0
        self.actors_at_first: dict = {}

    def __call__(self, total):
        return self

    def update(self, n: int) -> None:
        now = time.perf_counter()
        if self.first is not None and now - self.t_last < 0.5:
            return  # a snapshot reads all of /proc: two a second at most
        snap = snapshot()
        if self.first is None:
            self.first, self.t_first = snap, now
            self.actors_at_first = {pid: schedstat(pid) for pid, (role, _) in snap.items()
                                    if role == "actors"}
        self.last, self.t_last = snap, now

    def close(self) -> None:
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=int, default=6000)
    ap.add_argument("--engine", choices=("ray", "local"), default="ray")
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    args = ap.parse_args()
    end: dict = {}
    probe = Probe()
    with tempfile.TemporaryDirectory(prefix="depcheck-bench-raycost-") as tmp:
        src = Path(tmp) / "in.jsonl"
        make_input(src, args.records)
        before = snapshot()
        probe.t0 = time.perf_counter()
        if args.engine == "ray":
            import ray  # the driver's import of Ray counts: it is the job's

            shutdown = ray.shutdown

            def noting_shutdown(*a, **k):  # the processes are gone after ray.shutdown
                end["snap"] = snapshot()
                return shutdown(*a, **k)

            ray.shutdown = noting_shutdown
        summary = run_batch(src, Path(tmp) / "out.jsonl", [],
                            config=Config.from_env(rules_dir=ROOT / "rules"),
                            engine=args.engine, workers=2, progress=probe)
        seconds = time.perf_counter() - probe.t0
    final = end.get("snap") or probe.last
    steady_wall = probe.t_last - probe.t_first
    out = {
        "engine": args.engine, "records": summary.records, "seconds": round(seconds, 2),
        "first_result_s": round(probe.t_first - probe.t0, 2),
        "startup_cpu_s": by_role(probe.first, before),
        "steady_cores": {k: round(v / steady_wall, 3) for k, v in
                         by_role(probe.last, probe.first).items()} if steady_wall > 0 else {},
        "total_cpu_s": by_role(final, before),
        "actors_before_first_result": list(probe.actors_at_first.values()),
        "load_average_1min": round(os.getloadavg()[0], 2),
    }
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:>28}: {value}")


if __name__ == "__main__":
    main()

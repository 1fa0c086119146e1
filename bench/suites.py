"""Run ``depcheck eval`` on the development suites and print each suite's metrics line.

    .venv/bin/python bench/suites.py            # e-commerce, both probes, full E2E devel
    .venv/bin/python bench/suites.py --limit 500

Each suite runs in its own ``depcheck eval`` process, exactly as a user would run it, and
the last JSON line of each is echoed with the suite's name.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"
SUITES = {
    # two-way, closed world: its README counts a feature the table lacks as fabricated
    "ecommerce": [str(ROOT / "bench/data/ecommerce/cases.jsonl"), "--tables",
                  str(ROOT / "bench/data/ecommerce/tables.jsonl"), "--closed-world"],
    # development suites in domains the other suites lack; both began as blind probes (written
    # by helpers who did not read the code), but their failures were read and drove fixes:
    # probe's from its first run, probe2's after 07:46Z of the session that added it
    "probe": [str(ROOT / "bench/data/probe/cases.jsonl"), "--tables",
              str(ROOT / "bench/data/probe/tables.jsonl")],
    "probe2": [str(ROOT / "bench/data/probe2/cases.jsonl"), "--tables",
               str(ROOT / "bench/data/probe2/tables.jsonl")],
    # blind when written (probe3 for the frame engine, probe4 for the evidence policy),
    # development data since their failures were read (bench/RESULTS.md); inline tables
    "probe3": [str(ROOT / "bench/data/probe3/cases.jsonl")],
    "probe4": [str(ROOT / "bench/data/probe4/cases.jsonl")],
    # blind when written (before the session that added date frames and counts of a cell's
    # values), run once before and once after; development data since then (RESULTS)
    "probe5": [str(ROOT / "bench/data/probe5/cases.jsonl")],
    # blind when written (infoboxes and product catalogs, three-way, as of 2019), run once
    # before and once after session 9's generalization work; development data since then
    "probe8": [str(ROOT / "bench/data/probe8/cases.jsonl"), "--as-of", "2019"],
    # blind when written (infoboxes, catalogs and general multi-row tables, three-way, as of
    # 2019), run once before and once after session 10's work; development data since then
    "probe9": [str(ROOT / "bench/data/probe9/cases.jsonl"), "--as-of", "2019"],
    # the same kinds of tables in other domains, blind when written, run once before and
    # once after session 11's work; development data since then
    "probe10": [str(ROOT / "bench/data/probe10/cases.jsonl"), "--as-of", "2019"],
    # blind when written (new domains again), run once before and once after session
    # 12's work; development data since then
    "probe11": [str(ROOT / "bench/data/probe11/cases.jsonl"), "--as-of", "2019"],
    # blind when written (fresh domains), run once before and once after session 13's work
    "probe12": [str(ROOT / "bench/data/probe12/cases.jsonl"), "--as-of", "2019"],
    "probe13": [str(ROOT / "bench/data/probe13/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 15, new domains), run once before and once after that
    # session's work, read from 2026-11-29 00:44Z: development data since then
    "probe14": [str(ROOT / "bench/data/probe14/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 16, new domains), run once before and once after that
    # session's first fixes, read from 2026-11-29 03:02Z: development data since then
    "probe15": [str(ROOT / "bench/data/probe15/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 17, new domains), run once before and once after that
    # session's first fixes, read from 2026-11-29 05:22Z: development data since then
    "probe16": [str(ROOT / "bench/data/probe16/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 18, new domains), run once before and once after that
    # session's first fixes, read from 2026-11-29 07:19Z: development data since then
    "probe17": [str(ROOT / "bench/data/probe17/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 19, new domains), run once before and once after that
    # session's first fixes, read from 2026-11-29 09:49Z: development data since then
    "probe18": [str(ROOT / "bench/data/probe18/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 20, new domains), run once before and once after that
    # session's first fixes, read from 2026-11-29 12:26Z: development data since then
    "probe19": [str(ROOT / "bench/data/probe19/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 20, after that session's fixes), run once on its
    # start and once on its end, read from 2026-11-29 13:00Z: development data since then
    "probe20": [str(ROOT / "bench/data/probe20/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 21, new domains), run once on that session's start and
    # once after its first fixes, read from 2026-11-29 14:24Z: development data since then
    "probe21": [str(ROOT / "bench/data/probe21/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 22, new domains), run once on that session's start and
    # once after its first changes, read from 2026-11-29 16:44Z: development data since then
    "probe22": [str(ROOT / "bench/data/probe22/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 23, new domains), run once on that session's start and
    # once after its first changes, read from 2026-11-29 18:55Z: development data since then
    "probe23": [str(ROOT / "bench/data/probe23/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 24, new domains), run once on that session's start and
    # once after its changes, read from 2026-11-29 22:34Z: development data since then
    "probe24": [str(ROOT / "bench/data/probe24/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 25, new domains), run once on that session's start and
    # once after its change, read from 2026-11-30 00:17Z: development data since then
    "probe25": [str(ROOT / "bench/data/probe25/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 26, new domains), run once on that session's start and
    # once after its first change, read from 2026-11-30 01:50Z: development data since then
    "probe26": [str(ROOT / "bench/data/probe26/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 27, new domains), run once on that session's start and
    # once after its first changes, read from 2026-11-30 04:12Z: development data since then
    "probe27": [str(ROOT / "bench/data/probe27/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 28, new domains), run once on that session's start and
    # once after its first changes, read from 2026-11-30 07:34Z: development data since then
    "probe28": [str(ROOT / "bench/data/probe28/cases.jsonl"), "--as-of", "2019"],
    # blind when written (session 29, new domains), run once on that session's start and
    # once after its first change, read from 2026-11-30 09:00Z: development data since then
    "probe29": [str(ROOT / "bench/data/probe29/cases.jsonl"), "--as-of", "2019"],
    "e2e-devel": [str(SHARED / "e2e/devel.jsonl")],
    # human-written, three-way (supported / refuted / unverifiable) over one-row infoboxes
    # "present" in its cells is when the infoboxes were taken: they date themselves by ages
    # beside birth dates ("September 23, 1949 (age 69)"), so 2019
    "infotabs-dev": [str(SHARED / "infotabs/dev.jsonl"), "--tables",
                     str(SHARED / "infotabs/tables.jsonl"), "--as-of", "2019"],
}


def run(name: str, args: list[str], limit: int | None) -> dict:
    cmd = [str(ROOT / ".venv/bin/depcheck"), "eval", *args, "--json"]
    if limit:
        cmd += ["--limit", str(limit)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    metrics = json.loads(out.strip().splitlines()[-1])
    return {"suite": name, "command": " ".join(cmd[1:]), **metrics}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, help="first N cases of each suite")
    parser.add_argument("--suite", choices=sorted(SUITES), action="append")
    args = parser.parse_args()
    for name in args.suite or list(SUITES):
        print(json.dumps(run(name, SUITES[name], args.limit)), flush=True)


if __name__ == "__main__":
    sys.exit(main())

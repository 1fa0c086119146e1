"""Speed of the aggregate evaluator: naive SQLite vs merged cube vs merged+cache vs DuckDB CUBE.

A reproducible table (seeded numpy Generator; 10 categorical and 10 numeric columns) and a set
of synthetic claims, each producing about a thousand candidate queries as AggChecker does: every
function x aggregation column x subset of at most three of the claim's predicates.  Claims draw
their columns and literals from skewed (Zipf-like) popularity, as claims of one document about one
table do, which is what the cache exploits.

  (a) naive: SQLite in memory, one SELECT per candidate, no index.  A random sample of the
      candidates is timed and the per-query cost extrapolated (said so in the output).
  (b) merged: depcheck.cube.CubeEngine without cache; every claim builds its cubes afresh.
  (c) merged + cache: one CubeEngine shared by all claims.
  (d) DuckDB: per claim and dimension set one ``GROUP BY CUBE`` over in-or-default mapped
      columns computing every needed aggregate, then a lookup per candidate.  ``--quick``
      times it on a random sample of 20 claims (its cost per candidate does not depend on
      which claims), the full run on all of them.

As in AggChecker, every claim's candidates are evaluated once per EM iteration
(``--em-iterations``, default 3); queries per second count evaluations.  Only (c) keeps
anything between iterations and is timed over all of them; (a), (b) and (d) repeat the same
work in every iteration, so one iteration is timed.  ``cached_single_pass_qps`` is (c) with
one iteration, i.e. reuse across claims only.

Usage: ``python bench/cube.py [--quick] [--json] [--repeat N]``; the last line with ``--json``
is one JSON object.  Timings are medians over the repeats; ratios come from the same run.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sqlite3
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from depcheck.compiled import CompiledTable, compile_table  # noqa: E402
from depcheck.cube import MAX_DIMS, Agg, CubeEngine, QueryBatch  # noqa: E402
from depcheck.table import Table  # noqa: E402

N_CAT, N_NUM = 10, 10


@dataclass
class Claim:
    """The candidate queries of one claim, plus the columns its predicates range over."""

    batch: QueryBatch
    pred_cols: tuple[int, ...]


def make_table(n_rows: int, seed: int) -> Table:
    """Categorical columns ``c0..c9`` (3 to 57 values) and numeric ``x0..x9`` (5% missing)."""
    rng = np.random.default_rng(seed)
    cols, data = [], []
    for j in range(N_CAT):
        card = 3 + 6 * j
        weights = 1.0 / np.arange(1, card + 1)
        codes = rng.choice(card, size=n_rows, p=weights / weights.sum())
        cols.append(f"c{j}")
        data.append(np.asarray([f"c{j}v{k}" for k in range(card)])[codes])
    for j in range(N_NUM):
        vals = np.round(rng.gamma(2.0, 10.0 * (j + 1), n_rows), 1).astype(str)
        vals[rng.random(n_rows) < 0.05] = ""
        cols.append(f"x{j}")
        data.append(vals)
    rows = tuple(zip(*(d.tolist() for d in data), strict=True))
    return Table(id="bench", columns=tuple(cols), rows=rows)


def make_claims(compiled: CompiledTable, n_claims: int, seed: int) -> list[Claim]:
    """Each claim: 4 predicate columns x 2 literals, 3 numeric columns, 1 distinct column."""
    rng = np.random.default_rng(seed + 1)
    col_p = 1.0 / np.arange(1, N_CAT + 1)
    claims = []
    for _ in range(n_claims):
        pcols = tuple(sorted(int(c) for c in rng.choice(N_CAT, 4, replace=False,
                                                        p=col_p / col_p.sum())))
        preds = [(c, _popular_code(compiled, c, rng)) for c in pcols for _ in range(2)]
        preds = sorted(set(preds))
        aggs = [int(c) for c in rng.choice(np.arange(N_CAT, N_CAT + N_NUM), 3, replace=False)]
        distinct = int(rng.integers(0, N_CAT))
        claims.append(Claim(_candidates(preds, aggs, distinct), pcols))
    return claims


def _popular_code(compiled: CompiledTable, c: int, rng: np.random.Generator) -> int:
    card = len(compiled.columns[c].dictionary)
    w = 1.0 / np.arange(1, card + 1) ** 1.5
    value = f"c{c}v{int(rng.choice(card, p=w / w.sum()))}"
    return compiled.columns[c].code_of(value)


def _candidates(preds: list[tuple[int, int]], aggs: list[int], distinct: int) -> QueryBatch:
    pairs = [(Agg.COUNT, -1), (Agg.PERCENTAGE, -1), (Agg.COND_PROB, -1),
             (Agg.COUNT_DISTINCT, distinct)]
    pairs += [(f, a) for f in (Agg.SUM, Agg.AVG, Agg.MIN, Agg.MAX) for a in aggs]
    subsets = [s for r in range(MAX_DIMS + 1) for s in itertools.combinations(preds, r)
               if len({c for c, _ in s}) == r]
    rows = [(f, a, s) for f, a in pairs for s in subsets
            if s or f not in (Agg.PERCENTAGE, Agg.COND_PROB)]
    n = len(rows)
    pcols = np.full((n, MAX_DIMS), -1, dtype=np.int32)
    pcodes = np.full((n, MAX_DIMS), -1, dtype=np.int32)
    for i, (_, _, s) in enumerate(rows):
        for j, (c, v) in enumerate(s):
            pcols[i, j], pcodes[i, j] = c, v
    return QueryBatch(funcs=np.asarray([int(f) for f, _, _ in rows], dtype=np.int8),
                      cols=np.asarray([a for _, a, _ in rows], dtype=np.int32),
                      pcols=pcols, pcodes=pcodes)


# -- (a) naive SQLite --------------------------------------------------------------------------

def sqlite_db(compiled: CompiledTable) -> sqlite3.Connection:
    con = sqlite3.connect(":memory:")
    defs = ", ".join(f"{c.name} {'REAL' if c.kind == 'number' else 'TEXT'}"
                     for c in compiled.columns)
    con.execute(f"CREATE TABLE t ({defs})")
    cols = [c.num.tolist() if c.kind == "number" else list(c.norm) for c in compiled.columns]
    rows = [tuple(None if isinstance(v, float) and v != v else v for v in r)
            for r in zip(*cols, strict=True)]
    con.executemany(f"INSERT INTO t VALUES ({', '.join('?' * len(cols))})", rows)
    return con


def naive_sql(compiled: CompiledTable, batch: QueryBatch, i: int) -> tuple[str, list[str]]:
    q = batch.query(i)
    names = [compiled.columns[c].name for c, _ in q.preds]
    args = [compiled.columns[c].dictionary[v] for c, v in q.preds]
    cond = [f"{n} = ?" for n in names]
    where = " AND ".join(cond) or "1"
    if q.func is Agg.PERCENTAGE:
        return f"SELECT 100.0 * COUNT(*) / (SELECT COUNT(*) FROM t) FROM t WHERE {where}", args
    if q.func is Agg.COND_PROB:
        given = " AND ".join(cond[:-1]) or "1"
        return (f"SELECT 100.0 * SUM(CASE WHEN {cond[-1]} THEN 1 ELSE 0 END) / COUNT(*) "
                f"FROM t WHERE {given}", args[-1:] + args[:-1])
    col = compiled.columns[q.column].name if q.column >= 0 else ""
    expr = {Agg.COUNT: "COUNT(*)", Agg.COUNT_DISTINCT: f"COUNT(DISTINCT {col})",
            Agg.SUM: f"SUM({col})", Agg.AVG: f"AVG({col})", Agg.MIN: f"MIN({col})",
            Agg.MAX: f"MAX({col})"}[q.func]
    return f"SELECT {expr} FROM t WHERE {where}", args


def run_naive(con, compiled, claims, sample: list[tuple[int, int]]) -> tuple[float, np.ndarray]:
    """Seconds for the sampled (claim, candidate) pairs, and their results."""
    sqls = [naive_sql(compiled, claims[c].batch, i) for c, i in sample]
    out = np.empty(len(sqls))
    t0 = time.perf_counter()
    for k, (sql, args) in enumerate(sqls):
        v = con.execute(sql, args).fetchone()[0]
        out[k] = np.nan if v is None else v
    return time.perf_counter() - t0, out


# -- (b), (c) the cube ---------------------------------------------------------------------------

def run_cube(compiled, claims, cache: bool,
             iterations: int = 1) -> tuple[float, list[np.ndarray], CubeEngine]:
    """Evaluate every claim's candidates once per EM iteration, as the checker does."""
    engine = CubeEngine(compiled, cache=cache)
    t0 = time.perf_counter()
    for _ in range(iterations):
        results = [engine.evaluate(c.batch) for c in claims]
    return time.perf_counter() - t0, results, engine


# -- (d) DuckDB GROUP BY CUBE --------------------------------------------------------------------

def duckdb_db(compiled: CompiledTable):
    import duckdb
    import pyarrow as pa

    con = duckdb.connect(":memory:")
    arrays = {c.name: pa.array(np.where(np.isnan(c.num), None, c.num).tolist(), pa.float64())
              if c.kind == "number" else pa.array([v or None for v in c.norm])
              for c in compiled.columns}
    con.register("src", pa.table(arrays))
    con.execute("CREATE TABLE t AS SELECT * FROM src")
    con.unregister("src")
    return con


def _host(dims_sets: list[tuple[int, ...]], cols: tuple[int, ...]) -> tuple[int, ...]:
    return next(d for d in dims_sets if set(cols) <= set(d))


def duckdb_claim(con, compiled: CompiledTable, claim: Claim) -> np.ndarray:
    """All candidates of one claim from one CUBE query per 3-column subset of its columns."""
    b = claim.batch
    k = min(MAX_DIMS, len(claim.pred_cols))
    dims_sets = list(itertools.combinations(claim.pred_cols, k))
    out = np.full(len(b), np.nan)
    by_host: dict[tuple[int, ...], list[int]] = {}
    for i in range(len(b)):
        cols = tuple(sorted(int(c) for c in b.pcols[i] if c >= 0))
        by_host.setdefault(_host(dims_sets, cols), []).append(i)
    for dims, idx in by_host.items():
        table = _duckdb_cube(con, compiled, b, dims, idx)
        _duckdb_lookup(compiled, b, dims, idx, table, out)
    return out


def _duckdb_cube(con, compiled, b: QueryBatch, dims: tuple[int, ...], idx: list[int]) -> dict:
    names = [compiled.columns[d].name for d in dims]
    groups = [f"g{k}" for k in range(len(dims))]  # mapped dimensions; raw columns stay as is
    mapped = []
    for d, n, g in zip(dims, names, groups, strict=True):
        lits = sorted({compiled.columns[d].dictionary[int(v)]
                       for i in idx for c, v in zip(b.pcols[i], b.pcodes[i], strict=True)
                       if c == d})
        inlist = ", ".join("'" + v.replace("'", "''") + "'" for v in lits) or "NULL"
        mapped.append(f"CASE WHEN {n} IN ({inlist}) THEN {n} ELSE '~other' END AS {g}")
    stats = ["COUNT(*)"]
    for f, c in sorted({(int(b.funcs[i]), int(b.cols[i])) for i in idx}):
        if c < 0:
            continue
        n = compiled.columns[c].name
        stats += ([f"COUNT(DISTINCT {n})"] if f == Agg.COUNT_DISTINCT else
                  [f"COUNT({n})", {Agg.SUM: f"SUM({n})", Agg.AVG: f"SUM({n})",
                                   Agg.MIN: f"MIN({n})", Agg.MAX: f"MAX({n})"}[Agg(f)]])
    stats = list(dict.fromkeys(stats))
    grouping = [f"GROUPING({g})" for g in groups]
    sql = (f"SELECT {', '.join(groups + grouping + stats)} FROM "
           f"(SELECT {', '.join(mapped + _stat_cols(stats))} FROM t) "
           f"GROUP BY CUBE ({', '.join(groups)})")
    rows = con.execute(sql).fetchall()
    k = len(names)
    table = {}
    for r in rows:
        key = tuple(None if r[k + j] else r[j] for j in range(k))
        table[key] = dict(zip(stats, r[2 * k:], strict=True))
    return table


def _stat_cols(stats: list[str]) -> list[str]:
    cols = sorted({s[s.index("(") + 1:-1].replace("DISTINCT ", "") for s in stats} - {"*"})
    return cols


def _duckdb_lookup(compiled, b: QueryBatch, dims, idx: list[int], table: dict,
                   out: np.ndarray) -> None:
    n_rows = compiled.n_rows
    for i in idx:
        lit = {int(c): compiled.columns[int(c)].dictionary[int(v)]
               for c, v in zip(b.pcols[i], b.pcodes[i], strict=True) if c >= 0}
        key = tuple(lit.get(d) for d in dims)
        cell = table.get(key)
        f, c = Agg(int(b.funcs[i])), int(b.cols[i])
        out[i] = _duckdb_value(f, c, compiled, cell, table, b, i, dims, key, n_rows)


def _duckdb_value(f, c, compiled, cell, table, b, i, dims, key, n_rows) -> float:
    rows = cell["COUNT(*)"] if cell else 0
    if f is Agg.COUNT:
        return rows
    if f is Agg.PERCENTAGE:
        return 100.0 * rows / n_rows
    if f is Agg.COND_PROB:
        n_preds = int((b.pcols[i] >= 0).sum())
        event = dims.index(int(b.pcols[i][n_preds - 1]))
        den_key = tuple(None if j == event else v for j, v in enumerate(key))
        den = table.get(den_key, {}).get("COUNT(*)", 0)
        return 100.0 * rows / den if den else np.nan
    n = compiled.columns[c].name
    if cell is None:
        return 0.0 if f is Agg.COUNT_DISTINCT else np.nan
    if f is Agg.COUNT_DISTINCT:
        return cell[f"COUNT(DISTINCT {n})"]
    cnt = cell[f"COUNT({n})"]
    if not cnt:
        return np.nan
    if f is Agg.AVG:
        return cell[f"SUM({n})"] / cnt
    return cell[{Agg.SUM: f"SUM({n})", Agg.MIN: f"MIN({n})", Agg.MAX: f"MAX({n})"}[f]]


def run_duckdb(con, compiled, claims, iterations: int = 1) -> tuple[float, list[np.ndarray]]:
    t0 = time.perf_counter()
    for _ in range(iterations):
        results = [duckdb_claim(con, compiled, c) for c in claims]
    return time.perf_counter() - t0, results


# -- the run ---------------------------------------------------------------------------------

def _agree(a: np.ndarray, b: np.ndarray) -> float:
    same = np.isclose(a, b, rtol=1e-6, atol=1e-6) | (np.isnan(a) & np.isnan(b))
    return float(same.mean()) if len(a) else 1.0


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller table, same code path")
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    ap.add_argument("--repeat", type=int, default=None)
    ap.add_argument("--rows", type=int, default=None)
    ap.add_argument("--claims", type=int, default=150)
    ap.add_argument("--em-iterations", type=int, default=3,
                    help="times each claim's candidates are evaluated (EM iterations)")
    ap.add_argument("--naive-sample", type=int, default=None)
    ap.add_argument("--duckdb-claims", type=int, default=None,
                    help="claims whose candidates DuckDB evaluates (quick: 20, full: all)")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    n_rows = args.rows or (10_000 if args.quick else 100_000)
    repeat = args.repeat or (3 if args.quick else 5)
    sample_n = args.naive_sample or (300 if args.quick else 1000)
    # DuckDB keeps nothing between claims, so one timed iteration gives its rate per
    # evaluation; the quick run times it once on a sample of the claims, the full run on
    # every claim in every repeat
    duck_repeat = 1 if args.quick else repeat

    t0 = time.perf_counter()
    compiled = compile_table(make_table(n_rows, args.seed))
    claims = make_claims(compiled, args.claims, args.seed)
    n_cand = sum(len(c.batch) for c in claims)
    rng = np.random.default_rng(args.seed + 2)
    flat = [(c, i) for c, cl in enumerate(claims) for i in range(len(cl.batch))]
    sample = [flat[int(k)] for k in rng.choice(len(flat), size=min(sample_n, len(flat)),
                                                replace=False)]
    n_duck = min(len(claims), args.duckdb_claims or (20 if args.quick else len(claims)))
    duck_ids = sorted(int(k) for k in rng.choice(len(claims), size=n_duck, replace=False))
    duck_claims = [claims[k] for k in duck_ids]
    n_duck_cand = sum(len(c.batch) for c in duck_claims)
    sq, dk = sqlite_db(compiled), duckdb_db(compiled)
    setup_s = time.perf_counter() - t0
    print(f"table {n_rows} rows x {len(compiled.columns)} columns, {len(claims)} claims, "
          f"{n_cand} candidates (setup {setup_s:.1f} s)", file=sys.stderr)

    rec: dict[str, list[float]] = {k: [] for k in ("naive", "merged", "cached", "duckdb",
                                                   "speedup_vs_naive", "speedup_vs_duckdb")}
    rec["cached_single_pass"] = []
    its = args.em_iterations
    evals = n_cand * its
    for r in range(repeat):
        t_naive, naive_res = run_naive(sq, compiled, claims, sample)
        # without the cache every iteration repeats the same work: one is timed
        t_merged, merged_res, _ = run_cube(compiled, claims, cache=False, iterations=1)
        t_single, _, _ = run_cube(compiled, claims, cache=True, iterations=1)
        t_cached, cached_res, engine = run_cube(compiled, claims, cache=True, iterations=its)
        if r < duck_repeat:
            t_duck, duck_res = run_duckdb(dk, compiled, duck_claims, iterations=1)
        naive_qps, cached_qps = len(sample) / t_naive, evals / t_cached
        duck_qps = n_duck_cand / t_duck
        rec["naive"].append(naive_qps)
        rec["merged"].append(n_cand / t_merged)
        rec["cached"].append(cached_qps)
        rec["cached_single_pass"].append(n_cand / t_single)
        rec["duckdb"].append(duck_qps)
        rec["speedup_vs_naive"].append(cached_qps / naive_qps)
        rec["speedup_vs_duckdb"].append(cached_qps / duck_qps)
        print(f"run {r + 1}: naive {naive_qps:,.0f} q/s (sample of {len(sample)}, "
              f"extrapolated), merged {n_cand / t_merged:,.0f} q/s, merged+cache "
              f"{cached_qps:,.0f} q/s (single pass {n_cand / t_single:,.0f}), "
              f"duckdb {duck_qps:,.0f} q/s", file=sys.stderr)

    sampled_cube = np.asarray([cached_res[c][i] for c, i in sample])
    all_cached = np.concatenate(cached_res)
    med = {k: statistics.median(v) for k, v in rec.items()}
    out = {
        "rows": n_rows, "columns": len(compiled.columns), "claims": len(claims),
        "candidates": n_cand, "em_iterations": its, "evaluations": evals, "repeats": repeat,
        "naive_sampled": len(sample),
        "naive_note": "naive SQLite timed on a random sample, per-query cost extrapolated",
        "duckdb_claims": n_duck, "duckdb_candidates": n_duck_cand,
        "duckdb_note": f"duckdb timed on one EM iteration of {n_duck} claims' candidates, "
                       f"{duck_repeat} run(s)",
        "naive_qps": round(med["naive"], 1), "merged_qps": round(med["merged"], 1),
        "cached_qps": round(med["cached"], 1),
        "cached_single_pass_qps": round(med["cached_single_pass"], 1),
        "duckdb_qps": round(med["duckdb"], 1),
        "speedup_vs_naive": round(med["speedup_vs_naive"], 1),
        "speedup_vs_duckdb": round(med["speedup_vs_duckdb"], 2),
        "merge_speedup_vs_naive": round(med["merged"] / med["naive"], 1),
        "cache_passes": engine.stats.passes, "cache_hits": engine.stats.hits,
        "agree_naive": _agree(sampled_cube, naive_res),
        "agree_merged": _agree(all_cached, np.concatenate(merged_res)),
        "agree_duckdb": _agree(np.concatenate([cached_res[k] for k in duck_ids]),
                               np.concatenate(duck_res)),
        "seconds_total": round(time.perf_counter() - t0, 1),
    }
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:>24}: {v}")
    return out


if __name__ == "__main__":
    main()

"""The cube evaluator against hand computations and against naive SQLite, one query at a time."""

from __future__ import annotations

import math
import sqlite3
from itertools import combinations

import numpy as np
import pytest

from depcheck import cube
from depcheck.compiled import compile_table
from depcheck.cube import Agg, CubeEngine, Query, QueryBatch
from depcheck.errors import InputError, LimitExceeded
from depcheck.table import Table

BLENDERS = Table(
    id="blenders", columns=("name", "brand", "dishwasher safe", "rating", "price"),
    rows=(("Blendo", "Acme", "yes", "4.5", "$30"),
          ("Mixo", "Acme", "no", "4.0", "$50"),
          ("Whirl", "Zed", "yes", "3.0", ""),
          ("Spin", "Zed", "yes", "5.0", "$70"),
          ("Puree", "Acme", "yes", "", "$20")))


@pytest.fixture(scope="module")
def blenders():
    compiled = compile_table(BLENDERS)
    return compiled, CubeEngine(compiled)


def _code(compiled, column: str, value: str) -> tuple[int, int]:
    col = compiled.column_by_name(column)
    return col.index, col.code_of(value)


@pytest.mark.parametrize("func, column, preds, expected", [
    (Agg.COUNT, None, [("brand", "acme")], 3),
    (Agg.COUNT, None, [("brand", "acme"), ("dishwasher safe", "yes")], 2),
    (Agg.COUNT, None, [], 5),
    (Agg.COUNT_DISTINCT, "brand", [], 2),
    (Agg.COUNT_DISTINCT, "rating", [("brand", "acme")], 2),  # the empty cell is not a value
    (Agg.SUM, "price", [("brand", "acme")], 100.0),
    (Agg.AVG, "rating", [("brand", "acme")], 4.25),  # 4.5 and 4.0; the empty cell is skipped
    (Agg.AVG, "rating", [], 4.125),
    (Agg.MIN, "price", [("dishwasher safe", "yes")], 20.0),
    (Agg.MAX, "rating", [("brand", "zed")], 5.0),
    (Agg.PERCENTAGE, None, [("dishwasher safe", "yes")], 80.0),
    (Agg.COND_PROB, None, [("brand", "acme"), ("dishwasher safe", "yes")], 200 / 3),
    (Agg.COND_PROB, None, [("dishwasher safe", "yes"), ("brand", "zed")], 50.0),
])
def test_each_function_matches_a_hand_computation(blenders, func, column, preds, expected):
    compiled, engine = blenders
    col = compiled.column_by_name(column).index if column else -1
    q = Query(func, col, tuple(_code(compiled, c, v) for c, v in preds))
    assert engine.evaluate_queries([q])[0] == pytest.approx(expected)


def test_empty_selection_gives_zero_count_and_undefined_average(blenders):
    compiled, engine = blenders
    preds = (_code(compiled, "brand", "zed"), _code(compiled, "name", "blendo"))
    got = engine.evaluate_queries([Query(Agg.COUNT, -1, preds),
                                   Query(Agg.AVG, compiled.column_by_name("rating").index, preds),
                                   Query(Agg.COND_PROB, -1, preds)])
    assert got[0] == 0
    assert math.isnan(got[1])
    assert got[2] == 0.0  # two Zed blenders, none named Blendo


def _random_table(seed: int, n_rows: int = 300) -> Table:
    rng = np.random.default_rng(seed)
    cats = [rng.choice(["red", "green", "blue", "grey"], n_rows),
            rng.choice(["s", "m", "l"], n_rows),
            rng.choice([f"v{i}" for i in range(9)], n_rows)]
    nums = [np.round(rng.normal(50, 20, n_rows), 1), rng.integers(0, 6, n_rows).astype(float)]
    rows = []
    for i in range(n_rows):
        cells = [str(c[i]) for c in cats]
        for x in nums:
            cells.append("" if rng.random() < 0.1 else f"{x[i]:g}")
        rows.append(tuple(cells))
    return Table(id=f"rand{seed}", columns=("colour", "size", "variant", "weight", "stock"),
                 rows=tuple(rows))


def _sqlite(table: Table, compiled) -> sqlite3.Connection:
    con = sqlite3.connect(":memory:")
    defs = ", ".join(f"c{j} TEXT, n{j} REAL" for j in range(len(table.columns)))
    con.execute(f"CREATE TABLE t ({defs})")
    rows = []
    for r in range(table.n_rows):
        vals = []
        for col in compiled.columns:
            vals.append(col.norm[r] or None)
            vals.append(None if np.isnan(col.num[r]) else float(col.num[r]))
        rows.append(vals)
    con.executemany(f"INSERT INTO t VALUES ({', '.join('?' * len(rows[0]))})", rows)
    return con


def _naive(con: sqlite3.Connection, compiled, q: Query) -> float:
    cond = [f"c{c} = ?" for c, _ in q.preds]
    args = [compiled.columns[c].dictionary[v] for c, v in q.preds]
    where = " AND ".join(cond) or "1"
    if q.func is Agg.PERCENTAGE:
        sql = f"SELECT 100.0 * COUNT(*) / (SELECT COUNT(*) FROM t) FROM t WHERE {where}"
    elif q.func is Agg.COND_PROB:
        given = " AND ".join(cond[:-1]) or "1"
        sql = (f"SELECT 100.0 * SUM(CASE WHEN {cond[-1]} THEN 1 ELSE 0 END) / COUNT(*) "
               f"FROM t WHERE {given}")
        args = [args[-1]] + args[:-1]
    else:
        expr = {Agg.COUNT: "COUNT(*)", Agg.COUNT_DISTINCT: f"COUNT(DISTINCT c{q.column})",
                Agg.SUM: f"SUM(n{q.column})", Agg.AVG: f"AVG(n{q.column})",
                Agg.MIN: f"MIN(n{q.column})", Agg.MAX: f"MAX(n{q.column})"}[q.func]
        sql = f"SELECT {expr} FROM t WHERE {where}"
    value = con.execute(sql, args).fetchone()[0]
    return float("nan") if value is None else float(value)


def _filled_codes(col) -> list[int]:
    """Codes of non-empty values: SQL stores empty cells as NULL, which equals nothing."""
    return [i for i, v in enumerate(col.dictionary) if v]


def _random_queries(compiled, rng: np.random.Generator, n: int) -> list[Query]:
    queries = []
    for _ in range(n):
        func = Agg(int(rng.integers(0, len(Agg))))
        k = int(rng.integers(1 if func is Agg.COND_PROB else 0, 4))
        cols = rng.choice(len(compiled.columns), size=k, replace=False)
        preds = tuple((int(c), int(rng.choice(_filled_codes(compiled.columns[c]))))
                      for c in cols)
        column = -1 if not func.needs_column else int(
            rng.integers(0, 5) if func is Agg.COUNT_DISTINCT else rng.integers(3, 5))
        queries.append(Query(func, column, preds))
    return queries


@pytest.mark.parametrize("seed", [1, 2])
def test_cube_equals_naive_sqlite_on_a_random_table(seed):
    table = _random_table(seed)
    compiled = compile_table(table)
    rng = np.random.default_rng(seed)
    queries = _random_queries(compiled, rng, 400)
    con = _sqlite(table, compiled)
    expected = np.array([_naive(con, compiled, q) for q in queries])
    got = CubeEngine(compiled).evaluate_queries(queries)
    np.testing.assert_allclose(got, expected, rtol=1e-9, equal_nan=True)


def test_cache_answers_repeated_and_subset_queries_without_a_pass():
    compiled = compile_table(_random_table(3))
    engine = CubeEngine(compiled)
    full = [Query(Agg.SUM, 3, ((0, 0), (1, 1), (2, 2)))]
    first = engine.evaluate_queries(full)
    passes = engine.stats.passes
    again = engine.evaluate_queries(full + [Query(Agg.SUM, 3, ((0, 0), (2, 2)))])
    assert engine.stats.passes == passes
    assert engine.stats.hits >= 1
    assert again[0] == first[0]
    engine.evaluate_queries([Query(Agg.MAX, 4, ((0, 0),))])
    assert engine.stats.passes == passes + 1  # a new statistic is a new (merged) pass


def test_without_cache_every_call_scans_again():
    compiled = compile_table(_random_table(3))
    engine = CubeEngine(compiled, cache=False)
    q = [Query(Agg.COUNT, -1, ((0, 1),))]
    engine.evaluate_queries(q)
    engine.evaluate_queries(q)
    assert engine.stats.passes == 2


def test_merged_pass_serves_every_function_of_a_dimension_set():
    compiled = compile_table(_random_table(4))
    engine = CubeEngine(compiled)
    queries = [Query(f, 3 if f.needs_column else -1, ((0, 1), (1, 0)))
               for f in Agg]
    engine.evaluate_queries(queries)
    assert engine.stats.passes == 1


def test_in_or_default_grows_the_literal_set_when_a_new_literal_is_asked():
    compiled = compile_table(_random_table(5))
    engine = CubeEngine(compiled)
    a = engine.evaluate_queries([Query(Agg.COUNT, -1, ((2, 0),))])[0]
    b = engine.evaluate_queries([Query(Agg.COUNT, -1, ((2, 1),))])[0]
    mask = engine.rows_mask(((2, 1),))
    assert b == mask.sum() and a == engine.rows_mask(((2, 0),)).sum()


def test_bad_queries_raise_library_errors(blenders):
    compiled, engine = blenders
    with pytest.raises(InputError):
        Query(Agg.SUM, -1)
    with pytest.raises(InputError):
        Query(Agg.COUNT, -1, ((1, 0), (1, 1)))
    with pytest.raises(InputError):
        engine.evaluate_queries([Query(Agg.COUNT, -1, ((1, 99),))])
    small = CubeEngine(compiled, max_cells=2)
    with pytest.raises(LimitExceeded):
        small.evaluate_queries([Query(Agg.COUNT, -1, ((0, 0), (1, 0)))])


def test_batch_round_trips_queries():
    queries = [Query(Agg.AVG, 3, ((0, 1), (2, 0))), Query(Agg.COUNT, -1)]
    batch = QueryBatch.from_queries(queries)
    assert [batch.query(i) for i in range(len(batch))] == queries


def test_helpers_for_superlatives_and_comparisons(blenders):
    compiled, _ = blenders
    rating, brand = compiled.column_by_name("rating"), compiled.column_by_name("brand")
    assert cube.argmax(rating) == 3
    assert cube.argmin(rating, cube.filter_eq(brand, "acme")) == 1
    assert cube.argmax(rating, np.zeros(5, dtype=bool)) == -1
    assert cube.compare(rating, "ge", 4.5).tolist() == [True, False, False, True, False]
    assert cube.lookup(rating, 0) == 4.5 and math.isnan(cube.lookup(rating, 9))
    with pytest.raises(InputError):
        cube.compare(rating, "about", 3)


def test_sql_text_names_columns_and_literals(blenders):
    compiled, _ = blenders
    q = Query(Agg.AVG, compiled.column_by_name("rating").index,
              (_code(compiled, "brand", "acme"),))
    assert q.sql(compiled) == 'SELECT AVG("rating") FROM "t" WHERE "brand" = \'Acme\''


def test_every_subset_of_dimensions_is_answered_by_one_cube():
    compiled = compile_table(_random_table(6))
    engine = CubeEngine(compiled)
    preds = ((0, 0), (1, 1), (2, 2))
    subsets = [tuple(s) for r in range(4) for s in combinations(preds, r)]
    got = engine.evaluate_queries([Query(Agg.COUNT, -1, s) for s in subsets])
    assert engine.stats.passes == 1
    assert got.tolist() == [engine.rows_mask(s).sum() for s in subsets]

"""Features of a (program, statement) pair for the ranker.

Coverage of the statement (linked mentions and numbers the program uses), trigger words
crossed with the functions that explain them, the program's shape (root, length), its
columns' agreement with the header words, dependency distance between the parts it
uses, and execution facts (a lookup from an ambiguous view, an empty filter).
"""

from __future__ import annotations

import numpy as np
from scipy import sparse
from scipy.sparse import csgraph

from .search import Expr
from .statement import Analysis

EXPLAINS: dict[str, set[str]] = {
    "greater": {"greater", "filter_greater", "filter_greater_eq", "all_greater",
                "all_greater_eq", "most_greater", "most_greater_eq", "diff", "argmax", "max"},
    "less": {"less", "filter_less", "filter_less_eq", "all_less", "all_less_eq", "most_less",
             "most_less_eq", "diff", "argmin", "min"},
    "comparative": {"greater", "less", "filter_greater", "filter_less", "diff",
                    "filter_greater_eq", "filter_less_eq"},
    "max": {"argmax", "max", "nth_argmax", "nth_max"},
    "min": {"argmin", "min", "nth_argmin", "nth_min"},
    "only": {"only"},
    "all": {"all_eq", "all_not_eq", "all_greater", "all_less", "all_greater_eq", "all_less_eq"},
    "majority": {"most_eq", "most_not_eq", "most_greater", "most_less", "most_greater_eq",
                 "most_less_eq"},
    "negation": {"not_eq", "filter_not_eq", "none", "all_not_eq", "most_not_eq"},
    "average": {"avg"},
    "sum": {"sum"},
    "diff": {"diff"},
    "same": {"and", "eq"},
    "count": {"count"},
    "mode": {"mode"},
    "ordinal": {"nth_argmax", "nth_argmin", "first", "second", "third", "fourth", "last",
                "argmin", "argmax"},
}


def dependency_distances(heads: np.ndarray) -> np.ndarray:
    """Arcs between every two tokens of the dependency tree (one call per statement);
    ``inf`` between tokens of two sentences."""
    n = len(heads)
    if n <= SMALL_TREE:
        return _tree_distances([int(h) for h in heads])
    graph = sparse.csr_matrix((np.ones(n), (np.arange(n), heads)), shape=(n, n))
    return csgraph.shortest_path(graph, directed=False, unweighted=True)


# up to this many tokens the distances come from a walk of the tree in Python (a few
# microseconds a token), not a sparse graph's shortest paths (0.2 ms for any statement)
SMALL_TREE = 64


def _tree_distances(heads: list[int]) -> np.ndarray:
    """``dependency_distances`` by a breadth-first walk from every token of the forest
    the heads make (each token linked to its head, both ways)."""
    n = len(heads)
    near: list[list[int]] = [[] for _ in range(n)]
    for i, h in enumerate(heads):
        if h != i:
            near[i].append(h)
            near[h].append(i)
    out = np.full((n, n), np.inf)
    for s in range(n):
        seen, frontier, d = {s: 0}, [s], 0
        while frontier:
            d += 1
            step = []
            for u in frontier:
                for v in near[u]:
                    if v not in seen:
                        seen[v] = d
                        step.append(v)
            frontier = step
        out[s, list(seen)] = list(seen.values())
    return out


def _used_tokens(analysis: Analysis, spans: frozenset[int]) -> list[int]:
    """One token per used mention (its first) and per used number."""
    out = [m.start for m in analysis.mentions if m.start in spans]
    out += [n.index for n in analysis.numbers if n.index in spans]
    return sorted(set(out))


def features(expr: Expr, analysis: Analysis, result: bool) -> dict[str, float]:
    """Sparse named features of one candidate program."""
    names, nodes, depth = expr.names, expr.nodes, expr.depth
    root = names[0]
    fset = set(names)
    f: dict[str, float] = {"bias": 1.0, f"root:{root}": 1.0, f"len:{min(nodes, 12)}": 1.0,
                           "nodes": nodes / 10.0, f"depth:{min(depth, 6)}": 1.0,
                           f"result:{result}": 1.0, f"result:{result}&root:{root}": 1.0}
    sig = "/".join(names[:3])
    f[f"sig:{sig}"] = 1.0
    for name in fset:
        f[f"fn:{name}"] = 1.0
    for trig in analysis.triggers:
        hit = fset & EXPLAINS.get(trig, set())
        for name in hit:
            f[f"trig:{trig}&fn:{name}"] = 1.0
        if not hit:
            f[f"trig:{trig}&unexplained"] = 1.0
    for name in fset:
        for trig, fns in EXPLAINS.items():
            if name in fns and trig in ("greater", "less", "max", "min", "only", "all",
                                        "majority", "average", "sum", "diff", "count",
                                        "negation") and trig not in analysis.triggers:
                f[f"fn:{name}&no_trigger"] = 1.0
                break
    f.update(_coverage(expr, analysis))
    f[f"unlinked_names:{min(analysis.unlinked_names, 2)}&result:{result}"] = 1.0
    absent = sum(1 for n in analysis.numbers if not n.in_table)
    f[f"absent_numbers:{min(absent, 2)}&result:{result}"] = 1.0
    for flag in expr.flags:
        f[flag] = 1.0
    hits = analysis.header_hits
    if expr.columns:
        f["header_cover"] = sum(hits.get(j, 0.0) for j in expr.columns) / len(expr.columns)
        mention_cols = {m.column for m in analysis.mentions}
        f["unmentioned_columns"] = float(sum(1 for j in expr.columns
                                             if j not in hits and j not in mention_cols))
    used = _used_tokens(analysis, expr.spans)
    if len(used) >= 2:
        dist = analysis.distances()
        pairs = zip(used, used[1:], strict=False)
        f["dep_distance"] = min(max(dist[a, b] for a, b in pairs), 10) / 10.0
    return f


def _coverage(expr: Expr, analysis: Analysis) -> dict[str, float]:
    spans = expr.spans
    starts = {(m.start, m.end) for m in analysis.mentions}
    used = {s for s in starts if set(range(*s)) <= spans}
    f: dict[str, float] = {}
    if starts:
        f["mention_cover"] = len(used) / len(starts)
        f["mentions_unused"] = float(min(len(starts) - len(used), 4))
    exact = [m for m in analysis.mentions if (m.start, m.end) in used]
    if exact:
        f["exact_share"] = sum(m.exact for m in exact) / len(exact)
    if analysis.numbers:
        in_mentions = {i for s in used for i in range(*s)}
        unused = [n for n in analysis.numbers
                  if n.index not in spans and n.index not in in_mentions]
        f["numbers_unused"] = float(min(len(unused), 3))
        f["numbers_unused_absent"] = float(sum(1 for n in unused if not n.in_table))
        f["count_number_used"] = float(any(n.counted and n.index in spans
                                           for n in analysis.numbers))
    return f

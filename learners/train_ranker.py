"""Train the program ranker on TabFact's train split (weak supervision, as in LPA).

For each statement the search enumerates candidate programs, plus a null candidate that
stands for "nothing found, assume supported"; the ones that execute to the statement's
label are consistent.  A linear scorer over named features is fitted by maximum
marginal likelihood (softmax over a statement's programs, mass pushed onto the consistent
ones) with L2, by L-BFGS; the L2 strength is chosen on a seeded held-out slice of train.
Only train.jsonl is read.  The output is ``depcheck/data/tabfact_ranker.json``.

    python -m learners.train_ranker --seed 0 [--limit N] [--workers 2]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import pickle
import time
from collections import Counter
from pathlib import Path

import numpy as np
import orjson
from scipy import optimize, sparse

from depcheck.compiled import compile_table
from depcheck.parse import load_pipeline
from depcheck.programs.cells import typed_table
from depcheck.programs.features import features
from depcheck.programs.ranker import DEFAULT_PATH, NULL_FEATURES, Ranker
from depcheck.programs.search import Limits, search
from depcheck.programs.statement import analyse
from depcheck.programs.tabfact import iter_cases, load_tables

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "tabfact"
TRAIN_MAX_EXPANSIONS = 100_000  # generous so that the program limit bounds search
MIN_FEATURE_COUNT = 5
L2_CHOICES = (0.3, 1.0)
DECISIONS = ("top", "mass")
HELD_OUT = 0.1

Sample = tuple[list[dict[str, float]], list[bool], bool]  # features, results, label

_STORE = None


def _init(tables: str) -> None:
    global _STORE
    _STORE = load_tables(tables)


def _candidates(chunk: list[dict]) -> list[Sample]:
    """Features and results of every candidate program of each case in ``chunk``."""
    nlp = load_pipeline()
    out: list[Sample] = []
    docs = nlp.pipe([c["text"] for c in chunk], batch_size=64)
    for case, doc in zip(chunk, docs, strict=True):
        table = typed_table(compile_table(_STORE.get(case["table_id"])))
        analysis = analyse(doc, table)
        programs = search(analysis, table, Limits(max_expansions=TRAIN_MAX_EXPANSIONS))
        results = [bool(p.value) for p in programs]
        feats = [features(p, analysis, r) for p, r in zip(programs, results, strict=True)]
        results.append(True)
        feats.append(NULL_FEATURES)
        out.append((feats, results, case["label"] == "supported"))
    return out


def collect(train: Path, tables: Path, limit: int | None, workers: int,
            cache: Path | None = None) -> list[Sample]:
    """Candidates of every case; ``cache`` (a pickle) saves re-running search while fitting."""
    if cache is not None and cache.exists():
        return pickle.loads(cache.read_bytes())
    samples = _collect(train, tables, limit, workers)
    if cache is not None:
        cache.write_bytes(pickle.dumps(samples))
    return samples


def _collect(train: Path, tables: Path, limit: int | None, workers: int) -> list[Sample]:
    cases = list(iter_cases(train, limit))
    size = 250
    chunks = [cases[i:i + size] for i in range(0, len(cases), size)]
    if workers <= 1:
        _init(str(tables))
        parts = [_candidates(c) for c in chunks]
    else:
        with mp.get_context("fork").Pool(workers, initializer=_init,
                                         initargs=(str(tables),)) as pool:
            parts = pool.map(_candidates, chunks)
    return [s for part in parts for s in part]


def design(samples: list[Sample], vocab: dict[str, int]):
    """Sparse feature matrix, group offsets, consistency and result vectors."""
    rows, cols, vals, offsets, consistent, results = [], [], [], [0], [], []
    r = 0
    for feats, res, label in samples:
        for f, out in zip(feats, res, strict=True):
            for k, v in f.items():
                j = vocab.get(k)
                if j is not None:
                    rows.append(r)
                    cols.append(j)
                    vals.append(v)
            consistent.append(out == label)
            results.append(out)
            r += 1
        offsets.append(r)
    x = sparse.csr_matrix((vals, (rows, cols)), shape=(r, len(vocab)))
    return x, np.array(offsets), np.array(consistent), np.array(results)


def _group_softmax(scores: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    starts = offsets[:-1]
    maxes = np.maximum.reduceat(scores, starts)
    ids = np.repeat(np.arange(len(starts)), np.diff(offsets))
    e = np.exp(scores - maxes[ids])
    return e / np.add.reduceat(e, starts)[ids]


def fit(x, offsets: np.ndarray, consistent: np.ndarray, l2: float) -> np.ndarray:
    """Weights maximizing the log of the consistent programs' softmax mass, minus L2."""
    starts = offsets[:-1]
    ids = np.repeat(np.arange(len(starts)), np.diff(offsets))
    has = np.add.reduceat(consistent.astype(float), starts) > 0
    keep = has[ids]
    xk, ck = x[keep], consistent[keep]
    sizes = np.diff(offsets)[has]
    ok = np.concatenate([[0], np.cumsum(sizes)])

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = xk @ w
        p = _group_softmax(s, ok)
        gid = np.repeat(np.arange(len(sizes)), sizes)
        mass = np.add.reduceat(p * ck, ok[:-1])
        q = np.where(ck, p / mass[gid], 0.0)
        value = -np.log(mass + 1e-12).sum() + 0.5 * l2 * w @ w
        grad = xk.T @ (p - q) + l2 * w
        return float(value), np.asarray(grad).ravel()

    res = optimize.minimize(loss, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B",
                            options={"maxiter": 300})
    return res.x


def accuracy(w: np.ndarray, x, offsets: np.ndarray, results: np.ndarray,
             labels: np.ndarray, decision: str = "mass") -> float:
    """Share of statements decided right (each statement's last candidate is the null one).

    ``top``: the best program's result; ``mass``: the side (true / false programs) holding
    more softmax probability, the decision the training objective optimizes.
    """
    s = x @ w
    correct = 0
    for g in range(len(offsets) - 1):
        a, b = offsets[g], offsets[g + 1]
        correct += decide(s[a:b], results[a:b], decision) == labels[g]
    return correct / max(1, len(offsets) - 1)


def decide(scores: np.ndarray, results: np.ndarray, decision: str) -> bool:
    if not len(scores):
        return True
    if decision == "top":
        return bool(results[int(np.argmax(scores))])
    p = np.exp(scores - scores.max())
    return bool(p[results].sum() >= p[~results].sum())


def _split(samples: list[Sample], seed: int) -> tuple[list[Sample], list[Sample]]:
    order = np.random.default_rng(seed).permutation(len(samples))
    cut = int(len(samples) * HELD_OUT)
    held = set(order[:cut].tolist())
    return ([s for i, s in enumerate(samples) if i not in held],
            [s for i, s in enumerate(samples) if i in held])


def main(seed: int = 0, train: Path = DATA / "train.jsonl", tables: Path = DATA / "tables.jsonl",
         out: Path = DEFAULT_PATH, limit: int | None = None, workers: int = 2,
         cache: Path | None = None) -> dict:
    started = time.perf_counter()
    samples = collect(train, tables, limit, workers, cache)
    counts = Counter(k for feats, _, _ in samples for f in feats for k in f)
    vocab = {k: j for j, k in enumerate(sorted(k for k, c in counts.items()
                                                if c >= MIN_FEATURE_COUNT))}
    fit_part, held_part = _split(samples, seed)
    labels_of = lambda part: np.array([lab for _, _, lab in part])
    xf, of, cf, _ = design(fit_part, vocab)
    xh, oh, _, rh = design(held_part, vocab)
    scores = {}
    for l2 in L2_CHOICES:
        w = fit(xf, of, cf, l2)
        for decision in DECISIONS:
            scores[(l2, decision)] = accuracy(w, xh, oh, rh, labels_of(held_part), decision)
    best_l2, best_decision = max(scores, key=lambda k: (scores[k], -k[0]))
    x, o, c, r = design(samples, vocab)
    w = fit(x, o, c, best_l2)
    names = sorted(vocab, key=vocab.get)
    weights = {n: round(float(w[vocab[n]]), 5) for n in names if abs(w[vocab[n]]) >= 1e-5}
    meta = {"seed": seed, "cases": len(samples), "programs": int(x.shape[0]),
            "features": len(weights), "l2": best_l2,
            "decision": best_decision,
            "held_out_accuracy": {f"l2={k[0]} {k[1]}": round(float(v), 4)
                                  for k, v in scores.items()},
            "train_accuracy": round(float(accuracy(w, x, o, r, labels_of(samples),
                                                   best_decision)), 4),
            "train_file": train.name, "objective": "maximum marginal likelihood, L-BFGS",
            "max_expansions": TRAIN_MAX_EXPANSIONS}
    ranker = Ranker(weights=weights, meta=meta)
    out.parent.mkdir(parents=True, exist_ok=True)
    options = orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS
    out.write_bytes(orjson.dumps(ranker.to_dict(), option=options))
    return {**meta, "seconds": round(time.perf_counter() - started, 1)}


def cli() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--train", type=Path, default=DATA / "train.jsonl")
    ap.add_argument("--tables", type=Path, default=DATA / "tables.jsonl")
    ap.add_argument("--out", type=Path, default=DEFAULT_PATH)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cache", type=Path, default=None,
                    help="pickle of the candidates, reused if present (for fitting only)")
    args = ap.parse_args()
    meta = main(args.seed, args.train, args.tables, args.out, args.limit, args.workers,
                args.cache)
    print(orjson.dumps(meta).decode())


if __name__ == "__main__":
    cli()

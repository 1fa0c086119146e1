"""Span patterns: sequences of token tests that grow a head into its full mention.

A pattern is whitespace-separated elements, each a token test with an optional quantifier
(``?``, ``*``, ``+``).  A test is a fine tag prefix (``NN`` matches NN, NNS, NNP), a coarse
POS in upper case (``ADJ``), a quoted literal word (``"to"``), or a choice ``(NN|ADV)``.

    (NN|ADV)* ADJ (ADP|PART) (VB|NN) NN? ADP?      "easy to set up", "quick to clean"

The doc is encoded once as a string with one fixed-shape cell per token, and each pattern
is compiled to one regular expression over that string, so matching costs one regex scan.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

import regex

from .paths import UNIVERSAL_POS, DocView, PathSyntaxError

_ELEMENT = regex.compile(r'^(?P<test>"[^"\s]+"|\((?:[^()|\s]+\|)*[^()|\s]+\)|[^\s?*+]+)'
                         r"(?P<q>[?*+])?$")


def _atom(test: str) -> str:
    if test.startswith('"'):
        word = regex.escape(test.strip('"').lower())
        return rf"<[^|>]*\|[^|>]*\|{word}>"
    if test in UNIVERSAL_POS:
        return rf"<[^|>]*\|{test}\|[^>]*>"
    if regex.fullmatch(r"[A-Z$]+", test):
        return rf"<{regex.escape(test)}[^|>]*\|[^|>]*\|[^>]*>"
    raise PathSyntaxError(f"bad span element {test!r} (a tag prefix, a POS, or a quoted word)")


@dataclass(frozen=True)
class SpanPattern:
    source: str
    regex: regex.Pattern
    # per element that must match at least once (no ``?`` or ``*``), its alternatives as
    # (0, word) / (1, POS) / (2, tag prefix): a text with no token passing one of an
    # element's alternatives cannot match, and its regex scan is skipped
    required: tuple[tuple[tuple[int, str], ...], ...] = ()

    def matches(self, encoded: EncodedDoc) -> list[tuple[int, int]]:
        """Every (overlapping) match as a token range [start, end), found once per text."""
        found = encoded.matches.get(self.source)
        if found is None:
            if not all(any(encoded.has(kind, value) for kind, value in element)
                       for element in self.required):
                found = []
            else:
                at = encoded.token_at
                found = [(at[m.start()], at[m.end() - 1] + 1)
                         for m in self.regex.finditer(encoded.text, overlapped=True)]
            encoded.matches[self.source] = found
        return found

    def find(self, encoded: EncodedDoc, head: int) -> tuple[int, int] | None:
        """The longest match that contains token ``head``, as a token range [start, end)."""
        best = None
        for start, end in self.matches(encoded):
            if start <= head < end and (best is None or end - start > best[1] - best[0]):
                best = (start, end)
        return best


def compile_span(source: str, max_elements: int = 12) -> SpanPattern:
    parts = source.split()
    if not parts:
        raise PathSyntaxError("empty span pattern")
    if len(parts) > max_elements:
        raise PathSyntaxError(f"span pattern has {len(parts)} elements, "
                              f"the limit is {max_elements}")
    pieces, required = [], []
    for part in parts:
        m = _ELEMENT.match(part)
        if not m:
            raise PathSyntaxError(f"bad span element {part!r}")
        test = m["test"]
        alts = test[1:-1].split("|") if test.startswith("(") else [test]
        body = "|".join(_atom(a) for a in alts)
        pieces.append(f"(?:{body}){m['q'] or ''}")
        if m["q"] in (None, "+"):
            required.append(tuple(_requirement(a) for a in alts))
    return SpanPattern(source=source, regex=regex.compile("".join(pieces)),
                       required=tuple(required))


def _requirement(test: str) -> tuple[int, str]:
    """What a token must be to pass an atom (see ``_atom``): a word, a POS, a tag prefix."""
    if test.startswith('"'):
        return 0, test.strip('"').lower()
    if test in UNIVERSAL_POS:
        return 1, test
    return 2, test


class CellOwner:
    """Character offset in an encoded text -> the token whose cell holds it (as a list of
    every offset's token would say, negative offsets from the end), found by bisection
    over the cells' starts rather than stored per character."""

    def __init__(self, starts: list[int], size: int) -> None:
        self.cell_starts, self.text_size = starts, size

    def __getitem__(self, offset: int) -> int:
        if offset < 0:
            offset += self.text_size
        if not 0 <= offset < self.text_size:
            raise IndexError(offset)
        return bisect_right(self.cell_starts, offset) - 1

    def __len__(self) -> int:
        return self.text_size


@dataclass(frozen=True)
class EncodedDoc:
    text: str
    token_at: CellOwner  # character offset -> token index
    # span pattern source -> its matches in this text, filled on first use
    matches: dict = field(default_factory=dict, compare=False, repr=False)
    # the text's words (as encoded), POS and tags, for SpanPattern.required
    words: frozenset[str] = frozenset()
    pos: frozenset[str] = frozenset()
    tags: frozenset[str] = frozenset()

    def has(self, kind: int, value: str) -> bool:
        """Some token is the word (0), has the POS (1) or a tag starting with (2) value."""
        if kind == 0:
            return value in self.words
        if kind == 1:
            return value in self.pos
        return any(t.startswith(value) for t in self.tags)


def encode(doc, view=None) -> EncodedDoc:
    """One ``<TAG|POS|lower>`` cell per token; the offsets map back to tokens.

    ``view`` (a :class:`~depcheck.rules.paths.DocView` of the same doc) saves reading
    the tokens again.
    """
    if view is None:
        view = DocView(doc)
    chunks, starts, words, at = [], [], [], 0
    for tag, pos, lower in zip(view.tag, view.pos, view.lower, strict=True):
        if "|" in lower or ">" in lower or "<" in lower:
            lower = lower.replace("|", "/").replace(">", ")").replace("<", "(")
        cell = f"<{tag}|{pos}|{lower}>"
        chunks.append(cell)
        words.append(lower)
        starts.append(at)
        at += len(cell)
    return EncodedDoc(text="".join(chunks), token_at=CellOwner(starts, at),
                      words=frozenset(words), pos=frozenset(view.pos), tags=frozenset(view.tag))

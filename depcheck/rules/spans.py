"""Span patterns: sequences of token tests that grow a head into its full mention.

A pattern is whitespace-separated elements, each a token test with an optional quantifier
(``?``, ``*``, ``+``).  A test is a fine tag prefix (``NN`` matches NN, NNS, NNP), a coarse
POS in upper case (``ADJ``), a quoted literal word (``"to"``), or a choice ``(NN|ADV)``.

    (NN|ADV)* ADJ (ADP|PART) (VB|NN) NN? ADP?      "easy to set up", "quick to clean"

The doc is encoded once as a string with one fixed-shape cell per token, and each pattern
is compiled to one regular expression over that string, so matching costs one regex scan.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from .paths import UNIVERSAL_POS, PathSyntaxError

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

    def find(self, encoded: EncodedDoc, head: int) -> tuple[int, int] | None:
        """The longest match that contains token ``head``, as a token range [start, end)."""
        best = None
        for m in self.regex.finditer(encoded.text, overlapped=True):
            start, end = encoded.token_at[m.start()], encoded.token_at[m.end() - 1] + 1
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
    pieces = []
    for part in parts:
        m = _ELEMENT.match(part)
        if not m:
            raise PathSyntaxError(f"bad span element {part!r}")
        test = m["test"]
        alts = test[1:-1].split("|") if test.startswith("(") else [test]
        body = "|".join(_atom(a) for a in alts)
        pieces.append(f"(?:{body}){m['q'] or ''}")
    return SpanPattern(source=source, regex=regex.compile("".join(pieces)))


@dataclass(frozen=True)
class EncodedDoc:
    text: str
    token_at: tuple[int, ...]  # character offset -> token index


def encode(doc) -> EncodedDoc:
    """One ``<TAG|POS|lower>`` cell per token; the offsets map back to tokens."""
    chunks, owner = [], []
    for tok in doc:
        lower = tok.lower_.replace("|", "/").replace(">", ")").replace("<", "(")
        cell = f"<{tok.tag_}|{tok.pos_}|{lower}>"
        chunks.append(cell)
        owner.extend([tok.i] * len(cell))
    return EncodedDoc(text="".join(chunks), token_at=tuple(owner))

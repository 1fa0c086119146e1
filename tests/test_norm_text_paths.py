"""norm_text's fast path for ASCII letters, digits, spaces, hyphens and periods gives what
its general path (fold, then the punctuation patterns) gives."""

from __future__ import annotations

import itertools

import depcheck.values as values
from depcheck.values import ARTICLES, norm_text


def _general(text: str) -> str:
    s = values.fold(text).replace("’", "'")
    s = values._RANGE_CURRENCY.sub("-", s)
    s = values._NON_WORD.sub(" ", s)
    s = values._LONE_DOT.sub(" ", s)
    s = values._POSSESSIVE.sub("", s)
    s = values._QUOTES.sub(" ", s)
    words = s.split()
    while words and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(words)


def test_hyphens_and_periods_read_as_the_general_path_reads_them():
    texts = ["built-in timer", "1.8 liters", "1.8-liter", "-inch Samsung QLED", "curved 34-",
             "2 -", "4.8 pounds", "The Family-Friendly  Coffee shop.", "a 17.3-inch screen",
             "v.2", "U.S. made", "5.", ".5", "1..2", "1.-2", "An A-1", "the-end", "...", "- -",
             "", "x.y.z", "No. 5", "3.5.7", "a.", "THE 4.5-star hotel"]
    alphabet = "aT0 .-"
    texts += ["".join(p) for n in range(1, 5) for p in itertools.product(alphabet, repeat=n)]
    for text in texts:
        assert values._PLAIN_DOTTED.fullmatch(text) or values._PLAIN.fullmatch(text) \
            or values._ASCII_AMOUNT.fullmatch(text), text
        if values._ASCII_AMOUNT.fullmatch(text) or values._PLAIN.fullmatch(text):
            continue
        assert norm_text.__wrapped__(text) == _general(text), text

"""Claimed numbers in a document and the weighted keywords around each (AggChecker, section 4).

A document is plain text or Markdown: ``#`` lines are headlines, blank lines separate
paragraphs.  Each number (digits, number words, percentages, "a third", "half") is a claim.
Its keywords are the words of its sentence weighted by 1 / (dependency-tree distance to the
number); words of the previous sentence and of the paragraph's first sentence get 0.4 of the
smallest sentence weight, words of the enclosing headlines 0.7 of it.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from ..lexicon import default as default_lexicon
from ..values import CURRENCY_SYMBOLS, NUMBER_WORDS, UNIT_OF, fold

CONTEXT_FACTOR = 0.4
HEADLINE_FACTOR = 0.7
# words from the packaged lexicon (rules/lexicon/numbers.yaml, aggregates.yaml,
# quantifiers.yaml, morphology.yaml), read once: documents are read without a rule set
_LEX = default_lexicon()
_FRACTION_ONE = dict(_LEX.fraction_words)  # "a third"
_FRACTION_PLURALS = dict(_LEX.fraction_plurals)  # "two thirds"
_FRACTIONS = {**_FRACTION_ONE, **_FRACTION_PLURALS}
_ORDINALS = _LEX.ordinal_words
_NOT_CLAIMS = _LEX.number_words_not_counts
_MONTHS = frozenset(_LEX.months)
_PERCENT = _LEX.percent_words
_HALF = tuple(w.lower() for w in _LEX.half_phrase)  # "three *and a half*"
_Y_PLURALS = tuple(_LEX.plural_y_endings.items())
_NOT_PLURALS = tuple(sorted(_LEX.plural_keep_endings))
_DIGITS = regex.compile(r"^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^-?\.\d+$")
# words that carry an aggregate's meaning although spaCy lists them as stop words
KEEP_STOP = _LEX.aggregate_keep_stopwords
_HEADING = regex.compile(r"^(#{1,6})\s+(.*)$")


@dataclass(frozen=True)
class Block:
    """A headline or a paragraph of the document, with its character offset."""

    kind: str  # "headline" | "paragraph"
    text: str
    start: int
    level: int = 0


@dataclass(frozen=True)
class Claim:
    """One claimed number: its value, how it was written, where, and its keyword weights."""

    value: float
    text: str
    span: tuple[int, int]
    sentence: str
    sentence_span: tuple[int, int]
    kind: str  # "number" | "percent" | "fraction"
    keywords: tuple[tuple[str, float], ...]
    # "four of the five phones": the count of a subset of a group the text sizes itself
    subset: bool = False
    unit: str | None = None  # "$60", "2.5 kg": the unit written with the number

    @property
    def keyword_weights(self) -> dict[str, float]:
        return dict(self.keywords)


def split_blocks(text: str) -> list[Block]:
    """Headlines (Markdown ``#``) and blank-line separated paragraphs, with offsets."""
    blocks: list[Block] = []
    para_start, para_lines = -1, []
    offset = 0
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        m = _HEADING.match(stripped)
        if not stripped or m:
            _close(blocks, text, para_start, para_lines)
            para_start, para_lines = -1, []
            if m:
                start = offset + line.index(m.group(2)) if m.group(2) else offset
                blocks.append(Block("headline", m.group(2).strip(), start, len(m.group(1))))
        else:
            if para_start < 0:
                para_start = offset
            para_lines.append(line)
        offset += len(line)
    _close(blocks, text, para_start, para_lines)
    return blocks


def _close(blocks: list[Block], text: str, start: int, lines: list[str]) -> None:
    if start >= 0 and lines:
        body = "".join(lines).rstrip()
        blocks.append(Block("paragraph", body, start))


def stem(word: str) -> str:
    """A light plural stripper so "blenders" meets "blender" and "categories" "category"."""
    w = fold(word)
    if len(w) > 4:
        for ending, singular in _Y_PLURALS:
            if w.endswith(ending):
                return w[:-len(ending)] + singular
    if len(w) > 3 and w.endswith("s") and not w.endswith(_NOT_PLURALS):
        return w[:-1]
    return w


def is_keyword(token) -> bool:
    if token.is_punct or token.is_space:
        return False
    return not token.is_stop or token.lower_ in KEEP_STOP


def token_terms(token) -> set[str]:
    """The terms a token contributes: its stemmed lower form and its lemma (a sentence's
    final period, which the tokenizer leaves on "5G." or "Inc.", dropped)."""
    return {stem(token.lower_.rstrip(".")), stem(token.lemma_.lower().rstrip("."))} - {""}


def claim_value(tokens: list) -> tuple[float, str, int] | None:
    """Value, kind and length (in tokens) of a claim starting at ``tokens[0]``, or None."""
    tok = tokens[0]
    low = tok.lower_
    nxt = tokens[1].lower_ if len(tokens) > 1 else ""
    if low in _LEX.fraction_articles and nxt in _FRACTION_ONE:
        second = tokens[1]
        if second.dep_ == "amod" and second.head.i > second.i \
                and second.head.pos_ in ("NOUN", "PROPN"):
            return None  # "for a third straight week": an ordinal on its noun
        return _FRACTIONS[nxt], "fraction", 2
    if low in _LEX.fraction_alone and (
            not tok.i or tok.doc[tok.i - 1].lower_ not in _LEX.fraction_articles):
        return _FRACTIONS[low], "fraction", 1
    value = _number(tok)
    if value is None:
        return None
    scale = NUMBER_WORDS.get(nxt, 0)
    if scale >= 100 and not _DIGITS.match(nxt) and value < scale:
        return value * scale, "number", 2  # "two million", "1.2 billion": one number
    if tuple(t.lower_ for t in tokens[1:1 + len(_HALF)]) == _HALF:
        return value + 0.5, "number", 1 + len(_HALF)  # "three and a half (hours)"
    if nxt in _FRACTION_PLURALS and value < 10:
        return value * _FRACTIONS[nxt], "fraction", 2
    if nxt in _PERCENT or low.endswith("%"):
        return value, "percent", 2 if nxt in _PERCENT else 1
    return value, "number", 1


def _number(tok) -> float | None:
    low = tok.lower_.rstrip("%")
    if _DIGITS.match(low):
        return float(low.replace(",", ""))
    prev = tok.doc[tok.i - 1] if tok.i else None
    if low in _LEX.pronoun_numbers and prev is not None and prev.pos_ in ("DET", "ADJ"):
        return None  # "the first one", "a new one": a pronoun, not a number
    if low in NUMBER_WORDS and low not in _ORDINALS | _NOT_CLAIMS | set(_FRACTIONS):
        return float(NUMBER_WORDS[low])
    return None


def _is_date_part(tok) -> bool:
    doc = tok.doc
    near = [doc[i].lower_ for i in (tok.i - 1, tok.i + 1) if 0 <= i < len(doc)]
    return any(w in _MONTHS for w in near)


def tree_distance(a, b) -> int:
    """Number of dependency edges between two tokens of one sentence."""
    pa = [a, *a.ancestors]
    pb = [b, *b.ancestors]
    ib = {t.i: k for k, t in enumerate(pb)}
    for k, t in enumerate(pa):
        if t.i in ib:
            return k + ib[t.i]
    return len(pa) + len(pb)


def tree_distances(sent, anchor) -> dict[int, int]:
    """Dependency-edge distance from ``anchor`` to every token of its sentence, by one walk
    over the sentence's tree: linear in the sentence, where one :func:`tree_distance` per
    token would cost the tree's depth each time."""
    start, end = sent.start, sent.end
    dist = {anchor.i: 0}
    frontier = [anchor]
    while frontier:
        nxt = []
        for tok in frontier:
            d = dist[tok.i] + 1
            for other in (tok.head, *tok.children):
                if start <= other.i < end and other.i not in dist:
                    dist[other.i] = d
                    nxt.append(other)
        frontier = nxt
    return dist


def sentence_keywords(sent, number_tokens: set[int], anchor) -> dict[str, float]:
    """Words of the claim sentence weighted by 1 / tree distance to the claim's number."""
    out: dict[str, float] = {}
    dist = tree_distances(sent, anchor)
    for tok in sent:
        if tok.i in number_tokens or not is_keyword(tok):
            continue
        d = dist.get(tok.i)
        w = 1.0 / max(1, d if d is not None else tree_distance(anchor, tok))
        for term in token_terms(tok):
            out[term] = max(out.get(term, 0.0), w)
    return out


def context_keywords(spans, weight: float, into: dict[str, float]) -> None:
    """Add every keyword of ``spans`` at ``weight`` unless it already weighs more."""
    for span in spans:
        for tok in span:
            if is_keyword(tok):
                for term in token_terms(tok):
                    if into.get(term, 0.0) < weight:
                        into[term] = weight


def find_claims(doc, *, offset: int = 0, headlines: tuple = (),
                limit: int | None = None) -> list[Claim]:
    """Every claimed number of a parsed paragraph (``offset``: its start in the document),
    or the first ``limit`` of them."""
    claims: list[Claim] = []
    sents = list(doc.sents)
    for k, sent in enumerate(sents):
        toks = list(sent)
        i = 0
        while i < len(toks):
            got = claim_value(toks[i:i + 4])
            if got is None or _is_date_part(toks[i]):
                i += 1
                continue
            value, kind, length = got
            claim_toks = toks[i:i + length]
            claims.append(_claim(value, kind, claim_toks, sent, sents, k, offset, headlines))
            if limit is not None and len(claims) >= limit:
                return claims
            i += length
    return claims


def counts_a_subset(tok) -> bool:
    """A number followed by "of the M" ("four of the five phones", "2 of all 6"): it
    counts a subset of a group whose size the text gives."""
    after = tok.doc[tok.i + 1:tok.i + 4]
    return len(after) == 3 and after[0].lower_ in _LEX.partitive_prepositions and \
        after[1].lower_ in _LEX.subset_determiners and _number(after[2]) is not None


def sizes_a_group(tok) -> bool:
    """A number after "of the" ("the average price of the five games", "the best of all 3
    seasons"): the size of the group the sentence speaks of, rarely its claim."""
    return tok.i >= 2 and tok.doc[tok.i - 2].lower_ in _LEX.partitive_prepositions and \
        tok.doc[tok.i - 1].lower_ in _LEX.subset_determiners and _number(tok) is not None


def _claim(value: float, kind: str, claim_toks: list, sent, sents: list, k: int,
           offset: int, headlines: tuple) -> Claim:
    numbers = {t.i for t in claim_toks}
    anchor = next((t for t in claim_toks if _number(t) is not None), claim_toks[-1])
    weights = sentence_keywords(sent, numbers, anchor)
    if kind != "number":  # "40%", "a third": the number itself says it is a share
        weights["percent"] = 1.0
    floor = min(weights.values()) if weights else 1.0
    context = [sents[j] for j in {k - 1, 0} if 0 <= j < k]
    context_keywords(context, CONTEXT_FACTOR * floor, weights)
    context_keywords(headlines, HEADLINE_FACTOR * floor, weights)
    first = claim_toks[0]
    if first.i > 0 and first.doc[first.i - 1].text in CURRENCY_SYMBOLS:
        first = first.doc[first.i - 1]
    start, end = first.idx, claim_toks[-1].idx + len(claim_toks[-1])
    subset = kind == "number" and counts_a_subset(claim_toks[-1])
    unit = None
    if kind == "number":
        before = claim_toks[0].doc[claim_toks[0].i - 1] if claim_toks[0].i else None
        after = claim_toks[-1].nbor() if claim_toks[-1].i + 1 < len(claim_toks[-1].doc) else None
        if before is not None and before.text in CURRENCY_SYMBOLS:
            unit = CURRENCY_SYMBOLS[before.text]
        elif after is not None:
            unit = UNIT_OF.get(after.lower_.rstrip("."))
    return Claim(value=float(value), text=sent.doc.text[start:end],
                 span=(offset + start, offset + end), sentence=sent.text,
                 sentence_span=(offset + sent.start_char, offset + sent.end_char), kind=kind,
                 keywords=tuple(sorted(weights.items())), subset=subset, unit=unit)

"""Hypotheses from mentions, checked against a compiled table.

Each mention becomes one hypothesis: a Fact (entity, attribute, value, polarity), a
Comparison (entity, attribute, comparator, comparands) or a superlative over every row.
Every result names its rule, its linked cells, and a plain sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from difflib import SequenceMatcher
from functools import cached_property

import numpy as np
import regex

from .compiled import Column, CompiledTable
from .evaluators import Finding, evaluator
from .extract import Extraction, Mention
from .lexicon import default as default_lexicon
from .link import Hit, Linker, lexicon_words, stem, stems, table_schema
from .report import REFUTED, SUPPORTED, UNVERIFIABLE, Cell, Evidence, HypothesisResult, Link
from .rules.loader import RuleSet
from .values import (
    CURRENCY_CHARS,
    OUT_OF_LABEL,
    UNIT_OF,
    Quantity,
    norm_text,
    parse_number,
    parse_quantity,
    quantities_equal,
    same_family,
    to_base,
)

_ENTITY_DEPS = {"nsubj", "nsubjpass", "poss", "dative"}
# The module's helpers below run on tokens without a rule set: they read the packaged
# lexicon (rules/lexicon/), loaded once; the Verifier's methods read their rule set's.
_LEX = default_lexicon()
_EMPTY = _LEX.empty_cells
_ABSENT = _LEX.absent_cells
_DEGREE_TAGS = {"JJR", "JJS", "RBR", "RBS"}
# rules whose objects are things a product has: an unknown one there is a fabricated feature
# (any other rule's attribute counts too when the parse says so: _stated_feature)
FEATURE_RULES = frozenset({"have-dobj", "with-pobj", "possessive-attribute"})
VERB_RULES = frozenset({"verb-predicate"})  # a verb phrase that may name a yes/no column
# a name this close to a row's (difflib ratio) spells that row ("Janggi" / "Janki")
VARIANT_RATIO = 0.8
_DIGITS = regex.compile(r"\d+")
MAX_VARIANT_ROWS = 64  # near names (by shared trigrams) compared letter by letter
MAX_EVIDENCE_ROWS = 64  # up to this many rows a superlative's evidence lists every cell
MAX_EVIDENCE_WINNERS = 8  # beyond: the rows holding the extreme that its evidence lists
RARE_RANK = 30_000  # GloVe frequency rank past which a capitalized word reads as a name
# "X was a physicist" against occupation "mathematician": a predicate noun must resemble a
# value of the column more closely than a modifier, since it is often a hypernym ("eatery")
PREDICATE_TYPE_THRESHOLD = 0.85


def _partitive(tok) -> bool:
    """A bare number in "of the three" / "of all three": a count of rows, not a value."""
    if not (tok.like_num and tok.dep_ == "pobj" and tok.head.lower_ in _LEX.partitive_prepositions):
        return False
    return any(c.dep_ in ("det", "predet") for c in tok.children) or \
        tok.head.head.tag_ in ("JJS", "RBS", "CD", "DT") or \
        tok.head.head.lower_ in _LEX.partitive_heads


_DEGREE_WORDS = _LEX.degree_comparatives | _LEX.degree_superlatives
_DEGREE_ADVERBS = _LEX.degree_adverbs
_AGGREGATE_WORDS = _LEX.aggregate_words


def _degree_word_of_adjective(tok) -> bool:
    return tok.lower_ in _DEGREE_WORDS and tok.head.pos_ == "ADJ" and tok.dep_ == "advmod"


_SHAPE_RUNS = regex.compile(r"\d+|[a-z]+")


def _shape(word: str) -> str | None:
    """ "8k" -> "9a", "ipx7" -> "a9": the shape of a one-word code of letters and digits."""
    if " " in word or not any(ch.isdigit() for ch in word) or not any(
            ch.isalpha() for ch in word):
        return None
    runs = _SHAPE_RUNS.findall(word)
    if "".join(runs) != word:
        return None
    return "".join("9" if run[0].isdigit() else "a" for run in runs)


@dataclass(frozen=True)
class _SpecialCells:
    """Cells of a column that hold more than one number, found once per raw column."""

    ranges: tuple[tuple[int, float, float], ...]  # "£20-25", "17-21 inches"
    several: tuple[tuple[int, tuple[float, ...]], ...]  # "20 x 4 inch", "1370 lb (635 kg)"


_SPECIAL: dict[int, tuple[tuple[str, ...], _SpecialCells]] = {}


def _special_cells(raw: tuple[str, ...]) -> _SpecialCells:
    """A column's range cells and cells with several numbers, found once per column (by
    the identity of its cells: no hash of a catalog's column per check)."""
    hit = _SPECIAL.get(id(raw))
    if hit is not None and hit[0] is raw:
        return hit[1]
    ranges, several = [], []
    seen: dict[str, tuple[bool, tuple] | None] = {}  # cell -> (is a range, its numbers)
    for i, cell in enumerate(raw):
        if cell not in seen:
            span = _cell_range(cell)
            if span is not None:
                seen[cell] = (True, span)
            elif (" x " in cell or "(" in cell) and len(numbers := _NUMBERS.findall(cell)) > 1:
                seen[cell] = (False, tuple(float(n) for n in numbers))
            else:
                seen[cell] = None
        found = seen[cell]
        if found is None:
            continue
        if found[0]:
            ranges.append((i, *found[1]))
        else:
            several.append((i, found[1]))
    special = _SpecialCells(tuple(ranges), tuple(several))
    if len(_SPECIAL) >= 256:
        _SPECIAL.clear()
    _SPECIAL[id(raw)] = (raw, special)
    return special


def prepare_columns(compiled: CompiledTable) -> None:
    """What number checks read of each number column, found when the table is compiled."""
    for col in compiled.columns:
        if col.kind == "number":
            _special_cells(col.raw)


def _satisfying(values: np.ndarray, op: str, claimed: float, raw: tuple[str, ...]) -> np.ndarray:
    """Rows whose value satisfies the claim (equal, at least, at most, about 10%), or whose
    range cell ("£20-25") contains the claimed number: one vectorized pass, then the few
    cells with several numbers (found once per column) looked at whole."""
    with np.errstate(invalid="ignore"):
        if op == ">=":
            mask = values >= claimed - 1e-9
        elif op == "<=":
            mask = values <= claimed + 1e-9
        elif op == "~":
            mask = np.abs(values - claimed) <= 0.1 * max(abs(claimed), 1e-9)
        else:
            mask = np.abs(values - claimed) <= 1e-6 * np.maximum(1.0, np.abs(values))
    special = _special_cells(raw)
    for i, lo, hi in special.ranges:
        mask[i] = lo <= claimed <= hi
    if op == "=":
        for i, numbers in special.several:
            mask[i] = mask[i] or any(abs(n - claimed) < 1e-9 for n in numbers)
    return np.flatnonzero(mask)


def _group_phrase(tok) -> bool:
    """ "all three products", "the three", "both models": the compared group, not a value."""
    words = {t.lower_ for t in tok.subtree}
    return bool(words & _LEX.group_determiners) and any(
        t.like_num for t in tok.subtree)


def _states_absence(cell: str) -> bool:
    """A cell that says the row has nothing of the column: empty, "no", "none", or written
    out ("not available", "not included")."""
    return cell in _EMPTY or cell in _ABSENT


def _adjacent(a: tuple[int, int], b: tuple[int, int], gap: int = 3) -> bool:
    """Character spans that overlap or are at most ``gap`` characters apart."""
    return a[0] <= b[1] + gap and b[0] <= a[1] + gap


def _bound_idiom(tok) -> bool:
    """ "at least", "at most", "at best": a superlative word that only bounds a value."""
    return tok.i > 0 and tok.lower_ in _LEX.bound_idiom_heads and \
        tok.doc[tok.i - 1].lower_ in _LEX.bound_idiom_words


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


def _bounds_number(tok) -> bool:
    """ "more than £30", "less than 20": a comparative that bounds a number is a value."""
    nxt = tok.doc[tok.i + 1:tok.i + 3]
    return len(nxt) == 2 and nxt[0].lower_ in _LEX.comparison_cues and (
        nxt[1].like_num or any(ch.isdigit() for ch in nxt[1].text) or nxt[1].text in CURRENCY_CHARS)


class Vocabulary:
    """Words of a table, its catalog and the lexicon, bucketed by length for typo checks."""

    def __init__(self, words: frozenset[str]) -> None:
        self.words = words
        self._known: dict[str, bool] = {}  # typo look-ups, kept as long as the vocabulary
        # words of 4+ letters by length and first two, and by length and last two letters:
        # one edit to a word of 5+ letters leaves one of the two pairs as it was, so a
        # typo look-up reads two small buckets per length, not every word of that length
        self.by_ends: dict[tuple[int, str], list[str]] = {}
        for w in words:
            if len(w) >= 4:
                self.by_ends.setdefault((len(w), "<" + w[:2]), []).append(w)
                self.by_ends.setdefault((len(w), ">" + w[-2:]), []).append(w)

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
            found = self._known[word] = any(
                _one_edit(word, v) for n in (len(word) - 1, len(word), len(word) + 1)
                for end in ("<" + word[:2], ">" + word[-2:])
                for v in self.by_ends.get((n, end), ()))
        return found


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

    (latency: the catalog's and lexicon's words are one Vocabulary shared by every table,
    the table's own words one kept with the compiled table: a service cycling through more
    than 32 tables rebuilt the whole union on every check before.)"""
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


def _out_of_tail(doc, start: int) -> bool:
    """The "5 ..." of "1 out of 5 ...": the rating's other half, not a claim of its own."""
    return any(start >= len(p) and all(doc[start - len(p) + k].lower_ == w
                                       for k, w in enumerate(p)) for p in _OUT_OF_WORDS)


_OUT_OF_WORDS = tuple(tuple(p.split()) for p in _LEX.out_of_phrases)


_NUMBERS = regex.compile(r"\d+(?:\.\d+)?")
_RANGE_JOINERS = "|".join(["-", "–", *map(regex.escape, sorted(_LEX.range_joiners))])
_RANGE = regex.compile(
    rf"(\d+(?:\.\d+)?)\s*(?:{_RANGE_JOINERS})\s*[{regex.escape(CURRENCY_CHARS)}]?(\d+(?:\.\d+)?)")


def _cell_range(raw: str) -> tuple[float, float] | None:
    """A numeric range written in a cell ("£20-25", "17-21 inches")."""
    m = _RANGE.search(raw)
    return (float(m.group(1)), float(m.group(2))) if m else None


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Contiguous runs of sorted token indices, as [start, end) ranges."""
    out: list[tuple[int, int]] = []
    for i in indices:
        if out and out[-1][1] == i:
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


def _modifies(tok, head) -> bool:
    """The token modifies the head directly, or through a chain of compounds ("Intel" of
    "Intel Core i9 processor")."""
    node = tok
    while node.head.i != head.i:
        if node.dep_ != "compound" or node.head.i == node.i or node.head.dep_ != "compound":
            return False
        node = node.head
    return True


def _same_in_base(q: Quantity, col, r: int) -> bool:
    """The row's cell says the same amount in another unit of the family ("3 months" in a
    column whose other cells are in days)."""
    if not (q.unit and col.unit and same_family(q.unit, col.unit)) or np.isnan(col.base[r]):
        return False
    claimed = to_base(q)
    return abs(claimed - float(col.base[r])) <= 1e-6 * max(1.0, abs(claimed))


def _units_compatible(a: str | None, b: str | None) -> bool:
    """Same unit, a missing unit, or two rating scales ("5 stars" and "5 out of 5")."""
    if not a or not b or a == b:
        return True
    return bool({a.split()[0], b.split()[0]} & _RATING_WORDS)


# first words of a rating unit: "out" of "out of 5", "star"
_RATING_WORDS = frozenset({OUT_OF_LABEL.split()[0], *_LEX.rating_units})


def _contains_word(text: str, word: str) -> bool:
    return f" {word} " in f" {text} "


def _numbered(tok) -> bool:
    return any(c.dep_ == "nummod" and c.i > tok.i for c in tok.children)


def _name_run(doc, i: int) -> str:
    """The run of proper nouns ending at token i ("Portland Arms" for "Arms"), or the word."""
    start = i
    while start > 0 and doc[start - 1].pos_ == "PROPN" and doc[i].pos_ == "PROPN":
        start -= 1
    return norm_text(doc[start:i + 1].text)


def _cell_parts(raw: str) -> list[str]:
    parts = [norm_text(raw)]
    if ";" in raw or ", " in raw:
        parts += [norm_text(p) for p in raw.replace(";", ", ").split(", ")]
    return [p for p in parts if p]


def _stated_feature(tok, verb_attributes) -> bool:
    """The noun (or the first noun of its coordination) is said to be had: the object of a
    verb other than a measure verb ("includes a USB port", not "weighs 2 lbs"), the object
    of "with", or possessed by a noun ("Product 1's filter").  What the FEATURE_RULES find,
    read off the parse, so a learned rule's mention counts the same as a hand rule's."""
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
    head = tok.head
    if tok.dep_ == "dobj" and head.pos_ in ("VERB", "AUX"):
        return head.lemma_.lower() not in verb_attributes
    if tok.dep_ == "pobj" and head.lower_ in _LEX.feature_prepositions:
        return True
    return any(c.dep_ == "poss" and c.pos_ in ("NOUN", "PROPN") for c in tok.children)


def _bare_conj(tok) -> bool:
    """A coordinated noun with no modifier of its own shares its sibling's ("easy setup and
    installation"): too little to call it fabricated."""
    return tok.dep_ == "conj" and not any(c.dep_ in ("amod", "compound", "nummod", "det")
                                          for c in tok.children)


@dataclass
class Outcome:
    verdict: str
    reason: str
    explanation: str
    attribute: Link | None = None
    value: Link | None = None
    output: list[Cell] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    details: dict = field(default_factory=dict)


@dataclass(frozen=True)
class RowRef:
    rows: tuple[int, ...]
    link: Link


class Verifier:
    """Checks the mentions of one parsed text against one table."""

    def __init__(self, doc, extraction: Extraction, linker: Linker, rules: RuleSet,
                 max_hypotheses: int = 64, type_threshold: float = 0.7,
                 closed_world: bool = False, as_of_year: int = 0) -> None:
        self.type_threshold = type_threshold
        # a closed-world catalog lists every feature of its products: a specific feature or
        # a name it does not list is fabricated; in an open world it is unverifiable
        self.closed_world = closed_world
        self.as_of_year = as_of_year or datetime.now(UTC).year
        self.doc = doc
        self.toks = list(doc)  # Token objects made once; indexing the Doc makes new ones
        self.ex = extraction
        self.ln = linker
        self.t: CompiledTable = linker.t
        self.lex = rules.lexicon
        self.negations = frozenset(self.lex.negations)
        self.max_hypotheses = max_hypotheses
        self.entities: dict[int, RowRef] = {}
        self.entity_spans: list[tuple[int, int]] = []
        self.naming: set[int] = set()  # tokens that name a row ("Cotto" of "Cotto coffee shop")
        self.described: list[Mention] = []  # entity mentions naming no row: values to check
        self._open_ends: dict[int, bool] = {}
        self._bool_stems = {stem(w) for c in self.t.columns if c.kind == "bool"
                            and c.index != self.t.key for w in c.words.split()}
        self._negated_heads: dict[int, bool] = {}

    # -- entities ----------------------------------------------------------------------
    def _link_entities(self) -> list[HypothesisResult]:
        unknown = []
        for m in self.ex.mentions:
            found = self.ln.entity_rows(self.doc, m.start, m.end)
            if found is not None:
                rows = found.rows
                target = self.t.row_name(rows[0])
                mention = self.doc[found.start:found.end].text
                ref = RowRef(rows, Link(mention, target, found.method, found.score,
                                        self.t.key_column.name, rows[0]))
                self.entities[m.head] = ref
                self._name_row(found.start, found.end, ref)
            elif m.role == "entity" and (row := self._variant_of_row(m)) is not None:
                # "Janggi" of a row "Janki": a spelling of the row's own name
                self._name_row(m.start, m.end, RowRef((row,), Link(
                    m.text(self.doc), self.t.row_name(row), "variant", 1.0,
                    self.t.key_column.name, row)))
            elif m.role == "entity" and self._name_like(m):
                unknown.append(m)
                self.entity_spans.append((m.start, m.end))
            elif m.role == "entity" and any(  # "find a highly rated English coffee shop":
                    self.toks[i].pos_ in ("NOUN", "PROPN", "ADJ", "NUM", "VERB")
                    and self.toks[i].lower_ not in self.ln.generic
                    for i in range(m.start, m.end)):  # a description, not a row
                self.described.append(replace(m, role="value"))
        self._names_in_text()
        results = []
        for m in unknown:
            if self.closed_world or not self._beside_a_row(m) and self._about(m):
                results.append(self._unknown_entity(m))
            else:
                # beside a named row, a name that is no row is a value of that row ("born in
                # Paris", "a U.S. National Monument"): it refutes only through a cell of the
                # column its predicate names, and is unverifiable when none does
                self.entity_spans = [s for s in self.entity_spans if s != (m.start, m.end)]
                self.described.append(replace(m, role="value"))
        for pronoun, (antecedent, rule) in self.ex.coref.items():
            ref = self.entities.get(antecedent)
            if ref is not None:
                self.entities[pronoun] = RowRef(ref.rows, Link(
                    self.toks[pronoun].text, ref.link.target, f"coref:{rule.id}", 1.0,
                    ref.link.column, ref.link.row))
        return results

    def _names_in_text(self) -> None:
        """Row names written verbatim in a sentence where no rule found them (a parse that
        splits "Product 2" into two datives, or reads "Product 2 reclines" as one noun):
        the sentence still names that row."""
        for sent in self.doc.sents:
            if any(i in self.entities for i in range(sent.start, sent.end)):
                continue
            taken: set[int] = set()
            for s, e, text in self.ln.ngrams(self.doc, sent.start, sent.end):
                if taken.intersection(range(s, e)):
                    continue
                rows = self.t.key_rows(text)
                if not rows or not any(self.toks[i].pos_ in ("PROPN", "NOUN", "NUM")
                                       for i in range(s, e)):
                    continue
                ref = RowRef(tuple(rows), Link(self.doc[s:e].text, self.t.row_name(rows[0]),
                                               "exact-text", 1.0, self.t.key_column.name,
                                               rows[0]))
                for i in range(s, e):
                    self.entities[i] = ref
                self.naming.update(range(s, e))
                self.entity_spans.append((s, e))
                taken.update(range(s, e))

    def _name_like(self, m: Mention) -> bool:
        span = self.doc[m.start:m.end]
        head = self.toks[m.head]
        if len(head.text) <= 2 or not self._has_name_evidence(span):
            return False
        if head.pos_ == "PROPN" and head.dep_ == "compound" and head.head.pos_ == "PROPN":
            return False  # inside a longer name; its last word stands for it
        runs = [] if _numbered(head) else self._title_runs(span)
        if runs and head.pos_ != "PRON" and not head.is_title and (
                head.lower_ in self.ln.generic or self.ln.value_hits(self.doc, m.head, m.head + 1)):
            # "Cotto coffee shop": a capitalized name before a generic or valued noun is a
            # name whatever the noun, and it must be the row's
            return not all(self._in_any_cell(run) for run in runs)
        if _numbered(head):
            known = self._in_any_cell(norm_text(span.text))
        else:
            known = all(self._in_any_cell(run) for run in runs or [_name_run(self.doc, head.i)])
        if known:
            return False  # every word of it is a word of the table
        in_name = head.is_title and head.i > 0 and self.toks[head.i - 1].is_title and any(
            len(run.split()) > 1 for run in runs)  # "Midsummer House": "House" is no noun
        if head.pos_ == "PRON" or (head.lower_ in self.ln.generic and not _numbered(head)
                                   and not in_name):
            return False
        if self.ln.value_hits(self.doc, m.start, m.end):
            return False
        has_number = _numbered(head) and _name_word(self.t, head.lower_)
        return any(t.pos_ == "PROPN" for t in span) or has_number or self._rare_title(head)

    def _title_runs(self, span) -> list[str]:
        """The capitalized word runs of a span that read as names ("Cotto" of "Cotto coffee
        shop", even when tagged as an adjective); a sentence's first word only when rare."""
        runs, current = [], []
        for t in span:
            capital = t.is_title and len(t.text) > 1 and (
                t.pos_ == "PROPN" or t.i != t.sent.start or self._rare_title(t))
            if capital:
                current.append(t.text)
            elif current:
                runs.append(current)
                current = []
        if current:
            runs.append(current)
        return [norm_text(" ".join(r)) for r in runs if norm_text(" ".join(r))]

    def _has_name_evidence(self, span) -> bool:
        """A capital that is not just the sentence's first word, a number, or a rare word."""
        for t in span:
            if t.like_num or self._rare_title(t):
                return True
            if t.is_title and t.i != t.sent.start and t.pos_ == "PROPN":
                return True
        return False

    def _rare_title(self, tok) -> bool:
        """A capitalized word too rare to be a common noun: a name the tagger missed."""
        if not tok.is_title or self.ln.vectors is None:
            return False
        rank = self.ln.vectors.rank(tok.lower_)
        return rank is None or rank > RARE_RANK

    def _in_any_cell(self, phrase: str) -> bool:
        """Every word of the name occurs in some cell, column name, domain value or lexicon
        entry, allowing one typo in a long word ("Crown Plaza" for "Crowne Plaza")."""
        words = [w for w in phrase.split() if w not in self.lex.name_filler_words]
        if not words:
            return True
        if any(ch.isdigit() for ch in phrase):  # "Product 7": the number must match too
            padded = f" {phrase} "  # a code in a header counts too ("5G" of "has5G")
            return "\n" not in phrase and padded in self.t.padded_cells
        vocab = self._table_vocabulary()
        return all(vocab.knows(w) for w in words)

    def _table_vocabulary(self) -> Vocabulary:
        return table_vocabulary(self.t, self.ln.domains, self.lex)

    def _about(self, m: Mention) -> bool:
        """The name is what its clause is about (subject, possessor, predicate noun, the
        object of a verb), not a place, date or event in a prepositional phrase."""
        return self.toks[m.head].dep_ not in ("pobj", "compound", "npadvmod", "nmod", "amod")

    def _name_row(self, start: int, end: int, ref: RowRef) -> None:
        """Tokens start..end name the row of ``ref`` (where no other row claimed them)."""
        for i in range(start, end):
            self.entities.setdefault(i, ref)
        self.naming.update(range(start, end))
        self.entity_spans.append((start, end))

    def _variant_of_row(self, m: Mention) -> int | None:
        """A near spelling of a row's name (a letter or two apart, or its plural), with the
        same numbers ("Product 7" is no spelling of "Product 1")."""
        said = norm_text(m.text(self.doc))
        digits = _DIGITS.findall(said)
        names = self.t.names.norm
        near = sorted(int(r) for r in self.t.names.near(said, MAX_VARIANT_ROWS))
        return next((r for r in near
                     if SequenceMatcher(None, said, names[r]).ratio() >= VARIANT_RATIO
                     and _DIGITS.findall(names[r]) == digits), None)

    def _beside_a_row(self, m: Mention) -> bool:
        """The mention's sentence names a row of the table."""
        sent = self.toks[m.head].sent
        return any(i in self.naming for i in range(sent.start, sent.end))

    def _unknown_entity(self, m: Mention) -> HypothesisResult:
        """A name that competes with the table's rows (its sentence names none of them, or
        the catalog is closed-world): the statement is about something the table lacks."""
        text = m.text(self.doc)
        names = ", ".join(self.t.key_column.raw[:5])
        return self._result(m, "entity", Outcome(
            REFUTED, "entity not in table",
            f"{text!r} names no row of the table (rows: {names})",
            columns=[self.t.key_column.name]), None)

    def row_of(self, token: int, head: int | None = None) -> RowRef | None:
        """The entity a claim is about: an entity in its own "for/of X" phrase, its clause's
        subject or possessor, else the nearest entity mention before it, else the only row."""
        tok = self.toks[token]
        if head is not None:
            for c in self.toks[head].children:  # "Product 2's 21 days"
                if c.dep_ == "poss" and c.i in self.entities:
                    return self.entities[c.i]
            for prep in self.toks[head].children:
                if prep.dep_ == "prep" and prep.lower_ in self.lex.owner_prepositions:
                    for obj in prep.children:
                        if obj.i in self.entities:
                            return self.entities[obj.i]
        for node in (tok, *tok.ancestors):
            if node.i in self.entities and node.i != head:
                return self.entities[node.i]
            for child in node.children:
                if child.dep_ in _ENTITY_DEPS and child.i in self.entities:
                    return self.entities[child.i]
                if child.dep_ in _ENTITY_DEPS:  # "the black Acer laptop, Product 2, is ..."
                    appos = [a for a in child.children if a.dep_ == "appos"
                             and a.i in self.entities]
                    if appos:
                        return self.entities[appos[0].i]
        before = [i for i in self.entities if i < token]
        if before:
            return self.entities[max(before)]
        after = [i for i in self.entities if i > token and self.toks[i].sent == tok.sent]
        if after:
            return self.entities[min(after)]
        if self.t.n_rows == 1:
            return RowRef((0,), Link(self.t.row_name(0), self.t.row_name(0), "only-row", 1.0,
                                     self.t.key_column.name, 0))
        return None

    # -- main --------------------------------------------------------------------------
    def run(self) -> list[HypothesisResult]:
        results = self._link_entities()
        seen: dict[tuple, list[int]] = {}
        for m in self._claim_mentions():
            if len(results) >= self.max_hypotheses:
                break
            ref = self.row_of(m.anchor, m.head)
            if m.role == "superlative" and _degree_word_of_adjective(self.toks[m.head]):
                continue  # "most" of "most expensive": the adjective's rule checks it
            if m.role == "superlative" and _bound_idiom(self.toks[m.head]):
                continue  # "at least three players": a bound on a number, no superlative
            if m.role == "comparison":
                outcome = self._comparison(m, ref)
            elif m.role == "superlative":
                outcome = self._superlative(m, ref)
            else:
                outcome = self._fact(m, ref)
            if outcome is not None:
                found = self._result(m, "fact" if m.role in ("attribute", "value")
                                     else m.role, outcome, ref)
                same = seen.setdefault((found.kind, found.verdict, found.explanation), [])
                at = next((i for i in same if _adjacent(results[i].span, found.span)), None)
                if at is None:  # new, or the same check said again elsewhere: marked there too
                    same.append(len(results))
                    results.append(found)
                else:
                    # one check from the pieces of one phrase ("Kettle" and "Crow" of
                    # "Kettle & Crow"), or two rules on the same words: reported once, over
                    # the whole phrase
                    a, b = results[at].span, found.span
                    lo, hi = min(a[0], b[0]), max(a[1], b[1])
                    if (lo, hi) != a:
                        results[at] = replace(results[at], span=(lo, hi),
                                              text=self.doc.text[lo:hi])
        return results

    def _claim_mentions(self) -> list[Mention]:
        """Non-entity mentions, minus those inside an entity or inside a larger mention."""
        cands = [m for m in (*self.ex.mentions, *self.described)
                 if m.role not in ("entity",) and m.head not in self.naming
                 and (m.rule.id not in VERB_RULES
                      or stem(self.toks[m.head].lemma_.lower()) in self._bool_stems)
                 and self.toks[m.head].pos_ != "PRON"
                 and not any(s <= m.start and m.end <= e for s, e in self.entity_spans)]
        keep = []
        for m in cands:
            inside = any(o is not m and o.role == m.role or o.role in ("attribute", "value")
                         and m.role in ("attribute", "value")
                         for o in cands if o is not m and o.start <= m.start and m.end <= o.end
                         and (o.end - o.start) > (m.end - m.start)
                         and o.rule.id not in VERB_RULES)  # "low rated": 'low' still counts
            if not inside or m.role in ("comparison", "superlative"):
                keep.append(m)
        return keep

    def _hit_negated(self, h: Hit, m: Mention) -> bool:
        """A negation inside the mention applies to the value it modifies ("no children
        friendly coffee shop" negates friendly, not coffee shop); a negated verb to all."""
        inside = [self.toks[i] for i in range(m.start, m.end) if self._is_negation(self.toks[i])]
        inside += self._noun_phrase_negations(m)
        if inside:
            return any(self._negation_target(n, m) == (h.start, h.end) for n in inside)
        if h.start <= m.head < h.end and any(
                self.toks[i].pos_ in ("ADJ", "NOUN", "PROPN", "VERB")
                and self.toks[i].dep_ in ("amod", "compound", "nmod", "npadvmod")
                for i in range(m.start, h.start)):
            return False  # "is not a family-friendly restaurant": the modifier is denied
        return self._verb_negated(m)

    def _noun_phrase_negations(self, m: Mention) -> list:
        """Negations of the noun phrase left of the mention's words: "a not so children
        friendly coffee shop" (attached to the noun, or to its article)."""
        head = self.toks[m.head]
        out = [c for c in head.children if c.dep_ == "neg" and c.i < m.start]
        for det in head.children:
            if det.dep_ == "det" and det.i < m.start:
                out += [c for c in det.children
                        if c.lower_ in self.lex.negation_noun_phrase and c.i < m.start]
        return out

    def _negation_target(self, neg, m: Mention) -> tuple[int, int] | None:
        """The hit a negation word inside a mention negates: the one starting at the next
        word ("non family-friendly coffee shop" negates family-friendly, not coffee shop)."""
        j = neg.i + 1
        while j < m.end and (self.toks[j].is_punct or self.toks[j].lower_ in _DEGREE_ADVERBS):
            j += 1
        for h in self.ln.value_hits(self.doc, m.start, m.end):
            if h.start <= j < h.end:
                return h.start, h.end
        return None

    def negated(self, m: Mention) -> bool:
        """A negation word in the mention, or a negated governing verb (not across conj or
        into the subject's clause).  "Neither" determining a subject quantifies it:
        "Neither Optiq camera is waterproof" denies the predicate, not the brand."""
        subject = self.toks[m.head].dep_ in ("nsubj", "nsubjpass")
        if any(self._is_negation(self.toks[i])
               and not (subject and self.toks[i].lower_ in self.lex.negation_subject_determiners
                        and self.toks[i].head.i == m.head)
               for i in range(m.start, m.end)) or self._noun_phrase_negations(m):
            return True
        return self._verb_negated(m)

    def _is_negation(self, tok) -> bool:
        """A negation word, but not the "not" of "not only ... but also"."""
        if tok.lower_ not in self.negations:
            return False
        nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
        return not (nxt is not None and nxt.lower_ in self.lex.negation_cancellers)

    def _verb_negated(self, m: Mention) -> bool:
        """Walk up from the head to its verb; a prepositional adjunct of a verb that has its
        own complement is outside the negation ("is not family-friendly in the centre")."""
        found = self._negated_heads.get(m.head)
        if found is None:
            found = self._negated_heads[m.head] = self._walk_negated(m)
        return found

    def _walk_negated(self, m: Mention) -> bool:
        node = self.toks[m.head]
        while True:
            subject = node.dep_ in ("nsubj", "nsubjpass")  # "Neither camera is ..."
            if any((c.dep_ == "neg" or c.lower_ in self.negations and (
                        c.dep_ == "advmod" or c.dep_ == "det"
                        and not (subject and c.lower_ in self.lex.negation_subject_determiners)))
                   and self._is_negation(c) for c in node.children):
                return True
            if node.lower_ in self.lex.negating_heads:
                return True
            if node.pos_ in ("VERB", "AUX") and any(
                    c.dep_ in ("nsubj", "nsubjpass") and c.i != m.head and any(
                        d.lower_ in self.lex.negation_subject_quantifiers for d in c.children)
                    for c in node.children):
                return True  # "Neither camera is waterproof" (the predicate, not the subject)
            stop = node.pos_ in ("VERB", "AUX") and node.i != m.head
            if stop or node.head.i == node.i or node.dep_ in (
                    "conj", "nsubj", "nsubjpass", "csubj", "appos"):
                return False
            if node.dep_ == "prep" and node.head.pos_ != "ADJ" and not (
                    node.head.pos_ in ("VERB", "AUX") and not any(
                        c.dep_ in ("acomp", "attr", "dobj", "oprd") for c in node.head.children)):
                return False
            node = node.head

    # -- facts -------------------------------------------------------------------------
    def _fact(self, m: Mention, ref: RowRef | None) -> Outcome | None:
        head = self.toks[m.head]
        if m.rule.id in VERB_RULES:
            return self._verb_bool(m, ref)
        if head.tag_ in _DEGREE_TAGS and not _bounds_number(head):
            return None
        if _partitive(head) or _out_of_tail(self.doc, m.start):
            return None
        if any(c.lower_ in _DEGREE_WORDS and not _bounds_number(c) for c in head.children):
            return None  # "the most expensive": a superlative, checked as one ("less than
            # £20" bounds a number: a value)
        neg = self.negated(m)
        hits = [self._named_by_clause(h, m)
                for h in self.ln.value_hits(self.doc, m.start, m.end) if h.col != self.t.key]
        outcomes = [self._hit_outcome(h, ref, self._hit_negated(h, m)) for h in hits]
        covered = {i for h in hits for i in range(h.start, h.end)}
        rest = [i for i in range(m.start, m.end) if i not in covered]
        typed = self._typed_modifiers(m, rest, ref, self.negated(m))
        outcomes.extend(typed)
        attr = self._attribute(m, rest)
        q = self.ln.quantity(self.doc, m.start, m.end)
        op = self.ln.bound(self.doc, q[1]) if q is not None else "="
        if q is not None and q[1] <= m.head < q[2]:
            named = self._governing_column(m)  # "a comfort rating of 4.2", "weighs 250 lbs"
            if named is not None:
                return self._attribute_outcome(m, named, ref, self.negated(m), rest)
            if attr is None:
                attr = self._clause_attribute(m)  # "100 nits of brightness", "rated 4.5 for X"
        q_checked = False
        if attr is None and hits and rest:
            flagged = self._schema_flag(m, rest)
            if flagged is not None:
                outcomes.append(flagged)
        if attr is not None and attr[0].kind == "bool":
            if head.dep_ in ("nsubj", "nsubjpass") and head.head.i != head.i:
                # "Children are not allowed", "kids are welcome": the predicate's polarity
                neg = neg or any(c.dep_ == "neg" for c in head.head.children)
            outcomes.append(self._bool_outcome(attr, ref, neg, m))
        elif attr is not None and (not hits or q is not None):
            outcomes.append(self._attribute_outcome(m, attr, ref, neg, rest))
        elif not hits:
            found = self._quantity_outcome(q[0], ref, m, op, q[2]) if q is not None else None
            if found is None and q is None:
                found = self._degree_outcome(rest, ref, neg)
            if found is None and q is None and head.pos_ == "PROPN":
                # a name as a value: the column its predicate names ("born in Paris")
                named = self._predicate_column(m)
                if named is not None and ref is not None:
                    col, method, score, phrase = named
                    r = ref.rows[0]
                    claimed = norm_text(m.text(self.doc))
                    link = Link(phrase, col.name, method, score, col.name)
                    ok = self._equivalent(claimed, col, r) or self._similar(claimed, col.norm[r])
                    if ok or (self._comparable_values(claimed, col, r)
                              and (self._comparable(claimed, col)
                                   or len(_cell_parts(col.raw[r])) == 1
                                   and len(col.norm[r].split()) <= 3)):
                        found = self._compared(col, r, claimed, ok != neg, neg, link)
                    else:  # "the Summer of 2017" against a date: another kind of value
                        found = Outcome(UNVERIFIABLE, "value not comparable",
                                        f"{col.name} of {self.t.row_name(r)} is {col.raw[r]}; "
                                        f"cannot compare with {claimed!r}", link)
            if found is None:
                found = self._schema_flag(m) or self._unlinked(m, rest, neg)
            outcomes.append(found)
        elif q is not None and not any(h.start <= q[1] < h.end for h in hits):
            # "a 24.1-megapixel 1-inch sensor": the number the hits did not cover
            outcomes.append(self._quantity_outcome(q[0], ref, m, op, q[2]))
            q_checked = True
        if hits:  # "a 24.1-megapixel 1-inch sensor": numbers the hits did not cover
            for s, e in _runs(rest):
                if q_checked and s <= q[1] < e or not any(
                        self.toks[i].like_num or any(ch.isdigit() for ch in self.toks[i].text)
                        for i in range(s, e)):
                    continue
                extra = self.ln.quantity(self.doc, s, e)
                if extra is not None:
                    outcomes.append(self._quantity_outcome(
                        extra[0], ref, m, self.ln.bound(self.doc, extra[1])))
        return _combine([o for o in outcomes if o is not None])

    def _named_by_clause(self, h: Hit, m: Mention) -> Hit:
        """A catalog value this table has no column for ("low") whose clause names the
        column ("it is rated low", "its customer rating is low"): the attribute is stated,
        so its absence from the table is a fabrication, not an ambiguity.  A level word
        follows the subject it is said of ("the prices are low": price, not rating)."""
        verb = self.toks[m.anchor]
        if h.value in self.ln.level_words and verb.lemma_ in self.lex.copula_lemmas:
            subject = {stem(c.lower_) for c in verb.children
                       if c.dep_ == "nsubj" and c.i not in self.naming and c.pos_ == "NOUN"}
            if subject:
                h = self.ln.level_redirect(h, subject)
        if h.col is not None or h.named:
            return h
        words = [norm_text(a) for key in (verb.lemma_.lower(), verb.lower_)
                 for a in self.lex.verb_attributes.get(key, ())]
        if verb.lemma_ in self.lex.copula_lemmas:
            words += [norm_text(" ".join(t.text for t in c.subtree if t.dep_ != "poss"))
                      for c in verb.children if c.dep_ == "nsubj" and c.i not in self.naming]
        if any(stems(w) >= stems(h.column) for w in words if w):
            return replace(h, named=True)
        return h

    def _typed_modifiers(self, m: Mention, rest: list[int], ref: RowRef | None,
                         neg: bool = False) -> list[Outcome]:
        """Modifiers no cell holds, compared with the column whose values they resemble
        ("a sleek gold finish" against color silver; "a canister vacuum" against type
        upright): GloVe similarity to the column's values above ``type_threshold``."""
        if ref is None or self.ln.vectors is None:
            return []
        out = []
        r = ref.rows[0]
        head = self.toks[m.head]
        if head.lower_ in self.ln.generic or head.lemma_.lower() in self.ln.generic:
            return []
        named = self.ln.column_named(norm_text(head.text)) or self.ln.column_named(
            norm_text(head.lemma_))
        if named is not None and named[0].index != self.t.key and named[0].kind == "text":
            return []  # "an Intel processor": its modifiers are the processor's, compared there
        for i in rest:
            tok = self.toks[i]
            predicate = i == head.i and tok.dep_ in ("attr", "oprd") and tok.pos_ == "NOUN"
            if not predicate and (
                    not _modifies(tok, head) or tok.dep_ not in ("amod", "compound", "nmod")
                    or tok.pos_ not in ("ADJ", "NOUN", "PROPN") or tok.tag_ in _DEGREE_TAGS):
                continue
            word = norm_text(tok.text)
            prev = self.toks[i - 1] if i > 0 else None
            glued = prev is not None and not prev.whitespace_ and prev.like_num
            coded = self._coded_value(norm_text(prev.text + tok.text) if glued else word, r, tok)
            if coded is not None:
                out.append(coded)
                continue
            if (word in self.ln.generic or word in self.negations or self._names_column(word)
                    or word in self.ln.synonyms or word in self.lex.comparatives
                    or word in self.lex.generic_comparatives or tok.like_num
                    or word in UNIT_OF or any(ch.isdigit() for ch in word)):
                continue
            best = self._resembled_column(word)
            if best is None or predicate and best[2] < PREDICATE_TYPE_THRESHOLD:
                continue  # a predicate noun is often a broader word ("an eatery"): ask more
            col, value, score = best
            holds = (self._equivalent(word, col, r) or word in col.norm[r].split()) != neg
            if not holds and score < self.ln.threshold and len(_cell_parts(col.raw[r])) > 1:
                # a list ("Nu metal, rap metal") is not contradicted by a word that only
                # resembles its items ("music", "business"): no contradiction
                out.append(Outcome(
                    UNVERIFIABLE, "value not comparable",
                    f"{col.name} of {self.t.row_name(r)} is {col.raw[r]}; {tok.text!r} only "
                    f"resembles its values ({score:.2f})",
                    Link(tok.text, col.name, "glove-type", score, col.name)))
                continue
            out.append(Outcome(
                SUPPORTED if holds else REFUTED, "value matches" if holds else "value differs",
                f"{col.name} of {self.t.row_name(r)} is {col.raw[r]}; the text says {tok.text}",
                Link(tok.text, col.name, "glove-type", score, col.name),
                Link(tok.text, value, "glove-type", score, col.name, r),
                self._cells(col, (r,)), [col.name], {"tokens": [tok.i]}))
        return out

    def _coded_value(self, word: str, r: int, tok) -> Outcome | None:
        """A code such as "8K", "1080p", "IPX7" against the one column whose cells are codes
        of the same shape (digits and letters in the same order): "8K" vs "4K"."""
        shape = _shape(word)
        if shape is None:
            return None
        cols = [c for c in self.t.columns if c.kind != "bool" and c.index != self.t.key
                and any(_shape(v) == shape for v in c.dictionary)]
        if len(cols) != 1:
            return None
        col = cols[0]
        holds = word in col.norm[r].split()
        said = word.upper() if tok.text.isupper() else word
        return Outcome(SUPPORTED if holds else REFUTED,
                       "value matches" if holds else "value differs",
                       f"{col.name} of {self.t.row_name(r)} is {col.raw[r]}; "
                       f"the text says {said}",
                       Link(said, col.name, "code-shape", 0.9, col.name),
                       Link(said, col.raw[r], "code-shape", 0.9, col.name, r),
                       self._cells(col, (r,)), [col.name])

    def _names_column(self, word: str) -> bool:
        """The word is a word of some column's name, plural or not ("bedroom": Bedrooms)."""
        return any(word in c.words.split() for c in self.t.columns) or \
            stem(word) in self._column_stems

    @cached_property
    def _column_stems(self) -> frozenset[str]:
        return frozenset(stem(w) for c in self.t.columns for w in c.words.split())

    def _resembled_column(self, word: str) -> tuple[Column, str, float] | None:
        """The text column (not the key) whose values are most like the word."""
        key = ("resembled", word)
        if key not in self.ln.memo:
            self.ln.memo[key] = self._most_resembled(word)
        return self.ln.memo[key]

    def _most_resembled(self, word: str) -> tuple[Column, str, float] | None:
        best = None
        for col in self.t.columns:
            if col.index == self.t.key or col.kind != "text":
                continue
            values = sorted(v for v in set(col.dictionary) | self.ln.domains.values.get(
                col.words, set()) if " " not in v and v in self.ln.vectors)
            i, score = self.ln.vectors.best(word, values)
            if i >= 0 and score >= self.type_threshold and (best is None or score > best[2]):
                best = (col, values[i], score)
        return best

    def _clause_attribute(self, m: Mention) -> tuple[Column, str, float, str] | None:
        """The column a number's clause names: "100 nits of brightness", "rated 4.5 for
        cooking evenness", "a 24-inch screen"."""
        head = self.toks[m.head]
        cands = [g for c in head.children if c.dep_ == "prep" for g in c.children
                 if g.dep_ == "pobj"]
        if head.dep_ in ("nummod", "npadvmod", "quantmod") and head.head.pos_ == "NOUN":
            cands.append(head.head)
        anchor = self.toks[m.anchor]
        for c in anchor.children:
            if c.dep_ == "prep" and c.i not in range(m.start, m.end):
                cands.extend(g for g in c.children if g.dep_ == "pobj")
        for tok in cands:
            if tok.pos_ not in ("NOUN", "PROPN") or m.start <= tok.i < m.end:
                continue
            s, e = self._noun_span(tok)
            for phrase in (norm_text(self.doc[s:e].text), norm_text(tok.lemma_)):
                found = self.ln.column_named(phrase)
                if found is not None and found[0].index != self.t.key and found[0].kind == "number":
                    return (*found, phrase)
        return None

    def _governing_column(self, m: Mention) -> tuple[Column, str, float, str] | None:
        """The numeric column a number's governor names: the noun it is "of" ("a comfort
        rating of 4.2") or the measure verb it is the object of ("weighs 250 lbs")."""
        tok = self.toks[m.head]
        if tok.dep_ == "pobj" and tok.head.lower_ in self.lex.measure_prepositions and \
                tok.head.head.pos_ == "NOUN":
            noun = tok.head.head
            s, e = self._noun_span(noun)
            for phrase in (norm_text(self.doc[s:e].text), norm_text(noun.lemma_)):
                found = self.ln.column_named(phrase)
                if found is not None and found[0].kind == "number" and found[0].index != self.t.key:
                    return (*found, phrase)
        verb = self.toks[m.anchor]
        if verb.lemma_ in self.lex.copula_lemmas and tok.dep_ in ("attr", "acomp") \
                and tok.head.i == verb.i:
            found = self._subject_column(verb)  # "its ease of assembly score is 4.1"
            if found is not None:
                return found
        hints = self.lex.verb_attributes.get(verb.lemma_.lower())
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if any(c.i not in self.entities and c.pos_ != "PRON" for c in subjects):
            hints = None  # "its replacement filters cost $19.99": not the product's price
        if hints and tok.dep_ in ("dobj", "npadvmod", "attr", "advmod") and tok.head.i == verb.i:
            found = self.ln.column_by_hint(hints)
            if found is not None and found[0].kind == "number":
                return (*found, verb.lemma_)
        return None

    def _predicate_column(self, m: Mention) -> tuple[Column, str, float, str] | None:
        """The text column a value's predicate names: the verb with its preposition ("born
        in" -> birth place, through the lexicon's verb_attributes), or the verb itself."""
        tok = self.toks[m.head]
        prep = tok.head if tok.dep_ == "pobj" and tok.head.dep_ == "prep" else None
        verb = prep.head if prep is not None else tok.head
        if verb.i == tok.i or verb.pos_ not in ("VERB", "AUX", "ADJ"):
            return None
        words = [w for w in (verb.lower_, verb.lemma_.lower()) if w]
        keys = [f"{w} {prep.lower_}" for w in words] if prep is not None else []
        for key in (*keys, *words):
            hints = self.lex.verb_attributes.get(key)
            found = self.ln.column_by_hint(hints) if hints else self.ln.column_named(key)
            if found is not None and found[0].kind == "text" and found[0].index != self.t.key:
                return (*found, key)
        return None

    def _subject_column(self, verb) -> tuple[Column, str, float, str] | None:
        """The numeric column a copula's non-entity subject names, with its of-phrase."""
        for subj in verb.children:
            if subj.dep_ != "nsubj" or subj.i in self.naming or subj.pos_ == "PRON":
                continue
            if any(t.lower_ in _AGGREGATE_WORDS for t in subj.subtree):
                continue  # "the average rating is 4.5": an aggregate, not a cell
            words = [t for t in subj.subtree if t.dep_ not in ("poss", "case", "det")
                     and not any(a.dep_ == "poss" for a in t.ancestors if a.i != subj.i)]
            phrase = norm_text(" ".join(t.text for t in words))
            for p in (phrase, norm_text(subj.lemma_)):
                found = self.ln.column_named(p)
                if found is not None and found[0].kind == "number" and found[0].index != self.t.key:
                    return (*found, p)
        return None

    def _clause_quantity(self, m: Mention):
        """A number attached to an attribute mention: "a rating of 4.5", "rated at 4.5"."""
        head = self.toks[m.head]
        for prep in head.children:
            if prep.dep_ != "prep" or prep.lower_ not in self.lex.clause_prepositions:
                continue  # "to": "rooms up to 450 sq ft"
            for obj in prep.children:
                if obj.dep_ == "pobj" and not _partitive(obj) and not _group_phrase(obj):
                    s, e = obj.left_edge.i, obj.right_edge.i + 1
                    q = self.ln.quantity(self.doc, s, e)
                    if q is not None:
                        return q
        return None

    def _attribute(self, m: Mention, rest: list[int]) -> tuple[Column, str, float, str] | None:
        doc = self.doc
        phrases = [norm_text(doc[m.start:m.end].text)]
        nouns = [i for i in rest if self.toks[i].pos_ in ("NOUN", "PROPN", "ADJ", "VERB")
                 and self.toks[i].lower_ not in self.negations]  # "non child friendly"
        if nouns:
            phrases.append(norm_text(" ".join(doc[i].text for i in nouns)))
            phrases.append(norm_text(" ".join(doc[i].lemma_ for i in nouns)))
        phrases.append(norm_text(doc[m.head].text))
        phrases.append(norm_text(doc[m.head].lemma_))
        # word pairs of the uncovered words: "kid friendly" of "a kid friendly highly rated
        # English coffee shop" (its cells: English, coffee shop)
        phrases += [norm_text(f"{self.toks[a].text} {self.toks[b].text}")
                    for a, b in zip(nouns, nouns[1:], strict=False) if b == a + 1]
        for phrase in dict.fromkeys(p for p in phrases if p):
            for spelling in (phrase, *sorted(self.ln.synonyms.get(phrase, ()))):
                found = self.ln.column_named(spelling)
                if found is not None and found[0].index != self.t.key:
                    return (*found, phrase)
        return self._verb_named_column(m, phrases[0])

    def _verb_bool(self, m: Mention, ref: RowRef | None) -> Outcome | None:
        """A yes/no column every word of which the verb phrase says: "does not fold" against
        ``foldable``, "shuts off automatically" against ``auto shut-off``."""
        verb = self.toks[m.head]
        if ref is None or any(c.dep_ in ("dobj", "attr", "acomp", "oprd", "ccomp", "xcomp")
                              for c in verb.children):
            return None  # a verb with an object states something else ("folds the seat")
        said = [verb] + [c for c in verb.children if c.dep_ in ("prt", "advmod")
                         and c.lower_ not in self.negations]
        words = {stem(t.lemma_.lower()) for t in said} | {stem(t.lower_) for t in said}
        for col in self.t.columns:
            if col.kind != "bool" or col.index == self.t.key:
                continue
            need = {stem(w) for w in col.words.split()}
            if stem(verb.lemma_.lower()) in need and all(
                    any(w == n or len(n) >= 4 and (w.startswith(n) or n.startswith(w))
                        for w in words) for n in need):
                phrase = " ".join(t.text for t in sorted(said, key=lambda t: t.i))
                return self._bool_outcome((col, "verb", 0.9, phrase), ref,
                                          self._verb_negated(m), m)
        return None

    def _verb_named_column(self, m: Mention, phrase: str) -> tuple[Column, str, float, str] | None:
        """A yes/no column named by the object and its verb together: "includes breakfast"
        names ``breakfast included``, "comes with a remote" names ``remote included``."""
        verb = self.toks[m.anchor]
        if verb.pos_ not in ("VERB", "AUX"):
            return None
        words = stems(f"{phrase} {verb.lemma_.lower()}")
        for col in self.t.columns:
            if col.kind == "bool" and col.index != self.t.key:
                need = stems(col.words)
                if len(need) > 1 and need <= words:
                    return col, "verb+object", 0.9, f"{verb.lemma_} {phrase}"
        return None

    def _hit_outcome(self, h: Hit, ref: RowRef | None, neg: bool) -> Outcome:
        value = Link(h.text, h.value, h.method, h.score, h.column)
        if h.col is None:
            if not h.named:
                return Outcome(UNVERIFIABLE, "ambiguous value",
                               f"{h.text!r} may describe several attributes; the table has no "
                               f"{h.column} column", value=value)
            return Outcome(REFUTED, "attribute not in table",
                           f"the text states {h.column} {h.text!r}, but the table has no "
                           f"{h.column} column", value=value, columns=[])
        col = self.t.columns[h.col]
        attr = Link(h.column, col.name, "value-column", 1.0, col.name)
        if ref is None:
            ok = bool(h.rows) != neg
            return Outcome(SUPPORTED if ok else REFUTED, "row unresolved; checked all rows",
                           f"{col.name} {h.text!r} {'appears' if h.rows else 'does not appear'}"
                           " in the table", attr, value, self._cells(col, h.rows), [col.name])
        r = ref.rows[0]
        holds = r in h.rows or self._equivalent(h.value, col, r)
        found = col.raw[r]
        who = self.t.row_name(r)
        if holds != neg:
            return Outcome(SUPPORTED, "value matches",
                           f"{col.name} of {who} is {found}" + ("; the text says it is not "
                                                                f"{h.text}" if neg else ""),
                           attr, value, self._cells(col, (r,)), [col.name],
                           {"tokens": list(range(h.start, h.end))})
        if not self._comparable_values(h.value, col, r):
            relative = self._relative_level(h.value, col, r, neg, attr, said=h.text)
            if relative is not None:
                return relative
            return Outcome(UNVERIFIABLE, "value not comparable",
                           f"{col.name} of {who} is {found}; cannot compare with {h.text!r}",
                           attr, value, self._cells(col, (r,)), [col.name])
        if neg:
            return Outcome(REFUTED, "negated value holds",
                           f"{col.name} of {who} is {found}; the text says it is not",
                           attr, value, self._cells(col, (r,)), [col.name])
        others = [o for o in h.rows if o != r]
        reason = "value belongs to another row" if others else "value differs"
        owner = f" ({h.text} is {self.t.row_name(others[0])}'s)" if others else ""
        return Outcome(REFUTED, reason,
                       f"{col.name} of {who} is {found or 'empty'}; the text says "
                       f"{h.text}{owner}", attr, value,
                       self._cells(col, (r, *others[:2])), [col.name])

    def _equivalent(self, claimed: str, col: Column, r: int) -> bool:
        """Claimed value equals the cell, or one value of a multi-valued cell, up to synonyms
        and levels ("expensive" = "high", "low" = "1 out of 5")."""
        return any(self._same(claimed, part, col) for part in _cell_parts(col.raw[r]))

    def _same(self, claimed: str, cell: str, col: Column | None = None) -> bool:
        if not cell:
            return False
        if claimed == cell or claimed in self.ln.synonyms.get(cell, ()):
            return True
        level_claim, level_cell = self._level(claimed), self._level(cell, col)
        if level_claim is not None and level_cell is not None and level_claim == level_cell:
            return True
        return f" {claimed} " in f" {cell} " and len(claimed) > 3

    def _comparable_values(self, claimed: str, col: Column, r: int) -> bool:
        """A word against a number or range ("cheap" vs "less than £20") cannot be judged."""
        cell_digits = any(ch.isdigit() for ch in col.raw[r])
        claim_digits = any(ch.isdigit() for ch in claimed)
        if cell_digits == claim_digits:
            return True
        return self._level(claimed) is not None and self._level(col.raw[r].lower(), col) is not None

    def _level(self, value: str, col: Column | None = None) -> int | None:
        """Position of a value on an ordered scale: words of the lexicon, "N out of M", open
        ranges ("less than £20" low, "more than £30" high) and, in a column whose values
        include both open ends, a closed range between them ("£20-25") in the middle."""
        q = parse_quantity(value)
        if q is not None and q.unit and (q.unit.startswith(OUT_OF_LABEL)
                                         or q.unit in self.lex.rating_units):
            scale = float(q.unit.split()[-1]) if q.unit.startswith(OUT_OF_LABEL) else 5.0
            frac = q.value / scale
            return 0 if frac <= 0.4 else 2 if frac >= 0.8 else 1
        if self.lex.starts("open_range_low").match(value):
            return 0  # the open low end of a scale of ranges
        if self.lex.starts("open_range_high").match(value):
            return 2
        if col is not None and self._open_ended(col):
            code = col.code_of(value)
            raw = col.raw[int(np.argmax(col.codes == code))].lower() if code >= 0 else value
            if _cell_range(raw) is not None:  # normalizing drops the hyphen of "£20-25"
                return 1
        for words in self.lex.levels.values():
            for i, w in enumerate(words):
                group = self.ln.synonyms.get(w, frozenset((w,)))
                if value == w or value in group:
                    return i
        return None

    def _open_ended(self, col: Column) -> bool:
        """The column's values (here and across the catalog) have an open low end and an
        open high end, so its closed ranges sit between them."""
        found = self._open_ends.get(col.index)
        if found is None:
            values = set(col.dictionary) | self.ln.domains.values.get(col.words, set())
            found = self._open_ends[col.index] = (
                any(self.lex.starts("open_end_low").match(v) for v in values)
                and any(self.lex.starts("open_end_high").match(v) for v in values))
        return found

    def _bool_outcome(self, attr, ref: RowRef | None, neg: bool, m: Mention) -> Outcome:
        col, method, score, phrase = attr
        claimed = not neg
        link = Link(phrase, col.name, method, score, col.name)
        rows = ref.rows[:1] if ref else tuple(range(self.t.n_rows))
        values = col.bools[list(rows)]
        if np.all(values < 0):
            return Outcome(UNVERIFIABLE, "cell is not a yes/no value",
                           f"{col.name} is not recorded as yes/no", link, columns=[col.name])
        holds = bool(np.any(values == int(claimed))) if ref is None else bool(
            values[0] == int(claimed))
        who = self.t.row_name(rows[0]) if ref else "any row"
        said = f"{'not ' if neg else ''}{phrase}"
        return Outcome(SUPPORTED if holds else REFUTED,
                       "value matches" if holds else "negation" if neg or not claimed
                       else "value differs",
                       f"{col.name} of {who} is {col.raw[rows[0]]}; the text says {said}",
                       link, None, self._cells(col, rows[:1]), [col.name])

    def _attribute_outcome(self, m, attr, ref: RowRef | None, neg: bool,
                           rest: list[int]) -> Outcome | None:
        col, method, score, phrase = attr
        link = Link(phrase, col.name, method, score, col.name)
        q = self.ln.quantity(self.doc, m.start, m.end) or self._clause_quantity(m)
        if q is not None and col.kind == "number":
            found = self._number_against(q[0], col, ref, link, self.ln.bound(self.doc, q[1]),
                                         end=q[2])
            upper = self._range_end(q[2])
            if upper is not None and found.verdict != REFUTED:
                # "two to six players": the range's other end is claimed too
                found = _combine([found, self._number_against(
                    Quantity(upper, q[0].unit), col, ref, link)]) or found
            return found
        if ref is None:
            return None
        r = ref.rows[0]
        if q is not None:
            on_scale = self._level_outcome(q[0], col, r, link)
            if on_scale is not None:
                return on_scale  # "a rating of 3 out of 5" against "low"
            cell_q = parse_quantity(col.raw[r])
            if cell_q is not None and (_units_compatible(q[0].unit, cell_q.unit)
                                       or same_family(q[0].unit, cell_q.unit)):
                # a column of words and amounts ("lifetime", "2 years"): this row's amount
                ok = quantities_equal(q[0], cell_q) or (
                    same_family(q[0].unit, cell_q.unit)
                    and abs(to_base(q[0]) - to_base(cell_q)) <= 1e-6 * max(1.0, to_base(cell_q)))
                return self._compared(col, r, str(q[0]), ok != neg, neg, link,
                                      differs="number differs")
        cell = col.norm[r]
        words = [self.toks[i] for i in rest if self.toks[i].pos_ in ("ADJ", "NUM", "ADV")
                 and self.toks[i].tag_ not in _DEGREE_TAGS
                 and norm_text(self.toks[i].text) not in col.words.split()]
        who = self.t.row_name(r)
        if not words and col.kind == "text":
            named = self._named_value(m, col, r, rest, link, neg)
            if named is not None:
                return named
        if not words:
            present = not _states_absence(cell)
            ok = present != neg
            if ok and not neg and not self._had(m, col):
                # naming an attribute ("the solo producer", "its lowest elevation") says
                # nothing checkable of it; only having it ("has a pool") is a claim
                return Outcome(UNVERIFIABLE, "attribute named, nothing said of it",
                               f"{col.name} of {who} is {col.raw[r] or 'empty'}; the text "
                               f"names it without a value", link, columns=[col.name])
            return Outcome(SUPPORTED if ok else REFUTED,
                           "attribute present" if ok else "attribute absent",
                           f"{col.name} of {who} is {col.raw[r] or 'empty'}", link, None,
                           self._cells(col, (r,)), [col.name])
        claimed = norm_text(" ".join(w.text for w in words))
        if self._equivalent(claimed, col, r) or self._similar(claimed, cell):
            ok = not neg
        else:
            comparable = self._comparable(claimed, col) and self._comparable_values(
                claimed, col, r)
            if not comparable:
                relative = self._relative_level(claimed, col, r, neg, link)
                if relative is not None:
                    return relative
                return Outcome(UNVERIFIABLE, "value not comparable",
                               f"{col.name} of {who} is {col.raw[r]}; cannot compare with "
                               f"{claimed!r}", link, None, self._cells(col, (r,)), [col.name])
            ok = neg
        return self._compared(col, r, claimed, ok, neg, link)

    def _had(self, m: Mention, col: Column) -> bool:
        """The mention says the row has the attribute, and names nothing but it: the object
        of a possession verb or of "with", or a possessed noun, whose content words are all
        words of the column ("has a pool", not "was given the death penalty")."""
        head = self.toks[m.head]
        if m.rule.id not in FEATURE_RULES and not _stated_feature(head, self.lex.verb_attributes):
            return False
        names = set(col.words.split())
        return all(norm_text(t.text) in names or norm_text(t.lemma_) in names
                   or stem(norm_text(t.lemma_)) in {stem(w) for w in names}
                   for t in self.doc[m.start:m.end]
                   if t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM") and t.lower_ not in self.ln.generic)

    def _degree_direction(self, claimed: str, col: Column) -> str | None:
        """The direction a plain adjective gives a numeric column ("affordable": price
        lower, "lightweight": weight lower), through the lexicon's comparatives (whose
        listed attributes must name the column, or its inverse ones, which flip it) or a
        generic one ("a low price"); a synonym stands for its group ("budget": cheap)."""
        stems_of_col = stems(col.words)
        for word in (claimed, *claimed.split()):
            for w in (word, *sorted(self.ln.synonyms.get(word, ()))):
                spec = self.lex.comparatives.get(w)
                if spec is not None:
                    if any(stems(a) & stems_of_col for a in spec.attributes):
                        return spec.direction
                    if any(stems(a) & stems_of_col for a in spec.inverse):
                        return "lower" if spec.direction == "higher" else "higher"
                    continue
                generic = self.lex.generic_comparatives.get(w)
                if generic is not None:
                    return generic
        return None

    def _range_end(self, end: int) -> float | None:
        """The number closing a range that a quantity ending at token ``end`` opens
        ("2 to 6", "two to six", "90-120"), or None."""
        toks = self.toks
        if end + 1 < len(toks) and (toks[end].lower_ in self.lex.range_joiners
                                    or toks[end].lower_ in ("-", "–")) and (
                toks[end + 1].like_num or toks[end + 1].pos_ == "NUM"):
            return parse_number(toks[end + 1].lower_)
        return None

    def _degree_outcome(self, rest: list[int], ref: RowRef | None,
                        neg: bool) -> Outcome | None:
        """A degree adjective whose attribute the lexicon knows ("a lightweight bike":
        weight), said of a row of a table with that numeric column: where the row stands."""
        if ref is None:
            return None
        for i in rest:
            tok = self.toks[i]
            if tok.pos_ != "ADJ" or tok.tag_ in _DEGREE_TAGS or any(
                    c.lower_ in _DEGREE_WORDS for c in tok.children):
                continue  # "most powerful", "less expensive": superlatives, comparisons
            word = tok.lower_
            if word not in self.lex.comparatives and \
                    tok.lemma_.lower() not in self.lex.comparatives:
                continue  # only words whose attribute the lexicon names
            found = self._comparison_attribute(tok)
            if found is None or found[0].kind != "number":
                continue
            col, link = found
            outcome = self._relative_level(word, col, ref.rows[0], neg, link, said=tok.text)
            if outcome is not None:
                return outcome
        return None

    def _relative_level(self, claimed: str, col: Column, r: int, neg: bool,
                        link: Link, said: str | None = None) -> Outcome | None:
        """A degree word said of one row of a numeric column ("an affordable car", "a
        compact phone"), judged by where the row stands among the table's rows: the word
        holds at the end it points to and fails at the other end; between them it is not
        decided (a catalog of three does not say whether the middle one is affordable)."""
        values = self._sort_keys(col)
        if col.kind != "number" or values is None or np.isnan(values[r]):
            return None
        known = values[~np.isnan(values)]
        if len(known) < 3 or known.min() == known.max():
            return None
        direction = self._degree_direction(claimed, col)
        if direction is None:
            return None
        best, worst = (known.min(), known.max()) if direction == "lower" else (
            known.max(), known.min())
        if values[r] not in (best, worst):
            return None
        ok = (values[r] == best) != neg
        end = ("lowest" if values[r] == known.min() else "highest")
        rows = [int(i) for i in np.flatnonzero(~np.isnan(values))]
        return Outcome(
            SUPPORTED if ok else REFUTED, "value matches" if ok else "value differs",
            f"{col.name} of {self.t.row_name(r)} is {col.raw[r]}, the {end} of the "
            f"{len(known)} rows; the text says {'not ' if neg else ''}{said or claimed}", link,
            Link(said or claimed, col.raw[r], f"level:{direction}", 1.0, col.name, r),
            self._cells(col, rows), [col.name])

    def _compared(self, col: Column, r: int, claimed: str, ok: bool, neg: bool, link: Link,
                  differs: str = "value differs") -> Outcome:
        """The outcome of comparing a claimed value with row ``r``'s cell of ``col``."""
        return Outcome(SUPPORTED if ok else REFUTED, "value matches" if ok else differs,
                       f"{col.name} of {self.t.row_name(r)} is {col.raw[r]}; the text says "
                       f"{'not ' if neg else ''}{claimed}", link,
                       Link(claimed, col.raw[r], "compare", 1.0, col.name, r),
                       self._cells(col, (r,)), [col.name])

    def _named_value(self, m: Mention, col: Column, r: int, rest: list[int], link: Link,
                     neg: bool) -> Outcome | None:
        """Proper-noun modifiers of a column's noun ("an Intel Core i9 processor") are that
        column's value: the same words as the cell hold; words of the column's other cells
        ("Intel" where this row says "AMD Ryzen 9") or an unequal model number do not."""
        head = self.toks[m.head]
        said = [self.toks[i] for i in rest if i != m.head and _modifies(self.toks[i], head)
                and self.toks[i].pos_ in ("PROPN", "NUM", "NOUN")
                and norm_text(self.toks[i].text) not in col.words.split()]
        if not said or not any(t.pos_ == "PROPN" for t in said):
            return None
        claimed = norm_text(" ".join(t.text for t in sorted(said, key=lambda t: t.i)))
        cell = col.norm[r]
        if not claimed:
            return None
        cell_words = set(cell.split())
        missing = [w for w in claimed.split() if w not in cell_words]
        if not missing or self._equivalent(claimed, col, r):
            ok = not neg
        else:
            # (latency: the column's distinct values, not a pass over its rows)
            others = {w for v in col.dictionary for w in v.split()} - cell_words
            if not any(w in others or _shape(w) is not None and any(
                    _shape(w) == _shape(c) for c in cell_words) for w in missing):
                return None  # words the column does not use: not known to be its values
            ok = neg
        return self._compared(col, r, claimed, ok, neg, link)

    def _similar(self, claimed: str, cell: str) -> bool:
        if not cell:
            return False
        if set(claimed.split()) & set(cell.split()):
            return True
        v = self.ln.vectors
        return v is not None and v.similarity(claimed, cell) >= self.ln.threshold

    def _comparable(self, claimed: str, col: Column) -> bool:
        """Claimed and found are values of one kind (so a difference is a contradiction)."""
        if self._level(claimed) is not None and any(
                self._level(v, col) is not None for v in col.dictionary):
            return True
        known = set(col.dictionary) | self.ln.domains.values.get(col.words, set())
        if claimed in known:
            return True
        v = self.ln.vectors
        if v is None:
            return False
        best = max((v.similarity(claimed, k) for k in known), default=0.0)
        return best >= self.ln.threshold

    def _level_outcome(self, q: Quantity, col: Column, r: int, link: Link) -> Outcome | None:
        """A rating written as a number ("one star", "3 out of 5") against a rating written
        as a word ("low", "average", "high"): compared on the level scale."""
        claimed, found = self._level(str(q)), self._level(col.raw[r].lower(), col)
        if claimed is None or found is None:
            return None
        ok = claimed == found
        return Outcome(SUPPORTED if ok else REFUTED, "value matches" if ok else "value differs",
                       f"{col.name} of {self.t.row_name(r)} is {col.raw[r]}; the text says {q}",
                       link, Link(str(q), col.raw[r], "level", 1.0, col.name, r),
                       self._cells(col, (r,)), [col.name])

    def _quantity_outcome(self, q: Quantity, ref: RowRef | None, m: Mention,
                          op: str = "=", end: int | None = None) -> Outcome | None:
        if ref is None:
            return None
        r = ref.rows[0]
        numeric = [c for c in self.t.columns if not np.isnan(c.num[r]) and c.index != self.t.key]
        same_unit = [c for c in numeric if q.unit and c.unit == q.unit]
        for c in numeric:
            if quantities_equal(q, Quantity(float(c.num[r]), c.unit)) or _same_in_base(q, c, r):
                return self._number_against(q, c, ref, Link(str(q), c.name, "number", 1.0,
                                                            c.name), op, end=end)
        if not same_unit and q.unit:
            known = self.ln.domains.column_for_unit(q.unit)
            here = self.ln.column_named(known) if known else None
            if here is not None and here[0].kind != "number":
                return self._level_outcome(q, here[0], r, Link(str(q), here[0].name,
                                                                "schema-unit", 1.0, here[0].name))
            if here is not None and _units_compatible(q.unit, here[0].unit):
                # "a 5 star rating" against the table's "3 out of 5" customer rating
                return self._number_against(q, here[0], ref, Link(
                    str(q), here[0].name, "schema-unit", 1.0, here[0].name), op)
            if known is not None and self.ln.column_named(known) is None and not any(
                    _units_compatible(c.unit, q.unit) and c.unit for c in numeric) and (
                    self.ln.domains.sibling_columns(known, table_schema(self.t))):
                # the catalog writes this unit in a column that tables of this kind have
                return Outcome(REFUTED, "attribute not in table",
                               f"the text states {known} {q}, but the table has no {known} "
                               "column", Link(str(q), known, "schema-unit", 1.0), columns=[])
        if len(same_unit) == 1:
            c = same_unit[0]
            return self._number_against(q, c, ref, Link(str(q), c.name, "unit", 0.9, c.name),
                                        op, end=end)
        if q.unit and not same_unit:
            for c in numeric:
                if abs(float(c.num[r]) - q.value) < 1e-9 and not _units_compatible(c.unit, q.unit):
                    return Outcome(REFUTED, "unit differs",
                                   f"{c.name} of {self.t.row_name(r)} is {c.raw[r]}; the text "
                                   f"says {q}", Link(str(q), c.name, "number", 0.8, c.name),
                                   None, self._cells(c, (r,)), [c.name])
        return None

    def _number_against(self, q: Quantity, col: Column, ref: RowRef | None,
                        link: Link, op: str = "=", end: int | None = None) -> Outcome:
        """A claimed number against a numeric column, for the entity's row (or any row):
        units converted within a family, bounds ("more than") and ranges ("£20-25")
        honoured, and the rows that do hold the number named when the entity's does not."""
        age = end is not None and end < len(self.toks) and self.toks[end].lower_ in {
            w.lower() for w in self.lex.age_cues}  # "at 19 years old": an age, no period
        if ref is not None and q.unit in self.lex.period_units and not age:
            found = evaluator("duration")(
                to_base(q), op, col.raw[ref.rows[0]], row=ref.rows[0], as_of=self.as_of_year,
                open_ends=frozenset(w.lower() for w in self.lex.open_range_ends))
            if found is not None:
                return self._finding(found, col, link, str(q))
        if np.all(np.isnan(col.num)):
            return Outcome(UNVERIFIABLE, "cell is not a number", f"{col.name} holds no number",
                           link, columns=[col.name])
        unit_clash = not _units_compatible(q.unit, col.unit)
        values, claimed = col.num, q.value
        if unit_clash and same_family(q.unit, col.unit) and not np.any(np.isnan(col.base)):
            values, claimed, unit_clash = col.base, to_base(q), False
        holding = set() if unit_clash else {
            int(i) for i in _satisfying(values, op, claimed, col.raw)}
        if ref is None and not holding:
            return Outcome(UNVERIFIABLE, "no row named",
                           f"no row has {col.name} {q}, and the text names no row", link,
                           columns=[col.name])
        r = ref.rows[0] if ref else min(holding)
        ok = r in holding
        others = sorted(holding - {r})[:2]
        if ok:
            reason = "value matches"
        elif unit_clash:
            reason = "unit differs"
        else:
            reason = "value belongs to another row" if others else "number differs"
        owner = (f" ({q} is {self.t.row_name(others[0])}'s)" if others and ref and not ok
                 else "")
        return Outcome(SUPPORTED if ok else REFUTED, reason,
                       f"{col.name} of {self.t.row_name(r)} is {col.raw[r] or 'empty'}; the text "
                       f"says {q}{owner}", link,
                       Link(str(q), col.raw[r], "number", 1.0, col.name, r),
                       self._cells(col, (r, *(others if not ok else ()))), [col.name])

    def _finding(self, found: Finding, col: Column, link: Link, said: str) -> Outcome:
        """An evaluator's finding as an outcome on the cells it read."""
        verdict = {True: SUPPORTED, False: REFUTED, None: UNVERIFIABLE}[found.holds]
        reason = {True: "value matches", False: "number differs",
                  None: "value not comparable"}[found.holds]
        r = found.rows[0]
        return Outcome(verdict, reason, f"{col.name} of {self.t.row_name(r)}: "
                       f"{found.explanation}", link,
                       Link(said, col.raw[r], "evaluator", 1.0, col.name, r),
                       self._cells(col, found.rows), [col.name])

    def _unlinked(self, m: Mention, rest: list[int], neg: bool) -> Outcome | None:
        """A mention no cell or column of this table matches: fabricated when the catalog's
        schema (columns of the other tables) knows it as an attribute this table lacks."""
        head = self.toks[m.head]
        if m.role != "attribute" or head.pos_ not in ("NOUN", "PROPN") or neg:
            return None
        if head.lower_ in self.ln.generic or head.lemma_.lower() in self.ln.generic:
            return None
        if _bare_conj(head) or self._mentioned_in_cells(m):
            return None
        if any(c.tag_ in _DEGREE_TAGS or c.lower_ in self.lex.degree_superlatives
               for c in head.subtree):
            return None  # "the largest display": a comparison, checked as one
        phrases = [norm_text(self.doc[m.start:m.end].text), norm_text(head.text),
                   norm_text(head.lemma_)]
        # the catalog's own column name, not a look-alike: "daughters" is no "siblings"
        known = self.ln.domains.known_column(phrases, None, self.ln.threshold)
        if known is None:
            return self._unlisted_feature(m, head, phrases[0])
        if self.ln.column_named(known) is not None or self._stem_of_a_column(head):
            return None  # "3 producers" of a table with "Produced by"
        if not self.ln.domains.sibling_columns(known, table_schema(self.t)):
            # no table of this one's kind has it: the catalog says nothing is missing
            return self._unlisted_feature(m, head, phrases[0])
        return Outcome(REFUTED, "attribute not in table",
                       f"the text states {known} ({self.doc[m.start:m.end].text!r}), but the "
                       f"table has no {known} column", Link(phrases[0], known, "schema", 1.0),
                       columns=[])

    def _schema_flag(self, m: Mention, tokens: list[int] | None = None) -> Outcome | None:
        """A yes/no attribute of the catalog ("family friendly", "kid friendly") stated
        about a table that has no such column: fabricated.  ``tokens``: only those words of
        the mention (the ones no cell accounted for: "kid friendly" of "a kid friendly
        English coffee shop")."""
        idx = range(m.start, m.end) if tokens is None else tokens
        words = [self.toks[i].text for i in idx if self.toks[i].lower_ not in self.negations]
        phrases = [norm_text(" ".join(words))]
        if tokens is not None:  # runs of two or more of those words ("family" alone, as in
            # "a family coffee shop", is too loose to call an attribute fabricated)
            phrases = [norm_text(" ".join(words[a:b])) for a in range(len(words))
                       for b in range(len(words), a + 1, -1)]
        names = self.ln.domains.bool_columns
        for phrase in dict.fromkeys(p for p in phrases if p):
            for spelling in (phrase, *sorted(self.ln.synonyms.get(phrase, ()))):
                if spelling in names and self.ln.column_named(spelling) is None:
                    return Outcome(REFUTED, "attribute not in table",
                                   f"the text states {spelling!r}, but the table has no "
                                   f"{spelling} column", Link(phrase, spelling, "schema", 1.0),
                                   columns=[])
        return None

    def _unlisted_feature(self, m: Mention, head, phrase: str) -> Outcome | None:
        """A specific feature the product is said to have ("hydraulic disc brakes", "a USB
        charging port") that no column, cell or catalog column names: fabricated."""
        if m.rule.id not in FEATURE_RULES and not _stated_feature(head,
                                                                 self.lex.verb_attributes):
            return None
        if head.lower_ in UNIT_OF or head.like_num:
            return None  # "between 20 and 25 pounds": an amount, not a feature
        specific = [c for c in head.children if c.dep_ in ("compound", "amod", "nummod")
                    and norm_text(c.text) not in self.ln.synonyms
                    and c.lower_ not in self.ln.generic
                    and c.lower_ not in self.lex.generic_comparatives
                    and c.tag_ not in _DEGREE_TAGS]
        if not specific:
            return None
        # open world: nothing in the table or its catalog says whether the product has it
        return Outcome(REFUTED if self.closed_world else UNVERIFIABLE, "attribute not in table",
                       f"no column or cell of the table mentions {phrase!r}",
                       Link(phrase, "", "none", 0.0), columns=[])

    def _stem_of_a_column(self, tok) -> bool:
        """The word shares its stem with a word of some column name."""
        s = stem(norm_text(tok.lemma_))
        return any(stem(w) == s for c in self.t.columns for w in c.words.split())

    def _mentioned_in_cells(self, m: Mention) -> bool:
        """Any content word of the mention inside some cell or column name."""
        words = {norm_text(self.toks[i].lemma_) for i in range(m.start, m.end)
                 if self.toks[i].pos_ in ("NOUN", "PROPN", "ADJ")}
        words |= {norm_text(self.toks[i].text) for i in range(m.start, m.end)}
        words.discard("")
        for col in self.t.columns:
            vocab = set(col.words.split())
            for v in col.dictionary:
                vocab.update(v.split())
            if words & vocab:
                return True
        return False

    # -- comparisons -------------------------------------------------------------------
    def _comparison_attribute(self, tok) -> tuple[Column, Link] | None:
        lemma = tok.lemma_.lower()
        if lemma in _DEGREE_WORDS and tok.head.pos_ == "ADJ":
            lemma = tok.head.lemma_.lower()
        if tok.dep_ == "amod" and tok.head.pos_ == "NOUN":
            # the noun it modifies, when that is a numeric column, beats the adjective's
            # usual attributes: "the biggest battery" is battery, not screen size
            s, e = self._noun_span(tok.head)
            found = self.ln.column_named(norm_text(self.doc[s:e].text)) or \
                self.ln.column_named(norm_text(tok.head.lemma_))
            if found is not None and found[0].kind == "number" and found[0].index != self.t.key:
                return found[0], Link(self.doc[s:e].text, found[0].name, found[1], found[2],
                                      found[0].name)
        spec = self.lex.comparatives.get(lemma)
        if spec is not None:
            found = self.ln.column_by_hint(spec.attributes)
            if found is not None:
                return found[0], Link(tok.text, found[0].name, f"lexicon:{found[1]}",
                                      found[2], found[0].name)
            found = self.ln.column_by_hint(spec.inverse)
            if found is not None:
                return found[0], Link(tok.text, found[0].name, "lexicon-inverse",
                                      found[2], found[0].name)
        named = self.ln.column_named(lemma)  # "the most waterproof" -> waterproof rating
        if named is not None and named[0].kind == "number":
            return named[0], Link(tok.text, named[0].name, named[1], named[2], named[0].name)
        noun = tok.head if tok.dep_ == "amod" else None
        if noun is None:
            for anc in tok.ancestors:
                objs = [c for c in anc.children if c.dep_ in ("dobj", "attr", "nsubj")
                        and c.pos_ == "NOUN" and c.i != tok.i]
                if objs:
                    noun = objs[0]
                    break
        if noun is not None and noun.pos_ == "NOUN":
            s, e = self._noun_span(noun)
            found = self.ln.column_named(norm_text(self.doc[s:e].text)) or \
                self.ln.column_named(norm_text(noun.text)) or \
                self.ln.column_named(norm_text(noun.lemma_))
            if found is not None:
                return found[0], Link(self.doc[s:e].text, found[0].name, found[1], found[2],
                                      found[0].name)
        for anc in tok.ancestors:  # "rated higher than", "costs more than": the verb's
            if anc.pos_ not in ("VERB", "AUX"):  # attribute
                continue
            hints = self.lex.verb_attributes.get(anc.lemma_.lower()) or \
                self.lex.verb_attributes.get(anc.lower_)
            found = self.ln.column_by_hint(list(hints)) if hints else None
            if found is not None and found[0].kind == "number":
                return found[0], Link(anc.text, found[0].name, f"verb:{found[1]}", found[2],
                                      found[0].name)
            break
        if self.ln.vectors is not None:
            numeric = [c for c in self.t.columns if c.kind == "number"]
            i, score = self.ln.vectors.best(lemma, [c.words for c in numeric])
            if i >= 0 and score >= self.ln.threshold:
                return numeric[i], Link(tok.text, numeric[i].name, "glove", score,
                                        numeric[i].name)
        return None

    def _noun_span(self, noun) -> tuple[int, int]:
        start = noun.i
        for left in reversed(list(noun.lefts)):
            if left.dep_ == "compound" and left.i == start - 1:
                start = left.i
            else:
                break
        return start, noun.i + 1

    def _direction(self, tok) -> str | None:
        if tok.lower_ in _DEGREE_WORDS and tok.head.pos_ == "ADJ":
            inner = self._direction(tok.head)
            if inner is not None and tok.lower_ in self.lex.degree_lower:
                inner = "lower" if inner == "higher" else "higher"
            if inner is not None:
                return inner
        lemma = tok.lemma_.lower()
        spec = self.lex.comparatives.get(lemma)
        direction = spec.direction if spec else self.lex.generic_comparatives.get(lemma)
        if direction is None and tok.lower_ in self.lex.degree_higher:
            direction = "higher"
        if direction is None and tok.lower_ in self.lex.degree_lower:
            direction = "lower"
        degree = {c.lower_ for c in tok.children} & _DEGREE_WORDS
        if direction is None and degree:
            return "higher" if degree & self.lex.degree_higher else "lower"
        if degree & self.lex.degree_lower:
            direction = {"higher": "lower", "lower": "higher"}.get(direction or "", None)
        return direction

    def _sort_keys(self, col: Column) -> np.ndarray | None:
        if not np.any(np.isnan(col.base)):
            return col.base  # one unit family: "25 seconds" < "2 minutes"
        if col.kind == "number" or np.count_nonzero(~np.isnan(col.num)) == self.t.n_rows:
            return col.num
        # (latency: each distinct value's level once, spread over the rows by their codes)
        levels = [self._level(v) for v in col.dictionary]
        if all(lv is not None for lv in levels):
            return np.array(levels, dtype=float)[col.codes]
        return None

    def _comparison(self, m: Mention, ref: RowRef | None) -> Outcome | None:
        tok = self.toks[m.head]
        than = None
        for scope in (tok, tok.head, tok.head.head):
            than = next((c for c in scope.subtree if c.lower_ in self.lex.comparison_cues), None)
            if than is not None:
                break
        other_tok = next((c for c in than.children if c.dep_ == "pobj"), None) if than else None
        other = None
        if other_tok is not None:
            found = self.ln.entity_rows(self.doc, *self._entity_span(other_tok))
            if found is not None:
                other = found.rows
        direction = self._direction(tok)
        attr = self._comparison_attribute(tok)
        if ref is None or other is None or direction is None or attr is None:
            return None
        col, link = attr
        if link.method == "lexicon-inverse":
            direction = "lower" if direction == "higher" else "higher"
        keys = self._sort_keys(col)
        if keys is None:
            return None
        a, b = ref.rows[0], other[0]
        if np.isnan(keys[a]) or np.isnan(keys[b]):
            return None
        holds = keys[a] > keys[b] if direction == "higher" else keys[a] < keys[b]
        if self.negated(m):
            holds = not holds
        word = tok.text if tok.lower_ not in self.lex.degree_comparatives \
            else f"{tok.text} {tok.head.text}"
        return Outcome(SUPPORTED if holds else REFUTED,
                       "comparison holds" if holds else "comparison false",
                       f"{col.name}: {self.t.row_name(a)} {col.raw[a]} vs "
                       f"{self.t.row_name(b)} {col.raw[b]}; the text says {word}",
                       link, None, self._cells(col, (a, b)), [col.name],
                       {"comparator": direction, "comparands": [self.t.row_name(a),
                                                                self.t.row_name(b)]})

    def _entity_span(self, tok) -> tuple[int, int]:
        return tok.left_edge.i, tok.right_edge.i + 1

    def _superlative(self, m: Mention, ref: RowRef | None) -> Outcome | None:
        tok = self.toks[m.head]
        direction = self._direction(tok)
        attr = self._comparison_attribute(tok)
        if ref is None or direction is None or attr is None or self.t.n_rows < 2:
            return None
        col, link = attr
        if link.method == "lexicon-inverse":
            direction = "lower" if direction == "higher" else "higher"
        keys = self._sort_keys(col)
        if keys is None or np.all(np.isnan(keys)):
            return None
        best = np.nanmax(keys) if direction == "higher" else np.nanmin(keys)
        r = ref.rows[0]
        holds = bool(keys[r] == best)
        winners = tuple(int(i) for i in np.flatnonzero(keys == best))
        word = "highest" if direction == "higher" else "lowest"
        return Outcome(SUPPORTED if holds else REFUTED,
                       "superlative holds" if holds else "superlative false",
                       f"{word} {col.name} of all {self.t.n_rows} is "
                       f"{self.t.row_name(winners[0])} ({col.raw[winners[0]]}); "
                       f"{self.t.row_name(r)} has {col.raw[r]}",
                       link, None, self._cells(col, _evidence_rows(winners, r, self.t.n_rows)),
                       [col.name],
                       {"comparator": direction, "comparands": "all rows"})

    # -- output ------------------------------------------------------------------------
    def _cells(self, col: Column, rows) -> list[Cell]:
        """The cells a check read, as evidence: the first ``MAX_EVIDENCE_ROWS`` of them (a
        value that thousands of catalog rows hold is shown, not listed whole)."""
        return [Cell(int(r), col.name, col.raw[r]) for r in rows[:MAX_EVIDENCE_ROWS]]

    def _result(self, m: Mention, kind: str, o: Outcome, ref: RowRef | None) -> HypothesisResult:
        used = ()
        if ref is not None:
            key = self.t.key_column
            used = tuple(Cell(int(r), key.name, key.raw[r]) for r in ref.rows[:1])
        columns = tuple(dict.fromkeys(o.columns))
        details = dict(o.details)
        details["rule_description"] = m.rule.description
        return HypothesisResult(
            kind=kind, text=m.text(self.doc), span=m.chars(self.doc), verdict=o.verdict,
            reason=o.reason, rule=m.rule.id, rule_location=m.rule.location,
            explanation=o.explanation, entity=ref.link if ref else None, attribute=o.attribute,
            value=o.value, evidence=Evidence(tuple(o.output), used, columns), details=details)


def _evidence_rows(winners: tuple[int, ...], row: int, n_rows: int) -> tuple[int, ...]:
    """The cells a superlative shows: every compared cell of a small table; of a catalog,
    the row the text names and the (first few) rows that hold the extreme (the comparison
    itself ran over the whole column)."""
    if n_rows <= MAX_EVIDENCE_ROWS:
        return tuple(range(n_rows))
    return tuple(sorted({row, *winners[:MAX_EVIDENCE_WINNERS]}))


def _name_word(compiled: CompiledTable, word: str) -> bool:
    """Some row's name has this word ("7" of "Product 7"): one set lookup."""
    return word in compiled.names.words


def _combine(outcomes: list[Outcome]) -> Outcome | None:
    """One mention, several sub-checks: refuted wins, then supported, then unverifiable.
    A supported mention accounts for the tokens every supported sub-check read."""
    for verdict in (REFUTED, SUPPORTED, UNVERIFIABLE):
        for o in outcomes:
            if o.verdict == verdict:
                if verdict == SUPPORTED and "tokens" in o.details:
                    parts = [x for x in outcomes if x.verdict == SUPPORTED]
                    if all("tokens" in x.details for x in parts):
                        merged = sorted({i for x in parts for i in x.details["tokens"]})
                        return replace(o, details={**o.details, "tokens": merged})
                    return replace(o, details={k: v for k, v in o.details.items()
                                               if k != "tokens"})
                return o
    return None

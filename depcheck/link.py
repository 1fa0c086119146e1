"""Linking mentions to a table: rows, columns and cells.

Order of evidence, strongest first: normalized exact match of a cell or a column name;
lexicon synonyms; the column domains known from other tables with the same column (a
catalog's schema knowledge: "riverside" is a value of ``area`` even when this table's row
says "city centre"); GloVe cosine similarity above the configured threshold (phrases by
mean vector).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import regex

from .compiled import (
    Column,
    CompiledTable,
    Rows,
    compile_table,
    header_units,
    unit_of_a_header_figure,
)
from .lexicon import Lexicon
from .lexicon import default as default_lexicon
from .parse import per_parse, span_text, text_offsets
from .rules.paths import doc_view, hyphen_joined
from .values import (
    ARTICLES,
    OUT_OF_LABEL,
    UNIT_DIMENSION,
    UNIT_OF,
    Quantity,
    norm_text,
    parse_bool,
    parse_number,
    parse_quantity,
)
from .vectors import Vectors

_MAX_NGRAM = 6
# tables that must hold a value in a column before its absence here counts as fabrication
MIN_SUPPORT = 3
SIBLING_OVERLAP = 0.4  # shared columns / all columns of two tables "of the same kind"
# module-level helpers (stems, unit families) are called without a rule set: they read the
# packaged lexicon, loaded once; a rules reload does not change them
_LEX = default_lexicon()


@dataclass(frozen=True)
class Hit:
    """An n-gram of a mention tied to cells of one column (rows may be empty: domain value)."""

    column: str
    col: int | None  # column index in this table, None when only the domain knows it
    rows: tuple[int, ...] | Rows  # sorted; ``Rows`` when read from the cell index
    start: int
    end: int
    text: str
    value: str
    method: str
    score: float = 1.0
    named: bool = False  # the mention's own words name the hit's column


@dataclass(frozen=True)
class EntityMatch:
    rows: tuple[int, ...]
    method: str
    score: float
    start: int
    end: int


@dataclass(frozen=True)
class LexiconWords:
    """A rule set's lexicon in the shapes the linker looks words up in, built once."""

    synonyms: dict[str, frozenset[str]]
    generic: frozenset[str]
    level_words: frozenset[str]
    vocabulary: frozenset[str]  # every word of every synonym
    level_of: dict[str, list[tuple[str, str]]]  # spelling -> [(scale, its level word)]


_LEXICON_WORDS: dict[int, tuple[Lexicon, LexiconWords]] = {}


def lexicon_words(lexicon: Lexicon) -> LexiconWords:
    hit = _LEXICON_WORDS.get(id(lexicon))
    if hit is not None and hit[0] is lexicon:
        return hit[1]
    synonyms: dict[str, frozenset[str]] = {}
    for group in lexicon.value_synonyms:
        normed = frozenset(norm_text(g) for g in group)
        for g in normed:
            synonyms[g] = normed
    levels = {norm_text(w) for words in lexicon.levels.values() for w in words}
    level_words = frozenset(levels | {g for w in levels for g in synonyms.get(w, ())})
    vocabulary = frozenset(w for group in synonyms.values() for v in group for w in v.split())
    level_of: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for scale, scale_words in lexicon.levels.items():
        for w in scale_words:
            w = norm_text(w)
            for spelling in synonyms.get(w, frozenset((w,))) | {w}:
                level_of[spelling].append((norm_text(scale), w))
    words = LexiconWords(synonyms, frozenset(lexicon.generic_nouns), level_words, vocabulary,
                         dict(level_of))
    _LEXICON_WORDS[id(lexicon)] = (lexicon, words)
    return words


def build_domains(tables) -> Domains:
    """The column domains of exactly these tables (a catalog), compiled once each."""
    domains = Domains()
    for table in tables:
        domains.add(compile_table(table))
    return domains


class Domains:
    """Values per column name across the tables of a named catalog (no labels used)."""

    def __init__(self) -> None:
        self.values: dict[str, set[str]] = defaultdict(set)
        self.bool_columns: set[str] = set()
        self._value_columns: dict[str, set[str]] = defaultdict(set)
        self.support: dict[tuple[str, str], int] = defaultdict(int)  # tables per (column, value)
        self.unit_columns: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        # (column, value) -> {the column names of a table holding it: how many tables}
        self._schemas: dict[tuple[str, str], dict[frozenset[str], int]] = defaultdict(
            lambda: defaultdict(int))
        self._siblings: dict[tuple[str, str, frozenset[str]], int] = {}
        self._column_schemas: dict[str, dict[frozenset[str], int]] = defaultdict(
            lambda: defaultdict(int))
        self._seen: dict[int, object] = {}  # id -> table, held so an id is never reused
        self._words: frozenset[str] | None = None
        self.version = 0  # one more for every table added

    def add(self, compiled: CompiledTable) -> None:
        key = id(compiled.table)
        if self._seen.get(key) is compiled.table:
            return
        self._seen[key] = compiled.table
        self._words = None
        self.version += 1  # what was read of these domains before is stale
        self._siblings.clear()
        key_words = attribute_words(compiled.key_column.words)
        schema = table_schema(compiled)
        for words in schema:
            self._column_schemas[words][schema] += 1
        for col in compiled.columns:
            words = attribute_words(col.words)
            if col.index == compiled.key or words == key_words:
                continue  # names, including a repeated name column, are no domain values
            if col.kind == "bool":
                self.bool_columns.add(words)
                continue
            if col.unit:
                self.unit_columns[unit_family(col.unit)][words] += 1
            for v in col.dictionary:
                if _domain_worthy(v):
                    self.values[words].add(v)
                    self._value_columns[v].add(words)
                    self.support[(words, v)] += 1
                    self._schemas[(words, v)][schema] += 1

    def sibling_support(self, column: str, value: str, schema: frozenset[str]) -> int:
        """How many tables hold ``value`` in ``column`` and are of the same kind as a table
        with these columns: they have all of its columns, or share 40% of the columns of
        both ("restaurants" of any subset of one schema; not a camera's ``type: compact``
        when the table is an air fryer's)."""
        key = (column, value, schema)
        found = self._siblings.get(key)
        if found is None:
            found = sum(n for other, n in self._schemas.get((column, value), {}).items()
                        if schema <= other
                        or len(other & schema) >= SIBLING_OVERLAP * len(other | schema))
            self._siblings[key] = found
        return found

    def sibling_columns(self, column: str, schema: frozenset[str]) -> int:
        """How many tables of the same kind as a table with these columns (all of its
        columns, or 40% of both) have the column."""
        return sum(n for other, n in self._column_schemas.get(column, {}).items()
                   if schema <= other
                   or len(other & schema) >= SIBLING_OVERLAP * len(other | schema))

    def known_column(self, phrases: list[str], vectors: Vectors | None,
                     threshold: float) -> str | None:
        """A column name of the catalog schema that one of the phrases names."""
        names = sorted(set(self.values) | self.bool_columns)
        for p in phrases:
            if p in self.values or p in self.bool_columns:
                return p
        if vectors is None or not names:
            return None
        for p in phrases:
            i, score = vectors.best(p, names)
            if i >= 0 and score >= threshold:
                return names[i]
        return None

    def words(self) -> frozenset[str]:
        """Every word of every known value (cached until another table is learned)."""
        if self._words is None:
            self._words = frozenset(w for vals in self.values.values() for v in vals
                                    for w in v.split())
        return self._words

    def column_for_unit(self, unit: str | None) -> str | None:
        """The one column the catalog writes in this unit (ratings "out of 5"), if any."""
        cols = {c: n for c, n in self.unit_columns.get(unit_family(unit), {}).items()
                if n >= MIN_SUPPORT} if unit else {}
        return next(iter(cols)) if len(cols) == 1 else None

    def columns_of(self, value: str) -> set[str]:
        return self._value_columns.get(value, set())

    def known_values(self) -> Mapping[str, set[str]]:
        """Every value of the catalog (to test ``in``), with the columns that hold it."""
        return self._value_columns

    def __len__(self) -> int:
        return len(self.values)


def table_schema(compiled: CompiledTable) -> frozenset[str]:
    """A table's attribute names (its key column left out), found once per table."""
    found = compiled.derived.get("link.schema")
    if found is None:
        found = compiled.derived["link.schema"] = frozenset(
            attribute_words(c.words) for c in compiled.columns if c.index != compiled.key)
    return found


def _domain_worthy(v: str) -> bool:
    """Domain values must be specific words, not numbers or yes/no."""
    return bool(v) and parse_bool(v) is None and parse_quantity(v) is None and len(v) > 2


_MAX_MEMO = 4096  # phrases kept per compiled table


class _BoundedMemo(dict):
    """A dict that forgets everything once it holds _MAX_MEMO entries."""

    def __setitem__(self, key, value) -> None:
        if len(self) >= _MAX_MEMO and key not in self:
            self.clear()
        super().__setitem__(key, value)


class Linker:
    """Links spans of one parsed text to one compiled table."""

    def __init__(self, compiled: CompiledTable, vectors: Vectors | None, lexicon: Lexicon,
                 domains: Domains | None = None, threshold: float = 0.9) -> None:
        self.t = compiled
        self.vectors = vectors
        self.threshold = threshold
        self.domains = domains or Domains()
        words = lexicon_words(lexicon)
        self.synonyms = words.synonyms
        self.generic = words.generic
        self.level_words = words.level_words
        self.comparatives = lexicon.comparatives
        self.generic_comparatives = lexicon.generic_comparatives
        self.than = lexicon.comparison_cues
        self.level_of = words.level_of
        # stem of a word -> the attributes the lexicon says it measures ("cost" -> price)
        self.hints = lexicon.derived("link.hints", _verb_hints)
        self.bound_cues = lexicon.derived("link.bound_cues", _bound_cues)
        self.particle_verbs = lexicon.particle_verbs
        self.extent_prepositions = frozenset(lexicon.extent_prepositions)
        self.short_forms = lexicon.date_short_forms  # "thursday" -> ("thu", "thur", ...)
        self.out_of = lexicon.derived("link.out_of", _out_of_words)
        # the articles, and the dimension of the units of a period ("a decade", "an hour":
        # one of them), built once per lexicon
        self.articles, self.time_dimensions = lexicon.derived("link.articles", _articles)
        self.fractions = lexicon.quantifier_fractions  # "half" of "half a century"
        self.pro_nouns = lexicon.pro_nouns  # "one" of "the only one"
        # words that tell a kind of thing or a rank from a value (built once per lexicon)
        self.indefinite, self.ordinals, self.fraction_articles, self.predicative = \
            lexicon.derived("link.reading_words", _reading_words)
        self.schema = table_schema(compiled)
        # a Linker serves one parsed text; the verifier asks about the same spans again
        self._grams: dict[tuple[int, int, int, bool | None], list[tuple[int, int, str]]] = {}
        self._gram_texts: dict[tuple[int, int, int, bool], str] = {}
        self._rows: dict[tuple[int, int, int], EntityMatch | None] = {}
        self._stops: tuple | None = None  # (doc, ``_name_stops``)
        # the column a phrase names depends on the table, the lexicon's generic nouns, the
        # vectors and the threshold only: kept with the compiled table, for every check of it
        # (one slot per table: another lexicon, vectors or threshold replaces it)
        held = compiled.derived.get("link.columns")
        if held is None or held[0] is not words or held[1] is not vectors \
                or held[2] != threshold:
            held = compiled.derived["link.columns"] = (words, vectors, threshold, {}, [])
        self._columns: dict[tuple[str, bool], tuple[Column, str, float] | None] = held[3]
        # the columns' words with their vectors stacked (Vectors.prepare), made with the
        # first GloVe comparison of a phrase with them
        self._names_prepared: list = held[4]
        self._quantities: dict[tuple[int, int, int], tuple[Quantity, int, int] | None] = {}
        self._hits: dict[tuple[int, int, int], list[Hit]] = {}
        self._name_words = compiled.names.words  # built at compile time
        # the evaluators' per-table look-ups ("resembled column" of a word): they read the
        # table, its catalog's domains and the vectors, so with a catalog they are kept with
        # the compiled table (one slot: other domains, a table added to them, or other
        # vectors replace it)
        self.memo: dict = {}
        if domains is not None:
            held = compiled.derived.get("link.memo")
            if held is None or held[0] is not domains or held[1] != domains.version \
                    or held[2] is not vectors:
                held = (domains, domains.version, vectors, _BoundedMemo())
                compiled.derived["link.memo"] = held
            self.memo = held[3]
        # token -> comparator of the bound frame on the number there ("<=", ">=", "=")
        self.frame_bounds: dict[int, str] = {}

    def ngrams(self, doc, start: int, end: int, raw: bool = False) -> list[tuple[int, int, str]]:
        """(start, end, normalized text, or the text as written when ``raw``) of every
        n-gram of the span, longest first, computed once per span."""
        key = (id(doc), start, end, raw)
        found = self._grams.get(key)
        if found is None:
            # the spans of one statement overlap (a mention inside another, a sentence): each
            # n-gram's text is made once
            texts, pieces, found = self._gram_texts, _pieces(doc), []
            for s, e in _spans(start, end):
                at = (id(doc), s, e, raw)
                text = texts.get(at)
                if text is None:
                    text = "".join(pieces[s:e]).rstrip()
                    text = texts[at] = text if raw else norm_text(text)
                if text:
                    found.append((s, e, text))
            self._grams[key] = found
        return found

    def name_grams(self, doc, start: int, end: int) -> list[tuple[int, int, str]]:
        """``ngrams`` of the span but those that can name no row: an n-gram holding, as a
        word of its own (spaces either side of it inside the n-gram), a token of ASCII
        letters and digits whose lower case is no word of any text of the key column
        (``NameIndex.text_words``) nor an article.  Normalizing a text keeps such a word as
        it is (lower-cased, neither joined to a neighbour nor dropped), so the n-gram's
        text has a word no row's name has; its text is not made (a statement's words
        are mostly no name's: "6,341 of the products are made by Quasa" at 100,000 rows,
        where "341" is a name's, makes 5 texts instead of 37)."""
        stops, spaced = self._name_stops(doc)
        if not any(stops[start:end]):
            return self.ngrams(doc, start, end)
        key = (id(doc), start, end, None)  # (None: the name n-grams, apart from ``ngrams``')
        found = self._grams.get(key)
        if found is None:
            found = [(s, e, text) for s, e in _spans(start, end)
                     if not any(stops[k] and (k == s or spaced[k - 1])
                                and (k == e - 1 or spaced[k]) for k in range(s, e))
                     and (text := self._gram_text(doc, s, e, False))]
            self._grams[key] = found
        return found

    def _name_stops(self, doc) -> tuple[list[bool], list[bool]]:
        """Per token: whether it is ASCII letters and digits whose lower case no text of
        the key column has as a word (nor an article), and whether a space follows it."""
        if self._stops is None or self._stops[0] is not doc:
            words, pieces = self.t.names.text_words, _pieces(doc)
            stops, spaced = [], []
            for piece in pieces:
                token = piece.rstrip()
                low = token.lower()
                stops.append(token.isascii() and token.isalnum() and low not in words
                             and low not in ARTICLES)
                spaced.append(len(token) < len(piece) and piece[len(token)] in _ASCII_SPACE)
            self._stops = (doc, stops, spaced)
        return self._stops[1], self._stops[2]

    def _gram_text(self, doc, s: int, e: int, raw: bool) -> str:
        """The normalized text of tokens s..e (as written when ``raw``), made once."""
        at = (id(doc), s, e, raw)
        text = self._gram_texts.get(at)
        if text is None:
            text = "".join(_pieces(doc)[s:e]).rstrip()
            text = self._gram_texts[at] = text if raw else norm_text(text)
        return text

    # -- rows --------------------------------------------------------------------------
    def entity_rows(self, doc, start: int, end: int) -> EntityMatch | None:
        """Rows named inside the span, and the tokens that name them (so "Clowns coffee
        shop" names Clowns and leaves "coffee shop" to be checked)."""
        memo = (id(doc), start, end)
        if memo in self._rows:
            return self._rows[memo]
        found = self._rows[memo] = self._entity_rows(doc, start, end)
        return found

    def _entity_rows(self, doc, start: int, end: int) -> EntityMatch | None:
        phrase = norm_text(span_text(doc, start, end))
        if self._name_words.isdisjoint(phrase.split()):
            # no word of any row's name: no n-gram, containment or part can match, but a
            # month or weekday may name a row by its short form ("Thursday": "Thu 6 Jun")
            short = self._short_form_name(phrase)
            return EntityMatch((short,), "short-form", 0.9, start, end) \
                if short is not None else None
        cell_texts = self.t.cells.by_text  # a text no cell reads is no row's name
        for s, e, text in self.name_grams(doc, start, end):
            rows = self.t.key_rows(text) if text in cell_texts else ()
            if rows:
                # a name runs on past a span the parse cut short: "Quill S3" of "The Quill
                # S3 Plus has ..." is the Quill S3 Plus when that is a row too
                longer = self._name_across(doc, s, e)
                if longer is not None and longer.end - longer.start > e - s:
                    return longer
                # (``key_rows`` gives a name's rows sorted, each once)
                return EntityMatch(rows, "exact", 1.0, s, e)
        around = self._name_across(doc, start, end)
        if around is not None:
            return around
        best = _contained_name(self.t, phrase)
        if best is not None:
            return EntityMatch((best,), "contains", 0.95, start, end)
        if _in_hyphenated_word(doc, start, end):
            return None  # "prize" of "prize-winning": a piece of a word, no shortened name
        partial = self._partial_name(phrase)
        if partial is not None:
            return EntityMatch((partial,), "partial-name", 0.9, start, end)
        return None

    def _name_across(self, doc, start: int, end: int) -> EntityMatch | None:
        """A row name the parse split around the span ("Fox" of "Fox & Hound Trails", where
        "&" made two phrases, or "Quill S3" of "Quill S3 Plus"): the longest row name
        written over the span and up to two tokens either side of it."""
        names = self._name_words
        text, starts, ends = text_offsets(doc)
        best = None
        for s in range(max(0, start - 2), start + 1):
            if norm_text(text[starts[s]:ends[s]]) not in names:
                continue  # a row name starts with a word of a row name
            for e in range(min(len(starts), end + 2), end - 1, -1):
                if best is not None and e - s <= best[1] - best[0]:
                    break
                if (s, e) == (start, end) or norm_text(text[starts[e - 1]:ends[e - 1]]) \
                        not in names:
                    continue
                name = norm_text(text[starts[s]:ends[e - 1]])
                rows = self.t.key_rows(name) if name in self.t.cells.by_text else ()
                if rows:
                    best = (s, e, rows)
        return EntityMatch(best[2], "exact", 1.0, best[0], best[1]) if best else None

    def _short_form_name(self, phrase: str) -> int | None:
        """The one row whose name holds a short form of the month or weekday the phrase is
        ("Thursday" of a row "Thu 6 Jun", "April" of "Apr 2019": the lexicon's
        date_short_forms); None when the phrase is no such name, or no row or several rows
        hold a short form of it."""
        forms = self.short_forms.get(phrase)
        if not forms:
            return None
        found: set[int] = set()
        for short in forms:
            found.update(self.t.names.rows_with_words([short]).tolist())
        return found.pop() if len(found) == 1 else None

    def _partial_name(self, phrase: str) -> int | None:
        """The one row whose name holds every word of a shortened name ("the TrailMate" for
        TrailMate 40L); None when no row or several rows do, or the words are generic."""
        words = [w for w in phrase.split() if w not in self.generic]
        if not words or sum(len(w) for w in words) < 4:
            return None
        rows = self.t.names.rows_with_words(words)
        return int(rows[0]) if len(rows) == 1 else None

    # -- columns -----------------------------------------------------------------------
    def column_named(self, phrase: str,
                     allow_generic: bool = False) -> tuple[Column, str, float] | None:
        """The table column a phrase names: exact words, containment, then GloVe.

        Containment is one-way for yes/no columns: "smart tv" names ``smart tv`` but "tv"
        does not, since the missing word is what the column asserts.
        """
        if not phrase:
            return None
        memo = (phrase, allow_generic)
        found = self._columns.get(memo, False)
        if found is False:
            if len(self._columns) >= _MAX_MEMO:
                self._columns.clear()
            found = self._columns[memo] = self._column_named(phrase, allow_generic)
        return found

    def _column_named(self, phrase: str,
                      allow_generic: bool) -> tuple[Column, str, float] | None:
        found = self._named_or_neighbour(phrase, allow_generic)
        if found is not None and found[1] != "exact" and phrase in UNIT_OF \
                and unit_of_a_header_figure(found[0], phrase):
            return None  # "390 *g*": the unit of a figure in a header ("Burn time per 230
            # g canister (minutes)") names no column
        return found

    def _named_or_neighbour(self, phrase: str,
                            allow_generic: bool) -> tuple[Column, str, float] | None:
        found = self._column_by_words(phrase, allow_generic)
        if found is not None or self.vectors is None \
                or phrase in self.generic and not allow_generic:
            return found
        prepared = self._names_prepared
        if not prepared:
            prepared.append(self.vectors.prepare(_padded_columns(self.t)[1]))
        i, score = self.vectors.best_among(phrase, prepared[0])
        if i >= 0 and score >= self.threshold:
            return self.t.columns[i], "glove", score
        return None

    def column_spelled(self, phrase: str) -> tuple[Column, str, float] | None:
        """:meth:`column_named` when it names a column exactly (its method "exact"), else
        None: the columns' spellings only, without containment or GloVe."""
        if not phrase:
            return None
        exact, spelled = _column_spellings(self.t)
        found = exact.get(phrase)
        if found is not None:
            return found[1], "exact", 1.0
        glued = phrase.replace(" ", "")
        # "wi fi" of "Wi-Fi" names a column "wifi", and back; "Position(s)" is named by
        # "position" and "positions": the first column either way
        a = spelled.get((0, glued)) if len(glued) > 3 else None
        b = spelled.get((1, phrase))
        if a is not None or b is not None:
            return min((x for x in (a, b) if x is not None), key=_first)[1], "exact", 1.0
        return None

    def column_worded(self, phrase: str,
                      allow_generic: bool = False) -> tuple[Column, str, float] | None:
        """:meth:`column_named` unless it is a GloVe neighbour (then None): the column a
        phrase names by its words, exactly or by containment."""
        if not phrase:
            return None
        found = self._columns.get((phrase, allow_generic), False)
        if found is not False:
            return None if found is None or found[1] == "glove" else found
        return self._column_by_words(phrase, allow_generic)

    def _column_by_words(self, phrase: str,
                         allow_generic: bool) -> tuple[Column, str, float] | None:
        """:meth:`column_named` before its GloVe step: exact spellings, then (not for a
        generic noun, unless allowed) containment."""
        found = self.column_spelled(phrase)
        if found is not None:
            return found
        if phrase in self.generic and not allow_generic:
            return None
        words_index = _column_word_index(self.t)
        if words_index is not None and "" not in (said_words := phrase.split(" ")):
            # the same containment, as look-ups of the phrase's word runs (and of the
            # phrase among the columns' word runs), where every spelling is single-spaced
            by_words, within = words_index
            # (the most words of the phrase matched, then the most words' characters,
            # then the first column: "total gross" of "a total gross" names Total gross,
            # not the longer Weekend gross that holds "gross")
            best = None
            n = len(said_words)
            for i in range(n):
                for j in range(i + 1, n + 1):
                    for at, col in by_words.get(" ".join(said_words[i:j]), ()):
                        if best is None or (i - j, -len(col.words), at) < best[0]:
                            best = ((i - j, -len(col.words), at), col)
            if best is not None:  # the most specific column the phrase names
                return best[1], "contains", 0.95
            col = within.get(phrase)
            return (col, "contains", 0.95) if col is not None else None
        # (_contains_words both ways, on the columns' words padded once per table)
        padded, _ = _padded_columns(self.t)
        said = f" {phrase} "
        inside = [c for c, words in padded if words in said]
        if inside:  # the most specific column the phrase names: "battery life rating"
            return max(inside, key=lambda c: len(c.words)), "contains", 0.95
        for col, words in padded:
            if col.kind != "bool" and said in words:
                return col, "contains", 0.95
        return None

    def column_by_hint(self, hints: list[str]) -> tuple[Column, str, float] | None:
        """The column the first of ``hints`` names by its words; only when none does, the
        first a GloVe neighbour names ("born on": [birth date, ..., born] is the column
        "Born", not "Birth name", the neighbour of "birth date")."""
        fuzzy = None
        for hint in hints:  # a lexicon's hint names an attribute even when generic ("price")
            found = self.column_named(norm_text(hint), allow_generic=True)
            if found and found[1] != "glove":
                return found
            fuzzy = fuzzy or found
        return fuzzy

    # -- values ------------------------------------------------------------------------
    def value_hits(self, doc, start: int, end: int) -> list[Hit]:
        """Cell and domain values inside the span, longest first, not overlapping."""
        key = (id(doc), start, end)
        found = self._hits.get(key)
        if found is None:
            found = self._hits[key] = self._value_hits(doc, start, end)
        return list(found)

    def _value_hits(self, doc, start: int, end: int) -> list[Hit]:
        hits: list[Hit] = []
        taken: set[int] = set()
        longer = self._name_around(doc, start, end)
        if longer is not None:
            return [longer]
        context: set[str] | None = None  # the span's words, read once some n-gram may hit
        like_num = doc_view(doc).like_num
        # an n-gram that is no cell, synonym, catalog value or level word finds nothing
        cell_texts, synonyms = self.t.cells.by_text, self.synonyms
        catalog, levels = self.domains.known_values(), self.level_of
        for s, e, text in self.ngrams(doc, start, end):
            if text not in cell_texts and text not in synonyms and text not in catalog \
                    and text not in levels:
                continue
            if taken and not taken.isdisjoint(range(s, e)):
                continue
            if like_num[s] and _scale_of_rating(doc, s, self.out_of):
                continue  # the scale of "3.6 out of 5", not a value of its own
            if context is None:
                context = set(norm_text(span_text(doc, start, end)).split())
            # (a figure whose n-gram holds a sign normalized away: "60 °" of "60 °C")
            unit = self._unit_stated(doc, s) if like_num[s] and (
                e - s == 1 or text.replace(".", "", 1).isdigit()) else None
            hit = self._value_hit(s, e, text, context, unit)
            if hit is not None and not hit.rows and e - s == 1 and self._class_noun(doc[s]):
                continue
            if hit is not None and hit.value in self.level_words:
                hit = self._level_redirect(hit, _modified_stems(doc, s, e))
            if hit is not None:
                hits.append(hit)
                taken.update(range(s, e))
        return hits

    def _unit_stated(self, doc, i: int) -> str | None:
        """The dimension of the unit the text gives the figure at token ``i`` ("90
        minutes": time), or None."""
        # (a unit of two tokens too: "60 °C", "5 sq ft")
        found = self.quantity(doc, i, min(i + 3, len(doc)))
        return UNIT_DIMENSION.get(found[0].unit or "") if found and found[1] == i else None

    def _measures(self, col: int, dimension: str) -> bool:
        """A figure in a unit of ``dimension`` can be a cell of the column: a number column
        in a unit of that dimension, or without a unit while no column of the table has
        one ("90 minutes" is no elevation gain of 90 beside a walking time in hours)."""
        column = self.t.columns[col]
        if column.kind != "number":
            return True
        if column.unit:
            return UNIT_DIMENSION.get(column.unit) == dimension
        table_dims, bracketed = table_dimensions(self.t)
        if dimension in bracketed[col]:
            return True  # "780 m" of "Elevation gain (m)", a bracket read as no unit
        return dimension not in table_dims

    def _value_hit(self, s: int, e: int, text: str, context: set[str],
                   unit: str | None = None) -> Hit | None:
        """The cell or domain value an n-gram names; ``unit``: the dimension of the unit
        the text gives it, when it is a figure ("90 minutes")."""
        if parse_bool(text) is not None:
            return None
        if text in self.generic and not self._value_of_this_schema(text):
            return None
        for candidate, method in self._spellings(text):
            by_col = self.t.rows_by_column(candidate)
            if by_col and unit:
                by_col = {c: rows for c, rows in by_col.items() if self._measures(c, unit)}
            if by_col:
                if len(by_col) > 1:
                    # a value several columns hold: the one the span's other words name
                    # ("11 *wins*" of Won, not Lost), else the one most rows hold it in
                    named = self._named_in_context(by_col, text, context)
                    by_col = {c: by_col[c] for c in named} if named else by_col
                col = max(by_col, key=lambda c: len(by_col[c]))
                return Hit(self.t.columns[col].words, col, Rows(by_col[col]),
                           s, e, text, candidate, method)
        for candidate, method in self._spellings(text):
            cols = self.domains.columns_of(candidate)
            if cols:
                name = self._pick_domain_column(cols, context)
                col = self.t.column_by_name(name)
                if col is None and self.domains.sibling_support(
                        name, candidate, self.schema) < MIN_SUPPORT:
                    continue  # too few tables like this one have it to call it fabricated
                named = bool(_stems(name) & _stems(" ".join(context))) or (
                    len(cols) == 1 and candidate not in self.level_words) or (
                    name in self._implied_attributes(text, candidate))
                return Hit(name, col.index if col else None, (), s, e, text, candidate,
                           "domain" if method == "exact" else method, named=named)
        return self._level_hit(s, e, text, context)

    def _named_in_context(self, columns, text: str, context: set[str]) -> list[int]:
        """The columns whose name shares a stem with a word of the span besides the value's
        own (or with a value synonym of one: "wins" of "won"); the span's stems made once."""
        words = context - set(text.split())
        said = _stems(" ".join(w for word in words
                               for w in (word, *self.synonyms.get(word, ()))))
        return [c for c in columns if said & _stems(self.t.columns[c].words)] if said else []

    def _pro_noun(self, doc, i: int) -> bool:
        return pro_noun(doc_view(doc), self.pro_nouns, i)

    def _rank_word(self, doc, i: int) -> bool:
        """An ordinal that ranks a superlative ("the third most populated", "the second
        largest") or is a word of a column's name ("first" of "First awarded"); not "the
        fourth floor" (a floor number) nor "a third" (a fraction)."""
        view = doc_view(doc)
        word = view.lower[i]
        if word not in self.ordinals or i > 0 and view.lower[i - 1] in self.fraction_articles:
            return False
        if i + 1 < len(view.tag) and view.tag[i + 1] in ("JJS", "RBS"):
            return True
        return any(word in c.words.split() for c in self.t.columns)

    def _class_noun(self, tok) -> bool:
        """A noun with "a", "an" or a possessive and an adjective before it, after a
        preposition ("in an Asian country", "in his native country"; not "as": "known as
        a singer"; not "near a riverside"): a kind of thing, not a value only other tables
        hold (the genre "country")."""
        return tok.pos_ == "NOUN" and tok.dep_ == "pobj" \
            and tok.head.lower_ not in self.predicative and any(
                c.dep_ == "poss" or c.dep_ == "det" and c.lower_ in self.indefinite
                for c in tok.children) and any(c.dep_ == "amod" for c in tok.children)

    def _name_around(self, doc, start: int, end: int) -> Hit | None:
        """A proper-noun mention that is part of a longer name in a cell ("Café" of "near
        Café Brazil", when the parse split the name): that cell."""
        pos = doc_view(doc).pos
        if any(p != "PROPN" for p in pos[start:end]):
            return None
        pieces = _pieces(doc)
        n = len(pos)
        s, e = start, end
        # proper nouns, and "&" between them ("Kettle & Crow", "Barnes & Noble")
        while s > 0 and (pos[s - 1] == "PROPN" or pieces[s - 1].rstrip() == "&" and s > 1
                         and pos[s - 2] == "PROPN"):
            s -= 1
        while e < n and (pos[e] == "PROPN" or pieces[e].rstrip() == "&" and
                         e + 1 < n and pos[e + 1] == "PROPN"):
            e += 1
        if (s, e) == (start, end):
            return None
        for a, b, text in self.ngrams(doc, s, e):
            if b - a <= end - start or not (a <= start and end <= b):
                continue
            cols = [c for c in self.t.rows_by_column(text).items() if c[0] != self.t.key]
            if cols:
                col, rows = cols[0]
                return Hit(self.t.columns[col].words, col, Rows(rows), a, b,
                           text, text, "exact")
        return None

    def _level_hit(self, s: int, e: int, text: str, context: set[str]) -> Hit | None:
        """A word on one of the lexicon's ordered scales ("high end" = expensive, on the
        price scale) that no cell or catalog value spells: the one column of this table
        the scale's name stands for (``price range``), compared by level."""
        for scale, canonical in self.level_of.get(text, ()):
            spelled = [canonical]
            want = _stems(scale)
            cols = [c for c in self.t.columns if c.index != self.t.key and c.kind != "bool"
                    and _stems(attribute_words(c.words)) & want]
            named = [c for c in cols if _stems(c.words) & _stems(" ".join(context))]
            cols = named or cols
            if len(cols) == 1:
                return Hit(cols[0].words, cols[0].index, (), s, e, text, spelled[0], "level",
                           0.9, named=True)
        return None

    def _implied_attributes(self, *words: str) -> set[str]:
        """Attributes a word always speaks of, from the lexicon's comparatives: "cheap" and
        "expensive" are prices even though "high" and "low" could be anything."""
        out: set[str] = set()
        for word in words:
            spec = self.comparatives.get(word)
            if spec is not None:
                out.update(norm_text(a) for a in spec.attributes)
        return out

    def _value_of_this_schema(self, text: str) -> bool:
        """A word that is usually generic ("restaurant", "shop") but is also a value of one
        of this table's columns, in its cells or across the catalog ("restaurant" as an
        ``eatType``): then saying it is a claim about that column."""
        if parse_quantity(text) is not None:
            return False  # "all three", "the two": counts of rows, not values
        key = self.t.key
        if any(c != key for c in self.t.rows_by_column(text)):
            return True
        for name in self.domains.columns_of(text):
            col = self.t.column_by_name(name)
            if (col is not None and col.index != key
                    and self.domains.support[(name, text)] >= MIN_SUPPORT):
                return True
        return False

    def level_redirect(self, hit: Hit, adjacent: set[str]) -> Hit:
        """``_level_redirect`` for words the verifier finds around the mention (its clause's
        subject), the verb-attribute hints of those words included ("cost" -> price)."""
        return self._level_redirect(hit, adjacent)

    def _level_redirect(self, hit: Hit, adjacent: set[str]) -> Hit:
        """A level word ("average", "low", "high") belongs to the attribute the word next to
        it names: "average priced" is about price even though "average" is a rating, "high
        cost" too ("cost" names price through the lexicon's verb attributes)."""
        adjacent = adjacent | {_stem(norm_text(a).split()[-1]) for w in adjacent
                               for a in self.hints.get(w, ())}
        if _stems(hit.column) & (adjacent | _stems(hit.text)) or (
                norm_text(hit.column) in self._implied_attributes(hit.text, hit.value)):
            return hit  # "low rated", "cheap" name their attribute, whatever noun follows
        for col in self.t.columns:
            if col.index != self.t.key and col.kind != "bool" and _stems(col.words) & adjacent:
                code = col.code_of(hit.value)
                rows = Rows(np.flatnonzero(col.codes == code)) if code >= 0 else ()
                return Hit(col.words, col.index, rows, hit.start, hit.end, hit.text, hit.value,
                           "level", hit.score, named=True)
        for name in sorted(self.domains.values):
            if _stems(name) & adjacent:
                return Hit(name, None, (), hit.start, hit.end, hit.text, hit.value, "level",
                           hit.score, named=True)
        return hit

    def _pick_domain_column(self, cols: set[str], context: set[str]) -> str:
        """Of the columns a value belongs to, the one the mention's words name, else one
        this table has, else the first by name."""
        ranked = sorted(cols, key=lambda c: (-len(set(c.split()) & context),
                                             self.t.column_by_name(c) is None, c))
        return ranked[0]

    def _spellings(self, text: str) -> list[tuple[str, str]]:
        out = [(text, "exact")]
        for syn in sorted(self.synonyms.get(text, ())):
            if syn != text:
                out.append((syn, "synonym"))
        return out

    def bound(self, doc, start: int) -> str:
        """The comparator written before a number: ">=" for "more than"/"over"/"at least",
        "<=" for "less than"/"under", "~" for "about", "=" otherwise ("up to 40 hours" states
        the maximum, which is the value).  A bound frame on the number (``frame_bounds``, set
        by the checker from rules/frames/bounds.yaml) decides first: "no more than $80" is
        at most $80.  The other cues: rules/lexicon/bounds.yaml."""
        framed = self.frame_bounds.get(start)
        if framed is not None:
            return framed
        view = doc_view(doc)
        end = start  # the words before the number, up to an article just before it
        words_before = view.lower[max(0, start - 3):start]
        if words_before and words_before[-1] in self.articles:
            words_before = words_before[:-1]  # "over a 2-hour run time"
            end -= 1
        before = " ".join(words_before[-2:])
        for cues, op in self.bound_cues:
            if before.endswith(cues):
                # "*turned over* £6.2 million": the verb's particle, no bound
                said = max((c for c in cues if before.endswith(c)), key=len)
                cue = end - len(said.split())
                return "=" if particle_of_verb(view, self.particle_verbs, cue) \
                    or after_the_verbs_figure(view, self.extent_prepositions, cue) else op
        return self._comparative_bound(doc, start)

    def _comparative_bound(self, doc, start: int) -> str:
        """ "longer than two hours", "cheaper than $50": a comparative of a known direction
        (the lexicon's comparatives and generic_comparatives) and "than" before the number
        bound it as "more than" / "less than" do; "=" otherwise."""
        view = doc_view(doc)
        k = start - 1
        if k >= 0 and view.lower[k] in self.articles:
            k -= 1
        if k < 1 or view.lower[k] not in self.than or view.tag[k - 1] not in ("JJR", "RBR"):
            return "="
        lemma = view.lemma[k - 1]
        spec = self.comparatives.get(lemma)
        direction = spec.direction if spec is not None \
            else self.generic_comparatives.get(lemma)
        return {"higher": ">=", "lower": "<="}.get(direction or "", "=")

    def quantity(self, doc, start: int, end: int) -> tuple[Quantity, int, int] | None:
        """The first quantity written inside the span ("2.5 lbs", "$99", "four"); a unit
        outside the known list counts only when some column of this table uses it."""
        key = (id(doc), start, end)
        if key not in self._quantities:
            self._quantities[key] = self._quantity(doc, start, end)
        return self._quantities[key]

    def _quantity(self, doc, start: int, end: int) -> tuple[Quantity, int, int] | None:
        if _scale_of_rating(doc, start, self.out_of) and start >= 3 \
                and doc_view(doc).like_num[start - 3]:
            # "5" of "3.6 out of 5" is the scale, not a value: read the whole rating
            rating = parse_quantity(span_text(doc, start - 3, end), loose=False)
            if rating is not None:
                return rating, start - 3, end
        numeric = _numeric(doc)
        if not any(numeric[start:end]):  # no figure: no n-gram holds one
            return self._one_unit_of_time(doc, start, end)
        units = self.table_units()
        pieces = _pieces(doc)
        for s, e in _spans(start, end):  # longest first
            if not any(numeric[s:e]):
                continue
            text = "".join(pieces[s:e]).rstrip()
            if e - s == 1 and (self._rank_word(doc, s) or self._pro_noun(doc, s)):
                continue  # "the third most populated", "its first award": a rank, no
                # amount; "the only *one* without arms": a noun standing for a row
            q = parse_quantity(text, loose=False)
            if q is not None:
                scaled = _scaled_from_left(doc, s, e)
                if scaled is not None:  # "over [half a] million dollars": the mention
                    return scaled      # began at the scale word
                if q.unit and e + 1 < len(doc) and doc[e].text == "/" \
                        and not doc[e + 1].like_num:
                    # "265 km / h": a mention cut at the slash still states km/h
                    # (the sentence's full stop may be glued to the unit: "km/h.")
                    rate = parse_quantity(f"{text}/{doc[e + 1].text.rstrip('.')}",
                                          loose=False)
                    if rate is not None and rate.unit != q.unit:
                        return rate, s, e + 2
                    if rate is None:
                        return None  # "26 m/s": a rate in a unit no lexicon names, not 26 m
                return q, s, e
            if text[:1] in _ASCII_LETTERS:
                continue  # the loose reading adds only a figure's unknown unit ("100
                # nits"), and a text beginning with a letter states no figure first
            q = parse_quantity(text)
            if q is not None and q.unit in units:
                return q, s, e
        return self._one_unit_of_time(doc, start, end)

    def table_units(self) -> frozenset[str]:
        """The units the table's columns write, found with its first figure."""
        units = self.t.derived.get("link.units")
        if units is None:
            units = self.t.derived["link.units"] = frozenset(
                c.unit for c in self.t.columns if c.unit)
        return units

    def _one_unit_of_time(self, doc, start: int, end: int) -> tuple[Quantity, int, int] | None:
        """ "over a decade", "less than an hour": an indefinite article before a unit of
        time is one of it."""
        view = doc_view(doc)
        for i in range(start, end - 1):
            if view.lower[i] in self.indefinite and view.pos[i + 1] == "NOUN":
                q = parse_quantity(f"1 {_pieces(doc)[i + 1].rstrip()}", loose=False)
                if q is not None and UNIT_DIMENSION.get(q.unit) in self.time_dimensions:
                    share = self.fractions.get(view.lower[i - 1]) if i > 0 else None
                    if share is not None:  # "half a century": a share of one
                        return Quantity(float(share), q.unit), i - 1, i + 2
                    return q, i, i + 2
        return None


_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _articles(lexicon: Lexicon) -> tuple[frozenset[str], frozenset]:
    """The lexicon's articles, lower-cased, and the dimensions of its units of a period."""
    return (frozenset(a.lower() for a in lexicon.articles),
            frozenset(UNIT_DIMENSION.get(u) for u in lexicon.period_units))


def _reading_words(lexicon: Lexicon) -> tuple[frozenset[str], ...]:
    """Indefinite articles, ordinals, fraction articles and predicative prepositions."""
    return tuple(frozenset(w.lower() for w in group) for group in (
        lexicon.indefinite_articles, lexicon.ordinal_words, lexicon.fraction_articles,
        lexicon.predicative_prepositions))


def _scaled_from_left(doc, s: int, e: int) -> tuple[Quantity, int, int] | None:
    """When a quantity starts at a scale word ("million dollars"), the number the words
    just before it give ("half a", "2.5", "a") with it: (quantity, start, end)."""
    text, starts, ends = text_offsets(doc)
    if not text[starts[s]:ends[s]].isalpha():  # a figure in digits ("2.5") is no scale word
        return None
    number = parse_number(doc_view(doc).lower[s])
    if not number or number < 1000:
        return None
    for k in (2, 1):
        if s - k >= 0:
            q = parse_quantity(span_text(doc, s - k, e), loose=False)
            if q is not None:
                return q, s - k, e
    return None


def pro_noun(view, pro_nouns, i: int) -> bool:
    """Token ``i`` is a number word standing for a noun (``pro_nouns``, the lexicon's),
    with a determiner of its own: "the only one", "the cheaper one", "this one" (not "more
    than one", "only one of the four")."""
    return view.lower[i] in pro_nouns and any(view.dep[c] == "det" for c in view.children[i])


def _verb_hints(lexicon: Lexicon) -> dict[str, list[str]]:
    """Stem of a verb -> the attributes the lexicon says it measures, built once per
    lexicon (the stems of its verb_attributes cost ~50 suffix scans)."""
    return {_stem(k): v for k, v in lexicon.verb_attributes.items()}


def _bound_cues(lexicon: Lexicon) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The bound cues of a lexicon with their comparator, checked in this order."""
    return ((tuple(sorted(lexicon.bound_cues_lower_before_number)), ">="),
            (tuple(sorted(lexicon.bound_cues_upper_before_number)), "<="),
            (tuple(sorted(lexicon.approximate_cues)), "~"))


def _out_of_words(lexicon: Lexicon) -> tuple[tuple[str, ...], ...]:
    """The words of each "out of" phrase of the rating scales."""
    return tuple(tuple(p.split()) for p in lexicon.out_of_phrases)


def _scale_of_rating(doc, i: int, phrases: tuple[tuple[str, ...], ...]) -> bool:
    """Token ``i`` follows "out of" (the 5 of "3.6 out of 5")."""
    lower = doc_view(doc).lower
    return any(i >= len(p) and tuple(lower[i - len(p):i]) == p for p in phrases)


_PIECES: dict[int, tuple[object, list[str]]] = {}


def _pieces(doc) -> list[str]:
    """Each token's text with its trailing space, computed once per parsed text (from the
    text's offsets: no Token object)."""
    return per_parse(_PIECES, doc, _text_with_spaces)


def _text_with_spaces(doc) -> list[str]:
    text, starts, _ = text_offsets(doc)
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


_NUMERIC: dict[int, tuple[object, list[bool]]] = {}


def _numeric(doc) -> list[bool]:
    """Per token, whether it is or holds a figure (like a number, tagged NUM, or with a
    digit), computed once per parsed text: a span's n-grams are each asked."""
    return per_parse(_NUMERIC, doc, _figure_flags)


def _figure_flags(doc) -> list[bool]:
    view = doc_view(doc)  # the parse's lists: no Token object per word
    text, starts, ends = text_offsets(doc)
    # a word of letters only (spaCy's is_alpha: str.isalpha) holds no digit: the
    # characters are looked at only otherwise
    return [num or pos == "NUM" or not alpha and any(ch.isdigit() for ch in text[a:b])
            for num, pos, alpha, a, b in zip(view.like_num, view.pos, view.is_alpha, starts,
                                             ends, strict=True)]


# the whitespace that ends a token's word whatever the text's other characters
_ASCII_SPACE = frozenset(" \t\n\r\x0b\x0c")


@lru_cache(maxsize=4096)  # a pure function of two token indices
def _spans(start: int, end: int) -> tuple[tuple[int, int], ...]:
    """The (start, end) of every n-gram of the span, longest first."""
    n_max = min(_MAX_NGRAM, end - start)
    return tuple((s, s + n) for n in range(n_max, 0, -1) for s in range(start, end - n + 1))


_REPEAT = regex.compile(r"\s*\(\d+\)$")


def attribute_words(words: str) -> str:
    """A column's attribute: a repeated header's "eat type (2)" is still "eat type"."""
    return _REPEAT.sub("", words)


def _modified_stems(doc, s: int, e: int) -> set[str]:
    """The stem of the word a level word qualifies: the next word ("average priced", "low
    prices"; hyphens skipped), or a noun right before it ("prices low")."""
    out = set()
    j = e
    while j < len(doc) and doc[j].is_punct:
        j += 1
    if j < len(doc) and doc[j].pos_ in ("NOUN", "VERB", "ADJ"):
        out.add(_stem(doc[j].lower_))
    if s > 0 and doc[s - 1].pos_ == "NOUN":
        out.add(_stem(doc[s - 1].lower_))
    return out


_STEM_SUFFIXES = _LEX.stem_suffixes
_RATING_UNITS = _LEX.rating_units


@lru_cache(maxsize=16384)  # a pure function of one word: the same few hundred recur
def _stem(word: str) -> str:
    """A crude suffix strip for naming checks: "rated", "rating", "ratings" -> "rat"."""
    for suffix in _STEM_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            # a plural is stripped once more, so "ratings" meets "rating" at "rat"
            return _stem(word[:-1]) if suffix == "s" else word[: -len(suffix)]
    return word


def stems(text: str) -> set[str]:
    """The crude stems of a phrase's words, for naming checks."""
    return {_stem(w) for w in text.split()}


_stems = stems
stem = _stem


def derived_word(word: str, names) -> bool:
    """A word and one of ``names`` derive one from the other by a suffix ("month" of
    "Monthly Rent", "weekly" of "Week", "complex" of "Complexity"), both of four letters
    or more."""
    if len(word) < 4:
        return False
    for n in names:  # (a loop, not any() over a generator: asked for every new word)
        if len(n) >= 4 and (n.startswith(word) or word.startswith(n)) \
                and abs(len(n) - len(word)) <= 3:
            return True
    return False


def unit_family(unit: str | None) -> str:
    """Units that measure the same thing on one scale: ratings "out of 5" and stars."""
    if unit and (unit.startswith(OUT_OF_LABEL) or unit in _RATING_UNITS):
        return "rating-scale"
    return unit or ""


def table_dimensions(compiled: CompiledTable) -> tuple[frozenset, list[frozenset]]:
    """The dimensions the table's columns state in their cells' units, and per column the
    dimensions its header's bracket spells ("Rise (m)": a length), once per table."""
    found = compiled.derived.get("link.dimensions")
    if found is None:
        found = compiled.derived["link.dimensions"] = (
            frozenset(UNIT_DIMENSION.get(c.unit) for c in compiled.columns if c.unit),
            [frozenset(UNIT_DIMENSION.get(u) for u in header_units(c.name))
             for c in compiled.columns])
    return found


def _padded_columns(compiled: CompiledTable) -> tuple[list[tuple[Column, str]], list[str]]:
    """Each column with its words between spaces (what ``_contains_words`` compares), and
    the columns' words in order (what GloVe compares a phrase with): once per table."""
    found = compiled.derived.get("link.padded_columns")
    if found is None:
        found = compiled.derived["link.padded_columns"] = (
            [(c, f" {c.words} ") for c in compiled.columns], [c.words for c in compiled.columns])
    return found


_TRAILING_PUNCT = ",;"
# a header's closing bracket and what it holds ("Power (W)", "Fat (%)", "Passengers (2018)")
_BRACKET_TAIL = regex.compile(r"\s*\([^()]*\)$")


def _column_word_index(compiled: CompiledTable) -> tuple[dict, dict] | None:
    """For ``Linker._column_by_words``, once per table: each column's words -> the columns
    (position, column) spelled so, and each run of words of a column that is no yes/no
    column -> the first such column; None when some column's words are not single-spaced
    (then the padded texts are searched)."""
    found = compiled.derived.get("link.column_word_index", False)
    if found is False:
        by_words: dict[str, list[tuple[int, Column]]] = {}
        within: dict[str, Column] = {}
        found = (by_words, within)
        for at, col in enumerate(compiled.columns):
            runs = col.words.split(" ")
            if "" in runs:
                found = None
                break
            by_words.setdefault(col.words, []).append((at, col))
            core = _BRACKET_TAIL.sub("", col.words)
            if core and core != col.words:
                # its words before a closing bracket ("power" of "Power (W)"), which a
                # phrase may hold with more words ("the highest *power* output")
                by_words.setdefault(core, []).append((at, col))
            if col.kind != "bool":
                # the comma after a word is no part of it: "Price, queen (USD)" is named
                # by "price" and "price queen" (a bracket's unit or year keeps its
                # brackets: "(2018)" is no name of "Passengers (2018)")
                runs = [w for w in (r.rstrip(_TRAILING_PUNCT) for r in runs) if w]
                for i in range(len(runs)):
                    for j in range(i + 1, len(runs) + 1):
                        within.setdefault(" ".join(runs[i:j]), col)
        compiled.derived["link.column_word_index"] = found
    return found


def _first(found: tuple[int, Column]) -> int:
    return found[0]


def _column_spellings(compiled: CompiledTable) -> tuple[dict, dict]:
    """How a table's columns are named exactly, found once per table: a column's words or
    its normalized name -> (position, column); and (0, its words without spaces) or (1,
    its words with "(s)" read as "s" or as nothing) -> (position, column); the first
    column of each spelling."""
    found = compiled.derived.get("link.column_spellings")
    if found is None:
        exact: dict[str, tuple[int, Column]] = {}
        spelled: dict[tuple[int, str], tuple[int, Column]] = {}
        for k, col in enumerate(compiled.columns):
            exact.setdefault(col.words, (k, col))
            exact.setdefault(norm_text(col.name), (k, col))
            glued = col.words.replace(" ", "")
            if len(glued) > 3:
                spelled.setdefault((0, glued), (k, col))
            if "(s)" in col.words:
                spelled.setdefault((1, col.words.replace("(s)", "s")), (k, col))
                spelled.setdefault((1, col.words.replace("(s)", "")), (k, col))
        found = compiled.derived["link.column_spellings"] = (exact, spelled)
    return found


def _contains_words(haystack: str, needle: str) -> bool:
    return f" {needle} " in f" {haystack} "


def _contained_name(compiled: CompiledTable, phrase: str) -> int | None:
    """A row whose name is wholly inside the phrase ("the aurora x2 blender" -> Aurora X2):
    the longest, the first of equals; candidates come from the name index."""
    best, best_len = None, 0
    names = compiled.names.norm
    for r in compiled.names.names_within(phrase):
        name = names[r]
        if name and len(name) > best_len and _contains_words(phrase, name):
            best, best_len = int(r), len(name)
    return best


def _in_hyphenated_word(doc, start: int, end: int) -> bool:
    """The tokens [start, end) are a piece of a hyphenated word: written without spaces
    against a hyphen that joins them to a word before or after ("prize" of "prize-winning",
    "winning" of "award-winning")."""
    view = doc_view(doc)
    return hyphen_joined(view, end - 1) or start >= 2 and hyphen_joined(view, start - 2)


def after_the_verbs_figure(view, extent_prepositions, i: int) -> bool:
    """Token ``i`` is a preposition of extent (the lexicon's extent_prepositions) of a verb
    that states its own figure before it ("rises 26.5 m *over* seven storeys", "runs 3 km
    *over* the valley"): the span or the place the figure is measured over, not a bound of
    the number after it ("saw 85% *within* four hours" keeps its bound)."""
    up = view.head[i]
    if view.dep[i] != "prep" or up == i or view.pos[up] not in ("VERB", "AUX") \
            or view.lower[i] not in extent_prepositions:
        return False
    like_num, kids = view.like_num, view.children
    return any(c < i and view.dep[c] in ("dobj", "npadvmod", "attr", "acomp")
               and (like_num[c] or any(view.dep[g] == "nummod" and like_num[g] for g in kids[c]))
               for c in kids[up])


def particle_of_verb(view, particle_verbs, i: int) -> bool:
    """Token ``i`` is the particle of the verb just before it (the lexicon's particle_verbs,
    tagged a particle: "turned *over*", "took *over*"), not a bound cue of the number
    after it."""
    return 0 < i < len(view.lower) and view.pos[i - 1] == "VERB" and view.tag[i] == "RP" \
        and view.lower[i] in particle_verbs.get(view.lemma[i - 1], ())

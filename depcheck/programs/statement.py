"""What a statement offers the program search: linked cell mentions, numbers, column
mentions and trigger words, read from the spaCy parse.

Entity mentions are statement n-grams found in cells of any column (whole words of the
cell, spaces ignored); longer mentions win over the shorter ones they contain.  Triggers
are word classes ("more than", superlatives, "only", "all", negation, count words, ...)
that license function families in the search and become ranker features.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from ..agg.triggers import states_a_gap
from ..lexicon import default as default_lexicon
from ..rules.paths import doc_view
from ..values import CURRENCY_SYMBOLS, NUMBER_WORDS, UNIT_DIMENSION, UNIT_OF, fold, parse_number
from .cells import MONTH, SUBSTRING_MAX_HITS, YEARS, TypedTable, first_number, year_columns

MAX_NGRAM = 8
MAX_MENTIONS = 8
MAX_COLUMNS_PER_MENTION = 3

# words from the packaged lexicon (rules/lexicon/stopwords.yaml, programs.yaml), read
# once: statements are analysed without a rule set
_LEX = default_lexicon()
STOP = _LEX.program_stopwords
_STOP_NOT_LEADING = _LEX.program_stopwords - _LEX.program_stopwords_leading
# trigger class -> the words that fire it (the search reads the classes by name)
TRIGGERS: dict[str, frozenset[str]] = {name: frozenset(words)
                                       for name, words in _LEX.program_triggers.items()}
ORDINALS = dict(_LEX.ordinal_ranks)


@dataclass(frozen=True)
class Mention:
    """Tokens ``start:end`` found in ``rows`` cells of ``column``; ``exact``: a cell equals them."""

    start: int
    end: int
    text: str
    column: int
    rows: int
    exact: bool


@dataclass(frozen=True)
class NumberMention:
    index: int
    value: float
    text: str
    in_table: bool
    counted: bool  # the number modifies a noun ("three games"): a count
    dimension: str | None = None  # what its unit measures ("$49": money, "2.5 kg": mass)
    gap: bool = False  # it measures a difference ("12 minutes longer"): read only by diff
    # the words of the noun it counts ("3 *games*"; not "episode 31"), when that is no unit
    noun: frozenset[str] = frozenset()


@dataclass
class Analysis:
    """The statement as the search and the ranker see it."""

    tokens: list[str]
    mentions: list[Mention]
    numbers: list[NumberMention]
    triggers: dict[str, list[int]]
    header_hits: dict[int, float]
    heads: np.ndarray  # dependency head index per token
    unlinked_names: int  # content nouns / names tied to no cell and no header
    lemmas: list[str] = field(default_factory=list)
    clauses: np.ndarray | None = None  # per token, the head of its clause (``clause_heads``)
    # the tokens of the noun phrase a quantifier ranges over ("every *brush priced above
    # $50*"), without the quantifier, or None (``quantified_group``)
    restrictor: frozenset[int] | None = None
    # (comparative, cue, universal determiners) of each comparison with every other row
    # ("more players *than any other* country": ``beats_every_other``)
    every_other: list[tuple[int, int, frozenset[int]]] = field(default_factory=list)
    _distances: np.ndarray | None = field(default=None, repr=False)
    _counted: dict[int, frozenset[str]] | None = field(default=None, repr=False)

    def counted_noun(self, i: int) -> frozenset[str]:
        """The words of the noun the number at token ``i`` counts (``NumberMention.noun``),
        looked up in a map made once."""
        if self._counted is None:
            self._counted = {n.index: n.noun for n in self.numbers if n.noun}
        return self._counted.get(i, frozenset())

    def distances(self) -> np.ndarray:
        """Token-to-token dependency distances, computed once when first asked."""
        if self._distances is None:
            from .features import dependency_distances

            self._distances = dependency_distances(self.heads)
        return self._distances

    def has(self, trigger: str) -> bool:
        return trigger in self.triggers

    def numeric_literals(self) -> list[NumberMention]:
        return self.numbers


def analyse(doc, table: TypedTable) -> Analysis:
    """Link, number and trigger reading of a parsed statement against one table."""
    tokens = [fold(t.text) for t in doc]
    lemmas = [fold(t.lemma_) for t in doc]
    numbers = [n for n in read_numbers(doc, tokens, table) if not _scale_of(doc, n.index)]
    gaps = {n.index for n in numbers if n.gap} | {
        t.i for t in doc if t.like_num and _scale_of(doc, t.i)}
    # a difference ("12 minutes longer") or a rating's scale ("out of 10") is no cell of
    # a row, whatever cell holds "12" or "10"
    mentions = [m for m in link_mentions(tokens, table, lemmas)
                if not (m.end - m.start == 1 and m.start in gaps)]
    triggers = read_triggers(doc, lemmas, tokens)
    every_other = beats_every_other(doc)
    every_other_triggers(doc, lemmas, tokens, table, triggers, every_other)
    heads = np.array([t.head.i for t in doc], dtype=np.int64)
    return Analysis(tokens=tokens, mentions=mentions, numbers=numbers, triggers=triggers,
                    header_hits=header_hits(lemmas, tokens, table), heads=heads,
                    unlinked_names=_unlinked_names(doc, tokens, mentions, table),
                    lemmas=lemmas, clauses=clause_heads(doc),
                    restrictor=quantified_group(doc, triggers), every_other=every_other)


def quantified_group(doc, triggers: dict[str, list[int]]) -> frozenset[int] | None:
    """The tokens of the noun phrase the statement's first quantifier over rows ranges over
    ("all", "every", "both", "most": the trigger classes ``all`` and ``majority``), the
    quantifier not of it (``quantified_noun``); None when no quantifier names a noun."""
    view = doc_view(doc)
    for i in sorted(triggers.get("all", []) + triggers.get("majority", [])):
        noun = quantified_noun(view, i)
        if noun is not None:
            return frozenset(j for j in subtree_ids(view, noun) if j != i)
    return None


def quantified_noun(view, q: int) -> int | None:
    """The noun the quantifier at token ``q`` ranges over, in the parse's lists
    (``rules.paths.DocView``): its head ("every *brush* priced above $50", "most
    *games*"), the object of its "of" ("all of the *mowers*"), or the subject of the verb
    it floats on ("the two *flights* both cost"); None when it names no noun."""
    head, nouns = view.head[q], ("NOUN", "PROPN")
    if view.dep[q] in ("det", "predet", "amod") and view.pos[head] in nouns and head != q:
        return head
    objects = [o for c in view.children[q] if view.dep[c] == "prep"
               for o in view.children[c] if view.dep[o] == "pobj"]
    if objects and view.pos[objects[0]] in nouns:
        return objects[0]
    if view.pos[head] in ("VERB", "AUX") and head != q:
        subjects = [c for c in view.children[head]
                    if view.dep[c] in ("nsubj", "nsubjpass") and c != q]
        if subjects and view.pos[subjects[0]] in nouns:
            return subjects[0]
    return None


def subtree_ids(view, i: int) -> list[int]:
    """Token ``i`` and every token under it in the parse's lists."""
    out, todo = [], [i]
    while todo:
        j = todo.pop()
        out.append(j)
        todo.extend(view.children[j])
    return out


_OUT_OF = tuple(tuple(p.split()) for p in _LEX.out_of_phrases)


def _scale_of(doc, i: int) -> bool:
    """Token ``i`` is the scale of a rating, after "out of" (the 10 of "8 out of 10"): no
    figure of a row.  A number after "out of" that counts something ("five out of six
    *games*", "three out of five *of* his matches") is the size of a group instead."""
    tok = doc[i]
    if tok.dep_ == "nummod" or any(c.dep_ == "prep" for c in tok.children):
        return False
    return any(i >= len(p) and all(doc[i - len(p) + k].lower_ == w for k, w in enumerate(p))
               for p in _OUT_OF)


# a clause of its own: a coordinated or parenthetical predicate with its own subject
# ("..., and *neither costs* more than $450"), or a subordinate one under a contrast
# subordinator (rules/lexicon/grammar.yaml: "though its seat *doesn't recline*"); one that
# shares the subject of its head ("takes 90 minutes and *welcomes* dogs"), a condition
# ("when the score was 3-0, ..."), a relative clause (a restriction of its noun) or a
# complement clause ("lets you *try* it free for 7 days") stays in its head's clause; the
# parser hangs a subject "neither" off the verb as a preconj ("..., and neither costs more")
COORDINATED_DEPS = frozenset({"conj", "parataxis"})
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass", "expl", "preconj"})


def clause_heads(doc) -> np.ndarray:
    """Per token, the index of the head of the clause it belongs to (its sentence's root,
    or the predicate of a coordinated or contrasting clause with a subject of its own)."""
    contrast = _LEX.contrast_subordinators
    out = np.empty(len(doc), dtype=np.int64)
    for tok in doc:
        head = tok
        while head.head.i != head.i and not _opens_clause(head, contrast):
            head = head.head
        out[tok.i] = head.i
    return out


def _opens_clause(tok, contrast: frozenset[str]) -> bool:
    if tok.dep_ == "advcl":
        return any(c.dep_ == "mark" and c.lower_ in contrast for c in tok.children)
    return tok.dep_ in COORDINATED_DEPS and any(c.dep_ in SUBJECT_DEPS for c in tok.children)


def _unlinked_names(doc, tokens: list[str], mentions: list[Mention], table: TypedTable) -> int:
    """Proper nouns tied to no cell and no header word: a sign of a fabricated entity."""
    linked = {i for m in mentions for i in range(m.start, m.end)}
    header_words = {w for c in table.columns for w in fold(c.name).split()}
    caption = set(fold(table.compiled.table.caption).split())
    return sum(1 for t in doc if t.pos_ == "PROPN" and t.i not in linked
               and tokens[t.i] not in header_words and tokens[t.i] not in caption
               and tokens[t.i] not in STOP)


@dataclass(frozen=True, eq=False)
class JoinedCells:
    """A column's distinct cells, each spaced (" v "), joined one a line: a word search is
    one `in` over what the column holds (not over its rows); ``starts`` and ``weights``
    (rows per distinct cell) turn hits back into rows."""

    blob: str
    starts: np.ndarray
    weights: np.ndarray
    unique: bool  # every row holds a different cell

    @classmethod
    def of(cls, cells: list[str], inverse: np.ndarray) -> JoinedCells:
        # each cell " v ", one a line
        lengths = np.fromiter(map(len, cells), dtype=np.int64, count=len(cells)) + 3
        starts = np.zeros(len(cells), dtype=np.int64)
        np.cumsum(lengths[:-1], out=starts[1:])
        weights = np.bincount(inverse, minlength=len(cells))
        blob = " " + " \n ".join(cells) + " " if cells else ""
        return cls(blob=blob, starts=starts, weights=weights,
                   unique=bool(len(weights) == len(inverse)))

    def __contains__(self, needle: str) -> bool:
        return needle in self.blob


def _cell_strings(table: TypedTable) -> list[JoinedCells]:
    """Per column, its distinct cells joined (see :class:`JoinedCells`)."""
    cached = table.__dict__.get("_joined")
    if cached is None:
        cached = [JoinedCells.of(col.cells.tolist(), col.inverse) for col in table.columns]
        object.__setattr__(table, "_joined", cached)
    return cached


def _column_words(table: TypedTable) -> list[frozenset[str]]:
    """Per column, every whitespace-separated word of its cells: a text with a word outside
    it cannot be found in the column, and no scan of the column is needed to know."""
    cached = table.__dict__.get("_words")
    if cached is None:
        cached = [frozenset(joined.blob.split()) for joined in _cell_strings(table)]
        object.__setattr__(table, "_words", cached)
    return cached


_OTHER_SPACE = re.compile(r"[^\S \n]")  # whitespace but a space or the blob's line break


def _spaced_only(table: TypedTable) -> list[bool]:
    """Per column, whether its cells hold no whitespace but spaces: then a word (no
    whitespace in it) is a whole word of some cell exactly when it is one of
    ``_column_words``, and no search of the cells is needed to know."""
    cached = table.__dict__.get("_spaced")
    if cached is None:
        cached = [_OTHER_SPACE.search(joined.blob) is None for joined in _cell_strings(table)]
        object.__setattr__(table, "_spaced", cached)
    return cached


def _in_cells(text: str, blob: JoinedCells, known: frozenset[str], spaced: bool) -> bool:
    """Whether some cell of a column holds ``text`` as whole words (\" text \" in the
    column's blob)."""
    if text and spaced and not any(ch.isspace() for ch in text):
        return text in known  # a word: one set look-up (see ``_spaced_only``)
    return f" {text} " in blob


def prepare(table: TypedTable) -> None:
    """Build what ``link_mentions`` and ``read_numbers`` read of a table (with the
    table's compile)."""
    _column_words(table)
    _spaced_only(table)


def _rows_holding(table: TypedTable, j: int, joined: JoinedCells, needle: str) -> int:
    """How many cells of column ``j`` hold the needle as whole words.  Beyond
    ``COUNT_BY_BLOB_ROWS`` rows: its occurrences in the column's cells (a cell holding it
    twice counts twice, which only orders candidates), counted in the distinct cells and
    weighted by their rows."""
    col = table.columns[j]
    if col.n_rows <= COUNT_BY_BLOB_ROWS:
        padded = np.char.add(np.char.add(" ", col.cells), " ")
        return int(col.rows_where(np.char.find(padded, needle) >= 0).sum())
    if joined.unique:
        return joined.blob.count(needle)
    blob, found = joined.blob, []
    at = blob.find(needle)
    while at >= 0:
        if len(found) >= SUBSTRING_MAX_HITS:  # many: numpy counts per distinct cell
            padded = np.char.add(np.char.add(" ", col.cells), " ")
            return int(np.dot(np.char.count(padded, needle), joined.weights))
        found.append(at)
        at = blob.find(needle, at + len(needle))
    if not found:
        return 0
    cells = np.searchsorted(joined.starts, np.asarray(found), side="right") - 1
    return int(joined.weights[cells].sum())


COUNT_BY_BLOB_ROWS = 2000


def link_mentions(tokens: list[str], table: TypedTable,
                  lemmas: list[str] | None = None) -> list[Mention]:
    """Longest statement n-grams that occur as whole words in cells, any column; an n-gram
    whose words do not occur is tried again with its last word lemmatized ("losses")."""
    joined = _cell_strings(table)
    headers = {fold(c.name) for c in table.columns}
    found: list[Mention] = []
    taken = np.zeros(len(tokens), dtype=bool)
    for n in range(min(MAX_NGRAM, len(tokens)), 0, -1):
        for i in range(len(tokens) - n + 1):
            if taken[i:i + n].any():
                continue
            words = tokens[i:i + n]
            if all(w in STOP for w in words) or words[0] in _STOP_NOT_LEADING and n > 1 \
                    or words[-1] in STOP and n > 1:
                continue
            text = " ".join(words)
            if text in headers:
                continue
            hits = _match(text, joined, table, i, i + n)
            if not hits and lemmas is not None and lemmas[i + n - 1] != words[-1]:
                hits = _match(" ".join(words[:-1] + [lemmas[i + n - 1]]), joined, table, i, i + n)
            if hits:
                found.extend(hits)
                taken[i:i + n] = True
    found.sort(key=lambda m: (m.start, not m.exact, m.rows))
    return found[:MAX_MENTIONS * MAX_COLUMNS_PER_MENTION]


def _match(text: str, joined: list[str], table: TypedTable, start: int, end: int) -> list[Mention]:
    """Columns whose cells hold ``text`` as whole words; exact cells first."""
    needle = f" {text} "
    if len(text) < 2 and not text.isdigit():
        return []
    hits = []
    words = text.split()
    for j, (blob, known) in enumerate(zip(joined, _column_words(table), strict=True)):
        if not all(w in known for w in words):
            continue
        # a cell that is the text is a line of the blob: no search of it (at 100,000
        # rows, a name's search costs 0.5 ms)
        exact = table.columns[j].counts.get(text, 0)
        if not exact and needle not in blob:
            continue
        rows = exact or _rows_holding(table, j, blob, needle)
        hits.append(Mention(start, end, text, j, rows, exact > 0))
    if not any(h.exact for h in hits) and len(text) < 4 and not text.isdigit():
        return []
    hits.sort(key=lambda h: (not h.exact, h.rows))
    return hits[:MAX_COLUMNS_PER_MENTION]


def read_numbers(doc, tokens: list[str], table: TypedTable) -> list[NumberMention]:
    """Numbers in digits or words, with whether some cell holds them and whether they count."""
    out: list[NumberMention] = []
    cells = _cell_strings(table)
    for tok in doc:
        text = tokens[tok.i]
        value = _number_value(text, tok)
        if value is None:
            continue
        in_table = any(_in_cells(text, blob, known, spaced) for blob, known, spaced in zip(
            cells, _column_words(table), _spaced_only(table), strict=True)) or any(
            bool(np.any(np.isclose(col.number, value))) for col in table.columns)
        counted = tok.dep_ == "nummod" and tok.head.pos_ in ("NOUN", "PROPN") and value < 100
        literal = text if any(ch.isdigit() for ch in text) else f"{value:g}"
        dimension = _dimension(tok)
        noun = frozenset({tokens[tok.head.i], fold(tok.head.lemma_)}) \
            if counted and tok.i < tok.head.i and dimension is None \
            and tokens[tok.head.i] not in UNIT_OF \
            and tokens[tok.head.i] not in _FREQUENCY else frozenset()  # "four times a week"
        out.append(NumberMention(tok.i, value, literal, in_table, counted,
                                 dimension or _figure_kind(text, value, table),
                                 states_a_gap(tok), noun))
    return out


YEAR = "year"  # what a column of years and a year the statement names measure
PAIR = "pair"  # two figures joined by a dash, a score or a range ("2–1", "10-12")
_PAIR = re.compile(r"\d+(?:[.,]\d+)?[-–]\d+(?:[.,]\d+)?")


def _figure_kind(text: str, value: float, table: TypedTable) -> str | None:
    """What a number without a unit measures when its shape says: two figures joined by a
    dash are a score or a range ("2–1", "10-12"), never a number of rows; four digits in
    the years' range are a year when the table has a column of years and no other column
    holds that figure ("the 2018 dip" of a table by year is no count of its rows)."""
    if _PAIR.fullmatch(text):
        return PAIR
    if len(text) != 4 or not text.isdigit() or not YEARS[0] <= value <= YEARS[1]:
        return None
    years = year_columns(table)
    if not years or any(bool(np.any(col.number[table.body] == value))
                        for j, col in enumerate(table.columns) if j not in years):
        return None
    return YEAR


_FREQUENCY = frozenset(_LEX.item_count_time_nouns)


def _dimension(tok) -> str | None:
    """The dimension of the unit the statement gives a number (rules/lexicon/units.yaml):
    a currency sign before it ("$ 49"), a unit word after it ("2.5 kg", "45 minutes") or in
    the same token ("250w")."""
    doc = tok.doc
    if tok.i > 0 and doc[tok.i - 1].text in CURRENCY_SYMBOLS:
        return UNIT_DIMENSION.get(CURRENCY_SYMBOLS[doc[tok.i - 1].text])
    if tok.text[:1] in CURRENCY_SYMBOLS:
        return UNIT_DIMENSION.get(CURRENCY_SYMBOLS[tok.text[:1]])
    tail = tok.text.lower().lstrip("0123456789.,")
    if tail and tail in UNIT_OF:
        return UNIT_DIMENSION.get(UNIT_OF[tail])
    i = tok.i + 1
    if i < len(doc) and doc[i].lower_ == "-":  # "a two-year warranty", "a 1.7-litre jug"
        i += 1
    if i < len(doc):
        nxt = doc[i].lower_
        if i + 2 < len(doc) and doc[i + 1].text == "/" \
                and f"{nxt}/{doc[i + 2].lower_}" in UNIT_OF:  # "20 km/h": a speed
            nxt = f"{nxt}/{doc[i + 2].lower_}"
        if nxt in UNIT_OF:
            return UNIT_DIMENSION.get(UNIT_OF[nxt])
    return None


def _number_value(text: str, tok) -> float | None:
    if text in ORDINALS or MONTH.fullmatch(text):
        return None
    if any(ch.isdigit() for ch in text):
        v = first_number(text, units=False)  # "2r", "250cc" in a statement are names
        return None if np.isnan(v) else v
    if tok.like_num and text in NUMBER_WORDS:
        return parse_number(text)
    if text in NUMBER_WORDS and NUMBER_WORDS[text] >= 1 and text not in _LEX.ordinals_not_counts:
        return float(NUMBER_WORDS[text]) if tok.pos_ == "NUM" else None
    return None


def read_triggers(doc, lemmas: list[str], tokens: list[str]) -> dict[str, list[int]]:
    """Trigger classes and the tokens that fire them; superlative and comparative tags count."""
    fired: dict[str, list[int]] = {}
    for tok in doc:
        for name, words in TRIGGERS.items():
            if lemmas[tok.i] in words or tokens[tok.i] in words:
                fired.setdefault(name, []).append(tok.i)
        if tok.tag_ in ("JJS", "RBS") and tokens[tok.i] not in TRIGGERS["min"]:
            fired.setdefault("max", []).append(tok.i)
        if tok.tag_ in ("JJR", "RBR"):
            fired.setdefault("comparative", []).append(tok.i)
        if tok.dep_ == "neg":
            fired.setdefault("negation", []).append(tok.i)
        if tok.dep_ == "nummod":
            fired.setdefault("count", []).append(tok.i)
    return fired


def every_other_triggers(doc, lemmas: list[str], tokens: list[str], table: TypedTable,
                         fired: dict[str, list[int]],
                         every_other: list[tuple[int, int, frozenset[int]]]) -> None:
    """The trigger classes of each comparison with every other row or group
    (``every_other``, from ``beats_every_other``): its universal determiner fires no
    ``all`` ("any" of "than *any* other country" is the comparison's other side, no claim
    about every row), and its comparative fires

    - ``max`` / ``min`` of a figure: a degree word ("more", "fewer": the lexicon's
      ``degree_higher`` / ``degree_lower``) on a noun a number counts ("drew seven games,
      *more* than any other side") or that names a numeric column ("more passengers"), or
      a comparative of the lexicon's ``comparatives`` ("*cheaper* than any other kettle"),
      by its direction;
    - ``mode``: "more" said of anything else counts rows ("*more* players from England
      than any other country", "has won the Open more than any other tournament");
    - nothing for "fewer" rows (the least frequent value has no function) nor for a
      comparative with no direction of its own ("better").
    """
    from .search import numeric_columns  # (the search reads this module's analysis)

    numeric = None
    for comparative, _, determiners in every_other:
        if "all" in fired:
            fired["all"] = [i for i in fired["all"] if i not in determiners]
            if not fired["all"]:
                del fired["all"]
        word = {lemmas[comparative], tokens[comparative]}
        higher = not word.isdisjoint(_LEX.degree_higher)
        lower = not word.isdisjoint(_LEX.degree_lower)
        if higher or lower:
            tok = doc[comparative]
            noun = None
            if tok.dep_ == "amod" and tok.head.pos_ in ("NOUN", "PROPN"):
                noun = tok.head  # "*more* players", "four wickets, *more* than ..."
            elif comparative >= 2 and doc[comparative - 1].is_punct \
                    and doc[comparative - 2].pos_ == "NOUN":
                # "drew seven games, *more* than any other side", the parse hanging the
                # comparative on the verb: it restates the noun before the comma
                noun = doc[comparative - 2]
            figure = False
            if noun is not None:
                if numeric is None:
                    words = header_words(table)
                    numeric = {w for j in numeric_columns(table) for w in words[j]}
                figure = any(c.dep_ == "nummod" for c in noun.children) \
                    or lemmas[noun.i] in numeric or tokens[noun.i] in numeric
            if figure:
                fired.setdefault("max" if higher else "min", []).append(comparative)
            elif higher:
                fired.setdefault("mode", []).append(comparative)
            continue
        spec = _LEX.comparatives.get(lemmas[comparative])
        if spec is not None:
            fired.setdefault("min" if spec.direction == "lower" else "max",
                             []).append(comparative)


def beats_every_other(doc) -> list[tuple[int, int, frozenset[int]]]:
    """(comparative, cue, universal determiners) of each comparison whose other side is every
    other row or group ("more players from England *than any other* country", "won more
    often than any of the other players"): the lexicon's ``comparison_cues`` ("than") with
    one of its ``comparand_universal_determiners`` in the cue's phrase, and the nearest
    comparative (JJR / RBR) before the cue in its sentence."""
    view = doc_view(doc)
    cues = _LEX.comparison_cues
    universal = _LEX.comparand_universal_determiners
    out = []
    for i, word in enumerate(view.lower):
        if word not in cues or view.dep[i] != "prep":
            continue
        determiners = frozenset(j for j in subtree_ids(view, i) if j != i
                                and view.lower[j] in universal
                                and view.dep[j] in ("det", "predet", "pobj"))
        if not determiners:
            continue
        start = view.sent_start[i]
        comparative = next((j for j in range(i - 1, start - 1, -1)
                            if view.tag[j] in ("JJR", "RBR")), None)
        if comparative is not None:
            out.append((comparative, i, determiners))
    return out


def header_words(table: TypedTable) -> list[tuple[str, ...]]:
    """Per column, the folded words of its header, brackets dropped ("Weight (kg)": weight,
    kg); cached on the table."""
    cached = table.__dict__.get("_header_words")
    if cached is None:
        cached = [tuple(fold(col.name).replace("(", " ").replace(")", " ").split())
                  for col in table.columns]
        object.__setattr__(table, "_header_words", cached)
    return cached


def header_hits(lemmas: list[str], tokens: list[str], table: TypedTable) -> dict[int, float]:
    """Columns whose header words appear in the statement: share of header words found."""
    words = set(lemmas) | set(tokens)
    out: dict[int, float] = {}
    for j, header in enumerate(header_words(table)):
        head = [w for w in header if w not in STOP and len(w) > 1]
        if head:
            share = sum(1 for w in head if w in words or w.rstrip("s") in words) / len(head)
            if share:
                out[j] = share
    return out

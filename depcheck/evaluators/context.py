"""What an evaluator may read, and the lookups the evaluators share.

A :class:`FrameContext` holds one parsed statement, the compiled table it is checked
against, the :class:`~depcheck.link.Linker` that ties words to rows, columns and cells, the
lexicon's cue groups (``rules/**: lexicon: groups``, lower-cased) and the checker's answer to
"which row is the claim at this token about" (``row_of``).  The helpers here find the figure
a number token states, the column it belongs to, and compare it with a whole column at
once (numpy), so no evaluator walks rows in Python.

A :class:`ClaimContext` is the per-statement state of the claim evaluators (entity, fact,
boolean, level, quantity, schema, superlative, comparison of two named rows): the parse,
the rule set's extraction, the linker and its table, the lexicon, the checker's settings,
and what :mod:`~depcheck.evaluators.entity` found while linking names to rows (the rows a
token names, the spans that name rows, the unknown names read as values).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from ..compiled import Column, CompiledTable, header_units, is_clock, scaled_figure
from ..extract import Extraction, Mention
from ..lexicon import GROUPS, SEQUENCE
from ..lexicon import default as default_lexicon
from ..link import Linker, stem
from ..report import Link
from ..rules.paths import DocView, doc_view, hyphen_joined, planned_at
from ..values import (
    CURRENCY_SYMBOLS,
    UNIT_DIMENSION,
    UNIT_OF,
    Quantity,
    norm_text,
    parse_quantity,
    same_family,
    singular,
    to_base,
)

# the words a unit's spelling begins with ("sq" of "sq ft"): a figure's unit word
_UNIT_WORDS = frozenset(form.split()[0] for form in UNIT_OF)

# dependency labels of the words that belong to a name or a noun phrase's head
NAME_DEPS = frozenset({"compound", "nmod", "flat", "amod"})
# labels that take a token outside the phrase a value is stated in
CLAUSE_DEPS = frozenset({"det", "predet", "punct", "cc", "relcl", "advcl", "conj", "appos"})


_CUE_GROUPS: dict[int, tuple[Any, Mapping[str, frozenset[str]]]] = {}
# the frames' cue groups: the lexicon groups kept in written order
CUE_GROUP_NAMES = tuple(name for name, g in GROUPS.items() if g.shape == SEQUENCE)


def cue_groups(lexicon) -> Mapping[str, frozenset[str]]:
    """The lexicon's cue groups (rules/lexicon/: bounds, comparison, quantifiers ...) and
    its free-form named groups, lower-cased, built once per loaded lexicon."""
    hit = _CUE_GROUPS.get(id(lexicon))
    if hit is None or hit[0] is not lexicon:
        groups = {k: frozenset(w.lower() for w in v) for k, v in lexicon.groups.items()}
        for name in CUE_GROUP_NAMES:
            words = getattr(lexicon, name, None)
            if words:
                groups[name] = frozenset(w.lower() for w in words)
        hit = _CUE_GROUPS[id(lexicon)] = (lexicon, groups)
    return hit[1]


@dataclass
class FrameContext:
    doc: Any
    table: CompiledTable
    linker: Linker
    groups: Mapping[str, frozenset[str]]
    verb_attributes: Mapping[str, list[str]] = field(default_factory=dict)
    # the rows the claim at a token is about (the clause's subject, a coreferent, the only
    # row), or None when the text names none
    row_of: Callable[[int], tuple[int, ...] | None] = lambda i: None
    frames: tuple = ()  # every frame match of the statement (a quantifier reads its bound)
    lexicon: Any = None  # the rule set's lexicon, for the file:line of the cues a check used
    # the year "present" and "ago" count from (the checker's as_of_year, else this year)
    as_of_year: int = 0

    @cached_property
    def open_ends(self) -> frozenset[str]:
        """Words of a cell that leave a span of years open ("1994 - present")."""
        return frozenset(w.lower() for w in self.lexicon.open_range_ends)

    @classmethod
    def of(cls, doc, table: CompiledTable, linker: Linker, lexicon, **kw) -> FrameContext:
        # the lexicon's own read-only mapping: a copy per statement cost a pass over it
        return cls(doc, table, linker, cue_groups(lexicon), lexicon.verb_attributes,
                   lexicon=lexicon, **kw)

    # -- words -----------------------------------------------------------------------------
    def group(self, name: str) -> frozenset[str]:
        return self.groups.get(name, frozenset())

    def cue_entries(self, ids, prefix: str = "") -> list[dict]:
        """The lexicon entries (group, entry, file:line) of the groups named ``prefix...``
        that the words ``ids`` are: the whole phrase ("no more than") where a group has it,
        else each word."""
        if not ids:
            return []
        names = [n for n in CUE_GROUP_NAMES if n.startswith(prefix)]
        phrase = self.phrase(ids)
        lower = doc_view(self.doc).lower
        for words in ([phrase], [lower[i] for i in sorted(ids)]):
            out = [{"group": n, "entry": w,
                    "location": (self.lexicon.where(n, w) if self.lexicon is not None
                                 else None) or ""}
                   for n in names for w in dict.fromkeys(words)
                   if w in self.groups.get(n, frozenset())]
            if out:
                return out
        return []

    def phrase(self, ids) -> str:
        lower = doc_view(self.doc).lower
        return " ".join(lower[i] for i in sorted(ids))

    def name_span(self, i: int) -> tuple[int, int]:
        """Token ``i`` with the name words before it ("Quill S3" of "the Quill S3's") and
        a model number right after it ("Arc Pro 7")."""
        tok = self.doc[i]
        left = [c.i for c in tok.lefts if c.dep_ in NAME_DEPS]
        end = i + 1
        if end < len(self.doc) and self.doc[end].dep_ in ("nummod", *NAME_DEPS) \
                and self.doc[end].head.i == i:
            end += 1
        return (min([i, *left]), end)

    def phrase_span(self, i: int) -> tuple[int, int]:
        """The noun phrase or value headed by token ``i``, without determiners, clauses or
        coordinated siblings ("a glass jar" -> "glass jar")."""
        view = doc_view(self.doc)  # the parse's lists: no Token per word
        children, dep = view.children, view.dep
        keep = [i]
        stack = [c for c in children[i] if dep[c] not in CLAUSE_DEPS]
        while stack:
            c = stack.pop()
            keep.append(c)
            stack.extend(g for g in children[c] if dep[g] not in CLAUSE_DEPS)
        start = min(keep)
        while start >= 2 and hyphen_joined(view, start - 2):
            start -= 2  # "all-wheel drive": one hyphenated word, its "all" no determiner
        return start, max(keep) + 1

    # -- rows ------------------------------------------------------------------------------
    def rows_named(self, i: int) -> tuple[int, ...] | None:
        """The rows the name at token ``i`` links to, or None."""
        s, e = self.name_span(i)
        found = self.linker.entity_rows(self.doc, s, e)
        return found.rows if found is not None else None

    def comparand_rows(self, i: int) -> tuple[int, ...] | None:
        """The rows the comparand at token ``i`` names: its own name's, else those of the
        one name in apposition to it ("as much as the two-person *Ridgeline 2*", where the
        parse makes "person" the object and the name its apposition)."""
        found = self.rows_named(i)
        if found is None:
            appos = [c for c in self.doc[i].children if c.dep_ == "appos"]
            if len(appos) == 1:
                found = self.rows_named(appos[0].i)
        return found

    def row_name(self, r: int) -> str:
        return self.table.row_name(r)

    # -- figures ---------------------------------------------------------------------------
    def quantity_at(self, i: int) -> Quantity | None:
        """The figure number token ``i`` states, with the unit written next to it ("$80",
        "2 kg", "650 W"); a unit noun the number modifies counts too ("2 kg" of "kg")."""
        doc = self.doc
        s = i
        while s > 0 and doc[s - 1].like_num and doc[s - 1].head.i in (s, i):
            s -= 1  # "ten million": the words of one number
        s = s - 1 if s > 0 and doc[s - 1].text in CURRENCY_SYMBOLS else s
        end = i + 2
        if end < len(doc) and doc[i + 1].tag_ == "HYPH" and not doc[i].whitespace_ \
                and not doc[i + 1].whitespace_:
            end = i + 3  # "27-inch": the unit hyphen-joined to the number
        found = self.linker.quantity(doc, s, min(len(doc), end))
        if found is None or not found[1] <= i < found[2]:
            return None
        return found[0]

    def number_in(self, i: int) -> int | None:
        """Token ``i`` when it is a number, else its number modifier ("kg" of "2 kg")."""
        tok = self.doc[i]
        if tok.like_num:
            return i
        nums = [c.i for c in tok.children if c.like_num and c.dep_ in ("nummod", "quantmod")]
        nums += [g.i for c in tok.children if c.dep_ == "compound"
                 for g in c.children if g.like_num and g.dep_ == "nummod"]
        if not nums and i > 0 and tok.dep_ == "compound" and self.measure(i - 1):
            # "36 V models": the parse hangs the number and its unit both on the noun
            return i - 1
        return nums[0] if len(nums) == 1 else None

    def planned(self, i: int) -> bool:
        """The event verb at token ``i`` is still to come: a future auxiliary ("*will*
        open"), or the complement of a plan ("is *scheduled* to launch", "*plans* to
        reopen", "is *due* to close"; the lexicon's future_auxiliaries and plan_heads)."""
        return planned_at(doc_view(self.doc), self.lexicon, i)

    def measure(self, i: int) -> bool:
        """Number token ``i`` states a figure with its unit ("*36* V models", "the *2* kg
        bags"): a measure, not a count of things."""
        view = doc_view(self.doc)
        lower = view.lower
        if not view.like_num[i] or not (
                i + 1 < len(lower) and (lower[i + 1] in _UNIT_WORDS or view.tag[i + 1] == "HYPH"
                                        or lower[i + 1] in self.linker.table_units())
                or i > 0 and lower[i - 1] in CURRENCY_SYMBOLS):
            return False  # (no unit word beside it: no figure with its unit, nothing parsed)
        q = self.quantity_at(i)
        return q is not None and bool(q.unit)

    def numeric_columns(self) -> list[Column]:
        key = self.table.key
        return [c for c in self.table.columns if c.index != key and c.kind == "number"]

    def named_columns(self, i: int, climb: bool = True) -> list[Column]:
        """Columns the words around token ``i`` name: the nouns and the verb of its phrase
        and clause ("a 900 W motor" -> motor, "weighs" -> weight through the lexicon's
        verb_attributes), nearest first; with ``climb`` False, token ``i``'s own words."""
        out: list[Column] = []
        doc = self.doc
        for node in (doc[i], *doc[i].ancestors) if climb else (doc[i],):
            words = [node] + [c for c in node.children if c.dep_ in ("compound", "amod")]
            lemma = node.lemma_.lower()
            found = None
            hints = self.verb_attributes.get(lemma) or self.verb_attributes.get(node.lower_)
            if hints:
                found = self.linker.column_by_hint(hints)
            if found is None and node.pos_ in ("NOUN", "PROPN", "VERB", "ADJ"):
                ordered = sorted(words, key=lambda t: t.i)
                found = (self.linker.column_named(norm_text(" ".join(t.text for t in ordered)))
                         or self.linker.column_named(norm_text(lemma)))
            if found is not None and found[0].index != self.table.key and found[0] not in out:
                out.append(found[0])
            if node.pos_ in ("VERB", "AUX") and node.dep_ not in ("xcomp", "acl", "amod"):
                break  # the clause's verb ends the phrase
        return out

    def column_for(self, q: Quantity, i: int) -> Column | None:
        """The numeric column the figure ``q`` (at token ``i``) is about: the one column in
        its unit or unit family, else the column the words around it name."""
        numeric = self.numeric_columns()
        tok = self.doc[i]
        if q.unit is None and tok.dep_ == "nummod" and tok.head.pos_ == "NOUN":
            # "3 times its budget", "4 players": the noun says what is counted, and only
            # the column it names holds that count
            named = [c for c in self.named_columns(tok.head.i, climb=False) if c in numeric]
            if not named:
                # "a two-bathroom flat" of a column "bathrooms" (its last word's plural
                # folded), "two-person tents" of a column of "2 person" cells (the noun is
                # the unit its cells count in): when one column is so
                word = tok.head.lemma_.lower()
                named = [c for c in numeric if c.unit == word
                         or singular(c.words.rpartition(" ")[2]) == word]
                return named[0] if len(named) == 1 else None
            return named[0]
        fits = [c for c in numeric if scaled(c, q) is not None]
        in_unit = [c for c in fits if q.unit and c.unit and
                   (c.unit == q.unit or same_family(c.unit, q.unit))]
        if not in_unit and q.unit:
            # "above 1,800 metres" against "Elevation (m)": a header whose bracket spells
            # the figure's own unit, one ``header_unit`` leaves unsaid as ambiguous (metres
            # or minutes); its cells are then in that unit, compared as they stand
            in_unit = [c for c in fits if c.unit is None and q.unit in header_units(c.name)]
        named = [c for c in self.named_columns(i) if c in fits]
        if len(in_unit) == 1 and (not named or named[0] is in_unit[0]):
            return in_unit[0]
        # several in the family, one in the very unit ("20 L/min" beside an Airflow in
        # m³/h), when the words name no other
        exact = [c for c in in_unit if c.unit == q.unit]
        if len(exact) == 1 and (not named or named[0] is exact[0]):
            return exact[0]
        pool = in_unit or fits
        chosen = [c for c in named if c in pool]
        return chosen[0] if chosen else None

    def bound_of(self, number: int):
        """The bound frame (kind ``bound``) whose value is token ``number``, if any."""
        for m in self.frames:
            if m.kind == "bound" and number in m.slots.get("value", ()):
                return m
        return None


def scaled(col: Column, q: Quantity) -> tuple[np.ndarray, float, bool] | None:
    """The column's values and the claimed figure in one unit: (values, claimed, same
    unit); None when the units cannot be compared (hours against days compare through
    seconds; GB against hours do not)."""
    if q.unit and col.unit and q.unit != col.unit:
        if same_family(q.unit, col.unit) and col.filled_base:  # any value in the base unit
            return col.base, float(to_base(q)), False
        return None
    if q.unit and UNIT_DIMENSION.get(q.unit) in _PERIOD_DIMENSIONS and years_column(col):
        return None  # "over 20 years" against "Introduced: 2005": a date, not a length
    return col.num, float(scaled_figure(col, q.value)), True


def years_column(col: Column) -> bool:
    """A column of bare years ("2005", "1881"): dates, whose numbers are no amounts."""
    if col.unit is not None:
        return False
    nums = col.num[~np.isnan(col.num)]
    return bool(nums.size) and bool(np.all((nums >= MIN_YEAR) & (nums <= MAX_YEAR)
                                           & (nums == np.floor(nums))))


MIN_YEAR, MAX_YEAR = 1000, 2199  # the years the duration evaluator reads in a cell


@lru_cache(maxsize=2048)
def plain_cells(col: Column) -> np.ndarray:
    """Cells that hold exactly one figure ("2.5 kg", "$80"), not a range or a bounded text
    ("£20-25", "less than £20"): a bound or a figure is compared only with these.  A
    length of time written as a clock ("19:42" under "Time") is one figure where the
    column read it as one."""
    plain = np.fromiter((parse_quantity(v) is not None for v in col.raw), dtype=bool,
                        count=len(col.raw))
    if col.kind == "number" and not plain.all():
        read = ~np.isnan(col.num)
        plain |= read & np.fromiter(map(is_clock, col.raw), dtype=bool, count=len(col.raw))
    return plain


def reads_figure(col: Column, q: Quantity, row: int) -> bool:
    """The row's cell of the column is a plain figure equal to ``q`` (in the column's unit)."""
    s = scaled(col, q)
    return s is not None and bool(plain_cells(col)[row]) and bool(
        np.asarray(equal_mask(s[0], s[1], s[2]))[row])


def equal_mask(values: np.ndarray, claimed: float, same_unit: bool) -> np.ndarray:
    """Rows whose value is the claimed figure: to the figure's written precision in the
    same unit ("4.5" covers 4.46), to 1% across units of a family."""
    with np.errstate(invalid="ignore"):
        if same_unit:
            text = f"{claimed:.6f}".rstrip("0").rstrip(".")
            decimals = len(text.split(".")[1]) if "." in text else 0
            return np.abs(np.round(values, decimals) - claimed) <= 1e-9 * max(1.0, abs(claimed))
        return np.abs(values - claimed) <= 0.01 * max(abs(claimed), 1e-9)


def compare_mask(values: np.ndarray, op: str, claimed: float, high: float | None = None,
                 same_unit: bool = True) -> np.ndarray:
    """Rows whose value satisfies ``op`` against the claimed figure: "<", "<=", ">", ">=",
    "between" (``claimed`` to ``high``, both included) or "=" (see :func:`equal_mask`)."""
    with np.errstate(invalid="ignore"):
        if op == "<":
            return values < claimed
        if op == "<=":
            return values <= claimed + 1e-9
        if op == ">":
            return values > claimed
        if op == ">=":
            return values >= claimed - 1e-9
        if op == "between" and high is not None:
            return (values >= min(claimed, high) - 1e-9) & (values <= max(claimed, high) + 1e-9)
    return equal_mask(values, claimed, same_unit)


# The claim evaluators' helpers that run on tokens without a rule set read the packaged
# lexicon (rules/lexicon/), loaded once; functions taking a ClaimContext read its rule set's.
LEX = default_lexicon()
# the dimension of the units of a period of years (the lexicon's period_units): time
_PERIOD_DIMENSIONS = frozenset(UNIT_DIMENSION.get(u) for u in LEX.period_units)
DEGREE_TAGS = {"JJR", "JJS", "RBR", "RBS"}
DEGREE_WORDS = LEX.degree_comparatives | LEX.degree_superlatives
DEGREE_ADVERBS = LEX.degree_adverbs
AGGREGATE_WORDS = LEX.aggregate_words


def anchor_reader(fn: Callable) -> Callable:
    """Marks a function ``fn(ctx, m, *args)`` of a claim mention whose result may depend
    on the mention's anchor, role or rule.  Under the fact evaluation of a mention whose
    words another rule's mention repeats (``claims._FactsOnce``), each call is logged (the
    function, its other arguments, its result) and the reads of the anchor, role and rule
    inside it are not counted as the evaluation's own: the repeat reuses the outcome when
    these calls answer it the same.  Elsewhere it is ``fn`` itself."""
    def read(ctx, m, *args):
        held = m.__dict__
        log = held.get("anchor_log")
        if log is None:
            return fn(ctx, m, *args)
        held["in_reader"] = held.get("in_reader", 0) + 1
        try:
            found = fn(ctx, m, *args)
        finally:
            held["in_reader"] -= 1
        if not held["in_reader"]:
            log.append((fn, args, found))
        return found

    read.__name__, read.__qualname__, read.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
    read.__wrapped__ = fn  # type: ignore[attr-defined]
    return read


@dataclass(frozen=True)
class RowRef:
    """The rows a claim is about, and the link (name, coreference, only row) that says so."""

    rows: tuple[int, ...]
    link: Link


@dataclass
class ClaimContext:
    """One parsed statement checked against one table by the claim evaluators."""

    doc: Any
    extraction: Extraction
    linker: Linker
    lexicon: Any  # the rule set's depcheck.lexicon.Lexicon
    max_hypotheses: int = 64
    type_threshold: float = 0.7
    # a closed-world catalog lists every feature of its products: a specific feature or a
    # name it does not list is fabricated; in an open world it is unverifiable
    closed_world: bool = False
    as_of_year: int = 0
    # filled by the entity evaluator: the rows each token names, the spans naming rows,
    # the tokens that name a row ("Cotto" of "Cotto coffee shop"), and the entity mentions
    # naming no row, checked as values
    entities: dict[int, RowRef] = field(default_factory=dict)
    entity_spans: list[tuple[int, int]] = field(default_factory=list)
    naming: set[int] = field(default_factory=set)
    described: list[Mention] = field(default_factory=list)
    # per-statement memos
    open_ends: dict[int, bool] = field(default_factory=dict)
    negated_heads: dict[int, bool] = field(default_factory=dict)
    negated_mentions: dict[tuple[int, int, int], bool] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.as_of_year = self.as_of_year or time.gmtime().tm_year  # this year, in UTC
        self.toks = list(self.doc)  # Token objects made once; indexing the Doc makes new ones
        self.table: CompiledTable = self.linker.t
        self.negations = frozenset(self.lexicon.negations)
        self.bool_stems = self.table.derived.get("claims.bool_stems")
        if self.bool_stems is None:  # the table's, built with its first check
            self.bool_stems = self.table.derived["claims.bool_stems"] = frozenset(
                stem(w) for c in self.table.columns if c.kind == "bool"
                and c.index != self.table.key for w in c.words.split())

    @classmethod
    def of(cls, doc, extraction: Extraction, linker: Linker, rules, **kw) -> ClaimContext:
        """The context of ``doc`` under the rule set ``rules`` (its lexicon)."""
        return cls(doc, extraction, linker, rules.lexicon, **kw)

    def frame_context(self) -> FrameContext:
        """The statement's frames over this linker's table (what the frame evaluators read),
        for a claim check that needs a frame's reading: made once, on first use."""
        held = self.__dict__.get("_frame_context")
        if held is None:
            held = self.__dict__["_frame_context"] = FrameContext.of(
                self.doc, self.table, self.linker, self.lexicon, frames=self.extraction.frames)
        return held

    @cached_property
    def view(self) -> DocView:
        """The parse as plain lists (heads, children, labels): the extraction's, else made."""
        return self.extraction.view if self.extraction.view is not None \
            else DocView(self.doc)

    @cached_property
    def column_stems(self) -> frozenset[str]:
        found = self.table.derived.get("claims.column_stems")
        if found is None:  # the table's, built with the first check that asks
            found = self.table.derived["claims.column_stems"] = frozenset(
                stem(w) for c in self.table.columns for w in c.words.split())
        return found

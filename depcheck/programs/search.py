"""Breadth-first enumeration of candidate programs for one statement.

Programs are built bottom-up, so every sub-program runs once and its value is shared:
row views first (filters on linked cells and numbers, superlatives, ordinals), then
objects read from them (hop, count, aggregates), then truth values (equalities,
comparisons, only / all / most, conjunctions).  Trigger words license the function
families beyond plain lookups and counts.  Work is bounded by the number of function
applications (candidates expanded) and of truth-valued programs kept, both named and
configurable: never by the clock, so a statement's verdict does not depend on how busy the
machine is.  The service's time budget is only a safety net (it answers 503).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations

import numpy as np

from ..lexicon import default as default_lexicon
from ..values import UNIT_DIMENSION, fold
from .cells import YEARS, TypedTable, year_columns
from .classes import trigger_classes
from .execute import ALL_ROWS, Executed, apply
from .functions import FUNCTIONS
from .statement import ORDINALS, YEAR, Analysis, header_words
from .statement import prepare as prepare_links
from .syntax import Literal
from .values import ExecutionError, Obj, View, compare

MAX_PROGRAMS = 400
MAX_EXPANSIONS = 3000  # function applications per search: 99% of TabFact val searches end sooner
MAX_VIEWS = 60
MAX_TARGET_COLUMNS = 6
MAX_SUPERLATIVE_COLUMNS = 4
MAX_CONJUNCTIONS = 40
COMPARISON_FILTERS = ("filter_greater", "filter_less", "filter_greater_eq", "filter_less_eq")
# ordinal word -> the row-picking function (rules/lexicon/programs.yaml, packaged lexicon)
ROW_ORDINALS = dict(default_lexicon().row_ordinals)
# header words of a column of places in an order ("2019 rank", "Position"): its best row
# holds the lowest number, so "top" and "highest" rank by argmin
RANK_WORDS = frozenset(default_lexicon().rank_columns)
_OTHER_WAY = {"argmax": "argmin", "argmin": "argmax"}
ORDERED = ("greater", "less", "diff", "before", "after")  # argument order carries meaning
COMPARISON_REACH = 4  # tokens between a comparison word and the number it governs
COUNT = "count"  # the dimension of a number of rows
UNITLESS = "unitless"  # what a column without a known unit measures
# functions whose value is read from the column they are given (its unit's dimension)
_READS_COLUMN = frozenset({"hop", "str_hop", "num_hop", "max", "min", "sum", "avg",
                           "nth_max", "nth_min", "most_freq", "mode"})


@dataclass(frozen=True, eq=False)
class Expr:
    """An executed (sub)program with the statement parts it uses.

    Shape facts the ranker reads (function names in pre-order, node count, depth, flags
    such as a lookup from a view of several rows) are built up as the program is, so
    scoring never walks the tree.
    """

    ex: Executed
    spans: frozenset[int] = frozenset()  # token indices of the mentions / numbers it uses
    columns: frozenset[int] = frozenset()
    text: str = ""
    names: tuple[str, ...] = ()
    nodes: int = 1
    depth: int = 1
    flags: frozenset[str] = frozenset()
    dimension: str | None = None  # what the value measures ("money", "mass", COUNT), if known

    @property
    def value(self):
        return self.ex.value


@dataclass
class Limits:
    """Bounds on one search: function applications and truth-valued programs kept."""

    max_expansions: int = MAX_EXPANSIONS
    max_programs: int = MAX_PROGRAMS


@dataclass
class SearchState:
    table: TypedTable
    analysis: Analysis
    limits: Limits
    programs: list[Expr] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    expansions: int = 0

    def out_of_budget(self) -> bool:
        return (len(self.programs) >= self.limits.max_programs
                or self.expansions >= self.limits.max_expansions)


def _leaf(text: str, value: object) -> Executed:
    return Executed(Literal(text), value)


def _column(state: SearchState, j: int) -> Expr:
    name = state.table.columns[j].name
    return Expr(_leaf(name, j), columns=frozenset({j}), text=name,
                dimension=column_dimension(state.table, j))


def _literal(text: str, spans: frozenset[int], dimension: str | None = None) -> Expr:
    return Expr(_leaf(text, Obj.of_text(text)), spans=spans, text=text, dimension=dimension)


def prepare(table: TypedTable) -> None:
    """Build with the table's compile what the search reads of every table: the statement
    linker's column words, the table's dimensions, its distinct, numeric and additive
    columns (otherwise the first statement the search decides pays for them: tens of
    milliseconds at 100,000 rows)."""
    prepare_links(table)
    table_dimensions(table)
    distinct_columns(table)
    additive_columns(table)  # and numeric_columns


def column_dimension(table: TypedTable, j: int) -> str:
    """What a column's unit measures (header "Price (USD)" or cells "$49": money), ``YEAR``
    for a column of years, or ``UNITLESS``."""
    if j in year_columns(table):
        return YEAR
    return UNIT_DIMENSION.get(table.compiled.columns[j].unit or "", UNITLESS)


def _well_typed(state: SearchState, name: str, args: tuple[Expr, ...]) -> bool:
    """Whether a function application means something, by the dimensions of its arguments.

    - a figure the statement gives in one unit is not compared with a column or a value
      measured in another ("$1,500" is not a range in km, "11 lbs" is not a number of rows),
      nor with a column without a unit when the table has a column in its unit ("$80" is
      the price, not the number of bulbs);
    - a column whose rows all differ (the names) does not select rows by equality for
      "count", "only" or "none": one row holds each name, so the answer is fixed by the
      table's shape, not by what the statement says;
    - nor is every row (or most) said to hold one name.
    """
    dims = {a.dimension for a in args if a.dimension not in (None, UNITLESS)}
    if len(dims) > 1:
        return False
    if COUNT in dims and not all(_a_count(state, a) for a in args if a.dimension != COUNT):
        return False
    if dims and any(a.dimension == UNITLESS for a in args) \
            and next(iter(dims)) in table_dimensions(state.table):
        return False  # "$450" is said of the table's money column, not of a unitless one
    if name.startswith(("all_", "most_")) and name.endswith(("_eq", "_str_eq")) \
            and int(args[1].value) in distinct_columns(state.table) and args[0].value.size > 1:
        return False  # every row (or most) holding one name: false by the table's shape
    if name in ("count", "only", "none") and _names_one_row(state, args[0]):
        return False  # one row holds each name: "only" holds and "none" fails by shape
    if name.startswith(("all_", "most_")) and _restates_its_filter(name, args):
        return False  # "every row over 1,000 is over 1,000": true by shape
    return True


def _a_count(state: SearchState, expr: Expr) -> bool:
    """A figure of the statement can be a number of the table's rows: a whole number, and
    not more than the rows (a count of rows is never more): "rated 4.1", "a 1.7-litre
    body" or "201,000 visitors" of a table of eight rows count none of them."""
    number = getattr(expr.value, "number", None)
    if not expr.spans or number is None or expr.ex.fn is not None:
        return True  # not one of the statement's figures
    return float(number).is_integer() and 0 <= number <= state.table.n_rows


def _restates_its_filter(name: str, args: tuple[Expr, ...]) -> bool:
    """``all_greater{filter_greater{rows; c; v}; c; v}`` (or ``all_less`` of it): the rows
    were picked by a test of the same column against the same value as the quantifier
    applies to them, so its answer is fixed by the filter, not by the table."""
    ex = args[0].ex
    if ex.fn is None or not ex.fn.name.startswith("filter_") or len(ex.children) < 3:
        return False
    return ex.children[1].value == args[1].ex.value and ex.children[2].text == args[2].ex.text


def _names_one_row(state: SearchState, view: Expr) -> bool:
    """The view is the rows of all rows whose cell in a column of distinct values equals a
    mention: the row the mention names, and no other, whatever the statement says."""
    ex = view.ex
    if ex.fn is None or ex.fn.name != "filter_eq" or ex.children[0].fn is not None \
            or ex.children[0].text != ALL_ROWS:
        return False
    column = ex.children[1].value
    return isinstance(column, (int, np.integer)) and int(column) in distinct_columns(state.table)


def table_dimensions(table: TypedTable) -> frozenset[str]:
    """The dimensions the table's columns measure (cached)."""
    cached = table.__dict__.get("_dimensions")
    if cached is None:
        cached = frozenset(column_dimension(table, j) for j in range(len(table.columns)))
        object.__setattr__(table, "_dimensions", cached)
    return cached


def distinct_columns(table: TypedTable) -> frozenset[int]:
    """Columns whose body rows all hold different, non-empty values (names, ids; cached)."""
    cached = table.__dict__.get("_distinct")
    if cached is None:
        body = table.body
        n = int(np.count_nonzero(body))
        cached = frozenset(j for j, col in enumerate(table.columns)
                           if n > 1 and _all_differ(col, body, n))
        object.__setattr__(table, "_distinct", cached)
    return cached


def _all_differ(col, body: np.ndarray, n: int) -> bool:
    """The ``n`` body rows of the column hold ``n`` different non-empty folded texts
    (counted by integer ids of the texts, not by sorting the strings of every row)."""
    if len(col.counts.texts) < n:
        return False
    texts = col.counts.text_of_cell[col.inverse[body]]
    if np.count_nonzero(np.bincount(texts, minlength=len(col.counts.texts))) != n:
        return False
    return bool(np.all((np.char.str_len(col.cells) > 0)[col.inverse[body]]))


def _flags(name: str, args: tuple[Expr, ...], value: object) -> frozenset[str]:
    flags = frozenset().union(*(a.flags for a in args))
    if name == "hop" and args[0].value.size > 1:
        flags |= {"hop_ambiguous"}
    if name.startswith("filter") and not value.size:
        flags |= {"empty_filter"}
    if name == "eq" and value and any(getattr(a.value, "aggregate", False) for a in args):
        strict = [replace(a.value, aggregate=False) if isinstance(a.value, Obj) else a.value
                  for a in args]
        if not compare(strict[0], strict[1], "eq"):
            flags |= {"eq_approximate"}  # holds only within round_eq's tolerance
    if name in ORDERED and args[0].spans and args[1].spans:
        forward = min(args[0].spans) < min(args[1].spans)
        flags |= {f"{name}:{'statement_order' if forward else 'reversed'}"}
    return flags


def _call(state: SearchState, name: str, *args: Expr) -> Expr | None:
    """Apply a function to sub-programs; None when it does not run or the work is spent."""
    if state.expansions >= state.limits.max_expansions:
        return None
    if not _well_typed(state, name, args):
        return None
    if name == "and" and not all(clause_local(state.analysis, a) for a in args):
        return None
    state.expansions += 1
    try:
        ex = apply(FUNCTIONS[name], tuple(a.ex for a in args), state.table)
    except (ExecutionError, ValueError, OverflowError, IndexError):
        return None
    if name in _READS_COLUMN:
        dimension = args[1].dimension
    elif name == "count":
        dimension = COUNT
    elif name in ("diff", "add"):
        dimension = args[0].dimension or args[1].dimension
        if name == "diff" and dimension == YEAR:
            dimension = UNIT_DIMENSION.get("year")  # two years apart: a number of years
    else:
        dimension = None
    return Expr(ex, frozenset().union(*(a.spans for a in args)),
                frozenset().union(*(a.columns for a in args)),
                text=f"{name}{{{'; '.join(a.text for a in args)}}}",
                names=(name,) + tuple(n for a in args for n in a.names),
                nodes=1 + sum(a.nodes for a in args), depth=1 + max(a.depth for a in args),
                flags=_flags(name, args, ex.value), dimension=dimension)


def _emit(state: SearchState, expr: Expr | None) -> None:
    """Keep a truth-valued program once."""
    if expr is None or state.out_of_budget():
        return
    if not isinstance(expr.value, (bool, np.bool_)):
        return
    if not (expr.names and expr.names[0] == "and") and not clause_local(state.analysis, expr):
        return
    key = expr.text
    if key not in state.seen:
        state.seen.add(key)
        state.programs.append(expr)


# trigger classes that license a function by a word of the statement; "count" fires on
# every number that modifies a noun and licenses nothing by itself
_LICENSING = frozenset({"greater", "less", "comparative", "max", "min", "only", "all",
                        "negation", "majority", "average", "sum", "diff", "same", "ordinal",
                        "mode"})


def clause_local(analysis: Analysis, expr: Expr) -> bool:
    """One claim reads one clause: the values a truth-valued program reads (its mentions and
    numbers), and a word licensing each of its functions ("neither", "all", "more", "only"),
    stand in one clause of the statement (``statement.clause_heads``).  "Both laser printers
    support duplex, and neither costs more than $450" holds no claim that every printer
    under $450 is a laser printer; a conjunction (``and``) joins claims of several clauses,
    each read in its own."""
    clauses = analysis.clauses
    if clauses is None or not expr.spans:
        return True
    heads = {int(clauses[i]) for i in expr.spans}
    if len(heads) > 1:
        return False
    if len(set(clauses.tolist())) == 1:
        return True
    head = heads.pop()
    for name in set(expr.names):
        words = [i for c in trigger_classes(name) if c in _LICENSING
                 for i in analysis.triggers.get(c, ())]
        if words and not any(clauses[i] == head for i in words):
            return False
    return True


def search(analysis: Analysis, table: TypedTable, limits: Limits | None = None) -> list[Expr]:
    """All candidate truth-valued programs for the statement, breadth-first, within limits."""
    limits = limits or Limits()
    state = SearchState(table, analysis, limits)
    views = _views(state)
    objects = _objects(state, views)
    _truths(state, views, objects)
    return state.programs


# ------------------------------------------------------------------------------ literals

def _mention_literals(state: SearchState) -> list[tuple[int, Expr]]:
    """(column, literal) for each linked mention; a mention that is one of the statement's
    figures keeps what its unit measures ("about 90 minutes" is no 90 m of elevation)."""
    a = state.analysis
    units = {n.index: n.dimension for n in a.numbers if n.dimension is not None}
    return [(m.column, _literal(m.text, frozenset(range(m.start, m.end)),
                                units.get(m.start) if m.end - m.start == 1 else None))
            for m in a.mentions]


def _compared_numbers(state: SearchState) -> list[Expr]:
    """Numbers a comparison word governs: within a few tokens after "more", "over", ..."""
    a = state.analysis
    marks = [i for t in ("greater", "less", "comparative") for i in a.triggers.get(t, [])]
    return [_literal(n.text, frozenset({n.index}), n.dimension) for n in a.numbers
            if not n.gap and any(0 < n.index - i <= COMPARISON_REACH for i in marks)]


def _number_literals(state: SearchState, gaps: bool = False) -> list[Expr]:
    """Numbers the statement states, less those inside a longer cell mention (the "11" of
    "AnglerPro 11" names a row, it states no figure), and less the differences ("12
    minutes longer") unless ``gaps``: only a difference of two rows reads those."""
    named = {i for m in state.analysis.mentions if m.end - m.start > 1
             for i in range(m.start, m.end)}
    return [_literal(n.text, frozenset({n.index}), n.dimension)
            for n in state.analysis.numbers if n.index not in named and (gaps or not n.gap)]


def numeric_columns(table: TypedTable) -> list[int]:
    """Columns whose body cells mostly hold numbers or dates (cached on the table); a cell
    that begins with a word holds a name, not a number."""
    cached = table.__dict__.get("_numeric")
    if cached is not None:
        return cached
    out = []
    body = table.body
    for j, col in enumerate(table.columns):
        filled = np.count_nonzero(body)
        # a cell that begins with a word is a name with a number in it ("Canyon P1",
        # "Pro 3"), not a number: rows are not ordered by their names
        worded = col.rows_where(np.char.isalpha(col.cells.astype("<U1")))[body]
        numbers = np.count_nonzero(~np.isnan(col.number[body]) & ~worded | col.month[body])
        if filled and numbers >= 0.6 * filled:
            out.append(j)
    object.__setattr__(table, "_numeric", out)
    return out


def additive_columns(table: TypedTable) -> set[int]:
    """Numeric columns a sum or average means something for: not dates, not years (cached)."""
    cached = table.__dict__.get("_additive")
    if cached is not None:
        return cached
    out = set()
    body = table.body
    for j in numeric_columns(table):
        col = table.columns[j]
        nums = col.number[body]
        nums = nums[~np.isnan(nums)]
        dates = np.count_nonzero(col.month[body]) * 2 >= np.count_nonzero(body)
        years = len(nums) and bool(np.all((nums >= YEARS[0]) & (nums <= YEARS[1])
                                          & (nums % 1 == 0)))
        if not dates and not years:
            out.add(j)
    object.__setattr__(table, "_additive", out)
    return out


def _ranked_columns(state: SearchState, candidates: list[int], limit: int) -> list[int]:
    """Candidate columns, the ones the statement names first."""
    hits = state.analysis.header_hits
    return sorted(candidates, key=lambda j: (-hits.get(j, 0.0), j))[:limit]


# ------------------------------------------------------------------------------ views

def _views(state: SearchState) -> list[Expr]:
    a, t = state.analysis, state.table
    root = Expr(_leaf(ALL_ROWS, View(t.body.copy())), text=ALL_ROWS)
    level1: list[Expr] = []
    # a figure counting a noun the column does not name picks no rows by it ("3 gates")
    literals = [(j, lit) for j, lit in _mention_literals(state)
                if not _counts_another(state, j, lit)]
    for j, lit in literals:
        level1.append(_call(state, "filter_eq", root, _column(state, j), lit))
        if a.has("negation"):
            level1.append(_call(state, "filter_not_eq", root, _column(state, j), lit))
    numeric = numeric_columns(t)
    if (a.has("greater") or a.has("less") or a.has("comparative")) and a.numbers:
        cols = _ranked_columns(state, numeric, 3)
        for num in _compared_numbers(state):
            for j in cols:
                for name in COMPARISON_FILTERS:
                    level1.append(_call(state, name, root, _column(state, j), num))
    level1 = [v for v in level1 if v is not None and v.value.size]
    level2: list[Expr] = []
    for v in level1:
        if state.out_of_budget():
            break
        for j, lit in literals:
            if lit.spans & v.spans or j in v.columns or len(level2) > MAX_VIEWS:
                continue
            level2.append(_call(state, "filter_eq", v, _column(state, j), lit))
    level2 = [v for v in level2 if v is not None and v.value.size]
    views = [root] + level1 + level2
    return views[:MAX_VIEWS] + _ranked_views(state, [root] + level1, numeric)


def _ranked_views(state: SearchState, bases: list[Expr], numeric: list[int]) -> list[Expr]:
    """Superlative and ordinal rows: argmax / argmin / nth_* / first / last over base views."""
    a = state.analysis
    out: list[Expr] = []
    cols = _ranked_columns(state, numeric, MAX_SUPERLATIVE_COLUMNS)
    names = [n for n, trig in (("argmax", "max"), ("argmin", "min")) if a.has(trig)]
    if a.has("ordinal") and not names:
        names = ["argmax", "argmin"]
    named = {m.column for m in a.mentions} | set(a.header_hits)
    orders = sorted({ORDINALS[a.tokens[i]] for i in a.triggers.get("ordinal", [])
                     if a.tokens[i] in ORDINALS and ORDINALS[a.tokens[i]] > 1})
    for v in bases[:12]:
        if state.out_of_budget():
            break
        for j in cols:
            # (a rank column the text names: "the *top-ranked*", "ranked lowest")
            ranks = j in named and not RANK_WORDS.isdisjoint(header_words(state.table)[j])
            for name in names:
                if ranks:  # "the top-ranked university": the lowest number of its rank
                    name = _OTHER_WAY[name]
                out.append(_call(state, name, v, _column(state, j)))
                for k in orders:
                    num = _literal(str(k), frozenset(a.triggers["ordinal"]))
                    out.append(_call(state, f"nth_{name}", v, _column(state, j), num))
        if a.has("ordinal"):
            for i in a.triggers["ordinal"]:
                word = a.tokens[i]
                if word in ROW_ORDINALS:
                    node = _call(state, ROW_ORDINALS[word], v)
                    out.append(None if node is None else
                               replace(node, spans=node.spans | {i}))
    return [v for v in out if v is not None]


# ------------------------------------------------------------------------------ objects

@dataclass
class Objects:
    hops: list[tuple[Expr, Expr, int]]  # (hop expr, view, column)
    counts: list[Expr]
    aggregates: list[Expr]


def _target_columns(state: SearchState) -> list[int]:
    a = state.analysis
    cols = [m.column for m in a.mentions] + list(a.header_hits)
    if a.numbers:
        cols += numeric_columns(state.table)
    ordered = list(dict.fromkeys(cols))
    return _ranked_columns(state, ordered, MAX_TARGET_COLUMNS) + [
        c for c in ordered if c in {m.column for m in a.mentions}]


def _objects(state: SearchState, views: list[Expr]) -> Objects:
    a = state.analysis
    targets = list(dict.fromkeys(_target_columns(state)))
    numeric = set(numeric_columns(state.table))
    additive = additive_columns(state.table)
    hops, counts, aggregates = [], [], []
    for v in views:
        if state.out_of_budget():
            break
        for j in targets if v.text != ALL_ROWS else ():  # hop on all rows: the first row
            h = _call(state, "hop", v, _column(state, j))
            if h is not None:
                hops.append((h, v, j))
        if a.numbers:
            counts.append(_call(state, "count", v))
        for name, trig in (("avg", "average"), ("sum", "sum"), ("max", "max"), ("min", "min")):
            if a.has(trig) and a.numbers:
                for j in targets:
                    if j in (additive if name in ("avg", "sum") else numeric):
                        aggregates.append(_call(state, name, v, _column(state, j)))
    return Objects(hops, [c for c in counts if c is not None],
                   [g for g in aggregates if g is not None])


# ------------------------------------------------------------------------------ truths

def _truths(state: SearchState, views: list[Expr], objects: Objects) -> None:
    a = state.analysis
    literals = _mention_literals(state)
    numbers = _number_literals(state)
    negated = a.has("negation")
    numeric = set(numeric_columns(state.table))
    facts: list[Expr] = []
    for h, v, j in objects.hops:
        if j in v.columns and v.names[0].startswith("filter"):
            continue  # rows were selected by this column's value: reading it back is trivial
        for col, lit in literals:
            if col == j and not (lit.spans & v.spans) and not _names_the_column(state, j, lit) \
                    and not _counts_another(state, j, lit):
                fact = _call(state, "eq", h, lit)
                facts.append(fact)
                _emit(state, fact)
                if negated:
                    _emit(state, _call(state, "not_eq", h, lit))
        for num in numbers if j in numeric else ():
            if not (num.spans & v.spans) and not _counts_another(state, j, num) \
                    and not _names_the_column(state, j, num):
                _emit(state, _call(state, "eq", h, num))
    for obj in objects.counts + objects.aggregates:
        for num in numbers:
            if not (num.spans & obj.spans):
                _emit(state, _call(state, "eq", obj, num))
                if negated:
                    _emit(state, _call(state, "not_eq", obj, num))
    _comparisons(state, objects, _number_literals(state, gaps=True))
    _set_claims(state, views, literals, numbers)
    _conjunctions(state, [f for f in facts if f is not None])


def _names_the_column(state: SearchState, j: int, literal: Expr) -> bool:
    """The literal is the column's own header ("sales of the Vela rose from 2017 to 2018"
    against columns "2017" and "2018"): the header names the column, it is no cell of it."""
    return fold(literal.text) == fold(state.table.columns[j].name)


def _counts_another(state: SearchState, j: int, num: Expr) -> bool:
    """The number counts a noun the column's header does not name ("3 *gates*" is no figure
    of "flights per week"; "scored 3 *goals*" is one of "Goals")."""
    if len(num.spans) != 1:
        return False
    counted = state.analysis.counted_noun(next(iter(num.spans)))
    if not counted:
        return False
    header = header_words(state.table)[j]
    stems = {w.rstrip("s") for w in header}
    return not any(w in header or w.rstrip("s") in stems for w in counted)


def _entity_hops(objects: Objects) -> list[tuple[Expr, Expr, int]]:
    """Hops from views that single out rows by one mention (the comparands of comparisons)."""
    return [(h, v, j) for h, v, j in objects.hops if v.spans and j not in v.columns]


def _comparisons(state: SearchState, objects: Objects, numbers: list[Expr]) -> None:
    a = state.analysis
    if not (a.has("greater") or a.has("less") or a.has("comparative") or a.has("diff")
            or a.has("same")):
        return
    numeric = set(numeric_columns(state.table))
    # a figure of one row each: a view of several rows has no one figure to compare ("the
    # Southwest parks", "the courses under $20"); hop would read its first row's
    hops = [x for x in _entity_hops(objects) if x[2] in numeric]
    for (h1, v1, j1), (h2, v2, j2) in combinations(hops, 2):
        if state.out_of_budget():
            return
        if j1 != j2 or v1.spans & v2.spans:
            continue
        for first, second in ((h1, h2), (h2, h1)) if not _same_rows(v1, v2) else ():
            _emit(state, _call(state, "greater", first, second))
            _emit(state, _call(state, "less", first, second))
            for num in numbers:
                if not num.spans & (first.spans | second.spans):
                    diff = _call(state, "diff", first, second)
                    if diff is not None:
                        _emit(state, _call(state, "eq", diff, num))
        _emit(state, _call(state, "eq", h1, h2))


def _same_rows(a: Expr, b: Expr) -> bool:
    """Two views of the same rows ("the Swift Air" and "the one that flies 46 minutes"): a
    row compared with itself, whose answer is fixed by the comparison, not the table."""
    return isinstance(a.value, View) and isinstance(b.value, View) \
        and bool(np.array_equal(a.value.mask, b.value.mask))


def _set_claims(state: SearchState, views: list[Expr], literals: list[tuple[int, Expr]],
                numbers: list[Expr]) -> None:
    """only / none / all_* / most_* over the filtered views."""
    a = state.analysis
    numeric = set(numeric_columns(state.table))
    for v in views:
        if state.out_of_budget():
            return
        if a.has("only") and v.spans:
            _emit(state, _call(state, "only", v))
        if a.has("negation") and v.spans:
            _emit(state, _call(state, "none", v))
        if a.has("mode"):
            # "more players from England than any other country": England is the value
            # more rows of the view hold than any other
            for j, lit in literals:
                if not lit.spans & v.spans and j not in v.columns:
                    mode = _call(state, "mode", v, _column(state, j))
                    if mode is not None:
                        _emit(state, _call(state, "eq", mode, lit))
        prefixes = [p for p, trig in (("all", "all"), ("most", "majority")) if a.has(trig)]
        group = a.restrictor
        if prefixes and group is not None and not v.spans <= group:
            continue  # "every brush priced above $50": the rows come from the group's words
        for prefix in prefixes:
            for j, lit in literals:
                if group is not None and lit.spans <= group:
                    continue  # ... and what is said of them from the rest
                if not lit.spans & v.spans:
                    _emit(state, _call(state, f"{prefix}_eq", v, _column(state, j), lit))
                    if a.has("negation"):
                        _emit(state, _call(state, f"{prefix}_not_eq", v, _column(state, j), lit))
            for num in numbers:
                if group is not None and num.spans <= group:
                    continue
                for j in _ranked_columns(state, list(numeric), 3):
                    for op in ("greater", "less", "greater_eq", "less_eq", "eq"):
                        _emit(state, _call(state, f"{prefix}_{op}", v, _column(state, j), num))


def _conjunctions(state: SearchState, facts: list[Expr]) -> None:
    """and{...} of two facts that use different mentions; only{v} with a fact about v."""
    made = 0
    true_first = sorted(facts, key=lambda f: -len(f.spans))
    for f1, f2 in combinations(true_first[:24], 2):
        if made >= MAX_CONJUNCTIONS or state.out_of_budget():
            return
        if f1.spans & f2.spans:
            continue
        _emit(state, _call(state, "and", f1, f2))
        made += 1
    if state.analysis.has("only"):
        for f in facts[:24]:
            lookup = f.ex.children[0]
            view = lookup.children[0] if lookup.children else None
            if view is None or not isinstance(view.value, View):
                continue
            only = _call(state, "only", Expr(view, f.spans, f.columns, text=view.text))
            if only is not None:
                _emit(state, _call(state, "and", only, f))

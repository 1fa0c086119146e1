"""Numbers with a unit and a bound said of a row: "weighs 2.6 lbs", "more than £30",
"a 5 star rating", "two to six players".

Decides the ``quantity`` claims: the figure a mention states against the numeric column it
fits (by equal value, by unit, by the catalog's column for that unit), units converted
within a family, bounds and range cells ("£20-25") honoured, the rows that do hold the
figure named when the entity's does not; periods ("3 years") go to the ``duration``
evaluator.  :func:`prepare_columns` finds the cells with several numbers once per table.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import isnan

import numpy as np
import regex

from ..compiled import (
    Column,
    CompiledTable,
    cell_items,
    header_units,
    scaled_figure,
    stated_unit,
)
from ..extract import Mention
from ..link import derived_word, stem, stems, table_dimensions, table_schema
from ..programs.dimensions import SCALE_FACTOR
from ..reasons import Reason
from ..report import REFUTED, SUPPORTED, UNVERIFIABLE, Link
from ..rules.paths import doc_view
from ..values import (
    OUT_OF_LABEL,
    UNIT_DIMENSION,
    UNIT_FAMILY,
    UNIT_OF,
    Quantity,
    norm_text,
    parse_number,
    parse_quantity,
    quantities_equal,
    rounds_to,
    same_family,
    to_base,
)
from . import Finding, evaluator, register
from .attribute import column_called
from .context import LEX, ClaimContext, RowRef, years_column
from .duration import YEAR, is_period
from .level import cell_range, cell_ranges, level_outcome
from .outcome import Outcome, cells
from .superlative import table_words

EVALUATOR = "quantity"  # the name its hypotheses trace

_NUMBERS = regex.compile(r"\d+(?:\.\d+)?")


@dataclass(frozen=True)
class _SpecialCells:
    """Cells of a column that hold more than one number, found once per raw column."""

    ranges: tuple[tuple[int, float, float], ...]  # "£20-25", "17-21 inches"
    several: tuple[tuple[int, tuple[float, ...]], ...]  # "20 x 4 inch", "1370 lb (635 kg)"


_SPECIAL: dict[int, tuple[tuple[str, ...], _SpecialCells]] = {}


def _special_cells(raw: tuple[str, ...], distinct=None, inverse=None) -> _SpecialCells:
    """A column's range cells and cells with several numbers, found once per column (by
    the identity of its cells: no hash of a catalog's column per check); each distinct
    cell read once when the column's distinct cells and row index are given."""
    hit = _SPECIAL.get(id(raw))
    if hit is not None and hit[0] is raw:
        return hit[1]
    if distinct is None:
        distinct = list(dict.fromkeys(raw))
        first = {v: i for i, v in enumerate(distinct)}
        inverse = np.fromiter(map(first.__getitem__, raw), dtype=np.int64, count=len(raw))
    found: dict[int, tuple[bool, tuple]] = {}  # distinct cell -> (is a range, its numbers)
    ranges_of = cell_ranges(distinct)
    for d, cell in enumerate(distinct):
        span = ranges_of.get(d)
        if span is not None:
            found[d] = (True, span)
        elif (" x " in cell or "(" in cell) and len(numbers := _NUMBERS.findall(cell)) > 1:
            found[d] = (False, tuple(float(n) for n in numbers))
    ranges, several = [], []
    if found:
        special_rows = np.flatnonzero(np.isin(inverse, np.fromiter(found, dtype=np.int64)))
        for i, d in zip(special_rows.tolist(), inverse[special_rows].tolist(), strict=True):
            if found[d][0]:
                ranges.append((i, *found[d][1]))
            else:
                several.append((i, found[d][1]))
    special = _SpecialCells(tuple(ranges), tuple(several))
    if len(_SPECIAL) >= 256:
        _SPECIAL.clear()
    _SPECIAL[id(raw)] = (raw, special)
    return special


def prepare_columns(compiled: CompiledTable) -> None:
    """What number checks read of each number column, found when the table is compiled."""
    for col in compiled.columns:
        if col.kind == "number":
            _special_cells(col.raw, *col.distinct_cells())


_NO_ROWS = np.empty(0, dtype=np.int64)
# up to this many rows one vectorized pass over the rows costs less than the pass over
# the distinct cells and the gathering of their rows (same rows either way)
_FEW_ROWS = 64


def _groups(table, col) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The column's row index and rows by distinct cell (from the table's cell index), when
    the column is the table's own."""
    cells = getattr(table, "cells", None)
    if col.inverse is None or cells is None or col.index >= len(table.columns) \
            or table.columns[col.index] is not col:
        return None
    return col.inverse, cells.order[col.index], cells.starts[col.index]


def _satisfying(values: np.ndarray, op: str, claimed: float, raw: tuple[str, ...],
                groups: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Rows whose value satisfies the claim (equal, at least, at most, about 10%), or whose
    range cell ("£20-25") contains the claimed number: one vectorized pass, then the few
    cells with several numbers (found once per column) looked at whole.

    ``groups`` (the column's row index ``inverse`` and its rows grouped by distinct cell,
    ``order`` sliced by ``starts``): the pass runs over the distinct cells and the rows of
    the few that satisfy are gathered, so a catalog's check does not pass over its rows."""
    if groups is not None and len(values) > _FEW_ROWS:
        return _satisfying_by_cell(values, op, claimed, raw, *groups)
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
    return mask.nonzero()[0]  # (np.flatnonzero of a 1-d mask, without its wrappers)


def _satisfying_by_cell(values: np.ndarray, op: str, claimed: float, raw, inverse: np.ndarray,
                        order: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """``_satisfying`` over a column's distinct cells (every row of a cell holds its value)."""
    firsts = order[starts[:-1]]  # a row of each distinct cell (the first)
    per_cell = _satisfying(values[firsts], op, claimed, ())
    mask = np.zeros(len(firsts), dtype=bool)
    mask[per_cell] = True
    special = _special_cells(raw)
    for i, lo, hi in special.ranges:
        mask[inverse[i]] = lo <= claimed <= hi
    if op == "=":
        for i, numbers in special.several:
            d = inverse[i]
            mask[d] = mask[d] or any(abs(n - claimed) < 1e-9 for n in numbers)
    chosen = np.flatnonzero(mask)
    if len(chosen) * 8 > len(firsts):  # many cells: one pass over the rows is cheaper
        return np.flatnonzero(mask[inverse])
    if not len(chosen):
        return np.empty(0, dtype=np.int64)
    return np.sort(np.concatenate([order[starts[d]:starts[d + 1]] for d in chosen.tolist()]))


def out_of_tail(doc, start: int) -> bool:
    """The "5 ..." of "1 out of 5 ...": the rating's other half, not a claim of its own."""
    lower = doc_view(doc).lower
    return any(start >= len(p) and lower[start - len(p):start] == p for p in _OUT_OF_WORDS)


_OUT_OF_WORDS = tuple(p.split() for p in LEX.out_of_phrases)


def _same_in_base(q: Quantity, col, r: int) -> bool:
    """The row's cell says the same amount in another unit of the family ("3 months" in a
    column whose other cells are in days)."""
    if not (q.unit and col.unit and same_family(q.unit, col.unit)) or np.isnan(col.base[r]):
        return False
    claimed = to_base(q)
    return abs(claimed - float(col.base[r])) <= 1e-6 * max(1.0, abs(claimed))


# the dimension of a percentage (the lexicon's units: "%" and its spellings)
_SHARE = UNIT_DIMENSION.get("%")


def _counts_beyond_a_whole(col) -> bool:
    """A column without a unit some of whose figures exceed 100: counts or amounts, which no
    percentage states."""
    with np.errstate(invalid="ignore"):
        return bool(np.nanmax(col.num, initial=-np.inf) > 100)


def _other_dimension(a: str | None, b: str | None) -> bool:
    """Two units of known, different dimensions (a share and a volume, money and a mass)."""
    da, db = UNIT_DIMENSION.get(a or ""), UNIT_DIMENSION.get(b or "")
    return bool(da and db and da != db)


def _measured_elsewhere(t: CompiledTable, col: Column, unit: str | None) -> bool:
    """``col`` states no unit, in its cells or its header's bracket, while another column
    measures in the figure's dimension (its unit, or one its bracket spells: "Rise (m)"):
    a figure in that unit is that column's kind of amount, not this one's."""
    dimension = UNIT_DIMENSION.get(unit or "")
    if not dimension or dimension == _SHARE or col.unit:
        return False
    stated, bracketed = table_dimensions(t)  # (``col`` states none: every other one does)
    return not bracketed[col.index] and (dimension in stated
                                         or any(dimension in b for b in bracketed))


def units_compatible(a: str | None, b: str | None) -> bool:
    """Same unit, a missing unit, or two rating scales ("5 stars" and "5 out of 5")."""
    if not a or not b or a == b:
        return True
    return bool({a.split()[0], b.split()[0]} & _RATING_WORDS)


# first words of a rating unit: "out" of "out of 5", "star"
_RATING_WORDS = frozenset({OUT_OF_LABEL.split()[0], *LEX.rating_units})


@register(EVALUATOR)
def quantity_outcome(ctx: ClaimContext, q: Quantity, ref: RowRef | None, m: Mention,
                      op: str = "=", end: int | None = None) -> Outcome | None:
    if ref is None:
        return None
    r = ref.rows[0]
    numeric = [c for c in ctx.table.columns if not isnan(c.num[r]) and c.index != ctx.table.key]
    same_unit = [c for c in numeric if q.unit and c.unit == q.unit]
    for c in numeric:
        if UNIT_FAMILY.get(q.unit) == _TIME and not same_family(q.unit, c.unit):
            continue  # a length of time is not the 4 of "4 May 1961", "2 years" not 2
            # children, "two hours" not a budget of "$2-4 million"
        if q.unit is None and _code_letters(c.unit) and _GLUED.fullmatch(str(c.raw[r]).strip()):
            continue  # "four HDMI ports" is not the 4 of a resolution "4K": a code
        if quantities_equal(q, Quantity(float(c.num[r]), c.unit)) or _same_in_base(q, c, r) \
                or c.unit and c.unit == q.unit and quantities_equal(
                    Quantity(scaled_figure(c, q.value), q.unit), Quantity(float(c.num[r]), c.unit)):
            # ("$64.9 million" of a cell 64.9 in "Total gross (USD m)": at its header's scale)
            return number_against(ctx, q, c, ref, Link(str(q), c.name, "number", 1.0,
                                                        c.name), op, end=end)
    if not same_unit and q.unit and q.unit not in ctx.lexicon.period_units:
        # (a length of time in years is said of the period the sentence names, below)
        known = ctx.linker.domains.column_for_unit(q.unit)
        here = ctx.linker.column_named(known) if known else None
        if here is not None and here[0].kind != "number":
            return level_outcome(ctx, q, here[0], r, Link(str(q), here[0].name,
                                                            "schema-unit", 1.0, here[0].name))
        if here is not None and units_compatible(q.unit, here[0].unit):
            # "a 5 star rating" against the table's "3 out of 5" customer rating
            return number_against(ctx, q, here[0], ref, Link(
                str(q), here[0].name, "schema-unit", 1.0, here[0].name), op)
        if known is not None and ctx.linker.column_named(known) is None and not any(
                units_compatible(c.unit, q.unit) and c.unit for c in numeric) and (
                ctx.linker.domains.sibling_columns(known, table_schema(ctx.table))):
            # the catalog writes this unit in a column that tables of this kind have
            return Outcome(EVALUATOR, REFUTED, "attribute not in table",
                           f"the text states {known} {q}, but the table has no {known} "
                           "column", Link(str(q), known, "schema-unit", 1.0), columns=[])
    family = [c for c in numeric if same_family(q.unit, c.unit)]
    by_unit = same_unit[0] if len(same_unit) == 1 else family[0] \
        if not same_unit and len(family) == 1 and plausible(q, family[0]) else None
    # "six feet" against "6 ft 4 in" (76 in); not "100 m" (water resistance) against a case
    # size of 47 mm, nor "9 weeks" in cinemas against a running time of 134 min
    if by_unit is not None:
        said = said_of(ctx, by_unit, m, end)
        if said is False:  # the figure is said of something no column holds, or a difference
            return Outcome(EVALUATOR, UNVERIFIABLE, Reason.FIGURE_OF_ANOTHER_THING,
                           f"the text's {q} measures another thing than {by_unit.name}",
                           Link(str(q), by_unit.name, "unit", 0.9, by_unit.name))
        if said is not None:  # "410 metres *thick*": the column the phrase names
            return number_against(ctx, q, said, ref, Link(str(q), said.name, "named", 0.95,
                                                          said.name), op, end=end)
        ranged = ranged_in_family(ctx, q, r, by_unit)
        if ranged is not None:
            # "suits riders from 65 to 95 kg" against a board's Weight (kg) of 2.9 and a
            # Rider weight range (kg) of "65–95": the unit does not tell the two columns
            # apart, and the range holds the figure
            return Outcome(EVALUATOR, UNVERIFIABLE, Reason.FIGURE_UNIT_AMBIGUOUS,
                           f"the text's {q} is in the unit of {by_unit.name}, but within "
                           f"{ranged.name} ({ranged.raw[r]}) too: its unit does not tell "
                           "which it measures",
                           Link(str(q), by_unit.name, "unit", 0.9, by_unit.name))
        if out_of_scale(q, by_unit):
            # "runs for about two hours on its battery" against a Lamp life (hours) of
            # 20,000 and 30,000: linked by its unit alone, a figure far outside every cell
            # of the column measures another thing
            return Outcome(EVALUATOR, UNVERIFIABLE, Reason.FIGURE_OF_ANOTHER_THING,
                           f"the text's {q} is out of the scale of {by_unit.name}, whose "
                           "figures are all more than ten times larger or smaller",
                           Link(str(q), by_unit.name, "unit", 0.9, by_unit.name))
        return number_against(ctx, q, by_unit, ref, Link(str(q), by_unit.name, "unit", 0.9,
                                                         by_unit.name), op, end=end)
    if q.unit and not same_unit:
        for c in numeric:
            if abs(float(c.num[r]) - q.value) < 1e-9 and not units_compatible(c.unit, q.unit) \
                    and same_family(c.unit, q.unit):
                return Outcome(EVALUATOR, REFUTED, "unit differs",
                               f"{c.name} of {ctx.table.row_name(r)} is {c.raw[r]}; the text "
                               f"says {q}", Link(str(q), c.name, "number", 0.8, c.name),
                               None, cells(c, (r,)), [c.name])
    found = _period_column(ctx, q, r, m, end)
    if found is None:
        return None
    period, named = found  # "active for over two decades" against "1994 - present"
    link = Link(str(q), period.name, "period", 0.9, period.name)
    outcome = number_against(ctx, q, period, ref, link, op, end=end)
    if outcome.verdict == REFUTED and not named:
        # "has owned the centre for five years" against a Last renovated of 2016-2017: the
        # row's only period, which the sentence does not name, holds another length; the
        # length may be of another period of the entity, so its cells refute nothing
        return Outcome(EVALUATOR, UNVERIFIABLE, Reason.PERIOD_UNNAMED,
                       f"the text's {q} is no length of {period.name} ({period.raw[r]}), "
                       "which the sentence does not name", link)
    return outcome


def ranged_in_family(ctx: ClaimContext, q: Quantity, r: int,
                      col: Column) -> Column | None:
    """The column, other than ``col``, of a range cell of row ``r`` ("65–95") that holds the
    figure, when that column's unit (its cells' or its header's: "Rider weight range
    (kg)") is of the figure's family: a column the figure may belong to, so the unit does
    not make it ``col``'s value; None when no such range holds it (then it is no value of
    those columns)."""
    key, claimed = ctx.table.key, to_base(q) if q.unit else None
    if claimed is None:
        return None
    for c in ctx.table.columns:
        if c.index in (key, col.index):
            continue
        unit = stated_unit(c)
        span = cell_range(str(c.raw[r])) if same_family(q.unit, unit) else None
        if span is not None:
            low, high = (to_base(Quantity(x, unit)) for x in span)
            if low is not None and high is not None \
                    and min(low, high) - 1e-9 <= claimed <= max(low, high) + 1e-9:
                return c
    return None


def out_of_scale(q: Quantity, col: Column) -> bool:
    """The figure, in its family's base unit, is more than ``SCALE_FACTOR`` times larger or
    smaller than every non-zero figure of the column (at least two of them, in the same
    base unit); False for a figure of another family or zero."""
    if not (q.unit and col.unit and same_family(q.unit, col.unit)):
        return False
    claimed = to_base(q)
    if not claimed:
        return False
    sizes = np.abs(col.base[np.isfinite(col.base)])
    sizes = sizes[sizes > 0]
    if len(sizes) < 2:
        return False
    size = abs(claimed)
    return size > float(sizes.max()) * SCALE_FACTOR or size * SCALE_FACTOR < float(sizes.min())


def measures_in(col: Column, unit: str | None) -> bool:
    """A figure in ``unit`` may be a figure of the column: the column states its figures
    in a unit of the same family (km and miles), or the figure's unit measures no
    dimension a column would state (none, a count's noun, a currency the column lacks)."""
    if col.unit:
        return not unit or same_family(col.unit, unit) or to_base(Quantity(1.0, unit)) is None
    return not unit or to_base(Quantity(1.0, unit)) is None


# a number with letters glued to it, no space between ("4K", "1080p", "3D")
_GLUED = regex.compile(r"\d+(?:\.\d+)?\p{L}{1,3}")


def _code_letters(unit: str | None) -> bool:
    """The letters a column's cells glue to their number (``_GLUED``) are no unit and no
    ordinal suffix ("K" of "4K", "p" of "1080p", "D" of "3D"): the cells are codes, names
    of a kind, whose number no bare figure of the text states ("1,120 MW", written apart,
    stays an amount in a unit the lexicon does not know)."""
    return bool(unit) and len(unit) <= 3 and unit.isalpha() and unit not in UNIT_DIMENSION \
        and unit not in LEX.ordinal_suffixes


# an item of a cell that counts a thing: "62 crew" of "62 crew, 40 scientists"
_COUNTED_ITEM = regex.compile(r"(\d[\d,]*)\s+(\D.*)")


def counted_item_outcome(ctx: ClaimContext, q: Quantity, ref: RowRef | None,
                         figure: int, span: range) -> Outcome | None:
    """A count of a thing ("72 crew", "a crew of 72") against the item of the row's cell that
    counts the same thing ("62 crew" of Complement "62 crew, 40 scientists"): the noun the
    figure counts (its head, or the noun of "a crew *of* 72") is a word of one item, and
    that item's number decides.  None when no cell (or more than one) counts that noun."""
    if ref is None or q.unit or not float(q.value).is_integer():
        return None
    v = ctx.view
    head = v.head[figure]
    if v.dep[figure] == "nummod" and head != figure and v.pos[head] == "NOUN":
        noun = head
    elif v.dep[figure] == "pobj" and head != figure and v.dep[head] == "prep" \
            and v.lower[head] in ctx.lexicon.partitive_prepositions \
            and v.pos[v.head[head]] == "NOUN":
        noun = v.head[head]  # "a crew of 72"
    else:
        return None
    said = stem(v.lemma[noun])
    r = ref.rows[0]
    found = []
    for col in ctx.table.columns:
        if col.index == ctx.table.key:
            continue
        for item in cell_items(str(col.raw[r])):
            m = _COUNTED_ITEM.fullmatch(item)
            if m and said in stems(m.group(2)):
                found.append((col, float(m.group(1).replace(",", ""))))
    if len(found) != 1:
        return None
    col, count = found[0]
    link = Link(str(q), col.name, "counted-item", 1.0, col.name)
    holds = count == float(q.value)
    return Outcome(EVALUATOR, SUPPORTED if holds else REFUTED,
                   Reason.VALUE_MATCHES if holds else Reason.NUMBER_DIFFERS,
                   f"{col.name} of {ctx.table.row_name(r)} is {col.raw[r]}; the text says "
                   f"{q.value:g} {v.lower[noun]}", link, None, cells(col, (r,)), [col.name],
                   details={"tokens": sorted({*span, figure, noun, head})})


_TIME = UNIT_FAMILY.get("s")  # the dimension of lengths of time
# how a measured figure hangs on the word it describes: "a 2.5 m *reflector*" (compound,
# nummod, amod), "410 metres *thick*" (npadvmod)
_DESCRIBES = frozenset({"compound", "amod", "nummod", "npadvmod", "nmod"})


def said_of(ctx: ClaimContext, col: Column, m: Mention, end: int | None):
    """:func:`figure_said_of` for the figure of mention ``m`` (its tokens before ``end``)."""
    v = ctx.view
    stop = m.end if end is None else end
    figure = [i for i in range(m.start, stop) if v.like_num[i] or _NUMBERS.search(v.lower[i])]
    return figure_said_of(ctx, col, figure, ctx.naming) if figure else None


def figure_said_of(ctx, col: Column, figure: list[int], naming=frozenset()):
    """What the phrase of a figure (its tokens ``figure``) linked to ``col`` by its unit
    alone says it measures; ``ctx`` is a claim's or a frame's context.

    None when it agrees with ``col`` or says nothing (the figure is a verb's object:
    "weighs 3 kg"); the other numeric column of its unit family the phrase names ("410
    metres *thick*" -> Thickness, not the highest elevation); False when the figure
    describes a thing no column of the table is ("a 2.5 m *reflector*", "67 mm *filters*",
    "a *retention* of 0.1 g"), a column that is no number of its unit, or a difference
    ("€20 *dearer*", "€24 *more* than"): its unit does not make it a value of ``col``.
    Words that name the table's rows (caption, key column, generic nouns: "a 4-star
    *hotel*") and row names (``naming``) say nothing."""
    v = doc_view(ctx.doc)
    top = figure[-1]
    while v.head[top] != top and (v.head[top] in figure or v.tag[v.head[top]] == "HYPH"
                                  or _unit_word(v.lower[v.head[top]])
                                  or col.unit and v.lower[v.head[top]] == col.unit):
        top = v.head[top]  # through the figure's own unit words ("2.5" -> "m"; "psi", a
        # unit the lexicon does not know that the column's cells write)
    if rate_of_another_thing(ctx, v, col, {*figure, top}):
        return False  # "under $25 *per radio*" of Price per pack: a figure per another thing
    joiners = ctx.lexicon.bound_postfix_joiners
    if any(c > top and v.tag[c] in _COMPARATIVE_TAGS and v.lower[c - 1] not in joiners
           for c in v.children[top]):
        return False  # "€24 more than the Brava": the difference, not the price (not "70
        # tonnes *or more*", an open range)
    up, dep = v.head[top], v.dep[top]
    if up == top:
        return None
    if dep == "pobj" and v.lower[up] in ctx.lexicon.partitive_prepositions \
            and v.pos[v.head[up]] == "NOUN":
        word = v.head[up]  # "a retention of under 0.1 g"
    elif dep in _DESCRIBES and up > top and v.pos[up] in ("NOUN", "ADJ", "ADV"):
        word = up  # the word after the figure it describes (not "costs" of "costs $899"
        # parsed as a noun the figure hangs on)
    else:
        found = _subject_of_another_column(ctx, col, top, naming)
        return found if found is not None else _purpose_of_another_column(ctx, col, top)
    if v.tag[word] in _COMPARATIVE_TAGS:
        return False  # "€20 dearer than", "10 km longer"
    if word in naming:
        return None
    low, lemma = v.lower[word], v.lemma[word]
    kinds = table_words(ctx)
    if low in kinds or lemma in kinds:
        return None  # "a 4-star hotel": the kind of row
    col_stems = stems(col.words)
    if stem(low) in col_stems or stem(lemma) in col_stems \
            or derived_word(lemma, col.words.split()) \
            or any(_unit_word(v.lower[i]) and stem(v.lower[i]) in col_stems
                   for i in range(min(figure), top + 1)):
        return None  # "a 5,300 mAh *battery*" of Battery (mAh); "24.1-*megapixel*"
    if v.pos[word] != "NOUN":
        spec = ctx.lexicon.comparatives.get(lemma)
        named = ctx.linker.column_by_hint(spec.attributes) if spec is not None \
            else ctx.linker.column_worded(lemma)
        if named is None or named[0].index == col.index:
            return None  # an adjective the table does not grade says nothing of the column
    else:
        words = [v.lower[c] for c in v.children[word] if v.dep[c] == "compound" and c < word
                 and c not in figure]
        named = ctx.linker.column_worded(norm_text(" ".join([*words, lemma]))) \
            or ctx.linker.column_worded(lemma)
        if named is not None and named[0].index == col.index:
            return None
    if named is None or named[0].kind != "number":
        return False
    return named[0] if same_family(col.unit, named[0].unit or col.unit) else False


def rate_of_another_thing(ctx, v, col: Column, tokens) -> bool:
    """A rate preposition on the figure ("$25 *per radio*": the lexicon's
    rate_prepositions) whose object is, up to its stem, not the object of the column's own
    rate word ("Price *per pack*"): the figure counts per another thing than the cells."""
    rate = ctx.lexicon.rate_prepositions
    words = col.words.split()
    own = {stem(words[k + 1]) for k, w in enumerate(words[:-1]) if w in rate}
    if not own:
        return False  # a column of no rate ("Price"): the figure may be its own
    for t in tokens:
        for prep in v.children[t]:
            if v.lower[prep] in rate:
                said = {stem(v.lemma[o]) for o in v.children[prep] if v.dep[o] == "pobj"}
                if said and said.isdisjoint(own):
                    return True
    return False


def _subject_of_another_column(ctx, col: Column, top: int, naming) -> bool | None:
    """False when the verb the figure is the object of has a subject that names another
    column than ``col`` ("*Replacement filters* for the Clearstead One cost £20": Filter
    type, not Price): the figure measures that part, which no column measures; else
    None."""
    v = doc_view(ctx.doc)
    verb = v.head[top]
    # (the verb of its object: "cost" the tagger may take for a noun)
    if verb == top or v.dep[top] not in ("dobj", "npadvmod"):
        return None
    subjects = [c for c in v.children[verb] if v.dep[c] in ("nsubj", "nsubjpass")]
    if len(subjects) != 1 or v.pos[subjects[0]] != "NOUN" or subjects[0] in naming:
        return None
    subject = subjects[0]
    if v.lower[subject] in table_words(ctx) or v.lemma[subject] in table_words(ctx):
        return None  # "the kettle costs £30": the kind of row
    named = ctx.linker.column_worded(norm_text(v.lemma[subject])) or \
        ctx.linker.column_worded(norm_text(v.lower[subject]))
    if named is None or named[0].index in (col.index, ctx.table.key):
        return None
    return False


def _purpose_of_another_column(ctx, col: Column, top: int) -> bool | None:
    """False when the verb the figure is the object of says what the figure is for with an
    infinitive that does not name ``col`` ("needs eight hours *to recharge*" against a Run
    time: the time to recharge, which the Run time is not); None when it names ``col``
    ("takes 3 minutes to boil" of a Boil time) or there is no such infinitive."""
    v = doc_view(ctx.doc)
    verb = v.head[top]
    if verb == top or v.dep[top] not in ("dobj", "npadvmod"):
        return None
    # the verb's infinitive, or the figure's noun's (the parse's "minutes *to recharge*")
    purposes = [c for c in (*v.children[verb], *v.children[top]) if c > top
                and v.dep[c] in ("xcomp", "advcl", "relcl", "acl") and v.tag[c] == "VB"
                and any(v.dep[a] == "aux" and v.tag[a] == "TO" for a in v.children[c])]
    if len(purposes) != 1:
        return None
    p = purposes[0]
    for word in dict.fromkeys((v.lemma[p], v.lower[p])):
        hints = ctx.lexicon.verb_attributes.get(word)
        named = ctx.linker.column_by_hint(hints) if hints else \
            ctx.linker.column_worded(norm_text(word))
        if named is not None and named[0].index == col.index:
            return None
    # the infinitive or a word of its clause names the column ("to complete one *orbit*"
    # of an Orbital period), up to the stem or a suffix
    own = stems(col.words)
    clause = [p, *(c for c in v.children[p] if v.dep[c] in ("dobj", "prep", "advmod"))]
    clause += [g for c in clause[1:] for g in v.children[c] if v.dep[g] == "pobj"]
    names = col.words.split()
    if any(stem(v.lower[i]) in own or stem(v.lemma[i]) in own
           or derived_word(v.lemma[i], names) for i in clause):
        return None
    return False


def _unit_word(word: str) -> bool:
    """A unit's spelling ("m", "metres", "g." at a sentence's end)."""
    return word in UNIT_OF or word.rstrip(".") in UNIT_OF


_COMPARATIVE_TAGS = frozenset({"JJR", "RBR"})


def until(ctx: ClaimContext, r: int) -> int:
    """The year a span still running in row ``r`` ends: the reference year, or the year of
    the row's death cell (a column of the lexicon's age_events for dying) when earlier."""
    for name in ctx.lexicon.age_events.get("die", ()):
        col = column_called(ctx.linker, name, ctx.table.key)
        years = [int(y) for y in YEAR.findall(str(col.raw[r]))] if col is not None else []
        if years:
            return min(ctx.as_of_year, max(years))
    return ctx.as_of_year


def _period_column(ctx: ClaimContext, q: Quantity, r: int, m: Mention,
                   end: int | None) -> tuple[Column, bool] | None:
    """The column whose cell of row ``r`` is a period of years ("1994-2003, 2010-present")
    that a length of time in years or decades is said of: the only such cell of the row, or
    the one whose column the sentence names ("active" of Years active), with whether the
    sentence names it (a word of its name, up to the stem, or a verb the lexicon's
    verb_attributes gives it) or it is the thing's own run (the lexicon's
    period_own_columns), so that its cells may refute the length. None for an age ("20
    years old") or when the choice is not clear."""
    if q.unit not in ctx.lexicon.period_units:
        return None
    after = ctx.view.lower[end] if end is not None and end < len(ctx.toks) else ""
    if after in ctx.lexicon.derived("quantity.after_period", lambda lx: frozenset(
            w.lower() for w in (*lx.age_cues, *lx.date_cues_after, *lx.date_cues_before,
                                *lx.date_cues_ago))):
        return None  # an age ("20 years old"), or a time from an event ("4 years after")
    open_ends = open_range_ends(ctx.lexicon)
    marks = ctx.lexicon.open_bracket_marks
    found = [c for c in ctx.table.columns if c.index != ctx.table.key
             and is_period(str(c.raw[r]), open_ends, marks)]
    # a bracket still running ("(m. 2016)") is a period only for the verb that names its
    # column ("married"), never as the row's only period ("served for eight years")
    running = {c.index for c in found if not is_period(str(c.raw[r]), open_ends)}
    if not found:
        return None
    sent = ctx.toks[m.head].sent
    said = {t.lemma_.lower() for t in sent} | {t.lower_ for t in sent}
    named = set()  # the columns the sentence's verbs name ("married" -> Spouse)
    for t in sent:
        hints = ctx.lexicon.verb_attributes.get(t.lemma_.lower()) \
            or ctx.lexicon.verb_attributes.get(t.lower_) if t.pos_ == "VERB" else None
        hit = ctx.linker.column_by_hint(hints) if hints else None
        if hit is not None:
            named.add(hit[0].index)
    # the period a verb names ("married" -> Spouse) before one named by a word (the
    # claim's own unit word, "years", names no column)
    said -= {t.lower_ for t in ctx.toks[m.start:m.end]}
    by_word = [c for c in found if set(c.words.split()) & said and c.index not in running]
    if len(found) > 1 or running:
        found = [c for c in found if c.index in named] or by_word
        return (found[0], True) if len(found) == 1 else None
    col = found[0]
    own = col.words in ctx.lexicon.derived("quantity.period_own", lambda lx: frozenset(
        norm_text(w) for w in lx.period_own_columns))
    return col, own or col.index in named or bool(by_word) or not \
        stems(" ".join(said)).isdisjoint(stems(col.words))


PLAUSIBLE_RATIO = 10.0  # a claimed amount this far from every cell is of another attribute


def plausible(q: Quantity, col: Column) -> bool:
    """The amount is of the size the column's cells are (within ``PLAUSIBLE_RATIO``)."""
    claimed = to_base(q)
    cells = col.base[~np.isnan(col.base)]
    if claimed is None or claimed <= 0 or not cells.size:
        return False
    low, high = float(cells.min()), float(cells.max())
    return low / PLAUSIBLE_RATIO <= claimed <= high * PLAUSIBLE_RATIO


def number_against(ctx: ClaimContext, q: Quantity, col: Column, ref: RowRef | None,
                    link: Link, op: str = "=", end: int | None = None) -> Outcome:
    """A claimed number against a numeric column, for the entity's row (or any row):
    units converted within a family, bounds ("more than") and ranges ("£20-25")
    honoured, and the rows that do hold the number named when the entity's does not."""
    age = end is not None and end < len(ctx.toks) and ctx.view.lower[end] in \
        _age_cues(ctx.lexicon)  # "at 19 years old": an age, no period
    if age and years_column(col):  # "over 300 years old" against "1637": a date
        return Outcome(EVALUATOR, UNVERIFIABLE, "value not comparable",
                       f"{col.name} holds years, not ages; the text says {q}", link,
                       columns=[col.name])
    if ref is not None and q.unit in ctx.lexicon.period_units and not age:
        found = evaluator("duration")(
            to_base(q), op, col.raw[ref.rows[0]], row=ref.rows[0],
            as_of=until(ctx, ref.rows[0]), open_marks=ctx.lexicon.open_bracket_marks,
            open_ends=open_range_ends(ctx.lexicon))
        if found is not None:
            return _finding(ctx, found, col, link, str(q))
        if years_column(col):  # "over 20 years" against "2005": a date
            return Outcome(EVALUATOR, UNVERIFIABLE, "value not comparable",
                           f"{col.name} of {ctx.table.row_name(ref.rows[0])} is "
                           f"{col.raw[ref.rows[0]]}, a date, not a length of time; the "
                           f"text says {q}", link, columns=[col.name])
    if ref is not None and q.unit is None and _lists_amounts(col.raw[ref.rows[0]]):
        # "comes in three sizes" against "30 ml, 50 ml, 100 ml": a count of things, no
        # amount in the cell's unit
        return Outcome(EVALUATOR, UNVERIFIABLE, Reason.VALUE_NOT_COMPARABLE,
                       f"{col.name} of {ctx.table.row_name(ref.rows[0])} is "
                       f"{col.raw[ref.rows[0]]}, amounts in a unit; the text says {q}", link,
                       columns=[col.name])
    if not col.filled_num:  # np.all(np.isnan(col.num)), counted at compile
        return Outcome(EVALUATOR, UNVERIFIABLE, "cell is not a number",
                       f"{col.name} holds no number",
                       link, columns=[col.name])
    unit_clash = not units_compatible(q.unit, col.unit)
    if unit_clash and ref is not None and _other_dimension(q.unit, col.unit):
        # "traps 99.97% of dust" against a dust capacity of 0.54 L: a share is no volume,
        # the figure is of another attribute than the column the words named
        return Outcome(EVALUATOR, UNVERIFIABLE, Reason.VALUE_NOT_COMPARABLE,
                       f"{col.name} of {ctx.table.row_name(ref.rows[0])} is "
                       f"{col.raw[ref.rows[0]]}; the text says {q}, a figure of another "
                       "dimension", link, columns=[col.name])
    bracket_other = bracket_of_another_dimension(col, q.unit) if ref is not None else None
    if bracket_other is not None:
        # "roughly 10 US gallons" against Warranty (years), where another row's warranty is
        # 10: the header's bracket measures time, the figure a volume
        return Outcome(EVALUATOR, UNVERIFIABLE, Reason.VALUE_NOT_COMPARABLE,
                       f"{col.name} of {ctx.table.row_name(ref.rows[0])} is "
                       f"{col.raw[ref.rows[0]]}, in {bracket_other}; the text says {q}, a "
                       "figure of another dimension", link, columns=[col.name])
    if ref is not None and _measured_elsewhere(ctx.table, col, q.unit):
        # "lifts boats 3.6 metres" against Boats per year (2,900) beside Rise (m): a
        # figure in a unit other columns measure in is no count of this one's
        return Outcome(EVALUATOR, UNVERIFIABLE, Reason.VALUE_NOT_COMPARABLE,
                       f"{col.name} of {ctx.table.row_name(ref.rows[0])} is "
                       f"{col.raw[ref.rows[0]]}, no measure in {q.unit}; the text says {q}",
                       link, columns=[col.name])
    if ref is not None and not col.unit and UNIT_DIMENSION.get(q.unit or "") == _SHARE \
            and _counts_beyond_a_whole(col):
        # "89.5% of flights" against Scheduled flights (2,290): a share is no count
        return Outcome(EVALUATOR, UNVERIFIABLE, Reason.VALUE_NOT_COMPARABLE,
                       f"{col.name} of {ctx.table.row_name(ref.rows[0])} is "
                       f"{col.raw[ref.rows[0]]}; the text says {q}, a share, not a count",
                       link, columns=[col.name])
    # ("11 million litres" against Total water (million L): the header's scale)
    values, claimed = col.num, scaled_figure(col, q.value)
    bracket = _bracket_unit(col, q)
    if bracket is not None:
        # "two decades" against "Warranty (years)": the header's bracket, a unit it leaves
        # unsaid when alone ("index (year)"), is the unit of a figure of its family
        claimed = float(to_base(q)) / float(to_base(Quantity(1.0, bracket)))
    if same_family(q.unit, col.unit) and col.filled_base == len(col.base):
        # every cell in its own unit ("90 cm" beside "1.2 m"): compared in the base unit
        values, claimed, unit_clash = col.base, to_base(q), False
    elif unit_clash and same_family(q.unit, col.unit) and col.filled_base:
        # some cells are no figure in a unit ("4–5 h" beside "1.5 h"): the others are
        # compared in the base unit ("about 90 minutes"); a named row whose cell is none
        # of them is not compared
        if ref is not None and np.isnan(col.base[ref.rows[0]]):
            return Outcome(EVALUATOR, UNVERIFIABLE, Reason.VALUE_NOT_COMPARABLE,
                           f"{col.name} of {ctx.table.row_name(ref.rows[0])} is "
                           f"{col.raw[ref.rows[0]]}; the text says {q}", link,
                           columns=[col.name])
        values, claimed, unit_clash = col.base, to_base(q), False
    listed = _listed_numbers(col.raw[ref.rows[0]]) if ref is not None and op == "=" \
        and not unit_clash and values is col.num else None
    if listed is not None:
        # "comes in a 12 kg bag" against Bag sizes (kg) "2, 6, 12": one of the amounts the
        # cell lists, in the column's unit
        r = ref.rows[0]
        ok = any(rounds_to(v, claimed) or np.isclose(v, claimed) for v in listed)
        return Outcome(EVALUATOR, SUPPORTED if ok else REFUTED,
                       Reason.VALUE_MATCHES if ok else Reason.NUMBER_DIFFERS,
                       f"{col.name} of {ctx.table.row_name(r)} lists {col.raw[r]}; the text "
                       f"says {q}", link, Link(str(q), col.raw[r], "number", 1.0, col.name, r),
                       cells(col, (r,)), [col.name])
    # the rows holding the figure, sorted (a numpy array: a catalog's thousand rows of
    # "2.5 kg" are not made Python ints)
    holding = _NO_ROWS if unit_clash else _satisfying(values, op, claimed, col.raw,
                                                      _groups(ctx.table, col))
    if op == "=" and not unit_clash and q.unit and col.unit and q.unit != col.unit:
        # converted ("20.7 lbs" against 9.4 kg): equal to the claim's written precision in
        # its own unit, or within 1%
        per = to_base(Quantity(1.0, q.unit))
        if per:
            in_claim_unit = values / per
            with np.errstate(invalid="ignore"):
                near = np.abs(in_claim_unit - q.value) <= 0.01 * max(abs(q.value), 1e-9)
            rounded = [i for i in np.flatnonzero(~np.isnan(in_claim_unit)).tolist()
                       if rounds_to(float(in_claim_unit[i]), q.value)]
            holding = np.union1d(holding, np.union1d(
                np.flatnonzero(near), np.array(rounded, dtype=np.int64))).astype(np.int64)
    if ref is None and not len(holding):
        return Outcome(EVALUATOR, UNVERIFIABLE, "no row named",
                       f"no row has {col.name} {q}, and the text names no row", link,
                       columns=[col.name])
    r = ref.rows[0] if ref else int(holding[0])
    at = int(holding.searchsorted(r))
    ok = at < len(holding) and int(holding[at]) == r
    others = [int(i) for i in holding[:3] if int(i) != r][:2]
    if ok:
        reason = "value matches"
    elif unit_clash:
        reason = "unit differs"
    else:
        reason = "value belongs to another row" if others else "number differs"
    owner = (f" ({q} is {ctx.table.row_name(others[0])}'s)" if others and ref and not ok
             else "")
    return Outcome(EVALUATOR, SUPPORTED if ok else REFUTED, reason,
                   f"{col.name} of {ctx.table.row_name(r)} is {col.raw[r] or 'empty'}; the text "
                   f"says {q}{owner}", link,
                   Link(str(q), col.raw[r], "number", 1.0, col.name, r),
                   cells(col, (r, *(others if not ok else ()))), [col.name])


def _listed_numbers(cell: str) -> list[float] | None:
    """The plain numbers a cell lists ("2, 6, 12"), or None when it holds one value or any
    item that is no plain number."""
    if ", " not in cell and ";" not in cell:
        return None
    items = cell_items(cell)
    found = [parse_number(i) for i in items]
    return found if len(found) > 1 and all(v is not None for v in found) else None


def _lists_amounts(cell: str) -> bool:
    """The cell lists several amounts, each in a unit ("30 ml, 50 ml, 100 ml")."""
    if ", " not in cell and ";" not in cell:
        return False
    items = cell_items(cell)
    return len(items) > 1 and all((q := parse_quantity(i)) is not None and q.unit
                                  for i in items)


def bracket_of_another_dimension(col: Column, unit: str | None) -> str | None:
    """The unit a column's bracket spells when the column has no unit of its own, the
    figure's unit has a dimension and the bracket's is another one ("Warranty (years)"
    against "10 gallons"); None otherwise.  A one-letter bracket ("(m)": metres, minutes or
    millions) says too little."""
    if col.unit or not unit or not UNIT_DIMENSION.get(unit):
        return None
    units = header_units(col.name)
    if len(units) != 1:
        return None
    (said,) = units
    return said if len(said) > 1 and _other_dimension(said, unit) else None


def _bracket_unit(col: Column, q: Quantity) -> str | None:
    """The unit a column's bracket spells ("Warranty (years)") when the column has none of
    its own and the claimed figure is in another unit of that unit's family."""
    if col.unit or not q.unit:
        return None
    units = header_units(col.name)
    if len(units) != 1:
        return None
    (unit,) = units
    return unit if unit != q.unit and same_family(unit, q.unit) else None


def _finding(ctx: ClaimContext, found: Finding, col: Column, link: Link, said: str) -> Outcome:
    """An evaluator's finding as an outcome on the cells it read."""
    verdict = {True: SUPPORTED, False: REFUTED, None: UNVERIFIABLE}[found.holds]
    reason = {True: "value matches", False: "number differs",
              None: "value not comparable"}[found.holds]
    r = found.rows[0]
    return Outcome(EVALUATOR, verdict, reason, f"{col.name} of {ctx.table.row_name(r)}: "
                   f"{found.explanation}", link,
                   Link(said, col.raw[r], "evaluator", 1.0, col.name, r),
                   cells(col, found.rows), [col.name])


def _age_cues(lexicon) -> frozenset[str]:
    """The lexicon's age cues ("old"), lower-cased, built once per lexicon."""
    return lexicon.derived("quantity.age_cues", lambda lx: frozenset(
        w.lower() for w in lx.age_cues))


def open_range_ends(lexicon) -> frozenset[str]:
    """Words of a cell that leave a span of years open ("present"), lower-cased, built
    once per lexicon."""
    return lexicon.derived("quantity.open_range_ends", lambda lx: frozenset(
        w.lower() for w in lx.open_range_ends))


def range_end(ctx: ClaimContext, end: int) -> float | None:
    """The number closing a range that a quantity ending at token ``end`` opens
    ("2 to 6", "two to six", "90-120"), or None."""
    toks = ctx.toks
    if end + 1 < len(toks) and (toks[end].lower_ in ctx.lexicon.range_joiners
                                or toks[end].lower_ in ("-", "–")) and (
            toks[end + 1].like_num or toks[end + 1].pos_ == "NUM"):
        return parse_number(toks[end + 1].lower_)
    return None

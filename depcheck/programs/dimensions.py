"""Which column a program compares each figure of the statement with, and whether the two
measure the same thing.

A program search links a figure of the text to any column whose cells it can compare
with, so a failing program may read "a whisper-quiet *58 dB*" against a Cutting height
in millimetres, or the year of "upgraded *in 2016*" against a tide height in metres.  Its
failure then says nothing about the statement: the figure was read against a column that
measures another dimension.  :func:`figure_in_another_dimension` finds such a pairing.

The figure's dimension is its unit's (the lexicon's units, read from the word after the
number, the noun it counts or the sign before it), a count when it counts a noun that is
no unit ("two organic producers"), or a date for a year after one of the lexicon's
``date_prepositions``; the column's are the dimensions of the unit its header names, of
the unit its cells write beside an amount ("20-60 mm", "$1,299").  A column with no known
dimension (counts, years, names) clashes only with a figure in a unit another column of the
table is in ("6.7%" against Passengers beside a Change in %); a score ("a 2–0 win") clashes
with a column of plain numbers; a clock ("09:40", "22:00") clashes with a count of rows and
with a column none of whose cells is written as one.

A figure may also be read against a column of its own dimension at another scale: "only
*two* years" against Visitors in the hundreds of thousands, "game *16*" against an
attendance of 40,000.  No column of cells holds a value ten times larger than its largest
or ten times smaller than its smallest, so such a failing program compared a figure the
text gives something else; :func:`figure_out_of_scale` finds it (the factor is
``SCALE_FACTOR``).
"""

from __future__ import annotations

import numpy as np
import regex

from ..compiled import CompiledTable, header_scale, header_units, is_clock
from ..rules.paths import doc_view
from ..values import CURRENCY_SYMBOLS, UNIT_DIMENSION, UNIT_OF, parse_number, same_family
from .functions import FUNCTIONS
from .syntax import Call, Literal, program_calls

# the dimension a year after a date preposition measures ("in 2016"), and a number's that
# counts a noun ("two producers")
DATE = "date"
COUNT = "count"
# an amount or a range of amounts in a normalized cell ("1 299", "20 60" of "20-60", "2.5")
_AMOUNT = regex.compile(r"\d[\d.,]*(?:\s*[-\u2013]?\s*\d[\d.,]*)?")
# the years a bare four-digit figure after a date preposition is read as
_YEARS = (1000, 2100)
# how far outside a column's smallest and largest cells a figure compared with it is at
# another scale (ten times)
SCALE_FACTOR = 10.0


def compared_figures(program: str) -> list[tuple[str, str]]:
    """(column, literal) for every literal a program compares with a column: the ``obj``
    of a call that takes a column (``filter_eq{rows; Price; 200}``), and the literal beside
    a call reading one column (``eq{hop{rows; Cutting height}; 58}``)."""
    out: list[tuple[str, str]] = []
    for node in program_calls(program):
        fn = FUNCTIONS.get(node.name)
        if fn is None or len(fn.args) != len(node.args):
            continue
        kinds = dict(zip(fn.args, node.args, strict=True)) if len(set(fn.args)) == len(
            fn.args) else {}
        column, obj = kinds.get("column"), kinds.get("obj")
        if isinstance(column, Literal) and isinstance(obj, Literal):
            out.append((column.text, obj.text))
        if fn.args == ("obj", "obj"):
            for side, other in (node.args, node.args[::-1]):
                read = _column_read(side)
                if read is not None and isinstance(other, Literal):
                    out.append((read, other.text))
    return out


def _column_read(node) -> str | None:
    """The column a call that yields a value reads (``hop{rows; Price}`` -> Price)."""
    if not isinstance(node, Call):
        return None
    fn = FUNCTIONS.get(node.name)
    if fn is None or fn.output != "obj" or "column" not in fn.args \
            or len(fn.args) != len(node.args):
        return None
    column = node.args[fn.args.index("column")]
    return column.text if isinstance(column, Literal) else None


def _figure_dimension(view, i: int, value: float,
                      date_prepositions) -> tuple[str | None, str | None]:
    """(dimension, unit) of the figure at token ``i``: its unit's (the next word, the noun
    it counts or the sign before it), or a date for a year after a date preposition (no
    unit); (None, None) when unknown."""
    lower, dep, head = view.lower, view.dep, view.head
    words = [lower[i + 1]] if i + 1 < len(lower) else []
    if i + 2 < len(lower) and lower[i + 1] and not any(ch.isalnum() for ch in lower[i + 1]) \
            and lower[i + 1] not in ("/", "-", ",", "."):
        # "450 °C": a sign and a letter the tokenizer splits, one unit
        words.insert(0, f"{lower[i + 1]}{lower[i + 2]}")
    if i + 3 < len(lower) and lower[i + 2] == "/":
        # "25 km / h": a rate written over three tokens ("km/h", speed), no length
        words.insert(0, f"{lower[i + 1]}/{lower[i + 3].rstrip('.')}")
    if dep[i] == "nummod" and head[i] != i:
        words.append(lower[head[i]])
    # a sign written before the figure ("$2,000"): no word ("in" is no inch there)
    if i > 0 and not lower[i - 1].isalpha() and (head[i] == i - 1 or head[i - 1] == i):
        words.append(lower[i - 1])
    # a unit said once after a list of figures applies to each ("2, 6 and 12 kg bags")
    j = i + 1
    while j < len(lower) and (view.like_num[j] or dep[j] == "cc" or lower[j] == ","):
        j += 1
    if j > i + 1 and j < len(lower) and view.like_num[j - 1]:
        words.append(lower[j])
    for w in words:
        unit = UNIT_OF.get(w) or UNIT_OF.get(w.rstrip("."))  # "9.1 m." at a sentence's end
        if unit is not None and UNIT_DIMENSION.get(unit):
            return UNIT_DIMENSION[unit], unit
    if dep[i] == "nummod" and head[i] != i and view.pos[head[i]] == "NOUN" \
            and lower[head[i]].rstrip(".") not in UNIT_OF:
        # "only two organic *producers*": a count of things, no amount in a unit
        return COUNT, None
    # a year: four digits with no grouping comma ("in 2016", not "in 2,000")
    if value.is_integer() and _YEARS[0] <= value <= _YEARS[1] and lower[i].isdigit() \
            and head[i] != i and dep[i] == "pobj" and lower[head[i]] in date_prepositions:
        return DATE, None
    return None, None


_NO_DIMENSIONS: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
# a score or a result: two whole numbers joined by a dash ("2–0", "3 - 1")
_SCORE = regex.compile(r"\d+\s*[-\u2013\u2014]\s*\d+")
# a plain number as a normalized cell writes it ("38", "1 200" of "1,200", "4.5")
_PLAIN_NUMBER = regex.compile(r"\d{1,3}(?: \d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def _clock_cells(compiled: CompiledTable, name: str) -> bool:
    """Some cell of the column is written as a clock ("09:40", "2:07:48"), or the column is
    none of the table's: a clock may be one of its values.  Kept with the compiled table
    (read once per column, not once per program)."""
    held = compiled.derived.setdefault("programs.clock_columns", {})
    found = held.get(name)
    if found is None:
        col = compiled.column_by_name(name)
        found = held[name] = col is None or any(is_clock(str(cell)) for cell in set(col.raw))
    return found


def _clock_against_a_count(program: str) -> tuple[str, str] | None:
    """(figure, "count") when ``program`` compares a count of rows with a literal written
    as a clock ("count of all rows is 22:00"): a time is no number of rows."""
    for node in program_calls(program):
        if len(node.args) != 2:
            continue
        for side, other in (node.args, node.args[::-1]):
            if isinstance(side, Call) and side.name == "count" and isinstance(other, Literal) \
                    and is_clock(other.text):
                return other.text, side.name
    return None


def _plain_numbers(compiled: CompiledTable, name: str) -> bool:
    """Every distinct cell of the column is one plain number ("38", "1,200"; not "2–0",
    which normalizes to "2 0"): no score or range of two can be one of them."""
    col = compiled.column_by_name(name)
    return col is not None and bool(col.dictionary) and all(
        _PLAIN_NUMBER.fullmatch(cell) for cell in col.dictionary)


def _column_dimensions(compiled: CompiledTable,
                       name: str) -> tuple[frozenset[str], frozenset[str]]:
    """The dimensions of a column's units, and the units themselves (empty for a column
    this table does not have, or one with no unit); read from its distinct cells once per
    compiled table, kept with it."""
    held = compiled.derived.setdefault("programs.dimensions", {})
    found = held.get(name)
    if found is not None:
        return found
    col = next((c for c in compiled.columns if c.name == name), None)
    if col is None:
        return _NO_DIMENSIONS
    units = set(header_units(col.name))
    for cell in col.dictionary:
        # an amount or a range and its unit ("20-60 mm", "$1,299"), nothing else: a name's
        # words are no unit ("1994 world *cup*" is no volume)
        first, _, last = cell.rpartition(" ")
        if _AMOUNT.fullmatch(first) and last in UNIT_OF:
            units.add(UNIT_OF[last])
        elif cell[-1:] == "%" and _AMOUNT.fullmatch(cell[:-1]):
            units.add(UNIT_OF["%"])  # "6.2%": the sign glued to the amount
        elif cell[:1] in CURRENCY_SYMBOLS and _AMOUNT.fullmatch(cell[1:]):
            units.add(CURRENCY_SYMBOLS[cell[:1]])
    found = held[name] = (frozenset(UNIT_DIMENSION[u] for u in units if UNIT_DIMENSION.get(u)),
                          frozenset(units))
    return found


def figure_in_another_dimension(program: str, tokens, doc, compiled: CompiledTable,
                                lexicon) -> tuple[str, str] | None:
    """(figure, column) of the first figure of the statement that ``program`` compares with
    a column measuring another dimension; None when every figure it reads fits its column
    (or says nothing of its dimension).  ``tokens``: the statement's tokens the program
    read (its hypothesis's ``details["tokens"]``)."""
    view = doc_view(doc)
    read = sorted(tokens or ())
    date_prepositions = lexicon.derived(
        "programs.date_prepositions", lambda lx: frozenset(w.lower() for w in lx.date_prepositions))
    clock = _clock_against_a_count(program)
    if clock is not None:
        return clock  # "Sunday's 22:00 high" read as a number of rows
    for column, literal in compared_figures(program):
        if _SCORE.fullmatch(literal.strip()) and _plain_numbers(compiled, column):
            return literal, column  # "a 2–0 win" read against Played: a score, no count
        if is_clock(literal) and not _clock_cells(compiled, column):
            return literal, column  # "09:40" read against a 1st high in metres
        value = parse_number(literal)
        if value is None:
            continue
        figures = [i for i in read if i < len(view.lower) and view.like_num[i]
                   and parse_number(view.lower[i]) == value]
        if len(figures) != 1:
            continue  # not one figure of the text: the program's own number
        dims, units = _column_dimensions(compiled, column)
        found, unit = _figure_dimension(view, figures[0], value, date_prepositions)
        if not dims:
            # a column of no unit clashes only with a figure in a unit another column of
            # the table is in ("6.7%" read against Passengers beside a Change in %)
            if unit is None or found in (COUNT, DATE) or not any(
                    found in _column_dimensions(compiled, c.name)[0]
                    for c in compiled.columns if c.name != column):
                continue
            return view.lower[figures[0]], column
        if found is not None and found in dims and unit is not None \
                and _another_unit_of_the_header(compiled, column, unit):
            return view.lower[figures[0]], column  # "under 15 *minutes*" read as 15 of
            # Battery life (months): the program compares the figure unconverted
        if found is None or found in dims:
            continue
        if unit is not None and any(same_family(unit, u) for u in units):
            continue
        return view.lower[figures[0]], column
    return None


def _another_unit_of_the_header(compiled: CompiledTable, column: str, unit: str) -> bool:
    """The column's header brackets a unit of the figure's dimension other than the
    figure's ("Battery life (months)" against "15 minutes"), and its cells are plain
    numbers, which a program compares with the figure as written."""
    col = compiled.column_by_name(column)
    said = header_units(column)
    if col is None or not said or unit in said or col.kind != "number":
        return False
    return all(_PLAIN_NUMBER.fullmatch(str(cell).strip()) for cell in col.dictionary if cell)


def figure_out_of_scale(program: str, compiled: CompiledTable) -> tuple[str, str] | None:
    """(figure, column) of the first figure ``program`` compares with a column of plain
    numbers whose cells are all more than ``SCALE_FACTOR`` times larger or smaller than it,
    as written and at the scale the header gives them (its magnitude against the column's
    smallest and largest non-zero magnitudes; zero is in every column's scale); None when
    every figure it compares is in its column's scale, or no column it reads has one."""
    for column, literal in compared_figures(program):
        value = parse_number(literal)
        if not value:
            continue
        scale = _column_scale(compiled, column)
        if scale is None:
            continue
        low, high, header = scale
        size = abs(value)
        if all(size > high * k * SCALE_FACTOR or size * SCALE_FACTOR < low * k
               for k in {1.0, header}):
            return literal, column
    return None


def _column_scale(compiled: CompiledTable, name: str) -> tuple[float, float, float] | None:
    """The smallest and largest non-zero magnitudes of a column of plain numbers, and the
    scale its header gives them ("Viewers (millions)": a million, else 1), kept with the
    compiled table; None for a column with fewer than two of them, one with cells that are
    not plain numbers (dates, scores, amounts with words), or none by that name."""
    held = compiled.derived.setdefault("programs.scales", {})
    if name in held:
        return held[name]
    col = compiled.column_by_name(name)
    found = None
    if col is not None and _plain_numbers(compiled, name):
        sizes = np.abs(col.num[np.isfinite(col.num)])
        sizes = sizes[sizes > 0]
        if len(sizes) >= 2:
            found = (float(sizes.min()), float(sizes.max()), header_scale(col.name))
    held[name] = found
    return found

"""Facts: an entity's attribute has a value ("Product 2 has a 14-inch screen", "a cheap
Italian restaurant").

Decides the ``fact`` hypotheses of attribute and value mentions: the values the linker found
in cells (a match, another row's value, a value the table has no column for), the attribute
a mention names against the row's cell (present, absent, equal, or a different value of the
same kind), proper-noun values of a column ("an Intel Core i9 processor").  The other parts
of a fact go to their own evaluators (numbers: quantity; yes/no columns: boolean; degree
adjectives: level; modifiers typed by resemblance: typed; attributes the table lacks:
schema) and :func:`~depcheck.evaluators.outcome.combine` folds them.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import islice

import regex

from ..compiled import Column, cell_items, header_units
from ..extract import Mention
from ..link import Hit, stem
from ..parse import span_text, text_offsets
from ..reasons import Reason
from ..report import REFUTED, SUPPORTED, UNVERIFIABLE, Link
from ..values import (
    CURRENCY_CHARS,
    OUT_OF_LABEL,
    UNIT_OF,
    Quantity,
    norm_text,
    parse_number,
    parse_quantity,
    quantities_equal,
    same_family,
    singular_words,
    to_base,
)
from . import evaluator, register
from .agreement import (
    cell_parts,
    comparable_kind,
    comparable_values,
    equivalent,
    similar,
    spelled_alike,
    states_absence,
)
from .attribute import (
    attribute_of,
    clause_attribute,
    clause_quantity,
    governing_column,
    in_figure_dimension,
    measured_column,
    member_of,
    named_by_clause,
    partitive,
    predicate_column,
    verb_phrase_column,
)
from .boolean import VERB_RULES, bool_outcome, verb_bool
from .context import (
    DEGREE_TAGS,
    DEGREE_WORDS,
    LEX,
    ClaimContext,
    RowRef,
    anchor_reader,
    years_column,
)
from .copular import copular_column
from .date import month_of
from .duration import GROUP, YEAR
from .level import degree_outcome, level_outcome, relative_level
from .negation import hit_negated, negated
from .outcome import Outcome, cells, combine
from .quantity import (
    bracket_of_another_dimension,
    counted_item_outcome,
    measures_in,
    number_against,
    out_of_tail,
    quantity_outcome,
    range_end,
    rate_of_another_thing,
    units_compatible,
    until,
)
from .rate import per_other_column
from .schema import FEATURE_RULES, schema_flag, stated_feature, unlinked
from .typed import code_shape, modifies, typed_modifiers

EVALUATOR = "fact"  # the name its hypotheses trace


def _bounds_number(ctx: ClaimContext, i: int) -> bool:
    """ "more than £30", "less than 20": a comparative that bounds a number is a value."""
    v = ctx.view
    if i + 3 > len(v.lower) or v.lower[i + 1] not in LEX.comparison_cues:
        return False
    if v.like_num[i + 2]:
        return True
    word = span_text(ctx.doc, i + 2, i + 3)
    return any(ch.isdigit() for ch in word) or word in CURRENCY_CHARS



def _has_figure(ctx: ClaimContext, s: int, e: int) -> bool:
    """A token of [s, e) is like a number or holds a digit."""
    like_num = ctx.view.like_num
    return any(like_num[i] or any(ch.isdigit() for ch in span_text(ctx.doc, i, i + 1))
               for i in range(s, e))


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Contiguous runs of sorted token indices, as [start, end) ranges."""
    out: list[tuple[int, int]] = []
    for i in indices:
        if out and out[-1][1] == i:
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


@register(EVALUATOR)
def fact(ctx: ClaimContext, m: Mention, ref: RowRef | None) -> Outcome | None:
    """The outcome of an attribute or value mention said of the rows ``ref`` (None: the
    text names none): every part of it checked, then folded (refuted wins); None when the
    mention is no fact (a superlative's word, a count of rows, a rating's other half)."""
    if m.rule.id in VERB_RULES:
        return verb_bool(ctx, m, ref)
    return fact_of_words(ctx, m, ref)


def fact_of_words(ctx: ClaimContext, m: Mention, ref: RowRef | None) -> Outcome | None:
    """:func:`fact` of a mention whose rule is no verb rule (``VERB_RULES``): its rule is
    read only to tell a feature rule (``FEATURE_RULES``)."""
    found = _fact_of_words(ctx, m, ref)
    if found is None or found.verdict != SUPPORTED or "tokens" in found.details:
        return found
    q = ctx.linker.quantity(ctx.doc, m.start, m.end)
    whole = _compound_amount(ctx, q) if q is not None and q[0].unit else None
    if whole is not None and whole[2] > m.end:
        # the amount's later parts ("and forty minutes") were read with it
        found = replace(found, details={**found.details,
                                        "tokens": list(range(m.start, whole[2]))})
    return found


def _fact_of_words(ctx: ClaimContext, m: Mention, ref: RowRef | None) -> Outcome | None:
    v = ctx.view
    if v.tag[m.head] in DEGREE_TAGS and not _bounds_number(ctx, m.head):
        return None
    if partitive(v, m.head) or member_of(v, m.head) or out_of_tail(ctx.doc, m.start):
        return None
    whole = _part_of_a_whole(ctx, m, ref)
    if whole is not None:
        return whole or None  # "19 of the *150 seats*": the whole of a part (False: no
        # cell states a whole, and the group's size is no value of the row)
    if _comparand_figure(ctx, m):
        return None  # "60 km versus *30 km*": the other side's figure, not this row's
    if _difference_figure(ctx, m):
        return None  # "undercuts the Vega *by $70*": a difference, no cell of this row
    if _change_figure(ctx, m):
        return None  # "means climbing *1,472 m*": an amount of change, and no column
        # of the table holds one
    if _gap_between_events(ctx, m):
        return None  # "listed *eleven years later*": the time between two events
    if _portion_of_a_whole(ctx, m):
        return None  # "navigable along *the lowest 200 km* of the river": a part of the
        # length, no value of it
    if per_other_column(ctx, m):
        return None  # "six episodes per season": a ratio of two columns, no cell of one
    if any(v.lower[c] in DEGREE_WORDS and not _bounds_number(ctx, c)
           for c in v.children[m.head]):
        return None  # "the most expensive": a superlative, checked as one ("less than
        # £20" bounds a number: a value)
    propn = v.pos[m.head] == "PROPN"
    neg = negated(ctx, m)
    hits = [named_by_clause(ctx, h, m)
            for h in ctx.linker.value_hits(ctx.doc, m.start, m.end) if h.col != ctx.table.key]
    whole = _whole_column_name(ctx, m) if hits else None
    if whole is not None:
        # "has adjustable armrests" with a column "Adjustable armrests": the words are that
        # column's name, not the value "adjustable" of another column (lumbar support)
        hits = [h for h in hits if h.col == whole.index]
    codes = _hyphen_codes(ctx, m)
    if codes:
        # "a 4-6-2 steam engine": the numbers of a code are no amounts; the code is a value
        hits = [h for h in hits if not any(a <= h.start < b and (h.start, h.end) != (a, b)
                                           for a, b, _ in codes)]
    stated = _amount(ctx, ctx.linker.quantity(ctx.doc, m.start, m.end))
    if stated is not None and any(a <= stated[1] < b for a, b, _ in codes):
        stated = None
    if stated is not None and hits and ctx.linker.bound(ctx.doc, stated[1]) in ("<=", ">="):
        # "less than 1.5 kg" is no match of a cell "1.5 kg": the bound is checked on the
        # figure (quantity), not as the cell's text; a cell that is the bound itself ("less
        # than £20", a price range) is matched with its words
        hits = [h for h in hits if not h.start == stated[1] < h.end]
    if stated is not None and stated[0].unit:
        # "9.4 lb" is no match of a cell "9.4" in a column of kilograms: the figure is
        # compared with its unit (quantity), not as the cell's text
        # "45 km/h" is no match of a cell "45 km" either: a hit that ends inside the figure
        # matched a piece of it when its column states another unit than the figure's
        hits = [h for h in hits if not (h.col is not None and h.start <= stated[1] < h.end
                                        and (_unit_clash(ctx.table.columns[h.col], stated[0])
                                             or h.end < stated[2] and _other_unit(
                                                 ctx.table.columns[h.col], stated[0])))]
        # "10 US gallons" is no match of a cell "10" of Warranty (years) either: its
        # bracket measures another dimension
        hits = [h for h in hits if not (h.col is not None and h.start <= stated[1] < h.end
                                        and h.end < stated[2] and bracket_of_another_dimension(
                                            ctx.table.columns[h.col], stated[0].unit))]
        # nor is "$99" a match of a cell "99" of Channels, a column of no unit, when
        # another column states its figures in the figure's unit (Price per pack (USD))
        if any(c.unit and (c.unit == stated[0].unit or same_family(c.unit, stated[0].unit))
               for c in ctx.table.columns):
            hits = [h for h in hits if not (
                h.col is not None and stated[1] <= h.start < stated[2]
                and (col := ctx.table.columns[h.col]).kind == "number" and not col.unit
                and not header_units(col.name))]
    counted = _counted_column(ctx, stated)
    if counted is not None:
        # "on 5 *points*": the figure counts what its noun names (Points), so a cell "5"
        # of another column (Won) is no match of it
        hits = [h for h in hits if not (h.col is not None and h.col != counted.index
                                        and h.start <= stated[1] < h.end)]
    outcomes = [_hit_outcome(ctx, h, ref, hit_negated(ctx, h, m)) for h in hits]
    outcomes.extend(o for o in (_code_outcome(ctx, code, ref) for code in codes
                                if not any(h.start <= code[0] < h.end for h in hits))
                    if o is not None)
    stated_of = _stated_column(ctx, m) if ref is not None and any(
        h.col is not None for h in hits) else None
    if stated_of is not None:
        # the value is stated of that column (DepChecker's altered attribute), so a value
        # found in another column holds nothing there
        outcomes = [_in_named_column(ctx, stated_of, ref.rows[0], h.value,
                                     hit_negated(ctx, h, m))
                    if h.col is not None and h.col != stated_of[0].index
                    and o.verdict == SUPPORTED else o for h, o in zip(hits, outcomes, strict=True)]
    covered = {i for h in hits for i in range(h.start, h.end)}
    rest = [i for i in range(m.start, m.end) if i not in covered]
    typed = typed_modifiers(ctx, m, rest, ref, negated(ctx, m))
    outcomes.extend(typed)
    if ref is not None and not neg:
        outcomes.extend(_coordinated_values(ctx, hits, rest, ref.rows[0]))
    attr = attribute_of(ctx, m, rest)
    q = _amount(ctx, ctx.linker.quantity(ctx.doc, m.start, m.end))
    if q is not None and any(a <= q[1] < b for a, b, _ in codes):
        q = None
    if _part_of_an_amount(ctx, q):
        return None  # "two hours and *forty minutes*": read with the hours
    if _aggregate_figure(ctx, q):
        return None  # "for a *combined* €55,000": a total over rows, the aggregates' claim
    if _labels_of_a_plural(ctx, q):
        return None  # "between *junctions 12 and 19*": which ones, not how many
    q = _compound_amount(ctx, q)
    if q is not None and attr is not None and _held_by_a_namesake(ctx, attr, hits, q):
        # "the *1902 eruption*" with Last eruption 2011 and Notable eruptions "1783, 1902,
        # 2011": the figure is a value of the other column the word names
        attr = None
    if q is not None and attr is not None and attr[0].kind != "number" \
            and attr[1] in ("contains", "glove"):
        # "employs over a hundred people": a figure the verb's numeric column (Employees)
        # counts, not the text column one of its words is part of (Key people)
        attr = governing_column(ctx, m) or _object_verb_column(ctx, m) or attr
    if _per_another_thing(ctx, q, attr):
        return None  # "costs under $25 *per radio*" of Price per pack: another rate
    elsewhere = _period_of_another(ctx, m, q, ref)
    if elsewhere is not None:
        return elsewhere
    op = ctx.linker.bound(ctx.doc, q[1]) if q is not None else "="
    if op != "=" and _over_a_period(ctx, q):
        op = "="
    if q is not None and attr is None:
        named = measured_column(ctx, q)  # "142 metres tall": the figure measures a Height
        if _per_another_thing(ctx, q, named):
            return None
        if named is not None:
            return _attribute_outcome(ctx, m, named, ref, negated(ctx, m), rest)
    if q is not None and q[1] <= m.head < q[2]:
        named = governing_column(ctx, m)  # "a comfort rating of 4.2", "weighs 250 lbs"
        if _per_another_thing(ctx, q, named):
            return None
        if named is not None:
            return _attribute_outcome(ctx, m, named, ref, negated(ctx, m), rest)
        if attr is None:
            attr = clause_attribute(ctx, m)  # "100 nits of brightness", "rated 4.5 for X"
    q_checked = False
    if attr is None and hits and rest:
        flagged = schema_flag(ctx, m, rest)
        if flagged is not None:
            outcomes.append(flagged)
    if attr is not None and attr[0].kind == "bool":
        up = v.head[m.head]
        if v.dep[m.head] in ("nsubj", "nsubjpass") and up != m.head:
            # "Children are not allowed", "kids are welcome": the predicate's polarity
            neg = neg or any(v.dep[c] == "neg" for c in v.children[up])
        outcomes.append(bool_outcome(ctx, attr, ref, neg, m))
    elif attr is not None and (not hits or q is not None):
        outcomes.append(_attribute_outcome(ctx, m, attr, ref, neg, rest))
    elif not hits:
        found = quantity_outcome(ctx, q[0], ref, m, op, q[2]) if q is not None \
            and not _year_of_a_date(ctx, q) and not _year_of_an_edition(ctx, q) else None
        if found is None and q is not None and op == "=":
            # "72 crew", "a crew of 72" against the item "62 crew" of a cell
            found = counted_item_outcome(ctx, q[0], ref, q[1], range(m.start, m.end))
        if found is None and q is None:
            found = degree_outcome(ctx, rest, ref, neg)
        if found is None and propn and (q is None or _number_of_a_name(q, m)):
            # a name as a value: the column its predicate names ("born in Paris", "runs
            # Windows 10")
            named = predicate_column(ctx, m)
            if named is not None and ref is not None:
                found = _in_named_column(ctx, named, ref.rows[0],
                                         norm_text(m.text(ctx.doc)), neg)
        if found is None:
            found = schema_flag(ctx, m) or unlinked(ctx, m, rest, neg)
        outcomes.append(found)
    elif q is not None and not any(h.start <= q[1] < h.end for h in hits) \
            and not _year_of_a_date(ctx, q) and not _year_of_an_edition(ctx, q):
        # "a 24.1-megapixel 1-inch sensor": the number the hits did not cover
        outcomes.append(quantity_outcome(ctx, q[0], ref, m, op, q[2]))
        q_checked = True
    if hits:  # "a 24.1-megapixel 1-inch sensor": numbers the hits did not cover
        for s, e in _runs(rest):
            if q_checked and s <= q[1] < e or not _has_figure(ctx, s, e):
                continue
            extra = ctx.linker.quantity(ctx.doc, s, e)
            if extra is not None:
                outcomes.append(quantity_outcome(ctx,
                    extra[0], ref, m, ctx.linker.bound(ctx.doc, extra[1])))
    if ref is not None and (hits or propn):
        # after the value's own check, which combine keeps first when both hold
        outcomes.extend(_conjoined_predicates(ctx, m, ref.rows[0], neg))
    return combine([o for o in outcomes if o is not None])


def _counted_column(ctx: ClaimContext, stated) -> Column | None:
    """The numeric column a bare figure's noun names by its words, the noun no unit the
    lexicon knows ("5 *points*" -> Points, "12 *goals*" -> Goals), else None."""
    if stated is None or stated[0].unit or stated[2] - stated[1] != 1:
        return None
    v = ctx.view
    i = stated[1]
    noun = v.head[i]
    if v.dep[i] != "nummod" or noun == i or v.pos[noun] != "NOUN" or v.lower[noun] in UNIT_OF:
        return None
    for said in dict.fromkeys((v.lower[noun], v.lemma[noun])):
        found = ctx.linker.column_worded(norm_text(said))
        if found is not None and found[0].kind == "number" and found[0].index != ctx.table.key \
                and not years_column(found[0]):  # ("the 1902 *eruption*": a date, no count)
            return found[0]
    return None


def _per_another_thing(ctx: ClaimContext, q, attr) -> bool:
    """The figure ``q`` has a rate ("$25 *per radio*") of another thing than the numeric
    column ``attr`` counts per ("Price per pack"): no value of it."""
    return q is not None and attr is not None and attr[0].kind == "number" \
        and rate_of_another_thing(ctx, ctx.view, attr[0], range(q[1], q[2]))


def _amount(ctx: ClaimContext, q):
    """The linker's quantity ``q`` unless its figure is an ordinal modifying a noun ("the
    *second* series", "after the *first* round"): a place in an order, no amount; unless
    the noun spells a column, whose cells are such places ("the fourth floor" of Floor)."""
    if q is None or q[2] - q[1] != 1:
        return q
    v = ctx.view
    i = q[1]
    word = v.lower[i]
    ordinal = word in ctx.lexicon.ordinal_words or any(
        word.endswith(x) and word[:-len(x)].isdigit() for x in ctx.lexicon.ordinal_suffixes)
    if ordinal and v.dep[i] == "amod" and v.pos[v.head[i]] == "NOUN" \
            and ctx.linker.column_spelled(norm_text(v.lemma[v.head[i]])) is None:
        return None  # (an ordinal of a column the noun spells is its value: "the fourth
        # *floor*" of Floor 4)
    return q


def _part_of_a_whole(ctx: ClaimContext, m: Mention, ref: RowRef | None):
    """The outcome of "19 of the 150 seats" at its whole (the mention of "150 seats"),
    against a cell of the row that states a part of a whole ("19 / 150", "19 out of 150"):
    both figures hold, or the cell of that whole refutes the part.  None when the mention
    is no such whole; False when it is one and no cell of the row states that whole (the
    group's size, no value of the row)."""
    v = ctx.view
    for i in range(m.start, m.end):
        noun = v.head[i]
        if not v.like_num[i] or v.dep[i] != "nummod" or v.dep[noun] != "pobj":
            continue
        prep = v.head[noun]
        part = v.head[prep]
        if v.lower[prep] not in ctx.lexicon.partitive_prepositions or not v.like_num[part] \
                or not member_of(v, part):
            continue
        said_part, said_whole = parse_number(v.lower[part]), parse_number(v.lower[i])
        if ref is None or said_part is None or said_whole is None:
            return False
        r = ref.rows[0]
        for col in ctx.table.columns:
            q = parse_quantity(str(col.raw[r])) if col.index != ctx.table.key else None
            if q is None or not q.unit or not q.unit.startswith(OUT_OF_LABEL + " "):
                continue
            if parse_number(q.unit[len(OUT_OF_LABEL) + 1:]) != said_whole:
                continue
            holds = q.value == said_part
            return Outcome(EVALUATOR, SUPPORTED if holds else REFUTED,
                           "value matches" if holds else "number differs",
                           f"{col.name} of {ctx.table.row_name(r)} is {col.raw[r]}; the text "
                           f"says {v.lower[part]} of {v.lower[i]}",
                           Link(v.lower[noun], col.name, "whole", 1.0, col.name), None,
                           cells(col, (r,)), [col.name],
                           {"tokens": [part, prep, *range(m.start, m.end)]})
        return False
    return None


def _object_verb_column(ctx: ClaimContext, m: Mention):
    """The numeric column the verb whose object the mention is names (the lexicon's
    verb_attributes: "*employs* over a hundred people" -> Employees), or None."""
    v = ctx.view
    up = v.head[m.head]
    if up == m.head or v.dep[m.head] != "dobj" or v.pos[up] != "VERB":
        return None
    hints = ctx.lexicon.verb_attributes.get(v.lemma[up])
    found = ctx.linker.column_by_hint(list(hints)) if hints else None
    if found is None or found[0].kind != "number" or found[0].index == ctx.table.key:
        return None
    return (*found, v.lemma[up])


def _per_unit(unit: str) -> float | None:
    """One of ``unit`` in its family's base unit (an hour: 3,600 s), None if unknown."""
    return to_base(Quantity(1.0, unit))


def _joined_at(ctx: ClaimContext, i: int, step: int) -> int:
    """The first token from ``i`` on (``step`` 1) or back (-1) that is no comma and no
    number joiner ("and")."""
    lower, joiners = ctx.view.lower, ctx.lexicon.number_joiners
    while 0 <= i < len(lower) and (lower[i] == "," or lower[i] in joiners):
        i += step
    return i


def _compound_amount(ctx: ClaimContext, q):
    """The figure ``q`` (a linker quantity: amount, start, end) with the figures of smaller
    units of its family written after it, joined by nothing, a comma or a number joiner:
    "two hours and forty minutes", "2 h 40 min", "5 ft 10 in", one amount in the smallest
    unit (160 min), or the lexicon's half_phrase after its unit ("an hour and a half");
    ``q`` itself when none follows."""
    if q is None or not q[0].unit or _per_unit(q[0].unit) is None:
        return q
    amount, end = q[0], q[2]
    n = len(ctx.view.lower)
    half = list(ctx.lexicon.half_phrase)
    if ctx.view.lower[end:end + len(half)] == half:
        # "an hour *and a half*": half of the unit more
        return Quantity(amount.value + 0.5, amount.unit), q[1], end + len(half)
    while True:
        i = _joined_at(ctx, end, 1)
        if i >= n or not ctx.view.like_num[i]:
            break
        nxt = ctx.linker.quantity(ctx.doc, i, min(n, i + 5))  # ("thirty-one minutes")
        if nxt is None or nxt[1] != i:
            break
        if not same_family(nxt[0].unit, amount.unit):
            # a part spelled as only a compound spells it ("m" of "2h 31m": minutes)
            whole = parse_quantity(norm_text(span_text(ctx.doc, q[1], nxt[2])))
            if whole is None or not same_family(whole.unit, amount.unit) \
                    or _per_unit(whole.unit) >= _per_unit(amount.unit):
                break
            amount, end = whole, nxt[2]
            continue
        big, small = _per_unit(amount.unit), _per_unit(nxt[0].unit)
        if not big or not small or small >= big:
            break
        amount = Quantity(amount.value * big / small + nxt[0].value, nxt[0].unit)
        end = nxt[2]
    return q if end == q[2] else (amount, q[1], end)


def _part_of_an_amount(ctx: ClaimContext, q) -> bool:
    """The figure ``q`` follows a figure of a larger unit of its family ("forty minutes" of
    "two hours and forty minutes"): a part of that amount, checked with it."""
    if q is None or not q[0].unit or _per_unit(q[0].unit) is None:
        return False
    unit = _joined_at(ctx, q[1] - 1, -1)
    if unit < 1 or not ctx.view.like_num[unit - 1]:
        return False
    before = UNIT_OF.get(ctx.view.lower[unit])
    if before is None or _per_unit(before) is None:
        return False
    if not same_family(before, q[0].unit):
        # a part spelled as only a compound spells it ("31m" of "2h 31m": minutes)
        whole = parse_quantity(norm_text(span_text(ctx.doc, unit - 1, q[2])))
        return whole is not None and same_family(whole.unit, before)
    small = _per_unit(q[0].unit)
    return bool(small) and _per_unit(before) > small


def _aggregate_figure(ctx: ClaimContext, q) -> bool:
    """The figure is said as a summary over rows: a modifier of it, or of the noun it
    counts, is one of the lexicon's aggregate_words ("a *combined* €55,000", "a *total*
    4,000 loaves")."""
    if q is None:
        return False
    v = ctx.view
    words = ctx.lexicon.aggregate_words
    heads = {*range(q[1], q[2])}
    heads.update(v.head[i] for i in range(q[1], q[2]) if v.dep[i] == "nummod")
    return any(v.lower[c] in words and v.dep[c] in ("amod", "advmod", "compound")
               for h in heads for c in v.children[h])


def _hyphen_codes(ctx: ClaimContext, m: Mention) -> list[tuple[int, int, str]]:
    """Codes of three or more numbers joined by hyphens with no space ("4-6-2", a wheel
    arrangement) in the mention, as (start, end, text): one value, no amounts."""
    v = ctx.view
    _, starts, ends = text_offsets(ctx.doc)
    out = []
    i = m.start
    while i < m.end:
        j = i
        while j + 2 < len(v.lower) and v.like_num[j] and v.lower[j + 1] == "-" \
                and v.like_num[j + 2] and ends[j] == starts[j + 1] \
                and ends[j + 1] == starts[j + 2]:
            j += 2
        if j - i >= 4:  # three numbers at least: not a range ("4-6 players")
            out.append((i, j + 1, "".join(v.lower[i:j + 1])))
            i = j + 1
        else:
            i += 1
    return out


def _code_outcome(ctx: ClaimContext, code: tuple[int, int, str], ref: RowRef | None
                  ) -> Outcome | None:
    """A hyphen code against the one column of the row whose cell is a code of as many
    numbers ("4-6-2" against Wheel arrangement "4-6-0"); None when no column or several."""
    if ref is None:
        return None
    r = ref.rows[0]
    start, end, said = code
    parts = said.count("-")
    found = [c for c in ctx.table.columns if c.index != ctx.table.key
             and _CODE_CELL.fullmatch(str(c.raw[r]).strip())
             and str(c.raw[r]).count("-") == parts]
    if len(found) != 1:
        return None
    col = found[0]
    cell = str(col.raw[r]).strip()
    holds = cell == said
    return Outcome(EVALUATOR, SUPPORTED if holds else REFUTED,
                   Reason.VALUE_MATCHES if holds else Reason.VALUE_DIFFERS,
                   f"{col.name} of {ctx.table.row_name(r)} is {cell}; the text says {said}",
                   Link(said, col.name, "code", 1.0, col.name),
                   Link(said, cell, "code", 1.0, col.name, r), cells(col, (r,)), [col.name],
                   {"tokens": list(range(start, end))})


_CODE_CELL = regex.compile(r"\d+(?:-\d+){2,}")


def _year_of_a_date(ctx: ClaimContext, q) -> bool:
    """The figure is the year of a date written with its month ("in *August 2013*",
    "*March 2009*"): a date, which the date frames check against the column the predicate
    names; no column's number is its to match ("2013-041A", an identifier)."""
    v = ctx.view
    i = q[1]
    if q[0].unit or not v.like_num[i] or not YEAR.fullmatch(v.lower[i]):
        return False
    months = ctx.lexicon.months
    return (i > 0 and v.lower[i - 1] in months) or v.lower[v.head[i]] in months


def _year_of_an_edition(ctx: ClaimContext, q) -> bool:
    """The figure is a year before a proper name, with no unit: which edition of a named
    event or model ("the *2003* UK Championship", "the *2008* World Open"), no amount of
    any column."""
    v, i = ctx.view, q[1]
    return not q[0].unit and v.like_num[i] and YEAR.fullmatch(v.lower[i]) is not None \
        and v.dep[i] in ("nummod", "compound") and v.pos[v.head[i]] == "PROPN" \
        and not _year_of_a_date(ctx, q)  # (not "November 2013": a month's year)


def _dated_outcome(ctx: ClaimContext, q, col: Column, r: int, neg: bool,
                   link: Link) -> Outcome | None:
    """A year written with its month (``_year_of_a_date``: "its *November 2013* launch")
    against the cell of the column the words name ("18 November 2013"): a date, no amount.
    The year must be the cell's one year, and the month the cell's when it writes one; a
    cell with no month, or with several years, decides nothing more than the year can."""
    cell = str(col.raw[r])
    years = {int(y) for y in YEAR.findall(cell)}
    if len(years) != 1:
        return None
    v, i = ctx.view, q[1]
    months = ctx.lexicon.months
    word = v.lower[i - 1] if i > 0 and v.lower[i - 1] in months else v.lower[v.head[i]]
    said = f"{word} {v.lower[i]}"
    if int(v.lower[i]) not in years:
        return _compared(ctx, col, r, said, neg, neg, link, differs=Reason.DATE_DIFFERS)
    month = month_of(ctx, cell)
    if month is None:
        return None  # the year holds; the month is not the table's to confirm
    return _compared(ctx, col, r, said, (month == months[word]) != neg, neg, link,
                     differs=Reason.DATE_DIFFERS)


def _comparand_figure(ctx: ClaimContext, m: Mention) -> bool:
    """A figure of the mention is the object of a preposition that sets it against another
    figure (the lexicon's ``comparand_figure_preps``: "going 60 km *versus 30 km*", "1,050 m
    *against 780 m*"), or owned by the other rows (``other_rows_possessors``: "the others'
    250 W"): the other side's, which the comparison frames read with its row."""
    v = ctx.view
    preps = ctx.lexicon.comparand_figure_preps
    others = ctx.lexicon.other_rows_possessors
    for i in range(m.start, m.end):
        if not v.like_num[i]:
            continue
        j = v.head[i] if v.dep[i] == "nummod" else i  # the unit noun of "30 km", or the number
        if any(v.dep[c] == "poss" and v.lemma[c] in others for c in v.children[j]):
            return True  # "outgunning the others' 250 W": the other rows' figure
        p = v.head[j]
        if v.dep[j] != "pobj" or p == j:
            continue
        if v.lower[p] in ctx.lexicon.comparand_verb_preps and v.head[p] != p \
                and v.lemma[v.head[p]] in ctx.lexicon.comparand_verbs:
            p = v.head[p]  # "draws 680 W *compared with* 520 W": the participle's phrase
        elif v.lower[p] not in preps:
            continue
        if _names_a_row(ctx, v, j):
            continue  # "45 km *for the Volt Pro*": the figure's own row, which it is read with
        h = v.head[p]
        if h != p and (v.like_num[h] or any(v.like_num[c] and v.dep[c] == "nummod"
                                            for c in v.children[h])
                       or _figure_before(v, h, p)):
            return True
    return False


def _difference_figure(ctx: ClaimContext, m: Mention) -> bool:
    """A figure of the mention is the object of a preposition of the lexicon's
    ``difference_prepositions`` on a verb or an adjective ("undercuts the Vega *by $70*",
    "cheaper *by $20*"): the size of a difference, which the difference frames read with
    both rows.  A passive's agent ("powered by 2 batteries", parsed ``agent``) and a year
    ("by 2019", a date) are not."""
    v = ctx.view
    preps = ctx.lexicon.difference_prepositions
    for i in range(m.start, m.end):
        if not v.like_num[i] or len(v.lower[i]) == 4 and v.lower[i].isdigit():
            continue
        j = v.head[i] if v.dep[i] == "nummod" else i  # the unit noun of "20 %", or the number
        p = v.head[j]
        if v.dep[j] == "pobj" and p != j and v.lower[p] in preps and v.dep[p] == "prep":
            return True
    return False


def _change_figure(ctx: ClaimContext, m: Mention) -> bool:
    """A figure of the mention is the object of a verb of change (the lexicon's
    ``change_verbs``: "climbing 1,472 m", "gained 12 points"), and no column of the table
    is named for an amount of change (``change_column_words``: "Vertical rise"): the
    figure is no level of any column."""
    v = ctx.view
    verbs = ctx.lexicon.change_verbs
    for i in range(m.start, m.end):
        if not v.like_num[i]:
            continue
        j = v.head[i] if v.dep[i] in ("nummod", "compound") and v.head[i] != i else i
        verb = v.head[j]
        if v.dep[j] in ("dobj", "npadvmod") and verb != j and v.lemma[verb] in verbs:
            words = ctx.lexicon.change_column_words
            if any(words.intersection(c.words.split()) for c in ctx.table.columns):
                return False
            # "the tower *rises* 26.5 m": a verb of change the lexicon's verb_attributes
            # tie to a level of the table (rise: height) in the figure's own dimension
            # states that level
            return not _level_of_the_verb(ctx, verb, i)
    return False


def _level_of_the_verb(ctx: ClaimContext, verb: int, number: int) -> bool:
    """The verb's verb_attributes name a numeric column whose unit measures the dimension
    of the figure at token ``number``."""
    hints = ctx.lexicon.verb_attributes.get(ctx.view.lemma[verb])
    found = ctx.linker.column_by_hint(list(hints)) if hints else None
    if found is None or found[1] == "glove" or found[0].kind != "number" \
            or found[0].index == ctx.table.key:
        return False
    words = set(found[0].words.split())
    if not any(set(norm_text(h).split()) <= words for h in hints):
        return False  # a hint of more words than the column's: "elevation gain" of a
        # verb of change names no Elevation
    q = ctx.linker.quantity(ctx.doc, number, min(number + 2, len(ctx.doc)))
    return q is not None and in_figure_dimension(found[0], q[0].unit)


def _figures_and_nouns(v, m: Mention):
    """(figure, the noun it counts or measures) for each number of the mention that
    modifies a noun ("*eleven years*", "the lowest *200 km*")."""
    for i in range(m.start, m.end):
        if v.like_num[i] and v.dep[i] == "nummod":
            yield i, v.head[i]


def _gap_between_events(ctx: ClaimContext, m: Mention) -> bool:
    """A length of time of the mention measures how far one event lies from another
    ("listed *eleven years later*", "two months *after* opening", "three years *after*
    it was established": the lexicon's relative_time_words on its unit noun, or opening
    the clause the unit hangs on): no period of any cell."""
    v = ctx.view
    words = ctx.lexicon.relative_time_words
    for _, unit in _figures_and_nouns(v, m):
        if UNIT_OF.get(v.lower[unit]) not in ctx.lexicon.period_units:
            continue
        up = v.head[unit]
        if v.lower[up] in words and up != unit or any(
                v.lower[c] in words for c in v.children[unit]) or up != unit and any(
                v.dep[c] == "mark" and v.lower[c] in words and c > unit
                for c in v.children[up]):
            # (the parse may hang the unit on the clause "after" opens: "three years
            # *after* the observatory was established")
            return True
    return False


def _portion_of_a_whole(ctx: ClaimContext, m: Mention) -> bool:
    """An amount of the mention is a portion of a whole: its unit noun takes "the" and
    one of the lexicon's portion_adjectives before the figure, and an "of" after it ("the
    lowest 200 km of the Oskel", "the first 10 km of the route")."""
    v = ctx.view
    words = ctx.lexicon.portion_adjectives
    for i, unit in _figures_and_nouns(v, m):
        kids = v.children[unit]
        if any(v.dep[c] == "det" and v.lower[c] in ctx.linker.articles and c < i for c in kids) \
                and any(v.lower[c] in words and c < i for c in kids) \
                and any(v.dep[c] == "prep" and v.lower[c] in ctx.lexicon.partitive_prepositions
                        and c > unit for c in kids):
            return True
    return False


def _names_a_row(ctx: ClaimContext, v, j: int) -> bool:
    """A token under ``j`` lies in a name of a row the claims found."""
    spans = ctx.entity_spans
    stack = [j]
    while stack:
        t = stack.pop()
        if any(a <= t < b for a, b in spans):
            return True
        stack.extend(v.children[t])
    return False


def _figure_before(v, head: int, p: int) -> bool:
    """A number under ``head`` before token ``p`` ("weighs twice as much (*14.2* kg versus
    6.8 kg)": the preposition hangs on the verb, the first figure under it)."""
    stack = [c for c in v.children[head] if c < p]
    while stack:
        t = stack.pop()
        if v.like_num[t]:
            return True
        stack.extend(c for c in v.children[t] if c < p)
    return False


def _whole_column_name(ctx: ClaimContext, m: Mention):
    """The column whose whole name the mention's words are, past its determiners ("the
    adjustable armrests" of a column "Adjustable armrests"), found exactly; else None."""
    v = ctx.view
    start = m.start
    while start < m.end - 1 and v.dep[start] in ("det", "poss"):
        start += 1
    if m.end - start < 2:
        return None  # one word: a value as often as a name ("red", "steel")
    found = ctx.linker.column_spelled(norm_text(span_text(ctx.doc, start, m.end)))
    return found[0] if found is not None and found[0].index != ctx.table.key else None


def _bound_words(lexicon) -> frozenset[str]:
    """Every word of the lexicon's bound cues ("more", "than", "under"), built once."""
    return frozenset(w for g in (lexicon.bound_cues_lower, lexicon.bound_cues_upper)
                     for cue in g for w in cue.split())


def _unit_clash(col, q) -> bool:
    """The column states its figures in another unit of the same dimension than the text's
    (kg against "lb", days against "hours"); rating scales ("5 stars", "5 out of 5") do
    not clash, and a figure of another dimension ("65 m²" beside a price of $65) is
    another attribute, not this cell in a wrong unit."""
    return bool(col.unit) and col.kind == "number" and not units_compatible(col.unit, q.unit) \
        and same_family(col.unit, q.unit)


def _other_unit(col, q) -> bool:
    """The column states its figures in a unit, and not the figure's."""
    return bool(col.unit) and col.unit != q.unit


def _over_a_period(ctx: ClaimContext, q) -> bool:
    """ "painted over two years", "recorded over a two-year period": a preposition of the
    verb before a length of time says during, not more than ("performed for over twenty
    years" hangs its "over" on the number)."""
    if q is None or q[0].unit not in ctx.lexicon.period_units:
        return False
    i = q[1] - 1
    v = ctx.view
    if i >= 0 and v.lower[i] in ctx.linker.articles:
        i -= 1
    return i >= 0 and v.dep[i] == "prep" and v.pos[v.head[i]] == "VERB"


def _period_of_another(ctx: ClaimContext, m: Mention, q, ref: RowRef | None = None
                       ) -> Outcome | None:
    """ "married to Ray Dunn for 4 years": a period whose clause's verb names a column with
    another of its prepositions (the lexicon's verb_attributes: "married to" -> Spouse) is
    that column's, not the one its unit word names (Years active): left unverifiable
    rather than read off the wrong cell."""
    if q is None or q[0].unit not in ctx.lexicon.period_units:
        return None
    tok = ctx.toks[m.head]
    prep = tok.head if tok.dep_ == "pobj" and tok.head.dep_ == "prep" else None
    # the clause's verb, past a name the period's preposition hangs on ("married to Jo
    # Kerr for 4 years")
    verb = next((t for t in tok.ancestors if t.pos_ in ("VERB", "AUX", "ADJ")), tok.head)
    if verb.pos_ not in ("VERB", "AUX", "ADJ"):  # "was married to": an adjective too
        return None
    for c in verb.children:
        if c.dep_ != "prep" or prep is not None and (c.i == prep.i or c.is_ancestor(tok)):
            continue
        found = verb_phrase_column(ctx.lexicon.verb_attributes, ctx.linker, verb, c.lower_)
        if found is None:
            continue
        col, method, score, key = found
        if ref is not None:
            timed = _period_beside(ctx, col, ref.rows[0], c, q, m)
            if timed is not None:
                return timed
        return Outcome(EVALUATOR, UNVERIFIABLE, "value not comparable",
                       f"the period is said of {col.name} ('{key}'), whose cell holds no "
                       "length of time", Link(key, col.name, method, score, col.name),
                       columns=[col.name])
    return None


def _conjoined_predicates(ctx: ClaimContext, m: Mention, r: int, neg: bool) -> list[Outcome]:
    """ "written and directed by Ann Roe": a value after a preposition is said with every
    verb coordinated with the one that governs it (and that has no such preposition of its
    own); each verb whose phrase names a column (the lexicon's verb_attributes: "written
    by" -> Written by) is checked there, and accounts for its verb."""
    v = ctx.view
    if v.dep[m.head] != "pobj" or v.dep[v.head[m.head]] not in ("prep", "agent"):
        return []
    p = v.head[m.head]
    verb = v.head[p]
    if v.pos[verb] != "VERB":
        return []
    siblings = [c for c in v.children[verb] if v.dep[c] == "conj" and v.pos[c] == "VERB"]
    if v.dep[verb] == "conj" and v.pos[v.head[verb]] == "VERB":
        siblings.append(v.head[verb])
    if not siblings:
        return []
    prep = ctx.toks[p]
    out = []
    for s in (ctx.toks[i] for i in siblings):
        if any(c.dep_ in ("prep", "agent") and c.lower_ == prep.lower_ for c in s.children):
            continue  # "made in Italy and sold in France": its own value
        named = verb_phrase_column(ctx.lexicon.verb_attributes, ctx.linker, s, prep.lower_,
                                   accept=lambda c: c.kind == "text"
                                   and c.index != ctx.table.key)
        if named is None:
            continue
        o = _in_named_column(ctx, named, r, norm_text(m.text(ctx.doc)), neg)
        if o.verdict == SUPPORTED:
            o = replace(o, details={**o.details, "predicates": [s.i]})
        out.append(o)
    return out


def _period_beside(ctx: ClaimContext, col: Column, r: int, prep, q, m: Mention
                   ) -> Outcome | None:
    """ "married to Jo Kerr for 4 years": the bracket of years the cell writes beside the
    name the other preposition gives ("Ann Lee (m. 1977; div. 1982), Jo Kerr (m. 1989;
    div. 1996)"), measured as a period; None when the name or its bracket is not there."""
    obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
    if obj is None:
        return None
    name = norm_text(span_text(ctx.doc, obj.left_edge.i, obj.right_edge.i + 1))
    cell, start = str(col.raw[r]), 0
    for group in GROUP.finditer(cell):
        before, start = norm_text(cell[start:group.start()]), group.end()
        if name and name in before:
            found = evaluator("duration")(
                to_base(q[0]), ctx.linker.bound(ctx.doc, q[1]), group.group(0), row=r,
                as_of=until(ctx, r), open_marks=ctx.lexicon.open_bracket_marks,
                open_ends=frozenset(w.lower() for w in ctx.lexicon.open_range_ends))
            if found is None or found.holds is None:
                return None
            return Outcome(EVALUATOR, SUPPORTED if found.holds else REFUTED,
                           "value matches" if found.holds else "number differs",
                           f"{col.name} of {ctx.table.row_name(r)}: {found.explanation}",
                           Link(prep.text, col.name, "verb", 1.0, col.name),
                           Link(m.text(ctx.doc), group.group(0), "evaluator", 1.0, col.name, r),
                           cells(col, (r,)), [col.name],
                           {"tokens": sorted({*range(m.start, m.end), *range(
                               obj.left_edge.i, obj.right_edge.i + 1), prep.i, prep.head.i})})
    return None


def _stated_column(ctx: ClaimContext, m: Mention) -> tuple[Column, str, float, str] | None:
    """The column a value is stated of by its clause: the one a verb and its preposition
    name ("born in Long Beach" -> Born, though Long Beach is the row's home town; a verb
    alone, "highly rated Chinese food", or a preposition that is a column's name, "near the
    riverside", is not that specific: the lexicon's verb_attributes must name it), else the
    one a copula equates it with ("Anatol Visk is the prime minister", though Visk is the
    row's president)."""
    named = predicate_column(ctx, m)
    if named is not None and " " in named[3] and named[3] in ctx.lexicon.verb_attributes:
        return named
    return copular_column(ctx, m.head)


def _held_by_a_namesake(ctx: ClaimContext, attr, hits: list[Hit], q) -> bool:
    """A hit of the figure ``q`` in another column than the attribute ``attr`` the words
    name, whose name holds every word of the attribute's phrase too (singular or plural):
    "eruption" names Last eruption and Notable eruptions alike, and the figure is the
    second one's value, not a wrong value of the first."""
    if attr[1] == "exact":
        return False  # the phrase is one column's whole name
    words = singular_words(attr[3])
    columns = ctx.table.columns
    return any(h.col is not None and h.col != attr[0].index and h.start <= q[1] < h.end
               and words <= singular_words(columns[h.col].words) for h in hits)


def _number_of_a_name(q, m: Mention) -> bool:
    """The mention's figure is a word of its name, no amount: "Windows 10", "Galaxy S10"
    (no unit, inside the mention)."""
    return q[0].unit is None and m.start <= q[1] < m.end


def _in_named_column(ctx: ClaimContext, named, r: int, claimed: str, neg: bool) -> Outcome:
    """The value against the cell of the column its predicate names ("born in Paris"
    against Born), or unverifiable when the cell is another kind of value: compared when
    it is the column's kind of value, or when it names what another row's cell names
    ("Windows 10" against "Chrome OS" where another row runs "Windows 10 Home")."""
    col, method, score, phrase = named
    link = Link(phrase, col.name, method, score, col.name)
    ok = equivalent(ctx, claimed, col, r) or similar(ctx, claimed, col.norm[r]) \
        or spelled_alike(claimed, col, r)
    if ok or (comparable_values(ctx, claimed, col, r)
              and (comparable_kind(ctx, claimed, col)
                   or len(cell_parts(col.raw[r])) == 1 and len(col.norm[r].split()) <= 3)) \
            or _named_in_another_cell(claimed, col, r) or _kind_of_a_part(ctx, claimed, col, r):
        return _compared(ctx, col, r, claimed, ok != neg, neg, link)
    # "the Summer of 2017" against a date: another kind of value
    return Outcome(EVALUATOR, UNVERIFIABLE, "value not comparable",
                   f"{col.name} of {ctx.table.row_name(r)} is {col.raw[r]}; cannot compare "
                   f"with {claimed!r}", link)


def _kind_of_a_part(ctx: ClaimContext, claimed: str, col: Column, r: int) -> bool:
    """The value is of the kind of one of the parts of the row's cell (GloVe similarity at
    least ``type_threshold``): "Lisbon" against "Braga, Portugal" is a place against places,
    and differs; "Europe" is too far from either to tell (it may hold them), and a country
    or region is compared only with a cell that names one (the lexicon's
    place_containers)."""
    v = ctx.linker.vectors
    if v is None or any(ch.isdigit() for ch in claimed):
        return False
    parts = [norm_text(p) for p in cell_parts(col.raw[r])]
    containers = ctx.lexicon.derived("fact.place_containers", _place_containers)
    if claimed in containers and not any(p in containers for p in parts):
        return False  # "located in Spain" may hold "Museo del Prado, Madrid"
    return max((v.similarity(claimed, p) for p in parts if p), default=0.0) \
        >= ctx.type_threshold


def _place_containers(lexicon) -> frozenset[str]:
    """The lexicon's place_containers, normalized as cells are ("u.s." -> "u s")."""
    return frozenset(norm_text(w) for w in lexicon.place_containers)


def _labels_of_a_plural(ctx: ClaimContext, q) -> bool:
    """Figures joined after the plural noun they modify ("between *junctions 12 and 19*",
    "platforms 3 and 4"): they say which ones, not how many (a count stands before its
    noun, "27 junctions"); one figure after a plural ("rated by customers 1 out of 5",
    "ages 8 and up") and a unit or currency before its amount ("EUR 31") are no such."""
    if q is None:
        return False
    v, i = ctx.view, q[1]
    noun = v.head[i]
    return noun < i and v.dep[i] == "nummod" and v.tag[noun] == "NNS" \
        and v.lower[noun] not in UNIT_OF and v.lower[noun].rstrip(".") not in UNIT_OF \
        and any(v.dep[c] == "conj" and v.like_num[c] for c in v.children[i])


def _a_name_of_another_row(ctx: ClaimContext, h: Hit) -> bool:
    """The hit is a name ("Chrome OS") that other rows' cells of its column hold: the
    column's kind of value, whatever digits this row's cell has ("Windows 10 Home")."""
    pos = ctx.view.pos
    return bool(h.rows) and any(pos[i] == "PROPN" for i in range(h.start, h.end))


MAX_CELLS_READ = 64  # distinct cells of a column a value is looked for in, word by word


def _named_in_another_cell(claimed: str, col: Column, r: int) -> bool:
    """Every word of the value is a word of another row's cell of the column: the value is
    one the column holds.  Read only in a column of at most ``MAX_CELLS_READ`` distinct
    cells (a catalog's short list of systems or places), else False."""
    said = set(claimed.split())
    if not said or len(col.dictionary) > MAX_CELLS_READ:
        return False
    own = col.codes[r]
    return any(said <= set(norm_text(cell).split())
               for d, cell in enumerate(col.dictionary) if d != own)


def _coordinated_values(ctx: ClaimContext, hits: list[Hit], rest: list[int],
                        r: int) -> list[Outcome]:
    """A word coordinated with a value found in one column's list cell of row ``r`` that no
    cell holds ("comes in black and *purple*" against Colours "black, orange"), when every
    item of the column's lists is one word (a closed vocabulary: colours, finishes) and the
    word resembles them (GloVe at ``type_threshold``): a value of that list the row lacks.
    A word of an item ("Google" of "Google Assistant") or a column of phrases (genres,
    acts, platforms) decides nothing."""
    view, vectors = ctx.view, ctx.linker.vectors
    if vectors is None:
        return []
    out = []
    for i in rest:
        if view.dep[i] != "conj" or view.pos[i] not in ("NOUN", "ADJ"):
            continue
        k = view.head[i]  # the value it is coordinated with: a hit of this mention or its own
        near = [h for h in hits if h.start <= k < h.end] or \
            ctx.linker.value_hits(ctx.doc, k, k + 1)
        columns = {h.col for h in near if h.col is not None and h.col != ctx.table.key}
        if len(columns) != 1:
            continue
        col = ctx.table.columns[columns.pop()]
        vocabulary = _list_items(ctx, col)
        items = cell_items(str(col.raw[r]))
        word = norm_text(view.lower[i])
        if len(items) < 2 or not vocabulary or any(" " in w for w in vocabulary) \
                or word in vocabulary:
            continue  # a list cell of one-word items only, and a word none of them is
        _, score = vectors.best(word, vocabulary)
        if score < ctx.type_threshold:
            continue
        out.append(Outcome(EVALUATOR, REFUTED, Reason.VALUE_NOT_LISTED,
                           f"{col.name} of {ctx.table.row_name(r)} lists {col.raw[r]}; the "
                           f"text says {view.lower[i]} too",
                           Link(col.name, col.name, "value-column", 1.0, col.name),
                           Link(view.lower[i], col.raw[r], "glove-type", score, col.name, r),
                           cells(col, (r,)), [col.name], {"tokens": [i]}))
    return out


def _list_items(ctx: ClaimContext, col: Column) -> list[str]:
    """The distinct items of a column's cells (its distinct raw cells split), once per
    compiled table."""
    held = ctx.table.derived.setdefault("fact.list_items", {})
    found = held.get(col.index)
    if found is None:
        found = held[col.index] = sorted({p.strip().lower() for cell in col.distinct
                                          for p in cell_items(str(cell))})
    return found


def _hit_outcome(ctx: ClaimContext, h: Hit, ref: RowRef | None, neg: bool) -> Outcome:
    value = Link(h.text, h.value, h.method, h.score, h.column)
    if h.col is None:
        if not h.named:
            return Outcome(EVALUATOR, UNVERIFIABLE, "ambiguous value",
                           f"{h.text!r} may describe several attributes; the table has no "
                           f"{h.column} column", value=value)
        return Outcome(EVALUATOR, REFUTED, "attribute not in table",
                       f"the text states {h.column} {h.text!r}, but the table has no "
                       f"{h.column} column", value=value, columns=[])
    col = ctx.table.columns[h.col]
    attr = Link(h.column, col.name, "value-column", 1.0, col.name)
    if ref is None:
        ok = bool(h.rows) != neg
        return Outcome(EVALUATOR, SUPPORTED if ok else REFUTED, "row unresolved; checked all rows",
                       f"{col.name} {h.text!r} {'appears' if h.rows else 'does not appear'}"
                       " in the table", attr, value, cells(col, h.rows), [col.name])
    r = ref.rows[0]
    holds = r in h.rows or equivalent(ctx, h.value, col, r)
    found = col.raw[r]
    who = ctx.table.row_name(r)
    if holds != neg:
        return Outcome(EVALUATOR, SUPPORTED, "value matches",
                       f"{col.name} of {who} is {found}" + ("; the text says it is not "
                                                            f"{h.text}" if neg else ""),
                       attr, value, cells(col, (r,)), [col.name],
                       {"tokens": list(range(h.start, h.end))})
    if not comparable_values(ctx, h.value, col, r) and not _a_name_of_another_row(ctx, h):
        relative = relative_level(ctx, h.value, col, r, neg, attr, said=h.text)
        if relative is not None:
            return relative
        return Outcome(EVALUATOR, UNVERIFIABLE, "value not comparable",
                       f"{col.name} of {who} is {found}; cannot compare with {h.text!r}",
                       attr, value, cells(col, (r,)), [col.name])
    if not neg and any(f" {h.value} " in f" {part} " for part in cell_parts(found)):
        # "pop" of "J-pop, synthpop, pop rock": a word of an item, not an item it differs from
        return Outcome(EVALUATOR, UNVERIFIABLE, "value not comparable",
                       f"{col.name} of {who} is {found}; {h.text!r} is a word of it, not "
                       "one of its values", attr, value, cells(col, (r,)), [col.name])
    if neg:
        return Outcome(EVALUATOR, REFUTED, "negated value holds",
                       f"{col.name} of {who} is {found}; the text says it is not",
                       attr, value, cells(col, (r,)), [col.name])
    others = list(islice((o for o in h.rows if o != r), 2))  # the first two are read
    reason = "value belongs to another row" if others else "value differs"
    owner = f" ({h.text} is {ctx.table.row_name(others[0])}'s)" if others else ""
    return Outcome(EVALUATOR, REFUTED, reason,
                   f"{col.name} of {who} is {found or 'empty'}; the text says "
                   f"{h.text}{owner}", attr, value,
                   cells(col, (r, *others[:2])), [col.name])


def _spells_column(ctx: ClaimContext, q: tuple[Quantity, int, int], col: Column) -> bool:
    """The figure's words are the column's own name ("1500 m" of a column "1500 m", "2016"
    of a column "2016"), or a figure without a unit is a word of it ("in *2018*" of
    Visitors 2018): the figure picks the column, it states no value of it."""
    said = norm_text(span_text(ctx.doc, q[1], q[2]))
    found = ctx.linker.column_spelled(said)
    if found is not None:
        return found[0].index == col.index
    return q[0].unit is None and said in col.words.split()


def _attribute_outcome(ctx: ClaimContext, m, attr, ref: RowRef | None, neg: bool,
                       rest: list[int]) -> Outcome | None:
    col, method, score, phrase = attr
    link = Link(phrase, col.name, method, score, col.name)
    q = _compound_amount(ctx, _amount(ctx, ctx.linker.quantity(ctx.doc, m.start, m.end))) \
        or clause_quantity(ctx, m)
    v = ctx.view
    if q is not None and _spells_column(ctx, q, col):
        return None  # "at the 1500 m mark" of a column "1500 m": its name, not its value
    if q is not None and _year_of_an_edition(ctx, q):
        return None  # "at the *2003* UK Championship": which edition, no amount
    if q is not None and _year_of_a_date(ctx, q):  # "its *November 2013* launch"
        return _dated_outcome(ctx, q, col, ref.rows[0], neg, link) if ref is not None else None
    if q is not None and col.kind == "number" and q[2] < len(v.lower) \
            and v.lower[q[2]] in ctx.lexicon.date_cues_ago:
        return None  # "ten years ago": a date back from the reference year (date frames)
    if q is not None and col.kind == "number":
        # "painted over two years": during, not more than
        op = "=" if _over_a_period(ctx, q) else ctx.linker.bound(ctx.doc, q[1])
        bounds = ctx.lexicon.derived("fact.bound_words", _bound_words)
        if q[0].unit in ctx.lexicon.period_units and all(
                UNIT_OF.get(w) == q[0].unit or w in bounds for w in phrase.split()):
            # "married for over five years": the unit word names no column ("Years
            # active"); the period is the one the verb names
            found = quantity_outcome(ctx, q[0], ref, m, op, q[2])
            if found is not None:
                return found
        if not measures_in(col, q[0].unit) and any(
                c.unit and c.kind == "number" and same_family(c.unit, q[0].unit)
                for c in ctx.table.columns):
            # "120 km served by 5 lifts": no count of Lifts is in km; the column of the
            # figure's unit is the one it is said of
            return quantity_outcome(ctx, q[0], ref, m, op, q[2])
        found = number_against(ctx, q[0], col, ref, link, op, end=q[2])
        upper = range_end(ctx, q[2])
        if upper is not None and found.verdict != REFUTED:
            # "two to six players": the range's other end is claimed too
            found = combine([found, number_against(ctx,
                Quantity(upper, q[0].unit), col, ref, link)]) or found
        return found
    if ref is None:
        return None
    r = ref.rows[0]
    if q is not None:
        on_scale = level_outcome(ctx, q[0], col, r, link)
        if on_scale is not None:
            return on_scale  # "a rating of 3 out of 5" against "low"
        cell_q = parse_quantity(col.raw[r])
        if cell_q is not None and (units_compatible(q[0].unit, cell_q.unit)
                                   or same_family(q[0].unit, cell_q.unit)):
            # a column of words and amounts ("lifetime", "2 years"): this row's amount
            ok = quantities_equal(q[0], cell_q) or (
                same_family(q[0].unit, cell_q.unit)
                and abs(to_base(q[0]) - to_base(cell_q)) <= 1e-6 * max(1.0, to_base(cell_q)))
            return _compared(ctx, col, r, str(q[0]), ok != neg, neg, link,
                                  differs="number differs")
    cell = col.norm[r]
    text, starts, ends = text_offsets(ctx.doc)
    col_words = col.words.split()
    pos, tag = v.pos, v.tag
    words = [said for i in rest if pos[i] in ("ADJ", "NUM", "ADV") and tag[i] not in DEGREE_TAGS
             and norm_text(said := text[starts[i]:ends[i]]) not in col_words]
    who = ctx.table.row_name(r)
    if not words and col.kind == "text":
        named = _named_value(ctx, m, col, r, rest, link, neg)
        if named is not None:
            return named
    if not words:
        present = not states_absence(ctx.lexicon, cell)
        ok = present != neg
        if ok and not neg and not _had(ctx, m, col):
            # naming an attribute ("the solo producer", "its lowest elevation") says
            # nothing checkable of it; only having it ("has a pool") is a claim
            return Outcome(EVALUATOR, UNVERIFIABLE, "attribute named, nothing said of it",
                           f"{col.name} of {who} is {col.raw[r] or 'empty'}; the text "
                           f"names it without a value", link, columns=[col.name])
        return Outcome(EVALUATOR, SUPPORTED if ok else REFUTED,
                       "attribute present" if present else "attribute absent",
                       f"{col.name} of {who} is {col.raw[r] or 'empty'}", link, None,
                       cells(col, (r,)), [col.name])
    claimed = norm_text(" ".join(words))
    if equivalent(ctx, claimed, col, r) or similar(ctx, claimed, cell):
        ok = not neg
    else:
        comparable = comparable_kind(ctx, claimed, col) and comparable_values(ctx,
            claimed, col, r)
        if not comparable:
            relative = relative_level(ctx, claimed, col, r, neg, link)
            if relative is not None:
                return relative
            return Outcome(EVALUATOR, UNVERIFIABLE, "value not comparable",
                           f"{col.name} of {who} is {col.raw[r]}; cannot compare with "
                           f"{claimed!r}", link, None, cells(col, (r,)), [col.name])
        ok = neg
    return _compared(ctx, col, r, claimed, ok, neg, link)


@anchor_reader  # it reads the mention's rule (a repeat may reuse a fact's outcome)
def _had(ctx: ClaimContext, m: Mention, col: Column) -> bool:
    """The mention says the row has the attribute, and names nothing but it: the object
    of a possession verb or of "with", or a possessed noun, whose content words are all
    words of the column ("has a pool", not "was given the death penalty")."""
    head = ctx.toks[m.head]
    if m.rule.id not in FEATURE_RULES and not stated_feature(head, ctx.lexicon.verb_attributes):
        return False
    names = set(col.words.split())
    return all(norm_text(t.text) in names or norm_text(t.lemma_) in names
               or stem(norm_text(t.lemma_)) in {stem(w) for w in names}
               for t in ctx.doc[m.start:m.end]
               if t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM") and t.lower_ not in ctx.linker.generic)


def _named_value(ctx: ClaimContext, m: Mention, col: Column, r: int, rest: list[int], link: Link,
                 neg: bool) -> Outcome | None:
    """Proper-noun modifiers of a column's noun ("an Intel Core i9 processor") are that
    column's value: the same words as the cell hold; words of the column's other cells
    ("Intel" where this row says "AMD Ryzen 9") or an unequal model number do not."""
    said = [ctx.toks[i] for i in rest if i != m.head and modifies(ctx.view, i, m.head)
            and ctx.toks[i].pos_ in ("PROPN", "NUM", "NOUN")
            and norm_text(ctx.toks[i].text) not in col.words.split()]
    if not said or not any(t.pos_ == "PROPN" for t in said):
        return None
    claimed = norm_text(" ".join(t.text for t in sorted(said, key=lambda t: t.i)))
    cell = col.norm[r]
    if not claimed:
        return None
    cell_words = set(cell.split())
    missing = [w for w in claimed.split() if w not in cell_words]
    if not missing or equivalent(ctx, claimed, col, r):
        ok = not neg
    else:
        # the column's distinct values, not a pass over its rows
        others = {w for v in col.dictionary for w in v.split()} - cell_words
        if not any(w in others or code_shape(w) is not None and any(
                code_shape(w) == code_shape(c) for c in cell_words) for w in missing):
            return None  # words the column does not use: not known to be its values
        ok = neg
    return _compared(ctx, col, r, claimed, ok, neg, link)


def _compared(ctx: ClaimContext, col: Column, r: int, claimed: str, ok: bool, neg: bool, link: Link,
              differs: str = "value differs") -> Outcome:
    """The outcome of comparing a claimed value with row ``r``'s cell of ``col``."""
    return Outcome(EVALUATOR, SUPPORTED if ok else REFUTED, "value matches" if ok else differs,
                   f"{col.name} of {ctx.table.row_name(r)} is {col.raw[r]}; the text says "
                   f"{'not ' if neg else ''}{claimed}", link,
                   Link(claimed, col.raw[r], "compare", 1.0, col.name, r),
                   cells(col, (r,)), [col.name])

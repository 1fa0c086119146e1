"""Bounds on a number: "below 2 kg", "no more than $80", "at least 8 hours", "between 5 and
7 kg", "upwards of 10 hours" (frames of rules/frames/bounds.yaml, evaluator ``number``).

The frame binds the bound's words (``cue``) and the number (``value``, two for a range).
The cue's direction comes from the lexicon groups ``bound_cues_upper`` / ``_lower`` /
``_range``, or ``bound_cues_maximum`` for a bound that states the figure itself ("up to 40
hours" is the spec's 40 hours); ``bound_cues_inclusive`` says which bounds include their
end ("at most 2 kg" holds of 2 kg, "under 2 kg" does not).  The figure is compared with
the whole column at once; the claim's row decides.  A cell that holds a range or a
bounded text ("£20-25", "less than £20") is left to the fact checks, which read such
cells whole.
"""

from __future__ import annotations

from ..compiled import stated_unit
from ..link import after_the_verbs_figure, particle_of_verb
from ..reasons import Reason
from ..rules.paths import doc_view
from ..values import CURRENCY_SYMBOLS, Quantity
from . import Finding, register
from .context import FrameContext, compare_mask, plain_cells, scaled
from .level import cell_range, direction_of, inversely_graded
from .quantity import figure_said_of, out_of_scale, plausible, ranged_in_family

SAYS = {"=": "", "<": "under", "<=": "at most", ">": "over", ">=": "at least", "between": "between"}


def read_bound(match, ctx: FrameContext) -> tuple[str, list[Quantity], int] | None:
    """(operator, claimed figures, the number token) of a bound frame, or None."""
    cue_ids = set(match.slots.get("cue", ()))
    cue = ctx.phrase(cue_ids)
    numbers = list(match.slots.get("value", ()))
    close = ctx.lexicon.bound_closeness_words
    if any(c.dep_ in ("quantmod", "advmod") and c.i not in cue_ids and not c.like_num
           and not c.is_currency and c.text not in CURRENCY_SYMBOLS and c.lower_ not in close
           for i in numbers for c in ctx.doc[i].children):
        return None  # "more than 3 times its budget", "under about 40": not a bare figure
    for i in numbers:
        head = ctx.doc[i].head
        if any(c.dep_ == "poss" for c in head.children) and head.i != i \
                or any(ctx.doc[k].tag_ == "POS" for k in range(min(cue_ids, default=i) + 1, i)):
            return None  # "beyond Product 1's 10 days": another row's figure, a comparison
        named = ctx.linker.entity_rows(ctx.doc, i, i + 1)
        if named is not None and named.start <= i < named.end and named.end - named.start > 1:
            return None  # "beyond Product 1": the number is part of a name
    view = doc_view(ctx.doc)
    if any(particle_of_verb(view, ctx.lexicon.particle_verbs, i) for i in cue_ids):
        return None  # "*turned over* £6.2 million": the verb's particle, no bound
    if any(after_the_verbs_figure(view, ctx.lexicon.extent_prepositions, i) for i in cue_ids):
        return None  # "rises 26.5 m *over* seven storeys": what the figure spans
    inclusive = cue in ctx.group("bound_cues_inclusive")
    if cue in ctx.group("bound_cues_range") and len(numbers) == 2:
        op = "between"
    elif cue in ctx.group("bound_cues_maximum") and len(numbers) == 1:
        op = "="
    elif cue in ctx.group("bound_cues_upper") and len(numbers) == 1:
        op = "<=" if inclusive else "<"
    elif cue in ctx.group("bound_cues_lower") and len(numbers) == 1:
        op = ">=" if inclusive else ">"
    elif len(numbers) == 1 and (op := _adjective_bound(ctx, cue_ids)) is not None:
        pass  # "longer than 350 km": the adjective's direction (see ``_graded_the_other_way``)
    else:
        return None
    figures = [ctx.quantity_at(i) for i in numbers]
    if any(q is None for q in figures):
        return None
    if op == "between" and figures[0].unit is None and figures[1].unit:
        figures[0] = Quantity(figures[0].value, figures[1].unit)  # "between 5 and 7 kg"
    return op, figures, numbers[-1]


def adjective_column(ctx: FrameContext, match, q: Quantity):
    """The numeric column in the figure's unit that the bound's comparative adjective
    names through the lexicon's comparatives ("longer" -> Length)."""
    for i in match.slots.get("cue", ()):
        spec = ctx.lexicon.comparatives.get(ctx.doc[i].lemma_.lower())
        found = ctx.linker.column_by_hint(list(spec.attributes)) if spec else None
        if found is not None and found[0].kind == "number" and scaled(found[0], q) is not None:
            return found[0]
    return None


def _adjective_bound(ctx: FrameContext, cue_ids) -> str | None:
    """ "longer than", "lighter than": ">" or "<" by the direction the lexicon gives the
    comparative adjective; None for other cues."""
    adjectives = [ctx.doc[i] for i in cue_ids if ctx.doc[i].tag_ == "JJR"]
    if len(adjectives) != 1 or len(cue_ids) != 2:
        return None
    direction = direction_of(ctx, adjectives[0])
    return ">" if direction == "higher" else "<" if direction == "lower" else None


def _graded_the_other_way(ctx: FrameContext, match, col) -> bool:
    """The bound's comparative adjective grades the column inversely ("quicker than 0.5 s"
    of a Trigger speed in seconds: lower), by the lexicon's comparatives."""
    cue_ids = match.slots.get("cue", ())
    if any(ctx.doc[i].lower_ in ctx.group("bound_cues_upper") | ctx.group("bound_cues_lower")
           for i in cue_ids):
        return False
    adjectives = [ctx.doc[i] for i in cue_ids if ctx.doc[i].tag_ == "JJR"]
    return len(adjectives) == 1 and inversely_graded(
        ctx.lexicon.comparatives.get(adjectives[0].lemma_.lower()), col)


# the comparators of the fact checks, which know no strict bound and no range
LEGACY_OPS = {"=": "=", "<": "<=", "<=": "<=", ">": ">=", ">=": ">="}


def frame_bounds(frames, ctx: FrameContext) -> dict[int, str]:
    """Token -> comparator for every number a bound frame binds (and the currency sign
    before it), for the fact checks' own reading of the figure."""
    out: dict[int, str] = {}
    for match in frames:
        if match.kind != "bound":
            continue
        read = read_bound(match, ctx)
        if read is None or read[0] not in LEGACY_OPS:
            continue
        for i in match.slots.get("value", ()):
            out[i] = LEGACY_OPS[read[0]]
            if i > 0 and ctx.doc[i - 1].is_currency:
                out[i - 1] = out[i]
    return out


# "just over", "slightly under" (lexicon bound_closeness_words): the cell past the bound by
# at most this share of it holds, and past it by more than the second share fails
CLOSE_WITHIN = 0.10
CLOSE_FAILS_BEYOND = 0.15


def _closeness(ctx: FrameContext, number: int) -> str | None:
    """The word that puts the figure close to its bound ("*just* over 30,000"), or None."""
    return next((c.text for c in ctx.doc[number].children if c.dep_ in ("advmod", "quantmod")
                 and c.lower_ in ctx.lexicon.bound_closeness_words), None)


def bound_mask(col, op: str, figures: list[Quantity]):
    """Rows of ``col`` whose plain cell satisfies the bound, and the plain cells; None when
    the figures' unit does not compare with the column's."""
    first = scaled(col, figures[0])
    if first is None:
        return None
    values, low, same = first
    high = None
    if op == "between":
        second = scaled(col, figures[1])
        if second is None:
            return None
        high = second[1]
    return compare_mask(values, op, low, high, same) & plain_cells(col), plain_cells(col)


@register("number")
def bound(match, ctx: FrameContext) -> Finding | None:
    """Does the claim's row hold a figure within the bound?  None when the bound, the row or
    the column cannot be read, or the row's cell is not one plain figure."""
    values = match.slots.get("value", ())
    if len(values) == 2 and not match.slots.get("cue", ()):
        return _figure_range(ctx, values[0], values[1])
    read = read_bound(match, ctx)
    if read is None:
        return None
    op, figures, number = read
    rows = ctx.row_of(number)
    if not rows or len(rows) != 1:
        return None
    r = rows[0]
    col = ctx.column_for(figures[0] if op != "between" else figures[1], number)
    if col is None:  # "longer than 350 km" among several lengths: the adjective's attribute
        col = adjective_column(ctx, match, figures[0])
    if col is None or figures[0].unit and col.unit and figures[0].unit != col.unit \
            and not plausible(figures[0], col):
        return None  # "broadcast for more than five years" is no running time of 58 minutes
    said = figure_said_of(ctx, col, [number]) if figures[0].unit else None
    if said is False:
        return None  # "up to 67 mm *filters*": the figure measures what no column holds
    if said is None and figures[0].unit and out_of_scale(figures[0], col):
        return None  # "a retention of under 0.1 g" against a Hopper of 300-500 g: linked by
        # its unit alone, a figure far outside every cell measures another thing
    if said is None and figures[0].unit and ranged_in_family(ctx, figures[-1], r, col):
        # "carries children up to 25 kg" with a Seat weight (kg) of 9.8 and a Child weight
        # range (kg) of 9-25: the unit does not tell which the bound is of
        return None
    col = said or col  # "up to 410 metres *thick*": the column the phrase names
    if op in ("<", ">") and _graded_the_other_way(ctx, match, col):
        op = "<" if op == ">" else ">"  # "quicker than 0.5 s" of a time: under 0.5 s
    found = bound_mask(col, op, figures)
    if found is None:
        return None
    mask, plain = found
    if not plain[r]:
        return None
    holds = bool(mask[r])
    closeness = _closeness(ctx, number)
    if closeness is not None and holds and op in ("<", "<=", ">", ">="):
        # "*just* over 30,000 Ml": beyond the bound, and near it
        values, claimed, _ = scaled(col, figures[0])
        off = abs(float(values[r]) - claimed) / abs(claimed) if claimed else None
        if off is None or CLOSE_WITHIN < off <= CLOSE_FAILS_BEYOND:
            return None
        holds = off <= CLOSE_WITHIN
    said = f"{SAYS[op]} {figures[0]}".strip() + (f" and {figures[1]}" if op == "between" else "")
    if closeness is not None:
        said = f"{closeness} {said}"
    others = [int(i) for i in mask.nonzero()[0] if i != r][:2] if not holds else []
    owner = (f" ({', '.join(ctx.row_name(i) for i in others)} "
             f"{'does' if len(others) == 1 else 'do'})") if others else ""
    return Finding(holds, (r, *others),
                   f"{col.name} of {ctx.row_name(r)} is {col.raw[r]}; the text says "
                   f"{said}{owner}",
                   cells=tuple((i, col.index) for i in (r, *others)),
                   reason=Reason.BOUND_HOLDS if holds else Reason.BOUND_FAILS)


def _figure_range(ctx: FrameContext, first: int, last: int) -> Finding | None:
    """ "heats from 60 °C to 240 °C", "carries children from 9 kg to 25 kg" (frames
    figure-range*): the row's cell in the column of the figures' unit is that range ("60–240")
    from end to end.  None when the figures, the row, the column or a range cell cannot be
    read, or the figures name another thing than the column holds."""
    # each end's figure in its own phrase (the last one to the end of its preposition's,
    # where the parse may split a unit: "to 240 ° C")
    doc = ctx.doc
    ends = [ctx.linker.quantity(doc, doc[first].left_edge.i, doc[first].right_edge.i + 1),
            ctx.linker.quantity(doc, doc[last].left_edge.i, doc[last].head.right_edge.i + 1)]
    if ends[0] is None or ends[1] is None:
        return None
    (qa, a, _), (qb, b, _) = ends
    if qa.unit is None and qb.unit:
        qa = Quantity(qa.value, qb.unit)  # "from 40 to 100 °C": the unit said once
    if qa.unit is None or qa.unit != qb.unit:
        return None
    rows = ctx.row_of(a)
    if not rows or len(rows) != 1:
        return None
    r = rows[0]
    # the column whose cell of the row is a range in the figures' unit (by its cells or its
    # header: "Child weight range (kg)"), when one is; else the figure's column
    ranged = [c for c in ctx.table.columns if c.index != ctx.table.key
              and stated_unit(c) == qb.unit
              and cell_range(str(c.raw[r])) is not None]
    col = ranged[0] if len(ranged) == 1 else ctx.column_for(qb, b)
    if col is None:
        return None
    said = figure_said_of(ctx, col, [b])
    if said is False:
        return None
    col = said or col
    span = cell_range(str(col.raw[r]))
    if span is None or stated_unit(col) not in (None, qb.unit):
        return None
    low, high = min(span), max(span)
    holds = abs(low - qa.value) < 1e-9 and abs(high - qb.value) < 1e-9
    return Finding(holds, (r,), f"{col.name} of {ctx.row_name(r)} is {col.raw[r]}; the text "
                                f"says from {qa} to {qb}", cells=((r, col.index),),
                   reason=Reason.BOUND_HOLDS if holds else Reason.BOUND_FAILS)

"""Life and death: "Nicolas Poussin is dead", "John C. Taylor passed away", "Burt Reynolds
is still alive", against the row's death cell.

The frames (rules/frames/life.yaml) bind the death verb or the adjective of life or death
(``cue``) and the one it is said of (``subject``). The row's death cell is its column of the
lexicon's ``age_events`` for dying ("Died", "Death"). A record of a person that writes a
birth (``age_birth_columns``) and no death cell states an absence, as an infobox does: the
person has not died. A claim is about the row only when its subject is the row's name (a
word of it) or a pronoun; "his wife died" is not a claim about the row.
"""

from __future__ import annotations

from ..compiled import Column
from ..reasons import Reason
from ..values import norm_text
from . import Finding, register
from .attribute import column_called
from .context import FrameContext


def _column(ctx: FrameContext, names) -> Column | None:
    """The first column called one of ``names`` (its words, not a GloVe neighbour)."""
    return next(filter(None, (column_called(ctx.linker, n, ctx.table.key) for n in names)),
                None)


def _about_row(ctx: FrameContext, i: int, r: int) -> bool:
    """The subject at ``i`` is the row: a personal pronoun ("she", not "someone"), or a name
    sharing a word with the row's."""
    tok = ctx.doc[i]
    if tok.pos_ == "PRON":
        return tok.tag_ == "PRP"
    if tok.pos_ != "PROPN":
        return False
    said = set(norm_text(" ".join(t.text for t in tok.subtree)).split())
    return bool(said & set(norm_text(ctx.row_name(r)).split()))


@register("life")
def life(match, ctx: FrameContext) -> Finding | None:
    """Has the row died, as the claim says (a death verb or adjective) or denies (an
    adjective of life)?  None when the claim is not about the row, or the row writes
    neither a death cell nor a birth cell."""
    cues, subjects = match.slots.get("cue", ()), match.slots.get("subject", ())
    if len(cues) != 1 or len(subjects) != 1:
        return None
    rows = ctx.row_of(subjects[0])
    if not rows or len(rows) != 1 or not _about_row(ctx, subjects[0], rows[0]):
        return None
    r = rows[0]
    cue = ctx.doc[cues[0]]
    alive = cue.lower_ in ctx.group("life_alive_words")
    death = _column(ctx, ctx.lexicon.age_events.get("die", ()))
    if death is not None and str(death.raw[r]).strip():
        dead, cells = True, ((r, death.index),)
        why = f"{death.name} of {ctx.row_name(r)} is {death.raw[r]}"
    else:
        born = _column(ctx, sorted(ctx.lexicon.age_birth_columns))
        if born is None or not str(born.raw[r]).strip():
            return None
        dead, cells = False, ((r, born.index),)
        why = (f"{ctx.row_name(r)} has {born.name} {born.raw[r]} and no death cell, as a "
               "living person's record does")
    holds = dead != alive
    # "passed away", "is still alive" (the adverb on the copula or the adjective)
    parts = tuple(sorted({c.i for c in (*cue.children, *cue.head.children) if c.dep_ in (
        "prt", "advmod") and c.lower_ in ctx.group("life_particles")}))
    said = " ".join(ctx.doc[i].text for i in sorted((cue.i, *parts)))
    return Finding(holds, (r,), f"{why}; the text says {said}", cells=cells,
                   reason=Reason.DEATH_RECORDED if dead else Reason.NO_DEATH_RECORDED,
                   tokens=(cue.i, *parts))

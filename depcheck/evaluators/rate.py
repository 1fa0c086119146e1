"""A figure said per something another column counts: "averaged six episodes *per season*"
against No. of episodes and No. of seasons is a ratio of two columns, no cell of either.

:func:`per_other_column` tells the fact evaluator so: the figure is then not compared with
the one column's cell (18 episodes is no contradiction of six a season), and the claim is
left open.  The rate words are rules/lexicon/numbers.yaml's ``rate_prepositions``.
"""

from __future__ import annotations

from ..extract import Mention
from ..link import stem
from .context import ClaimContext


def per_other_column(ctx: ClaimContext, m: Mention) -> bool:
    """A word of the mention, or its head, has a rate preposition ("per") whose object is,
    up to its stem, a word of a numeric column's name ("season" of "No. of seasons")."""
    v = ctx.view
    rate = ctx.lexicon.rate_prepositions
    if not rate:
        return False
    holders = {*range(m.start, m.end), v.head[m.head]}
    for t in holders:
        for prep in v.children[t]:
            if v.lower[prep] not in rate:
                continue
            for noun in v.children[prep]:
                if v.dep[noun] != "pobj":
                    continue
                said = stem(v.lemma[noun])
                # a count of that something ("No. of seasons"), not a rate of it ("Price
                # per night", whose cells are the figure per night)
                if any(said in _stems(col.words) and rate.isdisjoint(col.words.split())
                       for col in ctx.table.columns
                       if col.index != ctx.table.key and col.kind == "number"):
                    return True
    return False


def _stems(words: str) -> set[str]:
    return {stem(w) for w in words.split()}

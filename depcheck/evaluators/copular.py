"""The column a copular clause equates a value with: "Anatol Visk is *the prime minister*
(of Veldania)", "*the manager* of the club is Alan Fothergill".

A name found in one column and said, by a copula, to be what another column names is
stated of that other column (DepChecker's altered attribute): :func:`copular_column` gives
that column, and the fact evaluator checks the value against its cell instead.  Only a
column the noun phrase names exactly by its own words ("prime minister", not "Chinese
food" for Food, never a GloVe neighbour) and holding text counts.
"""

from __future__ import annotations

from ..compiled import Column
from ..parse import span_text
from ..values import norm_text
from .context import ClaimContext

# the clause's other side, by the mention's own label
_OTHER_SIDE = {"nsubj": ("attr",), "nsubjpass": ("attr",), "attr": ("nsubj", "nsubjpass")}
_TEXT, _TEXT_OR_NUMBER = frozenset({"text"}), frozenset({"text", "number"})
# a copula's own complement: a preposition beside it is an adjunct ("rating is *low* at
# this coffee shop"), not the value
_COMPLEMENTS = frozenset({"attr", "acomp"})
# words before a noun that belong to its name ("prime minister", "head coach")
_NAME_DEPS = frozenset({"compound", "amod"})


def copular_column(ctx: ClaimContext, head: int) -> tuple[Column, str, float, str] | None:
    """The text column the noun on the copula's other side names, when token ``head`` (a
    mention's head) is the copula's subject or complement, or the object of a preposition
    on the copula (then a column of figures too); else None."""
    v = ctx.view
    dep, pos = v.dep, v.pos
    other = _OTHER_SIDE.get(dep[head])
    cop = v.head[head]
    kinds = _TEXT
    if dep[head] == "pobj" and dep[cop] == "prep" and v.head[cop] != cop \
            and not any(dep[c] in _COMPLEMENTS for c in v.children[v.head[cop]]):
        # "the last eruption was *in 1902*", "the premiere was in Vienna": the copula's
        # preposition states the subject's value, a figure or a date as much as a name,
        # when the copula has no complement of its own
        other, cop, kinds = _OTHER_SIDE["attr"], v.head[cop], _TEXT_OR_NUMBER
    if other is None or cop == head or v.lemma[cop] not in ctx.lexicon.copula_lemmas:
        return None
    for noun in v.children[cop]:
        if noun == head or dep[noun] not in other or pos[noun] != "NOUN":
            continue
        phrase = norm_text(span_text(ctx.doc, name_start(v, noun), noun + 1))
        found = ctx.linker.column_spelled(phrase)  # exactly: no containment, no GloVe
        if found is not None and found[0].index != ctx.table.key and found[0].kind in kinds:
            return (*found, phrase)
    return None


def name_start(v, noun: int) -> int:
    """The first token of a noun's name: the compounds and adjectives right before it that
    belong to it ("*prime* minister", "*coffee* shop")."""
    start = noun
    while start > 0 and start - 1 in v.children[noun] and v.dep[start - 1] in _NAME_DEPS:
        start -= 1
    return start

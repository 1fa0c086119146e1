"""Modifiers typed by their column: "a sleek gold finish" against color silver, "a canister
vacuum" against type upright, "8K" against the code column's "4K".

A modifier no cell holds is compared with the text column whose values it most resembles
(GloVe similarity above ``type_threshold``), or a code of letters and digits with the one
column whose cells are codes of the same shape.
"""

from __future__ import annotations

import regex

from ..compiled import Column
from ..extract import Mention
from ..report import REFUTED, SUPPORTED, UNVERIFIABLE, Link
from ..values import UNIT_OF, norm_text
from . import register
from .agreement import cell_parts, equivalent
from .attribute import names_column
from .context import DEGREE_TAGS, ClaimContext, RowRef
from .outcome import Outcome, cells

EVALUATOR = "typed"  # the name its hypotheses trace

# "X was a physicist" against occupation "mathematician": a predicate noun must resemble a
# value of the column more closely than a modifier, since it is often a hypernym ("eatery")
PREDICATE_TYPE_THRESHOLD = 0.85

# a word no table or lexicon knows as the column's value contradicts its cell only when
# it is this like one of the column's values ("physicist" and "mathematician", "indoor"
# and "outdoor"); below it the likeness is only relatedness ("musical" and "pop")
SIBLING_THRESHOLD = 0.85

_SHAPE_RUNS = regex.compile(r"\d+|[a-z]+")


def code_shape(word: str) -> str | None:
    """ "8k" -> "9a", "ipx7" -> "a9": the shape of a one-word code of letters and digits."""
    if " " in word or not any(ch.isdigit() for ch in word) or not any(
            ch.isalpha() for ch in word):
        return None
    runs = _SHAPE_RUNS.findall(word)
    if "".join(runs) != word:
        return None
    return "".join("9" if run[0].isdigit() else "a" for run in runs)


def modifies(v, i: int, head: int) -> bool:
    """Token ``i`` modifies token ``head`` directly, or through a chain of compounds
    ("Intel" of "Intel Core i9 processor"); ``v``: the parse's lists (a DocView)."""
    heads, dep = v.head, v.dep
    node = i
    while heads[node] != head:
        up = heads[node]
        if dep[node] != "compound" or up == node or dep[up] != "compound":
            return False
        node = up
    return True


_MODIFIER_DEPS = frozenset({"amod", "compound", "nmod"})
_MODIFIER_POS = frozenset({"ADJ", "NOUN", "PROPN"})


@register(EVALUATOR)
def typed_modifiers(ctx: ClaimContext, m: Mention, rest: list[int], ref: RowRef | None,
                     neg: bool = False) -> list[Outcome]:
    """Modifiers no cell holds, compared with the column whose values they resemble
    ("a sleek gold finish" against color silver; "a canister vacuum" against type
    upright): GloVe similarity to the column's values above ``type_threshold``."""
    if ref is None or ctx.linker.vectors is None:
        return []
    out = []
    r = ref.rows[0]
    v = ctx.view
    h = m.head
    dep, pos, tag = v.dep, v.pos, v.tag
    # the modifiers (or the predicate noun itself) that may be typed
    typed = [(i, i == h and dep[i] in ("attr", "oprd") and pos[i] == "NOUN") for i in rest]
    typed = [(i, predicate) for i, predicate in typed if predicate or (
        dep[i] in _MODIFIER_DEPS and pos[i] in _MODIFIER_POS and tag[i] not in DEGREE_TAGS
        and modifies(v, i, h))]
    if not typed:
        return []
    if v.lower[h] in ctx.linker.generic or v.lemma[h] in ctx.linker.generic:
        return []
    # the lemma lower-cased (the DocView's): norm_text lower-cases it anyway
    named = ctx.linker.column_named(norm_text(ctx.toks[h].text)) or ctx.linker.column_named(
        norm_text(v.lemma[h]))
    if named is not None and named[0].index != ctx.table.key and named[0].kind == "text":
        return []  # "an Intel processor": its modifiers are the processor's, compared there
    for i, predicate in typed:
        tok = ctx.toks[i]
        word = norm_text(tok.text)
        prev = ctx.toks[i - 1] if i > 0 else None
        glued = prev is not None and not prev.whitespace_ and prev.like_num
        coded = _coded_value(ctx, norm_text(prev.text + tok.text) if glued else word, r, tok)
        if coded is not None:
            out.append(coded)
            continue
        if (word in ctx.linker.generic or word in ctx.negations or names_column(ctx, word)
                or word in ctx.linker.level_words or word in ctx.lexicon.comparatives
                or word in ctx.lexicon.generic_comparatives or tok.like_num
                or word in UNIT_OF or any(ch.isdigit() for ch in word)):
            continue
        best = _resembled_column(ctx, word)
        if best is None or predicate and best[2] < PREDICATE_TYPE_THRESHOLD:
            continue  # a predicate noun is often a broader word ("an eatery"): ask more
        col, value, score = best
        holds = (equivalent(ctx, word, col, r) or word in col.norm[r].split()) != neg
        if not holds and score < ctx.linker.threshold and len(cell_parts(col.raw[r])) > 1:
            # a list ("Nu metal, rap metal") is not contradicted by a word that only
            # resembles its items ("music", "business"): no contradiction
            out.append(Outcome(EVALUATOR,
                UNVERIFIABLE, "value not comparable",
                f"{col.name} of {ctx.table.row_name(r)} is {col.raw[r]}; {tok.text!r} only "
                f"resembles its values ({score:.2f})",
                Link(tok.text, col.name, "glove-type", score, col.name)))
            continue
        if not holds and score < SIBLING_THRESHOLD and not ctx.closed_world \
                and not _known_value(ctx, word, col, r):
            # a word that only resembles the column's values ("musical" like "pop", "royal"
            # like "British") is no value of it, unless the table is the complete spec
            # sheet (closed world: what it does not list is false): a claim left unchecked
            out.append(Outcome(EVALUATOR,
                UNVERIFIABLE, "value not comparable",
                f"{col.name} of {ctx.table.row_name(r)} is {col.raw[r]}; {tok.text!r} only "
                f"resembles its values ({score:.2f}) and is none of them",
                Link(tok.text, col.name, "glove-type", score, col.name),
                details={"tokens": [tok.i]}))
            continue
        out.append(Outcome(EVALUATOR,
            SUPPORTED if holds else REFUTED, "value matches" if holds else "value differs",
            f"{col.name} of {ctx.table.row_name(r)} is {col.raw[r]}; the text says {tok.text}",
            Link(tok.text, col.name, "glove-type", score, col.name),
            Link(tok.text, value, "glove-type", score, col.name, r),
            cells(col, (r,)), [col.name], {"tokens": [tok.i]}))
    return out


def _known_value(ctx: ClaimContext, word: str, col: Column, r: int) -> bool:
    """The word is a value of the column in this table or in its catalog's tables, or the
    lexicon knows both it and the row's cell as values ("French" and "British" among
    the demonyms of rules/lexicon/demonyms.yaml)."""
    if word in col.dictionary or word in ctx.linker.domains.values.get(col.words, ()):
        return True
    known = _lexicon_values(ctx.lexicon)
    return word in known and any(part in known for part in cell_parts(col.norm[r]))


def _lexicon_values(lexicon) -> frozenset[str]:
    """Every value the lexicon's value synonyms spell, built once per lexicon."""
    return lexicon.derived("typed.lexicon_values", lambda lx: frozenset(
        norm_text(w) for group in lx.value_synonyms for w in group))


def _coded_value(ctx: ClaimContext, word: str, r: int, tok) -> Outcome | None:
    """A code such as "8K", "1080p", "IPX7" against the one column whose cells are codes
    of the same shape (digits and letters in the same order): "8K" vs "4K"."""
    shape = code_shape(word)
    if shape is None:
        return None
    cols = [c for c in ctx.table.columns if c.kind != "bool" and c.index != ctx.table.key
            and any(code_shape(v) == shape for v in c.dictionary)]
    if len(cols) != 1:
        return None
    col = cols[0]
    holds = word in col.norm[r].split()
    said = word.upper() if tok.text.isupper() else word
    return Outcome(EVALUATOR, SUPPORTED if holds else REFUTED,
                   "value matches" if holds else "value differs",
                   f"{col.name} of {ctx.table.row_name(r)} is {col.raw[r]}; "
                   f"the text says {said}",
                   Link(said, col.name, "code-shape", 0.9, col.name),
                   Link(said, col.raw[r], "code-shape", 0.9, col.name, r),
                   cells(col, (r,)), [col.name])


def _resembled_column(ctx: ClaimContext, word: str) -> tuple[Column, str, float] | None:
    """The text column (not the key) whose values are most like the word."""
    key = ("resembled", word)
    if key not in ctx.linker.memo:
        ctx.linker.memo[key] = _most_resembled(ctx, word)
    return ctx.linker.memo[key]


def _known_values(ctx: ClaimContext, col: Column) -> list[str]:
    """The one-word values of a column and of its catalog domain that the vectors know,
    sorted: a function of the table, the catalog and the vectors, kept in the linker's
    memo (which they key) and read by every new word's comparison."""
    key = ("resembled.values", col.index)
    found = ctx.linker.memo.get(key)
    if found is None:
        found = ctx.linker.memo[key] = sorted(
            v for v in set(col.dictionary) | ctx.linker.domains.values.get(col.words, set())
            if " " not in v and v in ctx.linker.vectors)
    return found


def _prepared_values(ctx: ClaimContext, col: Column):
    """A column's known values (``_known_values``) with their vectors stacked for
    ``Vectors.best_among``: kept in the linker's memo beside them."""
    key = ("resembled.prepared", col.index)
    found = ctx.linker.memo.get(key)
    if found is None:
        values = _known_values(ctx, col)
        found = ctx.linker.memo[key] = (values, ctx.linker.vectors.prepare(values))
    return found


def _most_resembled(ctx: ClaimContext, word: str) -> tuple[Column, str, float] | None:
    best = None
    vectors = ctx.linker.vectors
    for col in ctx.table.columns:
        if col.index == ctx.table.key or col.kind != "text":
            continue
        values, prepared = _prepared_values(ctx, col)
        i, score = vectors.best_among(word, prepared)
        if i >= 0 and score >= ctx.type_threshold and (best is None or score > best[2]):
            best = (col, values[i], score)
    return best

"""Value agreement: whether a claimed value and a cell say the same thing.

Equal up to synonyms, levels ("expensive" = "high") and the parts of a multi-valued cell;
similar (a shared word, or GloVe similarity above the linker's threshold); comparable (values
of one kind, so a difference is a contradiction).  Decides no hypothesis itself.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from ..compiled import Column
from ..values import norm_text
from .context import ClaimContext
from .level import level


def cell_parts(raw: str) -> list[str]:
    parts = [norm_text(raw)]
    if ";" in raw or ", " in raw:
        parts += [norm_text(p) for p in raw.replace(";", ", ").split(", ")]
    return [p for p in parts if p]


def equivalent(ctx: ClaimContext, claimed: str, col: Column, r: int) -> bool:
    """Claimed value equals the cell, or one value of a multi-valued cell, up to synonyms
    and levels ("expensive" = "high", "low" = "1 out of 5")."""
    return any(_same(ctx, claimed, part, col) for part in cell_parts(col.raw[r]))


def _same(ctx: ClaimContext, claimed: str, cell: str, col: Column | None = None) -> bool:
    if not cell:
        return False
    if claimed == cell or claimed in ctx.linker.synonyms.get(cell, ()):
        return True
    level_claim, level_cell = level(ctx, claimed), level(ctx, cell, col)
    if level_claim is not None and level_cell is not None and level_claim == level_cell:
        return True
    return f" {claimed} " in f" {cell} " and len(claimed) > 3


def states_absence(lexicon, cell: str) -> bool:
    """A normalized cell that says the row has nothing of the column: empty, "no", "none",
    or written out ("not available", "not included"): the lexicon's ``empty_cells`` and
    ``absent_cells``."""
    return cell in lexicon.empty_cells or cell in lexicon.absent_cells


def comparable_values(ctx: ClaimContext, claimed: str, col: Column, r: int) -> bool:
    """A word against a number or range ("cheap" vs "less than £20") cannot be judged."""
    cell_digits = any(ch.isdigit() for ch in col.raw[r])
    claim_digits = any(ch.isdigit() for ch in claimed)
    if cell_digits == claim_digits:
        return True
    return level(ctx, claimed) is not None and level(ctx, col.raw[r].lower(), col) is not None


def similar(ctx: ClaimContext, claimed: str, cell: str) -> bool:
    if not cell:
        return False
    said, found = set(claimed.split()), set(cell.split())
    if said and (said <= found or found <= said):
        return True  # "Tarantino" of "Quentin Tarantino"; "Jimmy Black" is not "Jimmy Page"
    v = ctx.linker.vectors
    return v is not None and v.similarity(claimed, cell) >= ctx.linker.threshold


SPELLING_RATIO = 0.85  # two spellings of one word at least this alike (difflib's ratio)
SPELLING_MIN = 5  # letters of each word for a spelling to vary


def spelled_alike(claimed: str, col: Column, r: int) -> bool:
    """A name written with a slip ("Gauri Sinde" for the cell's "Gauri Shinde"): as many
    words as a part of the cell, one of them the same, each other one alphabetic, of
    ``SPELLING_MIN`` letters or more, at most a letter longer or shorter and
    ``SPELLING_RATIO`` alike.  "Aero Lite" is no spelling of "Aero Life" (short words), nor
    "Owen Finch" of "Owen Fitch", "Mira Castellano" of "Mira Castell" or "Jimmy Black" of
    "Jimmy Page"."""
    said = claimed.split()
    for part in cell_parts(col.raw[r]):
        found = part.split()
        if len(found) != len(said) or found == said:
            continue
        pairs = list(zip(said, found, strict=True))
        if any(a == b for a, b in pairs) and all(a == b or _slip(a, b) for a, b in pairs):
            return True
    return False


def _slip(a: str, b: str) -> bool:
    """Two spellings of one word: alphabetic, long, a letter apart in length, alike."""
    return a.isalpha() and b.isalpha() and min(len(a), len(b)) >= SPELLING_MIN \
        and abs(len(a) - len(b)) <= 1 and SequenceMatcher(None, a, b).ratio() >= SPELLING_RATIO


def comparable_kind(ctx: ClaimContext, claimed: str, col: Column) -> bool:
    """Claimed and found are values of one kind (so a difference is a contradiction)."""
    if level(ctx, claimed) is not None and any(
            level(ctx, v, col) is not None for v in col.dictionary):
        return True
    known = set(col.dictionary) | ctx.linker.domains.values.get(col.words, set())
    if claimed in known:
        return True
    v = ctx.linker.vectors
    if v is None:
        return False
    best = max((v.similarity(claimed, k) for k in known), default=0.0)
    return best >= ctx.linker.threshold

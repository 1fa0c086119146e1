"""Needleman-Wunsch merging of path rules, pairwise and progressive (a cluster at once).

Aligning ABCD with ACE keeps matches, turns a gap into a starred step and a mismatch into a
choice: ``A B* C (D|E)``.  :func:`nw_merge` works on any sequences given a ``combine`` (for
mismatches) and a ``star`` (for gaps); :func:`merge_paths` and :func:`msa_merge` apply it to
path parts, where a step is ``[<]arc[:test][*]``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

MATCH, MISMATCH, GAP = 2, -1, -1


def nw_align(a: Sequence[str], b: Sequence[str]) -> tuple[int, list[tuple[str | None, str | None]]]:
    """Global alignment score and the aligned pairs (None marks a gap)."""
    n, m = len(a), len(b)
    score = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        score[i][0] = i * GAP
    for j in range(1, m + 1):
        score[0][j] = j * GAP
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            diag = score[i - 1][j - 1] + (MATCH if a[i - 1] == b[j - 1] else MISMATCH)
            score[i][j] = max(diag, score[i - 1][j] + GAP, score[i][j - 1] + GAP)
    pairs: list[tuple[str | None, str | None]] = []
    i, j = n, m
    while i or j:  # ties prefer diagonal, then a gap in b: deterministic
        if i and j and score[i][j] == score[i - 1][j - 1] + (
                MATCH if a[i - 1] == b[j - 1] else MISMATCH):
            pairs.append((a[i - 1], b[j - 1]))
            i, j = i - 1, j - 1
        elif i and score[i][j] == score[i - 1][j] + GAP:
            pairs.append((a[i - 1], None))
            i -= 1
        else:
            pairs.append((None, b[j - 1]))
            j -= 1
    return score[n][m], pairs[::-1]


def _choice(a: str, b: str) -> str:
    alts = sorted(set(_alternatives(a)) | set(_alternatives(b)))
    return alts[0] if len(alts) == 1 else "(" + "|".join(alts) + ")"


def _alternatives(x: str) -> list[str]:
    return x[1:-1].split("|") if x.startswith("(") and x.endswith(")") else [x]


def nw_merge(a: Sequence[str], b: Sequence[str],
             combine: Callable[[str, str], str | None] = _choice,
             star: Callable[[str], str] = lambda x: x if x.endswith("*") else x + "*",
             ) -> list[str] | None:
    """Merged sequence (match keep, gap → star, mismatch → combine), or None if incompatible."""
    _, pairs = nw_align(a, b)
    out = []
    for x, y in pairs:
        if x is None or y is None:
            out.append(star(x if y is None else y))
        elif x == y:
            out.append(x)
        else:
            merged = combine(x, y)
            if merged is None:
                return None
            out.append(merged)
    return out


def split_step(step: str) -> tuple[bool, str, str | None, bool]:
    """(up, arc, test, star) of one path step."""
    up = step.startswith("<")
    body = step[1:] if up else step
    star = body.endswith("*")
    body = body[:-1] if star else body
    arc, _, test = body.partition(":")
    return up, arc, test or None, star


def join_step(up: bool, arc: str, test: str | None, star: bool) -> str:
    return ("<" if up else "") + arc + (f":{test}" if test else "") + ("*" if star else "")


def combine_steps(x: str, y: str) -> str | None:
    """One step standing for both, or None when they move in opposite directions."""
    ux, ax, tx, sx = split_step(x)
    uy, ay, ty, sy = split_step(y)
    if ux != uy:
        return None
    arc = "." if "." in (ax, ay) else _choice(ax, ay)
    test = _choice(tx, ty) if tx and ty and "." not in (tx, ty) else None
    return join_step(ux, arc, test, sx or sy)


def combine_anchor(x: str, y: str) -> str:
    return "." if "." in (x, y) else _choice(x, y)


def merge_paths(a: Sequence[str], b: Sequence[str]) -> tuple[str, ...] | None:
    """Merge two paths (anchor test first): anchors by choice, steps by alignment."""
    if len(a) == 1 and len(b) == 1:  # two anchor tests ("PROPN" and "shop"): one choice
        return (combine_anchor(a[0], b[0]),)
    steps = nw_merge(a[1:], b[1:], combine=combine_steps,
                     star=lambda s: join_step(*split_step(s)[:3], True))
    if steps is None or not steps:
        return None
    return (combine_anchor(a[0], b[0]), *steps)


def path_score(a: Sequence[str], b: Sequence[str]) -> int:
    """How closely two paths align (higher is closer); anchors count as one position."""
    return nw_align(list(a), list(b))[0]


def msa_merge(paths: list[Sequence[str]]) -> tuple[str, ...] | None:
    """Progressive multiple alignment: merge the closest pair, then fold in the rest by score."""
    if not paths:
        return None
    rest = [tuple(p) for p in paths]
    if len(rest) == 1:
        return rest[0]
    best = max((path_score(rest[i], rest[j]), i, j) for i in range(len(rest))
                for j in range(i + 1, len(rest)))
    _, i, j = best
    profile = merge_paths(rest[i], rest[j])
    rest = [p for k, p in enumerate(rest) if k not in (i, j)]
    while profile is not None and rest:
        rest.sort(key=lambda p: (-path_score(profile, p), p))
        profile = merge_paths(profile, rest.pop(0))
    return profile


def fuse_exact(a: Sequence[str], b: Sequence[str]) -> tuple[str, ...] | None:
    """One path matching exactly what ``a`` or ``b`` matches, or None.

    Two paths that differ at one position only fuse by a choice there: anchors always
    (``NOUN nummod`` + ``PROPN nummod`` -> ``(NOUN|PROPN) nummod``); a plain step when only
    its arc or only its token test differs (``. dobj:NOUN`` + ``. dobj:PROPN`` ->
    ``. dobj:(NOUN|PROPN)``).  A starred step never fuses (``(a|b)*`` matches more than
    ``a*`` and ``b*`` together), nor a ``.`` (it already matches everything).
    """
    if len(a) != len(b):
        return None
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if len(diff) != 1:
        return None
    i = diff[0]
    x, y = a[i], b[i]
    if i == 0:
        return None if "." in (x, y) else (_choice(x, y), *a[1:])
    ux, ax, tx, sx = split_step(x)
    uy, ay, ty, sy = split_step(y)
    if ux != uy or sx or sy:
        return None
    if ax == ay and tx and ty and "." not in (tx, ty):
        step = join_step(ux, ax, _choice(tx, ty), False)
    elif tx == ty and "." not in (ax, ay):
        step = join_step(ux, _choice(ax, ay), tx, False)
    else:
        return None
    return (*a[:i], step, *a[i + 1:])

"""Checks shared by the compile tests: the bulk readings of many texts are each text's own."""

from __future__ import annotations

import math

from depcheck.programs.cells import DEFAULT_YEAR, _lines_readings, date_parts, first_number


def same_number(a: float, b: float) -> bool:
    """Equal, or both not a number."""
    return a == b or (math.isnan(a) and math.isnan(b))


def reads_as_each(texts: list[str]) -> None:
    """The first numbers and date parts read from ``texts`` at once are those of each text
    read alone (``first_number``, ``date_parts``)."""
    number, month, year, month_num, day = _lines_readings(texts)
    assert all(same_number(a, first_number(t)) for a, t in zip(number, texts, strict=True))
    parts = [date_parts(t) for t in texts]
    assert month.tolist() == [p[1] is not None for p in parts]
    assert year.tolist() == [p[0] or DEFAULT_YEAR for p in parts]
    assert month_num.tolist() == [p[1] or 1 for p in parts]
    assert day.tolist() == [p[2] or 1 for p in parts]

"""TabFact-style programs over any table: syntax, typed functions, search, ranking, verdicts.

Entry points: :func:`program_hypothesis` (search, rank, verdict with utterance and cell
provenance) and :func:`row_hypothesis` (the per-row baseline).
"""

from .hypothesis import program_hypothesis, row_hypothesis

__all__ = ["program_hypothesis", "row_hypothesis"]

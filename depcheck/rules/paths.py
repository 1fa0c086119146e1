"""Dependency-path rules: a small syntax that reads like the DepChecker paper's Table 2.

A path is whitespace-separated steps.  The first step tests the anchor token; each later
step moves along one dependency arc and may test the token it reaches.

    have dobj conj*            anchor lemma "have", down a dobj arc, then any number of conj arcs
    NOUN poss                  anchor with POS NOUN that has a poss child (capture the anchor)
    (be|seem) (attr|acomp)     anchor lemma be or seem, down attr or acomp
    <pobj <prep:near           up from a pobj to its head, then up a prep arc to "near"
    . amod:ADJ                 any anchor, down an amod arc to an ADJ

Token tests: a lower-case word is a lemma, an UPPER-CASE word a coarse POS (NOUN, ADJ ...)
or a fine tag (NN, JJR ...), ``.`` is any token, ``(a|b)`` is a choice.  Arc labels: a label,
``(a|b)``, or ``.`` for any; ``<`` in front walks up to the head instead of down; ``*``
after a step repeats it zero or more times.  ``label:TEST`` tests the token the arc reaches.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

import regex
from spacy.attrs import (
    DEP,
    HEAD,
    IDX,
    IS_ALPHA,
    IS_PUNCT,
    IS_STOP,
    IS_TITLE,
    LEMMA,
    LENGTH,
    LIKE_NUM,
    LOWER,
    ORTH,
    POS,
    SENT_START,
    SPACY,
    TAG,
)

from ..parse import per_parse

UNIVERSAL_POS = {"ADJ", "ADP", "ADV", "AUX", "CCONJ", "DET", "INTJ", "NOUN", "NUM", "PART",
                 "PRON", "PROPN", "PUNCT", "SCONJ", "SYM", "VERB", "X"}
# spaCy's English dependency labels (ClearNLP style), the arcs a path may name
DEP_LABELS = {"acl", "acomp", "advcl", "advmod", "agent", "amod", "appos", "attr", "aux",
              "auxpass", "case", "cc", "ccomp", "compound", "conj", "csubj", "csubjpass",
              "dative", "dep", "det", "dobj", "expl", "intj", "mark", "meta", "neg", "nmod",
              "npadvmod", "nsubj", "nsubjpass", "nummod", "oprd", "parataxis", "pcomp", "pobj",
              "poss", "preconj", "predet", "prep", "prt", "punct", "quantmod", "relcl", "root",
              "xcomp"}
_STEP = regex.compile(r"^(?P<up><)?(?P<arc>\.|[a-z]+|\((?:[a-z]+\|)*[a-z]+\))"
                      r"(?::(?P<test>[^*]+))?(?P<star>\*)?$")
_TEST = regex.compile(r"^(?:\.|[A-Za-z$][\w$-]*|\((?:[\w$-]+\|)*[\w$-]+\))$")


class PathSyntaxError(ValueError):
    """A path that cannot be compiled; the message says which step and why."""


@dataclass(frozen=True)
class TokenTest:
    lemmas: frozenset[str] = frozenset()
    pos: frozenset[str] = frozenset()
    tags: frozenset[str] = frozenset()
    # no test at all ("."): read on every step of every walk, so kept, not recomputed
    is_any: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_any", not (self.lemmas or self.pos or self.tags))

    def __call__(self, tok) -> bool:
        if self.is_any:
            return True
        return (tok.lemma_.lower() in self.lemmas or tok.lower_ in self.lemmas
                or tok.pos_ in self.pos or tok.tag_ in self.tags)

    def at(self, view: DocView, i: int) -> bool:
        """The same test on token ``i`` of a prepared view (no Token objects made)."""
        if self.is_any:
            return True
        return (view.lemma[i] in self.lemmas or view.lower[i] in self.lemmas
                or view.pos[i] in self.pos or view.tag[i] in self.tags)


@dataclass(frozen=True)
class Step:
    up: bool
    labels: frozenset[str] | None  # None: any arc
    star: bool
    test: TokenTest


@dataclass(frozen=True)
class CompiledPath:
    source: str
    anchor: TokenTest
    steps: tuple[Step, ...]

    @property
    def n_nodes(self) -> int:
        return 1 + len(self.steps)


def _alternatives(text: str) -> list[str]:
    return text[1:-1].split("|") if text.startswith("(") else [text]


def parse_test(text: str) -> TokenTest:
    if not _TEST.match(text):
        raise PathSyntaxError(f"bad token test {text!r} (a lemma, a POS or tag, '.' or (a|b))")
    if text == ".":
        return TokenTest()
    lemmas, pos, tags = set(), set(), set()
    for alt in _alternatives(text):
        if alt in UNIVERSAL_POS:
            pos.add(alt)
        elif alt.isupper() or alt in {"$", "``", "''"}:
            tags.add(alt)
        else:
            lemmas.add(alt.lower())
    return TokenTest(frozenset(lemmas), frozenset(pos), frozenset(tags))


def compile_path(source: str, max_nodes: int = 8) -> CompiledPath:
    """Compile a path string, or raise :class:`PathSyntaxError` naming the bad step."""
    parts = source.split()
    if not parts:
        raise PathSyntaxError("empty path")
    if len(parts) > max_nodes:
        raise PathSyntaxError(f"path has {len(parts)} nodes, the limit is {max_nodes} "
                              "(split the rule or raise max_rule_nodes)")
    anchor = parse_test(parts[0])
    steps = []
    for i, part in enumerate(parts[1:], start=2):
        m = _STEP.match(part)
        if not m:
            raise PathSyntaxError(f"step {i} {part!r} is not 'label', '(a|b)', '<label', "
                                  "'.', optionally ':TEST' and '*'")
        arc = m["arc"]
        labels = None if arc == "." else frozenset(_alternatives(arc))
        unknown = sorted((labels or set()) - DEP_LABELS)
        if unknown:
            raise PathSyntaxError(f"step {i} names unknown dependency label(s) {unknown}")
        test = parse_test(m["test"]) if m["test"] else TokenTest()
        steps.append(Step(up=bool(m["up"]), labels=labels, star=bool(m["star"]), test=test))
    if steps and all(s.star for s in steps) and anchor.is_any:
        raise PathSyntaxError("a path of only starred steps from '.' matches every token")
    return CompiledPath(source=source, anchor=anchor, steps=tuple(steps))


class DocView:
    """A parse as plain lists, made once per text: path matching then walks integers."""

    __slots__ = ("lemma", "lemma_text", "lower", "pos", "tag", "dep", "head", "children",
                 "like_num", "is_alpha", "is_title", "is_stop", "is_punct", "sent_start",
                 "sent_end", "text_offsets")

    def __init__(self, doc) -> None:
        n = len(doc)
        # one array read for every attribute; hashes become strings through a shared memo
        # (the same few hundred tags, labels and words recur), not through Token objects
        arr = doc.to_array(_VIEW_ATTRS).astype("int64")
        cols = arr.T.tolist() if n else [[] for _ in _VIEW_ATTRS]
        (lemma, lower, pos, tag, dep, heads, like_num, is_alpha, is_title, starts_flag,
         idx, length, orth, space, is_stop, is_punct) = cols
        strings = doc.vocab.strings
        # the text and each token's character offsets (``parse.text_offsets``), from the
        # same read: the text is the words and their spaces, as ``Doc.text`` joins them
        words = _strings_of(strings, orth, _STRINGS, _string)
        text = "".join([w + " " if sp else w for w, sp in zip(words, space, strict=True)])
        self.text_offsets = (text, idx, [a + k for a, k in zip(idx, length, strict=True)])
        self.like_num = list(map(bool, like_num))
        self.is_alpha = list(map(bool, is_alpha))
        self.is_title = list(map(bool, is_title))
        self.is_stop = list(map(bool, is_stop))
        self.is_punct = list(map(bool, is_punct))
        # per token, the first token of its sentence (``Token.sent.start``: the last token
        # at or before it whose sent_start is 1, else the first), and the token after its
        # sentence's last (``Token.sent.end``); most statements are one sentence
        if 1 not in starts_flag[1:]:
            self.sent_start, self.sent_end = [0] * n, [n] * n
        else:
            self.sent_start = sent = []
            first = 0
            for i, x in enumerate(starts_flag):
                if x == 1:
                    first = i
                sent.append(first)
            self.sent_end = ends = [n] * n
            for i in range(n - 2, -1, -1):
                ends[i] = i + 1 if sent[i + 1] == i + 1 else ends[i + 1]
        self.lemma = _strings_of(strings, lemma, _LOWERED, _lowered)  # lower-cased
        self.lemma_text = _strings_of(strings, lemma, _STRINGS, _string)  # as spaCy has it
        self.lower = _strings_of(strings, lower, _STRINGS, _string)
        self.pos = _strings_of(strings, pos, _STRINGS, _string)
        self.tag = _strings_of(strings, tag, _STRINGS, _string)
        self.dep = _strings_of(strings, dep, _STRINGS, _string)
        # relative head offsets (stored unsigned, hence the int64 cast)
        self.head = [i + h for i, h in enumerate(heads)]
        self.children: list[list[int]] = [[] for _ in range(n)]
        for i, h in enumerate(self.head):
            if h != i:
                self.children[h].append(i)


_VIEWS: dict[int, tuple[object, DocView]] = {}


def doc_view(doc) -> DocView:
    """The DocView of a parsed text, made once for every step that reads it (the path
    rules, the evaluators, the verdict's coverage)."""
    hit = _VIEWS.get(id(doc))  # per_parse's own look-up, inline: read very often
    return hit[1] if hit is not None and hit[0] is doc else per_parse(_VIEWS, doc, DocView)


def hyphen_joined(view: DocView, i: int) -> bool:
    """Tokens ``i``, ``i + 1`` and ``i + 2`` are one hyphenated word ("all-wheel"): a hyphen
    between two tokens, written without spaces."""
    _, starts, ends = view.text_offsets
    return i + 2 < len(starts) and view.tag[i + 1] == "HYPH" \
        and ends[i] == starts[i + 1] and ends[i + 1] == starts[i + 2]


_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "expl"})
_PAST_TAGS = frozenset({"VBD", "VBN"})  # the past tense and the past participle


def planned_at(view: DocView, lexicon, i: int) -> bool:
    """:meth:`FrameContext.planned` on the parse's lists ``view``: the verb at token ``i``
    has a future auxiliary, or is the complement of a plan head (the lexicon's
    future_auxiliaries and plan_heads)."""
    kids, dep = view.children[i], view.dep
    if any(dep[c] == "aux" and view.lower[c] in lexicon.future_auxiliaries
           and not any(dep[k] in _SUBJECT_DEPS and k > c for k in kids) for c in kids):
        return True  # (not a name's "Will" before the verb's subject: "Will Power is ...")
    head = view.head[i]
    # ("its *plans* to open": the complement of the noun, too)
    return view.dep[i] in ("xcomp", "acl") and head != i \
        and view.lemma[head] in lexicon.plan_heads


def definite_dets(view: DocView, lexicon, i: int) -> list[int]:
    """The definite determiners of noun ``i`` ("*the* opera"): the lexicon's articles that
    are not indefinite."""
    definite = lexicon.derived("paths.definite_articles", lambda lx: frozenset(
        lx.articles) - frozenset(lx.indefinite_articles))
    return [c for c in view.children[i] if view.dep[c] == "det" and view.lower[c] in definite]


def in_a_plan(view: DocView, lexicon, i: int) -> bool:
    """Token ``i`` lies in a clause whose verb, or a verb above it, is still to come
    (:func:`planned_at`), or is a plan head itself, not in the past: "is expected to pass
    *150,000* by 2022", "will pay for a park opening in *2020*", "is aiming for *250*"."""
    seen = set()
    while i not in seen:
        seen.add(i)
        if view.pos[i] in ("VERB", "AUX"):
            if planned_at(view, lexicon, i) and view.lemma[i] not in lexicon.non_claim_words:
                return True  # (not a framing verb's: "you *will find* a 5-star hotel")
            if view.lemma[i] in lexicon.plan_heads and view.tag[i] not in _PAST_TAGS:
                return True  # "is *aiming* for 250", "*expects* 200 visitors": what the plan
                # is for (not a past "*set* a record of 45")
            if view.dep[i] in ("relcl", "ccomp", "advcl") or any(
                    view.dep[k] in _SUBJECT_DEPS for k in view.children[i]):
                return False  # a clause of its own ("which teaches 720 pupils")
        i = view.head[i]
    return False


def own_clause(view: DocView, c: int) -> bool:
    """Token ``c`` heads a clause coordinated with another that has its own subject."""
    return view.dep[c] == "conj" and view.pos[c] in ("VERB", "AUX") and any(
        view.dep[k] in ("nsubj", "nsubjpass", "expl") for k in view.children[c])


def clause_head(view: DocView, i: int) -> int:
    """The head of token ``i``'s clause: a coordinated verb with a subject of its own
    ("..., and *both* are grey"), or the sentence's root."""
    while not own_clause(view, i) and view.head[i] != i:
        i = view.head[i]
    return i


def token_span(view: DocView, a: int, b: int) -> tuple[int, int] | None:
    """The tokens of characters ``a``..``b - 1`` as a range [start, end), as
    ``Doc.char_span(a, b, alignment_mode="expand")`` finds them (a token's trailing space
    is its own; a start on that space begins at the next token), without the Span; None
    where char_span gives None."""
    text, starts, ends = view.text_offsets
    n = len(text)
    first = bisect_right(starts, a) - 1
    last = bisect_right(starts, b - 1) - 1
    if first < 0 or a >= n or last < 0 or b - 1 >= n:
        return None
    if a == ends[first]:
        first += 1
    return first, last + 1


def span_root(view: DocView, start: int, end: int) -> int:
    """``Span.root`` of the tokens [start, end) (``start < end``), from the parse's lists:
    a sentence root among them, else the first with the fewest arcs to its root, among
    those whose head is outside (a punctuation mark or space without children counts as
    farthest)."""
    head = view.head
    for i in range(start, end):
        if head[i] == i:
            return i
    n = len(head)
    best, root = n, -1
    for i in range(start, end):
        if start <= head[i] < end:
            continue
        if not view.children[i] and (view.is_punct[i] or view.lower[i].isspace()):
            words = n - 1
        else:
            words, j = 0, i
            while head[j] != j and words < n:
                j = head[j]
                words += 1
        if words < best:
            best, root = words, i
    return start if root < 0 else root


# (as spaCy's attribute ids: to_array then looks up no names)
_VIEW_ATTRS = [LEMMA, LOWER, POS, TAG, DEP, HEAD, LIKE_NUM, IS_ALPHA, IS_TITLE, SENT_START,
               IDX, LENGTH, ORTH, SPACY, IS_STOP, IS_PUNCT]
_STRINGS: dict[int, str] = {}
_LOWERED: dict[int, str] = {}


def _string(strings, key: int) -> str:
    """The string of a hash (``to_array`` gives int64; the StringStore wants uint64)."""
    found = _STRINGS.get(key)
    if found is None:
        if len(_STRINGS) > 200_000:
            _STRINGS.clear()
        found = strings[key & 0xFFFFFFFFFFFFFFFF] if key else ""
        _STRINGS[key] = found
    return found


def _strings_of(strings, keys: list[int], memo: dict[int, str], read) -> list[str]:
    """The strings of hashes: from ``memo`` in one pass (most are there), the rest through
    ``read`` (``_string`` or ``_lowered``, which fill it)."""
    out = list(map(memo.get, keys))
    if None in out:
        out = [x if x is not None else read(strings, k) for x, k in zip(out, keys, strict=True)]
    return out


def _lowered(strings, key: int) -> str:
    found = _LOWERED.get(key)
    if found is None:
        if len(_LOWERED) > 200_000:
            _LOWERED.clear()
        found = _string(strings, key).lower()
        _LOWERED[key] = found
    return found


def _moves_ids(view: DocView, i: int, step: Step):
    if step.up:
        h = view.head[i]
        if h != i and (step.labels is None or view.dep[i] in step.labels):
            yield h
        return
    for c in view.children[i]:
        if step.labels is None or view.dep[c] in step.labels:
            yield c


def walk_ids(path: CompiledPath, view: DocView, anchor: int, limit: int = 64) -> list[int]:
    """Token indices reached from ``anchor`` by following every step of the path."""
    frontier = [anchor]
    head, dep, children = view.head, view.dep, view.children
    for step in path.steps:
        reached: dict[int, None] = {}
        test = None if step.test.is_any else step.test
        if step.star:
            reached.update(dict.fromkeys(frontier))
            stack = list(frontier)
            while stack and len(reached) < limit:
                for nxt in _moves_ids(view, stack.pop(), step):
                    if nxt not in reached and (test is None or test.at(view, nxt)):
                        reached[nxt] = None
                        stack.append(nxt)
        else:
            labels = step.labels
            for i in frontier:  # one arc: the moves of _moves_ids, inline
                if step.up:
                    h = head[i]
                    if h != i and (labels is None or dep[i] in labels) \
                            and (test is None or test.at(view, h)):
                        reached[h] = None
                    continue
                for c in children[i]:
                    if (labels is None or dep[c] in labels) \
                            and (test is None or test.at(view, c)):
                        reached[c] = None
        frontier = list(reached)[:limit]
        if not frontier:
            return []
    return frontier


def _moves(tok, step: Step):
    if step.up:
        if tok.head.i != tok.i and (step.labels is None or tok.dep_ in step.labels):
            yield tok.head
        return
    for child in tok.children:
        if step.labels is None or child.dep_ in step.labels:
            yield child


def walk(path: CompiledPath, anchor, limit: int = 64) -> list:
    """Tokens reached from ``anchor`` by following every step (the path's end tokens)."""
    frontier = [anchor]
    for step in path.steps:
        reached: dict[int, object] = {}
        if step.star:
            stack = list(frontier)
            for t in frontier:
                reached[t.i] = t
            while stack and len(reached) < limit:
                t = stack.pop()
                for nxt in _moves(t, step):
                    if nxt.i not in reached and step.test(nxt):
                        reached[nxt.i] = nxt
                        stack.append(nxt)
        else:
            for t in frontier:
                for nxt in _moves(t, step):
                    if step.test(nxt):
                        reached[nxt.i] = nxt
        frontier = list(reached.values())[:limit]
        if not frontier:
            return []
    return frontier

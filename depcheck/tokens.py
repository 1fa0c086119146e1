"""A parse as plain Python objects, made once per text, for the checker's hot paths.

spaCy's ``Doc`` builds a new ``Token`` object on every ``doc[i]``, ``token.head`` and
``token.children``, and every string attribute (``dep_``, ``lower_`` ...) is a lookup in
the string store.  The checker reads the same few tokens hundreds of times per statement,
so that cost was a large share of its time.  :func:`token_view` reads the parse once
(``Doc.to_array``, one column per attribute) into :class:`Tok` objects with plain
attributes, linked to each other (``head``, ``children``), behind a :class:`TokDoc` that
answers the parts of the ``Doc`` / ``Span`` / ``Token`` interface the checker uses.

There is exactly one ``Tok`` per position, so identity is positional equality.  Anything
not read here (``morph``, ``vector`` ...) falls through to the spaCy object, which stays
available as ``TokDoc.doc`` / ``Tok.token``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

_ATTRS = ["IDX", "LENGTH", "LEMMA", "LOWER", "POS", "TAG", "DEP", "HEAD", "SHAPE",
          "SENT_START", "LIKE_NUM", "IS_PUNCT", "IS_SPACE", "IS_STOP", "IS_ALPHA", "IS_DIGIT",
          "IS_TITLE", "IS_UPPER", "SPACY", "ENT_TYPE", "NORM"]
_STRINGS: dict[int, str] = {}


def _string(strings: Any, key: int) -> str:
    """The string of a hash, through a memo shared by all parses (tags, labels and words
    recur); ``to_array`` gives int64, the string store wants uint64."""
    found = _STRINGS.get(key)
    if found is None:
        if len(_STRINGS) > 200_000:
            _STRINGS.clear()
        found = strings[key & 0xFFFFFFFFFFFFFFFF] if key else ""
        _STRINGS[key] = found
    return found


def _position(t: Tok) -> int:
    return t.i


class Tok:
    """One token: the spaCy ``Token`` attributes the checker reads, as plain attributes."""

    __slots__ = ("doc", "i", "idx", "text", "whitespace_", "lemma_", "lower_", "norm_",
                 "pos_", "tag_", "dep_", "shape_", "ent_type_", "like_num", "is_punct",
                 "is_stop", "is_alpha", "is_digit", "is_title", "is_upper", "is_space",
                 "is_sent_start",
                 "head", "children", "_sent", "_subtree")

    def __repr__(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text

    def __len__(self) -> int:
        return len(self.text)

    def __lt__(self, other: Tok) -> bool:
        return self.i < other.i

    @property
    def text_with_ws(self) -> str:
        return self.text + self.whitespace_

    @property
    def orth_(self) -> str:
        return self.text

    @property
    def lefts(self) -> Iterator[Tok]:
        return (c for c in self.children if c.i < self.i)

    @property
    def rights(self) -> Iterator[Tok]:
        return (c for c in self.children if c.i > self.i)

    @property
    def n_lefts(self) -> int:
        return sum(1 for c in self.children if c.i < self.i)

    @property
    def n_rights(self) -> int:
        return sum(1 for c in self.children if c.i > self.i)

    @property
    def ancestors(self) -> Iterator[Tok]:
        node = self
        while node.head is not node:
            node = node.head
            yield node

    @property
    def subtree(self) -> tuple[Tok, ...]:
        """This token and its descendants in spaCy's order: each left child's subtree,
        the token, each right child's subtree (text order when the parse is projective)."""
        found = self._subtree
        if found is None:
            out: list[Tok] = []
            for c in self.children:
                if c.i < self.i:
                    out.extend(c.subtree)
            out.append(self)
            for c in self.children:
                if c.i > self.i:
                    out.extend(c.subtree)
            found = self._subtree = tuple(out)
        return found

    @property
    def left_edge(self) -> Tok:
        return min(self.subtree, key=_position)

    @property
    def right_edge(self) -> Tok:
        return max(self.subtree, key=_position)

    @property
    def sent(self) -> TokSpan:
        return self._sent

    @property
    def token(self) -> Any:
        """The spaCy ``Token`` behind this one."""
        return self.doc.doc[self.i]

    def nbor(self, i: int = 1) -> Tok:
        j = self.i + i
        if not 0 <= j < len(self.doc):
            raise IndexError("token index out of the parse")
        return self.doc.toks[j]

    def is_ancestor(self, other: Tok) -> bool:
        return any(a is self for a in other.ancestors)

    def __getattr__(self, name: str) -> Any:  # only for attributes not read above
        return getattr(self.doc.doc[self.i], name)


class TokSpan:
    """A slice of a :class:`TokDoc` (``doc[start:end]``, a sentence)."""

    __slots__ = ("doc", "start", "end")

    def __init__(self, doc: TokDoc, start: int, end: int) -> None:
        self.doc, self.start, self.end = doc, start, end

    def __len__(self) -> int:
        return self.end - self.start

    def __iter__(self) -> Iterator[Tok]:
        return iter(self.doc.toks[self.start:self.end])

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            start, stop, _ = i.indices(len(self))
            return TokSpan(self.doc, self.start + start, self.start + max(start, stop))
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("token index out of the span")
        return self.doc.toks[self.start + i]

    def __repr__(self) -> str:
        return self.text

    @property
    def start_char(self) -> int:
        return self.doc.toks[self.start].idx if self.end > self.start else 0

    @property
    def end_char(self) -> int:
        if self.end <= self.start:
            return self.start_char
        last = self.doc.toks[self.end - 1]
        return last.idx + len(last.text)

    @property
    def text(self) -> str:
        return self.doc.text[self.start_char:self.end_char]

    @property
    def text_with_ws(self) -> str:
        if self.end <= self.start:
            return ""
        return self.text + self.doc.toks[self.end - 1].whitespace_

    @property
    def root(self) -> Tok:
        """As spaCy's ``Span.root``: a sentence root inside the span, else of the tokens
        whose head lies outside it, the first with the fewest steps to its sentence root
        (a childless space or punctuation mark counts as far)."""
        toks = self.doc.toks[self.start:self.end]
        for t in toks:
            if t.head is t:
                return t
        best, depth = None, len(self.doc.toks)
        for t in toks:
            if self.start <= t.head.i < self.end:
                continue
            if (t.is_punct or t.is_space) and not t.children:
                d = len(self.doc.toks) - 1
            else:
                d, node = 0, t
                while node.head is not node:
                    node, d = node.head, d + 1
            if d < depth:
                best, depth = t, d
        return best if best is not None else toks[0]

    @property
    def sent(self) -> TokSpan:
        return self.doc.toks[self.start].sent

    @property
    def lemma_(self) -> str:
        return "".join(t.lemma_ + t.whitespace_ for t in self).strip()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.doc.doc[self.start:self.end], name)


class TokDoc:
    """The whole parse: ``len``, iteration, ``doc[i]``, ``doc[a:b]``, ``text``, ``sents``."""

    __slots__ = ("doc", "toks", "text", "sents", "__weakref__")

    def __init__(self, doc: Any) -> None:
        self.doc = doc
        self.text: str = doc.text
        n = len(doc)
        toks = [Tok() for _ in range(n)]
        self.toks: list[Tok] = toks
        if not n:
            self.sents: tuple[TokSpan, ...] = ()
            return
        cols = doc.to_array(_ATTRS).astype("int64").T.tolist()
        (idx, length, lemma, lower, pos, tag, dep, head, shape, sent_start, like_num, is_punct,
         is_space, is_stop, is_alpha, is_digit, is_title, is_upper, space, ent_type, norm) = cols
        strings = doc.vocab.strings
        text = self.text
        for i, t in enumerate(toks):
            t.doc, t.i, t.idx = self, i, idx[i]
            t.text = text[idx[i]:idx[i] + length[i]]
            t.whitespace_ = " " if space[i] else ""
            t.lemma_ = _string(strings, lemma[i])
            t.lower_ = _string(strings, lower[i])
            t.norm_ = _string(strings, norm[i])
            t.pos_ = _string(strings, pos[i])
            t.tag_ = _string(strings, tag[i])
            t.dep_ = _string(strings, dep[i])
            t.shape_ = _string(strings, shape[i])
            t.ent_type_ = _string(strings, ent_type[i])
            t.like_num, t.is_punct, t.is_stop = bool(like_num[i]), bool(is_punct[i]), \
                bool(is_stop[i])
            t.is_alpha, t.is_digit = bool(is_alpha[i]), bool(is_digit[i])
            t.is_space = bool(is_space[i])
            t.is_title, t.is_upper = bool(is_title[i]), bool(is_upper[i])
            t.is_sent_start = sent_start[i] == 1 or i == 0
            t.head = toks[i + head[i]]
            t.children = []
            t._subtree = None
        for t in toks:
            if t.head is not t:
                t.head.children.append(t)
        for t in toks:
            t.children = tuple(t.children)
        starts = [i for i, t in enumerate(toks) if t.is_sent_start] + [n]
        sents = []
        for a, b in zip(starts, starts[1:], strict=False):
            span = TokSpan(self, a, b)
            sents.append(span)
            for t in toks[a:b]:
                t._sent = span
        self.sents = tuple(sents)

    def __len__(self) -> int:
        return len(self.toks)

    def __iter__(self) -> Iterator[Tok]:
        return iter(self.toks)

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            start, stop, _ = i.indices(len(self.toks))
            return TokSpan(self, start, max(start, stop))
        return self.toks[i]

    def __repr__(self) -> str:
        return self.text

    @property
    def text_with_ws(self) -> str:
        return self.text

    def __getattr__(self, name: str) -> Any:  # vocab, to_array, user_data ...
        return getattr(self.doc, name)


def token_view(doc: Any) -> TokDoc:
    """The :class:`TokDoc` of a parse (a ``TokDoc`` is returned as it is)."""
    return doc if isinstance(doc, TokDoc) else TokDoc(doc)


__all__ = ["Tok", "TokSpan", "TokDoc", "token_view"]

"""Frame patterns matched over a parse held as plain lists.

spaCy's ``DependencyMatcher`` costs about 60 microseconds a call on a product sentence,
most of it building Token objects and, for a Span, copying the sentence into a new Doc;
a text runs five or so frames.  :class:`TreePattern` matches the part of its pattern
language the frames of ``rules/frames/`` use (string attributes equal to a value, in or not
in a list, or matching a ``REGEX`` (searched, as spaCy does), lexical flags, the operators
``>`` ``<`` ``>>`` ``<<`` ``.`` ``;`` ``>++`` ``>--``) over a
:class:`TreeView` made once per text, and finds what the DependencyMatcher finds: every
assignment of tokens to nodes that passes each node's tests and relation, all tokens in one
dependency tree.  A pattern using anything else gets ``None`` from :func:`tree_pattern`
and keeps its DependencyMatcher.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .paths import DocView, _string

# pattern attribute -> the Doc.to_array attribute whose strings it compares
STRING_ATTRS = {"ORTH": "ORTH", "TEXT": "ORTH", "LOWER": "LOWER", "NORM": "NORM",
                "LEMMA": "LEMMA", "POS": "POS", "TAG": "TAG", "DEP": "DEP"}
FLAG_ATTRS = frozenset({"LIKE_NUM", "IS_DIGIT", "IS_PUNCT", "IS_ALPHA"})
# ``subject`` (no DependencyMatcher operator): the node is the subject (nsubj, nsubjpass)
# of the earlier one, or, when that is a predicate coordinated with an earlier predicate
# and has no subject of its own ("The Tri covers 5,000 sq ft and *is* the only tri-band
# model"), the subject that one has
SUBJECT_OP = "subject"
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
OPS = frozenset({">", "<", ">>", "<<", ".", ";", ">++", ">--", SUBJECT_OP})
# how a node's test compares a token's attribute with its value
EQUAL, IN, NOT_IN, REGEX = 0, 1, 2, 3
# attributes a DocView already holds as the same strings (or flags), by its list's name
_FROM_VIEW = {"LOWER": "lower", "POS": "pos", "TAG": "tag", "DEP": "dep",
              "LEMMA": "lemma_text", "LIKE_NUM": "like_num", "IS_ALPHA": "is_alpha",
              "IS_PUNCT": "is_punct"}


class TreeView:
    """One parse as lists: the strings (or flags) of some attributes by token, heads,
    children, and each token's tree (its root, and the first and last token of the root's
    subtree: the span the order operators stay in)."""

    def __init__(self, doc, attrs: tuple[str, ...], view: DocView | None = None) -> None:
        """``view``: the parse's DocView, whose lists (the same strings, heads and
        children) are shared rather than read from the Doc again."""
        n = self.n = len(doc)
        shared = {a: getattr(view, _FROM_VIEW[a]) for a in attrs
                  if a in _FROM_VIEW} if view is not None else {}
        names = [a for a in attrs if a not in shared] + ([] if view is not None else ["HEAD"])
        cols = []
        if names:
            # (spaCy gives one attribute's values as a flat array)
            arr = doc.to_array(names).astype("int64").reshape(n, len(names))
            cols = arr.T.tolist() if n else [[] for _ in names]
        strings = doc.vocab.strings
        values = dict(shared)
        values.update({a: ([bool(x) for x in col] if a in FLAG_ATTRS
                           else [_string(strings, h) for h in col])
                       for a, col in zip(names, cols, strict=False) if a != "HEAD"})
        self.values = {a: values[a] for a in attrs}
        if view is not None:
            head, children = view.head, view.children
        else:
            head = [i + h for i, h in enumerate(cols[-1])]
            children = [[] for _ in range(n)]
            for i, h in enumerate(head):
                if h != i:
                    children[h].append(i)
        self.head, self.children = head, children
        # the dependency labels (the subject operator reads them): the DocView's, or read
        self._dep = view.dep if view is not None else None
        self._below: dict[int, list[int]] = {}  # token -> its descendants, when asked
        self._trees: tuple | None = None  # (root, first, last), when an order operator asks

    @property
    def root(self) -> list[int]:
        """Each token's root (made on first use: only the order operators read it)."""
        return (self._trees or self._make_trees())[0]

    @property
    def first(self) -> dict[int, int]:
        """Root -> the first token of its tree."""
        return (self._trees or self._make_trees())[1]

    @property
    def last(self) -> dict[int, int]:
        """Root -> the last token of its tree."""
        return (self._trees or self._make_trees())[2]

    def _make_trees(self) -> tuple:
        # each token's root, a walk up that stops at a token whose root is known (a parse's
        # heads form trees: a walk longer than the text would be a cycle, and stops)
        n, head = self.n, self.head
        root = [-1] * n
        for i in range(n):
            path, r = [], i
            while root[r] < 0 and head[r] != r and len(path) <= n:
                path.append(r)
                r = head[r]
            top = root[r] if root[r] >= 0 else r
            root[r] = top
            for j in path:
                root[j] = top
        first: dict[int, int] = {}
        last: dict[int, int] = {}
        for i, r in enumerate(root):
            first.setdefault(r, i)
            last[r] = i
        self._trees = (root, first, last)
        return self._trees

    def related(self, op: str, a: int) -> list[int]:
        """The tokens ``op`` relates to token ``a`` (the DependencyMatcher's semantics;
        ``subject``: see ``SUBJECT_OP``)."""
        if op == ">":
            return self.children[a]
        if op == SUBJECT_OP:
            dep = self._dep if self._dep is not None else self.values["DEP"]
            seen = 0
            while seen < self.n:  # up a chain of coordinated predicates, each without one
                found = [c for c in self.children[a] if dep[c] in SUBJECT_DEPS]
                if found or dep[a] != "conj" or self.head[a] == a:
                    return found
                a = self.head[a]
                seen += 1
            return []
        if op == ">++":  # the children after it ("rights")
            return [c for c in self.children[a] if c > a]
        if op == ">--":  # the children before it ("lefts")
            return [c for c in self.children[a] if c < a]
        if op == "<":
            h = self.head[a]
            return [h] if h != a else []
        if op == ">>":  # every pattern of the text asks the same few: kept per token
            out = self._below.get(a)
            if out is None:
                out, stack = [], list(self.children[a])
                while stack:
                    c = stack.pop()
                    out.append(c)
                    stack.extend(self.children[c])
                self._below[a] = out
            return out
        if op == "<<":
            out, i = [], a
            while self.head[i] != i and len(out) < self.n:
                i = self.head[i]
                out.append(i)
            return out
        root, first, last = self._trees or self._make_trees()
        r = root[a]
        if op == ".":
            b = a + 1
            return [b] if b <= last[r] and root[b] == r else []
        b = a - 1  # ";"
        return [b] if b >= first[r] and root[b] == r else []


@dataclass(frozen=True)
class TreePattern:
    """A frame's pattern: per node its tests ``(attribute, mode, value)`` (mode: ``EQUAL``,
    ``IN``, ``NOT_IN`` a frozenset, ``REGEX`` a compiled pattern) and, for every node but
    the anchor, ``(earlier node, operator)``.

    ``find`` runs a function made for the pattern when it is built (:func:`_compiled`):
    one nested loop per node, its tests written out, so a search reads the view's lists
    with no per-node setup and no call per token (most searches find nothing)."""

    tests: tuple[tuple[tuple[str, bool, object], ...], ...]
    links: tuple[tuple[int, str] | None, ...]
    search: object = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "search", _compiled(self.tests, self.links))

    @property
    def attrs(self) -> frozenset[str]:
        found = frozenset(a for node in self.tests for a, _, _ in node)
        if any(link is not None and link[1] == SUBJECT_OP for link in self.links):
            found |= {"DEP"}  # the subject operator reads the labels
        return found

    def find(self, view: TreeView, lo: int, hi: int) -> list[list[int]]:
        """Token ids in node order of every match whose tokens lie in ``lo``..``hi - 1``."""
        return self.search(view, lo, hi)


# the operators a made search walks inline (children by position); the rest ask
# TreeView.related
_INLINE = {">": None, ">++": ">", ">--": "<"}


def _compiled(tests, links):
    """The search of one pattern as a Python function, written from its nodes: every
    assignment of tokens to nodes (in node order) passing each node's tests, the order
    :meth:`TreeView.related` gives each relation's tokens, as a search node by node would
    find them.  Only names and indices go into the source; the values tested (words,
    labels, compiled patterns, attribute names) are bound in the function's namespace,
    not written in it."""
    space: dict[str, object] = {}
    lines = ["def search(view, lo, hi):", " values = view.values",
             " children = view.children", " related = view.related", " out = []"]
    columns: dict[str, str] = {}
    for node in tests:
        for attr, _, _ in node:
            if attr not in columns:
                columns[attr] = name = f"v{len(columns)}"
                space[f"a{name}"] = attr
                lines.append(f" {name} = values[a{name}]")

    def condition(j: int, var: str) -> str:
        parts = []
        for k, (attr, mode, value) in enumerate(tests[j]):
            name = f"c{j}_{k}"
            space[name] = value
            x = f"{columns[attr]}[{var}]"
            parts.append(f"{x} == {name}" if mode == EQUAL else f"{x} in {name}"
                         if mode == IN else f"{x} not in {name}" if mode == NOT_IN
                         else f"{name}.search({x})")
        return " and ".join(parts)

    n = len(tests)
    cond = condition(0, "t0")
    lines.append(" for t0 in range(lo, hi):")
    if cond:
        lines.append(f"  if not ({cond}): continue")
    for j in range(1, n):
        pad = " " * (j + 1)
        left, op = links[j]
        a = f"t{left}"
        if op in _INLINE:
            lines.append(f"{pad}for t{j} in children[{a}]:")
            if _INLINE[op] is not None:  # the children after (>) or before (<) it
                lines.append(f"{pad} if not t{j} {_INLINE[op]} {a}: continue")
        else:
            lines.append(f"{pad}for t{j} in related({op!r}, {a}):")
        rest = condition(j, f"t{j}")
        lines.append(f"{pad} if not (lo <= t{j} < hi{' and ' + rest if rest else ''}): "
                     "continue")
    ids = ", ".join(f"t{j}" for j in range(n))
    lines.append(f"{' ' * (n + 1)}out.append([{ids}])")
    lines.append(" return out")
    exec("\n".join(lines), space)  # the source holds names and indices alone
    return space["search"]


def _string_test(value) -> tuple[int, object] | None:
    """(mode, value) of a string attribute's test in the DependencyMatcher's syntax: a
    string, ``{IN: [...]}``, ``{NOT_IN: [...]}`` or ``{REGEX: "..."}`` (one operator)."""
    if isinstance(value, str):
        return EQUAL, value
    if not isinstance(value, dict) or len(value) != 1:
        return None
    (op, arg), = value.items()
    if op in ("IN", "NOT_IN") and isinstance(arg, list | tuple) \
            and all(isinstance(v, str) for v in arg):
        return (IN if op == "IN" else NOT_IN), frozenset(arg)
    if op == "REGEX" and isinstance(arg, str):
        return REGEX, re.compile(arg)
    return None


def tree_pattern(pattern) -> TreePattern | None:
    """The pattern as a TreePattern, or None when it uses what TreePattern does not match
    (another attribute or operator, a regex, a negated set)."""
    names: list[str] = []
    tests, links = [], []
    for node in pattern:
        node_tests = []
        for attr, value in node.get("RIGHT_ATTRS", {}).items():
            if attr in STRING_ATTRS:
                key = STRING_ATTRS[attr]
                test = _string_test(value)
                if test is None:
                    return None
                node_tests.append((key, *test))
            elif attr in FLAG_ATTRS and isinstance(value, bool):
                node_tests.append((attr, EQUAL, value))
            else:
                return None
        if "LEFT_ID" in node:
            if node.get("REL_OP") not in OPS or node["LEFT_ID"] not in names:
                return None
            links.append((names.index(node["LEFT_ID"]), node["REL_OP"]))
        elif names:
            return None  # only the first node is the anchor
        else:
            links.append(None)
        names.append(node["RIGHT_ID"])
        tests.append(tuple(node_tests))
    return TreePattern(tests=tuple(tests), links=tuple(links)) if names else None

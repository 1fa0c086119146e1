"""Compile frame rules (``kind: frame``) to spaCy ``DependencyMatcher`` patterns.

A frame's ``nodes`` are a list; the first is the anchor, every later one names an earlier
node in ``from`` and how it relates to it in ``rel`` (a DependencyMatcher operator)::

    nodes:
      - {slot: cue, attrs: {TAG: {IN: [JJR, RBR]}}}
      - {name: than, from: cue, rel: ">", attrs: {LOWER: than}}
      - {slot: comparand, from: than, rel: ">", attrs: {DEP: pobj}}

``attrs`` are token attributes in the format of spaCy's Matcher, restricted to what the
pipeline sets (no entity types: NER is off) and to what a DependencyMatcher node honours
(no ``OP``).  A value may cite a lexicon group: ``{LOWER: {IN: "@bound_words"}}``, or
``"@group"`` inside a list; the group is resolved here, from the merged lexicon.  A group
cited by a token attribute must hold single words (a token is one word): write a phrase as
nodes joined by ``.`` (immediately precedes) or ``;`` (immediately follows).

Every problem is a :class:`FrameSyntaxError` whose message says what is wrong and how to
fix it; the loader prefixes ``file:line: rule-id:``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import regex

from ..frames import EVALUATORS, HYPOTHESIS_KINDS, ROLE_SLOTS, SLOTS
from ..lexicon import GROUPS, SEQUENCE, WORDS, Lexicon
from .paths import DEP_LABELS, UNIVERSAL_POS, doc_view
from .schema import FrameNode, RuleSpec
from .treematch import STRING_ATTRS, SUBJECT_OP, TreeView, tree_pattern

# frames are matched only in sentences of at most this many tokens: the DependencyMatcher's
# cost grows much faster than a sentence's length (a 264-token sentence: 0.2 s; 523: 4.6 s)
MAX_SENTENCE_TOKENS = 64
# the values ``rel`` may take: DependencyMatcher operators (spaCy 3.x), and ``subject``
# (TreePattern's own: the subject of a predicate, or of the predicate it is coordinated with)
REL_OPS = (">", "<", ">>", "<<", ".", ".*", ";", ";*", "$+", "$-", "$++", "$--",
           ">+", ">-", ">++", ">--", "<+", "<-", "<++", "<--", SUBJECT_OP)
_STRING_ATTRS = ("ORTH", "TEXT", "LOWER", "NORM", "LEMMA", "POS", "TAG", "DEP", "SHAPE",
                 "MORPH")
_BOOL_ATTRS = ("IS_ALPHA", "IS_DIGIT", "IS_PUNCT", "IS_CURRENCY", "IS_STOP", "IS_TITLE",
               "IS_UPPER", "IS_LOWER", "LIKE_NUM", "IS_SENT_START")
_NUMBER_ATTRS = ("LENGTH",)
_STRING_OPS = ("IN", "NOT_IN", "REGEX")
_NUMBER_OPS = ("==", "!=", ">=", "<=", ">", "<")
_NOT_HERE = {"ENT_TYPE": "NER is disabled in the pipeline", "ENT_IOB": "NER is disabled",
             "ENT_ID": "NER is disabled", "ENT_KB_ID": "NER is disabled",
             "OP": "a DependencyMatcher node is exactly one token (write two rules instead)",
             "_": "custom attributes are not set by the pipeline"}
DEP_VALUES = frozenset(DEP_LABELS | {"ROOT"})


class FrameSyntaxError(ValueError):
    """A frame that cannot be compiled; the message names the node and the fix.

    ``node`` is the 1-based index of the node at fault (None: the frame as a whole), so the
    loader can point at that node's line."""

    def __init__(self, message: str, node: int | None = None) -> None:
        super().__init__(message)
        if node is None:
            m = regex.match(r"node (\d+)", message)
            node = int(m.group(1)) if m else None
        self.node = node


_TOKEN_ATTR = {"ORTH": "orth_", "TEXT": "text", "LOWER": "lower_", "NORM": "norm_",
               "LEMMA": "lemma_", "POS": "pos_", "TAG": "tag_", "DEP": "dep_",
               "SHAPE": "shape_", "LIKE_NUM": "like_num", "IS_DIGIT": "is_digit",
               "IS_PUNCT": "is_punct", "IS_ALPHA": "is_alpha"}


@dataclass(frozen=True)
class ChildTest:
    """A ``without`` entry: a test on a child token, attributes as compiled RIGHT_ATTRS."""

    attrs: tuple[tuple[str, object], ...]

    def __call__(self, tok) -> bool:
        for attr, want in self.attrs:
            got = getattr(tok, _TOKEN_ATTR[attr])
            if attr in ("LOWER", "NORM") and isinstance(got, str):
                got = got.lower()
            if isinstance(want, dict):
                if "IN" in want and got not in want["IN"]:
                    return False
                if "NOT_IN" in want and got in want["NOT_IN"]:
                    return False
                if "REGEX" in want and not regex.search(want["REGEX"], str(got)):
                    return False
            elif got != want:
                return False
        return True


@dataclass(frozen=True)
class CompiledFrame:
    """A frame ready to match: its DependencyMatcher pattern, each node's slot, and the
    ``without`` tests of each node (checked on the match's tokens after the matcher)."""

    nodes: tuple[FrameNode, ...]
    pattern: tuple[dict, ...]
    without: tuple[tuple[ChildTest, ...], ...] = ()
    # read for every match: per node its slot (None: a helper) and whether it binds its
    # conjuncts, and whether some node has ``without`` tests
    binds: tuple[tuple[str | None, bool], ...] = field(init=False, repr=False, compare=False)
    forbids: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "binds", tuple((n.slot, bool(n.conjuncts)) for n in self.nodes))
        object.__setattr__(self, "forbids", any(self.without))

    def admits(self, doc, token_ids) -> bool:
        """No node's token has a child its ``without`` tests forbid."""
        for tests, i in zip(self.without, token_ids, strict=False):
            if tests and any(test(child) for child in doc[i].children for test in tests):
                return False
        return True

    @property
    def slots(self) -> frozenset[str]:
        return frozenset(n.slot for n in self.nodes if n.slot)


def _group(name: str, lexicon: Lexicon, node: int, attr: str) -> list[str]:
    key = name[1:]
    groups = lexicon.groups
    if key in groups:
        words = list(groups[key])
    elif key in GROUPS and GROUPS[key].shape in (WORDS, SEQUENCE) and lexicon.where(key):
        words = list(lexicon.ordered(key))  # a word group of rules/lexicon/, as written
    elif key in GROUPS and isinstance(getattr(lexicon, key), Mapping) and lexicon.where(key):
        words = list(getattr(lexicon, key))
    else:
        known = ", ".join(sorted(groups)) or "none"
        raise FrameSyntaxError(
            f"node {node}: {attr} cites unknown lexicon group {name!r} (define it as a group "
            f"in rules/lexicon/ or under 'lexicon: groups:' in a rule file; groups defined: "
            f"{known})")
    phrases = [w for w in words if len(w.split()) != 1]
    if phrases:
        raise FrameSyntaxError(
            f"node {node}: {attr} cites group {name!r}, which holds multi-word entries "
            f"{phrases[:3]}; a token matches one word (put the phrase's words in nodes "
            "joined by '.', or cite a group of single words)")
    return [w.lower() if attr in ("LOWER", "NORM") else w for w in words]


def _strings(value, lexicon: Lexicon, node: int, attr: str) -> list[str]:
    """A list of strings, with "@group" entries replaced by the group's words."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
        raise FrameSyntaxError(f"node {node}: {attr} takes a string, a list of strings or "
                               "\"@group\"")
    out: list[str] = []
    for item in items:
        out.extend(_group(item, lexicon, node, attr) if item.startswith("@") else [item])
    return out


def _check_labels(attr: str, values: list[str], node: int) -> None:
    known = DEP_VALUES if attr == "DEP" else UNIVERSAL_POS if attr == "POS" else None
    if known is None:
        return
    unknown = sorted(set(values) - known)
    if unknown:
        what = "dependency label" if attr == "DEP" else "coarse POS"
        raise FrameSyntaxError(f"node {node}: {attr} names unknown {what}(s) {unknown} "
                               "(spaCy's English labels; see depcheck/rules/paths.py)")


def _string_value(attr: str, value, lexicon: Lexicon, node: int):
    if isinstance(value, dict):
        out = {}
        for op, arg in value.items():
            if op not in _STRING_OPS:
                raise FrameSyntaxError(f"node {node}: {attr} operator {op!r} is not one of "
                                       f"{list(_STRING_OPS)}")
            if op == "REGEX":
                if not isinstance(arg, str):
                    raise FrameSyntaxError(f"node {node}: {attr} REGEX takes a string")
                try:
                    regex.compile(arg)
                except regex.error as exc:
                    raise FrameSyntaxError(f"node {node}: {attr} REGEX {arg!r}: {exc}") from None
                out[op] = arg
            else:
                words = _strings(arg, lexicon, node, attr)
                _check_labels(attr, words, node)
                out[op] = words
        return out
    if isinstance(value, str) and value.startswith("@"):
        words = _strings(value, lexicon, node, attr)
        return {"IN": words}
    if not isinstance(value, str):
        raise FrameSyntaxError(f"node {node}: {attr} takes a string or {{IN: [...]}}, "
                               f"not {value!r}")
    _check_labels(attr, [value], node)
    return value.lower() if attr in ("LOWER", "NORM") else value


def compile_attrs(attrs: dict, lexicon: Lexicon, node: int) -> dict:
    """``attrs`` checked and with lexicon groups resolved: a RIGHT_ATTRS mapping."""
    out = {}
    for attr, value in attrs.items():
        if attr in _NOT_HERE:
            raise FrameSyntaxError(f"node {node}: attribute {attr!r} cannot be used "
                                   f"({_NOT_HERE[attr]})")
        if attr in _STRING_ATTRS:
            out[attr] = _string_value(attr, value, lexicon, node)
        elif attr in _BOOL_ATTRS:
            if not isinstance(value, bool):
                raise FrameSyntaxError(f"node {node}: {attr} takes true or false")
            out[attr] = value
        elif attr in _NUMBER_ATTRS:
            ok = isinstance(value, int) or (isinstance(value, dict) and all(
                k in _NUMBER_OPS and isinstance(v, int) for k, v in value.items()))
            if not ok:
                raise FrameSyntaxError(f"node {node}: {attr} takes a number or "
                                       "{'>=': n, ...}")
            out[attr] = value
        else:
            raise FrameSyntaxError(
                f"node {node}: unknown attribute {attr!r} (one of "
                f"{', '.join(_STRING_ATTRS + _BOOL_ATTRS + _NUMBER_ATTRS)})")
    return out


def check_frame_header(spec: RuleSpec) -> list[str]:
    """Problems with what a frame yields and how it is checked (no lexicon needed)."""
    problems = []
    if spec.yields not in HYPOTHESIS_KINDS:
        problems.append(f"yields {spec.yields!r} is not a hypothesis kind (one of "
                        f"{', '.join(HYPOTHESIS_KINDS)})")
    if spec.evaluator not in EVALUATORS:
        problems.append(f"evaluator {spec.evaluator!r} is not a registered evaluator (one of "
                        f"{', '.join(EVALUATORS)}; depcheck/frames.py EVALUATORS)")
    if bool(spec.nodes) == bool(spec.pattern):
        problems.append("a frame has either 'nodes' or a path 'pattern' with 'bind'")
    if spec.pattern and spec.bind is None:
        problems.append("a path frame needs 'bind: {anchor: SLOT, end: SLOT}'")
    if spec.bind is not None:
        for slot in (spec.bind.anchor, spec.bind.end):
            if slot is not None and slot not in SLOTS:
                problems.append(f"bind names unknown slot {slot!r} (one of {', '.join(SLOTS)})")
    if spec.role is not None and not spec.pattern:
        problems.append("'role' on a frame needs a path 'pattern' (the mention it finds)")
    for i, ex in enumerate(spec.examples, start=1):
        if ex.slots is None and ex.heads is None:
            problems.append(f"example {i} needs 'slots' (what the frame must bind)")
    return problems


def compile_frame(spec: RuleSpec, lexicon: Lexicon, max_nodes: int = 8) -> CompiledFrame:
    """The DependencyMatcher pattern of a node frame, or :class:`FrameSyntaxError`."""
    nodes = spec.nodes or []
    if len(nodes) > max_nodes:
        raise FrameSyntaxError(f"frame has {len(nodes)} nodes, the limit is {max_nodes} "
                               "(split the rule or raise max_rule_nodes)")
    if not any(n.slot for n in nodes):
        raise FrameSyntaxError("frame binds no slot (give at least one node a 'slot')")
    pattern: list[dict] = []
    names: list[str] = []
    without: list[tuple[ChildTest, ...]] = []
    for k, node in enumerate(nodes, start=1):
        if node.slot is not None and node.slot not in SLOTS:
            raise FrameSyntaxError(f"node {k}: unknown slot {node.slot!r} (one of "
                                   f"{', '.join(SLOTS)}; a helper node has 'name' and no slot)")
        name = node.name or node.slot
        if name is None:
            raise FrameSyntaxError(f"node {k}: a helper node needs a 'name'")
        if name in names:
            raise FrameSyntaxError(f"node {k}: name {name!r} is used twice (give the node "
                                   "its own 'name')")
        attrs = compile_attrs(node.attrs, lexicon, k)
        tests = []
        for entry in node.without:
            compiled = compile_attrs(entry, lexicon, k)
            unsupported = sorted(set(compiled) - set(_TOKEN_ATTR))
            if unsupported or not compiled:
                raise FrameSyntaxError(f"node {k}: 'without' tests {unsupported or 'nothing'}; "
                                       f"it takes {', '.join(_TOKEN_ATTR)}")
            tests.append(ChildTest(tuple(compiled.items())))
        without.append(tuple(tests))
        if k == 1:
            if node.from_ is not None or node.rel is not None:
                raise FrameSyntaxError("node 1 is the anchor: it takes no 'from' or 'rel'")
            pattern.append({"RIGHT_ID": name, "RIGHT_ATTRS": attrs})
        else:
            if node.from_ is None or node.rel is None:
                raise FrameSyntaxError(f"node {k} ({name}) needs 'from' (an earlier node) "
                                       "and 'rel'")
            if node.from_ not in names:
                raise FrameSyntaxError(f"node {k} ({name}): from {node.from_!r} names no "
                                       f"earlier node (earlier: {', '.join(names)})")
            if node.rel not in REL_OPS:
                raise FrameSyntaxError(f"node {k} ({name}): rel {node.rel!r} is not an "
                                       f"operator ({' '.join(REL_OPS)})")
            pattern.append({"LEFT_ID": node.from_, "REL_OP": node.rel, "RIGHT_ID": name,
                            "RIGHT_ATTRS": attrs})
        names.append(name)
    if any(n.get("REL_OP") == SUBJECT_OP for n in pattern):
        # the subject operator is TreePattern's: the pattern must be one it matches, and
        # spaCy validates the rest of it (the same nodes with a plain child arc)
        if tree_pattern(pattern) is None:
            raise FrameSyntaxError(f"rel {SUBJECT_OP!r} needs a pattern of the operators "
                                   "and tests the tree matcher reads (see rules/README.md)")
        _engine_accepts(spec.id, [{**n, "REL_OP": ">"} if n.get("REL_OP") == SUBJECT_OP
                                  else n for n in pattern])
    else:
        _engine_accepts(spec.id, pattern)
    return CompiledFrame(nodes=tuple(nodes), pattern=tuple(pattern), without=tuple(without))


def _engine_accepts(rule_id: str, pattern: list[dict]) -> None:
    """Let spaCy's own validation see the pattern; report what it refuses in one line."""
    from spacy.matcher import DependencyMatcher
    from spacy.vocab import Vocab

    try:
        DependencyMatcher(Vocab(), validate=True).add(rule_id, [pattern])
    except Exception as exc:  # noqa: BLE001 - spaCy raises several types; all are lint errors
        first = " ".join(str(exc).split())[:200]
        raise FrameSyntaxError(f"spaCy refuses the pattern: {first}") from None


def role_slot(spec: RuleSpec) -> str | None:
    return ROLE_SLOTS.get(spec.role) if spec.role else None


# the attributes a trigger may test, most selective first
_TRIGGER_ORDER = ("LOWER", "ORTH", "TEXT", "NORM", "LEMMA", "DEP", "TAG", "POS")


def _trigger_rank(test: tuple[str, frozenset]) -> tuple[int, int]:
    """Words before labels and tags; fewer values before more."""
    attr, values = test
    return (0 if attr not in ("DEP", "TAG", "POS") else 1), len(values)


def triggers(frame: CompiledFrame) -> tuple[tuple[str, frozenset], ...]:
    """Tests a text must pass for the frame to match in it: per node (that has one) an
    (attribute, values) pair, the node's most selective test; some token of the text must
    pass each.

    A text failing one cannot match the frame, so its matcher is not run: the cost of a
    text grows with the frames its words could form, not with the rule set."""
    out = []
    for node in frame.pattern:
        best = None
        for attr, value in node["RIGHT_ATTRS"].items():
            if attr not in _TRIGGER_ORDER:
                continue
            if isinstance(value, str):
                values = frozenset([value])
            elif isinstance(value, dict) and set(value) == {"IN"}:
                values = frozenset(value["IN"])
            else:
                continue
            rank = (_TRIGGER_ORDER.index(attr) if attr not in ("DEP", "TAG", "POS") else 10,
                    len(values))
            if best is None or rank < best[0]:
                best = (rank, attr, values)
        if best is not None:
            out.append((best[1], best[2]))
    return tuple(out)


@dataclass(frozen=True)
class FrameMatcher:
    """The node frames of a rule set, each with its triggers and a :class:`TreePattern`
    (or, for a pattern that needs more, its own DependencyMatcher)."""

    entries: tuple  # (rule, TreePattern or None, DependencyMatcher or None, triggers)
    attrs: tuple[str, ...] = ()  # what a text's TreeView holds
    trigger_keys: tuple[str, ...] = ()  # the TreeView attributes the triggers read
    # attribute -> value -> the entries whose first (most selective) trigger accepts it,
    # and the entries without triggers: a text's candidates come from its own words, not
    # a pass over all
    by_first: dict = field(default_factory=dict, compare=False, repr=False)
    untriggered: tuple[int, ...] = ()

    def __call__(self, doc) -> list[tuple[object, list[int]]]:
        """(rule, token ids in node order) for every raw match of every triggered frame,
        sentence by sentence: a frame never spans two sentences, and the matcher's cost,
        which grows much faster than the length of what it reads (spaCy issue 6678), is
        bounded by skipping sentences of more than MAX_SENTENCE_TOKENS tokens (their
        claims are left to the path rules)."""
        if not self.entries:
            return []
        lists = doc_view(doc)
        if len(doc) <= MAX_SENTENCE_TOKENS or all(
                end - start <= MAX_SENTENCE_TOKENS
                for start, end in zip(lists.sent_start, lists.sent_end, strict=True)):
            parts = [doc]  # no Span copied into a new Doc per matcher call
        else:
            parts = [s for s in doc.sents if len(s) <= MAX_SENTENCE_TOKENS]
        view = TreeView(doc, self.attrs, lists)
        values = view.values
        out = []
        for part in parts:
            if part is doc:
                lo, hi = 0, len(doc)
                have = {key: set(values[key]) for key in self.trigger_keys}
            else:
                lo, hi = part.start, part.end
                have = {key: set(values[key][lo:hi]) for key in self.trigger_keys}
            hit = set(self.untriggered)
            for key, index in self.by_first.items():
                # the index's words the text holds, found by one set intersection
                for word in index.keys() & have[key]:
                    hit.update(index[word])
            entries = self.entries
            for at in sorted(hit):  # in the rule set's order, as every entry was tried
                rule, pattern, matcher, tests = entries[at]
                missing = False
                for key, wanted in tests[1:]:  # the first is the index's: it holds
                    if have[key].isdisjoint(wanted):
                        missing = True
                        break
                if missing:
                    continue
                if pattern is not None:
                    out.extend((rule, ids) for ids in pattern.find(view, lo, hi))
                else:
                    out.extend((rule, [lo + i for i in ids]) for _, ids in matcher(part))
        return out


def build_matcher(rules) -> FrameMatcher:
    """The matchers of the node frames of ``rules`` (Rule objects with ``frame`` set): a
    TreePattern where the pattern allows, else a DependencyMatcher."""
    from spacy.matcher import DependencyMatcher
    from spacy.vocab import Vocab

    vocab = Vocab()
    entries = []
    attrs: set[str] = set()
    for rule in rules:
        if rule.frame is None:
            continue
        pattern = tree_pattern(rule.frame.pattern)
        matcher = None
        if pattern is None:
            matcher = DependencyMatcher(vocab)
            matcher.add(rule.id, [list(rule.frame.pattern)])
        else:
            attrs |= pattern.attrs
        tests = tuple((STRING_ATTRS[attr], values) for attr, values in triggers(rule.frame))
        # the most selective first: the one that indexes the entry
        tests = tuple(sorted(tests, key=_trigger_rank))
        entries.append((rule, pattern, matcher, tests))
    keys = {key for *_, tests in entries for key, _ in tests}
    # trigger key -> word -> the entries whose first (most selective) trigger accepts it
    by_first: dict[str, dict[str, list[int]]] = {}
    for at, (*_, tests) in enumerate(entries):
        if tests:
            key, values = tests[0]
            index = by_first.setdefault(key, {})
            for value in values:
                index.setdefault(value, []).append(at)
    untriggered = tuple(at for at, (*_, tests) in enumerate(entries) if not tests)
    return FrameMatcher(entries=tuple(entries), by_first=by_first, untriggered=untriggered,
                        attrs=tuple(sorted(attrs | keys)),
                        trigger_keys=tuple(sorted(keys)))

"""Load, validate and compile a directory of rule files into one immutable :class:`RuleSet`.

Every problem in every file is collected before anything is refused, each as
``file:line: rule-id: what is wrong (how to fix)``; a RuleSet is only built when there are
none, so a service can lint a new rule set and keep the old one on failure.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

import yaml
from pydantic import ValidationError

from ..errors import RuleError
from ..lexicon import Lexicon, Section, read_section
from ..lexicon import merge as merge_lexicon
from .frames import (
    CompiledFrame,
    FrameMatcher,
    FrameSyntaxError,
    build_matcher,
    check_frame_header,
    compile_frame,
)
from .paths import CompiledPath, PathSyntaxError, compile_path
from .safety import lint_span_rules
from .schema import RuleFile, RuleSpec
from .spans import SpanPattern, compile_span

LINE_KEY = "__line__"


# libyaml's parser (PyYAML's C extension) reads the rule files about 15 times faster than the
# pure-Python one, with the same safe constructors and the same line marks; every process
# that loads a checker (a service worker, each batch worker) reads all of them at start
SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(SafeLoader):
    """A safe loader that records each mapping's line under ``__line__``."""

    def construct_mapping(self, node, deep=False):
        mapping = super().construct_mapping(node, deep=deep)
        mapping[LINE_KEY] = node.start_mark.line + 1
        return mapping


def _strip_lines(obj):
    if isinstance(obj, dict):
        return {k: _strip_lines(v) for k, v in obj.items() if k != LINE_KEY}
    if isinstance(obj, list):
        return [_strip_lines(v) for v in obj]
    return obj


@dataclass(frozen=True)
class Rule:
    spec: RuleSpec
    file: str
    line: int
    path: CompiledPath | None = None
    span: SpanPattern | None = None
    frame: CompiledFrame | None = None  # node frames, compiled once the lexicon is merged
    node_lines: tuple[int, ...] = field(default=(), repr=False, compare=False)
    # the spec's id, kind and role, read on every match: plain attributes, not properties
    id: str = field(init=False, repr=False, compare=False)
    kind: str = field(init=False, repr=False, compare=False)
    role: str | None = field(init=False, repr=False, compare=False)
    # ``file:line``, written into every frame match and trace
    location: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", self.spec.id)
        object.__setattr__(self, "kind", self.spec.kind)
        object.__setattr__(self, "role", self.spec.role)
        object.__setattr__(self, "location", f"{self.file}:{self.line}")

    @property
    def description(self) -> str:
        return self.spec.description

    def to_dict(self) -> dict:
        out = {"id": self.id, "kind": self.kind, "role": self.role, "file": self.file,
               "line": self.line, "pattern": self.spec.pattern,
               "description": self.description, "learned": self.spec.provenance is not None}
        if self.kind == "frame":
            out.update(yields=self.spec.yields, evaluator=self.spec.evaluator)
            if self.frame is not None:
                out["slots"] = sorted(self.frame.slots)
        return out


class AnchorIndex:
    """Path rules by what their anchor tests: a token is offered only to rules that could
    anchor on it (its lemma, lower-case form, POS or tag), plus the any-token rules.

    An any-token rule whose first step goes down an arc of given labels (". nsubj": a
    token with a subject) is offered only to the tokens with a child on such an arc
    (``by_child_label``): the rest could not take its first step."""

    def __init__(self, rules: tuple[Rule, ...]) -> None:
        self.by_word: dict[str, list[tuple[int, Rule]]] = {}
        self.by_pos: dict[str, list[tuple[int, Rule]]] = {}
        self.by_tag: dict[str, list[tuple[int, Rule]]] = {}
        self.by_child_label: dict[str, list[tuple[int, Rule]]] = {}
        self.any: list[tuple[int, Rule]] = []
        self._memo: dict[tuple[str, str, str, str], list[tuple[int, Rule]]] = {}
        for k, rule in enumerate(rules):
            test = rule.path.anchor
            steps = rule.path.steps
            if test.is_any and steps and not steps[0].up and not steps[0].star \
                    and steps[0].labels is not None:
                for label in steps[0].labels:
                    self.by_child_label.setdefault(label, []).append((k, rule))
            elif test.is_any:
                self.any.append((k, rule))
            for w in test.lemmas:
                self.by_word.setdefault(w, []).append((k, rule))
            for p in test.pos:
                self.by_pos.setdefault(p, []).append((k, rule))
            for t in test.tags:
                self.by_tag.setdefault(t, []).append((k, rule))

    def candidates(self, view, i: int) -> list[tuple[int, Rule]]:
        key = (view.lemma[i], view.lower[i], view.pos[i], view.tag[i])
        hit = self._memo.get(key)
        if hit is None:
            hit = self._merge(key)
        by_child = self.by_child_label
        extra = None
        for c in view.children[i]:
            rules = by_child.get(view.dep[c])
            if rules is not None:
                extra = dict(rules) if extra is None else {**extra, **dict(rules)}
        return hit if extra is None else [*hit, *extra.items()]

    def every_token(self, view) -> list[list[tuple[int, Rule]]]:
        """``candidates`` of every token of the view, in one pass (its lists read once)."""
        memo, by_child, dep, kids = self._memo, self.by_child_label, view.dep, view.children
        out = []
        for i, key in enumerate(zip(view.lemma, view.lower, view.pos, view.tag, strict=True)):
            hit = memo.get(key)
            if hit is None:
                hit = self._merge(key)
            extra = None
            for c in kids[i]:
                rules = by_child.get(dep[c])
                if rules is not None:
                    extra = dict(rules) if extra is None else {**extra, **dict(rules)}
            out.append(hit if extra is None else [*hit, *extra.items()])
        return out

    def _merge(self, key: tuple[str, str, str, str]) -> list[tuple[int, Rule]]:
        """The rules a word, POS and tag offer (they recur: merged once, kept)."""
        found = dict(self.any)
        for table, k in ((self.by_word, key[0]), (self.by_word, key[1]),
                         (self.by_pos, key[2]), (self.by_tag, key[3])):
            found.update(table.get(k, ()))
        hit = sorted(found.items(), key=lambda kr: kr[0])
        if len(self._memo) > 50_000:
            self._memo.clear()
        self._memo[key] = hit
        return hit


@dataclass(frozen=True)
class RuleSet:
    rules: tuple[Rule, ...]
    lexicon: Lexicon
    version: str
    files: tuple[str, ...] = ()
    by_kind: dict = field(default_factory=dict, repr=False)
    anchors: AnchorIndex | None = field(default=None, repr=False, compare=False)
    matcher: FrameMatcher | None = field(default=None, repr=False, compare=False)

    def of_kind(self, kind: str) -> tuple[Rule, ...]:
        """Rules of a kind; ``path`` also holds the path frames that find a mention
        (learned rules: a ``role`` and a ``pattern``), which the path matcher runs too."""
        return self.by_kind.get(kind, ())

    @property
    def frame_matcher(self) -> FrameMatcher:
        """The matchers of the node frames (one DependencyMatcher and trigger per frame),
        built on first use when the RuleSet was built by hand."""
        if self.matcher is None:
            object.__setattr__(self, "matcher", build_matcher(self.of_kind("frame")))
        return self.matcher

    @cached_property
    def path_frames(self) -> tuple[Rule, ...]:
        """Frames written as a path with ``bind`` (walked by the path engine)."""
        return tuple(r for r in self.of_kind("frame") if r.frame is None and r.path is not None)

    @property
    def anchor_index(self) -> AnchorIndex:
        if self.anchors is None:  # a RuleSet built by hand: index it on first use
            object.__setattr__(self, "anchors", AnchorIndex(self.of_kind("path")))
        return self.anchors

    def get(self, rule_id: str) -> Rule | None:
        return next((r for r in self.rules if r.id == rule_id), None)

    def to_dict(self) -> dict:
        return {"version": self.version, "files": list(self.files),
                "rules": [r.to_dict() for r in self.rules]}


def _pydantic_problems(name: str, data: dict, exc: ValidationError) -> list[str]:
    out = []
    for err in exc.errors():
        loc, node, line, rule_id = err["loc"], data, data.get(LINE_KEY, 1), "-"
        for part in loc:
            if isinstance(node, (dict, list)):
                try:
                    node = node[part]
                except (KeyError, IndexError, TypeError):
                    break
                if isinstance(node, dict):
                    line = node.get(LINE_KEY, line)
                    rule_id = node.get("id", rule_id) if "kind" in node else rule_id
        where = ".".join(str(p) for p in loc)
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = f"unknown key {loc[-1]!r} (check the spelling; see rules/README.md)"
        elif err["type"] == "missing":
            msg = f"missing required key {loc[-1]!r}"
        out.append(f"{name}:{line}: {rule_id}: {where}: {msg}")
    return out


def _check_rule(spec: RuleSpec, where: str, max_nodes: int) -> tuple[list[str], dict]:
    problems, compiled = [], {}
    need = {"path": ("pattern", "role"), "span": ("pattern",), "coref": ("pronouns", "strategy"),
            "frame": ("yields", "evaluator")}
    for key in need[spec.kind]:
        if getattr(spec, key) in (None, [], ""):
            problems.append(f"{where}: {spec.kind} rules need {key!r}")
    if problems:
        return problems, compiled
    if spec.kind == "frame":
        problems.extend(f"{where}: {p}" for p in check_frame_header(spec))
        if problems:
            return problems, compiled
    try:
        if spec.kind == "path" or (spec.kind == "frame" and spec.pattern):
            compiled["path"] = compile_path(spec.pattern, max_nodes=max_nodes)
        elif spec.kind == "span":
            compiled["span"] = compile_span(spec.pattern)
    except PathSyntaxError as exc:
        problems.append(f"{where}: pattern {spec.pattern!r}: {exc}")
    for i, ex in enumerate(spec.examples):
        if spec.kind == "frame":
            continue  # checked by check_frame_header
        want = {"path": ex.heads, "span": ex.spans, "coref": ex.resolves}[spec.kind]
        if want is None:
            key = {"path": "heads", "span": "spans", "coref": "resolves"}[spec.kind]
            problems.append(f"{where}: example {i + 1} needs {key!r} (what the rule must find)")
    return problems, compiled


def _display(path: Path) -> str:
    """The path as the user would type it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def load_file(path: Path, max_nodes: int = 8) -> tuple[list[Rule], Section | None, list[str]]:
    """Rules and lexicon section of one file, plus every problem found in it."""
    name = _display(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        return [], None, [f"{name}:1: -: not UTF-8 (byte {exc.start})"]
    except OSError as exc:
        return [], None, [f"{name}:1: -: cannot read ({exc.strerror})"]
    try:
        data = yaml.load(text, Loader=_LineLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return [], None, [f"{name}:{line}: -: YAML syntax error: {problem}"]
    if data is None:
        return [], None, []
    if not isinstance(data, dict):
        return [], None, [f"{name}:1: -: a rule file is a mapping with 'rules:' and/or 'lexicon:'"]
    section, problems = None, []
    if "lexicon" in data:  # the lexicon's own models validate it (depcheck/lexicon.py)
        section, problems = read_section(name, text)
        data = {k: v for k, v in data.items() if k != "lexicon"}
    try:
        parsed = RuleFile.model_validate(_strip_lines(data))
    except ValidationError as exc:
        return [], None, problems + _pydantic_problems(name, data, exc)
    rules = []
    raw_rules = data.get("rules") or []
    for spec, raw in zip(parsed.rules, raw_rules, strict=True):
        line = raw.get(LINE_KEY, 1) if isinstance(raw, dict) else 1
        where = f"{name}:{line}: {spec.id}"
        found, compiled = _check_rule(spec, where, max_nodes)
        problems.extend(found)
        if not found:
            nodes = raw.get("nodes") if isinstance(raw, dict) else None
            node_lines = tuple(n.get(LINE_KEY, line) if isinstance(n, dict) else line
                               for n in nodes) if isinstance(nodes, list) else ()
            rules.append(Rule(spec=spec, file=name, line=line, node_lines=node_lines,
                              **compiled))
    return rules, section, problems


def rule_files(root: Path) -> list[Path]:
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())


def load_rules(root: str | Path, max_nodes: int = 8) -> RuleSet:
    """Load every ``*.yaml`` under ``root``; raise :class:`RuleError` listing all problems."""
    root = Path(root)
    if not root.exists():
        raise RuleError([f"{root}:1: -: rules path does not exist"])
    files = rule_files(root)
    rules: list[Rule] = []
    sections: list[Section] = []
    problems: list[str] = []
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
        found, lexicon, errs = load_file(path, max_nodes=max_nodes)
        rules.extend(r for r in found if r.spec.enabled)
        problems.extend(errs)
        if lexicon is not None:
            sections.append(lexicon)
    seen: dict[str, Rule] = {}
    for rule in rules:
        if rule.id in seen:
            problems.append(f"{rule.location}: {rule.id}: duplicate rule id "
                            f"(first defined at {seen[rule.id].location}); rename one")
        seen[rule.id] = rule
    problems.extend(lint_span_rules(rules))
    lexicon, lexicon_problems = merge_lexicon(sections)
    problems.extend(lexicon_problems)
    rules, frame_problems = _compile_frames(rules, lexicon, max_nodes)
    problems.extend(frame_problems)
    if problems:
        raise RuleError(problems)
    by_kind: dict[str, tuple[Rule, ...]] = {}
    for kind in ("path", "span", "coref", "frame"):
        by_kind[kind] = tuple(r for r in rules if r.kind == kind)
    # path frames that find a mention (learned rules) also run with the path rules
    by_kind["path"] += tuple(r for r in by_kind["frame"] if r.role and r.path is not None)
    return RuleSet(rules=tuple(rules), lexicon=lexicon,
                   version=digest.hexdigest()[:12], files=tuple(str(p) for p in files),
                   by_kind=by_kind, anchors=AnchorIndex(by_kind["path"]),
                   matcher=build_matcher(by_kind["frame"]))


def _compile_frames(rules: list[Rule], lexicon: Lexicon,
                    max_nodes: int) -> tuple[list[Rule], list[str]]:
    """Node frames compiled against the merged lexicon (their "@group" values resolved)."""
    out, problems = [], []
    for rule in rules:
        if rule.kind == "frame" and rule.spec.nodes:
            try:
                rule = replace(rule, frame=compile_frame(rule.spec, lexicon, max_nodes))
            except FrameSyntaxError as exc:
                line = rule.line
                if exc.node is not None and exc.node <= len(rule.node_lines):
                    line = rule.node_lines[exc.node - 1]
                problems.append(f"{rule.file}:{line}: {rule.id}: {exc}")
                continue
        out.append(rule)
    return out, problems

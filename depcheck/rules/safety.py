"""Safety checks on a rule set before it serves: patterns that could backtrack without end,
and a new set that would silently drop rules the serving one has.

* :func:`span_problems` - a span pattern whose unbounded elements (``*``, ``+``) can take
  turns on the same tokens ("NN* NN+", "(NN|JJ)* JJ? NN*"): its regex tries every split
  of a run of such tokens, polynomial in the run's length with the number of such elements
  as the degree.  The loader reports it as a lint error.
* :func:`removal_problems` - a new set with no rules, without a file the serving set read,
  or where a file lost most of its rules (an emptied or truncated file): a hot reload refuses
  it like a broken set unless the removal is declared meant.

Every problem reads ``file:line: rule-id: what is wrong (how to fix)`` like the loader's.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import regex

from .paths import UNIVERSAL_POS

# a file that had at least this many rules may not lose more than half of them in one reload
MIN_RULES_FOR_SHARE = 4
KEPT_SHARE = 0.5

_ELEMENT = regex.compile(r'^(?P<test>"[^"\s]+"|\((?:[^()|\s]+\|)*[^()|\s]+\)|[^\s?*+]+)'
                         r"(?P<q>[?*+])?$")


def _tests(element: str) -> tuple[frozenset[str], str] | None:
    m = _ELEMENT.match(element)
    if not m:
        return None  # the span compiler reports the syntax
    test = m["test"]
    alts = test[1:-1].split("|") if test.startswith("(") else [test]
    return frozenset(alts), m["q"] or ""


def _may_share(a: str, b: str) -> bool:
    """Whether two token tests can accept one token (cautious: a POS and a tag may)."""
    if a.startswith('"') and b.startswith('"'):
        return a.lower() == b.lower()
    if a.startswith('"') or b.startswith('"'):
        return True  # a word has some tag and POS
    if a in UNIVERSAL_POS and b in UNIVERSAL_POS:
        return a == b
    if a in UNIVERSAL_POS or b in UNIVERSAL_POS:
        return True
    return a.startswith(b) or b.startswith(a)  # tag prefixes


def _overlap(x: frozenset[str], y: frozenset[str]) -> bool:
    return any(_may_share(a, b) for a in x for b in y)


def span_problems(source: str) -> list[str]:
    """Why a span pattern could backtrack without bound (empty when it cannot)."""
    elements = [_tests(part) for part in source.split()]
    if any(e is None for e in elements):
        return []
    problems = []
    for i, (tests_i, q_i) in enumerate(elements):
        if q_i not in ("*", "+"):
            continue
        for j in range(i + 1, len(elements)):
            tests_j, q_j = elements[j]
            between = elements[i + 1:j]
            # a required element between them that neither can take forces the split
            if any(q in ("", "+") and not (_overlap(t, tests_i) and _overlap(t, tests_j))
                   for t, q in between):
                break
            if q_j in ("*", "+") and _overlap(tests_i, tests_j):
                parts = source.split()
                problems.append(f"span elements {parts[i]!r} and {parts[j]!r} repeat without "
                                "bound and can match the same tokens, so matching may "
                                "backtrack for very long; bound one of them (? or one "
                                "element) or make their tests disjoint")
                break
    return problems


def lint_span_rules(rules) -> list[str]:
    """The loader's lint of span rules: one problem per ambiguous repetition."""
    return [f"{rule.location}: {rule.id}: {problem}"
            for rule in rules if rule.kind == "span" and rule.spec.pattern
            for problem in span_problems(rule.spec.pattern)]


def removal_problems(old, new, rules_dir: str | Path | None = None) -> list[str]:
    """Why ``new`` would drop rules ``old`` serves: no rules at all, a rule file gone, or a
    file that lost most of its rules.  Empty when the new set keeps what the old one had."""
    root = Path(rules_dir) if rules_dir is not None else None

    def name(path: str) -> str:
        if root is not None:
            try:
                return str(Path(path).resolve().relative_to(root.resolve()))
            except ValueError:
                pass
        return Path(path).name

    problems = []
    if not new.rules:
        where = name(new.files[0]) if new.files else str(root or "rules")
        problems.append(f"{where}:1: -: the new rule set has no rules (the serving set has "
                        f"{len(old.rules)}); refused as a removal not declared meant")
        return problems
    old_files = {name(f): f for f in old.files}
    new_files = {name(f) for f in new.files}
    for gone in sorted(set(old_files) - new_files):
        problems.append(f"{gone}:1: -: rule file removed (it is read by the serving set); "
                        "refused as a removal not declared meant")
    old_counts = Counter(name_of_rule(r, name) for r in old.rules)
    new_counts = Counter(name_of_rule(r, name) for r in new.rules)
    for file, had in sorted(old_counts.items()):
        if file not in new_files:
            continue
        has = new_counts.get(file, 0)
        if has == 0 or (had >= MIN_RULES_FOR_SHARE and has < KEPT_SHARE * had):
            problems.append(f"{file}:1: -: the file went from {had} rules to {has}; an empty "
                            "or truncated file is refused unless the removal is declared meant")
    return problems


def name_of_rule(rule, name) -> str:
    """The file of a rule as :func:`removal_problems` names files."""
    path = Path(rule.file)
    return name(str(path if path.is_absolute() else Path.cwd() / path))

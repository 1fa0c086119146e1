"""No English word list in the library's Python: cues live in rules/lexicon/ (issue 13).

The scan reads ``depcheck/**/*.py`` as syntax trees and collects the strings that decide
something: members of set, list and tuple literals, keys and constant values of dict
literals, the right side of ``in`` / ``==`` comparisons, the arguments of
``startswith``/``endswith``, and regex literals. A string that reads as an English word or
phrase fails the test unless it is a dependency label, a POS tag, a spaCy attribute, a name
the code itself defines (verdicts, hypothesis kinds, program functions, JSON fields), or
on the short allow-list below with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import regex

PACKAGE = Path(__file__).resolve().parent.parent / "depcheck"

_WORD = regex.compile(r"(?:[a-z]+(?:['\- ][a-z]+)*|n't|'s)")
# what a regex may spell without being a word list: escapes, classes, group names, flags
_REGEX_SYNTAX = regex.compile(r"\\[pP]\{[^}]*\}|\\[a-zA-Z]|\[[^\]]*\]|\(\?P?<[^>]*>|\(\?[a-zA-Z]+\)"
                              r"|\{[^}]*\}")
_REGEX_WORD = regex.compile(r"[A-Za-z]{2,}")
_REGEX_CALLS = {"compile", "search", "match", "fullmatch", "sub", "findall", "finditer", "split"}

# Names the code defines and reads by name: they are identifiers, not English cues.
IDENTIFIERS = {
    # verdicts, hypothesis kinds and roles, rule kinds, coref strategies, capture modes
    "supported", "refuted", "unverifiable", "fact", "comparison", "superlative", "entity",
    "attribute", "value", "path", "span", "coref", "anchor", "end", "exact", "synonym",
    "level", "glove", "contains", "domain", "program", "aggregate", "claim",
    # column kinds and value kinds of the compiled table and the aggregate checker
    "text", "number", "bool", "fraction", "percent", "headline", "paragraph",
    # checker modes and config keys
    "auto", "rules", "programs", "rows", "mode",
    # directions, unit ids and the verb/object parts of an explanation
    "higher", "lower", "verb", "star", "rank", "family", "kind",
    # JSON fields of the ranker and the retriever
    "null", "meta", "weights", "orders", "bias", "nodes", "cell", "table", "manifest",
    # spaCy pipes and attributes, the tagger's lemma of the copula
    "ner", "lemma", "pos", "tag", "dep", "head", "children",
    # JSON fields and pipeline stage names
    "id", "caption", "columns", "claims", "sql", "function", "predicates", "result",
    "probability", "matches", "words", "row", "n", "format_version", "idf", "indptr",
    "indices", "data", "lexicon-inverse",
    # keys of the rule schema and pydantic's error types, read when reporting a bad file
    "pattern", "role", "pronouns", "strategy", "heads", "spans", "resolves", "lexicon",
    "missing", "synonyms", "frame", "yields", "evaluator", "tokens",
}
# Names of the program functions, their argument types, trigger classes and families, and
# the cube's aggregates: identifiers the program search and the aggregate checker read by
# name. They are allowed only in those modules (the trigger WORDS are in programs.yaml).
PROGRAM_NAMES = {
    "eq", "ne", "gt", "ge", "lt", "le", "sum", "min", "max", "distinct", "mean", "avg",
    "count", "only", "none", "all", "most", "majority", "greater", "less", "diff",
    "comparative", "negation", "average", "same", "ordinal", "first", "second", "third",
    "fourth", "last", "before", "after", "view", "column", "obj", "num", "hop", "lookup",
    "filter", "unique", "aggregation", "conjunction", "and", "add", "mass",
}
_PROGRAM_MODULES = ("programs/", "agg/", "cube.py")
# Strings kept in Python on purpose, each with its reason (file -> strings).
ALLOWED: dict[str, tuple[set[str], str]] = {
    "frame_check.py": ({"quantifiers"}, "the prefix of the lexicon groups a quantifier's cue "
                                        "is traced to (a group name, not a cue)"),
    "report.py": ({"agg"}, "module names in a hypothesis's trace (output)"),
    "evaluators/bound.py": ({"under", "at most", "over", "at least", "between"},
                            "the comparators the bound evaluator defines (operator codes and "
                            "their wording in an explanation); the cue words that select "
                            "them are rules/lexicon/bounds.yaml's"),
    "evaluators/context.py": ({"flat", "between"},
                              "a dependency label of names, and the range comparator's code"),
    "evaluators/quantifier.py": ({"all", "none", "most", "exactly", "at least", "only"},
                                 "the quantifier kinds the evaluator defines, chosen by the "
                                 "groups of rules/lexicon/quantifiers.yaml"),
    "programs/values.py": ({"year", "month", "week", "day"},
                           "calendar fields of date_parts' (year, month, day): the duration "
                           "words themselves come from numbers.yaml duration_units"),
    "programs/utterance.py": ({"all rows", "is", "is not", "is more than", "is less than",
                               "is at least", "is at most", "does not contain", "is about"},
                              "the wording of a program's explanation (output, not a cue)"),
    "programs/ranker.py": ({"hand-set prior used when no trained ranker is given"},
                           "a comment stored in the ranker's meta (output)"),
    "agg/__init__.py": ({"number of distinct values", "minimum", "maximum", "percentage",
                         "conditional percentage"},
                        "the names of the functions in an explanation (output)"),
    "cli.py": ({"cases", "accuracy", "true precision", "false recall", "coverage",
                "bad lines", "domains", "precision supported", "precision refuted",
                "recall supported", "recall refuted", "decisive", "suite", "writes", "all",
                "local", "ray"},
               "the labels of the metrics table the CLI prints, the domains' source, the "
               "values of serve --auth and of batch --engine (output and options)"),
    "batch.py": ({"local", "ray", "record"},
                 "the engines of depcheck batch (options) and the field an error about a "
                 "whole input record names (output)"),
    "evaluate_suite.py": ({"accuracy", "coverage", "decisive"}, "metric keys (JSON fields)"),
    "lexicon.py": ({"int", "float", "str"}, "pydantic's tags of a union's members"),
    "evaluators/typed.py": ({"resembled"}, "a memo key"),
    "evaluators/schema.py": ({"have-dobj", "with-pobj", "possessive-attribute"},
                             "rule ids of rules/*.yaml (the rules whose objects are had)"),
    "evaluators/boolean.py": ({"verb-predicate"}, "a rule id of rules/*.yaml"),
    "evaluators/superlative.py": ({"all rows"}, "the comparands of an explanation (output)"),
    "corpus.py": ({"only-row"}, "an error label of the suite format"),
    "rules/frames.py": ({"custom attributes are not set by the pipeline", "node"},
                        "a lint message, and the regex that reads a node number back from one"),
    "config.py": ({"true", "yes", "on"}, "how an environment variable spells a true flag"),
}


def _dep_labels_and_tags() -> set[str]:
    """Dependency labels, program function names, the fixed reasons of a verdict, and the
    slots, evaluators and hypothesis kinds of the frames."""
    from depcheck.frames import EVALUATORS, HYPOTHESIS_KINDS, SLOTS
    from depcheck.programs.functions import FUNCTIONS
    from depcheck.reasons import Reason
    from depcheck.rules.paths import DEP_LABELS

    return set(DEP_LABELS) | set(FUNCTIONS) | {r.value for r in Reason} | set(SLOTS) | \
        set(EVALUATORS) | set(HYPOTHESIS_KINDS) | {
        f"{p}_" for p in ("filter", "all", "most", "nth_arg")} | {"arg"}


def _strings(node) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Set, ast.List, ast.Tuple)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant)
                and isinstance(e.value, str)]
    return []


def _regex_words(pattern: str) -> list[str]:
    stripped = _REGEX_SYNTAX.sub(" ", pattern)
    return _REGEX_WORD.findall(stripped)


def _candidates(tree: ast.AST):
    """(line, string) pairs that take part in a decision."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Set, ast.List, ast.Tuple)):
            for s in _strings(node):
                yield node.lineno, s
        elif isinstance(node, ast.Dict):
            constant_values = all(isinstance(v, ast.Constant) for v in node.values)
            for k, v in zip(node.keys, node.values, strict=True):
                if constant_values:  # a table of words (not a JSON object being built)
                    yield from ((node.lineno, s) for s in _strings(k) if k is not None)
                yield from ((node.lineno, s) for s in _strings(v) if " " in s or
                            isinstance(v, ast.Constant))
        elif isinstance(node, ast.Compare):
            if any(isinstance(op, (ast.In, ast.NotIn, ast.Eq, ast.NotEq)) for op in node.ops):
                for c in node.comparators:
                    yield from ((node.lineno, s) for s in _strings(c))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name = node.func.attr
            if name in ("startswith", "endswith"):
                for a in node.args:
                    yield from ((node.lineno, s) for s in _strings(a))
            elif name in _REGEX_CALLS and isinstance(node.func.value, ast.Name) and \
                    node.func.value.id in ("regex", "re") and node.args:
                pattern = node.args[0]
                parts = [pattern] if isinstance(pattern, ast.Constant) else [
                    v for v in ast.walk(pattern) if isinstance(v, ast.Constant)]
                for part in parts:
                    if isinstance(part.value, str):
                        for w in _regex_words(part.value):
                            yield node.lineno, f"regex:{w}"


def find_word_lists(root: Path = PACKAGE) -> list[str]:
    """Every English word the Python under ``root`` decides with, as ``file:line: word``."""
    known = IDENTIFIERS | _dep_labels_and_tags()
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        allowed = ALLOWED.get(rel, (set(), ""))[0]
        if rel.startswith(_PROGRAM_MODULES):
            allowed = allowed | PROGRAM_NAMES
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, s in _candidates(tree):
            word = s[len("regex:"):] if s.startswith("regex:") else s
            low = word.lower()
            if s.startswith("regex:"):
                if word.isupper() or low in known or word in allowed:
                    continue
            elif not _WORD.fullmatch(word) or len(word) < 2 or word in known or word in allowed:
                continue
            found.append(f"depcheck/{rel}:{line}: {s!r}")
    return found


def test_no_english_word_list_in_python() -> None:
    found = find_word_lists()
    assert not found, ("English words in Python; move them to a group in rules/lexicon/ "
                       "(see rules/README.md):\n" + "\n".join(found))


def test_the_scan_sees_a_word_list(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(
        'CUES = {"under", "below"}\n'
        'def f(tok):\n'
        '    return tok.lower_ in ("at least", "no more than") or tok.lower_ == "than"\n'
        'import regex\nR = regex.compile(r"(?P<n>\\d+)\\s*(?:out\\s+of|/)")\n')
    found = find_word_lists(tmp_path)
    assert {f.split(": ", 1)[1] for f in found} == {
        "'under'", "'below'", "'at least'", "'no more than'", "'than'", "'regex:out'",
        "'regex:of'"}


def test_every_lexicon_group_is_defined_in_rules() -> None:
    from depcheck.lexicon import GROUPS, default

    lexicon = default()
    # "groups" is the free-form namespace of a rule file's own groups: rules/ needs none
    assert [g for g in GROUPS if lexicon.where(g) is None and g != "groups"] == []

"""Rule files: every file in rules/ loads, every example runs as a test, broken files are
reported as file:line: rule-id: problem, and path mechanics work on hand-built parses."""

from pathlib import Path

import pytest
from spacy.tokens import Doc
from spacy.vocab import Vocab

from depcheck.errors import RuleError
from depcheck.rules import load_rules
from depcheck.rules.examples import check_examples
from depcheck.rules.paths import PathSyntaxError, compile_path, walk

from .conftest import REPO

RULES = load_rules(REPO / "rules")
BROKEN = sorted((Path(__file__).parent / "rules_broken").glob("*.yaml"))


def test_repository_rules_load():
    kinds = {r.kind for r in RULES.rules}
    assert kinds == {"path", "span", "coref", "frame"}
    assert RULES.lexicon.negations and RULES.version


@pytest.mark.parametrize("rule", RULES.rules, ids=lambda r: r.id)
def test_rule_examples(rule, nlp):
    assert check_examples(rule, nlp, RULES) == []


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_broken_file_names_file_line_and_rule(path):
    with pytest.raises(RuleError) as info:
        load_rules(path)
    problem = info.value.problems[0]
    head, line, rest = problem.split(":", 2)
    assert head.endswith(path.name) and line.isdigit() and int(line) >= 1
    assert rest.strip(), problem
    assert "\n" not in problem


def test_all_problems_reported_at_once(tmp_path):
    for path in BROKEN[:3]:
        (tmp_path / path.name).write_text(path.read_text())
    with pytest.raises(RuleError) as info:
        load_rules(tmp_path)
    assert len(info.value.problems) >= 3


def _doc(words, heads, deps, pos, lemmas=None):
    return Doc(Vocab(), words=words, heads=heads, deps=deps, pos=pos,
               lemmas=lemmas or [w.lower() for w in words])


def test_path_down_conj_star_on_hand_built_parse():
    # It has setup and installation
    doc = _doc(["It", "has", "setup", "and", "installation"], [1, 1, 1, 2, 2],
               ["nsubj", "ROOT", "dobj", "cc", "conj"], ["PRON", "VERB", "NOUN", "CCONJ", "NOUN"],
               ["it", "have", "setup", "and", "installation"])
    path = compile_path("have dobj conj*")
    assert sorted(t.text for t in walk(path, doc[1])) == ["installation", "setup"]


def test_path_up_and_token_tests():
    # near the Arms : Arms <pobj near
    doc = _doc(["near", "the", "Arms"], [0, 2, 0], ["ROOT", "det", "pobj"], ["ADP", "DET", "PROPN"])
    assert [t.text for t in walk(compile_path("PROPN <pobj:near"), doc[2])] == ["near"]
    assert walk(compile_path("PROPN <pobj:by"), doc[2]) == []


@pytest.mark.parametrize("bad", ["", "have dobjx", "have (dobj|)", ". .* .*", "have dobj:!"])
def test_bad_paths_are_rejected(bad):
    with pytest.raises(PathSyntaxError):
        compile_path(bad)

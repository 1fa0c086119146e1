"""The lexicon: groups validated at load with file:line, merged across files, citable."""

from __future__ import annotations

from pathlib import Path

import pytest

from depcheck.errors import RuleError
from depcheck.lexicon import Lexicon, load_lexicon
from depcheck.rules import load_rules

from .conftest import REPO


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _problems(root: Path) -> list[str]:
    with pytest.raises(RuleError) as info:
        load_rules(root)
    return info.value.problems


def test_an_entry_knows_its_file_and_line(tmp_path: Path) -> None:
    _write(tmp_path, "cues.yaml",
           "lexicon:\n"
           "  # bounds\n"
           "  bound_cues_upper:\n"
           "    - under\n"
           "    - no more than\n"
           "  comparatives:\n"
           "    cheap: {attributes: [price], direction: lower}\n")
    lexicon = load_rules(tmp_path).lexicon
    assert lexicon.bound_cues_upper == ("under", "no more than")  # a frame cue group: ordered
    assert lexicon.where("bound_cues_upper", "no more than") == f"{_shown(tmp_path)}/cues.yaml:5"
    assert lexicon.where("comparatives", "cheap") == f"{_shown(tmp_path)}/cues.yaml:7"
    assert lexicon.where("bound_cues_upper") == f"{_shown(tmp_path)}/cues.yaml:3"
    assert lexicon.comparatives["cheap"].direction == "lower"
    assert lexicon.approximate_cues == frozenset()  # a group no file defines is empty


def _shown(path: Path) -> str:
    """How the loader names a file: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def test_an_unknown_group_is_refused_with_its_line(tmp_path: Path) -> None:
    _write(tmp_path, "cues.yaml", "lexicon:\n  negations: [not]\n  bound_cues_uper: [under]\n")
    [problem] = _problems(tmp_path)
    assert problem.startswith(
        f"{_shown(tmp_path)}/cues.yaml:3: bound_cues_uper: unknown lexicon group")
    assert "rules/README.md" in problem


def test_a_bad_entry_is_refused_with_its_line_and_the_fix(tmp_path: Path) -> None:
    _write(tmp_path, "degree.yaml",
           "lexicon:\n"
           "  comparatives:\n"
           "    light: {attributes: [weight], direction: lower}\n"
           "    heavy: {attributes: [weight], direction: up}\n"
           "    quiet: {attributes: [noise], direction: lower, colour: red}\n")
    problems = _problems(tmp_path)
    assert len(problems) == 2
    assert problems[0].startswith(f"{_shown(tmp_path)}/degree.yaml:4: comparatives: "
                                  "comparatives.heavy.direction:")
    assert "'higher' or 'lower'" in problems[0]
    assert problems[1].startswith(f"{_shown(tmp_path)}/degree.yaml:5: comparatives: ")
    assert "unknown key 'colour'" in problems[1]


def test_a_word_list_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, "numbers.yaml", "lexicon:\n  number_words: {two: 2, three: many}\n")
    [problem] = _problems(tmp_path)
    assert problem.startswith(f"{_shown(tmp_path)}/numbers.yaml:2: number_words: "
                              "number_words.three")


def test_a_group_defined_twice_names_both_places(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", "lexicon:\n  bound_cues_upper: [under]\n")
    _write(tmp_path, "b.yaml", "lexicon:\n\n  bound_cues_upper: [below]\n")
    [problem] = _problems(tmp_path)
    assert problem == (f"{_shown(tmp_path)}/b.yaml:3: bound_cues_upper: lexicon group defined "
                       f"twice (first at {_shown(tmp_path)}/a.yaml:2); keep one and move its "
                       "words there")


def test_mergeable_groups_add_up_across_files(tmp_path: Path) -> None:
    sub = tmp_path / "more"
    sub.mkdir()
    _write(tmp_path, "a.yaml", "lexicon:\n  value_synonyms:\n    - [grey, gray]\n"
                               "  generic_nouns: [product]\n")
    _write(sub, "b.yaml", "lexicon:\n  value_synonyms:\n    - [steel, stainless steel]\n"
                          "  generic_nouns: [item]\n")
    lexicon = load_rules(tmp_path).lexicon
    assert lexicon.value_synonyms == (("grey", "gray"), ("steel", "stainless steel"))
    assert lexicon.generic_nouns == frozenset({"product", "item"})
    assert lexicon.where("value_synonyms", "steel") == f"{_shown(sub)}/b.yaml:3"


def test_the_lexicon_is_immutable_and_derived_structures_are_built_once() -> None:
    lexicon = Lexicon({"bound_cues_lower": ["at least", "over"]})
    with pytest.raises(AttributeError):
        lexicon.bound_cues_lower = frozenset()
    built = []
    first = lexicon.derived("k", lambda lex: built.append(1) or sorted(lex.bound_cues_lower))
    again = lexicon.derived("k", lambda lex: built.append(1) or [])
    assert first is again and built == [1]
    assert lexicon.starts("bound_cues_lower").match("over 40 hours")
    assert not lexicon.starts("bound_cues_lower").match("overall 40")


def test_the_packaged_lexicon_cites_its_files() -> None:
    lexicon = load_lexicon(REPO / "rules")
    lines = (REPO / "rules/lexicon/bounds.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if text.startswith("  bound_cues_upper:"))
    where = lexicon.where("bound_cues_upper", "under")
    assert where is not None and where.endswith(f"lexicon/bounds.yaml:{line}")
    assert lexicon.units["kg"].dimension == "mass" and lexicon.units["h"].factor == 3600
    assert lexicon.units["usd"].factor is None  # money does not convert


def test_a_yaml_syntax_error_is_one_line_with_its_file_and_line(tmp_path: Path) -> None:
    _write(tmp_path, "words.yaml", "lexicon:\n  negations: [no, not\n  approximate_cues: [about]\n")
    [problem] = _problems(tmp_path)
    assert problem.startswith(f"{_shown(tmp_path)}/words.yaml:3: -: YAML syntax error:")
    assert "\n" not in problem

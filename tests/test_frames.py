"""Frame rules: compiled to a DependencyMatcher, bound to named slots, checked when loaded.

Matcher mechanics run on hand-built parses (no model); the examples of every frame file
run with the real parser in tests/test_rules.py.
"""

from pathlib import Path

import pytest
import spacy
import yaml
from spacy.tokens import Doc

from depcheck.errors import RuleError
from depcheck.extract import extract
from depcheck.frames import EVALUATORS, SLOTS, FrameMatch, find_frames
from depcheck.rules import load_rules
from depcheck.rules.examples import check_examples

BROKEN = Path(__file__).parent / "rules_broken"

# tent table of its own: "It weighs below 2 kg and comes in red , blue and green ."
WORDS = ["It", "weighs", "below", "2", "kg", "and", "comes", "in", "red", ",", "blue", "and",
         "green", "."]
HEADS = [1, 1, 1, 4, 2, 1, 1, 6, 7, 8, 8, 10, 10, 1]
DEPS = ["nsubj", "ROOT", "prep", "nummod", "pobj", "cc", "conj", "prep", "pobj", "punct",
        "conj", "cc", "conj", "punct"]
POS = ["PRON", "VERB", "ADP", "NUM", "NOUN", "CCONJ", "VERB", "ADP", "ADJ", "PUNCT", "ADJ",
       "CCONJ", "ADJ", "PUNCT"]
TAGS = ["PRP", "VBZ", "IN", "CD", "NNS", "CC", "VBZ", "IN", "JJ", ",", "JJ", "CC", "JJ", "."]


def _doc() -> Doc:
    # a blank English vocab sets the lexical attributes (LOWER, LIKE_NUM) the frames test
    return Doc(spacy.blank("en").vocab, words=WORDS, heads=HEADS, deps=DEPS, pos=POS, tags=TAGS,
               lemmas=[w.lower() for w in WORDS])


def _rules(tmp_path, rules: list[dict], groups: dict | None = None, name="frames.yaml"):
    data = {"rules": rules}
    if groups:
        data["lexicon"] = {"groups": groups}
    (tmp_path / name).write_text(yaml.safe_dump(data, sort_keys=False))
    return load_rules(tmp_path)


def _frame(rule_id, nodes, yields="bound", evaluator="number", **extra):
    return {"id": rule_id, "kind": "frame", "yields": yields, "evaluator": evaluator,
            "description": "a test frame", "nodes": nodes,
            "examples": [{"text": "unused", "slots": {"cue": "below"}}], **extra}


BELOW = [{"slot": "cue", "attrs": {"LOWER": {"IN": "@uppers"}, "DEP": "prep"}},
         {"slot": "value", "from": "cue", "rel": ">>", "attrs": {"LIKE_NUM": True}}]


def test_registry_is_closed_and_named_in_one_place():
    assert "comparison" in EVALUATORS and "quantifier" in EVALUATORS
    assert SLOTS == ("subject", "attribute", "value", "comparand", "comparand_value", "cue",
                     "quantifier", "scope", "member")


def test_group_resolved_and_slots_bound_on_hand_built_parse(tmp_path):
    rules = _rules(tmp_path, [_frame("below-n", BELOW)], groups={"uppers": ["Below", "under"]})
    doc = _doc()
    (match,) = find_frames(doc, rules)
    assert isinstance(match, FrameMatch)
    assert dict(match.slots) == {"value": (3,), "cue": (2,)}
    assert (match.rule, match.kind, match.evaluator) == ("below-n", "bound", "number")
    assert match.location == f"{tmp_path / 'frames.yaml'}:2"  # the rule's line
    assert match.to_dict(doc)["words"] == {"value": ["2"], "cue": ["below"]}
    assert match.to_dict()["slots"] == {"value": [3], "cue": [2]}


def test_conjuncts_widen_a_slot_to_every_conjunct(tmp_path):
    nodes = [{"slot": "cue", "attrs": {"LOWER": "in"}},
             {"slot": "value", "from": "cue", "rel": ">", "attrs": {"DEP": "pobj"},
              "conjuncts": True}]
    rules = _rules(tmp_path, [_frame("in-values", nodes, yields="fact", evaluator="fact")])
    (match,) = find_frames(_doc(), rules)
    assert match.slots["value"] == (8, 10, 12)  # red, blue, green


def test_longer_frame_subsumes_its_shorter_sibling_of_the_same_kind(tmp_path):
    longer = [*BELOW, {"slot": "attribute", "from": "value", "rel": "<", "attrs": {"LOWER": "kg"}}]
    rules = _rules(tmp_path, [_frame("short", BELOW), _frame("long", longer)],
                   groups={"uppers": ["below"]})
    assert [m.rule for m in find_frames(_doc(), rules)] == ["long"]


def test_matches_per_rule_are_bounded_and_in_document_order(tmp_path):
    nodes = [{"slot": "value", "attrs": {"POS": {"IN": ["ADJ", "NUM"]}}}]
    rules = _rules(tmp_path, [_frame("any-value", nodes, yields="fact", evaluator="fact")])
    doc = _doc()
    assert [m.slots["value"][0] for m in find_frames(doc, rules)] == [3, 8, 10, 12]
    assert len(find_frames(doc, rules, limit=2)) == 2
    assert len(extract(doc, rules, limit=2).frames) == 2


def test_path_shorthand_frame_binds_anchor_and_end(tmp_path):
    rule = {"id": "learned-value-01", "kind": "frame", "yields": "fact", "evaluator": "fact",
            "role": "value", "description": "a learned path", "pattern": "in pobj conj*",
            "bind": {"anchor": "cue", "end": "value"},
            "examples": [{"text": "unused", "heads": ["red"]}]}
    rules = _rules(tmp_path, [rule])
    (match,) = find_frames(_doc(), rules)
    assert dict(match.slots) == {"value": (8, 10, 12), "cue": (7,)}
    # a learned frame with a role also finds mentions, like a path rule
    assert {m.head for m in extract(_doc(), rules).mentions} == {8, 10, 12}


def test_multiword_group_in_a_token_attribute_is_refused(tmp_path):
    with pytest.raises(RuleError) as info:
        _rules(tmp_path, [_frame("below-n", BELOW)], groups={"uppers": ["below", "less than"]})
    (problem,) = info.value.problems
    assert problem.endswith("below-n: node 1: LOWER cites group '@uppers', which holds "
                            "multi-word entries ['less than']; a token matches one word (put "
                            "the phrase's words in nodes joined by '.', or cite a group of "
                            "single words)")


def test_unknown_dependency_label_is_refused(tmp_path):
    nodes = [{"slot": "cue", "attrs": {"DEP": "pobjj"}}]
    with pytest.raises(RuleError) as info:
        _rules(tmp_path, [_frame("bad-dep", nodes)])
    assert "bad-dep: node 1: DEP names unknown dependency label(s) ['pobjj']" in \
        info.value.problems[0]


BROKEN_MESSAGES = {
    "frame_unknown_slot": "frame_unknown_slot.yaml:9: frame-bad-slot: node 2: unknown slot "
        "'amount' (one of subject, attribute, value, comparand, comparand_value, cue, "
        "quantifier, scope, member; a helper node has 'name' and no slot)",
    "frame_bad_rel": "frame_bad_rel.yaml:9: frame-bad-rel: node 2 (value): rel '>>>' is not an "
        "operator (> < >> << . .* ; ;* $+ $- $++ $-- >+ >- >++ >-- <+ <- <++ <-- subject)",
    "frame_dangling_from": "frame_dangling_from.yaml:9: frame-dangling-from: node 2 (value): "
        "from 'verb' names no earlier node (earlier: cue)",
    "frame_unknown_evaluator": "frame_unknown_evaluator.yaml:2: frame-unknown-evaluator: "
        "evaluator 'numbers' is not a registered evaluator (one of fact, number, boolean, "
        "level, comparison, superlative, quantifier, schema, entity, date, items, ratio, "
        "difference, shared, columns, age, life, balance, span, restated, tenure, rank, gap, "
        "trend; "
        "depcheck/frames.py EVALUATORS)",
    "frame_unknown_group": "frame_unknown_group.yaml:11: frame-unknown-group: node 1: LOWER "
        "cites unknown lexicon group '@bound_wordz' (define it as a group in rules/lexicon/ or "
        "under 'lexicon: groups:' in a rule file; groups defined: bound_words)",
    "frame_too_many_nodes": "frame_too_many_nodes.yaml:2: frame-too-many-nodes: frame has 9 "
        "nodes, the limit is 8 (split the rule or raise max_rule_nodes)",
    "frame_unknown_attribute": "frame_unknown_attribute.yaml:8: frame-unknown-attribute: node "
        "1: attribute 'ENT_TYPE' cannot be used (NER is disabled in the pipeline)",
}


@pytest.mark.parametrize("stem", sorted(BROKEN_MESSAGES))
def test_broken_frame_file_message(stem):
    with pytest.raises(RuleError) as info:
        load_rules(BROKEN / f"{stem}.yaml")
    (problem,) = info.value.problems
    assert problem.endswith(BROKEN_MESSAGES[stem]), problem
    assert problem.split(":")[0].endswith(f"{stem}.yaml")


def test_example_whose_slots_do_not_match_is_reported(nlp):
    rules = load_rules(BROKEN / "examples" / "frame_wrong_slots.yaml")
    (rule,) = rules.rules
    problems = check_examples(rule, nlp, rules)
    assert len(problems) == 2
    first, second = problems
    assert first.startswith("tests/rules_broken/examples/frame_wrong_slots.yaml:2: "
                            "frame-wrong-slots: example 1: no match binds "
                            "{'cue': ['below'], 'value': ['kg']} (matches: [")
    assert second.startswith("tests/rules_broken/examples/frame_wrong_slots.yaml:2: "
                             "frame-wrong-slots: not_matching 1 'The kettle weighs below 3 "
                             "kg.' is matched: [")


def test_two_nodes_never_bind_the_same_token(tmp_path):
    # weighs > (any child) and weighs > (any child): spaCy alone would also give [w, x, x]
    nodes = [{"name": "verb", "attrs": {"LOWER": "weighs"}},
             {"slot": "subject", "from": "verb", "rel": ">", "attrs": {"DEP": "nsubj"}},
             {"slot": "value", "from": "verb", "rel": ">", "attrs": {}}]
    rules = _rules(tmp_path, [_frame("two-children", nodes, yields="fact", evaluator="fact")])
    values = sorted(m.slots["value"][0] for m in find_frames(_doc(), rules))
    assert values == [2, 5, 6, 13]  # below, and, comes, "." - never It (the subject) again


@pytest.mark.parametrize(("forbidden", "matches"), [("nsubj", 1), ("prep", 0)])
def test_without_forbids_a_child(tmp_path, forbidden, matches):
    # "comes" (conj of "weighs") has a prep child and no subject of its own
    nodes = [{"name": "first", "attrs": {"LOWER": "weighs"}},
             {"slot": "subject", "from": "first", "rel": ">", "attrs": {"DEP": "nsubj"}},
             {"slot": "value", "from": "first", "rel": ">", "attrs": {"DEP": "conj"},
              "without": [{"DEP": forbidden}]}]
    rules = _rules(tmp_path, [_frame("shared-subject", nodes, yields="fact", evaluator="fact")])
    assert len(find_frames(_doc(), rules)) == matches


def test_without_refuses_what_it_cannot_test(tmp_path):
    nodes = [{"slot": "cue", "attrs": {"LOWER": "below"}, "without": [{"LENGTH": 3}]}]
    with pytest.raises(RuleError) as info:
        _rules(tmp_path, [_frame("bad-without", nodes)])
    assert "bad-without: node 1: 'without' tests ['LENGTH']" in info.value.problems[0]


def test_frames_are_not_matched_in_overlong_sentences(nlp, core_checker):
    """The DependencyMatcher's cost explodes with sentence length (spaCy issue 6678): a
    sentence over MAX_SENTENCE_TOKENS is left to the path rules; a short one still gets
    its frames, with token ids relative to the whole document."""
    from depcheck.frames import find_frames
    from depcheck.rules.frames import MAX_SENTENCE_TOKENS

    short = "Intro text here. The kettle holds 2 liters and weighs 1 kg."
    found = find_frames(nlp(short), core_checker.rules)
    coordinated = [m for m in found if m.rule == "coordination-predicate-object"]
    assert coordinated and nlp(short)[coordinated[0].slots["value"][0]].text == "kg"
    long = " ".join(["The kettle holds 2 liters and weighs 1 kg"] * 20) + "."
    doc = nlp(long)
    assert max(len(s) for s in doc.sents) > MAX_SENTENCE_TOKENS
    assert not [m for m in find_frames(doc, core_checker.rules)
                if any(i >= s.start and i < s.end for s in doc.sents
                       if len(s) > MAX_SENTENCE_TOKENS for i in m.tokens())]

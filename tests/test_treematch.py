"""TreePattern finds what spaCy's DependencyMatcher finds, on sentences written for it."""

from __future__ import annotations

import pytest
from spacy.matcher import DependencyMatcher

from depcheck.rules.frames import build_matcher
from depcheck.rules.treematch import TreeView, tree_pattern

SENTENCES = [
    "The green kettle holds two liters and weighs 1.4 kg.",
    "Unlike the Orla lamp, the Brisk lamp is not dimmable.",
    "Both fans are quieter than the old heater, which hums at 52 dB.",
    "It costs $40. The other one costs more than $55 and ships in 3 days.",
    "The steel kettle boils a liter two minutes faster and holds 300 more.",
    "It sells for 40 less than the Brisk.",
]

PATTERNS = {
    # a verb with its subject and object: ">" twice
    "subject-object": [
        {"RIGHT_ID": "verb", "RIGHT_ATTRS": {"POS": {"IN": ["VERB", "AUX"]}}},
        {"LEFT_ID": "verb", "REL_OP": ">", "RIGHT_ID": "subject",
         "RIGHT_ATTRS": {"DEP": {"IN": ["nsubj", "nsubjpass"]}}},
        {"LEFT_ID": "verb", "REL_OP": ">", "RIGHT_ID": "object",
         "RIGHT_ATTRS": {"DEP": {"IN": ["dobj", "attr", "acomp"]}}},
    ],
    # a number anywhere under a verb, and the word before the number
    "number-under-verb": [
        {"RIGHT_ID": "verb", "RIGHT_ATTRS": {"POS": "VERB"}},
        {"LEFT_ID": "verb", "REL_OP": ">>", "RIGHT_ID": "number",
         "RIGHT_ATTRS": {"LIKE_NUM": True}},
        {"LEFT_ID": "number", "REL_OP": ";", "RIGHT_ID": "before", "RIGHT_ATTRS": {}},
    ],
    # "than" and its head's head; the word after "than"
    "than-up": [
        {"RIGHT_ID": "than", "RIGHT_ATTRS": {"LOWER": "than"}},
        {"LEFT_ID": "than", "REL_OP": "<", "RIGHT_ID": "cue", "RIGHT_ATTRS": {}},
        {"LEFT_ID": "cue", "REL_OP": "<<", "RIGHT_ID": "top", "RIGHT_ATTRS": {}},
        {"LEFT_ID": "than", "REL_OP": ".", "RIGHT_ID": "next", "RIGHT_ATTRS": {}},
    ],
    # the children after a verb and those before them (">++", ">--"), and a number's
    # comparative on its right with the word above it (the shape of the frame
    # difference-implicit-on-figure)
    "right-and-left-children": [
        {"RIGHT_ID": "verb", "RIGHT_ATTRS": {"POS": {"IN": ["VERB", "AUX"]}}},
        {"LEFT_ID": "verb", "REL_OP": ">++", "RIGHT_ID": "after", "RIGHT_ATTRS": {}},
        {"LEFT_ID": "after", "REL_OP": ">--", "RIGHT_ID": "before", "RIGHT_ATTRS": {}},
    ],
    "figure-then-comparative": [
        {"RIGHT_ID": "value", "RIGHT_ATTRS": {"LIKE_NUM": True}},
        {"LEFT_ID": "value", "REL_OP": ">++", "RIGHT_ID": "cue",
         "RIGHT_ATTRS": {"TAG": {"IN": ["JJR", "RBR"]}}},
        {"LEFT_ID": "value", "REL_OP": "<", "RIGHT_ID": "above", "RIGHT_ATTRS": {}},
    ],
    # a regular expression searched in a word (not anchored unless it says so), and a
    # negated set: a modifier not tagged as a proper noun over its noun
    "regex-and-not-in": [
        {"RIGHT_ID": "mod", "RIGHT_ATTRS": {"LOWER": {"REGEX": "er$|^[0-9]"},
                                            "POS": {"NOT_IN": ["PROPN", "VERB"]}}},
        {"LEFT_ID": "mod", "REL_OP": "<", "RIGHT_ID": "head",
         "RIGHT_ATTRS": {"POS": {"NOT_IN": ["PUNCT"]}}},
    ],
    # a lemma and a negation child; flags that are false
    "negated-lemma": [
        {"RIGHT_ID": "be", "RIGHT_ATTRS": {"LEMMA": "be"}},
        {"LEFT_ID": "be", "REL_OP": ">", "RIGHT_ID": "neg",
         "RIGHT_ATTRS": {"DEP": "neg", "IS_DIGIT": False, "IS_PUNCT": False}},
    ],
}


def _spacy_matches(doc, pattern) -> list[tuple[int, ...]]:
    matcher = DependencyMatcher(doc.vocab)
    matcher.add("p", [pattern])
    return sorted(tuple(ids) for _, ids in matcher(doc))


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_tree_pattern_finds_what_the_dependency_matcher_finds(nlp, name):
    pattern = tree_pattern(PATTERNS[name])
    assert pattern is not None
    total = 0
    for text in SENTENCES:
        doc = nlp(text)
        view = TreeView(doc, tuple(sorted(pattern.attrs)))
        mine = sorted(tuple(ids) for ids in pattern.find(view, 0, len(doc)))
        assert mine == _spacy_matches(doc, PATTERNS[name]), text
        total += len(mine)
    assert total > 0  # the pattern matched something in these sentences


def test_named_matches_on_a_sentence_of_its_own(nlp):
    doc = nlp("The green kettle holds two liters and weighs 1.4 kg.")
    pattern = tree_pattern(PATTERNS["subject-object"])
    found = {tuple(doc[i].text for i in ids)
             for ids in pattern.find(TreeView(doc, tuple(sorted(pattern.attrs))), 0, len(doc))}
    assert ("holds", "kettle", "liters") in found


def test_find_stays_inside_the_range_it_is_given(nlp):
    doc = nlp("It costs $40. The other one costs more than $55 and ships in 3 days.")
    first = next(iter(doc.sents))
    pattern = tree_pattern(PATTERNS["number-under-verb"])
    view = TreeView(doc, tuple(sorted(pattern.attrs)))
    inside = pattern.find(view, first.start, first.end)
    assert inside and all(first.start <= i < first.end for ids in inside for i in ids)
    everywhere = pattern.find(view, 0, len(doc))
    assert len(everywhere) > len(inside)


def test_patterns_beyond_the_subset_keep_the_dependency_matcher(nlp):
    sibling = [{"RIGHT_ID": "a", "RIGHT_ATTRS": {"POS": "NOUN"}},
               {"LEFT_ID": "a", "REL_OP": "$+", "RIGHT_ID": "b", "RIGHT_ATTRS": {}}]
    numeric = [{"RIGHT_ID": "w", "RIGHT_ATTRS": {"LENGTH": {">=": 3}}}]
    two_ops = [{"RIGHT_ID": "w", "RIGHT_ATTRS": {"LOWER": {"IN": ["a"], "NOT_IN": ["b"]}}}]
    assert tree_pattern(sibling) is None
    assert tree_pattern(numeric) is None
    assert tree_pattern(two_ops) is None


class _Frame:
    def __init__(self, pattern):
        self.pattern = tuple(pattern)


class _Rule:
    def __init__(self, rule_id, pattern):
        self.id = rule_id
        self.frame = _Frame(pattern)


def test_a_frame_matcher_mixes_tree_patterns_and_dependency_matchers(nlp):
    """One rule the TreePattern matches, one it leaves to spaCy: both find their matches."""
    sibling = _Rule("next-sibling", [
        {"RIGHT_ID": "a", "RIGHT_ATTRS": {"LOWER": "fans"}},
        {"LEFT_ID": "a", "REL_OP": "$++", "RIGHT_ID": "b", "RIGHT_ATTRS": {"DEP": "attr"}}])
    subject = _Rule("subject", PATTERNS["subject-object"])
    matcher = build_matcher([sibling, subject])
    assert [e[1] is None for e in matcher.entries] == [True, False]
    doc = nlp("Both fans are quieter than the old heater, which hums at 52 dB.")
    found = {(rule.id, tuple(doc[i].text for i in ids)) for rule, ids in matcher(doc)}
    assert ("next-sibling", ("fans", "quieter")) in found
    assert ("subject", ("are", "fans", "quieter")) in found


@pytest.mark.parametrize("attrs", [("LEMMA",), ("DEP", "LOWER"), ("IS_ALPHA", "LEMMA", "TAG")])
def test_a_tree_view_sharing_the_doc_view_holds_the_same_lists(nlp, attrs):
    from depcheck.rules.paths import DocView

    doc = nlp("The Brisk lamp is not dimmable, but it costs 12 dollars less.")
    alone, shared = TreeView(doc, attrs), TreeView(doc, attrs, DocView(doc))
    assert shared.values == alone.values and list(shared.values) == list(attrs)
    assert (shared.head, shared.children, shared.root) == (alone.head, alone.children,
                                                            alone.root)
    assert alone.values[attrs[0]][2] == {"LEMMA": "lamp", "DEP": "nsubj",
                                         "IS_ALPHA": True}[attrs[0]]


def test_the_subject_operator_reads_a_coordinated_predicates_subject(nlp):
    """``subject``: a predicate's own subject, else (a conjunct of a predicate, with none
    of its own) the subject of the predicate it is coordinated with; never another
    child."""
    pattern_spec = [
        {"RIGHT_ID": "verb", "RIGHT_ATTRS": {"POS": {"IN": ["VERB", "AUX"]}}},
        {"LEFT_ID": "verb", "REL_OP": "subject", "RIGHT_ID": "subject",
         "RIGHT_ATTRS": {"DEP": {"IN": ["nsubj", "nsubjpass"]}}},
    ]
    pattern = tree_pattern(pattern_spec)
    assert pattern is not None and "DEP" in pattern.attrs
    doc = nlp("The green kettle holds two liters and weighs 1.4 kg.")
    found = {(doc[v].text, doc[s].text)
             for v, s in pattern.find(TreeView(doc, tuple(sorted(pattern.attrs))), 0, len(doc))}
    assert found == {("holds", "kettle"), ("weighs", "kettle")}
    # a conjunct with a subject of its own keeps it
    doc = nlp("The kettle holds two liters and the jug weighs 1.4 kg.")
    found = {(doc[v].text, doc[s].text)
             for v, s in pattern.find(TreeView(doc, tuple(sorted(pattern.attrs))), 0, len(doc))}
    assert found == {("holds", "kettle"), ("weighs", "jug")}


def test_the_subject_operator_needs_a_tree_pattern(tmp_path):
    """A frame whose pattern the tree matcher cannot read may not use ``subject``: a lint
    error at load, naming the rule's line."""
    from depcheck.rules.loader import load_rules

    (tmp_path / "f.yaml").write_text(
        "rules:\n"
        "  - id: bad-subject\n"
        "    kind: frame\n"
        "    yields: quantifier\n"
        "    evaluator: quantifier\n"
        "    description: a pattern with an operator the tree matcher lacks\n"
        "    nodes:\n"
        "      - {name: verb, attrs: {POS: VERB}}\n"
        "      - {slot: scope, from: verb, rel: subject, attrs: {DEP: nsubj}}\n"
        "      - {slot: quantifier, from: verb, rel: \"$++\", attrs: {LOWER: only}}\n"
        "      - {slot: value, from: verb, rel: \">\", attrs: {DEP: dobj}}\n"
        "    examples:\n"
        "      - text: \"It only holds water.\"\n"
        "        slots: {value: water}\n")
    with pytest.raises(Exception, match=r"f\.yaml:\d+: bad-subject: .*'subject' needs a pattern"):
        load_rules(tmp_path)

"""DepCheckerGA (issue 7): span data, candidates, alignment, the GA and its YAML output."""

from __future__ import annotations

import json

import pytest

from depcheck.extract import extract, find_heads
from depcheck.parse import load_pipeline
from depcheck.rules import load_rules
from depcheck.rules.examples import check_examples
from learners.align import merge_paths, msa_merge, nw_merge
from learners.candidates import candidates
from learners.ga import GAConfig, learn, msa_compress
from learners.spans import SpanDataError, parse_lines
from learners.write import rule_file, write_rules

# (text, entity head, attribute head); one shape: "<entity> has a <attribute>."
TRAIN = [("The lamp has a switch.", "lamp", "switch"),
         ("The kettle has a lid.", "kettle", "lid"),
         ("The phone has a camera.", "phone", "camera"),
         ("The bike has a bell.", "bike", "bell"),
         ("The tent has a door.", "tent", "door"),
         ("The chair has a cushion.", "chair", "cushion")]
TEST = [("The radio has an antenna.", "radio", "antenna"),
        ("The blender has a motor.", "blender", "motor"),
        ("The stroller has a basket.", "stroller", "basket")]


def _line(text: str, entity: str, attribute: str, split: str) -> str:
    e, a = text.index(entity), text.index(attribute)
    return json.dumps({"text": text, "split": split, "links": [[0, 1]], "spans": [
        {"start": e, "end": e + len(entity), "role": "entity"},
        {"start": a, "end": a + len(attribute), "role": "attribute"}]})


@pytest.fixture(scope="module")
def nlp():
    return load_pipeline()


@pytest.fixture(scope="module")
def learned(nlp):
    sentences = parse_lines([_line(*row, "train") for row in TRAIN])
    docs = list(nlp.pipe([s.text for s in sentences]))
    result, scorer = learn(docs, sentences, GAConfig(seed=7, generations=15, population=20))
    return result, scorer, sentences


def test_nw_merge_of_abcd_and_ace_stars_gaps_and_chooses_on_mismatch():
    assert nw_merge("ABCD", "ACE") == ["A", "B*", "C", "(D|E)"]


def test_path_merge_and_progressive_msa():
    assert merge_paths(("have", "dobj"), ("have", "dobj", "conj")) == ("have", "dobj", "conj*")
    merged = msa_merge([("have", "dobj"), ("offer", "dobj"), ("have", "dobj", "conj")])
    assert merged == ("(have|offer)", "dobj", "conj*")


def test_span_loader_reports_every_problem_with_its_line():
    bad = ['{"text": "abc", "spans": [{"start": 0, "end": 9, "role": "entity"}]}',
           "not json",
           '{"text": "abc", "spans": [{"start": 0, "end": 1, "role": "colour"}]}']
    with pytest.raises(SpanDataError) as info:
        parse_lines(bad, "x.jsonl")
    problems = info.value.problems
    assert [p.split(":")[1] for p in problems] == ["1", "2", "3"]
    assert "outside the text" in problems[0] and "colour" in problems[2]


def test_candidates_include_the_path_between_linked_heads(nlp):
    sentences = parse_lines([_line(*TRAIN[0], "train")])
    cands = {(c.role, c.pattern) for c in candidates([nlp(sentences[0].text)], sentences)}
    assert ("attribute", "NOUN <nsubj:have dobj") in cands
    assert ("attribute", "have dobj") in cands


def test_learned_rules_find_heads_of_held_out_sentences(nlp, learned, tmp_path):
    result, scorer, sentences = learned
    document = rule_file(result, scorer, [s.text for s in sentences], seed=7)
    write_rules(tmp_path / "learned.yaml", document)
    ruleset = load_rules(tmp_path)  # the checker's own loader and matcher
    for text, entity, attribute in TEST:
        doc = nlp(text)
        found = {(rule.role, doc[head].text) for rule, head, _ in find_heads(doc, ruleset)}
        assert ("entity", entity) in found and ("attribute", attribute) in found, (text, found)


def test_yaml_output_loads_with_provenance(learned, tmp_path):
    result, scorer, sentences = learned
    rules, merged = msa_compress(result.rules, scorer)
    result.rules = rules
    texts = [s.text for s in sentences]
    document = rule_file(result, scorer, texts, 7, merged_from=merged)
    path = write_rules(tmp_path / "out.yaml", document)
    ruleset = load_rules(path)
    assert ruleset.rules
    for rule in ruleset.rules:
        assert rule.kind == "frame" and rule.path is not None and rule.spec.bind is not None
        assert rule.spec.provenance.seed == 7
        assert rule.spec.provenance.sentences_matched >= 1


def test_learned_frames_are_matched_as_frames_and_their_examples_hold(nlp, learned, tmp_path):
    result, scorer, sentences = learned
    write_rules(tmp_path / "learned.yaml",
                rule_file(result, scorer, [s.text for s in sentences], seed=7))
    ruleset = load_rules(tmp_path)
    for rule in ruleset.rules:
        assert check_examples(rule, nlp, ruleset) == []
    doc = nlp("The radio has an antenna.")
    frames = extract(doc, ruleset).frames
    bound = {(slot, doc[i].text) for m in frames for slot, ids in m.slots.items() for i in ids}
    # entity rules bind the subject slot, attribute rules the attribute slot
    assert ("subject", "radio") in bound and ("attribute", "antenna") in bound, frames
    assert {m.rule for m in frames} <= {r.id for r in ruleset.rules}


def test_same_seed_same_rules(nlp, learned):
    result, _, sentences = learned
    docs = list(nlp.pipe([s.text for s in sentences]))
    again, _ = learn(docs, sentences, GAConfig(seed=7, generations=15, population=20))
    assert again.rules == result.rules


def test_learn_command_writes_a_loadable_file(tmp_path):
    from click.testing import CliRunner

    from learners.cli import learn as learn_cli

    spans = tmp_path / "spans.jsonl"
    spans.write_text("\n".join(_line(*row, "train") for row in TRAIN) + "\n", encoding="utf-8")
    out = tmp_path / "rules" / "learned.yaml"
    run = CliRunner().invoke(learn_cli, [str(spans), "--out", str(out), "--seed", "3",
                                         "--generations", "5", "--population", "10"])
    assert run.exit_code == 0, run.output
    assert "rules=" in run.output
    assert load_rules(out).rules


def test_shipped_labels_follow_the_head_word_convention(nlp):
    from pathlib import Path

    from learners.spans import label_problems, load_spans

    root = Path(__file__).resolve().parents[1] / "learners" / "data"
    sentences = load_spans(root / "ecommerce_spans.jsonl", root / "e2e_spans.jsonl")
    assert len(sentences) >= 200
    assert {s.split for s in sentences} == {"train", "test"}
    docs = nlp.pipe([s.text for s in sentences])
    problems = [p for doc, s in zip(docs, sentences, strict=True) for p in label_problems(doc, s)]
    assert problems == []


def test_exact_fusion_only_where_a_choice_matches_the_union():
    from learners.align import fuse_exact

    assert fuse_exact(("NOUN", "nummod"), ("PROPN", "nummod")) == ("(NOUN|PROPN)", "nummod")
    assert fuse_exact((".", "dobj:NOUN"), (".", "dobj:PROPN")) == (".", "dobj:(NOUN|PROPN)")
    assert fuse_exact(("have", "dobj"), ("have", "nsubj")) == ("have", "(dobj|nsubj)")
    assert fuse_exact((".", "dobj*"), (".", "nsubj*")) is None  # (a|b)* matches more
    assert fuse_exact(("have", "dobj", "conj"), ("with", "pobj", "conj")) is None
    assert fuse_exact((".", "dobj"), ("NOUN", "dobj")) is None  # '.' already holds both


def test_completion_adds_rules_for_missed_heads_and_pruning_drops_idle_ones(nlp, learned):
    from learners.candidates import Cand
    from learners.ga import complete, fuse, prune

    _, scorer, _ = learned
    subject = Cand("entity", (".", "nsubj"))
    have = Cand("attribute", ("have", "dobj"))
    pool = [subject, have, Cand("attribute", ("NOUN", "<nsubj:have", "dobj"))]
    done = complete([], scorer, pool, lam=0.5, min_support=2)
    assert scorer.recall_precision(done)[0] == 1.0
    # the third rule finds what 'have dobj' finds: it adds no recall and is pruned
    assert prune([subject, have, pool[2]], scorer) in ([subject, have], [subject, pool[2]])
    assert fuse([Cand("value", ("NOUN", "nummod"), "anchor"),
                 Cand("value", ("PROPN", "nummod"), "anchor")]) == [
        Cand("value", ("(NOUN|PROPN)", "nummod"), "anchor")]


def test_anchor_capture_rules_are_written_and_run_as_the_checker_runs_them(nlp, tmp_path):
    from learners.candidates import Cand
    from learners.ga import LearnResult, Scorer

    sentences = parse_lines([_line(*row, "train") for row in TRAIN[:3]])
    docs = list(nlp.pipe([s.text for s in sentences]))
    scorer = Scorer(docs, sentences)
    rule = Cand("entity", ("NOUN", "det"), "anchor")  # a noun with a determiner, itself
    assert {docs[k][t].text for k, _, t in scorer.matches(rule)} == {
        "lamp", "switch", "kettle", "lid", "phone", "camera"}
    assert scorer.cost(Cand("entity", (".", "nsubj"))) == 1.0
    assert 0 < scorer.cost(rule) < 1
    result = LearnResult(rules=[rule], fitness=0.0, generation=0)
    write_rules(tmp_path / "r.yaml", rule_file(result, scorer, [s.text for s in sentences], 0))
    ruleset = load_rules(tmp_path)
    assert ruleset.rules[0].spec.capture == "anchor"
    doc = nlp("The radio has an antenna.")
    assert {doc[h].text for _, h, _ in find_heads(doc, ruleset)} == {"radio", "antenna"}

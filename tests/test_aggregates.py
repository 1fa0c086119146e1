"""Aggregate claims: detection, keyword weights, fragments, the model and the public results."""

from __future__ import annotations

import numpy as np
import pytest

from depcheck.agg import aggregate_hypotheses, check_document
from depcheck.agg.claims import CONTEXT_FACTOR, HEADLINE_FACTOR, find_claims, split_blocks
from depcheck.agg.fragments import bm25_family, build_fragments
from depcheck.agg.model import Model, choose_scope, matches, significant_digits
from depcheck.compiled import compile_table
from depcheck.cube import Agg, CubeEngine
from depcheck.errors import InputError
from depcheck.parse import load_pipeline
from depcheck.table import Table
from depcheck.vectors import Vectors

BLENDERS = Table(
    id="blenders", columns=("name", "category", "brand", "dishwasher safe", "rating", "price"),
    rows=(("Blendo", "blender", "Acme", "yes", "4.5", "$30"),
          ("Mixo", "blender", "Acme", "no", "4.0", "$50"),
          ("Whirl", "blender", "Zed", "yes", "3.0", "$45"),
          ("Toasty", "toaster", "Zed", "no", "5.0", "$70")))
TEXT_ONLY = Table(id="pets", columns=("name", "species"),
                  rows=(("Rex", "dog"), ("Tom", "cat"), ("Kit", "cat")))


@pytest.fixture(scope="module")
def nlp():
    return load_pipeline()


@pytest.fixture(scope="module")
def vectors():
    # a tiny vector set: "cost" sits next to "price", nothing else is close
    return Vectors.from_words({"price": [1.0, 0.1, 0.0], "cost": [0.95, 0.15, 0.0],
                               "rating": [0.0, 1.0, 0.0], "brand": [0.0, 0.0, 1.0]})


def check(text, nlp, vectors, table=BLENDERS):
    return check_document(text, table, nlp=nlp, vectors=vectors)


@pytest.mark.parametrize("text, values, kinds", [
    ("Two of the 3 blenders cost $1,250.5 in total.", [2, 3, 1250.5], ["number"] * 3),
    ("Sales rose 40% and 12 percent.", [40, 12], ["percent", "percent"]),
    ("A third of them and half of those, two thirds overall.",
     [1 / 3, 0.5, 2 / 3], ["fraction"] * 3),
    ("It was released on 11 june and is the first one.", [], []),
])
def test_claims_are_numbers_words_percentages_and_fractions(nlp, text, values, kinds):
    claims = find_claims(nlp(text))
    assert [c.value for c in claims] == pytest.approx(values)
    assert [c.kind for c in claims] == kinds
    for c in claims:
        assert text[c.span[0]:c.span[1]] == c.text


def test_keywords_are_weighted_by_tree_distance_context_and_headline(nlp):
    text = "# Kitchen report\n\nWe tested blenders. Sadly, the average rating was 4.1 overall.\n"
    blocks = split_blocks(text)
    assert [b.kind for b in blocks] == ["headline", "paragraph"]
    para = blocks[1]
    claim = find_claims(nlp(para.text), offset=para.start, headlines=(nlp(blocks[0].text),))[0]
    w = claim.keyword_weights
    assert text[claim.span[0]:claim.span[1]] == "4.1"
    sentence = {k: v for k, v in w.items() if k in ("average", "rating", "sadly", "overall")}
    assert w["rating"] > w["average"]  # "rating" heads "average": one edge closer to 4.1
    floor = min(sentence.values())
    assert w["blender"] == pytest.approx(CONTEXT_FACTOR * floor)
    assert w["kitchen"] == pytest.approx(HEADLINE_FACTOR * floor)


@pytest.mark.parametrize("value, digits", [(4.5, 2), (120, 2), (0.05, 1), (3, 1), (1024, 4)])
def test_significant_digits_as_written(value, digits):
    assert significant_digits(value) == digits


def test_results_round_to_the_claim_at_any_significant_digits(nlp):
    claim = find_claims(nlp("The average is 4.5."))[0]
    funcs = np.full(4, int(Agg.AVG))
    got = matches(np.array([4.53, 4.46, 4.6, np.nan]), funcs, claim)
    assert got.tolist() == [True, True, False, False]
    third = find_claims(nlp("A third of them."))[0]
    ratio = np.array([int(Agg.PERCENTAGE), int(Agg.PERCENTAGE)])
    assert matches(np.array([33.3, 50.0]), ratio, third).tolist() == [True, False]


def test_bm25_prefers_rare_terms():
    fam = bm25_family([["price"], ["price", "rating"], ["price", "brand"]])
    scores = fam.scores({"rating": 1.0, "price": 1.0})
    assert scores.argmax() == 1
    assert fam.scores({"brand": 1.0})[2] > fam.scores({"price": 1.0})[2]


def test_glove_synonyms_and_units_name_columns(vectors):
    frag = build_fragments(compile_table(BLENDERS), vectors)
    price = compile_table(BLENDERS).column_by_name("price").index
    assert frag.columns.scores({"cost": 1.0}).argmax() == price
    assert frag.columns.scores({"$": 1.0}).argmax() == price


def test_scope_shrinks_as_tables_grow():
    small, large = choose_scope(12, 4, 100), choose_scope(12, 4, 1_000_000)
    assert small[0] > large[0]


@pytest.mark.parametrize("text, verdict", [
    ("The shop has two dishwasher safe blenders.", "supported"),  # Blendo, Whirl
    ("The average rating is 4.1.", "supported"),
    ("The highest rating is 5.", "supported"),
    ("Acme products cost $80 in total.", "supported"),
    ("Half of the products are made by Zed.", "supported"),
    ("Exactly one blender is not dishwasher safe.", "supported"),  # Mixo
    ("The average rating is 3.2.", "refuted"),
    ("Acme products cost $95 in total.", "refuted"),
])
def test_claims_are_checked_against_the_table(nlp, vectors, text, verdict):
    results = check(text, nlp, vectors)
    assert results and results[-1].verdict == verdict, results[-1].explanation


FANS = Table(id="fans", columns=("name", "quiet", "price"),
             rows=(("Aero", "yes", "$20"), ("Breeze", "no", "$25"), ("Cyclone", "no", "$30"),
                   ("Draft", "no", "$35")))


@pytest.mark.parametrize("text, verdict", [
    ("Three fans are quiet.", "refuted"),  # three are NOT quiet: the "no" literal needs a "not"
    ("Three fans are not quiet.", "supported"),
    ("One fan is quiet.", "supported"),
])
def test_boolean_no_literals_need_a_negation(nlp, vectors, text, verdict):
    (r,) = check(text, nlp, vectors, table=FANS)
    assert r.verdict == verdict, r.explanation


def test_claim_result_carries_candidates_sql_and_evidence(nlp, vectors):
    r = check("Acme products cost $80 in total.", nlp, vectors)[0]
    assert r.claimed == 80 and r.correctness >= 0.5
    assert r.sql == 'SELECT SUM("price") FROM "t" WHERE "brand" = \'Acme\''
    assert r.result == 80
    probs = [c.probability for c in r.candidates]
    assert probs == sorted(probs, reverse=True) and len(r.candidates) <= 5
    assert [c.value for c in r.evidence.output] == ["$30", "$50"]
    assert {c.column for c in r.evidence.used} == {"brand"}
    d = r.to_dict()
    assert d["sql"] == r.sql and d["candidates"][0]["sql"] == r.sql
    assert d["evidence"]["columns"] == ["price", "brand"]
    assert "the text says $80" in r.explanation


def test_aggregate_hypotheses_for_the_checker(nlp, vectors):
    compiled = compile_table(BLENDERS)
    hyps = aggregate_hypotheses(nlp("The average rating is 3.2."), compiled, vectors=vectors)
    (h,) = hyps
    assert h.kind == "aggregate" and h.verdict == "refuted"
    assert h.rule == "aggregate.avg"
    assert h.explanation == ("average of rating over all rows is 4.125; the text says 3.2")
    assert h.details["sql"] == 'SELECT AVG("rating") FROM "t"'
    assert h.to_dict()["evidence"]["columns"] == ["rating"]


def test_claims_without_numbers_give_nothing(nlp, vectors):
    assert check("Acme makes good blenders.", nlp, vectors) == []
    assert aggregate_hypotheses(nlp("No numbers here."), compile_table(BLENDERS),
                                vectors=vectors) == []


def test_unrelated_claims_are_unverifiable_with_a_reason(nlp, vectors):
    (r,) = check("Quantum physics has 7 mysteries.", nlp, vectors, table=TEXT_ONLY)
    assert r.verdict == "unverifiable" and r.reason


def test_counting_still_works_without_numeric_columns(nlp, vectors):
    (r,) = check("Two of the pets are cats.", nlp, vectors, table=TEXT_ONLY)
    assert r.verdict == "supported" and r.result == 2


def test_bad_document_is_a_library_error(nlp, vectors):
    with pytest.raises(InputError):
        check_document(None, BLENDERS, nlp=nlp, vectors=vectors)  # type: ignore[arg-type]
    with pytest.raises(InputError):
        check_document("1 " * 60_000, BLENDERS, nlp=nlp, vectors=vectors)


def test_em_learns_the_document_s_functions_and_reuses_the_cache(nlp, vectors):
    compiled = compile_table(BLENDERS)
    engine = CubeEngine(compiled)
    model = Model(compiled, build_fragments(compiled, vectors), engine)
    claims = [c for s in ("Two of the blenders are by Acme.", "Three of them are blenders.",
                          "One of them is a toaster.") for c in find_claims(nlp(s))]
    model.run(claims, iterations=1)
    passes = engine.stats.passes
    model.run(claims, iterations=3)
    assert model.priors.func[Agg.COUNT] > 1 / len(Agg)
    assert model.priors.func[Agg.COUNT] > model.priors.func[Agg.AVG]
    assert engine.stats.passes - passes <= len(claims)  # later iterations mostly hit the cache


# -- bounded work on long statements (issue 14) -------------------------------------------------

def test_tree_distances_agree_with_the_pairwise_walk(nlp):
    from depcheck.agg.claims import tree_distance, tree_distances

    doc = nlp("The two cheapest blenders of Acme cost $80 together, and Whirl has a 3.0 rating.")
    for sent in doc.sents:
        for anchor in sent:
            dist = tree_distances(sent, anchor)
            assert dist == {t.i: tree_distance(anchor, t) for t in sent}


def test_a_statement_full_of_numbers_is_checked_for_a_bounded_number_of_claims(nlp, vectors):
    from depcheck.agg import MAX_STATEMENT_CLAIMS

    text = " ".join(f"Blendo sold {k} units and Mixo {k + 1}." for k in range(40))
    doc = nlp(text)
    assert len(find_claims(doc)) == 80
    assert len(find_claims(doc, limit=5)) == 5
    found = aggregate_hypotheses(doc, compile_table(BLENDERS), vectors=vectors)
    assert len(found) == MAX_STATEMENT_CLAIMS


def test_aggregate_cues_are_worked_out_once_per_sentence(nlp):
    from depcheck.agg.triggers import aggregate_trigger

    doc = nlp("Two blenders cost $30 in total. Blendo is rated 4.5 and Mixo 4.0.")
    first, second = list(doc.sents)
    assert aggregate_trigger(first[0], False) is True   # "two blenders ...": a subject count
    rated = next(t for t in second if t.text == "4.5")
    assert aggregate_trigger(rated, True) is False       # no aggregate word, names a row
    thirty = next(t for t in first if t.text == "30")
    assert aggregate_trigger(thirty, True) is True       # "$30 ... in total"

"""Open-domain retrieval (issue 8): the table index, its persistence and updates, open_check."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from depcheck.errors import InputError, TableError, TextTooLong, UnknownTable
from depcheck.report import REFUTED, SUPPORTED, UNVERIFIABLE, HypothesisResult, Link, Report
from depcheck.retrieve import (
    FEATURES,
    IndexConfig,
    TableIndex,
    _stem,
    entity_mentions,
    open_check,
    tokenize_many,
)
from depcheck.table import Table, TableStore


def _table(table_id: str, caption: str, columns: list[str], rows: list[list[str]]) -> Table:
    return Table.from_dict({"id": table_id, "caption": caption, "columns": columns, "rows": rows})


NUGGETS = _table("nuggets", "2008 - 09 denver nuggets season",
                 ["game", "date", "team", "score", "high points"],
                 [["48", "february 3", "san antonio", "w 104 - 96", "carmelo anthony (35)"],
                  ["49", "february 4", "oklahoma city", "w 114 - 113", "chauncey billups (32)"],
                  ["50", "february 6", "washington", "w 124 - 112", "j r smith (28)"]])
OPEN = _table("open2000", "2000 open championship", ["player", "country", "score"],
              [["tiger woods", "united states", "269"], ["ernie els", "south africa", "277"],
               ["thomas bjørn", "denmark", "277"], ["tom lehman", "united states", "280"]])
STATIONS = _table("stations", "claisebrook railway station", ["station", "line", "zone"],
                  [["perth", "armadale", "1"], ["claisebrook", "midland", "1"],
                   ["east perth", "midland", "1"], ["mclver", "armadale", "1"]])
MOVIES = _table("movies", "list of pixar films", ["film", "year", "director"],
                [["toy story", "1995", "john lasseter"], ["a bug 's life", "1998", "john lasseter"],
                 ["finding nemo", "2003", "andrew stanton"], ["up", "2009", "pete docter"]])
TABLES = [NUGGETS, OPEN, STATIONS, MOVIES]


@pytest.fixture(scope="module")
def index() -> TableIndex:
    return TableIndex.build(TABLES)


@pytest.mark.parametrize("claim, expected", [
    ("carmelo anthony scored 35 points against san antonio in february", "nuggets"),
    ("tiger woods of the united states won the 2000 open championship", "open2000"),
    ("ernie els finished with a score of 277", "open2000"),
    ("trains from claisebrook run on the midland line", "stations"),
    ("finding nemo was directed by andrew stanton in 2003", "movies"),
    ("John Lasseter directed Toy Story.", "movies"),
])
def test_the_right_table_ranks_first(index: TableIndex, claim: str, expected: str) -> None:
    ranked = index.search(claim, k=3)
    assert ranked[0][0] == expected
    assert all(a[1] >= b[1] for a, b in zip(ranked, ranked[1:], strict=False))


def test_a_parsed_doc_gives_the_same_ranking_as_its_text(index: TableIndex) -> None:
    from depcheck.parse import parse

    text = "chauncey billups led the team against oklahoma city"
    assert index.search(parse(text), k=4) == index.search(text, k=4)


def test_a_hand_built_doc_without_a_parse_is_searched_by_proper_nouns_and_numbers(
        index: TableIndex) -> None:
    from spacy.tokens import Doc
    from spacy.vocab import Vocab

    doc = Doc(Vocab(), words=["Ernie", "Els", "shot", "277"],
              pos=["PROPN", "PROPN", "VERB", "NUM"])
    assert entity_mentions(doc) == ["Ernie Els", "277", "Ernie Els shot 277"]
    assert index.search(doc, k=1)[0][0] == "open2000"


def test_mentions_are_noun_chunks_proper_nouns_and_numbers_with_units(index: TableIndex) -> None:
    mentions = index.mentions("The compass bank building has 31 floors.")
    assert "compass bank building" in mentions
    assert "31 floors" in mentions and "31" in mentions


def test_tokens_fold_case_punctuation_articles_and_number_words() -> None:
    assert tokenize_many(["The 3rd of ten Games, 1,200 (USA)", "Kovalainen's car"]) == [
        ["3", "of", "10", "games", "1200", "usa"], ["kovalainen", "car"]]


def test_k_bounds_the_results_and_unrelated_claims_find_nothing(index: TableIndex) -> None:
    assert len(index.search("john lasseter directed toy story", k=1)) == 1
    assert index.search("is it so ?", k=5) == []
    assert index.search("zebras quietly photosynthesize", k=5) == []


def test_save_and_load_round_trip_gives_identical_results(index: TableIndex,
                                                          tmp_path: Path) -> None:
    claims = ["tiger woods won in 2000", "pete docter directed up", "perth is in zone 1"]
    index.save(tmp_path / "idx")
    loaded = TableIndex.load(tmp_path / "idx")
    mapped = (loaded.postings.data, loaded.postings.indices, loaded.postings.indptr,
              loaded.vocab_keys, loaded.idf, loaded.cell_table)
    assert not any(a.flags.writeable for a in mapped)  # views of the read-only maps
    assert loaded.table_ids == index.table_ids and loaded.config == index.config
    for claim in claims:
        assert loaded.search(claim, k=4) == index.search(claim, k=4)
    eager = TableIndex.load(tmp_path / "idx", mmap=False)
    assert eager.postings.data.flags.writeable
    assert eager.search(claims[0], k=4) == index.search(claims[0], k=4)


def test_add_and_remove_update_the_results(tmp_path: Path) -> None:
    partial = TableIndex.build([NUGGETS, STATIONS, MOVIES])
    claim = "tiger woods of the united states won the 2000 open championship"
    assert "open2000" not in dict(partial.search(claim, k=4))
    partial.add(OPEN)
    assert partial.search(claim, k=1)[0][0] == "open2000"
    assert len(partial) == 4 and "open2000" in partial
    partial.remove("open2000")
    assert "open2000" not in dict(partial.search(claim, k=4))
    assert "open2000" not in partial
    partial.add(OPEN)
    partial.save(tmp_path / "idx")
    assert TableIndex.load(tmp_path / "idx").search(claim, k=1)[0][0] == "open2000"


def test_removing_then_compacting_keeps_the_other_tables(index: TableIndex) -> None:
    copy = TableIndex.build(TABLES)
    copy.remove("nuggets")
    copy.compact()
    assert copy.table_ids == ["open2000", "stations", "movies"]
    assert copy.postings.shape[1] == len(copy.cell_table)
    assert copy.search("finding nemo by andrew stanton", k=1)[0][0] == "movies"
    assert copy.search("carmelo anthony scored 35", k=4) != index.search(
        "carmelo anthony scored 35", k=4)


def test_adding_a_table_with_a_known_id_replaces_it() -> None:
    idx = TableIndex.build([OPEN, MOVIES])
    renamed = _table("movies", "list of ghibli films", ["film", "year"],
                     [["spirited away", "2001"], ["ponyo", "2008"]])
    idx.add(renamed)
    assert len(idx) == 2
    assert idx.search("spirited away came out in 2001", k=1)[0][0] == "movies"
    assert "movies" not in dict(idx.search("finding nemo by andrew stanton", k=2))


def test_an_empty_index_grows_by_adding() -> None:
    idx = TableIndex.build([])
    assert idx.search("tiger woods won", k=3) == []
    idx.add(OPEN)
    assert idx.search("tiger woods won", k=3)[0][0] == "open2000"


@pytest.mark.parametrize("query, error", [
    ("", InputError), ("   \n", InputError), ("x" * 6000, TextTooLong), (42, InputError),
])
def test_odd_queries_raise_library_errors(index: TableIndex, query: object,
                                          error: type) -> None:
    with pytest.raises(error):
        index.search(query, k=3)


@pytest.mark.parametrize("k", [0, -1, 2.5, True])
def test_k_must_be_a_positive_integer(index: TableIndex, k: object) -> None:
    with pytest.raises(InputError):
        index.search("tiger woods", k=k)


def test_odd_corpus_input_raises_library_errors(index: TableIndex, tmp_path: Path) -> None:
    with pytest.raises(TableError):
        TableIndex.build([{"id": "t", "columns": ["a"], "rows": [["1"]]}])
    with pytest.raises(TableError):
        index.add("not a table")
    with pytest.raises(UnknownTable):
        TableIndex.build(TABLES).remove("no-such-table")
    with pytest.raises(TableError):
        TableIndex.load(tmp_path / "missing")
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "manifest.json").write_text('{"format_version": 999}')
    with pytest.raises(TableError):
        TableIndex.load(tmp_path / "bad")
    for bad in ({"orders": (4,)}, {"idf_unit": "word"}, {"size_norm": 2.0}, {"max_mentions": 0},
                {"candidates": 0}, {"weights": (1.0, 1.0)}, {"max_postings": 0}):
        with pytest.raises(InputError):
            IndexConfig(**bad)
    with pytest.raises(TableError):
        IndexConfig.from_dict({"orders": [2, 3], "no_such_setting": 1})


# ---------------------------------------------------------------- the second stage


def _season(table_id: str, rows: list[list[str]]) -> Table:
    return _table(table_id, "1998 springfield isotopes season", ["date", "opponent", "result"],
                  rows)


# two versions of one season: same caption, columns and cells, but not the same rows
FIRST = _season("first", [["august 2", "shelbyville", "w 3 - 1"],
                          ["august 9", "capital city", "l 0 - 2"]])
SECOND = _season("second", [["august 2", "capital city", "w 3 - 1"],
                            ["august 9", "shelbyville", "l 0 - 2"]])
MEDALS = _table("medals", "2003 world games", ["nation", "gold medal", "silver medal"],
                [["norway", "3", "1"], ["kenya", "2", "4"]])


def test_sibling_tables_are_told_apart_by_the_row_that_holds_the_claim() -> None:
    idx = TableIndex.build([FIRST, SECOND, *TABLES])
    (best, best_score), (other, other_score) = idx.search(
        "the isotopes played shelbyville on august 9", k=2)
    assert (best, other) == ("second", "first") and best_score > other_score
    assert idx.search("the isotopes played shelbyville on august 2", k=1)[0][0] == "first"


def test_query_ngrams_in_too_many_cells_are_skipped() -> None:
    """"1" is a cell of all four tables: with at most 3 postings it no longer counts."""
    ones = [_table(f"t{i}", f"caption {i}", ["n"], [["1"], [f"word{i}"]]) for i in range(4)]
    everywhere = TableIndex.build(ones)
    assert everywhere.scores(["1"]).min() > 0
    bounded = TableIndex.build(ones, IndexConfig(max_postings=3))
    assert bounded.scores(["1"]).max() == 0
    assert bounded.scores(["word2"]).argmax() == 2


def test_plurals_meet_singular_column_names() -> None:
    assert [_stem(w) for w in ["medals", "cities", "matches", "boxes", "class", "bonus",
                               "tennis", "1990s", "gas"]] == [
        "medal", "city", "match", "box", "class", "bonus", "tennis", "1990s", "gas"]
    idx = TableIndex.build([MEDALS, *TABLES])
    assert idx.search("kenya won two gold medals", k=1)[0][0] == "medals"


def test_candidates_features_are_shares_within_0_and_1(index: TableIndex) -> None:
    positions, features = index.candidates("tiger woods of the united states won the open")
    assert features.shape == (len(positions), len(FEATURES))
    assert ((features >= 0) & (features <= 1 + 1e-9)).all()
    gold = positions.tolist().index(index.table_ids.index("open2000"))
    assert features[gold].tolist() == pytest.approx(features.max(axis=0).tolist())
    assert index.config.weights and len(index.config.weights) == len(FEATURES)


def _word_entries(idx: TableIndex) -> tuple[set, set]:
    """The word index as sets: (word key, table id, where) and (word key, table id, row)."""
    words = idx.words
    key_of = np.empty(len(words.keys), dtype=np.uint64)
    key_of[words.ids] = words.keys
    tables, rows = words.tables.tocoo(), words.rows.tocoo()
    first_row = np.searchsorted(words.row_table, np.arange(len(idx.table_ids) + 1))
    by_table = {(int(key_of[w]), idx.table_ids[t], int(v))
                for w, t, v in zip(tables.row, tables.col, tables.data, strict=True)}
    by_row = {(int(key_of[w]), idx.table_ids[words.row_table[r]],
               int(r - first_row[words.row_table[r]])) for w, r in zip(rows.row, rows.col,
                                                                       strict=True)}
    return by_table, by_row


def test_updates_keep_the_word_index_equal_to_a_fresh_build(tmp_path: Path) -> None:
    grown = TableIndex.build([NUGGETS, STATIONS])
    grown.add(OPEN)
    grown.add(MOVIES)
    assert _word_entries(grown) == _word_entries(TableIndex.build(TABLES))
    shrunk = TableIndex.build(TABLES)
    shrunk.remove("stations")
    shrunk.compact()
    fresh = TableIndex.build([NUGGETS, OPEN, MOVIES])
    assert _word_entries(shrunk) == _word_entries(fresh)
    shrunk.save(tmp_path / "idx")
    assert _word_entries(TableIndex.load(tmp_path / "idx")) == _word_entries(fresh)


# ---------------------------------------------------------------- open_check


def _fake_check(text: str, table: Table) -> Report:
    """Links each cell string the claim contains; claims a fabricated refutation otherwise."""
    cells = {c for row in table.rows for c in row}
    found = sorted(c for c in cells if len(c) > 3 and c in text)
    if not found:
        fabricated = HypothesisResult(kind="fact", text=text, span=(0, len(text)),
                                      verdict=REFUTED, reason="entity not in table",
                                      rule="fake.fabricated", explanation="nothing linked")
        return Report(verdict=REFUTED, text=text, hypotheses=(fabricated,), timing_ms=0.1,
                      table_id=table.id)
    verdict = REFUTED if "not" in text.split() else SUPPORTED
    hyps = tuple(HypothesisResult(kind="fact", text=c, span=(0, len(c)), verdict=verdict,
                                  reason="value matches", rule="fake.link", explanation="linked",
                                  entity=Link(mention=c, target=c, method="exact"))
                 for c in found)
    return Report(verdict=verdict, text=text, hypotheses=hyps, timing_ms=0.1, table_id=table.id)


def test_open_check_answers_from_the_table_whose_links_cover_the_claim(index: TableIndex
                                                                       ) -> None:
    store = TableStore({t.id: t for t in TABLES})
    report = open_check("tiger woods and ernie els played the 2000 open championship",
                        index, store, _fake_check, k=3)
    assert report.verdict == SUPPORTED
    assert report.table_id == "open2000"
    used = report.details["open_domain"]["table"]
    assert used["table_id"] == "open2000" and used["linked"] == 2
    runners = report.details["open_domain"]["runners_up"]
    assert all(r["table_id"] != "open2000" and "score" in r for r in runners)
    refuted = open_check("tiger woods did not play", index, store, _fake_check, k=3)
    assert refuted.verdict == REFUTED and refuted.table_id == "open2000"


def test_open_check_is_unverifiable_when_the_corpus_lacks_the_facts(index: TableIndex) -> None:
    without_golf = TableStore({t.id: t for t in TABLES if t.id != "open2000"})
    partial = TableIndex.build(list(without_golf))
    claim = "tiger woods of the united states won the 2000 open championship"
    report = open_check(claim, partial, without_golf, _fake_check, k=3)
    assert report.verdict == UNVERIFIABLE
    assert report.table_id == ""
    (hypothesis,) = report.hypotheses
    assert hypothesis.reason == "no table in the corpus holds the claim"
    assert "united states" in hypothesis.explanation
    assert report.details["open_domain"]["table"] is None
    assert report.to_dict()["verdict"] == UNVERIFIABLE


def test_open_check_with_nothing_retrieved_checks_nothing(index: TableIndex) -> None:
    calls: list[str] = []

    def check(text: str, table: Table) -> Report:
        calls.append(table.id)
        return _fake_check(text, table)

    report = open_check("zebras quietly photosynthesize", index,
                        TableStore({t.id: t for t in TABLES}), check, k=5)
    assert report.verdict == UNVERIFIABLE and calls == []


def test_zero_fractions_read_as_whole_numbers() -> None:
    assert tokenize_many(["31.0 laps", "rank 3.00", "2.50 m", "1,000.0"]) == [
        ["31", "laps"], ["rank", "3"], ["2.50", "m"], ["1000"]]
    short = _table("short", "1987 race", ["driver", "laps"], [["ann rees", "31"], ["bo li", "12"]])
    long = _table("long", "1988 race", ["driver", "laps"], [["ann rees", "31.5"], ["bo li", "9"]])
    idx = TableIndex.build([long, short])
    assert idx.search("ann rees completed 31.0 laps", k=1)[0][0] == "short"


def test_a_claim_word_counts_when_its_lemma_is_in_the_table() -> None:
    # the same players; only one table has the column the claim's verb talks about
    ranks = _table("ranks", "2001 league", ["player", "rank"],
                   [["ann rees", "1"], ["bo li", "2"]])
    wins = _table("wins", "2001 league", ["player", "wins"],
                  [["ann rees", "4"], ["bo li", "2"]])
    idx = TableIndex.build([ranks, wins])
    positions, features = idx.candidates("ann rees won the most")
    by_id = {idx.table_ids[p]: f for p, f in zip(positions, features, strict=True)}
    assert by_id["wins"][1] > by_id["ranks"][1]  # "won" found as "win" (the column "wins")
    assert idx.search("ann rees won the most", k=1)[0][0] == "wins"



def test_a_word_found_under_both_of_its_forms_counts_once() -> None:
    both = _table("both", "2001 league", ["player", "won", "wins"], [["ann rees", "4", "4"]])
    idx = TableIndex.build([both, NUGGETS])
    positions, features = idx.candidates("ann rees won")
    (row,) = features[positions == idx.table_ids.index("both")]
    assert row[1] == pytest.approx(1.0) and row[2] == pytest.approx(1.0)


def test_held_is_the_share_of_the_claim_one_row_holds(index: TableIndex) -> None:
    claim = "ernie els of south africa had a score of 277"
    held = dict(zip(["open2000", "nuggets"], index.held(claim, ["open2000", "nuggets"]),
                    strict=True))
    assert 0.9 <= held["open2000"] <= 1.0 + 1e-9 and 0.0 <= held["nuggets"] < 0.3
    positions, features = index.candidates(claim)
    row = dict(zip((index.table_ids[p] for p in positions), features[:, 2], strict=True))
    assert held["open2000"] == pytest.approx(row["open2000"])
    # a word no table holds counts against every table (and not in the ranking features)
    (unknown,) = index.held(claim.replace("had", "won in zanzibar with"), ["open2000"])
    assert unknown < 0.8 * held["open2000"]
    assert index.held(claim, []) == []
    with pytest.raises(UnknownTable):
        index.held(claim, ["no such table"])


MASTERS = _table("masters2001", "2001 masters tournament", ["place", "player", "score"],
                 [["1", "tiger woods", "272"], ["2", "david duval", "274"],
                  ["3", "phil mickelson", "275"]])


def test_open_check_does_not_answer_from_a_table_holding_little_of_the_claim() -> None:
    # the 2000 open is not in the corpus; a 2001 table holds one of the claim's names
    tables = [t for t in TABLES if t.id != "open2000"] + [MASTERS]
    store, idx = TableStore({t.id: t for t in tables}), TableIndex.build(tables)
    claim = "ernie els of south africa finished second behind tiger woods at the 2000 open"
    assert idx.search(claim, k=1)[0][0] == "masters2001"
    (held,) = idx.held(claim, ["masters2001"])
    assert held < 0.4
    lenient = open_check(claim, idx, store, _fake_check, k=3, min_held=0.0)
    assert lenient.table_id == "masters2001" and lenient.verdict == SUPPORTED
    strict = open_check(claim, idx, store, _fake_check, k=3, min_held=0.4)
    assert strict.verdict == UNVERIFIABLE and strict.table_id == ""
    runners = strict.details["open_domain"]["runners_up"]
    assert runners[0]["table_id"] == "masters2001" and runners[0]["held"] == round(held, 4)
    # the table that holds the claim is still used at that bar
    with_gold = TableIndex.build([*tables, *[t for t in TABLES if t.id == "open2000"]])
    store_gold = TableStore({t.id: t for t in [*tables, *TABLES]})
    used = open_check("ernie els of south africa finished with a score of 277", with_gold,
                      store_gold, _fake_check, k=3, min_held=0.4)
    assert used.table_id == "open2000"

"""Open-domain retrieval (issue 8): the table index, its persistence and updates, open_check."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from depcheck.errors import InputError, TableError, TextTooLong, UnknownTable
from depcheck.report import REFUTED, SUPPORTED, UNVERIFIABLE, Report
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


HAWKS = _table("hawks", "2019 - 20 harbor city hawks season",
               ["game", "date", "team", "score", "high points"],
               [["31", "february 3", "riverton", "w 101 - 94", "dana pierce (35)"],
                ["32", "february 4", "lake ashford", "w 110 - 108", "milo vance (32)"],
                ["33", "february 6", "port ellis", "w 120 - 115", "t j okafor (28)"]])
COASTAL = _table("coastal2003", "2003 coastal classic", ["player", "country", "score"],
                 [["hal brennan", "united states", "269"], ["rui tavares", "south africa", "277"],
                  ["søren lund", "denmark", "277"], ["ned carrow", "united states", "280"]])
STATIONS = _table("stations", "wexley railway station", ["station", "line", "zone"],
                  [["dunmore", "harrowgate", "1"], ["wexley", "ferndale", "1"],
                   ["east dunmore", "ferndale", "1"], ["kilbride", "harrowgate", "1"]])
MOVIES = _table("movies", "list of brightwater studio films", ["film", "year", "director"],
                [["paper boats", "1995", "ivo marsh"], ["a mole 's tale", "1998", "ivo marsh"],
                 ["under the pier", "2003", "lena ortiz"], ["aloft", "2009", "sam whitlow"]])
TABLES = [HAWKS, COASTAL, STATIONS, MOVIES]


@pytest.fixture(scope="module")
def index() -> TableIndex:
    return TableIndex.build(TABLES)


@pytest.mark.parametrize("claim, expected", [
    ("dana pierce scored 35 points against riverton in february", "hawks"),
    ("hal brennan of the united states won the 2003 coastal classic", "coastal2003"),
    ("rui tavares finished with a score of 277", "coastal2003"),
    ("trains from wexley run on the ferndale line", "stations"),
    ("under the pier was directed by lena ortiz in 2003", "movies"),
    ("Ivo Marsh directed Paper Boats.", "movies"),
])
def test_the_right_table_ranks_first(index: TableIndex, claim: str, expected: str) -> None:
    ranked = index.search(claim, k=3)
    assert ranked[0][0] == expected
    assert all(a[1] >= b[1] for a, b in zip(ranked, ranked[1:], strict=False))


def test_a_parsed_doc_gives_the_same_ranking_as_its_text(index: TableIndex) -> None:
    from depcheck.parse import parse

    text = "milo vance led the team against lake ashford"
    assert index.search(parse(text), k=4) == index.search(text, k=4)


def test_a_hand_built_doc_without_a_parse_is_searched_by_proper_nouns_and_numbers(
        index: TableIndex) -> None:
    from spacy.tokens import Doc
    from spacy.vocab import Vocab

    doc = Doc(Vocab(), words=["Rui", "Tavares", "shot", "277"],
              pos=["PROPN", "PROPN", "VERB", "NUM"])
    assert entity_mentions(doc) == ["Rui Tavares", "277", "Rui Tavares shot 277"]
    assert index.search(doc, k=1)[0][0] == "coastal2003"


def test_mentions_are_noun_chunks_proper_nouns_and_numbers_with_units(index: TableIndex) -> None:
    mentions = index.mentions("The compass bank building has 31 floors.")
    assert "compass bank building" in mentions
    assert "31 floors" in mentions and "31" in mentions


def test_tokens_fold_case_punctuation_articles_and_number_words() -> None:
    assert tokenize_many(["The 3rd of ten Games, 1,200 (USA)", "Kovalainen's car"]) == [
        ["3", "of", "10", "games", "1200", "usa"], ["kovalainen", "car"]]


def test_k_bounds_the_results_and_unrelated_claims_find_nothing(index: TableIndex) -> None:
    assert len(index.search("ivo marsh directed paper boats", k=1)) == 1
    assert index.search("is it so ?", k=5) == []
    assert index.search("zebras quietly photosynthesize", k=5) == []


def test_save_and_load_round_trip_gives_identical_results(index: TableIndex,
                                                          tmp_path: Path) -> None:
    claims = ["hal brennan won in 2003", "sam whitlow directed aloft", "dunmore is in zone 1"]
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
    partial = TableIndex.build([HAWKS, STATIONS, MOVIES])
    claim = "hal brennan of the united states won the 2003 coastal classic"
    assert "coastal2003" not in dict(partial.search(claim, k=4))
    partial.add(COASTAL)
    assert partial.search(claim, k=1)[0][0] == "coastal2003"
    assert len(partial) == 4 and "coastal2003" in partial
    partial.remove("coastal2003")
    assert "coastal2003" not in dict(partial.search(claim, k=4))
    assert "coastal2003" not in partial
    partial.add(COASTAL)
    partial.save(tmp_path / "idx")
    assert TableIndex.load(tmp_path / "idx").search(claim, k=1)[0][0] == "coastal2003"


def test_removing_then_compacting_keeps_the_other_tables(index: TableIndex) -> None:
    copy = TableIndex.build(TABLES)
    copy.remove("hawks")
    copy.compact()
    assert copy.table_ids == ["coastal2003", "stations", "movies"]
    assert copy.postings.shape[1] == len(copy.cell_table)
    assert copy.search("under the pier by lena ortiz", k=1)[0][0] == "movies"
    assert copy.search("dana pierce scored 35", k=4) != index.search(
        "dana pierce scored 35", k=4)


def test_adding_a_table_with_a_known_id_replaces_it() -> None:
    idx = TableIndex.build([COASTAL, MOVIES])
    renamed = _table("movies", "list of ghibli films", ["film", "year"],
                     [["spirited away", "2001"], ["ponyo", "2008"]])
    idx.add(renamed)
    assert len(idx) == 2
    assert idx.search("spirited away came out in 2001", k=1)[0][0] == "movies"
    assert "movies" not in dict(idx.search("under the pier by lena ortiz", k=2))


def test_an_empty_index_grows_by_adding() -> None:
    idx = TableIndex.build([])
    assert idx.search("hal brennan won", k=3) == []
    idx.add(COASTAL)
    assert idx.search("hal brennan won", k=3)[0][0] == "coastal2003"


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
        index.search("hal brennan", k=k)


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
    positions, features = index.candidates("hal brennan of the united states won the open")
    assert features.shape == (len(positions), len(FEATURES))
    assert ((features >= 0) & (features <= 1 + 1e-9)).all()
    gold = positions.tolist().index(index.table_ids.index("coastal2003"))
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
    grown = TableIndex.build([HAWKS, STATIONS])
    grown.add(COASTAL)
    grown.add(MOVIES)
    assert _word_entries(grown) == _word_entries(TableIndex.build(TABLES))
    shrunk = TableIndex.build(TABLES)
    shrunk.remove("stations")
    shrunk.compact()
    fresh = TableIndex.build([HAWKS, COASTAL, MOVIES])
    assert _word_entries(shrunk) == _word_entries(fresh)
    shrunk.save(tmp_path / "idx")
    assert _word_entries(TableIndex.load(tmp_path / "idx")) == _word_entries(fresh)


# ---------------------------------------------------------------- open_check


def test_open_check_answers_from_the_table_whose_links_cover_the_claim(
        index: TableIndex, core_checker) -> None:
    store = TableStore({t.id: t for t in TABLES})
    # COASTAL's row "rui tavares | south africa | 277" holds all three facts
    report = open_check("rui tavares of south africa had a score of 277", index, store,
                        core_checker.check, k=3)
    assert report.verdict == SUPPORTED
    assert report.table_id == "coastal2003"
    used = report.details["open_domain"]["table"]
    assert used["table_id"] == "coastal2003" and used["linked"] >= 2
    runners = report.details["open_domain"]["runners_up"]
    assert runners and all(r["table_id"] != "coastal2003" and "score" in r for r in runners)
    # the same row says 277, not 280 (280 is ned carrow's score)
    refuted = open_check("rui tavares of south africa had a score of 280", index, store,
                         core_checker.check, k=3)
    assert refuted.verdict == REFUTED and refuted.table_id == "coastal2003"


def test_open_check_is_unverifiable_when_the_corpus_lacks_the_facts(index: TableIndex,
                                                                    core_checker) -> None:
    without_golf = TableStore({t.id: t for t in TABLES if t.id != "coastal2003"})
    partial = TableIndex.build(list(without_golf))
    claim = "hal brennan of the united states won the 2003 coastal classic"
    report = open_check(claim, partial, without_golf, core_checker.check, k=3)
    assert report.verdict == UNVERIFIABLE
    assert report.table_id == ""
    (hypothesis,) = report.hypotheses
    assert hypothesis.reason == "no table in the corpus holds the claim"
    assert "united states" in hypothesis.explanation
    assert report.details["open_domain"]["table"] is None
    assert report.to_dict()["verdict"] == UNVERIFIABLE


def test_open_check_with_nothing_retrieved_checks_nothing(index: TableIndex,
                                                         core_checker) -> None:
    calls: list[str] = []

    def check(text: str, table: Table) -> Report:
        calls.append(table.id)
        return core_checker.check(text, table)

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
    idx = TableIndex.build([both, HAWKS])
    positions, features = idx.candidates("ann rees won")
    (row,) = features[positions == idx.table_ids.index("both")]
    assert row[1] == pytest.approx(1.0) and row[2] == pytest.approx(1.0)


def test_held_is_the_share_of_the_claim_one_row_holds(index: TableIndex) -> None:
    claim = "rui tavares of south africa had a score of 277"
    held = dict(zip(["coastal2003", "hawks"], index.held(claim, ["coastal2003", "hawks"]),
                    strict=True))
    assert 0.9 <= held["coastal2003"] <= 1.0 + 1e-9 and 0.0 <= held["hawks"] < 0.3
    positions, features = index.candidates(claim)
    row = dict(zip((index.table_ids[p] for p in positions), features[:, 2], strict=True))
    assert held["coastal2003"] == pytest.approx(row["coastal2003"])
    # a word no table holds counts against every table (and not in the ranking features)
    (unknown,) = index.held(claim.replace("had", "won in zanzibar with"), ["coastal2003"])
    assert unknown < 0.8 * held["coastal2003"]
    assert index.held(claim, []) == []
    with pytest.raises(UnknownTable):
        index.held(claim, ["no such table"])


LINKS = _table("links2004", "2004 links trophy", ["place", "player", "score"],
               [["1", "hal brennan", "272"], ["2", "cole danner", "274"],
                ["3", "iver holt", "275"]])


def test_open_check_does_not_answer_from_a_table_holding_little_of_the_claim(core_checker
                                                                             ) -> None:
    # the 2003 coastal classic is not in the corpus; a 2004 table holds one of the claim's
    # names and the claimed score (hal brennan, 272), none of the rest (rui tavares, south
    # africa, 2003 coastal classic)
    tables = [t for t in TABLES if t.id != "coastal2003"] + [LINKS]
    store, idx = TableStore({t.id: t for t in tables}), TableIndex.build(tables)
    claim = ("rui tavares of south africa finished second behind hal brennan at the 2003 coastal "
             "classic with 272")
    assert idx.search(claim, k=1)[0][0] == "links2004"
    (held,) = idx.held(claim, ["links2004"])
    assert held < 0.4
    lenient = open_check(claim, idx, store, core_checker.check, k=3, min_held=0.0)
    # with no bar, that table answers; its "hal brennan | 272" row links, but nothing in it
    # speaks of rui tavares, south africa or the 2003 coastal classic: unverifiable
    assert lenient.table_id == "links2004" and lenient.verdict == UNVERIFIABLE
    assert lenient.details["open_domain"]["table"]["linked"] >= 1
    strict = open_check(claim, idx, store, core_checker.check, k=3, min_held=0.4)
    assert strict.verdict == UNVERIFIABLE and strict.table_id == ""
    runners = strict.details["open_domain"]["runners_up"]
    assert runners[0]["table_id"] == "links2004" and runners[0]["held"] == round(held, 4)
    # the table that holds the claim is still used at that bar, and its row decides
    with_gold = TableIndex.build([*tables, *[t for t in TABLES if t.id == "coastal2003"]])
    store_gold = TableStore({t.id: t for t in [*tables, *TABLES]})
    used = open_check("rui tavares of south africa had a score of 277", with_gold,
                      store_gold, core_checker.check, k=3, min_held=0.4)
    assert used.table_id == "coastal2003" and used.verdict == SUPPORTED

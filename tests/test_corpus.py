"""Open-domain checking: the corpus finds the table, or says no table holds the claim."""

import json

import pytest
from click.testing import CliRunner

from depcheck.cli import main
from depcheck.corpus import Corpus, load_store
from depcheck.errors import TableError
from depcheck.retrieve import FORMAT_VERSION

BAGS = {"id": "bags", "columns": ["product", "color", "waterproof"],
        "rows": [["Northpack Sleeve", "grey", "yes"], ["Urbanite Messenger", "black", "no"]]}
KETTLES = {"id": "kettles", "columns": ["model", "capacity", "material"],
           "rows": [["ClearBoil", "1.6 L", "tempered glass"],
                    ["SteelBrew", "1.2 L", "brushed steel"]]}


@pytest.fixture
def corpus_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DEPCHECK_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "bags.json").write_text(json.dumps(BAGS))
    (root / "more.jsonl").write_text(json.dumps(KETTLES) + "\n")
    (root / "bikes.csv").write_text("model,motor\nVolt Cruiser,500w\nVolt Commuter,350w\n")
    return root


def test_finds_the_table_and_checks_against_it(corpus_dir, core_checker):
    corpus = Corpus.open(corpus_dir)
    assert len(corpus.store) == 3
    report = corpus.check(core_checker, "The Urbanite Messenger is waterproof.", k=2)
    assert report.table_id == "bags" and report.verdict == "refuted"
    assert report.details["open_domain"]["table"]["table_id"] == "bags"
    ok = corpus.check(core_checker, "The Volt Cruiser has a 500W motor.", k=2)
    assert ok.table_id == "bikes" and ok.verdict == "supported"


def test_says_unverifiable_when_no_table_holds_the_claim(corpus_dir, core_checker):
    report = Corpus.open(corpus_dir).check(core_checker, "The Zephyr V8 weighs 5 lbs.", k=3)
    assert report.verdict == "unverifiable"
    assert report.hypotheses[0].reason == "no table in the corpus holds the claim"
    assert "zephyr v8" in report.hypotheses[0].explanation.lower()


def test_index_is_cached_and_reused(corpus_dir, tmp_path):
    Corpus.open(corpus_dir)
    cached = list((tmp_path / "cache").iterdir())
    assert len(cached) == 1
    assert cached[0].name.startswith(f"v{FORMAT_VERSION}-")  # a new format never loads an old one
    Corpus.open(corpus_dir)
    assert list((tmp_path / "cache").iterdir()) == cached
    (corpus_dir / "bags.json").write_text(json.dumps({**BAGS, "rows": BAGS["rows"][:1]}))
    Corpus.open(corpus_dir)
    assert len(list((tmp_path / "cache").iterdir())) == 2


def test_empty_or_missing_corpus(tmp_path):
    with pytest.raises(TableError, match="no such corpus"):
        load_store(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(TableError, match="holds no table"):
        load_store(tmp_path / "empty")


def test_cli_corpus(corpus_dir):
    out = CliRunner().invoke(main, ["check", "--corpus", str(corpus_dir), "--json",
                                    "ClearBoil is made of tempered glass."])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["table_id"] == "kettles"
    both = CliRunner().invoke(main, ["check", "--corpus", str(corpus_dir), "--table", "x.csv",
                                     "text"])
    assert both.exit_code == 2

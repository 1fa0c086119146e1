"""The linker's narrower column look-ups answer as ``column_named`` does where they apply:
``column_spelled`` is its exact answer, ``column_worded`` its answer without a GloVe
neighbour; a phrase's mean vector is numpy's mean of its words' rows, bit for bit."""

from __future__ import annotations

import numpy as np

from depcheck.compiled import build_compiled
from depcheck.lexicon import default as default_lexicon
from depcheck.link import Linker
from depcheck.table import Table
from depcheck.vectors import Vectors

KETTLES = Table.from_dict({
    "id": "kettles", "columns": ["kettle", "Wi-Fi", "boil time", "Spout(s)", "price"],
    "rows": [["Brisk 2", "yes", "3 min", "1", "$40"], ["Tova", "no", "4 min", "2", "$55"]]})

# "cost" is a near neighbour of "price" (cosine 0.99), "colour" of nothing
VECTORS = Vectors.from_words({"price": [1.0, 0.1, 0.0], "cost": [0.99, 0.12, 0.0],
                              "colour": [0.0, 0.0, 1.0], "time": [0.0, 1.0, 0.1],
                              "boil": [0.1, 0.9, 0.3]})


def linker():
    return Linker(build_compiled(KETTLES), VECTORS, default_lexicon(), threshold=0.9)


def test_column_named_finds_each_way_its_narrower_lookups_see_their_part():
    link = linker()
    # the full look-up: exact, glued spelling, "(s)" read as "s", containment, GloVe
    assert link.column_named("price")[0].name == "price"
    assert link.column_named("wifi")[:2] == (link.t.columns[1], "exact")
    assert link.column_named("spouts")[:2] == (link.t.columns[3], "exact")
    assert link.column_named("fast boil time")[:2] == (link.t.columns[2], "contains")
    assert link.column_named("cost")[:2] == (link.t.columns[4], "glove")
    assert link.column_named("colour") is None
    # exactly: the same column where the full look-up's method is "exact", else nothing
    assert link.column_spelled("wifi")[:2] == (link.t.columns[1], "exact")
    assert link.column_spelled("spouts")[0].name == "Spout(s)"
    assert link.column_spelled("fast boil time") is None
    assert link.column_spelled("cost") is None
    assert link.column_spelled("") is None
    # by its words: containment too, a GloVe neighbour not, before and after the memo
    fresh = linker()
    assert fresh.column_worded("fast boil time")[:2] == (fresh.t.columns[2], "contains")
    assert fresh.column_worded("cost") is None
    assert link.column_worded("cost") is None  # memo holds the GloVe match: still None
    assert link.column_worded("price")[0].name == "price"


def test_a_phrase_mean_vector_is_numpy_mean_bit_for_bit():
    words = {f"w{i}": [((i * 7919) % 101) / 37.0 - 1.3, ((i * 104729) % 97) / 29.0,
                       ((i * 31) % 13) / 7.0 - 0.5] for i in range(12)}
    vectors = Vectors.from_words(words)
    for phrase in ("w1 w2", "w3 w5 w7", "w0 w4 w8 w11", "w2 w2 w9", "w6 unknown w10"):
        rows = np.asarray([words[w] for w in phrase.split() if w in words], dtype=np.float32)
        mean = rows.mean(axis=0)
        expected = mean / float(np.sqrt(mean.dot(mean)))
        assert vectors.unit(phrase).tobytes() == expected.tobytes()
    assert vectors.unit("unknown words") is None


def test_a_longer_phrase_mean_vector_is_numpy_mean_bit_for_bit():
    """The sum of a phrase's rows added in order (Vectors.unit) is numpy's mean's own sum,
    bit for bit, on 50-dimensional float32 rows (as GloVe's) and phrases of 2-7 words."""
    rng = np.random.default_rng(7)
    table = rng.standard_normal((300, 50)).astype(np.float32)
    vectors = Vectors.from_words({f"w{i}": table[i] for i in range(len(table))})
    for k in range(2000):
        ids = rng.integers(0, len(table), size=2 + k % 6)
        if k % 10 == 0:
            ids[1] = ids[0]
        phrase = " ".join(f"w{i}" for i in ids)
        mean = table[ids].mean(axis=0)
        expected = mean / float(np.sqrt(mean.dot(mean)))
        assert vectors.unit(phrase).tobytes() == expected.tobytes(), phrase


def test_the_best_of_a_prepared_list_is_the_best_of_the_list():
    colours = ["colour", "price", "boil time"]
    prepared = VECTORS.prepare(colours)
    for phrase in ("cost", "time", "boil", "colour", "no such words"):
        assert VECTORS.best_among(phrase, prepared) == VECTORS.best(phrase, colours)
    assert VECTORS.best_among("cost", prepared)[0] == 1  # "price", the nearest
    assert VECTORS.best_among("cost", VECTORS.prepare([])) == (-1, 0.0)
    assert VECTORS.best_among("cost", VECTORS.prepare(["unknown"])) == (-1, 0.0)


LAMPS = Table.from_dict({
    "id": "lamps", "columns": ["lamp", "brightness", "price"],
    "rows": [["Lumo", "450 lux", "$30"], ["Vela", "300 lux", "$25"]]})


def test_a_figure_in_a_unit_only_the_table_knows_is_read_where_the_figure_starts(nlp):
    link = Linker(build_compiled(LAMPS), None, default_lexicon())
    doc = nlp("The Lumo has a bright 450 lux panel.")
    words = [t.text for t in doc]
    start, end = words.index("a"), words.index("panel") + 1
    q, s, e = link.quantity(doc, start, end)
    assert (q.value, q.unit) == (450.0, "lux")
    assert words[s:e] == ["450", "lux"]
    # no figure first, no unit of the table: nothing is read
    assert link.quantity(doc, start, words.index("450")) is None


def test_a_column_by_name_is_found_as_before_with_its_base_words_made_once():
    """column_by_name finds a column through per-table dicts of its words, its base words
    (without a repeat's "(2)") and its name: the same column as testing every column's
    words through the pattern each time, the first of several."""
    from depcheck.compiled import _REPEAT
    from depcheck.values import split_identifier

    table = build_compiled(Table.from_dict({
        "id": "t", "columns": ["name", "Goals", "Goals (2)", "batteryLife", "Apps (3)", "w",
                               "apps", "Battery life"],
        "rows": [["a", "1", "2", "10 h", "3", "x", "4", "5 h"]]}))

    def before(name):
        key = split_identifier(name)
        return next((c for c in table.columns if c.words == key or c.name == name
                     or _REPEAT.sub("", c.words) == key), None)

    for name in ("name", "goals", "Goals", "Goals (2)", "goals (2)", "battery life", "Apps",
                 "Battery life", "battery_life", "apps (3)",
                 "batteryLife", "apps", "Apps (3)", "w", "missing", "", "(2)"):
        assert table.column_by_name(name) is before(name), name


def test_containment_by_word_runs_is_the_padded_search(monkeypatch):
    """Linker._column_by_words finds a column the phrase contains (the longest, the first
    of equals) or that contains the phrase (no yes/no column) through per-table dicts of
    word runs: the same answers as searching the padded texts."""
    import depcheck.link as link_module

    table = Table.from_dict({
        "id": "t", "columns": ["name", "battery life", "battery life rating", "life", "Smart TV",
                               "tv stand", "screen size", "size"],
        "rows": [["a", "10 h", "4", "x", "yes", "no", "15 in", "m"]]})
    link = Linker(build_compiled(table), None, default_lexicon())
    phrases = ["battery life", "long battery life rating here", "life", "battery", "tv",
               "smart tv", "tv stand", "stand", "screen", "size", "screen size of it",
               "rating", "life rating", "no such", "battery  life", " life", "size screen"]
    for phrase in phrases:
        for generic in (False, True):
            fast = link._column_by_words(phrase, generic)
            with monkeypatch.context() as patched:
                patched.setattr(link_module, "_column_word_index", lambda compiled: None)
                slow = link._column_by_words(phrase, generic)
            assert (fast is None) == (slow is None), phrase
            if fast is not None:
                assert fast[0] is slow[0] and fast[1:] == slow[1:], phrase

"""Catalog-size behaviour (issue 16): rows found by index, tables compiled once, statements
routed by claim.  Behaviour only; nothing here is timed."""

from __future__ import annotations

from collections import OrderedDict

from depcheck.compiled import CompiledCache, build_compiled
from depcheck.table import Table

LAMPS = {
    "id": "lamps", "columns": ["model", "maker", "weight", "dimmable", "ports", "price"],
    "rows": [["Lumen Arc 120", "Brightly", "1.4 kg", "yes", "USB-C", "$45.00"],
             ["Lumen Arc 300", "Brightly", "2.2 kg", "no", "USB-C, Bluetooth", "$79.00"],
             ["Halley Desk", "Orbis", "0.9 kg", "yes", "none", "$32.50"],
             ["Quarto Floor", "Orbis", "4.8 kg", "no", "Bluetooth", "$120.00"],
             ["Nimbus Clip", "Pellucid", "0.3 kg", "yes", "USB-C", "$19.99"],
             ["Vesper Wall", "Pellucid", "1.1 kg", "no", "Wi-Fi", "$64.00"],
             ["Tallis Reader", "Brightly", "0.7 kg", "yes", "none", "$27.00"],
             ["Marlow Globe", "Orbis", "3.5 kg", "no", "Wi-Fi, Bluetooth", "$98.00"]]}


def test_name_index_finds_rows_by_exact_and_near_names():
    compiled = build_compiled(Table.from_dict(LAMPS))
    names = compiled.names
    assert compiled.key_rows("lumen arc 300") == (1,)
    assert compiled.key_rows("lumen arc") == ()  # a shared prefix is not a name
    # every word of a shortened name: one row has "halley", two have "lumen"
    assert names.rows_with_words(["halley"]).tolist() == [2]
    assert names.rows_with_words(["lumen", "arc"]).tolist() == [0, 1]
    assert names.rows_with_words(["lumen", "quarto"]).tolist() == []
    # names wholly inside a phrase
    assert names.names_within("the nimbus clip in black").tolist() == [4]
    # a misspelt name: its row ranks first among the near names
    assert names.near("vesper wal")[0] == 5
    assert names.near("tallis raeder")[0] == 6
    assert names.near("zzzz").tolist() == []


def test_cell_index_reads_multi_valued_cells_by_column():
    compiled = build_compiled(Table.from_dict(LAMPS))
    by_column = compiled.rows_by_column("bluetooth")
    assert list(by_column) == [4]
    assert by_column[4].tolist() == [1, 3, 7]
    assert compiled.find_cells("orbis") == ((1, 2), (1, 3), (1, 7))
    assert compiled.rows_by_column("graphite") == {}


def test_compiled_table_is_reused_for_the_same_content(core_checker):
    core_checker.clear_compiled()
    first = core_checker.compile(Table.from_dict(LAMPS))
    hits = core_checker._compiled.hits
    again = core_checker.compile(Table.from_dict(LAMPS))  # another object, same content
    assert again is first
    assert core_checker._compiled.hits == hits + 1
    changed = {**LAMPS, "rows": [*LAMPS["rows"][:-1], ["Marlow Globe", "Orbis", "3.6 kg", "no",
                                                          "Wi-Fi", "$98.00"]]}
    assert core_checker.compile(Table.from_dict(changed)) is not first


def test_a_catalog_table_is_not_compiled_again_by_its_first_check(core_checker, monkeypatch):
    """set_domains compiles each catalog table (compile_table); the checker's own cache
    takes that build rather than making another, and a check reads the same as on a
    build of its own."""
    import depcheck.compiled as compiled

    table = Table.from_dict({**LAMPS, "id": "lamps-shared"})
    text = "The Halley Desk weighs 0.9 kg and costs $32.50."
    domains = core_checker.domains
    try:
        core_checker.set_domains([table])
        built = compiled.compile_table(table)
        core_checker.clear_compiled()
        assert core_checker.compile(table) is built
        shared = core_checker.check(text, table).to_dict()
        core_checker.clear_compiled()
        # (an empty module cache for the rest of the test: its count of cells stays right)
        monkeypatch.setattr(compiled, "_COMPILED", OrderedDict())
        own = core_checker.compile(table)
        assert own is not built
        fresh = core_checker.check(text, table).to_dict()
    finally:
        core_checker.domains = domains
        core_checker.clear_compiled()
    for report in (fresh, shared):
        report.pop("timing_ms", None)
    assert shared == fresh


def test_cache_drops_the_least_recently_used_table():
    cache = CompiledCache(max_tables=2)
    tables = [Table.from_dict({**LAMPS, "id": f"lamps-{i}",
                               "rows": LAMPS["rows"][i:i + 3]}) for i in range(3)]
    a = cache.get(tables[0])
    cache.get(tables[1])
    assert cache.get(tables[0]) is a  # used again: now the most recent
    cache.get(tables[2])  # drops tables[1]
    assert len(cache) == 2
    assert cache.get(tables[0]) is a
    misses = cache.misses
    cache.get(tables[1])
    assert cache.misses == misses + 1


def test_a_named_row_lookup_and_a_count_over_rows_go_to_the_rules(core_checker):
    table = Table.from_dict(LAMPS)
    assert core_checker.mode_for(core_checker.compile(table)) == "programs"  # 8 rows
    lookup = core_checker.check("The Halley Desk weighs 0.9 kg.", table)
    assert lookup.verdict == "supported"
    assert lookup.details["mode"] == "rules"
    assert "program_ms" not in lookup.details
    wrong = core_checker.check("The Halley Desk weighs 2.5 kg.", table)
    assert wrong.verdict == "refuted"  # an amount in kg that is another figure
    assert wrong.details["mode"] == "rules"
    count = core_checker.check("Four of the lamps are dimmable.", table)  # rows 0, 2, 4, 6
    assert count.verdict == "supported"
    assert count.details["mode"] == "rules"  # the quantifier counted the column's rows
    assert "program_ms" not in count.details
    assert core_checker.check("Five of the lamps are dimmable.", table).verdict == "refuted"
    bare = core_checker.check("Three lamps are made by Orbis.", table)  # a bare count
    assert (bare.verdict, bare.details["mode"]) == ("supported", "rules")
    # a count no frame expresses (the maker as the subject) still goes to the search
    made = core_checker.check("Orbis makes three of the lamps.", table)
    assert made.details["mode"] == "programs"
    assert made.details["program_ms"] >= 0.0
    compared = core_checker.check("The Halley Desk is lighter than the Quarto Floor.", table)
    assert (compared.verdict, compared.details["mode"]) == ("supported", "rules")


def test_a_refutation_by_an_evaluator_reading_the_named_rows_runs_no_program_search(
        core_checker):
    """Issue 16, route by claim: two named rows compared, or a named row said to be the
    extreme of a column, are decided by the evaluators that read those rows' cells; the
    program search, which such a refutation outweighs anyway, is not run."""
    table = Table.from_dict(LAMPS)  # 8 rows: a table the program search may read
    for text, verdict, evaluator in [
            ("The Halley Desk is heavier than the Quarto Floor.", "refuted", "comparison.rows"),
            ("The Quarto Floor is heavier than the Halley Desk.", "supported",
             "comparison.rows"),
            ("The Nimbus Clip is the heaviest lamp.", "refuted", "superlative"),
            ("The Quarto Floor is the heaviest lamp.", "supported", "superlative")]:
        report = core_checker.check(text, table)
        assert report.verdict == verdict, text
        assert report.details["mode"] == "rules", text
        assert "program_ms" not in report.details, text  # no search ran, none was timed
        assert [h.trace()["evaluator"] for h in report.hypotheses] == [evaluator], text


def test_a_count_of_the_rows_holding_a_value_is_decided_by_the_quantifier_without_a_search(
        core_checker):
    """Issue 16's tail: "N of the products are made by X" names no row, only a value of a
    column and a number of rows; the quantifier frame counts the rows whose cell holds the
    value over the whole column, and no program search runs."""
    table = Table.from_dict(LAMPS)  # makers: Brightly 3, Orbis 3, Pellucid 2
    for text, verdict in [
            ("3 of the lamps are made by Orbis.", "supported"),
            ("4 of the lamps are made by Orbis.", "refuted"),
            ("2 of the lamps are made by Pellucid.", "supported"),
            ("3 of the lamps are made by Pellucid.", "refuted"),
            ("Three of the lamps are made by Orbis.", "supported"),  # a word, a passive agent
            ("3 of the lamps come with Bluetooth.", "supported"),  # rows 1, 3, 7: listed items
            ("4 lamps are made by Pellucid.", "refuted"),  # a bare count: two are
            ("2 lamps are made by Pellucid.", "supported"),
            ("4 of the lamps come with Bluetooth.", "refuted")]:
        report = core_checker.check(text, table)
        assert report.verdict == verdict, text
        assert report.details["mode"] == "rules", text
        assert "program_ms" not in report.details, text
        assert [h.trace()["evaluator"] for h in report.hypotheses] == ["quantifier"], text


def test_a_count_with_the_group_size_stated_is_left_to_the_aggregate_queries(core_checker):
    """"3 of the 8 lamps": a number that states the group's size goes to the aggregate
    queries first, as before; the quantifier's count does not route it."""
    table = Table.from_dict(LAMPS)
    report = core_checker.check("3 of the 8 lamps are made by Orbis.", table)
    assert report.verdict == "supported"
    assert report.details["mode"] == "programs"
    # "four of eight lamps": the group's size, with no determiner, is no bare count of rows
    sized = core_checker.check("Four of eight lamps are dimmable.", table)
    assert sized.details["mode"] == "programs"


def test_a_refuted_yes_no_claim_about_a_named_row_runs_no_program_search(core_checker):
    """Issue 16, route by claim: "the X is (not) dimmable" names a row and a yes/no column;
    the boolean evaluator read that one cell, so its refutation decides without the program
    search, which could only read that cell again or, finding a program for another clause
    ("weighs 1.1 kg"), leave the yes/no claim unchecked."""
    table = Table.from_dict(LAMPS)  # dimmable: rows 0, 2, 4, 6 yes; 1, 3, 5, 7 no
    for text, verdict in [
            ("The Quarto Floor is dimmable.", "refuted"),
            ("The Halley Desk is not dimmable.", "refuted"),
            ("The Halley Desk is dimmable.", "supported"),
            ("The Vesper Wall weighs 1.1 kg and is dimmable.", "refuted"),  # the weight holds
            ("The Marlow Globe costs $98.00 and is dimmable.", "refuted")]:
        report = core_checker.check(text, table)
        assert report.verdict == verdict, text
        assert report.details["mode"] == "rules", text
        assert "program_ms" not in report.details, text
        yes_no = [h for h in report.hypotheses if h.trace()["evaluator"] == "boolean"]
        assert [h.verdict for h in yes_no] == [verdict], text


def test_an_item_of_several_multi_valued_cells_has_each_row_once():
    """A text held by several distinct cells of a column (an item of multi-valued cells,
    one of them listing it twice) gives each row once, in row order."""
    rows = [[*r] for r in LAMPS["rows"]]
    rows[0][4] = "USB-C, Bluetooth, usb-c"
    compiled = build_compiled(Table.from_dict({**LAMPS, "rows": rows}))
    # USB-C: row 0 (twice in its cell), row 1 ("USB-C, Bluetooth"), row 4 ("USB-C")
    assert {c: r.tolist() for c, r in compiled.rows_by_column("usb c").items()} == {
        4: [0, 1, 4]}
    assert compiled.rows_in_column("usb c", 4).tolist() == [0, 1, 4]
    assert compiled.rows_by_column("bluetooth")[4].tolist() == [0, 1, 3, 7]


def test_a_yes_no_claim_naming_no_row_reads_the_whole_column(core_checker):
    """"A lamp is dimmable" names no row: the boolean evaluator asks whether any row's cell
    says yes, over the whole column."""
    rows = [[*r[:3], "no", *r[4:]] for r in LAMPS["rows"]]
    report = core_checker.check("A lamp is dimmable.", Table.from_dict({**LAMPS, "rows": rows}))
    assert [(h.trace()["evaluator"], h.verdict) for h in report.hypotheses] == [
        ("boolean", "refuted")]  # no lamp is
    rows[-1][3] = "yes"  # the last lamp is
    report = core_checker.check("A lamp is dimmable.", Table.from_dict({**LAMPS, "rows": rows}))
    yes_no = [h for h in report.hypotheses if h.trace()["evaluator"] == "boolean"]
    assert [h.verdict for h in yes_no] == ["supported"]


WINLESS = Table.from_dict({
    "id": "winless", "caption": "winless seasons", "columns": ["year", "club", "wins", "losses"],
    "rows": [["1931", "harbour", "0", "16"], ["1934", "eastbrook", "0", "15"],
             ["1937", "harbour", "0", "18"], ["1940", "millfield", "0", "16"],
             ["1952", "eastbrook", "0", "19"], ["1958", "harbour", "0", "17"]]})


def test_a_figure_against_a_column_of_noughts_is_no_yes_no_claim(core_checker):
    """A column of 0s reads as yes/no, but "had 0 wins" states a figure, not a yes/no
    claim: the boolean evaluator's refutation (0 read as "no" against "wins") does not
    decide it, and the program search reads the figure (1937's wins are 0)."""
    report = core_checker.check("in 1937 harbour had 0 wins .", WINLESS)
    assert report.details["mode"] == "programs"
    assert report.verdict == "supported"


# a key column of numbered names, one of them multi-valued (each value is a name too)
GRILLS = {
    "id": "grills", "columns": ["model", "maker", "burners"],
    "rows": [["Ember 412", "Calder", "3"], ["Ember 77", "Calder", "2"],
             ["Forge 412", "Hestia", "4"], ["Coal Duo, Ash Duo", "Hestia", "2"]]}


def _linker(checker, table):
    from depcheck.link import Linker

    rules = checker.rules
    return Linker(checker.compile(Table.from_dict(table)), checker.vectors, rules.lexicon)


def test_name_ngrams_keep_every_name_and_skip_words_no_name_has(core_checker, nlp):
    linker = _linker(core_checker, GRILLS)
    doc = nlp("Sellers listed 412 units of the Ember 77 beside an Ash Duo.")
    kept = linker.name_grams(doc, 0, len(doc))
    every = linker.ngrams(doc, 0, len(doc))
    named = [(s, e, t) for s, e, t in every if linker.t.key_rows(t)]
    # the n-grams that name a row are all kept, in the same order ("ash duo": a value of a
    # multi-valued name, its words are the key column's too)
    assert [g for g in kept if linker.t.key_rows(g[2])] == named
    # (with their articles too: "the Ember 77" reads "ember 77")
    assert {t for _, _, t in named} == {"ember 77", "ash duo"}
    # those holding a word no name has ("sellers", "units", "beside") are not made
    assert len(kept) < len(every)
    assert not any("units" in t.split() or "sellers" in t.split() for _, _, t in kept)
    # "412" is a word of two names: the n-grams around it stay
    assert (2, 3, "412") in kept


def test_a_name_glued_to_punctuation_is_still_found(core_checker, nlp):
    linker = _linker(core_checker, GRILLS)
    doc = nlp("We grilled on the Ember 77.")
    kept = linker.name_grams(doc, 0, len(doc))
    assert {t for _, _, t in kept if linker.t.key_rows(t)} == {"ember 77"}
    assert (4, 7, "ember 77") in kept  # "Ember 77." (no space before the full stop)
    assert (0, 2, "we grilled") not in kept
    assert linker.entity_rows(doc, 3, 6).rows == (1,)


def test_a_statement_naming_a_row_only_in_its_words_is_checked_against_it(core_checker):
    # no rule finds the name (a number of the statement is a name's word too): the name
    # written in the sentence still picks the row
    report = core_checker.check("Sellers listed 412 units of the Ember 77 with 3 burners.",
                                Table.from_dict(GRILLS))
    assert report.verdict == "refuted"  # the Ember 77 has 2 burners


def test_evidence_cells_are_the_rows_cells_in_order():
    from depcheck.evaluators.outcome import cells

    compiled = build_compiled(Table.from_dict(LAMPS))
    maker = compiled.columns[1]
    import numpy as np

    listed = cells(maker, np.array([6, 0, 3]))
    assert [(c.row, c.column, c.value) for c in listed] == [
        (6, "maker", "Brightly"), (0, "maker", "Brightly"), (3, "maker", "Orbis")]
    assert all(type(c.row) is int for c in listed)
    assert [c.value for c in cells(maker, (2, 5))] == ["Orbis", "Pellucid"]
    # a value's rows as the cell index gives them
    from depcheck.compiled import Rows

    orbis = cells(maker, Rows(np.array([2, 3, 7])))
    assert [(c.row, c.value) for c in orbis] == [(2, "Orbis"), (3, "Orbis"), (7, "Orbis")]
    assert all(type(c.row) is int for c in orbis)

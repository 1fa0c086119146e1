"""Superlatives over the rows their words pick (issue 13): "among the glass kettles", "the
lightest kettle with a keep-warm mode", "the second-largest"; a restriction the table cannot
tell apart leaves the superlative undecided instead of refuting it over every row.

Every expected verdict is reasoned from the table below: four electric kettles.

    name    material  capacity (l)  weight (kg)  keep warm  price
    Avon    steel     1.9           1.4          yes        $60
    Brook   glass     1.5           1.1          no         $45
    Calder  plastic   1.0           0.8          no         $25
    Dee     glass     1.8           1.6          yes        $80

Largest over all rows: Avon (1.9); among the glass ones (Brook, Dee): Dee (1.8).
Second-largest over all rows: Dee.  Lightest over all rows: Calder (0.8); among the
keep-warm ones (Avon, Dee): Avon (1.4).
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

KETTLES = Table.from_dict({
    "id": "kettles", "caption": "Electric kettles",
    "columns": ["name", "material", "capacity (l)", "weight (kg)", "keep warm", "price"],
    "rows": [["Avon", "steel", "1.9", "1.4", "yes", "$60"],
             ["Brook", "glass", "1.5", "1.1", "no", "$45"],
             ["Calder", "plastic", "1.0", "0.8", "no", "$25"],
             ["Dee", "glass", "1.8", "1.6", "yes", "$80"]]})


def _superlative(report):
    found = [h for h in report.hypotheses if h.kind == "superlative"]
    assert len(found) == 1, [(h.kind, h.text) for h in report.hypotheses]
    return found[0]


@pytest.mark.parametrize("text,verdict,comparands", [
    # the Dee is the largest of the two glass kettles, not of all four (the Avon's 1.9)
    ("Among the glass kettles, the Dee has the largest capacity.", "supported",
     "glass kettles"),
    ("Among the glass kettles, the Brook has the largest capacity.", "refuted",
     "glass kettles"),
    ("The Dee is the largest glass kettle.", "supported", "glass"),
    # a yes/no column the words name: the Avon is the lighter of the two keep-warm kettles
    ("The Avon is the lightest kettle with a keep-warm mode.", "supported", "keep-warm mode"),
    # words that name the table as a whole restrict nothing
    ("The Calder is the lightest kettle in the lineup.", "supported", "all rows"),
    ("The Brook is the lightest kettle in the lineup.", "refuted", "all rows"),
    ("The Calder is the lightest of the four kettles.", "supported", "all rows"),
])
def test_a_superlative_ranges_over_the_rows_its_words_pick(core_checker, text, verdict,
                                                           comparands):
    h = _superlative(expect(core_checker, KETTLES, text, verdict))
    assert h.verdict == verdict
    assert h.details["comparands"] == comparands


def test_a_restriction_the_table_cannot_tell_apart_does_not_refute(core_checker):
    # no column says which kettles are cordless: the Brook is not the largest of all four,
    # but whether it is the largest cordless one the table cannot say
    report = expect(core_checker, KETTLES,
                    "The Brook is the largest kettle among the cordless models.",
                    "unverifiable")
    assert not [h for h in report.hypotheses if h.kind == "superlative"]


def test_a_figure_beside_a_superlative_is_no_restriction(core_checker):
    # "with a 1.9 l jug" states the Avon's capacity, it does not pick rows
    h = _superlative(expect(core_checker, KETTLES,
                            "The Avon is the largest kettle, with a 1.9 l jug.", "supported"))
    assert h.details["comparands"] == "all rows"


@pytest.mark.parametrize("text,verdict", [
    ("The Dee is the second-largest kettle.", "supported"),
    ("The Brook is the second-largest kettle.", "refuted"),
    ("The Avon is the second-largest kettle.", "refuted"),
])
def test_an_ordinal_superlative_names_a_place(core_checker, text, verdict):
    h = _superlative(expect(core_checker, KETTLES, text, verdict))
    assert h.details["rank"] == 2

@pytest.mark.parametrize("text, verdict", [
    # "in the lineup", "of the bunch": every row, the scope the superlative read
    ("The Calder is the lightest kettle in the lineup.", "supported"),
    ("The Brook is the lightest kettle in the lineup.", "refuted"),
    ("The Avon is the largest of the bunch.", "supported"),
    # the collection away from the superlative's phrase, in its sentence
    ("Of the whole lineup, the Calder is the cheapest.", "supported"),
    ("Of the whole lineup, the Brook is the cheapest.", "refuted"),
])
def test_the_collection_a_superlative_ranges_over_is_read_with_it(core_checker, text,
                                                                  verdict):
    expect(core_checker, KETTLES, text, verdict)


def test_a_collection_noun_with_no_check_of_its_scope_stays_open(core_checker):
    # no superlative or quantifier read "the lineup": the phrase says more than the figure
    report = core_checker.check("The Dee, the pick of the lineup, holds 1.8 l.", KETTLES)
    assert report.verdict == "unverifiable"


RATED = Table.from_dict({
    "id": "rated-kettles", "caption": "Electric kettles",
    "columns": ["name", "price", "rating"],
    "rows": [["Avon", "$60", "4.4"], ["Brook", "$45", "4.7"], ["Calder", "$25", "4.1"]]})


@pytest.mark.parametrize("text,verdict,column,comparator", [
    # an adverb grading a participle: the participle names the column ("rated": rating,
    # "priced": price), the adverb turns its direction
    ("The Brook is the highest-rated kettle.", "supported", "rating", "higher"),
    ("The Avon is the highest-rated kettle of the three.", "refuted", "rating", "higher"),
    ("The Brook is the best-rated kettle.", "supported", "rating", "higher"),
    ("The Calder is the lowest-rated kettle.", "supported", "rating", "lower"),
    ("The Calder is the lowest-priced kettle.", "supported", "price", "lower"),
    ("The Brook is the lowest-priced kettle.", "refuted", "price", "lower"),
])
def test_a_graded_participle_is_a_superlative_of_its_column(core_checker, text, verdict,
                                                             column, comparator):
    h = _superlative(expect(core_checker, RATED, text, verdict))
    assert h.verdict == verdict
    assert h.details["comparator"] == comparator
    assert {c.column for c in h.evidence.output} == {column}


PROJECTORS = Table.from_dict({
    "id": "projectors", "caption": "Home projectors",
    "columns": ["Projector", "Price (USD)", "Resolution", "Weight (kg)"],
    "rows": [["Cinelux H1", "549", "1080p", "2.9"], ["Cinelux H4K", "1,299", "4K", "4.3"],
             ["Beamo Mini", "229", "720p", "0.9"], ["Beamo Go", "449", "1080p", "1.6"],
             ["Prysm 4K", "2,499", "4K", "11.2"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Beamo Go is the cheapest 1080p model.", "supported"),
    ("The Cinelux H1 is the cheapest 1080p model.", "refuted"),  # the Beamo Go is $449
    ("The Cinelux H4K is the cheapest 4K model.", "supported"),
    ("The Prysm 4K is the cheapest 4K model.", "refuted"),
    ("The Beamo Mini is the cheapest projector.", "supported"),
])
def test_a_coded_value_picks_the_rows_a_superlative_ranks(core_checker, text, verdict):
    """"the cheapest *1080p* model": a word of digits and letters (or the tokenizer's "4"
    and "K" written as one) is a value picking rows, not the size of a group."""
    report = expect(core_checker, PROJECTORS, text, verdict)
    assert any(h.kind == "superlative" and h.verdict == verdict for h in report.hypotheses)



@pytest.mark.parametrize("text, verdict", [
    ("At $449, the Beamo Go is the priciest of the five.", "refuted"),
    ("At $2,499, the Prysm 4K is the priciest of the five.", "supported"),
])
def test_a_superlative_refutation_stands_beside_a_sure_aggregate(core_checker, text, verdict):
    """On a general table a sure aggregate query answers "$449" (the Beamo Go's price); the
    superlative, which read every row's price, still refutes "the priciest"."""
    report = expect(core_checker, PROJECTORS, text, verdict)
    assert any(h.kind == "superlative" and h.verdict == verdict for h in report.hypotheses)


def test_one_of_the_cheapest_is_no_extreme(core_checker):
    """"one of the cheapest": a group near the bottom, which the superlative does not
    refute by the cheapest row."""
    report = core_checker.check("The Beamo Go is one of the cheapest projectors.", PROJECTORS)
    assert not any(h.kind == "superlative" and h.verdict == "refuted"
                   for h in report.hypotheses)


def test_a_bound_on_the_noun_leaves_the_superlative_open(core_checker):
    """"the cheapest kettle *over €30*" ranks the kettles the bound picks (the Avon, €39,
    among €39 and €45), which the superlative's scope words do not read: it does not rank
    every row (the €29 Calder) and refute."""
    kettles = Table.from_dict({
        "id": "kettles", "caption": "Electric kettles", "columns": ["Kettle", "Price (€)"],
        "rows": [["Avon", "39"], ["Brook", "45"], ["Calder", "29"]]})
    report = core_checker.check("The Avon is the cheapest kettle over €30.", kettles)
    assert not any(h.kind == "superlative" and h.verdict == "refuted"
                   for h in report.hypotheses)
    assert report.verdict != "refuted"

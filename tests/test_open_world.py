"""What an open-world table can refute: a word that only resembles a column's values, a
name where the rows are not named by names, a description ("a UNESCO site"); and the
amounts written in two units ("6 ft 4 in", "230 lb (104 kg)"). Tables of their own."""

from __future__ import annotations

import pytest

from depcheck.checker import Checker
from depcheck.config import Config
from depcheck.table import Table
from depcheck.values import Quantity, norm_text, parse_quantity

from .conftest import REPO
from .verdicts import expect

BAND = Table.from_dict({
    "id": "band", "caption": "Musician",
    "columns": ["name", "Also known as", "Origin", "Genres", "Years active"],
    "rows": [["The Larks", "TLK", "Dublin, Ireland", "Country", "1998 - present"]]})

PLAYER = Table.from_dict({
    "id": "player", "caption": "Person",
    "columns": ["name", "Born", "Height", "Weight"],
    "rows": [["Free agent", "(1987-11-03) November 3, 1987, Fresno, California",
              "6 ft 4 in (1.93 m)", "230 lb (104 kg)"]]})

SINGER = Table.from_dict({
    "id": "singer", "caption": "Musician",
    "columns": ["name", "Birth name", "Born", "Occupation", "Nationality"],
    "rows": [["Jo Reyes", "Joanna Maria Reyes", "February 3, 1970, Austin, Texas",
              "mathematician", "British"]]})

KETTLE = Table.from_dict({
    "id": "kettle", "caption": "Kettle",
    "columns": ["name", "Material", "Capacity", "Price"],
    "rows": [["Aria", "glass", "1.5 L", "$40"]]})


def test_a_word_that_only_resembles_the_values_is_left_unchecked(core_checker):
    # "musical" is near "country" music in GloVe, but it is no genre: not a contradiction,
    # and not support either
    report = expect(core_checker, BAND, "The Larks started their musical career in Dublin.",
                    "unverifiable")
    assert not [h for h in report.hypotheses if h.verdict == "refuted"]


def test_a_sibling_of_the_value_refutes(core_checker):
    # "physicist" is a value of the same kind as "mathematician" (GloVe >= 0.85)
    expect(core_checker, SINGER, "Jo Reyes is a physicist.", "refuted")


def test_a_demonym_the_lexicon_knows_refutes_another(core_checker):
    expect(core_checker, SINGER, "Jo Reyes is a French mathematician.", "refuted")


@pytest.mark.parametrize("closed, verdict", [(False, "unverifiable"), (True, "refuted")])
def test_a_resembling_word_refutes_only_in_a_closed_world(closed, verdict):
    # "ceramic" is like "glass" (a material) but no table says it is a material value
    checker = Checker(Config(rules_dir=REPO / "rules", closed_world=closed))
    expect(checker, KETTLE, "The Aria is a ceramic kettle.", verdict)


@pytest.mark.parametrize("text", [
    "Colin Dray is a quarterback from California.",
    "Colin Dray weighs 230 pounds.",
])
def test_a_name_does_not_compete_with_a_key_that_names_nothing(core_checker, text):
    # the key cell "Free agent" is no name: a name in the text is not "another row"
    report = core_checker.check(text, PLAYER)
    assert not [h for h in report.hypotheses if h.reason == "entity not in table"]


def test_a_name_competes_with_a_key_of_names(core_checker):
    report = expect(core_checker, BAND, "The Wrens formed in Dublin.", "refuted")
    assert [h for h in report.hypotheses if h.reason == "entity not in table"]


def test_a_description_is_no_row(core_checker):
    report = core_checker.check("The Larks is a Grammy Award Winner.", BAND)
    assert not [h for h in report.hypotheses if h.reason == "entity not in table"]


@pytest.mark.parametrize("text, verdict", [
    ("He is over six feet tall.", "supported"),  # 6 ft 4 in = 76 in
    ("He is just under six feet tall.", "refuted"),
    ("He weighs 230 pounds.", "supported"),
    ("He weighs 250 pounds.", "refuted"),
])
def test_amounts_in_two_units(core_checker, text, verdict):
    expect(core_checker, PLAYER, text, verdict)


@pytest.mark.parametrize("text, quantity", [
    ("6 ft 4 in", Quantity(76, "in")),
    ("6 ft 4 in (1.93 m)", Quantity(76, "in")),
    ("1 h 30 min", Quantity(90, "min")),
    ("230 lb (104 kg)", Quantity(230, "lb")),
    ("4 in 6 ft", None),  # smaller unit first: no one amount
    ("12 kg 5 m", None),  # two dimensions
    ("3 (2)", None),  # a bracket that restates nothing
])
def test_compound_and_restated_amounts(text, quantity):
    assert parse_quantity(text) == quantity


def test_an_amount_far_from_every_cell_is_of_another_attribute(core_checker):
    # "100 m" of water resistance is no height of 1.93 m (76 in)
    report = core_checker.check("He can dive to 100 m.", PLAYER)
    assert not [h for h in report.hypotheses if h.verdict == "refuted"]


def test_an_exact_hint_beats_a_glove_neighbour(core_checker):
    # "born on": the lexicon's hints are [birth date, date of birth, born]; "Born" is named
    # exactly, "Birth name" is only a GloVe neighbour of "birth date"
    report = core_checker.check("Jo Reyes was born on the west coast.", SINGER)
    assert not [h for h in report.hypotheses if h.attribute is not None
                and h.attribute.column == "Birth name"]


def test_the_copula_names_no_column(core_checker):
    # "are from": no GloVe neighbour of the copula ("also known as") is the column
    report = core_checker.check("The Larks are from Spain.", BAND)
    assert not [h for h in report.hypotheses if h.attribute is not None
                and h.attribute.column == "Also known as"]


ACTS = Table.from_dict({
    "id": "acts", "caption": "Musician",
    "columns": ["name", "Genres", "First released", "Members"],
    "rows": [["The Wrens", "J-pop, synthpop, R&amp;B", "2011", "4"]]})

CITY = Table.from_dict({
    "id": "city", "caption": "City",
    "columns": ["name", "Population", "Area"],
    "rows": [["Port Alder", "19.500.000", "6.07 sq mi"]]})


def test_an_html_entity_in_a_cell_reads_as_its_character():
    assert norm_text("J-pop, R&amp;B") == norm_text("J-pop, R&B") == "j pop r b"


def test_a_word_of_an_item_is_not_another_value(core_checker):
    # "pop" is a word of "J-pop" and "synthpop": not a genre the cell contradicts
    report = core_checker.check("The Wrens play pop.", ACTS)
    assert not [h for h in report.hypotheses if h.verdict == "refuted"]


def test_a_kind_of_place_is_no_genre(core_checker):
    # "country" after "an"/"his" and a preposition is a kind of place, not the genre
    report = core_checker.check("The Wrens were formed in an Asian country.", ACTS)
    assert not [h for h in report.hypotheses if h.verdict == "refuted"]


@pytest.mark.parametrize("text, verdict", [
    ("Port Alder has a population of over 19 million.", "supported"),  # 19.500.000
    ("Port Alder has a population of under 19 million.", "refuted"),
])
def test_digits_grouped_by_dots(core_checker, text, verdict):
    expect(core_checker, CITY, text, verdict)


def test_one_of_the_group_is_no_count(core_checker):
    report = core_checker.check("The Wrens were one of the acts on stage.", ACTS)
    assert not [h for h in report.hypotheses if h.verdict == "refuted"]


@pytest.mark.parametrize("text", [
    "The Wrens' first release came in 2011.",  # "first" of "First released"
    "Port Alder is the third most crowded city of the coast.",  # a superlative's rank
])
def test_a_rank_is_no_amount(core_checker, text):
    table = ACTS if "Wrens" in text else CITY
    report = core_checker.check(text, table)
    assert not [h for h in report.hypotheses if h.verdict == "refuted"]


PERSON = Table.from_dict({
    "id": "person", "caption": "Person",
    "columns": ["name", "Born", "Home town", "Birth place"],
    "rows": [["Mae Lund", "(1972-08-30) August 30, 1972", "Long Beach, California", "Fresno"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Mae Lund was born in Long Beach.", "refuted"),  # her home town; Birth place: Fresno
    ("Mae Lund was born in Fresno.", "supported"),
])
def test_the_value_is_said_of_the_column_the_predicate_names(core_checker, text, verdict):
    report = expect(core_checker, PERSON, text, verdict)
    assert any(h.attribute is not None and h.attribute.column == "Birth place"
               for h in report.hypotheses if h.verdict == verdict)


ALBUM = Table.from_dict({
    "id": "album-kind", "caption": "Album",
    "columns": ["name", "Released", "Label"],
    "rows": [["Low Tide", "28 March 1973", "RCA"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Low Tide is an album on RCA.", "supported"),  # what every row of the table is
    ("Low Tide is a film on RCA.", "unverifiable"),  # not what the caption says
])
def test_the_caption_names_what_every_row_is(core_checker, text, verdict):
    expect(core_checker, ALBUM, text, verdict)


def test_an_unverifiable_verdict_names_what_no_check_read(core_checker):
    # nothing in the statement holds or fails: the report still names the open words
    report = expect(core_checker, KETTLE, "The Aria is adored by professional chefs.",
                    "unverifiable")
    unchecked = [h for h in report.hypotheses if h.reason == "claim not checked"]
    assert unchecked and any("chefs" in h.text for h in unchecked)


MARRIED = Table.from_dict({
    "id": "married", "caption": "Person",
    "columns": ["name", "Years active", "Spouse"],
    "rows": [["Mae Lund", "1994 - 2014", "Ben Cole ( m. 2010; div. 2014), Ray Dunn ( m. 2016)"]]})


def test_a_period_is_of_the_column_its_verb_names():
    # "married to ... for 3 years" is a marriage's length (Ray Dunn's, 2016 to the reference
    # year 2019, still running), not Years active (20 years)
    checker = Checker(Config(rules_dir=REPO / "rules", as_of_year=2019))
    report = expect(checker, MARRIED, "Mae Lund has been married to Ray Dunn for 3 years.",
                    "supported")
    assert not [h for h in report.hypotheses if h.attribute is not None
                and h.attribute.column == "Years active"]
    assert any("Spouse" in h.evidence.columns for h in report.hypotheses)


FILMS = Table.from_dict({
    "id": "films-kind", "caption": "Movie", "columns": ["name", "Directed by", "Website"],
    "rows": [["Grey Pier", "Ada Lind", "greypier.example"]]})

KIND_ACTS = Table.from_dict({
    "id": "acts-kind", "caption": "Musician", "columns": ["name", "Genres", "Labels"],
    "rows": [["Tin Owls", "Rock, folk", "Island, Epic"]]})


@pytest.mark.parametrize("table, text, verdict", [
    # what the caption calls the rows, in another word
    (FILMS, "The film Grey Pier was directed by Ada Lind.", "supported"),
    (FILMS, "Grey Pier is a film directed by Ada Lind.", "supported"),
    (FILMS, "Grey Pier's official website is greypier.example.", "supported"),
    # a noun that refers to a row of the caption's kind, said of its name
    (KIND_ACTS, "The band Tin Owls is on Island.", "supported"),
])
def test_the_caption_in_other_words(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


def test_a_reference_noun_is_no_claim_only_beside_the_name(core_checker):
    # "is a band" says what Tin Owls is: a table of Musicians does not decide it
    report = core_checker.check("Tin Owls is a band.", KIND_ACTS)
    assert report.verdict == "unverifiable"


@pytest.mark.parametrize("table, text, verdict", [
    # "came out in" dates an introduction, "created by" names a painting's artist, and "in
    # its career" frames the earnings
    (Table.from_dict({"id": "drink", "caption": "Food&Drink",
                      "columns": ["name", "Type", "Introduced"],
                      "rows": [["Marra Fizz", "Powdered drink", "1982"]]}),
     "Marra Fizz came out in the 1980s.", "supported"),
    (Table.from_dict({"id": "canvas", "caption": "Painting",
                      "columns": ["name", "Artist", "Year"],
                      "rows": [["Grey Harbour", "Ida Roon", "1901"]]}),
     "Grey Harbour was created by Ida Roon.", "supported"),
    (Table.from_dict({"id": "racer", "caption": "Animal",
                      "columns": ["name", "Sire", "Earnings"],
                      "rows": [["Copper Gale", "Iron Rye", "$9,999,815"]]}),
     "Copper Gale earned less than ten million dollars in its career.", "supported"),
])
def test_predicates_of_records_in_other_words(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


INNINGS = Table.from_dict({
    "id": "innings", "caption": "Harlow Vale CC first innings v Stannard CC",
    "columns": ["Batter", "Runs", "Balls"],
    "rows": [["J. Ashworth", "54", "61"], ["R. Okafor", "12", "20"],
             ["S. Whitlam", "88", "97"], ["A. Bhatt", "7", "15"]]})


@pytest.mark.parametrize("text", [
    "Harlow Vale went on to win the match.",  # the table's subject, named by its caption
    "Stannard CC lost the toss.",
])
def test_a_name_of_the_caption_does_not_compete_with_the_rows(core_checker, text):
    report = core_checker.check(text, INNINGS)
    assert not [h for h in report.hypotheses if h.reason == "entity not in table"]
    assert report.verdict == "unverifiable"


def test_a_name_outside_the_caption_still_competes(core_checker):
    report = expect(core_checker, INNINGS, "Marlow Town went on to win the match.", "refuted")
    assert [h for h in report.hypotheses if h.reason == "entity not in table"]

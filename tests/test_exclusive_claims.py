"""Claims that set one row against all the others, and coordinations joined by "both":

- "X is the only ADJ N" (rules/frames/quantifiers.yaml, quantifier-only-noun-modifier and
  its conjunct and appositive forms): the modifier holds of X and of no other row;
- "X is ADJ-er than any other N" (comparison.rows with the lexicon's
  ``comparand_universal_determiners``): X's cell beats every other row's of the kind the
  noun's modifiers pick, a tie not beating; the comparand's words say nothing of X's row;
- "both A and B" (the lexicon's ``coordination_preconjunctions``): checked when each
  conjunct is.

Four routers (a catalog: the rules decide):

    name            Bands      Wi-Fi standard  Price  Mesh support  Ports  Colors
    Osprey Tri      tri-band   Wi-Fi 6         $249   yes           4      white
    Vantor AX  dual-band  Wi-Fi 6         $179   yes           4      black, white
    Plover 5       dual-band  Wi-Fi 5         $59    no            2      black
    Finch Mini       dual-band  Wi-Fi 5         $89    no            3      grey
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

ROUTERS = Table.from_dict({
    "id": "routers", "caption": "Wi-Fi routers",
    "columns": ["name", "Bands", "Wi-Fi standard", "Price", "Mesh support", "Ports", "Colors"],
    "rows": [["Osprey Tri", "tri-band", "Wi-Fi 6", "$249", "yes", "4", "white"],
             ["Vantor AX", "dual-band", "Wi-Fi 6", "$179", "yes", "4", "black, white"],
             ["Plover 5", "dual-band", "Wi-Fi 5", "$59", "no", "2", "black"],
             ["Finch Mini", "dual-band", "Wi-Fi 5", "$89", "no", "3", "grey"]]})

# apartments: bathrooms is a column of 1s and one 2 (a count, though 1 alone reads as yes)
FLATS = Table.from_dict({
    "id": "flats", "caption": "Apartments",
    "columns": ["address", "bedrooms", "bathrooms", "rent"],
    "rows": [["Elm Row 4", "2", "1", "1,200"], ["Mill Lane 9", "4", "2", "2,100"],
             ["Quay Street 1", "1", "1", "900"]]})


@pytest.mark.parametrize("text, verdict, rule", [
    ("The Osprey Tri is the only tri-band model.", "supported", "quantifier-only-noun-modifier"),
    # two Wi-Fi 6 routers, three dual-band ones
    ("The Vantor AX is the only Wi-Fi 6 model.", "refuted",
     "quantifier-only-noun-modifier"),
    ("The Finch Mini is the only dual-band router.", "refuted", "quantifier-only-noun-modifier"),
    ("The Finch Mini, the only grey router, costs $89.", "supported",
     "quantifier-only-noun-appos-modifier"),
    ("The Osprey Tri, the only white router, costs $249.", "refuted",
     "quantifier-only-noun-appos-modifier"),  # the Vantor comes in white too
    ("The Plover 5, the only router with two ports, costs $59.", "supported",
     "quantifier-only-noun-appos"),
    ("The Plover 5 is the cheapest router and the only one with two ports.", "supported",
     "quantifier-only-noun-conjunct"),
    ("The Finch Mini is the cheapest router and the only one with two ports.", "refuted",
     "quantifier-only-noun-conjunct"),
])
def test_the_only_one_of_its_kind(core_checker, text, verdict, rule):
    report = expect(core_checker, ROUTERS, text, verdict)
    decided = [h for h in report.hypotheses if h.rule == rule]
    assert decided, [h.rule for h in report.hypotheses]
    assert {h.verdict for h in decided} == {verdict}


def test_two_modifiers_of_one_noun_make_one_claim(core_checker):
    """"tri-band" is two modifiers of "model" to the parser: one hypothesis, not two."""
    report = expect(core_checker, ROUTERS, "The Osprey Tri is the only tri-band model.",
                    "supported")
    assert [h.rule for h in report.hypotheses].count("quantifier-only-noun-modifier") == 1


def test_a_column_of_ones_and_a_two_counts(core_checker):
    """A column of 1s and a 2 counts something (bathrooms), though the lexicon reads a
    lone 1 as "yes": its cells are numbers, and "with two bathrooms" is a count."""
    kinds = {c.name: c.kind for c in core_checker.compile(FLATS).columns}
    assert kinds["bathrooms"] == "number"
    expect(core_checker, FLATS, "Mill Lane 9 is the only apartment with two bathrooms.",
           "supported")
    expect(core_checker, FLATS, "Elm Row 4 is the only apartment with two bathrooms.",
           "refuted")


@pytest.mark.parametrize("text, verdict", [
    ("Mill Lane 9 is the only four-bedroom apartment.", "supported"),
    ("Quay Street 1 is the only one-bedroom apartment.", "supported"),
    ("Mill Lane 9 is the only two-bathroom apartment.", "supported"),
    # Elm Row 4 and Quay Street 1 have one bathroom each
    ("Elm Row 4 is the only one-bathroom apartment.", "refuted"),
    ("Quay Street 1 is the only two-bedroom apartment.", "refuted"),
])
def test_the_only_one_with_a_counted_modifier(core_checker, text, verdict):
    """"the only four-bedroom apartment": a figure on a noun that names a column (its
    singular: "bedroom" of "bedrooms") picks the rows whose cell is that figure."""
    report = expect(core_checker, FLATS, text, verdict)
    assert any(h.rule == "quantifier-only-noun-modifier" for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("The Plover 5 is cheaper than any other router.", "supported"),
    ("The Finch Mini is cheaper than any other router.", "refuted"),  # the Plover 5 is
    ("The Osprey Tri costs more than every other model.", "supported"),
    # ports: 4, 4, 2, 3 -- a tie does not beat
    ("The Osprey Tri has more ports than any other router.", "refuted"),
    # among the dual-band ones (179, 59, 89) the Vantor is dearest
    ("The Vantor AX is more expensive than any other dual-band router.", "supported"),
    ("The Finch Mini is more expensive than any other dual-band router.", "refuted"),
])
def test_a_comparison_with_every_other_row(core_checker, text, verdict):
    report = expect(core_checker, ROUTERS, text, verdict)
    compared = [h for h in report.hypotheses
                if h.reason in ("comparison holds", "comparison false")]
    assert compared and compared[0].verdict == verdict, report.hypotheses


def test_the_comparands_words_are_not_a_claim_about_the_subject(core_checker):
    """"than any other dual-band router" picks the rows compared; it does not say the
    Osprey Tri is dual-band (it is tri-band), and the Osprey is dearer than all of them."""
    report = expect(core_checker, ROUTERS,
                    "The Osprey Tri is more expensive than any other dual-band router.",
                    "supported")
    assert not any(h.verdict == "refuted" for h in report.hypotheses)


def test_a_negated_comparison_with_every_row_is_left_open(core_checker):
    """"not cheaper than any other" reads two ways (not the cheapest; dearer than all):
    no verdict from the comparison."""
    report = core_checker.check("The Finch Mini is not cheaper than any other router.",
                                ROUTERS)
    assert not any(h.reason in ("comparison holds", "comparison false")
                   for h in report.hypotheses)
    assert report.verdict == "unverifiable"


@pytest.mark.parametrize("text, verdict", [
    ("The Vantor AX comes in both black and white.", "supported"),
    ("The Plover 5 comes in both black and white.", "refuted"),
    ("The Osprey Tri is both the priciest and the only tri-band router.", "supported"),
])
def test_both_joins_conjuncts_as_and_does(core_checker, text, verdict):
    report = expect(core_checker, ROUTERS, text, verdict)
    assert not any(h.reason == "claim not checked" for h in report.hypotheses)


def test_both_of_an_unchecked_conjunct_stays_open(core_checker):
    """A conjunct no check reads ("a lifetime warranty") leaves "both" open too."""
    report = core_checker.check(
        "The Osprey Tri comes with both mesh support and a lifetime warranty.", ROUTERS)
    assert report.verdict == "unverifiable"


@pytest.mark.parametrize("text, verdict", [
    ("Half of the routers offer mesh support.", "supported"),  # 2 of 4
    ("Half of the four routers are dual-band.", "refuted"),  # 3 of 4
    ("Exactly half of the routers come in black.", "supported"),  # Vantor, LinkOne
])
def test_half_of_the_rows(core_checker, text, verdict):
    report = expect(core_checker, ROUTERS, text, verdict)
    assert any(h.rule == "quantifier-partitive" and h.verdict == verdict
               for h in report.hypotheses)


@pytest.mark.parametrize("text", [
    "About half of the routers offer mesh support.",  # a share the words do not fix
    "More than half of the routers are dual-band.",
])
def test_a_qualified_share_is_not_counted_exactly(core_checker, text):
    report = core_checker.check(text, ROUTERS)
    assert not any(h.rule == "quantifier-partitive" for h in report.hypotheses)


def test_half_of_an_odd_number_of_rows_is_not_decided(core_checker):
    """Three flats: no whole number of them is half."""
    report = core_checker.check("Half of the flats have one bathroom.", FLATS)
    assert not any(h.rule == "quantifier-partitive" for h in report.hypotheses)


def test_a_count_does_not_vouch_for_a_clause_beside_it(core_checker):
    """The count of "two of the four routers are Wi-Fi 6 models" holds; the clause after
    it, with a subject of its own ("both are grey"), is a claim the count did not read
    (the two Wi-Fi 6 routers are white, and black and white): not supported."""
    report = core_checker.check(
        "Two of the four routers are Wi-Fi 6 models, and both are grey.", ROUTERS)
    assert report.verdict != "supported"
    alone = core_checker.check("Two of the four routers are Wi-Fi 6 models.", ROUTERS)
    assert alone.verdict == "supported"


REGIONS = Table.from_dict({
    "id": "regions", "caption": "Regions",
    "columns": ["Region", "Population", "Area (km2)"],
    "rows": [["Norve", "956,700", "12,400"], ["Aldis", "3,920,500", "8,100"],
             ["Tesk", "410,000", "22,000"]]})


def test_a_comparative_whose_own_attribute_is_no_column_is_left_open(core_checker):
    """"grown faster" grades a speed of growth, which no column holds: the subject's
    "population" is not what it compares (Aldis has the most people, not the fastest
    growth)."""
    report = core_checker.check(
        "Norve's population has grown faster than any other region's.", REGIONS)
    assert report.verdict == "unverifiable"
    larger = expect(core_checker, REGIONS, "Tesk is larger than any other region.",
                    "supported")  # by area, 22,000 against 12,400 and 8,100
    assert any(h.reason == "comparison holds" for h in larger.hypotheses)


GAMES = Table.from_dict({
    "id": "games", "caption": "Board games",
    "columns": ["name", "Players", "Complexity", "Price"],
    "rows": [["Harrow", "2-4", "2.1", "$30"], ["Quillon", "3-5", "3.4", "$45"],
             ["Sprig", "2-6", "1.5", "$20"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Quillon is more complex than Harrow.", "supported"),  # 3.4 against 2.1
    ("Sprig is more complex than Harrow.", "refuted"),  # 1.5 against 2.1
    ("Sprig is the least complex game.", "supported"),
    ("Harrow is more complex than any other game.", "refuted"),  # Quillon is
])
def test_an_adjective_grades_the_column_named_after_it(core_checker, text, verdict):
    """"complex" names no column, but "Complexity" derives from it by a suffix."""
    report = expect(core_checker, GAMES, text, verdict)
    assert any("Complexity" in h.explanation for h in report.hypotheses)


CARS = Table.from_dict({
    "id": "cars", "caption": "Cars",
    "columns": ["name", "Top speed", "Drive", "Price"],
    "rows": [["Arvo GT", "245 km/h", "all-wheel drive", "$52,000"],
             ["Brisk 2", "198 km/h", "front-wheel drive", "$31,000"],
             ["Cinder R", "221 km/h", "rear-wheel drive", "$44,000"]]})


@pytest.mark.parametrize("text, verdict", [
    # "all" of "all-wheel" is part of a hyphenated word, not a determiner or quantifier
    ("The Arvo GT comes with all-wheel drive.", "supported"),
    ("The Brisk 2 comes with all-wheel drive.", "refuted"),
    ("The Brisk 2 doesn't come with all-wheel drive.", "supported"),
    ("Only the Arvo GT has all-wheel drive.", "supported"),
    ("Only the Cinder R has all-wheel drive.", "refuted"),
    # a unit written with a slash is one word, at the end of a sentence too
    ("The Arvo GT tops out at 245 km/h.", "supported"),
    ("The Brisk 2 tops out at 245 km/h.", "refuted"),
])
def test_words_joined_by_a_hyphen_or_a_slash_are_one(core_checker, text, verdict):
    expect(core_checker, CARS, text, verdict)


PARKS = Table.from_dict({
    "id": "parks", "caption": "Parks",
    "columns": ["Park", "Highest point (m)", "Area (km2)"],
    "rows": [["Tarn Fen", "12", "310"], ["Scree Vale", "2,140", "95"]]})


def test_a_superlative_word_that_is_part_of_a_column_name_names_it(core_checker):
    """"highest point" is the column Highest point, not a claim that Tarn Fen's point is
    the highest of the table (Scree Vale's is)."""
    report = core_checker.check("Tarn Fen, whose highest point is just 12 m, is a wetland.",
                                PARKS)
    assert not any(h.verdict == "refuted" for h in report.hypotheses), report.hypotheses


@pytest.mark.parametrize("text, verdict", [
    # the two with mesh support are the Osprey ($249) and the Vantor ($179)
    ("Two of the routers offer mesh support, and both cost more than $150.", "supported"),
    ("Two of the routers offer mesh support, and both cost less than $150.", "refuted"),
    ("Two of the routers offer mesh support, and both of them cost more than $150.",
     "supported"),
    # the three dual-band ones: one (the Vantor) has mesh support
    ("Three of the routers are dual-band, and none has mesh support.", "refuted"),
])
def test_a_quantifier_standing_for_the_group_named_before(core_checker, text, verdict):
    report = expect(core_checker, ROUTERS, text, verdict)
    second = [h for h in report.hypotheses if h.rule.startswith("quantifier")
              and h.span[0] > text.index(",")]
    assert second and second[0].verdict == verdict, report.hypotheses


def test_a_group_the_cells_do_not_single_out_is_no_antecedent(core_checker):
    """"two of the routers are dual-band" is true of three rows (at least two): which two
    "both" means the table cannot tell, so it decides nothing about them."""
    report = core_checker.check(
        "Two of the routers are dual-band, and both cost less than $100.", ROUTERS)
    assert not any(h.rule == "quantifier-anaphoric" and h.verdict != "unverifiable"
                   for h in report.hypotheses)
    assert report.verdict != "supported"


def test_a_lone_quantifier_with_nothing_before_it_decides_nothing(core_checker):
    report = core_checker.check("Both cost more than $150.", ROUTERS)
    assert not any(h.rule == "quantifier-anaphoric" for h in report.hypotheses)


KEYBOARDS = Table.from_dict({
    "id": "keyboards", "caption": "Keyboards",
    "columns": ["name", "Price", "Backlight", "Layout"],
    "rows": [["Tarn 60", "$59", "none", "60%"], ["Wick TKL", "$89", "white", "TKL"],
             ["Ember Full", "$129", "RGB", "full-size"]]})


@pytest.mark.parametrize("text, verdict", [
    # "it" stands for the row named before; "a backlight" is the Backlight column, which
    # the Tarn's "none" states the absence of
    ("The Tarn 60 is the cheapest keyboard, and it is the only one without a backlight.",
     "supported"),
    ("The Wick TKL costs $89, and it is the only one without a backlight.", "refuted"),
    ("The Ember Full is the only keyboard with a backlight.", "refuted"),  # the Wick too
])
def test_the_only_one_said_of_a_pronoun_and_of_a_column_that_states_absence(
        core_checker, text, verdict):
    report = expect(core_checker, KEYBOARDS, text, verdict)
    assert any(h.rule.startswith("quantifier-only") and h.verdict == verdict
               for h in report.hypotheses), report.hypotheses


SCOOTERS = Table.from_dict({
    "id": "scooters", "caption": "E-scooters",
    "columns": ["name", "Price", "Suspension"],
    "rows": [["Rill 1", "$349", "none"], ["Rill 2", "$449", "front"],
             ["Gale One", "$599", "front and rear"], ["Gale Pro", "$899", "front and rear"]]})


def test_a_phrase_longer_than_a_columns_name_is_read_as_a_value(core_checker):
    """"front and rear suspension" is a value of Suspension, not "has suspension" (which
    three scooters have): only the two Gales have it."""
    report = expect(core_checker, SCOOTERS,
                    "Only the Gale One and the Gale Pro have front and rear suspension.",
                    "supported")
    assert any(h.rule.startswith("quantifier-only") and h.verdict == "supported"
               for h in report.hypotheses)


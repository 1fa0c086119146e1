"""Text -> hypotheses -> verdict, on a small product table of our own."""

import pytest

from depcheck.errors import InputError, RuleError, TextTooLong
from depcheck.table import Table

TABLE = Table.from_dict({
    "id": "bags", "columns": ["product", "laptop style", "strap", "color", "waterproof", "weight",
                              "price", "battery life rating", "setup", "picture quality",
                              "lights"],
    "rows": [["Product 1", "sleeve", "adjustable", "grey", "yes", "2.5 lbs", "$49.99", "5", "easy",
              "great", "bright"],
             ["Product 2", "messenger", "fixed", "black", "no", "3.1 lbs", "$39.00", "3", "hard",
              "poor", "dim"],
             ["Product 3", "backpack", "padded", "navy", "yes", "1.8 lbs", "$59.50", "4", "easy",
              "good", "bright"]]})

CASES = [
    # paper-style statements
    ("Product 1, rated 5, has the best battery life rating of the three bags.", "supported"),
    ("Product 2, rated 3, has the best battery life rating of the three bags.", "refuted"),
    # "installation" is a claim no column or cell accounts for: not support
    ("According to reviews, previous buyers feel positive about product 1 because it has easy "
     "setup and installation, great picture quality, and lights are bright.", "unverifiable"),
    ("According to reviews, previous buyers feel positive about product 1 because it has easy "
     "setup, great picture quality, and lights are bright.", "supported"),
    ("Owners rave about product 1's adjustable strap, grey color and easy setup.", "supported"),
    ("Owners rave about product 2's adjustable strap, grey color and easy setup.", "refuted"),
    # value on the wrong product
    ("Product 2 has an adjustable strap.", "refuted"),
    # wrong value / negation / booleans
    ("Product 2 is waterproof.", "refuted"),
    ("Product 2 is not waterproof.", "supported"),
    ("Product 3 is not waterproof.", "refuted"),
    # numbers and units
    ("Product 2 weighs 3.1 lbs.", "supported"),
    ("Product 2 weighs 4 lbs.", "refuted"),
    # comparisons and superlatives
    ("Product 3 is lighter than Product 1.", "supported"),
    ("Product 1 is lighter than Product 3.", "refuted"),
    ("Of the three bags, Product 2 is the cheapest.", "supported"),
    ("Of the three bags, Product 3 is the cheapest.", "refuted"),
    # entity not in the table
    ("Product 7 is waterproof.", "refuted"),
]


@pytest.mark.parametrize("text,verdict", CASES)
def test_verdicts(core_checker, text, verdict):
    report = core_checker.check(text, TABLE)
    assert report.verdict == verdict, [h.to_dict() for h in report.hypotheses]


def test_every_hypothesis_explains_itself(core_checker):
    report = core_checker.check("Product 2 is waterproof and weighs 3.1 lbs.", TABLE)
    assert len(report.hypotheses) >= 2
    for h in report.hypotheses:
        assert h.rule and h.rule_location and h.explanation and h.reason
        start, end = h.span
        assert report.text[start:end] == h.text
    refuted = [h for h in report.hypotheses if h.verdict == "refuted"][0]
    assert refuted.evidence.output[0].column == "waterproof"
    assert refuted.evidence.used[0].value == "Product 2"
    assert report.rules_version == core_checker.rules.version


def test_superlative_evidence_lists_every_compared_cell(core_checker):
    report = core_checker.check("Of the three bags, Product 3 is the cheapest.", TABLE)
    sup = [h for h in report.hypotheses if h.kind == "superlative"][0]
    assert {c.row for c in sup.evidence.output} == {0, 1, 2}


def test_report_round_trips_to_dict(core_checker):
    d = core_checker.check("Product 2 is waterproof.", TABLE).to_dict()
    assert d["verdict"] == "refuted" and d["hypotheses"][0]["evidence"]["columns"] == ["waterproof"]


@pytest.mark.parametrize("text,error", [("", InputError), ("   ", InputError),
                                        ("x" * 6000, TextTooLong), (None, InputError)])
def test_bad_text(core_checker, text, error):
    with pytest.raises(error):
        core_checker.check(text, TABLE)


def test_batch_matches_single_checks(core_checker):
    items = [(t, TABLE) for t, _ in CASES[:5]] + [("", TABLE)]
    out = core_checker.check_batch(items)
    assert [r.verdict for r in out[:5]] == [core_checker.check(t, TABLE).verdict
                                           for t, _ in CASES[:5]]
    assert isinstance(out[5], InputError)


def test_reload_keeps_old_rules_on_broken_file(tmp_path):
    import shutil

    from depcheck.checker import Checker
    from depcheck.config import Config

    from .conftest import REPO

    rules = tmp_path / "rules"
    shutil.copytree(REPO / "rules", rules)
    checker = Checker(Config(rules_dir=rules))
    before = checker.rules.version
    (rules / "broken.yaml").write_text("rules:\n  - id: x\n    kind: path\n")
    with pytest.raises(RuleError, match="broken.yaml:2: x"):
        checker.reload_rules()
    assert checker.rules.version == before
    (rules / "broken.yaml").unlink()
    assert checker.reload_rules().version == before


JUICERS = Table.from_dict({
    "id": "juicers", "columns": ["name", "brand", "dishwasher safe", "wattage", "price"],
    "rows": [["Citrina 3", "Orchard", "yes", "400w", "$39.99"],
             ["PressPro", "Orchard", "no", "600w", "$69.99"],
             ["ColdSqueeze", "Verde", "yes", "800w", "$119.99"]]})


@pytest.mark.parametrize("text,verdict", [
    ("In all, two juicers are dishwasher safe.", "supported"),  # Citrina 3, ColdSqueeze
    ("In all, just one juicer is dishwasher safe.", "refuted"),
])
def test_aggregate_claims_in_statements(core_checker, text, verdict):
    report = core_checker.check(text, JUICERS)
    assert report.verdict == verdict
    agg = [h for h in report.hypotheses if h.kind == "aggregate"]
    assert agg and agg[0].details["sql"].startswith("SELECT")
    start, end = agg[0].span
    assert report.text[start:end] == agg[0].text


def test_document_claims_use_headlines_and_report_every_number(core_checker):
    doc = ("# Dishwasher-safe juicers\n\nOur shop lists three juicers. Two of them are "
           "dishwasher safe.\n\n## Prices\n\nThe ColdSqueeze is the most expensive.\n")
    report = core_checker.check_document(doc, JUICERS)
    assert report.verdict == "supported"
    claimed = {c["text"].lower() for c in report.details["claims"]}
    assert {"three", "two"} <= claimed
    with pytest.raises(InputError):
        core_checker.check_document("   ", JUICERS)


RESULTS = Table.from_dict({
    "id": "season", "columns": ["date", "opponent", "result", "attendance"],
    "rows": [["5 march", "chelsea", "win", "41000"], ["12 march", "everton", "loss", "38000"],
             ["19 march", "arsenal", "loss", "52000"], ["26 march", "fulham", "win", "21000"],
             ["2 april", "leeds", "draw", "30000"], ["9 april", "spurs", "loss", "45000"]]})


def test_general_tables_are_checked_by_programs(core_checker):
    assert core_checker.mode_for(core_checker.compile(RESULTS)) == "programs"
    report = core_checker.check("there were 3 games that resulted in a loss", RESULTS)
    assert report.details["mode"] == "programs"
    program = report.hypotheses[0]
    assert program.kind == "program" and program.details["program"]
    assert report.verdict == "supported"
    assert core_checker.check("there were 5 games that resulted in a loss",
                              RESULTS).verdict == "refuted"


def test_rows_mode_is_the_per_row_baseline():
    from depcheck.checker import Checker
    from depcheck.config import Config

    from .conftest import REPO

    checker = Checker(Config(rules_dir=REPO / "rules", mode="rows"))
    report = checker.check("chelsea came on 5 march with a win", RESULTS)
    assert report.details["mode"] == "rows"
    assert report.hypotheses and report.hypotheses[0].rule.startswith("rows:")
    assert report.verdict == "supported"  # one row holds 5 march, chelsea and win
    # every mention is a cell, but no row holds them all (chelsea won on 5 march, everton
    # lost on 12 march): the baseline read the mentioned columns whole, and refutes
    for text in ("chelsea came on 5 march with a loss", "everton came on 12 march with a win"):
        report = checker.check(text, RESULTS)
        assert [h.verdict for h in report.hypotheses] == ["refuted"], text
        assert report.hypotheses[0].evidence.columns
        assert report.verdict == "refuted", text


def expect_verdicts(checker, table, cases) -> list:
    """Each (text, verdict) of ``cases`` checked against ``table`` gives that verdict; the
    reports, in order, for further assertions."""
    reports = []
    for text, verdict in cases:
        report = checker.check(text, table)
        assert report.verdict == verdict, (text, [h.to_dict() for h in report.hypotheses])
        reports.append(report)
    return reports


# Tables and wording from outside the development suites: people and hotels.
BIO = Table.from_dict({"id": "bio", "columns": ["name", "birth date", "birth place", "occupation",
                                                "nationality", "spouse"],
                       "rows": [["Ada Lovelace", "10 December 1815", "London", "mathematician",
                                 "British", "William King"]]})
HOTELS = Table.from_dict({"id": "hotels", "columns": ["hotel", "city", "stars", "rooms", "pool",
                                                      "breakfast included", "price per night"],
                          "rows": [["Hotel Aurora", "Lisbon", "4", "120", "yes", "no", "$180"],
                                   ["Casa Verde", "Porto", "3", "45", "no", "yes", "$95"]]})


SCREENS = Table.from_dict({"id": "screens", "columns": ["model", "resolution", "screen size"],
                           "rows": [["Vista 55", "4K", "55 inches"],
                                    ["Lumo 32", "1080p", "32 inches"]]})


@pytest.mark.parametrize("table,text,verdict", [
    (BIO, "Ada Lovelace was a British mathematician born in London.", "supported"),
    (BIO, "Ada Lovelace, born on 10 December 1815, was married to William King.", "supported"),
    (BIO, "Ada Lovelace was a French mathematician.", "refuted"),
    (BIO, "Ada Lovelace was born in Paris.", "refuted"),
    (BIO, "Ada Lovelace was a British physicist born in London.", "refuted"),
    (HOTELS, "Hotel Aurora in Lisbon has 120 rooms and a pool.", "supported"),
    (HOTELS, "Casa Verde is a 3-star hotel in Porto with breakfast included.", "supported"),
    (HOTELS, "Casa Verde is cheaper than Hotel Aurora.", "supported"),
    (HOTELS, "Hotel Aurora is cheaper than Casa Verde.", "refuted"),
    (HOTELS, "Hotel Aurora has 4 stars but no pool.", "refuted"),
    (HOTELS, "Casa Verde, in Lisbon, costs $95 per night.", "refuted"),
    # no column says whether a hotel has a spa: in an open world that is not checked
    (HOTELS, "Hotel Aurora offers free parking and a spa.", "unverifiable"),
    (HOTELS, "Casa Verde includes breakfast.", "supported"),
    (HOTELS, "Hotel Aurora includes breakfast.", "refuted"),
    (SCREENS, "The Vista 55 is a 4K TV with a 55-inch screen.", "supported"),
    (SCREENS, "The Vista 55 is an 8K TV.", "refuted"),
    (SCREENS, "The Lumo 32 records 1080p video.", "supported"),
])
def test_other_domains(core_checker, table, text, verdict):
    assert core_checker.check(text, table).verdict == verdict


# A restaurant catalog: the checker learns each column's values (what counts as an eatType,
# which yes/no attributes exist) from the tables it is shown, never from labels.
CATALOG = [
    {"id": f"r{i}", "columns": ["name", "eatType", "food", "priceRange", "familyFriendly",
                                "customer rating"],
     "rows": [[name, eat, food, price, family, rating]]}
    for i, (name, eat, food, price, family, rating) in enumerate([
        ("Aromi", "coffee shop", "English", "cheap", "yes", "low"),
        ("The Eagle", "restaurant", "Chinese", "high", "no", "5 out of 5"),
        ("Cotto", "pub", "Italian", "moderate", "yes", "average"),
        ("Zizzi", "restaurant", "English", "less than £20", "no", "high"),
        ("Loch Fyne", "coffee shop", "Chinese", "more than £30", "yes", "1 out of 5"),
        ("The Mill", "pub", "English", "£20-25", "no", "low"),
        ("Bibimbap", "restaurant", "Italian", "cheap", "yes", "high"),
        ("Clowns", "coffee shop", "French", "high", "no", "3 out of 5"),
        ("Wildwood", "pub", "French", "moderate", "yes", "low"),
        ("Strada", "restaurant", "French", "cheap", "no", "average"),
    ])]


@pytest.fixture(scope="module")
def catalog_checker():
    from depcheck.checker import Checker
    from depcheck.config import Config

    from .conftest import REPO

    checker = Checker(Config(rules_dir=REPO / "rules"))
    checker.set_domains(Table.from_dict(t) for t in CATALOG)
    return checker


def _one(columns, row):
    return Table.from_dict({"id": "one", "columns": columns, "rows": [row]})


@pytest.mark.parametrize("text,columns,row,verdict", [
    # a usually generic noun that is a value of one of the table's columns is a claim
    ("The Punter is a family-friendly restaurant.", ["name", "eatType", "familyFriendly"],
     ["The Punter", "coffee shop", "yes"], "refuted"),
    ("The Punter is a family-friendly restaurant.", ["name", "eatType", "familyFriendly"],
     ["The Punter", "restaurant", "yes"], "supported"),
    # a yes/no attribute inside a longer mention, the table lacking that column
    ("Hollands is a kid friendly Italian pub.", ["name", "eatType", "food"],
     ["Hollands", "pub", "Italian"], "refuted"),
    # a noun with a trailing adjective ("child friendly") is one mention, checked
    ("The Boxers is child friendly and its customer rating is high.",
     ["name", "customer rating", "familyFriendly"], ["The Boxers", "high", "no"], "refuted"),
    ("The Boxers is child friendly and its customer rating is high.",
     ["name", "customer rating", "familyFriendly"], ["The Boxers", "high", "yes"], "supported"),
    ("There is a kid friendly highly rated Italian pub by the canal named Hollands.",
     ["name", "eatType", "food", "familyFriendly"], ["Hollands", "pub", "Italian", "no"],
     "refuted"),
    # "non" negates the modifier it precedes, not the rest of the mention
    ("Hollands is a non child friendly Italian pub.",
     ["name", "eatType", "food", "familyFriendly"], ["Hollands", "pub", "Italian", "yes"],
     "refuted"),
    ("Hollands is a non child friendly Italian pub.",
     ["name", "eatType", "food", "familyFriendly"], ["Hollands", "pub", "Italian", "no"],
     "supported"),
    # a negated predicate denies its modifier, not the kind of place
    ("The Kestrel is not a family-friendly pub.", ["name", "eatType", "familyFriendly"],
     ["The Kestrel", "pub", "no"], "supported"),
    # price words against amounts: open ranges are the ends of the scale, a closed range
    # between them (in a catalog that has both ends) the middle
    ("Cotto is expensive.", ["name", "priceRange"], ["Cotto", "less than £20"], "refuted"),
    ("Cotto is expensive.", ["name", "priceRange"], ["Cotto", "more than £30"], "supported"),
    ("Cotto has a moderate price range.", ["name", "priceRange"], ["Cotto", "£20-25"],
     "supported"),
    ("Cotto has a high price range.", ["name", "priceRange"], ["Cotto", "£20-25"], "refuted"),
    # "cheap" always speaks of price: said of a table without prices, it is fabricated
    ("A cheap coffee shop is Cotto.", ["name", "eatType"], ["Cotto", "coffee shop"], "refuted"),
    # ratings stated by the verb, by stars, or by the subject of a copula
    ("Aromi is rated low.", ["name", "customer rating"], ["Aromi", "high"], "refuted"),
    ("Aromi is rated low.", ["name", "customer rating"], ["Aromi", "low"], "supported"),
    ("Aromi is a highly rated coffee shop.", ["name", "eatType", "customer rating"],
     ["Aromi", "coffee shop", "high"], "supported"),
    ("The Wrestlers has a 5 star rating.", ["name", "customer rating"],
     ["The Wrestlers", "3 out of 5"], "refuted"),
    ("The Wrestlers has a 5 star rating.", ["name", "customer rating"],
     ["The Wrestlers", "5 out of 5"], "supported"),
    # a scale word no cell spells ("high-end") is compared by level with the scale's column
    ("You will find a high-end pub called Basilio.", ["name", "eatType", "priceRange"],
     ["Basilio", "pub", "cheap"], "refuted"),
    ("You will find a high-end pub called Basilio.", ["name", "eatType", "priceRange"],
     ["Basilio", "pub", "more than £30"], "supported"),
    # a word that implies its attribute is not redirected to the noun it modifies
    ("Cotto serves cheap food.", ["name", "food", "priceRange"], ["Cotto", "Chinese", "cheap"],
     "supported"),
    # a name the parse may split ("Café" | "Lisboa") is still the cell's name
    ("Near Café Lisboa, by the riverside, is The Kestrel.", ["name", "area", "near"],
     ["The Kestrel", "riverside", "Café Lisboa"], "supported"),
    # a capitalized name before a generic noun must be the row's, even mis-tagged
    ("Cotto coffee shop offers Chinese food.", ["name", "eatType", "food"],
     ["Taste of Cambridge", "coffee shop", "Chinese"], "refuted"),
    ("Cotto coffee shop offers Chinese food.", ["name", "eatType", "food"],
     ["Cotto", "coffee shop", "Chinese"], "supported"),
    ("Midsummer House has a high customer rating.", ["name", "customer rating"],
     ["Cotto", "high"], "refuted"),
    # a yes/no attribute as the subject takes the predicate's polarity
    ("Marlowe is a pub. Children are not allowed.", ["name", "eatType", "familyFriendly"],
     ["Marlowe", "pub", "yes"], "refuted"),
    ("Marlowe is a pub. Children are not allowed.", ["name", "eatType", "familyFriendly"],
     ["Marlowe", "pub", "no"], "supported"),
    # "not" on the article denies the modifier after it, not the kind of place
    ("The Kestrel is a not so children friendly pub serving French food.",
     ["name", "eatType", "food", "familyFriendly"], ["The Kestrel", "pub", "French", "no"],
     "supported"),
    ("The Kestrel is a not so children friendly pub serving French food.",
     ["name", "eatType", "food", "familyFriendly"], ["The Kestrel", "pub", "French", "yes"],
     "refuted"),
    # a level word follows the noun it is said of ("the prices are low", "moderate ratings")
    ("Guests give Basilio average customer ratings, and the prices are low.",
     ["name", "customer rating", "priceRange"], ["Basilio", "average", "cheap"], "supported"),
    ("Guests give Basilio average customer ratings, and the prices are low.",
     ["name", "customer rating", "priceRange"], ["Basilio", "average", "high"], "refuted"),
    ("Basilio is a high priced pub that gets moderate ratings.",
     ["name", "eatType", "customer rating", "priceRange"],
     ["Basilio", "pub", "average", "high"], "supported"),
    # a number bounded by "less than" is a value, not a superlative
    ("The price range is less than £20 at Cocum.", ["name", "priceRange"],
     ["Cocum", "high"], "refuted"),
    ("The price range is less than £20 at Cocum.", ["name", "priceRange"],
     ["Cocum", "less than £20"], "supported"),
])
def test_catalog_values_and_negation_scope(catalog_checker, text, columns, row, verdict):
    report = catalog_checker.check(text, _one(columns, row))
    assert report.verdict == verdict, [h.to_dict() for h in report.hypotheses]


def test_amounts_in_another_unit_of_the_row_and_possessive_owners(core_checker):
    table = Table.from_dict({
        "id": "lanterns", "columns": ["product", "runtime"],
        "rows": [["Product 1", "10 days"], ["Product 2", "18 days"], ["Product 3", "2 months"]]})
    text = ("Product 3 lasts roughly two months, well beyond Product 1's 10 days and "
            "Product 2's 18 days.")
    assert core_checker.check(text, table).verdict == "supported"
    for wrong in (text.replace("Product 2's 18 days", "Product 2's 25 days"),
                  text.replace("roughly two months", "roughly two weeks")):
        assert core_checker.check(wrong, table).verdict == "refuted", wrong


def test_a_row_named_verbatim_counts_when_the_parse_splits_it(core_checker):
    table = Table.from_dict({
        "id": "headsets", "columns": ["product", "comfort score", "price"],
        "rows": [["Product 1", "3.6", "$84.00"], ["Product 2", "4.4", "$72.50"]]})
    ok = core_checker.check("Reviewers give Product 2 a comfort score of 4.4.", table)
    bad = core_checker.check("Reviewers give Product 2 a comfort score of 3.6.", table)
    assert (ok.verdict, bad.verdict) == ("supported", "refuted"), bad.to_dict()


@pytest.mark.parametrize("text,verdict", [
    # a verb phrase stating a yes/no attribute by itself
    ("The DuoRide does not fold.", "refuted"),
    ("The TravelMini shuts off automatically.", "supported"),
    ("The TravelMini does not shut off automatically.", "refuted"),
    # an amount in a column of words and amounts ("lifetime", "2 years")
    ("The DuoRide comes with a 2-year warranty.", "refuted"),
    ("The TravelMini comes with a 2-year warranty.", "supported"),
])
def test_verb_predicates_amounts_and_quantified_subjects(core_checker, text, verdict):
    table = Table.from_dict({
        "id": "home", "columns": ["name", "brand", "foldable", "auto shut-off", "warranty"],
        "rows": [["DuoRide", "Acme", "yes", "no", "1 year"],
                 ["TravelMini", "Acme", "no", "yes", "2 years"],
                 ["BrewHeat", "Zest", "no", "yes", "lifetime"]]})
    report = core_checker.check(text, table)
    assert report.verdict == verdict, [h.to_dict() for h in report.hypotheses]


def test_neither_quantifies_the_subject_not_its_brand(core_checker):
    table = Table.from_dict({
        "id": "drones", "columns": ["name", "brand", "waterproof", "video"],
        "rows": [["Hover 4", "Skyla", "no", "4K"], ["Glide Mini", "Skyla", "no", "2.7K"],
                 ["StormWing", "Aerix", "yes", "4K"]]})
    text = "Neither Skyla drone is waterproof; the Hover 4 films 4K video."
    report = core_checker.check(text, table)
    assert report.verdict == "supported", [h.to_dict() for h in report.hypotheses]
    assert not any(h.reason == "negated value holds" for h in report.hypotheses)


def test_a_description_that_names_no_row_is_still_checked(catalog_checker):
    """"you will find a <description> called X": the noun phrase names no row, but its
    values are claims about the row the sentence is about."""
    text = "By the riverside you will find a French pub called Pemberton's."
    columns = ["name", "eatType", "food", "area"]
    ok = catalog_checker.check(text, _one(columns, ["Pemberton's", "pub", "French",
                                                    "riverside"]))
    bad = catalog_checker.check(text, _one(columns, ["Pemberton's", "restaurant", "French",
                                                     "riverside"]))
    assert (ok.verdict, bad.verdict) == ("supported", "refuted"), bad.to_dict()


def test_proper_noun_modifiers_of_a_column_noun_are_its_value(core_checker):
    """"an Intel Core i9 processor" is the processor's value, not the laptop's brand: equal
    to the cell's words, or differing by words of the column's other cells or by a model
    code of the same shape ("i9" vs "i5")."""
    table = Table.from_dict({
        "id": "laptops", "columns": ["name", "brand", "processor", "color"],
        "rows": [["Nova X15", "Orbitek", "AMD Ryzen 7", "grey"],
                 ["Slate 13", "Lenovo", "Intel Core i5", "blue"]]})
    expect_verdicts(core_checker, table, [
        ("The Nova X15 has an Intel Core i9 processor.", "refuted"),
        ("The Slate 13 has an Intel Core i9 processor.", "refuted"),
        ("The Slate 13 has an Intel Core i5 processor.", "supported"),
        ("The Slate 13 has an Intel processor.", "supported"),
        ("The Nova X15 has an AMD Ryzen 7 processor.", "supported")])


def test_a_second_number_of_a_mention_is_checked_too(core_checker):
    table = Table.from_dict({
        "id": "cams", "columns": ["product", "megapixels", "sensor"],
        "rows": [["Product 1", "32.5 MP", "full frame"], ["Product 2", "18 MP", "1 inch"]]})
    ok = core_checker.check("Product 2 comes with an 18-megapixel 1-inch sensor.", table)
    bad = core_checker.check("Product 2 comes with a 32.5-megapixel 1-inch sensor.", table)
    assert (ok.verdict, bad.verdict) == ("supported", "refuted"), bad.to_dict()


# Headers carry units and yes/no verbs: "Price (USD)", "range_km", "hasWifi", "is_vegan".
BIKES = Table.from_dict({
    "id": "ebikes", "columns": ["model", "Price (USD)", "range_km", "weight_kg", "hasLights",
                                "is_foldable"],
    "rows": [["Volt One", "1,450", "60", "21", "yes", "no"],
             ["Volt Fold", "1,890", "45", "17", "yes", "yes"],
             ["Trail King", "3,200", "110", "26", "no", "no"],
             ["City Glide", "990", "40", "19", "no", "yes"]]})


@pytest.mark.parametrize("text,verdict", [
    ("The Trail King costs $3,200 and goes 110 km on a charge.", "supported"),
    ("The Trail King costs $3,400.", "refuted"),            # unit from the header
    ("The Volt One has a range of 60 km.", "supported"),
    ("The Volt One has a range of 80 km.", "refuted"),
    ("The Volt Fold has lights and is foldable.", "supported"),  # "hasLights": lights
    ("The Trail King has lights.", "refuted"),
    ("The City Glide is not foldable.", "refuted"),
    ("The City Glide is an affordable bike.", "supported"),   # the cheapest of four
    ("The Trail King is an affordable bike.", "refuted"),     # the most expensive
    ("The Trail King is a lightweight bike.", "refuted"),     # the heaviest
    ("The Volt Fold is a lightweight bike.", "supported"),    # the lightest
])
def test_header_units_yes_no_verbs_and_degree_words(core_checker, text, verdict):
    report = core_checker.check(text, BIKES)
    assert report.verdict == verdict, [h.to_dict() for h in report.hypotheses]


def test_a_degree_word_between_the_ends_is_not_decided(core_checker):
    report = core_checker.check("The Volt One is an affordable bike.", BIKES)
    level = [h for h in report.hypotheses if h.attribute and "price" in h.attribute.column.lower()]
    assert level, [h.to_dict() for h in report.hypotheses]  # the price reading is made...
    assert [h.verdict for h in level] == ["unverifiable"] * len(level)  # ...and left open
    # $1,450 is neither the cheapest ($990) nor the dearest ($3,200) of the four bikes, and
    # the statement says nothing else, so the report is unverifiable too
    assert report.verdict == "unverifiable"


@pytest.mark.parametrize("text,verdict", [
    ("Two of the four bikes have lights.", "supported"),
    ("Three of the four bikes have lights.", "refuted"),
    ("Two of the four bikes are foldable.", "supported"),
    ("Three bikes are foldable.", "refuted"),
])
def test_a_subset_count_is_a_filtered_count(core_checker, text, verdict):
    report = core_checker.check(text, BIKES)
    assert report.verdict == verdict, [h.to_dict() for h in report.hypotheses]


def test_a_code_ending_a_sentence_is_no_unknown_name(core_checker):
    phones = Table.from_dict({"id": "phones", "columns": ["phone", "has5G", "storage"],
                              "rows": [["Orbit 3", "yes", "128 GB"], ["Orbit 2", "no", "64 GB"],
                                       ["Orbit Mini", "no", "64 GB"]]})
    expect_verdicts(core_checker, phones, [
        ("The Orbit 3 has 128 GB of storage and supports 5G.", "supported"),
        ("The Orbit 2 has 64 GB of storage and supports 5G.", "refuted"),
        ("The Orbit 2 has 64 GB of storage and no 5G.", "supported")])


# Model names that extend one another, a scale written out, a superlative's own noun.
KETTLES = Table.from_dict({
    "id": "kettles", "columns": ["model", "capacity (l)", "boil time (min)", "rating", "price"],
    "rows": [["Brewmax 2", "1.7", "4", "4.1/5", "$40"],
             ["Brewmax 2 Pro", "1.5", "3", "4.6/5", "$65"],
             ["Steamline", "1.2", "5", "3.8/5", "$25"]]})


@pytest.mark.parametrize("text,verdict", [
    ("The Brewmax 2 Pro is rated 4.6 out of 5.", "supported"),   # not the Brewmax 2's row
    ("The Brewmax 2 Pro holds 1.7 litres.", "refuted"),
    ("The Brewmax 2 holds 1.7 litres.", "supported"),
    ("The Steamline is rated 3.8 out of 5 by its owners.", "supported"),  # "5": the scale
    ("The Steamline is rated 4.1 out of 5 by its owners.", "refuted"),
    ("The Brewmax 2 has the largest capacity of the three.", "supported"),
    ("The Steamline has the largest capacity of the three.", "refuted"),
])
def test_longest_names_scales_and_superlative_nouns(core_checker, text, verdict):
    report = core_checker.check(text, KETTLES)
    assert report.verdict == verdict, [h.to_dict() for h in report.hypotheses]


@pytest.mark.parametrize("text,verdict", [
    ("The Brewmax 2 Pro is rated higher than the Steamline.", "supported"),  # rated: rating
    ("The Steamline is rated higher than the Brewmax 2 Pro.", "refuted"),
    ("The Steamline costs more than the Brewmax 2.", "refuted"),             # costs: price
])
def test_a_comparative_takes_its_verbs_attribute(core_checker, text, verdict):
    report = core_checker.check(text, KETTLES)
    assert report.verdict == verdict, [h.to_dict() for h in report.hypotheses]


def test_a_than_phrase_under_the_comparatives_object(core_checker):
    campsites = Table.from_dict({
        "id": "camps", "columns": ["site", "distance to lake (km)", "pitches"],
        "rows": [["Pine Hollow", "0.4", "40"], ["Birch Ridge", "2.5", "25"],
                 ["Elm Flats", "1.1", "60"]]})
    expect_verdicts(core_checker, campsites, [
        ("Pine Hollow is closer to the lake than Birch Ridge.", "supported"),
        ("Birch Ridge is closer to the lake than Elm Flats.", "refuted")])


def test_both_ends_of_a_range_and_at_least_is_no_superlative(core_checker):
    games = Table.from_dict({
        "id": "games", "columns": ["game", "players", "minutes"],
        "rows": [["Lantern Bay", "2-4", "30-45"], ["Iron Pass", "3-6", "60-90"],
                 ["Moth & Moon", "1-5", "20"]]})
    for report in expect_verdicts(core_checker, games, [
            ("Iron Pass is for three to six players.", "supported"),
            ("Iron Pass is for three to eight players.", "refuted"),
            ("Lantern Bay plays in 30 to 45 minutes.", "supported"),
            ("Lantern Bay needs at least two players.", "supported")]):
        assert not any(h.kind == "superlative" for h in report.hypotheses), report.text


def test_names_with_an_ampersand_split_by_the_parse(core_checker):
    shops = Table.from_dict({
        "id": "stationers", "columns": ["shop", "owner", "city"],
        "rows": [["Quill & Ink", "Harlow & Sons", "York"], ["Paper Mill", "Dent & Co", "Bath"],
                 ["Nib Works", "Harlow & Sons", "Leeds"]]})
    for report in expect_verdicts(core_checker, shops, [
            ("Quill & Ink is owned by Harlow & Sons.", "supported"),
            ("Paper Mill is owned by Harlow & Sons.", "refuted"),
            ("Quill & Ink is in Bath.", "refuted"),
            ("Quill & Ink is in York.", "supported")]):
        explanations = [h.explanation for h in report.hypotheses]
        assert len(explanations) == len(set(explanations)), explanations  # each check once


def test_an_amount_in_a_unit_is_aggregated_over_a_column_of_that_unit(core_checker):
    courses = Table.from_dict({
        "id": "courses", "columns": ["course", "fee ($)", "length (min)", "seats"],
        "rows": [["Clay Basics", "40", "90", "12"], ["Wheel Throwing", "80", "120", "8"],
                 ["Glazing", "60", "60", "10"], ["Raku Night", "100", "90", "6"],
                 ["Kids Clay", "20", "90", "15"]]})
    # average fee 60, average length 90: "$90" must not be read as minutes
    expect_verdicts(core_checker, courses, [
        ("The average fee of the five courses is $60.", "supported"),
        ("The average fee of the five courses is $90.", "refuted")])


def test_minutes_and_square_metres_in_headers_and_text(core_checker):
    flats = Table.from_dict({
        "id": "flats", "columns": ["flat", "area_m2", "commute_min"],
        "rows": [["Elm Court 4", "58", "25"], ["Mill Lane 9", "74", "40"],
                 ["Dock Row 2", "41", "15"]]})
    expect_verdicts(core_checker, flats, [
        ("Elm Court 4 measures 58 m² and is a 25-minute commute.", "supported"),
        ("Elm Court 4 measures 64 m².", "refuted"),
        ("Mill Lane 9 is a 30 minute commute.", "refuted")])


def test_hyphenated_words_contains_headers_and_and_a_half(core_checker):
    cabins = Table.from_dict({
        "id": "cabins", "columns": ["cabin", "wifi", "Contains Sauna", "baths", "drive (min)"],
        "rows": [["Fjell", "free", "Yes", "1.5", "150"], ["Skog", "none", "No", "1", "90"],
                 ["Vann", "paid", "Yes", "2", "45"]]})
    expect_verdicts(core_checker, cabins, [
        ("Skog has no Wi-Fi.", "supported"),
        ("Fjell offers free Wi-Fi.", "supported"),
        ("Two cabins contain a sauna.", "supported"),
        ("Fjell has one and a half baths.", "supported"),
        ("Skog has one and a half baths.", "refuted"),
        ("Fjell is a two and a half hour drive.", "supported")])


def test_a_cell_that_says_not_available_is_an_absence(core_checker):
    rooms = Table.from_dict({
        "id": "rooms", "columns": ["room", "balcony", "minibar", "wifi"],
        "rows": [["Room 101", "not available", "included", "not supported"],
                 ["Room 202", "sea view", "$15", "free"],
                 ["Room 303", "not available", "not included", "free"]]})
    expect_verdicts(core_checker, rooms, [
        ("Room 101 has a balcony.", "refuted"),
        ("Room 202 has a balcony.", "supported"),
        ("A minibar is included in Room 303.", "refuted"),
        ("Room 303 has no balcony.", "supported"),
        ("Room 101 has wifi.", "refuted")])


def test_a_column_word_in_the_singular_is_no_value_of_another_column(core_checker):
    lets = Table.from_dict({
        "id": "lets", "columns": ["flat", "bedrooms", "parking"],
        "rows": [["Mill House", "1", "garage"], ["Quay Side", "2", "street"],
                 ["Old Bank", "3", "none"]]})
    for report in expect_verdicts(core_checker, lets, [
            ("Mill House is a one-bedroom flat.", "supported"),
            ("Old Bank is a three-bedroom flat.", "supported")]):
        assert not any(h.attribute and h.attribute.column == "parking"
                       for h in report.hypotheses), report.text


def test_rent_and_area_are_what_cheap_and_large_speak_of(core_checker):
    studios = Table.from_dict({
        "id": "studios", "columns": ["studio", "monthly rent", "area (sq ft)"],
        "rows": [["Loft A", "£900", "450"], ["Loft B", "£1,200", "620"],
                 ["Loft C", "£750", "380"]]})
    expect_verdicts(core_checker, studios, [
        ("Loft B is larger than Loft A.", "supported"),
        ("Loft C is larger than Loft A.", "refuted"),
        ("Loft C is cheaper than Loft A.", "supported"),
        ("Loft B is cheaper than Loft C.", "refuted")])


# -- issue 17: a verdict is a function of statement, table, rules and an explicit catalog ---

INN = {"id": "inn", "columns": ["name", "eatType", "food", "area"],
       "rows": [["The Copper Kettle", "pub", "Italian", "riverside"]]}
INN_CATALOG = [
    {"id": f"pub{i}", "columns": ["name", "eatType", "food", "area", "familyFriendly"],
     "rows": [[name, "pub", food, area, friendly]]}
    for i, (name, food, area, friendly) in enumerate([
        ("Lantern Rooms", "French", "city centre", "yes"),
        ("Blue Heron", "Japanese", "riverside", "no"),
        ("Maple Yard", "Indian", "city centre", "yes")])]


@pytest.fixture()
def fresh_checker(core_checker):
    """A checker of its own (no domains), sharing the loaded pipeline and vectors."""
    from depcheck.checker import Checker

    return Checker(core_checker.config, vectors=core_checker.vectors, nlp=core_checker.nlp)


def _same_report(a, b) -> bool:
    strip = lambda r: {k: v for k, v in r.to_dict().items() if k != "timing_ms"}  # noqa: E731
    return strip(a) == strip(b)


def test_a_verdict_does_not_depend_on_earlier_checks(fresh_checker):
    inn = Table.from_dict(INN)
    text = "The Copper Kettle is a kid friendly Italian pub."
    before = fresh_checker.check(text, inn)
    for t in INN_CATALOG:  # unrelated checks on tables that hold a familyFriendly column
        fresh_checker.check(f"{t['rows'][0][0]} serves {t['rows'][0][2]} food.",
                            Table.from_dict(t))
    after = fresh_checker.check(text, inn)
    assert _same_report(before, after)
    # no catalog: nothing checks "kid friendly" (and nothing refutes it)
    assert before.verdict == "unverifiable"
    assert [h.text for h in before.hypotheses if h.reason == "claim not checked"] == [
        "friendly"]  # "kid" is a generic noun of the lexicon


def test_domains_come_only_from_the_named_catalog(fresh_checker):
    inn = Table.from_dict(INN)
    text = "The Copper Kettle is a kid friendly Italian pub."
    fresh_checker.set_domains(Table.from_dict(t) for t in INN_CATALOG)
    # pubs of this catalog state friendliness, and this one's row does not: fabricated
    assert fresh_checker.check(text, inn).verdict == "refuted"
    fresh_checker.set_domains([])
    assert fresh_checker.check(text, inn).verdict == "unverifiable"


def test_a_closed_world_catalog_refutes_features_it_does_not_list(core_checker):
    """Issue 13: open world (the default) leaves an unlisted feature unverifiable; a catalog
    declared complete (closed_world) refutes it."""
    from dataclasses import replace

    from depcheck.checker import Checker

    hotels = Table.from_dict({"id": "h", "columns": ["hotel", "city", "pool"],
                              "rows": [["Villa Serra", "Bari", "yes"],
                                       ["Casa Mora", "Lecce", "no"]]})
    text = "Villa Serra has a pool and a rooftop sauna."
    assert core_checker.check(text, hotels).verdict == "unverifiable"
    closed = Checker(replace(core_checker.config, closed_world=True),
                     vectors=core_checker.vectors, nlp=core_checker.nlp)
    assert closed.check(text, hotels).verdict == "refuted"
    assert closed.check("Villa Serra has a pool.", hotels).verdict == "supported"


@pytest.mark.parametrize("text,verdict", [
    ("Nadia Brandt was born in Vienna.", "supported"),
    ("Nadia Brandt was born in Graz.", "refuted"),  # the birth place cell says Vienna
    ("Nadia Brandt was married to Tomas Vidal.", "supported"),
    ("Nadia Brandt was married to Piet Osman.", "refuted"),
    # a name beside the row that no column speaks of: neither support nor refutation
    ("Nadia Brandt studied with Otto Lenz.", "unverifiable"),
    # the sentence names no row, so the name competes with the table's key
    ("Clara Wendt was born in Vienna.", "refuted"),
])
def test_names_beside_a_row_are_values_of_the_column_their_predicate_names(core_checker, text,
                                                                          verdict):
    people = Table.from_dict({"id": "p", "columns": ["name", "birth place", "spouse",
                                                     "occupation"],
                              "rows": [["Nadia Brandt", "Vienna", "Tomas Vidal", "architect"]]})
    report = core_checker.check(text, people)
    assert report.verdict == verdict, [h.to_dict() for h in report.hypotheses]


@pytest.mark.parametrize("text,verdict,unchecked", [
    ("The Kestrel 2 weighs 1.4 kg.", "supported", []),
    ("The Kestrel 2 weighs 1.4 kg and ships with a carbon frame.", "unverifiable",
     ["carbon frame"]),
    ("The Kestrel 2 weighs 1.4 kg and is red.", "supported", []),
    ("The Kestrel 2 weighs 2 kg and ships with a carbon frame.", "refuted", None),
])
def test_support_needs_every_content_word_checked(core_checker, text, verdict, unchecked):
    """Issue 13: a statement is supported only when every claim in it was checked; the words
    no check accounts for are named."""
    bikes = Table.from_dict({"id": "b", "columns": ["model", "weight", "colour"],
                             "rows": [["Kestrel 2", "1.4 kg", "red"],
                                      ["Osprey 5", "2.1 kg", "blue"]]})
    report = core_checker.check(text, bikes)
    assert report.verdict == verdict, [h.to_dict() for h in report.hypotheses]
    if unchecked is not None:
        named = [h.text for h in report.hypotheses if h.reason == "claim not checked"]
        assert named == unchecked


@pytest.mark.parametrize("table,text,verdict", [
    # degree words the lexicon keeps for a general reason, each on a table of its own
    ({"id": "lamps", "columns": ["lamp", "brightness (lm)", "weight (kg)"],
      "rows": [["Pixa", "800", "1.2"], ["Lumo", "450", "0.9"], ["Brio", "1200", "2.4"]]},
     "Brio is brighter than Pixa.", "supported"),
    ({"id": "lamps", "columns": ["lamp", "brightness (lm)", "weight (kg)"],
      "rows": [["Pixa", "800", "1.2"], ["Lumo", "450", "0.9"], ["Brio", "1200", "2.4"]]},
     "Lumo is heavier than Brio.", "refuted"),
    ({"id": "flats", "columns": ["flat", "area_m2", "rent"],
      "rows": [["Oak 1", "48", "900"], ["Oak 2", "71", "1300"], ["Oak 3", "55", "1000"]]},
     "Oak 2 is larger than Oak 3.", "supported"),
    ({"id": "inns", "columns": ["inn", "distance to station (km)"],
      "rows": [["Fenwick", "0.4"], ["Harrow", "2.5"], ["Ludlow", "1.1"]]},
     "Fenwick is closer to the station than Harrow.", "supported"),
    ({"id": "kettles", "columns": ["kettle", "boil time (min)"],
      "rows": [["Quill", "3"], ["Tarn", "5"]]},
     "Quill boils water faster than Tarn.", "supported"),
    ({"id": "kettles", "columns": ["kettle", "charge time (h)"],
      "rows": [["Quill", "3"], ["Tarn", "5"]]},
     "Tarn charges faster than Quill.", "refuted"),
])
def test_general_degree_words(core_checker, table, text, verdict):
    """Issue 17: lexicon entries kept for a general reason, tested on tables of their own;
    "fast" reaches any "... time" column through the general inverse word "time"."""
    report = core_checker.check(text, Table.from_dict(table))
    assert report.verdict == verdict, [h.to_dict() for h in report.hypotheses]


@pytest.mark.parametrize("text,verdict", [
    # a name in a prepositional phrase beside no row is a place or an event, not a rival row
    ("The Gannet is a ketch that sailed to Madeira.", "unverifiable"),
    # the clause is about a name the table lacks: it competes with the rows
    ("The Fulmar is a ketch.", "refuted"),
    # a spelling of the row's own name is no rival ("Ganet" of "Gannet")
    ("The Ganet is a ketch.", "supported"),
    # negation reaches a modifier typed by its column: "not a white" boat that is blue
    ("The Gannet is not a white ketch.", "supported"),
])
def test_names_that_compete_with_the_rows(core_checker, text, verdict):
    boats = Table.from_dict({"id": "boat", "columns": ["name", "rig", "hull colour"],
                             "rows": [["Gannet", "ketch", "blue"]]})
    report = core_checker.check(text, boats)
    assert report.verdict == verdict, [h.to_dict() for h in report.hypotheses]


def test_a_reason_outside_the_fixed_set_is_refused():
    from depcheck.report import HypothesisResult

    ok = HypothesisResult(kind="fact", text="x", span=(0, 1), verdict="supported",
                          reason="value matches", rule="r", explanation="e")
    assert ok.reason == "value matches" and ok.to_dict()["reason"] == "value matches"
    with pytest.raises(ValueError):
        HypothesisResult(kind="fact", text="x", span=(0, 1), verdict="supported",
                         reason="looks fine to me", rule="r", explanation="e")


def test_a_refutation_needs_cells_or_a_name_or_schema_policy():
    from depcheck.report import Cell, Evidence, HypothesisResult
    from depcheck.verdict import refutes

    def h(reason, evidence=None):
        return HypothesisResult(kind="fact", text="x", span=(0, 1), verdict="refuted",
                                reason=reason, rule="r", explanation="e",
                                evidence=evidence or Evidence())

    assert refutes(h("value differs", Evidence(output=(Cell(0, "colour", "red"),))))
    assert refutes(h("entity not in table"))
    assert not refutes(h("value differs"))  # a refutation that read no cell

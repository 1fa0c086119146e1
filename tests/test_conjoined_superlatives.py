"""Superlatives coordinated in one statement, and the noun a superlative grades.

- A superlative's check accounts for its own phrase ("the narrowest kayak in the line"),
  not for a conjunct coordinated with it: "both the narrowest *and the most stable
  kayak*" is a second claim, supported only when a check of its own holds
  (``verdict._subtree_but_conjuncts``).
- A generic noun graded by a degree word names the numeric column called by it ("the
  longest *range*" of range_km); a column whose name holds the degree word itself is that
  column named, not a superlative ("whose *highest point* is 12 m" of Highest point).
"""

from depcheck.table import Table

from .verdicts import expect

KAYAKS = Table.from_dict({
    "id": "kayaks", "caption": "Kayaks",
    "columns": ["name", "Width", "Price", "range_km"],
    "rows": [["Ripple 10", "76 cm", "$449", "12"], ["Fjord Tour 14", "61 cm", "$1,199", "30"],
             ["Swift Lite 9", "71 cm", "$329", "8"]]})

MARSHES = Table.from_dict({
    "id": "marshes", "caption": "Marshes",
    "columns": ["name", "Highest point", "Area"],
    "rows": [["Blackwater Marsh", "12 m", "40 km2"], ["Reed Fen", "30 m", "12 km2"],
             ["Grey Moss", "8 m", "25 km2"]]})


def test_a_conjoined_superlative_no_check_decides_leaves_the_statement_open(core_checker):
    report = expect(core_checker, KAYAKS,
                    "The Fjord Tour 14 is both the narrowest and the most stable kayak.",
                    "unverifiable")
    assert any(h.kind == "superlative" and h.verdict == "supported" for h in report.hypotheses)
    assert any("stable" in h.text for h in report.hypotheses if h.reason == "claim not checked")


def test_each_conjoined_superlative_is_checked(core_checker):
    expect(core_checker, KAYAKS, "The Fjord Tour 14 is both the narrowest and the priciest"
           " kayak.", "supported")
    expect(core_checker, KAYAKS, "The Fjord Tour 14 is both the narrowest and the cheapest"
           " kayak.", "refuted")


def test_a_generic_noun_graded_names_its_column(core_checker):
    report = expect(core_checker, KAYAKS, "The Fjord Tour 14 has the longest range.",
                    "supported")
    assert any(h.kind == "superlative" and "range_km" in h.evidence.columns
               for h in report.hypotheses)
    expect(core_checker, KAYAKS, "The Ripple 10 has the longest range.", "refuted")


def test_a_column_named_with_the_degree_word_is_no_superlative(core_checker):
    report = core_checker.check("Blackwater Marsh, whose highest point is just 12 m, is home "
                                "to alligators.", MARSHES)
    assert not any(h.kind == "superlative" for h in report.hypotheses)
    assert report.verdict != "refuted"


STOVES = Table.from_dict({
    "id": "stoves", "caption": "Camping stoves",
    "columns": ["Stove", "Weight", "Price"],
    "rows": [["Nano", "78 g", "$45"], ["Titan", "112 g", "$65"], ["Duo", "4.8 kg", "$119"],
             ["Rapid", "410 g (incl. pot)", "$110"]]})


def test_a_superlative_ranks_a_column_of_several_units_in_one(core_checker):
    # 78 g < 112 g < 410 g < 4.8 kg: the number 4.8 is not the lightest
    expect(core_checker, STOVES, "The Nano is the lightest stove.", "supported")
    expect(core_checker, STOVES, "The Duo is the lightest stove.", "refuted")
    expect(core_checker, STOVES, "The Duo is the heaviest stove.", "supported")


STAYS = Table.from_dict({
    "id": "stays", "caption": "Holiday flats",
    "columns": ["name", "Distance to beach", "Price per night"],
    "rows": [["Kallisto Studio", "50 m", "€68"], ["Villa Nera", "400 m", "€140"],
             ["Casa Sol", "120 m", "€95"]]})


def test_a_both_the_parse_hangs_on_the_verb_is_checked_with_its_conjuncts(core_checker):
    # "both" is the verb's dependent, the second superlative a conjunct inside the first
    # one's phrase: checked when each superlative is
    expect(core_checker, STAYS, "The Kallisto Studio is both the closest to the beach and"
           " the cheapest per night.", "supported")
    expect(core_checker, STAYS, "The Casa Sol is both the closest to the beach and the"
           " cheapest per night.", "refuted")
    report = expect(core_checker, STAYS, "The Kallisto Studio is both the closest to the"
                    " beach and the quietest.", "unverifiable")
    assert any(h.text == "both" or "quietest" in h.text for h in report.hypotheses
               if h.reason == "claim not checked")


def test_by_far_is_checked_with_its_superlative(core_checker):
    # the lexicon's superlative_intensifiers: emphasis on a superlative that holds
    expect(core_checker, KAYAKS, "The Fjord Tour 14 is by far the priciest kayak.",
           "supported")
    expect(core_checker, KAYAKS, "The Ripple 10 is by far the priciest kayak.", "refuted")
    report = expect(core_checker, KAYAKS, "The Fjord Tour 14 is by far the most stable kayak.",
                    "unverifiable")
    assert any("far" in h.text for h in report.hypotheses if h.reason == "claim not checked")


POOLS = Table.from_dict({
    "id": "pools", "caption": "Outdoor pools",
    "columns": ["Pool", "Opened", "Lanes", "Adult entry"],
    "rows": [["Hartwell Lido", "1936", "8", "£6.20"], ["Fernhill Pool", "1929", "6", "£4.00"],
             ["Saltmead Lido", "1938", "0", "£3.50"], ["Brook Lane Baths", "2009", "5", "£7.00"],
             ["Tollgate Lido", "1932", "9", "£5.00"]]})


def test_a_degree_word_grades_the_one_column_of_its_dimension(core_checker):
    # no column is called price: "priciest" grades the one column in money (the lexicon's
    # dimension of "pricy"), not the lanes a program might rank by
    report = expect(core_checker, POOLS, "Brook Lane Baths is the priciest pool.", "supported")
    assert any(h.kind == "superlative" and "Adult entry" in h.evidence.columns
               for h in report.hypotheses)
    expect(core_checker, POOLS, "Tollgate Lido is the priciest pool.", "refuted")


BAGS = Table.from_dict({
    "id": "bags", "caption": "Sleeping bags",
    "columns": ["Model", "Weight (g)", "Price (USD)"],
    "rows": [["Tarn Lite", "890", "89"], ["Ridge 0", "1,450", "219"],
             ["Fell Quilt", "1,120", "149"], ["Cirque Wide", "1,860", "129"]]})


def test_a_both_the_parse_hangs_on_the_verb_as_an_adverb_is_checked_with_its_conjuncts(
        core_checker):
    # the parse makes "both" an adverb of "is"; each conjunct is a superlative of its own
    text = "The Tarn Lite is both the lightest bag in the lineup at 890 g and the {} at ${}."
    report = expect(core_checker, BAGS, text.format("cheapest", "89"), "supported")
    assert not any(h.reason == "claim not checked" for h in report.hypotheses)
    expect(core_checker, BAGS, text.format("priciest", "89"), "refuted")

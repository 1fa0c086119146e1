"""The rows a quantifier speaks of, picked by the words of its noun:

- a figure on a noun that names a column, or that is the unit of its cells ("both
  *two-person* tents": Capacity "2 person"; "the only *four-bedroom* flat": bedrooms 4);
- "with" or "without" and its object ("both brushes *with a pressure sensor*");
- an apposition that lists the rows by name ("both sonic brushes, *the Lumo One and the
  Lumo Two*, ..."): the quantifier reads those rows, and the noun's modifiers are a claim
  each listed row must hold too.

Four toothbrushes and five tents (catalogs: the rules decide):

    name        Type         App  Travel case  Pressure sensor  Price
    Lumo One    sonic        yes  yes          yes              $89
    Lumo Two    sonic        yes  yes          no               $119
    Brisk 3     oscillating  no   yes          yes              $49
    Brisk 5     oscillating  no   no           no               $39
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

BRUSHES = Table.from_dict({
    "id": "brushes", "caption": "Electric toothbrushes",
    "columns": ["name", "Type", "App", "Travel case", "Pressure sensor", "Price"],
    "rows": [["Lumo One", "sonic", "yes", "yes", "yes", "$89"],
             ["Lumo Two", "sonic", "yes", "yes", "no", "$119"],
             ["Brisk 3", "oscillating", "no", "yes", "yes", "$49"],
             ["Brisk 5", "oscillating", "no", "no", "no", "$39"]]})

TENTS = Table.from_dict({
    "id": "tents", "caption": "Backpacking tents",
    "columns": ["name", "Capacity", "Packed weight", "Doors", "Price"],
    "rows": [["Ridge 1", "1 person", "1.2 kg", "1", "$229"],
             ["Ridge 2", "2 person", "1.6 kg", "2", "$299"],
             ["Base 4", "4 person", "5.4 kg", "2", "$349"],
             ["Storm 2", "2 person", "2.9 kg", "2", "$549"],
             ["Meadow 6", "6 person", "9.8 kg", "1", "$399"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Both two-person tents have two doors.", "supported"),
    # the one-person and six-person tents have one door each, but there is one of each
    ("Both two-person tents have one door.", "refuted"),
    ("Both two-person tents cost under $600.", "supported"),
    ("Both two-person tents cost under $500.", "refuted"),  # the Storm 2 costs $549
])
def test_a_figure_on_the_noun_picks_the_rows(core_checker, text, verdict):
    report = expect(core_checker, TENTS, text, verdict)
    assert any(h.rule.startswith("quantifier") for h in report.hypotheses)


TRIMMERS = Table.from_dict({
    "id": "trimmers", "caption": "Cordless hedge trimmers",
    "columns": ["Model", "Weight (kg)", "Battery (V)", "Price (EUR)"],
    "rows": [["HT-42", "2.6", "18", "129"], ["HT-55", "3.1", "36", "189"],
             ["Cutline 50", "2.9", "18", "149"], ["Cutline 62", "3.8", "36", "229"],
             ["TR-48", "2.4", "20", "109"]]})


@pytest.mark.parametrize("text, verdict", [
    # "36 V" is a figure with its unit, the parse hanging both on the noun: the rows whose
    # Battery (V) is 36, two of them, and no group of 36
    ("Both 36 V models weigh under 4 kg.", "supported"),
    ("Both 36 V models weigh under 3.5 kg.", "refuted"),  # the Cutline 62 weighs 3.8 kg
    ("Both 18 V models cost under 160 euros.", "supported"),
    ("Both 18 V models cost under 130 euros.", "refuted"),  # the Cutline 50 costs 149
])
def test_a_figure_with_its_unit_on_the_noun_picks_the_rows(core_checker, text, verdict):
    report = expect(core_checker, TRIMMERS, text, verdict)
    found = [h for h in report.hypotheses if h.rule.startswith("quantifier")]
    assert found and " of 2 rows hold it" in found[0].explanation
    assert found[0].explanation.endswith("the text says both")


SCOOTERS = Table.from_dict({
    "id": "scooters", "caption": "Electric scooters",
    "columns": ["name", "Top speed", "Motor", "Range"],
    "rows": [["Zipline S1", "25 km/h", "350 W", "30 km"],
             ["VoltRider Pro", "32 km/h", "500 W", "45 km"],
             ["UrbanGlide 2", "25 km/h", "350 W", "40 km"]]})


@pytest.mark.parametrize("text, verdict", [
    # the parse tags "W" a name: still the unit of the figure that picks the rows
    ("Both 350 W scooters share a 25 km/h top speed.", "supported"),
    ("Both 350 W scooters have a 32 km/h top speed.", "refuted"),
])
def test_a_unit_tagged_as_a_name_still_picks_the_rows(core_checker, text, verdict):
    report = expect(core_checker, SCOOTERS, text, verdict)
    assert any(h.rule.startswith("quantifier") for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("Both brushes with a pressure sensor include a travel case.", "supported"),
    ("Both brushes with a pressure sensor cost under $100.", "supported"),
    ("Both brushes with a pressure sensor cost more than $60.", "refuted"),  # $49
    ("Both brushes without a pressure sensor cost over $100.", "refuted"),  # $39
])
def test_with_and_its_object_pick_the_rows(core_checker, text, verdict):
    report = expect(core_checker, BRUSHES, text, verdict)
    assert any(h.rule.startswith("quantifier") for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("Both sonic brushes, the Lumo One and the Lumo Two, include a travel case.",
     "supported"),
    ("Both sonic brushes, the Lumo One and the Lumo Two, have a pressure sensor.",
     "refuted"),  # the Lumo Two has none
    # the Brisk 3 is an oscillating brush: the listed rows do not hold the modifier
    ("Both sonic brushes, the Lumo One and the Brisk 3, include a travel case.", "refuted"),
])
def test_an_apposition_lists_the_rows(core_checker, text, verdict):
    report = expect(core_checker, BRUSHES, text, verdict)
    assert any(h.rule.startswith("quantifier") for h in report.hypotheses)


FLIGHTS = Table.from_dict({
    "id": "flights", "caption": "Flights to Boston",
    "columns": ["flight", "carrier", "fare_usd", "stops"],
    "rows": [["AA 14", "American", "320", "0"], ["UA 62", "United", "340", "1"],
             ["DL 80", "Delta", "280", "1"], ["B6 11", "JetBlue", "210", "0"]]})

COURSES = Table.from_dict({
    "id": "courses", "caption": "Language courses",
    "columns": ["Course", "Format", "Monthly price"],
    "rows": [["Leap", "app", "$12.99"], ["Parla", "live classes", "$89"],
             ["Poly", "app", "$9.99"], ["Direkt", "live classes", "$119"]]})


@pytest.mark.parametrize("table, text, verdict", [
    # two values of one column, coordinated: the rows of either
    (FLIGHTS, "The American and United flights both cost more than $300.", "supported"),
    (FLIGHTS, "The American and Delta flights both cost more than $300.", "refuted"),
    # a participle hyphen-joined to a value: the rows with that value
    (COURSES, "Both app-based courses cost under $15.", "supported"),
    (COURSES, "Both app-based courses cost under $10.", "refuted"),
])
def test_coordinated_values_and_hyphened_participles_pick_rows(core_checker, table, text,
                                                               verdict):
    report = expect(core_checker, table, text, verdict)
    assert any(h.rule.startswith("quantifier") for h in report.hypotheses)


FERRIES = Table.from_dict({
    "id": "ferries", "caption": "Weekday sailings",
    "columns": ["Departs", "Route", "Crossing time"],
    "rows": [["06:15", "direct", "50 min"], ["09:00", "direct", "50 min"],
             ["12:30", "via Holm", "75 min"], ["15:10", "via Holm", "80 min"]]})


def test_a_pronoun_for_a_group_not_found_is_not_every_row(core_checker):
    """"..., and each of *them* takes 50 minutes": the pronoun stands for the direct
    sailings the text counted; where that group is found (its size agrees with the table)
    the quantifier reads it, and where it is not ("of the eight", a table of four) the
    quantifier does not read every row instead (two take longer) and refute."""
    found = core_checker.check(
        "Two of the four sailings run direct, and each of them takes 50 minutes.", FERRIES)
    assert [h.verdict for h in found.hypotheses if "each" in h.text] == ["supported"]
    lost = core_checker.check("Four of the eight sailings run direct to Holm, and each of "
                              "them takes 50 minutes.", FERRIES)
    assert not any(h.rule.startswith("quantifier") and "each" in h.text
                   for h in lost.hypotheses)



BEERS = Table.from_dict({
    "id": "beers", "caption": "Beer list",
    "columns": ["Beer", "Brewery", "ABV", "Price", "Style"],
    "rows": [["Harbour Dark", "Hollins", "6.5%", "\u00a34.20", "Stout"],
             ["Pippin Pale", "Marsh Farm", "4.5%", "\u00a33.80", "Lager"],
             ["Russet Night", "Hollins", "7%", "\u00a34.90", "Stout"],
             ["Summer Light", "Teal Barn", "4%", "\u00a33.50", "Lager"],
             ["Black Oak", "Marsh Farm", "6%", "\u00a34.60", "Stout"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Every stout on the list is at least 6% ABV.", "supported"),
    ("All the lagers are under 5% ABV.", "supported"),
    ("Every stout on the list is at least 6.5% ABV.", "refuted"),
])
def test_a_quantified_noun_that_is_a_value_picks_its_rows(core_checker, text, verdict):
    """"every *stout* on the list": the rows whose Style is Stout, not every row."""
    expect(core_checker, BEERS, text, verdict)

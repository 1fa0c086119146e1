"""A figure is compared with its unit (issue 13: "hours are not days"): "9.4 lb" is no match
of a cell "9.4" in a column of kilograms, "7 hours" none of "7 days"; a figure converted
into the column's unit holds to its written precision ("20.7 lbs" of 9.4 kg); a figure of
another dimension beside a cell of the same number ("65 m²" beside $65) refutes nothing.

Every expected verdict is reasoned from the tables below.

Four lanterns (rules decide):

    name    weight_kg  height (in)  runtime   beam (km)
    Avon    9.4        12           7 days    4.1
    Brook   3.2        10           36 hours  6.6
    Calder  2.5        8            2 days    8.0
    Dee     4.3        14           5 days    3.0

Six lanterns (a general table: the program search runs, the rules' wrong amounts stand);
the Eddy weighs 1.8 kg and costs $65.
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

SMALL = Table.from_dict({
    "id": "lanterns4", "caption": "Lanterns",
    "columns": ["name", "weight_kg", "height (in)", "runtime", "beam (km)"],
    "rows": [["Avon", "9.4", "12", "7 days", "4.1"],
             ["Brook", "3.2", "10", "36 hours", "6.6"],
             ["Calder", "2.5", "8", "2 days", "8.0"],
             ["Dee", "4.3", "14", "5 days", "3.0"]]})

GENERAL = Table.from_dict({
    "id": "lanterns6", "caption": "Lanterns",
    "columns": ["name", "weight_kg", "price", "colors"],
    "rows": [["Avon", "9.4", "$120", "red"],
             ["Brook", "3.2", "$80", "green"],
             ["Calder", "2.5", "$70", "red"],
             ["Dee", "4.3", "$95", "blue"],
             ["Eddy", "1.8", "$65", "green"],
             ["Fjord", "2.9", "$75", "blue"]]})


@pytest.mark.parametrize("text,verdict", [
    ("The Avon weighs 9.4 kg.", "supported"),
    ("The Avon weighs 9.4 lb.", "refuted"),  # 9.4 kg is 20.7 lb
    ("The Avon weighs 20.7 lbs.", "supported"),
    ("The Avon weighs 25 lbs.", "refuted"),
    ("The Avon stands 12 cm tall.", "refuted"),  # 12 inches
    ("The Avon runs for 7 hours.", "refuted"),  # 7 days
    ("The Avon runs for 7 days.", "supported"),
    ("The Brook runs for 36 hours.", "supported"),
])
def test_a_figure_is_compared_with_its_unit(core_checker, text, verdict):
    expect(core_checker, SMALL, text, verdict)


def test_a_wrong_unit_refutes_on_a_general_table(core_checker):
    # the rules find 9.4 lb against 9.4 kg; a program reading "9.4" alone does not outweigh it
    report = expect(core_checker, GENERAL, "At 9.4 lb, the Avon is easy to carry.", "refuted")
    assert any(h.kind == "fact" and h.verdict == "refuted" for h in report.hypotheses)


def test_a_figure_of_another_dimension_is_another_attribute(core_checker):
    # "65 m²" is no price of $65 in a wrong unit: nothing in the table says what it covers
    report = core_checker.check("One can of the Eddy covers 65 m².", GENERAL)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]


def test_a_wrong_amount_is_a_figure_checked_as_a_number():
    """On a general table a refuted fact stands beside a program that holds when it is an
    amount in a known unit checked as a number; "5G" refuted as a yes/no cell is no 5 g."""
    from depcheck.checker import _wrong_amounts
    from depcheck.report import REFUTED, Cell, Evidence, HypothesisResult, Link

    def fact(text, reason, cell):
        return HypothesisResult(
            kind="fact", text=text, span=(0, len(text)), verdict=REFUTED, reason=reason,
            rule="r", explanation="", entity=Link("Avon", "Avon", "exact", 1.0, "name", 0),
            evidence=Evidence(output=(cell,), columns=(cell.column,)))

    weight = fact("9.4 lb", "unit differs", Cell(0, "weight_kg", "9.4"))
    fivegee = fact("5G.", "value differs", Cell(0, "has5G", "no"))
    price = fact("65 m²", "unit differs", Cell(0, "price", "$65"))
    assert _wrong_amounts((weight, fivegee, price)) == (weight,)


def test_a_wrong_amount_said_of_a_pronoun_refutes_on_a_general_table(core_checker):
    # "it" is the Avon, named before it in the sentence: its wrong price stands beside a
    # program that reads the sentence's other claim and holds
    report = expect(core_checker, GENERAL, "At 9.4 kg the Avon is the heaviest lantern, and it"
                    " costs $150.", "refuted")
    assert any(h.kind == "fact" and h.verdict == "refuted" and "price" in h.evidence.columns
               for h in report.hypotheses)
    expect(core_checker, GENERAL, "At 9.4 kg the Avon is the heaviest lantern, and it costs"
           " $120.", "supported")


RECORD = Table.from_dict({
    "id": "record", "caption": "Album",
    "columns": ["name", "Released", "Length", "Label", "Budget"],
    "rows": [["Low Tide", "1973", "55 : 07", "RCA", "$2 million"]]})

EPIC = Table.from_dict({
    "id": "epic", "caption": "Album", "columns": ["name", "Length"],
    "rows": [["Long Haul", "1:01:08"]]})


@pytest.mark.parametrize("table, text, verdict", [
    # a Length written as a clock is minutes and seconds (hours too), not the number 55
    (RECORD, "Low Tide is over an hour long.", "refuted"),
    (RECORD, "Low Tide is less than an hour long.", "supported"),
    (RECORD, "Low Tide runs for over 50 minutes.", "supported"),
    (EPIC, "Long Haul is over an hour long.", "supported"),
])
def test_a_length_written_as_a_clock(core_checker, table, text, verdict):
    report = expect(core_checker, table, text, verdict)
    assert any("Length" in h.evidence.columns for h in report.hypotheses)


def test_a_length_of_time_is_no_amount_of_money(core_checker):
    # "two hours" is not the 2 of "$2 million"
    report = core_checker.check("Low Tide is over two hours long.", RECORD)
    assert not any("Budget" in h.evidence.columns for h in report.hypotheses)


RIVER = Table.from_dict({
    "id": "river", "caption": "River",
    "columns": ["name", "Length", "Source elevation", "Mouth elevation"],
    "rows": [["Sella", "386 km (240 mi)", "1,420 m", "0 m"]]})

SHOW = Table.from_dict({
    "id": "show", "caption": "TV series",
    "columns": ["name", "Running time", "Original release"],
    "rows": [["Low Pier", "58 minutes", "3 March 2013 – 18 November 2018"]]})


@pytest.mark.parametrize("text, verdict", [
    # a comparative adjective and "than" before a figure: the adjective's attribute
    # (Length, not the elevations in the same unit family) and direction
    ("The Sella is longer than 350 kilometres.", "supported"),
    ("The Sella is longer than 400 km.", "refuted"),
    ("The Sella is shorter than 400 km.", "supported"),
])
def test_a_comparative_adjective_bounds_a_figure(core_checker, text, verdict):
    report = expect(core_checker, RIVER, text, verdict)
    assert any(h.kind == "bound" and list(h.evidence.columns) == ["Length"]
               for h in report.hypotheses)


def test_a_bound_is_not_read_off_a_column_of_another_scale(core_checker):
    # "more than five years" is no running time of 58 minutes
    report = core_checker.check("Low Pier was broadcast for more than five years.", SHOW)
    assert not any("Running time" in h.evidence.columns for h in report.hypotheses)


def test_a_figure_of_another_dimension_than_the_named_column_is_left_open(core_checker):
    # "dust" names Dust capacity (litres); a share of dust trapped is another attribute
    vacuums = Table.from_dict({"id": "vacuums", "caption": "Vacuum cleaners",
                               "columns": ["name", "Dust capacity", "Weight"],
                               "rows": [["Sorla V2", "0.54 L", "2.6 kg"]]})
    report = core_checker.check("The Sorla V2 traps 99.97% of the dust.", vacuums)
    assert report.verdict == "unverifiable", [(h.kind, h.verdict, h.explanation)
                                              for h in report.hypotheses]
    assert expect(core_checker, vacuums, "The Sorla V2 holds 0.9 L of dust.", "refuted")



# a figure stated in a unit is a cell of a column in that unit's dimension: "90 minutes" is
# no elevation gain of 90 (a column without a unit) beside a walking time in hours
TRAILS = Table.from_dict({
    "id": "trails", "caption": "Trails",
    "columns": ["trail", "elevation gain", "walking time (hours)", "dogs"],
    "rows": [["Fern Loop", "120", "1.5", "yes"],
             ["Heron Way", "90", "2", "no"],
             ["Larch Ridge", "340", "4", "yes"]]})


def test_a_figure_in_a_unit_is_a_cell_of_that_dimension(core_checker):
    # 1.5 hours is 90 minutes; 90 is Heron Way's elevation gain, which says nothing of time
    report = core_checker.check("The Fern Loop takes 90 minutes.", TRAILS)
    assert report.verdict != "refuted"
    assert any(h.verdict == "supported" and "walking time" in h.explanation
               for h in report.hypotheses), report.hypotheses
    # the Larch Ridge takes 4 hours: refuted by its walking time, not by an elevation gain
    report = expect(core_checker, TRAILS, "The Larch Ridge takes 90 minutes.", "refuted")
    refuting = [h for h in report.hypotheses if h.verdict == "refuted"]
    assert refuting and all("walking time" in h.explanation for h in refuting), refuting


TEAS = Table.from_dict({
    "id": "teas", "caption": "Teas",
    "columns": ["Tea", "Caffeine (mg/cup)", "Steep temp (°C)", "Price (per 100 g)"],
    "rows": [["Gyokuro", "35", "60", "$45"], ["Pu-erh", "60", "95", "$30"],
             ["Assam", "70", "100", "$12"]]})


@pytest.mark.parametrize("text, verdict", [
    # a temperature (two tokens: "60 °C") is no cell of the caffeine column (Pu-erh's 60)
    ("The steep temp of Gyokuro is 60°C.", "supported"),
    ("The steep temp of Gyokuro is 95°C.", "refuted"),
    ("Gyokuro has 35 mg of caffeine a cup.", "supported"),
])
def test_a_temperature_is_read_in_its_own_column(core_checker, text, verdict):
    report = expect(core_checker, TEAS, text, verdict)
    assert all("Caffeine (mg/cup)" not in h.evidence.columns for h in report.hypotheses
               if "°" in h.text)


SCOOTERS = Table.from_dict({
    "id": "scooters", "caption": "Electric scooters",
    "columns": ["name", "Top speed", "Range", "Price"],
    "rows": [["Torque X", "45 km/h", "65 km", "$899"],
             ["Volt Pro", "25 km/h", "45 km", "$599"],
             ["Zip S1", "20 km/h", "30 km", "$349"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Torque X tops out at 45 km/h.", "supported"),
    ("The Volt Pro tops out at 45 km/h.", "refuted"),  # its top speed is 25 km/h
    ("The Volt Pro goes 45 km per charge.", "supported"),
])
def test_a_speed_is_not_a_piece_of_a_length(core_checker, text, verdict):
    """"45 km/h" is a speed: a cell "45 km" of Range (another row's) matches a piece of
    it, not the figure, and does not refute it."""
    report = expect(core_checker, SCOOTERS, text, verdict)
    assert not any(h.verdict == "refuted" and any(c.column == "Range" for c in
                                                   h.evidence.output)
                   for h in report.hypotheses)


HIKES = Table.from_dict({
    "id": "hikes", "caption": "Day hikes",
    "columns": ["Trail", "Length (km)", "Est. time", "Dogs allowed"],
    "rows": [["Falcon Ridge", "12.4", "4–5 h", "yes"], ["Mill Creek", "5.2", "1.5 h", "yes"],
             ["Summit Spur", "8.8", "5 h", "no"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Mill Creek takes about 90 minutes.", "supported"),
    ("Mill Creek takes about 40 minutes.", "refuted"),
    ("Summit Spur takes 300 minutes.", "supported"),
    # a range is no figure in a unit: not compared
    ("Falcon Ridge takes 270 minutes.", "unverifiable"),
])
def test_a_figure_in_another_unit_is_compared_where_cells_are_figures(core_checker, text,
                                                                       verdict):
    """A column of times with a range among them ("4–5 h"): "90 minutes" is compared with
    "1.5 h" in the base unit, not refuted for its unit; the range's row is left open."""
    expect(core_checker, HIKES, text, verdict)


@pytest.mark.parametrize("text, verdict", [
    ("The Torque X goes 65 km against 45 km for the Volt Pro.", "supported"),
    ("The Torque X goes 45 km versus 65 km for the Volt Pro.", "refuted"),
    # the second figure is the other side's (no row named for it): not the Torque X's
    ("The Torque X has a range of 65 km versus 45 km.", "unverifiable"),
])
def test_the_figure_set_against_another_is_the_other_sides(core_checker, text, verdict):
    """"65 km *versus 45 km*": the lexicon's ``comparand_figure_preps`` make the object
    figure the other side's; the clause's row is checked on its own figure only."""
    expect(core_checker, SCOOTERS, text, verdict)


RACE = Table.from_dict({
    "id": "race", "caption": "Lakeside Marathon results",
    "columns": ["Runner", "Country", "Finish time", "Half split"],
    "rows": [["D. Kiprop", "KEN", "2:08:41", "1:04:05"],
             ["T. Herrera", "ESP", "2:09:15", "1:04:10"],
             ["Y. Tanabe", "JPN", "2:11:02", "1:03:58"],
             ["L. Eriksen", "NOR", "2:14:30", "1:06:40"]]})


@pytest.mark.parametrize("text, verdict", [
    # "Finish time", "Half split" (lexicon clock_duration_header_ends): clock cells are
    # lengths of time, ranked as such, not the number before the first colon
    ("D. Kiprop had the fastest finish time.", "supported"),
    ("L. Eriksen had the fastest finish time.", "refuted"),
    ("Y. Tanabe had the fastest half split.", "supported"),
])
def test_a_time_written_as_a_clock_is_ranked_as_one(core_checker, text, verdict):
    """(four runners: the rules decide; "fastest" grades a time inversely, the lexicon's
    ``inverse`` of "fast")"""
    report = expect(core_checker, RACE, text, verdict)
    assert any(h.kind == "superlative" for h in report.hypotheses)


AIRLINE = Table.from_dict({
    "id": "airline", "caption": "Regional airline on-time performance, 2019",
    "columns": ["Month", "Scheduled flights", "On-time arrivals (%)", "Average delay (min)"],
    "rows": [["March", "2,140", "84.1", "9"], ["April", "2,210", "86.0", "8"],
             ["May", "2,290", "89.5", "6"], ["June", "2,350", "81.2", "11"]]})


@pytest.mark.parametrize("text, verdict", [
    ("May was the most punctual month, with 89.5% of flights on time.", "supported"),
    ("June was the most punctual month.", "refuted"),  # "punctual": on-time, higher
    ("In June, 89.5% of flights arrived on time.", "refuted"),
])
def test_a_share_is_no_count(core_checker, text, verdict):
    """"89.5% of flights" is a share: the count column its noun names (Scheduled flights,
    thousands) does not refute it; the column in % reads it."""
    report = expect(core_checker, AIRLINE, text, verdict)
    assert not any(h.verdict == "refuted" and "Scheduled flights" in h.evidence.columns
                   for h in report.hypotheses)


AMPS = Table.from_dict({
    "id": "amps", "caption": "Guitar amplifiers",
    "columns": ["Amp", "Output", "Weight", "Price"],
    "rows": [["Redwood 50", "50 W", "14.2 kg", "$299"], ["Redwood 20", "20 W", "6.8 kg", "$149"],
             ["Valvara 15", "15 W", "11.0 kg", "$549"]]})


@pytest.mark.parametrize("text, verdict", [
    # "versus" hangs on the verb; the figure before it is the row's, the one after the
    # other side's
    ("The Redwood 50 weighs roughly twice as much (14.2 kg versus 6.8 kg).", "unverifiable"),
    ("The Redwood 50 weighs roughly twice as much (6.8 kg versus 14.2 kg).", "refuted"),
])
def test_the_other_sides_figure_after_a_verb(core_checker, text, verdict):
    expect(core_checker, AMPS, text, verdict)


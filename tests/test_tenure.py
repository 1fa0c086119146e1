"""How long a row has been in a state since its start date (rules/frames/dates.yaml,
``tenure-*``; depcheck/evaluators/tenure.py): "has been in use for more than 55 years"
against Opened "1968", measured to the reference year (2019 here) or to the year "by"
states, to a year either way.

A reservoir, a mill that has closed, and three ferries (records and a catalog):

    Name            Opened   Closed   Capacity
    Lake Varnholt   1968              1,250
    Harlow Mill     1899     1987

    Ferry        Entered service   Route
    Skarv        1994              Oslo-Kiel
    Lomvi        2006              Bergen-Hirtshals
    Teist        2012-2018         Stavanger-Hirtshals
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

RESERVOIR = Table.from_dict({
    "id": "reservoir", "caption": "Lake Varnholt reservoir",
    "columns": ["Name", "River", "Opened", "Capacity (million m3)"],
    "rows": [["Lake Varnholt", "Varne", "1968", "1,250"]]})

MILL = Table.from_dict({
    "id": "mill", "caption": "Harlow Mill",
    "columns": ["Name", "Founded", "Closed", "Product"],
    "rows": [["Harlow Mill", "1899", "1987", "woollen cloth"]]})

FERRIES = Table.from_dict({
    "id": "ferries", "caption": "Ferries of the line",
    "columns": ["Ferry", "Entered service", "Route"],
    "rows": [["Skarv", "1994", "Oslo-Kiel"], ["Lomvi", "2006", "Bergen-Hirtshals"],
             ["Teist", "2012-2018", "Stavanger-Hirtshals"]]})


@pytest.mark.parametrize("text, verdict", [
    # 1968 to 2019: 50 to 52 years, to a year
    ("The reservoir has been in use for more than 45 years.", "supported"),
    ("Opened in 1968, the reservoir had been in use for more than 55 years by 2019.",
     "refuted"),
    ("The reservoir has been in operation for over 50 years.", "supported"),
    ("The reservoir has been in operation for over 55 years.", "refuted"),
    ("The reservoir has been in use for five decades.", "supported"),
    ("The reservoir has been in use for three decades.", "refuted"),
    # "by 1990": 21 to 23 years
    ("The reservoir had been in use for over 20 years by 1990.", "supported"),
    ("The reservoir had been in use for over 30 years by 1990.", "refuted"),
])
def test_a_state_since_the_start_date(checker_2019, text, verdict):
    report = expect(checker_2019, RESERVOIR, text, verdict)
    found = [h for h in report.hypotheses if h.rule.startswith("tenure")]
    assert found and found[0].evidence.columns == ("Opened",)


def test_a_verb_of_a_lasting_activity(checker_2019):
    report = expect(checker_2019, FERRIES, "The Skarv has been operating for 25 years.",
                    "supported")
    assert any(h.rule == "tenure-verb" for h in report.hypotheses)
    expect(checker_2019, FERRIES, "The Lomvi has been operating for 25 years.", "refuted")


def test_the_row_the_claim_names(checker_2019):
    # the Lomvi entered service in 2006: 12 to 14 years by 2019
    expect(checker_2019, FERRIES, "The Lomvi has been in service for over ten years.",
           "supported")
    expect(checker_2019, FERRIES, "The Lomvi has been in service for over 20 years.",
           "refuted")


@pytest.mark.parametrize("table, text", [
    # the mill closed in 1987: no longer in business, whatever its founding says
    (MILL, "Harlow Mill has been in business for over 100 years."),
    (MILL, "Harlow Mill has been in business for over 200 years."),
    # a range in the start cell is a period of its own, not a start
    (FERRIES, "The Teist has been in service for over 30 years."),
])
def test_no_start_or_a_closed_row_is_left_open(checker_2019, table, text):
    report = checker_2019.check(text, table)
    assert not any(h.rule.startswith("tenure") for h in report.hypotheses)
    assert report.verdict != "refuted" or "Closed" not in str(report.to_dict())


def test_the_past_tense_is_no_tenure(checker_2019):
    # "was in use for 40 years" says the state is over: no start-to-now period
    report = checker_2019.check("The reservoir was in use for 40 years.", RESERVOIR)
    assert not any(h.rule.startswith("tenure") for h in report.hypotheses)


LIGHTHOUSE = Table.from_dict({
    "id": "light", "caption": "Carrick Mor Lighthouse",
    "columns": ["Name", "First lit", "Automated", "Warden"],
    "rows": [["Carrick Mor Lighthouse", "1 October 1848", "1987", "Anna Rutli"]]})


@pytest.mark.parametrize("text", [
    # another state than the row's own since its start: automated since 1987, not lit since
    # 1848
    "By 2019 the light had been running without keepers for 32 years.",
    # the subject's tenure of the row, not the row's
    "Warden Anna Rutli has run the lighthouse for more than a decade.",
    "The keepers have run the lighthouse for over 150 years.",
])
def test_another_state_or_another_subject_is_no_tenure(checker_2019, text):
    report = checker_2019.check(text, LIGHTHOUSE)
    assert not any(h.rule.startswith("tenure") for h in report.hypotheses)
    assert report.verdict != "refuted"


def test_the_lighthouse_has_been_in_service(checker_2019):
    # first lit 1848: 170 to 172 years by 2019 (the start columns in the lexicon's order)
    expect(checker_2019, LIGHTHOUSE, "The lighthouse has been in service for over 160 years.",
           "supported")


LOCOMOTIVE = Table.from_dict({
    "id": "loco", "caption": "Ravenscar Abbey locomotive",
    "columns": ["Name", "Builder", "Built", "Withdrawn"],
    "rows": [["Ravenscar Abbey", "Gateshead Works", "1927", "November 1963"]]})

FIRM = Table.from_dict({
    "id": "firm", "caption": "Brolly & Finch, a firm",
    "columns": ["Name", "Founded", "Products"],
    "rows": [["Brolly & Finch", "1868", "umbrellas, walking sticks"]]})


@pytest.mark.parametrize("text, verdict", [
    # said in the past: from the start to the row's end (Withdrawn), 35 to 37 years
    ("Ravenscar Abbey served for 36 years.", "supported"),
    ("Ravenscar Abbey served for 46 years.", "refuted"),
    ("Ravenscar Abbey served for 36 years before withdrawal in 1963.", "supported"),
    ("Ravenscar Abbey served for 36 years before withdrawal in 1965.", "refuted"),
])
def test_a_past_state_to_the_rows_end(checker_2019, text, verdict):
    report = expect(checker_2019, LOCOMOTIVE, text, verdict)
    assert any(h.rule == "tenure-verb" for h in report.hypotheses)


def test_a_withdrawn_row_has_not_been_in_service_since(checker_2019):
    report = checker_2019.check("The locomotive has been in service for over 90 years.",
                                LOCOMOTIVE)
    assert not any(h.rule.startswith("tenure") for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    # what the row does since its founding, its object not the row: 150 to 152 years
    ("The firm has been making umbrellas for over 150 years.", "supported"),
    ("The firm has been making umbrellas for over 160 years.", "refuted"),
])
def test_an_activity_with_an_object(checker_2019, text, verdict):
    expect(checker_2019, FIRM, text, verdict)


def test_the_field_a_lasting_activity_is_in(core_checker):
    """"had been carrying *passengers* for 116 years by 2019": the verb's object is the
    field the row is active in (the lexicon's activity_objects), read with the tenure."""
    railway = Table.from_dict({
        "id": "railway", "caption": "Kellberg Suspension Railway",
        "columns": ["Name", "Opened", "Stations"],
        "rows": [["Kellberg Suspension Railway", "18 May 1903", "14"]]})
    expect(core_checker, railway, "By 2019 the Kellberg Suspension Railway had been carrying "
           "passengers for 116 years.", "supported")
    expect(core_checker, railway, "By 2019 the Kellberg Suspension Railway had been carrying "
           "passengers for 120 years.", "refuted")


@pytest.mark.parametrize("text, verdict", [
    ("By 2019 the reservoir had been in use for over half a century.", "supported"),
    ("By 2019 the reservoir had been in use for over a century.", "refuted"),
    ("By 2019 the reservoir had been in use for almost half a century.", "not refuted"),
])
def test_a_share_of_a_unit_and_its_bound(checker_2019, text, verdict):
    """"over half a century": at least 50 years (the lexicon's quantifier_fractions, and
    the bound before the phrase's first word), not 100."""
    if verdict == "not refuted":
        assert checker_2019.check(text, RESERVOIR).verdict != "refuted"
    else:
        expect(checker_2019, RESERVOIR, text, verdict)


LIBRARIES = Table.from_dict({
    "id": "libraries", "caption": "Branch libraries",
    "columns": ["Branch", "Opened", "Closed", "Books"],
    "rows": [["Eastfield", "1968", "", "42,000"],
             ["Northgate", "1999", "", "31,000"],
             ["Old Quay", "1921", "2004", "12,000"]]})


@pytest.mark.parametrize(("text", "verdict"), [
    ("Eastfield has been open for more than 50 years.", "supported"),
    ("Northgate has been open for more than 30 years.", "refuted"),
])
def test_a_state_said_by_an_adjective(checker_2019, text, verdict):
    report = checker_2019.check(text, LIBRARIES)
    assert report.verdict == verdict, [(h.rule, h.verdict, h.explanation)
                                       for h in report.hypotheses]
    assert any(h.rule == "tenure-state-adjective" for h in report.hypotheses)


def test_a_closed_row_is_no_longer_open(checker_2019):
    report = checker_2019.check("Old Quay has been open for more than 50 years.", LIBRARIES)
    assert not any(h.rule == "tenure-state-adjective" and h.verdict != "unverifiable"
                   for h in report.hypotheses)

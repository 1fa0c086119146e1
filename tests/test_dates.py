"""Dates (rules/frames/dates.yaml, depcheck/evaluators/date.py): an event placed in time
against the cell holding its year, on tables of their own."""

from __future__ import annotations

import pytest

from depcheck.checker import Checker
from depcheck.config import Config
from depcheck.table import Table

from .conftest import REPO
from .verdicts import expect

COMPOSER = Table.from_dict({
    "id": "composer", "caption": "Composer",
    "columns": ["name", "Born", "Died", "Years active"],
    "rows": [["Ilse Varga", "(1887-11-03) November 3, 1887, Graz, Austria",
              "4 August 1929 (aged 41)", "1905 - 1929"]]})

SODA = Table.from_dict({
    "id": "soda", "caption": "Soft drink",
    "columns": ["name", "Type", "Country of origin", "Introduced"],
    "rows": [["Orbit Fizz", "Cola", "Belgium", "2005"]]})


@pytest.fixture(scope="module")
def checker_2019():
    """The checker with 2019 as the year "ago" and "present" count from."""
    return Checker(Config(rules_dir=REPO / "rules", as_of_year=2019))


@pytest.mark.parametrize("text, verdict", [
    ("Ilse Varga was born in 1887.", "supported"),
    ("Ilse Varga was born in 1888.", "refuted"),
    ("Ilse Varga was born before 1890.", "supported"),
    ("Ilse Varga was born after 1890.", "refuted"),
    ("Ilse Varga was born in the 1880s.", "supported"),
    ("Ilse Varga was born in the 1870's.", "refuted"),
    ("Ilse Varga was born in the 19th century.", "supported"),
    ("Ilse Varga died in the 20th century.", "supported"),
    ("Ilse Varga died in the 18th century.", "refuted"),
    ("Ilse Varga died on 4 August 1929.", "supported"),
    ("Ilse Varga died on 4 August 1931.", "refuted"),
])
def test_a_year_against_the_column_the_verb_names(core_checker, text, verdict):
    report = expect(core_checker, COMPOSER, text, verdict)
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and dated[0].verdict == verdict
    assert dated[0].rule_location.startswith("rules/frames/dates.yaml:")
    assert dated[0].evidence.columns[0] in ("Born", "Died")


@pytest.mark.parametrize("text", [
    "Ilse Varga died on 5 August 1929.",  # the year holds, the day is not the cell's
    "Ilse Varga was born on a Tuesday in 1887.",  # nor is a weekday
])
def test_a_finer_date_than_the_year_is_not_supported_by_the_year(core_checker, text):
    report = core_checker.check(text, COMPOSER)
    assert report.verdict == "unverifiable", report.hypotheses


@pytest.mark.parametrize("text, verdict", [
    ("Orbit Fizz was introduced over 10 years ago.", "supported"),  # 2005: 14 years
    ("Orbit Fizz was introduced over 20 years ago.", "refuted"),
    ("Orbit Fizz was introduced less than 20 years ago.", "supported"),
    ("Orbit Fizz was introduced 14 years ago.", "supported"),
    ("Orbit Fizz was introduced 30 years ago.", "refuted"),
    ("Orbit Fizz was introduced in the 1990s.", "refuted"),
])
def test_ago_counts_back_from_the_reference_year(checker_2019, text, verdict):
    expect(checker_2019, SODA, text, verdict)


def test_a_period_is_no_amount_against_a_year(checker_2019):
    # "2005" is a date: "for over 20 years" is not compared with the number 2005
    report = checker_2019.check("Orbit Fizz has been sold for over 2000 years.", SODA)
    assert report.verdict != "supported"


def test_the_copula_names_no_date_column(core_checker):
    # "was in 1887": no predicate says which of the dates is meant
    report = core_checker.check("Ilse Varga was in Vienna in 1887.", COMPOSER)
    assert not [h for h in report.hypotheses if h.kind == "date"]


PAINTING = Table.from_dict({
    "id": "painting", "caption": "Painting",
    "columns": ["name", "Artist", "Year", "Medium"],
    "rows": [["Grey Harbour", "Ilse Varga", "1548", "Oil on canvas"]]})

ALBUM = Table.from_dict({
    "id": "album", "caption": "Album",
    "columns": ["name", "Released", "Recorded", "Label"],
    "rows": [["Low Tide", "28 March 1973", "1972", "RCA"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (COMPOSER, "Ilse Varga was born in the fall of 1887.", "supported"),  # November
    (COMPOSER, "Ilse Varga was born in the spring of 1887.", "refuted"),
    (COMPOSER, "Ilse Varga died in the summer of 1929.", "supported"),  # August
    (COMPOSER, "Ilse Varga died in the winter of 1929.", "refuted"),
    (ALBUM, "Low Tide came out in the spring of 1973.", "supported"),  # March
])
def test_a_season_against_the_month_of_the_date(core_checker, table, text, verdict):
    expect(core_checker, table, text, verdict)


@pytest.mark.parametrize("table, text, verdict", [
    (COMPOSER, "Ilse Varga has been active since 1905.", "supported"),
    (COMPOSER, "Ilse Varga has been active since the 1890s.", "refuted"),
    (PAINTING, "Grey Harbour was painted in the 16th century.", "supported"),
    (PAINTING, "Grey Harbour was painted before 1500.", "refuted"),
    (ALBUM, "Low Tide came out in 1973.", "supported"),  # "come out in": Released
    (ALBUM, "Low Tide came out in the 1960s.", "refuted"),
])
def test_the_predicate_names_the_date_column(core_checker, table, text, verdict):
    report = expect(core_checker, table, text, verdict)
    assert [h for h in report.hypotheses if h.kind == "date"]


@pytest.mark.parametrize("text, verdict", [
    ("Orbit Fizz was introduced in the '00s.", "supported"),  # 2005; the reference is 2019
    ("Orbit Fizz was introduced in the 90's.", "refuted"),  # the 1990s
])
def test_a_decade_in_two_digits(checker_2019, text, verdict):
    expect(checker_2019, SODA, text, verdict)


def test_a_possessive_decade_is_an_age(core_checker):
    # "in her 20s" is her age, not the 2020s
    report = core_checker.check("Ilse Varga died in her 40s.", COMPOSER)
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and all(h.details["evaluator"] == "age" for h in dated)  # aged 41
    assert report.verdict == "supported"


WINTER = Table.from_dict({
    "id": "winter", "caption": "Person",
    "columns": ["name", "Born"],
    "rows": [["Ola Berg", "(1937-01-20) January 20, 1937"]]})


def test_a_winter_across_a_new_year_is_undecided(core_checker):
    report = core_checker.check("Ola Berg was born in the winter of 1936.", WINTER)
    assert not [h for h in report.hypotheses if h.kind == "date"]
    expect(core_checker, WINTER, "Ola Berg was born in the winter of 1937.", "supported")
    expect(core_checker, WINTER, "Ola Berg was born in the summer of 1937.", "refuted")


EDGE = Table.from_dict({
    "id": "edge", "caption": "Person",
    "columns": ["name", "Born", "Died"],
    "rows": [["Ada Kell", "(1892-12-11) December 11, 1892, Shelburne", "30 July 1960"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (COMPOSER, "Ilse Varga was born in the fall.", "supported"),  # November, any year
    (COMPOSER, "Ilse Varga was born during the autumn season.", "supported"),
    (COMPOSER, "Ilse Varga was born in the spring.", "refuted"),
    (COMPOSER, "Ilse Varga died in the summer.", "supported"),  # August
    (COMPOSER, "Ilse Varga died in winter.", "refuted"),
    # December 11: winter by the months, fall by the solstice; summer by neither
    (EDGE, "Ada Kell was born in the fall.", "unverifiable"),
    (EDGE, "Ada Kell was born in the winter.", "unverifiable"),
    (EDGE, "Ada Kell was born in the summer.", "refuted"),
    (EDGE, "Ada Kell died in the summer.", "supported"),  # 30 July: past the edge
])
def test_a_season_alone_against_the_month_of_the_date(core_checker, table, text, verdict):
    report = expect(core_checker, table, text, verdict)
    if verdict != "unverifiable":
        assert [h for h in report.hypotheses if h.kind == "date"]


@pytest.mark.parametrize("text, verdict", [
    ("The fall of 1887 is when Ilse Varga was born.", "supported"),
    ("The spring of 1887 is when Ilse Varga was born.", "refuted"),
    ("1929 is when Ilse Varga died.", "supported"),
    ("1930 is when Ilse Varga died.", "refuted"),
])
def test_a_time_said_to_be_when_the_event_happened(core_checker, text, verdict):
    report = expect(core_checker, COMPOSER, text, verdict)
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and dated[0].rule == "date-cleft"


INSTITUTE = Table.from_dict({
    "id": "institute", "caption": "Organization",
    "columns": ["name", "Formation", "Headquarters", "Members"],
    "rows": [["Guild of Glassmakers", "1931", "Leith", "4,000"]]})

BEVERAGE = Table.from_dict({
    "id": "beverage", "caption": "Beverage",
    "columns": ["name", "Manufacturer", "Introduced", "Colour"],
    "rows": [["Marra Lager", "Oskfield Brewing", "1962", "Pale gold"]]})


@pytest.mark.parametrize("table, text, verdict", [
    # a part of a century: "the turn of" is about its first year, halves and last decades
    (BEVERAGE, "Marra Lager was introduced after the turn of the 20th century.", "supported"),
    (BEVERAGE, "Marra Lager was introduced before the turn of the 20th century.", "refuted"),
    (BEVERAGE, "Marra Lager was introduced in the second half of the 20th century.",
     "supported"),
    (BEVERAGE, "Marra Lager was introduced in the first half of the 20th century.", "refuted"),
    (BEVERAGE, "Marra Lager was introduced at the end of the 19th century.", "refuted"),
    (COMPOSER, "Ilse Varga was born in the last decade of the 19th century.", "refuted"),
    (COMPOSER, "Ilse Varga died in the first half of the 20th century.", "supported"),
    (COMPOSER, "Ilse Varga was born at the end of the 19th century.", "supported"),
    (COMPOSER, "Ilse Varga has been active since the mid-20th century.", "refuted"),
])
def test_a_part_of_a_century(checker_2019, table, text, verdict):
    report = expect(checker_2019, table, text, verdict)
    assert any(h.kind == "date" and h.verdict == verdict for h in report.hypotheses)


def test_the_edge_of_a_part_is_left_undecided(checker_2019):
    # 1962 is in the second half of the 20th century by every reading; 1950 is not sure
    edge = Table.from_dict({**BEVERAGE.to_dict(), "rows": [["Marra Lager", "Oskfield Brewing",
                                                            "1950", "Pale gold"]]})
    report = checker_2019.check(
        "Marra Lager was introduced in the first half of the 20th century.", edge)
    assert report.verdict == "unverifiable"


@pytest.mark.parametrize("table, text, verdict, column", [
    # the predicate names no column: a verb of coming to be dates the row's first date
    (INSTITUTE, "The Guild of Glassmakers was founded in the 20th century.", "supported",
     "Formation"),
    (INSTITUTE, "The Guild of Glassmakers was started in the 19th century.", "refuted",
     "Formation"),
    (BEVERAGE, "Marra Lager was first made in the 1960s.", "supported", "Introduced"),
    (BEVERAGE, "Marra Lager has been around since the 1970s.", "refuted", "Introduced"),
])
def test_a_verb_of_coming_to_be_dates_the_first_date(checker_2019, table, text, verdict,
                                                      column):
    report = expect(checker_2019, table, text, verdict)
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and list(dated[0].evidence.columns) == [column]


def test_another_verb_does_not_take_the_first_date(checker_2019):
    # "sold in" says nothing of when the beverage was introduced
    report = checker_2019.check("Marra Lager was sold in the 1950s.", BEVERAGE)
    assert not [h for h in report.hypotheses if h.kind == "date"]


@pytest.mark.parametrize("table, text, verdict", [
    (PAINTING, "Grey Harbour is a 16th century painting.", "supported"),  # 1548
    (PAINTING, "Grey Harbour is a 17th century painting.", "refuted"),
    (ALBUM, "Low Tide is a 1970s album.", "supported"),
    (ALBUM, "Low Tide is a 1980s album.", "refuted"),
    # a person: the life the birth and death cells span (1887-1929)
    (COMPOSER, "Ilse Varga was a 20th century composer.", "supported"),
    (COMPOSER, "Ilse Varga was an 18th century composer.", "refuted"),
])
def test_a_century_or_decade_said_of_a_thing(checker_2019, table, text, verdict):
    report = expect(checker_2019, table, text, verdict)
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and dated[0].rule == "date-modifier"


def test_a_century_inside_a_name_is_no_date(checker_2019):
    studio = Table.from_dict({
        "id": "film", "caption": "Movie", "columns": ["name", "Distributed by", "Released"],
        "rows": [["Harbour Lights", "20th Century Fox", "2018"]]})
    report = expect(checker_2019, studio, "Harbour Lights was distributed by 20th Century Fox.",
                    "supported")
    assert not [h for h in report.hypotheses if h.kind == "date"]


def test_now_in_a_birth_place_opens_no_period(checker_2019):
    # "(now Quincy)" names today's place: the cell is one date, 30 October 1735 (autumn)
    born = Table.from_dict({
        "id": "born-now", "caption": "Person", "columns": ["name", "Born"],
        "rows": [["Eli Marsh", "( 1735-10-30 ) October 30, 1735 Braintree, Massachusetts "
                               "Bay (now Quincy, Massachusetts)"]]})
    expect(checker_2019, born, "Eli Marsh was born in the spring of 1735.", "refuted")
    expect(checker_2019, born, "Eli Marsh was born in the autumn of 1735.", "supported")


@pytest.mark.parametrize("cell, years", [
    ("1994 - present", (1994, 2019)),
    ("The Arena (2010-), Hall (1996-2008)", (1996, 2019)),
    ("4 June 1950, Leeds (now West Yorkshire)", None),
    ("1965-1972, 1989", (1965, 1989)),
    ("2015 (2015)-present", (2015, 2019)),
])
def test_the_open_end_of_a_span(cell, years):
    from depcheck.evaluators.duration import span_of
    assert span_of(cell, frozenset({"present", "now"}), 2019) == years


@pytest.mark.parametrize("table, text, verdict", [
    # a negated predicate turns the date's finding
    (COMPOSER, "Ilse Varga was not born in 1887.", "refuted"),
    (COMPOSER, "Ilse Varga was not born in the 1870s.", "supported"),
    (COMPOSER, "Ilse Varga never died in the 20th century.", "refuted"),
    (BEVERAGE, "Marra Lager was not introduced before 1900.", "supported"),
    (PAINTING, "Grey Harbour is not a 16th century painting.", "refuted"),
])
def test_a_denied_date(checker_2019, table, text, verdict):
    report = expect(checker_2019, table, text, verdict)
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and dated[0].reason in ("negation", "the denied claim fails")


BAND = Table.from_dict({
    "id": "band", "caption": "Musical artist",
    "columns": ["name", "Origin", "Years active", "Labels"],
    "rows": [["The Quills", "Hull, England", "1995-2014", "Island"]]})

TRIO = Table.from_dict({
    "id": "trio", "caption": "Musical artist",
    "columns": ["name", "Origin", "Years active"],
    "rows": [["Marrow Trio", "Leeds, England", "1987-present"]]})


@pytest.mark.parametrize("table, text, verdict", [
    # a verb of a span's start dates its first year, one of its end its last
    (BAND, "The Quills started performing in the 1990s.", "supported"),
    (BAND, "The Quills began in the 2000s.", "refuted"),
    (BAND, "The Quills started playing before 1990.", "refuted"),
    (BAND, "The Quills retired in 2014.", "supported"),
    (BAND, "The Quills disbanded in the 1990s.", "refuted"),
    # a span still open has not ended
    (TRIO, "Marrow Trio retired in the 2000s.", "refuted"),
])
def test_the_start_or_the_end_of_a_span(checker_2019, table, text, verdict):
    report = expect(checker_2019, table, text, verdict)
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and list(dated[0].evidence.columns) == ["Years active"]


@pytest.mark.parametrize("cell, period", [
    ("Tam Ruiz (m. 2012)", True),  # a marriage still running
    ("Ann Lee (m. 1977; div. 1982)", True),
    ("(1968-04-24)April 24, 1968", False),  # one date written twice
    ("Loaned in 1946, scrapped in 1978", False),
])
def test_a_cell_that_writes_a_period(cell, period):
    from depcheck.evaluators.duration import is_period
    assert is_period(cell, frozenset({"present"}), frozenset({"m"})) is period


@pytest.mark.parametrize("text, verdict", [
    # "ago" hung on a bound preposition: "over ten years ago" is before 2009 (from 2019)
    ("The Quills started performing over fifteen years ago.", "supported"),  # 1995
    ("The Quills started performing over thirty years ago.", "refuted"),
    ("The Quills started performing less than ten years ago.", "refuted"),
])
def test_a_span_started_a_bounded_time_ago(checker_2019, text, verdict):
    report = expect(checker_2019, BAND, text, verdict)
    assert any(h.rule == "date-ago" for h in report.hypotheses)


def test_painted_over_two_years_is_during(checker_2019):
    # "over two years" as the verb's preposition: the work took two years, not more
    painting = Table.from_dict({
        "id": "fresco", "caption": "Painting", "columns": ["name", "Artist", "Year"],
        "rows": [["Blue Nave", "Ida Roon", "1901-1903"]]})
    expect(checker_2019, painting, "Blue Nave was painted over two years.", "supported")
    expect(checker_2019, painting, "Blue Nave was painted over six years.", "refuted")


RECORD = Table.from_dict({
    "id": "lp", "caption": "Album", "columns": ["name", "Released", "Recorded", "Label"],
    "rows": [["Salt Flats", "28 March 1973", "December 1971 - August 1972", "Island"]]})


@pytest.mark.parametrize("text, verdict", [
    # the span of the events' cells: 1971 to 1973
    ("Salt Flats was recorded and released over a three-year period.", "supported"),
    ("Salt Flats was recorded and released over six years.", "refuted"),
    ("Salt Flats was recorded and released over a decade.", "refuted"),
])
def test_coordinated_events_within_a_length_of_time(checker_2019, text, verdict):
    report = expect(checker_2019, RECORD, text, verdict)
    spans = [h for h in report.hypotheses if h.rule.startswith("span-conjoined")]
    assert spans and set(spans[0].evidence.columns) == {"Recorded", "Released"}


def test_a_horse_is_born_when_it_is_foaled(checker_2019):
    horse = Table.from_dict({
        "id": "horse", "caption": "Animal", "columns": ["name", "Sire", "Foaled", "Died"],
        "rows": [["Copper Gale", "Iron Rye", "April 1, 2009", "May 3, 2020"]]})
    expect(checker_2019, horse, "Copper Gale was born in the spring.", "supported")
    expect(checker_2019, horse, "Copper Gale was born on May 3, 2020.", "refuted")


def test_a_month_the_cell_does_not_write_is_named_open(checker_2019):
    # the Recorded cell gives the year only: "October 1991" is left open, and says why
    report = expect(checker_2019, RECORD, "Salt Flats was recorded in October 1972.",
                    "unverifiable")
    dated = [h for h in report.hypotheses if h.kind == "date"]
    assert dated and dated[0].reason == "value not comparable"
    assert "Recorded" in dated[0].evidence.columns


def test_a_running_marriage_is_no_period_of_another_verb(checker_2019):
    # "(m. 1976)" is a period for "married" only; "served ... for eight years" reads the
    # office's range of dates
    governor = Table.from_dict({
        "id": "governor", "caption": "Person",
        "columns": ["name", "Office", "In office", "Spouse(s)"],
        "rows": [["Ada Moss", "Governor of Vermont", "January 6, 2005 – January 9, 2013",
                  "Ray Moss (m. 1976)"]]})
    report = checker_2019.check("Ada Moss served in office for eight years.", governor)
    assert not any("Spouse(s)" in h.evidence.columns for h in report.hypotheses)
    assert any("In office" in h.evidence.columns and h.verdict == "supported"
               for h in report.hypotheses)
    expect(checker_2019, governor, "Ada Moss has been married for over forty years.",
           "supported")


def test_a_range_of_full_dates_is_a_period():
    from depcheck.evaluators.duration import span_of
    assert span_of("January 6, 2005 – January 9, 2013", frozenset(), 2019) == (2005, 2013)
    assert span_of("9 June 1983 – 1 May 1997", frozenset(), 2019) == (1983, 1997)


HOSPITAL = Table.from_dict({
    "id": "hospital", "caption": "Hospital",
    "columns": ["name", "Founded", "Opened", "Beds"],
    "rows": [["St. Brannock's", "1893", "1895", "420"]]})


@pytest.mark.parametrize("text", [
    # an event still to come is not the row's recorded one
    "Its new wing is scheduled to open in 2021.",
    "St. Brannock's will open a second site in 2021.",
    "St. Brannock's plans to open a cancer centre in 2022.",
    "The old ward is due to reopen in 2022.",
])
def test_an_event_to_come_is_no_date_of_the_row(core_checker, text):
    report = core_checker.check(text, HOSPITAL)
    assert not any(h.kind == "date" for h in report.hypotheses)
    assert report.verdict != "refuted"


def test_the_recorded_event_still_is(core_checker):
    expect(core_checker, HOSPITAL, "St. Brannock's opened in 1895.", "supported")
    expect(core_checker, HOSPITAL, "St. Brannock's opened in 1905.", "refuted")


SATELLITE = Table.from_dict({
    "id": "satellite", "caption": "Satellite",
    "columns": ["name", "COSPAR ID", "Launch date", "Launch mass"],
    "rows": [["Aurelis-2", "2013-041A", "22 August 2013", "1,140 kg"]]})


def test_the_year_of_a_date_is_no_number_of_another_column(core_checker):
    # "went up" names no date column: the date is left unchecked, and its year is no match
    # for the identifier "2013-041A"
    report = core_checker.check("Aurelis-2 went up on a Vega rocket in August 2013.",
                                SATELLITE)
    assert report.verdict == "unverifiable"
    assert not any("COSPAR ID" in h.evidence.columns for h in report.hypotheses)
    expect(core_checker, SATELLITE, "Aurelis-2 was launched in August 2013.", "supported")
    expect(core_checker, SATELLITE, "Aurelis-2 was launched in August 2014.", "refuted")


TOWER = Table.from_dict({
    "id": "tower", "caption": "Water tower",
    "columns": ["name", "Built", "Construction began", "Opened"],
    "rows": [["Vellering Water Tower", "1913", "1911", "1914"]]})


@pytest.mark.parametrize("text", [
    # a part of the row, things counted, an event after its origin: not the row's date
    "The tower's apartments, which opened in 2004, number 24 units.",
    "About 1,900 visitors were recorded in 2017.",
    "The tower reopened after a renovation completed in 2016.",
])
def test_a_date_of_another_thing(core_checker, text):
    report = core_checker.check(text, TOWER)
    assert not any(h.kind == "date" for h in report.hypotheses)
    assert report.verdict != "refuted"


def test_the_rows_own_event_and_a_subject_naming_the_column(core_checker):
    expect(core_checker, TOWER, "The tower was built in 1913.", "supported")
    expect(core_checker, TOWER, "The tower's construction began in 1911.", "supported")
    expect(core_checker, TOWER, "The tower's construction began in 1909.", "refuted")


@pytest.mark.parametrize("text", [
    "Opened in 1914, the tower was listed as a monument eleven years later.",
    "The tower was listed two years after its opening.",
    "The tower was listed in 1916, two years after it was opened.",
    "The tower took its first visitors in 1920, nine years after building began.",
])
def test_a_time_between_two_events_is_no_period_of_a_cell(core_checker, text):
    # "eleven years later" against Built "1911–1913": not the two years the cell spans
    tower = Table.from_dict({"id": "tower2", "caption": "Water tower",
                             "columns": ["name", "Built", "Opened", "Visitors per year"],
                             "rows": [["Vellering Water Tower", "1911–1913", "1914",
                                       "3,100 (2018)"]]})
    report = core_checker.check(text, tower)
    assert report.verdict != "refuted", [(h.text, h.explanation) for h in report.hypotheses]
    assert not any("years" in h.text and h.verdict == "refuted" for h in report.hypotheses)


AIRSHIP = Table.from_dict({
    "id": "airship", "caption": "Airship",
    "columns": ["name", "Manufacturer", "First flight", "Retired"],
    "rows": [["Meridian", "Hallberg", "23 May 1931", "1937"]]})


@pytest.mark.parametrize("text, verdict", [
    # "fly in" names First flight (the lexicon's verb_attributes); "first" and the verb are
    # the words the check read
    ("The Meridian first flew in May 1931.", "supported"),
    ("The Meridian first flew in 1932.", "refuted"),
])
def test_a_first_flight(core_checker, text, verdict):
    report = expect(core_checker, AIRSHIP, text, verdict)
    assert any(h.kind == "date" and "First flight" in h.evidence.columns
               for h in report.hypotheses)


CARTOGRAPHER = Table.from_dict({
    "id": "cartographer", "caption": "Cartographer",
    "columns": ["name", "Born", "Years active"],
    "rows": [["Augustin Malraye", "2 September 1838", "1861–1906"]]})


@pytest.mark.parametrize("text, verdict", [
    # a century is a unit of time (rules/lexicon/units.yaml); "half a century" is half of
    # one, not one: 1861-1906 spans 44 to 46 years
    ("Malraye was active for over half a century.", "refuted"),
    ("Malraye was active for nearly half a century.", "supported"),
    ("Malraye was active for over a century.", "refuted"),
    ("Malraye was active for over four decades.", "supported"),
])
def test_a_century_and_half_of_one(checker_2019, text, verdict):
    expect(checker_2019, CARTOGRAPHER, text, verdict)


ARBORETUM = Table.from_dict({
    "id": "arboretum", "caption": "Harlen Arboretum",
    "columns": ["Name", "Area (ha)", "Opened", "Founder", "Collections"],
    "rows": [["Harlen Arboretum", "62", "1931", "Edith Harlen", "maples, oaks"]]})

WRITER = Table.from_dict({
    "id": "writer", "caption": "Ansel Brook",
    "columns": ["Name", "Born", "Debut year", "Best-known work"],
    "rows": [["Ansel Brook", "1930", "1955", "Winter Roads"]]})


@pytest.mark.parametrize("text", [
    "The Harlen Arboretum includes a maple walk opened in 1990.",
    "Harlen Arboretum's 62 hectares hold a glasshouse opened in 2004.",
])
def test_a_thing_the_sentence_brings_in_has_its_own_date(core_checker, text):
    # the indefinite object's date is not the row's Opened
    report = core_checker.check(text, ARBORETUM)
    assert report.verdict != "refuted", [(h.kind, h.text, h.explanation)
                                         for h in report.hypotheses]
    assert not any(h.kind == "date" for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("The Harlen Arboretum opened in 1931.", "supported"),
    ("The Harlen Arboretum opened in 1935.", "refuted"),
    ("Harlen Arboretum, an arboretum opened in 1931, covers 62 hectares.", "supported"),
])
def test_the_row_own_opening_is_still_checked(core_checker, text, verdict):
    report = expect(core_checker, ARBORETUM, text, verdict)
    assert any(h.kind == "date" and h.verdict == verdict for h in report.hypotheses)


def test_a_possessed_event_dates_itself(core_checker):
    # "her move ... in 1960" is the move's date, which no column holds
    report = core_checker.check(
        "Winter Roads was written after his move to Leeds in 1962.", WRITER)
    assert report.verdict != "refuted"
    assert not any(h.kind == "date" for h in report.hypotheses)


def test_a_possessed_event_that_names_a_column_is_checked(core_checker):
    report = expect(core_checker, WRITER,
                    "Winter Roads came out years after his debut in 1950.", "refuted")
    assert any(h.kind in ("date", "fact") and "Debut year" in h.explanation
               and h.verdict == "refuted" for h in report.hypotheses)

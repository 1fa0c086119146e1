"""A name with a number in it is a value, not an amount ("runs Windows 10", "ships with
Android 9"): read against the column its verb names, where a name that is the cell's first
words says less than the cell and holds, and a name another row's cell holds refutes.

Every expected verdict is reasoned from the table below: three laptops.

    name         price  operating system
    Tarn 13      $899   Windows 10 Home
    Tarn 15 Pro  $1299  Windows 10 Pro
    Kesh C11     $329   Chrome OS
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

LAPTOPS = Table.from_dict({
    "id": "laptops-os", "caption": "Laptops",
    "columns": ["name", "price", "operating system"],
    "rows": [["Tarn 13", "$899", "Windows 10 Home"],
             ["Tarn 15 Pro", "$1299", "Windows 10 Pro"],
             ["Kesh C11", "$329", "Chrome OS"]]})


@pytest.mark.parametrize("text,verdict", [
    ("The Tarn 13 runs Windows 10.", "supported"),  # of "Windows 10 Home"
    ("The Tarn 15 Pro runs Windows.", "supported"),
    ("The Kesh C11 runs Windows 10.", "refuted"),  # Chrome OS
    ("The Kesh C11 runs on Chrome OS.", "supported"),
    ("The Tarn 13 runs Chrome OS.", "refuted"),
])
def test_a_name_is_read_in_the_column_its_verb_names(core_checker, text, verdict):
    report = expect(core_checker, LAPTOPS, text, verdict)
    decided = [h for h in report.hypotheses if h.verdict == verdict]
    assert {c.column for h in decided for c in h.evidence.output} == {"operating system"}


def test_a_count_by_a_value_the_text_does_not_state_does_not_refute(core_checker):
    # two laptops run a Windows 10 (Home, Pro); the count of "Windows 10 Home" rows, 1,
    # answers another claim
    report = core_checker.check("Two of the three laptops run Windows 10.", LAPTOPS)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]
    left = [h for h in report.hypotheses if h.kind == "aggregate"
            and h.reason == "the likeliest query picks its rows by a value the text does not "
                            "state"]
    assert left and all(h.verdict == "unverifiable" for h in left)


def test_a_count_by_a_value_the_text_states_refutes(core_checker):
    expect(core_checker, LAPTOPS, "Two of the three laptops run Chrome OS.", "refuted")


PERSON = Table.from_dict({
    "id": "person-place", "caption": "Ines Varga",
    "columns": ["name", "Born", "Place of birth", "Occupation"],
    "rows": [["Ines Varga", "4 May 1961", "Graz, Austria", "Architect"]]})


@pytest.mark.parametrize("text,verdict", [
    ("Ines Varga was born in Graz.", "supported"),
    ("Ines Varga was born in Austria.", "supported"),
    # a place of the kind of the cell's parts (a city, a country) that is neither
    ("Ines Varga was born in Vienna.", "refuted"),
    ("Ines Varga was born in Hungary.", "refuted"),
    # a region that may hold them: too far from either part to tell
    ("Ines Varga was born in Europe.", "unverifiable"),
])
def test_a_place_is_read_against_the_parts_of_its_cell(core_checker, text, verdict):
    expect(core_checker, PERSON, text, verdict)


PAINTING = Table.from_dict({
    "id": "painting-place", "caption": "Painting",
    "columns": ["name", "Artist", "Location"],
    "rows": [["Harbour at Dusk", "Elsa Brand", "Kunsthalle Weiss, Hamburg"]]})


def test_a_country_is_not_compared_with_a_cell_that_names_none(core_checker):
    # Hamburg is in Germany, and the cell names no country: nothing to compare with
    expect(core_checker, PAINTING, "Harbour at Dusk is located in Germany.", "unverifiable")
    expect(core_checker, PAINTING, "Harbour at Dusk is located in Hamburg.", "supported")

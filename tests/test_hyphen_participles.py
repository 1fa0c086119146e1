"""A participle hyphen-joined to a checked value names its column ("*Kansas City*-born":
Birthplace, by the lexicon's verb_attributes "born in"): read with the value's check, it
is no claim left open."""

from __future__ import annotations

from depcheck.table import Table

from .verdicts import expect

PIANIST = Table.from_dict({
    "id": "pianist", "caption": "Marcus Whitfield",
    "columns": ["Name", "Born", "Birthplace", "Died"],
    "rows": [["Marcus Whitfield", "14 March 1931", "Kansas City, Missouri, U.S.",
              "2 November 2004 (aged 73)"]]})


def test_a_hyphenated_birthplace_is_read_with_its_value(core_checker):
    expect(core_checker, PIANIST, "Kansas City-born pianist Marcus Whitfield died in 2004.",
           "supported")


def test_another_birthplace_is_not_supported(core_checker):
    report = core_checker.check("Boston-born pianist Marcus Whitfield died in 2004.", PIANIST)
    assert report.verdict != "supported"


def test_the_participle_after_a_checked_name(core_checker):
    """"*Oslo*-based": the name checked alone (Headquarters), the participle after it."""
    airline = Table.from_dict({
        "id": "airline", "caption": "Nordvik Air Cargo",
        "columns": ["Name", "Founded", "Headquarters", "Destinations"],
        "rows": [["Nordvik Air Cargo", "1994", "Oslo, Norway", "38"]]})
    expect(core_checker, airline, "Oslo-based Nordvik Air Cargo serves 38 destinations.",
           "supported")
    report = core_checker.check("Bergen-based Nordvik Air Cargo serves 38 destinations.",
                                airline)
    assert report.verdict != "supported"


AWARDS = Table.from_dict({
    "id": "awards", "caption": "Riverside Short Film Festival 2019 award winners",
    "columns": ["Award", "Film", "Director", "Runtime"],
    "rows": [["Grand Prize", "The Tin Orchard", "Lea Varga", "21 min"],
             ["Best Director", "Harbour Lights", "Tom Idris", "34 min"],
             ["Audience Award", "Low Tide", "Sara Holm", "18 min"],
             ["Best Animation", "Paper Moons", "Ken Ota", "12 min"]]})


def test_a_piece_of_a_hyphenated_word_names_no_row(core_checker):
    """"prize" of "prize-winning" is no shortened name of the row "Grand Prize": the
    film and its director are not said of that row."""
    report = core_checker.check("Low Tide, directed by Sara Holm, is a prize-winning short.",
                                AWARDS)
    assert report.verdict != "refuted", [(h.rule, h.verdict, h.explanation)
                                         for h in report.hypotheses]
    assert not any(h.entity and h.entity.method == "partial-name" for h in report.hypotheses)


def test_a_shortened_name_still_names_its_row(core_checker):
    report = core_checker.check("The Prize went to Low Tide.", AWARDS)
    assert report.verdict == "refuted"
    assert any(h.entity and h.entity.method == "partial-name" for h in report.hypotheses)

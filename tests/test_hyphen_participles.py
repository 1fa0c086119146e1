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

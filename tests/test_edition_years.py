"""A year before a proper name ("at the *2003* UK Championship", "the *2008* World Open")
says which edition of a named event, and is no amount of any number column
(fact._year_of_an_edition): it refutes no count whose cell differs."""

from __future__ import annotations

from depcheck.table import Table

PLAYERS = Table.from_dict({
    "id": "harrow", "caption": "Ewan Sallis",
    "columns": ["Name", "Nickname", "Born", "Birthplace", "Professional", "Highest ranking",
                "Career winnings", "Highest break", "Century breaks", "Ranking titles",
                "Best World Championship result"],
    "rows": [["Ewan Sallis", "The Fife Flyer", "2 May 1980", "Kirkcaldy, Scotland",
              "1998–present", "5 (May 2011)", "£2,105,300", "147 (3 times)", "388", "4",
              "Semi-final (2012)"]]})


def test_an_edition_year_is_no_count(core_checker):
    report = core_checker.check(
        "Sallis made the first of his three 147 breaks at the 2003 UK Championship.", PLAYERS)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]
    assert not any("Century breaks" in h.explanation and h.verdict == "refuted"
                   for h in report.hypotheses)


def test_a_count_is_still_checked(core_checker):
    report = core_checker.check("Ewan Sallis has made 2003 century breaks.", PLAYERS)
    assert report.verdict == "refuted"

"""An aggregate query whose figure a fact check read too ("has spent *63* weeks on the
chart") covers no more than that check: its clause's other claims ("releases a new episode
every Thursday") stay open unless a check reads them."""

from __future__ import annotations

from depcheck.table import Table

from .verdicts import expect

CHART = Table.from_dict({
    "id": "chart", "caption": "Podcast chart",
    "columns": ["Podcast", "Host(s)", "Network", "Genre", "Position", "Last week",
                "Weeks on chart", "Episodes", "Rating"],
    "rows": [
        ["Deep Record", "Maya Ellison", "Lantern Audio", "True crime",
         "1", "2", "34", "112", "4.7/5"],
        ["The Margin", "Devan Shah & Ruth Cole", "Ledger FM", "Business",
         "2", "1", "51", "240", "4.5/5"],
        ["Small Planets", "Oliver Quist", "Independent", "Science",
         "3", "5", "12", "48", "4.8/5"],
        ["Half-Time Talk", "Jordan Bell & Kofi Mensah", "Pitchside Media", "Sport",
         "4", "3", "78", "305", "4.2/5"],
        ["Cold Open", "Priya Natarajan", "Lantern Audio", "Comedy",
         "5", "New", "1", "6", "4.4/5"],
        ["Slow History", "Fenella Grant", "Ledger FM", "History",
         "6", "4", "63", "187", "4.6/5"],
        ["The Quiet Kitchen", "Sam Arden", "Independent", "Food",
         "7", "7", "20", "95", "4.1/5"]]})


def test_an_unchecked_predicate_beside_a_checked_figure_stays_open(core_checker):
    report = expect(core_checker, CHART, "Slow History, hosted by Fenella Grant, releases a new "
                    "episode every Thursday and has spent 63 weeks on the chart.",
                    "unverifiable")
    assert any(h.reason == "claim not checked" for h in report.hypotheses)


def test_the_figure_alone_is_supported(core_checker):
    expect(core_checker, CHART, "Slow History has spent 63 weeks on the chart.", "supported")

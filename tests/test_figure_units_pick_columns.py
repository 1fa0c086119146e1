"""A figure in a unit of a measured dimension is said of a column that states its figures
in that dimension, whatever other column the clause's words name: "120 km served by 5
lifts" is a length of trails, not a count of Lifts (a figure in km is checked against the
column in km, and refutes only there)."""

from __future__ import annotations

from depcheck.table import Table

CENTRES = Table.from_dict({
    "id": "centres", "caption": "Cross-country ski centres",
    "columns": ["Centre", "Region", "Trails", "Lifts", "Day pass"],
    "rows": [["Birkefjell", "Telemark", "85 km", "3", "NOK 150"],
             ["Skarvet", "Valdres", "120 km", "5", "NOK 180"],
             ["Lysbu", "Hallingdal", "60 km", "2", "NOK 120"]]})

TEXT = ("Skarvet has more trails than any other centre in the guide, {} served by 5 lifts, "
        "and its day pass costs NOK 180.")


def _about(report, words):
    return [h for h in report.hypotheses if h.text.startswith(words)]


def test_the_figure_of_the_km_column_is_not_a_count_of_lifts(core_checker):
    report = core_checker.check(TEXT.format("120 km"), CENTRES)
    assert report.verdict != "refuted", [(h.rule, h.verdict, h.explanation)
                                         for h in report.hypotheses]
    figure = _about(report, "120 km")
    assert figure and all(h.verdict == "supported" and h.attribute.column == "Trails"
                          for h in figure)


def test_a_wrong_length_is_refuted_by_the_km_column(core_checker):
    report = core_checker.check(TEXT.format("130 km"), CENTRES)
    assert report.verdict == "refuted"
    figure = _about(report, "130 km")
    assert figure and all(h.verdict == "refuted" and h.attribute.column == "Trails"
                          for h in figure)


def test_a_count_still_reads_its_own_column(core_checker):
    assert core_checker.check("Skarvet has 5 lifts.", CENTRES).verdict == "supported"
    assert core_checker.check("Skarvet has 4 lifts.", CENTRES).verdict == "refuted"

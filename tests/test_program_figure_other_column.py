"""A failing look-up program that reads a figure of the text against one cell of a row,
where a rule check that holds found the same figure in another column of that row
("the Purrline One, rated 4.3, ..." against Rating 4.3, while a program read 4.3 against
Noise): the row bears the figure out where the words put it; the program decides
nothing. A figure no column of the row holds is still refuted."""

from __future__ import annotations

from depcheck.table import Table

from .verdicts import expect

LITTER = Table.from_dict({
    "id": "litter", "caption": "Self-cleaning litter boxes",
    "columns": ["Model", "Litter capacity (L)", "Waste drawer (L)", "Cleaning cycle (minutes)",
                "Max cat weight (kg)", "Noise (dB)", "App control", "Rating (of 5)",
                "Price (GBP)"],
    "rows": [["Purrline One", "9", "6", "3", "8", "40", "yes", "4.3", "399"],
             ["Boxwell Basic", "6", "4", "5", "6", "48", "no", "3.5", "159"],
             ["Whisker Dome", "12", "8", "4", "10", "38", "yes", "4.7", "549"],
             ["Sandra S2", "7", "5", "2", "7", "45", "no", "3.9", "229"],
             ["Kitsu Loop", "10", "7", "6", "9", "36", "yes", "4.5", "479"],
             ["Tidy Mini", "5", "3", "3", "5", "43", "yes", "3.6", "189"]]})


def test_a_figure_the_row_holds_elsewhere_is_not_refuted(core_checker):
    report = expect(core_checker, LITTER, "The Purrline One, rated 4.3, was redesigned in "
                    "2018 to cut its cleaning noise.", "unverifiable")
    assert not any(h.verdict == "refuted" for h in report.hypotheses)


def test_a_figure_of_another_row_is_still_refuted(core_checker):
    expect(core_checker, LITTER, "The Purrline One is rated 4.6.", "refuted")

"""The group a superlative ranks its row among, when the text states its size ("the lightest
of the *three* laptops", "*Of the five ports*, ... the greatest"), is checked against the
rows it ranges over: a wrong size refutes (Reason.GROUP_SIZE_DIFFERS), a right one is read
with the superlative, fronted or not."""

from __future__ import annotations

import pytest

from depcheck.reasons import Reason
from depcheck.table import Table

from .verdicts import expect

PORTS = Table.from_dict({
    "id": "ports", "caption": "Tidal ranges by port",
    "columns": ["Port", "Spring range (m)", "Neap range (m)"],
    "rows": [["Avonford", "11.4", "5.2"], ["Tullow Harbour", "2.5", "1.1"],
             ["Port Ellery", "6.3", "3.0"], ["Kelby", "4.4", "2.0"],
             ["Marsh End", "7.7", "3.6"]]})


@pytest.mark.parametrize("text, verdict", [
    ("Of the five ports, Avonford has the greatest spring range.", "supported"),
    ("Avonford has the greatest spring range of the five ports.", "supported"),
    ("Of the six ports, Avonford has the greatest spring range.", "refuted"),
    ("Avonford has the greatest spring range of the six ports.", "refuted"),
    ("Kelby has the greatest spring range of the five ports.", "refuted"),
])
def test_the_size_of_a_superlatives_group(core_checker, text, verdict):
    expect(core_checker, PORTS, text, verdict)


def test_a_wrong_group_size_names_its_reason(core_checker):
    report = core_checker.check("Avonford has the greatest spring range of the six ports.",
                                PORTS)
    assert any(h.reason == Reason.GROUP_SIZE_DIFFERS for h in report.hypotheses
               if h.verdict == "refuted")


def test_a_figure_of_the_value_is_no_group(core_checker):
    """"the highest roll *of 720*": the value the superlative states, not a group size."""
    schools = Table.from_dict({
        "id": "schools", "columns": ["School", "Roll"],
        "rows": [["Wakatipu High School", "720"], ["Mount Aspiring College", "650"],
                 ["Dunstan High School", "410"]]})
    report = core_checker.check("Wakatipu High School has the highest roll of 720.", schools)
    assert not any(h.reason == Reason.GROUP_SIZE_DIFFERS for h in report.hypotheses)
    assert report.verdict != "refuted"


def test_a_group_its_words_restrict_is_no_size_of_the_table(core_checker):
    """"of the three ports *with a lock*": a subset of the rows the scope did not read;
    its size is no claim about the five rows, so it refutes nothing."""
    locked = Table.from_dict({
        "id": "locked", "caption": "Tidal ranges by port",
        "columns": ["Port", "Spring range (m)", "Lock"],
        "rows": [["Avonford", "11.4", "Yes"], ["Tullow Harbour", "2.5", "No"],
                 ["Port Ellery", "6.3", "Yes"], ["Kelby", "4.4", "Yes"],
                 ["Marsh End", "7.7", "No"]]})
    report = core_checker.check(
        "Of the three ports with a lock, Avonford has the greatest spring range.", locked)
    assert not any(h.reason == Reason.GROUP_SIZE_DIFFERS for h in report.hypotheses), [
        (h.rule, h.verdict, h.explanation) for h in report.hypotheses]
    assert report.verdict != "refuted"
    expect(core_checker, locked, "Of the five ports, Avonford has the greatest spring range.",
           "supported")

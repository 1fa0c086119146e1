"""A quantifier's scope restricted by a figure with a bound picks the rows that satisfy it:

- a participle modifying the scope noun, with its one complement ("every mower *priced
  below €1,000*", "every mower *weighing over 11 kg*"), is a predicate of the rows, as a
  relative clause's is;
- a bounded figure set beside the noun ("all mowers *under €1,000*", an apposition in the
  parse) picks the rows too;
- the cells of the picking column are evidence beside those of the predicate;
- a number after a comparative and "than" ("heavier than 10 kg") is a bound, which no
  aggregate query (an average that rounds to it) supports.
"""

from __future__ import annotations

import pytest

from depcheck.agg.triggers import is_claimed_number
from depcheck.table import Table

from .verdicts import expect

MOWERS = Table.from_dict({
    "id": "mowers", "caption": "Robot mowers",
    "columns": ["Model", "Price (EUR)", "Rain sensor", "Cutting width (cm)", "Weight (kg)"],
    "rows": [["Grazer 300", "799", "yes", "22", "8.1"],
             ["Grazer 500", "949", "yes", "24", "9.0"],
             ["Verdant X", "1299", "no", "28", "11.2"],
             ["Verdant Pro", "1599", "yes", "30", "12.5"],
             ["Trimly 1", "599", "no", "18", "7.4"]]})


def _quantifier(report):
    return [h for h in report.hypotheses if h.kind == "quantifier"]


@pytest.mark.parametrize("text, verdict, rows", [
    # the rows under €1,000: Grazer 300 and 500 (yes), Trimly 1 (no)
    ("Every mower priced below €1,000 has a rain sensor.", "refuted", 3),
    ("Every mower weighing over 11 kg is priced above €1,000.", "supported", 2),
    ("Every mower weighing over 11 kg is priced above €1,500.", "refuted", 2),
    ("Every mower priced above €1,000 weighs more than 12 kg.", "refuted", 2),
])
def test_a_participle_with_a_bound_picks_the_rows(core_checker, text, verdict, rows):
    report = expect(core_checker, MOWERS, text, verdict)
    found = _quantifier(report)
    assert found and found[0].verdict == verdict
    assert f"of {rows} rows" in found[0].explanation


def test_a_bounded_figure_beside_the_noun_picks_the_rows(core_checker):
    report = expect(core_checker, MOWERS, "All mowers under €1,000 have a rain sensor.",
                    "refuted")
    (found,) = _quantifier(report)
    assert "2 of 3 rows" in found.explanation  # not "3 of 5": the restriction was read


def test_the_picking_column_is_evidence(core_checker):
    report = expect(core_checker, MOWERS,
                    "Every mower priced above €1,000 weighs more than 12 kg.", "refuted")
    (found,) = _quantifier(report)
    columns = {c.column for c in (*found.evidence.output, *found.evidence.used)}
    assert columns == {"Weight (kg)", "Price (EUR)"}


def test_a_comparative_with_than_bounds_its_number(nlp):
    doc = nlp("Every mower heavier than 10 kg has a rain sensor.")
    assert not is_claimed_number(doc[4])  # 10
    doc = nlp("The mowers weigh 10 kg on average.")
    assert is_claimed_number(doc[3])


def test_a_bound_no_query_reads_leaves_the_statement_open(core_checker):
    # the average weight of the mowers with a rain sensor is 9.87: no support for a bound
    report = core_checker.check("Every mower heavier than 10 kg has a rain sensor.", MOWERS)
    assert report.verdict == "unverifiable"
    assert not [h for h in report.hypotheses if h.kind == "aggregate"]

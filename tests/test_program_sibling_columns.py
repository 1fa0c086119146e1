"""A failing program that reads a figure against one column, where another column of the
same row in the same measure holds it ("flow reaches 2.3 L/min" against Max flow (L/min)
beside Minimum activation flow (L/min)), refutes nothing: the words chose between two
columns of one measure."""

from __future__ import annotations

import pytest

from depcheck.reasons import Reason
from depcheck.table import Table

HEATERS = Table.from_dict({
    "id": "heaters",
    "columns": ["Model", "Max flow (L/min)", "Minimum activation flow (L/min)",
                "Warranty (years)"],
    "rows": [["Pulse 18E", "9.5", "1.9", "5"], ["Thermo G199", "37.8", "1.5", "15"],
             ["Quell 27", "13.2", "2.3", "7"], ["Northway 160", "30.3", "1.9", "12"],
             ["Flamebrook 11", "14.4", "2.0", "3"], ["Duo 36", "17.0", "2.8", "10"]]})


def test_a_figure_held_by_a_sibling_column_is_not_refuted(core_checker):
    report = core_checker.check("The Quell 27 starts heating once flow reaches 2.3 L/min.",
                                HEATERS)
    assert report.verdict != "refuted"
    assert not any(h.verdict == "refuted" for h in report.hypotheses)


@pytest.mark.parametrize("text", [
    # neither column of the row holds the figure
    "The Quell 27 starts heating once flow reaches 2.8 L/min.",
])
def test_a_figure_no_column_of_the_row_holds_is_refuted(core_checker, text):
    assert core_checker.check(text, HEATERS).verdict == "refuted"


def test_the_guard_reads_the_rows_other_columns_of_one_measure():
    from depcheck.checker import _figure_in_a_sibling_column
    from depcheck.compiled import compile_table
    from depcheck.report import REFUTED, Cell, Evidence, HypothesisResult

    compiled = compile_table(HEATERS)
    program = HypothesisResult(
        kind="program", text="", span=(0, 0), verdict=REFUTED, reason=Reason.PROGRAM_FAILS,
        rule="program:lookup", explanation="",
        evidence=Evidence(output=(Cell(row=2, column="Max flow (L/min)", value="13.2"),)),
        details={"program": "eq{hop{filter_eq{all_rows; Model; quell 27}; "
                            "Max flow (L/min)}; 2.3}"})
    assert _figure_in_a_sibling_column(program, compiled)
    # no other column of the row holds 9.5
    other = program.__class__(**{**program.__dict__, "details": {
        "program": "eq{hop{filter_eq{all_rows; Model; quell 27}; Max flow (L/min)}; 9.5}"}})
    assert not _figure_in_a_sibling_column(other, compiled)
    # Warranty (years) measures otherwise: 7 there is no flow
    warranty = program.__class__(**{**program.__dict__, "details": {
        "program": "eq{hop{filter_eq{all_rows; Model; quell 27}; Max flow (L/min)}; 7}"}})
    assert not _figure_in_a_sibling_column(warranty, compiled)

"""An aggregate count of two or more refuted by a query that counts the rows one name
picks ("*five* of the six lots sold, and two of them, the Lettera 9 and ...": COUNT(*)
WHERE model = 'Lettera 9') is no reading of the text's count: such a query counts one
row at most (checker._counts_one_name leaves it unverifiable)."""

from __future__ import annotations

from depcheck.checker import _counts_one_name
from depcheck.report import HypothesisResult
from depcheck.table import Table

LOTS = Table.from_dict({
    "id": "lots", "caption": "Auction of mechanical typewriters",
    "columns": ["Lot", "Model", "Maker", "Sold"],
    "rows": [["Lot 1", "Lettera 9", "Corvetta", "yes"],
             ["Lot 2", "Noiseless 7", "Mercer", "yes"],
             ["Lot 3", "Arrow 5", "Mercer", "no"],
             ["Lot 4", "Quiet 3", "Corvetta", "yes"]]})


def _count(claimed: float, predicates: list) -> HypothesisResult:
    sql = "SELECT COUNT(*) FROM t WHERE ..."
    return HypothesisResult(
        "aggregate", "Three", (0, 5), "refuted", "no likely query gives the number",
        "aggregate.count", "number of rows over rows where ... ; the text says Three",
        details={"claimed": claimed, "sql": sql, "candidates": [
            {"sql": sql, "function": "COUNT", "predicates": predicates}]})


def test_a_count_of_one_name(core_checker):
    compiled = core_checker.compile(LOTS)
    assert _counts_one_name(_count(3.0, [["Model", "lettera 9"]]), compiled)


def test_a_count_of_a_shared_value_or_of_one_stands(core_checker):
    compiled = core_checker.compile(LOTS)
    # Maker repeats across rows: a group the query may well be counting
    assert not _counts_one_name(_count(3.0, [["Maker", "mercer"]]), compiled)
    # "one lot is a Lettera 9": a count the name's query does read
    assert not _counts_one_name(_count(1.0, [["Model", "lettera 9"]]), compiled)


def test_a_figure_column_whose_cells_differ_is_no_name(core_checker):
    table = Table.from_dict({
        "id": "games", "caption": "Board games",
        "columns": ["Game", "Max players", "Minutes"],
        "rows": [["Aster", "4", "30"], ["Brine", "6", "45"], ["Cairn", "5", "60"]]})
    compiled = core_checker.compile(table)
    assert not _counts_one_name(_count(3.0, [["Max players", "6"]]), compiled)

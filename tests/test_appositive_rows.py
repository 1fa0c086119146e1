"""A noun phrase that names a row in apposition ("the neural-network engine *Nebula
Zero*") describes that row, not the clause's subject (evaluators/entity.row_of)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

BOATS = Table.from_dict({
    "id": "boats", "caption": "Racing dinghies",
    "columns": ["Dinghy", "Builder", "Hull", "Length (m)", "Trapeze"],
    "rows": [["Skua", "Marlin Yachts", "GRP", "4.2", "No"],
             ["Petrel", "Harbour Craft", "Carbon", "4.6", "Yes"],
             ["Tern", "Marlin Yachts", "Wood", "3.9", "No"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Skua finished ahead of the carbon boat Petrel.", "unverifiable"),
    ("The Skua finished ahead of the GRP boat Tern.", "refuted"),
    ("The Skua finished ahead of the wood boat Tern.", "unverifiable"),
])
def test_the_phrase_describes_the_row_it_names(core_checker, text, verdict):
    report = expect(core_checker, BOATS, text, verdict)
    about = [h for h in report.hypotheses if h.kind == "fact" and "Hull" in h.explanation]
    assert about, [(h.kind, h.verdict, h.explanation) for h in report.hypotheses]
    assert about[0].explanation.startswith("Hull of Petrel") or about[0].explanation.startswith(
        "Hull of Tern")

"""An aggregate whose likeliest query counts every row with no condition ("all *four* kits")
reads the group's size and the noun it counts, not what the clause says of the group: the
rest of the claim is left to the checks that read it, and unchecked it leaves the statement
unverifiable (``verdict._counts_every_row``)."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

KITS = Table.from_dict({
    "id": "kits", "caption": "Beekeeping starter kits",
    "columns": ["Kit", "Price", "Material", "Protective wear"],
    "rows": [["Meadow Starter", "$289", "Pine", "Jacket + veil"],
             ["Heathside Top Bar", "$349", "Cedar", "None"],
             ["Kessler Classic", "$265", "Cedar", "None"],
             ["Meadow Complete", "$529", "Pine", "Full suit"]]})


@pytest.mark.parametrize("text", [
    "All four kits are waterproof.",
    "All four kits include a helmet.",
])
def test_the_group_size_is_no_check_of_the_claim(core_checker, text):
    report = expect(core_checker, KITS, text, "unverifiable")
    assert any(h.reason == "claim not checked" for h in report.hypotheses)


@pytest.mark.parametrize("text, verdict", [
    ("Two of the four kits are made of cedar.", "supported"),
    ("Three of the four kits are made of cedar.", "refuted"),
])
def test_a_claim_over_the_group_is_still_checked(core_checker, text, verdict):
    expect(core_checker, KITS, text, verdict)


@pytest.mark.parametrize("text, verdict", [
    ("All four kits are made of pine or cedar.", "supported"),
    ("Both Meadow kits are made of pine or cedar.", "supported"),
    ("None of the four kits is made of pine or cedar.", "refuted"),
    ("All four kits are made of pine and cedar.", "refuted"),
])
def test_values_joined_by_a_disjunction_hold_when_either_does(core_checker, text, verdict):
    """A claim over the rows with values joined by "or" (lexicon ``disjunctions``) holds of a
    row when either value does; joined by "and", both must."""
    expect(core_checker, KITS, text, verdict)

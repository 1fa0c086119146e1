"""Rows named around a claim. A quantifier with no noun of its own ("..., and *both*
come in olive") refers back to the rows a coordinated subject named before it in the
sentence ("*the Canopia Trek and the Jungleden Pro* include a net"), when no quantifier
claim came before it; and a row's name on the noun of a figure in a gapped clause ("and
*the Jungleden Pro* 890 g") is the row of that figure, not the first clause's subject."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

HAMMOCKS = Table.from_dict({
    "id": "hammocks", "caption": "Camping hammocks",
    "columns": ["Model", "Weight (g)", "Mosquito net", "Colours"],
    "rows": [["Canopia Trek", "720", "yes", "olive, tan"],
             ["Jungleden Pro", "890", "yes", "olive"],
             ["Driftnest Single", "480", "no", "blue, grey"],
             ["Featherhang UL", "260", "no", "grey"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Canopia Trek and the Jungleden Pro include a mosquito net, and both come in "
     "olive.", "supported"),
    ("The Canopia Trek and the Jungleden Pro include a mosquito net, and both come in "
     "tan.", "refuted"),
])
def test_both_refers_to_the_rows_named_before(core_checker, text, verdict):
    report = expect(core_checker, HAMMOCKS, text, verdict)
    found = [h for h in report.hypotheses if h.kind == "quantifier"]
    assert found and found[0].verdict == verdict
    assert "of 2 rows" in found[0].explanation


@pytest.mark.parametrize("text, verdict", [
    # a gapped second clause: its figure is the row named on it, not the first subject's
    ("The Canopia Trek weighs 720 g and the Jungleden Pro 890 g.", "supported"),
    ("The Canopia Trek weighs 720 g and the Jungleden Pro 990 g.", "refuted"),
])
def test_a_name_on_the_figures_noun_is_its_row(core_checker, text, verdict):
    report = expect(core_checker, HAMMOCKS, text, verdict)
    second = [h for h in report.hypotheses if "Jungleden" in h.text]
    assert second and second[0].entity is not None
    assert second[0].entity.target == "Jungleden Pro"

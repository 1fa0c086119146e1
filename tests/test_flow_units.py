"""Flow rates are units of their own (rules/lexicon/units.yaml: l/min, l/h, m³/h, gpm, one
dimension with factors): a header's "(L/min)" or "(m³/h)" gives its cells a unit, figures
in them are read and converted, and a ratio of two rows' flows is checked."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

INFLATORS = Table.from_dict({
    "id": "inflators", "columns": ["Model", "Inflation speed (L/min)", "Airflow (m³/h)",
                                   "Price ($)"],
    "rows": [["Inflatech Pro", "45", "12", "89"], ["Tyrebuddy Go", "20", "6", "49"],
             ["Airlo Mini", "15", "3", "29"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Inflatech Pro pushes 45 L/min.", "supported"),
    ("The Inflatech Pro pushes 40 L/min.", "refuted"),
    ("The Inflatech Pro pushes 45 L/min, more than twice the Tyrebuddy Go's 20 L/min.",
     "supported"),
    ("The Airlo Mini pushes 15 L/min, more than twice the Tyrebuddy Go's 20 L/min.",
     "refuted"),
    ("The Tyrebuddy Go has an airflow of 6 m³/h.", "supported"),
    ("The Tyrebuddy Go has an airflow of 9 m³/h.", "refuted"),
])
def test_flow_rates(core_checker, text, verdict):
    expect(core_checker, INFLATORS, text, verdict)

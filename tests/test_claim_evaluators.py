"""Claim evaluators (depcheck/evaluators/: entity, fact, quantity, boolean, level, schema,
superlative, comparison of named rows) on a small table of their own: each hypothesis's
trace names the evaluator that decided it.

Every expected verdict is reasoned from the table below: three desk lamps.

    name   weight (g)  price (usd)  dimmable  shade color
    Lumo   450         35           no        white
    Pharo  380         52           yes       black
    Quell  610         44           yes       green
"""

import pytest

from depcheck.evaluators import EVALUATORS
from depcheck.table import Table

LAMPS = Table.from_dict({
    "id": "lamps",
    "columns": ["name", "weight (g)", "price (usd)", "dimmable", "shade color"],
    "rows": [["Lumo", "450", "35", "no", "white"],
             ["Pharo", "380", "52", "yes", "black"],
             ["Quell", "610", "44", "yes", "green"]]})

CLAIM_EVALUATORS = {"entity", "fact", "quantity", "boolean", "level", "typed", "schema",
                    "superlative", "comparison.rows"}


def test_the_claim_evaluators_are_registered_by_name():
    assert CLAIM_EVALUATORS <= set(EVALUATORS)


@pytest.mark.parametrize("text,verdict,kind,evaluator,reason", [
    # the Lumo is not dimmable, the Pharo is
    ("The Lumo is dimmable.", "refuted", "fact", "boolean", "value differs"),
    ("The Lumo is not dimmable.", "supported", "fact", "boolean", "value matches"),
    ("The Pharo is dimmable.", "supported", "fact", "boolean", "value matches"),
    # the Lumo weighs 450 g
    ("The Lumo weighs 900 grams.", "refuted", "fact", "quantity", "number differs"),
    # the Lumo's shade is white; black is the Pharo's
    ("The Lumo has a white shade.", "supported", "fact", "fact", "value matches"),
    ("The Lumo has a black shade.", "refuted", "fact", "fact", "value belongs to another row"),
    # $35 is the lowest price of the three: "cheap" holds at that end
    ("The Lumo is a cheap lamp.", "supported", "fact", "level", "value matches"),
    # 380 g < 450 g; 610 g is not
    ("The Pharo is lighter than the Lumo.", "supported", "comparison", "comparison.rows",
     "comparison holds"),
    ("The Quell is lighter than the Lumo.", "refuted", "comparison", "comparison.rows",
     "comparison false"),
    # the Pharo is the lightest (380 g); the cheapest is the Lumo ($35), not the Quell
    ("The Pharo is the lightest lamp.", "supported", "superlative", "superlative",
     "superlative holds"),
    ("The Quell is the cheapest lamp.", "refuted", "superlative", "superlative",
     "superlative false"),
    # no row is called Zentaro, and the sentence names no other row
    ("The Zentaro weighs 300 grams.", "refuted", "entity", "entity", "entity not in table"),
    # no column says anything of ports; the table is not a closed-world catalog
    ("The Quell has a USB port.", "unverifiable", "fact", "schema", "attribute not in table"),
])
def test_a_claim_hypothesis_traces_the_evaluator_that_decided_it(
        core_checker, text, verdict, kind, evaluator, reason):
    report = core_checker.check(text, LAMPS)
    assert report.verdict == verdict
    decided = [h for h in report.hypotheses if h.kind == kind and h.verdict == verdict]
    assert len(decided) == 1
    trace = decided[0].to_dict()["trace"]
    assert trace["evaluator"] == evaluator
    assert trace["reason"] == reason
    assert trace["rule_location"].startswith("rules/")

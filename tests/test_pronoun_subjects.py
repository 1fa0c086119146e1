"""A pronoun stands for the last row named as a clause's subject, or as the possessor of
one ("*the Pulse 9*'s battery outlasts ..., yet at $199 *it* is the cheapest"), also when
the last subject the parse found names no row (a verb it took for a noun), rather than
for the row named last (the comparand "the Orin Z's 4,000 mAh")."""

from __future__ import annotations

import pytest

from depcheck.table import Table

PHONES = Table.from_dict({
    "id": "phones", "caption": "Budget phones",
    "columns": ["Phone", "Battery", "Screen", "Price"],
    "rows": [["Pulse 9", "5,000 mAh", "6.5 in", "$199"],
             ["Orin Z", "4,000 mAh", "6.1 in", "$349"],
             ["Kite 2", "4,500 mAh", "6.7 in", "$279"]]})

TEXT = ("The Pulse 9's 5,000 mAh battery outlasts the Orin Z's 4,000 mAh and is the biggest in "
        "the group, yet at {} it is also the {} phone here.")


@pytest.mark.parametrize("price, degree, verdict", [
    ("$199", "cheapest", "supported"),
    ("$349", "dearest", "refuted"),
])
def test_the_pronoun_is_the_subject_s_row(core_checker, price, degree, verdict):
    report = core_checker.check(TEXT.format(price, degree), PHONES)
    priced = [h for h in report.hypotheses
              if h.attribute and h.attribute.column == "Price" and h.entity is not None]
    assert priced, [(h.rule, h.verdict, h.explanation) for h in report.hypotheses]
    assert all(h.entity.target == "Pulse 9" and h.verdict == verdict for h in priced), [
        (h.rule, h.verdict, h.explanation) for h in priced]

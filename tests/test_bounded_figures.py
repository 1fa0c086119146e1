"""A figure the text gives as a bound ("assists *beyond 25 km/h*") is neither a value an
aggregate query's equality filter states (rows where the speed *is* 25 km/h) nor a length
a program may read against a column in km: "km/h" written over three tokens is a speed."""

from __future__ import annotations

from depcheck.programs.dimensions import figure_in_another_dimension
from depcheck.table import Table

BIKES = Table.from_dict({
    "id": "bikes", "caption": "Commuter e-bikes",
    "columns": ["Model", "Battery", "Range", "Top assisted speed", "Price"],
    "rows": [["Arlo City", "418 Wh", "60\u2013100 km", "25 km/h", "\u20ac1,899"],
             ["Brisk Metro", "500 Wh", "80\u2013130 km", "25 km/h", "\u20ac2,749"],
             ["Coda Fold", "252 Wh", "35\u201350 km", "25 km/h", "\u20ac1,299"],
             ["Dash Speed 45", "625 Wh", "70\u2013120 km", "45 km/h", "\u20ac4,399"],
             ["Ember Cargo", "1,000 Wh", "120\u2013200 km", "25 km/h", "\u20ac5,190"],
             ["Fenn Step", "360 Wh", "50\u201380 km", "25 km/h", "\u20ac1,549"]]})

TEXT = "Only one bike in the guide assists beyond 25 km/h."


def test_a_bound_is_no_equality_filter(core_checker):
    report = core_checker.check(TEXT, BIKES)
    assert report.verdict != "refuted", [(h.rule, h.verdict, h.explanation)
                                         for h in report.hypotheses]
    assert not any(h.kind == "aggregate" and h.verdict != "unverifiable"
                   and "25 km/h" in h.explanation for h in report.hypotheses)


def test_a_rate_over_three_tokens_is_a_speed(core_checker):
    doc = core_checker.nlp(TEXT)
    figure = next(t.i for t in doc if t.text == "25")
    compiled = core_checker.compile(BIKES)
    lexicon = core_checker._rules.lexicon
    assert figure_in_another_dimension("eq{count{filter_greater{all_rows; Range; 25}}; 1}",
                                       [figure], doc, compiled, lexicon) == ("25", "Range")
    assert figure_in_another_dimension(
        "eq{count{filter_greater{all_rows; Top assisted speed; 25}}; 1}", [figure], doc,
        compiled, lexicon) is None

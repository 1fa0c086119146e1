"""A word coordinated with values a row's list cell holds ("comes in black and *purple*"
against Colours "black, orange") that no cell holds is a value of that list the row lacks
when every item of the column's lists is one word (a closed vocabulary: colours) and the
word resembles them (GloVe at the type threshold): refuted (Reason.VALUE_NOT_LISTED), even
beside a program that read one item.  A word that resembles none of them ("carbon
fibre"), or a column of phrases ("Google" beside "Alexa, Google Assistant"), decides
nothing."""

from __future__ import annotations

import pytest

from depcheck.reasons import Reason
from depcheck.table import Table

from .verdicts import expect

DRONES = Table.from_dict({
    "id": "drones", "caption": "Camera drones",
    "columns": ["Model", "Maker", "Weight (g)", "Colours", "Price (USD)"],
    "rows": [["Finch Mini", "Aerolux", "249", "grey, white", "399"],
             ["Finch Pro", "Aerolux", "595", "grey", "1,199"],
             ["Cirrus 2", "Corvid", "430", "black, orange", "849"],
             ["Pebble", "Tinwing", "120", "red, black, blue", "179"],
             ["Cirrus Lite", "Corvid", "360", "black", "599"],
             ["Survey X", "Tinwing", "1,380", "white", "2,450"]]})

SPEAKERS = Table.from_dict({
    "id": "speakers", "caption": "Smart speakers",
    "columns": ["Model", "Assistants", "Price (USD)"],
    "rows": [["Sono One", "Alexa, Google Assistant", "199"], ["Sono Mini", "Alexa", "99"],
             ["Orb", "Siri", "299"], ["Dot 4", "Alexa", "49"]]})


@pytest.mark.parametrize("table, text, verdict", [
    (DRONES, "The Cirrus 2 comes in black and purple.", "refuted"),
    (DRONES, "The Pebble comes in red, black and green.", "refuted"),
    (DRONES, "The Pebble comes in red, black and blue.", "supported"),
    (DRONES, "The Cirrus 2 comes in black and orange.", "supported"),
    (DRONES, "The Cirrus 2 comes in black and carbon fibre.", "unverifiable"),
    (SPEAKERS, "The Sono One works with Alexa and Google.", "unverifiable"),
])
def test_a_coordinated_value_the_rows_list_lacks(core_checker, table, text, verdict):
    report = expect(core_checker, table, text, verdict)
    refuted = [h for h in report.hypotheses if h.verdict == "refuted"]
    if verdict == "refuted":
        assert refuted[0].reason == Reason.VALUE_NOT_LISTED
        assert [c.column for c in refuted[0].evidence.output] == ["Colours"]
    else:
        assert not any(h.reason == Reason.VALUE_NOT_LISTED for h in report.hypotheses)


SLEEPING_BAGS = Table.from_dict({
    "id": "bags", "caption": "Sleeping bags",
    "columns": ["Model", "Colours", "Price (USD)"],
    "rows": [["Tarn", "green, grey", "119"], ["Fell", "purple", "89"],
             ["Cirque", "yellow, grey", "139"]]})


def test_with_the_catalogs_values_the_item_the_row_lacks_still_refutes():
    """With the catalog's column values known (``set_domains``: "green" and "purple" are
    Colours of the other table), the coordinated item is a value the row's cell does not
    hold, and it refutes beside the program that read another item."""
    from depcheck.checker import Checker
    from depcheck.config import Config

    from .conftest import REPO

    checker = Checker(Config(rules_dir=REPO / "rules"))
    checker.set_domains([DRONES, SLEEPING_BAGS])
    for text in ("The Cirrus 2 comes in black and purple.",
                 "The Pebble comes in red, black and green."):
        report = checker.check(text, DRONES)
        assert report.verdict == "refuted", [(h.rule, h.verdict, h.explanation)
                                             for h in report.hypotheses]
    assert checker.check("The Pebble comes in red, black and blue.", DRONES).verdict \
        == "supported"

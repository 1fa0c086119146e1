"""A downtoner (rules/lexicon/claims.yaml ``downtoners``: "only") on a checked amount, or on
the verb whose checked value is one, only plays it down ("only has a 1 out of 5 rating",
"rated only 1 out of 5"); on a name, or on a verb whose value is no amount, it still claims
exclusivity ("Only The Eagle sells Chinese food", "only sells Chinese food")."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

PLACES = Table.from_dict({
    "id": "places", "caption": "restaurants",
    "columns": ["name", "eatType", "food", "customer rating", "area", "familyFriendly"],
    "rows": [["The Eagle", "coffee shop", "Chinese", "1 out of 5", "riverside", "yes"],
             ["Cocum", "pub", "Chinese", "5 out of 5", "city centre", "no"]]})


@pytest.mark.parametrize("text, verdict", [
    ("The Eagle is kid friendly but only has a 1 out of 5 customer rating.", "supported"),
    ("Rated only 1 out of 5 by customers, The Eagle is a coffee shop.", "supported"),
    ("The Eagle only has a 5 out of 5 customer rating.", "refuted"),
    # on a verb whose value is no amount: exclusivity ("sells nothing else"), unchecked
    ("The Eagle only sells Chinese food.", "unverifiable"),
    # on a name: exclusivity, checked over the rows (Cocum sells Chinese food too)
    ("Only The Eagle sells Chinese food.", "refuted"),
])
def test_a_downtoner_on_a_checked_value(core_checker, text, verdict):
    expect(core_checker, PLACES, text, verdict)


def test_a_downtoner_is_read_from_the_lexicon(core_checker):
    lexicon = core_checker.rules.lexicon
    assert "only" in lexicon.downtoners
    assert "claims.yaml:" in lexicon.where("downtoners", "only")

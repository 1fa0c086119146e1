"""A quantifier on a preposition's object, the feature as the subject (rules/frames/
quantifiers.yaml, quantifier-prep-object): "breakfast is included with every room" says
every row has breakfast, "a balcony comes with both the Deluxe and the Suite" that both
named rows have one.

Four hotel rooms (a catalog: the rules decide):

    name      nightly rate  breakfast included  balcony  free cancellation
    Standard  €119          No                  No       Yes
    Superior  €139          Yes                 No       Yes
    Deluxe    €189          Yes                 Yes      No
    Suite     €249          Yes                 Yes      Yes
"""

import pytest

from depcheck.table import Table

from .verdicts import expect

ROOMS = Table.from_dict({
    "id": "rooms", "caption": "Hotel rooms",
    "columns": ["name", "Nightly rate", "Breakfast included", "Balcony", "Free cancellation"],
    "rows": [["Standard", "€119", "No", "No", "Yes"], ["Superior", "€139", "Yes", "No", "Yes"],
             ["Deluxe", "€189", "Yes", "Yes", "No"], ["Suite", "€249", "Yes", "Yes", "Yes"]]})


@pytest.mark.parametrize("text, verdict, held", [
    ("Breakfast is included with every room.", "refuted", "3 of 4"),  # not the Standard
    ("Breakfast is included with all four rooms.", "refuted", "3 of 4"),
    ("A balcony comes with both the Deluxe and the Suite.", "supported", "2 of 2"),
    ("A balcony comes with both the Standard and the Suite.", "refuted", "1 of 2"),
])
def test_a_quantifier_on_the_object_of_a_preposition(core_checker, text, verdict, held):
    report = expect(core_checker, ROOMS, text, verdict)
    decided = [h for h in report.hypotheses if h.rule == "quantifier-prep-object"]
    assert decided and decided[0].verdict == verdict
    assert decided[0].explanation.startswith(held), decided[0].explanation

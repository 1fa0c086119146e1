"""Every item of a listed value is a claim (issue 13): when a program holds on one item
("works with Alexa, Siri and Google Assistant" read as "Siri"), an item of the same
coordination that is another row's value of the column where the others hold still
refutes.

Six smart speakers (a general table: the program search runs):

    speaker  price  assistants               colours
    Orb      $99    Alexa, Siri              white, grey
    Cube     $149   Alexa                    black
    Dome     $199   Google Assistant, Alexa  black, red, white
    Pod      $59    Siri                     white
    Tower    $249   Google Assistant         grey, black
    Mini     $39    Alexa                    blue

The Orb works with Alexa and Siri, not Google Assistant (the Dome's and the Tower's).
"""

from depcheck.table import Table

from .verdicts import expect

SPEAKERS = Table.from_dict({
    "id": "speakers", "caption": "Smart speakers",
    "columns": ["speaker", "price", "assistants", "colours"],
    "rows": [["Orb", "$99", "Alexa, Siri", "white, grey"],
             ["Cube", "$149", "Alexa", "black"],
             ["Dome", "$199", "Google Assistant, Alexa", "black, red, white"],
             ["Pod", "$59", "Siri", "white"],
             ["Tower", "$249", "Google Assistant", "grey, black"],
             ["Mini", "$39", "Alexa", "blue"]]})


def test_an_item_of_another_row_refutes_the_list(core_checker):
    report = expect(core_checker, SPEAKERS,
                    "The Orb works with Alexa, Siri and Google Assistant.", "refuted")
    assert any(h.kind == "fact" and h.verdict == "refuted" and "google" in h.explanation.lower()
               for h in report.hypotheses)


def test_the_items_of_the_cell_hold(core_checker):
    expect(core_checker, SPEAKERS, "The Orb works with Alexa and Siri.", "supported")

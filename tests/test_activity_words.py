"""What a person plays, works as, wears or writes under (rules/lexicon/synonyms.yaml's
verb_attributes), and the field a checked predicate is carried on in (rules/lexicon/
claims.yaml's activity_objects), on tables of their own."""

from __future__ import annotations

import pytest

from depcheck.table import Table

from .verdicts import expect

SINGER = Table.from_dict({
    "id": "singer", "caption": "Musician",
    "columns": ["name", "Born", "Genres", "Instruments", "Years active", "Occupation"],
    "rows": [["Lena Varga", "3 May 1970", "Jazz, soul", "Piano, vocals", "1988–present",
              "Singer, songwriter"]]})

PLAYER = Table.from_dict({
    "id": "player", "caption": "Footballer",
    "columns": ["name", "Position", "Number", "Current team", "Pen name"],
    "rows": [["Tomas Reyl", "Midfielder", "14", "Harrow Athletic", "T. R. Vale"]]})

BOOK = Table.from_dict({
    "id": "book", "caption": "Book", "columns": ["name", "Author", "Pages"],
    "rows": [["The Salt Road", "Eleanor Vance", "412"]]})

ALBUM = Table.from_dict({
    "id": "album", "caption": "Album", "columns": ["name", "Recorded", "Studio", "Genre"],
    "rows": [["Coda", "1979–1980", "Sol Studios", "Rock"]]})

INVENTOR = Table.from_dict({
    "id": "inventor", "caption": "Person",
    "columns": ["name", "Other names", "Known for", "Occupation"],
    "rows": [["Ada Brill", "The Iron Lady", "Difference engine", "Inventor"]]})

ACTOR = Table.from_dict({
    "id": "actor", "caption": "Person", "columns": ["name", "Occupation", "Years active"],
    "rows": [["Mara Quill", "Actress", "1975–2015"]]})



@pytest.mark.parametrize("table, text, verdict", [
    # the verb names the column its object is read in: no claim is left open
    (SINGER, "Lena Varga plays the piano.", "supported"),
    (SINGER, "Lena Varga works as a songwriter.", "supported"),
    (PLAYER, "Tomas Reyl wears the number 14.", "supported"),
    (PLAYER, "Tomas Reyl plays for Harrow Athletic.", "supported"),
    (PLAYER, "Tomas Reyl writes under the name T. R. Vale.", "supported"),
    # the field of a predicate the years-active check read ("music", "the movie business")
    (SINGER, "Lena Varga has been performing music for over twenty-five years.", "supported"),
    (SINGER, "Lena Varga has been performing music for over forty years.", "refuted"),
    (ACTOR, "Mara Quill was in the movie business for about 40 years.", "supported"),
    # where a record was made, what a person goes by and is known for
    (ALBUM, "Coda was recorded at Sol Studios.", "supported"),
    (ALBUM, "Coda was recorded at Abbey Road Studios.", "refuted"),
    (INVENTOR, "Ada Brill was known as The Iron Lady.", "supported"),
    (INVENTOR, "Ada Brill is best known for the difference engine.", "supported"),
    # how long a book runs
    (BOOK, "The Salt Road runs to over 400 pages.", "supported"),
    (BOOK, "The Salt Road runs to over 500 pages.", "refuted"),
])
def test_verbs_and_fields_of_a_record(checker_2019, table, text, verdict):
    expect(checker_2019, table, text, verdict)


@pytest.mark.parametrize("table, text", [
    # a verb that names none of the table's columns still leaves its claim open: touring
    # with someone is not stated by any cell
    (SINGER, "Lena Varga toured with her jazz band."),
    # an object that is no field of activity is a claim of its own
    (ACTOR, "Mara Quill was in the navy for about 40 years."),
    # "plays" names Instruments: the drums are not among them, and nothing says she never
    # played them
    (SINGER, "Lena Varga plays the drums."),
])
def test_what_no_cell_states_stays_open(checker_2019, table, text):
    expect(checker_2019, table, text, "unverifiable")

"""A failing program whose every word a row-reading check found to hold is set aside
(depcheck/checker.py ``_held_by_rows``): the check read those words against the rows it
quantifies over, so the program answered another claim than the one stated."""

from depcheck.checker import _held_by_rows
from depcheck.report import REFUTED, SUPPORTED, Cell, Evidence, HypothesisResult

TEXT = "Every kettle except the Brook weighs over 1 kg."


def _program(tokens):
    return HypothesisResult(kind="program", text=TEXT, span=(0, len(TEXT)), verdict=REFUTED,
                            reason="the program fails on the table", rule="program:lookup",
                            explanation="weight (kg) of rows where name is brook is 1",
                            details={"tokens": tokens})


def _quantifier(end: int, verdict=SUPPORTED):
    return HypothesisResult(kind="quantifier", text=TEXT[:end], span=(0, end), verdict=verdict,
                            reason="quantifier holds" if verdict == SUPPORTED
                            else "quantifier fails", rule="quantifier-determiner",
                            explanation="3 of 4 rows hold it",
                            evidence=Evidence(output=(Cell(0, "weight (kg)", "1.4"),),
                                              columns=("weight (kg)",)),
                            details={"evaluator": "quantifier"})


def test_a_program_inside_a_held_quantifier_is_set_aside(nlp):
    doc = nlp(TEXT)
    # the program read "Brook", "1" and "kg"; the quantifier holds over the whole clause
    read = [t.i for t in doc if t.text in ("Brook", "1", "kg")]
    assert _held_by_rows(_program(read), (_quantifier(len(TEXT) - 1),), doc)


def test_a_word_outside_the_held_check_keeps_the_refutation(nlp):
    doc = nlp(TEXT)
    read = [t.i for t in doc if t.text in ("Brook", "1", "kg")]
    # the quantifier stops before "1 kg": the program read words it did not
    short = TEXT.index(" over")
    assert not _held_by_rows(_program(read), (_quantifier(short),), doc)
    # a check that fails holds nothing
    assert not _held_by_rows(_program(read), (_quantifier(len(TEXT) - 1, REFUTED),), doc)


def test_the_words_of_the_column_read_count_as_held(nlp):
    doc = nlp(TEXT)
    read = [t.i for t in doc if t.text in ("Brook", "kg")]
    # "kg" lies outside the quantifier's span but names the column it read
    assert _held_by_rows(_program(read), (_quantifier(TEXT.index(" 1 kg")),), doc)


def _count_of_all_rows(text: str, figure: str, read: list[int]) -> HypothesisResult:
    return HypothesisResult(kind="program", text=text, span=(0, len(text)), verdict=REFUTED,
                            reason="the program fails on the table", rule="program:count",
                            explanation=f"count of all rows is {figure}",
                            details={"program": f"eq{{count{{all_rows}}; {figure}}}",
                                     "family": "count", "tokens": read})


def test_a_count_of_all_rows_refutes_only_a_count_of_the_rows(nlp, core_checker):
    """``_count_unstated``: "count of all rows is 7" fails, but the 7 counts men (no noun
    naming the table's rows), or is no count at all ("the 11:20 sailing"): set aside; a
    figure counting the rows' own noun ("nine finishers", the caption's) keeps it."""
    from depcheck.checker import _count_unstated
    from depcheck.table import Table

    table = core_checker.compile(Table.from_dict({
        "id": "m", "caption": "City Marathon finishers",
        "columns": ["Place", "Runner", "Time"],
        "rows": [["1", "A. Kiprop", "2:08:11"], ["2", "B. Tola", "2:08:40"]]}))
    lexicon = core_checker.rules.lexicon
    for text, figure, unstated in [("Seven men finished ahead of the first woman.", "7", True),
                                   ("The 11:20 sailing is often fully booked.", "11:20", True),
                                   ("Nine finishers are listed.", "9", False),
                                   ("The table lists nine entries.", "9", False)]:
        doc = nlp(text)
        read = [t.i for t in doc if t.like_num or t.text in ("men", "finishers", "entries")]
        found = _count_unstated(_count_of_all_rows(text, figure, read), doc, table, lexicon)
        assert found is unstated, text


def _superlative_program(program: str, verdict: str = SUPPORTED) -> HypothesisResult:
    return HypothesisResult(kind="program", text="x", span=(0, 1), verdict=verdict,
                            reason="the program holds on the table", rule="program:superlative",
                            explanation=program, details={"program": program,
                                                          "family": "superlative"})


def test_a_program_ranking_the_other_way_is_set_aside(nlp, core_checker):
    """``_ranks_the_other_way``: "the cheapest" (the lexicon's "cheap" points down) is no
    row with the highest price; "the fastest time" (``inverse`` of "fast") is the lowest
    time; "the heaviest" is the highest weight."""
    from depcheck.checker import _ranked_columns, _ranks_the_other_way

    lexicon = core_checker.rules.lexicon
    assert _ranked_columns("eq{hop{argmax{filter_less{all_rows; Price; 500}; Price (USD)}; "
                           "Projector}; prysm}") == [("argmax", "Price (USD)")]
    cheapest = nlp("The Prysm 4K is the cheapest 4K model.")
    most = "eq{hop{argmax{all_rows; Price (USD)}; Projector}; prysm}"
    least = "eq{hop{argmin{all_rows; Price (USD)}; Projector}; prysm}"
    assert _ranks_the_other_way(_superlative_program(most), cheapest, lexicon)
    assert not _ranks_the_other_way(_superlative_program(least), cheapest, lexicon)
    fastest = nlp("Kiprop ran the fastest time of the race.")
    assert _ranks_the_other_way(_superlative_program(
        "eq{hop{argmax{all_rows; Finish time}; Runner}; kiprop}"), fastest, lexicon)
    assert not _ranks_the_other_way(_superlative_program(
        "eq{hop{argmin{all_rows; Finish time}; Runner}; kiprop}"), fastest, lexicon)
    heaviest = nlp("The Prysm 4K is the heaviest projector.")
    assert not _ranks_the_other_way(_superlative_program(
        "eq{hop{argmax{all_rows; Weight (kg)}; Projector}; prysm}"), heaviest, lexicon)


def test_a_third_straight_week_is_no_fraction(nlp):
    """"a third" before its noun is an ordinal ("for a third straight week"), not the
    fraction "a third of the votes" (the aggregate claims' reading)."""
    from depcheck.agg.claims import claim_value

    doc = nlp("It topped the chart for a third straight week.")
    at = next(t.i for t in doc if t.lower_ == "a")
    assert claim_value(list(doc[at:])) is None
    doc = nlp("She won a third of the votes.")
    at = next(t.i for t in doc if t.lower_ == "a")
    assert claim_value(list(doc[at:]))[1] == "fraction"

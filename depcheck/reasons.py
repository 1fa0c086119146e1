"""Why a hypothesis got its verdict: one fixed set of reasons, never free text.

A client (the page, a dashboard, a test) can switch on a reason; the explanation beside it
is the sentence for people.  ``HypothesisResult`` refuses a reason outside this set, so a
new check must name its reason here first.
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    # a cell was read and agrees
    VALUE_MATCHES = "value matches"
    ATTRIBUTE_PRESENT = "attribute present"
    COMPARISON_HOLDS = "comparison holds"
    SUPERLATIVE_HOLDS = "superlative holds"
    PROGRAM_HOLDS = "the program holds on the table"
    ROW_HOLDS_ALL = "one row holds every mentioned cell"
    QUERY_GIVES_NUMBER = "a likely query gives the number"
    BOUND_HOLDS = "bound holds"
    QUANTIFIER_HOLDS = "quantifier holds"
    DATE_HOLDS = "date holds"
    TREND_HOLDS = "the figure moved the way the text says at every step"
    DENIED_CLAIM_FAILS = "the denied claim fails"
    # the row's death cell, or its birth cell with no death cell beside it
    DEATH_RECORDED = "the row records a death"
    NO_DEATH_RECORDED = "the row records a birth and no death"
    # a cell was read and contradicts
    VALUE_DIFFERS = "value differs"
    VALUE_NOT_LISTED = ("the row's list holds the values said with it, not this one of the "
                        "same kind")
    VALUE_OF_ANOTHER_ROW = "value belongs to another row"
    NUMBER_DIFFERS = "number differs"
    UNIT_DIFFERS = "unit differs"
    NEGATION = "negation"
    NEGATED_VALUE_HOLDS = "negated value holds"
    ATTRIBUTE_ABSENT = "attribute absent"
    COMPARISON_FALSE = "comparison false"
    SUPERLATIVE_FALSE = "superlative false"
    PROGRAM_FAILS = "the program fails on the table"
    NO_ROW_HOLDS_ALL = "no row holds every mentioned cell"
    ROW_UNRESOLVED = "row unresolved; checked all rows"
    NO_QUERY_GIVES_NUMBER = "no likely query gives the number"
    BOUND_FAILS = "bound fails"
    QUANTIFIER_FAILS = "quantifier fails"
    DATE_DIFFERS = "date differs"
    TREND_FAILS = "a step of the series moved another way than the text says"
    GROUP_SIZE_DIFFERS = "group size differs from the rows"
    ITEM_COUNT_DIFFERS = "the cell lists another number of values"
    # the table or its catalog says the claim's subject or attribute is not there
    ENTITY_NOT_IN_TABLE = "entity not in table"
    ATTRIBUTE_NOT_IN_TABLE = "attribute not in table"
    # nothing decides
    AMBIGUOUS_VALUE = "ambiguous value"
    VALUE_NOT_COMPARABLE = "value not comparable"
    FIGURE_OF_ANOTHER_THING = "the figure measures what no column of its unit holds"
    PERIOD_UNNAMED = "a length of time the row's only period, unnamed, does not hold"
    FIGURE_UNIT_AMBIGUOUS = "the figure's unit fits a range of another column that holds it"
    ATTRIBUTE_NAMED = "attribute named, nothing said of it"
    CELL_NOT_BOOLEAN = "cell is not a yes/no value"
    CELL_NOT_NUMBER = "cell is not a number"
    NO_ROW_NAMED = "no row named"
    NO_PROGRAM = "no program that holds, none convincing that fails"
    NO_QUERY = "no candidate query"
    NO_CLAIM_WORDS = "no word of the claim names a column or a value"
    QUERY_UNDEFINED = "every candidate query has an undefined result"
    QUERY_LEAVES_WORDS = "the likeliest query leaves words of the claim unread"
    QUERY_FILTER_UNSTATED = "the likeliest query picks its rows by a value the text does not state"
    QUERY_COUNTS_ONE_NAME = "the likeliest query counts the rows of one name, not a group"
    PROGRAM_READ_ROWS_HOLD = "a check of the rows the failing program read holds"
    PROGRAM_ROWS_UNSTATED = "the failing program quantifies over other rows than the text"
    PROGRAM_GRADE_UNREAD = "the failing program ranks by another attribute than the text"
    PROGRAM_POSITION_UNSTATED = ("the program picks a row by a place in the table the text "
                                 "does not speak of")
    PROGRAM_RANKS_OTHER_WAY = "the program ranks the other way than the text's superlative"
    PROGRAM_OTHER_DIMENSION = "the failing program reads a figure against another dimension"
    PROGRAM_OTHER_SCALE = ("the failing program reads a figure against a column whose cells "
                           "are all ten times larger or smaller")
    PROGRAM_FIGURE_OF_ANOTHER_ROW = ("the failing program gives a figure to another row than "
                                     "the one a rule check found it holds for")
    PROGRAM_FIGURE_OF_ANOTHER_COLUMN = ("the failing program reads a figure against one "
                                        "column where another of the row, in the same "
                                        "measure, holds it")
    PROGRAM_READS_A_PLAN = ("the program compares a figure the text gives only to what is "
                            "still to come")
    PROGRAM_YEAR_WITHIN_CELL = ("the failing program compares a year with a cell that holds "
                                "it within a longer date")
    QUERY_UNSURE = ("the likeliest query gives the number, but the queries that do are not "
                    "likely enough together to support it")
    EVALUATION_FAILED = "evaluation failed"
    NO_TABLE = "no table in the corpus holds the claim"
    NOT_CHECKED = "claim not checked"
    NO_CONTRADICTING_CELL = "no cell contradicts the claim"

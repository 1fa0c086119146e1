"""Which numbers of a statement go to the aggregate checker.

A number no fact hypothesis accounted for is an aggregate claim when it stands in an
aggregate construction ("two of the three", "two blenders are ...", averages, totals,
shares, all/none, or a superlative over unnamed rows), and is not part of a name
("PureBreeze 200"), a compound value ("1.4-inch", "4K") or a bound ("more than $250").
"""

from __future__ import annotations

from ..lexicon import default as default_lexicon
from ..report import HypothesisResult
from ..rules.paths import doc_view, in_a_plan
from ..values import NUMBER_WORDS

# how far from 0.5 an aggregate claim's correctness must be to overrule a program
AGG_CONFIDENT = 0.4
# a program this sure (distance of its probability of truth from 0.5) is not second-guessed
PROGRAM_SURE = 0.1

# words from the packaged lexicon (rules/lexicon/aggregates.yaml, quantifiers.yaml,
# bounds.yaml), read once: triggers are read without a rule set
_LEX = default_lexicon()
AGGREGATE_WORDS = _LEX.aggregate_trigger_words
_BOUND_CUES = tuple(sorted(_LEX.aggregate_bound_cues))
_DATE_PREPOSITIONS = frozenset(w.lower() for w in _LEX.date_prepositions)


def claim_covers(h: HypothesisResult, idx: int) -> bool:
    start = h.details.get("claim_offset")
    text = h.details.get("claim_text") or ""
    return start is not None and start <= idx < start + max(len(text), 1)


def aggregate_trigger(tok, sentence_names_row: bool) -> bool:
    """A number in an aggregate construction: "two of the three", "two blenders are ...",
    a sentence that speaks of averages, totals, shares, all or none, or a superlative in a
    sentence that names no row ("the lightest tent weighs 1.9 kg").  Read from the parse's
    lists (:func:`aggregate_trigger_at`)."""
    return aggregate_trigger_at(doc_view(tok.doc), tok.i, sentence_names_row)


_SUPERLATIVE_TAGS = frozenset({"JJS", "RBS"})


def aggregate_trigger_at(view, i: int, sentence_names_row: bool) -> bool:
    """:func:`aggregate_trigger` of token ``i`` of a parse's DocView ``view``."""
    lower, dep, head = view.lower, view.dep, view.head
    if i >= 2 and lower[i - 2] in _LEX.partitive_prepositions and \
            lower[i - 1] in _LEX.group_determiners_before_number:
        return False  # "of the three": the compared group
    if i + 2 < len(lower) and lower[i + 1] in _LEX.partitive_prepositions and \
            lower[i + 2] in _LEX.group_determiners_after_number:
        return True
    if dep[i] in ("nsubj", "nsubjpass") or (
            dep[i] == "nummod" and dep[head[i]] in ("nsubj", "nsubjpass")
            and view.tag[head[i]] == "NNS"):
        return True
    start, end = view.sent_start[i], view.sent_end[i]  # the token's sentence
    if not AGGREGATE_WORDS.isdisjoint(lower[start:end]):
        return True
    return not sentence_names_row and not _SUPERLATIVE_TAGS.isdisjoint(view.tag[start:end])


COMPARATIVE_TAGS = frozenset({"JJR", "RBR"})
# words whose measure is a gap: "three years *after*", "45 minutes *ahead*" (the lexicon's
# date cues and gap_adverbs)
_GAP_ADVERBS = frozenset(_LEX.gap_adverbs)
_TIME_GAP_WORDS = frozenset((*_LEX.date_cues_after, *_LEX.date_cues_before, *_GAP_ADVERBS))


def states_a_gap(tok) -> bool:
    """A number that measures how far apart two figures are, not a figure of a row: on a
    comparative ("12 minutes *longer*", "EUR 31 *more*", "costs $70 *more*") or a time
    preposition ("three years *after* Thunder Falls", lexicon ``date_cues_after`` /
    ``_before``).  Read from the parse's lists (:func:`states_a_gap_at`)."""
    return states_a_gap_at(doc_view(tok.doc), tok.i)


def states_a_gap_at(view, i: int) -> bool:
    """:func:`states_a_gap` of token ``i`` of a parse's DocView ``view``."""
    head, dep, tag, lower = view.head, view.dep, view.tag, view.lower
    unit = head[i] if dep[i] == "nummod" and head[i] > i else i
    if tag[unit] in COMPARATIVE_TAGS:  # "31 more"
        return True
    up = head[unit]
    if dep[unit] == "npadvmod" and (tag[up] in COMPARATIVE_TAGS or lower[up] in _TIME_GAP_WORDS):
        return True
    nxt = unit + 1
    if nxt >= len(head):
        return False
    if dep[unit] == "npadvmod" and lower[nxt] in _GAP_ADVERBS and head[nxt] in (up, unit):
        return True  # "finished two points *behind* Ashford": the gap adverb beside it
    if nxt + 2 < len(head) and dep[nxt] == "det" and head[nxt] == nxt + 1 \
            and dep[nxt + 1] == "npadvmod" and head[nxt + 1] == nxt + 2 \
            and tag[nxt + 2] in COMPARATIVE_TAGS:
        return True  # "costs £64.90 *a year more* (than ...)": a rate, then the comparative
    # "costs $70 more": the comparative right after the figure, on the same verb or on the
    # figure itself
    return tag[nxt] in COMPARATIVE_TAGS and (
        dep[nxt] == "advmod" and head[nxt] == up and up != unit
        or dep[nxt] == "amod" and head[nxt] == unit) and not any(
        lower[c] in _LEX.comparison_cues for c in view.children[nxt])


def _difference_than(view, i: int) -> bool:
    """The figure at ``i`` (or its unit noun) is followed by a comparative on it that has
    a "than" of the lexicon's comparison_cues ("€250 *less than* the X", "20 more wins
    than"): the difference between two rows."""
    unit = view.head[i] if view.dep[i] == "nummod" and view.head[i] > i else i
    kids, cues = view.children, _LEX.comparison_cues
    nxt = unit + 1
    if nxt < len(view.lower) and view.tag[nxt] in COMPARATIVE_TAGS \
            and view.head[nxt] == unit and any(view.lower[c] in cues for c in kids[nxt]):
        return True
    # "20 *more* rotors *than* the Wisp": the comparative between the figure and its noun
    return unit != i and any(view.tag[c] in COMPARATIVE_TAGS and i < c < unit
                             for c in kids[unit]) and any(
        view.lower[c] in cues for c in kids[unit] if c > unit)


def is_claimed_number(tok) -> bool:
    """A claimed number: digits or a number word, not part of a name ("Product 2") nor of a
    compound value ("1.4-inch", "three-season", "4K").  Read from the parse's lists
    (:func:`is_claimed_number_at`)."""
    return is_claimed_number_at(doc_view(tok.doc), tok.i)


def is_claimed_number_at(view, i: int) -> bool:
    """:func:`is_claimed_number` of token ``i`` of a parse's DocView ``view``."""
    lower = view.lower
    if not (view.like_num[i] or lower[i] in NUMBER_WORDS and view.pos[i] == "NUM"):
        return False
    if view.dep[i] == "nummod" and i > view.head[i]:
        return False
    text, starts, ends = view.text_offsets
    if i + 1 < len(lower) and text[starts[i + 1]:ends[i + 1]] in ("-", "–"):
        return False
    if i > 0 and view.pos[i - 1] == "PROPN" and view.is_title[i - 1]:
        return False  # "PureBreeze 200": part of a name
    before = " ".join(lower[max(0, i - 3):i])
    if any(w in before for w in _BOUND_CUES):
        return False  # a bound, which the aggregate queries do not express
    if any(lower[j] in _LEX.comparison_cues and view.tag[j - 1] in COMPARATIVE_TAGS
           for j in range(max(1, i - 3), i)):
        return False  # "heavier than 10 kg", "longer than 2 m": a bound all the same
    word = text[starts[i]:ends[i]]
    if any(ch.isalpha() for ch in word) and any(ch.isdigit() for ch in word):
        return False
    if len(word) == 4 and word.isdigit() and 1000 <= int(word) <= 2100 \
            and view.dep[i] == "pobj" and lower[view.head[i]] in _DATE_PREPOSITIONS:
        return False  # "fell *in 2018*", "launched in 2011": a date, no count or amount
    if _difference_than(view, i):
        return False  # "costing €250 less than the Step-Thru": a difference of two rows
    if in_a_plan(view, _LEX, i):
        return False  # "is expected to pass 150,000 by 2022": said of what is to come
    return not states_a_gap_at(view, i)  # a difference, which the aggregate queries do not
    # express

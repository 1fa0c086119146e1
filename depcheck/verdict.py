"""A statement's verdict follows its evidence.

- ``refuted``: some hypothesis is contradicted by cells it read (or, for a name or an
  attribute the table lacks, by the policy that decided it: a name that competes with the
  table's own rows, an attribute that tables of the same kind hold);
- ``supported``: nothing is refuted, and every content word of the statement lies inside a
  claim that was checked against cells and holds, or inside a row name it links;
- ``unverifiable`` otherwise, naming the words no check accounted for.

"Content word" is decided by the parse and the lexicon, not by Python word lists: nouns,
proper nouns, adjectives, numbers, verbs and adverbs, minus the pipeline's stop words, the
lexicon's ``generic_nouns``, and its ``non_claim_words`` (light and framing verbs, puffery,
discourse words); the lexicon's ``claim_cues`` (quantifiers, comparison words) count even
when they are stop words.  The predicate verb of a checked value ("weighs", "is rated",
"records") and the negations the check applied ("neither") are accounted for with it; a
quantifier ("only", "all") only by a check that applies it.  A program accounts for the
tokens it read (``details["tokens"]``), not its whole statement.

``query_reads_its_clause`` is the same test for an aggregate query's refutation: it stands
only when the query reads every content word of its number's clause.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import regex

from .agg.triggers import states_a_gap_at
from .evaluators.quantifier import EVALUATOR as QUANTIFIER
from .lexicon import Lexicon
from .link import derived_word, pro_noun, stem
from .reasons import Reason
from .report import REFUTED, SUPPORTED, UNVERIFIABLE, Evidence, HypothesisResult
from .rules.paths import (
    clause_head,
    definite_dets,
    doc_view,
    own_clause,
    span_root,
    token_span,
)
from .values import UNIT_DIMENSION, UNIT_OF, norm_text, parse_bool, parse_number

CONTENT_POS = frozenset({"NOUN", "PROPN", "ADJ", "NUM", "VERB", "ADV"})
# refutations decided by a policy on names and schemas rather than by a cell's value
POLICY_REFUTATIONS = frozenset({Reason.ENTITY_NOT_IN_TABLE, Reason.ATTRIBUTE_NOT_IN_TABLE})
COVERAGE_RULE = "verdict.coverage"
_WORD = regex.compile(r"\p{L}+|\d+")
# words a check applies to the noun it matched ("neither camera", "not"); a number is a
# claim of its own and is not among them
MODIFIER_DEPS = frozenset({"det", "predet", "neg", "advmod"})


@dataclass(frozen=True)
class Judgement:
    verdict: str
    unchecked: tuple[HypothesisResult, ...] = ()  # one per run of unchecked content words


_WORDS: dict[int, tuple] = {}


def _words(lexicon: Lexicon) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The lexicon's word sets, built once per loaded lexicon."""
    hit = _WORDS.get(id(lexicon))
    if hit is None or hit[0] is not lexicon:
        low = lambda ws: frozenset(w.lower() for w in ws)  # noqa: E731
        hit = _WORDS[id(lexicon)] = (lexicon, (
            low([*lexicon.non_claim_words, *lexicon.generic_nouns]), low(lexicon.claim_cues),
            low(lexicon.verb_attributes)))
    return hit[1]


# where a noun says what its subject is ("Flea is a band"), not which row it refers to
_PREDICATE_DEPS = frozenset({"attr", "acomp", "oprd", "appos", "conj"})


def _kind_words(lexicon: Lexicon, kind: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The caption's words with the lexicon's caption_synonyms (said of a row anywhere),
    and its caption_references (said of a row's name: "the band Crowded House")."""
    words = set(kind)
    refs: set[str] = set()
    for k in kind:
        words.update(w for phrase in lexicon.caption_synonyms.get(k, ()) for w in phrase.split())
        refs.update(w for phrase in lexicon.caption_references.get(k, ()) for w in phrase.split())
    return frozenset(words), frozenset(refs)


def _negations(lexicon: Lexicon) -> frozenset[str]:
    return lexicon.derived("verdict.negations",
                           lambda lx: frozenset(w.lower() for w in lx.negations))


def refutes(h: HypothesisResult) -> bool:
    """A refuted hypothesis that read the table (cells or columns that contradict it), or
    that a name/schema policy decided."""
    ev = h.evidence
    return h.verdict == REFUTED and (bool(ev.output or ev.used or ev.columns)
                                     or h.reason in POLICY_REFUTATIONS)


def judge(results, doc, lexicon: Lexicon, named: list[tuple[int, int]] = (),
          names_column: Callable[[str], str | None] | None = None,
          kind: frozenset[str] = frozenset(), record: bool = False) -> Judgement:
    """The statement's verdict from its hypotheses; ``named`` are token spans of linked row
    names; ``names_column`` tells which column a predicate ("born in", "weighs") names, so
    that a predicate counts as checked only with a value of its own column ("toured with
    George Harrison" is not "associated acts: George Harrison"); ``kind`` holds the words
    of what every row is (the table's caption: "Album"), which "was an album" states of
    any row without a claim to check; ``record``: the table is one row (an infobox), which
    a definite subject ("*the opera* runs for ...") refers to.  Without a parse (``doc``
    None) the results are judged as they stand: a ``claim not checked`` among them leaves
    the statement unverifiable."""
    if any(refutes(h) for h in results):
        return Judgement(REFUTED)
    if not any(h.verdict == SUPPORTED for h in results):
        if doc is None:
            return Judgement(UNVERIFIABLE)
        # nothing holds: the verdict still names the words no check accounted for
        runs = _unchecked_runs(results, doc, lexicon, named, names_column, kind, record)
        return Judgement(UNVERIFIABLE, tuple(_unchecked(doc, a, b) for a, b in runs))
    if doc is None:
        unchecked = any(h.reason == Reason.NOT_CHECKED for h in results)
        return Judgement(UNVERIFIABLE if unchecked else SUPPORTED)
    runs = _unchecked_runs(results, doc, lexicon, named, names_column, kind, record)
    if not runs:
        return Judgement(SUPPORTED)
    return Judgement(UNVERIFIABLE, tuple(_unchecked(doc, a, b) for a, b in runs))


def _unchecked_runs(results, doc, lexicon: Lexicon, named, names_column,
                    kind: frozenset[str] = frozenset(),
                    record: bool = False) -> list[tuple[int, int]]:
    non_claim, cues, verb_attrs = _words(lexicon)
    activities = lexicon.derived("verdict.activities",
                                 lambda lx: frozenset(p.lower() for p in lx.activity_objects))
    copulas = lexicon.derived("verdict.copulas", lambda lx: frozenset(lx.copula_lemmas))
    collections = lexicon.derived("verdict.collections",
                                  lambda lx: frozenset(w.lower() for w in lx.collection_nouns))
    view = doc_view(doc)  # the parse as lists: no Token object per word and question
    lower, lemma, pos, dep, kids = view.lower, view.lemma, view.pos, view.dep, view.children
    kinds, refs = _kind_words(lexicon, kind)
    covered = {i for i in range(len(lower)) if pos[i] == "NOUN" and (
        lower[i] in kinds or lemma[i] in kinds or (lower[i] in refs or lemma[i] in refs)
        and dep[i] not in _PREDICATE_DEPS)} if kind else set()
    for a, b in named:
        covered.update(range(a, b))
    if record:
        # the one row of an infobox, said as a definite subject ("*the opera* runs for two
        # hours"): a reference to the row, as its name would be; its modifiers stay claims
        for i in range(len(lower)):
            if pos[i] == "NOUN" and dep[i] in ("nsubj", "nsubjpass"):
                dets = definite_dets(view, lexicon, i)
                if dets:
                    covered.update((i, *dets))
    named_by: dict[tuple[str, int, int], list[int]] = {}
    for h in results:
        if h.verdict != SUPPORTED:
            continue
        # the hypothesis's tokens (``Doc.char_span`` expanded) and their root, read from
        # the parse's lists: no Span made
        found = token_span(view, h.span[0], h.span[1])
        if found is None:
            continue
        start, end = found
        r = span_root(view, start, end) if start < end else doc[start:end].root.i
        read = h.details.get("tokens")  # the words the check matched, where it says so
        covered.update(read if read is not None else range(start, end))
        covered.update(h.details.get("predicates", ()))  # verbs it checked the value with
        # "89.5% *of flights*": the whole a checked share is of
        covered.update(g for i in range(start, end)
                       if UNIT_DIMENSION.get(UNIT_OF.get(lower[i], "")) == _SHARE
                       for c in kids[i] if dep[c] == "prep"
                       for g in (c, *(k for k in kids[c] if dep[k] == "pobj")))
        head = view.head
        if read is not None and pos[r] in ("NOUN", "PROPN"):
            # the noun the matched words describe ("3-star hotel", "free Wi-Fi"): the kind of
            # thing the row is, not another claim
            covered.update(c for c in (r, *kids[r]) if c == r
                           or dep[c] in ("compound", "punct") and start <= c < end)
        column = _column(h)
        naming = ()
        if column and names_column is not None:
            # a participle hyphen-joined to the checked value, naming its column: "*Kansas
            # City*-born" (Birthplace), "Oslo-based" (the lexicon's verb_attributes)
            # (the participle just after the checked name: "*Oslo*-based")
            covered.update(i for i in range(start, min(end + 2, len(lower)))
                           if view.tag[i] == "VBN"
                           and any(dep[c] == "npadvmod" and start <= c < end for c in kids[i])
                           and _participle_names(lexicon, names_column, lower[i], lemma[i],
                                                 column))
        if column:  # words of the sentence that name the column checked ("active" of
            # "Years active" in "have been active for over 20 years")
            where = (column, view.sent_start[r], view.sent_end[r])
            naming = named_by.get(where)  # (several checks of a statement read one column)
            if naming is None:
                naming = named_by[where] = _naming_words(lexicon, column, lower, lemma,
                                                         where[1], where[2])
            covered.update(naming)
            # "is 26.5 m *high*", "stands 26.5 m high": the measure adjective beside the
            # checked figure, whose attributes (the lexicon's measure_adjectives and
            # comparatives) name the column
            covered.update(c for c in kids[head[r]] if dep[c] == "acomp" and c > r
                           and head[r] != r and dep[r] in ("attr", "dobj", "npadvmod")
                           and _measures_column(lexicon, lower[c], lemma[c], column))
            # the period of a rate the column counts over: "380 tonnes *a year*" of Annual
            # output (the lexicon's period_adjectives)
            periods = _column_periods(lexicon, column)
            if periods:
                covered.update(i for i in range(where[1], where[2])
                               if lemma[i] in periods and _rate_period(view, lexicon, i))
            # the verb whose object is the column and whose value was checked: "reaches a
            # maximum height of 0.6 m", "offers a range of 80 km"
            covered.update(head[i] for i in naming if dep[i] == "dobj"
                           and pos[head[i]] == "VERB" and any(
                               start <= g < end for c in kids[i]
                               if dep[c] == "prep" for g in _subtree(kids, c)))
            # and the verb whose preposition's object is the column, the value beside it:
            # "wrote under the name T. R. Vale" (Pen name), "plays in the position of ..."
            for i in naming:
                prep = head[i]
                verb = head[prep]
                if dep[i] == "pobj" and dep[prep] == "prep" and verb != prep \
                        and pos[verb] == "VERB" and not start <= i < end \
                        and any(start <= t < end for t in _subtree(kids, i)):
                    covered.update((prep, verb))
            # the verb whose object or complement is the checked words' own name of the
            # column says nothing but that the value holds: "sells *Chinese food*",
            # "receives *high ratings*", "stands *142 m tall*" (the figure measuring the
            # column's adjective)
            # ("*rated* Chinese food": a verb naming another column is a claim of its own)
            said = head[r] if dep[r] == "npadvmod" and pos[head[r]] == "ADJ" else r
            verb = head[said]
            if said in naming and dep[said] in _LINKED_DEPS and verb != said \
                    and pos[verb] in ("VERB", "AUX") and (names_column is None or all(
                        names_column(p) in (None, column)
                        for p in _predicate_phrases_at(view, verb, r))):
                covered.add(verb)
        predicate = _predicate_at(view, r)
        if predicate is None and lemma[head[r]] in verb_attrs and head[r] != r:
            predicate = head[r]
        if predicate is None:
            # the verb whose object phrase holds the checked words: "holds *the most*
            # water", "holds the most water, *1.8 litres*"
            predicate = _object_verb(view, r)
        if predicate is not None and (column is None or names_column is None or any(
                names_column(p) == column for p in _predicate_phrases_at(view, predicate, r))):
            covered.add(predicate)
            if h.kind in ("comparison", "superlative"):  # "boils water faster": the activity
                covered.update(t for c in kids[predicate] if dep[c] == "dobj"
                               for t in _subtree(kids, c)
                               if not (h.details.get("evaluator") not in _FIGURE_READERS
                                       and view.like_num[t] and states_a_gap_at(view, t)))
        if predicate is not None and (predicate in covered or lemma[predicate] in copulas):
            # "performing music for 25 years", "in the movie business for 60 years": the
            # field a checked predicate is carried on in (the lexicon's activity_objects)
            covered.update(_activity_objects_at(view, predicate, activities))
        if h.kind == "aggregate" and _counts_every_row(h):
            # a count of every row reads the group's size and the noun it counts ("*all
            # four kits* are waterproof"), not what the clause says of them
            noun = head[r] if dep[r] == "nummod" else r
            covered.update(_subtree(kids, noun))
        elif h.kind == "aggregate" and not (_looks_up(h) and any(
                g.kind == "fact" and g.verdict == SUPPORTED and g.span[0] <= h.span[0]
                and h.span[1] <= g.span[1] for g in results)):
            # (a figure a fact check read too, "has spent *63* weeks on the chart", of a
            # query that only picks rows and reads their cell, is that check's: the query
            # adds no words of its own)
            # the query was chosen by the words of the claim's whole sentence, but for
            # another clause coordinated with its own subject ("two of the routers are
            # white, and *both are grey*"), and for the other claims inside its own that
            # no query reads: a coordinated predicate, a comparison of a noun ("and *is
            # the lighter of the two*", "carries *more passengers than any other route*")
            for top in {clause_head(view, i) for i in range(start, end)}:
                clause = _clause_tokens(view, top)
                covered.update(clause - _other_claims(view, clause, range(start, end)))
        if h.kind in ("comparison", "superlative"):
            # the check compared the rows the phrase names: "cheaper than the Vega", "the
            # highest rating of all three products" are accounted for whole
            # (not a conjunct hung on it: "both the narrowest *and the cheapest kayak*"
            # is a claim of its own)
            # (but a figure of the gap, "*£80* more": the difference frame's to check)
            gaps = h.details.get("evaluator") not in _FIGURE_READERS
            covered.update(i for i in _subtree_but_conjuncts(kids, dep, r, view.tag)
                           if not (gaps and view.like_num[i] and states_a_gap_at(view, i)))
            graded = r  # "the highest-rated kettle": the participle the degree grades
            while dep[graded] in ("advmod", "amod") and head[graded] != graded \
                    and pos[head[graded]] in ("ADJ", "ADV", "VERB"):
                graded = head[graded]
            if h.kind == "superlative" and pos[head[graded]] in ("NOUN", "PROPN"):
                words = _subtree_but_conjuncts(kids, dep, head[graded], view.tag)
                covered.update(set(words) - _compared_asides(view, words))
        if h.kind == "superlative" or h.details.get("evaluator") == QUANTIFIER:
            # the nouns naming the table's rows as a whole in its sentence ("the only
            # four-season tent in the lineup", "the lightest of the bunch"): the scope the
            # check read, every row
            covered.update(i for i in range(view.sent_start[r], view.sent_end[r])
                           if lower[i] in collections or lemma[i] in collections)
    _cover_reference_levels(view, lexicon, covered)
    negations = _negations(lexicon)
    for h in results:  # words a check found but could not judge stay open
        covered.difference_update(h.details.get("unchecked", ()))
    # "only" on a noun ("and *the only one* without arms") is a claim of its own: covered
    # by a clause or a phrase around it, it stays open unless a check read it
    exclusive = [i for i in covered if lower[i] in lexicon.quantifiers_exclusive
                 and dep[i] in ("amod", "advmod") and _a_noun_phrase(view, lexicon, view.head[i])]
    if exclusive:
        covered.difference_update(i for i in exclusive if not _read_by(results, view, i))
    ordinals = lexicon.ordinal_words
    for i in list(covered):
        # the negation or degree words the check applied: "neither camera", "not"; a
        # quantifier ("only the A1", "all") is a claim of its own, checked only by the
        # checks that apply it (they list it among their tokens), and so is a rank or a
        # number ("finished *third*", "won *twice*")
        covered.update(c for c in kids[i] if dep[c] in MODIFIER_DEPS and (
            lower[c] not in cues and lemma[c] not in cues or lower[c] in negations)
            and not (view.like_num[c] or lower[c] in ordinals))
    # a downtoner on a checked verb or figure ("*only* has a 1 out of 5 rating", "rated
    # *only* 3.2"): the value is checked, the word only plays it down
    downtoners = lexicon.derived("verdict.downtoners",
                                 lambda lx: frozenset(w.lower() for w in lx.downtoners))
    up = view.head
    for c in range(len(lower)):
        if lower[c] in downtoners and dep[c] in _DOWNTONED_DEPS and c not in covered:
            h = up[c]
            if h in covered and _measure(view, lexicon, h) or pos[h] in ("VERB", "AUX") and any(
                    k in covered and _measure(view, lexicon, k)
                    for k in kids[h] if dep[k] in _VALUE_DEPS):
                covered.add(c)
    _cover_preconjunctions(view, lexicon, covered)
    _cover_intensifiers(view, lexicon, covered)
    # a word a slash joins to a covered word, no space between: one unit ("km/h")
    _, starts, ends = view.text_offsets
    for i in sorted(covered):
        if i + 2 < len(lower) and lower[i + 1] == "/" and ends[i] == starts[i + 1] \
                and ends[i + 1] == starts[i + 2]:
            covered.update((i + 1, i + 2))
    ranks = lexicon.derived("verdict.ranks", lambda lx: frozenset(
        w for w in lx.ordinal_words if w not in lx.date_origin_adverbs))
    open_words = [i for i in range(len(lower)) if i not in covered
                  and (_content_at(view, i, non_claim, cues) or lower[i] in ranks
                       and dep[i] in _RANK_DEPS and pos[view.head[i]] == "VERB")]
    runs: list[tuple[int, int]] = []
    for i in open_words:
        if runs and runs[-1][1] == i:
            runs[-1] = (runs[-1][0], i + 1)
        else:
            runs.append((i, i + 1))
    return runs


def _measure(view, lexicon: Lexicon, i: int) -> bool:
    """Token ``i`` is a figure on a scale or in a unit, or the unit noun of one: "1 out of 5",
    "0.3 miles", "one star" (a downtoner on it plays an amount down), not a count of things
    ("only one vice president": exclusivity, a claim of its own)."""
    lower, like_num, kids, dep = view.lower, view.like_num, view.children, view.dep
    if not like_num[i]:
        return lower[i] in UNIT_OF and any(like_num[k] and dep[k] == "nummod" for k in kids[i])
    scales = lexicon.derived("verdict.out_of", lambda lx: tuple(
        tuple(p.lower().split()) for p in lx.out_of_phrases))
    after = tuple(lower[i + 1:i + 4])
    unit = view.head[i] if dep[i] == "nummod" else i
    return any(after[:len(p)] == p for p in scales) or lower[unit] in UNIT_OF \
        or i > 0 and lower[i - 1] in UNIT_OF  # "$ 20"


def _clause_tokens(view, top: int) -> set[int]:
    """The tokens under a clause head ``top``, less the clauses coordinated with it that
    have a subject of their own, read from the parse's lists."""
    kids = view.children
    out, stack = set(), [top]
    while stack:
        t = stack.pop()
        out.add(t)
        stack.extend(c for c in kids[t] if not own_clause(view, c))
    return out


_COMPARATIVE_TAGS = frozenset({"JJR", "RBR"})


def _compared_asides(view, words) -> set[int]:
    """The appositions among ``words`` that hold a comparative ("the strongest flagship at
    9.5%*, more than double the strength of any other*"): a comparison of their own, which
    the superlative whose noun they hang on did not check."""
    out: set[int] = set()
    for d in words:
        if view.dep[d] == "appos" and d not in out:
            inside = _subtree(view.children, d)
            if any(view.tag[k] in _COMPARATIVE_TAGS for k in inside):
                out.update(inside)
    return out


def _other_claims(view, clause: set[int], own: range) -> set[int]:
    """The tokens of the claims in ``clause`` that an aggregate query at ``own`` does not
    read: a predicate coordinated with the clause's (no subject of its own: "and *is the
    lighter of the two*"), and a comparative with the noun it grades ("carries *more
    passengers than any other route*"); none whose words hold ``own``.  Superlatives, bounds
    on a figure and the other figures of the clause ("two of *the three*", "more than
    twenty") are what the queries read."""
    kids, dep, pos, tag, head = view.children, view.dep, view.pos, view.tag, view.head
    out: set[int] = set()
    for t in clause:
        if t in own or t in out or head[t] == t:
            continue
        if dep[t] == "conj" and pos[t] in ("VERB", "AUX") and pos[head[t]] in ("VERB", "AUX"):
            phrase = t
        elif tag[t] in _COMPARATIVE_TAGS and dep[t] == "amod" and pos[head[t]] == "NOUN":
            phrase = head[t]
        else:
            continue
        words = _subtree(kids, phrase)
        if not any(i in own for i in words):
            out.update(words)
    return out


def _cover_preconjunctions(view, lexicon: Lexicon, covered: set[int]) -> None:
    """A "both" that joins conjuncts as "and" does ("with both breakfast and a pool", "is
    both the smallest and the lightest", "Mira both wrote and directed") is checked when
    each conjunct is: the lexicon's ``coordination_preconjunctions``, hung on the first
    conjunct, or in apposition to the subject of coordinated verbs."""
    words = lexicon.derived("verdict.preconjunctions",
                            lambda lx: frozenset(lx.coordination_preconjunctions))
    lower, dep, head, kids = view.lower, view.dep, view.head, view.children
    for i, low in enumerate(lower):
        if low not in words or i in covered:
            continue
        first = head[i]
        if dep[i] == "appos":
            first = head[first]  # "Mira both wrote and directed": both <- Mira <- wrote
        elif dep[i] in _PRECONJ_ON_VERB and first != i:
            # "is both the closest to the beach and the cheapest": hung on the verb (as an
            # adverb or unlabelled), the first conjunct its complement right after it, the
            # others conjuncts within
            after = [c for c in kids[first] if c > i and dep[c] in _PRECONJ_COMPLEMENTS]
            inner = [c for c in _subtree(kids, after[0]) if dep[c] == "conj"] if after else []
            if inner and after[0] in covered and all(c in covered for c in inner):
                covered.add(i)
                continue
        conjuncts = [c for c in kids[first] if dep[c] == "conj"]
        if first != i and conjuncts and first in covered \
                and all(c in covered for c in conjuncts):
            covered.add(i)


_CONJUNCT_DEPS = frozenset({"conj", "cc"})
# how a rank hangs on the verb it is a claim of ("finished *third*", "placed second"): a
# stop word to spaCy, a claim all the same ("first" of "first flew" is no rank: the
# lexicon's date_origin_adverbs)
_RANK_DEPS = frozenset({"advmod", "npadvmod", "oprd", "acomp"})
# the complements a "both" hung on their verb coordinates ("is *both* the lightest and ...")
# and how the parse hangs it there
_PRECONJ_ON_VERB = frozenset({"dep", "advmod"})
_PRECONJ_COMPLEMENTS = frozenset({"attr", "acomp", "dobj", "oprd", "xcomp"})


def _subtree_but_conjuncts(children: list[list[int]], dep: list[str], i: int,
                           tag: list[str] | None = None) -> list[int]:
    """Token ``i``'s subtree less the conjuncts coordinated with ``i`` itself (and their
    conjunctions), each a claim of its own; with the parse's ``tag``s, less another
    superlative the parse hangs as a conjunct deeper inside it too ("the closest to the
    beach *and the cheapest*", its "and" on "beach"), or a pro-noun ("*and the only one*")."""
    out = [i]
    for c in children[i]:
        if dep[c] not in _CONJUNCT_DEPS:
            _subtree_into(children, c, out)
    if tag is None:
        return out
    # (or a number word with a determiner standing as a noun phrase of its own: "in the
    # guide *and the only one* without arms")
    other = [d for d in out if d != i and dep[d] == "conj" and (
        tag[d] in ("JJS", "RBS") or tag[d] == "CD" and any(dep[c] == "det" for c in children[d]))]
    if not other:
        return out
    drop: set[int] = set()
    for d in other:
        drop.update(_subtree(children, d))
    drop.update(c for d in out if d in drop or any(
        k in drop for k in children[d]) for c in children[d] if dep[c] == "cc")
    return [d for d in out if d not in drop]


def _a_noun_phrase(view, lexicon: Lexicon, i: int) -> bool:
    """Token ``i`` heads a noun phrase: a noun, or a pro-noun with a determiner ("the only
    *one*"), not a count ("only *one* of the four")."""
    return view.pos[i] == "NOUN" or pro_noun(view, lexicon.pro_nouns, i)


def _read_by(results, view, i: int) -> bool:
    """Some hypothesis read token ``i``: among the tokens it lists, or inside its span when
    it lists none."""
    _, starts, ends = view.text_offsets
    for h in results:
        read = h.details.get("tokens")
        if read is not None:
            if i in read:
                return True
        elif h.span[0] <= starts[i] and ends[i] <= h.span[1] and h.verdict == SUPPORTED:
            return True
    return False


def _subtree(children: list[list[int]], i: int) -> list[int]:
    """Token ``i``'s subtree in ``Token.subtree``'s order (each left child's subtree, the
    token, each right child's), from the parse's lists."""
    out: list[int] = []
    _subtree_into(children, i, out)
    return out


def _subtree_into(children: list[list[int]], i: int, out: list[int]) -> None:
    kids = children[i]
    for c in kids:
        if c < i:
            _subtree_into(children, c, out)
    out.append(i)
    for c in kids:
        if c > i:
            _subtree_into(children, c, out)


def _activity_objects_at(view, predicate: int, activities: frozenset[str]) -> list[int]:
    """The tokens of the predicate's object, or of its preposition and object, when the
    object's words (without determiners) are one of ``activities``."""
    out: list[int] = []
    dep, lower, kids = view.dep, view.lower, view.children
    for c in kids[predicate]:
        if dep[c] == "dobj":
            objects = [c]
        elif dep[c] == "prep":
            objects = [g for g in kids[c] if dep[g] == "pobj"]
        else:
            continue
        for obj in objects:
            tree = _subtree(kids, obj)
            words = " ".join(lower[t] for t in tree if dep[t] != "det")
            if words in activities:
                out.extend(tree)
                if obj != c:
                    out.append(c)
    return out


def _predicate_at(view, i: int) -> int | None:
    """The predicate that states token ``i``'s value: "weighs 2 kg", "is rated 4.6", "born
    in London" (the parse's lists)."""
    head, dep, pos = view.head, view.dep, view.pos
    h = head[head[i]] if dep[head[i]] in ("prep", "agent") else head[i]
    if h == i:
        return None
    if pos[h] in ("VERB", "AUX") or pos[h] == "ADJ" and dep[h] in ("acomp", "ROOT"):
        return h
    return None


# how a downtoner hangs on a verb or a figure ("only has", "only 0.3 miles"), and how the
# checked value hangs on that verb
_DOWNTONED_DEPS = frozenset({"advmod", "quantmod"})
_VALUE_DEPS = frozenset({"dobj", "attr", "acomp", "oprd", "npadvmod"})

# how the words naming a checked column hang on the verb that only links them to their row:
# its object or complement ("sells Chinese food", "stands 142 m tall"), a passive subject
_LINKED_DEPS = frozenset({"dobj", "attr", "acomp", "oprd", "advcl", "advmod", "xcomp",
                          "nsubjpass"})

_PHRASE_INNER_DEPS = frozenset({"amod", "appos", "nummod", "compound", "quantmod", "advmod",
                                "npadvmod", "det"})


def _object_verb(view, i: int) -> int | None:
    """The verb whose direct object is the noun phrase token ``i`` lies in (up the phrase's
    own arcs: modifiers, numbers, appositions), or None."""
    head, dep, pos = view.head, view.dep, view.pos
    j, steps = i, 0
    while dep[j] in _PHRASE_INNER_DEPS and head[j] != j and steps < 8:
        j = head[j]
        steps += 1
    if dep[j] == "dobj" and head[j] != j and pos[head[j]] == "VERB":
        return head[j]
    return None


def _participle_names(lexicon: Lexicon, names_column, word: str, lemma: str,
                      column: str) -> bool:
    """The participle ("born", "based"), alone or as one of the lexicon's verb_attributes
    phrases it begins ("born in"), names ``column``."""
    keys = lexicon.derived("verdict.predicate_heads", _first_words)
    return any(names_column(k) == column for w in (word, lemma)
               for k in (w, *keys.get(w, ())))


def _first_words(lexicon: Lexicon) -> dict[str, tuple[str, ...]]:
    """The lexicon's verb_attributes phrases by their first word ("born": "born in", "born
    on")."""
    out: dict[str, list[str]] = {}
    for phrase in lexicon.verb_attributes:
        out.setdefault(phrase.split()[0], []).append(phrase)
    return {k: tuple(v) for k, v in out.items()}


def _predicate_phrases_at(view, verb: int, value: int) -> list[str]:
    """The words a predicate names a column by: the verb (its text and lemma), with its
    particle ("turn out") and with the value's preposition when it has one ("born in")."""
    lower, dep, head = view.lower, view.dep, view.head
    words = [lower[verb], view.lemma[verb]]
    # a phrasal verb with its particle ("turns out 380 tonnes")
    words = [f"{w} {lower[c]}" for c in view.children[verb] if dep[c] == "prt"
             for w in words] + words
    # the value's preposition, or the value phrase is the prepositional phrase itself (a
    # date frame's "on 10 December 1815")
    prep = value if dep[value] == "prep" else head[value] if dep[head[value]] in (
        "prep", "agent") else None
    return [f"{w} {lower[prep]}" for w in words] + words if prep is not None else words


def _naming_words(lexicon: Lexicon, column: str, lower: list[str], lemma: list[str],
                  start: int, end: int) -> list[int]:
    """The tokens start..end that name the column: a word of its name, a word derived from
    one, or the lexicon's word for its dimension.  Whether a word names a column is
    worked out once per (word, lemma, column) and kept with the lexicon (bounded)."""
    memo = lexicon.derived("verdict.naming", lambda lx: {})
    if len(memo) > _NAMING_KEPT:
        memo.clear()
    names = None
    out = []
    for i in range(start, end):
        key = (lower[i], lemma[i], column)
        hit = memo.get(key)
        if hit is None:
            if names is None:
                names = set(_WORD.findall(column.lower()))
            hit = memo[key] = (lower[i] in names or lemma[i] in names
                               or derived_word(lemma[i], names)
                               or _dimension_words(lexicon, lower[i], lemma[i], names))
        if hit:
            out.append(i)
    return out


_NAMING_KEPT = 100_000


def _cover_intensifiers(view, lexicon: Lexicon, covered: set[int]) -> None:
    """A phrase of the lexicon's superlative_intensifiers right before a checked superlative
    ("by far the largest branch", at most a determiner between) is emphasis on it: checked
    with it."""
    by_first = lexicon.derived("verdict.intensifiers", _intensifiers_by_first)
    if not by_first:
        return
    lower, tag = view.lower, view.tag
    n = len(lower)
    for i in range(n):
        for words in by_first.get(lower[i], ()):
            end = i + len(words)
            if tuple(lower[i:end]) != words or any(k in covered for k in range(i, end)):
                continue
            j = end + 1 if end < n and tag[end] == "DT" else end
            if j < n and tag[j] in ("JJS", "RBS") and j in covered:
                covered.update(range(i, end))


def _intensifiers_by_first(lexicon: Lexicon) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The lexicon's superlative_intensifiers as word tuples, by their first word."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for phrase in lexicon.superlative_intensifiers:
        words = tuple(phrase.lower().split())
        out.setdefault(words[0], []).append(words)
    return {k: tuple(v) for k, v in out.items()}


def _cover_reference_levels(view, lexicon: Lexicon, covered: set[int]) -> None:
    """The level a covered figure's height is counted from ("2,340 m *above sea level*",
    "18 m *below sea level*": the lexicon's reference_levels) is part of its phrase: the
    preposition the figure hangs on or holds, and its object."""
    levels = lexicon.derived("verdict.levels",
                             lambda lx: frozenset(p.lower() for p in lx.reference_levels))
    if not levels:
        return
    lower, dep, kids, head = view.lower, view.dep, view.children, view.head
    for i in [i for i in covered if lower[i] in UNIT_OF or view.like_num[i]]:
        preps = [c for c in kids[i] if dep[c] == "prep"]
        if dep[i] == "npadvmod" and dep[head[i]] == "prep":
            preps.append(head[i])  # "18 m below sea level": the figure measures the prep
        for p in preps:
            for o in kids[p]:
                if dep[o] != "pobj":
                    continue
                words = sorted(_subtree(kids, o))
                if " ".join(lower[w] for w in words if dep[w] != "det") in levels:
                    covered.update((p, *words))


def _column_periods(lexicon: Lexicon, column: str) -> frozenset[str]:
    """The period nouns the words of a column's name count over ("Annual output" ->
    year), through the lexicon's period_adjectives; worked out once per column name."""
    memo = lexicon.derived("verdict.periods", lambda lx: {})
    hit = memo.get(column)
    if hit is None:
        if len(memo) > _NAMING_KEPT:
            memo.clear()
        adjectives = lexicon.period_adjectives
        hit = memo[column] = frozenset(adjectives[w] for w in _WORD.findall(column.lower())
                                       if w in adjectives)
    return hit


def _rate_period(view, lexicon: Lexicon, i: int) -> bool:
    """Token ``i`` is the period of a rate: "a year" hung on its figure or verb, "per
    year" (the lexicon's rate_prepositions)."""
    if view.dep[i] == "npadvmod":
        return True
    up = view.head[i]
    return view.dep[i] == "pobj" and up != i and view.lower[up] in lexicon.rate_prepositions


def _dimension_words(lexicon: Lexicon, lower: str, lemma: str, names: set[str]) -> bool:
    """The adjective (its lower-cased text and lemma) is the lexicon's word for the
    column's dimension ("tall" of Height, "heavy" of Weight, through
    rules/lexicon/degree.yaml's comparatives)."""
    spec = lexicon.comparatives.get(lower) or lexicon.comparatives.get(lemma)
    return spec is not None and any(set(_WORD.findall(a.lower())) <= names
                                    for a in spec.attributes)


def _measures_column(lexicon: Lexicon, word: str, lemma: str, column: str) -> bool:
    """The adjective says the dimension the column measures: one of its attributes (the
    lexicon's measure_adjectives, or a comparative's) is words of the column's name."""
    spec = lexicon.comparatives.get(lemma) or lexicon.comparatives.get(word)
    hints = spec.attributes if spec is not None else lexicon.measure_adjectives.get(word, ())
    name = f" {norm_text(column)} "
    return any(f" {norm_text(h)} " in name for h in hints)


def _column(h: HypothesisResult) -> str | None:
    """The one column the check read: its links', else its evidence's (a frame's bound)."""
    for link in (h.attribute, h.value):
        if link is not None and link.column:
            return link.column
    columns = h.evidence.columns if h.evidence is not None else ()
    return columns[0] if len(columns) == 1 else None


def _content_at(view, i: int, non_claim: frozenset[str], cues: frozenset[str]) -> bool:
    """:func:`_content` of token ``i``, read from the parse's lists (a DocView)."""
    low, lemma, pos = view.lower[i], view.lemma[i], view.pos[i]
    if low in cues or lemma in cues:
        return True
    if pos == "NUM" and view.like_num[i] and view.dep[i] == "nummod":
        return True
    if pos not in CONTENT_POS or view.is_stop[i] or view.is_punct[i]:
        return False
    return low not in non_claim and lemma not in non_claim and any(c.isalnum() for c in low)


def _content(tok, non_claim: frozenset[str], cues: frozenset[str]) -> bool:
    low, lemma = tok.lower_, tok.lemma_.lower()
    if low in cues or lemma in cues:
        return True
    if tok.pos_ == "NUM" and tok.like_num and tok.dep_ == "nummod":
        return True  # "three" of "three tracks" is a claim, though a stop word
    if tok.pos_ not in CONTENT_POS or tok.is_stop or tok.is_punct:
        return False
    return low not in non_claim and lemma not in non_claim and any(c.isalnum() for c in low)


def _unchecked(doc, a: int, b: int) -> HypothesisResult:
    text, starts, ends = doc_view(doc).text_offsets  # (tokens a..b-1: no Span made)
    words = text[starts[a]:ends[b - 1]]
    return HypothesisResult(
        kind="claim", text=words, span=(starts[a], ends[b - 1]),
        verdict=UNVERIFIABLE, reason=Reason.NOT_CHECKED, rule=COVERAGE_RULE,
        explanation=f"no check against the table accounts for {words!r}",
        evidence=Evidence())


# dependents that open a clause of their own when they are verbs
SUBCLAUSE_DEPS = frozenset({"conj", "advcl", "ccomp", "relcl", "parataxis", "acl", "csubj"})


def clause_of(tok) -> list:
    """The clause a token is stated in: from its governing verb (or the sentence root) down,
    leaving out the clauses of other verbs ("and it costs $20", "which weighs 2 kg")."""
    v = tok
    while v.pos_ not in ("VERB", "AUX") and v.dep_ != "ROOT" and v.head.i != v.i:
        v = v.head
    out, stack = [], [v]
    while stack:
        t = stack.pop()
        out.append(t)
        stack.extend(c for c in t.children
                     if not (c.dep_ in SUBCLAUSE_DEPS and c.pos_ in ("VERB", "AUX")))
    return sorted(out, key=lambda t: t.i)


def query_reads_its_clause(h: HypothesisResult, doc, lexicon: Lexicon, covered: set[int],
                           names_column: Callable[[str], str | None] | None,
                           table_words: frozenset[str] = frozenset(),
                           n_rows: int | None = None) -> bool:
    """Whether an aggregate's likeliest query accounts for every content word of the clause
    its number is stated in (``reads_its_clauses``).  Besides the number, its own phrase
    ("two of the six hotels") and the noun it counts ("one juicer"), the query reads the
    words of its columns and selected values, of its function and the aggregate cues
    (rules/lexicon/aggregates.yaml).  A query that leaves a word unread ("four of the six
    drones *fold up*") answers another claim: its figure does not contradict this one."""
    cands = h.details.get("candidates") or []
    span = doc.char_span(h.span[0], h.span[1], alignment_mode="expand")
    if not cands or span is None:
        return False
    best = cands[0]
    if best.get("function") in SHARES and not _a_share_of_rows(span, lexicon, table_words):
        return False
    columns = {c for c in [best.get("column"), *(p[0] for p in best.get("predicates", ()))] if c}
    words = set(table_words) | lexicon.derived("verdict.aggregate_words", _aggregate_words)
    for text in [*columns, *(str(p[1]) for p in best.get("predicates", ()))]:
        words.update(_WORD.findall(text.lower()))
    root = span.root
    read = {t.i for t in root.subtree} | set(range(span.start, span.end)) | covered
    return reads_its_clauses([root], read, words, columns, doc, lexicon, names_column, n_rows)


SHARES = ("PERCENTAGE", "COND_PROB")  # the aggregate functions that give a share of rows
COUNTS = ("COUNT", "COUNT_DISTINCT")  # the aggregate functions that count rows
# the evaluators of a comparison that read its figure themselves ("*three* times longer",
# "*£80* more"): their comparison covers it; another's leaves it to them
_FIGURE_READERS = frozenset({"ratio", "difference"})


def _looks_up(h: HypothesisResult) -> bool:
    """An aggregate whose likeliest query picks rows by conditions and reads their cells (a
    sum, mean or extreme of the rows a value selects): no count, share or whole-table
    figure."""
    cands = h.details.get("candidates") or []
    return bool(cands) and bool(cands[0].get("predicates")) \
        and cands[0].get("function") not in (*COUNTS, *SHARES)


def _counts_every_row(h: HypothesisResult) -> bool:
    """An aggregate whose likeliest query counts the rows with no condition: the group's
    size, which says nothing of what the text says the group does."""
    cands = h.details.get("candidates") or []
    return bool(cands) and cands[0].get("function") in COUNTS \
        and not cands[0].get("predicates")
_SHARE = UNIT_DIMENSION.get("%")  # the dimension of a percentage (the lexicon's units)


def _a_share_of_rows(span, lexicon: Lexicon, table_words: frozenset[str]) -> bool:
    """A percentage's "of" phrase, when it has one, names the table's rows: its caption's
    words, the lexicon's row_nouns and collection_nouns, or a pronoun ("40% of the
    products", "half of them"); "traps 99.97% of particles" is a figure of a row."""
    for tok in (span.root, span.root.head):
        for prep in tok.children:
            if prep.dep_ != "prep" or prep.lower_ not in lexicon.partitive_prepositions:
                continue
            for noun in prep.children:
                if noun.dep_ != "pobj":
                    continue
                words = {noun.lower_, noun.lemma_.lower()}
                return noun.pos_ == "PRON" or bool(words & table_words) or bool(
                    words & (lexicon.row_nouns | lexicon.collection_nouns))
    return True


MAX_CELLS_COMPARED = 256  # distinct cells of a column a filter is told apart from


def filters_stated(h: HypothesisResult, doc, compiled, lexicon: Lexicon | None = None) -> bool:
    """Whether the values an aggregate's likeliest query selects rows by are the ones the
    claim's sentence states: a value the sentence gives only in part ("Windows 10" of
    "Windows 10 Home") must be the one cell of its column holding those words; when
    another holds them too ("Windows 10 Pro"), the query picked one of several, and its
    count does not contradict a claim about all of them.  Words compared stemmed, numbers
    as figures ("six" is "6"); yes/no cells aside.  A figure the sentence states only as a
    bound ("beyond *25 km/h*", with the lexicon's bound cues) is no value a query's
    equality filter states."""
    cands = h.details.get("candidates") or []
    span = doc.char_span(h.span[0], h.span[1], alignment_mode="expand")
    if not cands or span is None:
        return True
    said = None
    bounded = _bounded_figures(span.sent, lexicon) if lexicon is not None else frozenset()
    for column, value in cands[0].get("predicates", ()):
        text = str(value).lower()
        if parse_bool(text) is not None:
            continue
        figure = parse_number(_WORD.findall(text)[0]) if _WORD.findall(text) else None
        if figure is not None and figure in bounded:
            return False
        if said is None:
            said = _sentence_words(span.sent)
        words = {stem(w) for w in _WORD.findall(text)}
        stated = words & said
        if not stated or stated == words:
            continue
        col = compiled.column_by_name(column)
        if col is None or len(col.dictionary) > MAX_CELLS_COMPARED:
            continue
        if sum(stated <= {stem(w) for w in _WORD.findall(cell.lower())}
               for cell in col.dictionary) > 1:
            return False
    return True


def _bounded_figures(sent, lexicon: Lexicon) -> frozenset[float]:
    """The figures of a sentence written after a bound cue ("beyond 25 km/h", "more than
    40"): the lexicon's bound phrases, one or two words before the number."""
    cues = lexicon.derived("verdict.bound_cues", lambda lx: frozenset(
        (*lx.bound_cues_lower, *lx.bound_cues_upper)))
    words = [t.lower_ for t in sent]
    out = set()
    for k, t in enumerate(sent):
        if t.like_num and (words[k - 1:k] and words[k - 1] in cues
                           or k > 1 and " ".join(words[k - 2:k]) in cues):
            n = parse_number(t.lower_)
            if n is not None:
                out.add(n)
    return frozenset(out)


def _sentence_words(sent) -> set[str]:
    """The stems of a sentence's words and lemmas, and its numbers as figures."""
    out = set()
    for t in sent:
        out.update((stem(t.lower_), stem(t.lemma_.lower())))
        if t.like_num:
            n = parse_number(t.lower_)
            if n is not None and float(n).is_integer():
                out.add(str(int(n)))
    return out


def _aggregate_words(lexicon: Lexicon) -> frozenset[str]:
    """Every aggregate function's words and the aggregate cues, lower-cased."""
    return frozenset(w.lower() for w in (
        *(w for group in lexicon.aggregate_function_words.values() for w in group),
        *lexicon.aggregate_trigger_words))


def reads_its_clauses(roots, read: set[int], words: set[str], columns: set[str], doc,
                      lexicon: Lexicon, names_column: Callable[[str], str | None] | None,
                      n_rows: int | None) -> bool:
    """Whether every content word of the clauses of ``roots`` is read.  Besides ``read``:
    a word among ``words``; a number equal to the table's ``n_rows`` (the group: "of the
    four hotels"); the noun a read number counts ("one *juicer*"); modifiers of a read noun
    ("*swimming* pool"); and a verb whose object or complement is read, or that names one of
    ``columns`` ("cost" of a price).  A check that leaves a word of its clause unread
    answers another claim than the one stated: its figure does not contradict this one."""
    non_claim, cues, _ = _words(lexicon)
    clause = sorted({t.i: t for r in roots for t in clause_of(r)}.values(), key=lambda t: t.i)
    read = set(read)
    read.update(t.i for t in clause if t.lower_ in words or t.lemma_.lower() in words
                or n_rows is not None and t.like_num and _is_number(t.text, n_rows))
    read.update(t.head.i for t in clause if t.i in read and t.dep_ == "nummod")
    changed = True
    while changed:
        changed = False
        for t in clause:
            if t.i in read:
                continue
            if t.dep_ in ("compound", "amod") and t.head.i in read \
                    or t.pos_ in ("VERB", "AUX") and (_reads_column(t, names_column, columns)
                                                     or any(_complement_read(c, read)
                                                            for c in t.children)):
                read.add(t.i)
                changed = True
    return all(t.i in read or not _content(t, non_claim, cues) for t in clause)


_COMPLEMENT_DEPS = frozenset({"dobj", "attr", "acomp", "oprd", "xcomp", "advmod", "npadvmod"})


def _complement_read(child, read: set[int]) -> bool:
    if child.dep_ in _COMPLEMENT_DEPS:
        return child.i in read
    if child.dep_ in ("prep", "agent"):
        return any(g.i in read for g in child.children if g.dep_ == "pobj")
    return False


def _reads_column(verb, names_column, columns: set[str]) -> bool:
    return names_column is not None and any(
        names_column(p) in columns for p in (verb.lower_, verb.lemma_.lower()))


def _is_number(text: str, n: int) -> bool:
    value = parse_number(text.lower())
    return value is not None and value == n

"""The one entry point: statement + table in, report out.

A :class:`Checker` loads the spaCy pipeline, the GloVe vectors and the rule set once and
keeps them; ``check_doc`` takes an already-parsed Doc so batches, the service and the
learner parse each text once.  Rules can be reloaded: the new set is linted and compiled
first and swapped in with one assignment, so a broken file leaves the old rules serving.
"""

from __future__ import annotations

import gc
import math
import threading
import time
from dataclasses import replace
from pathlib import Path

import regex

from .agg import aggregate_hypotheses, check_document, claim_hypothesis, fragments_for
from .agg.claims import counts_a_subset, sizes_a_group
from .agg.fragments import warm as warm_fragments
from .agg.triggers import (
    AGG_CONFIDENT,
    PROGRAM_SURE,
    aggregate_trigger_at,
    claim_covers,
    is_claimed_number_at,
)
from .compiled import CompiledCache, CompiledTable, header_bracket, header_unit
from .config import Config
from .errors import DepcheckError, InputError, LimitExceeded, TextTooLong
from .evaluators.boolean import EVALUATOR as YES_NO
from .evaluators.bound import frame_bounds
from .evaluators.claims import check_claims
from .evaluators.comparison import ROWS_EVALUATOR
from .evaluators.context import ClaimContext, FrameContext
from .evaluators.duration import YEAR as _YEAR
from .evaluators.entity import row_of
from .evaluators.quantifier import EVALUATOR as QUANTIFIER
from .evaluators.quantity import prepare_columns
from .evaluators.superlative import EVALUATOR as SUPERLATIVE
from .evaluators.vocabulary import table_vocabulary
from .extract import extract
from .frame_check import FRAME_EVALUATORS, frame_hypotheses, merge
from .link import Domains, Linker, build_domains
from .parse import load_pipeline, per_parse, text_offsets
from .programs.cells import typed_table
from .programs.dimensions import figure_in_another_dimension, figure_out_of_scale
from .programs.execute import ALL_ROWS
from .programs.hypothesis import (
    COMPARATIVE_FAMILY,
    LOOKUP_FAMILY,
    MAJORITY_FAMILY,
    SUPERLATIVE_FAMILY,
    program_hypothesis,
    row_hypothesis,
)
from .programs.search import prepare as prepare_program_search
from .programs.statement import quantified_noun, subtree_ids
from .programs.syntax import Literal, program_calls
from .reasons import Reason
from .records import record_reading, source_cells
from .report import REFUTED, SUPPORTED, UNVERIFIABLE, HypothesisResult, Report
from .rules.loader import RuleSet, load_rules
from .rules.paths import doc_view, in_a_plan
from .table import Table
from .values import UNITS, norm_text, parse_number, parse_quantity, same_family, singular
from .vectors import Vectors, load_vectors
from .verdict import filters_stated, judge, query_reads_its_clause, refutes

PREPARE_MIN_ROWS = 200  # from this many rows the checker builds a table's structures at compile


class Checker:
    def __init__(self, config: Config | None = None, *, vectors: Vectors | None | bool = True,
                 nlp=None) -> None:
        self.config = config or Config.from_env()
        self.nlp = nlp if nlp is not None else load_pipeline(self.config.spacy_model)
        if vectors is True:
            vectors = load_vectors(self.config.vectors)
        self.vectors: Vectors | None = vectors or None
        self.rules_dir = Path(self.config.rules_dir)
        self._rules = load_rules(self.rules_dir, max_nodes=self.config.max_rule_nodes)
        # column domains come from a named catalog (set_domains), never from the tables this
        # checker happened to check: a verdict must not depend on what was checked before
        self.domains = Domains()
        self._lock = threading.Lock()
        self._compiled = CompiledCache(self.config.max_compiled_tables, prepare=self._prepare)

    # -- rules -------------------------------------------------------------------------
    @property
    def rules(self) -> RuleSet:
        return self._rules

    def reload_rules(self, rules_dir: str | Path | None = None) -> RuleSet:
        """Lint and compile, then swap; on any problem raise RuleError and keep the old set."""
        path = Path(rules_dir) if rules_dir is not None else self.rules_dir
        new = load_rules(path, max_nodes=self.config.max_rule_nodes)
        with self._lock:
            self._rules = new
            self.rules_dir = path
        return new

    # -- tables ------------------------------------------------------------------------
    def compile(self, table: Table) -> CompiledTable:
        """The table compiled, from this checker's cache when its content was seen before
        (bounded, least recently used first out): a catalog is compiled once, fully."""
        if table.n_cells > self.config.max_table_cells:
            raise LimitExceeded(f"table has {table.n_cells} cells, the limit is "
                                f"{self.config.max_table_cells}", field="table")
        record = record_reading(table)  # a two-column table of fields: one entity's record
        return self._compiled.get(record[0] if record is not None else table)

    def _prepare(self, compiled: CompiledTable) -> None:
        """Build with the compile what a check of this table reads, so no check pays for
        it: the typo vocabulary, the aggregate fragments and, for a table the program
        search may read (``general_min_rows`` rows or more), its typed cells.  A table of
        fewer than ``PREPARE_MIN_ROWS`` rows builds only its typed cells here (most
        statements about it go to the program search, whose first call would otherwise
        pay about 1.5 ms for them at 8 rows) and the rest when a check first needs it
        (cheap, and a one-off table such as TabFact's may never need it)."""
        if compiled.n_rows < PREPARE_MIN_ROWS:
            if self.mode_for(compiled) == "programs":
                prepare_program_search(typed_table(compiled))
            return
        table_vocabulary(compiled, self.domains, self._rules.lexicon)
        prepare_columns(compiled)
        if compiled.n_rows >= 2 and self.vectors is not None:
            fragments_for(compiled, self.vectors)
        if self.mode_for(compiled) == "programs":
            prepare_program_search(typed_table(compiled))
        # what the compile made and keeps is in the collector's young generations; the
        # first collection of them would walk all of it (7 ms at 100,000 rows) inside some
        # check: collected here, they move to the old generation with the compile's cost
        gc.collect(1)

    def settle(self) -> None:
        """Take what is loaded now (spaCy, the vectors' vocabulary, the rules, the compiled
        tables) out of the cyclic garbage collector's full collections: each one otherwise
        walks all of it, a pause of about 0.1 s in whichever check triggers it (the p99 of
        a run).  Process-wide (``gc.freeze``): call it once loading is done, as the service
        does before forking its workers; what is frozen is still freed when unreferenced.
        What a first check would load for the whole process is loaded first (the GloVe
        neighbours' matrix the aggregate claims read)."""
        if self.vectors is not None:
            warm_fragments(self.vectors)
        gc.collect()
        gc.freeze()

    def clear_compiled(self) -> None:
        """Forget every compiled table (the next check of each compiles it again)."""
        self._compiled.clear()

    def set_domains(self, tables) -> None:
        """Replace the column domains with those of exactly these tables (a catalog): their
        column values teach the checker what counts as, e.g., an ``area`` or a ``color`` when
        a row holds another.  An empty iterable means no domains."""
        self.domains = build_domains(tables)

    # -- checking ----------------------------------------------------------------------
    def validate_text(self, text) -> str:
        if not isinstance(text, str):
            raise InputError("text must be a string", field="text")
        if not text.strip():
            raise InputError("text is empty", field="text")
        if len(text) > self.config.max_text_chars:
            raise TextTooLong(f"text has {len(text)} characters, the limit is "
                              f"{self.config.max_text_chars}", field="text")
        return text

    def check(self, text: str, table: Table) -> Report:
        start = time.perf_counter()
        self.validate_text(text)
        doc = self.nlp(text)
        return self.check_doc(doc, table, started=start)

    def check_doc(self, doc, table: Table, *, started: float | None = None,
                  domains: Domains | None = None) -> Report:
        """Check a parsed statement; ``domains`` (default: the checker's own, see
        ``set_domains``) is the catalog whose column values linking may use."""
        start = started if started is not None else time.perf_counter()
        domains = self.domains if domains is None else domains
        compiled = self.compile(table)
        rules = self._rules
        mode = self.mode_for(compiled)
        entity_spans: list[tuple[int, int]] = []
        names = None
        details: dict = {}
        routed = None
        judged = None  # the verdict of ``results``, when the routing already judged them
        if mode == "programs" and self.config.mode == "auto":
            routed = self._by_claim(doc, compiled, rules, domains)
        if mode == "rows":
            found = row_hypothesis(doc, compiled)
            results = (found,) if found is not None else ()
        elif routed is not None and routed[0] is not None:
            mode = "rules"  # the statement names its rows and the rules decide its claims
            results, entity_spans, names, judged = routed[0]
        elif mode == "programs":
            t0 = time.perf_counter()
            facts = routed[1] if routed is not None else None
            facts = facts or self._facts(doc, compiled, rules, domains)
            results = self._program(doc, compiled, rules, domains, facts=facts)
            details["program_ms"] = round((time.perf_counter() - t0) * 1000.0, 3)
            # a program accounts for the words it read; the rule checks that hold, and the
            # rows the statement names, account for the rest
            entity_spans, names = facts[1], facts[2]
            present = {id(h) for h in results}
            results += tuple(h for h in facts[0] if h.verdict == SUPPORTED
                             and id(h) not in present)
        else:
            results, entity_spans, names = self._facts(doc, compiled, rules, domains)
            results += tuple(self._aggregates(doc, compiled, results, entity_spans, names))
        if judged is None:
            judged = judge(results, doc, rules.lexicon, entity_spans, names, _kind(compiled),
                           record=compiled.n_rows == 1)
        hypotheses = results + judged.unchecked
        if compiled.table is not table:
            record = record_reading(table)
            if record is not None and record[0] == compiled.table:
                # the evidence in the cells of the table as sent, not of its record reading
                hypotheses = source_cells(hypotheses, table, record[1], record[0])
                details["read_as"] = "record"
        return Report(verdict=judged.verdict, text=text_offsets(doc)[0],
                      hypotheses=hypotheses,
                      timing_ms=(time.perf_counter() - start) * 1000.0, table_id=table.id,
                      rules_version=rules.version, details={"mode": mode, **details})

    def mode_for(self, compiled: CompiledTable) -> str:
        """How to check against this table: a general table (many rows, any columns) gets
        program search over the whole table; a product catalog or a record gets the rules."""
        mode = self.config.mode
        if mode == "auto":
            return "programs" if compiled.n_rows >= self.config.general_min_rows else "rules"
        return mode

    # -- routing by claim (issue 16) ----------------------------------------------------
    def _by_claim(self, doc, compiled: CompiledTable, rules: RuleSet, domains: Domains):
        """A statement about a general table goes to the rules when it names rows of the
        table (entity linking, an index lookup) and the rules' hypotheses decide every
        claim in it: all hold, or their refutation stands alone (``_refutation_decides``:
        a wrong amount in a known unit, or the named rows read and no number left to the
        aggregate queries); then ``(results, entity_spans, names, judged)`` is the first
        item (``judged``: the verdict of those results when no aggregate query added to
        them, else None), and no program search runs.  Otherwise the first item is None
        (the program search decides: counts, majorities, claims over many rows no rule
        expresses) and the second is the rules' facts, for reuse."""
        facts = self._facts(doc, compiled, rules, domains)
        results, entity_spans, names = facts
        counts = _counts(results, doc)
        if not entity_spans and not counts:
            return None, facts
        judged = judge(results, doc, rules.lexicon, entity_spans, names, _kind(compiled),
                           record=compiled.n_rows == 1)
        if judged.verdict == UNVERIFIABLE or judged.unchecked:
            return None, facts
        if judged.verdict == REFUTED and not _refutation_decides(results, doc, compiled,
                                                                 counts):
            return None, facts
        if not entity_spans and (compiled.n_rows < 2 or _free_numbers(doc, counts, [])):
            return None, facts  # a count over the rows decides only when it reads every number
        extra = tuple(self._aggregates(doc, compiled, results, entity_spans, names))
        return (results + extra, entity_spans, names, None if extra else judged), facts
    # -- end of routing by claim -------------------------------------------------------

    def _program(self, doc, compiled: CompiledTable, rules: RuleSet, domains: Domains,
                 facts=None) -> tuple:
        """The best-ranked program decides; when the search finds none, the rules do.
        ``facts``: the rules' ``_facts`` of this statement when already computed."""
        facts = facts or self._facts(doc, compiled, rules, domains)
        # "two of the seven kayaks ...", "the average fee of the four courses is $40": a
        # program tends to read the group's size (a count of all rows); the aggregate
        # queries read the claim, so they go first when sure
        subset = any(counts_a_subset(t) or sizes_a_group(t) for t in doc
                     if t.like_num or t.pos_ == "NUM")
        sure = None
        if subset and not _wrong_amounts(facts[0]):
            # what the search would give way to anyway: no search (a catalog's count costs
            # a cube query, not a search over every row)
            sure = self._sure_aggregates(doc, compiled, facts[2], facts[0])
            if sure:
                return sure + _frame_refutations(facts[0])
        found = program_hypothesis(doc, compiled, vectors=self.vectors,
                                   max_expansions=self.config.program_max_expansions)
        if found is not None and found.verdict == REFUTED \
                and (_rows_unstated(found, doc, compiled, rules.lexicon)
                     or _count_unstated(found, doc, compiled, rules.lexicon)):
            found = _unread(found, Reason.PROGRAM_ROWS_UNSTATED,
                            "its rows are not the ones the statement quantifies over")
        position = _position_read(found, doc, compiled, rules.lexicon) \
            if found is not None and found.verdict != UNVERIFIABLE else None
        if position is False:
            found = _unread(found, Reason.PROGRAM_POSITION_UNSTATED,
                            "it picks a row by its place in the table, which the text's "
                            "ordinal does not speak of")
        elif position:  # "the last *game*": the noun of the rows the ordinal picks from
            found = replace(found, details={**found.details, "tokens": sorted(
                {*found.details["tokens"], *position})})
        if found is not None and found.verdict == REFUTED \
                and _compares_another_column(found, doc, compiled, rules.lexicon):
            found = _unread(found, Reason.PROGRAM_GRADE_UNREAD,
                            "it compares another attribute than the one the text grades")
        if found is not None and found.verdict == REFUTED \
                and _grade_unread(found, doc, compiled, rules.lexicon):
            found = _unread(found, Reason.PROGRAM_GRADE_UNREAD,
                            "it ranks by another attribute than the one the text grades")
        if found is not None and found.verdict != UNVERIFIABLE \
                and _ranks_the_other_way(found, doc, rules.lexicon):
            found = _unread(found, Reason.PROGRAM_RANKS_OTHER_WAY,
                            "it ranks the other way than the text's superlative")
        if found is not None and found.verdict == REFUTED:
            # "a whisper-quiet 58 dB" read as a Cutting height in mm: another attribute
            clash = figure_in_another_dimension(
                str(found.details.get("program", "")), found.details.get("tokens"), doc,
                compiled, rules.lexicon)
            if clash is not None:
                found = _unread(found, Reason.PROGRAM_OTHER_DIMENSION,
                                f"it reads {clash[0]} as a {clash[1]}, which measures "
                                "another dimension")
        if found is not None and found.verdict != UNVERIFIABLE \
                and _figure_of_a_plan(found, doc, rules.lexicon):
            found = _unread(found, Reason.PROGRAM_READS_A_PLAN,
                            "the figure it compares belongs to what the text says is "
                            "still to come")
        if found is not None and found.verdict == REFUTED:
            # "fell in only *two* years" read as Visitors in the hundreds of thousands
            clash = figure_out_of_scale(str(found.details.get("program", "")), compiled)
            if clash is not None:
                found = _unread(found, Reason.PROGRAM_OTHER_SCALE,
                                f"it reads {clash[0]} as a {clash[1]}, whose cells are all "
                                "ten times larger or smaller")
        if found is not None and found.verdict == REFUTED \
                and _figure_held_by_another_row(found, facts[0], doc):
            found = _unread(found, Reason.PROGRAM_FIGURE_OF_ANOTHER_ROW,
                            "a check of the row the text gives its figure to holds")
            return self._sure_aggregates(doc, compiled, facts[2], facts[0]) or (found,)
        if found is not None and found.verdict == REFUTED and _year_within_the_cell(found):
            found = _unread(found, Reason.PROGRAM_YEAR_WITHIN_CELL,
                            "the cell it reads holds the year within a longer date")
        if found is not None and found.verdict == REFUTED \
                and _figure_in_a_sibling_column(found, compiled):
            found = _unread(found, Reason.PROGRAM_FIGURE_OF_ANOTHER_COLUMN,
                            "another column of the row, in the same measure, holds the figure")
        if found is not None and found.verdict == REFUTED \
                and _figure_held_in_another_column(found, facts[0], doc):
            found = _unread(found, Reason.PROGRAM_FIGURE_OF_ANOTHER_COLUMN,
                            "a check of the row found the figure in another of its columns")
        if found is not None and found.verdict == REFUTED and _held_by_rows(found, facts[0], doc):
            found = _unread(found, Reason.PROGRAM_READ_ROWS_HOLD)
            return self._sure_aggregates(doc, compiled, facts[2], facts[0]) or (found,)
        if found is not None and found.verdict != UNVERIFIABLE:
            if found.verdict == SUPPORTED:
                # one program reads one fact; a measured amount the text gives another row's
                # or no row's ("1.2 km from the centre", "a 5,300 mAh battery"), or a frame
                # claim over the rows ("only the A1", "both", "under $50") still fails
                wrong = (_wrong_amounts(facts[0]) + _frame_refutations(facts[0])
                         + _wrong_items(facts[0], doc))
                if wrong:
                    return (found, *wrong)
            if not subset and abs(found.details.get("p_true", 0.5) - 0.5) >= PROGRAM_SURE:
                # a failing program: the frames that read every row they speak of and
                # fail too say why in their own cells ("rose every year": the step that
                # fell), beside it
                return (found, *_frame_refutations(facts[0])) if found.verdict == REFUTED \
                    else (found,)
            if sure is None:
                sure = self._sure_aggregates(doc, compiled, facts[2], facts[0])
            # a sure aggregate query answers its number; a refutation by an evaluator that
            # read every row it compares ("the most expensive" against the dearest row)
            # stands beside it, as it does beside a program
            return sure + _frame_refutations(facts[0]) if sure else (found,)
        results, entity_spans, _ = facts
        return results + tuple(self._aggregates(doc, compiled, results, entity_spans,
                                                facts[2]))

    def _sure_aggregates(self, doc, compiled: CompiledTable, names=None, facts=()) -> tuple:
        """Aggregate queries sure of their verdict; a refutation of a number that a frame
        evaluator, reading every row it quantifies over, found to hold is no query's to
        make ("all but *one* of the six" is the quantifier's count, not a count of one)."""
        held = [h.span for h in facts if h.verdict == SUPPORTED
                and h.details.get("evaluator") in FRAME_EVALUATORS]
        return tuple(h for h in self._aggregates(doc, compiled, (), [], names)
                     if h.verdict != UNVERIFIABLE
                     and abs(h.details.get("correctness", 0.5) - 0.5) >= AGG_CONFIDENT
                     and not (h.verdict == REFUTED and any(
                         a <= h.span[0] and h.span[1] <= b for a, b in held)))

    def check_document(self, text: str, table: Table) -> Report:
        """A document (plain text or Markdown) about one table: facts sentence by sentence,
        and every claimed number through candidate aggregate queries whose keywords come
        from the claim's sentence, its paragraph and the headlines above it (AggChecker)."""
        start = time.perf_counter()
        if not isinstance(text, str) or not text.strip():
            raise InputError("document is empty", field="text")
        if len(text) > self.config.max_document_chars:
            raise TextTooLong(f"document has {len(text)} characters, the limit is "
                              f"{self.config.max_document_chars}", field="text")
        compiled = self.compile(table)
        rules = self._rules
        doc = self.nlp(text)
        facts, entity_spans, names = self._facts(doc, compiled, rules, self.domains)
        covered = [h.span for h in facts if h.verdict != UNVERIFIABLE]
        claims = check_document(text, table, nlp=self.nlp, vectors=self.vectors)
        aggregates = tuple(claim_hypothesis(c) for c in claims
                           if not any(a <= c.span[0] < b for a, b in covered))
        results = facts + aggregates
        judged = judge(results, doc, rules.lexicon, entity_spans, names, _kind(compiled),
                           record=compiled.n_rows == 1)
        return Report(verdict=judged.verdict, text=text, hypotheses=results + judged.unchecked,
                      timing_ms=(time.perf_counter() - start) * 1000.0, table_id=table.id,
                      rules_version=rules.version,
                      details={"claims": [c.to_dict() for c in claims]})

    def _facts(self, doc, compiled: CompiledTable, rules: RuleSet, domains: Domains):
        """Rule-driven facts, comparisons and superlatives, the entity spans they found, and
        what a predicate names in this table (for the verdict's coverage)."""
        extraction = extract(doc, rules, limit=self.config.max_matches_per_rule)
        linker = Linker(compiled, self.vectors, rules.lexicon, domains,
                        self.config.link_threshold)
        ctx = FrameContext.of(doc, compiled, linker, rules.lexicon, frames=extraction.frames)
        linker.frame_bounds = frame_bounds(extraction.frames, ctx)
        claims = ClaimContext.of(doc, extraction, linker, rules,
                                 max_hypotheses=self.config.max_hypotheses,
                                 type_threshold=self.config.type_threshold,
                                 closed_world=self.config.closed_world,
                                 as_of_year=self.config.as_of_year)
        legacy = tuple(check_claims(claims))

        heads = claims.view.head

        def rows_of(i: int) -> tuple[int, ...] | None:
            ref = row_of(claims, i, heads[i] if heads[i] != i else None)
            return ref.rows if ref is not None else None

        ctx.row_of = rows_of
        ctx.as_of_year = claims.as_of_year
        results = merge(legacy, frame_hypotheses(ctx), doc)
        return results, claims.entity_spans, _names_column(linker, rules)

    def _aggregates(self, doc, compiled: CompiledTable, results,
                    entity_spans: list[tuple[int, int]], names=None) -> list[HypothesisResult]:
        """Aggregate hypotheses for the numbers no fact check accounted for ("two of the
        three blenders", "an average rating of 4.5"): candidate queries on the cube.  A
        query decides only when it picks its rows by values the text states
        (``filters_stated``), and a refutation stands only when its query also reads every
        content word of the number's clause (``query_reads_its_clause``); otherwise the
        number is left unverifiable."""
        if compiled.n_rows < 2:
            return []
        free = _free_numbers(doc, results, entity_spans)
        if not free:
            return []
        found = aggregate_hypotheses(doc, compiled, vectors=self.vectors)
        found = [h for h in found if any(claim_covers(h, i) for i in free)]
        # a query whose rows are picked by a value the text does not state ("Lock is
        # Millbank Lock" of "one of the five locks") neither supports nor refutes the number
        found = [h if h.verdict == UNVERIFIABLE or filters_stated(h, doc, compiled,
                                                                      self._rules.lexicon)
                 else _unread(h, Reason.QUERY_FILTER_UNSTATED, "it picks its rows by a value"
                              " the text does not state") for h in found]
        # "*five* of the six lots sold, and two of them, the Lettera 9 and ...": a count of
        # the rows one name picks is at most one, and reads no group the text counts
        found = [_unread(h, Reason.QUERY_COUNTS_ONE_NAME, "it counts the rows of one name")
                 if h.verdict == REFUTED and _counts_one_name(h, compiled) else h
                 for h in found]
        if not any(h.verdict == REFUTED for h in found):
            return found
        covered = _covered(doc, results, entity_spans)
        table_words = _table_words(compiled)
        return [h if h.verdict != REFUTED
                else h if query_reads_its_clause(
                    h, doc, self._rules.lexicon, covered, names, table_words,
                    compiled.n_rows) else _unread(h, Reason.QUERY_LEAVES_WORDS)
                for h in found]

    def check_batch(self, items: list[tuple[str, Table]]) -> list[Report | DepcheckError]:
        """Check many statements; texts are parsed together with ``nlp.pipe``, so each
        report's ``timing_ms`` is its check after the shared parse."""
        out: list[Report | DepcheckError | None] = [None] * len(items)
        good: list[int] = []
        for i, (text, _) in enumerate(items):
            try:
                self.validate_text(text)
                good.append(i)
            except DepcheckError as exc:
                out[i] = exc
        docs = self.nlp.pipe([items[i][0] for i in good], batch_size=64)
        for i, doc in zip(good, docs, strict=True):
            try:
                out[i] = self.check_doc(doc, items[i][1])
            except DepcheckError as exc:
                out[i] = exc
        return out  # type: ignore[return-value]


def _refutation_decides(results: tuple, doc, compiled: CompiledTable,
                        counts: tuple = ()) -> bool:
    """Whether the rules' refutation of a statement about a general table stands without
    the program search.  On such tables the rules' refutations are in general no better
    than the search (TabFact val: 290 of 435 right, the search 303), but a claimed amount in
    a known unit that differs from the named row's is (``_wrong_amounts``), and so is a
    refutation by an evaluator that read the rows it compares or quantifies over (two named
    rows compared, a superlative, a frame's bound): ``_program`` lets it outweigh any
    program, and only an aggregate query over a number of the statement may answer
    instead of it, so it decides alone when the statement leaves no such number.  The
    refutation of a yes/no claim by the named row's own cell (``_yes_no_refutations``)
    decides on the same terms: the search finds no other reading of that cell, and a
    program it finds for another clause leaves the yes/no claim unchecked.  A number a
    count over the rows read (``counts``, ``_counts``) is no such number: the count is the
    aggregate query's own, read over the column's cells at once."""
    return bool(_wrong_amounts(results)) or bool(
        _frame_refutations(results) or _yes_no_refutations(results)) and not (
        compiled.n_rows >= 2 and _free_numbers(doc, counts, []))


def _yes_no_refutations(results: tuple) -> tuple:
    """Refutations of a yes/no claim about an exactly named row ("the Halo 3 is not
    waterproof" against its ``waterproof`` cell "yes"): the boolean evaluator read the one
    cell the claim is about, the row by its name and the column by every word of it, so a
    program over the table can only read that cell again (or another claim).  A claim with
    a figure in it is no yes/no claim ("14 wins" against a column of 0s: a number of the
    row's, or a sum over rows, that the search may read)."""
    return tuple(h for h in results if h.verdict == REFUTED and refutes(h)
                 and h.trace()["evaluator"] == YES_NO and h.entity is not None
                 and h.entity.method == "exact" and not any(map(str.isdigit, h.text)))


def _counts(results: tuple, doc) -> tuple:
    """The quantifier frames' decided counts over the rows ("66 of the products are made by
    Quasa": the rows whose cell in the column is the value, counted over the column at
    once), unless a number of the statement states a group's size ("two of the *three*"),
    which ``_program`` leaves to the aggregate queries first, or when two readings of the
    statement's counts disagree (one holds, another fails over the same words: "only one
    game was broadcast on the tv *network* fox" read once with "network", once with "fox";
    not two clauses, "three rinks are open year-round, and none of them ...")."""
    found = tuple(h for h in results if h.verdict != UNVERIFIABLE
                  and h.details.get("evaluator") == QUANTIFIER)
    if any(a.verdict != b.verdict and a.span[0] < b.span[1] and b.span[0] < a.span[1]
           for a in found for b in found) or found and any(
            counts_a_subset(t) or sizes_a_group(t) for t in doc
            if t.like_num or t.pos_ == "NUM"):
        return ()
    return found


def _free_numbers(doc, results, entity_spans: list[tuple[int, int]]) -> set[int]:
    """The character offsets of the claimed numbers in an aggregate construction that
    neither a row's name nor a check that decided (``results``) accounts for: what the
    aggregate queries are asked about."""
    covered = [h.span for h in results if h.verdict != UNVERIFIABLE]
    in_entity = {i for a, b in entity_spans for i in range(a, b)}
    numbers = _claimed_numbers(doc)
    out = set()
    view = doc_view(doc)
    for i, idx, sent_start, sent_end in numbers.found:
        if i in in_entity or any(a <= idx < b for a, b in covered):
            continue
        j = view.head[i] if view.dep[i] in ("nummod", "compound") else i
        if any(view.dep[c] == "poss" and view.tag[c] != "PRP$" for c in view.children[j]):
            continue  # "the others' 250 W", "the Vega's 3.7": a figure of named rows, no
            # aggregate over the table's
        if numbers.trigger(doc, i, any(j in in_entity for j in range(sent_start, sent_end))):
            out.add(idx)
    return out


class _Numbers:
    """A parse's claimed numbers (token, character offset, its sentence's bounds) and
    whether each is in an aggregate construction, with or without a row named in its
    sentence: worked out once per parse, though routing, the refutation's test and the
    aggregate queries each ask (``_free_numbers``)."""

    def __init__(self, doc) -> None:
        view = doc_view(doc)  # a claimed number is like a number or tagged NUM: only those
        idx = view.text_offsets[1]  # (read from the parse's lists: no Token made)
        self.found = [(i, idx[i], view.sent_start[i], view.sent_end[i])
                      for i, (num, pos) in enumerate(zip(view.like_num, view.pos, strict=True))
                      if (num or pos == "NUM") and is_claimed_number_at(view, i)]
        self._triggers: dict[tuple[int, bool], bool] = {}

    def trigger(self, doc, i: int, sentence_names_row: bool) -> bool:
        key = (i, sentence_names_row)
        found = self._triggers.get(key)
        if found is None:
            found = self._triggers[key] = aggregate_trigger_at(doc_view(doc), i,
                                                               sentence_names_row)
        return found


_NUMBERS: dict[int, tuple[object, _Numbers]] = {}


def _claimed_numbers(doc) -> _Numbers:
    """The parse's :class:`_Numbers`, made once per parsed text."""
    return per_parse(_NUMBERS, doc, _Numbers)


def _kind(compiled: CompiledTable) -> frozenset[str]:
    """The words of what every row of the table is: its caption's ("Album", "Musician")."""
    return compiled.caption_words()


def _names_column(linker: Linker, rules: RuleSet):
    """The column a predicate phrase names in this table: the lexicon's verb_attributes
    ("weigh" -> weight), else the column's own words ("released" -> Released)."""
    hints_of = rules.lexicon.verb_attributes

    def names(phrase: str) -> str | None:
        hints = hints_of.get(phrase)
        found = linker.column_by_hint(hints) if hints else linker.column_named(norm_text(phrase))
        return found[0].name if found else None

    return names


def _table_words(compiled: CompiledTable) -> frozenset[str]:
    """What a table's rows are, in words: its caption's and its key column header's (built
    once per compiled table)."""
    found = compiled.derived.get("table_words")
    if found is None:
        text = f"{compiled.table.caption or ''} {compiled.key_column.name}".lower()
        words = set(norm_text(text).split())
        found = compiled.derived["table_words"] = frozenset(
            words | {w[:-1] for w in words if w.endswith("s")} | {w + "s" for w in words})
    return found


def _covered(doc, results, entity_spans) -> set[int]:
    """Tokens of the linked row names and of the checks that hold."""
    covered = {i for a, b in entity_spans for i in range(a, b)}
    for h in results:
        if h.verdict == SUPPORTED:
            span = doc.char_span(h.span[0], h.span[1], alignment_mode="expand")
            if span is not None:
                covered.update(h.details.get("tokens") or range(span.start, span.end))
    return covered


def _unread(h: HypothesisResult, reason: Reason,
            why: str = "it does not read every word of the claim's clause") -> HypothesisResult:
    """A decision by a query or program that leaves words of its clause unread (or
    otherwise answers another claim, ``why``: rows picked by a value the text does not
    state): unverifiable, with what it found kept in the explanation."""
    return replace(h, verdict=UNVERIFIABLE, reason=reason, explanation=f"{h.explanation}; {why}")


# the evaluators whose refutations read the cells of every row they quantify over or
# compare: the frame evaluators, the comparison of two named rows, the superlative
ROW_READING_EVALUATORS = frozenset({*FRAME_EVALUATORS, ROWS_EVALUATOR, SUPERLATIVE})


def _counts_one_name(h: HypothesisResult, compiled: CompiledTable) -> bool:
    """An aggregate count of two or more that its query refutes by counting the rows whose
    cell in a text column of all-distinct cells (a name, a model) is one value: such a
    query counts one row at most, whatever group the text counts (a figure column whose
    few cells happen to differ is no such column: "support six players")."""
    d = h.details
    if (d.get("claimed") or 0) < 2:
        return False
    chosen = next((c for c in d.get("candidates", ()) if c.get("sql") == d.get("sql")), None)
    if chosen is None or chosen.get("function") != "COUNT":
        return False
    unique = {c.name for c in compiled.columns
              if c.kind == "text" and len(c.dictionary) == compiled.n_rows}
    return any(column in unique for column, _ in chosen.get("predicates", ()))


def _frame_refutations(results: tuple) -> tuple:
    """Refutations by the evaluators that read every row they quantify over or compare
    (``ROW_READING_EVALUATORS``): a program that holds on another part of the statement
    does not outweigh them ("the Lumo A1 is pricier than the Lumo A2" against $45 and $60,
    whatever program the ranker preferred)."""
    return tuple(h for h in results if h.verdict == REFUTED and refutes(h)
                 and h.trace()["evaluator"] in ROW_READING_EVALUATORS)


# a listed item that is another row's, one the row's cell does not hold, or a value of
# the list's kind the row's list lacks
_ITEM_REASONS = frozenset({Reason.VALUE_OF_ANOTHER_ROW, Reason.VALUE_DIFFERS,
                           Reason.VALUE_NOT_LISTED})


def _wrong_items(results: tuple, doc) -> tuple:
    """Refuted facts of a list of values said of an exactly named row, one item of which
    is another row's value of the column where the others hold ("works with Alexa, Siri and
    Google Assistant" against "Alexa, Siri"), one the catalog knows as a value of the column
    but the row's cell lacks, or a value of that list's kind no cell holds ("in black and
    purple" against "black, orange"): a program that read one item does not
    outweigh the item it did not read.  The items are conjuncts of one coordination."""
    def key(h):
        return (h.entity.row, h.attribute.target) \
            if h.kind == "fact" and h.entity is not None and h.attribute is not None else None

    held = {}
    for h in results:
        if h.verdict == SUPPORTED and key(h) is not None:
            held.setdefault(key(h), []).append(h)
    out = []
    for h in results:
        if h.verdict != REFUTED or not refutes(h) or h.reason not in _ITEM_REASONS \
                or key(h) not in held or h.entity.method != "exact":
            continue
        chain = _coordination(doc, h.span)
        if chain and any(chain & _coordination(doc, g.span) for g in held[key(h)]):
            out.append(h)
    return tuple(out)


def _coordination(doc, span) -> set[int]:
    """The tokens of the coordination the span's head is a conjunct of ("Alexa, Siri and
    Google Assistant": Alexa, Siri, Assistant), empty when it is none."""
    found = doc.char_span(span[0], span[1], alignment_mode="expand")
    if found is None:
        return set()
    top = found.root
    while top.dep_ == "conj":
        top = top.head
    chain = {top.i} | {t.i for t in top.subtree if t.dep_ == "conj" and t.head.i in (
        top.i, *(c.i for c in top.subtree if c.dep_ == "conj"))}
    return chain if len(chain) > 1 else set()


def _held_by_rows(program: HypothesisResult, results: tuple, doc) -> bool:
    """A failing program every word of which a check that reads the rows it compares or
    quantifies over (``ROW_READING_EVALUATORS``) found to hold: "1,050 m against 780 m"
    said of two named trails, read row by row, against a program that gave each figure to
    the other trail.  The program answered another claim than the one those rows hold."""
    read = program.details.get("tokens") or ()
    held = [h for h in results if h.verdict == SUPPORTED
            and h.trace()["evaluator"] in ROW_READING_EVALUATORS]
    if not read or not held:
        return False
    # the words of the columns those checks read name what they compared ("13% *ABV*")
    named = {w for h in held for c in h.evidence.columns for w in norm_text(c).split()}
    return all(any(a <= doc[i].idx < b for a, b in (h.span for h in held))
               or doc[i].lower_ in named for i in read)


def _last_literal(program: HypothesisResult) -> str:
    """The figure a program compares its cells with: its last literal ("1999" of
    ``eq{hop{...; tv season}; 1999}``)."""
    return str(program.details.get("program", "")).rpartition(";")[2].strip(" }")


def _literal_tokens(program: HypothesisResult, view, among) -> list[int]:
    """The tokens among ``among`` that write the figure the program compares its cells
    with (its last literal), thousands commas aside."""
    said = _last_literal(program).replace(",", "")
    return [i for i in among if view.like_num[i] and view.lower[i].replace(",", "") == said]


def _figure_held_by_another_row(program: HypothesisResult, results: tuple, doc) -> bool:
    """A failing program that compares a figure of the text with a cell of one column, where
    a rule check that holds read that figure against the same column of one other row:
    "Overhang Depot, opened in *2004*, ..." checked against Overhang Depot's Opened, and a
    program that gave 2004 to Crux Hall's.  The frame check tied the figure to its row by
    the parse (the subject of its predicate); a lookup program that compares its cell
    with that figure answered another claim than the text's."""
    read = program.details.get("tokens") or ()
    out = program.evidence.output
    if program.details.get("family") != LOOKUP_FAMILY or not read or not out:
        return False  # (a superlative's or a count's row is its own claim's)
    columns = {c.column for c in out}
    rows = {c.row for c in out}
    view = doc_view(doc)
    # the figures the program compares its cell with: its last literal
    figures = [view.text_offsets[1][i] for i in _literal_tokens(program, view, read)]
    if not figures:
        return False
    for h in results:
        if h.verdict != SUPPORTED or not h.evidence.output \
                or h.details.get("evaluator") not in FRAME_EVALUATORS:
            # (a value found in some row ties no row by the parse; a fact of one named
            # row may be one conjunct's: "X and Y have the same average of 12.5")
            continue
        own = {c.row for c in h.evidence.output if c.column in columns}
        if len(own) == 1 and not own & rows and any(
                h.span[0] <= at < h.span[1] for at in figures):
            return True
    return False


def _figure_held_in_another_column(program: HypothesisResult, results: tuple, doc) -> bool:
    """A failing look-up program that compares a figure of the text with one cell of a row,
    where a rule check that holds found that very figure in another column of the same
    row ("Purrloop One, *rated 4.3*, ..." against Rating 4.3, and a program that read 4.3
    against its Noise): the row bears the figure out where the words put it."""
    read = program.details.get("tokens") or ()
    out = program.evidence.output
    if program.details.get("family") != LOOKUP_FAMILY or not read or len(out) != 1:
        return False
    row, column = out[0].row, out[0].column
    view = doc_view(doc)
    figures = [view.text_offsets[1][i] for i in _literal_tokens(program, view, read)]
    return bool(figures) and any(
        h.verdict == SUPPORTED and h.kind == "fact" and len(h.evidence.output) == 1
        and h.evidence.output[0].row == row and h.evidence.output[0].column != column
        and any(h.span[0] <= at < h.span[1] for at in figures) for h in results)


def _year_within_the_cell(program: HypothesisResult) -> bool:
    """A failing lookup program that compares a year of the text ("ended *2018* with 234
    stores") with the one cell it read, which holds that year within a longer date or
    period ("Q4 2018", "March 2018"): the cell bears the year out, the program's equality
    of whole texts does not."""
    out = program.evidence.output
    said = _last_literal(program)
    if program.details.get("family") != LOOKUP_FAMILY or len(out) != 1 \
            or not _YEAR.fullmatch(said):
        return False
    cell = str(out[0].value)
    return cell.strip() != said and said in _YEAR.findall(cell)


def _figure_of_a_plan(program: HypothesisResult, doc, lexicon) -> bool:
    """A program whose compared figure (its last literal) the text says only in a clause
    still to come ("and is *expected to pass* 150,000 by 2022", "will pay for a park
    opening in 2020"): the table holds what was, not that figure, which the program can
    neither contradict nor bear out."""
    view = doc_view(doc)
    figures = _literal_tokens(program, view, range(len(view.lower)))
    return bool(figures) and all(in_a_plan(view, lexicon, i) for i in figures)


def _figure_in_a_sibling_column(program: HypothesisResult, compiled: CompiledTable) -> bool:
    """A failing program that compares a figure of the text with the cell of one row in
    one column, where another column of that row holds the figure and measures in the
    same unit ("starts heating once flow reaches 2.3 L/min" read against Max flow (L/min)
    beside Minimum activation flow (L/min), which is 2.3): the text's words chose between
    two columns of one measure, and the program's choice is no contradiction."""
    out = program.evidence.output
    said = _last_literal(program)
    figure = parse_number(said)
    if figure is None or not out or len({(c.row, c.column) for c in out}) != 1:
        return False
    row, name = out[0].row, out[0].column
    table = compiled.table
    if row >= compiled.n_rows or name not in table.columns:
        return False
    read = compiled.columns[table.columns.index(name)]
    measure = _measure_of(read)
    if measure is None:
        return False
    return any(col.index != read.index and col.kind == "number" and _measure_of(col) == measure
               and math.isclose(col.num[row], figure) for col in compiled.columns)


def _measure_of(col) -> str | None:
    """A numeric column's unit, else the text of its header's bracket ("l/min" of "Max
    flow (L/min)"); None for a column that names neither."""
    return col.unit or header_bracket(col.name)


def _rows_unstated(program: HypothesisResult, doc, compiled: CompiledTable, lexicon) -> bool:
    """A failing program over every row of a group ("for every row of ...") that is not
    the group the statement quantifies over: a word restricting the quantified noun left
    unread ("every brush *priced above* $50", "both *G-rated* movies", "every bridge that
    opened in the *20th century*"), or the group's size read as a figure of its rows ("all
    *six* paints ... VOC is 6").  Words of the caption, nouns that name rows ("models",
    "items") and the table as a whole ("the lineup") restrict nothing: they name the
    table's rows."""
    if program.details.get("family") != MAJORITY_FAMILY:
        return False
    read = set(program.details.get("tokens") or ())
    view = doc_view(doc)
    if _over_all_rows(program) and any(counts_a_subset(t) for t in doc
                                       if t.like_num or t.pos_ == "NUM"):
        return True  # "*three of the seven* models register 16384 levels": a count of a
        # subset, which a claim over every row of the table does not read
    triggers = lexicon.derived("checker.trigger_words", lambda lx: frozenset(
        w for words in lx.program_triggers.values() for w in words))
    plain = _row_words(compiled, lexicon)
    for q, word in enumerate(view.lower):
        if word not in lexicon.quantifiers_universal:
            continue
        noun = quantified_noun(view, q)
        if noun is None:
            continue
        for i in subtree_ids(view, noun):
            if i in (q, noun) or view.lower[i] in plain or view.lemma[i] in plain:
                continue
            if view.dep[i] == "nummod" and view.head[i] == noun:
                if i in read:
                    return True  # "all six": the group's size, no figure of a row
                continue
            content = view.pos[i] in _RESTRICTING or view.lower[i] in triggers
            if content and i not in read:
                return True
    return False


_OVER_ALL_ROWS = regex.compile(r"\{\s*" + regex.escape(ALL_ROWS) + r"\s*;")


def _over_all_rows(program: HypothesisResult) -> bool:
    """The program's rows are every row of the table, unfiltered (its scope ``all_rows``)."""
    return bool(_OVER_ALL_ROWS.search(str(program.details.get("program", ""))))


def _count_unstated(program: HypothesisResult, doc, compiled: CompiledTable, lexicon) -> bool:
    """A failing count of every row of the table ("count of all rows is 7") whose figure
    counts no noun that names the table's rows: "*seven men* finished ahead of the first
    woman" of a table of finishers, "the *11:20* sailing", "*Line 5* was extended": a count
    of something else, or no count, which a count of the rows does not read.  Row nouns are
    those of ``_row_words`` (the caption's, the lexicon's row and collection nouns), in
    the singular or the plural."""
    if not str(program.details.get("program", "")).startswith("eq{count{all_rows};"):
        return False
    view = doc_view(doc)
    plain = _row_words(compiled, lexicon)
    plain = plain | {singular(w) for w in plain}
    numbers = [i for i in program.details.get("tokens") or ()
               if view.like_num[i] or view.pos[i] == "NUM"]
    for i in numbers:
        noun = view.head[i]
        if view.dep[i] == "nummod" and noun != i and (
                view.lower[noun] in plain or view.lemma[noun] in plain
                or singular(view.lower[noun]) in plain):
            return False
    return True


def _ranked_columns(program: str) -> list[tuple[str, str]]:
    """(function, column) of every ranking call of a program ("argmax{all_rows; Price}"):
    the call's last argument."""
    return [(c.name, c.args[-1].text) for c in program_calls(program)
            if c.name in ("argmax", "argmin") and len(c.args) >= 2
            and isinstance(c.args[-1], Literal)]


def _position_read(program: HypothesisResult, doc, compiled: CompiledTable,
                   lexicon) -> bool | tuple[int, ...] | None:
    """How a program that picks a row by its place in the table ("the last row") read
    the text's ordinal: False when the ordinal says nothing of the table's order,
    else the nouns of the rows it modifies (empty for an ordinal of a verb); None for a
    program that picks no row by its place, or read no ordinal.

    An ordinal says nothing of the table's order when it is the ordinal of a noun that
    names neither the table's rows nor a column ("her *second* album", "a *last*-minute
    reprieve"), of several ("in their *last* five matches"), or one that is no modifier
    of a noun or a verb at all ("slipped from *first* to *second*", "30 pages per
    *second*").  An ordinal of a verb
    ("came *last*", "was picked *second*") or of a noun of the rows ("the *last* game" of a
    season, "the *fourth* place", "the *first* pick" of a table with a Pick column, a noun
    of the caption) still picks the row."""
    positional = set(lexicon.row_ordinals.values())
    used = {c.name for c in program_calls(str(program.details.get("program", "")))} \
        & positional
    if not used:
        return None
    view = doc_view(doc)
    ordinals = [i for i in program.details.get("tokens") or ()
                if lexicon.row_ordinals.get(view.lower[i]) in used]
    if not ordinals:
        return None
    # nouns that name the rows in their order: the lexicon's (rows, a season's games, a
    # standings' places), a column's words ("Pick") and the caption's ("Top podcasts")
    caption = norm_text(compiled.table.caption).split()
    named = lexicon.row_nouns | lexicon.sequence_nouns | lexicon.rank_nouns \
        | {w.lower() for w in lexicon.collection_nouns} | {
            w for col in compiled.table.columns for w in norm_text(col).split()} \
        | set(caption) | {singular(w) for w in caption}
    nouns: list[int] = []
    stated = False
    for i in ordinals:
        j = i
        while view.dep[j] == "conj" and view.head[j] != j:  # "the first and last match"
            j = view.head[j]
        head = view.head[j]
        if view.dep[j] == "advmod" and view.pos[head] in ("VERB", "AUX"):
            stated = True  # "came last": the row's place
        elif view.dep[j] in ("amod", "compound") and head != j and not any(
                view.dep[c] == "nummod" for c in view.children[head]):
            # ("their last *five* matches": several, no one row)
            words = {view.lower[head], view.lemma[head], singular(view.lower[head])}
            if words & named:  # "the last game": a row of the table
                stated = True
                nouns.append(head)
    return tuple(nouns) if stated else False


def _compared_columns(program: str) -> set[str]:
    """The columns a program reads cells of (the last argument of each look-up)."""
    return {c.args[-1].text for c in program_calls(program)
            if c.name in ("hop", "num_hop", "str_hop") and c.args
            and isinstance(c.args[-1], Literal)}


def _compares_another_column(program: HypothesisResult, doc, compiled: CompiledTable,
                             lexicon) -> bool:
    """A failing comparative program whose comparative word grades a column the program
    does not compare: the verb it modifies names one through the lexicon's verb_attributes
    ("the Bivvy Pro *costs* £220 *less*": Price, not Seasons), or the noun it modifies by its
    words ("conceded three *more goals*": Goals against, not Lost)."""
    if program.details.get("family") != COMPARATIVE_FAMILY:
        return False
    compared = _compared_columns(str(program.details.get("program", "")))
    if not compared:
        return False
    view = doc_view(doc)
    linker = Linker(compiled, None, lexicon)
    cues = lexicon.derived("checker.comparison_triggers", lambda lx: frozenset(
        (*lx.program_triggers.get("greater", ()), *lx.program_triggers.get("less", ()))))
    for i in program.details.get("tokens") or ():
        if view.lower[i] not in cues or view.tag[i] not in ("JJR", "RBR"):
            continue
        # the word it grades: its head, or the word just before its phrase ("costs *£220
        # less*", where the parse hangs "less" elsewhere)
        before = min(subtree_ids(view, i)) - 1
        for graded in dict.fromkeys((view.head[i], before)):
            if graded < 0 or graded == i or view.pos[graded] not in ("VERB", "NOUN"):
                continue
            hints = lexicon.verb_attributes.get(view.lemma[graded])
            found = linker.column_by_hint(list(hints)) if hints else \
                linker.column_worded(norm_text(view.lower[graded]))
            if found is None:
                continue
            said = {view.lower[graded], view.lemma[graded], *(hints or ())}
            if found[0].name not in compared and not any(
                    w in norm_text(c).split() for c in compared for w in said):
                return True  # (a word of a compared column: "fewer *goals*" of Goals
                # against, whichever goals column the word names first)
            break
    return False


def _ranks_the_other_way(program: HypothesisResult, doc, lexicon) -> bool:
    """A program that ranks a column the other way than the text's one superlative of a
    degree word says ("the cheapest" read as the row with the highest price): the
    lexicon's comparatives give the word's direction, flipped on a column its ``inverse``
    attributes name ("the fastest time" is the lowest)."""
    if program.details.get("family") != SUPERLATIVE_FAMILY:
        return False
    ranked = _ranked_columns(str(program.details.get("program", "")))
    if len(ranked) != 1:
        return False
    name, column = ranked[0]
    view = doc_view(doc)
    specs = [lexicon.comparatives.get(view.lemma[i]) for i, tag in enumerate(view.tag)
             if tag in ("JJS", "RBS")]
    specs = [s for s in specs if s is not None]
    if len(specs) != 1:
        return False
    spec = specs[0]
    higher = (spec.direction == "higher") != spec.grades_inversely(set(norm_text(column).split()))
    return (name == "argmax") != higher


def _grade_unread(program: HypothesisResult, doc, compiled: CompiledTable, lexicon) -> bool:
    """A failing superlative program that did not read the noun a superlative of the
    lexicon's generic_comparatives grades ("the highest *load factor*" ranked by flights a
    week): it ranks the rows by another attribute.  Words of the caption and nouns that
    name rows ("the highest-paid *member*") grade by no attribute of their own."""
    if program.details.get("family") != SUPERLATIVE_FAMILY:
        return False
    read = set(program.details.get("tokens") or ())
    view = doc_view(doc)
    plain = _row_words(compiled, lexicon)
    for i, tag in enumerate(view.tag):
        noun = view.head[i]
        if tag not in ("JJS", "RBS") or view.dep[i] != "amod" or noun == i \
                or view.pos[noun] not in ("NOUN", "PROPN") \
                or view.lemma[i] not in lexicon.generic_comparatives:
            continue  # "the youngest member": the adjective names the attribute
        # the noun, its compounds and its "of" ("the highest *attendance figure*", "the
        # lowest *count of total medals*"): one word of them read names the column
        graded = [noun] + [c for c in view.children[noun] if view.dep[c] == "compound"] + [
            o for c in view.children[noun]
            if view.dep[c] == "prep" and view.lower[c] in lexicon.partitive_prepositions
            for o in view.children[c] if view.dep[o] == "pobj"]
        if not any(g in read or view.lower[g] in plain or view.lemma[g] in plain
                   for g in graded):
            return True
    return False


# the parts of speech of the words that restrict a quantified noun (not verbs: "all the
# games *played* in 1999" restricts by its year)
_RESTRICTING = frozenset({"NOUN", "PROPN", "ADJ", "NUM", "ADV"})


def _row_words(compiled: CompiledTable, lexicon) -> set[str]:
    """Words that name a table's rows rather than restrict or grade them: the caption's,
    the lexicon's row_nouns ("models", "items") and collection_nouns ("the lineup")."""
    return set(norm_text(compiled.table.caption).split()) | lexicon.row_nouns \
        | {w.lower() for w in lexicon.collection_nouns}


_AMOUNT_REASONS = frozenset({Reason.NUMBER_DIFFERS, Reason.VALUE_OF_ANOTHER_ROW,
                             Reason.VALUE_DIFFERS, Reason.UNIT_DIFFERS})


# the reasons of a figure checked as a number (not a cell's text: "5G" is no 5 g)
_NUMBER_REASONS = frozenset({Reason.NUMBER_DIFFERS, Reason.UNIT_DIFFERS})


def _cell_unit(cell) -> str | None:
    """The unit of a cell: its own ("$65") or its header's ("9.4" under weight_kg)."""
    q = parse_quantity(cell.value)
    return q.unit if q is not None and q.unit else header_unit(cell.column)[1]


def _named_exactly(link) -> bool:
    """The row is named by its exact name, or by a pronoun the coreference rules resolved
    to the name before it ("the Tern Pocket is the heaviest pen, and *it* measures ...")."""
    return link.method == "exact" or link.method.startswith("coref:")


def _wrong_amounts(results: tuple) -> tuple:
    """Refuted facts about an exactly named row whose claimed value is an amount in a known
    unit ("1.2 km", "$499", "5,300 mAh"): on general tables the rules' other refutations are
    no better than the program search, but these hold (TabFact val: 3 of 4)."""
    out = []
    for h in results:
        if h.verdict != REFUTED or h.reason not in _AMOUNT_REASONS or h.entity is None \
                or not _named_exactly(h.entity) \
                or h.value is None and (h.kind != "fact" or h.reason not in _NUMBER_REASONS):
            continue
        # the figure as the text gives it ("9.4 lb" said of a column in kg has no cell link)
        q = parse_quantity((h.value.mention if h.value is not None else h.text) or "",
                           loose=False)
        if q is None or q.unit not in UNITS:
            continue
        if h.reason == "unit differs" and not any(
                same_family(_cell_unit(cell), q.unit) for cell in h.evidence.output):
            continue  # "65 m²" beside a price of $65: another attribute, no wrong unit
        out.append(h)
    return tuple(out)

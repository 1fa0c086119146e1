"""The one entry point: statement + table in, report out.

A :class:`Checker` loads the spaCy pipeline, the GloVe vectors and the rule set once and
keeps them; ``check_doc`` takes an already-parsed Doc so batches, the service and the
learner parse each text once.  Rules can be reloaded: the new set is linted and compiled
first and swapped in with one assignment, so a broken file leaves the old rules serving.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from .agg import aggregate_hypotheses, check_document, claim_hypothesis
from .compiled import CompiledTable, compile_table
from .config import Config
from .errors import DepcheckError, InputError, LimitExceeded, TextTooLong
from .extract import extract
from .link import Domains, Linker
from .parse import load_pipeline
from .programs.hypothesis import program_hypothesis, row_hypothesis
from .report import UNVERIFIABLE, HypothesisResult, Report, statement_verdict
from .rules.loader import RuleSet, load_rules
from .table import Table
from .values import NUMBER_WORDS
from .vectors import Vectors, load_vectors
from .verify import Verifier


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
        self.domains = Domains()
        self._lock = threading.Lock()

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
        if table.n_cells > self.config.max_table_cells:
            raise LimitExceeded(f"table has {table.n_cells} cells, the limit is "
                                f"{self.config.max_table_cells}", field="table")
        compiled = compile_table(table)
        self.domains.add(compiled)
        return compiled

    def learn_domains(self, tables) -> None:
        """Show the checker more tables of the same schema (a catalog): their column values
        teach it what counts as, e.g., an ``area`` or a ``color`` when a row holds another."""
        for table in tables:
            self.domains.add(compile_table(table))

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

    def check_doc(self, doc, table: Table, *, started: float | None = None) -> Report:
        start = started if started is not None else time.perf_counter()
        compiled = self.compile(table)
        rules = self._rules
        mode = self.mode_for(compiled)
        if mode == "rows":
            found = row_hypothesis(doc, compiled)
            results = (found,) if found is not None else ()
        elif mode == "programs":
            results = self._program(doc, compiled, rules)
        else:
            results, entity_spans = self._facts(doc, compiled, rules)
            results += tuple(self._aggregates(doc, compiled, results, entity_spans))
        return Report(verdict=statement_verdict(results), text=doc.text, hypotheses=results,
                      timing_ms=(time.perf_counter() - start) * 1000.0, table_id=table.id,
                      rules_version=rules.version, details={"mode": mode})

    def mode_for(self, compiled: CompiledTable) -> str:
        """How to check against this table: a general table (many rows, any columns) gets
        program search over the whole table; a product catalog or a record gets the rules."""
        mode = self.config.mode
        if mode == "auto":
            return "programs" if compiled.n_rows >= self.config.general_min_rows else "rules"
        return mode

    def _program(self, doc, compiled: CompiledTable, rules: RuleSet) -> tuple:
        """The best-ranked program decides; when the search finds none, the rules do."""
        found = program_hypothesis(doc, compiled, vectors=self.vectors,
                                   budget_ms=self.config.program_budget_ms)
        if found is not None and found.verdict != UNVERIFIABLE:
            if abs(found.details.get("p_true", 0.5) - 0.5) >= PROGRAM_SURE:
                return (found,)
            agg = tuple(h for h in self._aggregates(doc, compiled, (), [])
                        if h.verdict != UNVERIFIABLE
                        and abs(h.details.get("correctness", 0.5) - 0.5) >= AGG_CONFIDENT)
            return agg or (found,)
        results, entity_spans = self._facts(doc, compiled, rules)
        return results + tuple(self._aggregates(doc, compiled, results, entity_spans))

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
        facts, _ = self._facts(self.nlp(text), compiled, rules)
        covered = [h.span for h in facts if h.verdict != UNVERIFIABLE]
        claims = check_document(text, table, nlp=self.nlp, vectors=self.vectors)
        aggregates = tuple(claim_hypothesis(c) for c in claims
                           if not any(a <= c.span[0] < b for a, b in covered))
        results = facts + aggregates
        return Report(verdict=statement_verdict(results), text=text, hypotheses=results,
                      timing_ms=(time.perf_counter() - start) * 1000.0, table_id=table.id,
                      rules_version=rules.version,
                      details={"claims": [c.to_dict() for c in claims]})

    def _facts(self, doc, compiled: CompiledTable, rules: RuleSet):
        """Rule-driven facts, comparisons and superlatives, and the entity spans they found."""
        extraction = extract(doc, rules, limit=self.config.max_matches_per_rule)
        linker = Linker(compiled, self.vectors, rules.lexicon, self.domains,
                        self.config.link_threshold)
        verifier = Verifier(doc, extraction, linker, rules,
                            max_hypotheses=self.config.max_hypotheses,
                            type_threshold=self.config.type_threshold)
        return tuple(verifier.run()), verifier.entity_spans

    def _aggregates(self, doc, compiled: CompiledTable, results,
                    entity_spans: list[tuple[int, int]]) -> list[HypothesisResult]:
        """Aggregate hypotheses for the numbers no fact check accounted for ("two of the
        three blenders", "an average rating of 4.5"): candidate queries on the cube."""
        if compiled.n_rows < 2:
            return []
        covered = [h.span for h in results if h.verdict != UNVERIFIABLE]
        in_entity = {i for a, b in entity_spans for i in range(a, b)}
        free = {t.idx for t in doc if _is_number(t) and t.i not in in_entity
                and _aggregate_trigger(t, any(i in in_entity for i in
                                              range(t.sent.start, t.sent.end)))
                and not any(a <= t.idx < b for a, b in covered)}
        if not free:
            return []
        found = aggregate_hypotheses(doc, compiled, vectors=self.vectors)
        return [h for h in found if any(_claim_covers(h, i) for i in free)]

    def check_batch(self, items: list[tuple[str, Table]]) -> list[Report | DepcheckError]:
        """Check many statements; texts are parsed together with ``nlp.pipe``."""
        out: list[Report | DepcheckError | None] = [None] * len(items)
        good: list[int] = []
        for i, (text, _) in enumerate(items):
            try:
                self.validate_text(text)
                good.append(i)
            except DepcheckError as exc:
                out[i] = exc
        start = time.perf_counter()
        docs = self.nlp.pipe([items[i][0] for i in good], batch_size=64)
        for i, doc in zip(good, docs, strict=True):
            try:
                out[i] = self.check_doc(doc, items[i][1], started=start)
            except DepcheckError as exc:
                out[i] = exc
            start = time.perf_counter()
        return out  # type: ignore[return-value]


# how far from 0.5 an aggregate claim's correctness must be to overrule a program
AGG_CONFIDENT = 0.4
# a program this sure (distance of its probability of truth from 0.5) is not second-guessed
PROGRAM_SURE = 0.1

AGGREGATE_WORDS = frozenset({"average", "mean", "total", "sum", "combined", "overall",
                             "altogether", "together", "percent", "percentage", "%", "median",
                             "majority", "half", "third", "quarter", "all", "both", "none",
                             "only", "each", "every"})


def _claim_covers(h: HypothesisResult, idx: int) -> bool:
    start = h.details.get("claim_offset")
    text = h.details.get("claim_text") or ""
    return start is not None and start <= idx < start + max(len(text), 1)


def _aggregate_trigger(tok, sentence_names_row: bool) -> bool:
    """A number in an aggregate construction: "two of the three", "two blenders are ...",
    a sentence that speaks of averages, totals, shares, all or none, or a superlative in a
    sentence that names no row ("the heaviest laptop weighs 2.8 kg")."""
    prev = tok.doc[max(0, tok.i - 2):tok.i]
    if len(prev) == 2 and prev[0].lower_ == "of" and prev[1].lower_ in ("the", "all"):
        return False  # "of the three": the compared group
    nxt = tok.doc[tok.i + 1:tok.i + 3]
    if len(nxt) == 2 and nxt[0].lower_ == "of" and nxt[1].lower_ in ("the", "all", "these"):
        return True
    if tok.dep_ in ("nsubj", "nsubjpass") or (
            tok.dep_ == "nummod" and tok.head.dep_ in ("nsubj", "nsubjpass")
            and tok.head.tag_ == "NNS"):
        return True
    if any(t.lower_ in AGGREGATE_WORDS for t in tok.sent):
        return True
    return not sentence_names_row and any(t.tag_ in ("JJS", "RBS") for t in tok.sent)


def _is_number(tok) -> bool:
    """A claimed number: digits or a number word, not part of a name ("Product 2") nor of a
    compound value ("1.4-inch", "three-season", "4K")."""
    if not (tok.like_num or tok.lower_ in NUMBER_WORDS and tok.pos_ == "NUM"):
        return False
    if tok.dep_ == "nummod" and tok.i > tok.head.i:
        return False
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if nxt is not None and nxt.text in ("-", "–"):
        return False
    prev = tok.doc[tok.i - 1] if tok.i > 0 else None
    if prev is not None and prev.pos_ == "PROPN" and prev.is_title:
        return False  # "PureBreeze 200": part of a name
    before = " ".join(t.lower_ for t in tok.doc[max(0, tok.i - 3):tok.i])
    if any(w in before for w in ("more than", "less than", "over", "under", "at least")):
        return False  # a bound, which the aggregate queries do not express
    if any(ch.isalpha() for ch in tok.text) and any(ch.isdigit() for ch in tok.text):
        return False
    return tok.like_num or tok.lower_ in NUMBER_WORDS and tok.pos_ == "NUM"

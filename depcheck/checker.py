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

from .compiled import CompiledTable, compile_table
from .config import Config
from .errors import DepcheckError, InputError, LimitExceeded, TextTooLong
from .extract import extract
from .link import Domains, Linker
from .parse import load_pipeline
from .report import Report, statement_verdict
from .rules.loader import RuleSet, load_rules
from .table import Table
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
        extraction = extract(doc, rules, limit=self.config.max_matches_per_rule)
        linker = Linker(compiled, self.vectors, rules.lexicon, self.domains,
                        self.config.link_threshold)
        results = Verifier(doc, extraction, linker, rules,
                           max_hypotheses=self.config.max_hypotheses,
                           type_threshold=self.config.type_threshold).run()
        results = tuple(results)
        return Report(verdict=statement_verdict(results), text=doc.text, hypotheses=results,
                      timing_ms=(time.perf_counter() - start) * 1000.0, table_id=table.id,
                      rules_version=rules.version)

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
        for i, doc in zip(good, docs):
            try:
                out[i] = self.check_doc(doc, items[i][1], started=start)
            except DepcheckError as exc:
                out[i] = exc
            start = time.perf_counter()
        return out  # type: ignore[return-value]

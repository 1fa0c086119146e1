"""Open-domain checks over the registered catalogs: a retrieval index kept in step with them.

The index is rebuilt only when the set of catalog tables changes (the catalog hands out the
same Table object until its file changes), so a check costs one search, not a rebuild.
"""

from __future__ import annotations

import threading

from depcheck.corpus import Corpus
from depcheck.report import Report
from depcheck.retrieve import TableIndex
from depcheck.table import TableStore

from .catalogs import Catalog


class CatalogCorpus:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key: tuple = ()
        self._corpus: Corpus | None = None

    def corpus(self, catalog: Catalog) -> Corpus:
        tables = catalog.tables()
        key = tuple((t.id, id(t)) for t in tables)
        with self._lock:
            if self._corpus is None or key != self._key:
                store = TableStore({t.id: t for t in tables})
                self._corpus = Corpus(store, TableIndex.build(tables))
                self._key = key
            return self._corpus

    def check(self, checker, catalog: Catalog, text: str, k: int) -> Report:
        return self.corpus(catalog).check(checker, text, k=k)

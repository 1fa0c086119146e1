"""The checker's column domains, kept equal to the stored catalogs in every worker.

Column domains (what counts as a colour, an area ...) come from the registered catalog
tables only, never from an inline table a client sent: such a table is checked with the
catalog's domains and forgotten, so no request changes another request's verdict.

Every worker works the domains out from the store itself, so all workers and every restart
agree.  A check first asks the store for its change token (the directory store: one ``stat``
of the data directory, which a write or a delete changes; the PostgreSQL store: the count of
change notifications seen).  Only when the token changed, or when the store says an unchanged
token proves nothing (a directory changed within a clock tick, a PostgreSQL listener not
connected), are the tables' versions compared: new tables are added to the domains, and a
replaced or deleted one has them rebuilt from the whole catalog.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from depcheck.compiled import compile_table

from .catalogs import CatalogStore

log = logging.getLogger("depcheck.service.domains")


class CatalogDomains:
    """Rebuilds ``checker``'s domains (``Checker.set_domains``) when the catalog changes."""

    def __init__(self, checker: Any, catalog: CatalogStore) -> None:
        self.checker = checker
        self.catalog = catalog
        self._lock = threading.Lock()
        self._dir_stamp: object = None
        self._domains: Any = None  # the checker's domains as this object last set them
        self.versions: dict[str, str] | None = None

    def sync(self) -> bool:
        """Bring the domains up to the stored catalog; True when they were rebuilt."""
        found = self.catalog.change_token()
        if found is None:
            return False
        stamp, certain = found
        mine = self.checker.domains is self._domains
        if stamp == self._dir_stamp and certain and mine:
            return False
        with self._lock:
            snapshot = self.catalog.snapshot()
            versions = {table_id: version for table_id, (_, version) in snapshot.items()}
            self._dir_stamp = stamp
            if versions == self.versions and mine:
                return False
            t0 = time.perf_counter()
            old = self.versions if mine else None
            added = [i for i in versions if old is not None and i not in old]
            if old is not None and added and all(versions.get(i) == v for i, v in old.items()):
                # only new tables: adding them gives what a rebuild would (the domains are
                # counts and sets over tables), without compiling the whole catalog again
                for table_id in added:
                    self.checker.domains.add(compile_table(snapshot[table_id][0]))
                how = f"{len(added)} new table(s) added"
            else:
                self.checker.set_domains([table for table, _ in snapshot.values()])
                how = "rebuilt"
            self._domains = self.checker.domains
            self.versions = versions
        log.info("column domains %s, %d catalog tables, in %.1f ms", how, len(versions),
                 (time.perf_counter() - t0) * 1e3)
        return True

"""A corpus of tables for open-domain checking: the tables, their retrieval index, and the
check that finds the table (or says there is none).

A corpus is a tables file (JSONL), a directory of tables files / ``.json`` / ``.csv``
tables, or any :class:`~depcheck.table.TableStore`.  Its index is built once and cached
under ``~/.cache/depcheck/index`` (or ``DEPCHECK_CACHE_DIR``), keyed by the index format
version, the index settings and the corpus files' paths, sizes and modification times, so
the next run loads it memory-mapped in milliseconds and a new index format or new settings
(the second stage's weights, say) never load a stale index.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import asdict, replace
from pathlib import Path

import orjson

from .errors import TableError
from .report import Report
from .retrieve import FORMAT_VERSION, IndexConfig, TableIndex, open_check
from .table import Table, TableStore
from .verdict import judge

TABLE_SUFFIXES = (".jsonl", ".json", ".csv")


def corpus_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if p.suffix.lower() in TABLE_SUFFIXES
                      and p.is_file() and ".depcheck-index" not in p.parts)
    raise TableError(f"{path}: no such corpus (a tables file or a directory of tables)")


def load_store(path: str | Path) -> TableStore:
    """Every table of a tables file or a directory of tables, by id."""
    tables: dict[str, Table] = {}
    for file in corpus_files(Path(path)):
        if file.suffix.lower() == ".jsonl":
            tables.update({t.id: t for t in TableStore.from_jsonl(file)})
        else:
            table = Table.from_file(file)
            tables[table.id or file.stem] = table
    if not tables:
        raise TableError(f"{path}: the corpus holds no table")
    return TableStore(tables)


def _fingerprint(files: list[Path], config: IndexConfig) -> str:
    """The cache key: index format, settings, and each file's path, size and mtime."""
    digest = hashlib.sha256(f"format {FORMAT_VERSION}:".encode())
    digest.update(orjson.dumps(asdict(config)))
    for f in files:
        st = f.stat()
        digest.update(f"{f.resolve()}:{st.st_size}:{st.st_mtime_ns}".encode())
    return f"v{FORMAT_VERSION}-{digest.hexdigest()[:16]}"


def _cache_root() -> Path:
    """Where built indexes are kept: never beside the corpus, which may be shared."""
    env = os.environ.get("DEPCHECK_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "depcheck" / "index"


class Corpus:
    """Tables plus their entity-level TF-IDF index."""

    def __init__(self, store: TableStore, index: TableIndex) -> None:
        self.store = store
        self.index = index

    @classmethod
    def open(cls, path: str | Path) -> Corpus:
        path = Path(path)
        files = corpus_files(path)
        store = load_store(path)
        config = IndexConfig()
        cache = _cache_root() / _fingerprint(files, config)
        try:
            index = TableIndex.load(cache)
        except (OSError, ValueError, KeyError, TableError):
            index = TableIndex.build(store, config)
            try:
                index.save(cache)
            except OSError:
                pass  # a read-only place: the index is rebuilt next time
        return cls(store, index)

    def check(self, checker, text: str, k: int = 5) -> Report:
        """Retrieve the ``k`` best tables, check against each, keep the best-linked one.

        Only hypotheses anchored on a row the claim names count here: a value that merely
        occurs somewhere in a retrieved table says nothing about the claim's subject.
        """
        checker.validate_text(text)
        doc = checker.nlp(text)
        return open_check(text, self.index, self.store,
                          lambda _, table: anchored(checker.check_doc(doc, table)), k, doc=doc)


def anchored(report: Report) -> Report:
    """The report restricted to hypotheses about a row the text names."""
    kept = tuple(h for h in report.hypotheses
                 if h.kind in ("aggregate", "claim") or h.entity is not None
                 and h.entity.method not in ("only-row",))
    return replace(report, hypotheses=kept, verdict=judge(kept, None, None).verdict)

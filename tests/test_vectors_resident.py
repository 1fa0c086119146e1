"""The GloVe matrix is memory-mapped and made resident once per process (``make_resident``),
so a check never pays a page fault on a word it reads for the first time."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from depcheck.vectors import Vectors, load_vectors, resident_all

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def mapped_kib(pid: int | str, path: Path) -> tuple[int, int]:
    """(size, resident) in KiB of the mappings of ``path`` in process ``pid``."""
    size = rss = 0
    inside = False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        fields = line.split()
        if fields and "-" in fields[0] and len(fields) >= 5:  # a mapping's first line
            inside = len(fields) >= 6 and fields[-1] == str(path)
        elif inside and fields[0] == "Size:":
            size += int(fields[1])
        elif inside and fields[0] == "Rss:":
            rss += int(fields[1])
    return size, rss


def matrix_file(vectors: Vectors) -> Path:
    return Path(vectors.kv.vectors.filename).resolve()


@linux_only
def test_the_loaded_matrix_is_resident_in_this_process() -> None:
    vectors = load_vectors()
    size, rss = mapped_kib("self", matrix_file(vectors))
    assert size > 70_000  # GloVe 6B 50d: 400,000 words x 50 float32
    assert rss >= 0.95 * size


def test_making_it_resident_again_changes_no_vector() -> None:
    vectors = load_vectors()
    words = ["kettle", "battery life", "quiet fan"]
    before = [vectors.unit(w).copy() for w in words]
    vectors._unit_cache.clear()
    assert resident_all() >= 0.0
    assert all(np.array_equal(a, vectors.unit(w)) for a, w in zip(before, words, strict=True))


def test_an_in_memory_matrix_has_nothing_to_map() -> None:
    vectors = Vectors.from_words({"red": [1.0, 0.0], "blue": [0.0, 1.0]})
    assert vectors.make_resident() == 0.0


class _NoPopulate:
    """An mmap whose madvise is refused, as on a kernel older than 5.14."""

    def madvise(self, option: int) -> None:
        raise OSError(22, "Invalid argument")


def test_a_kernel_without_populate_reads_every_page_instead(tmp_path: Path) -> None:
    path = tmp_path / "m.npy"
    np.save(path, np.arange(12, dtype=np.float32).reshape(6, 2))
    matrix = np.load(path, mmap_mode="r")
    matrix._mmap = _NoPopulate()
    vectors = Vectors.from_words({"a": [1.0, 0.0]})
    vectors.kv.vectors = matrix
    assert vectors.make_resident() >= 0.0  # no error: the pages were read instead
    assert float(np.asarray(vectors.kv.vectors).sum()) == 66.0

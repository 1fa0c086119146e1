"""Shared fixtures: the spaCy pipeline and a checker, loaded once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def nlp():
    from depcheck.parse import load_pipeline

    return load_pipeline()


@pytest.fixture(scope="session")
def core_checker():
    from depcheck.checker import Checker
    from depcheck.config import Config

    return Checker(Config(rules_dir=REPO / "rules"))


@pytest.fixture(scope="session")
def checker_2019():
    """A checker whose present is 2019 (the year InfoTabs-like records describe)."""
    from depcheck.checker import Checker
    from depcheck.config import Config

    return Checker(Config(rules_dir=REPO / "rules", as_of_year=2019))


@pytest.fixture(scope="session")
def pg_server():
    """A throwaway PostgreSQL server for this session (tests/pg.py)."""
    from .pg import postgres_server

    with postgres_server() as server:
        yield server


@pytest.fixture
def pg_url(pg_server) -> str:
    """The URL of a fresh, empty database on the session's PostgreSQL server."""
    return pg_server.new_database()

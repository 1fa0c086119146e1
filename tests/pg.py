"""A throwaway PostgreSQL server for the tests: initdb in a temporary directory, pg_ctl
start on a free loopback port, one fresh database per test, pg_ctl stop and removal at
the end.  initdb refuses to run as root, so as root the server runs as the ``postgres``
user (else ``nobody``) through ``runuser``.  ``scripts/ensure_postgres.sh`` (``make test``)
installs Debian's postgresql package when initdb is missing."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def find_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit()
                        else 0)
    return candidates[-1] if candidates else None


def _run_as() -> tuple[list[str], int | None, int | None]:
    if os.geteuid() != 0:
        return [], None, None
    for user in ("postgres", "nobody"):
        try:
            pw = pwd.getpwnam(user)
        except KeyError:
            continue
        return ["runuser", "-u", user, "--"], pw.pw_uid, pw.pw_gid
    raise RuntimeError("running as root and neither a 'postgres' nor a 'nobody' user exists")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    def __init__(self, root: Path, port: int) -> None:
        self.root, self.port = root, port

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://depcheck@127.0.0.1:{self.port}/{dbname}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextmanager
def postgres_server() -> Iterator[PostgresServer]:
    initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
    if not (initdb and pg_ctl):
        raise RuntimeError("PostgreSQL's initdb/pg_ctl not found: run scripts/ensure_postgres.sh "
                           "(make test does)")
    prefix, uid, gid = _run_as()
    root = Path(tempfile.mkdtemp(prefix="depcheck-pg-"))
    if uid is not None:
        os.chown(root, uid, gid)
    data, log = root / "data", root / "server.log"
    port = free_port()
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    subprocess.run([*prefix, initdb, "-D", str(data), "-U", "depcheck", "--auth=trust",
                    "-E", "UTF8", "--no-sync"], check=True, env=env, capture_output=True,
                   cwd=root)
    opts = (f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off")
    subprocess.run([*prefix, pg_ctl, "-D", str(data), "-o", opts, "-l", str(log), "-w",
                    "-t", "60", "start"], check=True, env=env, capture_output=True, cwd=root)
    try:
        yield PostgresServer(root, port)
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
                       env=env, capture_output=True, cwd=root)
        shutil.rmtree(root, ignore_errors=True)

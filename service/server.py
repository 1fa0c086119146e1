"""Start the service under gunicorn: what ``depcheck serve`` and ``make run`` call."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NoReturn

GUNICORN_CONF = Path(__file__).resolve().parent / "gunicorn.conf.py"
PROJECT_ROOT = Path(__file__).resolve().parent.parent


def bind_address(host: str, port: int) -> str:
    """gunicorn's ``--bind`` value; IPv6 literals get brackets."""
    return f"[{host}]:{port}" if ":" in host and not host.startswith("[") else f"{host}:{port}"


def gunicorn_command(host: str = "127.0.0.1", port: int = 8080,
                     workers: int | None = None) -> list[str]:
    """The argv that runs gunicorn with the service's configuration."""
    argv = [sys.executable, "-m", "gunicorn", "--config", str(GUNICORN_CONF),
            "--bind", bind_address(host, port)]
    if workers:
        argv += ["--workers", str(int(workers))]
    return argv


def gunicorn_env(data_dir: str | Path | None = None, rules_dir: str | Path | None = None,
                 base: dict[str, str] | None = None, **settings: object) -> dict[str, str]:
    """The environment for the service: data and rules directories, other ``DEPCHECK_*``."""
    env = dict(os.environ if base is None else base)
    if data_dir is not None:
        env["DEPCHECK_DATA_DIR"] = str(Path(data_dir).resolve())
    if rules_dir is not None:
        env["DEPCHECK_RULES_DIR"] = str(Path(rules_dir).resolve())
    for key, value in settings.items():
        env[f"DEPCHECK_{key.upper()}"] = str(value)
    # the app is imported by module path: make the project importable from any directory
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(PROJECT_ROOT), env.get("PYTHONPATH"))
                                        if p)
    return env


def serve(host: str = "127.0.0.1", port: int = 8080, workers: int | None = None,
          data_dir: str | Path | None = None, rules_dir: str | Path | None = None,
          api_key_file: str | Path | None = None, auth: str | None = None,
          store: str | None = None) -> NoReturn:
    """Replace this process with gunicorn serving the app (spaCy etc. preloaded once)."""
    argv = gunicorn_command(host, port, workers)
    settings: dict[str, object] = {}
    if api_key_file is not None:
        settings["api_key_file"] = Path(api_key_file).resolve()
    if auth is not None:
        settings["auth"] = auth
    if store is not None:
        settings["store"] = store
    env = gunicorn_env(data_dir, rules_dir, **settings)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(argv[0], argv, env)

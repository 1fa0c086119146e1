"""Helpers shared by the service, gunicorn and browser tests."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

BROKEN_RULE = """rules:
  - id: broken-rule
    kind: path
    role: attribute
    description: A rule whose pattern key has a typo.
    patern: "have dobj"
    examples:
      - text: "It has a remote."
        heads: [remote]
"""

GOOD_RULE = """rules:
  - id: extra-have-object
    kind: path
    role: attribute
    description: Objects of possession verbs name attributes (a copy used by the tests).
    pattern: "have dobj conj*"
    examples:
      - text: "The blender has a 550W motor."
        heads: [motor]
"""

PROBLEM_RE = re.compile(r"zz-test\.yaml:\d+: broken-rule: ")


def wait_until_ready(proc: subprocess.Popen, log_path: Path, ready: Callable[[], bool],
                     timeout: float = 180.0) -> None:
    """Poll ``ready`` until it holds; fail with the server's log if it dies or times out."""
    deadline = time.monotonic() + timeout
    while True:
        assert proc.poll() is None, "gunicorn exited:\n" + log_path.read_text()
        try:
            if ready():
                return
        except OSError:
            pass
        assert time.monotonic() < deadline, "gunicorn not ready:\n" + log_path.read_text()
        time.sleep(0.2)


def stop_server(proc: subprocess.Popen) -> None:
    """SIGTERM, then SIGKILL the process group if it does not stop in 30 s."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

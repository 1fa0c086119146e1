"""Reload the checker's rules when a file in the rules directory changes.

Polling happens on requests, at most once per ``interval`` seconds, and costs one
directory walk with a ``stat`` per rule file.  A background thread would not survive
gunicorn's fork of a preloaded app, and polling on request means every worker notices a
change by itself, with no messaging between processes.

The new set is linted, compiled and checked before it is swapped in: its rules' examples
must pass, and it must not drop rules the serving set has (no rules at all, a rule file gone,
a file that lost most of its rules: an emptied or truncated file) unless the service was
started with ``RULES_ALLOW_REMOVAL``.  When any check fails the old rules keep serving,
every problem is logged as ``file:line: rule-id: problem``, ``/readyz`` reports the rule
files as broken, and the same broken state is not re-checked on every poll (only a further
change retries).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from depcheck.errors import RuleError
from depcheck.rules.examples import check_all
from depcheck.rules.loader import load_rules
from depcheck.rules.safety import removal_problems

log = logging.getLogger("depcheck.service.rules")

RULE_SUFFIXES = (".yaml", ".yml")

Signature = tuple[tuple[str, int, int, int], ...]


def rules_signature(rules_dir: Path) -> Signature:
    """Identity of every rule file below ``rules_dir``: (relative path, inode, size, mtime)."""
    out = []
    try:
        paths = sorted(p for p in rules_dir.rglob("*") if p.suffix in RULE_SUFFIXES)
    except OSError:
        return ()
    for path in paths:
        try:
            st = path.stat()
        except OSError:
            continue  # removed between the walk and the stat: the next poll sees it
        out.append((str(path.relative_to(rules_dir)), st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(out)


def relative_location(location: str, rules_dir: Path) -> str:
    """A ``file:line`` (or a problem starting with one) with the file named relative to the
    rules directory: clients never see the server's absolute paths."""
    root = Path(rules_dir)
    prefixes = {str(root.resolve()), str(root)}
    try:
        prefixes.add(str(root.resolve().relative_to(Path.cwd())))
    except ValueError:
        pass
    for prefix in sorted(prefixes, key=len, reverse=True):
        if prefix not in (".", "") and location.startswith(prefix + "/"):
            return location[len(prefix) + 1:]
    if location.startswith("/"):  # outside the rules directory: the file name only
        head, sep, rest = location.partition(":")
        return Path(head).name + sep + rest
    return location


@dataclass
class ReloadState:
    """What the last reload attempt did, for ``GET /v1/rules`` and the logs."""

    version: str = ""
    ok: bool = True
    problems: list[str] = field(default_factory=list)
    at: float = 0.0
    trigger: str = "start"

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "version": self.version, "problems": self.problems,
                "at": self.at, "trigger": self.trigger}


class RulesWatcher:
    """Polls the served rules directory and reloads the checker's rules on change."""

    def __init__(self, checker: Any, interval: float = 1.0,
                 on_reload: Callable[[bool, str], None] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 allow_removal: bool = False, run_examples: bool = True) -> None:
        self.checker = checker
        self.interval = float(interval)
        self.allow_removal = allow_removal
        self.run_examples = run_examples
        self._on_reload = on_reload
        self._clock = clock
        self._lock = threading.Lock()
        self._next_poll = clock() + self.interval
        self._seen = rules_signature(self.rules_dir)
        self.state = ReloadState(version=checker.rules.version, at=time.time())

    @property
    def rules_dir(self) -> Path:
        return Path(self.checker.rules_dir)

    def poll(self) -> None:
        """Reload if the interval has passed and a rule file changed; never raises."""
        if self.interval <= 0 or self._clock() < self._next_poll:
            return
        with self._lock:
            if self._clock() < self._next_poll:
                return
            self._next_poll = self._clock() + self.interval
            signature = rules_signature(self.rules_dir)
            if signature == self._seen:
                return
            self._seen = signature
            try:
                self._reload("change")
            except RuleError:
                pass  # logged in _reload; the old rules keep serving
            except Exception:  # a reload bug must not fail the unrelated request polling
                log.exception("rules reload after a change failed; old rules kept")

    def reload(self, trigger: str = "request") -> Any:
        """Reload now; return the new rule set or raise :class:`RuleError` (old set kept)."""
        with self._lock:
            self._seen = rules_signature(self.rules_dir)
            return self._reload(trigger)

    def validate(self) -> Any:
        """Load the rules directory as a candidate set and check it against the serving one;
        return it, or raise :class:`RuleError` naming every problem."""
        config = getattr(self.checker, "config", None)
        candidate = load_rules(self.rules_dir, max_nodes=getattr(config, "max_rule_nodes", 8))
        problems: list[str] = []
        if not self.allow_removal:
            problems += removal_problems(self.checker.rules, candidate, self.rules_dir)
        if self.run_examples and getattr(self.checker, "nlp", None) is not None:
            problems += check_all(candidate, self.checker.nlp)
        if problems:
            raise RuleError(problems)
        return candidate

    def _reload(self, trigger: str) -> Any:
        old = self.checker.rules.version
        try:
            candidate = self.validate()
            rules = self.checker.reload_rules(None)
            if rules.version != candidate.version:  # a file changed between the two reads:
                self._seen = ()                     # the next poll checks the newest files
                log.warning("rule files changed during the reload (%s); they are checked "
                            "again on the next poll", trigger)
        except RuleError as exc:
            exc.problems = [relative_location(p, self.rules_dir) for p in exc.problems]
            self.state = ReloadState(version=old, ok=False, problems=list(exc.problems),
                                     at=time.time(), trigger=trigger)
            log.error("rules reload (%s) rejected; still serving version %s", trigger, old)
            for problem in exc.problems:
                log.error("rules: %s", problem)
            self._notify(False)
            raise
        self.state = ReloadState(version=rules.version, ok=True, at=time.time(), trigger=trigger)
        log.info("rules reloaded (%s): version %s -> %s, %d rules", trigger, old, rules.version,
                 len(rules.rules))
        self._notify(True)
        return rules

    def _notify(self, ok: bool) -> None:
        if self._on_reload is not None:
            self._on_reload(ok, self.checker.rules.version)

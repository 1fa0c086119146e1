"""API keys for the service: bearer tokens on the write endpoints, optional per-key rate limits.

Keys come from ``DEPCHECK_API_KEYS`` (entries separated by commas) and/or the file named by
``DEPCHECK_API_KEY_FILE`` (``depcheck serve --api-key-file``; one entry a line, ``#``
comments).  An entry is a key of at least 16 characters, optionally followed by
``rate=N``: at most N requests a minute with that key (a token bucket per worker, so the
service as a whole allows up to N times the number of workers).

With no keys every endpoint is open, as before.  With keys, the write endpoints (tables PUT
and DELETE, rules reload) need ``Authorization: Bearer <key>``; with ``DEPCHECK_AUTH=all``
(``--auth all``) every endpoint does, except the probes ``/healthz`` and ``/readyz``.  A
request that sends a key is checked (and counted) whatever the endpoint.  Only hashes of the
keys are kept in memory, compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from depcheck.errors import DepcheckError

MIN_KEY_CHARS = 16
SCOPES = ("writes", "all")
WRITE_ENDPOINTS = frozenset({"tables.put_table", "tables.delete_table", "rules.reload_rules"})
OPEN_ENDPOINTS = frozenset({"ops.healthz", "ops.readyz"})


class Unauthorized(DepcheckError):
    """No key, or a key the service does not know, on an endpoint that needs one."""

    code = "E711"
    http_status = 401


class RateLimited(DepcheckError):
    """A key's requests a minute are spent."""

    code = "E729"
    http_status = 429

    def __init__(self, message: str, *, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass
class _Bucket:
    per_minute: float
    tokens: float
    at: float

    def take(self, now: float) -> float:
        """0 when a request may go now, else the seconds until it may."""
        self.tokens = min(self.per_minute, self.tokens + (now - self.at) * self.per_minute / 60)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) * 60 / self.per_minute


@dataclass
class ApiKey:
    digest: bytes
    per_minute: float | None = None
    bucket: _Bucket | None = field(default=None, repr=False)


def _digest(key: str) -> bytes:
    return hashlib.sha256(key.encode()).digest()


def parse_entries(text: str, source: str, separator: str = "\n") -> list[ApiKey]:
    """Keys from ``KEY [rate=N]`` entries; ValueError naming the source and entry number."""
    keys = []
    for number, raw in enumerate(text.split(separator), start=1):
        entry = raw.split("#", 1)[0].strip() if separator == "\n" else raw.strip()
        if not entry:
            continue
        key, *options = entry.split()
        if len(key) < MIN_KEY_CHARS:
            raise ValueError(f"{source}:{number}: an API key needs at least {MIN_KEY_CHARS} "
                             "characters")
        per_minute = None
        for option in options:
            name, _, value = option.partition("=")
            try:
                per_minute = float(value) if name == "rate" else None
            except ValueError:
                per_minute = None
            if name != "rate" or per_minute is None or not per_minute > 0:
                raise ValueError(f"{source}:{number}: unknown option {option!r} "
                                 "(expected rate=N requests a minute, N > 0)")
        keys.append(ApiKey(_digest(key), per_minute))
    return keys


class Auth:
    """Which requests need a key, and whether the one they send is good."""

    def __init__(self, keys: list[ApiKey], scope: str = "writes",
                 clock=time.monotonic) -> None:
        if scope not in SCOPES:
            raise ValueError(f"DEPCHECK_AUTH must be one of {', '.join(SCOPES)}, got {scope!r}")
        self.keys = keys
        self.scope = scope
        self._clock = clock
        self._lock = threading.Lock()

    @classmethod
    def from_settings(cls, env_keys: str | None, key_file: Path | None,
                      scope: str = "writes") -> Auth:
        keys = parse_entries(env_keys or "", "DEPCHECK_API_KEYS", separator=",")
        if key_file is not None:
            keys += parse_entries(Path(key_file).read_text(encoding="utf-8"), str(key_file))
        return cls(keys, scope)

    @property
    def enabled(self) -> bool:
        return bool(self.keys)

    def needs_key(self, endpoint: str | None) -> bool:
        if not self.enabled or endpoint in OPEN_ENDPOINTS:
            return False
        return self.scope == "all" or endpoint in WRITE_ENDPOINTS

    def check(self, endpoint: str | None, authorization: str | None) -> None:
        """Raise :class:`Unauthorized` or :class:`RateLimited`, or return."""
        if not self.enabled or endpoint in OPEN_ENDPOINTS:
            return
        if not authorization:
            if self.needs_key(endpoint):
                raise Unauthorized("this endpoint needs an API key: send "
                                   "'Authorization: Bearer <key>'", field="Authorization")
            return
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthorized("the Authorization header must be 'Bearer <key>'",
                               field="Authorization")
        digest = _digest(token.strip())
        found = None
        for key in self.keys:  # every key compared, in constant time
            if hmac.compare_digest(key.digest, digest):
                found = key
        if found is None:
            raise Unauthorized("unknown API key", field="Authorization")
        if found.per_minute is not None:
            with self._lock:
                now = self._clock()
                if found.bucket is None:
                    found.bucket = _Bucket(found.per_minute, found.per_minute, now)
                wait = found.bucket.take(now)
            if wait > 0:
                raise RateLimited(f"this key's {found.per_minute:g} requests a minute are "
                                  f"spent; retry in {wait:.1f} s", retry_after=wait)

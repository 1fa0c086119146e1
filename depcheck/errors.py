"""The library's own errors, each with a stable code.

Callers (the CLI, the service) map codes to exit statuses or HTTP statuses; a client's
mistake never surfaces as a traceback or a 500.  Messages are one line and say what is
wrong and where (``file:line`` for rules, a field name for API input).
"""

from __future__ import annotations


class DepcheckError(Exception):
    """Base class: ``code`` is stable, ``message`` is one readable line."""

    code = "E000"
    http_status = 400

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def to_dict(self) -> dict:
        out = {"code": self.code, "message": self.message}
        if self.field:
            out["field"] = self.field
        return out

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class InputError(DepcheckError):
    """A statement or option the checker cannot take (empty text, unknown option)."""

    code = "E100"
    http_status = 422


class TextTooLong(InputError):
    code = "E101"
    http_status = 413


class TableError(DepcheckError):
    """A table that cannot be compiled: no rows, ragged rows, duplicate columns, bad file."""

    code = "E200"
    http_status = 422


class UnknownTable(DepcheckError):
    code = "E201"
    http_status = 404


class SuiteError(DepcheckError):
    """A suite file or one of its lines is malformed."""

    code = "E300"


class RuleError(DepcheckError):
    """One or more rule files are invalid; ``problems`` lists every one of them."""

    code = "E400"
    http_status = 422

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        first = self.problems[0] if self.problems else "invalid rules"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(first + more)

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "problems": self.problems}


class ResourceError(DepcheckError):
    """A model or vector package is missing or unreadable (an installation problem)."""

    code = "E500"
    http_status = 503


class LimitExceeded(DepcheckError):
    """A configured bound (cells, batch size, time budget) was exceeded."""

    code = "E600"
    http_status = 413

"""HTTP plumbing shared by the blueprints: orjson responses, request bodies, errors, budgets.

Every client mistake becomes ``{"error": {"code", "message"}}`` with a 4xx status; codes
``E7xx`` belong to the HTTP layer, the others come from :mod:`depcheck.errors`.  A 500
means a bug in the service or the library: it is logged with its traceback and still
answered in JSON, without the traceback.
"""

from __future__ import annotations

import logging
import math
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import orjson
from flask import Flask, Response, current_app, request
from flask.json.provider import JSONProvider
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from depcheck.errors import DepcheckError, LimitExceeded

log = logging.getLogger("depcheck.service")

JSON_MIME = "application/json"


class OrjsonProvider(JSONProvider):
    """Flask's JSON through orjson: several times faster than the standard library."""

    option = orjson.OPT_NON_STR_KEYS | orjson.OPT_SERIALIZE_NUMPY

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return orjson.dumps(obj, default=str, option=self.option).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        body = orjson.dumps(obj, default=str, option=self.option)
        return self._app.response_class(body, mimetype=JSON_MIME)


class HttpError(DepcheckError):
    """A mistake in the HTTP request itself (not in its content)."""

    code = "E700"
    http_status = 400


class MalformedJson(HttpError):
    code = "E701"
    http_status = 400


class UnsupportedMediaType(HttpError):
    code = "E702"
    http_status = 415


class InvalidField(HttpError):
    code = "E703"
    http_status = 422


class TooManyItems(LimitExceeded):
    code = "E602"
    http_status = 413


class TimeBudgetExceeded(LimitExceeded):
    code = "E601"
    http_status = 503


HTTP_CODES = {400: "E700", 401: "E711", 404: "E704", 405: "E705", 413: "E706", 414: "E714",
              415: "E702", 429: "E729", 431: "E731"}


SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff",
                    "Content-Security-Policy": "frame-ancestors 'none'",
                    "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"}


def add_security_headers(response: Response) -> Response:
    """The security headers on a response; a page's own policy gains frame-ancestors."""
    for name, value in SECURITY_HEADERS.items():
        if name == "Content-Security-Policy" and name in response.headers:
            if "frame-ancestors" not in response.headers[name]:
                response.headers[name] = f"{response.headers[name]}; {value}"
        else:
            response.headers.setdefault(name, value)
    return response


def raw_error_response(status: int, reason: str, message: str) -> bytes:
    """A whole HTTP/1.1 JSON error response, for errors gunicorn answers itself before the
    app sees the request (414, 431, a malformed request line) or after the app lost it (a
    worker stopped mid-request: 500)."""
    code = HTTP_CODES.get(status, f"E7{status % 100:02d}" if status < 500 else "E799")
    if status >= 500:
        message = "the request was interrupted in the server; it has been logged"
    body = orjson.dumps(error_body(code, message or reason))
    head = [f"HTTP/1.1 {status} {reason}", "Connection: close",
            f"Content-Type: {JSON_MIME}", f"Content-Length: {len(body)}",
            *(f"{k}: {v}" for k, v in SECURITY_HEADERS.items())]
    if status >= 500:
        head.append("Retry-After: 1")
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def json_response(obj: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """A JSON response serialized with orjson."""
    body = orjson.dumps(obj, default=str, option=OrjsonProvider.option)
    return Response(body, status=status, mimetype=JSON_MIME, headers=headers)


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, **extra}}


def media_type() -> str:
    """The request's media type, lowercased, without parameters."""
    return (request.mimetype or "").lower()


def read_body() -> bytes:
    """The whole request body, or 413 (``MAX_CONTENT_LENGTH``) whatever the transfer
    encoding: Werkzeug checks a Content-Length, but silently cuts a chunked body at the
    limit, so one is read here to one byte past the limit."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if request.content_length is not None or limit is None \
            or not request.environ.get("wsgi.input_terminated"):
        return request.get_data(cache=False)
    stream = request.environ["wsgi.input"]
    chunks: list[bytes] = []
    size = 0
    while chunk := stream.read(min(65536, limit + 1 - size)):
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise RequestEntityTooLarge(f"the request body is larger than the limit of "
                                        f"{limit} bytes")
    return b"".join(chunks)


def read_json_object() -> dict[str, Any]:
    """The request body as a JSON object: 415 if not JSON, 400 if malformed, 422 if not an object.

    Reading the body enforces ``MAX_CONTENT_LENGTH`` (Werkzeug raises 413).
    """
    if media_type() != JSON_MIME and not media_type().endswith("+json"):
        raise UnsupportedMediaType(
            f"expected Content-Type {JSON_MIME}, got {request.mimetype or 'none'!r}")
    raw: bytes | str = read_body()
    charset = request.mimetype_params.get("charset", "utf-8").strip().lower()
    if charset.replace("-", "").replace("_", "") not in ("utf8", "usascii", "ascii"):
        try:  # a declared charset is honoured, not ignored
            raw = raw.decode(charset)
        except (LookupError, UnicodeDecodeError) as exc:
            raise MalformedJson(f"request body cannot be decoded as {charset!r}: {exc}",
                                field="body") from None
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise MalformedJson(f"request body is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidField("request body must be a JSON object", field="body")
    return data


def register_error_handlers(app: Flask) -> None:
    """Map library errors, HTTP errors and anything unexpected to JSON error responses."""

    @app.errorhandler(DepcheckError)
    def _depcheck_error(exc: DepcheckError) -> Response:
        headers = {}
        if exc.http_status in (429, 503):
            headers["Retry-After"] = str(max(1, math.ceil(getattr(exc, "retry_after", 1))))
        if exc.http_status == 401:
            headers["WWW-Authenticate"] = 'Bearer realm="depcheck"'
        return json_response({"error": exc.to_dict()}, exc.http_status, headers or None)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> Response:
        status = exc.code or 500
        code = HTTP_CODES.get(status, f"E7{status % 100:02d}" if status < 500 else "E799")
        message = exc.description or exc.name
        if status == 400 and "json" in str(message).lower():
            code = MalformedJson.code
        response = json_response(error_body(code, str(message)), status)
        if status == 405 and getattr(exc, "valid_methods", None):
            response.headers["Allow"] = ", ".join(exc.valid_methods)
        return response

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response:
        log.exception("unhandled error on %s %s", request.method, request.path)
        return json_response(error_body("E799", "internal error; it has been logged"), 500)


@contextmanager
def time_budget(seconds: float) -> Iterator[None]:
    """Abort the enclosed work with :class:`TimeBudgetExceeded` after ``seconds``.

    Uses a real-time interval timer, which only the main thread may arm: gunicorn's sync
    workers (and the Flask test client) run requests there.  Elsewhere the budget is not
    enforced and gunicorn's worker timeout is the bound.  ``seconds`` is held to at least
    1 ms, so no value switches the timer off.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    # a denormal would arm the timer with 0 s, which disarms it: never less than 1 ms
    seconds = max(seconds, 0.001)
    armed = [True]

    def _expired(signum: int, frame: Any) -> None:
        if armed[0]:  # a late signal, once the work is done, is ignored
            raise TimeBudgetExceeded(f"the check took longer than the time budget of "
                                     f"{seconds * 1000:g} ms; send a shorter text or fewer items")

    previous = signal.signal(signal.SIGALRM, _expired)
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        yield
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def elapsed_ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000.0

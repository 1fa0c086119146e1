"""The spell-checker page: ``GET /`` serves ``service/static/index.html``, assets under ``/ui/``.

Plain files, no templating and no build step; the page talks to the JSON API like any client.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"

bp = Blueprint("page", __name__, static_folder=str(STATIC_DIR), static_url_path="/ui")


@bp.get("/")
def index() -> Response:
    """The checker page."""
    response = send_from_directory(STATIC_DIR, "index.html", max_age=0)
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'")
    return response

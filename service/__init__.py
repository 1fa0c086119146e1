"""The depcheck verification service: a thin Flask layer over the library, run by gunicorn.

``create_app(config)`` builds the WSGI app; ``serve(host, port, workers, data_dir)`` execs
gunicorn with ``service/gunicorn.conf.py``.
"""

from .app import create_app
from .server import serve

__all__ = ["create_app", "serve"]

"""gunicorn settings for the depcheck service (``gunicorn -c service/gunicorn.conf.py``).

The app is preloaded: spaCy, the GloVe vectors (memory-mapped) and the rules load once in
the master and forked workers share those pages.  Checking is CPU-bound and single-threaded,
so the default is one sync worker per core.  Every value can be set from the environment
(``DEPCHECK_BIND``, ``DEPCHECK_WORKERS``, ``DEPCHECK_WORKER_TIMEOUT``, ``DEPCHECK_ACCESS_LOG``,
``DEPCHECK_LOG_LEVEL``); ``service.server.serve`` sets them from its arguments.
"""

import gc
import logging
import os
import shutil
import sys
import tempfile

import gunicorn.util

# One BLAS/OpenMP thread per worker: workers are the parallelism, and thread pools created
# in the master before the fork are a known cause of hangs in the children.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

wsgi_app = "service.app:create_app()"
bind = os.environ.get("DEPCHECK_BIND", "127.0.0.1:8080")
workers = int(os.environ.get("DEPCHECK_WORKERS") or os.cpu_count() or 1)
worker_class = "sync"
preload_app = True
timeout = int(os.environ.get("DEPCHECK_WORKER_TIMEOUT", "30"))
# Workers are recycled after this many requests (each its own count, thanks to the jitter),
# so whatever a worker's caches and spaCy's vocabulary gather is given back regularly.
max_requests = int(os.environ.get("DEPCHECK_MAX_REQUESTS", "2000"))
max_requests_jitter = max(1, max_requests // 10) if max_requests else 0
graceful_timeout = 10
backlog = 256
limit_request_line = 8190
limit_request_fields = 100
# gunicorn >= 24 opens a control socket at one fixed per-user path; two services (or a
# service and its tests) would fight over it, and nothing here uses it.
control_socket_disable = True

loglevel = os.environ.get("DEPCHECK_LOG_LEVEL", "info")
errorlog = "-"
accesslog = os.environ.get("DEPCHECK_ACCESS_LOG", "-") or None
access_log_format = '%(h)s "%(r)s" %(s)s %(B)s %(M)sms pid=%(p)s'

# Errors gunicorn answers itself (414 URI too long, 431, a malformed request line, the 500
# of a worker stopped mid-request) are JSON like every other error of the service.
def _write_json_error(sock, status_int, reason, mesg):
    from service.http import raw_error_response

    gunicorn.util.write_nonblock(sock, raw_error_response(int(status_int), reason, str(mesg)))


gunicorn.util.write_error = _write_json_error

# The service's own loggers (rule reloads name file:line: rule-id: problem) go to stderr
# beside gunicorn's error log; set up here, before the app is preloaded and forked.
_handler = logging.StreamHandler(sys.stderr)
_handler.setFormatter(logging.Formatter(
    "[%(asctime)s] [%(process)d] [%(levelname)s] %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S %z"))
_service_log = logging.getLogger("depcheck")
_service_log.addHandler(_handler)
_service_log.setLevel(loglevel.upper())
_service_log.propagate = False

# Workers share metric snapshots through a directory that lives as long as the master.
_OWN_METRICS_DIR = "DEPCHECK_METRICS_DIR" not in os.environ
if _OWN_METRICS_DIR:
    os.environ["DEPCHECK_METRICS_DIR"] = tempfile.mkdtemp(prefix="depcheck-metrics-")


def pre_fork(server, worker) -> None:
    """Move everything the preloaded app allocated (spaCy, vectors vocabulary, rules) to
    the garbage collector's permanent generation: a full collection would otherwise walk
    those ~150k containers (about 0.2 s, a latency spike) and touch their pages, undoing
    the sharing that preloading bought."""
    gc.freeze()


def post_fork(server, worker) -> None:
    """Map the GloVe matrix into the new worker's page tables before it serves (a fork does
    not copy them for a shared file mapping): otherwise each word a worker reads for the
    first time costs a page fault inside some check."""
    from depcheck.vectors import resident_all

    seconds = resident_all()
    if seconds:
        _service_log.debug("worker %s: vectors resident in %.1f ms", worker.pid, seconds * 1e3)


def on_exit(server) -> None:
    """Remove the metrics directory this configuration created."""
    if _OWN_METRICS_DIR:
        shutil.rmtree(os.environ["DEPCHECK_METRICS_DIR"], ignore_errors=True)

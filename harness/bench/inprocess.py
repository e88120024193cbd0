"""In-process timing: call each WSGI app directly in a tight loop, interleaved.

WebTest is not used here: its own cost per request (linting, WebOb parsing)
would be larger than the differences we want to see. The clock is the process's
CPU time: on a shared machine, time spent waiting for a core is not the app's cost.
"""

from __future__ import annotations

import gc
import io
import statistics
import sys
import time
from urllib.parse import urlsplit


def environ_for(path: str) -> dict:
    """A GET environ like the one a WSGI server hands over."""
    parts = urlsplit(path)
    return {
        "REQUEST_METHOD": "GET",
        "SCRIPT_NAME": "",
        "PATH_INFO": parts.path,
        "QUERY_STRING": parts.query,
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "localhost",
        "HTTP_ACCEPT": "*/*",
        "HTTP_USER_AGENT": "kit-bench",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


class Caller:
    """One app and one prepared request, callable n times."""

    def __init__(self, app, path: str):
        self.app = app
        self.environ = environ_for(path)
        self.status = ""

    def _start_response(self, status, headers, exc_info=None):
        self.status = status

    def once(self) -> tuple[str, bytes]:
        environ = {**self.environ, "wsgi.input": io.BytesIO()}
        body = self.app(environ, self._start_response)
        try:
            data = b"".join(body)
        finally:
            if hasattr(body, "close"):
                body.close()
        return self.status, data

    def batch(self, n: int) -> float:
        """CPU seconds per request over n requests."""
        app, base, start_response = self.app, self.environ, self._start_response
        clock = time.process_time
        begin = clock()
        for _ in range(n):
            body = app({**base, "wsgi.input": io.BytesIO()}, start_response)
            for _chunk in body:
                pass
            if hasattr(body, "close"):
                body.close()
        return (clock() - begin) / n


def measure(callers: dict[str, Caller], rounds: int, batch_seconds: float) -> dict[str, dict]:
    """Time every caller in interleaved rounds (A B C, C B A, ...); medians per request."""
    sizes = {}
    for name, caller in callers.items():
        per_request = caller.batch(20)
        sizes[name] = max(5, int(batch_seconds / per_request))
        caller.batch(sizes[name])  # warm-up: caches, lazy imports, the first connection
    samples: dict[str, list[float]] = {name: [] for name in callers}
    order = list(callers)
    for round_ in range(rounds):
        for name in (order if round_ % 2 == 0 else reversed(order)):
            gc.collect()
            samples[name].append(callers[name].batch(sizes[name]))
    return {
        name: {
            "median_us": statistics.median(values) * 1e6,
            "min_us": min(values) * 1e6,
            "spread_pct": 100 * (statistics.quantiles(values, n=4)[2]
                                 - statistics.quantiles(values, n=4)[0])
            / statistics.median(values) if len(values) >= 4 else None,
            "batch": sizes[name],
            "samples_us": [round(v * 1e6, 3) for v in values],
        }
        for name, values in samples.items()
    }

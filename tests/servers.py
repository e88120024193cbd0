"""Real servers for the tests that need one: gunicorn running a build in a subprocess."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

GUNICORN = str(Path(sys.executable).parent / "gunicorn")
# A worker says it is ready only after the app (and its schema) was built.
HOOKS = "def post_worker_init(worker):\n    worker.log.info('app ready in %s', worker.pid)\n"
APPS = {"bottle": "bottle_app:create_app({settings})", "flask": "flask_app:create_app({settings})"}


@dataclass
class Server:
    process: subprocess.Popen
    log: Path
    port: int | None = None

    def text(self) -> str:
        return self.log.read_text()


@contextlib.contextmanager
def gunicorn(framework: str, url: str, folder: Path, *options: str, workers: int = 4,
             settings: dict | None = None) -> Iterator[Server]:
    """Start gunicorn on the database and wait until every worker has built the app;
    `server.process.poll()` is None while it is up. Stopped on leaving."""
    hooks = folder / "hooks.py"
    hooks.write_text(HOOKS)
    log = folder / "gunicorn.log"
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(32)}
    app = APPS[framework].format(settings=repr(settings) if settings else "")
    with open(log, "w") as out:
        process = subprocess.Popen(
            [GUNICORN, "-w", str(workers), *options, "-b", "127.0.0.1:0", "-c", str(hooks),
             app], env=env, stdout=out, stderr=subprocess.STDOUT)
    server = Server(process, log)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and process.poll() is None:
            if server.text().count("app ready in") == workers:
                break
            time.sleep(0.2)
        found = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", server.text())
        server.port = int(found[1]) if found else None
        yield server
    finally:
        process.terminate()
        process.wait(30)

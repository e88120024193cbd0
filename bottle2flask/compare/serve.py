"""bottle2flask serve A B: two apps side by side in a browser; one Ctrl-C stops it.

Each app that is a file runs on a copy of its folder in a temporary folder (--in-place:
where it is), and a factory that takes settings gets one shared secret and its own
SQLite file there, so nothing the panes do reaches the user's files.
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import signal
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

from werkzeug.serving import make_server

from .. import interpreter
from ..errors import UsageError
from ..exit_status import ExitStatus
from ..loading import folders_of, is_url, labels
from ..loading import load as load_app
from ..parity.runner import on_copy
from .page import create_compare_app


class StopSignals:
    """Ctrl-C, a TERM or a HUP asks to stop, however often it comes; use as a context.

    The handler only appends to a list. A threading.Event would deadlock: its set() takes
    the lock that the main thread, interrupted inside Event.wait(), may be holding."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

    def __init__(self) -> None:
        self.received: list[int] = []
        self.previous: dict = {}

    def __enter__(self) -> StopSignals:
        self.previous = {sig: signal.signal(sig, lambda sig, _: self.received.append(sig))
                         for sig in self.SIGNALS}
        return self

    def __exit__(self, *exc) -> None:
        for sig, handler in self.previous.items():
            signal.signal(sig, handler)

    def __bool__(self) -> bool:
        return bool(self.received)

    def wait(self, seconds: float) -> bool:
        """Sleep up to `seconds` (a signal cuts it short); whether a stop was asked."""
        if not self.received:
            time.sleep(seconds)
        return bool(self.received)


def check_port(host: str, port: int, what: str, hint: str) -> None:
    """A port already in use is a one-line error that says how to pick another. Port 0
    (any free port, which the server takes when it binds) is never probed."""
    if port == 0:
        return
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            raise UsageError(
                f"port {port} (for {what}) is already in use. Stop whatever uses it, "
                f"or pick another port, e.g. {hint.format(port=port + 1)}") from None


def label(name: str) -> str:
    """The start of each log line, as docker compose writes it: which server wrote it."""
    return f"{name:<7}| "


def log_as(name: str) -> None:
    """Label the compare server's own request log (Werkzeug's logger)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(label(name) + "%(message)s"))
    logger = logging.getLogger("werkzeug")
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)


def serve_apps(specs: list[str], host: str = "localhost", compare_port: int = 8000,
               in_place: bool = False) -> int:
    """The compare page over two apps (module:attr, file.py[:attr] or a URL), in-process."""
    check_port(host, compare_port, "the compare page",
               "bottle2flask serve A B --compare-port {port}")
    names = labels(specs)
    secret = os.environ.get("SECRET_KEY") or secrets.token_hex(32)
    with tempfile.TemporaryDirectory(prefix="bottle2flask-serve-") as folder:
        where = "in place" if in_place else f"on copies in {folder}"
        print(f"Running the apps {where}; their own folders are "
              f"{'written by what you do' if in_place else 'not touched'}.", flush=True)
        apps = {}
        for name, spec in zip(names, specs, strict=True):
            settings = {"DEBUG": True, "SECRET_KEY": secret,
                        "DATABASE_URL": f"sqlite:///{Path(folder) / f'{name}.sqlite3'}"}
            target = spec if in_place else on_copy(spec, Path(folder), name)
            apps[name] = load_app(target, settings, name).wsgi
        return run_compare(apps, specs, host, compare_port, secret)


def run_compare(apps: dict, specs: list[str], host: str, port: int, secret: str) -> int:
    log_as("compare")
    server = make_server(host, port, create_compare_app(apps, secret), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    for name, spec in zip(apps, specs, strict=True):
        kind = "over HTTP" if is_url(spec) else "in-process"
        print(f"  {name:<7} {spec} ({kind}), under /{name}/", flush=True)
    # the port bound: the one asked for, or the one given for 0
    print(f"  compare http://{host}:{server.server_port}/   (both apps side by side)",
          flush=True)
    print("Press Ctrl-C to stop.", flush=True)
    with StopSignals() as stopping:
        thread.start()
        try:
            while thread.is_alive() and not stopping.wait(0.3):
                pass
            return ExitStatus.DONE if stopping else ExitStatus.DIFFERS  # the server died
        finally:
            server.shutdown()
            server.server_close()


EPILOG = """\
An app is module:attr, path/to/file.py[:attr] or the base URL of a running server, as
for parity. Each pane is the app under /NAME/ of the compare page; apps that ignore
that prefix in their links still stay in their own pane.

examples:
  bottle2flask serve old/app.py new/app.py       your app before and after a port
  bottle2flask serve myapp:create_app http://127.0.0.1:5000 --compare-port 9000
"""


def add_arguments(parser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EPILOG
    parser.add_argument("a", help="the first app (the original)")
    parser.add_argument("b", help="the second app (the port)")
    parser.add_argument("--host", default="localhost")
    parser.add_argument("--compare-port", type=int, default=8000,
                        help="the compare page (0: any free port, said once it listens)")


def main(args) -> int:
    elsewhere = interpreter.elsewhere(args.python, folders_of([args.a, args.b]), args.argv)
    if elsewhere is not None:  # run again under the apps' Python
        return elsewhere
    return serve_apps([args.a, args.b], args.host, compare_port=args.compare_port,
                      in_place=args.in_place)

"""Run both builds and the compare page at once; one Ctrl-C stops them all.

Each build gets its own SQLite file, written afresh with the same demo data at each
start, and both share one secret so a session cookie works in either. Given two app
specs (`kit serve A B`, as `kit parity` takes them), the compare page shows those two.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from werkzeug.serving import make_server

from adapters import FRAMEWORKS, factory
from shared.config import load_config, var_dir

from . import demo
from .apps import is_url, labels
from .apps import load as load_app
from .compare import create_compare_app
from .errors import UsageError


class PortInUse(SystemExit):
    pass


def check_port(host: str, port: int, what: str, hint: str = "") -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            hint = hint or f"make serve {what.upper()}_PORT={{port}}"
            raise PortInUse(
                f"error: port {port} (for {what}) is already in use. Stop whatever uses it, "
                f"or pick another port, e.g. {hint.format(port=port + 1)}"
            ) from None


def commands(ports: dict[str, int], host: str) -> dict[str, list[str]]:
    python = sys.executable
    return {
        "bottle": [python, "-m", "bottle_app", "--host", host, "--port", str(ports["bottle"])],
        "flask": [python, "-m", "flask", "--app", "flask_app", "run", "--debug",
                  "--host", host, "--port", str(ports["flask"])],
    }


def fresh_databases(names, folder: Path, seed: bool = True) -> dict[str, str]:
    """One SQLite file per build, emptied and seeded with the same demo data (the /tfb/
    tables too, so every page answers); seed=False leaves them empty, for other apps."""
    urls = {}
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        path = folder / f"{name}.sqlite3"
        for stale in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            stale.unlink(missing_ok=True)
        urls[name] = f"sqlite:///{path}"
        if seed:
            demo.seed(urls[name], benchmark=True)
    return urls


def serve_apps(specs: list[str], host: str = "localhost", compare_port: int = 8000,
               data: Path | None = None) -> int:
    """The compare page over any two apps (module:attr, file.py[:attr] or a URL), in-process.

    Each app that is not a URL gets a factory's settings as kit parity gives them: one
    shared secret and its own fresh SQLite file (our builds also get the demo data).
    """
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    check_port(host, compare_port, "compare", "kit serve A B --compare-port {port}")
    names = labels(specs)
    ours = all(spec in FRAMEWORKS.values() for spec in specs)
    secret = os.environ.get("SECRET_KEY") or load_config({"DEBUG": True}).SECRET_KEY
    urls = fresh_databases(names, data or var_dir(), seed=ours)
    apps = {}
    for name, spec in zip(names, specs, strict=True):
        settings = {"DEBUG": True, "SECRET_KEY": secret, "DATABASE_URL": urls[name]}
        apps[name] = load_app(spec, settings, name).wsgi
    log_as("compare")
    server = make_server(host, compare_port, create_compare_app(apps, secret), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    for name, spec in zip(names, specs, strict=True):
        where = "over HTTP" if is_url(spec) else "in-process"
        print(f"  {name:<7} {spec} ({where}), under /{name}/", flush=True)
    print(f"  compare http://{host}:{compare_port}/   (both apps side by side)", flush=True)
    print("Press Ctrl-C to stop.", flush=True)
    try:
        while thread.is_alive():
            time.sleep(0.3)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        server.shutdown()
        server.server_close()


def serve(ports: dict[str, int], host: str = "localhost", compare_port: int = 8000,
          data: Path | None = None) -> int:
    # Ctrl-C and a plain `kill` both stop everything, even when started in the background.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    for name, port in {**ports, "compare": compare_port}.items():
        check_port(host, port, name)
    secret = os.environ.get("SECRET_KEY") or load_config({"DEBUG": True}).SECRET_KEY
    urls = fresh_databases(ports, data or var_dir())
    base = {**os.environ, "DEBUG": os.environ.get("DEBUG", "1"), "SECRET_KEY": secret,
            "PYTHONUNBUFFERED": "1"}
    apps = {name: factory(name)({"DEBUG": True, "SECRET_KEY": secret, "DATABASE_URL": url})
            for name, url in urls.items()}
    log_as("compare")
    server = make_server(host, compare_port, create_compare_app(apps, secret), threaded=True)
    # Each dev server in its own process group: stopping it stops its reloader's child too.
    # Their output goes through pipes so each line can say which build wrote it.
    children = {name: subprocess.Popen(cmd, env={**base, "DATABASE_URL": urls[name]},
                                       process_group=0, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True, errors="replace")
                for name, cmd in commands(ports, host).items()}
    copiers = [copier(name, child.stdout, sys.stdout) for name, child in children.items()]
    copiers += [copier(name, child.stderr, sys.stderr) for name, child in children.items()]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    for name, port in ports.items():
        print(f"  {name:<7} http://{host}:{port}/", flush=True)
    print(f"  compare http://{host}:{compare_port}/   (both builds side by side)", flush=True)
    print("Press Ctrl-C to stop all.", flush=True)
    try:
        while all(child.poll() is None for child in children.values()):
            time.sleep(0.3)
        failed = [n for n, c in children.items() if c.returncode not in (None, 0)]
        print(f"error: {', '.join(failed) or 'a server'} stopped; stopping the rest.",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        server.shutdown()
        server.server_close()
        stop(children.values())
        for thread in copiers:
            thread.join(timeout=5)


def label(name: str) -> str:
    """The start of each log line, as docker compose writes it: which build wrote it."""
    return f"{name:<7}| "


def copier(name: str, source, target) -> threading.Thread:
    """Copy a child's output line by line, each line labelled with the build's name."""

    def copy():
        with source:
            for line in source:
                target.write(label(name) + line)
                target.flush()

    thread = threading.Thread(target=copy, daemon=True)
    thread.start()
    return thread


def log_as(name: str) -> None:
    """Label the compare server's own request log (Werkzeug's logger) the same way."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(label(name) + "%(message)s"))
    logger = logging.getLogger("werkzeug")
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)


def stop(children) -> None:
    # An interrupt first, as Ctrl-C in their own terminal would be: Bottle's reloader
    # removes its lock file in /tmp only then (a SIGTERM leaves it behind).
    children = list(children)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
        for child in children:
            if child.poll() is None:
                try:
                    os.killpg(child.pid, sig)
                except ProcessLookupError:
                    pass
        for child in children:
            try:
                child.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        if all(child.poll() is not None for child in children):
            return


EPILOG = """\
Without A B: our Bottle and Flask builds, each as its own dev server (--bottle-port,
--flask-port) and both in the compare page (--compare-port), on fresh SQLite files
with the demo data (sign in as ada@example.com, password conduit-demo).

With A B: those two apps in the compare page only. An app is module:attr,
path/to/file.py[:attr] or the base URL of a running server, as for kit parity.
Each pane is the app under /NAME/ of the compare page; apps that ignore that prefix
in their links still stay in their own pane.

examples:
  kit serve                                   our two builds: http://localhost:8000/
  kit serve old/app.py new/app.py             your app before and after a port
  kit serve myapp:create_app http://127.0.0.1:5000 --compare-port 9000
"""


def add_arguments(parser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EPILOG
    parser.add_argument("a", nargs="?", help="first app (default: our Bottle build)")
    parser.add_argument("b", nargs="?", help="second app (default: our Flask build)")
    parser.add_argument("--host", default="localhost")
    parser.add_argument("--bottle-port", type=int, default=8080,
                        help="our Bottle dev server (without A B)")
    parser.add_argument("--flask-port", type=int, default=5000,
                        help="our Flask dev server (without A B)")
    parser.add_argument("--compare-port", type=int, default=8000, help="the compare page")
    parser.add_argument("--data", type=Path, default=None,
                        help="folder of the two SQLite files (default: var/)")


def main(args) -> int:
    if bool(args.a) != bool(args.b):
        raise UsageError("give two apps (A B), or none for our Bottle and Flask builds")
    if args.a:
        return serve_apps([args.a, args.b], args.host, compare_port=args.compare_port,
                          data=args.data or var_dir())
    return serve({"bottle": args.bottle_port, "flask": args.flask_port}, args.host,
                 compare_port=args.compare_port, data=args.data or var_dir())

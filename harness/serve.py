"""Run both builds and the compare page at once; one Ctrl-C stops them all.

Each build gets its own SQLite file, written afresh with the same demo data at each
start, and both share one secret so a session cookie works in either.
"""

from __future__ import annotations

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

from adapters import factory
from shared.config import load_config, var_dir

from . import demo
from .compare import create_compare_app


class PortInUse(SystemExit):
    pass


def check_port(host: str, port: int, what: str) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            raise PortInUse(
                f"error: port {port} (for {what}) is already in use. Stop whatever uses it, "
                f"or pick another port, e.g. make serve {what.upper()}_PORT={port + 1}"
            ) from None


def commands(ports: dict[str, int], host: str) -> dict[str, list[str]]:
    python = sys.executable
    return {
        "bottle": [python, "-m", "bottle_app", "--host", host, "--port", str(ports["bottle"])],
        "flask": [python, "-m", "flask", "--app", "flask_app", "run", "--debug",
                  "--host", host, "--port", str(ports["flask"])],
    }


def fresh_databases(names, folder: Path) -> dict[str, str]:
    """One SQLite file per build, emptied and seeded with the same demo data (the /tfb/
    tables too, so every page answers)."""
    urls = {}
    for name in names:
        path = folder / f"{name}.sqlite3"
        for stale in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            stale.unlink(missing_ok=True)
        urls[name] = f"sqlite:///{path}"
        demo.seed(urls[name], benchmark=True)
    return urls


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
    for child in children:
        try:
            os.killpg(child.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    for child in children:
        try:
            child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)


def add_arguments(parser) -> None:
    parser.add_argument("--host", default="localhost")
    parser.add_argument("--bottle-port", type=int, default=8080)
    parser.add_argument("--flask-port", type=int, default=5000)
    parser.add_argument("--compare-port", type=int, default=8000)
    parser.add_argument("--data", type=Path, default=None,
                        help="folder of the two SQLite files (default: var/)")


def main(args) -> int:
    return serve({"bottle": args.bottle_port, "flask": args.flask_port}, args.host,
                 compare_port=args.compare_port, data=args.data or var_dir())

"""Run both builds and the compare page at once; one Ctrl-C stops them all.

Each build gets its own SQLite file, written afresh with the same demo data at each
start, and both share one secret so a session cookie works in either. The compare page
is bottle2flask's (`bottle2flask serve A B` shows any two apps the same way).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from werkzeug.serving import make_server

from adapters import factory
from bottle2flask.compare.page import create_compare_app
from bottle2flask.compare.serve import StopSignals, check_port, label, log_as
from shared.config import load_config, var_dir

from . import demo

ROOT = Path(__file__).resolve().parent.parent
# Where the builds keep their templates, for the compare page's code panel.
TEMPLATES = {"bottle": (ROOT / "bottle_app" / "views", ".tpl"),
             "flask": (ROOT / "flask_app" / "templates", ".html")}


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


def serve(ports: dict[str, int], host: str = "localhost", compare_port: int = 8000,
          data: Path | None = None) -> int:
    # Ctrl-C and a plain `kill` both stop everything, however often they come (make passes
    # a TERM on, so `kill -- -PGID` on make serve delivers two): no second signal can break
    # into the shutdown and leave the children running.
    with StopSignals() as stopping:
        return run(ports, host, compare_port, data, stopping)


# How each dev server says where it listens: Bottle's "Listening on http://host:port/",
# Werkzeug's " * Running on http://host:port".
LISTENING = re.compile(r"(?:Listening|Running) on https?://\S+?:(\d+)")


def run(ports: dict[str, int], host: str, compare_port: int, data: Path | None,
        stopping: StopSignals) -> int:
    for name, port in {**ports, "compare": compare_port}.items():
        check_port(host, port, name, f"make serve {name.upper()}_PORT={{port}}")
    secret = os.environ.get("SECRET_KEY") or load_config({"DEBUG": True}).SECRET_KEY
    urls = fresh_databases(ports, data or var_dir())
    if stopping:  # stopped while seeding: start nothing
        return 0
    base = {**os.environ, "DEBUG": os.environ.get("DEBUG", "1"), "SECRET_KEY": secret,
            "PYTHONUNBUFFERED": "1"}
    apps = {name: factory(name)({"DEBUG": True, "SECRET_KEY": secret, "DATABASE_URL": url})
            for name, url in urls.items()}
    log_as("compare")
    server = make_server(host, compare_port,
                         create_compare_app(apps, secret, templates=TEMPLATES), threaded=True)
    # Each dev server in its own process group: stopping it stops its reloader's child too.
    # Their output goes through pipes so each line can say which build wrote it.
    children = {name: subprocess.Popen(cmd, env={**base, "DATABASE_URL": urls[name]},
                                       process_group=0, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True, errors="replace")
                for name, cmd in commands(ports, host).items()}
    bound = Bound({name: port for name, port in ports.items() if port})
    copiers = [copier(name, child.stdout, sys.stdout, bound) for name, child in children.items()]
    copiers += [copier(name, child.stderr, sys.stderr, bound)
                for name, child in children.items()]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    said = False
    try:
        while not stopping.wait(0.3):
            if not said and bound.known(ports):
                said = True
                for name in ports:
                    print(f"  {name:<7} http://{host}:{bound.ports[name]}/", flush=True)
                print(f"  compare http://{host}:{server.server_port}/   (both builds side by "
                      f"side)", flush=True)
                print("Press Ctrl-C to stop all.", flush=True)
            if any(child.poll() is not None for child in children.values()):
                failed = [n for n, c in children.items() if c.returncode not in (None, 0)]
                print(f"error: {', '.join(failed) or 'a server'} stopped; stopping the rest.",
                      file=sys.stderr)
                return 1
        return 0
    finally:
        stop(children.values(), grace=3)
        server.shutdown()
        server.server_close()
        # The children's last lines, within one bound for all: a pipe a grandchild still
        # holds open must not keep the stop waiting.
        deadline = time.monotonic() + 3
        for thread in copiers:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))


class Bound:
    """The port each dev server listens on: given, or (port 0) read from its output."""

    def __init__(self, given: dict[str, int]) -> None:
        self.ports = dict(given)

    def heard(self, name: str, line: str) -> None:
        found = LISTENING.search(line)
        if found and name not in self.ports:
            self.ports[name] = int(found.group(1))

    def known(self, names) -> bool:
        return all(name in self.ports for name in names)


def copier(name: str, source, target, bound: Bound) -> threading.Thread:
    """Copy a child's output line by line, each line labelled with the build's name
    (and the port it says it listens on, noted for --NAME-port 0)."""

    def copy():
        with source:
            for line in source:
                bound.heard(name, line)
                target.write(label(name) + line)
                target.flush()

    thread = threading.Thread(target=copy, daemon=True)
    thread.start()
    return thread


def stop(children, grace: float = 5) -> None:
    """Stop each child's whole process group (its reloader's child too): an interrupt,
    then a TERM, then a KILL, each given `grace` seconds; never waits longer."""
    # An interrupt first, as Ctrl-C in their own terminal would be: Bottle's reloader
    # removes its lock file in /tmp only then (a SIGTERM leaves it behind).
    children = list(children)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
        for child in children:
            try:  # the group, even when its leader is gone: a reloader's child may not be
                os.killpg(child.pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while any(map(group_alive, children)):
            if time.monotonic() > deadline:
                break
            time.sleep(0.05)
        else:
            return


def group_alive(child: subprocess.Popen) -> bool:
    child.poll()  # reap the leader: a zombie would keep its group alive
    try:
        os.killpg(child.pid, 0)
    except ProcessLookupError:
        return False
    return True


def add_arguments(parser) -> None:
    parser.add_argument("--host", default="localhost")
    # 0 for any of them: a free port, which the server takes itself (no other process
    # can take it first) and the lines printed once all three listen say.
    parser.add_argument("--bottle-port", type=int, default=8080,
                        help="the Bottle dev server (0: any free port)")
    parser.add_argument("--flask-port", type=int, default=5000,
                        help="the Flask dev server (0: any free port)")
    parser.add_argument("--compare-port", type=int, default=8000,
                        help="the compare page (0: any free port)")
    parser.add_argument("--data", type=Path, default=None,
                        help="folder of the two SQLite files (default: var/)")


def main(args) -> int:
    return serve({"bottle": args.bottle_port, "flask": args.flask_port}, args.host,
                 compare_port=args.compare_port, data=args.data or var_dir())

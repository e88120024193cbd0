"""The second instance of the first app (noise.py's twin), in a process of its own.

In the process that runs both apps, a twin would see the same string hashes: a set or
a dict built from one printed in the same order in both runs, so output in hash order
(a set rendered, `", ".join(tags)` of one) never looked like noise, and the suite a port
leaves, run in another process, failed on it now and then. Here the twin is a child
process with another PYTHONHASHSEED, sent each request (a Call and the clock's instant)
as a line of JSON on its stdin, answering each as a line on its stdout; the app's own
prints go to stderr, as in the check's worker.

    twin = Twin.start(spec, settings, label, secret, at)   # None, and why, if it fails
    response = twin.send(call)                              # as Side.send

Many twins, one after another (the generator's judge, an app a twin): `Twins()` starts
one process with another hash seed, which makes the twin's imports once and forks a
child for each twin it is asked for (`twins.start(...)`, as Twin.start): each twin still
a process of its own, with that seed, loading its app in a fresh child, for about a
tenth of the CPU a new Python costs.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import random
import selectors
import shutil
import socket
import subprocess
import sys
import tempfile
import traceback
from dataclasses import asdict
from datetime import UTC, datetime
from typing import IO

from .normalise import Response
from .scenario import Call

# The child runs with the parent's own sys.path (under the user's Python, the tool's
# packages after theirs), then this module.
BOOT = ("import json, runpy, sys; sys.path[:] = json.loads(sys.argv[1]); "
        "runpy.run_module('bottle2flask.parity.twin', run_name='__main__')")


def other_seed(environ=os.environ) -> str:
    """A hash seed that is not this process's: one more than a fixed one, else a draw
    (this process's own is random then: the two differ but once in 2**32)."""
    given = environ.get("PYTHONHASHSEED", "random")
    if given.isdigit():
        return str(int(given) % 4294967295 + 1)
    return str(random.SystemRandom().randrange(1, 4294967296))


class Twin:
    """A Side (replay.py) whose app answers in a child process: its cookie jar and saved
    variables live there, and what Run reads of a side (label, sent, body) is copied
    back with each answer."""

    def __init__(self, label: str, process: subprocess.Popen | None, clocked: bool,
                 connection: socket.socket | None = None):
        self.label = label
        self.process = process  # None: a child of Twins' server, which waits for it
        self.connection = connection  # (then the twin answers on it)
        self.asks: IO[str]
        self.answers: IO[str]
        if connection is not None:
            self.asks = connection.makefile("w", encoding="utf-8")
            self.answers = connection.makefile("r", encoding="utf-8")
        else:
            assert process is not None and process.stdin and process.stdout
            self.asks, self.answers = process.stdin, process.stdout
        self.clocked = clocked  # the parent's clock is held (time_machine): so is its own
        self.sent = ""
        self.body: tuple[str, str] | None = None

    @classmethod
    def start(cls, spec: str, settings: dict, label: str, secret: str | None,
              at: datetime | None = None) -> tuple[Twin | None, str]:
        """The twin, loaded; or None and why it did not load (the check then compares
        without telling noise apart, and says so)."""
        try:
            hello = _hello(spec, settings, label, secret, at)
        except TypeError as error:  # settings a process cannot be handed
            return None, f"its settings cannot be sent to another process: {error}"
        process = subprocess.Popen(
            [sys.executable, "-c", BOOT, json.dumps(sys.path)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, encoding="utf-8",
            env={**os.environ, "PYTHONHASHSEED": other_seed()})
        return cls(label, process, at is not None).loaded(hello)

    def loaded(self, hello: str) -> tuple[Twin | None, str]:
        answer = self._ask(hello)
        if not answer.get("ok"):
            self.close()
            return None, answer.get("error") or "it did not answer"
        return self, ""

    def _ask(self, line: str) -> dict:
        try:
            self.asks.write(line + "\n")
            self.asks.flush()
            said = self.answers.readline()
        except (BrokenPipeError, OSError) as error:
            return {"ok": False, "error": f"the twin's process stopped: {error}"}
        if not said:
            status = f"exit status {self.process.poll()}" if self.process else "forked"
            return {"ok": False, "error": f"the twin's process stopped ({status})"}
        return json.loads(said)

    def send(self, call: Call) -> Response:
        at = datetime.now(UTC).isoformat() if self.clocked else None
        answer = self._ask(json.dumps({"call": asdict(call), "at": at}))
        if not answer.get("ok"):
            raise RuntimeError(f"{self.label}: {answer.get('error')}")
        self.sent = answer["sent"]
        self.body = tuple(answer["body_sent"]) if answer["body_sent"] else None
        return Response(answer["status"], [tuple(h) for h in answer["headers"]],
                        base64.b64decode(answer["body"]), answer["path"])

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.asks.close()
        if self.connection is not None:  # the child sees the end of its requests and exits
            self.answers.close()
            self.connection.close()
            return
        assert self.process is not None
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.answers.close()


def _hello(spec: str, settings: dict, label: str, secret: str | None,
           at: datetime | None, **more: object) -> str:
    """The first line a twin reads: what to load (TypeError: settings JSON cannot say)."""
    return json.dumps({"spec": spec, "settings": settings, "label": label, "secret": secret,
                       "at": at.isoformat() if at else None, **more})


class Twins:
    """Twins forked from one server process (started here, with another hash seed), one
    a twin; `close()` stops the server once its twins are closed."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="twins-")
        self.address = os.path.join(self.folder, "twins")
        self.process = subprocess.Popen(
            [sys.executable, "-c", BOOT, json.dumps(sys.path), "fork", self.address],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
            env={**os.environ, "PYTHONHASHSEED": other_seed()})
        assert self.process.stdout is not None
        if self.process.stdout.readline() != "ready\n":
            self.close()
            raise RuntimeError(f"the twins' server did not start (exit status "
                               f"{self.process.poll()})")

    def start(self, spec: str, settings: dict, label: str, secret: str | None,
              at: datetime | None = None) -> tuple[Twin | None, str]:
        """As Twin.start, in a child the server forks (sys.path as this process's now)."""
        try:
            hello = _hello(spec, settings, label, secret, at, path=sys.path)
        except TypeError as error:
            return None, f"its settings cannot be sent to another process: {error}"
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            connection.connect(self.address)
        except OSError as error:
            connection.close()
            return None, f"the twins' server does not answer: {error}"
        return Twin(label, None, at is not None, connection).loaded(hello)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            if self.process.stdin:
                self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def received(data: dict) -> Call:
    """A Call as sent: its fields as JSON keeps them, pairs of a form or query (lists in
    JSON) tuples again, as urlencode takes them."""
    for name in ("query", "form"):
        if isinstance(data.get(name), list):
            data[name] = [tuple(pair) for pair in data[name]]
    return Call(**data)


def without_pytest():
    """time_machine without its pytest plugin: importing pytest for it costs the twin
    a tenth of a second of CPU (the app may still import pytest itself after)."""
    saved = sys.modules.get("pytest")
    sys.modules["pytest"] = None  # type: ignore[assignment]  # (an ImportError)
    try:
        import time_machine
    finally:
        if saved is None:
            del sys.modules["pytest"]
        else:
            sys.modules["pytest"] = saved
    return time_machine


def serve(lines, answer) -> None:
    """The child's loop: load the app as the first line says, then answer each line."""
    time_machine = without_pytest()

    from ..errors import UsageError
    from ..loading import load, see_surroundings
    from .replay import Side

    def said(data: dict) -> None:
        answer.write(json.dumps(data) + "\n")
        answer.flush()

    hello = json.loads(next(lines))
    if "path" in hello:  # forked by Twins' server: the sys.path of the process asking
        sys.path[:] = hello["path"]
    see_surroundings()  # the original loads where the check's worker loads it
    traveller = time_machine.travel(datetime.fromisoformat(hello["at"]), tick=False) \
        if hello["at"] else None
    clock = traveller.start() if traveller else None
    try:
        app = load(hello["spec"], hello["settings"], hello["label"]).wsgi
    except UsageError as error:
        said({"ok": False, "error": str(error)})
        return
    side = Side(hello["label"], app, hello["secret"])
    said({"ok": True})
    for line in lines:
        asked = json.loads(line)
        if asked["at"] and clock is not None:
            clock.move_to(datetime.fromisoformat(asked["at"]))
        try:
            response = side.send(received(asked["call"]))
        except Exception as error:  # the exchange's, not the app's (as_served keeps those)
            said({"ok": False, "error": f"{type(error).__name__}: {error}"})
            continue
        said({"ok": True, "status": response.status, "headers": response.headers,
              "body": base64.b64encode(response.body).decode("ascii"),
              "path": response.path, "sent": side.sent,
              "body_sent": list(side.body) if side.body else None})
    if traveller is not None:
        traveller.stop()


def quiet_stdio() -> None:
    """The app's prints go where stderr goes, and it reads nothing on stdin (an input())."""
    sys.stdout.flush()
    os.dup2(2, 1)
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    sys.stdin = open(os.devnull, encoding="utf-8")  # (open for the process's life)


def main() -> None:
    # The answers go to stdout as it was; the requests come on stdin as it was.
    answer = os.fdopen(os.dup(1), "w", encoding="utf-8")
    asked = os.fdopen(os.dup(0), "r", encoding="utf-8")
    quiet_stdio()
    with contextlib.redirect_stdout(sys.stderr):
        serve(iter(asked.readline, ""), answer)


def fork_server(address: str) -> None:
    """Twins' server: the twin's imports made once (not the app's: it may bring a Bottle
    of its own), then a child forked for each connection, which loads and serves one
    twin on it (serve) and exits; waits for its children, and stops once its stdin ends.
    A child starts as a fresh twin would: its random module reseeded at the fork, no
    app module loaded, the asking process's sys.path."""
    without_pytest()
    from .. import loading  # noqa: F401  (the twin's imports, made once)
    from . import replay  # noqa: F401

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(address)
    listener.listen()
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    children: set[int] = set()
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    selector.register(0, selectors.EVENT_READ)
    while True:
        ready = {key.fd for key, _ in selector.select()}
        if 0 in ready and not os.read(0, 4096):  # the asking process is done
            break
        if listener.fileno() in ready:
            connection, _ = listener.accept()
            pid = os.fork()
            if pid == 0:
                _twin_child(connection, listener, selector)
            children.add(pid)
            connection.close()
        for pid in list(children):  # reaped: their CPU counted as this process's children
            if os.waitpid(pid, os.WNOHANG)[0]:
                children.discard(pid)
    for pid in children:
        os.waitpid(pid, 0)


def _twin_child(connection: socket.socket, listener: socket.socket,
                selector: selectors.BaseSelector) -> None:
    """A forked twin: serve its app on the connection, then exit (never return)."""
    status = 0
    try:
        selector.close()
        listener.close()
        quiet_stdio()
        answer = connection.makefile("w", encoding="utf-8")
        asked = connection.makefile("r", encoding="utf-8")
        with contextlib.redirect_stdout(sys.stderr):
            serve(iter(asked.readline, ""), answer)
        answer.flush()
    except BaseException:  # noqa: BLE001  (said on stderr; the asking side sees it stop)
        traceback.print_exc()
        status = 1
    finally:
        sys.stderr.flush()
        os._exit(status)


if __name__ == "__main__":
    if sys.argv[2:3] == ["fork"]:
        fork_server(sys.argv[3])
    else:
        main()

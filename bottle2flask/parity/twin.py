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
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import random
import subprocess
import sys
from dataclasses import asdict
from datetime import UTC, datetime

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

    def __init__(self, label: str, process: subprocess.Popen, clocked: bool):
        self.label = label
        self.process = process
        self.clocked = clocked  # the parent's clock is held (time_machine): so is its own
        self.sent = ""
        self.body: tuple[str, str] | None = None

    @classmethod
    def start(cls, spec: str, settings: dict, label: str, secret: str | None,
              at: datetime | None = None) -> tuple[Twin | None, str]:
        """The twin, loaded; or None and why it did not load (the check then compares
        without telling noise apart, and says so)."""
        try:
            hello = json.dumps({"spec": spec, "settings": settings, "label": label,
                                "secret": secret,
                                "at": at.isoformat() if at else None})
        except TypeError as error:  # settings a process cannot be handed
            return None, f"its settings cannot be sent to another process: {error}"
        process = subprocess.Popen(
            [sys.executable, "-c", BOOT, json.dumps(sys.path)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, encoding="utf-8",
            env={**os.environ, "PYTHONHASHSEED": other_seed()})
        twin = cls(label, process, at is not None)
        answer = twin._ask(hello)
        if not answer.get("ok"):
            twin.close()
            return None, answer.get("error") or "it did not answer"
        return twin, ""

    def _ask(self, line: str) -> dict:
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
            said = self.process.stdout.readline()
        except (BrokenPipeError, OSError) as error:
            return {"ok": False, "error": f"the twin's process stopped: {error}"}
        if not said:
            return {"ok": False, "error": "the twin's process stopped "
                    f"(exit status {self.process.poll()})"}
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
            if self.process.stdin:
                self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()


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


def main() -> None:
    # The answers go to stdout as it was; the app's prints go where stderr goes; the
    # requests come on stdin as it was, and the app reads nothing there (an input()).
    sys.stdout.flush()
    answer = os.fdopen(os.dup(1), "w", encoding="utf-8")
    asked = os.fdopen(os.dup(0), "r", encoding="utf-8")
    os.dup2(2, 1)
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    sys.stdin = open(os.devnull, encoding="utf-8")  # (open for the process's life)
    with contextlib.redirect_stdout(sys.stderr):
        serve(iter(asked.readline, ""), answer)


if __name__ == "__main__":
    main()

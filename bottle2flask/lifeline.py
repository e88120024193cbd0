"""A child process that ends when the process that started it ends, however that ends.

The parent hands the child the reading end of a pipe and keeps the writing end open
(`handed()`); the child waits on it in a thread (`watch()`), or in a process it forks
(`watch_group()`): when the parent is gone (it closed its end, or ended: killed with
SIGKILL too, which runs none of its own clean-up) the read sees the end of the pipe, and
the child stops. Used by the check's workers
(proof/check.py) and by a command run again under the apps' Python (interpreter.py: a
`serve` there holds its ports).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable

from .errors import UsageError

# The environment variable that names the child's end of the pipe its parent holds.
VARIABLE = "BOTTLE2FLASK_LIFELINE"
POSIX = os.name == "posix"


class Lifeline:
    """The parent's side: `env` and `pass_fds` for the child's Popen, then `close()`
    once the child has ended (or to end it)."""

    def __init__(self) -> None:
        # (neither end passes to other children; none on Windows, which passes no
        # descriptor to a child by number: there the child is not watched)
        self.child_end, self.kept = os.pipe() if POSIX else (-1, -1)

    def env(self, environ: dict[str, str]) -> dict[str, str]:
        return {**environ, VARIABLE: str(self.child_end)} if POSIX else dict(environ)

    @property
    def pass_fds(self) -> tuple[int, ...]:
        return (self.child_end,) if POSIX else ()

    def started(self) -> None:
        """The child holds its end now: this side's copy goes (once the child ends, no
        process but this one holds the pipe)."""
        if self.child_end >= 0:
            os.close(self.child_end)
            self.child_end = -1

    def close(self) -> None:
        self.started()
        if self.kept >= 0:
            os.close(self.kept)
            self.kept = -1


def watch(then: Callable[[], None], environ=os.environ) -> bool:
    """In the child: call `then` in a thread of its own when the parent is gone (the
    pipe VARIABLE names ends); whether there is a parent to watch."""
    watched = _pipe(environ)
    if watched is None:
        return False

    def wait() -> None:
        _wait(watched)
        then()

    threading.Thread(target=wait, name="bottle2flask-lifeline", daemon=True).start()
    return True


def watch_group(environ=os.environ) -> bool:
    """In the child, the leader of its own process group: kill the group when the parent
    is gone, from a process of the group forked to wait (POSIX), not from a thread of the
    child's. An app the child imports may monkey-patch threading as it is imported
    (gevent's `monkey.patch_all()`, jar3b/bottle-oop-rest): with a thread already
    running, the import lock it held was released under another thread's id, "cannot
    release un-acquired lock", where `python app.py` starts. Whether there is a parent to
    watch."""
    watched = _pipe(environ)
    if watched is None:
        return False
    if not POSIX:  # (no descriptor passed: _pipe found none)
        return False
    if os.fork() == 0:  # the watcher: it ends with the group it kills
        try:
            _wait(watched)
            os.killpg(os.getpgrp(), signal.SIGKILL)
        finally:
            os._exit(0)
    os.close(watched)  # (the watcher's copy is the one that waits)
    return True


def _pipe(environ) -> int | None:
    """The child's end of the pipe VARIABLE names, not handed on; None without one."""
    told = environ.get(VARIABLE)
    if not told:
        return None
    try:
        watched = int(told)
        os.set_inheritable(watched, False)  # (a process the child starts does not hold it)
    except (ValueError, OSError):
        raise UsageError(f"{VARIABLE} names no open pipe: {told!r}") from None
    return watched


def _wait(watched: int) -> None:
    """Until the other end of the pipe is closed (its process gone, however it ended)."""
    while True:
        try:
            if not os.read(watched, 1):
                return
        except InterruptedError:
            continue
        except OSError:
            return

"""A child process that ends when the process that started it ends, however that ends.

The parent hands the child the reading end of a pipe and keeps the writing end open
(`handed()`); the child waits on it in a thread (`watch()`): when the parent is gone (it
closed its end, or ended: killed with SIGKILL too, which runs none of its own clean-up)
the read sees the end of the pipe, and the child stops. Used by the check's workers
(proof/check.py) and by a command run again under the apps' Python (interpreter.py: a
`serve` there holds its ports).
"""

from __future__ import annotations

import os
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
    told = environ.get(VARIABLE)
    if not told:
        return False
    try:
        watched = int(told)
        os.set_inheritable(watched, False)  # (a process the child starts does not hold it)
    except (ValueError, OSError):
        raise UsageError(f"{VARIABLE} names no open pipe: {told!r}") from None

    def wait() -> None:
        while True:
            try:
                if not os.read(watched, 1):
                    break
            except InterruptedError:
                continue
            except OSError:
                break
        then()

    threading.Thread(target=wait, name="bottle2flask-lifeline", daemon=True).start()
    return True

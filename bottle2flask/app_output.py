"""The apps' own output (their prints, logs and tracebacks) kept in a log file while a
command runs them in its own process, so the console holds only the command's report."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO


def scratch_log(command: str) -> Path:
    """A log file of its own in a new temporary folder: `parity` writes nowhere else."""
    return Path(tempfile.mkdtemp(prefix=f"bottle2flask-{command}-")) / "apps.log"


def said(log: Path) -> Path | None:
    """The log if the apps wrote anything; an empty one is removed with its folder."""
    if log.is_file() and log.stat().st_size:
        return log
    if log.parent.name.startswith("bottle2flask-"):
        shutil.rmtree(log.parent, ignore_errors=True)
    return None


@contextlib.contextmanager
def kept_in(log: Path) -> Iterator[TextIO]:
    """While the block runs, what is written to stdout and stderr goes to `log` (from
    Python, and at the descriptors where they are the console's, so a process the app
    starts writes there too). Yields a stream to the console's stderr, for progress."""
    log.parent.mkdir(parents=True, exist_ok=True)
    sys.stdout.flush()
    sys.stderr.flush()
    with log.open("a", encoding="utf-8", errors="replace") as file:
        console = sys.stderr
        saved: dict[int, int] = {}
        for number, stream in ((1, sys.stdout), (2, sys.stderr)):
            with contextlib.suppress(AttributeError, OSError, ValueError):
                if stream.fileno() == number:
                    saved[number] = os.dup(number)
        opened = os.fdopen(os.dup(saved[2]), "w", encoding="utf-8") if 2 in saved else None
        for number in saved:
            os.dup2(file.fileno(), number)
        try:
            with contextlib.redirect_stdout(file), contextlib.redirect_stderr(file):
                yield opened or console
        finally:
            file.flush()
            for number, copy in saved.items():
                os.dup2(copy, number)
                os.close(copy)
            if opened is not None:
                opened.close()

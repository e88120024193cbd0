"""The exit statuses of every bottle2flask command, in one place (cli.py documents them)."""

from __future__ import annotations

from enum import IntEnum


class ExitStatus(IntEnum):
    """What a command's exit status says; the worse outcome wins when several apply."""

    DONE = 0              # done: nothing differs, nothing is left broken
    DIFFERS = 1           # something differs or is left broken (the last line says what)
    USAGE = 2             # a bad option, path or app spec (one line, no traceback)
    PORT_DOES_NOT_START = 3  # where the original starts, or its own code fails otherwise
    NOT_COMPARED = 4      # nothing was compared: the original does not start, or no app to load
    BREAKS = 5            # converted, but a TODO sits on code that fails when it runs
    NOT_REACHED = 6       # compared and alike, but some routes got no request

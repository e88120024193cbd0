"""python -m harness COMMAND: this repository's own tools over our two builds.

The Makefile's targets call these (make serve, make parity, make bench); what a Bottle
user runs on their own app is the bottle2flask command.
"""

from __future__ import annotations

import sys

from bottle2flask.cli import Command
from bottle2flask.cli import main as run_table

COMMANDS = {
    "serve": Command("harness.serve", "both builds and the compare page, side by side"),
    "parity": Command("harness.parity", "the same requests to both builds, every difference"),
    "bench": Command("harness.bench.run", "time the builds against native code and the floor"),
}


def main(argv: list[str] | None = None) -> int:
    return run_table(argv, prog="python -m harness", table=COMMANDS, description=__doc__)


if __name__ == "__main__":
    sys.exit(main())

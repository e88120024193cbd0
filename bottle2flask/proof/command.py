"""`bottle2flask test OUT [-- PYTEST ARGS]`: run the suite a port left in OUT/tests.

It runs `python -m pytest OUT/tests -p no:randomly` with the tool's own Python, which
has what the suite needs (pytest, WebTest) wherever the tool is installed (pipx too);
the arguments after `--` go to pytest. Exit status: pytest's own (0 all passed, 1 some
failed...), or 2 when OUT holds no suite.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ..errors import UsageError
from .record import SUITE


def add_arguments(parser) -> None:
    parser.add_argument("out", type=Path, help="the folder `bottle2flask port` wrote")
    parser.add_argument("pytest_args", nargs="*", metavar="-- PYTEST ARGS",
                        help="passed to pytest (-x, -k WORDS, -q...)")


def main(args) -> int:
    tests = args.out / "tests"
    if not (tests / SUITE).is_file():
        raise UsageError(f"{args.out} holds no suite ({tests / SUITE} is missing): "
                         "`bottle2flask port` leaves one when it checks the port")
    command = [sys.executable, "-m", "pytest", str(tests), "-p", "no:randomly",
               *args.pytest_args]
    return subprocess.run(command, check=False).returncode

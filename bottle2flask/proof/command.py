"""`bottle2flask test OUT [-- PYTEST ARGS]`: run the suite a port left in OUT/tests.

It runs `python -m pytest OUT/tests -p no:randomly --import-mode=prepend` under the
apps' Python, as the check does (`--python PATH`, else the active virtualenv, else a
`.venv` in or above OUT, else the tool's own), with the tool's packages after the
user's: what the suite needs (pytest, WebTest) comes with the tool wherever it is
installed (pipx too), what the app imports from the user's environment. The arguments
after `--` go to pytest. Exit status: pytest's own (0 all passed, 1 some failed...), or
2 when OUT holds no suite.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from ..errors import UsageError
from ..interpreter import resolve
from .record import SUITE


def add_arguments(parser) -> None:
    parser.add_argument("out", type=Path, help="the folder `bottle2flask port` wrote")
    parser.epilog = "Arguments after `--` go to pytest: bottle2flask test OUT -- -x -k edit"
    parser.set_defaults(extra=[])


def main(args) -> int:
    tests = args.out / "tests"
    if not args.out.is_dir():
        raise UsageError(f"{args.out} is not a folder (give the OUT of `bottle2flask port`)")
    if not (tests / SUITE).is_file():
        raise UsageError(f"{args.out} holds no suite ({tests / SUITE} is missing): "
                         "`bottle2flask port` leaves one when it checks the port")
    python = resolve(args.python, [args.out])
    # pytest's default import mode, whatever a project around OUT chose: under
    # importlib, pytest would name the suite's modules from a root above OUT and import
    # the port's __init__.py on its own as their parent package
    command = python.command("pytest", [str(tests), "-p", "no:randomly",
                                        "--import-mode=prepend", *args.extra])
    return subprocess.run(command, check=False).returncode

"""kit COMMAND (or python -m harness COMMAND): the comparison and porting tools."""

from __future__ import annotations

import argparse
import os
import sys
from importlib import import_module

from .errors import UsageError

# One entry a command: name -> (module, one-line help). Each module has
# add_arguments(parser) and main(args) -> exit status, and is imported on demand.
COMMANDS = {
    "serve": ("harness.serve", "both builds and the compare page, side by side"),
    "parity": ("harness.parity", "replay requests against two apps and diff"),
    "bench": ("harness.bench.run", "time the builds against native code"),
    "convert-templates": ("harness.convert_templates",
                          "SimpleTemplate views folder to Jinja2 templates"),
    "convert-template": ("harness.convert_template", "one SimpleTemplate to Jinja2, on stdout"),
    "port": ("harness.port.command", "rewrite a Bottle app folder as a Flask app"),
    "migrate": ("harness.migration.status", "a Bottle app and its Flask port as one site: "
                                            "status of the port"),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="kit", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    chosen = argv[0] if argv and argv[0] in COMMANDS else None
    for name, (module, text) in COMMANDS.items():
        sub = commands.add_parser(name, help=text, description=text)
        if name == chosen:  # only the command being run pays for its imports
            import_module(module).add_arguments(sub)
    args = parser.parse_args(argv)
    try:
        return import_module(COMMANDS[args.command][0]).main(args)
    except UsageError as error:  # bad input from the user: one line, no traceback
        print(f"kit {args.command}: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the report piped into `head`: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)

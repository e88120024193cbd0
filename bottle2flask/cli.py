"""bottle2flask COMMAND: port a Bottle app to Flask, and show that the port answers alike.

One command table, one error path. Exit status, for every command (one policy,
bottle2flask.exit_status.ExitStatus); when several apply, the first in this order wins:
3, 4, 5, 1, 6.
  0  done: every route reached, and nothing differs or is broken
  1  something differs, or is left broken (said on the last line); port --diff: the
     port changes something
  2  a usage error: a bad option, path or app spec, a --python the apps cannot run
     under, a port into an OUT changed since the last port, an OUT that is (or is under)
     a file or holds SRC, a SRC with no module that imports bottle (one line, no
     traceback, nothing written)
  3  port: the port does not start (where the original does, or where its own
     code fails otherwise than the original's)
  4  port: the port could not be compared (the original does not start here and the
     port fails alike, or for want of what the machine lacks; or no module makes an
     app the check can load, or its app has no routes once loaded)
  5  port: converted, but a TODO is left on code that fails when it runs (file:line);
     where nothing could be compared, 4, its last line naming the TODO too
  6  port, migrate status: alike where compared, but some routes got no request (the
     last line names them, and why)
`test OUT` exits with pytest's own status (0 all passed, 1 a test failed), or 2.
"""

from __future__ import annotations

import argparse
import atexit
import gc
import os
import sys
import threading
from dataclasses import dataclass
from importlib import import_module

from . import __version__, options
from .errors import UsageError
from .exit_status import ExitStatus


@dataclass(frozen=True)
class Command:
    """A subcommand: its module (imported only when run) and the functions in it."""

    module: str
    summary: str
    prefix: str = ""  # "folder" -> add_folder_arguments() and folder_main()
    parents: tuple[str, ...] = ()  # shared options, by their function in options.py

    def load(self):
        module = import_module(self.module)
        add = f"add_{self.prefix}_arguments" if self.prefix else "add_arguments"
        run = f"{self.prefix}_main" if self.prefix else "main"
        return getattr(module, add), getattr(module, run)


COMMANDS = {
    "port": Command("bottle2flask.port.command",
                    "rewrite a Bottle app folder as a Flask app, then check it",
                    parents=("replay", "python")),
    "convert-templates": Command("bottle2flask.stpl.command",
                                 "a folder of SimpleTemplate views to Jinja2", "folder"),
    "convert-template": Command("bottle2flask.stpl.command",
                                "one SimpleTemplate to Jinja2, on stdout", "file"),
    "parity": Command("bottle2flask.parity.command",
                      "send two apps the same requests and report every difference",
                      parents=("replay", "copies", "report", "python")),
    "serve": Command("bottle2flask.compare.serve", "two apps side by side in a browser",
                     parents=("copies", "python")),
    "migrate": Command("bottle2flask.migrate.status",
                       "a Bottle app and its Flask port: what is ported, what answers alike"),
    "test": Command("bottle2flask.proof.command",
                    "run the suite a port left in OUT/tests (pytest's exit status)",
                    parents=("python",)),
}


class Parser(argparse.ArgumentParser):
    """argparse's own errors take the one error path too."""

    def error(self, message: str):
        raise UsageError(message)


def parser_for(chosen: str | None, prog: str = "bottle2flask", table: dict | None = None,
               description: str = __doc__) -> argparse.ArgumentParser:
    parser = Parser(prog=prog, description=description,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    if prog == "bottle2flask":
        parser.add_argument("--version", action="version", version=f"{prog} {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=Parser)
    for name, command in (table or COMMANDS).items():
        if name != chosen:  # only the command being run pays for its imports
            commands.add_parser(name, help=command.summary, description=command.summary)
            continue
        parents = [getattr(options, parent)() for parent in command.parents]
        sub = commands.add_parser(name, help=command.summary, description=command.summary,
                                  parents=parents)
        command.load()[0](sub)
    return parser


def run(argv: list[str], prog: str = "bottle2flask", table: dict | None = None,
        description: str = __doc__) -> int:
    """Parse argv against a command table and run the command chosen; a UsageError (or an
    argparse error) is one line on stderr and exit status 2."""
    table = table or COMMANDS
    chosen = next((a for a in argv if not a.startswith("-")), None)
    chosen = chosen if chosen in table else None
    # what follows `--` is the command's to hand on (test: pytest's arguments), unparsed
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    mine = argv[:argv.index("--")] if "--" in argv else argv
    # the command's modules, imported now, live to the end: the collector, off while
    # they are made, has nothing to look for among them (it went through them some 200
    # times, 2% of a port; they are frozen below)
    collecting = gc.isenabled()
    gc.disable()
    try:
        args = parser_for(chosen, prog, table, description).parse_args(mine)
        args.argv = argv  # a command run again under the apps' Python (--python)
        if extra and not hasattr(args, "extra"):
            raise UsageError(f"nothing follows `--` for {args.command} (given: {extra[0]})")
        args.extra = extra
        command = table[args.command].load()[1]
        # what is alive now (the modules and classes the command imported: some 45,000
        # objects for port) stays alive to the end: frozen, out of the collector's way,
        # its collections go through the command's own objects alone (a port of the
        # 1,000-line bench module runs ~150 of them: 90 ms of CPU, 27 ms frozen)
        gc.freeze()
        if collecting:
            gc.enable()
        # and it looks less often: the command's trees are freed by their counts, and a
        # collection every 700 new objects went through the young trees for nothing
        # (another 1% of a port)
        thresholds = gc.get_threshold()
        gc.set_threshold(10_000, *thresholds[1:])
        try:
            return command(args)
        finally:
            gc.set_threshold(*thresholds)
            gc.unfreeze()  # a caller in this process (a test) gets its collector back
    except UsageError as error:
        print(f"{prog}{' ' + chosen if chosen else ''}: error: {error}", file=sys.stderr)
        return ExitStatus.USAGE
    finally:
        if collecting:
            gc.enable()


def main(argv: list[str] | None = None, **table) -> int:
    """The console script: run, and end quietly when the reader goes away (or on Ctrl-C).

    Keywords (prog, table, description) run another command table the same way. Run as
    the bottle2flask command (no argv, no table), the process ends here (end_now)."""
    status = _run_quietly(sys.argv[1:] if argv is None else argv, **table)
    if argv is None and not table:
        end_now(status)
    return status


def _run_quietly(argv: list[str], **table) -> int:
    try:
        return run(argv, **table)
    except BrokenPipeError:  # the report piped into `head`: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitStatus.DIFFERS
    except KeyboardInterrupt:
        return 130  # the shell's own status for SIGINT, not one of ours


def end_now(status: int) -> None:
    """End the process with `status` without the interpreter's teardown, as mypy's
    `hard_exit` does: freeing every module and object one by one is ~2% of a port's
    instructions, and nothing is left to free for. What an exit still owes is done:
    the exit handlers run (temporary folders, logging, pools) and the output is
    flushed. Returns, for the ordinary exit, while a thread the exit would wait for
    is still running or the output cannot be flushed."""
    if any(not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        return
    atexit._run_exitfuncs()  # (what the interpreter runs before its teardown)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a reader gone, a stream closed: the ordinary exit
        return
    os._exit(status)

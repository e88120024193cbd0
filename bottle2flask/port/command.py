"""bottle2flask port SRC -o OUT: a Bottle application folder rewritten as a Flask one.

Exit status: 0 converted (TODOs allowed), 1 a file could not be parsed, 2 usage,
5 converted, but a TODO sits on code that fails when it runs (a view parameter only a
Bottle plugin passed, a request attribute Flask lacks...): the port is not done, and the
last line names the first such TODO, file:line. A call the port commented out under a
TODO (a plugin) does not count: the port starts without it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import UsageError
from .folder import diff, port_tree
from .rules import CODES

BREAKS = 5


def add_arguments(parser) -> None:
    parser.add_argument("src", type=Path, help="the Bottle app's folder (or one .py file)")
    parser.add_argument("-o", "--out", type=Path, help="where to write the Flask app")
    parser.add_argument("--diff", action="store_true",
                        help="print the changes to the Python files; write nothing")
    parser.add_argument("--disable", action="append", default=[], metavar="P0NN",
                        help="skip a rule (repeat, or comma-separate)")


def main(args) -> int:
    disabled = frozenset(c.strip().upper() for value in args.disable
                         for c in value.split(",") if c.strip())
    unknown = sorted(disabled - set(CODES))
    if unknown:
        raise UsageError(f"unknown rule {', '.join(unknown)} (rules: {', '.join(CODES)})")
    src = args.src
    if not src.is_dir():
        raise UsageError(f"{src} is not a folder")
    if not args.diff and args.out is None:
        raise UsageError("give -o OUT (or --diff to preview)")
    if args.out is not None and not args.diff:
        if args.out.resolve() == src.resolve() or src.resolve() in args.out.resolve().parents:
            raise UsageError("OUT must be outside SRC")
    result = port_tree(src, args.out or Path(), disabled=disabled, write=not args.diff)
    if args.diff:
        sys.stdout.write(diff(src, result))
    for module in result.modules:
        if module.status == "failure":
            print(f"bottle2flask port: {module.error}", file=sys.stderr)
        for todo in module.todos:
            print(f"{module.path}:{todo['line']}: {todo['code']} {todo['text']}",
                  file=sys.stderr)
    if args.diff:
        return 1 if result.failed else 0
    entry = result.entry
    totals = result.as_dict()["summary"]
    print(f"bottle2flask port: {totals['converted']} modules converted, "
          f"{totals['todos']} TODOs, report in {args.out / 'PORTING-REPORT.md'}")
    if result.failed:
        return 1
    breaking = [(m.path, t) for m in result.modules for t in m.todos if t.get("breaks")]
    if breaking:
        path, todo = breaking[0]
        more = f" (and {len(breaking) - 1} more)" if len(breaking) > 1 else ""
        print(f"bottle2flask port: not done: {path}:{todo['line']}: {todo['code']} TODO on "
              f"code that fails when it runs{more}", file=sys.stderr)
        return BREAKS
    if entry:
        print(f"run it: cd {args.out} && flask --app {entry[0]}:{entry[1]} run")
    return 0

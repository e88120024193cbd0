"""kit port SRC -o OUT: a Bottle application folder rewritten as a Flask one.

Exit status: 0 converted (TODOs allowed), 1 a file could not be parsed, 2 usage.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .report import app_spec, outcome_line
from .rules import CODES
from .tree import diff, port_tree


def add_arguments(parser) -> None:
    parser.add_argument("src", type=Path, help="the Bottle app's folder (or one .py file)")
    parser.add_argument("-o", "--out", type=Path, help="where to write the Flask app")
    parser.add_argument("--diff", action="store_true",
                        help="print the changes to the Python files; write nothing")
    parser.add_argument("--disable", action="append", default=[], metavar="P0NN",
                        help="skip a rule (repeat, or comma-separate)")
    parser.add_argument("--faithful", action="store_true",
                        help="keep Bottle's behaviour with bottle_compat.py instead of "
                             "idiomatic Flask with its changes declared")


def main(args) -> int:
    disabled = frozenset(c.strip().upper() for value in args.disable
                         for c in value.split(",") if c.strip())
    unknown = sorted(disabled - set(CODES))
    if unknown:
        print(f"kit port: unknown rule {', '.join(unknown)} (rules: {', '.join(CODES)})",
              file=sys.stderr)
        return 2
    src = args.src
    if not src.is_dir():
        print(f"kit port: {src} is not a folder", file=sys.stderr)
        return 2
    if not args.diff and args.out is None:
        print("kit port: give -o OUT (or --diff to preview)", file=sys.stderr)
        return 2
    if args.out is not None and not args.diff:
        if args.out.resolve() == src.resolve() or src.resolve() in args.out.resolve().parents:
            print("kit port: OUT must be outside SRC", file=sys.stderr)
            return 2
    result = port_tree(src, args.out or Path(), disabled=disabled, write=not args.diff,
                       faithful=args.faithful)
    if args.diff:
        sys.stdout.write(diff(src, result))
    for module in result.modules:
        if module.status == "failure":
            print(f"kit port: {module.error}", file=sys.stderr)
        for todo in module.todos:
            print(f"{module.path}:{todo['line']}: {todo['code']} {todo['text']}",
                  file=sys.stderr)
    if not args.diff:
        entry = result.entry
        totals = result.as_dict()["summary"]
        for module in result.modules:
            if module.status == "success":
                print(f"{module.path}: {outcome_line(module.outcomes)}")
        print(f"kit port: {totals['converted']} modules converted; "
              + outcome_line({"same": totals["same"], "declared": totals["declared"],
                              "todo": totals["todos"]}, totals["emulation_lines"])
              + f"; report in {args.out / 'PORTING-REPORT.md'}")
        if entry:
            print(f"run it: cd {args.out} && flask --app {app_spec(entry)} run")
    return 1 if result.failed else 0

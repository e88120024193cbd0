"""`bottle2flask convert-templates SRC -o OUT` and `bottle2flask convert-template FILE`.

Exit status: 0 converted (TODOs allowed), 1 when a template could not be converted,
2 on a usage error. Errors are one line each, never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .. import options
from ..errors import UsageError
from ..exit_status import ExitStatus
from .convert import convert_source
from .folder import convert_tree

FAILED = ExitStatus.DIFFERS  # a file could not be converted
WHITESPACE = ("a stock Jinja2 prints a newline more or less here than Bottle did (a blank "
              "line or nothing above a branch, or indentation under it); HTML renders "
              "the same")
COMPACT = ("--compact: these print what Bottle printed only with trim_blocks, lstrip_blocks "
           "and keep_trailing_newline on; in Flask: app.jinja_env.trim_blocks = "
           "app.jinja_env.lstrip_blocks = app.jinja_env.keep_trailing_newline = True")


def _add_common(parser) -> None:
    parser.add_argument("--syntax", help="a custom SimpleTemplate syntax, as Bottle takes it")
    parser.add_argument("--noescape", action="store_true",
                        help="the templates ran with Bottle's noescape=True ({{!x}} escapes)")
    parser.add_argument("--compact", action="store_true",
                        help="no `-` whitespace markers: the templates then need "
                             "trim_blocks and lstrip_blocks (printed)")


def add_folder_arguments(parser) -> None:
    parser.add_argument("src", help="the Bottle views folder")
    parser.add_argument("-o", "--out", required=True, help="the Jinja2 templates folder")
    _add_common(parser)


def add_file_arguments(parser) -> None:
    parser.add_argument("file", help="one SimpleTemplate file (written to stdout)")
    _add_common(parser)


def _syntax_error(syntax: str | None) -> str | None:
    if syntax is not None and len(syntax.split()) != 5:
        return "--syntax takes five tokens, as Bottle's default '<% %> % {{ }}'"
    return None


def folder_main(args) -> int:
    src, out = Path(args.src), Path(args.out)
    problem = _syntax_error(args.syntax)
    if problem is None and not src.is_dir():
        problem = f"{src}: not a folder"
    if problem is None and out.resolve() == src.resolve():
        problem = "OUT must not be SRC: the templates would be overwritten"
    in_the_way = options.file_in_the_way(out)
    if problem is None and in_the_way is not None:
        problem = f"{in_the_way}: exists and is not a folder"
    if problem:
        raise UsageError(problem)
    report = convert_tree(src, out, syntax=args.syntax, noescape=args.noescape,
                          compact=args.compact)
    inexact = 0
    for result in report.files:
        if result.status == "failed":
            print(f"{src / result.source}:{result.reason}", file=sys.stderr)
        for note in result.conversion.notes if result.conversion else ():
            print(f"{src / result.source}:{note.line}: {note.rule} {note.message}")
        if result.conversion is None or result.output is None:  # nothing written
            continue
        for line in result.conversion.whitespace:
            inexact += 1
            print(f"{out / (result.output or result.source)}:{line}: whitespace: "
                  f"{WHITESPACE}")
    todos = report.todos()
    print(f"{report.count('converted')} converted, {report.count('failed')} failed, "
          f"{report.count('copied')} copied, {report.count('skipped')} skipped; "
          f"{sum(todos.values())} TODO"
          + (" (" + ", ".join(f"{r}: {n}" for r, n in sorted(todos.items())) + ")"
             if todos else "")
          + (f"; {inexact} line{'s' if inexact != 1 else ''} prints its whitespace differently"
             if inexact else ""))
    if report.helpers_file is not None:
        module = report.helpers_file.stem
        print(f"{out / report.helpers_file}: {len(report.helpers)} function"
              f"{'s' if len(report.helpers) != 1 else ''} holding Python the templates keep "
              f"(each a TODO above): in the app, `import {module}` and "
              f"`{module}.init_app(app)` (a template global each)")
    if args.compact:
        print(COMPACT)
    return ExitStatus.DONE if report.ok else FAILED


def file_main(args) -> int:
    path = Path(args.file)
    problem = _syntax_error(args.syntax)
    if problem is None and not path.is_file():
        problem = f"{path}: no such file"
    if problem:
        raise UsageError(problem)
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        print(f"{path}:1: not UTF-8 text (Bottle reads UTF-8)", file=sys.stderr)
        return FAILED
    conversion = convert_source(text, str(path), syntax=args.syntax,
                                noescape=args.noescape, compact=args.compact)
    for note in conversion.notes:
        print(f"{path}:{note.line}: {note.rule} {note.message}", file=sys.stderr)
    for line in conversion.whitespace:
        print(f"<stdout>:{line}: whitespace: {WHITESPACE}", file=sys.stderr)
    if args.compact:
        print(COMPACT, file=sys.stderr)
    if not conversion.ok or conversion.source is None:
        print(f"{path}:{(conversion.error or '').removeprefix('line ')}", file=sys.stderr)
        return FAILED
    assert conversion.source is not None  # a conversion with no error has its source
    sys.stdout.write(conversion.source)
    return ExitStatus.DONE

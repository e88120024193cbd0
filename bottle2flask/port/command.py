"""bottle2flask port SRC -o OUT: a Bottle application folder rewritten as a Flask one,
then checked: both apps started on copies, sent the same requests, compared route by
route, and the answers left in OUT/tests/ as a suite that runs against both.

Exit status (ExitStatus, the policy cli.py writes down): 0 the port starts, every route
of the original got a request and answered as the original (declared changes allowed);
1 a page differs, or a file could not be converted (a module that does not parse, named
in one line; a template neither the converter nor Bottle reads is named too, copied as it
was: its renders failed in the original as well); 2 a usage error; 3 the
port does not start (where the original does, or its own code fails otherwise than the
original's);
4 the port was not compared (the original does not start here and the port fails alike
or for want of what the machine lacks, no module makes an app the check can load, or
its app has no routes once loaded);
5 converted, but
a TODO sits on code that fails when it runs (a view parameter only a Bottle plugin
passed, a request attribute Flask lacks...): the port is not done; 6 alike, but some
routes got no request (named, with why, on the last line). A call the port commented
out under a TODO (a plugin) does not count: the port starts without it. The reason is
the last line, on stderr. --no-check: converted only (0, 1 or 5).

A port into a folder the last port wrote stops (a usage error) when the folder holds
changes made since (port/manifest.py), unless --force; OUT then holds what this port
wrote and the user's own files, nothing an earlier port or repair round left. A port
into an OUT that is not new says so first, in one line (the last port replaced, changes
written over with --force, the files not the last port's that stay). --diff
writes nothing and exits 1 when the port changes anything (0 when not). --json prints
porting-report.json on stdout and nothing else there; --quiet only the errors and the
last line.
"""

from __future__ import annotations

import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .. import interpreter, options
from ..errors import UsageError
from ..exit_status import ExitStatus
from . import manifest
from .folder import PYTHON_SUFFIXES, diff, files_of, port_tree, write_reports
from .repair import repair
from .report import app_spec, check_markdown, outcome_line, package_run
from .rules import CODES

# Where the apps' own output goes during the check, in OUT.
CHECK_LOG = "check.log"


def add_arguments(parser) -> None:
    parser.add_argument("--no-check", action="store_true",
                        help="only convert: do not start and compare the two apps")
    parser.add_argument("--check-timeout", type=options.seconds, default=120,
                        metavar="SECONDS",
                        help="how long each app may take to start (default 120)")
    parser.add_argument("src", type=Path,
                        help="the Bottle app's folder (its modules, templates and files)")
    parser.add_argument("-o", "--out", type=Path, help="where to write the Flask app")
    parser.add_argument("--diff", action="store_true",
                        help="print what the port changes (modules, templates, files added "
                             "or left out); write nothing; exit 1 when it changes anything")
    parser.add_argument("--force", action="store_true",
                        help="write into OUT even when it holds changes made since the "
                             "last port (they are overwritten)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true",
                        help="print the report (porting-report.json) on stdout, nothing else")
    output.add_argument("-q", "--quiet", action="store_true",
                        help="print only the errors and the last line")
    parser.add_argument("--disable", action="append", default=[], metavar="P0NN",
                        help="skip a rule (repeat, or comma-separate)")
    parser.add_argument("--traceback", action="store_true",
                        help="print in full where the porter itself failed on a file "
                             "(PORTING-REPORT.md keeps it too)")
    parser.add_argument("--faithful", action="store_true",
                        help="keep Bottle's behaviour with bottle_compat.py instead of "
                             "idiomatic Flask with its changes declared")


def main(args) -> int:
    disabled = frozenset(c.strip().upper() for value in args.disable
                         for c in value.split(",") if c.strip())
    unknown = sorted(disabled - set(CODES))
    if unknown:
        raise UsageError(f"unknown rule {', '.join(unknown)} (rules: {', '.join(CODES)})")
    src = args.src
    if src.is_file():
        raise UsageError(f"{src} is a file: give the folder that holds the app (the port "
                         "reads its modules and templates together)")
    if not src.is_dir():
        raise UsageError(f"{src} is not a folder")
    if args.diff and args.json:
        raise UsageError("--diff prints a diff and --json the report: give one of them")
    if args.diff:
        return preview(src, disabled, args.faithful)
    if args.out is None:
        raise UsageError("give -o OUT (or --diff to preview)")
    if args.out.resolve() == src.resolve() or src.resolve() in args.out.resolve().parents:
        raise UsageError("OUT must be outside SRC")
    if args.out.resolve() in src.resolve().parents:
        raise UsageError("OUT must not hold SRC: the port would write among the app's "
                         "own files")
    in_the_way = options.file_in_the_way(args.out)
    if in_the_way is not None:
        raise UsageError(f"OUT {'is' if in_the_way == args.out else 'is under'} a file, "
                         f"{in_the_way}: give a folder")
    changed = manifest.changes(args.out)
    if not args.force:
        manifest.guard(args.out)
    # a --python that cannot run the check is said before anything is written
    python = None if args.no_check else interpreter.resolve(args.python, [src])
    bottle_app(src)
    theirs = manifest.theirs(args.out)  # the files no port wrote (or edited since) stay
    if not (args.quiet or args.json):
        said = manifest.again(args.out, changed, theirs)
        if said:
            print(said)
    try:
        manifest.clear(args.out, theirs)  # what the last port wrote and this may not
        result = port_tree(src, args.out, disabled=disabled, faithful=args.faithful)
        status = report(args, result, python, disabled, theirs)
    finally:
        if args.out.is_dir():  # OUT as this port leaves it, whatever stopped it
            manifest.record(args.out, theirs)
    if args.json:
        print((args.out / "porting-report.json").read_text(encoding="utf-8"), end="")
    return status


def bottle_app(src: Path) -> None:
    """Stop (a UsageError) before anything is written when SRC holds no Python file that
    names bottle: whatever the model follows (an app handed on, a vendored Bottle under
    another name, a star import) starts at a module that imports it."""
    modules = [p for p in files_of(src) if p.suffix in PYTHON_SUFFIXES]
    if not modules:
        raise UsageError(f"{src} holds no Python module: give the Bottle app's folder "
                         "(templates alone: bottle2flask convert-templates)")
    for module in modules:
        try:
            if "bottle" in module.read_text(encoding="utf-8", errors="replace"):
                return
        except OSError:
            return  # the port says what it cannot read, file by file
    raise UsageError(f"{src} holds no Bottle app: no Python module of it imports bottle "
                     f"({len(modules)} read)")


def preview(src: Path, disabled: frozenset[str], faithful: bool) -> int:
    """--diff: the port written into a scratch folder, compared with the original."""
    with tempfile.TemporaryDirectory(prefix="bottle2flask-diff-") as scratch:
        result = port_tree(src, Path(scratch) / "port", disabled=disabled, faithful=faithful)
        text, changed = diff(src, Path(scratch) / "port", result)
    sys.stdout.write(text)
    for module in result.modules:
        if module.status == "failure":
            print(f"bottle2flask port: {module.error}", file=sys.stderr)
    for line in unconverted(result):
        print(f"bottle2flask port: {line}", file=sys.stderr)
    return ExitStatus.DIFFERS if changed or result.failed else ExitStatus.DONE


def report(args, result, python, disabled: frozenset[str] = frozenset(),
           theirs: dict[str, str] | None = None) -> int:
    """Say what the port did, check it (unless --no-check), and return the exit status.

    theirs: the user's files in OUT (manifest.theirs), which a repair round keeps."""
    say = (lambda *_, **__: None) if args.quiet or args.json else print
    for module in result.modules:
        if module.status == "failure":
            print(f"bottle2flask port: {module.error}", file=sys.stderr)
            if args.traceback and module.traceback:
                print(module.traceback, end="", file=sys.stderr)
    for line in unconverted(result):
        print(f"bottle2flask port: {line}", file=sys.stderr)
    failed = result.failed
    for module in result.modules:
        for todo in module.todos:
            say(f"{module.path}:{todo['line']}: {todo['code']} {todo['text']}", file=sys.stderr)
    entry = result.entry
    totals = result.as_dict()["summary"]
    for module in result.modules:
        if module.status == "success":
            say(f"{module.path}: {outcome_line(module.outcomes)}")
    for template in result.templates:  # the total counts their TODOs: each says its own
        if template.get("todos"):
            say(f"{template['path']}: TODO: {len(template['todos'])}")
    say(f"bottle2flask port: {totals['converted']} modules converted; "
        + outcome_line({"same": totals["same"], "declared": totals["declared"],
                        "todo": totals["todos"]}, totals["emulation_lines"])
        + f"; report in {args.out / 'PORTING-REPORT.md'}")
    breaks = not_done(result)
    status: int
    if args.no_check:
        say("Not checked (--no-check).")
        status, reason = (ExitStatus.DIFFERS, "a file could not be converted (see above)") \
            if failed else (
            (ExitStatus.BREAKS, breaks) if breaks else (ExitStatus.DONE, ""))
    elif result.start is None:
        # nothing to start (an app made only inside a function or a class, under
        # __main__): never a 0, which says the port was checked
        say("Not checked (no module makes a Flask app).")
        # (a module the porter failed on may be the one that makes it: that is said)
        status, reason = (ExitStatus.DIFFERS, "a file could not be converted (see above)") \
            if failed else verdict(Unchecked(
            ExitStatus.NOT_COMPARED, "the port was not compared: no module makes its app "
            "where the check can load it (at the top of a module, or by a factory); "
            "give `bottle2flask parity` each app as FILE:ATTR or a factory that makes it"),
            breaks, False)
        write_check(args.out, status, reason, {}, python)
    else:
        from ..proof.check import check  # only a port that is checked pays for it

        log = args.out / CHECK_LOG
        log.write_text("", encoding="utf-8")

        def checked(ported):
            return check(args.src, args.out, ported, requests=args.requests,
                         timeout=args.check_timeout, forms=args.forms is not False,
                         crawl=not args.no_crawl, starts=args.start, max_pages=args.max_pages,
                         python=python.logging_to(log), say=say)

        # the check as the port's guard: the sites a failure maps to keep Bottle's behaviour
        def again(exact: frozenset[str]):
            # each round's port in an OUT holding only the user's files and this run's log
            # (no helper of a candidate the round after undoes, no suite of a round before)
            manifest.clear(args.out, theirs or {}, frozenset({CHECK_LOG}))
            return port_tree(args.src, args.out, disabled=disabled, faithful=args.faithful,
                             exact=exact)

        result, outcome, repaired = repair(result, checked(result), again, checked, say)
        # (a site the check moved to its exact form takes its breaking TODO with it)
        breaks = not_done(result)
        used = tuple(outcome.data.get("start") or ())
        if len(used) == 2 and used != result.start:  # the check started another script
            result.started = (used[0], used[1])
        entry = result.entry  # the module the check started
        started = outcome.status in (ExitStatus.DONE, ExitStatus.DIFFERS,
                                     ExitStatus.NOT_REACHED) or outcome.data.get(
            "starts", {}).get("port")
        if started and entry is not None and not outcome.data.get("script"):
            # where the check loaded it from: the report says so too
            result.run = run_place(args.out, entry, outcome.data.get("outside"))
        if repaired.rounds or result.started or result.run:
            write_reports(args.out, result)
        outcome.data["repair"] = repaired.as_dict()
        for line in [*outcome.lines, *repaired.lines(result), sites_line(result)]:
            say(line)
        status, reason = verdict(outcome, breaks, failed)
        if repaired.left and status in (ExitStatus.DONE, ExitStatus.NOT_REACHED):
            # a declared change that loses a page, which no site's exact form repairs
            status, reason = ExitStatus.DIFFERS, f"a page breaks: {repaired.left[0]}"
        if status == ExitStatus.NOT_COMPARED and "No module named" in reason:
            reason += (f" (the apps ran under {python.path}: --python names the Python "
                       "that has the app's packages)")
        write_check(args.out, status, reason, outcome.data, python)
        if log.stat().st_size:
            say(f"The apps' own output during the check: {log}")
        if started and not breaks and entry is None:  # a mod_wsgi script's app
            say(f"run it: as before, mod_wsgi loads {args.out / result.start[0]} "
                f"(its app is `{result.start[1]}`)")
        elif started and not breaks and outcome.data.get("script"):
            # its app is made only under `if __name__ == "__main__":`
            say(f"run it: cd {args.out} && python {result.start[0]}")
            say_suite(args.out, say)
        elif started and not breaks and result.run is not None:
            # (a port with a TODO that fails is not done: no "run it")
            say(run_line(result.run))
            say_suite(args.out, say)
    machine = args.out / "porting-report.json"
    found = json.loads(machine.read_text(encoding="utf-8"))
    machine.write_text(json.dumps({**found, "exit_status": int(status)}, indent=2) + "\n",
                       encoding="utf-8")
    if reason:
        print(f"bottle2flask port: {reason}", file=sys.stderr)
    elif args.quiet:
        print(f"bottle2flask port: done; report in {args.out / 'PORTING-REPORT.md'}")
    return status


def not_done(result) -> str:
    """Why the port is not done though it may start: a TODO on code that fails when it
    runs (the first of them, and how many more), else ""."""
    breaking = [f"{m.path}:{t['line']}: {t['code']} TODO on code that fails when it runs"
                for m in result.modules for t in m.todos if t.get("breaks")]
    # (a template Bottle itself cannot compile failed in the original as it does here; one
    # Bottle's SimpleTemplate renders, P006's kept render, is not rendered by Jinja2)
    breaking += [f"{t['breaks']}: a template TODO that fails when rendered"
                 for t in result.templates if t.get("breaks") and t.get("rendered", True)
                 and not t.get("bottle_error") and not t.get("bottle_renders")]
    if not breaking:
        return ""
    more = f" (and {len(breaking) - 1} more)" if len(breaking) > 1 else ""
    return f"not done: {breaking[0]}{more}"


def unconverted(result) -> list[str]:
    """A line for each template neither the converter nor the installed Bottle can read:
    copied into OUT as it was (a page the app may send as a file, static_file() of a Vue
    page in templates/), its renders failing in the port as they failed in the original.
    Said, not counted as a file the port failed on: the port answers as the original
    does there. One Bottle compiles is kept for its SimpleTemplate instead (failtpl50)."""
    return [f"{t['path']}:{t['reason']}: not converted (Bottle cannot compile it either: "
            "its renders fail in the original too); copied as it was"
            for t in result.templates if t.get("status") == "failed"]


def sites_line(result) -> str:
    """How many sites took the idiomatic form, how many kept Bottle's behaviour."""
    sites = result.as_dict()["summary"]["sites"]
    return (f"sites: {sites['idiomatic']} idiomatic, {sites['exact']} kept Bottle's behaviour "
            f"({sites['repaired']} repaired by the check, {sites['kept']} kept because "
            "Flask has no form of theirs that runs)")


@dataclass
class Unchecked:
    """A check that did not run, as verdict() reads a check's outcome."""

    status: int
    reason: str


def verdict(outcome, breaks: str, failed: bool) -> tuple[int, str]:
    """One exit status for the whole port, the worst first: it does not start, nothing
    compared (a TODO on code that fails named after it: the port was not run, so the
    status says that first), a TODO on code that fails (it names the cause), a page
    differs, a file not converted, a route not reached."""
    if outcome.status == ExitStatus.PORT_DOES_NOT_START:
        return outcome.status, outcome.reason
    if outcome.status == ExitStatus.NOT_COMPARED:
        return outcome.status, outcome.reason + (f"; and {breaks}" if breaks else "")
    if breaks:
        return ExitStatus.BREAKS, breaks
    if outcome.status == ExitStatus.DIFFERS:
        return outcome.status, outcome.reason
    if failed:
        return ExitStatus.DIFFERS, "a file could not be converted (see above)"
    if outcome.status == ExitStatus.NOT_REACHED:
        return outcome.status, outcome.reason
    return ExitStatus.DONE, ""


def write_check(out: Path, status: int, reason: str, data: dict,
                python: interpreter.Interpreter | None = None) -> None:
    """The check's table of routes, added to PORTING-REPORT.md and porting-report.json,
    with the Python the apps ran under and the log of their own output."""
    from ..proof.record import DATA

    suite_data = out / "tests" / DATA
    suite = json.loads(suite_data.read_text(encoding="utf-8"))["apps"]["bottle"] \
        if data.get("routes") and suite_data.is_file() else None
    ran = {"python": python.path if python else sys.executable, "log": CHECK_LOG}
    with (out / "PORTING-REPORT.md").open("a", encoding="utf-8") as report:
        report.write("\n" + check_markdown(status, reason, data, suite, str(out)))
        report.write(f"The apps ran under `{ran['python']}`; their own output (prints, "
                     f"logs, tracebacks) is in `{CHECK_LOG}`.\n")
    machine = out / "porting-report.json"
    found = json.loads(machine.read_text(encoding="utf-8"))
    found["check"] = {"status": int(status), "reason": reason,
                      "summary": data.get("summary"), "counts": data.get("counts"),
                      "routes": data.get("routes", []), "unrouted": data.get("unrouted"),
                      "repair": data.get("repair"),
                      **({"outside": data["outside"]} if data.get("outside") else {}),
                      **ran, **({"original": suite} if suite else {})}
    machine.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")


def say_suite(out: Path, say=print) -> None:
    if (out / "tests" / "test_bottle2flask_parity.py").is_file():
        say(f"its parity suite: bottle2flask test {out}")


def run_line(place: tuple[str, str, str]) -> str:
    """`run it: ...`, from run_place()'s answer."""
    first, folder, spec = place
    return f"run it: {first + ': ' if first else ''}cd {folder} && flask --app {spec} run"


def run_place(out: Path, entry: tuple[str, str],
              outside: dict | None = None) -> tuple[str, str, str]:
    """How to run the port, as the check loaded it: what to do first ("" when nothing),
    the folder to run from, and MODULE:APP. From its own folder, or, for a module of a
    package the check loaded by its dotted name, from the folder above the package (OUT
    in the original's place there, when the port reads files from around it)."""
    from ..proof.record import DATA

    suite = out / "tests" / DATA
    module = (json.loads(suite.read_text(encoding="utf-8"))["apps"]["flask"].get("module")
              if suite.is_file() else None)
    if not module and "." not in entry[0] and (out / "__init__.py").is_file() \
            and not (out / f"{entry[0]}.py").is_file() and not (out / entry[0]).is_dir():
        module = entry[0]  # the package ported from its own folder, named for it
    if not module:
        folder, name = run_from(out, entry[0])
        return "", str(folder), app_spec((name, entry[1]))
    spec = app_spec((module, entry[1]))
    if outside:
        return (f"in place of {Path(outside['folder']) / outside['at']} (it reads "
                f"{', '.join(outside['files'])} around it)", outside["folder"], spec)
    # the package's name is the original's folder's; OUT's own may do as well
    first, module = package_run(out, module.partition(".")[0], module)
    return first, str(out.parent), app_spec((module, entry[1]))


def run_from(out: Path, module: str) -> tuple[Path, str]:
    """The folder to run the app from and its module's name there: a module outside any
    package runs from its own folder (where its relative paths start, as Bottle's did);
    a package's, from the folder that holds the package."""
    parts = module.split(".")
    cut = len(parts) - 1
    while cut > 0 and (out.joinpath(*parts[:cut]) / "__init__.py").is_file():
        cut -= 1
    if cut == len(parts) - 1 and cut:  # main/main.py importing apps/ beside main/:
        # `python -m main.main` from the folder above, as the check loaded it
        from ..loading import folder_script

        if folder_script(out.joinpath(*parts).with_suffix(".py")):
            cut -= 1
    return out.joinpath(*parts[:cut]), ".".join(parts[cut:])

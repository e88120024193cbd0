"""bottle2flask port SRC -o OUT: a Bottle application folder rewritten as a Flask one,
then checked: both apps started on copies, sent the same requests, compared route by
route, and the answers left in OUT/tests/ as a suite that runs against both.

Exit status (ExitStatus, the policy cli.py writes down): 0 the port starts, every route
of the original got a request and answered as the original (declared changes allowed);
1 a page differs, or a file could not be converted; 2 a usage error; 3 the port does not
start; 4 the port was not compared (the original does not start here); 5 converted, but
a TODO sits on code that fails when it runs (a view parameter only a Bottle plugin
passed, a request attribute Flask lacks...): the port is not done; 6 alike, but some
routes got no request (named, with why, on the last line). A call the port commented
out under a TODO (a plugin) does not count: the port starts without it. The reason is
the last line, on stderr. --no-check: converted only (0, 1 or 5).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..errors import UsageError
from ..exit_status import ExitStatus
from ..proof.check import check
from ..proof.record import DATA
from .folder import diff, port_tree, write_reports
from .repair import repair
from .report import app_spec, check_markdown, outcome_line
from .rules import CODES


def add_arguments(parser) -> None:
    parser.add_argument("--no-check", action="store_true",
                        help="only convert: do not start and compare the two apps")
    parser.add_argument("--check-timeout", type=float, default=120, metavar="SECONDS",
                        help="how long each app may take to start (default 120)")
    parser.add_argument("src", type=Path, help="the Bottle app's folder (or one .py file)")
    parser.add_argument("-o", "--out", type=Path, help="where to write the Flask app")
    parser.add_argument("--diff", action="store_true",
                        help="print the changes to the Python files; write nothing")
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
    if not src.is_dir():
        raise UsageError(f"{src} is not a folder")
    if not args.diff and args.out is None:
        raise UsageError("give -o OUT (or --diff to preview)")
    if args.out is not None and not args.diff:
        if args.out.resolve() == src.resolve() or src.resolve() in args.out.resolve().parents:
            raise UsageError("OUT must be outside SRC")
    result = port_tree(src, args.out or Path(), disabled=disabled, write=not args.diff,
                       faithful=args.faithful)
    if args.diff:
        sys.stdout.write(diff(src, result))
    for module in result.modules:
        if module.status == "failure":
            print(f"bottle2flask port: {module.error}", file=sys.stderr)
            if args.traceback and module.traceback:
                print(module.traceback, end="", file=sys.stderr)
        for todo in module.todos:
            print(f"{module.path}:{todo['line']}: {todo['code']} {todo['text']}",
                  file=sys.stderr)
    if args.diff:
        return ExitStatus.DIFFERS if result.failed else ExitStatus.DONE
    entry = result.entry
    totals = result.as_dict()["summary"]
    for module in result.modules:
        if module.status == "success":
            print(f"{module.path}: {outcome_line(module.outcomes)}")
    print(f"bottle2flask port: {totals['converted']} modules converted; "
          + outcome_line({"same": totals["same"], "declared": totals["declared"],
                          "todo": totals["todos"]}, totals["emulation_lines"])
          + f"; report in {args.out / 'PORTING-REPORT.md'}")
    breaking = [f"{m.path}:{t['line']}: {t['code']} TODO on code that fails when it runs"
                for m in result.modules for t in m.todos if t.get("breaks")]
    breaking += [f"{t['breaks']}: a template TODO that fails when rendered"
                 for t in result.templates if t.get("breaks") and t.get("rendered", True)]
    breaks = ""
    if breaking:
        more = f" (and {len(breaking) - 1} more)" if len(breaking) > 1 else ""
        breaks = f"not done: {breaking[0]}{more}"
    status: int
    if args.no_check or result.start is None:
        why = "--no-check" if args.no_check else "no module makes a Flask app"
        print(f"Not checked ({why}).")
        status, reason = (ExitStatus.DIFFERS, "") if result.failed else (
            (ExitStatus.BREAKS, breaks) if breaks else (ExitStatus.DONE, ""))
    else:
        def checked(ported):
            return check(src, args.out, ported, requests=args.requests,
                         timeout=args.check_timeout, forms=args.forms is not False,
                         crawl=not args.no_crawl, starts=args.start, max_pages=args.max_pages)

        # the check as the port's guard: the sites a failure maps to keep Bottle's behaviour
        result, outcome, repaired = repair(result, checked(result), lambda exact: port_tree(
            src, args.out, disabled=disabled, faithful=args.faithful, exact=exact), checked)
        if repaired.rounds:
            write_reports(args.out, result)
        outcome.data["repair"] = repaired.as_dict()
        for line in [*outcome.lines, *repaired.lines(result), sites_line(result)]:
            print(line)
        status, reason = verdict(outcome, breaks, result.failed)
        if repaired.left and status in (ExitStatus.DONE, ExitStatus.NOT_REACHED):
            # a declared change that loses a page, which no site's exact form repairs
            status, reason = ExitStatus.DIFFERS, f"a page breaks: {repaired.left[0]}"
        write_check(args.out, status, reason, outcome.data)
        started = outcome.status in (ExitStatus.DONE, ExitStatus.DIFFERS,
                                     ExitStatus.NOT_REACHED) or outcome.data.get(
            "starts", {}).get("port")
        if started and status != ExitStatus.BREAKS and entry is None:  # a mod_wsgi script's app
            print(f"run it: as before, mod_wsgi loads {args.out / result.start[0]} "
                  f"(its app is `{result.start[1]}`)")
        elif started and status != ExitStatus.BREAKS and outcome.data.get("script"):
            # its app is made only under `if __name__ == "__main__":`
            print(f"run it: cd {args.out} && python {result.start[0]}")
            say_suite(args.out)
        elif started and status != ExitStatus.BREAKS and entry is not None:
            # (a port with a TODO that fails is not done: no "run it")
            folder, name = run_from(args.out, entry[0])
            print(f"run it: cd {folder} && flask --app {app_spec((name, entry[1]))} run")
            say_suite(args.out)
    if reason:
        print(f"bottle2flask port: {reason}", file=sys.stderr)
    return status


def sites_line(result) -> str:
    """How many sites took the idiomatic form, how many kept Bottle's behaviour."""
    sites = result.as_dict()["summary"]["sites"]
    return (f"sites: {sites['idiomatic']} idiomatic, {sites['exact']} kept Bottle's behaviour "
            f"({sites['repaired']} repaired by the check)")


def verdict(outcome, breaks: str, failed: bool) -> tuple[int, str]:
    """One exit status for the whole port, the worst first: it does not start, a TODO on
    code that fails (it names the cause), a page differs, not compared, a file not
    converted, a route not reached."""
    if outcome.status == ExitStatus.PORT_DOES_NOT_START:
        return outcome.status, outcome.reason
    if breaks:
        return ExitStatus.BREAKS, breaks
    if outcome.status in (ExitStatus.DIFFERS, ExitStatus.NOT_COMPARED):
        return outcome.status, outcome.reason
    if failed:
        return ExitStatus.DIFFERS, "a file could not be converted (see above)"
    if outcome.status == ExitStatus.NOT_REACHED:
        return outcome.status, outcome.reason
    return ExitStatus.DONE, ""


def write_check(out: Path, status: int, reason: str, data: dict) -> None:
    """The check's table of routes, added to PORTING-REPORT.md and porting-report.json."""
    suite_data = out / "tests" / DATA
    suite = json.loads(suite_data.read_text(encoding="utf-8"))["apps"]["bottle"] \
        if data.get("routes") and suite_data.is_file() else None
    with (out / "PORTING-REPORT.md").open("a", encoding="utf-8") as report:
        report.write("\n" + check_markdown(status, reason, data, suite))
    machine = out / "porting-report.json"
    found = json.loads(machine.read_text(encoding="utf-8"))
    found["check"] = {"status": int(status), "reason": reason,
                      "summary": data.get("summary"), "counts": data.get("counts"),
                      "routes": data.get("routes", []), "unrouted": data.get("unrouted"),
                      "repair": data.get("repair"),
                      **({"original": suite} if suite else {})}
    machine.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")


def say_suite(out: Path) -> None:
    if (out / "tests" / "test_bottle2flask_parity.py").is_file():
        print(f"its parity suite: cd {out} && python -m pytest tests -p no:randomly")


def run_from(out: Path, module: str) -> tuple[Path, str]:
    """The folder to run the app from and its module's name there: a module outside any
    package runs from its own folder (where its relative paths start, as Bottle's did);
    a package's, from the folder that holds the package."""
    parts = module.split(".")
    cut = len(parts) - 1
    while cut > 0 and (out.joinpath(*parts[:cut]) / "__init__.py").is_file():
        cut -= 1
    return out.joinpath(*parts[:cut]), ".".join(parts[cut:])

"""`bottle2flask port`'s self-check: does the port start, and does it answer alike?

Both apps are loaded, each in a process of its own with a time limit, from copies of
their folders (data files included); then one more process sends both the same requests
(a crawl from / and from every route without a parameter, a request for each route it
missed (reach.py), the forms unless --no-forms, the user's requests files and the
port's declared changes, then the writes no page made) and reads both routers, so each
route of the original gets a verdict: same, declared change, different, not reached (with
why), or varies between runs of the original: each request goes to a second instance of
the original too, and where the two answer differently only what both kept is compared
(parity/noise.py), so the app's own randomness is never the port's difference. A page
made under an id each run draws (a uuid4 in its path) is asked of each app at its own
path, as a browser follows each one's own link, form and Location (replay.Run.pair):
only where the two runs of the original drew different ids there, and the port's has
their form. The answers are recorded as the suite the port leaves in OUT/tests/.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..exit_status import ExitStatus
from ..interpreter import Interpreter
from ..lifeline import POSIX, Lifeline
from ..loading import HANDS_NO_APP, SURROUNDINGS_VARIABLE, import_root, split
from .answers import declared_as
from .record import app_entries, recording, write_suite

SAME, DIFFERENT = ExitStatus.DONE, ExitStatus.DIFFERS
PORT_DOES_NOT_START, NOT_CHECKED = ExitStatus.PORT_DOES_NOT_START, ExitStatus.NOT_COMPARED


@dataclass
class Check:
    status: int
    reason: str = ""  # one line, when status is not SAME
    lines: list[str] = field(default_factory=list)  # the report for people
    data: dict = field(default_factory=dict)  # the report for machines


# Probes that got no answer within the time limit (an app's module serving at import
# with a server the loader does not stop: livereload's Server(app).serve()), for the
# life of this process: the repair loop checks again and again, and each probe of such
# a module waited out the whole limit (RULE-s50 class F: 1064 s for one app). Keyed by
# the probe and the module's text as it is (the repair rewrites the port's other
# modules between checks; the module that serves at import is probed again only once
# it is changed itself).
UNANSWERED: dict[tuple, dict] = {}


def _probe_key(args: list[str], around: dict | None) -> tuple | None:
    if args[:1] != ["probe"] or len(args) < 2:
        return None
    file = Path(split(args[1])[0])
    try:
        text = (file / "__init__.py" if file.is_dir() else file).read_bytes()
    except OSError:
        return None
    return (*args, json.dumps(around, sort_keys=True), hashlib.sha256(text).hexdigest())


def worker(python: str | Interpreter, args: list[str], timeout: float,
           around: dict | None = None) -> dict:
    """A part of the check in a process of its own (run_worker), except a probe that got
    no answer before in this process, in the same files: its answer then, said again
    (UNANSWERED)."""
    key = _probe_key(args, around)
    if key is not None and key in UNANSWERED:
        return UNANSWERED[key]
    found = run_worker(python, args, timeout, around)
    if key is not None and found.get("unanswered"):
        module = split(args[1])[0]
        UNANSWERED[key] = {**found, "error": f"{found['error']}: {module} does not return "
                           "when imported (a server it starts?); probed once, not again in "
                           "this run"}
    return found


def run_worker(python: str | Interpreter, args: list[str], timeout: float,
               around: dict | None = None) -> dict:
    """Run one part of the check in its own process (under the user's Python, when
    given); its JSON answer, or why there is none. The apps' own output goes to the
    Interpreter's log, if it has one.

    The process's temporary files (its copies of the apps, and the apps' own) go in a
    folder this side removes: a process killed at the time limit cannot clean up.
    Nothing it starts outlives it (Worker): an app that blocks, a server or a child
    process the app starts at import, all end with the answer, at the time limit, or
    when this process ends, however it ends."""
    runner = python if isinstance(python, Interpreter) else Interpreter(python)
    with tempfile.TemporaryDirectory(prefix="bottle2flask-check-",
                                     ignore_cleanup_errors=True) as scratch:
        env = {**os.environ, "TMPDIR": scratch,
               **({SURROUNDINGS_VARIABLE: json.dumps(around)} if around else {})}
        with Worker(runner.command("bottle2flask.proof.worker", args), env,
                    Path(scratch)) as process:
            finished = process.finish(timeout)
            said, told = process.output()
            code = process.process.returncode if process.process else None
    runner.keep(args, told)
    if not finished:
        return {"ok": False, "error": f"no answer within {timeout:g} s (--check-timeout)",
                "unanswered": True}
    try:
        return json.loads(said.strip().splitlines()[-1])
    except (IndexError, ValueError):
        return {"ok": False, "error": f"the check's process failed: {how_it_ended(code, told)}"}


def how_it_ended(code: int | None, told: str) -> str:
    """How a worker that gave no answer ended (an app's view that killed its process
    with a signal it cannot catch, SIGKILL), and the last lines it printed."""
    lines = [line.strip()[:200] for line in told.strip().splitlines() if line.strip()][-3:]
    how = f"it was killed by {signal.Signals(-code).name}" if code is not None and code < 0 \
        and -code in signal.valid_signals() else f"it ended with code {code}"
    return how + ("; its last lines: " + " / ".join(f"«{line}»" for line in lines)
                  if lines else ", printing nothing")


class Worker:
    """A worker process and all it starts, as one process group that ends with it.

    - Its own session (a process group): an app's children, a server thread's process,
      the parity twins are in it, and the whole group is killed (SIGKILL, which an app
      cannot ignore as it can SIGTERM) once the answer is in, at the time limit, and on
      any exception here (Ctrl-C among them). A child that puts itself in a session of
      its own (a daemon's double fork) leaves the group, and is not followed.
    - Its end of a pipe this side holds open: when this process ends, however (killed
      with SIGKILL included), the pipe closes and the worker kills its group
      (worker.watch_parent); it never outlives the check that started it.
    - Its output in files, not pipes: the answer is read once the worker has ended, not
      once every process holding its stderr has (a child the app started kept the check
      waiting to its time limit).
    """

    def __init__(self, command: list[str], env: dict[str, str], scratch: Path):
        self.command, self.env = command, env
        self.out_path, self.err_path = scratch / "worker.out", scratch / "worker.err"
        self.process: subprocess.Popen | None = None
        self.lifeline = Lifeline()

    def __enter__(self) -> Worker:
        try:
            with self.out_path.open("wb") as out, self.err_path.open("wb") as err:
                self.process = subprocess.Popen(
                    self.command, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                    env=self.lifeline.env(self.env), pass_fds=self.lifeline.pass_fds,
                    start_new_session=POSIX)
        except BaseException:
            self.lifeline.close()
            raise
        self.lifeline.started()
        return self

    def finish(self, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the worker to end; whether it did."""
        assert self.process is not None
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        return True

    def output(self) -> tuple[str, str]:
        """What the worker wrote on stdout and on stderr (the group ended first: no
        process of it writes on)."""
        self.end()
        return (self.out_path.read_text(encoding="utf-8", errors="replace"),
                self.err_path.read_text(encoding="utf-8", errors="replace"))

    def end(self) -> None:
        """Kill the worker's whole group, and wait for the worker."""
        if self.process is None:
            return
        if POSIX:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process.kill()  # (gone already, or not a group leader after all)
        self.process.wait()
        self.lifeline.close()

    def __exit__(self, *exc) -> None:
        self.end()


def blocking_todo(result, problem: dict) -> str:
    """The TODO the port left nearest above the line it failed at, if any."""
    module = next((m for m in result.modules if m.path == problem.get("file")), None)
    if module is None:
        return ""
    line = problem.get("line") or 0
    near = [t for t in module.todos if line - 5 <= t["line"] <= line + 1]
    todo = near[-1] if near else None
    return f" (TODO {todo['code']} at {module.path}:{todo['line']})" if todo else ""


def surroundings(src: Path, out: Path, file: str) -> dict | None:
    """Where the original is loaded from when that is above the folder ported, for the
    port to run there too (loading.Surroundings): a module of a package runs from the
    folder above the package (web/server.py doing `from model import Model`, model.py
    and the data files it opens beside web/), and its port in a copy of that folder with
    OUT in web/'s place. None when the original is loaded from within the folder ported."""
    root, top = import_root(src / file), src.resolve()
    if root == top or root not in top.parents:
        return None
    return {"root": str(root), "at": top.relative_to(root).as_posix(), "original": str(top),
            "port": str(out.resolve())}


def specs(src: Path, out: Path, start: tuple[str, str], python: str | Interpreter,
          timeout: float, served: str | None = None) -> tuple[str, str, dict, dict]:
    """The two apps' specs and whether each loads: the original's app may be Bottle's
    default app (the port names it `app`), so its attr is tried, then left out.

    served: the name the module's WSGI server is given where it wraps the app
    (`application = SessionMiddleware(app, opts)`), or loading.SERVED where its run() is
    handed what no name holds (`run(app=SessionMiddleware(app(), opts))`): each app is
    served by it, as its server would serve it (the port keeps the name: its middleware
    wraps app.wsgi_app), unless the original does not load by it."""
    file, attr = start  # `make_app()`: the loader calls it with no arguments
    around = surroundings(src, out, file)
    if served:  # (SERVED: what run() is handed, where no name holds it)
        original, port = f"{src / file}:{served}", f"{out / file}:{served}"
        loads = worker(python, ["probe", original], timeout, around)
        if loads["ok"]:
            port_loads = worker(python, ["probe", port], timeout, around)
            if port_loads["ok"] or not any(why in port_loads.get("error", "") for why in (
                    "has no attribute", HANDS_NO_APP)):
                return original, port, loads, port_loads
    port = f"{out / file}:{attr}"
    original = f"{src / file}:{attr}"
    loads = worker(python, ["probe", original], timeout, around)
    if loads["ok"] or "has no attribute" not in loads.get("error", ""):
        return original, port, loads, worker(python, ["probe", port], timeout, around)
    original = str(src / file)
    loads = worker(python, ["probe", original], timeout, around)
    port_loads = worker(python, ["probe", port], timeout, around)
    if not loads["ok"] and not port_loads["ok"] \
            and "has no attribute" in port_loads.get("error", ""):
        # the module has no such name in either: the port is looked for as the original
        # was, so the two failures say the same where they are the same
        port = str(out / file)
        port_loads = worker(python, ["probe", port], timeout, around)
    return original, port, loads, port_loads


# "'ConfigDict' object has no attribute 'server'": the object's class is the framework's
# (Bottle's ConfigDict, Flask's Config), the attribute the app's own code asked for
MISSING_ATTRIBUTE = re.compile(r"AttributeError: '[^']+' object has no attribute ('[^']+')")


def same_failure(original: dict, port: dict) -> bool:
    """Whether the port fails to start as the original does: the same exception in the
    same file (a package the machine lacks, a credential read at import, Python 2 code
    copied as it is), so its failure is not the port's. An attribute both lack, read in
    the same file, is the same failure though the object's class is each framework's own
    (`app.config.server`, which Bottle 0.13's ConfigDict refuses as Flask's Config does;
    RULE-s53 class B)."""
    if original.get("file") != port.get("file"):
        return False
    said = [str(side.get("cause") or side["error"]) for side in (original, port)]
    if said[0] == said[1]:
        return True
    missing = [MISSING_ATTRIBUTE.search(text) for text in said]
    return missing[0] is not None and missing[1] is not None \
        and missing[0][1] == missing[1][1]


# The exceptions a port's own code raises where the conversion is wrong; any other (a
# package, a file, a setting the machine lacks) is the machine's.
CODE_ERRORS = ("NameError", "AttributeError", "TypeError", "SyntaxError", "AssertionError",
               "UnboundLocalError", "IndentationError", "LookupError", "ValueError")


def ported_code_fails(port: dict) -> bool:
    """Whether the port's failure to start reads as its code's (or its import of Flask's
    names), not as the machine's."""
    cause = str(port.get("cause") or port["error"])
    name = cause.partition(":")[0].strip()
    return name in CODE_ERRORS or ("ImportError" in name and "flask" in cause.lower()) \
        or "werkzeug" in cause.lower()


def check(src: Path, out: Path, result, *, requests=(), timeout: float = 300,
          python: str | Interpreter = sys.executable, say=print, **replay) -> Check:
    """Check the port in out of the app in src (result: port_tree's), and record its suite.

    replay: forms, crawl, starts, max_pages, as for parity."""
    start = result.start
    if start is None:
        return Check(NOT_CHECKED, "no module makes a Flask app: nothing to start")
    say(f"Checking the port: both apps run on copies in a temporary folder ({src} and "
        f"{out} are not written), each in a process of its own.")
    original, port, original_loads, port_loads = specs(src, out, start, python, timeout,
                                                       result.served)
    others = list(result.other_starts)  # a folder of scripts: each serves an app of its own
    # or, where the start is a launcher importing its app (RULE-s47's class L), the module
    # that makes the app
    # or a script that imports the start's module and runs its routes under its main
    # guard (RULE-s49's class N: setup.py calling my_site.main())
    fallbacks = [*others, *(s for s in result.app_sources if s not in others)]
    fallbacks += [s for s in result.launchers if s not in fallbacks]
    unstarted = None  # the start that did not, where another script was taken
    if not original_loads["ok"] and fallbacks:
        # the first script whose original starts is compared first; the one that does not
        # start is said among the others, not the folder's reason to compare nothing
        for other in fallbacks:
            candidate = specs(src, out, other, python, timeout, result.served_by(other[0]))
            if candidate[2]["ok"]:
                unstarted = (start[0], original_loads.get("cause") or original_loads["error"])
                # (a launcher serves the start's own routes: the start is not another app)
                kept = [] if other in result.launchers else [start]
                others = [*kept, *(o for o in others if o != other)]
                start = other
                original, port, original_loads, port_loads = candidate
                break
    if not port_loads["ok"] and not original_loads["ok"] \
            and same_failure(original_loads, port_loads):
        return Check(NOT_CHECKED, "neither app starts here, and both fail alike, so the port "
                     f"was not compared: {original_loads['error']}",
                     data={"starts": {"original": False, "port": False}})
    if not port_loads["ok"] and not original_loads["ok"] and not ported_code_fails(port_loads):
        # each stops at a different missing piece of the machine (its own modules imported
        # in another order, say): nothing says the port would not start where both can
        return Check(NOT_CHECKED, "neither app starts here, so the port was not compared "
                     f"(the original: {original_loads.get('cause') or original_loads['error']};"
                     f" the port: {port_loads.get('cause') or port_loads['error']})",
                     data={"starts": {"original": False, "port": False}})
    if not port_loads["ok"]:
        where = f"{port_loads['file']}:{port_loads['line']}: " if port_loads.get("file") else ""
        reason = f"the port does not start: {where}{port_loads['error']}" + blocking_todo(
            result, port_loads)
        return Check(PORT_DOES_NOT_START, reason, data={"starts": {"port": False}, "failure": {
            "error": port_loads.get("cause") or port_loads["error"],
            "frames": port_loads.get("frames", [])}})
    if not original_loads["ok"]:
        return Check(NOT_CHECKED, "the original does not start here, so the port was not "
                     f"compared: {original_loads['error']}",
                     data={"starts": {"original": False, "port": True}})
    around = surroundings(src, out, start[0])
    files = [*map(str, requests)]  # parity reads the port's parity.toml by itself
    # every request goes to a second instance of the original too: where the two differ
    # (a random draw, a fresh session id), only what both kept is compared (noise.py)
    found = worker(python, ["compare", original, port,
                            json.dumps({**replay, "requests": files, "noise": True})],
                   timeout * 4, around)
    if "routes" not in found:
        return Check(NOT_CHECKED, f"the comparison did not run: {found.get('error')}",
                     data={"starts": {"original": True, "port": True}})
    # what the port read from around the folder ported (its modules, its data files)
    outside = sorted({*port_loads.get("outside", []), *found.get("outside", [])})
    if around and outside:
        say(f"The port reads files from outside {out}, as the original does: "
            f"{', '.join(outside)} (in {around['root']}); the check ran it in a copy of "
            f"that folder with {out} in place of {around['at']}/, and so does its suite: "
            "ship those files with it, or run it from there.")
    tests = out / "tests"
    script = bool(port_loads.get("script"))  # its app is made only under __main__
    recorded = recording(found["report"], app_entries(original, port, tests, around,
                                                       outside), "bottle", "flask")
    # a package's: the data files of the folder ported, and those its app read around it
    write_suite(tests, recorded, Path(around["root"]) if around
                else Path(split(original)[0]).parent,
                [around["at"], *outside] if around else None)
    if recorded["data"].get("not_kept"):
        say(f"The suite in {tests} runs on the data files as they are when it runs: "
            f"{recorded['data']['not_kept']}.")
    notes = []
    for other in others:
        routes, note = compare_other(src, out, other, python, timeout, files, replay,
                                     result.served_by(other[0]))
        found["routes"] += routes
        notes += [note] if note else []
    judged = verdict(found)
    if unstarted and not found["routes"]:
        # RULE-s52 class D: a library's module makes the app, a script that does not
        # start here adds its routes: said so, not as an app whose routes nothing adds
        judged.reason = (f"the original's app has no routes once {start[0]} is loaded, and "
                         f"{unstarted[0]}, which the check started first, does not start "
                         f"here ({unstarted[1]}), so no page was compared")
    untold = found.get("report", {}).get("no_twin")
    if untold:  # compared all the same, the app's own noise counted as differences
        notes.append("  a second instance of the original does not load here, so what "
                     f"varies between its runs is not told apart ({untold})")
    judged.lines[-1:-1] = notes
    judged.data["script"] = script
    judged.data["start"] = list(start)  # the script compared (another, where the first failed)
    if around and outside:
        judged.data["outside"] = {"folder": around["root"], "at": around["at"],
                                  "files": outside}
    return judged


def compare_other(src: Path, out: Path, start: tuple[str, str], python: str | Interpreter,
                  timeout: float, files: list[str], replay: dict,
                  served: str | None = None) -> tuple[list[dict], str]:
    """The routes of another script of the folder, each rule shown with its file (not
    recorded in the suite, which holds the entry's), served as its server serves it
    (served: specs'); or a line saying why it was not compared. A port that does not
    start where its original does is a difference."""
    file = start[0]
    original, port, original_loads, port_loads = specs(src, out, start, python, timeout,
                                                       served)
    if not original_loads["ok"]:
        return [], f"  {file}: not compared: the original does not start here " \
            f"({original_loads.get('cause') or original_loads['error']})"
    if not port_loads["ok"]:
        return [{"rule": f"{file}", "methods": ["*"], "served": False, "identical": False,
                 "requests": 0, "explained": 0, "result": "different",
                 "first_difference": f"{file}: the port does not start: "
                                     f"{port_loads.get('cause') or port_loads['error']}",
                 "reason": None, "note": None}], ""
    found = worker(python, ["compare", original, port,
                            json.dumps({**replay, "requests": files, "noise": True})],
                   timeout * 4, surroundings(src, out, file))
    if "routes" not in found:
        return [], f"  {file}: not compared: {found.get('error')}"
    # its 404 pages count only where they differ: the entry's line stands for the folder's
    unrouted = found.get("unrouted")
    rows = [*found["routes"], *([unrouted] if unrouted and unrouted["identical"] is False
                                else [])]
    return [{**row, "rule": f"{file}: {row['rule']}"} for row in rows], ""


# A route's words, strongest first: every answer byte for byte the original's; each
# that or the same message; each one of those or the same to an HTTP client
# (proof/answers.py); alike once the check's normalisation (HTML layout, JSON as data)
# is applied; a declared change; different.
EXACT, MESSAGE, CLIENT = "exactly the same", "same message", "same to an HTTP client"
ALIKE = "alike once normalised"
# A route whose answers differ between two runs of the original too, and nowhere else.
VARIES = "varies between runs of the original"


def answer_of(route: dict) -> str:
    """What a route answered, in a word or two and its detail."""
    if route["identical"] is None:
        return f"not reached: {route.get('reason') or 'no request reached it'}"
    if route["identical"] is False:  # (and what a request did to the process, if it ended)
        ended = f" ({route['ended']})" if route.get("ended") else ""
        return f"different: {route['first_difference']}{ended}"
    if route.get("result") == "varies":
        return f"{VARIES}: {route['varies']}"
    note = f" ({route['note']})" if route.get("note") else ""
    if route.get("likeness") == "exact":
        return EXACT + note
    chosen = declared_as(route.get("allowed") or (), route.get("declared") or ())
    if route.get("likeness") == "client" and chosen:  # Flask's redirect, declared
        return f"declared change: {', '.join(chosen)}{note}"
    if route.get("likeness") in ("message", "client"):
        word = MESSAGE if route["likeness"] == "message" else CLIENT
        return f"{word}: {', '.join(route.get('allowed') or [])}{note}"
    # (a route no client's request reaches is declared with no request: reach.NO_CLIENT)
    declared = route["explained"] or route.get("declared")
    return ("declared change" if declared else ALIKE) + note


def verdict(found: dict) -> Check:
    """The table of routes, and the exit status it gives: a difference first, then a
    route no request reached."""
    from ..migrate.status import not_reached, rows

    lines = []
    counts = dict.fromkeys((EXACT, MESSAGE, CLIENT, ALIKE, "declared change", "different", VARIES,
                            "not reached"), 0)
    width = max([len(r["rule"]) + len(",".join(r["methods"])) for r in rows(found)]
                + [5]) + 2
    lines.append(f"  {'ROUTE':<{width}} PORTED  SENT  ANSWERS")
    for route in rows(found):
        answer = answer_of(route)
        if route is not found.get("unrouted"):  # counted apart: it is no route
            counts[answer.partition(":")[0].partition(" (")[0]] += 1
        shown = f"{','.join(route['methods'])} {route['rule']}"
        lines.append(f"  {shown:<{width}} {'yes' if route['served'] else 'no':<7} "
                     f"{route['requests']:>4}  {answer}")
    total = len(found["routes"])
    ported = sum(r["served"] for r in found["routes"])
    summary = (f"{total} routes, {ported} ported; {counts[EXACT]} exactly the same, "
               f"{counts[MESSAGE]} the same message, "
               f"{counts[CLIENT]} the same to an HTTP client, {counts[ALIKE]} alike once "
               f"normalised, {counts['declared change']} with declared changes, "
               f"{counts['different']} different, {counts['not reached']} not reached"
               + (f", {counts[VARIES]} {VARIES} (what varies is not compared)"
                  if counts[VARIES] else ""))
    if found.get("unrouted"):
        summary += f"; {found['unrouted']['requests']} request(s) no route takes: " \
            + answer_of(found["unrouted"]).partition(":")[0]
    lines.append(summary)
    data = {"routes": found["routes"], "unrouted": found.get("unrouted"),
            "summary": summary, "counts": counts}
    first = next((r for r in rows(found) if r["identical"] is False), None)
    if first is not None:
        ended = f" ({first['ended']})" if first.get("ended") else ""
        return Check(DIFFERENT, f"pages differ: {first['first_difference']}{ended}", lines,
                     data)
    if not found["routes"]:
        # a route added only when a function the check does not call runs (a setup
        # function handed settings): a check of no page is no check
        return Check(NOT_CHECKED, "the original's app has no routes once loaded, so no page "
                     "was compared (are its routes added by a function nothing here calls?)",
                     lines, data)
    missed = not_reached(found["routes"])
    if missed:
        return Check(ExitStatus.NOT_REACHED, missed, lines, data)
    return Check(SAME, "", lines, data)

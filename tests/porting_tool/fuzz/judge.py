"""Port a drawn app, serve both in-process, send each route its requests, and judge.

A port that fails or does not start, and a request it breaks (a 5xx, or a 4xx where
Bottle served the page, unless the original answers so too) are BROKEN: counted apart,
and never excused, whatever the port declared or left a TODO on. A 5xx the original
answers from an error of its own (one Bottle caught and logged: a view's, an error
page's) where the port answers below 500 is the ORIGINAL's failure: no page for the port
to keep, and no difference the port made; said so, and counted apart (an app with no
other problem is "original fails", which fails no run). Any other answer that differs is
allowed only where the port said so on the line responsible: a declared change
(OUT/parity.toml's [[ignore]] for the path, or a declared change with nothing to ignore
at a line of the view or of what runs around it) or a TODO there; else it is different.
"""

from __future__ import annotations

import ast
import atexit
import fnmatch
import functools
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import bottle

from bottle2flask.errors import UsageError
from bottle2flask.loading import load, module_places
from bottle2flask.parity.replay import Run, Side
from bottle2flask.parity.scenario import Call
from bottle2flask.parity.scenario import load as load_scenario
from bottle2flask.parity.twin import Twins
from bottle2flask.port.folder import port_tree

from .grammar import App, Request, Route
from .render import files, write_app

SECRET = "fuzz-port-secret"
OUTCOMES = ("same", "declared", "todo", "original fails", "different", "broken")
FAILED = ("different", "broken")  # the outcomes a run fails on


# Bottle 0.12 answers a path no route takes with an HTTPError before any hook runs: its
# 404 lacks the hooks' headers, which the port's hooks add, as Bottle 0.13's do. A gap
# the port leaves its 0.12 users, allowed here by name, under 0.12 alone (the regressions'
# test_bottle_012s_no_route_404_without_the_hooks_headers_is_allowed_by_name_alone).
NO_ROUTE_HOOKS_012 = "Bottle 0.12's no-route 404 without the hooks' headers"
HOOK_HEADERS = ("header X-Before", "header X-After")
# Bottle 0.12 applies an HTTPResponse a view returns (static_file()'s, `HTTPResponse(**args)`
# of any status) to the response after its after_request hooks ran (HTTPResponse.apply
# replaces the headers they set): the page lacks X-After, which the port's hook adds, as
# Bottle 0.13's does (it applies the answer first). A gap the port leaves its 0.12 users,
# allowed by name, under 0.12 alone.
ANSWER_HOOKS_012 = "Bottle 0.12's HTTPResponse answer without the after hooks' headers"


# The twins' server of this process and of the workers forked from it (workers.py starts
# it before forking them): a twin forked for each app that draws random numbers, instead
# of a new Python (a fifth of a second of CPU each), still with a hash seed of its own.
TWINS: list[Twins] = []


def twins() -> Twins:
    """The twins' server, started at the first twin (stopped at exit, or by stop_twins)."""
    if not TWINS:
        TWINS.append(Twins())
        atexit.register(stop_twins)
    return TWINS[0]


def stop_twins() -> None:
    while TWINS:
        TWINS.pop().close()


def no_route_hooks_012(statuses, differences) -> bool:
    return bottle.__version__.startswith("0.12.") and statuses[0].startswith("404") \
        and all(d.where in HOOK_HEADERS and d.a is None for d in differences)


def answer_hooks_012(statuses, differences) -> bool:
    return bottle.__version__.startswith("0.12.") and statuses[0][:3] == statuses[1][:3] \
        and bool(differences) \
        and all(d.where == "header X-After" and d.a is None for d in differences)


class Tee:
    """A wsgi.errors stream that keeps what is written to it and passes it on."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.written: list[str] = []

    def write(self, text: str) -> None:
        self.written.append(text)
        self.stream.write(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self.stream.flush()


class Logged:
    """An app whose wsgi.errors is read after each request: Bottle writes there the
    traceback of an exception it caught (a view's, an error page's), then answers a 500
    of its own. `texts` holds what each request logged, in the order sent ("" for none)."""

    def __init__(self, app) -> None:
        self.wrapped = app
        self.texts: list[str] = []

    def __call__(self, environ, start_response):
        environ["wsgi.errors"] = tee = Tee(environ["wsgi.errors"])
        try:
            return self.wrapped(environ, start_response)
        finally:
            self.texts.append("".join(tee.written))


def own_error(logged: str) -> str:
    """What the original logged, in a line: its exception's last line, or Bottle's own
    "Critical error" (an error page that raised)."""
    lines = [line.strip() for line in re.sub(r"<[^>]+>", " ", logged).splitlines()]
    return next((line for line in reversed(lines) if line), "")[:160]


@dataclass
class Verdict:
    outcome: str  # same, declared, todo, different, original fails, broken
    problems: list[str] = field(default_factory=list)  # broken first, then different
    starts: bool = True  # the port was made and starts
    broken: int = 0  # requests it broke
    varies: int = 0  # requests whose answer differs between two runs of the original
    allowed: list[str] = field(default_factory=list)  # what let each difference through
    source: dict[str, str] = field(default_factory=dict)
    ported: dict[str, str] = field(default_factory=dict)

    def report(self) -> str:
        shown = [f"--- {name}\n{text}" for name, text in self.source.items()
                 if name.endswith((".py", ".tpl"))]
        ported = [f"+++ {name}\n{text}" for name, text in self.ported.items()
                  if name.endswith((".py", ".html"))]
        return "\n".join([*self.problems, "", "The Bottle app:", *shown, "", "Its port:",
                          *ported])


def call_of(request: Request) -> Call:
    path = request.path + (f"?{request.query}" if request.query else "")
    headers = {"Cookie": request.cookie} if request.cookie else {}
    return Call(path, request.method, form=list(request.form) if request.form else None,
                json=request.json, headers=headers, follow=request.follow)


@functools.lru_cache(maxsize=32)
def statements(code: str) -> list[tuple[int, int, set[str]]]:
    """Each top-level statement, and each method of a class, with the names in it (a
    module's, read once however many differences and TODOs ask: not to be changed)."""
    found = []
    for node in ast.parse(code).body:
        nodes = [node]
        if isinstance(node, ast.ClassDef):
            nodes += [n for n in node.body if isinstance(n, ast.FunctionDef)]
        for part in nodes:
            start = min([part.lineno, *(d.lineno for d in getattr(part, "decorator_list", []))])
            names = {n.id for n in ast.walk(part) if isinstance(n, ast.Name)}
            names |= {n.attr for n in ast.walk(part) if isinstance(n, ast.Attribute)}
            names |= {n.name for n in ast.walk(part)
                      if isinstance(n, ast.FunctionDef | ast.ClassDef)}
            found.append((start, part.end_lineno or start, names))
    return found


def names_at(code: str, line: int) -> set[str]:
    """The names of the statement a comment at `line` is about: the innermost one
    holding the line, else the next one below it, and those in the comment's own lines
    (a statement the port commented out under its TODO)."""
    try:
        spans = statements(code)
    except SyntaxError:
        return set()
    lines = code.splitlines()
    said = set()
    at = line - 1
    while 0 <= at < len(lines) and lines[at].lstrip().startswith("#"):
        text = lines[at].lstrip()
        if not text.startswith(("# TODO", "#   ")):  # code commented out, not the TODO's text
            said |= set(re.findall(r"\w+", text))
        at += 1
    holding = [s for s in spans if s[0] <= line <= s[1]]
    if holding:
        return said | min(holding, key=lambda s: s[1] - s[0])[2]
    below = [s for s in spans if s[0] > line]
    return said | (min(below, key=lambda s: s[0])[2] if below else set())


# the plugin's code: the decorator, the object's apply() method, the route's apply=[mark]
PLUGIN_NAMES = {"stamp", "apply", "mark"}
REPLACING = {"httpresponse", "abort", "redirect"}  # bodies that replace Bottle's response
FORM_48B_NAMES = {"make48", "made48", "hand48", "hand48_status", "Greeting48", "Entry48",
                  "build48", "ENTRY48", "jinja48", "stpl48", "jinja48s", "markup48",
                  "after48", "after48_page", "folder48"}

# the names of the entry's lines that make FORMS_52's apps, mount, merge and install them
FORM_52_NAMES = {"pkg52", "blog52", "api52", "ctl52", "Shop52", "Notes52", "notes52",
                 "note52", "notes52_plain", "added52", "both52", "tpl52", "tpl52_full",
                 "view52"}
# FORMS_53's: the entry's lines and the modules they import (render's FORM_53)
FORM_53_NAMES = {"urls53", "routes53", "handed53", "handed53_name", "body53", "token53",
                 "json53", "wrapper", "guarded53", "guarded53_json", "Stamp53", "wsgi53",
                 "mw53", "mw53_env", "api53", "addon53", "item53", "gone53", "teapot53",
                 "unfit53", "err53", "signed53", "signed53_read", "signed53_drop", "empty53",
                 "empty53_dflt", "own53", "own53_read", "ctl53_app", "rel53", "rel53_page",
                 "static53", "author53", "hello53", "slash53", "rows53", "records53",
                 "records53_page"}
# FORMS_54's: the entry's lines and the modules they import (render's FORM_54)
FORM_54_NAMES = {"Stamp54", "run54", "Entry54", "entry54", "application", "PAGES54",
                 "path54", "text54", "verb54", "callback54", "Ping54", "ping54", "bound",
                 "Profile54", "profile54", "show", "save", "Controller54", "ctl54", "index",
                 "away", "redirect", "logout", "Base54", "Again54", "home", "setup",
                 "twice54", "twice", "imp54", "imp54_none", "imp54_fine", "tplhelp54",
                 "reads54", "reads54_swap", "json54", "json54_pretty", "to_json54",
                 "pretty54", "noslash54", "short54", "call54", "slash54"}


def responsible(app: App, request: Request) -> tuple[set[str], set[str]]:
    """The names in the code whose lines answer this request, and its templates."""
    # (the plugin is no excuse: the port keeps it, and it must answer alike)
    names = {"Flask", "Bottle", "error_404", "error_403",
             "before_request_hook", "after_request_hook", "Site", "setup_routes",
             "error_handler", "register_error_handler", "hook"}
    templates: set[str] = set()
    route: Route | None = next((r for r in app.routes if request in r.requests), None)
    if request.path.startswith("/f48/"):  # grammar.FORMS_48B's routes (render's FORM_48B)
        return names | FORM_48B_NAMES, {"f48t", "f48j", "f48s", "f48m", "f48v"}
    if request.path.startswith("/f52/"):  # grammar.FORMS_52's (render's FORM_52)
        return names | FORM_52_NAMES, {"f52_page", "f52_mid", "f52_outer", "f52_part"}
    if request.path.startswith("/f53"):  # grammar.FORMS_53's (render's FORM_53)
        return names | FORM_53_NAMES, {"f53_own", "f53_layout", "f53_own_read",
                                       "f53_layout_read", "f53_records"}
    if request.path.startswith("/f54"):  # grammar.FORMS_54's (render's FORM_54)
        return names | FORM_54_NAMES, {"f54_imp", "f54_imp_none", "f54_imp_fine",
                                       "f54_reads", "f54_swap", "f54_layout"}
    if route is None:
        names |= {"sub", "extra", "sub_x", "sub_j", "merged", "mount", "merge", "make_sub",
                  "attach"}
        return names, templates
    names |= {route.view, f"Pages{route.n}", f"make_r{route.n}", *route.decorators}
    if route.template:  # and where the templates are looked up
        templates |= {f"t{route.n}", "base", "part"}
        names |= {"TEMPLATE_PATH", "template_folder"}
    return names, templates


def status_code(status: str) -> int:
    return int(status.split(None, 1)[0])


def breaks(statuses: tuple[str, ...]) -> bool:
    """Whether the port broke the request: a 5xx where the original answered below
    500, or a 4xx where it served the page (2xx, 3xx)."""
    theirs, ours = map(status_code, statuses[:2])
    return ours >= 500 > theirs or 500 > ours >= 400 > theirs


def shown(request: Request) -> str:
    return (f"{request.method} {request.path}{'?' + request.query if request.query else ''}"
            f"{' form=' + str(request.form) if request.form else ''}"
            f"{' json=' + str(request.json) if request.json is not None else ''}"
            f"{' cookie=' + request.cookie if request.cookie else ''}")


def judge(app: App, tmp: Path) -> Verdict:
    src, out = tmp / "src", tmp / "out"
    write_app(app, src)
    source = files(src)
    # (the code and parity.toml: not the reports and requirements.txt, which no verdict reads)
    result = port_tree(src, out, reports=False)
    ported = files(out) if out.exists() else {}
    verdict = Verdict("same", source=source, ported=ported)
    failed = [m for m in result.modules if m.status == "failure"]
    if failed:
        verdict.outcome, verdict.starts = "broken", False
        verdict.problems = [f"BROKEN: port failed: {m.path}: {m.error}" for m in failed]
        return verdict
    # each app served as its server is given it: a middleware around it where run() is
    # given one (forms_53's), as the check serves it
    served = (result.served if result.start and result.start[0] == "app.py" else None) \
        or "app"
    original = load(f"{src / 'app.py'}:{served}", {"SECRET_KEY": SECRET}, "fuzz_bottle")
    try:
        port = load(f"{out / 'app.py'}:{served}", {"SECRET_KEY": SECRET}, "fuzz_flask")
    except UsageError as error:
        verdict.outcome, verdict.starts = "broken", False
        verdict.problems = [f"BROKEN: the port does not start: {error}"]
        return verdict
    ignore = load_scenario(out / "parity.toml").ignore
    logged = Logged(original.wsgi)
    sides: list = [Side("bottle", logged, SECRET), Side("flask", port.wsgi, SECRET)]
    # an app drawing random numbers runs a second original beside (on a copy of its own,
    # in a process of its own, as the check's --noise does): what differs between the
    # two is noise, not compared
    noise = any(r.body == "random" for r in app.routes) or "made_id" in app.forms48b \
        or "records" in app.forms53
    twin = None
    if noise:
        shutil.copytree(src, tmp / "again")
        twin, why = twins().start(f"{tmp / 'again' / 'app.py'}:{served}",
                                  {"SECRET_KEY": SECRET},
                                  "fuzz_bottle_again", SECRET)
        assert twin is not None, f"the original's twin does not load: {why}"
        sides.append(twin)
    run = Run(sides, secret=SECRET, ignore=ignore, noise=noise)
    try:
        return requests_judged(app, run, result, ported, ignore, verdict, logged)
    finally:
        if twin is not None:
            twin.close()


def requests_judged(app: App, run: Run, result, ported: dict[str, str], ignore: list,
                    verdict: Verdict, logged: Logged) -> Verdict:
    """The verdict of the requests each route answers, sent through run (the original's
    side through `logged`)."""
    todos = {(m.path, t["line"]): f"{t['code']}: {t['text'][:70]}" for m in result.modules
             for t in m.todos}
    # a template TODO excuses a difference only where it breaks: Python kept in a helper
    # (a TODO too, not idiomatic yet) answers as Bottle did
    template_todos = {Path(t.get("output") or t["path"]).stem for t in result.templates
                      if t.get("todos") and t.get("breaks")}
    declared = [(m.path, d) for m in result.modules for d in m.declared]
    used_declared = used_todo = False
    broken: list[str] = []
    failing: list[str] = []  # the original's own failures
    for request in app.requests():
        before, logs = len(run.steps), len(logged.texts)
        run.exchange([call_of(request)] * len(run.sides), "fuzz")
        steps = run.steps[before:]
        # each step judged: a request followed to its redirects' pages takes several
        for step, log in zip(steps, logged.texts[logs:], strict=True):
            verdict.varies += bool(step.noise)
            sent = shown(request) + ("" if step.kind == "fuzz" else f" then {step.path}")
            if breaks(step.statuses):  # before any excuse: a declared change loses no page
                broken.append(f"BROKEN: {sent}: {step.statuses[0]} / {step.statuses[1]}"
                              + "".join(f"; {d.where}: {d.a!r} != {d.b!r}"
                                        for d in step.comparison.differences)
                              + (f" (explained by {', '.join(step.comparison.explained)}, "
                                 "which excuses no break)" if step.comparison.explained else ""))
                continue
            theirs, ours = map(status_code, step.statuses[:2])
            if theirs >= 500 > ours and log:  # not a break; not a difference the port made
                failing.append(f"ORIGINAL FAILS: {sent}: {step.statuses[0]} / "
                               f"{step.statuses[1]}: the original's own error "
                               f"({own_error(log)}): no page for the port to keep")
                continue
            own = {rule.name for rule in ignore}
            if any(name in own for name in step.comparison.explained):
                used_declared = True
                verdict.allowed += [name for name in step.comparison.explained if name in own]
            if not step.comparison.differences:
                continue
            if no_route_hooks_012(step.statuses, step.comparison.differences):
                verdict.allowed.append(NO_ROUTE_HOOKS_012)
                continue
            if answer_hooks_012(step.statuses, step.comparison.differences):
                verdict.allowed.append(ANSWER_HOOKS_012)
                continue
            names, templates = responsible(app, request)
            lines_ok = [text for (path, line), text in todos.items()
                        if names_at(ported.get(path, ""), line) & names]
            if lines_ok or templates & template_todos:
                used_todo = True
                verdict.allowed += [f"TODO {text}" for text in lines_ok] or ["TODO in a template"]
                continue
            path = request.path
            # the change a plugin's wrapper declares (D-error-response: the view it calls may
            # answer with a response of its own) holds on the routes that do
            route = next((r for r in app.routes if request in r.requests), None)
            replaced = PLUGIN_NAMES if route is not None and route.body in REPLACING else set()
            # (a change parity.toml can ignore excuses only what its [[ignore]] explains:
            # D-none, printed None, excused any page of the view's template else)
            found = [d["id"] for where, d in declared for glob in d["paths"]
                     if d["id"] not in own and fnmatch.fnmatchcase(path, glob)
                     and names_at(ported.get(where, ""), d["line"]) & (names | replaced)]
            if found:
                used_declared = True
                verdict.allowed += found
                continue
            verdict.problems.append(
                f"{sent}: {step.statuses[0]} / {step.statuses[1]}: " + "; ".join(
                    f"{d.where}: {d.a!r} != {d.b!r}" for d in step.comparison.differences))
    verdict.broken = len(broken)
    different = bool(verdict.problems)
    verdict.problems[:0] = broken
    verdict.problems += failing  # last: a different app's first problem is the port's
    if broken:
        verdict.outcome = "broken"
    elif different:
        verdict.outcome = "different"
    elif failing:
        verdict.outcome = "original fails"
    elif used_todo or any(m.todos for m in result.modules):
        verdict.outcome = "todo"
    elif used_declared or declared:
        verdict.outcome = "declared"
    return verdict


def judged(app: App) -> Verdict:
    debug = bottle.DEBUG
    before = dict(sys.modules)
    try:
        with tempfile.TemporaryDirectory(prefix="fuzz-port-") as tmp:
            try:
                return judge(app, Path(tmp))
            finally:
                forget_modules(tmp, before)
    finally:
        # an app's debug(True) is Bottle's for the whole process (a module global): the
        # next apps judged here answer as in a process of their own, without it
        bottle.DEBUG = debug


def forget_modules(folder: str, before: dict | None = None) -> None:
    """Take the modules loaded from `folder` out of sys.modules: the loader keeps each
    file's module under a name of its own (bottle2flask_app_<hash>_app), made for a
    command that loads two apps, not thousands. Kept, each held its app (its routes,
    its Flask app, its templates) for good: a process judging apps one after another
    grew by some thousand objects an app, and replay's full collection after each 5xx
    walked them all again (an app cost half as much again after 250 apps). `before`:
    sys.modules as it was before the folder was made, whose modules are none of its
    own (only those added or replaced since are looked at: each module's places,
    asked of all the process's, were ~1% of an app's judging)."""
    inside = tuple({folder + os.sep, os.path.realpath(folder) + os.sep})
    for name, module in list(sys.modules.items()):
        if before is not None and before.get(name) is module:
            continue
        places = module_places(module)
        if places and all(place.startswith(inside) for place in places):
            del sys.modules[name]

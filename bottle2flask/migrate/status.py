"""bottle2flask migrate status LEGACY NEW: the migration's progress bar.

Every route of the legacy Bottle app (and of Bottle apps mounted in it); whether the new
Flask app serves it (its URL map matches the route's path and method); whether the parity
run found both answers identical on the requests that reached that route: a crawl, its
forms (--no-forms to leave them), your requests files, and a request for each route they
missed, made as `port`'s check makes it (bottle2flask/proof/reach.py); a route no request
reaches says why. Both apps run on copies of their folders unless --in-place is given.
Exit status: 1 a served route differs; 6 a route got no request; else 0.

NEW may be the Flask app alone (what is ported) or the mixed site, a Dispatcher over
both (what users get: every route should be identical).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote_to_bytes

import bottle
from werkzeug.exceptions import HTTPException
from werkzeug.routing import Map

from .. import interpreter, options
from ..app_output import kept_in, said, scratch_log
from ..errors import UsageError
from ..exit_status import ExitStatus
from ..loading import folders_of, is_url
from ..loading import load as load_app
from ..parity.runner import on_copy, port_settings, run
from ..proof import reach
from ..proof.answers import ALLOWANCES, GRADES
from ..proof.inputs import Inputs, read_files
from .dispatch import Dispatcher

# A value for each kind of Bottle wildcard, to make a path the new app's map can match.
SAMPLES = {"int": "1", "float": "1.5", "path": "x/y"}
# Values tried, in order, for a <name:re:...> filter.
RE_SAMPLES = ("x", "1", "a1", "x.png", "x.css", "x.js", "x.html", "2020-01-01", "x/y", "X", "-1",
              "1.5", "abc", "ABC", "x_y", "x-y")


def unwrap(app):
    """The app behind kit's own wrappers (a file spec runs in its folder)."""
    return getattr(app, "wrapped", app)


def behind(app, wanted, depth: int = 3):
    """The app a WSGI middleware wraps (beaker's SessionMiddleware keeps it in
    .wrap_app, Werkzeug's ProxyFix in .app), found among its attributes, a few
    middlewares deep; `app` itself when it is wanted, else None."""
    if wanted(app):
        return app
    if depth == 0:
        return None
    for value in list(getattr(app, "__dict__", {}).values()):
        if callable(value) and not isinstance(value, type):
            found = behind(value, wanted, depth - 1)
            if found is not None:
                return found
    return None


def is_bottle(app) -> bool:
    # a Bottle the app ships (bottle.py beside it) is a Bottle too: its own class
    return any(cls.__name__ == "Bottle" and hasattr(app, "routes") for cls in type(app).__mro__)


def legacy_app(spec: str, settings: dict) -> bottle.Bottle:
    """The Bottle app whose router the table reads (a middleware served around it, as
    its server is given it, is looked behind)."""
    app = unwrap(load_app(spec, settings).wsgi)
    app = app.legacy if isinstance(app, Dispatcher) else app
    found = behind(app, is_bottle)
    if found is None:
        raise UsageError(f"LEGACY must be a Bottle app, not {type(app).__name__} ({spec!r})")
    return found


def has_map(app) -> bool:
    """A Flask app (a Werkzeug URL map to read), not any object that answers every
    attribute: Bottle 0.12's ConfigDict gives None for a missing one."""
    return isinstance(getattr(app, "url_map", None), Map)


def new_app(spec: str, settings: dict):
    app = unwrap(load_app(spec, settings).wsgi)
    app = app.new if isinstance(app, Dispatcher) else app
    app = behind(app, has_map) or app
    if not has_map(app):
        raise UsageError(f"NEW must be a Flask app or a migration.Dispatcher ({spec!r})")
    return app


def sample_path(router: bottle.Router, rule: str) -> str:
    """A concrete path for a rule: /edit/<no:int> -> /edit/1."""
    parts = []
    for key, mode, conf in router._itertokens(rule):  # Bottle's own rule parser
        if mode == "re" and conf:  # the first usual value the filter's pattern takes
            parts.append(next((v for v in RE_SAMPLES if re.fullmatch(conf, v)), "x"))
        else:
            parts.append(SAMPLES.get(mode, "x") if mode else key)
    return "".join(parts)


def serves(new, path: str, method: str) -> bool:
    """Whether the new app's map matches the path and method; an app it mounts with
    Werkzeug's DispatcherMiddleware (as the port does a mounted Bottle app) is asked
    under its prefix."""
    mounts = getattr(getattr(new, "wsgi_app", None), "mounts", None)
    if isinstance(mounts, dict):
        for prefix in sorted(mounts, key=len, reverse=True):
            if path == prefix or path.startswith(prefix.rstrip("/") + "/"):
                inner = with_map(mounts[prefix])
                rest = path[len(prefix.rstrip("/")):] or "/"
                return True if inner is None else serves(inner, rest, method)
    try:
        new.url_map.bind("localhost").match(path, method)
    except HTTPException:  # NotFound, MethodNotAllowed, or a redirect elsewhere
        return False
    return True


def with_map(app):
    """The Flask app behind a mounted WSGI app (itself, or the one a wrapper closes
    over), or None when it has no URL map to read (it answers its whole prefix)."""
    if has_map(app):
        return app
    for cell in getattr(app, "__closure__", None) or ():
        if has_map(cell.cell_contents):
            return cell.cell_contents
    return None


def route_of(router: bottle.Router, method: str, sent: str):
    path = sent.partition("?")[0]
    environ = {"REQUEST_METHOD": method,
               "PATH_INFO": unquote_to_bytes(path).decode("utf-8", "ignore")}
    try:
        return router.match(environ)[0]
    except Exception as error:  # an HTTPError of the Bottle the app was made with
        if type(error).__name__ == "HTTPError":
            return None
        raise


def source_folders(app: bottle.Bottle) -> list[Path]:
    """The folders of the app's view functions: where inputs.py reads what they read."""
    folders: dict[Path, None] = {}
    for target in reach.targets(app):
        code = getattr(reach.undecorated(target.route), "__code__", None)
        if code is not None and Path(code.co_filename).is_file():
            folders[Path(code.co_filename).resolve().parent] = None
    return list(folders)


def status(legacy_spec: str, new_spec: str, *, in_place: bool = False,
           keep_report: bool = False, every_route: bool = True, **parity_options) -> dict:
    """The table as data: one entry a legacy route, and a summary (keep_report: and the
    parity run's own report). every_route: after the crawl, a request for each route it
    missed (proof/reach.py)."""
    if is_url(legacy_spec) or is_url(new_spec):
        raise UsageError("migrate status reads both routers: give module:attr or "
                         "file.py specs, not URLs")
    with tempfile.TemporaryDirectory(prefix="migrate-") as folder:
        settings = {"TESTING": True, "SECRET_KEY": "status",
                    "DATABASE_URL": f"sqlite:///{Path(folder) / 'routes.sqlite3'}"}
        specs = [legacy_spec, new_spec]
        if not in_place:  # the routers are read from the same copies the requests reach
            copies = [on_copy(spec, Path(folder), name)
                      for spec, name in zip(specs, ("legacy", "new"), strict=True)]
            # A port in a subfolder of OUT: the copy of its folder leaves OUT's
            # parity.toml (the changes the port declared) behind.
            behind = [found for spec, copy in zip(specs, copies, strict=True)
                      if (found := port_settings(spec)) and port_settings(copy) is None]
            parity_options["extra"] = [*parity_options.get("extra", []), *behind]
            specs = copies
        legacy, new = legacy_app(specs[0], settings), new_app(specs[1], settings)
        every = reach.targets(legacy)
        # Every route without a parameter is a start of the crawl, linked to or not
        # (one whose rule has no leading slash is no path a client sends: reach.NO_CLIENT)
        starts = [*parity_options.pop("starts", ["/"]),
                  *(t.rule for t in every if t.method in ("GET", "ANY")
                    and "<" not in t.rule and ":" not in t.rule and t.rule.startswith("/")),
                  *([NO_ROUTE] if every_route else [])]
        read: dict[str, Inputs] = {}
        for source in source_folders(legacy) if every_route else ():
            for name, inputs in read_files(sorted(source.glob("*.py"))).items():
                read.setdefault(name, Inputs()).merge(inputs)

        def more(steps: list[dict], values: dict, writes: bool) -> list:
            return reach.plan(legacy, every, steps, read, values, writes=writes)

        report = run(specs, in_place=True, starts=list(dict.fromkeys(starts)),
                     more=more if every_route else None, **parity_options)
    verdicts: dict[int, list[dict]] = {}
    for step in report["steps"]:
        route = reach.match(legacy, step["method"], step["path"])
        if route is not None:
            verdicts.setdefault(id(route), []).append(step)
    root = None if in_place else Path(folder) / "legacy-app"
    routes = [{**route_entry(target, verdicts.get(id(target.route), []), legacy, new),
               "view": view_of(target, root),
               "raised": raised(verdicts.get(id(target.route), []),
                                None if in_place else Path(folder) / "new-app")}
              for target in every]
    unrouted = [step for step in report["steps"]
                if reach.match(legacy, step["method"], step["path"]) is None]
    served = sum(r["served"] for r in routes)
    return {"apps": {"legacy": legacy_spec, "new": new_spec}, "routes": routes,
            "summary": {"routes": len(routes), "served": served,
                        "identical": sum(r["identical"] is True for r in routes),
                        # of those, the stricter grades (proof/answers.py)
                        **{GRADE_KEYS[g]: sum(r["likeness"] == g for r in routes)
                           for g in GRADES},
                        "different": sum(r["identical"] is False for r in routes),
                        "varies": sum(r["result"] == "varies" for r in routes),
                        "not_exercised": sum(r["identical"] is None for r in routes),
                        "ported_percent": round(100 * served / len(routes)) if routes else 100,
                        "parity_steps": report["summary"]["steps"],
                        "parity_different": report["summary"]["different"]},
            "unrouted": unrouted_entry(unrouted),
            **({"report": report} if keep_report else {})}


# The summary's count of each grade, named as the parity report names it.
GRADE_KEYS = {"exact": "exactly_the_same", "message": "the_same_message",
              "client": "same_to_a_client"}


def graded(steps: list[dict]) -> dict:
    """A route's stricter grades, from its requests': the weakest of theirs ("exact"
    when every answer was byte for byte the original's, "message" when each was that
    or the same message, "client" when each was one of those or the same to an HTTP
    client: proof/answers.py), else None; the allowances of HTTP its answers took, and
    what kept any of them from either grade; and the declared changes its answers were
    counted alike by (the report names them where a page is not byte for byte)."""
    grades = {step.get("likeness") for step in steps}
    likeness = None if not steps or None in grades else next(
        grade for grade in reversed(GRADES) if grade in grades)
    return {"likeness": likeness,
            "allowed": sorted({a for step in steps for a in step.get("allowed") or ()}),
            "apart": sorted({a for step in steps for a in step.get("apart") or ()}),
            "declared": sorted({d for step in steps for d in step.get("explained") or ()}
                               - set(ALLOWANCES))}


def unrouted_entry(steps: list[dict]) -> dict | None:
    """The requests no legacy route takes (its 404 page, a link to nowhere), judged as
    one: a difference there is a difference of the port's like any other."""
    if not steps:
        return None
    seen = [step["verdict"] for step in steps]
    first = next((step for step in steps if step["verdict"] == "different"), None)
    return {"rule": "(paths no route takes)", "methods": sorted({s["method"] for s in steps}),
            "served": True, "identical": first is None, "requests": len(seen),
            "explained": seen.count("explained"),
            "result": outcome(seen),
            **graded(steps),
            "varies": varies(steps),
            "first_difference": first_difference(first) if first else None,
            "reason": None, "note": None}


# A path no app is expected to route: its answer (the app's 404 page) is compared too.
NO_ROUTE = "/bottle2flask-no-such-page"


def route_entry(target: reach.Target, steps: list[dict], legacy: bottle.Bottle, new) -> dict:
    """One row of the table: the route, the requests that reached it, its verdict."""
    seen = [step["verdict"] for step in steps]
    first = next((step for step in steps if step["verdict"] == "different"), None)
    made, why = (None, "") if steps else reach.made_path(target)
    path = steps[0]["path"].partition("?")[0] if steps else (
        made or sample_path(target.route.app.router, target.rule))
    method = "GET" if target.method in ("ANY", "PROXY") else target.method
    if why == reach.NO_CLIENT:
        # Bottle answers it only a path no client sends: nothing of it is lost, and the
        # port declares what it does with the rule (left out, or given its slash)
        return {"rule": target.rule, "methods": [target.method],
                "served": serves(new, path, method), "identical": True, "requests": 0,
                "explained": 0, "result": "declared", "likeness": None, "allowed": [],
                "apart": [], "first_difference": None, "varies": None, "breaks": None,
                "reason": None, "ended": None, "declared": [reach.NO_CLIENT_CHANGE],
                "note": f"{reach.NO_CLIENT}: {reach.NO_CLIENT_CHANGE}"}
    result = outcome(seen) if seen else "not reached"
    # Reached, but only ever a server error on the original: what it answers is not yet
    # known (a database server or another service it needs, missing here?), unless a
    # request ended its process or got no answer: then that is said, for each app.
    failing = bool(steps) and all(str(s["statuses"][0]).startswith("5") for s in steps)
    ended = ended_note(steps)
    return {"rule": target.rule, "methods": [target.method],
            "served": serves(new, path, method),
            "identical": all(v != "different" for v in seen) if seen else None,
            "requests": len(seen), "explained": seen.count("explained"), "result": result,
            **graded(steps),
            "first_difference": first_difference(first) if first else None,
            "varies": varies(steps),
            "breaks": first_break(steps),
            "reason": None if seen else (target.reason or "no request reached it"),
            "ended": ended,
            "note": ended or ("the original answered every request with a server error "
                              "(5xx): a service it needs?" if failing else None)}


def ended_note(steps: list[dict]) -> str | None:
    """What became of each app's process on the first request that ended it or got no
    answer (replay's account: how, and the last lines the app printed), in words."""
    step = next((step for step in steps if any(step.get("ended") or ())), None)
    if step is None:
        return None
    said: list[str] = []
    for who, ended, status in zip(("the original", "the port"), step["ended"],
                                  step["statuses"], strict=False):
        if ended is None:
            said.append(f"{who} answered ({str(status)[:3]})")
            continue
        printed = ended.get("printed") or []
        said.append(f"{who}: {ended['how']}, " + (
            "its last lines: " + " / ".join(f"«{line}»" for line in printed)
            if printed else "printing nothing"))
    return f"{step['method']} {step['path']}: " + "; ".join(said)


def outcome(verdicts: list[str]) -> str:
    """A route's result from its requests' verdicts: a difference first, then what
    varies between runs of the original, then a declared change."""
    for verdict, result in (("different", "different"), ("varies", "varies"),
                            ("explained", "declared")):
        if verdict in verdicts:
            return result
    return "same"


def varies(steps: list[dict]) -> str | None:
    """The first request whose answer varies between two runs of the original, and in
    what (not compared there): "GET /draw: body"."""
    step = next((step for step in steps if step.get("noise")), None)
    return f"{step['method']} {step['path']}: {', '.join(step['noise'])}" if step else None


def first_break(steps: list[dict]) -> str | None:
    """The first request the port broke, declared change or not: a 5xx where the
    original answered below 500, or a 4xx where it answered 2xx or 3xx (a page lost);
    not where the original's own status varies between its runs."""
    for step in steps:
        statuses = step.get("statuses") or ()
        if len(statuses) < 2 or "status" in step.get("noise", ()):
            continue
        theirs, ours = (int(str(s)[:3]) if str(s)[:3].isdigit() else 0 for s in statuses[:2])
        if (ours >= 500 > theirs) or (500 > ours >= 400 > theirs):
            return f"{step['method']} {step['path']}: status {theirs} != {ours}"
    return None


def raised(steps: list[dict], root: Path | None) -> list[list]:
    """The frames in the new app's own files where it first raised on a request of the
    route (from its folder when it runs on a copy): [file, line], outermost first."""
    for step in steps:
        frames = step.get("raised", [[], []])[1]
        if root is not None:
            base = root.resolve()
            frames = [[Path(file).resolve().relative_to(base).as_posix(), line]
                      for file, line in frames if base in Path(file).resolve().parents]
        if frames:
            return frames
    return []


def view_of(target: reach.Target, root: Path | None) -> dict | None:
    """The original's view for a route: its qualified name and its module's file (from
    the app's folder when the app runs on a copy), where the port finds its sites."""
    callback = reach.undecorated(target.route)
    code = getattr(callback, "__code__", None)
    if code is None:
        return None
    file = Path(code.co_filename)
    if root is not None and root.resolve() in file.resolve().parents:
        file = file.resolve().relative_to(root.resolve())
    return {"name": getattr(callback, "__qualname__", callback.__name__),
            "file": file.as_posix()}


def first_difference(step: dict) -> str:
    """One line: the request and the first thing that differs in its answer."""
    diff = step["differences"][0] if step["differences"] else {}
    where = diff.get("where", "answer")
    shown = f"{diff.get('a')!r} != {diff.get('b')!r}" if not diff.get("detail") else (
        diff["detail"].splitlines()[0][:80])
    return f"{step['method']} {step['path']}: {where}: {shown}"


def rows(data: dict) -> list[dict]:
    """The table's rows: each legacy route, then the paths no route takes, if asked."""
    return [*data["routes"], *([data["unrouted"]] if data.get("unrouted") else [])]


def render(data: dict) -> str:
    width = max([len(r["rule"]) for r in rows(data)] + [4])
    lines = [f"Migration: {data['apps']['legacy']} -> {data['apps']['new']}", "",
             f"{'METHOD':<8} {'RULE':<{width}}  SERVED  IDENTICAL"]
    for r in rows(data):
        same = "varies" if r.get("result") == "varies" else {
            True: "yes", False: "NO", None: "-"}[r["identical"]]
        why = f": {r['reason']}" if r.get("reason") else ""
        lines.append(f"{','.join(r['methods']):<8} {r['rule']:<{width}}  "
                     f"{'yes' if r['served'] else 'no':<6}  {same} ({r['requests']} "
                     f"requests){why}")
    s = data["summary"]
    if data.get("log"):
        lines += ["", f"The apps' own output (prints, logs, tracebacks): {data['log']}"]
    lines += ["", f"{s['served']}/{s['routes']} legacy routes served by the new app "
                  f"({s['ported_percent']}%); {s['identical']} identical ("
                  f"{s['exactly_the_same']} exactly the same, {s['the_same_message']} the "
                  f"same message, {s['same_to_a_client']} the same to an HTTP client), "
                  f"{s['different']} "
                  f"different, {s['not_exercised']} not reached by any request"
                  + (f"; {s['varies']} vary between runs of the legacy app (what varies "
                     "was not compared)" if s.get("varies") else "") + "."]
    return "\n".join(lines)


def not_reached(routes: list[dict]) -> str:
    """The last line of a run that left routes without a request: which, and why."""
    missed = [r for r in routes if r["identical"] is None]
    if not missed:
        return ""
    named = "; ".join(f"{','.join(r['methods'])} {r['rule']} ({r['reason']})"
                      for r in missed[:5])
    more = f" and {len(missed) - 5} more" if len(missed) > 5 else ""
    return f"{len(missed)} route(s) not reached: {named}{more}"


def add_arguments(parser) -> None:
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION",
                                    parser_class=type(parser))
    sub = actions.add_parser("status", help="every legacy route: served by the new app? "
                                            "identical?", description=__doc__,
                             formatter_class=argparse.RawDescriptionHelpFormatter,
                             parents=[options.replay(), options.copies(), options.report(),
                                      options.python()])
    sub.add_argument("legacy", help="the Bottle app (an app spec, as for parity)")
    sub.add_argument("new", help="the Flask app, or a migrate.Dispatcher over both")


def main(args) -> int:
    elsewhere = interpreter.elsewhere(args.python, folders_of([args.legacy, args.new]),
                                      args.argv)
    if elsewhere is not None:  # run again under the apps' Python
        return elsewhere
    log = scratch_log("migrate")
    with kept_in(log):
        data = status(args.legacy, args.new, extra=args.requests, crawl=not args.no_crawl,
                      forms=args.forms is not False, starts=args.start or ["/"],
                      max_pages=args.max_pages, in_place=args.in_place)
    kept = said(log)
    data["log"] = str(kept) if kept else None
    print(json.dumps(data, indent=2) if args.json else render(data))
    # A route the new app serves must answer as the legacy app did, and every route
    # must have been asked.
    if any(r["served"] and r["identical"] is False for r in rows(data)):
        return ExitStatus.DIFFERS
    missed = not_reached(data["routes"])
    if missed:
        print(f"bottle2flask migrate status: {missed}", file=sys.stderr)
        return ExitStatus.NOT_REACHED
    return ExitStatus.DONE

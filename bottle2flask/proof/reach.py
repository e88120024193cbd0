"""Every route of a Bottle app, and a request that reaches each one the crawl missed.

The routes come from the loaded app (`app.routes`, and those of Bottle apps mounted as
WSGI apps). A route's path parameters take a value seen in a request the crawl sent
(the POST of /edit/<no:int> takes the 1 of GET /edit/1), else one made to match its
filter (int, float, path, re, an app's own filter: Hypothesis' `from_regex` on its
pattern). A write (POST, PUT, PATCH, DELETE) sends the fields its view reads
(inputs.py); a route no request can reach says why.
"""

from __future__ import annotations

import re
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote_to_bytes, urlencode

import bottle

from ..parity.scenario import Call, destructive, guess
from .inputs import Inputs

# A value for each kind of Bottle wildcard, tried before anything is generated.
SAMPLES = {"int": "1", "float": "1.5", "path": "x/y"}
# Values tried, in order, for a <name:re:...> filter (or an app's own filter).
RE_SAMPLES = ("x", "1", "a1", "x.png", "x.css", "x.js", "x.html", "2020-01-01", "x/y", "X",
              "-1", "1.5", "abc", "ABC", "x_y", "x-y")
# Characters a generated value may hold: what a path carries without escaping.
URL_SAFE = re.compile(r"[A-Za-z0-9._~!$&'()*+,;=:@/-]+")
WRITES = ("POST", "PUT", "PATCH", "DELETE")


@dataclass
class Target:
    """One route of the original, its mount prefix included in the rule shown."""

    rule: str
    method: str
    route: bottle.Route
    prefix: str = ""   # the mount point it sits under ("" for the app itself)
    reason: str = ""   # why no request reaches it, when none does

    @property
    def name(self) -> str:
        return f"{self.method} {self.rule}"


def targets(app: bottle.Bottle, prefix: str = "") -> list[Target]:
    """The app's routes; a Bottle app mounted as a WSGI app gives its own routes."""
    found: list[Target] = []
    for route in app.routes:
        inner, at = mounted(route)
        if isinstance(inner, bottle.Bottle):
            if not any(t.route.app is inner for t in found):  # mounted at /p and /p/
                found += targets(inner, prefix + "/" + at.strip("/"))
            continue
        if served(app, route):
            found.append(Target(prefix + route.rule, route.method, route, prefix))
    return found


def served(app: bottle.Bottle, route: bottle.Route) -> bool:
    """Whether the app's router holds the route: a rule routed again for the same pattern
    and method replaces the earlier route in Bottle's Router.add (the later view answers),
    and no request reaches the one replaced. (True where the router is not Bottle's.)"""
    router = getattr(app, "router", None)
    static, dyna = getattr(router, "static", None), getattr(router, "dyna_routes", None)
    if not isinstance(static, dict) or not isinstance(dyna, dict):
        return True
    held = [entry[0] for entry in static.get(route.method, {}).values()]
    held += [entry[2] for entry in dyna.get(route.method, [])]
    return any(target is route for target in held)


def own(app: Any, name: str) -> Any:
    """A class of the Bottle an app is made with: the installed one, or a bottle.py the
    app ships (read from the globals of its class's methods: the module is no longer in
    sys.modules once the app is loaded)."""
    return getattr(type(app).__init__, "__globals__", {}).get(name) or getattr(bottle, name)


def mounted(route: bottle.Route) -> tuple[Any, str]:
    """The app a mount route leads to and its prefix (Bottle keeps them in the route's
    config, flattened: mountpoint.target, mountpoint.prefix); (None, "") for a route."""
    return route.config.get("mountpoint.target"), str(route.config.get("mountpoint.prefix", ""))


def match(app: bottle.Bottle, method: str, sent: str, prefix: str = "") -> bottle.Route | None:
    """The route of app (or of an app mounted in it) a request goes to."""
    path = sent.partition("?")[0]
    environ = {"REQUEST_METHOD": method,
               "PATH_INFO": unquote_to_bytes(path).decode("utf-8", "ignore")}
    try:
        route = app.router.match(environ)[0]
    except own(app, "HTTPError"):
        return None
    inner, at = mounted(route)
    if isinstance(inner, own(app, "Bottle")):
        depth = len([p for p in at.split("/") if p])
        rest = "/" + "/".join(path.split("/")[depth + 1:])
        return match(inner, method, rest)
    return route


def _probe(target: Target) -> bottle.Router:
    """A router holding the target's rule alone, with its app's filters."""
    router = bottle.Router()
    router.filters.update(target.route.app.router.filters)
    router.add(target.rule, "GET", target)
    return router


def seen_path(target: Target, paths: list[str], app: Any = None) -> str | None:
    """A path already sent that the target's rule takes (its values came from a page),
    and that the app routes to it (not a path an earlier route takes first)."""
    try:
        router = _probe(target)
    except Exception:  # a rule Bottle itself refuses: it never matched anything either
        return None
    for path in paths:
        environ = {"REQUEST_METHOD": "GET",
                   "PATH_INFO": unquote_to_bytes(path).decode("utf-8", "ignore")}
        try:
            router.match(environ)
        except bottle.HTTPError:
            continue
        method = "GET" if target.method in ("ANY", "PROXY") else target.method
        if app is not None and match(app, method, path) is not target.route:
            continue
        return path.partition("?")[0]
    return None


def value_for(mask: str, mode: str, lead: str = "") -> str | None:
    """A value the wildcard's pattern takes, starting with `lead`: a usual one first,
    else the simplest one Hypothesis' from_regex finds; None when nothing a URL can
    carry matches."""
    usual = ([SAMPLES[mode]] if mode in SAMPLES else []) + list(RE_SAMPLES)
    for value in (lead + v if lead and not v.startswith(lead) else v for v in usual):
        if _takes(mask, value):
            return value
    return generated(mask, lead)


def generated(mask: str, lead: str = "") -> str | None:
    """The simplest string Hypothesis' from_regex finds for the pattern, that a URL can
    carry and that starts with `lead`; None when it finds none."""
    from hypothesis import HealthCheck, find, settings
    from hypothesis import strategies as st
    from hypothesis.configuration import set_hypothesis_home_dir, storage_directory
    from hypothesis.errors import NoSuchExample

    # Hypothesis keeps a cache in .hypothesis/ of the working folder, the user's: it goes
    # to a temporary folder meanwhile.
    try:
        found: Any = storage_directory(intent_to_write=False)
    except TypeError:  # Hypothesis before 6.1xx: no keyword, a Path
        found = storage_directory()
    home = Path(getattr(found, "home_directory", found))
    set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "bottle2flask-hypothesis")
    quiet = settings(database=None, max_examples=300, deadline=None,
                     suppress_health_check=list(HealthCheck))
    try:
        made: str = find(st.from_regex(mask, fullmatch=True),
                         lambda v: bool(v) and bool(URL_SAFE.fullmatch(v))
                         and v.startswith(lead), settings=quiet)
    except (NoSuchExample, re.error, Exception):  # any failure: no value, said by the caller
        return None
    finally:
        set_hypothesis_home_dir(home)
    return made


def _takes(mask: str, value: str) -> bool:
    try:
        return re.fullmatch(mask, value) is not None
    except re.error:
        return False


# A rule's wildcards, as every Bottle from 0.10 writes them: <name>, <name:filter>,
# <name:filter:config>, and the old :name (with an optional #regexp#).
WILDCARD = re.compile(r"(\\*)(?:<(\w*)(?::(\w*)(?::((?:\\.|[^\\>])*))?)?>"
                      r"|:([a-zA-Z_]\w*)?(?:#(.*?)#)?)")
OLD_FILTERS = {"re": lambda conf: (conf or "[^/]+",), "int": lambda conf: (r"-?\d+",),
               "float": lambda conf: (r"-?[\d.]+",), "path": lambda conf: (r".*?",)}


def rule_tokens(router, rule: str) -> list[tuple[str, str | None, str | None]]:
    """The rule as (text, None, None) and (name, filter, config) parts: the router's own
    reading where it has one (Bottle 0.12-0.13's _itertokens, 0.11's parse_rule), else
    the rule's text read here (an older Bottle an app ships: RULE-s50 class I)."""
    reader = getattr(router, "_itertokens", None) or getattr(router, "parse_rule", None)
    if reader is not None:
        try:
            return list(reader(rule))
        except Exception:  # noqa: S110 (a router of another shape: read the text below)
            pass
    tokens: list[tuple[str, str | None, str | None]] = []
    offset, text = 0, ""
    for match in WILDCARD.finditer(rule):
        text += rule[offset:match.start()]
        offset = match.end()
        if len(match.group(1)) % 2:  # an escaped wildcard is text
            text += match.group(0)[len(match.group(1)):]
            continue
        text += match.group(1)[: len(match.group(1)) // 2]
        if text:
            tokens.append((text, None, None))
        text = ""
        if match.group(0)[len(match.group(1))] == "<":
            tokens.append((match.group(2), match.group(3) or "default", match.group(4)))
        else:
            tokens.append((match.group(5), "re", match.group(6)))
    text += rule[offset:]
    if text:
        tokens.append((text, None, None))
    return tokens


# Why no request reaches a route whose rule has no leading slash (`./author`, `<name>`)
# and whose first part takes none: Bottle matches a rule against the whole path, and
# every request target a client sends (origin-form) starts with "/".
NO_CLIENT = ("no client's request reaches it: Bottle matches its rule, which has no "
             "leading slash, against the whole path, and every path a client sends starts "
             "with \"/\" (RFC 9112 3.2.1)")
# The declared change such a route is counted under (docs/PORTING.md, P003's).
NO_CLIENT_CHANGE = "D-leading-slash"


def made_path(target: Target) -> tuple[str | None, str]:
    """A path the target's rule takes, made from its filters, that a client can send
    (it starts with "/": a rule without its leading slash needs a first wildcard whose
    value holds it); or None and why not (NO_CLIENT, where no client can)."""
    router = target.route.app.router
    parts: list[str] = []
    lead = "" if str(target.route.rule).startswith("/") else "/"
    for key, mode, conf in rule_tokens(router, target.rule):
        if not mode:
            if lead and not parts and not key.startswith(lead):
                return None, NO_CLIENT
            parts.append(key)
            continue
        mode = getattr(router, "default_filter", "re") if mode == "default" else mode
        try:
            mask = getattr(router, "filters", OLD_FILTERS)[mode](conf)[0]
        except Exception as error:
            return None, f"its filter <{key}:{mode}> gives no pattern ({error})"
        first = lead if not parts else ""
        value = value_for(mask, mode, first)
        if value is None:
            return None, NO_CLIENT if first and value_for(mask, mode) is not None else \
                f"no value a URL can carry matches <{key or ''}:{mode}:{conf or ''}>"
        parts.append(value)
    if lead and not parts:  # (an empty rule)
        return None, NO_CLIENT
    return "".join(parts), ""


def multipart(fields: list[tuple[str, str]], files: list[str]) -> tuple[str, str]:
    """A multipart/form-data body: the fields, and a small text file for each file field."""
    boundary = f"bottle2flask-{uuid.uuid5(uuid.NAMESPACE_URL, repr((fields, files))).hex}"
    chunks = []
    for name, value in fields:
        chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                      f"{value}\r\n")
    for name in files:
        chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                      f'filename="parity.txt"\r\nContent-Type: text/plain\r\n\r\n'
                      "Sent by bottle2flask's check.\r\n")
    chunks.append(f"--{boundary}--\r\n")
    return "".join(chunks), f"multipart/form-data; boundary={boundary}"


def request_for(path: str, method: str, inputs: Inputs, values: dict[str, Any]) -> Call:
    """The request: the query fields the view reads, and for a write its form, JSON or
    file fields (the values parity fills forms with)."""
    method = "GET" if method in ("ANY", "PROXY") else method
    write = method in WRITES

    def filled(keys: list[str]) -> list[tuple[str, str]]:
        return [(key, guess({"name": key, "type": "text", "value": "", "options": []},
                            values)) for key in keys]

    query = filled(inputs.query + ([] if write else inputs.params))
    call = Call(path + (f"?{urlencode(query)}" if query else ""), method=method,
                follow=True, name="every route")
    if not write:
        return call
    form = filled(inputs.form + inputs.params)
    if inputs.files:
        call.body, call.content_type = multipart(form, inputs.files)
    elif inputs.reads_json and not form:
        call.json = {key: guess({"name": key, "type": "text", "value": "", "options": []},
                                values) for key in inputs.json}
    else:
        call.form = form
    return call


def view_name(route: bottle.Route) -> str:
    """The name of the function behind a route (its decorators unwrapped)."""
    return str(getattr(undecorated(route), "__name__", ""))


def undecorated(route: bottle.Route):
    """The function behind a route: its decorators unwrapped (`__wrapped__`, a bound
    method's `__func__`, the one callable a wrapper's closure holds). Bottle's own
    get_undecorated_callback() loops for ever on a closure that holds no callable (a
    view a factory made, `make_view(label)`); this stops there."""
    func = route.callback
    for _ in range(64):  # decorators deep: more is a cycle
        inner = getattr(func, "__wrapped__", None) or getattr(func, "__func__", None)
        if inner is None:
            inner = next((value for value in map(_cell, getattr(func, "__closure__", None)
                                                  or ()) if callable(value)), None)
        if inner is None or inner is func:
            break
        func = inner
    return func


def _cell(cell):
    try:
        return cell.cell_contents
    except ValueError:  # an empty cell
        return None


def plan(app: bottle.Bottle, found: list[Target], steps: list[dict],
         inputs: dict[str, Inputs], values: dict[str, Any], writes: bool = True) -> list[Call]:
    """The requests that reach what the steps so far missed: a route no step reached, a
    view whose query fields no request sent. Writes after reads, destructive ones last
    (without writes: the reads alone); each target without a request gets its reason."""
    reached: dict[int, list[dict]] = {}
    for step in steps:
        route = match(app, step["method"], step["path"])
        if route is not None:
            reached.setdefault(id(route), []).append(step)
    paths = [step["path"] for step in steps]
    calls: list[Call] = []
    for target in found:
        if target.method == "PROXY":
            target.reason = "a WSGI app mounted here: only the links into it reach it"
            continue
        if not writes and target.method in WRITES:
            continue
        read = inputs.get(view_name(target.route), Inputs())
        mine = reached.get(id(target.route), [])
        if mine and not unsent_query(target, read, mine):
            continue
        path = mine[0]["path"].partition("?")[0] if mine else seen_path(target, paths, app)
        if path is None:
            path, why = made_path(target)
            if path is None:
                target.reason = why
                continue
        taken = match(app, "GET" if target.method == "ANY" else target.method, path)
        if taken is not target.route and not mine:
            other = next((t.name for t in found if t.route is taken), "another route")
            target.reason = f"its paths go to {other} first" if taken else \
                "no path made for it reaches it"
            continue
        calls.append(request_for(path, target.method, read, values))
    return sorted(calls, key=order)


def unsent_query(target: Target, read: Inputs, steps: list[dict]) -> bool:
    """A GET view that reads query fields, reached only without a query string: the
    `?save=1&task=...` branch of the tutorial's /new was never run."""
    return bool(read.query) and target.method in ("GET", "ANY") and not any(
        "?" in step["path"] for step in steps)


def order(call: Call) -> int:
    """Reads first, then writes, then what deletes or signs out."""
    if call.method == "DELETE" or destructive(call.path):
        return 2
    return 1 if call.method in WRITES else 0

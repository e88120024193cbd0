"""Bottle's route rules read at run time, for the rules a port cannot read before it runs.

Copied into a port by the porting kit (as `bottle_routes.py`) only where a module uses it:

    @app.get(flask_rule(app, path("doc", "<name:path>")))   # a rule computed at run time
    url = bottle_url("/item/<id>", id=3)                    # get_url() given a rule
    @app.route("/x", methods=route_methods(view.methods))   # method= read at run time
    @app.route("/", endpoint="/")                            # a view routed again:
    @replaces_view(app, "/")                                 # the later one answers

`flask_rule` turns a Bottle rule (`/item/<id:int>`, `<name:re:[a-z]+>`, the old `:id`)
into a Werkzeug rule and registers on the app the converters it needs, each taking what
Bottle's filter takes. `bottle_url` builds a URL as Bottle's `get_url` does: from a
route's name (Flask's endpoint), or from a rule string when no route has that name.
`route_methods` takes what Bottle's `method=` took, one method or several, and gives the
list Flask's `methods=` takes. `replaces_view` lets a view routed again under one endpoint
replace the one before, as Bottle's later route did.
Delete this module once the app no longer imports it.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode, urljoin

from flask import Flask, current_app, has_request_context, request, url_for
from werkzeug.exceptions import BadRequest
from werkzeug.routing import BaseConverter

__all__ = ["bottle_url", "flask_rule", "replaces_view", "route_methods"]

# A wildcard of Bottle's rule syntax, with the backslashes before it (an odd number makes
# it literal text): `<name>`, `<name:filter>`, `<name:filter:config>` (a `>` in the config
# escaped), or the old `:name` and `:name#regex#`. A name may be left out.
WILDCARD = re.compile(r"""
    (?P<escapes>\\*)
    (?:
        <(?P<name>[a-zA-Z_]\w*)?
          (?: :(?P<filter>[a-zA-Z_]*) (?: :(?P<config>(?:\\.|[^\\>])+)? )? )?
        >
      | :(?P<old>[a-zA-Z_]\w*)? (?: \#(?P<regex>.*?)\# )?
    )
""", re.VERBOSE | re.ASCII)
# The view argument a nameless wildcard gets in Werkzeug; it is taken out again before
# the view is called, as Bottle passed nothing for it.
ANONYMOUS = "bottle_anonymous_"
STATE = "bottle_routes"  # the app's extensions entry: {regex: converter name}


def tokens(rule: str):
    """(text, None, None) for static text, (name, filter, config) for a wildcard; a
    wildcard without a filter has the filter "default"."""
    text, offset = "", 0
    for match in WILDCARD.finditer(rule):
        text += rule[offset:match.start()]
        offset = match.end()
        if len(match["escapes"]) % 2:  # escaped: the wildcard is text, its backslashes not
            text += match[0][len(match["escapes"]):]
            continue
        if text:
            yield text, None, None
        text = ""
        if match[0][len(match["escapes"])] == ":":
            yield match["old"] or "", "default", match["regex"]  # the default filter: re
        else:
            yield match["name"] or "", match["filter"] or "default", match["config"]
    if text or offset < len(rule) or not rule:
        yield text + rule[offset:], None, None


def flat(regex: str) -> str:
    """The regex with its groups made non-capturing (named ones too): a wildcard's value
    is the whole match, and a group would shift Werkzeug's own."""
    return re.sub(r"(\\*)(\(\?P<[^>]+>|\((?!\?))",
                  lambda m: m[0] if len(m[1]) % 2 else m[1] + "(?:", regex)


class BottleFloatConverter(BaseConverter):
    """Bottle's float: 3, -1, 2. and .5 as well as 2.5; a malformed one is a 400."""

    regex = r"-?[\d.]+"

    def to_python(self, value: str) -> float:
        try:
            return float(value)
        except ValueError:
            raise BadRequest("Path has wrong format.") from None

    def to_url(self, value) -> str:
        return str(float(value))


class BottlePathConverter(BaseConverter):
    """Bottle's path: any characters, slashes (a leading one too)."""

    regex = ".+?"
    part_isolating = False


def _regex_converter(app: Flask, regex: str) -> str:
    """The name of a converter on the app that matches `regex` (made the first time)."""
    known: dict[str, str] = app.extensions.setdefault(STATE, {})
    if regex not in known:
        name = f"bottle_re{len(known) + 1}"
        while name in app.url_map.converters:
            name += "_"
        # a Bottle regex is matched against the whole path: it may take a slash
        app.url_map.converters[name] = type(
            "BottleRegexConverter", (BaseConverter,), {"regex": regex, "part_isolating": False})
        known[regex] = name
    return known[regex]


def _drop_anonymous(endpoint, values) -> None:
    for key in [k for k in values or () if k.startswith(ANONYMOUS)]:
        del values[key]


def flask_rule(app: Flask, rule: str) -> str:
    """The Werkzeug rule for a Bottle rule, its converters registered on `app`.

    Raises ValueError for what Werkzeug cannot say: a filter the app has no converter
    for, a config given to the app's own filter, a literal `<` or `>`."""
    if not isinstance(rule, str):
        raise TypeError(f"flask_rule() takes one rule string, not {type(rule).__name__}: "
                        "route a list of rules one rule at a time")
    parts, anonymous = [], 0
    for name, kind, config in tokens(rule):
        if kind is None:
            if "<" in name or ">" in name:
                raise ValueError(f"{rule!r}: Werkzeug reads {name!r} as a variable")
            parts.append(name)
            continue
        if not name:
            name = f"{ANONYMOUS}{anonymous}"
            anonymous += 1
        if kind == "int":
            converter = "int(signed=True)"
        elif kind == "float":
            app.url_map.converters.setdefault("bottle_float", BottleFloatConverter)
            converter = "bottle_float"
        elif kind == "path":
            app.url_map.converters.setdefault("bottle_path", BottlePathConverter)
            converter = "bottle_path"
        elif kind in ("default", "re"):
            # no pattern: Bottle's default, [^/]+, which is Werkzeug's default too
            converter = _regex_converter(app, flat(config)) if config else ""
        elif kind in app.url_map.converters and not config:
            converter = kind  # the app's own filter, as the port registered it
        else:
            raise ValueError(f"{rule!r}: the route filter {kind!r}"
                             + (f" with the config {config!r}" if config else "")
                             + " has no converter on the app: register one in "
                             "app.url_map.converters")
        parts.append(f"<{converter}:{name}>" if converter else f"<{name}>")
    if anonymous and _drop_anonymous not in app.url_value_preprocessors.get(None, []):
        app.url_value_preprocessor(_drop_anonymous)
    # Werkzeug's rules start with a slash; Bottle matched a rule against the whole path
    return "".join(parts) if "".join(parts).startswith("/") else "/" + "".join(parts)


def route_methods(method) -> list[str]:
    """Bottle's `method=`, one method (`"GET"`) or an iterable of them, as the list
    Flask's `methods=` takes (a string there would be read letter by letter)."""
    if isinstance(method, str):
        return [method]
    methods = list(method)
    if not all(isinstance(m, str) for m in methods):
        raise TypeError(f"method= takes a method name or names, not {method!r}")
    return methods


def replaces_view(app: Flask, endpoint: str):
    """A decorator set right under `@app.route(rule, endpoint=endpoint)`: it takes the
    endpoint's earlier view off the app, so the route above sets this one. Bottle served
    the later of two routes of one rule; Flask refuses a second view for an endpoint
    ("View function mapping is overwriting an existing endpoint function"), as when a
    function that routes a def is called again, or the rule is another view's already."""

    def replace(view):
        app.view_functions.pop(endpoint, None)
        return view

    return replace


def bottle_url(target: str, **values) -> str:
    """Bottle's get_url(): the URL of the route named `target` (its endpoint), else of
    the route rule `target` itself, its wildcards filled from `values` as Bottle fills
    them (unquoted), the rest in the query string; under the app's script root."""
    if target in current_app.view_functions:
        return url_for(target, **values)
    path = ""
    for name, kind, _ in tokens(target):
        if kind is None:
            path += name
        elif name not in values:
            raise ValueError(f"Missing URL argument: {name!r} (rule {target!r})")
        else:
            value = values.pop(name)
            path += str(int(value)) if kind == "int" else str(float(value)) \
                if kind == "float" else str(value)
    if values:
        path += "?" + urlencode(values)
    root = request.environ.get("SCRIPT_NAME", "") if has_request_context() else ""
    return urljoin(urljoin("/", root.strip("/") + "/"), path.lstrip("/"))

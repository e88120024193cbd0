"""URLs across both apps: url_for in Flask builds legacy routes, Bottle builds Flask's.

Bottle routes are often unnamed (``@app.route("/todo")``); Flask names an endpoint
after its view function, so a legacy route is also known here by its callback's name
(the endpoint its port will most likely have). Template links then survive the move
of a route from one app to the other unchanged.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

import bottle
from flask import has_request_context
from flask import request as flask_request
from werkzeug.routing import BuildError

URL_SAFE = "!$&'()*+,/:;=@"  # Werkzeug's set, so both sides spell URLs alike


class Links:
    """Cross-building of URLs between a legacy Bottle app and a Flask app."""

    def __init__(self, legacy: bottle.Bottle, new):
        self.legacy, self.new = legacy, new
        self.rules: dict[str, str] = {}
        for route in legacy.routes:  # the first route of a name wins, as in Flask
            for name in (route.name, getattr(route.callback, "__name__", None)):
                if name:
                    self.rules.setdefault(name, route.rule)

    def install(self, template_global: str = "url") -> Links:
        """Hook into Flask's url_for, and give Bottle templates ``url(name, **values)``.

        SimpleTemplate's defaults are process-wide in Bottle: one legacy app a process.
        """
        self.new.url_build_error_handlers.append(self.flask_fallback)
        bottle.SimpleTemplate.defaults[template_global] = self.url
        return self

    def legacy_url(self, name: str, values: dict, script_root: str = "") -> str | None:
        """The legacy route's URL, or None when the legacy app has no such name."""
        rule = self.rules.get(name)
        if rule is None:
            return None
        wildcards = {key for key, _ in self.legacy.router.builder.get(rule, ()) if key}
        args = {k: quote(str(v), safe=URL_SAFE) for k, v in values.items() if k in wildcards}
        try:
            path = self.legacy.router.build(rule, **args)
        except bottle.RouteBuildError:
            return None
        query = urlencode([(k, v) for k, v in values.items()
                           if k not in wildcards and v is not None], doseq=True)
        url = script_root.rstrip("/") + path
        return f"{url}?{query}" if query else url

    def flask_fallback(self, error, endpoint, values):
        """A url_build_error_handlers hook: Flask could not build it, try the legacy app."""
        extra = {k: values.pop(k) for k in list(values) if k.startswith("_")}
        root = flask_request.script_root if has_request_context() else ""
        url = self.legacy_url(endpoint, values, root)
        if url is None:
            raise error
        if extra.get("_external"):
            url = flask_request.host_url.rstrip("/") + url
        return f"{url}#{quote(extra['_anchor'])}" if extra.get("_anchor") else url

    def url(self, name: str, **values) -> str:
        """For Bottle code and templates: a legacy route's URL, else the Flask app's."""
        try:
            root = bottle.request.environ.get("SCRIPT_NAME", "")
        except RuntimeError:  # no Bottle request bound in this thread: served at the root
            root = ""
        url = self.legacy_url(name, values, root)
        if url is not None:
            return url
        adapter = self.new.url_map.bind("localhost", script_name=root or "/")
        try:
            return adapter.build(name, values)
        except BuildError:
            raise bottle.RouteBuildError(f"no route named {name!r} in either app") from None


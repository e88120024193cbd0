"""P027: app members: what a Bottle app has that a Flask app has under another name

    application = app.wsgi        ->  application = app.wsgi_app
    app.catchall = False          ->  app.config["PROPAGATE_EXCEPTIONS"] = True
    app.reset()                   ->  (taken out: Flask compiles each rule as it is added)
    app.add_route(Route(app, "/", "GET", home))  ->  app.add_url_rule("/", view_func=home,
                                                                     methods=["GET"])

Bottle's `wsgi(environ, start_response)` is the app's WSGI callable, Flask's `wsgi_app`;
`catchall = False` lets a view's exception reach the server, as Flask's
PROPAGATE_EXCEPTIONS does. A Route added by hand is converted where its path is static
text (a wildcard is Bottle's syntax: the TODO says to write it in Flask's). The other
Bottle-only members (routes, router, match, hooks...) are named by the port's check of
what is left (port/leftovers.py).
"""

from __future__ import annotations

import libcst as cst

from ..edit import arg, kw, string_value
from .base import Rule, placeholder

# Route(app, rule, method, callback, name=...): Bottle's signature, by position
ROUTE_ARGS = ("app", "rule", "method", "callback", "name")


class AppMembers(Rule):
    code = "P027"
    triggers = ("wsgi", "catchall", "reset", "add_route")
    summary = "app.wsgi, app.catchall and app.reset() in Flask's terms"

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if updated.attr.value == "wsgi" and self.is_app(updated.value):
            self.fired()
            return updated.with_changes(attr=cst.Name("wsgi_app"))
        return updated

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        target = updated.targets[0].target if len(updated.targets) == 1 else None
        if not (isinstance(target, cst.Attribute) and target.attr.value == "catchall"
                and self.is_app(target.value)):
            return updated
        value = updated.value
        if isinstance(value, cst.Name) and value.value in {"True", "False"}:
            self.fired()
            config = cst.Subscript(cst.Attribute(target.value, cst.Name("config")), [
                cst.SubscriptElement(cst.Index(cst.SimpleString('"PROPAGATE_EXCEPTIONS"')))])
            flipped = cst.Name("True" if value.value == "False" else "False")
            return updated.with_changes(targets=[cst.AssignTarget(config)], value=flipped)
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        func = updated.func
        route = updated.args[0].value if len(updated.args) == 1 else None
        if not (isinstance(func, cst.Attribute) and func.attr.value == "add_route"
                and self.is_app(func.value) and isinstance(route, cst.Call)
                and self.api(route.func) == "Route"):
            return updated
        given = {name: arg(route, i, name) for i, name in enumerate(ROUTE_ARGS)}
        rule = string_value(given["rule"].value) if given["rule"] else None
        method = string_value(given["method"].value) if given["method"] else "GET"
        if rule is None or "<" in rule or ":" in rule or given["callback"] is None \
                or method in (None, "ANY") or len(route.args) > sum(
                    a is not None for a in given.values()):
            self.todo("add_route(Route(...)) with a wildcard, a computed path or method, "
                      "or plugins: write app.add_url_rule(path in Flask's syntax, "
                      "view_func=..., methods=[...])")
            return updated
        self.fired()
        assert given["rule"] is not None and given["callback"] is not None
        args = [cst.Arg(given["rule"].value),
                kw("view_func", given["callback"].value),
                kw("methods", cst.List([cst.Element(cst.SimpleString(f'"{method}"'))]))]
        if given["name"] is not None:
            args.append(kw("endpoint", given["name"].value))
        return updated.with_changes(
            func=func.with_changes(attr=cst.Name("add_url_rule")),
            args=[a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                  for a in args[:-1]] + args[-1:])

    def leave_SimpleStatementLine(self, original, updated):
        """`app.reset()` alone on its line: Flask has nothing to reset."""
        stmt = updated.body[0] if len(updated.body) == 1 else None
        call = stmt.value if isinstance(stmt, cst.Expr) else None
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) \
                and call.func.attr.value == "reset" and self.is_app(call.func.value) \
                and len(call.args) <= 1:
            self.fired()  # its blank lines (and comments) go to the next statement
            return placeholder(self.state, updated.leading_lines)
        return updated

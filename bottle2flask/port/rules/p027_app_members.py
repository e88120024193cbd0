"""P027: app members: what a Bottle app has that a Flask app has under another name

    application = app.wsgi        ->  application = app.wsgi_app
    app.catchall = False          ->  app.config["PROPAGATE_EXCEPTIONS"] = True
    app.reset()                   ->  (taken out: Flask compiles each rule as it is added)
    app.add_route(Route(app, "/", "GET", home))  ->  app.add_url_rule("/", view_func=home,
                                                                     methods=["GET"])

Bottle's `wsgi(environ, start_response)` is the app's WSGI callable, Flask's `wsgi_app`;
`catchall = False` lets a view's exception reach the server, as Flask's
PROPAGATE_EXCEPTIONS does. A Route added by hand is converted where its path is static
text; where it holds Bottle's wildcards, or its path or method is read at run time, the
site is kept (Flask reads neither): bottle_routes reads them as Bottle did, under a TODO
that does not break (`app.add_url_rule(flask_rule(app, rule), view_func=both,
methods=route_methods(method))`). One given plugins or route options stays a TODO.

The members Flask has no counterpart for are read through `bottle_members.py`, a helper
the port copies (port/compat/bottle_members.py), which answers them from the Flask app's
own objects, under a TODO naming Flask's way:

    app.routes                 ->  bottle_members.of(app).routes
    app.match(environ)         ->  bottle_members.of(app).match(environ)

(`routes`, `router`, `match`, `plugins`, `error_handler`, `default_error_handler`,
`close`, `resources`; Bottle's default JSON and template plugins are listed as stand-ins
that wrap nothing, as Flask does that work itself, and `default_error_handler` gives
Werkzeug's error page; the router only matches and builds: `app.router.match(environ)`,
`app.router.build(name, **args)`, a path without the script name). What
bottle_members answers as a copy or in part is left where the code would change it or
ask more (`app.error_handler[404] = f`, which P009 registers, `app.plugins.append(p)`,
`del app.routes[0]`, `app.router.add_filter(...)`), as are the other Bottle-only members
(hooks...): the port's check of what is left names them (port/leftovers.py).
"""

from __future__ import annotations

import libcst as cst
from libcst.helpers import ensure_type

from ..edit import arg, kw, string_value
from .base import Candidate, Companion, Edit, EditRule, Import

# Route(app, rule, method, callback, name=...): Bottle's signature, by position
ROUTE_ARGS = ("app", "rule", "method", "callback", "name")
# The members bottle_members.py answers, and Flask's way (the TODO's words)
HELPER = Companion.MEMBERS
ROUTES = Companion.ROUTES  # flask_rule(), route_methods(): a Route's path and method
# What bottle_members answers as a copy (a list, a dict) or in part (the router matches
# only): a use that would change it, or ask more, is left for the check of what is left
CHANGES = {"append", "extend", "insert", "remove", "pop", "clear", "update", "setdefault",
           "sort", "reverse", "__setitem__", "__delitem__"}
KEPT = {
    "routes": "Bottle's Route objects, read from Flask's rules: Flask's are "
              "app.url_map.iter_rules()",
    "router": "Bottle's router: a Flask app matches with app.url_map (Werkzeug's Map) "
              "and builds with url_for(name, **args) (app.url_map.bind(\"\").build(name, "
              "args) outside a request)",
    "match": "Bottle's route lookup: Flask's is app.url_map.bind_to_environ(environ)"
             ".match()",
    "plugins": "Bottle's plugins (its JSON and template ones stand for Flask's own "
               "work): Flask has none (use hooks or decorators)",
    "error_handler": "Bottle's error pages by status: Flask's are "
                     "app.error_handler_spec, registered with @app.errorhandler(code)",
    "default_error_handler": "Werkzeug's error page for the status, not Bottle's: "
                             "Flask's is the HTTPException's get_response()",
    "close": "Bottle's plugin close: Flask has no plugins (app.teardown_appcontext "
             "cleans up)",
    "resources": "Bottle's ResourceManager: Flask's app.open_resource() reads from "
                 "app.root_path",
}


class AppMembers(EditRule):
    code = "P027"
    triggers = ("wsgi", "catchall", "reset", "add_route", *KEPT)
    summary = "app.wsgi, app.catchall and app.reset() in Flask's terms; app.routes and " \
              "Bottle's other app members through bottle_members.py"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.targets = 0  # inside an assignment's target (`app.error_handler[404] = f`)
        self.classes: list[str] = []  # the classes around the node
        self.left: set[int] = set()  # app.plugins in app.plugins.append(p): left
        self.matching: set[int] = set()  # app.router in app.router.match/build(...)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        inner = node.value
        if isinstance(inner, cst.Attribute) and inner.attr.value in KEPT:
            if node.attr.value in CHANGES:
                self.left.add(id(inner))
            elif node.attr.value in ("match", "build"):
                self.matching.add(id(inner))

    def visit_Del(self, node: cst.Del) -> None:
        self.targets += 1

    def left_Del(self, node) -> None:
        self.targets -= 1

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes.append(node.name.value)

    def left_ClassDef(self, node) -> None:
        self.classes.pop()

    def holds_app(self, node: cst.BaseExpression) -> bool:
        """An app, `self` only in the methods of a Bottle subclass (as leftovers.py)."""
        if isinstance(node, cst.Name) and node.value == "self" and self.facts.app_classes:
            return bool(self.classes) and self.classes[-1] in self.facts.app_classes
        return self.is_app(node)

    def visit_AssignTarget(self, node) -> None:
        self.targets += 1

    def left_AssignTarget(self, node) -> None:
        self.targets -= 1

    def edit_Attribute(self, node: cst.Attribute) -> Edit | None:
        name = node.attr.value
        if name == "wsgi" and self.is_app(node.value):
            return Edit(node, (Candidate(cst.Name("wsgi_app")),), field="attr")
        if name in KEPT and not self.targets and id(node) not in self.left \
                and (name != "router" or id(node) in self.matching) \
                and self.holds_app(node.value):
            owner = cst.Module([]).code_for_node(node.value)
            return Edit(node, (Candidate(
                cst.Call(cst.Attribute(cst.Name(HELPER.value), cst.Name("of")),
                         [cst.Arg(node.value)]),
                imports=(Import(HELPER.value, companion=HELPER),),
                todo=f"`{owner}.{name}` kept by {HELPER.value}.py: {KEPT[name]}"),),
                field="value")
        return None

    def edit_Assign(self, node: cst.Assign) -> Edit | None:
        target = node.targets[0].target if len(node.targets) == 1 else None
        if not (isinstance(target, cst.Attribute) and target.attr.value == "catchall"
                and self.is_app(target.value)):
            return None
        value = node.value
        if isinstance(value, cst.Name) and value.value in {"True", "False"}:
            config = cst.Subscript(cst.Attribute(target.value, cst.Name("config")), [
                cst.SubscriptElement(cst.Index(cst.SimpleString('"PROPAGATE_EXCEPTIONS"')))])
            flipped = cst.Name("True" if value.value == "False" else "False")
            return Edit(node, (Candidate(node.with_changes(
                targets=[cst.AssignTarget(config)], value=flipped)),))
        return None

    def edit_Call(self, node: cst.Call) -> Edit | None:
        func = node.func
        route = node.args[0].value if len(node.args) == 1 else None
        if not (isinstance(func, cst.Attribute) and func.attr.value == "add_route"
                and self.is_app(func.value) and isinstance(route, cst.Call)
                and self.api(route.func) == "Route"):
            return None
        given = {name: arg(route, i, name) for i, name in enumerate(ROUTE_ARGS)}
        rule = string_value(given["rule"].value) if given["rule"] else None
        method = string_value(given["method"].value) if given["method"] else "GET"
        if given["rule"] is None or given["callback"] is None or method == "ANY" \
                or len(route.args) > sum(a is not None for a in given.values()):
            return Edit(node, (Candidate(todo=(
                "add_route(Route(...)) with plugins or route options: write "
                "app.add_url_rule(path in Flask's syntax, view_func=..., methods=[...])")),),
                fired=0)
        path: cst.BaseExpression = given["rule"].value
        methods: cst.BaseExpression = cst.List([cst.Element(cst.SimpleString(f'"{method}"'))])
        kept = None
        if rule is None or "<" in rule or ":" in rule or method is None:
            # a wildcard in Bottle's syntax, a path or method read at run time: the port
            # has no idiomatic form of it (a Werkzeug rule met Bottle's `<id:int>` at
            # start-up, a string method would be read letter by letter): bottle_routes'
            # flask_rule() and route_methods() take them as Bottle did
            kept = self.run_time(node, path, given["method"], methods)
            path, methods = cst.Name("path"), cst.Name("methods")  # the site's holes
        args = [cst.Arg(path), kw("view_func", given["callback"].value), kw("methods", methods)]
        if given["name"] is not None:
            args.append(kw("endpoint", given["name"].value))
        call = node.with_changes(
            func=func.with_changes(attr=cst.Name("add_url_rule")),
            args=[a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                  for a in args[:-1]] + args[-1:])
        if kept is None:
            return Edit(node, (Candidate(call),))
        return Edit(node, (kept, kept), kind="add-route", keeps="Flask reads neither "
                    "Bottle's rule syntax nor a method that is not a list",
                    within=call, holes=(path, methods))

    def run_time(self, call: cst.Call, path: cst.BaseExpression, method: cst.Arg | None,
                 methods: cst.BaseExpression) -> Candidate:
        """A Route's path and method, read by bottle_routes as Bottle read them: the
        site's only form, kept (`flask_rule(app, path)`, `route_methods(method)`)."""
        app = ensure_type(call.func, cst.Attribute).value
        path = cst.Call(cst.Name("flask_rule"), [
            cst.Arg(app.deep_clone(), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
            cst.Arg(path)])
        imports = [Import(ROUTES.value, "flask_rule", companion=ROUTES)]
        if method is not None and string_value(method.value) is None:
            methods = cst.Call(cst.Name("route_methods"), [cst.Arg(method.value)])
            imports.append(Import(ROUTES.value, "route_methods", companion=ROUTES))
        return Candidate((path, methods), imports=tuple(imports),
                         todo="add_route(Route(...)) with Bottle's wildcards, or a path or "
                         "method read at run time: bottle_routes reads them; write "
                         "app.add_url_rule(path in Flask's syntax, view_func=..., "
                         "methods=[...])")

    def edit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> Edit | None:
        """`app.reset()` alone on its line: Flask has nothing to reset."""
        stmt = node.body[0] if len(node.body) == 1 else None
        call = stmt.value if isinstance(stmt, cst.Expr) else None
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) \
                and call.func.attr.value == "reset" and self.is_app(call.func.value) \
                and len(call.args) <= 1:
            # its blank lines (and comments) go to the next statement
            return Edit(node, taken_out=True)
        return None

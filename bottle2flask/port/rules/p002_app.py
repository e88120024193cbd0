"""P002: app object: `Bottle()` (or Bottle's default app) becomes a Flask app

    app = Bottle()          ->  app = Flask(__name__, template_folder="views", static_folder=None)
    @route("/")             ->  @app.route("/")        (default app: a Flask `app` is added)
    app = SessionMiddleware(bottle.app(), opts)
                            ->  app.wsgi_app = SessionMiddleware(app.wsgi_app, opts)
                                (the name stays the Flask app, for `flask run` and .run();
                                a class named *Middleware, ProxyFix, WhiteNoise...; any
                                other function the app is handed and whose result
                                replaces it gets a TODO saying the same)
    application = SessionMiddleware(app, opts)
                            ->  app.wsgi_app = SessionMiddleware(app.wsgi_app, opts)
                                application = app
    class Site(Bottle):     ->  class Site(Flask):
        super().__init__()          super().__init__(__name__, template_folder="views", ...)
                                (Bottle's own arguments, catchall= and autojson= or
                                *args/**kwargs handed on, are not Flask's: dropped under a
                                TODO; a subclass with no __init__ gets one that gives Flask
                                the import name, the module's `__name__`)
        self.route("/", callback=self.index)  ->  self.add_url_rule("/", view_func=...)
                                (`self` is the app in the methods of a module whose only
                                class is the Bottle subclass; `app = Site()` is the app)
    def setup_routing(a):      a function handed the app (`setup_routing(app)`): its
        a.route("/", "GET", f)  parameter is the app inside it, so the routes it adds
                                are ported (`a.add_url_rule(...)`)
    def init_routes(app: Bottle):  ->  def init_routes(app: Flask):  (a parameter annotated
        app.merge(users)               as Bottle's app is the app inside its function)

`static_folder=None` because Bottle serves no static files unless a route says so;
`template_folder` is where Bottle's TEMPLATE_PATH would find the templates: its default
is `./` and `./views/`, so `views` when there is one, else `.` (a `templates/` folder is
reached as `template("templates/x")` in Bottle, and keeps that name). The default port
leaves out what Flask's own default already does the same way: `template_folder` for an
app with no templates, and `static_folder=None` where there is no `static/` folder beside
the module for Flask to serve and no route of the app's (`/<name:path>`) that a
`/static/...` URL would otherwise reach; an app with neither is `Flask(__name__)`.
The shims other rules need (the deferred `response`, converters, JSON order) are
added right after the app is made. A bare `@route` in a module that has an app of its
own goes to that app, with a TODO: in Bottle it was on the default app, another app.
Where a module it runs with uses the default app (`app = default_app()` served by app.py),
it goes on that one, the shared Flask app of `default_app.py`, imported under a name the
module does not use (`from default_app import app as default_app`); the module's own app
stays, as in Bottle, where it never had that route (RULE-s53 class E).
An `@error()` or `@hook()` on the default app in a module that serves the app it makes
(no `run()` of the default app there, no module it runs with on the default app) never
ran in Bottle, whose own error page answered: the function stays, not registered, under
a TODO. A module that names the default app (`app = bottle.default_app()`) beside an app
it makes (`other = Bottle()`) serves the default app: `app` is its Flask app, with the
default app's routes and handlers, and `other` keeps its own.
Modules on Bottle's default app that run in one process (one imports the other, at any
remove) share one Flask app, made in a module of its own (`default_app.py`, in the
folder they run from); scripts that import none of each other (a folder of examples)
each had the default app to themselves, and each gets `app = Flask(__name__)`.

Errors the app has no handler of its own for (a path no route matches, a wrong method,
an exception a view raised, an abort()) get Werkzeug's pages, the framework's own. With
`--faithful` (the site `error-page`, one for each module that makes an app, by a name
or in an attribute: `self.bottle = Bottle()`, which serves the routes merged into it) they get
Bottle's default error page, rendered by the Bottle installed beside the port, with
Bottle's status line and headers (`Allow` as Bottle writes it):
`error_pages(app)` from `bottle_answers.py`, and requirements.txt lists bottle.
A status given as a number is `404 NOT FOUND` in Werkzeug, and a page whose view set no
Content-Type `text/html; charset=utf-8`; with `--faithful` (the site `response-defaults`)
Bottle's `404 Not Found` and `text/html; charset=UTF-8` (`response_defaults(app)`).
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
from libcst.helpers import ensure_type

from ..edit import Visitor, is_name, kw, last_import, names_read
from ..model.facts import APP_FACTORIES
from .base import APP_SHORTCUTS, Candidate, ModuleSettings, Need, Rule

# WSGI middleware that wrap an app, by name: beaker's, Werkzeug's, WhiteNoise, Paste's.
MIDDLEWARE = {"ProxyFix", "WhiteNoise", "TransLogger", "DebuggedApplication",
              "SessionMiddleware", "SharedDataMiddleware", "DispatcherMiddleware"}


# Bottle.__init__'s keywords (0.12: its two parameters; 0.13: read from **kwargs)
BOTTLE_ARGS = {"catchall", "autojson"}


def is_middleware(name: str) -> bool:
    return name in MIDDLEWARE or name.endswith("Middleware")


def flask_app(state: ModuleSettings) -> cst.Call:
    folder = cst.SimpleString(f'"{state.template_folder}"')
    return cst.Call(func=cst.Name("Flask"), args=[
        cst.Arg(cst.Name("__name__"), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
        cst.Arg(folder, keyword=cst.Name("template_folder"), equal=_eq(),
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
        kw("static_folder", cst.Name("None"))])


def _eq():
    return cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                           whitespace_after=cst.SimpleWhitespace(""))


def is_pass(stmt: cst.BaseStatement) -> bool:
    """`pass` or `...` alone on its line."""
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and (
        isinstance(stmt.body[0], cst.Pass) or isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, cst.Ellipsis))


def is_docstring(stmt: cst.BaseStatement) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 \
        and isinstance(stmt.body[0], cst.Expr) \
        and isinstance(stmt.body[0].value, cst.SimpleString | cst.ConcatenatedString)


class ServesDefault(Visitor):
    """P002's pre-scan: does the module run Bottle's default app (`run()` with no app
    given)?"""

    def __init__(self, facts) -> None:
        super().__init__()
        self.api = facts.api
        self.found = False

    def visit_Call(self, node: cst.Call) -> None:
        if self.api(node.func) == "run" and not any(
                a.keyword is None or a.keyword.value == "app" for a in node.args):
            self.found = True


class App(Rule):
    code = "P002"
    reader = ServesDefault
    summary = "Bottle() and the default app become Flask(__name__, ...)"
    made_here = False  # `app = default_app()` made the Flask app in its place
    default_imported = False  # the shared default app imported beside the module's own
    depth = 0  # the functions and classes the walk is in

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        name = self.api(updated.func)
        if name == "Bottle":
            if updated.args:
                self.todo("Bottle(...) took arguments (catchall/autojson): check their "
                          "Flask equivalents (PROPAGATE_EXCEPTIONS, app.json)")
            self.fired()
            self.need_import("flask", "Flask")
            return flask_app(self.state)
        if isinstance(updated.func, cst.Name) and updated.func.value in self.facts.app_classes \
                and any(a.keyword and a.keyword.value in BOTTLE_ARGS for a in updated.args):
            # `App(catchall=False)` of a subclass handing its arguments to Bottle's
            # __init__, which the port's no longer takes (Flask's would refuse them)
            self.fired()
            self.todo("Bottle.__init__ took arguments (catchall, autojson): check their "
                      "Flask equivalents (PROPAGATE_EXCEPTIONS, app.json)")
            args = [a for a in updated.args
                    if not (a.keyword and a.keyword.value in BOTTLE_ARGS)]
            if args:
                args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            return updated.with_changes(args=args)
        if name in {"default_app", "app"} and not updated.args:
            self.fired()
            return cst.Name(self.facts.app_name)
        return updated

    def leave_Annotation(self, original: cst.Annotation, updated: cst.Annotation):
        """`app: Bottle` is `app: Flask`: the port imports no Bottle for a type hint."""
        if self.api(updated.annotation) != "Bottle":
            return updated
        self.fired()
        self.need_import("flask", "Flask")
        return updated.with_changes(annotation=cst.Name("Flask"))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        self.depth -= 1
        return updated

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.depth += 1

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef):
        self.depth -= 1
        return self._class(original, updated)

    def _class(self, original: cst.ClassDef, updated: cst.ClassDef):
        """`class Site(Bottle)` is a Flask subclass; Flask needs the import name that
        Bottle's __init__ did not take."""
        if original.name.value not in self.facts.app_classes:
            return updated
        self.fired()
        self.need_import("flask", "Flask")
        bases = [b.with_changes(value=cst.Name("Flask")) if self.api(b.value) == "Bottle"
                 else b for b in updated.bases]
        rule = self

        class Init(cst.CSTTransformer):
            def leave_Call(self, original, call):
                func = call.func
                if not (isinstance(func, cst.Attribute) and func.attr.value == "__init__"):
                    return call
                target = func.value
                if isinstance(target, cst.Call) and is_name(target.func, "super"):
                    first = []  # super().__init__(...)
                elif is_name(target, "Flask") or rule.api(target) == "Bottle":
                    first, call = call.args[:1], call.with_changes(
                        func=func.with_changes(value=cst.Name("Flask")), args=call.args[1:])
                else:
                    return call
                if call.args:  # Bottle's own (catchall, autojson, or handed on: **kw):
                    # Flask takes none of them, and needs its import name first
                    rule.todo("Bottle.__init__ took arguments (catchall, autojson): check "
                              "their Flask equivalents (PROPAGATE_EXCEPTIONS, app.json)")
                # the options `Flask(...)` gets (template_folder, static_folder): Flask's
                # defaults look for templates/ and static/ where Bottle looked elsewhere
                return call.with_changes(args=[*first, *flask_app(rule.state).args])

        body = updated.body.visit(Init())
        assert isinstance(body, cst.BaseSuite)
        if any(self.api(b.value) == "Bottle" for b in original.bases) and not any(
                isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
                for s in body.body):
            body = self._init(body)
        return updated.with_changes(bases=bases, body=body)

    def _init(self, body: cst.BaseSuite) -> cst.IndentedBlock:
        """A Bottle subclass with no __init__ of its own (`App()` made it): Flask's needs
        the import name, the subclass's module's `__name__`, given in an __init__ as the
        one P002 writes from `super().__init__()`."""
        self.fired()
        init = ensure_type(cst.parse_statement(
            "def __init__(self):\n    super().__init__()\n"), cst.FunctionDef)
        line = ensure_type(init.body.body[0], cst.SimpleStatementLine)
        call = ensure_type(ensure_type(line.body[0], cst.Expr).value, cst.Call)
        line = line.with_changes(body=[cst.Expr(call.with_changes(
            args=flask_app(self.state).args))])
        init = init.with_changes(body=init.body.with_changes(body=[line]))
        stmts: list[cst.SimpleStatementLine | cst.BaseCompoundStatement] = [
            s for s in body.body if isinstance(s, cst.SimpleStatementLine
                                               | cst.BaseCompoundStatement)]
        if isinstance(body, cst.SimpleStatementSuite):  # `class App(Bottle): pass`
            stmts = [cst.SimpleStatementLine(list(body.body))]
        if len(stmts) == 1 and is_pass(stmts[0]):
            stmts = []
        at = 1 if stmts and is_docstring(stmts[0]) else 0
        if at < len(stmts) and not any(line.comment is None
                                       for line in stmts[at].leading_lines):
            stmts[at] = stmts[at].with_changes(leading_lines=[
                cst.EmptyLine(indent=False), *stmts[at].leading_lines])
        stmts.insert(at, init.with_changes(
            leading_lines=[cst.EmptyLine(indent=False)] if at else []))
        if isinstance(body, cst.IndentedBlock):
            return body.with_changes(body=stmts)
        return cst.IndentedBlock(body=stmts)

    def leave_SimpleStatementLine(self, original, updated):
        # `app = bottle.default_app()` once the Flask app is made as `app`: the line goes
        stmt = updated.body[0] if len(updated.body) == 1 else None
        if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1 \
                and is_name(stmt.targets[0].target, self.facts.app_name) \
                and is_name(stmt.value, self.facts.app_name) \
                and self.facts.default_app:
            if self.facts.default_from or self.made_here or self.depth:
                # (in a function, `app = bottle.app()` names the module's app, made at
                # the module's top)
                return cst.RemoveFromParent()
            # the Flask app is made where the module named the default app: a module it
            # imports below (`import pages`, which imports this one's app) finds it there
            self.made_here = True
            self.need_import("flask", "Flask")
            return updated.with_changes(body=[stmt.with_changes(value=flask_app(self.state))])
        if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1:
            return self._middleware(updated, stmt)
        return updated

    def _middleware(self, line, stmt: cst.Assign):
        """`app = SessionMiddleware(app, options)`: the app name would be the middleware,
        which Flask's CLI cannot serve and has no .run(); Flask wraps its wsgi_app (and
        `application = SessionMiddleware(app, ...)` wraps it too: `flask run` serves app)."""
        target, call = stmt.targets[0].target, stmt.value
        if not (isinstance(target, cst.Name) and isinstance(call, cst.Call) and call.args
                and not call.args[0].keyword and isinstance(call.args[0].value, cst.Name)
                and self.is_app(call.args[0].value)
                and not is_name(call.func, "Flask")):
            return line
        app = call.args[0].value.value
        func = cst.Module([]).code_for_node(call.func)
        if not is_middleware(func.rsplit(".", 1)[-1]):
            if target.value == app:
                self.todo(f"{func}(...) is given the app and its result replaces it: if it "
                          f"is a WSGI middleware, wrap Flask's instead, `{app}.wsgi_app = "
                          f"{func}({app}.wsgi_app, ...)` (the name must stay the Flask app "
                          "for `flask run`)")
            return line
        self.fired()
        wsgi = cst.Attribute(cst.Name(app), cst.Name("wsgi_app"))
        wrapped = call.with_changes(args=[call.args[0].with_changes(value=wsgi),
                                          *call.args[1:]])
        wrap = line.with_changes(body=[stmt.with_changes(
            targets=[cst.AssignTarget(wsgi)], value=wrapped)])
        if target.value == app:
            return wrap
        # `application = SessionMiddleware(app, opts)`: `flask run` serves the app, so the
        # app itself is wrapped and the other name is the app
        alias = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)],
                                                    cst.Name(app))])
        return cst.FlattenSentinel([wrap, alias])

    def visit_Module(self, node: cst.Module) -> None:
        self.serves_default = self.pre_scan(node).found
        self.made_here = False
        self.default_imported = False
        self.depth = 0

    def leave_Decorator(self, original: cst.Decorator, updated: cst.Decorator):
        call = updated.decorator
        api = self.api(call.func) if isinstance(call, cst.Call) else None
        if api in ("hook", "error") and self.facts.app_name in self.facts.made \
                and not self.serves_default and not self.default_beside():
            # The module serves the app it makes, and no module beside it uses the
            # default app: a hook or an error handler on Bottle's default app never ran
            # (Bottle's own 404 page answered, RULE-s51c class E). Registered on the app
            # it would run: left off, the function kept.
            self.fired()
            app = self.facts.app_name
            self.todo(f"@{api}() is on Bottle's default app, which this module does not "
                      f"serve (it serves {app}): it never ran, so it is not registered; add "
                      + (f"@{app}.after_request (or before_request)" if api == "hook"
                         else f"@{app}.errorhandler(code)") + " if it should run")
            return cst.RemoveFromParent()
        if isinstance(call, cst.Call) and api in APP_SHORTCUTS and api is not None:
            self.fired()
            if self.facts.default_import and self.facts.default_from:
                # the module's own app is not where Bottle put it: the default app, which
                # the modules beside it share (RULE-s53 class E), imported under a free name
                if not self.default_imported:  # (one import for every decorator)
                    self.default_imported = True
                    self.need_import(self.facts.default_from, "app", self.facts.default_import)
                func = cst.Attribute(cst.Name(self.facts.default_import), cst.Name(api))
                return updated.with_changes(decorator=call.with_changes(func=func))
            if (self.facts.made or self.facts.imported_apps - self.facts.imported_defaults) \
                    and self.facts.app_name not in self.facts.default_aliases:
                self.todo(f"@{self.api(call.func)}() is on Bottle's default app, not on "
                          f"{self.facts.app_name}: the port puts it on {self.facts.app_name}; "
                          "check which app served it (run() without an app serves the "
                          "default one)")
            func = cst.Attribute(cst.Name(self.facts.app_name), cst.Name(api))
            return updated.with_changes(decorator=call.with_changes(func=func))
        return updated

    def default_beside(self) -> bool:
        """Whether a module this one runs with uses Bottle's default app (`run()` there
        may serve it, with this module's handlers on it)."""
        model = self.model
        return model is not None and model.default_app_beside(Path(self.state.path))

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr):
        # install(plugin), mount(...) as statements on the default app
        call = updated.value
        if isinstance(call, cst.Call) and (api := self.api(call.func)) in APP_SHORTCUTS - {"get"} \
                and api is not None:
            self.fired()
            func = cst.Attribute(cst.Name(self.facts.app_name), cst.Name(api))
            return updated.with_changes(value=call.with_changes(func=func))
        return updated

    def _before_first_use(self, module: cst.Module) -> cst.Module:
        """The app made where the module named the default app, unless a statement above
        uses it (`@route` views, then `app = default_app()` at the end): then after the
        imports, before that first use."""
        body = list(module.body)
        at = _made_at(body, self.facts.app_name)
        if at is None:
            return module
        first = next((i for i, stmt in enumerate(body[:at])
                      if self.facts.app_name in names_read(stmt)), None)
        if first is None:
            return module
        line = body.pop(at)
        where = min(first, last_import(body))
        body.insert(where, line.with_changes(leading_lines=[cst.EmptyLine()]))
        return module.with_changes(body=body)

    def framework_answers(self) -> None:
        """What the framework answers itself, Werkzeug's (idiomatic: the framework's own,
        as the check allows) or Bottle's, made by Bottle (the exact candidate): the
        app's errors (a path no route matches, a wrong method, a view's exception,
        abort()), a status line and a page's Content-Type."""
        # each site's forms: the framework's own answers (nothing to add), or
        # bottle_answers.py's function, called after the app is made (a module-wide need)
        for kind, need in (("error-page", Need.ERROR_PAGES),
                           ("response-defaults", Need.RESPONSE_DEFAULTS)):
            self.site(kind, Candidate(), Candidate(needs=(need,)))
        # (--faithful) a dict any view returns is Bottle's JSON, not only a literal P007
        # sees (`return items`, a module's dict): the app's JSON answers are Bottle's
        self.site_if_exact("json-answers", Candidate(), Candidate(needs=(Need.JSON_ANSWERS,)))

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        if self.facts.makes_an_app():
            self.framework_answers()  # once, in each module that makes an app
        if not self.facts.default_app:
            return updated
        if self.made_here:
            self.provide(self.facts.app_name)
            self.fired()
            return self._before_first_use(updated)
        # The default app: add `app = Flask(...)` after the last top-level import, or,
        # when several modules shared it, import it from the module made for it.
        self.provide(self.facts.app_name)  # `from bottle import app` is not it
        if self.facts.default_from:
            line = cst.parse_statement(
                f"from {self.facts.default_from} import {self.facts.app_name}\n")
        else:
            self.need_import("flask", "Flask")
            line = cst.SimpleStatementLine([cst.Assign(
                targets=[cst.AssignTarget(cst.Name(self.facts.app_name))],
                value=flask_app(self.state))])
        line = line.with_changes(leading_lines=[cst.EmptyLine()])
        body = list(updated.body)
        at = last_import(body)
        body.insert(at, line)
        self.fired()
        return updated.with_changes(body=body)


__all__ = ["App", "APP_FACTORIES"]


def _made_at(body: list, name: str) -> int | None:
    return next((i for i, stmt in enumerate(body) if isinstance(stmt, cst.SimpleStatementLine)
                 and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1
                 and is_name(stmt.body[0].targets[0].target, name)
                 and isinstance(stmt.body[0].value, cst.Call)
                 and is_name(stmt.body[0].value.func, "Flask")), None)

"""P019: plugins: `install()`, `apply=`, `skip=` and the parameters plugins pass

Flask has no plugins. The two common database plugins become Flask's own patterns:

Flask has no plugins. bottle-sqlite (`SQLitePlugin`, `bottle_sqlite.Plugin`) becomes
Flask's own per-request connection (the tutorial's `get_db()` on `g`, closed by a
`teardown_appcontext` function that commits first, as the plugin's `autocommit` did;
`flask_g`, Flask's g imported under that name, in a module with a `g` of its own);
bottle-sqlalchemy (`bottle_sqlalchemy.Plugin(engine, metadata, ...)`) a
`scoped_session` removed at teardown (committed first, as its `commit=True` did). Each
view that took the plugin's keyword binds it on its first line instead.
Views in another module of the app get the keyword the same way, importing `get_db`
(or `db_session`) from the module that installed the plugin (Settings.openers). Installed
inside a function (`def initialize(): install(sqlite.Plugin(dbfile=PATH))`), the pattern
goes to the module's top, right after that function, where the module's views and the
other modules find `get_db`, when its options read only names bound there, the module's
own `__file__` and Python's builtins among them (inside the function, `get_db` was its
local: a NameError in each view, an ImportError in another module's import). A
bottle-sqlite file named by the function's own names (`dbfile=config["db"]`) is set
there in the app's config, `app.config["DATABASE"] = config["db"]`, which `get_db()`
reads as the Flask tutorial's does (`current_app.config["DATABASE"]`).
The --faithful port keeps these two plugins as Bottle runs them too (bottle_plugins.py,
below; `bottle.ext.sqlite` becomes the package it names, `bottle_sqlite`): their own
commits and errors, and a 500 on each route where one cannot run (bottle-sqlite 0.2.0
on Python 3.11), where the default port declares D-plugin-error.

Any other plugin keeps its effects. Where the port can prove what it does, idiomatically:

    def logged(callback): ...              ->  def logged(callback): ...
    app.install(logged)                        (taken out)
    @app.route("/", apply=[timed])         ->  @app.route("/")
    def index(): ...                           @logged
                                               @timed
                                               def index(): ...

a plain decorator installed on the app (a function of this module defined above every
view, every route of the app in this module, none routed by a call, no uninstall)
decorates each view, outermost first in the order installed, a route's `skip=` leaving it
off that view; a route's `apply=` of such decorators decorates its view below them (Bottle
wraps a route's own plugins inside the app's). Otherwise (a plugin object, with its
`setup(app)` side effects and its `apply(callback, route)`, a decorator imported, an
uninstall, a skip of a plugin kept so), the exact candidate keeps Bottle's semantics
through bottle_plugins.py, a helper module the port copies, in the statement's place,
so its side effects keep their order:

    app.install(StatsPlugin())             ->  install_plugin(app, StatsPlugin())
    stats = app.install(StatsPlugin())     ->  stats = install_plugin(app, StatsPlugin())
    app.uninstall(StatsPlugin)             ->  uninstall_plugin(app, StatsPlugin)
    @app.route("/", apply=[p], skip=True)  ->  @app.route("/")
                                               @route_plugins(app, apply=[p], skip=True)

    app.route("/", callback=index, apply=p)
        ->  app.add_url_rule("/", view_func=route_plugins(app, apply=p)(index))

The plugins wrap each view when Flask first dispatches to it (Bottle's lazy
Route.call), the views routed after the install too. A view parameter only a plugin
kept so passes needs nothing; one no plugin passes is a TODO (breaking) as before.
A route's skip= is kept (route_plugins) wherever a plugin of the app is kept so, one
installed in another module too (`app.install(Stamp())` in app.py, below `import pages`).
`skip=True` (or `"json"`) also turned Bottle's JSON plugin off, which Flask cannot:
a TODO says so. Each install site (asked once, for all of them, as the module is read)
and each route's apply=/skip= is a site ("plugin"), whose idiomatic form is the
decorators, its exact one bottle_plugins'; --faithful keeps them all. A route's exact
form under the installs' idiomatic one takes the installed decorators first in its
`apply=` (`@route_plugins(app, apply=[logged, timed])`), so they wrap outside the route's
own, as in Bottle.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import re
from dataclasses import dataclass

import libcst as cst
from libcst.helpers import parse_template_module

from ..edit import Visitor, arg, kw, string_value, walk
from ..model.facts import ROUTE_METHODS, ModuleFacts
from ..model.route_syntax import wildcard_names
from .base import (
    Candidate,
    Change,
    Companion,
    Import,
    Phase,
    Rule,
    decorator_method,
    glob,
    is_view,
)

PLUGINS = {"bottle_sqlite": ("sqlite", {"Plugin", "SQLitePlugin"}),
           "bottle_sqlalchemy": ("sqlalchemy", {"Plugin", "SQLAlchemyPlugin"})}
# Bottle's old namespace for them: bottle.ext.sqlite is bottle_sqlite
PLUGINS |= {f"bottle.ext.{kind}": (kind, classes) for kind, classes in PLUGINS.values()}
EXT = {kind for kind, _ in PLUGINS.values()}  # from bottle.ext import sqlite
# Each plugin's parameters in order, with the values the port can reproduce
# Where an app installs or applies a plugin (on any app, or Bottle's shortcut).
PLUGIN_USE = re.compile(r"\binstall\s*\(|\bapply\s*=|\.apply\s*\(")
HELPERS = Companion.PLUGINS  # the module the exact candidate imports (port/compat/)


@dataclass(frozen=True)
class KeptPatterns:
    """What plugin-pattern's exact form adds: the module's database plugins kept by
    bottle_plugins with its other plugins ((plugin, keyword) each), and their kinds."""

    installed: tuple[tuple[str, str | None], ...]
    kinds: frozenset[str]


@dataclass(frozen=True)
class Decorating:
    """What the installs' idiomatic form adds: the plain decorators installed on the
    app, which decorate each view instead, in the order installed."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class Applied:
    """What a route's idiomatic apply= adds: its decorators, under the app's."""

    names: tuple[str, ...]
# The names every module reads without binding them: its own (`__file__`) and builtins
MODULE_GIVEN = frozenset({"__file__", "__name__", "__package__", "__spec__", *dir(builtins)})
# the file a plugin installed in a function names there, as the pattern reads it
DATABASE = cst.parse_expression('current_app.config["DATABASE"]')
SQLITE_ARGS = ("dbfile", "autocommit", "dictrows", "keyword", "text_factory")
SQLALCHEMY_ARGS = ("engine", "metadata", "keyword", "commit", "create", "use_kwargs")

SQLITE = '''
def get_db():
    """The request's SQLite connection, opened on first use (bottle-sqlite's, before)."""
    if "db" not in {g}:
        {g}.db = sqlite3.connect({dbfile})
        {g}.db.row_factory = sqlite3.Row
    return {g}.db


@{app}.teardown_appcontext
def close_db(error):
    db = {g}.pop("db", None)
    if db is not None:
        if error is None:
            db.commit()
        db.close()
'''

SQLALCHEMY = '''
db_session = scoped_session(sessionmaker(bind={engine}))
{metadata}.create_all({engine})


@{app}.teardown_appcontext
def remove_db_session(error):
    if error is None:
        db_session.commit()
    db_session.remove()
'''


def cannot_run(kind: str) -> str | None:
    """Why the installed plugin package cannot run on this Python, else None.

    bottle-sqlite 0.2.0 (its last release) reads a view's parameters with
    inspect.getargspec, which Python 3.11 removed: every route it applies to is a 500."""
    package = {"sqlite": "bottle_sqlite", "sqlalchemy": "bottle_sqlalchemy"}[kind]
    if hasattr(inspect, "getargspec"):
        return None
    try:
        module = importlib.import_module(package)
        source = inspect.getsource(module)
    except Exception:  # not installed here, or no source: the original cannot tell us
        return None
    if "getargspec(" in source and "signature(" not in source:
        return f"{package} calls inspect.getargspec, gone since Python 3.11"
    return None


class PluginNames:
    """What names a plugin in a module: the local names of the plugin classes, the
    plugin modules imported, the plugins bound to a name (filled in by Installs, read by
    the rule)."""

    facts: ModuleFacts
    names: dict[str, str]
    modules: dict[str, str]
    bound: dict[str, cst.Call]

    def dotted(self, node) -> str:
        """A module's dotted name; `bottle.ext...` as written (the model spelt it `ext...`)."""
        name = cst.Module([]).code_for_node(node) if node is not None else ""
        if self.facts.bottle.get("ext") == "ext" and (name == "ext" or name.startswith("ext.")):
            return f"bottle.{name}"
        return name

    def kind(self, call: cst.CSTNode | None) -> str | None:
        """sqlite or sqlalchemy for a call that makes one of those plugins, else None."""
        func = call.func if isinstance(call, cst.Call) else None
        if isinstance(func, cst.Name):
            return self.names.get(func.value)
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute) \
                and self.facts.api(func.value.value) == "ext" and func.value.attr.value in EXT:
            # bottle.ext.sqlite.Plugin (the model spelt bottle.ext as ext)
            kind = func.value.attr.value
            return kind if func.attr.value in PLUGINS[f"bottle_{kind}"][1] else None
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) \
                and func.value.value in self.modules:
            kind = self.modules[func.value.value]
            module = next(m for m, (k, _) in PLUGINS.items() if k == kind)
            return kind if func.attr.value in PLUGINS[module][1] else None
        return None

    def plugin_call(self, node: cst.BaseExpression) -> cst.Call | None:
        if isinstance(node, cst.Name):
            return self.bound.get(node.value)
        return node if isinstance(node, cst.Call) else None

    def install_method(self, call: cst.Call) -> str | None:
        """install/uninstall on the app (any expression for it), or Bottle's shortcut."""
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in {"install", "uninstall"} \
                and self.facts.is_app(func.value):
            return func.attr.value
        name = self.facts.api(func)
        return name if name in {"install", "uninstall"} else None

    def on_each_app(self, call: cst.Call) -> bool:
        """An install on the name a loop binds to each of several apps (`for app in
        (apps.auth, apps.notes): app.install(SQLitePlugin())`): their views are in other
        modules, which import nothing from here, so no per-request pattern can reach them:
        the plugin is kept (bottle_plugins) on each app, passing the views' `db` as before."""
        func = call.func
        return isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) \
            and func.value.value in self.facts.loop_apps


class Installs(Visitor, PluginNames):
    """P019's pre-scan: the plugin modules and classes the module imports, the plugins
    it binds to names and installs (each converted, or left out and kept), and the
    functions it routes by callback=."""

    def __init__(self, facts: ModuleFacts) -> None:
        super().__init__()
        self.facts = facts
        self.names = {}  # a local name -> plugin kind (sqlite, sqlalchemy)
        self.modules = {}  # `import bottle_sqlite as x` -> kind
        self.bound = {}  # `plugin = SQLitePlugin(...)`
        self.converted: dict[str, tuple[str, str]] = {}  # keyword -> (kind, opener call)
        self.callbacks: dict[str, str] = {}  # a function routed by app.route(callback=)
        self.installed: list[tuple[str, str | None]] = []  # (plugin, keyword) left out
        self.left_kinds: set[str | None] = set()  # the kinds of the plugins left out
        self.openers: dict[str, str] = {}  # keyword -> the opener function's name
        self.converted_text: dict[str, str] = {}  # keyword -> the plugin converted

    def visit_Import(self, node: cst.Import) -> None:
        for a in node.names:
            name = self.dotted(a.name)
            if name in PLUGINS:
                local = a.evaluated_alias or name
                self.modules[local] = PLUGINS[name][0]

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        module = self.dotted(node.module)
        if module == "bottle.ext" and not isinstance(node.names, cst.ImportStar):
            for a in node.names:
                if a.evaluated_name in EXT:
                    self.modules[a.evaluated_alias or a.evaluated_name] = a.evaluated_name
        if module in PLUGINS and not isinstance(node.names, cst.ImportStar):
            kind, classes = PLUGINS[module]
            for a in node.names:
                if a.evaluated_name in classes:
                    self.names[a.evaluated_alias or a.evaluated_name] = kind

    def visit_Assign(self, node: cst.Assign) -> None:
        if isinstance(node.value, cst.Call) and self.kind(node.value):
            for t in node.targets:
                if isinstance(t.target, cst.Name):
                    self.bound[t.target.value] = node.value

    def visit_Call(self, node: cst.Call) -> None:
        # app.route("/", callback=index): `index` is a view as if decorated
        if self.facts.app_method(node.func) in ROUTE_METHODS:
            callback, path = arg(node, 2, "callback"), arg(node, 0, "path")
            if callback is not None and isinstance(callback.value, cst.Name):
                self.callbacks[callback.value.value] = \
                    string_value(path.value) or "" if path else ""
        if self.install_method(node) != "install" or not node.args:
            return
        plugin = self.plugin_call(node.args[0].value)
        kind = self.kind(plugin) if plugin is not None else None
        options = options_of(kind, plugin) if kind and plugin is not None else None
        if options is None or kind is None or self.on_each_app(node) \
                or any(k == kind for k, _ in self.converted.values()):
            self.left_kinds.add(kind)
            keyword = arg(plugin, None, "keyword") if plugin is not None else None
            self.installed.append((cst.Module([]).code_for_node(node.args[0].value),
                                   string_value(keyword.value) if keyword else None))
            return
        opener = "get_db" if kind == "sqlite" else "db_session"
        self.converted[options["keyword"]] = (kind, f"{opener}()")
        self.openers[options["keyword"]] = opener
        self.converted_text[options["keyword"]] = \
            cst.Module([]).code_for_node(node.args[0].value)


class Plugins(PluginNames, Rule):
    code = "P019"
    reader = Installs
    summary = "bottle-sqlite and bottle-sqlalchemy as Flask's per-request pattern; " \
              "other plugins, apply= and skip= as decorators, or kept by bottle_plugins"
    phase = Phase.FIRST  # plugins out of routes before P003 rewrites them, install before P002
    declares = (Change("D-plugin-error", "16. Request hooks",
                       "the installed plugin cannot run on this Python: the original's "
                       "routes that use it were a 500; the port's connection works",
                       status="500"),)

    def __init__(self, context) -> None:
        super().__init__(context)
        self.names: dict[str, str] = {}  # a local name -> plugin kind (sqlite, sqlalchemy)
        self.modules: dict[str, str] = {}  # `import bottle_sqlite as x` -> kind
        self.bound: dict[str, cst.Call] = {}  # `plugin = SQLitePlugin(...)`
        self.converted: dict[str, tuple[str, str]] = {}  # keyword -> (kind, opener call)
        self.callbacks: dict[str, str] = {}  # a function routed by app.route(callback=)
        self.installed: list[tuple[str, str | None]] = []  # (plugin, keyword) left out
        self.left_kinds: set[str | None] = set()  # the kinds of the plugins left out
        self.openers: dict[str, str] = {}  # keyword -> the opener function's name
        self.depth = 0
        self.last_added: set[int] = set()
        # plain decorators installed on the app that decorate its views instead (names)
        self.decorating: list[str] = []
        self.kept = False  # a plugin of the app kept by bottle_plugins (skip= matters)
        self.patterns_kept = False  # the database plugins too (their exact candidate)
        self.defs: dict[str, int] = {}  # module-level function -> its statement's index
        self.at: dict[int, int] = {}  # id of a top-level statement -> its index
        # per function being visited: [its index or None, route decorator slots found]
        self.functions: list[list] = []
        self.decorator_calls: set[int] = set()  # the calls written as decorators
        self.module_names: set[str] = set()  # the names the module binds at its top
        # patterns moved to the module's top: (the index of the top-level statement that
        # held the install, or None; the statements)
        self.hoisted: list[tuple[int | None, list[cst.BaseStatement]]] = []

    def adopt(self, piece: object) -> None:
        """What a taken candidate adds to the module's plugins: the database plugins kept
        with the others (plugin-pattern's exact form), the installed decorators that
        decorate every view (plugin's idiomatic form), a route's apply= decorators."""
        if isinstance(piece, KeptPatterns):
            self.installed = [*self.installed, *piece.installed]
            self.left_kinds = self.left_kinds | piece.kinds
            self.converted, self.openers = {}, {}
            self.patterns_kept = True
        elif isinstance(piece, Decorating):
            self.decorating = list(piece.names)
            self.kept = False
        elif isinstance(piece, Applied):
            self.functions[-1][3] += piece.names
        else:
            super().adopt(piece)

    # -- what the module installs -----------------------------------------------------
    def visit_Module(self, node: cst.Module) -> None:
        found = self.pre_scan(node)
        self.names, self.modules, self.bound = found.names, found.modules, found.bound
        self.converted, self.callbacks = found.converted, found.callbacks
        self.installed, self.left_kinds = found.installed, found.left_kinds
        self.openers = found.openers
        if self.converted:
            # the module's database plugins: Flask's patterns (get_db() and its openers),
            # or (the exact form) kept by bottle_plugins with the other plugins, run as
            # Bottle runs them (its autocommit, its errors; a 500 where it cannot run):
            # each form what the rule's later sites read, as the piece it adds
            kept = KeptPatterns(
                tuple((found.converted_text[keyword], keyword) for keyword in self.converted),
                frozenset(kind for kind, _ in self.converted.values()))
            self.site_if_exact("plugin-pattern", Candidate(), Candidate(adds=(kept,)))
        for keyword, opener in self.openers.items():
            self.record_opener(keyword, opener)
        converted = {kind for kind, _ in self.converted.values()}
        self.gone = converted - self.left_kinds  # no plugin of these kinds is left
        self.defs = {stmt.name.value: i for i, stmt in enumerate(node.body)
                     if isinstance(stmt, cst.FunctionDef)}
        self.at = {id(stmt): i for i, stmt in enumerate(node.body)}
        self.module_names = _top_level_names(node)
        self._plan(node)

    def _plan(self, module: cst.Module) -> None:
        """Which installed plugins decorate the views (provably the same), which are kept
        by bottle_plugins: all of one or all of the other, so their order holds."""
        installs = []
        for stmt in module.body:
            line = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) \
                and len(stmt.body) == 1 else None
            call = line.value if isinstance(line, cst.Expr) else None
            if isinstance(call, cst.Call) and self.install_method(call) == "install" \
                    and len(call.args) == 1 and isinstance(call.args[0].value, cst.Name) \
                    and call.args[0].value.value not in self.bound:
                installs.append(call)
        uninstalls = any(a.method == "uninstall" for a in self.facts.attachments)
        installed_as_decorator = any(
            self.install_method(cst.Call(d.decorator)) == "install" for stmt in module.body
            if isinstance(stmt, cst.FunctionDef) for d in stmt.decorators
            if isinstance(d.decorator, cst.Name | cst.Attribute))
        model = self.model
        # a plugin another module installs is kept by bottle_plugins (its views are not
        # there): this module's skip= leaves it off a view, as in Bottle
        elsewhere = model is not None and any(
            f.path != self.facts.path and any(a.method in {"install", "uninstall"}
                                              for a in f.attachments)
            for f in model.all_facts())
        self.kept = bool(self.installed) or uninstalls or installed_as_decorator or elsewhere
        if not installs or len(installs) != len(self.installed) or uninstalls \
                or installed_as_decorator:
            return
        if model is not None and any(  # the app's routes or plugins in another module
                f.path != self.facts.path and (f.routes or any(
                    a.method in {"install", "uninstall"} for a in f.attachments))
                for f in model.all_facts()):
            return
        # a view in a loop, an `if` or a function's body is one at this statement too:
        # decorated where it is, it needs the plugin's def above the statement (looked
        # for only here: a module that installs no plugin by name has no view to read)
        views = [(i, view) for i, stmt in enumerate(module.body)
                 for view in self._views_in(stmt)]
        apps = {self._app_text(d) for _, v in views for d in v.decorators
                if decorator_method(self, d) in ROUTE_METHODS}
        first_view = min((i for i, _ in views), default=len(module.body))
        names = [n.value for call in installs if isinstance(n := call.args[0].value, cst.Name)]
        if any(r.by_call for r in self.facts.routes) \
                or len({self._app_text_of(c) for c in installs}) != 1 \
                or not apps <= {self._app_text_of(installs[0])} \
                or any(self.defs.get(n, len(module.body)) >= first_view for n in names):
            return
        # the installs' site (the port's check may move it to its exact candidate): the
        # decorators decorate the views (what its idiomatic form adds), or
        # bottle_plugins keeps them as installed
        self.site("plugin", Candidate(adds=(Decorating(tuple(names)),)), Candidate())

    def _views_in(self, stmt: cst.CSTNode) -> list[cst.FunctionDef]:
        """The routed defs of a statement: itself, or any def it holds."""
        rule, found = self, []

        class Views(Visitor):
            def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
                if any(decorator_method(rule, d) in ROUTE_METHODS for d in node.decorators):
                    found.append(node)

        walk(stmt, Views())
        return found

    def _app_text(self, decorator: cst.Decorator) -> str:
        call = decorator.decorator
        func = call.func if isinstance(call, cst.Call) else call
        return cst.Module([]).code_for_node(func.value) if isinstance(func, cst.Attribute) \
            else ""

    def _app_text_of(self, call: cst.Call) -> str:
        func = call.func
        return cst.Module([]).code_for_node(func.value) if isinstance(func, cst.Attribute) \
            else ""

    def _app(self, func: cst.BaseExpression) -> cst.BaseExpression:
        """The app an `app.install`/`app.route` is on (the default app's name for Bottle's
        shortcut)."""
        return func.value if isinstance(func, cst.Attribute) else cst.Name(self.facts.app_name)

    def _helper(self, name: str) -> cst.Name:
        self.need_helper(HELPERS, name)
        return cst.Name(name)

    # -- the statements -------------------------------------------------------------------
    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1
        # its index at the top of the module (None inside a function or class), how
        # many routes it has, each route's skip=, the apply= that became decorators, the
        # markers by route decorator
        routes = sum(decorator_method(self, d) in ROUTE_METHODS for d in node.decorators)
        self.functions.append([self.at.get(id(node)), routes, [], [], {}])

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.depth += 1

    def leave_ClassDef(self, original, updated):
        self.depth -= 1
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        stmt = updated.body[0] if len(updated.body) == 1 else None
        if isinstance(stmt, cst.Import | cst.ImportFrom) and self._plugin_import(stmt):
            self.fired()
            return self.placeholder(updated.leading_lines)
        if isinstance(stmt, cst.Assign) and isinstance(stmt.value, cst.Call) \
                and self.kind(stmt.value) in self.gone:
            self.fired()  # the plugin object, now made by nothing
            return self.placeholder(updated.leading_lines)
        if isinstance(stmt, cst.Assign) and isinstance(stmt.value, cst.Call) \
                and self.install_method(stmt.value) == "install" and stmt.value.args:
            return self._assigned_install(updated, stmt, stmt.value)
        call = stmt.value if isinstance(stmt, cst.Expr) else None
        method = self.install_method(call) if isinstance(call, cst.Call) else None
        if method is None or not isinstance(call, cst.Call):
            return updated
        plugin = self.plugin_call(call.args[0].value) if call.args else None
        kind = self.kind(plugin) if method == "install" and plugin is not None else None
        options = options_of(kind, plugin) if kind and plugin is not None else None
        if options is not None and self.converted.get(options["keyword"], ("",))[0] == kind \
                and not self.on_each_app(call):
            self.fired()
            app = call.func.value if isinstance(call.func, cst.Attribute) \
                else cst.Name(self.facts.app_name)
            return self._pattern(updated, kind, options, app)
        what = cst.Module([]).code_for_node(call.args[0].value) if call.args else "a plugin"
        self.fired()
        if method == "install" and len(call.args) == 1 \
                and isinstance(call.args[0].value, cst.Name) \
                and call.args[0].value.value in self.decorating:
            # a plain decorator: it decorates the views instead (leave_FunctionDef)
            return self.placeholder([x for x in updated.leading_lines
                                            if x.comment is not None])
        helper = "uninstall_plugin" if method == "uninstall" else "install_plugin"
        kept = call.with_changes(func=self._helper(helper),
                                 args=[cst.Arg(self._app(call.func), comma=cst.Comma(
                                     whitespace_after=cst.SimpleWhitespace(" "))),
                                       *call.args])
        if method == "uninstall":
            self.todo(f"uninstall({what}) kept by bottle_plugins.py: Flask has no plugins; "
                      "drop whatever replaced this plugin")
        else:
            self.todo(f"Bottle plugin {what} kept by bottle_plugins.py (its setup() runs "
                      "here, its apply() wraps every view): Flask's way is a view "
                      "decorator, before_request/after_request hooks or its Flask extension")
        return updated.with_changes(body=[cst.Expr(kept)])

    def _assigned_install(self, updated, stmt: cst.Assign, call: cst.Call):
        """`login = app.install(LoginPlugin())`: Bottle's install returns the plugin, which
        the module keeps; the plugin is kept by bottle_plugins.py (install_plugin returns
        it too), its value bound as before. A plugin the port turns into Flask's pattern
        (bottle-sqlite, bottle-sqlalchemy) is left to that pattern."""
        plugin = self.plugin_call(call.args[0].value)
        kind = self.kind(plugin) if plugin is not None else None
        if kind is not None and any(k == kind for k, _ in self.converted.values()):
            return updated
        self.fired()
        what = cst.Module([]).code_for_node(call.args[0].value)
        self.todo(f"Bottle plugin {what} kept by bottle_plugins.py (its setup() runs here, its "
                  "apply() wraps every view; install_plugin() returns it, as Bottle's "
                  "install() did): Flask's way is a view decorator, before_request/"
                  "after_request hooks or its Flask extension")
        kept = call.with_changes(func=self._helper("install_plugin"), args=[
            cst.Arg(self._app(call.func),
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
            *call.args])
        return updated.with_changes(body=[stmt.with_changes(value=kept)])

    def _plugin_import(self, stmt) -> bool:
        """An import of plugin packages whose plugins were all converted."""
        if isinstance(stmt, cst.Import):
            modules = [self.dotted(a.name) for a in stmt.names]
        elif self.dotted(stmt.module) == "bottle.ext" \
                and not isinstance(stmt.names, cst.ImportStar):
            modules = [f"bottle.ext.{a.name.value}" for a in stmt.names]
        else:
            modules = [self.dotted(stmt.module)]
        return all(m in PLUGINS and PLUGINS[m][0] in self.gone for m in modules)

    def _pattern(self, line, kind, options, app):
        if kind == "sqlite":
            source = SQLITE
            if not options["dictrows"]:
                source = source.replace("        {g}.db.row_factory = sqlite3.Row\n", "")
            if not options["autocommit"]:
                source = source.replace("        if error is None:\n            db.commit()\n",
                                        "")
            self.need_import("sqlite3")
            values = {"dbfile": options["dbfile"], "app": app, "g": self.flask_g()}
        else:
            source = SQLALCHEMY
            if not options["create"]:
                source = source.replace("{metadata}.create_all({engine})\n", "")
            if not options["commit"]:
                source = source.replace("    if error is None:\n        db_session.commit()\n",
                                        "")
            self.need_import("sqlalchemy.orm", "scoped_session")
            self.need_import("sqlalchemy.orm", "sessionmaker")
            values = {"engine": options["engine"], "app": app}
            if options["create"]:
                values["metadata"] = options["metadata"]
        configured = None
        if self.depth and kind == "sqlite" and self._module_level(app) \
                and not self._module_level(options["dbfile"]):
            # installed in a function, its file named by the function's own names
            # (`path = config["db"]; install(SQLitePlugin(dbfile=path))`): the function
            # sets it in the app's config, which the pattern at the module's top reads
            # (the Flask tutorial's `current_app.config["DATABASE"]`)
            self.need_import("flask", "current_app")
            configured = parse_template_module(
                '{app}.config["DATABASE"] = {dbfile}\n', app=app,
                dbfile=options["dbfile"]).body[0]
            values = {**values, "dbfile": DATABASE}
        body: list[cst.BaseStatement] = list(parse_template_module(source, **values).body)
        if self.depth and (configured is not None
                           or all(self._module_level(v) for k, v in values.items()
                                   if k != "g")):
            # installed in a function (`def initialize(): install(sqlite.Plugin(...))`):
            # the pattern goes to the module's top, where the module's views and other
            # modules find get_db (inside the function, get_db was its local: a NameError
            # in each view, an ImportError in another module's import)
            body[0] = body[0].with_changes(leading_lines=[cst.EmptyLine()] * 2)
            # right after the module's statement that holds the install (not at the
            # module's end, below a main guard that serves the app before they are made)
            top: int | None = self.functions[0][0] if self.functions else None
            self.hoisted.append((top, body))
            self.last_added.add(id(body[-1]))
            if configured is not None:
                return configured.with_changes(leading_lines=line.leading_lines)
            return self.placeholder([x for x in line.leading_lines if x.comment is not None])
        blank = [cst.EmptyLine()] * (1 if self.depth else 2)
        first = body[0]
        if isinstance(first, cst.FunctionDef):  # a def after the line before: blank lines
            comments = [x for x in line.leading_lines if x.comment is not None]
            first = first.with_changes(leading_lines=[*blank, *comments])
        else:
            first = first.with_changes(leading_lines=line.leading_lines)
        body[0] = first
        self.last_added.add(id(body[-1]))
        return cst.FlattenSentinel(body)

    def _spaced(self, body: list, blank: int) -> list:
        """PEP 8's blank lines after the functions the pattern added."""
        out = []
        after = False
        for stmt in body:
            if after and sum(1 for x in stmt.leading_lines if x.comment is None) < blank:
                stmt = stmt.with_changes(leading_lines=[*[cst.EmptyLine()] * blank,
                                                        *stmt.leading_lines])
            after = id(stmt) in self.last_added
            out.append(stmt)
        return out

    def leave_IndentedBlock(self, original, updated):
        return updated.with_changes(body=self._spaced(list(updated.body), 1))

    def leave_Module(self, original, updated):
        body = list(updated.body)
        for top, statements in reversed(self.hoisted):
            at = self._after(original, updated, top)
            body[at:at] = statements
        return updated.with_changes(body=self._spaced(body, 2))

    @staticmethod
    def _after(original: cst.Module, updated: cst.Module, top: int | None) -> int:
        """Where in the rewritten module the statement after the original's `top`th
        stands: after the def of its name (the same count of defs of that name before
        it), else at the module's end."""
        stmt = original.body[top] if top is not None else None
        if not isinstance(stmt, cst.FunctionDef):
            return len(updated.body)
        name = stmt.name.value
        nth = sum(isinstance(s, cst.FunctionDef) and s.name.value == name
                  for s in original.body[:top])
        found = [i for i, s in enumerate(updated.body)
                 if isinstance(s, cst.FunctionDef) and s.name.value == name]
        return found[nth] + 1 if nth < len(found) else len(updated.body)

    def _module_level(self, value: cst.BaseExpression) -> bool:
        """Whether an option of the plugin reads only names bound at the module's top
        (the app's own name is: the port makes or imports it there), the module's own
        (`__file__`) and Python's builtins among them."""
        return all(n in self.module_names or n == self.facts.app_name or n in MODULE_GIVEN
                   for n in _loaded(value))

    # -- routes and views -----------------------------------------------------------------
    def leave_Decorator(self, original: cst.Decorator, updated: cst.Decorator):
        call = updated.decorator
        if isinstance(call, cst.Name | cst.Attribute) \
                and self.install_method(cst.Call(call)) == "install":
            # @install def plugin(callback): Bottle wraps every route's view in it
            self.fired()
            self.todo("this function is installed as a Bottle plugin (it wraps every view), "
                      "kept by bottle_plugins.py: Flask's way is to decorate the views with it")
            return updated.with_changes(decorator=cst.Call(
                self._helper("install_plugin"), [cst.Arg(self._app(call))]))
        if not (isinstance(call, cst.Call) and decorator_method(self, updated) in ROUTE_METHODS):
            return updated
        given = {a.keyword.value: a.value for a in call.args
                 if a.keyword and a.keyword.value in {"apply", "skip"}}
        if not given or not self.functions:
            return updated
        self.fired()
        here = self.functions[-1]
        applied = _items(given.get("apply"))
        skipped = _items(given.get("skip"))
        here[2].append(skipped)
        self._skips_json(skipped)
        idiomatic = here[0] is not None and here[1] == 1 and all(
            isinstance(a, cst.Name) and self.defs.get(a.value, here[0]) < here[0]
            for a in applied) and (not self.kept or not skipped)
        marked = "apply" in given or self.kept
        if idiomatic:
            # the route's site (the port's check may move it to its exact candidate): its
            # apply= decorators under the app's (what the idiomatic form adds to the
            # view), or route_plugins() under the route
            names = tuple(a.value for a in applied if isinstance(a, cst.Name)
                          and not _skips(skipped, a.value))
            exact = Candidate(cst.Decorator(self._marker_call(call.func, given)),
                              imports=(Import(HELPERS.value, "route_plugins",
                                              companion=HELPERS),)) if marked else Candidate()
            chosen = self.site("plugin", Candidate(
                tuple(cst.Decorator(cst.Name(n)) for n in names) or None,
                adds=(Applied(names),)), exact)
            if isinstance(chosen.form, cst.Decorator):
                here[4][id(original)] = chosen.form
        elif marked:
            here[4][id(original)] = cst.Decorator(self._marker(call.func, given))
        kept = [a for a in call.args if not (a.keyword and a.keyword.value in given)]
        if kept:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(decorator=call.with_changes(args=kept))

    def visit_Decorator(self, node: cst.Decorator) -> None:
        self.decorator_calls.add(id(node.decorator))

    def leave_Attribute(self, original: cst.Attribute,
                        updated: cst.Attribute) -> cst.BaseExpression:
        """`bottle.ext.sqlite` of a plugin kept as Bottle runs it (--faithful): the package
        Bottle's import hook named so, `bottle_sqlite` (Flask has no bottle.ext)."""
        if self.patterns_kept and updated.attr.value in EXT \
                and self.facts.api(updated.value) == "ext":
            self.fired()
            self.need_import(f"bottle_{updated.attr.value}")
            return cst.Name(f"bottle_{updated.attr.value}")
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        """`app.route(path, callback=view, apply=..., skip=...)` and `app.route(path,
        apply=...)(view)`: the view marked by route_plugins (Flask's add_url_rule takes
        no apply= or skip=: a TypeError at import)."""
        if id(original) in self.decorator_calls:
            return updated
        route = updated.func if isinstance(updated.func, cst.Call) else updated
        if self.app_method(route.func) not in ROUTE_METHODS:
            return updated
        given = {a.keyword.value: a.value for a in route.args
                 if a.keyword and a.keyword.value in {"apply", "skip"}}
        callback = arg(route, 2, "callback") if route is updated \
            else (updated.args[0] if len(updated.args) == 1 else None)
        if not given or callback is None:
            return updated
        self.fired()
        self._skips_json(_items(given.get("skip")))
        marker = self._marker(route.func, given)
        marked = callback.with_changes(value=cst.Call(marker, [cst.Arg(callback.value)]))
        kept = [marked if a is callback else a for a in route.args
                if not (a.keyword and a.keyword.value in given)]
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        if route is updated:
            return updated.with_changes(args=kept)
        return updated.with_changes(func=route.with_changes(args=kept),
                                    args=[marked.with_changes(comma=cst.MaybeSentinel.DEFAULT)])

    def _marker(self, func: cst.BaseExpression, given: dict) -> cst.Call:
        """route_plugins(app, apply=..., skip=...), imported from bottle_plugins."""
        self.need_helper(HELPERS, "route_plugins")
        return self._marker_call(func, given)

    def _marker_call(self, func: cst.BaseExpression, given: dict) -> cst.Call:
        """route_plugins(app, apply=..., skip=...): skip= only where a plugin is kept."""
        marker = [cst.Arg(self._app(func))]
        for key, value in given.items():  # a skip= leaves out the route's apply= too
            if key == "apply" or self.kept or "apply" in given:
                marker.append(kw(key, value))
        space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        return cst.Call(cst.Name("route_plugins"),
                        [a.with_changes(comma=space) for a in marker[:-1]] + [marker[-1]])

    def _skips_json(self, skipped: list) -> None:
        if any(isinstance(x, cst.Name) and (x.value == "True" or self.api(x) == "JSONPlugin")
               or string_value(x) == "json" for x in skipped):
            self.todo("skip= turned Bottle's JSON plugin off for this route too: a dict the "
                      "view returns is JSON in Flask (Bottle sent its keys)")

    def _decorated(self, original: cst.FunctionDef, updated: cst.FunctionDef,
                   here: list) -> cst.FunctionDef:
        """The view with the plugins that became decorators, and the markers of the routes
        whose plugins bottle_plugins applies, each right under its route."""
        routes = [i for i, d in enumerate(original.decorators)
                  if decorator_method(self, d) in ROUTE_METHODS]
        if not routes:
            return updated
        skips = here[2] if len(here[2]) == len(routes) else []
        installed = [n for n in self.decorating if not any(_skips(s, n) for s in skips)]
        plugins = [*installed, *here[3]]
        if not plugins and not here[4]:
            return updated
        decorators = []
        for i, (before, after) in enumerate(zip(original.decorators, updated.decorators,
                                                strict=True)):
            decorators.append(after)
            if id(before) in here[4]:
                marker = here[4][id(before)]
                outer = _outermost(marker, installed) if installed and len(routes) == 1 \
                    else None
                if outer is not None:
                    # Bottle wraps a route's own plugins inside the app's (Route.
                    # all_plugins): the installed decorators are the marker's first
                    # apply= plugins, not decorators under it, which wrapped the view
                    # inside the route's plugins
                    marker, plugins = outer, plugins[len(installed):]
                decorators.append(marker)
            if i == routes[-1]:
                decorators += [cst.Decorator(cst.Name(n)) for n in plugins]
        return updated.with_changes(decorators=decorators)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        self.depth -= 1
        updated = self._decorated(original, updated, self.functions.pop())
        registered = self.callbacks.get(original.name.value) if not self.depth else None
        if not is_view(self, original) and registered is None:
            return updated
        paths, computed = [], False
        for d in original.decorators:
            call = d.decorator
            if decorator_method(self, d) in ROUTE_METHODS:
                given = arg(call, 0, "path") if isinstance(call, cst.Call) else None
                paths.append(string_value(given.value) or "" if given else "")
                # a rule computed at run time: the names it passes cannot be read here;
                # no rule: Bottle's, from the view's arguments, passes each of them
                computed = computed or given is None or string_value(given.value) is None
        if registered is not None:
            paths.append(registered)
        if not paths:
            return updated
        names: set[str] = set()
        for path in paths:
            names |= wildcard_names(path)  # Bottle's spelling
            names |= set(re.findall(r"<(?:[^:<>]+:)?([A-Za-z_]\w*)>", path))  # Flask's
        params = updated.params
        opened = []
        kept = []
        for p in params.params:
            name = p.name.value
            if name not in names and name not in self.converted \
                    and name in self.state.imported_openers:
                module, function = self.state.imported_openers[name]
                self.need_import(module, function)  # the app's module opens it
                opened.append(cst.parse_statement(f"{name} = {function}()\n"))
                continue
            if name in names or name not in self.converted:
                kept.append(p)
                if name not in names and p.default is None and not computed:
                    self._injected(updated, name)
                continue
            opened.append(cst.parse_statement(f"{name} = {self.converted[name][1]}\n"))
        if not opened:
            return updated
        self.fired()
        broken = {why for name, (kind, _) in self.converted.items()
                  if any(p.name.value == name for p in params.params)
                  and (why := cannot_run(kind))}
        if broken:  # no candidate keeps a plugin that cannot run: declared
            if any(paths):
                self.declare("D-plugin-error", [glob(p) for p in paths if p],
                             "; ".join(sorted(broken)))
        if kept:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        body = list(updated.body.body)
        at = 1 if body and _is_docstring(body[0]) else 0
        body[at:at] = opened
        return updated.with_changes(params=params.with_changes(params=kept),
                                    body=updated.body.with_changes(body=body))

    def python_uses_plugins(self) -> bool:
        """Whether the app's Python installs or applies a plugin anywhere; its other files
        do not count (a static folder's jQuery spells `.apply(` many times)."""
        model = self.model  # none for a module ported alone
        sources = [m.source for m in model.modules.values() if m.source] if model else []
        return any(PLUGIN_USE.search(text) for text in sources or [self.state.app_text or ""])

    def _injected(self, node: cst.FunctionDef, name: str) -> None:
        if self.kept or self.decorating:
            return  # the plugins (kept, or decorating the view) call it as Bottle did
        plugins = [p for p, keyword in self.installed if keyword == name] \
            or [p for p, keyword in self.installed if keyword is None]
        others = [cst.Module([]).code_for_node(d.decorator).split("(")[0]
                  for d in node.decorators if decorator_method(self, d) not in ROUTE_METHODS]
        if not plugins and not others and not self.python_uses_plugins():
            # Nothing in the app installs a plugin: Bottle called the view without it too
            # (a TypeError, a 500), and so does Flask; nothing the port changed.
            self.todo(f"view parameter {name!r} is not in the route and no plugin passes "
                      "it: the view fails when called, in Bottle as in Flask")
            return
        if plugins:
            where = f"the plugin {plugins[0]} passed it in Bottle"
        elif others:
            where = f"if @{others[0]} passes it, nothing to do; else a Bottle plugin did"
        else:
            where = "a Bottle plugin passed it (bottle-sqlite's db?)"
        self.todo(f"view parameter {name!r} is not in the route: {where}; Flask calls the "
                  "view without it: open it in the view or a before_request hook",
                  breaks=not others)


def _outermost(marker: cst.Decorator, names: list[str]) -> cst.Decorator | None:
    """route_plugins(app, apply=[...]) with these plugins first in its apply= list (the
    outermost, as the app's installed plugins are in Bottle); None without an apply=."""
    call = marker.decorator
    if not isinstance(call, cst.Call) or not any(a.keyword and a.keyword.value == "apply"
                                                 for a in call.args):
        return None
    args = []
    for a in call.args:
        if a.keyword is not None and a.keyword.value == "apply":
            items = [*map(cst.Name, names), *_items(a.value)]
            a = a.with_changes(value=cst.List([cst.Element(item) for item in items]))
        args.append(a)
    return marker.with_changes(decorator=call.with_changes(args=args))


def _items(value: cst.BaseExpression | None) -> list:
    """Bottle's makelist of apply=/skip=: a list's elements, True, or the one value."""
    if value is None:
        return []
    if isinstance(value, cst.List | cst.Tuple | cst.Set):
        return [e.value for e in value.elements]
    if isinstance(value, cst.Name) and value.value in {"None", "False"}:
        return []
    return [value]


def _skips(skipped: list, name: str) -> bool:
    """Whether a route's skip= list leaves out the plugin a function `name` is."""
    return any(isinstance(s, cst.Name) and s.value in {name, "True"} for s in skipped)


def options_of(kind: str, call: cst.Call) -> dict | None:
    """The plugin's settings, when the port can reproduce every one of them."""
    names = SQLITE_ARGS if kind == "sqlite" else SQLALCHEMY_ARGS
    given: dict[str, cst.BaseExpression] = {}
    for i, a in enumerate(call.args):
        if a.star or (a.keyword is None and i >= len(names)):
            return None
        key = a.keyword.value if a.keyword else names[i]
        if key not in names:
            return None
        given[key] = a.value
    flags = {"autocommit": True, "dictrows": True} if kind == "sqlite" \
        else {"commit": True, "create": False, "use_kwargs": False}
    options: dict = {}
    for key, default in flags.items():
        value = given.get(key)
        if value is not None and not (isinstance(value, cst.Name)
                                      and value.value in {"True", "False"}):
            return None
        options[key] = default if value is None else value.value == "True"
    keyword = given.get("keyword")
    options["keyword"] = string_value(keyword) if keyword is not None else "db"
    if not options["keyword"] or not options["keyword"].isidentifier():
        return None
    if kind == "sqlite":
        factory = given.get("text_factory")
        if factory is not None and not (isinstance(factory, cst.Name)
                                        and factory.value in {"str", "unicode"}):
            return None
        options["dbfile"] = given.get("dbfile", cst.SimpleString('":memory:"'))
        return options
    # use_kwargs=True hands the session to views that do not name it too (as **kwargs):
    # a view that names it gets it from the port the same way.
    if "engine" not in given or options["create"] and "metadata" not in given:
        return None
    options["engine"] = given["engine"]
    options["metadata"] = given.get("metadata")
    return options


def _loaded(value: cst.BaseExpression) -> set[str]:
    """The names an expression reads (not an attribute's, a keyword's: `os.path.join(a,
    b=c)` reads os, a and c)."""
    code = cst.Module([]).code_for_node(value)
    return {n.id for n in ast.walk(ast.parse(f"({code})", mode="eval"))
            if isinstance(n, ast.Name)}


def _is_docstring(stmt) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Expr) \
        and isinstance(stmt.body[0].value, cst.SimpleString | cst.ConcatenatedString)


def _top_level_names(module: cst.Module) -> set[str]:
    """The names a module binds at its top: assignments, imports, defs and classes."""
    found: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef | cst.ClassDef):
            found.add(stmt.name.value)
            continue
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign):
                found.update(t.target.value for t in small.targets
                             if isinstance(t.target, cst.Name))
            elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                found.add(small.target.value)
            elif isinstance(small, cst.Import | cst.ImportFrom) \
                    and not isinstance(small.names, cst.ImportStar):
                for alias in small.names:
                    bound = alias.asname.name if alias.asname else alias.name
                    if isinstance(bound, cst.Name | cst.Attribute):
                        # `import a.b` binds `a`
                        found.add(cst.Module([]).code_for_node(bound).split(".")[0])
    return found

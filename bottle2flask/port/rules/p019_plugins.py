"""P019: plugins: `install()`, `apply=`, `skip=` and the parameters plugins pass

Flask has no plugins. The two common database plugins become Flask's own patterns:

    app.install(SQLitePlugin(dbfile="app.db", keyword="store"))
 -> def get_db():                          # the tutorial's per-request connection
        if "db" not in g:
            g.db = sqlite3.connect("app.db")
            g.db.row_factory = sqlite3.Row   # dictrows=True, the plugin's default
        return g.db

    @app.teardown_appcontext
    def close_db(error):
        db = g.pop("db", None)
        if db is not None:
            if error is None:
                db.commit()                 # autocommit=True, the plugin's default
            db.close()

    def show(no, store):     ->  def show(no):
                                     store = get_db()

`bottle_sqlite.Plugin` / `SQLitePlugin` (also under Bottle's old `bottle.ext.sqlite`, bound
to a name first, `plugin = sqlite.Plugin(...); app.install(plugin)`, and positional) with
`dbfile`, `autocommit`,
`dictrows`, `keyword` (default `db`). `bottle_sqlalchemy.Plugin(engine, Base.metadata,
keyword=..., create=..., commit=...)` becomes `db_session = scoped_session(sessionmaker(
bind=engine))` (with `Base.metadata.create_all(engine)` for `create=True`) and a
`teardown_appcontext` function that commits (for `commit=True`) and calls
`db_session.remove()`; the views bind `db = db_session()`. The plugin's import goes when
no plugin of its package is left. Differences, declared: the connection (session) is
opened when the view asks for it and closed when the app context ends, after the
response is made; an IntegrityError is Flask's plain 500 (bottle-sqlite's HTTPError 500
had its own text); bottle-sqlalchemy rolled back on `abort()` (an HTTPError), Flask's
teardown sees a handled abort as no error and commits. Other options
(`functions=`, `collations=`, `create_session=`, `use_kwargs=True`...) leave the plugin to
a TODO as below. (bottle-sqlite 0.2 itself calls `inspect.getargspec`, gone in Python
3.11: on 3.11 the Bottle original fails on every route that takes `db`; the tests use a
stand-in of the same behaviour.)

Any other plugin, `uninstall()`, and a route's `apply=[...]`/`skip=[...]` are commented out
under a TODO that says what to do (hooks, a view decorator, the plugin's Flask extension),
so the port starts:

    # TODO(flask-port/P019): Bottle plugin TokenPlugin(keyword="user"): Flask has no plugins; do its
    #   work in before_request/after_request hooks or a view decorator, or use its Flask extension
    # app.install(TokenPlugin(keyword="user"))

A view parameter that is neither in the route nor defaulted is a TODO at the def naming the
plugin that passed it (the one installed with that `keyword=`, else the first installed):
Flask would call the view without it, so it counts as breaking (exit status 5) unless
another decorator of the app's own may pass it. Views in another module of the app (the
usual `views.py` importing `app`) that take a converted plugin's keyword import `get_db`
(`db_session`) from the module that installed it: `port_tree` ports that module first.
"""

from __future__ import annotations

import importlib
import inspect
import re

import libcst as cst
from libcst.helpers import parse_template_module

from ..edit import Visitor, arg, string_value, walk
from ..model.facts import ROUTE_METHODS
from ..model.route_syntax import wildcard_names
from .base import Change, Phase, Rule, decorator_method, glob, is_view, placeholder

PLUGINS = {"bottle_sqlite": ("sqlite", {"Plugin", "SQLitePlugin"}),
           "bottle_sqlalchemy": ("sqlalchemy", {"Plugin", "SQLAlchemyPlugin"})}
# Bottle's old namespace for them: bottle.ext.sqlite is bottle_sqlite
PLUGINS |= {f"bottle.ext.{kind}": (kind, classes) for kind, classes in PLUGINS.values()}
EXT = {kind for kind, _ in PLUGINS.values()}  # from bottle.ext import sqlite
# Each plugin's parameters in order, with the values the port can reproduce
# Where an app installs or applies a plugin (on any app, or Bottle's shortcut).
PLUGIN_USE = re.compile(r"\binstall\s*\(|\bapply\s*=|\.apply\s*\(")
SQLITE_ARGS = ("dbfile", "autocommit", "dictrows", "keyword", "text_factory")
SQLALCHEMY_ARGS = ("engine", "metadata", "keyword", "commit", "create", "use_kwargs")

SQLITE = '''
def get_db():
    """The request's SQLite connection, opened on first use (bottle-sqlite's, before)."""
    if "db" not in g:
        g.db = sqlite3.connect({dbfile})
        g.db.row_factory = sqlite3.Row
    return g.db


@{app}.teardown_appcontext
def close_db(error):
    db = g.pop("db", None)
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


class Plugins(Rule):
    code = "P019"
    summary = "bottle-sqlite and bottle-sqlalchemy as Flask's per-request pattern; " \
              "other plugins, apply= and skip= left out under a TODO"
    phase = Phase.READ  # reads the routes before P003 rewrites them, and before P002 sees install
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
        self.depth = 0
        self.last_added: set[int] = set()

    # -- what the module installs -----------------------------------------------------
    def visit_Module(self, node: cst.Module) -> None:
        rule = self

        class Scan(Visitor):
            def visit_Import(self, node: cst.Import) -> None:
                for a in node.names:
                    name = rule.dotted(a.name)
                    if name in PLUGINS:
                        local = a.evaluated_alias or name
                        rule.modules[local] = PLUGINS[name][0]

            def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
                module = rule.dotted(node.module)
                if module == "bottle.ext" and not isinstance(node.names, cst.ImportStar):
                    for a in node.names:
                        if a.evaluated_name in EXT:
                            rule.modules[a.evaluated_alias or a.evaluated_name] = a.evaluated_name
                if module in PLUGINS and not isinstance(node.names, cst.ImportStar):
                    kind, classes = PLUGINS[module]
                    for a in node.names:
                        if a.evaluated_name in classes:
                            rule.names[a.evaluated_alias or a.evaluated_name] = kind

            def visit_Assign(self, node: cst.Assign) -> None:
                if isinstance(node.value, cst.Call) and rule.kind(node.value):
                    for t in node.targets:
                        if isinstance(t.target, cst.Name):
                            rule.bound[t.target.value] = node.value

            def visit_Call(self, node: cst.Call) -> None:
                # app.route("/", callback=index): `index` is a view as if decorated
                if rule.app_method(node.func) in ROUTE_METHODS:
                    callback, path = arg(node, 2, "callback"), arg(node, 0, "path")
                    if callback is not None and isinstance(callback.value, cst.Name):
                        rule.callbacks[callback.value.value] = \
                            string_value(path.value) or "" if path else ""
                if rule.install_method(node) != "install" or not node.args:
                    return
                plugin = rule.plugin_call(node.args[0].value)
                kind = rule.kind(plugin) if plugin is not None else None
                options = options_of(kind, plugin) if kind and plugin is not None else None
                if options is None or kind is None \
                        or any(k == kind for k, _ in rule.converted.values()):
                    rule.left_kinds.add(kind)
                    keyword = arg(plugin, None, "keyword") if plugin is not None else None
                    rule.installed.append((cst.Module([]).code_for_node(node.args[0].value),
                                           string_value(keyword.value) if keyword else None))
                    return
                opener = "get_db" if kind == "sqlite" else "db_session"
                rule.converted[options["keyword"]] = (kind, f"{opener}()")
                rule.state.openers[options["keyword"]] = opener

        walk(node, Scan())
        converted = {kind for kind, _ in self.converted.values()}
        self.gone = converted - self.left_kinds  # no plugin of these kinds is left

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
                and self.api(func.value.value) == "ext" and func.value.attr.value in EXT:
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
                and self.is_app(func.value):
            return func.attr.value
        name = self.api(func)
        return name if name in {"install", "uninstall"} else None

    # -- the statements -------------------------------------------------------------------
    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.depth += 1

    def leave_ClassDef(self, original, updated):
        self.depth -= 1
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        stmt = updated.body[0] if len(updated.body) == 1 else None
        if isinstance(stmt, cst.Import | cst.ImportFrom) and self._plugin_import(stmt):
            self.fired()
            return placeholder(self.state, updated.leading_lines)
        if isinstance(stmt, cst.Assign) and isinstance(stmt.value, cst.Call) \
                and self.kind(stmt.value) in self.gone:
            self.fired()  # the plugin object, now made by nothing
            return placeholder(self.state, updated.leading_lines)
        call = stmt.value if isinstance(stmt, cst.Expr) else None
        method = self.install_method(call) if isinstance(call, cst.Call) else None
        if method is None or not isinstance(call, cst.Call):
            return updated
        plugin = self.plugin_call(call.args[0].value) if call.args else None
        kind = self.kind(plugin) if method == "install" and plugin is not None else None
        options = options_of(kind, plugin) if kind and plugin is not None else None
        if options is not None and self.converted.get(options["keyword"], ("",))[0] == kind:
            self.fired()
            app = call.func.value if isinstance(call.func, cst.Attribute) \
                else cst.Name(self.facts.app_name)
            return self._pattern(updated, kind, options, app)
        what = cst.Module([]).code_for_node(call.args[0].value) if call.args else "a plugin"
        if method == "uninstall":
            return self.leave_out(updated, f"uninstall({what}): Flask has no plugins to "
                                  "take out; drop whatever replaced this plugin")
        return self.leave_out(updated, f"Bottle plugin {what}: Flask has no plugins; do its "
                              "work in before_request/after_request hooks or a view "
                              "decorator, or use its Flask extension")

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
                source = source.replace("        g.db.row_factory = sqlite3.Row\n", "")
            if not options["autocommit"]:
                source = source.replace("        if error is None:\n            db.commit()\n",
                                        "")
            self.need_import("sqlite3")
            self.need_import("flask", "g")
            values = {"dbfile": options["dbfile"], "app": app}
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
        body = list(parse_template_module(source, **values).body)
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
        return updated.with_changes(body=self._spaced(list(updated.body), 2))

    # -- routes and views -----------------------------------------------------------------
    def leave_Decorator(self, original: cst.Decorator, updated: cst.Decorator):
        call = updated.decorator
        if isinstance(call, cst.Name | cst.Attribute) \
                and self.install_method(cst.Call(call)) == "install":
            # @install def plugin(callback): Bottle wraps every route's view in it
            self.todo("this function was installed as a Bottle plugin (it wrapped every "
                      "view): taken out, Flask has no plugins; decorate the views with it")
            return cst.RemoveFromParent()
        if not (isinstance(call, cst.Call) and decorator_method(self, updated) in ROUTE_METHODS):
            return updated
        dropped = [a for a in call.args if a.keyword and a.keyword.value in {"apply", "skip"}]
        if not dropped:
            return updated
        for a in dropped:
            text = cst.Module([]).code_for_node(a.with_changes(comma=cst.MaybeSentinel.DEFAULT))
            verb = "ran these Bottle plugins (or decorators) on" \
                if a.keyword is not None and a.keyword.value == "apply" \
                else "turned Bottle plugins off for"
            self.todo(f"`{text}` {verb} this route: taken out, Flask has no plugins; decorate "
                      "the view with what replaces them")
        kept = [a for a in call.args if a not in dropped]
        if kept:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(decorator=call.with_changes(args=kept))

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        self.depth -= 1
        registered = self.callbacks.get(original.name.value) if not self.depth else None
        if not is_view(self, original) and registered is None:
            return updated
        paths, computed = [], False
        for d in original.decorators:
            call = d.decorator
            if decorator_method(self, d) in ROUTE_METHODS:
                given = arg(call, 0, "path") if isinstance(call, cst.Call) else None
                paths.append(string_value(given.value) or "" if given else "")
                # a rule computed at run time: the names it passes cannot be read here
                computed = computed or (given is not None and string_value(given.value) is None)
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
        if broken and not self.state.faithful:
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

    def _injected(self, node: cst.FunctionDef, name: str) -> None:
        plugins = [p for p, keyword in self.installed if keyword == name] \
            or [p for p, keyword in self.installed if keyword is None]
        others = [cst.Module([]).code_for_node(d.decorator).split("(")[0]
                  for d in node.decorators if decorator_method(self, d) not in ROUTE_METHODS]
        if not plugins and not others and not PLUGIN_USE.search(self.state.app_text or ""):
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


def _is_docstring(stmt) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Expr) \
        and isinstance(stmt.body[0].value, cst.SimpleString | cst.ConcatenatedString)

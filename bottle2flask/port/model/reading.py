"""Read one module into the model: which local names are Bottle's, which expressions
hold an app; and the module spelt so every rule sees one form (`bottle.route` as
`route`, `get = app.get` resolved at the decorators, `app = default_app` as the
default app itself). This is the only pass over the Bottle code that may rewrite it
before the rules, and it cannot be turned off."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import libcst as cst
from libcst.helpers import get_full_name_for_node

from ..edit import is_name, names_read
from ..quick import Transformer
from ..read import Trace
from ..walk import TRIVIA, transform, walk
from .collect import collect
from .facts import APP_FACTORIES, APP_SHORTCUTS, SERVED, ModuleFacts

# Bottle's render functions a `functools.partial` may bind (`view = partial(jinja2_view,
# template_lookup=[...])`): spelt as the function given those keywords at each call
RENDERERS = {"template", "view", "jinja2_template", "jinja2_view"}
PARTIAL = {"partial", "functools.partial"}
# the keywords such a partial may bind to be spelt so: where its templates are (its
# `template_settings=`, Jinja2 globals and filters, have no Flask form here yet)
SPELT_KEYWORDS = {"template_lookup"}

DECORATOR_METHODS = {"route", "get", "post", "put", "delete", "patch", "error", "hook"}

# What `from bottle import *` brings in (Bottle's __all__ is not set; these are the
# names the rules read).
STAR_NAMES = {"Bottle", "route", "get", "post", "put", "delete", "patch", "error", "hook",
              "run", "request", "response", "template", "view", "redirect", "abort",
              "static_file", "default_app", "app", "TEMPLATE_PATH", "BaseTemplate",
              "SimpleTemplate", "HTTPResponse", "HTTPError", "mount", "install", "get_url",
              "url", "local", "debug", "json_dumps", "json_loads", "jinja2_template",
              "jinja2_view", "FormsDict", "parse_auth", "auth_basic"}


class Reader(Transformer):
    """The facts of one module, learnt in one walk that also spells its Bottle names
    one way (see the module's docstring)."""

    def __init__(self, facts: ModuleFacts, vendored: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.facts = facts
        self.vendored = vendored  # the dotted names of the app's own copies of Bottle
        self.module_alias: set[str] = set()
        self.method_alias: dict[str, cst.Attribute] = {}  # get = app.get
        self.own: set[str] = set()
        self.module: cst.Module | None = None  # as given, before it is spelt
        self._names: set[str] | None = None
        self.classes = 0
        self.self_apps: set[str] = set()
        self.bottle_subclasses: set[str] = set()
        # Read in the same walk, of the module as spelt, and answered once it is read
        # (they need every app the module has): the names it spells outside its imports,
        # the names its `x = ...` lines bind, its parameters annotated as Bottle's app and
        # its calls of a function by name (app_parameters), and what its top-level code
        # binds to `application` and hands run() (wsgi_entry)
        self.read_names: set[str] = set()
        self.bound: set[str] = set()
        self.annotated: list[cst.Param] = []
        self.calls_by_name: list[cst.Call] = []
        self.closed = 0  # the defs, classes and lambdas around the node: not top-level code
        self.application: list[cst.BaseExpression] = []  # `application = <value>`
        self.top_calls: list[cst.Call | None] = []  # in the order they start
        self.open_calls: list[int | None] = []
        self.returns: list[list[cst.Return]] = []  # per def being walked, its own returns
        # `view = partial(jinja2_view, **keywords)` at the top level: name -> the function
        # and its keywords; how often the name is read after it, and called (spelt)
        self.partials: dict[str, tuple[cst.Name, list[cst.Arg]]] = {}
        self.partial_reads: dict[str, int] = {}
        self.partial_calls: dict[str, int] = {}
        self.app_lists: set[str] = set()  # `subapps = [auth, notes]`: a list of apps
        self.guarded: list[bool] = []  # per top-level `if`: is it the main guard
        self.guard_runs: list[str] = []  # `x.run()` under it, x a name the module binds
        # the names the top-level code binds, and those its main guard binds (wsgi_entry)
        self.top_bound: set[str] = set()
        self.guard_bound: set[str] = set()
        # the names the module reads bare (not an attribute's, a keyword's, a parameter's
        # or a def's own name), and the Names spelt from `bottle.X` where no import gave
        # X: a bare X beside them is not Bottle's (RULE-s51 A: a `template(...)` the
        # module never imported, beside `bottle.template(...)`)
        self.bare: set[str] = set()
        self.not_bare: set[int] = set()
        self.spelt: dict[str, list[cst.Name]] = {}
        self.aliased: set[str] = set()  # `request = bottle.request`

    def visit_If(self, node: cst.If) -> None:
        test = cst.Module([]).code_for_node(node.test)
        self.guarded.append(not self.closed and "__name__" in test and "__main__" in test)

    def leave_If(self, original: cst.If, updated: cst.If) -> cst.If:
        self.guarded.pop()
        return updated

    def apps_of(self, node: cst.BaseExpression) -> bool:
        """A tuple or list whose every item is an app (`(apps.auth, apps.notes)`), or a
        name bound to one above."""
        if type(node) is cst.Name:
            return node.value in self.app_lists
        return isinstance(node, cst.Tuple | cst.List) and bool(node.elements) and all(
            type(e) is cst.Element and self.facts.is_app(e.value) for e in node.elements)

    def leave_For(self, original: cst.For, updated: cst.For) -> cst.For:
        """`for app in (apps.auth, apps.notes): app.install(...)`: the loop's name is each
        of those apps in turn, an app (model's loop_apps)."""
        if type(updated.target) is cst.Name and self.apps_of(updated.iter):
            self.facts.apps.add(updated.target.value)
            self.facts.loop_apps.add(updated.target.value)
        return updated

    @property
    def names(self) -> set[str]:
        """Every name the module (as given) spells: asked only where one of its own defs
        has the name of a Bottle one it reads through `bottle.`, rare enough to walk for."""
        if self._names is None:
            assert self.module is not None
            self._names = names_read(self.module)
        return self._names

    def visit_Name(self, node: cst.Name) -> None:
        self.read_names.add(node.value)  # (the walk does not enter the imports)
        if id(node) not in self.not_bare:
            self.bare.add(node.value)
        if node.value in self.partials:
            self.partial_reads[node.value] += 1

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.not_bare.add(id(node.attr))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.not_bare.add(id(node.keyword))

    def visit_Param(self, node: cst.Param) -> None:
        self.not_bare.add(id(node.name))

    def leave_Param(self, original: cst.Param, updated: cst.Param) -> cst.Param:
        if updated.annotation is not None:
            self.annotated.append(updated)
        return updated

    def leave_AssignTarget(self, original: cst.AssignTarget,
                           updated: cst.AssignTarget) -> cst.AssignTarget:
        if type(updated.target) is cst.Name:
            self.bound.add(updated.target.value)
            if not self.closed:
                (self.guard_bound if any(self.guarded) else self.top_bound).add(
                    updated.target.value)
        return updated

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.not_bare.add(id(node.name))
        self.closed += 1
        self.returns.append([])

    def leave_Return(self, original: cst.Return, updated: cst.Return) -> cst.Return:
        self.returns[-1].append(updated)  # (a return is in a def: the innermost one's)
        return updated

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.not_bare.add(id(node.name))
        self.closed += 1

    def visit_Lambda(self, node: cst.Lambda) -> None:
        self.closed += 1

    def leave_Lambda(self, original: cst.Lambda, updated: cst.Lambda) -> cst.Lambda:
        self.closed -= 1
        return updated

    def visit_Call(self, node: cst.Call) -> None:
        if self.closed:
            self.open_calls.append(None)
        else:
            self.open_calls.append(len(self.top_calls))
            self.top_calls.append(None)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        """Bottle's names; a module's dotted name stays as written (`from bottle.ext.x
        import y` is no use of bottle.ext). An import of the app's own copy of Bottle
        is read as it is spelt (`from lib import bottle`: `import bottle`)."""
        if self.vendored:
            spelt = vendored_from(node, self.vendored)
            if isinstance(spelt, cst.Import):
                return self.visit_Import(spelt)
            node = spelt
        if node.relative or node.module is None or not is_name(node.module, "bottle"):
            return False
        self.facts.imports_bottle = True
        if isinstance(node.names, cst.ImportStar):
            self.facts.bottle.update({n: n for n in STAR_NAMES})
            return False
        for alias in node.names:
            name = alias.name.value
            local = alias.evaluated_alias or name
            assert isinstance(local, str) and isinstance(name, str)
            self.facts.bottle[local] = name
        return False

    def visit_Module(self, node: cst.Module) -> None:
        self.module = node
        # `def view(...)` of the module's own: bottle.view stays bottle.view, or the
        # module's view would call itself
        self.own = {stmt.name.value for stmt in node.body
                    if isinstance(stmt, cst.FunctionDef | cst.ClassDef)}
        self.classes = sum(type(stmt) is cst.ClassDef for stmt in node.body)
        # the module's classes whose methods call an app method on their own `self`
        # (`self.route(...)`, `self.mount(...)`): where `self` may be an app
        self.self_apps = {stmt.name.value for stmt in node.body
                          if type(stmt) is cst.ClassDef and uses_app_methods(stmt)}
        # (Bottle's names are not read yet: a base spelt `Bottle` or `bottle.Bottle`)
        self.bottle_subclasses = {
            stmt.name.value for stmt in node.body if type(stmt) is cst.ClassDef
            and any(get_full_name_for_node(b.value) in {"Bottle", "bottle.Bottle"}
                    for b in stmt.bases)}

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom
                         ) -> cst.ImportFrom | cst.Import:
        return vendored_from(updated, self.vendored) if self.vendored else updated

    def leave_Import(self, original: cst.Import, updated: cst.Import) -> cst.Import:
        return vendored_import(updated, self.vendored) if self.vendored else updated

    def visit_Import(self, node: cst.Import) -> bool:
        if self.vendored:
            node = vendored_import(node, self.vendored)
        for alias in node.names:
            if is_name(alias.name, "bottle"):
                self.facts.imports_bottle = True
                asname = alias.asname.name if alias.asname else None
                self.module_alias.add(asname.value if type(asname) is cst.Name
                                      else "bottle")
        return False  # `import bottle.ext.x` names a module: not spelt otherwise

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if type(updated.value) is cst.Name and updated.value.value in self.module_alias:
            name = updated.attr.value
            # `def static_file(...)` of the module's own beside `bottle.static_file(...)`:
            # Bottle's is spelt `bottle_static_file`, so neither is taken for the other
            local = name if name not in self.own else f"bottle_{name}"
            while local != name and local in self.own | self.names:
                local += "_"
            if local not in self.facts.bottle:  # (an import gives the bare name too)
                self.spelt.setdefault(local, [])
            self.facts.bottle.setdefault(local, name)
            self.facts.via_module.add(local)
            spelt = cst.Name(local)
            if local in self.spelt:
                self.spelt[local].append(spelt)
            return spelt
        return updated

    def respell(self, module: cst.Module) -> cst.Module:
        """`bottle.X` spelt `bottle_X` where the module also reads a bare X that no
        import of Bottle's gave it: the bare one is the module's own (or a NameError,
        as in Bottle), never taken for Bottle's."""
        renamed: dict[int, cst.Name] = {}
        for name, nodes in self.spelt.items():
            if name not in self.bare or not nodes or name in self.aliased:
                continue
            local = f"bottle_{name}"
            while local in self.bare or local in self.own or local in self.facts.bottle:
                local += "_"
            self.facts.bottle[local] = self.facts.bottle.pop(name)
            self.facts.via_module.discard(name)
            self.facts.via_module.add(local)
            renamed.update((id(node), cst.Name(local)) for node in nodes)
        return transform(module, _Renamed(renamed)) if renamed else module

    def visit_Assign(self, node: cst.Assign) -> None:
        # `request = bottle.request`: the bare name is Bottle's too
        value = node.value
        if isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) \
                and value.value.value in self.module_alias:
            self.aliased |= {t.target.value for t in node.targets
                             if isinstance(t.target, cst.Name)
                             and t.target.value == value.attr.value}

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        spelt = self.spell_assign(updated)
        if not self.closed and type(spelt) is cst.Assign and any(
                type(t.target) is cst.Name and t.target.value == "application"
                for t in spelt.targets):
            self.application.append(spelt.value)
        return spelt

    def spell_assign(self, updated: cst.Assign):
        facts = self.facts
        value = updated.value
        bound = _partial_renderer(facts, value)
        if bound is not None and not self.closed and len(updated.targets) == 1 \
                and isinstance(target := updated.targets[0].target, cst.Name):
            # `view = partial(jinja2_view, template_lookup=[...])`: each `view(...)` below
            # is spelt `jinja2_view(..., template_lookup=[...])`
            self.partials[target.value] = bound
            self.partial_reads[target.value] = self.partial_calls[target.value] = 0
        if type(value) is cst.Attribute and value.attr.value in DECORATOR_METHODS \
                and type(value.value) is cst.Name \
                and value.value.value in facts.apps | facts.imported_apps:
            # `get = app.get`: a route decorated `@get(...)` below is app's
            self.method_alias.update({t.target.value: value for t in updated.targets
                                      if type(t.target) is cst.Name})
        if facts.api(updated.value) == "default_app":
            # `app = default_app` (Bottle's app stack, which `bottle app` and most servers
            # resolve to the default app): the app meant is the default app itself
            updated = updated.with_changes(value=cst.Call(func=updated.value))
        value = updated.value
        if type(value) is cst.Call and not value.args \
                and type(value.func) is cst.Attribute and value.func.attr.value == "push" \
                and facts.api(value.func.value) in {"default_app", "app"}:
            # `app = default_app.push()`: a new app, now the default one that @route uses
            updated = updated.with_changes(value=cst.Call(func=value.func.value))
        call = updated.value
        names = {t.target.value for t in updated.targets if type(t.target) is cst.Name}
        if self.apps_of(call) and type(call) is not cst.Name:
            self.app_lists |= names
        if _instance_made_here(facts, call):
            # `app = Site().bottle`, `app = site.bottle`: the app the instance made here
            # holds is this module's own, as `app = Bottle()` is
            facts.made |= names
            facts.apps |= names
            return updated
        if facts.is_app(call) and type(call) is not cst.Call:
            # `application = web.app`: another name of an app (a WSGI entry, often)
            facts.aliases |= names - facts.apps
        if type(call) is not cst.Call:
            return updated
        if type(call.func) is cst.Name and (held := facts.held_by(call.func)) is not None:
            # `site = Site()`: site.bottle is the app its __init__ made
            facts.holders.update({name: set(held) for name in names})
        factory = facts.api(call.func)
        if factory is None and any(type(a.value) is cst.Call and not a.keyword
                                   and facts.api(a.value.func) == "Bottle" for a in call.args):
            # `app = Wrapper(Bottle())`: a middleware around a new app, which the module
            # uses as the app (its routes, its error pages): the app is made here
            factory = "Bottle"
        if type(call.func) is cst.Name and call.func.value in facts.factories:
            # `web = make_app()`: the app that function made
            facts.apps |= {t.target.value for t in updated.targets
                           if type(t.target) is cst.Name}
            if not self.closed:
                facts.factory_apps |= names
            if call.func.value in facts.app_classes | facts.imported_classes:
                # `app = Site()` of a Bottle subclass here: an app made here, as
                # `app = Bottle()` is (the modules importing it use it, its converters go
                # on it)
                facts.made |= names
        if factory in APP_FACTORIES:
            # `self.bottle = Bottle()`: `<anything>.bottle` is taken for the app
            facts.app_attrs |= {t.target.attr.value for t in updated.targets
                                if type(t.target) is cst.Attribute}
            names = {t.target.value for t in updated.targets if type(t.target) is cst.Name}
            facts.apps |= names
            if factory == "Bottle":
                facts.made |= names
                facts.made_attrs |= {t.target.attr.value for t in updated.targets
                                     if type(t.target) is cst.Attribute}
            else:  # X = bottle.default_app(): another name for the default app
                facts.default_aliases |= names
                facts.default_app = True
        return updated

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        """A function that returns an app it made (`return app`, `return Bottle()`): of
        its own returns (a nested function's are its own), read as the walk met them
        and answered now, with what the module has made so far."""
        facts = self.facts
        for node in self.returns.pop():
            value = node.value
            if type(value) is cst.Call and facts.api(value.func) == "Bottle" \
                    or type(value) is cst.Name and value.value in facts.made \
                    or type(value) is cst.Attribute \
                    and value.attr.value in facts.app_attrs:  # Server().bottle
                facts.factories.add(updated.name.value)
                break
        self.closed -= 1
        return updated

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef):
        """`class Site(Bottle)`: its instances are apps (`app = Site()`), and so is `self`
        in its methods, when no other class of the module has a `self` of its own.
        `class Site` whose __init__ sets `self.bottle = Bottle()`: `Site().bottle` is one."""
        self.closed -= 1
        if any(self.facts.api(base.value) == "Bottle" for base in updated.bases):
            self.facts.factories.add(updated.name.value)
            self.facts.app_classes.add(updated.name.value)
            if self.classes == 1 or not self.self_apps - self.app_class_names():
                # no class of the module but Bottle's subclasses calls an app's method on
                # its `self` (a Store beside the app): `self` is the app wherever it is
                self.facts.apps.add("self")
        elif attrs := app_attributes(updated, self.facts):
            self.facts.holders[updated.name.value] = attrs
        return updated

    def app_class_names(self) -> set[str]:
        """The module's classes that subclass Bottle (their bases as this module spells
        Bottle: `Bottle`, `bottle.Bottle` once read as `Bottle`)."""
        return {name for name in self.self_apps
                if name in self.facts.app_classes or name in self.bottle_subclasses}

    def leave_Decorator(self, original: cst.Decorator, updated: cst.Decorator):
        func = updated.decorator.func if type(updated.decorator) is cst.Call else None
        if type(func) is cst.Name and func.value in self.method_alias:
            assert type(updated.decorator) is cst.Call
            return updated.with_changes(decorator=updated.decorator.with_changes(
                func=self.method_alias[func.value]))
        if self.facts.api(func) in APP_SHORTCUTS:
            self.facts.default_app = True
            self.facts.default_shortcuts = True  # kept below only beside an app made here
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        if type(updated.func) is cst.Name and updated.func.value in self.partials:
            func, keywords = self.partials[updated.func.value]
            self.partial_calls[updated.func.value] += 1
            given = {a.keyword.value for a in updated.args if a.keyword}
            args = [*updated.args, *(k for k in keywords if k.keyword
                                     and k.keyword.value not in given)]
            updated = updated.with_changes(func=func, args=[
                a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                if i < len(args) - 1 else a.with_changes(comma=cst.MaybeSentinel.DEFAULT)
                for i, a in enumerate(args)])
        at = self.open_calls.pop()
        if at is not None:
            self.top_calls[at] = updated
            if any(self.guarded) and type(updated.func) is cst.Attribute \
                    and updated.func.attr.value == "run" \
                    and type(updated.func.value) is cst.Name:
                self.guard_runs.append(updated.func.value.value)
        if type(updated.func) is cst.Name:
            self.calls_by_name.append(updated)
        facts = self.facts
        name = facts.api(updated.func)
        if name == "run" and (updated.args and updated.args[0].keyword is None
                              or any(a.keyword and a.keyword.value == "app"
                                     for a in updated.args)):
            return updated  # run(app) / run(app=api) serves that app, not the default one
        # an app the module is only handed (`def routes(application): route(...)`) is not
        # where Bottle's route() goes: that is the default app, as in a module with no app
        if name in {"run", "install", "mount", "merge"} | APP_SHORTCUTS \
                and not (facts.apps - facts.handed_apps) | facts.imported_apps:
            facts.default_app = True
        return updated

    def wsgi_entry(self) -> str | None:
        """The name a WSGI server is given where it is not the app itself but wraps it:
        `application` (mod_wsgi's name, many servers' default) bound as the module runs to
        something other than the app (`application = SessionMiddleware(app, opts)`, `app_sess
        = routes.app_sess; application = app_sess`), else the name the module's run() serves
        (`run(app=app_sess)`), else SERVED where run() is handed an expression no
        module-level name holds (`run(app=SessionMiddleware(app(), opts))`, a name bound
        only under the main guard): the loader takes what run() is handed. None when the
        app itself is what is served (`app = SessionMiddleware(app)` rebinds the app's own
        name: that name is served)."""
        facts = self.facts
        # (read as the module was walked: its top-level code, not the defs, classes and
        # lambdas, which run when called if ever)
        if any(not facts.is_app(value)
               and not (type(value) is cst.Call and facts.api(value.func))
               for value in self.application):
            return "application"  # bound to something other than the app
        served = []
        for node in self.top_calls:
            assert node is not None
            if facts.api(node.func) == "run":  # run(wsgi) / run(app=wsgi): the server's
                given = next((a.value for a in node.args if not a.keyword
                              or a.keyword.value == "app"), None)
                if given is None or facts.is_app(given):
                    continue
                named = type(given) is cst.Name and (given.value in self.top_bound
                                                     or given.value not in self.guard_bound)
                served.append(given.value if type(given) is cst.Name and named else SERVED)
        return served[-1] if served else None

    def app_parameters(self, module: cst.Module) -> set[str]:
        """`def setup_routing(a): a.route(...)` called as `setup_routing(app)`, or a
        parameter annotated as Bottle's app (`def init_routes(app: Bottle)`, called from
        another module): inside it `a` is the app (the route calls on it are ported),
        when no other line binds that name."""
        facts, apps = self.facts, self.facts.apps
        defs = {stmt.name.value: stmt for stmt in module.body
                if type(stmt) is cst.FunctionDef}
        found = {node.name.value for node in self.annotated
                 if node.annotation is not None
                 and facts.api(node.annotation.annotation) == "Bottle"}
        for node in self.calls_by_name:
            assert type(node.func) is cst.Name
            if node.func.value not in defs:
                continue
            params = defs[node.func.value].params.params
            for i, a in enumerate(node.args):
                if a.keyword is None and not a.star and i < len(params) \
                        and type(a.value) is cst.Name and a.value.value in apps:
                    found.add(params[i].name.value)
        return {name for name in found if name not in apps and name not in self.bound}

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        facts = self.facts
        updated = self.respell(updated)
        spelt = {name for name in self.partials
                 if self.partial_reads[name] == self.partial_calls[name]}
        if spelt:  # the partial's every use spelt as the function's call: it goes
            updated = updated.with_changes(body=[
                stmt for stmt in updated.body if not _binds_only(stmt, spelt)])
        for stmt in updated.body:  # `def template(...)` after `from bottle import template`
            if isinstance(stmt, cst.FunctionDef | cst.ClassDef) \
                    and not _decorated_by_itself(stmt) \
                    and facts.bottle.pop(stmt.name.value, None) is not None:
                facts.own_defs.add(stmt.name.value)  # the module's own: its import goes
        facts.read_before = self.read_names
        facts.bound_names = frozenset(self.bound)
        facts.apps |= facts.imported_apps
        facts.apps |= self.app_parameters(updated)
        facts.wsgi_entry = self.wsgi_entry()
        # (a module naming the default app, `app = default_app()`, puts them on it)
        facts.default_shortcuts = facts.default_shortcuts and bool(facts.made) \
            and not facts.default_aliases
        runs = [name for name in self.guard_runs if name in self.bound]
        if runs and not facts.apps and not facts.default_app:
            facts.runs = runs[-1]
        if facts.default_aliases and (facts.imported_apps and not facts.made
                                      or facts.made and not facts.made & facts.default_aliases):
            # `app = default_app()` beside imported apps, or beside an app made here (its
            # own routes and error handlers: RULE-s51c class E): the default app is
            # another app, made here under its own name, the one @route and @error use
            facts.app_name = "app" if "app" in facts.default_aliases \
                else sorted(facts.default_aliases)[0]
            return updated
        own = facts.made or facts.imported_apps
        if not own and not facts.default_app and facts.aliases:
            # the module only names an app made elsewhere (`application = web.app`)
            facts.apps |= facts.aliases
            facts.app_name = "app" if "app" in facts.aliases else sorted(facts.aliases)[0]
            return updated
        if own:  # the default app's shortcuts go to the app this module has
            facts.app_name = "app" if "app" in own else sorted(own)[0]
            facts.default_app = False  # no second app: `bottle = Bottle()` takes them too
        return updated


def vendored_import(node: cst.Import, names: frozenset[str]) -> cst.Import:
    """`import lib.bottle as bottle` of the app's own copy of Bottle (`names`, its
    dotted names): spelt as Bottle (`import bottle as bottle`), so the model and the
    rules know its names, and the port drops the import as it drops Bottle's."""
    return node.with_changes(names=[
        a.with_changes(name=cst.Name("bottle"))
        if a.asname is not None and get_full_name_for_node(a.name) in names else a
        for a in node.names])


def vendored_from(node: cst.ImportFrom, names: frozenset[str]) -> cst.ImportFrom | cst.Import:
    """`from vendor.bottle import route`, `from lib import bottle (as b)` of the app's
    own copy of Bottle: `from bottle import route`, `import bottle (as b)`."""
    if node.relative or node.module is None:
        return node
    module = get_full_name_for_node(node.module)
    if module in names:  # from lib.bottle import route
        return node.with_changes(module=cst.Name("bottle"))
    if isinstance(node.names, cst.ImportStar) or not all(
            f"{module}.{a.name.value}" in names and isinstance(a.name, cst.Name)
            for a in node.names):
        return node
    return cst.Import(names=[
        cst.ImportAlias(cst.Name("bottle"), asname=a.asname if a.asname is not None
                        and get_full_name_for_node(a.asname.name) != "bottle" else None,
                        comma=a.comma) for a in node.names])


def _partial_renderer(facts: ModuleFacts, value: cst.BaseExpression
                      ) -> tuple[cst.Name, list[cst.Arg]] | None:
    """`partial(jinja2_view, template_lookup=[...])` (functools'): Bottle's render function
    and the keywords bound to it (template_lookup= only), else None."""
    if type(value) is not cst.Call or get_full_name_for_node(value.func) not in PARTIAL \
            or not value.args:
        return None
    first, rest = value.args[0], value.args[1:]
    if first.keyword is not None or first.star or type(first.value) is not cst.Name \
            or facts.api(first.value) not in RENDERERS \
            or any(a.keyword is None or a.star or a.keyword.value not in SPELT_KEYWORDS
                   for a in rest):
        return None
    return first.value, list(rest)


def _binds_only(stmt: cst.CSTNode, names: set[str]) -> bool:
    """`name = ...`, one statement on its line, binding one of these names."""
    return type(stmt) is cst.SimpleStatementLine and len(stmt.body) == 1 \
        and isinstance(assign := stmt.body[0], cst.Assign) and len(assign.targets) == 1 \
        and isinstance(target := assign.targets[0].target, cst.Name) \
        and target.value in names


def _instance_made_here(facts: ModuleFacts, value: cst.BaseExpression) -> bool:
    """`Site().bottle`, or `site.bottle` of a `site = Site()` of this module's."""
    if type(value) is not cst.Attribute:
        return False
    owner = value.value
    held = facts.held_by(owner)
    return held is not None and value.attr.value in held \
        and (type(owner) is cst.Call or type(owner) is cst.Name
             and owner.value in facts.holders)


def app_attributes(cls: cst.ClassDef, facts: ModuleFacts) -> set[str]:
    """X in `self.X = Bottle()` where __init__, or a method it calls (`self.build()`),
    runs it: every instance of the class holds that app."""
    methods = {stmt.name.value: stmt for stmt in cls.body.body
               if type(stmt) is cst.FunctionDef and stmt.params.params}
    found: set[str] = set()
    seen: set[str] = set()
    todo = ["__init__"]
    while todo:
        name = todo.pop()
        if name in seen or name not in methods:
            continue
        seen.add(name)
        visitor = _SelfAttributes(methods[name], facts)
        walk(methods[name], visitor)
        found |= visitor.apps
        todo += visitor.calls
    return found


class _SelfAttributes(cst.CSTVisitor):
    """In one method: the attributes of self it sets to an app, the methods of self it
    calls."""

    def __init__(self, method: cst.FunctionDef, facts: ModuleFacts) -> None:
        super().__init__()
        self.method, self.facts = method, facts
        self.me = method.params.params[0].name.value
        self.apps: set[str] = set()
        self.calls: list[str] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.method  # a nested function runs when it is called, if ever

    def visit_Assign(self, node: cst.Assign) -> None:
        if type(node.value) is cst.Call and self.facts.api(node.value.func) in APP_FACTORIES:
            self.apps |= {t.target.attr.value for t in node.targets
                          if type(t.target) is cst.Attribute and self._on_self(t.target)}

    def visit_Call(self, node: cst.Call) -> None:
        if type(node.func) is cst.Attribute and self._on_self(node.func):
            self.calls.append(node.func.attr.value)

    def _on_self(self, node: cst.Attribute) -> bool:
        return type(node.value) is cst.Name and node.value.value == self.me


def _decorated_by_itself(node: cst.FunctionDef | cst.ClassDef) -> bool:
    """`@get("/get") def get()`: the decorator is Bottle's, read before the def binds."""
    for d in node.decorators:
        func = d.decorator.func if type(d.decorator) is cst.Call else d.decorator
        if is_name(func, node.name.value):
            return True
    return False


# What an app's own methods call on `self` in a Bottle subclass (a class calling one of
# these on its self may be an app; one calling none is not taken for one).
SELF_APP_METHODS = APP_SHORTCUTS | {"add_route", "add_hook", "remove_hook", "error_handler",
                                    "wsgi", "catchall", "reset", "router", "routes",
                                    "trigger_hook", "match", "mounts", "plugins"}


def uses_app_methods(cls: cst.ClassDef) -> bool:
    """Whether a method of the class reads one of an app's own members on its first
    parameter (`self.route(...)`, `self.error_handler[404] = ...`)."""
    found = []

    class Find(cst.CSTVisitor):
        def __init__(self, me: str) -> None:
            super().__init__()
            self.me = me

        def visit_Attribute(self, node: cst.Attribute) -> None:
            if type(node.value) is cst.Name and node.value.value == self.me \
                    and node.attr.value in SELF_APP_METHODS:
                found.append(node)

    for stmt in cls.body.body:
        if type(stmt) is cst.FunctionDef and stmt.params.params:
            walk(stmt, Find(stmt.params.params[0].name.value))
    return bool(found)


class _Renamed(Transformer):
    """The Names given (by id) replaced by their new Names."""

    def __init__(self, names: dict[int, cst.Name]) -> None:
        super().__init__()
        self.names = names

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        return self.names.get(id(original), updated)


def read(tree: cst.Module, facts: ModuleFacts,
         readers: Mapping[str, type] = MappingProxyType({}),
         source: str | None = None, vendored: frozenset[str] = frozenset()) -> cst.Module:
    """The module spelt one way; `facts` filled in, the rules' pre-scans (`readers`, by
    rule code) among them. One walk of the module: it spells it and learns its Bottle
    names and its apps (the Reader, a rewrite walk that also reads), and keeps the
    nodes of the module so spelt (read.Trace), over which collect then calls every
    reader that needs those answers at each node. `source`: the code of
    `facts.original`, when known; `vendored`, the dotted names of the app's own copies
    of Bottle, whose imports it spells as Bottle's."""
    trace = Trace(Reader(facts, vendored), TRIVIA)
    tree = transform(tree, trace, TRIVIA)
    collect(tree, facts, readers, source, trace.events)
    return tree

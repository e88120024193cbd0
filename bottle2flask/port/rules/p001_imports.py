"""P001 imports: `from bottle import ...` and `import bottle` become Flask imports.

Two passes. `Prepare` runs first (it cannot be disabled): it learns which local
names are Bottle's, spells `bottle.route` as `route` so the other rules see one
form, and finds the app objects. `Imports` runs last: it drops the Bottle names no
rule left in use; a Bottle name still in use keeps its import under a TODO.
"""

from __future__ import annotations

import re

import libcst as cst
import libcst.matchers as m
from libcst.metadata import GlobalScope, MetadataWrapper, ScopeProvider

from ..quick import Transformer, Visitor
from ..walk import walk
from .base import APP_SHORTCUTS, PLACEHOLDER, Rule

APP_FACTORIES = {"Bottle", "default_app", "app"}
# Bottle's objects a Flask app cannot serve: a Bottle response returned or raised from a
# Flask view, Bottle's request-bound globals and route objects, Bottle's app stack (the
# Flask app is not on it). A leftover import of one is a breaking TODO.
UNSERVABLE = {"HTTPResponse", "HTTPError", "BaseResponse", "LocalResponse", "Response",
              "BaseRequest", "LocalRequest", "Request", "Route", "apps", "AppStack"}
DECORATOR_METHODS = {"route", "get", "post", "put", "delete", "patch", "error", "hook"}


class Prepare(Rule):
    code = "P001"
    summary = "learn the Bottle names; bottle.X spelt as X"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.module_alias: set[str] = set()
        self.method_alias: dict[str, cst.Attribute] = {}  # get = app.get

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if node.relative or not m.matches(node.module, m.Name("bottle")):
            return
        if isinstance(node.names, cst.ImportStar):
            self.state.bottle.update({n: n for n in STAR_NAMES})
            return
        for alias in node.names:
            name = alias.name.value
            local = alias.asname.name.value if alias.asname else name
            self.state.bottle[local] = name

    def visit_Module(self, node: cst.Module) -> None:
        self.state.read_before = names_read_outside_imports(node)
        # `def view(...)` of the module's own: bottle.view stays bottle.view, or the
        # module's view would call itself
        self.own = {stmt.name.value for stmt in node.body
                    if isinstance(stmt, cst.FunctionDef | cst.ClassDef)}
        self.classes = sum(isinstance(stmt, cst.ClassDef) for stmt in node.body)

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            if m.matches(alias.name, m.Name("bottle")):
                self.module_alias.add(alias.asname.name.value if alias.asname else "bottle")

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if isinstance(updated.value, cst.Name) and updated.value.value in self.module_alias \
                and updated.attr.value not in self.own:
            name = updated.attr.value
            self.state.bottle.setdefault(name, name)
            self.state.via_module.add(name)
            return cst.Name(name)
        return updated

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        value = updated.value
        if isinstance(value, cst.Attribute) and value.attr.value in DECORATOR_METHODS \
                and isinstance(value.value, cst.Name) \
                and value.value.value in self.state.apps | self.state.imported_apps:
            # `get = app.get`: a route decorated `@get(...)` below is app's
            self.method_alias.update({t.target.value: value for t in updated.targets
                                      if isinstance(t.target, cst.Name)})
        if self.api(updated.value) == "default_app":
            # `app = default_app` (Bottle's app stack, which `bottle app` and most servers
            # resolve to the default app): the app meant is the default app itself
            updated = updated.with_changes(value=cst.Call(func=updated.value))
        value = updated.value
        if isinstance(value, cst.Call) and not value.args \
                and isinstance(value.func, cst.Attribute) and value.func.attr.value == "push" \
                and self.api(value.func.value) in {"default_app", "app"}:
            # `app = default_app.push()`: a new app, now the default one that @route uses
            updated = updated.with_changes(value=cst.Call(func=value.func.value))
        call = updated.value
        factory = self.api(call.func) if isinstance(call, cst.Call) else None
        if isinstance(call, cst.Call) and m.matches(call.func, m.Name()) \
                and call.func.value in self.state.factories:
            # `web = make_app()`: the app that function made
            self.state.apps |= {t.target.value for t in updated.targets
                                if isinstance(t.target, cst.Name)}
        if factory in APP_FACTORIES:
            # `self.bottle = Bottle()`: `<anything>.bottle` is taken for the app
            self.state.app_attrs |= {t.target.attr.value for t in updated.targets
                                     if isinstance(t.target, cst.Attribute)}
            names = {t.target.value for t in updated.targets if isinstance(t.target, cst.Name)}
            self.state.apps |= names
            if factory == "Bottle":
                self.state.made |= names
            else:  # X = bottle.default_app(): another name for the default app
                self.state.default_aliases |= names
                self.state.default_app = True
        return updated

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        """A function that returns an app it made (`return app`, `return Bottle()`)."""
        rule = self

        class Returns(Visitor):
            found = False

            def visit_FunctionDef(self, node) -> bool:
                return node is updated  # a nested function's returns are its own

            def visit_Return(self, node: cst.Return) -> None:
                value = node.value
                if isinstance(value, cst.Call) and rule.api(value.func) == "Bottle" \
                        or isinstance(value, cst.Name) and value.value in rule.state.made:
                    self.found = True

        returns = Returns()
        walk(updated, returns)
        if returns.found:
            self.state.factories.add(updated.name.value)
        return updated

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef):
        """`class Site(Bottle)`: its instances are apps (`app = Site()`), and so is `self`
        in its methods, when no other class of the module has a `self` of its own."""
        if any(self.api(base.value) == "Bottle" for base in updated.bases):
            self.state.factories.add(updated.name.value)
            self.state.app_classes.add(updated.name.value)
            if self.classes == 1:
                self.state.apps.add("self")
        return updated

    def leave_Decorator(self, original: cst.Decorator, updated: cst.Decorator):
        func = updated.decorator.func if isinstance(updated.decorator, cst.Call) else None
        if isinstance(func, cst.Name) and func.value in self.method_alias:
            return updated.with_changes(decorator=updated.decorator.with_changes(
                func=self.method_alias[func.value]))
        if self.api(func) in APP_SHORTCUTS:
            self.state.default_app = True
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        name = self.api(updated.func)
        if name == "run" and (updated.args and updated.args[0].keyword is None
                              or any(a.keyword and a.keyword.value == "app"
                                     for a in updated.args)):
            return updated  # run(app) / run(app=api) serves that app, not the default one
        if name in {"run", "install", "mount", "merge"} | APP_SHORTCUTS \
                and not self.state.apps | self.state.imported_apps:
            self.state.default_app = True
        return updated

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        state = self.state
        for stmt in updated.body:  # `def template(...)` after `from bottle import template`
            if isinstance(stmt, cst.FunctionDef | cst.ClassDef) \
                    and not _decorated_by_itself(stmt) \
                    and state.bottle.pop(stmt.name.value, None) is not None:
                state.provided.add(stmt.name.value)  # the module's own: its import goes
        state.apps |= state.imported_apps
        state.apps |= app_parameters(updated, state.apps)
        if state.default_aliases and state.imported_apps and not state.made:
            # `app = default_app()` beside imported apps: the default app is another app,
            # made here under its own name (an imported app's name would be rebound)
            state.app_name = "app" if "app" in state.default_aliases \
                else sorted(state.default_aliases)[0]
            return updated
        own = state.made or state.imported_apps
        if own:  # the default app's shortcuts go to the app this module has
            state.app_name = "app" if "app" in own else sorted(own)[0]
            state.default_app = False  # no second app: `bottle = Bottle()` takes them too
        return updated


def _decorated_by_itself(node: cst.FunctionDef | cst.ClassDef) -> bool:
    """`@get("/get") def get()`: the decorator is Bottle's, read before the def binds."""
    for d in node.decorators:
        func = d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator
        if m.matches(func, m.Name(node.name.value)):
            return True
    return False


class Imports(Rule):
    code = "P001"
    phase = 2  # the import pass: last, over what every rule left
    summary = "Bottle imports removed; Flask imports added for what the rules used"

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        used = names_in_use(updated, self.state.via_module, self.state.provided) \
            - self.state.provided
        for name in sorted(used):  # Bottle's copies of the standard library's own
            if self.state.bottle.get(name) in STDLIB:
                module, attr = STDLIB[self.state.bottle[name]]
                if attr is None:  # `from bottle import os`: import os
                    self.need_import(module, None, None if module == name else name)
                    self.state.provided.add(name)
                else:
                    self.need_import(module, attr, None if attr == name else name)
                self.fired()
                used.discard(name)
            elif self.state.bottle.get(name) == "auth_basic":
                updated = self._auth_basic(updated, name)
                used.discard(name)
        return drop_unused(updated.visit(_Prune(self, used)), self.state.read_before)

    def _auth_basic(self, module: cst.Module, name: str) -> cst.Module:
        """Bottle's auth_basic decorator written in Flask terms, once, after the imports:
        Flask has none of its own (its docs show the same few lines)."""
        from ..shims import _after_imports
        self.fired()
        self.need_import("functools")
        self.need_import("flask", "request")
        self.need_import("werkzeug.datastructures", "WWWAuthenticate")
        self.need_import("werkzeug.exceptions", "Unauthorized")
        self.state.provided.add(name)
        return _after_imports(module, AUTH_BASIC.format(name=name))


class _Prune(Transformer):
    def __init__(self, rule: Imports, used: set[str]) -> None:
        super().__init__()
        self.rule = rule
        self.used = used
        self.imported: set[str] = set()
        self.depth = 0
        self.dropped: set[int] = set()  # ids of module-level lines dropped after leave_Module

    def visit_IndentedBlock(self, node) -> None:
        self.depth += 1

    def leave_IndentedBlock(self, original, updated):
        self.depth -= 1
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        result = self._prune(updated)
        if isinstance(result, cst.RemovalSentinel) and self.depth == 0 \
                and any(line.comment for line in updated.leading_lines):
            self.dropped.add(id(updated))  # its comments go to the next line
            return updated
        return result

    def leave_Module(self, original, updated):
        """A dropped import's comment lines (a section divider) stay, on the next line."""
        body, carried = [], []
        for stmt in updated.body:
            if id(stmt) in self.dropped:
                carried += stmt.leading_lines
                continue
            if carried:
                stmt = stmt.with_changes(leading_lines=[*carried, *stmt.leading_lines])
                carried = []
            body.append(stmt)
        return updated.with_changes(body=body, footer=[*carried, *updated.footer])

    def _prune(self, updated):
        body = updated.body
        if len(body) != 1 or not isinstance(body[0], cst.Import | cst.ImportFrom):
            return updated
        node = body[0]
        if isinstance(node, cst.ImportFrom):
            if node.relative or not m.matches(node.module, m.Name("bottle")):
                return updated
            if isinstance(node.names, cst.ImportStar):
                return self._drop_or_keep(updated, [], "bottle *")
            keep = [a for a in node.names
                    if (a.asname.name.value if a.asname else a.name.value) in self.used]
            if not keep:
                self.rule.fired()
                return cst.RemoveFromParent()
            names = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in keep]
            new = node.with_changes(names=names, lpar=None, rpar=None)
            return self._drop_or_keep(updated.with_changes(body=[new]),
                                      [a.name.value for a in keep], "")
        if all(not m.matches(a.name, m.Name("bottle")) for a in node.names):
            return updated
        keep = [a for a in node.names if not m.matches(a.name, m.Name("bottle"))
                or (a.asname.name.value if a.asname else "bottle") in self.used]
        # bottle.X was spelt X for the rules: what no rule replaced is imported by name
        left = sorted(n for n in self.rule.state.via_module & self.used
                      if self.rule.state.bottle.get(n) == n and n not in self.imported)
        self.imported |= set(left)
        if left:
            line = cst.parse_statement(f"from bottle import {', '.join(left)}\n")
            line = self._drop_or_keep(line.with_changes(
                leading_lines=updated.leading_lines), left, "")
            if not keep:
                return line
            kept = updated.with_changes(body=[node.with_changes(names=_commas(keep))])
            if any(m.matches(a.name, m.Name("bottle")) for a in keep):
                kept = self._drop_or_keep(kept, ["bottle"], "")
            return cst.FlattenSentinel([kept, line])
        if not keep:
            self.rule.fired()
            return cst.RemoveFromParent()
        kept = updated.with_changes(body=[node.with_changes(names=_commas(keep))])
        if any(m.matches(a.name, m.Name("bottle")) for a in keep):
            return self._drop_or_keep(kept, ["bottle"], "")
        self.rule.fired()  # `import bottle, os`: only os is left
        return kept

    def _drop_or_keep(self, line, names, star):
        what = ", ".join(names) or star
        text = (f"still uses Bottle's {what}: no rule converts it; replace it with the Flask "
                "equivalent (docs/PORTING-TOOLS.md) and remove this import")
        self.rule.state.todos.append(("P001", text))
        if UNSERVABLE.intersection(names):  # a Flask view cannot answer with them: a 500
            self.rule.state.breaks.add(("P001", text))
        comment = cst.EmptyLine(comment=cst.Comment(f"# TODO(kit/P001): {text}"))
        return line.with_changes(leading_lines=[*line.leading_lines, comment])


def _commas(names):
    return [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in names]


def names_in_use(module: cst.Module, asked: set[str] = frozenset(),
                 known: set[str] = frozenset()) -> set[str]:
    """The module-level names the code reads, of those the module imports from bottle
    and those `asked` (but not the `known` ones, defined otherwise now): a function's
    own `error` parameter is not a use of an imported `error` (LibCST's scope analysis
    tells them apart). Only the top-level statements that spell one of the names are
    analysed: the scope analysis of a whole large module is most of its port's time."""
    words, imports = set(asked), []
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine) and any(
                _is_bottle_import(s) for s in stmt.body):
            imports.append(stmt)
            text = module.code_for_node(stmt)
            words |= set(WORD.findall(text)) - {"from", "import", "as"} - set(known)
    if not words:
        return set()
    nested = len(BOTTLE_IMPORT.findall(module.code)) > len(imports)
    body = [stmt for stmt in module.body if stmt not in imports and (
        nested or not words.isdisjoint(WORD.findall(module.code_for_node(stmt))))]
    if not body:
        return set()
    part = module.with_changes(body=body)
    wrapper = MetadataWrapper(part, unsafe_skip_copy=True)
    scopes = {s for s in wrapper.resolve(ScopeProvider).values() if s is not None}
    found: set[str] = set()
    for scope in scopes:
        for access in scope.accesses:
            if not isinstance(access.node, cst.Name):
                continue
            referents = access.referents
            if not referents or any(isinstance(a.scope, GlobalScope) for a in referents):
                found.add(access.node.value)
    return found


WORD = re.compile(r"[A-Za-z_]\w*")
BOTTLE_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+bottle[ \t]+import|import[ \t]+bottle\b)", re.M)


def _is_bottle_import(node) -> bool:
    if isinstance(node, cst.ImportFrom):
        return not node.relative and m.matches(node.module, m.Name("bottle"))
    return isinstance(node, cst.Import) and any(m.matches(a.name, m.Name("bottle"))
                                                for a in node.names)


# Bottle names that are the standard library's under another name (bottle.py defines
# them so): imported from there instead, the call sites unchanged. (HTTP_CODES is not
# http.client.responses: 418's text differs.)
AUTH_BASIC = '''
def {name}(check, realm="private", text="Access denied"):
    """HTTP basic authentication for a view: a 401 asking for it unless
    check(user, password) passes (Bottle's auth_basic)."""

    def decorator(view):
        @functools.wraps(view)
        def wrapper(*args, **kwargs):
            auth = request.authorization
            if auth is None or auth.type != "basic" or not check(auth.username,
                                                                 auth.password):
                raise Unauthorized(text, www_authenticate=WWWAuthenticate(
                    "basic", {{"realm": realm}}))
            return view(*args, **kwargs)

        return wrapper

    return decorator
'''

# The standard library's own modules and names that `from bottle import X` reaches
# because Bottle imported them (0.12 and 0.13): imported from where they live.
STDLIB: dict[str, tuple[str, str | None]] = {
    "json_dumps": ("json", "dumps"), "json_loads": ("json", "loads"),
    "json_lds": ("json", "loads"), "datetime": ("datetime", "datetime"),
    "timedelta": ("datetime", "timedelta"), "datedate": ("datetime", "date"),
    "format_exc": ("traceback", "format_exc"), "print_exc": ("traceback", "print_exc"),
    "NamedTemporaryFile": ("tempfile", "NamedTemporaryFile"),
    "SimpleCookie": ("http.cookies", "SimpleCookie"), "Morsel": ("http.cookies", "Morsel"),
    "CookieError": ("http.cookies", "CookieError"), "normalize": ("unicodedata", "normalize"),
    "urlencode": ("urllib.parse", "urlencode"), "urljoin": ("urllib.parse", "urljoin"),
    "urlquote": ("urllib.parse", "quote"), "BytesIO": ("io", "BytesIO"),
    "getfullargspec": ("inspect", "getfullargspec"),
    **{module: (module, None) for module in (
        "base64", "calendar", "cgi", "codecs", "email", "functools", "hashlib", "hmac",
        "itertools", "mimetypes", "os", "pickle", "re", "sys", "tempfile", "threading",
        "time", "warnings", "weakref")}}


# What `from bottle import *` brings in (Bottle's __all__ is not set; these are the
# names the other rules read).
STAR_NAMES = {"Bottle", "route", "get", "post", "put", "delete", "patch", "error", "hook",
              "run", "request", "response", "template", "view", "redirect", "abort",
              "static_file", "default_app", "app", "TEMPLATE_PATH", "BaseTemplate",
              "SimpleTemplate", "HTTPResponse", "HTTPError", "mount", "install", "get_url",
              "url", "local", "debug", "json_dumps", "json_loads", "jinja2_template",
              "jinja2_view", "FormsDict", "parse_auth", "auth_basic"}


def names_read_outside_imports(module: cst.Module) -> set[str]:
    found: set[str] = set()

    class Read(cst.CSTVisitor):
        def visit_Import(self, node) -> bool:
            return False

        def visit_ImportFrom(self, node) -> bool:
            return False

        def visit_Name(self, node: cst.Name) -> None:
            found.add(node.value)

    walk(module, Read())
    return found


def drop_unused(module: cst.Module, read_before: set[str]) -> cst.Module:
    """Top-level imports the Bottle code read and the port no longer does (`import os`
    for a TEMPLATE_PATH line that became template_folder=): a maintainer deletes them,
    and a linter would flag them. An import nothing read before stays (a re-export)."""
    now = names_read_outside_imports(module) | words_in_comments(module)  # left out: kept
    exported = "__all__" in now

    def bound(alias) -> str:
        if alias.asname:
            return alias.asname.name.value
        return cst.Module([]).code_for_node(alias.name).split(".")[0]

    body = []
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) \
            and len(stmt.body) == 1 else None
        if exported or not isinstance(small, cst.Import | cst.ImportFrom) \
                or isinstance(small, cst.ImportFrom) and (
                    isinstance(small.names, cst.ImportStar) or m.matches(
                        small.module, m.Name("__future__"))):
            body.append(stmt)
            continue
        keep = [a for a in small.names
                if bound(a) not in read_before or bound(a) in now]
        if len(keep) == len(small.names):
            body.append(stmt)
        elif keep:
            keep[-1] = keep[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            body.append(stmt.with_changes(body=[small.with_changes(names=keep)]))
        elif any(line.comment for line in stmt.leading_lines):
            body.append(cst.SimpleStatementLine([cst.Expr(cst.Name(PLACEHOLDER))],
                                                leading_lines=stmt.leading_lines))
    return module.with_changes(body=body)


def words_in_comments(module: cst.Module) -> set[str]:
    """The words of the comments: a line the port commented out (a plugin under a TODO)
    still names what it needs."""
    found: set[str] = set()

    class Comments(cst.CSTVisitor):
        def visit_Comment(self, node: cst.Comment) -> None:
            found.update(re.findall(r"[A-Za-z_]\w*", node.value))

    walk(module, Comments())
    return found


def app_parameters(module: cst.Module, apps: set[str]) -> set[str]:
    """`def setup_routing(a): a.route(...)` called as `setup_routing(app)`: inside it `a`
    is the app (the route calls on it are ported), when no other line binds that name."""
    defs = {stmt.name.value: stmt for stmt in module.body if isinstance(stmt, cst.FunctionDef)}
    found: set[str] = set()

    class Calls(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            if not (isinstance(node.func, cst.Name) and node.func.value in defs):
                return
            params = defs[node.func.value].params.params
            for i, a in enumerate(node.args):
                if a.keyword is None and not a.star and i < len(params) \
                        and isinstance(a.value, cst.Name) and a.value.value in apps:
                    found.add(params[i].name.value)

    walk(module, Calls())
    if not found:
        return found
    text = cst.Module([]).code_for_node(module)
    return {name for name in found if name not in apps and not re.search(
        rf"^\s*{re.escape(name)}\s*=[^=]", text, re.M)}

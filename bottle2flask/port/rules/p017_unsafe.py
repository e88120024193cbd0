"""P017: what cannot be converted safely: flagged in place, never rewritten

- `local` (Bottle's thread-local): flask.g lives for one request only.
- Class-based registration (routes added in a loop or from a class's methods):
  flagged where `app.route(...)` is called other than as a decorator, or called by
  hand with no path on a bound method (Flask names the endpoint after the method: two
  of one name clash at start-up; with a path, P003 names the endpoint by it).
- Bottle's ConfigDict methods on `app.config` (`load_config`, `load_dict`,
  `load_module`, `meta_set`...): Flask's config has other loaders and does not
  flatten nested keys to `a.b`.
- `BaseRequest.MEMFILE_MAX = n`: in Bottle a 413 for JSON and url-encoded bodies
  above it; Flask's nearest settings are `MAX_CONTENT_LENGTH` and
  `MAX_FORM_MEMORY_SIZE`. At the top level of the module that makes the app, after
  it is made, the default port writes `app.config["MAX_CONTENT_LENGTH"] = n` in its
  place (declared D-body-limit: Flask refuses every larger body, uploads included);
  anywhere else (before the app, in a function, `--faithful`) it is flagged.
"""

from __future__ import annotations

import libcst as cst

from ..edit import arg, last_import, string_value
from ..model.facts import ROUTE_METHODS
from .base import Change, Phase, Rule

# Bottle's ConfigDict methods, which Flask's Config lacks; what to use instead.
CONFIG_METHODS = {
    "load_config": "an .ini file read with configparser: its [section] key is "
                   "'section.key' in Bottle",
    "load_dict": "app.config.update(...), but Bottle flattens nested dicts to "
                 "'a.b' keys",
    "load_module": "app.config.from_object(...), but Bottle flattens dict values to "
                   "'a.b' keys",
    "meta_set": "no Flask equivalent (filters, help text): convert the value where it "
                "is read",
    "meta_get": "no Flask equivalent",
    "meta_list": "no Flask equivalent",
}


class Unsafe(Rule):
    code = "P017"
    phase = Phase.FIRST  # flags hand-made routes before P003 rewrites them
    summary = "bottle.local, Bottle's config methods and dynamic routes flagged"
    declares = (Change("D-body-limit", "7. Body size limits",
                       "MAX_CONTENT_LENGTH refuses (413) every larger body, uploads and raw "
                       "reads included; Bottle's MEMFILE_MAX refused only JSON and "
                       "url-encoded ones"),)

    def visit_Module(self, node: cst.Module) -> None:
        # top-level statements that come after the app is made (Bottle() here, or the
        # default app, which the port makes right after the imports)
        self.after_app: set[int] = set()
        self.rewrite: int | None = None  # the MEMFILE_MAX line being rewritten
        default = self.facts.default_app and not self.facts.default_from
        first = last_import(list(node.body)) if default else len(node.body)
        made = False
        for n, stmt in enumerate(node.body):
            if made or n >= first:
                self.after_app.add(id(stmt))
            made = made or self._makes_app(stmt)

    def _makes_app(self, stmt) -> bool:
        return isinstance(stmt, cst.SimpleStatementLine) and any(
            isinstance(s, cst.Assign) and isinstance(s.value, cst.Call)
            and self.api(s.value.func) in {"Bottle", "default_app"}
            and any(isinstance(t.target, cst.Name) and t.target.value in self.facts.made
                    for t in s.targets) for s in stmt.body)

    def _memfile_max(self, node) -> bool:
        return isinstance(node, cst.Assign) and any(
            isinstance(t.target, cst.Attribute) and t.target.attr.value == "MEMFILE_MAX"
            and self.api(t.target.value) in {"BaseRequest", "LocalRequest", "request"}
            for t in node.targets)

    def visit_SimpleStatementLine(self, node) -> None:
        if not self.state.faithful and id(node) in self.after_app and self.facts.makes_app() \
                and len(node.body) == 1 and self._memfile_max(node.body[0]) \
                and len(node.body[0].targets) == 1:
            self.rewrite = id(node)

    def leave_SimpleStatementLine(self, original, updated):
        if self.rewrite != id(original):
            return updated
        self.rewrite = None
        self.fired()
        value = cst.Module([]).code_for_node(updated.body[0].value)
        line = cst.parse_statement(
            f'{self.facts.app_name}.config["MAX_CONTENT_LENGTH"] = {value}\n')
        return self.mark(line.with_changes(leading_lines=updated.leading_lines),
                         "D-body-limit")

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        func = updated.func
        if isinstance(func, cst.Attribute) and func.attr.value in CONFIG_METHODS \
                and isinstance(func.value, cst.Attribute) \
                and func.value.attr.value == "config" and self.is_app(func.value.value):
            name = func.attr.value
            self.todo(f"app.config.{name}() is Bottle's; Flask's config has no such "
                      f"method: {CONFIG_METHODS[name]}", breaks=True)
        if isinstance(func, cst.Attribute) and func.attr.value == "update" \
                and isinstance(func.value, cst.Attribute) and func.value.attr.value == "config" \
                and self.is_app(func.value.value) and updated.args \
                and not updated.args[0].keyword and not updated.args[0].star \
                and isinstance(updated.args[0].value, cst.SimpleString):
            return self._namespaced(updated)
        return updated

    def _namespaced(self, call: cst.Call) -> cst.Call:
        """Bottle's app.config.update("db", url=x): the keys under "db." (Flask's update
        would take "db" as a mapping and fail)."""
        first, rest = call.args[0].value, call.args[1:]
        prefix = string_value(first)
        if prefix is None or not rest \
                or any(not a.keyword or a.star for a in rest):
            self.todo("app.config.update(namespace, ...) is Bottle's: it prefixes each key "
                      "with 'namespace.'; Flask's update takes a mapping", breaks=True)
            return call
        self.fired()
        items = [cst.DictElement(cst.SimpleString(repr(f"{prefix.strip('.')}.{a.keyword.value}")
                                                  .replace("'", '"')), a.value)
                 for a in rest if a.keyword]
        return call.with_changes(args=[cst.Arg(cst.Dict(items))])

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        if self._memfile_max(original) and self.rewrite is None:
            self.todo("MEMFILE_MAX is Bottle's: JSON and url-encoded bodies above it "
                      "are a 413 (Flask reads them whole); for a limit set "
                      "app.config['MAX_CONTENT_LENGTH'] or MAX_FORM_MEMORY_SIZE")
        return updated

    def leave_Name(self, original: cst.Name, updated: cst.Name):
        if self.api(updated) == "local":
            self.todo("bottle.local is per thread; flask.g is per request: check what "
                      "is kept in it")
        return updated

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr):
        call = updated.value
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Call) \
                and self._is_route(call.func.func) and call.args \
                and not isinstance(call.args[0].value, cst.Name) \
                and arg(call.func, 0, "path") is None:  # with one, P003 names it by it
            self.todo("a route registered by calling app.route(...)(obj.method): Flask "
                      "names the endpoint after the method, so two methods of one name "
                      "(on two objects) clash at start-up: give each an endpoint=")
        elif isinstance(call, cst.Call) and self._is_route(call.func) and (
                any(a.star for a in call.args) or arg(call, 2, "callback") is None
                and len(call.args) > 2):  # with a callback: add_url_rule (P003)
            self.todo("app.route(path, method, callback): use app.add_url_rule(path, "
                      "view_func=callback, methods=[...])")
        return updated

    def _is_route(self, func) -> bool:
        return isinstance(func, cst.Attribute) and self.is_app(func.value) \
            and func.attr.value in ROUTE_METHODS

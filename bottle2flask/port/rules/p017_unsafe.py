"""P017: what cannot be converted safely: flagged in place, never rewritten

- `local` (Bottle's thread-local): flask.g lives for one request only.
- Class-based registration (routes added in a loop or from a class's methods):
  flagged where `app.route(...)` is called other than as a decorator, or called by
  hand with no path on a bound method (Flask names the endpoint after the method: two
  of one name clash at start-up; with a path, P003 names the endpoint by it).
- Bottle's ConfigDict methods on `app.config`. `load_dict()` of a literal dict is
  written as `app.config.update({...})` with its nested keys flattened to `a.b` as
  Bottle does (the same keys: no TODO); `load_module(name, squash=False)` is Flask's
  `app.config.from_object(name)` (the module's upper-case names as they are). What
  Flask's config cannot say (`load_dict()` of a computed dict, `load_module()` flattening
  the dicts among the names, `load_config()` of an .ini file, the meta fields
  `meta_set`, `meta_get`, `meta_list`) is kept by `bottle_config.py`, a helper the port
  copies (port/compat/bottle_config.py), under a TODO naming Flask's way:

      app.config.load_dict({"db": {"url": u}})  ->  app.config.update({"db.url": u})
      app.config.load_dict(settings)            ->  bottle_config.load_dict(app.config, settings)
      app.config.load_config("app.ini")         ->  bottle_config.load_config(app.config, "app.ini")
- `BaseRequest.MEMFILE_MAX = n`: in Bottle a 413 for JSON and url-encoded bodies
  above it; Flask's nearest settings are `MAX_CONTENT_LENGTH` and
  `MAX_FORM_MEMORY_SIZE`. At the top level of the module that makes the app, after
  it is made, the default port writes `app.config["MAX_CONTENT_LENGTH"] = n` in its
  place (declared D-body-limit: Flask refuses every larger body, uploads included);
  anywhere else (before the app, in a function, `--faithful`) it is flagged.
"""

from __future__ import annotations

import json

import libcst as cst

from ..edit import arg, last_import, string_value
from ..model.facts import ROUTE_METHODS
from .base import Candidate, Change, Companion, Declare, Edit, EditRule, Import, Phase

# Bottle's ConfigDict methods, which Flask's Config lacks: what bottle_config.py keeps
# of each, and Flask's way.
CONFIG_METHODS = {
    "load_config": "an .ini file, its [section] key as 'section.key': Flask's way is a "
                   "TOML file, app.config.from_file(path, load=tomllib.load, text=False)",
    "load_dict": "nested dicts as 'a.b' keys: Flask's way is app.config.from_mapping(...) "
                 "with upper-case keys, a nested value read as a dict",
    "load_module": "the module's upper-case names, dict values flattened to 'a.b' "
                   "keys: Flask's way is app.config.from_object(name)",
    "meta_set": "Flask's config keeps no meta fields (help text, filters): convert a "
                "value where it is read",
    "meta_get": "Flask's config keeps no meta fields (help text, filters)",
    "meta_list": "Flask's config keeps no meta fields (help text, filters)",
}
HELPER = Companion.CONFIG  # port/compat/bottle_config.py


class Unsafe(EditRule):
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

    def edit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> Edit | None:
        self.rewrite = None
        assign = node.body[0] if len(node.body) == 1 else None
        if not (not self.state.faithful and id(node) in self.after_app
                and self.facts.makes_app() and isinstance(assign, cst.Assign)
                and self._memfile_max(assign) and len(assign.targets) == 1):
            return None
        self.rewrite = id(node)  # (its Assign is no TODO)
        line = cst.parse_statement(f'{self.facts.app_name}.config["MAX_CONTENT_LENGTH"] = 0\n')
        assert isinstance(line, cst.SimpleStatementLine)
        limit = line.body[0]
        assert isinstance(limit, cst.Assign)
        # the value as the walk made it, where the 0 stands
        line = line.with_changes(body=[limit.with_changes(value=assign.value)],
                                 leading_lines=node.leading_lines)
        return Edit(node, (Candidate(line, declares=(Declare("D-body-limit"),)),))

    def edit_Call(self, node: cst.Call) -> Edit | None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in CONFIG_METHODS \
                and isinstance(func.value, cst.Attribute) \
                and func.value.attr.value == "config" and self.is_app(func.value.value):
            return self._config_method(node, func.value, func.attr.value)
        if isinstance(func, cst.Attribute) and func.attr.value == "update" \
                and isinstance(func.value, cst.Attribute) and func.value.attr.value == "config" \
                and self.is_app(func.value.value) and node.args \
                and not node.args[0].keyword and not node.args[0].star \
                and isinstance(node.args[0].value, cst.SimpleString):
            return self._namespaced(node)
        return None

    def _config_method(self, call: cst.Call, config: cst.Attribute, name: str) -> Edit:
        """Bottle's ConfigDict method on app.config: in Flask's terms where they give the
        same keys, else bottle_config's function of the same name on the config."""
        if name == "load_dict":
            flat = _flattened(call)
            if flat is not None:
                return Edit(call, (Candidate(call.with_changes(
                    func=cst.Attribute(config, cst.Name("update")), args=[cst.Arg(flat)])),))
        given, squash = arg(call, 0, "name"), arg(call, 1, "squash")
        if name == "load_module" and given is not None and len(call.args) == 2 \
                and squash is not None and isinstance(squash.value, cst.Name) \
                and squash.value.value == "False":
            # the module's upper-case names, as they are: Flask's own loader
            return Edit(call, (Candidate(call.with_changes(
                func=cst.Attribute(config, cst.Name("from_object")),
                args=[given.with_changes(comma=cst.MaybeSentinel.DEFAULT)])),))
        return Edit(call, (Candidate(call.with_changes(
            func=cst.Attribute(cst.Name(HELPER.value), cst.Name(name)),
            args=[cst.Arg(config, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                  *call.args]),
            imports=(Import(HELPER.value, companion=HELPER),),
            todo=f"app.config.{name}() kept by {HELPER.value}.py: {CONFIG_METHODS[name]}"),))

    def _namespaced(self, call: cst.Call) -> Edit:
        """Bottle's app.config.update("db", url=x): the keys under "db." (Flask's update
        would take "db" as a mapping and fail)."""
        first, rest = call.args[0].value, call.args[1:]
        prefix = string_value(first)
        if prefix is None or not rest \
                or any(not a.keyword or a.star for a in rest):
            return Edit(call, (Candidate(
                todo="app.config.update(namespace, ...) is Bottle's: it prefixes each key "
                "with 'namespace.'; Flask's update takes a mapping", breaks=True),), fired=0)
        items = [cst.DictElement(cst.SimpleString(repr(f"{prefix.strip('.')}.{a.keyword.value}")
                                                  .replace("'", '"')), a.value)
                 for a in rest if a.keyword]
        return Edit(call, (Candidate(call.with_changes(args=[cst.Arg(cst.Dict(items))])),))

    def edit_Assign(self, node: cst.Assign) -> Edit | None:
        if self._memfile_max(node) and self.rewrite is None:
            return Edit(node, (Candidate(
                todo="MEMFILE_MAX is Bottle's: JSON and url-encoded bodies above it "
                "are a 413 (Flask reads them whole); for a limit set "
                "app.config['MAX_CONTENT_LENGTH'] or MAX_FORM_MEMORY_SIZE"),), fired=0)
        return None

    def edit_Name(self, node: cst.Name) -> Edit | None:
        if self.api(node) == "local":
            return Edit(node, (Candidate(todo="bottle.local is per thread; flask.g is per "
                                         "request: check what is kept in it"),), fired=0)
        return None

    def edit_Expr(self, node: cst.Expr) -> Edit | None:
        call = node.value
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Call) \
                and self._is_route(call.func.func) and call.args \
                and not isinstance(call.args[0].value, cst.Name) \
                and arg(call.func, 0, "path") is None:  # with one, P003 names it by it
            return Edit(node, (Candidate(
                todo="a route registered by calling app.route(...)(obj.method): Flask "
                "names the endpoint after the method, so two methods of one name "
                "(on two objects) clash at start-up: give each an endpoint="),), fired=0)
        if isinstance(call, cst.Call) and self._is_route(call.func) and (
                any(a.star for a in call.args) or arg(call, 2, "callback") is None
                and len(call.args) > 2):  # with a callback: add_url_rule (P003)
            return Edit(node, (Candidate(
                todo="app.route(path, method, callback): use app.add_url_rule(path, "
                "view_func=callback, methods=[...])"),), fired=0)
        return None

    def _is_route(self, func) -> bool:
        return isinstance(func, cst.Attribute) and self.is_app(func.value) \
            and func.attr.value in ROUTE_METHODS


def _flattened(call: cst.Call) -> cst.Dict | None:
    """load_dict(literal[, namespace literal])'s one dict of "a.b" keys, as Bottle writes
    them; None for anything else (a computed dict or key, a ** in it)."""
    source, namespace = arg(call, 0, "source"), arg(call, 1, "namespace")
    prefix = string_value(namespace.value) if namespace is not None else ""
    if source is None or prefix is None or len(call.args) != 1 + (namespace is not None) \
            or not isinstance(source.value, cst.Dict):
        return None
    elements: list[cst.DictElement] = []

    def flatten(node: cst.Dict, outer: str) -> bool:
        for element in node.elements:
            key = string_value(element.key) if isinstance(element, cst.DictElement) else None
            if key is None or not isinstance(element, cst.DictElement):
                return False
            full = f"{outer}.{key}".strip(".")
            if isinstance(element.value, cst.Dict):
                if not flatten(element.value, full):
                    return False
            else:
                elements.append(cst.DictElement(
                    cst.SimpleString(json.dumps(full)), element.value,
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))))
        return True

    if not flatten(source.value, prefix):
        return None
    if elements:
        elements[-1] = elements[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return cst.Dict(elements)

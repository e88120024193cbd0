"""Bottle values handed to a function of another of the app's modules, read at the calls.

    # app.py                              # api.py (imports nothing of Bottle)
    from api import put                   def put(request):
    put(request)                              return request.forms.get("time")

    server = Server(8080)                 # helpers.py
    init_routes(server)                   def init_routes(app):
                                              app._app.route("/", callback=app.home)

Inside `put`, `request` is Bottle's request, so its reads are ported as the view's are
(P004); inside `init_routes`, `app` is an instance of a class whose `__init__` makes
`self._app = Bottle()`, so `app._app` is the app and its route calls are ported (and
where the call hands the app itself, `init_routes(app)`, `app` is the app there). A
parameter is known by its name across its module, as the model's `app_parameters` knows
one within a module (and, as there, not a name some line of the module assigns);
what the function is given in turn is followed too. An app handed to a class that
keeps it (`HomeController(app)`, `self.app = app` in its `__init__` or its base's) makes
`self.app` an app in the modules of the classes on that chain (`app_holders`); Bottle's
request handed so (`Controller(request)`, `self.request = request`) makes `self.request`
the request there (`request_holders`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import libcst as cst

from ..walk import walk

if TYPE_CHECKING:
    from .app import ModuleApps
    from .facts import ModuleFacts


@dataclass
class Handed:
    """What one module's functions are handed by the calls of the app's other modules."""

    requests: set[str] = field(default_factory=set)  # parameters given Bottle's request
    apps: set[str] = field(default_factory=set)  # parameters given an app
    holders: dict[str, set[str]] = field(default_factory=dict)  # parameter -> app attributes
    # the modules whose calls hand its functions an app (or an instance holding one)
    apps_from: set[Path] = field(default_factory=set)


def handed(modules: dict[Path, ModuleApps]) -> dict[Path, Handed]:
    """Per module, the parameters of its functions that calls in other modules hand
    Bottle's request or an instance holding an app; followed until nothing is added."""
    found: dict[Path, Handed] = {rel: Handed() for rel in modules}
    changed = True
    while changed:
        changed = False
        for rel, m in modules.items():
            if m.tree is None or m.facts is None:
                continue
            calls = _Calls(rel, m, found[rel], modules)
            for call in m.facts.calls:  # (the model's read walk met them in this order)
                calls.visit_Call(call)
            for target, function, param, value in calls.found:
                other = modules.get(target)
                if other is None or other.tree is None:
                    continue
                name = _parameter(other.tree, function, param)
                assert other.facts is not None  # (a module read has its facts)
                if name is None or name in other.facts.bound_names:
                    continue  # a name some line binds is not only the parameter
                into = found[target]
                if value is not None and target != rel and rel not in into.apps_from:
                    into.apps_from.add(rel)
                    changed = True
                if value == "app":
                    if name not in into.apps:
                        into.apps.add(name)
                        changed = True
                elif value is None:
                    if name not in into.requests:
                        into.requests.add(name)
                        changed = True
                elif isinstance(value, set) and not value <= into.holders.get(name, set()):
                    into.holders[name] = into.holders.get(name, set()) | value
                    changed = True
    return {rel: h for rel, h in found.items() if h.requests or h.holders or h.apps}


class _Calls(cst.CSTVisitor):
    """Calls of another module's function (`put(...)` from `from api import put` or
    `from api import *`, `helpers.init_routes(...)` from `import helpers`), or of the
    module's own that hands on what it was handed, and the Bottle values they hand:
    (module, function, position or keyword, None for the request, "app" for an app
    (`init_routes(app)`, `init_controllers(self.bottle)`) or the app attributes of a
    holder)."""

    def __init__(self, rel: Path, m: ModuleApps, given: Handed,
                 modules: dict[Path, ModuleApps]) -> None:
        super().__init__()
        self.rel, self.m, self.given, self.modules = rel, m, given, modules
        facts = m.facts
        assert facts is not None
        self.requests = {local for local, name in facts.bottle.items() if name == "request"} \
            | given.requests
        self.holders = {**facts.imported_holders, **facts.holders, **given.holders}
        self.found: list[tuple[Path, str, int | str, set[str] | str | None]] = []
        assert m.tree is not None
        self.defs = {stmt.name.value for stmt in m.tree.body
                     if isinstance(stmt, cst.FunctionDef)}

    def starred(self, name: str) -> Path | None:
        """The module imported with * that defines function `name`, else None."""
        return next((rel for rel in sorted(self.m.stars)
                     if (other := self.modules.get(rel)) is not None
                     and _defines(other.tree, name)), None)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Name) and func.value in self.defs:
            target, function = self.rel, func.value  # a function of its own, handed on
        elif isinstance(func, cst.Name) and func.value in self.m.imports:
            target, function = self.m.imports[func.value]
        elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) \
                and func.value.value in self.m.modules:
            target, function = self.m.modules[func.value.value], func.attr.value
        elif isinstance(func, cst.Name) and (star := self.starred(func.value)) is not None:
            target, function = star, func.value  # `from api import *`
        else:
            return
        facts = self.m.facts
        assert facts is not None
        for i, a in enumerate(node.args):
            where: int | str = a.keyword.value if a.keyword else i
            if not a.star and (facts.is_app(a.value) or isinstance(a.value, cst.Name)
                               and a.value.value in self.given.apps):
                self.found.append((target, function, where, "app"))
                continue
            if a.star or not isinstance(a.value, cst.Name):
                continue
            value = a.value.value
            if value in self.requests:
                self.found.append((target, function, where, None))
            elif value in self.holders:
                self.found.append((target, function, where, set(self.holders[value])))


def _defines(tree: cst.Module | None, name: str) -> bool:
    return tree is not None and any(isinstance(stmt, cst.FunctionDef)
                                    and stmt.name.value == name for stmt in tree.body)


def _parameter(tree: cst.Module, function: str, where: int | str) -> str | None:
    """The name of the parameter of the module's top-level function `function` that a
    call's argument at `where` (a position or a keyword) fills, else None."""
    for stmt in tree.body:
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value == function:
            params = [*stmt.params.posonly_params, *stmt.params.params]
            if isinstance(where, int):
                return params[where].name.value if where < len(params) else None
            names = {p.name.value for p in [*params, *stmt.params.kwonly_params]}
            return where if where in names else None
    return None


def app_holders(modules: dict[Path, ModuleApps],
                sources: dict[Path, set[Path]] | None = None,
                fresh: dict[Path, set[str]] | None = None) -> dict[Path, set[str]]:
    """Per module, the attributes its classes keep an app in when a call hands the app
    to a class (`HomeController(app)` in any module, `self.app = app` in its `__init__` or
    in the `__init__` of a base it hands the app on to, `super().__init__(app)`): each
    class on that chain routes on `self.app` in its methods, so its module knows the
    attribute as an app's, as it knows `self.app = Bottle()`. `sources`, given, gets
    per module the modules whose calls hand its classes the app. `fresh`, given, reads
    only the calls that hand on `self.X` of these attributes, per module (those a first
    reading found: `Home(self.bottle)` in a method of the class handed the app)."""
    found: dict[Path, set[str]] = {}
    for rel, m in modules.items():
        if fresh is not None and not fresh.get(rel):
            continue
        if m.tree is not None and m.facts is not None:
            handing = _AppsHanded(modules, rel, m.facts, found, sources=sources,
                                  only=None if fresh is None else fresh[rel])
            for call in m.facts.calls:  # (the model's read walk met them in this order)
                handing.visit_Call(call)
    return {rel: attrs for rel, attrs in found.items() if attrs}


def request_holders(modules: dict[Path, ModuleApps]) -> dict[Path, set[str]]:
    """Per module, the attributes its classes keep Bottle's request in when a call hands
    the request to a class (`Controller(request)`, `self.request = request` in its
    `__init__` or its base's): in that module's methods `self.request.forms` is the
    request's, though the module imports nothing of Bottle."""
    found: dict[Path, set[str]] = {}
    for rel, m in modules.items():
        if m.tree is not None and m.facts is not None:
            handing = _AppsHanded(modules, rel, m.facts, found, request=True)
            for call in m.facts.calls:
                handing.visit_Call(call)
    return {rel: attrs for rel, attrs in found.items() if attrs}


class _AppsHanded(cst.CSTVisitor):
    """Calls of the app's classes (`HomeController(app)`) that hand them an app (or,
    `request`, Bottle's request: `Controller(request)`)."""

    def __init__(self, modules: dict[Path, ModuleApps], rel: Path, facts: ModuleFacts,
                 found: dict[Path, set[str]], request: bool = False,
                 sources: dict[Path, set[Path]] | None = None,
                 only: set[str] | None = None) -> None:
        super().__init__()
        self.modules, self.rel, self.facts, self.found = modules, rel, facts, found
        self.request, self.sources, self.only = request, sources, only
        self.looped: dict[str, list[str]] | None = None  # (read at the first call handing)

    def hands(self, value: cst.BaseExpression) -> bool:
        if self.request:
            return isinstance(value, cst.Name) and self.facts.api(value) == "request"
        if self.only is not None:  # only `self.X` of these attributes
            return isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) \
                and value.value.value == "self" and value.attr.value in self.only
        return self.facts.is_app(value)

    def visit_Call(self, node: cst.Call) -> None:
        if not isinstance(node.func, cst.Name):
            return
        handed = [a.keyword.value if a.keyword else i for i, a in enumerate(node.args)
                  if not a.star and self.hands(a.value)]
        if not handed:  # most calls hand no app: no class is looked for
            return
        targets = [found for name in self.classes(node.func.value)
                   if (found := _class(self.modules, self.rel, name)) is not None]
        for target in targets:
            self.hand(target, handed)

    def classes(self, name: str) -> list[str]:
        """The classes a call of `name` makes: the class itself, or each class of the
        tuple a loop takes it from (`for controller in (Items, Users)`, or a module's
        `CONTROLLERS = (Items, Users)`: `controller(app)`)."""
        if self.looped is None:
            m = self.modules[self.rel]
            self.looped = _looped(m.tree, m.facts.loops) \
                if m.tree is not None and m.facts is not None else {}
        return self.looped.get(name, [name])

    def hand(self, target: tuple[Path, cst.ClassDef], handed: list[int | str]) -> None:
        for where in handed:
            kept: dict[Path, set[str]] = {}
            _hand(self.modules, *target, where, kept, set())
            for rel, attrs in kept.items():
                self.found.setdefault(rel, set()).update(attrs)
                if self.sources is not None and rel != self.rel:
                    self.sources.setdefault(rel, set()).add(self.rel)


def _looped(tree: cst.Module, loops: list[tuple[str, cst.BaseExpression]]
            ) -> dict[str, list[str]]:
    """The names a module's `for` loops (`loops`, the model's: ModuleFacts.loops) take
    from a tuple or list of names (written there, or bound to a module-level name):
    name -> those names, in order."""
    bound = {t.target.value: elements for stmt in tree.body
             if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
             and isinstance(assign := stmt.body[0], cst.Assign)
             and (elements := _names_of(assign.value)) is not None
             for t in assign.targets if isinstance(t.target, cst.Name)}
    found: dict[str, list[str]] = {}
    for target, iterable in loops:
        names = _names_of(iterable)
        if names is None and isinstance(iterable, cst.Name):
            names = bound.get(iterable.value)
        if names:
            found.setdefault(target, []).extend(n for n in names
                                                if n not in found.get(target, []))
    return found


def _names_of(node: cst.BaseExpression) -> list[str] | None:
    """The names a tuple or list written of names holds, else None."""
    if not isinstance(node, cst.Tuple | cst.List) or not node.elements:
        return None
    names = [e.value.value for e in node.elements if isinstance(e.value, cst.Name)]
    return names if len(names) == len(node.elements) else None


def _class(modules: dict[Path, ModuleApps], rel: Path,
           name: str) -> tuple[Path, cst.ClassDef] | None:
    """The class `name` means in module `rel`: its own, or one it imports from another
    of the app's modules; else None."""
    m = modules.get(rel)
    if m is None or m.tree is None:
        return None
    for stmt in m.tree.body:
        if isinstance(stmt, cst.ClassDef) and stmt.name.value == name:
            return rel, stmt
    if name in m.imports:
        target, imported = m.imports[name]
        if target != rel:
            return _class(modules, target, imported)
    return None


def _hand(modules: dict[Path, ModuleApps], rel: Path, cls: cst.ClassDef, where: int | str,
          found: dict[Path, set[str]], seen: set[tuple[Path, str]]) -> set[str]:
    """The attributes class `cls` (and the bases it hands the app to) keep the app in,
    handed at `where` of its call (a position after `self`, or a keyword); added to
    `found` for each class's module."""
    if (rel, cls.name.value) in seen:
        return set()
    seen.add((rel, cls.name.value))
    base = next((b.value for b in cls.bases if b.keyword is None
                 and isinstance(b.value, cst.Name)), None)
    parent = _class(modules, rel, base.value) if isinstance(base, cst.Name) else None
    init = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef)
                 and s.name.value == "__init__"), None)
    attrs: set[str] = set()
    if init is None:  # the base's __init__ takes the same arguments
        if parent is not None:
            attrs |= _hand(modules, *parent, where, found, seen)
    else:
        params = [*init.params.posonly_params, *init.params.params][1:]
        if isinstance(where, int):
            name = params[where].name.value if where < len(params) else None
        else:
            names = {p.name.value for p in [*params, *init.params.kwonly_params]}
            name = where if where in names else None
        if name is not None:
            kept = _Kept(name)
            walk(init, kept)
            attrs |= kept.attrs
            for position in kept.handed_on if parent is not None else []:
                assert parent is not None
                attrs |= _hand(modules, *parent, position, found, seen)
    if attrs:
        found.setdefault(rel, set()).update(attrs)
    return attrs


class _Kept(cst.CSTVisitor):
    """In an `__init__`, the attributes `self.X = name` sets, and the positions at which
    `super().__init__(...)` hands `name` on to the base."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.attrs: set[str] = set()
        self.handed_on: list[int | str] = []

    def visit_Assign(self, node: cst.Assign) -> None:
        if isinstance(node.value, cst.Name) and node.value.value == self.name:
            self.attrs |= {t.target.attr.value for t in node.targets
                           if isinstance(t.target, cst.Attribute)
                           and isinstance(t.target.value, cst.Name)
                           and t.target.value.value == "self"}

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "__init__"
                and isinstance(func.value, cst.Call) and isinstance(func.value.func, cst.Name)
                and func.value.func.value == "super"):
            return
        for i, a in enumerate(node.args):
            if not a.star and isinstance(a.value, cst.Name) and a.value.value == self.name:
                self.handed_on.append(a.keyword.value if a.keyword else i)

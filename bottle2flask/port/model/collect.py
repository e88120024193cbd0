"""One read-only walk over a module spelt the model's way (model/reading.py): its views
and the decorators around them, its routes, what it attaches to an app, the route
filters it adds, the decorators it defines that rename what they wrap, what it imports,
and every name it spells."""

from __future__ import annotations

import libcst as cst
from libcst.helpers import get_full_name_for_node

from ..edit import arg, string_value
from ..walk import walk
from .facts import (
    ATTACHING,
    ROUTE_METHODS,
    TEMPLATE_CALLS,
    Attachment,
    ModuleFacts,
    Route,
    View,
)


def decorator_root(node: cst.BaseExpression) -> str | None:
    """`view` for @view(...), @view, @utils.view(...): the name it starts from."""
    node = node.func if isinstance(node, cst.Call) else node
    while isinstance(node, cst.Attribute):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def route_rules(call: cst.Call) -> tuple[str | None, ...]:
    """The rules a route call registers: one string, each string of a list or tuple
    (`@get(['/', '/doc'])`), None where one is not a literal; () for no path at all."""
    given = arg(call, 0, "path")
    if given is None:
        return ()
    value = given.value
    if isinstance(value, cst.List | cst.Tuple):
        return tuple(string_value(e.value) if isinstance(e, cst.Element) else None
                     for e in value.elements)
    return (string_value(value),)


def route_name(call: cst.Call) -> str | None:
    """A route call's name= (route(path, method, callback, name)): None when not given,
    "" when not a literal."""
    given = arg(call, 3, "name")
    return None if given is None else string_value(given.value) or ""


def callee(node: cst.BaseExpression) -> str | None:
    """The function a route call registers: `page`, `self.page` (its name), else None."""
    if isinstance(node, cst.Name):
        return node.value
    return node.attr.value if isinstance(node, cst.Attribute) else None


class Collect(cst.CSTVisitor):
    def __init__(self, facts: ModuleFacts, lines: dict[int, int]) -> None:
        super().__init__()
        self.facts = facts
        self.lines = lines  # id(statement) -> line, for the module's top-level statements
        self.words: set[str] = set()
        self.depth = 0  # functions and classes around the node
        self.line = 0

    def visit_Name(self, node: cst.Name) -> None:
        self.words.add(node.value)

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self.line = self.lines.get(id(node), self.line)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.line = self.lines.get(id(node), self.line)
        self.depth += 1

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self.depth -= 1

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.line = self.lines.get(id(node), self.line)
        facts = self.facts
        routes = [i for i, d in enumerate(node.decorators) if isinstance(d.decorator, cst.Call)
                  and facts.app_method(d.decorator.func) in ROUTE_METHODS]
        for i in routes:
            call = node.decorators[i].decorator
            assert isinstance(call, cst.Call)
            method = facts.app_method(call.func)
            assert method is not None
            facts.routes.append(Route(method, route_rules(call), node.name.value, self.line,
                                      name=route_name(call)))
        if routes:
            inner = tuple(root for d in node.decorators[routes[-1] + 1:]
                          if (root := decorator_root(d.decorator)) is not None)
            facts.views.append(View(node.name.value, self.line, inner, self.depth == 0))
        if self.depth == 0 and renames(node):
            facts.renaming_decorators.add(node.name.value)
        self.depth += 1

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth -= 1

    def visit_Call(self, node: cst.Call) -> None:
        facts = self.facts
        func = node.func
        if facts.api(func) in TEMPLATE_CALLS:
            name = string_value(node.args[0].value) if node.args else None
            if name is not None:
                facts.templates_named.add(name)
            elif node.args:
                facts.templates_computed = True
        method = facts.app_method(func)
        if method in ROUTE_METHODS and arg(node, 2, "callback") is not None:
            callback = arg(node, 2, "callback")
            assert callback is not None
            facts.routes.append(Route(method, route_rules(node), callee(callback.value),
                                      self.line, by_call=True, name=route_name(node)))
        elif isinstance(func, cst.Call) and node.args \
                and (by_hand := facts.app_method(func.func)) in ROUTE_METHODS:
            # app.route(path)(view), app.get(path)(self.page): the decorator called by hand
            assert by_hand is not None
            facts.routes.append(Route(by_hand, route_rules(func), callee(node.args[0].value),
                                      self.line, by_call=True, name=route_name(func)))
        elif method in ATTACHING:
            app = (get_full_name_for_node(func.value) or "?") \
                if isinstance(func, cst.Attribute) else "default app"
            facts.attachments.append(Attachment(method, app, self.line))
        if isinstance(func, cst.Attribute) and func.attr.value == "add_filter" \
                and isinstance(func.value, cst.Attribute) and func.value.attr.value == "router" \
                and (facts.is_app(func.value.value) or _default_app_call(facts, func.value.value)):
            name = string_value(node.args[0].value) if node.args else None
            if name is not None:
                facts.filters_added.add(name)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if isinstance(node.names, cst.ImportStar):
            return
        module = get_full_name_for_node(node.module) if node.module else ""
        for alias in node.names:
            local = alias.asname.name if alias.asname else alias.name
            if isinstance(local, cst.Name) and isinstance(alias.name, cst.Name):
                self.facts.imports[local.value] = (module or "", alias.name.value,
                                                   len(node.relative))

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            dotted = get_full_name_for_node(alias.name) or ""
            local = alias.asname.name if alias.asname else None
            name = local.value if isinstance(local, cst.Name) else dotted.split(".")[0]
            self.facts.imports[name] = (dotted if local else name, None, 0)


def _default_app_call(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and not node.args \
        and facts.api(node.func) in {"default_app", "app"}


def renames(func: cst.FunctionDef) -> bool:
    """A decorator whose wrapper Flask would see under the wrapper's own name: it defines
    a function and returns it (at any depth: a decorator factory), and nothing in it is
    decorated with functools.wraps (or update_wrapper called)."""
    inner: set[str] = set()
    returned: set[str] = set()
    kept = False

    class Find(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            nonlocal kept
            if node is not func:
                inner.add(node.name.value)
            for d in node.decorators:
                if decorator_root(d.decorator) in {"wraps", "functools"}:
                    kept = True

        def visit_Call(self, node: cst.Call) -> None:
            nonlocal kept
            name = get_full_name_for_node(node.func) or ""
            if name.split(".")[-1] in {"update_wrapper", "wraps"}:
                kept = True

        def visit_Return(self, node: cst.Return) -> None:
            if isinstance(node.value, cst.Name):
                returned.add(node.value.value)
            elif isinstance(node.value, cst.Lambda):
                returned.add("<lambda>")
                inner.add("<lambda>")

    walk(func, Find())
    return not kept and bool(inner & returned)


def collect(tree: cst.Module, facts: ModuleFacts) -> None:
    """Fill in what a walk of the (spelt) module finds."""
    # each top-level statement's first line, counted from its code (position metadata
    # would cost a whole metadata pass for one number a statement)
    lines: dict[int, int] = {}
    line = 1 + len(tree.header)
    for stmt in tree.body:
        lines[id(stmt)] = line + len(stmt.leading_lines)
        line += tree.code_for_node(stmt).count("\n")
    visitor = Collect(facts, lines)
    walk(tree, visitor)
    facts.words = frozenset(visitor.words)

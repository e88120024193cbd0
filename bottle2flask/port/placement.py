"""Changes the port makes where the app is made: `Flask(...)`'s keyword arguments
(template_folder, static_folder) and lines right after it (a Jinja loader, converter
registrations, bottle_compat's install()), in any scope: the module, a factory, a
method; made in the walk of the LAST phase (PostSteps)."""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable

import libcst as cst

from .contract import PortState
from .edit import (
    REMOVE,
    PlaceAfterApp,
    Remove,
    app_target,
    is_flask_call,
    is_flask_init,
    kw,
    names_assigned,
    names_bound,
    template_statement,
    walk,
)
from .rules.base import declared_mark


class PostSteps(PlaceAfterApp):
    """The post-steps that change the module where its app is, in the walk of the LAST
    phase (passes.run, ahead of leftovers.Flag and P001's prune): `Flask(__name__,
    ...)` with the options the rules asked for (AppOption), the declared changes that
    belong to the app (AppDeclared) marked on its line, and the statements of `calls`
    placed after it (edit.py's after_app_calls: the statements the rules asked for, each
    rule's statements_after_app(), bottle_compat's install() and Bottle's answers; the
    last asked first). Whether there is a statement to place them after is known before
    (has_app()): each asker has its own answer where there is none. As the walk leaves
    the module, the options' names are defined first (_defined_first) and `then` adds
    what goes on the module's statement lists (each rule's finish()...).

    What it adds is read as it is added (the names it reads, the words of its comments:
    PortState.placed_reads and placed_uses), for P001, which reads the module before
    this walk places anything: read() gives what the statements to place will read,
    before the walk."""

    def __init__(self, context, state: PortState, app_name: str,
                 calls: list[tuple[list[str], dict[str, cst.BaseExpression]]],
                 shims: list[tuple[list[str], dict[str, cst.BaseExpression]]],
                 makers: frozenset[str], then: Callable[[cst.Module], cst.Module],
                 last: Callable[[cst.Module], cst.Module]) -> None:
        super().__init__(app_name, calls + shims, makers)
        self.context, self.state, self.then, self.last = context, state, then, last
        self.rules_calls, self.shims = calls, shims
        requests = state.requests
        self.options = {option.value: value for option, value in requests.app_options.items()}
        # the app's own line changes (else the Flask call is left as written)
        self.at_app = bool(self.options or requests.app_declared)

    hands_on = True  # what it places, the walkers after it walk (passes.Walk.hand_on)

    def wanted(self) -> bool:
        """Whether it changes anything below the module's own statement list."""
        return bool(self.calls or self.at_app)

    # passes.Walk's hooks around a statement: nothing noted here
    def open_notes(self) -> None:
        pass

    def close_notes(self, result):
        return result

    def read(self) -> None:
        """What the statements to place and the options will read, recorded before the
        walk (the app spelt by its name, the way most modules make it)."""
        for templates, values in self.calls:
            for template in templates:
                _read(self.state, template_statement(template, app=cst.Name(self.app_name),
                                                     **values))
        for key, value in self.options.items():
            if not isinstance(value, Remove):
                self.state.placed_reads.add(key)  # (the keyword's Name: no use)
                _read(self.state, value)

    def body(self, stmts) -> list | None:
        new = super().body(stmts)
        if new is not None:
            kept = {id(stmt) for stmt in stmts}
            for stmt in new:
                if id(stmt) not in kept:
                    _read(self.state, stmt)
        return new

    def leave_Module(self, original, updated):
        """At the module's own level, the steps in the order their walks had: the
        rules' statements after the app, the options' names defined first, `then` (each
        rule's finish(): P003's classes after the imports), the shims right after the
        app (before those classes where the app is imported among the imports), `last`
        (install() after TEMPLATE_PATH, P002's TODO)."""
        self.calls = self.rules_calls
        module = super().leave_Module(original, updated)
        if self.at_app:
            module = _defined_first(module, {
                name for value in self.options.values() if value is not REMOVE
                for name in _reads(value)})
        before = {id(stmt) for stmt in module.body}
        module = self.then(module)
        self.calls = self.shims
        module = super().leave_Module(module, module)
        module = self.last(module)
        for stmt in module.body:
            if id(stmt) not in before:
                _read(self.state, stmt)
        return module

    def leave_Call(self, original, updated):
        if not self.at_app or not is_flask_call(updated) and not is_flask_init(updated):
            return updated
        options = self.options
        args, done = [], set()
        for a in updated.args:
            key = a.keyword.value if a.keyword else None
            if key in options:
                done.add(key)
                value = options[key]
                if isinstance(value, Remove):
                    continue
                a = a.with_changes(value=value)
            args.append(a)
        for key, value in options.items():
            if not isinstance(value, Remove) and key not in done:
                args.append(kw(key, value))
        args = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in args]
        return updated.with_changes(args=[
            a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for a in args[:-1]] + args[-1:])

    def leave_SimpleStatementLine(self, original, updated):
        requests, declared = self.state.requests, self.state.records.declared
        if not requests.app_declared or app_target(updated, "") is None:
            return updated
        marks = []
        for found in requests.app_declared:
            declared.append({"id": found.change, "paths": list(found.paths)})
            marks.append(declared_mark(self.state, len(declared) - 1))
        requests.app_declared = []
        return updated.with_changes(leading_lines=[*updated.leading_lines, *marks])


class _Read(cst.CSTVisitor):
    """The names code reads outside its imports and the words of its comments (`found`,
    as P001's drop_unused reads a module), and of those names the ones it uses as a
    value (`used`: not a keyword's, an attribute's, nor what a def, a class, a
    parameter or an assignment binds; as P001's scope analysis counts a use)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()
        self.used: set[str] = set()
        self.bound: set[int] = set()  # the Names that are no use

    def visit_Import(self, node) -> bool:
        return False

    def visit_ImportFrom(self, node) -> bool:
        return False

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.bound.add(id(node.keyword))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.bound.add(id(node.attr))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.bound.add(id(node.name))

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.bound.add(id(node.name))

    def visit_Param(self, node: cst.Param) -> None:
        self.bound.add(id(node.name))

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self.bound.add(id(node.target))

    def visit_Name(self, node: cst.Name) -> None:
        self.found.add(node.value)
        if id(node) not in self.bound:
            self.used.add(node.value)

    def visit_Comment(self, node: cst.Comment) -> None:
        self.found.update(re.findall(r"[A-Za-z_]\w*", node.value))


def _read(state: PortState, node: cst.CSTNode) -> None:
    """Record what the code the post-steps add reads (PortState.placed_reads, _uses)."""
    read = _Read()
    walk(node, read)
    state.placed_reads |= read.found
    state.placed_uses |= read.used


def has_app(module: cst.Module, app_name: str, makers: frozenset[str] = frozenset()) -> bool:
    """Whether a block of the module (its own or any def's, class's or compound
    statement's) holds a statement that makes the app or imports it, which at_app()
    places statements after: read on the statements alone, never their expressions."""
    blocks: list[cst.CSTNode] = [module]
    while blocks:
        node = blocks.pop()
        for child in node.children:
            if isinstance(child, cst.SimpleStatementLine):
                if app_target(child, app_name, makers) is not None:
                    return True
            elif not isinstance(child, (cst.BaseExpression, cst.BaseSuite, *_LEAVES)) \
                    or isinstance(child, cst.IndentedBlock):
                blocks.append(child)
    return False


# What holds no statement below a compound statement: its header's pieces
_LEAVES = (cst.Decorator, cst.Parameters, cst.EmptyLine, cst.TrailingWhitespace,
           cst.SimpleWhitespace, cst.Comma, cst.Colon, cst.Arg)


def _defined_first(module: cst.Module, read: set[str]) -> cst.Module:
    """The module with each top-level assignment of a name the app's options read, made
    below the app (`HERE = os.path.dirname(__file__)`), moved above it: Bottle read the
    folder when a request came, Flask reads it as the app is made. Only an assignment
    whose own names are all bound above the app (or built in) moves."""
    body = list(module.body)
    at = next((n for n, stmt in enumerate(body) if app_target(stmt, "") is not None), None)
    if at is None or not read:
        return module
    bound = names_bound(body[:at]) | _imported(body[:at]) | set(dir(builtins)) \
        | {"__file__", "__name__", "__doc__", "__spec__", "__package__"}
    moved = []
    for stmt in body[at + 1:]:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) \
            and len(stmt.body) == 1 else None
        if not isinstance(small, cst.Assign):
            continue
        names = names_assigned(stmt)
        if names & read and not names & bound and _reads(small.value) <= bound:
            moved.append(stmt)
            bound |= names
    if not moved:
        return module
    rest = [stmt for stmt in body if all(stmt is not m for m in moved)]
    at = rest.index(body[at])
    return module.with_changes(body=[*rest[:at], *(m.with_changes(leading_lines=[])
                                                   for m in moved), *rest[at:]])


def _reads(node: cst.CSTNode) -> set[str]:
    """The names an expression reads: `os.path.join(HERE, x)` reads os, HERE and x (an
    attribute's name is not a name read)."""
    if isinstance(node, cst.Name):
        return {node.value}
    if isinstance(node, cst.Attribute):
        return _reads(node.value)
    return {name for child in node.children for name in _reads(child)}


def _imported(stmts) -> set[str]:
    """The names these statements import (`import os.path` binds os)."""
    found: set[str] = set()
    for stmt in stmts:
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Import):
                found |= {a.evaluated_alias or a.evaluated_name.split(".")[0]
                          for a in small.names}
            elif isinstance(small, cst.ImportFrom) and not isinstance(small.names,
                                                                      cst.ImportStar):
                found |= {a.evaluated_alias or a.evaluated_name for a in small.names}
    return found

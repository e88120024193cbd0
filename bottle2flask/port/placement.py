"""Changes the default port makes where the app is made: `Flask(...)`'s keyword
arguments (template_folder, static_folder) and lines right after it (a Jinja loader,
converter registrations), in any scope: the module, a factory, a method."""

from __future__ import annotations

import builtins

import libcst as cst

from .contract import PortState
from .edit import (
    REMOVE,
    PlaceAfterApp,
    Remove,
    after_app_calls,
    app_target,
    is_flask_call,
    is_flask_init,
    kw,
    names_assigned,
    names_bound,
    transform,
)
from .rules.base import declared_mark


def at_app(module: cst.Module, state: PortState, app_name: str,
           calls: list[tuple[list[str], dict[str, cst.BaseExpression]]],
           makers: frozenset[str] = frozenset()) -> cst.Module:
    """`Flask(__name__, ...)` with the options the rules asked for (AppOption), the
    declared changes that belong to the app (AppDeclared) marked on its line, and the
    statements of `calls` placed after it (edit.py's after_app_calls: the statements the
    rules asked for, each rule's statements_after_app(), bottle_compat's install() and Bottle's
    answers), in one walk. Whether there is a statement to place them after is known
    before (has_app()): each asker has its own answer where there is none."""
    requests = state.requests
    options = {option.value: value for option, value in requests.app_options.items()}
    if not options and not requests.app_declared:
        return after_app_calls(module, app_name, calls, makers=makers)[0] if calls \
            else module
    at = _AtApp(state, options, app_name, calls, makers)
    read = {name for value in options.values() if value is not REMOVE
            for name in _reads(value)}
    return _defined_first(transform(module, at), read)


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


class _AtApp(PlaceAfterApp):
    """The app's options and declared changes where it is made, and the statements
    placed after it."""

    def __init__(self, state: PortState, options: dict[str, cst.BaseExpression | Remove],
                 app_name: str, calls: list[tuple[list[str], dict[str, cst.BaseExpression]]],
                 makers: frozenset[str]) -> None:
        super().__init__(app_name, calls, makers)
        self.state, self.options = state, options

    def leave_Call(self, original, updated):
        if not is_flask_call(updated) and not is_flask_init(updated):
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
        if app_target(updated, "") is None or not requests.app_declared:
            return updated
        marks = []
        for found in requests.app_declared:
            declared.append({"id": found.change, "paths": list(found.paths)})
            marks.append(declared_mark(self.state, len(declared) - 1))
        requests.app_declared = []
        return updated.with_changes(leading_lines=[*updated.leading_lines, *marks])


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

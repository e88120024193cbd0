"""What every rule shares: the Bottle names in scope, the app's name, TODO comments."""

from __future__ import annotations

import json
import os
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor

from ..quick import Transformer
from ..walk import walk

STATEMENTS = (cst.SimpleStatementLine, cst.BaseCompoundStatement)
DECLARED_MARK = "# kit-declared:"
REMOVE = object()  # an app option (state.app_options) to take out: Flask's default is it
# A statement the port left out stands as this name until drop_placeholders() runs.
PLACEHOLDER = "__kit_left_out__"
# Bottle's module-level shortcuts that act on the default app.
APP_SHORTCUTS = {"route", "get", "post", "put", "delete", "patch", "error", "hook",
                 "mount", "merge", "install", "uninstall", "get_url", "url"}


@dataclass
class PortState:
    """Facts about one module, found before the rules run and shared between them."""

    bottle: dict[str, str] = field(default_factory=dict)  # local name -> Bottle API name
    via_module: set[str] = field(default_factory=set)  # names read as bottle.X
    apps: set[str] = field(default_factory=set)  # names that are apps: made, aliased, imported
    made: set[str] = field(default_factory=set)  # names bound to Bottle() objects here
    imported_apps: set[str] = field(default_factory=set)  # apps made by another module
    default_aliases: set[str] = field(default_factory=set)  # X = bottle.default_app()
    default_from: str | None = None  # the module the shared default app is imported from
    default_app: bool = False  # the module uses Bottle's default app
    app_name: str = "app"
    app_folder: str = "."  # the app's module's folder, from the folder ported (Settings)
    src_root: str = ""  # the folder ported, on disk (Settings)
    faithful: bool = False  # --faithful: Bottle's behaviour kept; else idiomatic Flask
    template_folder: str = "views"
    template_names: dict[str, str] = field(default_factory=dict)  # Bottle name -> Flask name
    regexes: dict[str, str] = field(default_factory=dict)  # converter name -> regex
    route_filters: set[str] = field(default_factory=set)  # the app's add_filter() names
    filters: dict[str, str] = field(default_factory=dict)  # filter name -> its function's code
    converters_placed: bool = False  # the regex converters found an app to register on
    shared_views: set[str] = field(default_factory=set)  # view names other modules use too
    tree_needs: set[str] = field(default_factory=set)  # shims the app's module adds anyway
    template_imports: dict = field(default_factory=dict)  # name -> (module, attr): T019
    # Flask name -> the names the converted template reads on every render (its caller's)
    template_reads: dict = field(default_factory=dict)
    template_errors: dict = field(default_factory=dict)  # Flask name -> Bottle's SyntaxError
    needs: set[str] = field(default_factory=set)  # shims to emit after the app is made
    provided: set[str] = field(default_factory=set)  # Bottle names now defined otherwise
    applied: dict[str, int] = field(default_factory=dict)  # rule code -> changes
    todos: list[tuple[str, str]] = field(default_factory=list)  # (code, text)
    declared: list[dict] = field(default_factory=list)  # {"id", "paths"}: see declare()
    notes: list[str] = field(default_factory=list)  # what the report says besides
    app_options: dict = field(default_factory=dict)  # Flask() keyword -> expression/REMOVE
    app_declared: list = field(default_factory=list)  # (change, paths) marked on the app
    after_app: list = field(default_factory=list)  # (statement template, values) after it
    app_text: str = ""  # the app's text files, read for its own uses (negative ids)
    emulation: int = 0  # lines of Bottle emulation the shims added (--faithful only)
    compat: bool = False  # the module imports bottle_compat (--faithful only)
    breaks: set[tuple[str, str]] = field(default_factory=set)  # TODOs on code that fails
    app_attrs: set[str] = field(default_factory=set)  # X in `self.X = Bottle()`
    factories: set[str] = field(default_factory=set)  # functions returning a Bottle app
    app_classes: set[str] = field(default_factory=set)  # `class Site(Bottle)`
    companions: set[str] = field(default_factory=set)  # modules the port copies into OUT
    openers: dict[str, str] = field(default_factory=dict)  # P019 keyword -> get_db, ...
    imported_openers: dict = field(default_factory=dict)  # keyword -> (module, function)
    read_before: set[str] = field(default_factory=set)  # the names the Bottle code reads


def makes_app(state: PortState) -> bool:
    """Whether this module makes its Flask app (a Bottle() here, or the default app)."""
    return bool(state.made) or (state.default_app and not state.default_from)


def state(context: CodemodContext) -> PortState:
    return context.scratch.setdefault("kit", PortState())


class Rule(Transformer):
    """One numbered rule. Subclasses set `code` and `summary` and call fired()/todo().

    A plain transformer holding a CodemodContext (warnings, scratch) rather than
    LibCST's ContextAwareTransformer: the matcher machinery that one carries costs
    more than the rules themselves, and no rule uses matcher decorators.
    """

    code = "P000"
    summary = ""
    # The changes this rule may declare in the default (idiomatic) port, and the pieces
    # of bottle_compat.py its --faithful port imports.
    declares: tuple = ()
    # Words one of which the module's source holds wherever the rule can act (an alias
    # names the word in its import): a module with none is not walked for it at all.
    triggers: tuple[str, ...] = ()
    compat: tuple[str, ...] = ()
    # When it runs (rules/order.py): the codes of the rules it must follow, and its phase
    # (0 reads the Bottle code before any rewrite, 1 rewrites, 2 tidies up at the end).
    after: tuple[str, ...] = ()
    phase: int = 1

    def __init__(self, context: CodemodContext) -> None:
        super().__init__()
        self.context = context
        self.state = state(context)
        self._notes: list[list[str]] = []

    # -- helpers for rules ---------------------------------------------------------
    def api(self, node: cst.CSTNode | None) -> str | None:
        """The Bottle API a Name stands for (`template`, `request`...), else None."""
        if isinstance(node, cst.Name):
            return self.state.bottle.get(node.value)
        return None

    def is_app(self, node: cst.CSTNode | None) -> bool:
        """An expression that is the app: its name, `self.X` where `self.X = Bottle()`,
        or Bottle's `default_app()`."""
        if isinstance(node, cst.Attribute):
            return node.attr.value in self.state.app_attrs
        if isinstance(node, cst.Call):
            return not node.args and self.api(node.func) in {"default_app", "app"}
        return isinstance(node, cst.Name) and (node.value in self.state.apps
                                               or node.value == self.state.app_name)

    def app_method(self, func: cst.CSTNode) -> str | None:
        """`app.route` or the default app's bare `route`: the method's name, else None."""
        if isinstance(func, cst.Attribute) and self.is_app(func.value):
            return func.attr.value
        name = self.api(func)
        return name if name in APP_SHORTCUTS else None

    def from_app(self, folder: cst.BaseExpression) -> cst.BaseExpression:
        """A relative folder literal as Flask reads it, from the app's module's folder:
        Bottle read it from the working directory, the folder the port was given (where
        the app is run from). In project/__init__.py, "./project/views/" is "views"."""
        path, here = string_value(folder), self.state.app_folder
        if path is None or here in ("", ".") or PurePosixPath(path).is_absolute():
            return folder
        root = self.state.src_root
        if root and os.path.exists(os.path.join(root, here, path)) and (
                not os.path.exists(os.path.join(root, path))
                or not os.path.exists(os.path.join(root, here, "__init__.py"))):
            # beside the module (only there, or in a folder that is no package, whose
            # scripts run from it): the app runs from its own folder
            return folder
        moved = posixpath.relpath(posixpath.normpath(path), here)
        return cst.SimpleString(json.dumps(moved))

    def fired(self, count: int = 1) -> None:
        self.state.applied[self.code] = self.state.applied.get(self.code, 0) + count

    def need_import(self, module: str, name: str | None = None,
                    asname: str | None = None) -> None:
        AddImportsVisitor.add_needed_import(self.context, module, name, asname)
        if name:  # the Bottle import of the same name is no longer needed
            self.state.provided.add(asname or name)

    def declare(self, change: str, paths=("*",), detail: str = "") -> None:
        """Record a declared change at the statement being visited (its line is found
        from a marker comment the runner takes out again); detail: what it is here."""
        assert change in {c.id for c in self.declares}, change
        self.state.declared.append({"id": change, "paths": list(paths) or ["*"],
                                    **({"detail": detail} if detail else {})})
        if self._notes:
            self._notes[-1].append(f"{DECLARED_MARK}{len(self.state.declared) - 1}")

    def mark(self, stmt, change: str, paths=("*",)):
        """declare() for a statement the rule builds itself: the marker rides on it."""
        assert change in {c.id for c in self.declares}, change
        self.state.declared.append({"id": change, "paths": list(paths) or ["*"]})
        return with_comments(stmt, [f"{DECLARED_MARK}{len(self.state.declared) - 1}"])

    def todo_on(self, stmt, text: str, code: str | None = None, breaks: bool = False):
        """todo() for a statement other than the one being visited."""
        code, text = code or self.code, one_line(text)
        self.state.todos.append((code, text))
        if breaks:
            self.state.breaks.add((code, text))
        self.context.warnings.append(f"{code}: {text}")
        return with_comments(stmt, [f"# TODO(kit/{code}): {text}"])

    def todo(self, text: str, code: str | None = None, breaks: bool = False) -> None:
        """Leave a TODO above the statement being visited and a line in the report.

        breaks: the code under it is left running and fails there (an AttributeError, a
        view called without an argument): `bottle2flask port` does not call such a port done."""
        code, text = code or self.code, one_line(text)
        self.state.todos.append((code, text))
        if breaks:
            self.state.breaks.add((code, text))
        self.context.warnings.append(f"{code}: {text}")
        if self._notes:
            self._notes[-1].append(f"# TODO(kit/{code}): {text}")

    def leave_out(self, stmt, text: str, code: str | None = None):
        """The statement commented out under a TODO, so the port starts without it: Flask
        has nothing to call in its place."""
        code, text = code or self.code, one_line(text)
        self.state.todos.append((code, text))
        self.context.warnings.append(f"{code}: {text}")
        source = cst.Module([]).code_for_node(stmt.with_changes(leading_lines=[]))
        lines = [f"# TODO(kit/{code}): {text}",
                 *(f"# {line}".rstrip() for line in source.rstrip("\n").splitlines())]
        return cst.SimpleStatementLine(
            [cst.Expr(cst.Name(PLACEHOLDER))],
            leading_lines=[*stmt.leading_lines,
                           *(cst.EmptyLine(comment=cst.Comment(line)) for line in lines)])

    # -- the TODO comments ride on the enclosing statement --------------------------
    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, STATEMENTS):
            self.open_notes()
        return super().on_visit(node)

    def on_leave(self, original, updated):
        result = super().on_leave(original, updated)
        if isinstance(original, STATEMENTS):
            result = self.close_notes(result)
        return result

    def open_notes(self) -> None:
        self._notes.append([])

    def close_notes(self, result):
        """The statement being left, with what the rule noted in it; None when a rule
        before this one in a shared walk (port/passes.py) removed it: the notes go too."""
        notes = self._notes.pop()
        if notes and result is not None:
            result = with_comments(result, notes)
        return result


def _is_placeholder(stmt) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 \
        and isinstance(stmt.body[0], cst.Expr) \
        and isinstance(stmt.body[0].value, cst.Name) \
        and stmt.body[0].value.value == PLACEHOLDER


class _DropPlaceholders(Transformer):
    """A left-out statement's comments go on the next statement (or after the block);
    a block left with nothing in it gets `pass`."""

    def _body(self, body, footer):
        kept, carried = [], []
        for stmt in body:
            if _is_placeholder(stmt):
                carried += stmt.leading_lines
                continue
            if carried:
                stmt = stmt.with_changes(leading_lines=[*carried, *stmt.leading_lines])
                carried = []
            kept.append(stmt)
        return kept, carried, footer

    def leave_IndentedBlock(self, original, updated):
        body, carried, footer = self._body(updated.body, updated.footer)
        if not body:
            body = [cst.SimpleStatementLine([cst.Pass()], leading_lines=carried)]
            carried = []
        return updated.with_changes(body=body, footer=[*carried, *footer])

    def leave_Module(self, original, updated):
        body, carried, footer = self._body(updated.body, updated.footer)
        return updated.with_changes(body=body, footer=[*carried, *footer])


def names_used(module: cst.Module) -> set[str]:
    """Every name the module writes or reads: defs, classes, targets, imports, globals
    (attribute names too, which only makes the set larger than it need be)."""
    found: set[str] = set()

    class Names(cst.CSTVisitor):
        def visit_Name(self, node) -> None:
            found.add(node.value)

    walk(module, Names())
    return found


def free_name(wanted: str, taken: set[str]) -> str:
    """`wanted`, or wanted_2, wanted_3... if the module already uses it: a helper the
    port writes must not replace the user's function of the same name (or be replaced)."""
    name, n = wanted, 1
    while name in taken:
        n += 1
        name = f"{wanted}_{n}"
    return name


def one_line(text: str) -> str:
    """A TODO's text on one line: it may quote code written over several (a comment holds
    one line, and LibCST refuses a newline in one)."""
    return re.sub(r"\s*\n\s*", " ", text)


def drop_placeholders(module: cst.Module) -> cst.Module:
    return module.visit(_DropPlaceholders())


def with_comments(result, notes: list[str]):
    lines = [cst.EmptyLine(comment=cst.Comment(n)) for n in notes]
    if isinstance(result, cst.FlattenSentinel):
        first, *rest = result.nodes
        return cst.FlattenSentinel([with_comments(first, notes), *rest])
    if isinstance(result, STATEMENTS):
        return result.with_changes(leading_lines=[*result.leading_lines, *lines])
    return result


def string_value(node: cst.CSTNode | None) -> str | None:
    """The value of a plain string literal, else None."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def arg(call: cst.Call, position: int | None, keyword: str | None) -> cst.Arg | None:
    """A call's argument by keyword, else by position (positional ones only)."""
    for a in call.args:
        if keyword and a.keyword and a.keyword.value == keyword:
            return a
    positional = [a for a in call.args if a.keyword is None and not a.star]
    if position is not None and position < len(positional):
        return positional[position]
    return None


def kw(name: str, value: cst.BaseExpression) -> cst.Arg:
    return cst.Arg(value=value, keyword=cst.Name(name),
                   equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                         whitespace_after=cst.SimpleWhitespace("")))


def attribute(dotted: str) -> cst.BaseExpression:
    return cst.parse_expression(dotted)


VIEW_DECORATORS = {"route", "get", "post", "put", "delete", "patch", "error", "errorhandler"}


def decorator_method(rule: Rule, decorator: cst.Decorator) -> str | None:
    call = decorator.decorator
    func = call.func if isinstance(call, cst.Call) else call
    return rule.app_method(func)


def is_view(rule: Rule, node: cst.FunctionDef) -> bool:
    return any(decorator_method(rule, d) in VIEW_DECORATORS for d in node.decorators)


ROUTE_DECORATORS = {"route", "get", "post", "put", "delete", "patch"}


def route_globs(rule: Rule, node: cst.FunctionDef) -> list[str]:
    """The paths a view answers, as parity globs (`/edit/*`); [] for other functions."""
    from ..declared import glob
    found = []
    for d in node.decorators:
        if decorator_method(rule, d) in ROUTE_DECORATORS and isinstance(d.decorator, cst.Call):
            given = arg(d.decorator, 0, "rule") or arg(d.decorator, 0, "path")
            path = string_value(given.value) if given else None
            found.append(glob(path) if path is not None else "*")
    return found

"""What every rule shares: the Bottle names in scope, the app's name, TODO comments."""

from __future__ import annotations

import json
import os
import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, ClassVar

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor
from libcst.helpers import get_full_name_for_node

from ..declared import Change, glob
from ..edit import STATEMENTS, Remove, arg, string_value, transform, with_comments
from ..model.facts import APP_SHORTCUTS, ROUTE_METHODS, ModuleFacts
from ..quick import Transformer
from ..results import Declaration, Site

if TYPE_CHECKING:
    from ..model import AppModel



class Phase(IntEnum):
    """When a rule runs, by what it does: FIRST rewrites Bottle's code as it is written,
    before any other rule sees it (what it takes out or wraps, the others must not
    convert: secret= out of the cookie calls, plugins' apply= and skip= out of the
    routes, MEMFILE_MAX and hand-made routes flagged before P003 rewrites them);
    REWRITE (the default) turns Bottle's code into Flask's; LAST tidies what the others
    left (P001's import pass). Reading the code is the model's, before any rule runs."""

    FIRST = 0
    REWRITE = 1
    LAST = 2


@dataclass
class PortState:
    """What the rules write while they port one module (the facts they read are the
    model's: `Rule.facts`, `Rule.model`), and what the folder told the module."""

    facts: ModuleFacts = field(default_factory=ModuleFacts)
    app_folder: str = "."  # the app's module's folder, from the folder ported (Settings)
    src_root: str = ""  # the folder ported, on disk (Settings)
    faithful: bool = False  # --faithful: Bottle's behaviour kept; else idiomatic Flask
    template_folder: str = "views"
    template_search: tuple[str, ...] = ()  # Settings.template_search
    template_names: dict[str, str] = field(default_factory=dict)  # Bottle name -> Flask name
    regexes: dict[str, str] = field(default_factory=dict)  # converter name -> regex
    route_filters: set[str] = field(default_factory=set)  # the app's add_filter() names
    filters: dict[str, str] = field(default_factory=dict)  # filter name -> its function's code
    filter_classes: dict[str, str] = field(default_factory=dict)  # filter name -> its class
    shared_views: set[str] = field(default_factory=set)  # view names other modules use too
    tree_needs: set[str] = field(default_factory=set)  # shims the app's module adds anyway
    # name -> (module, attr): T019
    template_imports: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    # Flask name -> the names the converted template reads on every render (its caller's)
    template_reads: dict[str, frozenset[str]] = field(default_factory=dict)
    # Flask name -> Bottle's SyntaxError
    template_errors: dict[str, str] = field(default_factory=dict)
    needs: set[str] = field(default_factory=set)  # shims to emit after the app is made
    provided: set[str] = field(default_factory=set)  # Bottle names now defined otherwise
    applied: dict[str, int] = field(default_factory=dict)  # rule code -> changes
    todos: list[tuple[str, str]] = field(default_factory=list)  # (code, text)
    declared: list[Declaration] = field(default_factory=list)  # see declare()
    notes: list[str] = field(default_factory=list)  # what the report says besides
    # Flask() keyword -> expression/REMOVE
    app_options: dict[str, cst.BaseExpression | Remove] = field(default_factory=dict)
    # (change, paths) marked on the app
    app_declared: list[tuple[str, list[str]]] = field(default_factory=list)
    # (statement template, values) after it
    after_app: list[tuple[str, dict[str, cst.BaseExpression]]] = field(default_factory=list)
    # the app's text files (templates, tests, docs), for the uses of a name outside the
    # code: a template reading response.status, a test requesting a negative id
    app_text: str = ""
    emulation: int = 0  # lines of Bottle emulation the shims added (--faithful only)
    compat: bool = False  # the module imports bottle_compat (--faithful only)
    answers: list[str] = field(default_factory=list)  # bottle_answers' functions it calls
    breaks: set[tuple[str, str]] = field(default_factory=set)  # TODOs on code that fails
    # the statements the port took out, known by their own newline node (a leaf LibCST
    # keeps through every walk): drop_placeholders() moves their comments on
    left_out: list[cst.Newline] = field(default_factory=list)
    # where each declared change is: an empty comment above its statement, known by the
    # node itself (a leaf LibCST keeps through every walk), taken out before the code
    # is written (runner.take_marks): (comment, index in `declared`)
    marks: list[tuple[cst.Comment, int]] = field(default_factory=list)
    # each TODO comment written, known by its node: (comment, code, text); the report
    # lists those still in the module, each at the line it is written on
    todo_marks: list[tuple[cst.Comment, str, str]] = field(default_factory=list)
    companions: set[str] = field(default_factory=set)  # modules the port copies into OUT
    openers: dict[str, str] = field(default_factory=dict)  # P019 keyword -> get_db, ...
    # keyword -> (module, function)
    imported_openers: dict[str, tuple[str, str]] = field(default_factory=dict)
    # The sites that have two candidates (Rule.exact): the module's path as the port
    # names it, the keys (or their prefixes: a module, a scope) that take the exact one
    # (Settings.exact), the enclosing defs and classes of the node being visited (the
    # walk keeps it), each site asked, and its mark (as `marks`, index in `sites`).
    path: str = "<string>"
    exact_keys: frozenset[str] = frozenset()
    scope: list[str] = field(default_factory=list)
    sites: list[Site] = field(default_factory=list)
    site_marks: list[tuple[cst.Comment, int]] = field(default_factory=list)
    site_counts: dict[tuple[str, str, str], int] = field(default_factory=dict)
    # the module-wide pieces (bottle_compat.install()'s, shims) an exact site needs: the
    # idiomatic port keeps these of FAITHFUL_ONLY (Rule.need_exact)
    exact_needs: set[str] = field(default_factory=set)
    # what the module uses of bottle_compat: install()'s keywords, the names it imports
    # (the port copies only their pieces: compat.used())
    compat_keywords: set[str] = field(default_factory=set)
    compat_names: set[str] = field(default_factory=set)


def state(context: CodemodContext) -> PortState:
    """The port's state for this module (made once: setdefault would build one a call)."""
    found = context.scratch.get("port")
    if found is None:
        found = context.scratch["port"] = PortState()
    return found


class Rule(Transformer):
    """One numbered rule. Subclasses set `code` and `summary` and call fired()/todo().

    A plain transformer holding a CodemodContext (warnings, scratch) rather than
    LibCST's ContextAwareTransformer: the matcher machinery that one carries costs
    more than the rules themselves, and no rule uses matcher decorators.
    """

    code: ClassVar[str] = "P000"
    summary: ClassVar[str] = ""
    # The changes this rule may declare in the default (idiomatic) port, and the pieces
    # of bottle_compat.py its --faithful port imports.
    declares: ClassVar[tuple[Change, ...]] = ()
    # Words one of which the module's source holds wherever the rule can act (an alias
    # names the word in its import): a module with none is not walked for it at all.
    triggers: ClassVar[tuple[str, ...]] = ()
    compat: ClassVar[tuple[str, ...]] = ()
    # When it runs (rules/order.py): the codes of the rules it must follow, and its phase
    # (0 reads the Bottle code before any rewrite, 1 rewrites, 2 tidies up at the end).
    after: ClassVar[tuple[str, ...]] = ()
    phase: ClassVar[Phase] = Phase.REWRITE

    def __init__(self, context: CodemodContext) -> None:
        super().__init__()
        self.context = context
        self.state = state(context)
        self.facts: ModuleFacts = self.state.facts
        self._notes: list[list[str | cst.EmptyLine]] = []

    @classmethod
    def finish(cls, module: cst.Module, context: CodemodContext) -> cst.Module:
        """The module-wide code this rule's sites asked for (P003's converter classes,
        each registered where the app is made), added once its walks are done and the
        app's options and after-app statements are placed; none by default. The engine
        calls it on every rule that ran on the module, in running order: what a rule adds
        to a module is the rule's own, and the engine knows nothing of it."""
        return module

    @property
    def model(self) -> AppModel:
        """The whole app's model (every module), as model/app.py reads it."""
        return self.context.scratch["model"]

    # -- helpers for rules ---------------------------------------------------------
    def api(self, node: cst.CSTNode | None) -> str | None:
        """The Bottle API a Name stands for (`template`, `request`...), else None."""
        return self.facts.api(node)

    def is_app(self, node: cst.CSTNode | None) -> bool:
        """An expression that holds the app (ModuleFacts.is_app)."""
        return self.facts.is_app(node)

    def app_method(self, func: cst.CSTNode) -> str | None:
        """`app.route` or the default app's bare `route`: the method's name, else None."""
        return self.facts.app_method(func)

    def renames(self, decorator: cst.BaseExpression) -> bool:
        """Whether this decorator (as written above a view) is one of the app's own that
        does not keep the name of what it wraps, wherever the app defines it (the model
        reads every module); one imported from a module the model lacks counts when the
        import is relative (the app's own, unread)."""
        node = decorator.func if isinstance(decorator, cst.Call) else decorator
        dotted = get_full_name_for_node(node)
        if dotted is None:
            return False
        head = dotted.split(".")[0]
        facts = self.facts
        if "." not in dotted and head in facts.renaming_decorators:
            return True
        model = self.context.scratch.get("model")
        if model is not None and self.context.filename:
            rel = Path(self.context.filename)
            if model.renames(rel, dotted):
                return True
            if rel in model.modules:
                return False
        imported = facts.imports.get(head)
        return imported is not None and imported[2] > 0  # relative: the app's own

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

    def exact(self, kind: str, route: str | None = None) -> bool:
        """Whether the site being visited takes its exact candidate (Bottle's behaviour
        kept by a helper the port copies) rather than its idiomatic one: every site under
        --faithful, else the sites the check repaired. Call it at each site that has both
        candidates; `kind` names the site's kind for the report (`"rule-string"`);
        `route`, the Bottle rule the site is part of, if any (a route that breaks maps
        to it wherever it is registered: by a call, in a loop, in a class).

        Each call is one site, recorded with its key (stable across ports of the same
        source: module, scope, rule, kind, its ordinal among those) and its choice; its
        line is found from a mark above the statement being visited, as declare()'s."""
        state = self.state
        scope = ".".join(state.scope) or "<module>"
        counted = (scope, self.code, kind)
        ordinal = state.site_counts.get(counted, 0)
        state.site_counts[counted] = ordinal + 1
        key = site_key(state.path, scope, self.code, kind, ordinal)
        chosen = state.faithful or takes_exact(key, state.exact_keys)
        site: Site = {"key": key, "rule": self.code, "kind": kind, "scope": scope,
                      "exact": chosen}
        if route:
            site["route"] = route
        state.sites.append(site)
        if self._notes:
            comment = cst.Comment("#")
            state.site_marks.append((comment, len(state.sites) - 1))
            self._notes[-1].append(cst.EmptyLine(comment=comment))
        return chosen

    def need_exact(self, need: str) -> None:
        """The module-wide piece (a keyword of bottle_compat.install(), a shim) a site
        that took its exact candidate needs: added once for the module."""
        self.state.needs.add(need)
        self.state.exact_needs.add(need)

    def fired(self, count: int = 1) -> None:
        self.state.applied[self.code] = self.state.applied.get(self.code, 0) + count

    def need_import(self, module: str, name: str | None = None,
                    asname: str | None = None) -> None:
        AddImportsVisitor.add_needed_import(self.context, module, name, asname)
        if module == "bottle_compat" and name:
            self.state.compat_names.add(name)
        if name:  # the Bottle import of the same name is no longer needed
            self.state.provided.add(asname or name)

    def declare(self, change: str, paths: Sequence[str] = ("*",), detail: str = "") -> None:
        """Record a declared change at the statement being visited (its line is found
        from a marker comment the runner takes out again); detail: what it is here."""
        assert change in {c.id for c in self.declares}, change
        found: Declaration = {"id": change, "paths": list(paths) or ["*"]}
        if detail:
            found["detail"] = detail
        self.state.declared.append(found)
        if self._notes:
            self._notes[-1].append(declared_mark(self.state, len(self.state.declared) - 1))

    def mark(self, stmt, change: str, paths: Sequence[str] = ("*",)):
        """declare() for a statement the rule builds itself: the marker rides on it."""
        assert change in {c.id for c in self.declares}, change
        self.state.declared.append({"id": change, "paths": list(paths) or ["*"]})
        return with_comments(stmt, [declared_mark(self.state, len(self.state.declared) - 1)])

    def todo_on(self, stmt, text: str, code: str | None = None, breaks: bool = False):
        """todo() for a statement other than the one being visited."""
        code, text = code or self.code, one_line(text)
        self.state.todos.append((code, text))
        if breaks:
            self.state.breaks.add((code, text))
        self.context.warnings.append(f"{code}: {text}")
        return with_comments(stmt, [todo_note(self.state, code, text)])

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
            self._notes[-1].append(todo_note(self.state, code, text))

    def leave_out(self, stmt, text: str, code: str | None = None):
        """The statement commented out under a TODO, so the port starts without it: Flask
        has nothing to call in its place."""
        code, text = code or self.code, one_line(text)
        self.state.todos.append((code, text))
        self.context.warnings.append(f"{code}: {text}")
        source = cst.Module([]).code_for_node(stmt.with_changes(leading_lines=[]))
        lines = [f"# {line}".rstrip() for line in source.rstrip("\n").splitlines()]
        return placeholder(self.state, [
            *stmt.leading_lines, todo_note(self.state, code, text),
            *(cst.EmptyLine(comment=cst.Comment(line)) for line in lines)])

    # -- the TODO comments ride on the enclosing statement --------------------------
    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, STATEMENTS):
            self.open_notes()
        enter_scope(self.state, node)
        return super().on_visit(node)

    def on_leave(self, original, updated):
        result = super().on_leave(original, updated)
        if isinstance(original, STATEMENTS):
            result = self.close_notes(result)
        leave_scope(self.state, original)
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


SCOPES = (cst.FunctionDef, cst.ClassDef)


def enter_scope(state: PortState, node: cst.CSTNode) -> None:
    """The walk enters a def or class: the sites below it are in its scope."""
    if isinstance(node, SCOPES):
        state.scope.append(node.name.value)


def leave_scope(state: PortState, node: cst.CSTNode) -> None:
    if isinstance(node, SCOPES):
        state.scope.pop()


def site_key(path: str, scope: str, code: str, kind: str, ordinal: int) -> str:
    """`views.py:Shop.item:P003:route-filter:0`: each part a prefix the exact set may
    name (the module, a scope in it, a rule there...)."""
    return f"{path}:{scope}:{code}:{kind}:{ordinal}"


def takes_exact(key: str, chosen: frozenset[str]) -> bool:
    """Whether the key, or a prefix of it ending at one of its parts, is chosen."""
    if not chosen:
        return False
    parts = key.split(":")
    return any(":".join(parts[:n]) in chosen for n in range(1, len(parts) + 1))


def todo_note(state: PortState, code: str, text: str) -> cst.EmptyLine:
    """A TODO's comment line, recorded by its node: the report takes its line from where
    the code is written out, never by reading comments back (port/marks.py)."""
    comment = cst.Comment(f"# TODO(flask-port/{code}): {text}")
    state.todo_marks.append((comment, code, text))
    return cst.EmptyLine(comment=comment)


def declared_mark(state: PortState, index: int) -> cst.EmptyLine:
    """The line that marks where declared change `index` is, until take_marks()."""
    comment = cst.Comment("#")
    state.marks.append((comment, index))
    return cst.EmptyLine(comment=comment)


def placeholder(state: PortState, leading_lines) -> cst.SimpleStatementLine:
    """A statement taken out, standing until drop_placeholders() gives its comments (a
    TODO, the line commented out) to the next statement."""
    newline = cst.Newline()
    state.left_out.append(newline)
    return cst.SimpleStatementLine([cst.Pass()], leading_lines=leading_lines,
                                   trailing_whitespace=cst.TrailingWhitespace(newline=newline))


class _DropPlaceholders(Transformer):
    """A left-out statement's comments go on the next statement (or after the block);
    a block left with nothing in it gets `pass`."""

    def __init__(self, left_out: list[cst.Newline]) -> None:
        super().__init__()
        self.left_out = {id(newline) for newline in left_out}

    def _is_placeholder(self, stmt) -> bool:
        return isinstance(stmt, cst.SimpleStatementLine) \
            and id(stmt.trailing_whitespace.newline) in self.left_out

    def _body(self, body, footer):
        kept, carried = [], []
        for stmt in body:
            if self._is_placeholder(stmt):
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


def one_line(text: str) -> str:
    """A TODO's text on one line: it may quote code written over several (a comment holds
    one line, and LibCST refuses a newline in one)."""
    return re.sub(r"\s*\n\s*", " ", text)


def drop_placeholders(module: cst.Module, state: PortState) -> cst.Module:
    if not state.left_out:
        return module
    return transform(module, _DropPlaceholders(state.left_out))


VIEW_DECORATORS = {"route", "get", "post", "put", "delete", "patch", "error", "errorhandler"}


def decorator_method(rule: Rule, decorator: cst.Decorator) -> str | None:
    call = decorator.decorator
    func = call.func if isinstance(call, cst.Call) else call
    return rule.app_method(func)


def is_view(rule: Rule, node: cst.FunctionDef) -> bool:
    return any(decorator_method(rule, d) in VIEW_DECORATORS for d in node.decorators)


def route_globs(rule: Rule, node: cst.FunctionDef) -> list[str]:
    """The paths a view answers, as parity globs (`/edit/*`); [] for other functions."""
    found = []
    for d in node.decorators:
        if decorator_method(rule, d) in ROUTE_METHODS and isinstance(d.decorator, cst.Call):
            given = arg(d.decorator, 0, "rule") or arg(d.decorator, 0, "path")
            path = string_value(given.value) if given else None
            found.append(glob(path) if path is not None else "*")
    return found


__all__ = ["APP_SHORTCUTS", "Change", "Phase", "PortState", "Rule", "glob", "one_line"]

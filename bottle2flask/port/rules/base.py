"""What every rule shares: the Bottle names in scope, the app's name, TODO comments, and
the methods through which a rule records what it did and asks the engine for what the
module needs (the contract's types: port/contract.py)."""

from __future__ import annotations

import json
import os
import posixpath
import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from enum import IntEnum
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

import libcst as cst
from libcst.helpers import get_full_name_for_node

from ..contract import (
    PORT_KEY,
    AfterApp,
    AppDeclared,
    AppOption,
    Candidate,
    Companion,
    Declare,
    Edit,
    FlaskOption,
    Import,
    Made,
    Mark,
    ModuleSettings,
    Need,
    PortState,
    TodoKey,
    TodoMark,
)
from ..declared import Change, glob
from ..edit import (
    STATEMENTS,
    Remove,
    arg,
    free_name,
    string_value,
    swap,
    transform,
    with_comments,
)
from ..marks import node_code
from ..model.facts import APP_SHORTCUTS, ROUTE_METHODS, ModuleFacts
from ..needed_imports import Wanted
from ..quick import Transformer
from ..read import read_once
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
class Context:
    """What the rules of one module share while it is ported: its path, each rule's
    scratch (keyed per rule, as LibCST's `CONTEXT_KEY`) and the warnings. The fields
    the port used of LibCST's CodemodContext, without importing libcst.codemod (its
    matchers and test tools: a fifth of a second at each start of the command)."""

    filename: str | None = None
    scratch: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    # the whole app's model (None: a module ported alone), read by the rules as
    # `Rule.model`; and the imports the rules asked for (needed_imports.py adds them)
    model: AppModel | None = None
    imports: list[Wanted] = field(default_factory=list)


def state(context: Context) -> PortState:
    """The engine's state for this module (runner.py makes it; a rule made alone gets an
    empty one)."""
    found = context.scratch.get(PORT_KEY)
    if found is None:
        found = context.scratch[PORT_KEY] = PortState(ModuleSettings(facts=ModuleFacts()))
    assert isinstance(found, PortState)
    return found


S = TypeVar("S")  # a rule's scratch
Stmt = TypeVar("Stmt", bound=cst.CSTNode)  # a statement a rule marks
Node = TypeVar("Node", bound=cst.CSTNode)
# what a walk's leave_ gives back for a statement: None when a rule removed it
Result = TypeVar("Result", bound=cst.CSTNode | cst.RemovalSentinel
                 | cst.FlattenSentinel[cst.CSTNode] | None)


def wanted_imports(context: Context) -> list[Wanted]:
    """The imports this module's rules asked for, in the order asked (needed_imports.py
    adds them once the rules are done)."""
    return context.imports


def ask_import(context: Context, module: str, name: str | None = None,
               asname: str | None = None) -> None:
    """Import `name` from `module` (or `module` itself) into the module being ported,
    unless its imports bind it already."""
    wanted_imports(context).append(Wanted(module, name, asname))


class Rule(Transformer):
    """One numbered rule. Subclasses set `code` and `summary` and call fired()/todo().

    A plain transformer holding a Context (warnings, scratch) rather than
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
    # Its pre-scan, if it reads the module before rewriting it: a reader (read.py, its
    # visit_/leave_ methods by node type) made as `reader(facts)` for each module and run
    # in the model's one read walk of the module once its Bottle names and apps are
    # known (model/collect.py); the rule gets it back, read, from `pre_scan()`.
    reader: ClassVar[type | None] = None

    def __init__(self, context: Context) -> None:
        super().__init__()
        self.context = context
        # the engine's state for the module: written only by the methods below, so a
        # rule's records and requests are typed and no rule writes another's
        self._port = state(context)
        self.state: ModuleSettings = self._port.settings  # read only (frozen)
        self.facts: ModuleFacts = self.state.facts
        self._notes: list[list[str | cst.EmptyLine]] = []
        self._outer: list[PortState] = []  # the module's state, while apart() runs

    def statements_after_app(self, module: cst.Module) -> list[AfterApp]:
        """The statements this rule's sites asked for right after the app is made (P003's
        converter registrations), asked once the rules' walks are done: the engine places
        them with the app's options and the other statements after the app, in its one
        walk (the last asked go first). None by default; called, on a rule made for it,
        on every rule that ran on the module and defines it or finish(), in running order,
        and that same rule's finish() follows the walk."""
        return []

    def finish(self, module: cst.Module, app: bool) -> cst.Module:
        """The module-wide code this rule's sites asked for (P003's converter classes,
        after the imports), added once the statements after the app are placed; `app`:
        whether the module makes or imports the app, so that what statements_after_app() asked was
        placed (a module without one gets a TODO instead). None by default: what a rule
        adds to a module is the rule's own, and the engine knows nothing of it."""
        return module

    def scratch(self, kind: type[S]) -> S:
        """This rule's own scratch for the module: one `kind()`, made at first use and
        kept in the context under the rule's class (as LibCST's CONTEXT_KEY), so each
        walk and finish() of the rule finds it and no other rule reaches it."""
        key = f"{type(self).__module__}.{type(self).__qualname__}"
        found = self.context.scratch.get(key)
        if found is None:
            found = self.context.scratch[key] = kind()
        assert isinstance(found, kind)
        return found

    def pre_scan(self, module: cst.Module) -> Any:
        """What the rule's reader found in the model's read walk of this module; read
        now, over `module`, where the module was read without it (a module read by a
        caller that named no readers)."""
        found = self.facts.read_by.get(self.code)
        if found is None:
            assert self.reader is not None
            found = self.reader(self.facts)
            read_once(module, [found])
        return found

    @property
    def model(self) -> AppModel | None:
        """The whole app's model (every module), as model/app.py reads it; None for a
        module ported alone (port_source without a folder)."""
        return self.context.model

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

    def registers_errors(self, decorator: cst.BaseExpression) -> bool:
        """Whether this decorator (`@Error(404)` above a function) is one of the app's own
        that registers what it decorates as an error handler, here or in a module the
        model read."""
        node = decorator.func if isinstance(decorator, cst.Call) else decorator
        dotted = get_full_name_for_node(node)
        if dotted is None:
            return False
        if "." not in dotted and dotted in self.facts.error_decorators:
            return True
        model, filename = self.model, self.context.filename
        return model is not None and filename is not None \
            and model.registers_errors(Path(filename), dotted)

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
        model = self.model
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

    def site(self, kind: str, idiomatic: Candidate, exact: Candidate,
             route: str | None = None, keeps: str = "",
             forms_if_exact: bool = False, binds: tuple[str, ...] = ()) -> Candidate:
        """The site being visited, given both its forms as values (idiomatic Flask, then
        the exact one that keeps Bottle's behaviour): the engine picks one by the site's
        key (every site under --faithful, a site the check repaired, a site kept because
        its idiomatic form could only be a TODO on code that fails: `keeps`, why), applies
        what the chosen one needs (imports, module-wide pieces, declared changes, TODO)
        and records both forms for the report; nothing of the other reaches the module.
        The rule writes the chosen one's `form` (`chosen is exact` tells which).
        `kind` names the site's kind for the report (`"route-filter"`); `route`, the
        Bottle rule the site is part of, if any (a route that breaks maps to it wherever
        it is registered: by a call, in a loop, in a class).

        Each call is one site, recorded with its key (stable across ports of the same
        source: module, scope, rule, kind, its ordinal among those) and its choice; its
        line is found from a mark above the statement being visited, as declare()'s (a
        site asked as the walk enters the module has none: P002's, P011's).
        `forms_if_exact`: the forms are recorded only
        where the site takes its exact one (the report shows the other there), for forms
        as long as a def (P022's), whose idiomatic one is the module's own code else.
        `binds`: the module-level names the forms bind (P001's imports), by which the
        check's repair maps a view that reads one to the site."""
        chosen = exact if self._site(kind, route, keeps, idiomatic, exact,
                                     forms_if_exact, binds) else idiomatic
        self.take_candidate(chosen, chosen is exact)
        return chosen

    def site_if_exact(self, kind: str, idiomatic: Candidate, exact: Candidate) -> Candidate:
        """site(), asked only where the port takes exact candidates at all (--faithful,
        or sites named exact: a repair): elsewhere the idiomatic candidate is taken and
        no site recorded, so the default port's report is what it was before the exact
        form existed, and the module named exact still equals the faithful port (P002
        json-answers, P006 render-error, P008 http-response)."""
        if self.state.faithful or self.state.exact_keys:
            return self.site(kind, idiomatic, exact)
        self.take_candidate(idiomatic, False)
        return idiomatic

    def take_candidate(self, candidate: Candidate, exact: bool) -> None:
        """What a candidate needs, applied: its imports, module-wide pieces (need_exact
        for an exact one), declared changes, TODO, the app's options and declared
        changes, and the pieces it adds to the rule's own code (adopt())."""
        if candidate.made is not None:
            self._merge(candidate.made)
        for item in candidate.imports:
            if item.companion is not None:
                self.need_helper(item.companion, item.name, item.asname)
            else:
                self.need_import(item.module, item.name, item.asname)
        for need in candidate.needs:
            if exact:
                self.need_exact(need)
            else:
                self.need(need)
        for found in candidate.declares:
            self.declare(found.change, found.paths, found.detail, found.ignore)
        if candidate.todo:
            self.todo(candidate.todo, breaks=candidate.breaks)
        for option in candidate.options:
            self.app_option(option.keyword, option.value)
        for declared in candidate.on_app:
            self.declare_on_app(declared.change, declared.paths)
        for piece in candidate.adds:
            self.adopt(piece)

    @contextmanager
    def apart(self) -> Iterator[Made]:
        """What the rule records and asks in the block (fired, declare, mark, TODOs, lines
        left out, imports...) kept apart, in the Made it gives, rather than the module's:
        a candidate whose form is made by code that records as it goes (P022's fold of a
        def) carries it, `Candidate(form, made=made)`, and take_candidate() merges it
        only if the site takes that candidate. What the rule reads back sees the
        module's records too (todo_comments(), provided()); sites counted in the block
        count for the module once merged, so a candidate not taken shifts no other
        site's key; what it notes on the statement being visited (todo(), declare())
        goes there once merged."""
        outer, context = self._port, self.context
        inner = PortState(outer.settings, scope=outer.scope, scope_nodes=outer.scope_nodes,
                          site_counts=dict(outer.site_counts),
                          placed_reads=outer.placed_reads, placed_uses=outer.placed_uses)
        made = Made(inner)
        imports, warnings, notes = wanted_imports(context), context.warnings, self._notes
        self._outer.append(outer)
        self._port, self._notes = inner, [made.notes]
        context.imports, context.warnings = made.imports, made.warnings
        try:
            yield made
        finally:
            self._port, self._notes = self._outer.pop(), notes
            context.imports, context.warnings = imports, warnings

    def _merge(self, made: Made) -> None:
        """A taken candidate's records and requests made apart, now the module's (the
        marks' indices moved past what the module recorded before them)."""
        port, got = self._port, made.state
        into, new = port.records, got.records
        for code, count in new.applied.items():
            into.applied[code] = into.applied.get(code, 0) + count
        into.todos += new.todos
        into.breaks |= new.breaks
        into.marks += [Mark(m.comment, m.index + len(into.declared)) for m in new.marks]
        into.declared += new.declared
        into.site_marks += [Mark(m.comment, m.index + len(into.sites)) for m in new.site_marks]
        into.sites += new.sites
        into.notes += new.notes
        into.openers.update(new.openers)
        into.todo_marks += new.todo_marks
        into.left_out += new.left_out
        asked, more = port.requests, got.requests
        asked.needs |= more.needs
        asked.exact_needs |= more.exact_needs
        asked.companions |= more.companions
        asked.app_options.update(more.app_options)
        asked.app_declared += more.app_declared
        asked.after_app += more.after_app
        asked.provided |= more.provided
        asked.compat_names |= more.compat_names
        asked.install = asked.install or more.install
        port.site_counts.update(got.site_counts)
        wanted_imports(self.context).extend(made.imports)
        self.context.warnings += made.warnings
        if self._notes:
            self._notes[-1] += made.notes

    def adopt(self, piece: object) -> None:
        """A piece of this rule's own module-wide code that a taken candidate adds
        (`Candidate.adds`: P003's float converter, a view's endpoint number): the rule
        keeps it in its scratch for its later sites and finish(). A rule whose
        candidates add any defines it."""
        raise NotImplementedError(f"{self.code} takes no pieces ({piece!r})")

    def _site(self, kind: str, route: str | None, keeps: str,
              idiomatic: Candidate | None = None, exact: Candidate | None = None,
              forms_if_exact: bool = False, binds: tuple[str, ...] = ()) -> bool:
        port, settings = self._port, self.state
        scope = ".".join(port.scope) or "<module>"
        counted = (scope, self.code, kind)
        ordinal = port.site_counts.get(counted, 0)
        port.site_counts[counted] = ordinal + 1
        key = site_key(settings.path, scope, self.code, kind, ordinal)
        chosen = settings.faithful or bool(keeps) or takes_exact(key, settings.exact_keys)
        site: Site = {"key": key, "rule": self.code, "kind": kind, "scope": scope,
                      "exact": chosen}
        if route:
            site["route"] = route
        if keeps:
            site["kept"] = keeps
        if binds:
            site["binds"] = list(binds)
        shown = [(name, c) for name, c in (("idiomatic", idiomatic), ("exact", exact))
                 if c is not None and c.form is not None and (chosen or not forms_if_exact)]
        # a form made apart (P022's folded def) may hold the marks of declared changes,
        # the module's and its own: left out of its text
        marked = self._mark_comments(*(c for _, c in shown)) \
            if any(c.made is not None for _, c in shown) else ()
        for name, candidate in shown:
            assert candidate.form is not None
            site.setdefault("forms", {})[name] = form_text(candidate.form, marked)
        sites = port.records.sites
        sites.append(site)
        if self._notes:
            comment = cst.Comment("#")
            port.records.site_marks.append(Mark(comment, len(sites) - 1))
            self._notes[-1].append(cst.EmptyLine(comment=comment))
        return chosen

    def _mark_comments(self, *candidates: Candidate) -> set[int]:
        """The ids of the mark comments the candidates' forms may hold: the module's and
        those each made apart (its own declared changes)."""
        states = [*self._outer, self._port,
                  *(c.made.state for c in candidates if c.made is not None)]
        return {id(mark.comment) for port in states
                for mark in (*port.records.marks, *port.records.site_marks)}

    # -- what a rule asks of the engine: typed requests, read once the walks are done --
    def need(self, need: Need) -> None:
        """A module-wide piece (a keyword of bottle_compat.install() after the app): the
        idiomatic port drops those of shims.FAITHFUL_ONLY no exact site asked for."""
        self._port.requests.needs.add(need)

    def need_exact(self, need: Need) -> None:
        """The module-wide piece a site that took its exact candidate needs: added once
        for the module, in the idiomatic port too."""
        self._port.requests.needs.add(need)
        self._port.requests.exact_needs.add(need)

    def need_install(self) -> None:
        """The module imports bottle_compat's install() (P005's recorder), whether or not
        an app is there to install it on."""
        self._port.requests.install = True

    def need_import(self, module: str, name: str | None = None,
                    asname: str | None = None) -> None:
        """`from module import name as asname` (`import module` without a name) in this
        module, unless its leading imports bind it (needed_imports.py)."""
        ask_import(self.context, module, name, asname)
        if module == "bottle_compat" and name:
            self._port.requests.compat_names.add(name)
        if name:  # the Bottle import of the same name is no longer needed
            self._port.requests.provided.add(asname or name)

    def flask_g(self) -> cst.Name:
        """Flask's `g`, imported: as `g`, or as `flask_g` where the module spells a `g` of
        its own (a global, a parameter, an import: any identifier g of its source, which
        every rule reads the same), so that neither hides the other."""
        words = set(self.facts.words)
        name = "g" if "g" not in words else free_name("flask_g", words)
        self.need_import("flask", "g", None if name == "g" else name)
        return cst.Name(name)

    def need_helper(self, companion: Companion, name: str | None = None,
                    asname: str | None = None) -> None:
        """`import companion` (or `from companion import name [as asname]`): a module of
        compat/ the port copies beside this one, only where a module uses it
        (folder.COMPANIONS)."""
        self.need_import(companion.value, name, asname)
        self._port.requests.companions.add(companion)

    def provide(self, name: str) -> None:
        """A Bottle name the module now defines otherwise: its Bottle import goes."""
        self._port.requests.provided.add(name)

    def provided(self) -> frozenset[str]:
        """The Bottle names the module now defines otherwise (P001 reads them)."""
        return frozenset(name for port in (*self._outer, self._port)
                         for name in port.requests.provided)

    def placed_reads(self) -> frozenset[str]:
        """What the post-steps' code reads (names, and the words of its comments) where
        the LAST walk places it, as recorded so far: before the walk, what the options
        and the statements after the app will read; once it left the module, all of
        it (P001 reads them)."""
        return frozenset(self._port.placed_reads)

    def placed_uses(self) -> frozenset[str]:
        """Of placed_reads(), the names read as values (not a keyword's or an attribute's
        name, nor one a def, class, parameter or assignment binds)."""
        return frozenset(self._port.placed_uses)

    def app_option(self, keyword: FlaskOption, value: cst.BaseExpression | Remove) -> None:
        """`Flask(..., keyword=value)` where the app is made (REMOVE: the keyword taken
        out); a later request for the same keyword replaces the value."""
        option = AppOption(keyword, value)
        self._port.requests.app_options[option.keyword] = option.value

    def place_after_app(self, template: str, **values: cst.BaseExpression) -> None:
        """A statement right after each statement that makes the app (`{app}` its name)."""
        self._port.requests.after_app.append(AfterApp(template, values))

    def declare_on_app(self, change: str, paths: Sequence[str]) -> None:
        """declare() on the line that makes the app, wherever that is."""
        assert change in {c.id for c in self.declares}, change
        self._port.requests.app_declared.append(AppDeclared(change, tuple(paths)))

    # -- what a rule records: the report's ---------------------------------------------
    def fired(self, count: int = 1) -> None:
        applied = self._port.records.applied
        applied[self.code] = applied.get(self.code, 0) + count

    def note(self, text: str) -> None:
        """A line the report says about the module besides its TODOs."""
        self._port.records.notes.append(text)

    def record_opener(self, keyword: str, opener: str) -> None:
        """P019: a plugin's keyword that the port opens with `opener()` (get_db...)."""
        self._port.records.openers[keyword] = opener

    def declare(self, change: str, paths: Sequence[str] = ("*",), detail: str = "",
                ignore: Sequence[tuple[str, str]] = ()) -> None:
        """Record a declared change at the statement being visited (its line is found
        from a marker comment the runner takes out again); detail: what it is here;
        ignore: as mark()'s, for a change whose own declaration names nothing."""
        assert change in {c.id for c in self.declares}, change
        found: Declaration = {"id": change, "paths": list(paths) or ["*"]}
        if detail:
            found["detail"] = detail
        if ignore:
            found["ignore"] = [[kind, value] for kind, value in ignore]
        declared = self._port.records.declared
        declared.append(found)
        if self._notes:
            self._notes[-1].append(declared_mark(self._port, len(declared) - 1))

    def mark(self, stmt: Stmt, change: str, paths: Sequence[str] = ("*",),
             ignore: Sequence[tuple[str, str]] = ()) -> Stmt:
        """declare() for a statement the rule builds itself: the marker rides on it.
        ignore: what differs at this site, as parity's [[ignore]] kind and value, for a
        change whose own declaration names nothing."""
        assert change in {c.id for c in self.declares}, change
        declared = self._port.records.declared
        found: Declaration = {"id": change, "paths": list(paths) or ["*"]}
        if ignore:
            found["ignore"] = [[kind, value] for kind, value in ignore]
        declared.append(found)
        return cast(Stmt, with_comments(stmt, [declared_mark(self._port, len(declared) - 1)]))

    def _record_todo(self, code: str, text: str, breaks: bool) -> None:
        found = TodoKey(code, text)
        self._port.records.todos.append(found)
        if breaks:
            self._port.records.breaks.add(found)

    def todo_line(self, text: str, code: str | None = None,
                  breaks: bool = False) -> cst.EmptyLine:
        """A TODO's comment line, recorded, for the rule to place itself (a module's
        header, an import line P001 keeps)."""
        code, text = code or self.code, one_line(text)
        self._record_todo(code, text, breaks)
        return todo_note(self._port, code, text)

    def todo_on(self, stmt: Stmt, text: str, code: str | None = None,
                breaks: bool = False) -> Stmt:
        """todo() for a statement other than the one being visited."""
        code, text = code or self.code, one_line(text)
        self._record_todo(code, text, breaks)
        self.context.warnings.append(f"{code}: {text}")
        return cast(Stmt, with_comments(stmt, [todo_note(self._port, code, text)]))

    def todo(self, text: str, code: str | None = None, breaks: bool = False) -> None:
        """Leave a TODO above the statement being visited and a line in the report.

        breaks: the code under it is left running and fails there (an AttributeError, a
        view called without an argument): `bottle2flask port` does not call such a port done."""
        code, text = code or self.code, one_line(text)
        self._record_todo(code, text, breaks)
        self.context.warnings.append(f"{code}: {text}")
        if self._notes:
            self._notes[-1].append(todo_note(self._port, code, text))

    def leave_out(self, stmt: cst.SimpleStatementLine | cst.BaseCompoundStatement, text: str,
                  code: str | None = None) -> cst.SimpleStatementLine:
        """The statement commented out under a TODO, so the port starts without it: Flask
        has nothing to call in its place."""
        code, text = code or self.code, one_line(text)
        self._record_todo(code, text, False)
        self.context.warnings.append(f"{code}: {text}")
        source = cst.Module([]).code_for_node(stmt.with_changes(leading_lines=[]))
        lines = [f"# {line}".rstrip() for line in source.rstrip("\n").splitlines()]
        return self.placeholder([
            *stmt.leading_lines, todo_note(self._port, code, text),
            *(cst.EmptyLine(comment=cst.Comment(line)) for line in lines)])

    def todo_comments(self) -> frozenset[int]:
        """The ids of the TODO comment nodes written in the module so far (a statement
        that has one is known by it)."""
        return frozenset(id(mark.comment) for port in (*self._outer, self._port)
                         for mark in port.records.todo_marks)

    def placeholder(self, leading_lines: Iterable[cst.EmptyLine]) -> cst.SimpleStatementLine:
        """A statement taken out (its comments kept): placeholder()."""
        return placeholder(self._port, leading_lines)

    # -- the TODO comments ride on the enclosing statement --------------------------
    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, STATEMENTS):
            self.open_notes()
        enter_scope(self._port, node)
        return super().on_visit(node)

    def on_leave(self, original: Node, updated: Node
                 ) -> Node | cst.RemovalSentinel | cst.FlattenSentinel[Node]:
        result = super().on_leave(original, updated)
        if isinstance(original, STATEMENTS):
            result = self.close_notes(result)
        leave_scope(self._port, original)
        return result

    def open_notes(self) -> None:
        self._notes.append([])

    def close_notes(self, result: Result) -> Result:
        """The statement being left, with what the rule noted in it; None when a rule
        before this one in a shared walk (port/passes.py) removed it: the notes go too."""
        notes = self._notes.pop()
        if notes and result is not None:
            result = cast(Result, with_comments(result, notes))
        return result



class EditRule(Rule):
    """A rule that returns edits (issue #43): it reads, and the engine rewrites.

    Its `edit_<Node>` methods (`edit_Assign`) read the node the walk enters, after its
    visit_ method if it has one, and return an `Edit` of it or None; the walk applies
    each edit as it leaves that node, at the rule's place among the walk's rules
    (passes.Walk): its forms, with what the walk made of the node's parts put in, and
    its records (the site, the candidate taken, the rewrites fired). It has no leave_
    method: what it knew at the leave it knows at the visit (the defs it is in: defs());
    what it counts as the walk leaves a node (the lambdas it is in) a `left_<Node>(node)`
    method reads, which returns nothing."""

    def defs(self) -> list[cst.FunctionDef]:
        """The defs the node being visited is in, outermost first (the walk keeps them:
        an edit rule has no leave_ method to count them by)."""
        return [node for node in self._port.scope_nodes if type(node) is cst.FunctionDef]

    def apply(self, edit: Edit, original: cst.CSTNode, updated: cst.CSTNode
              ) -> cst.CSTNode | cst.FlattenSentinel[cst.CSTNode]:
        """What the edit makes of the node the walk leaves (`updated`: what it made of
        `original` so far), its records made."""
        if edit.made is not None:
            self._merge(edit.made)
        if edit.left_out:
            assert isinstance(updated, STATEMENTS)
            self.fired(edit.fired)
            return self.leave_out(updated, edit.left_out)
        if edit.taken_out:
            assert isinstance(updated, STATEMENTS)
            self.fired(edit.fired)
            return self.placeholder(updated.leading_lines)
        if edit.under is not None:
            assert isinstance(updated, STATEMENTS)
            return put_under(edit.under, updated)
        candidates = edit.candidates
        if original is not updated:
            candidates = tuple(replace(c, form=swap(c.form, original, updated))
                               if c.form is not None else c for c in candidates)
        if len(candidates) == 2:
            chosen = self.site(edit.kind, *candidates, route=edit.route, keeps=edit.keeps)
        else:
            chosen = candidates[0]
            self.take_candidate(chosen, False)
        if edit.fired:
            self.fired(edit.fired)
        form = chosen.form
        if edit.within is not None:  # the chosen form is a part of the node's
            parts = form if isinstance(form, tuple) else (form,)
            assert all(isinstance(part, cst.CSTNode) for part in parts), parts
            form = swap(edit.within, original, updated, {
                id(hole): cast(cst.CSTNode, part)
                for hole, part in zip(edit.holes, parts, strict=True)})
        if form is None:
            return updated
        if edit.field:
            return updated.with_changes(**{edit.field: form})
        if isinstance(form, tuple):  # nodes that stand together, in a block
            return cst.FlattenSentinel(form)
        assert isinstance(form, cst.CSTNode), form  # (a rule's text is no edit's form)
        return form


def put_under(block: cst.BaseCompoundStatement,
              stmt: cst.SimpleStatementLine | cst.BaseCompoundStatement
              ) -> cst.BaseCompoundStatement:
    """`stmt` alone in the block of `block` (`if __name__ == "__main__":`), which takes
    its leading lines (its comments, the notes the walk gave it)."""
    body = block.body
    assert isinstance(body, cst.IndentedBlock)
    return block.with_changes(leading_lines=stmt.leading_lines, body=body.with_changes(
        body=[stmt.with_changes(leading_lines=[])]))


SCOPES = (cst.FunctionDef, cst.ClassDef)


def enter_scope(state: PortState, node: cst.CSTNode) -> None:
    """The walk enters a def or class: the sites below it are in its scope."""
    if isinstance(node, SCOPES):
        state.scope.append(node.name.value)
        state.scope_nodes.append(node)


def leave_scope(state: PortState, node: cst.CSTNode) -> None:
    if isinstance(node, SCOPES):
        state.scope.pop()
        state.scope_nodes.pop()


def form_text(form: cst.CSTNode | str | tuple[cst.CSTNode, ...],
              hidden: Collection[int] = ()) -> str:
    """A candidate's form as the report shows it: a node's code (nodes that stand
    together, each's), a rule's text as it is; without the lines of the marks in it
    (`hidden`, the ids of their comments: the declared changes of P022's folded def)."""
    if isinstance(form, str):
        return form
    if isinstance(form, tuple):  # one a line
        codes = (node_code(node, hidden) for node in form)
        return "".join(code if code.endswith("\n") else f"{code}\n" for code in codes)
    return node_code(form, hidden)


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
    state.records.todo_marks.append(TodoMark(comment, TodoKey(code, text)))
    return cst.EmptyLine(comment=comment)


def declared_mark(state: PortState, index: int) -> cst.EmptyLine:
    """The line that marks where declared change `index` is, until take_marks()."""
    comment = cst.Comment("#")
    state.records.marks.append(Mark(comment, index))
    return cst.EmptyLine(comment=comment)


def placeholder(state: PortState,
                leading_lines: Iterable[cst.EmptyLine]) -> cst.SimpleStatementLine:
    """A statement taken out, standing until drop_placeholders() gives its comments (a
    TODO, the line commented out) to the next statement."""
    newline = cst.Newline()
    state.records.left_out.append(newline)
    return cst.SimpleStatementLine([cst.Pass()], leading_lines=list(leading_lines),
                                   trailing_whitespace=cst.TrailingWhitespace(newline=newline))


class _DropPlaceholders(Transformer):
    """A left-out statement's comments go on the next statement (or after the block);
    a block left with nothing in it gets `pass`."""

    def __init__(self, left_out: list[cst.Newline]) -> None:
        super().__init__()
        self.left_out = {id(newline) for newline in left_out}

    def _is_placeholder(self, stmt: cst.CSTNode) -> bool:
        return isinstance(stmt, cst.SimpleStatementLine) \
            and id(stmt.trailing_whitespace.newline) in self.left_out

    def _body(self, body: Sequence[cst.BaseStatement], footer: Sequence[cst.EmptyLine]
              ) -> tuple[list[cst.BaseStatement], list[cst.EmptyLine], Sequence[cst.EmptyLine]]:
        kept: list[cst.BaseStatement] = []
        carried: list[cst.EmptyLine] = []
        for line in body:
            assert isinstance(line, STATEMENTS)  # (BaseStatement's two kinds)
            stmt: cst.SimpleStatementLine | cst.BaseCompoundStatement = line
            if self._is_placeholder(stmt):
                carried += stmt.leading_lines
                continue
            if carried:
                stmt = stmt.with_changes(leading_lines=[*carried, *stmt.leading_lines])
                carried = []
            kept.append(stmt)
        return kept, carried, footer

    def leave_IndentedBlock(self, original: cst.IndentedBlock,
                            updated: cst.IndentedBlock) -> cst.IndentedBlock:
        body, carried, footer = self._body(updated.body, updated.footer)
        if not body:
            body = [cst.SimpleStatementLine([cst.Pass()], leading_lines=carried)]
            carried = []
        return updated.with_changes(body=body, footer=[*carried, *footer])

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        body, carried, footer = self._body(updated.body, updated.footer)
        return updated.with_changes(body=body, footer=[*carried, *footer])


def one_line(text: str) -> str:
    """A TODO's text on one line: it may quote code written over several (a comment holds
    one line, and LibCST refuses a newline in one)."""
    return re.sub(r"\s*\n\s*", " ", text)


def drop_placeholders(module: cst.Module, state: PortState) -> cst.Module:
    if not state.records.left_out:
        return module
    return cast(cst.Module, transform(module, _DropPlaceholders(state.records.left_out)))


VIEW_DECORATORS = {"route", "get", "post", "put", "delete", "patch", "error", "errorhandler"}


def decorator_method(rule: Rule, decorator: cst.Decorator) -> str | None:
    call = decorator.decorator
    func = call.func if isinstance(call, cst.Call) else call
    return rule.app_method(func)


def is_view(rule: Rule, node: cst.FunctionDef) -> bool:
    """A def under a route decorator, or one a route call registers (`callback=`, in
    this module or another: the model's `routed`), asked as the walk is at the def."""
    if any(decorator_method(rule, d) in VIEW_DECORATORS for d in node.decorators):
        return True
    routed = rule.facts.routed
    if not routed:
        return False
    scope = rule._port.scope
    if not scope or scope[-1] != node.name.value:
        scope = [*scope, node.name.value]
    return ".".join(scope) in routed


def route_globs(rule: Rule, node: cst.FunctionDef) -> list[str]:
    """The paths a view answers, as parity globs (`/edit/*`); [] for other functions."""
    found = []
    for d in node.decorators:
        if decorator_method(rule, d) in ROUTE_METHODS and isinstance(d.decorator, cst.Call):
            given = arg(d.decorator, 0, "rule") or arg(d.decorator, 0, "path")
            path = string_value(given.value) if given else None
            found.append(glob(path) if path is not None else "*")
    return found


__all__ = ["APP_SHORTCUTS", "AfterApp", "AppDeclared", "AppOption", "Candidate", "Change",
           "Companion", "Declare", "Edit", "EditRule", "FlaskOption",
           "Import", "ModuleSettings", "Need", "Phase", "PortState", "Rule", "glob", "one_line"]

"""P001: imports: `from bottle import ...` and `import bottle` become Flask imports

Two passes. `Prepare` runs first (it cannot be disabled): it learns which local
names are Bottle's, spells `bottle.route` as `route` so the other rules see one
form, and finds the app objects (and aliases of their methods: after `get = app.get`,
`@get("/x")` is read as `@app.get("/x")`). `Imports` runs last: it drops the Bottle names no
rule left in use; a Bottle name still in use keeps its import under a TODO. A Bottle
name the module defines again (`def template(...)`) is the module's own (not a view
under that same name's decorator, `@get("/get") def get()`). `app = default_app.push()`
is the default app, as `default_app()` is. A module with
no Bottle import that gets Bottle's names through `from own_module import *` gets a
TODO: the port takes them out of that module.

Once every rule has run, an attribute only a Bottle app has that no rule converted
(`app.routes`, `app.router`, `app.plugins`, `app.hooks`, `add_hook`, `trigger_hook`,
`error_handler`, `reset`, `uninstall`, `catchall`) gets a breaking P001 TODO above its
statement, naming what Flask has in its place (`port/leftovers.py`): the line would
fail when it runs, and the port says so instead. So does the import TODO of a Bottle
object no Flask view can serve (Bottle's response and request objects, `Route`, the app
stack), saying why in plain words; a name whose every use is `X.MEMFILE_MAX = n` (P017
says Flask's way) sets an attribute of Bottle's own class and runs: no break there; nor
where every use makes a request over the environ it is given (`BaseRequest(environ)`,
which P028 keeps where it is read by Bottle's names).
Read through `request.app` (which P004 writes as Flask's `current_app`) an app
attribute gets the same TODO; through any other name (a
plugin's `self.app`) the port cannot tell the object is an app, and says nothing.

`json_dumps` and `json_loads` are the `json` module's `dumps` and `loads` in bottle.py:
they are imported from `json` under the same names (`HTTP_CODES` stays: its 418 text is
not `http.client.responses`'s). Where the installed Bottle takes them from another
module (0.13: ujson, when it can import it; 0.12: simplejson), that import is a site
(`json-module`): `json`'s, declared (D-json-dumps, saying which module Bottle took), or
the module Bottle took; a view that reads the name maps to it in the check's repair.
The other standard modules and names bottle.py imports and an app may take from it
are imported from where they live (`from bottle import os, datetime`: `import os`,
`from datetime import datetime`). `from bottle import app` is Bottle's default-app
stack, never the app the port makes.

`from bottle import *` becomes an import of the Bottle names the module still reads by
name (`from bottle import makelist`, under its TODO), or goes where it reads none: left
as it was, below the `app = Flask(...)` and `from flask import request` the port
writes, it would bind Bottle's `app` and `request` over them. Beside another star
import (which may give the same names) it stays, under its TODO.

An import only the Bottle code read (`import os` for a TEMPLATE_PATH line that became
`template_folder=`) goes with it; one nothing read (a re-export), or that a line left
out under a TODO still names, stays.

`auth_basic(check, realm="private", text="Access denied")` has no Flask counterpart
(imported by name, read as `bottle.auth_basic`, or given by `from bottle import *`): the
port imports it from `bottle_compat` (copied beside the app with that function alone: a
dozen lines on Werkzeug's `request.authorization`, raising `Unauthorized`, so the app's
401 handler still runs as Bottle's error handler did). Werkzeug writes the challenge as
`Basic realm=private`, Bottle as `Basic realm="private"`: the same to every client (RFC
9110 11.2), and `parity` compares challenges as a client reads them.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

import bottle
import libcst as cst
from libcst.helpers import get_full_name_for_node
from libcst.metadata import GlobalScope, ImportAssignment, MetadataWrapper, ScopeProvider

from ..edit import is_name, walk
from .base import Candidate, Change, Declare, Import, Phase, Rule

# What `from bottle import *` binds: bottle.py sets no __all__, so every public name
_BOTTLE_PUBLIC = frozenset(getattr(bottle, "__all__", None)
                           or (name for name in vars(bottle) if not name.startswith("_")))

# Bottle's objects a Flask app cannot serve: a Bottle response returned or raised from a
# Flask view, Bottle's request-bound globals and route objects, Bottle's app stack (the
# Flask app is not on it). A leftover import of one is a breaking TODO.
UNSERVABLE = {"HTTPResponse", "HTTPError", "BaseResponse", "LocalResponse", "Response",
              "BaseRequest", "LocalRequest", "Request", "Route", "apps", "AppStack"}
# Bottle's request classes, which read the WSGI environ a call gives them (no app needed)
MADE_OVER_ENVIRON = {"BaseRequest", "LocalRequest", "Request"}
# Bottle's response classes, made by hand (no app needed): P029 keeps them where a
# response object is read, and sends what Bottle sent where a view returns one
MADE_BY_HAND = {"BaseResponse", "LocalResponse"}


# The JSON module Bottle's json_dumps and json_loads are taken from here: 0.13 takes
# ujson's where it can import it, 0.12 simplejson's, else the standard library's
BOTTLE_JSON = bottle.json_dumps.__module__.partition(".")[0]


class Imports(Rule):
    code = "P001"
    phase = Phase.LAST  # the import pass: over what every rule left
    summary = "Bottle imports removed; Flask imports added for what the rules used"
    declares = (Change("D-json-dumps", "21. JSON responses",
                       "`json_dumps`/`json_loads` from Bottle become the standard "
                       "library's json.dumps/loads; the Bottle installed here takes "
                       "another module's (Bottle 0.13: ujson, when it can import it, "
                       "which writes no spaces and escapes `/` as `\\/`; 0.12: "
                       "simplejson), as the port's exact form does"),)

    def visit_Module(self, node: cst.Module) -> None:
        """What the module reads, read before the walk prunes its imports: the Bottle
        names still in use (each import kept for them), the standard library's names
        Bottle lent it, and the names and comment words drop_unused() keeps imports for
        (the prune adds only its own TODOs' words to those, and leftovers.flag's TODOs,
        made in the same walk, are not the user's: neither is read)."""
        provided = self.provided()
        self.json_names: list[str] = []
        used = names_in_use(node, self.facts.via_module, provided,
                            also=self.placed_uses()) - provided
        for name in sorted(used):  # Bottle's copies of the standard library's own
            if self.facts.bottle.get(name) in JSON and BOTTLE_JSON != "json":
                self.json_names.append(name)  # a site on the module's Bottle import
                self.fired()
                used.discard(name)
            elif self.facts.bottle.get(name) in STDLIB:
                module, attr = STDLIB[self.facts.bottle[name]]
                if attr is None:  # `from bottle import os`: import os
                    self.need_import(module, None, None if module == name else name)
                    self.provide(name)
                else:
                    self.need_import(module, attr, None if attr == name else name)
                self.fired()
                used.discard(name)
            elif self.facts.bottle.get(name) == "auth_basic":
                self._auth_basic(name)
                used.discard(name)
        # a name the module assigned at its top level (`app = default_app()`) and the port
        # imports instead (`from default_app import app`): the app's other modules may
        # import it from here, though this one reads it no more
        assigned = {target.target.value for stmt in (self.facts.original or node).body
                    if isinstance(stmt, cst.SimpleStatementLine)
                    for small in stmt.body if isinstance(small, cst.Assign)
                    for target in small.targets if isinstance(target.target, cst.Name)}
        self.read_before = self.facts.read_before - assigned
        self.used = used
        # `from bottle import *`: the names of Bottle's still read, imported by name (the
        # star would rebind `app`, `request`... the port made after it); None: keep it
        self.star_left = _star_left(node, provided | set(used)) if _stars(node) else None
        for name in self.star_left or ():
            if name in JSON and BOTTLE_JSON != "json":  # a site, as a named import's
                self.json_names.append(name)
                self.fired()
            elif name in STDLIB:
                module, attr = STDLIB[name]
                self.need_import(module, attr, None if attr in (None, name) else name)
            elif name == "auth_basic":  # bottle_compat's, as a named import's (above)
                self._auth_basic(name)
        if self.star_left:
            self.star_left = [name for name in self.star_left
                              if name not in STDLIB and name != "auth_basic"]
            self.json_names.sort()
        self.imported: set[str] = set()
        self.depth = 0
        # module-level lines dropped after leave_Module, by their first small statement's
        # id (the line itself may come back from the walk with marks above it)
        # -> how many of its leading lines were its own (the rest: the marks of a site)
        self.dropped: dict[int, int] = {}
        self.inert: set[str] = set()  # UNSERVABLE names whose every use runs in Flask too
        unservable = {local for local, api in self.facts.bottle.items() if api in UNSERVABLE}
        # `X.MEMFILE_MAX = n`, a request made over an environ (P028's kept
        # `BaseRequest(environ)`) and an annotation leave a use inert: a module that
        # imports none of those names is not walked for them
        if unservable:
            self.inert = {self.facts.bottle[name]
                          for name in _inert(node, unservable, self.facts.bottle)}
        # the names it reads, and the words of its comments (a line left out: kept), in
        # one walk of the module as the rules left it
        read = _ReadAndCommented()
        walk(node, read)
        self.read_now = read.found

    def _json(self, name: str) -> None:
        """json_dumps or json_loads where the installed Bottle takes them from ujson or
        simplejson: the standard library's, declared, or (exact) the module Bottle took."""
        attr = JSON[self.facts.bottle.get(name, name)]  # (a star import's: by its name)
        asname = None if attr == name else name
        self.site("json-module", Candidate(
            imports=(Import("json", attr, asname),),
            declares=(Declare("D-json-dumps", detail=f"Bottle's {name} is {BOTTLE_JSON}'s "
                                                     f"{attr} here"),)),
            Candidate(imports=(Import(BOTTLE_JSON, attr, asname),)), binds=(name,))

    def _auth_basic(self, name: str) -> None:
        """Bottle's auth_basic decorator in Flask terms: Flask has none of its own, so it
        is bottle_compat's (the port copies that function alone)."""
        self.fired()
        self.need_import("bottle_compat", "auth_basic", None if name == "auth_basic" else name)

    # The prune: Bottle's imports no rule left in use taken out, in the LAST walk.
    def visit_IndentedBlock(self, node) -> None:
        self.depth += 1

    def leave_IndentedBlock(self, original, updated):
        self.depth -= 1
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        sites = self.json_names and self.depth == 0 and any(
            _is_bottle_import(small) for small in original.body)
        if sites:  # their line: the Bottle import's, carried to the next if it goes
            for name in self.json_names:
                self._json(name)
            self.json_names = []
        result = self._prune(updated)
        if sites and isinstance(result, cst.RemovalSentinel):
            self.dropped[id(updated.body[0])] = len(updated.leading_lines)
            return updated
        if isinstance(result, cst.RemovalSentinel) and self.depth == 0 \
                and any(line.comment for line in updated.leading_lines):
            # its comments go to the next line
            self.dropped[id(updated.body[0])] = len(updated.leading_lines)
            return updated
        return result

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        """A dropped import's comment lines (a section divider) stay, on the next line;
        then the imports only the Bottle code read go (drop_unused)."""
        # no Bottle import at the top (json_dumps imported in a function, or read as
        # bottle.json_dumps there): the sites and their declared change ride on the
        # module's first statement, where the import they ask for is placed
        self.open_notes()
        for name in self.json_names:
            self._json(name)
        self.json_names = []
        body: list[cst.BaseStatement] = []
        carried: list[cst.EmptyLine] = []
        marks: list[cst.EmptyLine] = []  # right above the next line, as they were
        for stmt in updated.body:
            if isinstance(stmt, cst.SimpleStatementLine) and id(stmt.body[0]) in self.dropped:
                own_count = self.dropped[id(stmt.body[0])]
                carried += stmt.leading_lines[:own_count]
                marks += stmt.leading_lines[own_count:]
                continue
            if carried or marks:
                own = list(stmt.leading_lines)
                while carried and own and not own[0].comment and isinstance(
                        stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 \
                        and isinstance(stmt.body[0], cst.Import | cst.ImportFrom):
                    own.pop(0)  # right above the import, where isort keeps a comment
                stmt = stmt.with_changes(leading_lines=[*carried, *own, *marks])
                carried, marks = [], []
            body.append(stmt)
        if body:  # (below a docstring, as the import goes)
            first = 1 if len(body) > 1 and _docstring(body[0]) else 0
            body[first] = self.close_notes(body[first])
        else:
            self.close_notes(None)
        module = updated.with_changes(body=body, footer=[*carried, *marks, *updated.footer])
        # what the post-steps placed in this walk, and the TODOs they put in the header
        # (a module without an app), read as what the rules left was
        now = self.read_now | self.placed_reads() | {
            word for line in module.header if line.comment
            for word in WORD.findall(line.comment.value)}
        return drop_unused(module, self.read_before, now, self)

    def _prune(self, updated):
        body = updated.body
        if len(body) != 1 or not isinstance(body[0], cst.Import | cst.ImportFrom):
            return updated
        node = body[0]
        if isinstance(node, cst.ImportFrom):
            extension = _extension(node)
            if extension is not None:  # bottle.ext.x is the package bottle_x
                self.fired()
                return updated.with_changes(body=[extension])
            if node.relative or node.module is None \
                    or not is_name(node.module, "bottle"):
                return updated
            if isinstance(node.names, cst.ImportStar):
                if self.star_left is None:  # another star import may give the same names
                    return self._drop_or_keep(updated, [], "bottle *")
                self.fired()
                if not self.star_left:
                    return cst.RemoveFromParent()
                names = [cst.ImportAlias(cst.Name(name)) for name in self.star_left]
                new = node.with_changes(names=_commas(names), lpar=None, rpar=None)
                return self._drop_or_keep(updated.with_changes(body=[new]),
                                          self.star_left, "")
            keep = [a for a in node.names
                    if (a.evaluated_alias or a.evaluated_name) in self.used]
            if not keep:
                self.fired()
                return cst.RemoveFromParent()
            names = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in keep]
            new = node.with_changes(names=names, lpar=None, rpar=None)
            return self._drop_or_keep(updated.with_changes(body=[new]),
                                      [a.name.value for a in keep], "")
        if all(not is_name(a.name, "bottle") for a in node.names):
            return updated
        keep = [a for a in node.names if not is_name(a.name, "bottle")
                or (a.evaluated_alias or "bottle") in self.used]
        # bottle.X was spelt X for the rules: what no rule replaced is imported by name
        bottle = self.facts.bottle
        left = sorted(n for n in self.facts.via_module & self.used
                      if n in bottle and n not in self.imported)
        self.imported |= set(left)
        if left:  # (bottle.X where the module has an X of its own was spelt bottle_X)
            spelt = ", ".join(n if bottle[n] == n else f"{bottle[n]} as {n}" for n in left)
            line = cst.parse_statement(f"from bottle import {spelt}\n")
            line = self._drop_or_keep(line.with_changes(
                leading_lines=updated.leading_lines), left, "")
            if not keep:
                return line
            kept = updated.with_changes(body=[node.with_changes(names=_commas(keep))])
            if any(is_name(a.name, "bottle") for a in keep):
                kept = self._drop_or_keep(kept, ["bottle"], "")
            return cst.FlattenSentinel([kept, line])
        if not keep:
            self.fired()
            return cst.RemoveFromParent()
        kept = updated.with_changes(body=[node.with_changes(names=_commas(keep))])
        if any(is_name(a.name, "bottle") for a in keep):
            return self._drop_or_keep(kept, ["bottle"], "")
        self.fired()  # `import bottle, os`: only os is left
        return kept

    def _drop_or_keep(self, line, names, star):
        what = ", ".join(names) or star
        text = (f"still uses Bottle's {what}: no rule converts it; replace it with the Flask "
                "equivalent (docs/PORTING-RULES.md) and remove this import")
        bottle = self.facts.bottle
        failing = sorted({bottle.get(name, name) for name in names} & UNSERVABLE - self.inert)
        if failing:  # a Flask view cannot answer with them: a 500
            text += "; " + "; ".join(dict.fromkeys(UNSERVABLE_WHY[name] for name in failing))
        comment = self.todo_line(text, breaks=bool(failing))
        self.read_now |= set(WORD.findall(comment.comment.value if comment.comment else ""))
        return line.with_changes(leading_lines=[*line.leading_lines, comment])



# Why each of those fails in Flask, in plain words (a P001 TODO that breaks says it)
UNSERVABLE_WHY = {
    **dict.fromkeys(("HTTPResponse", "HTTPError", "BaseResponse", "LocalResponse", "Response"),
                    "Flask never sends Bottle's response objects: a view answers with "
                    "Flask's Response or raises Werkzeug's exceptions (abort())"),
    **dict.fromkeys(("BaseRequest", "LocalRequest", "Request"),
                    "Bottle's request objects read a request Flask never hands Bottle: "
                    "Flask's request exists in a request context "
                    "(app.test_request_context())"),
    "Route": "Bottle's Route objects: Flask's routes are app.url_map's rules",
    **dict.fromkeys(("apps", "AppStack"),
                    "Bottle's default-app stack: the Flask app is never on it"),
}


def _inert(module: cst.Module, names: set[str], bottle: dict[str, str]) -> set[str]:
    """The Bottle names (of `names`) whose every use is `X.attr = value` (`X.MEMFILE_MAX =
    n`, whose P017 TODO says what Flask has instead; `BaseRequest.default_content_type =
    ...`, RULE-s49 class H): the line sets an attribute of Bottle's own class, and runs
    in the port as it is; so does a request class called with the environ it reads
    (`BaseRequest(environ)`, kept by P028); and a name read only in annotations
    (`def on_error(err: HTTPError)`, `-> HTTPResponse`), which Python evaluates but never
    calls: the annotation is a note, the code under it runs in Flask."""
    harmless: set[int] = set()
    spelt: dict[str, list[int]] = {}

    class Uses(cst.CSTVisitor):
        def __init__(self) -> None:
            super().__init__()
            self.annotations = 0  # annotations being walked

        def visit_Annotation(self, node: cst.Annotation) -> None:
            self.annotations += 1

        def leave_Annotation(self, original_node: cst.Annotation) -> None:
            self.annotations -= 1

        def visit_Call(self, node: cst.Call) -> None:
            if isinstance(node.func, cst.Name) and (
                    node.args and bottle.get(node.func.value) in MADE_OVER_ENVIRON
                    or bottle.get(node.func.value) in MADE_BY_HAND):
                harmless.add(id(node.func))

        def visit_Import(self, node) -> bool:
            return False

        def visit_ImportFrom(self, node) -> bool:
            return False

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            target = node.target
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
                harmless.add(id(target.value))

        def visit_Attribute(self, node: cst.Attribute) -> bool:
            node.value.visit(self)
            return False  # its attr is no use of a name

        def visit_Name(self, node: cst.Name) -> None:
            spelt.setdefault(node.value, []).append(id(node))
            if self.annotations:
                harmless.add(id(node))

    walk(module, Uses())
    return {name for name in names if spelt.get(name)
            and all(found in harmless for found in spelt[name])}


def _extension(node: cst.ImportFrom) -> cst.ImportFrom | None:
    """`from bottle.ext.x import y` as `from bottle_x import y`, the module Bottle's
    extension namespace loads (`bottle_%s`); None for any other import."""
    dotted = get_full_name_for_node(node.module) if node.module and not node.relative else None
    parts = (dotted or "").split(".")
    if len(parts) < 3 or parts[:2] != ["bottle", "ext"]:
        return None
    module = ".".join([f"bottle_{parts[2]}", *parts[3:]])
    return node.with_changes(module=cst.parse_expression(module))


def _commas(names):
    return [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in names]


def names_in_use(module: cst.Module, asked: AbstractSet[str] = frozenset(),
                 known: AbstractSet[str] = frozenset(),
                 also: AbstractSet[str] = frozenset()) -> set[str]:
    """The module-level names the code reads, of those the module imports from bottle
    and those `asked` (but not the `known` ones, defined otherwise now): a function's
    own `error` parameter is not a use of an imported `error` (LibCST's scope analysis
    tells them apart). Only the top-level statements that spell one of the names are
    analysed: the scope analysis of a whole large module is most of its port's time.
    `also`: names code the port places in the module reads (install(app,
    template_path=TEMPLATE_PATH) reads Bottle's TEMPLATE_PATH), each a use."""
    words, imports = set(asked), []
    spelt = _Spelt()
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine) and any(
                _is_bottle_import(s) for s in stmt.body):
            imports.append(stmt)
            words |= _names(stmt) - set(known)
        else:
            spelt.names.append(set())
            walk(stmt, spelt)
    # `from bottle import redirect as go` inside a function
    words |= spelt.nested - set(known)
    if not words:
        return set()
    placed = words & set(also)
    others = [stmt for stmt in module.body if stmt not in imports]
    body = [stmt for stmt, names in zip(others, spelt.names, strict=True)
            if spelt.nested or not words.isdisjoint(names)]
    if not body:
        return placed
    part = module.with_changes(body=body)
    wrapper = MetadataWrapper(part, unsafe_skip_copy=True)
    scopes = {s for s in wrapper.resolve(ScopeProvider).values() if s is not None}
    found: set[str] = placed
    for scope in scopes:
        for access in scope.accesses:
            if not isinstance(access.node, cst.Name):
                continue
            referents = access.referents
            # a name a function imports from bottle itself is in use there too
            if not referents or any(isinstance(a.scope, GlobalScope) or isinstance(
                    a, ImportAssignment) and _is_bottle_import(a.node) for a in referents):
                found.add(access.node.value)
    return found


class _Spelt(cst.CSTVisitor):
    """The names each top-level statement spells, and those of the Bottle imports made
    inside a function (the tree's, never its text's)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[set[str]] = []  # one set a statement walked
        self.nested: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names[-1].add(node.value)

    def visit_Import(self, node: cst.Import) -> None:
        if _is_bottle_import(node):
            self.nested |= _names(node)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if _is_bottle_import(node):
            self.nested |= _names(node)


def _stars(module: cst.Module) -> list[cst.ImportFrom]:
    """The module's top-level star imports, Bottle's or not."""
    return [small for stmt in module.body if isinstance(stmt, cst.SimpleStatementLine)
            for small in stmt.body
            if isinstance(small, cst.ImportFrom) and isinstance(small.names, cst.ImportStar)]


def _star_left(module: cst.Module, known: AbstractSet[str]) -> list[str] | None:
    """The names `from bottle import *` still gives the module as the rules left it: the
    public names of bottle.py it reads and binds no other way (not at its top level, not
    by an import the port adds: `known`), sorted; None where another star import may
    give the same names (the star is then kept)."""
    stars = _stars(module)
    if any(small.relative or small.module is None or not is_name(small.module, "bottle")
           for small in stars):
        return None
    bound = set(known)
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef | cst.ClassDef):
            bound.add(stmt.name.value)
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign | cst.AnnAssign | cst.AugAssign):
                    targets = small.targets if isinstance(small, cst.Assign) else [small]
                    for target in targets:
                        bound |= _names(target.target)
                elif isinstance(small, cst.Import | cst.ImportFrom) \
                        and small not in stars and not _is_bottle_import(small):
                    if isinstance(small.names, cst.ImportStar):
                        continue
                    for alias in small.names:
                        local = alias.evaluated_alias or alias.evaluated_name
                        bound.add(local.split(".")[0])
    read = _names(module) & _BOTTLE_PUBLIC - bound
    return sorted(names_in_use(module, read) & read)


def _names(node: cst.CSTNode) -> set[str]:
    """The names a node spells (an import's: its module's, its names', their aliases')."""
    found: set[str] = set()

    class Names(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            found.add(name.value)

    walk(node, Names())
    return found


def _docstring(stmt: cst.BaseStatement) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 \
        and isinstance(stmt.body[0], cst.Expr) and isinstance(stmt.body[0].value, cst.BaseString)


def _is_bottle_import(node) -> bool:
    if isinstance(node, cst.ImportFrom):
        return not node.relative and node.module is not None \
            and is_name(node.module, "bottle")
    return isinstance(node, cst.Import) and any(is_name(a.name, "bottle")
                                                for a in node.names)


# Bottle names that are the standard library's under another name (bottle.py defines
# them so): imported from there instead, the call sites unchanged. (HTTP_CODES is not
# http.client.responses: 418's text differs.) And the standard library's own modules and
# names that `from bottle import X` reaches because Bottle imported them (0.12 and 0.13):
# imported from where they live.
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


JSON = {"json_dumps": "dumps", "json_loads": "loads", "json_lds": "loads"}


def drop_unused(module: cst.Module, read_before: set[str], now: set[str],
                rule: Rule) -> cst.Module:
    """Top-level imports the Bottle code read and the port no longer does (`import os`
    for a TEMPLATE_PATH line that became template_folder=): a maintainer deletes them,
    and a linter would flag them. An import nothing read before stays (a re-export);
    `now`: the names the module reads and the words of its comments."""
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
                    isinstance(small.names, cst.ImportStar) or small.module is not None
                    and is_name(small.module, "__future__")):
            body.append(stmt)
            continue
        names = small.names
        assert not isinstance(names, cst.ImportStar)  # a star import is kept above
        keep = [a for a in names if bound(a) not in read_before or bound(a) in now]
        if len(keep) == len(names):
            body.append(stmt)
        elif keep:
            keep[-1] = keep[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            body.append(stmt.with_changes(body=[small.with_changes(names=keep)]))
        elif any(line.comment for line in stmt.leading_lines):
            body.append(rule.placeholder(stmt.leading_lines))
    return module.with_changes(body=body)


class _ReadAndCommented(cst.CSTVisitor):
    """The Names outside the import statements (names_read_outside_imports) and the
    words of every comment (a line the port commented out, a plugin under a TODO, still
    names what it needs), in one walk."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()
        self.imports = 0  # the import statements around the node

    def visit_Import(self, node) -> None:
        self.imports += 1

    def leave_Import(self, node) -> None:
        self.imports -= 1

    def visit_ImportFrom(self, node) -> None:
        self.imports += 1

    def leave_ImportFrom(self, node) -> None:
        self.imports -= 1

    def visit_Name(self, node: cst.Name) -> None:
        if not self.imports:
            self.found.add(node.value)

    def visit_Comment(self, node: cst.Comment) -> None:
        self.found.update(WORD.findall(node.value))


WORD = re.compile(r"[A-Za-z_]\w*")  # a word of a comment

"""The helper modules a port copies when a site keeps Bottle's behaviour, each one real
module (linted and tested here, never held in strings): bottle_compat.py, Bottle's
behaviour on a Flask app, copied with only the pieces the port uses (`used()`);
bottle_plugins.py, Bottle's plugins (install, apply=, skip=: P019's exact candidate),
bottle_routes.py and bottle_mount.py (rules and mounts known only at run time),
bottle_responses.py (Bottle's HTTPError kept, and the response members Werkzeug lacks:
P023's), bottle_config.py (Bottle's ConfigDict methods on Flask's config) and
bottle_members.py (Bottle's app and route members read from Flask's objects: app.routes,
request.route...), each copied where it is used."""

from __future__ import annotations

from collections.abc import Set
from functools import lru_cache
from pathlib import Path

import libcst as cst

SOURCE = Path(__file__).with_name("bottle_compat.py")


def _names(node: cst.CSTNode) -> set[str]:
    """Every name a node reads or binds (enough to know what a piece needs)."""
    found: set[str] = set()

    class Names(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            found.add(name.value)

    node.visit(Names())
    return found


def _keyword(test: cst.BaseExpression) -> str | None:
    """The name an `if` of install() tests first (`jinja`, `paths and ...`)."""
    while isinstance(test, cst.BooleanOperation | cst.Comparison):
        test = test.left
    return test.value if isinstance(test, cst.Name) else None


def _kept_ifs(stmt: cst.If | cst.Else | None, keywords: Set[str],
              params: set[str]) -> cst.If | cst.Else | None:
    """An `if`/`elif` chain of install() without the branches of keywords not used."""
    if not isinstance(stmt, cst.If):
        return stmt
    rest = _kept_ifs(stmt.orelse, keywords, params)
    name = _keyword(stmt.test)
    if name in params and name not in keywords:
        if isinstance(rest, cst.If):
            return rest.with_changes(leading_lines=stmt.leading_lines)
        return None  # (an `else:` of unused branches: install() has none)
    return stmt.with_changes(orelse=rest)


def used(keywords: set[str], names: set[str]) -> str:
    """bottle_compat.py with only install()'s branches for these keywords, the pieces
    they (and the names the port imports from it) need, and the imports those read."""
    return _used(frozenset(keywords), frozenset(names))


def _reads(stmt: cst.BaseStatement, defines: set[str]) -> set[str]:
    """What a piece reads (a function's parameters are its own: install(response=) needs
    no module-level `response`)."""
    return _names(stmt) - defines - (
        {p.name.value for p in (*stmt.params.params, *stmt.params.kwonly_params)}
        if isinstance(stmt, cst.FunctionDef) else set())


# The module is the package's own file, the same all the process long: parsed once, each
# top-level statement with the names it defines and reads (install() is cut for each
# keyword set, so read again then).
@lru_cache(maxsize=1)
def _pieces() -> tuple[cst.Module, tuple[tuple[cst.BaseStatement, frozenset[str],
                                               frozenset[str]], ...]]:
    module = cst.parse_module(SOURCE.read_text(encoding="utf-8"))
    return module, tuple((s, frozenset(_bound(s)), frozenset(_reads(s, _bound(s))))
                         for s in module.body)


# The answer depends on the two sets only: a process that ports many apps (the
# generator's judge) cuts the module once a set.
@lru_cache(maxsize=32)
def _used(keywords: frozenset[str], names: frozenset[str]) -> str:
    module, pieces = _pieces()
    body = []  # (statement, the names it defines, those it reads)
    for stmt, bound, read in pieces:
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value == "install":
            stmt = _install(stmt, keywords)
            read = frozenset(_reads(stmt, set(bound)))
        body.append((stmt, bound, read))
    wanted, reached = {"install", *names}, set[str]()
    while wanted - reached:
        name = (wanted - reached).pop()
        reached.add(name)
        for _, bound, read in body:
            if name in bound:
                wanted |= read
    kept: list[cst.BaseStatement] = []
    # the blank line above the imports left out, for the next one kept
    carried: list[cst.EmptyLine] = []
    for stmt, bound, _ in body:
        found: cst.BaseStatement | None = stmt
        if isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.ImportFrom):
            found = _imports(stmt, reached)
            if found is None:
                carried = carried or list(stmt.leading_lines)
                continue
        elif isinstance(stmt, cst.SimpleStatementLine) and bound == {"__all__"}:
            found = _all(stmt, reached)
        elif bound and not bound & reached:
            continue
        assert isinstance(found, cst.SimpleStatementLine | cst.BaseCompoundStatement)
        if carried and not found.leading_lines:
            found = found.with_changes(leading_lines=carried)
        carried = []
        kept.append(found)
    return module.with_changes(body=kept).code


def _install(install: cst.FunctionDef, keywords: Set[str]) -> cst.FunctionDef:
    """install() without the branches of the keywords not used."""
    params = {p.name.value for p in install.params.kwonly_params}
    block = install.body
    assert isinstance(block, cst.IndentedBlock)
    inner: list[cst.BaseStatement] = []
    for stmt in block.body:
        found = _kept_ifs(stmt, keywords, params) if isinstance(stmt, cst.If) else stmt
        if isinstance(found, cst.BaseStatement):
            inner.append(found)
    return install.with_changes(body=block.with_changes(body=inner))


def _bound(stmt: cst.BaseStatement) -> set[str]:
    """The top-level names a statement of the module defines (imports aside)."""
    if isinstance(stmt, cst.FunctionDef | cst.ClassDef):
        return {stmt.name.value}
    if isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Assign):
        return {t.target.value for t in stmt.body[0].targets if isinstance(t.target, cst.Name)}
    return set()


def _imports(stmt: cst.SimpleStatementLine,
             reached: set[str]) -> cst.SimpleStatementLine | None:
    """An import of the names the kept pieces read (None: none of them)."""
    found = stmt.body[0]
    assert isinstance(found, cst.ImportFrom) and not isinstance(found.names, cst.ImportStar)
    if found.module is not None and cst.Module([]).code_for_node(found.module) == "__future__":
        return stmt
    names = [alias for alias in found.names if _names(alias.asname or alias.name) & reached]
    if not names:
        return None
    # the last name's comma as the import's was: a trailing one in parentheses stays
    names[-1] = names[-1].with_changes(comma=found.names[-1].comma)
    return stmt.with_changes(body=[found.with_changes(names=names)])


def _all(stmt: cst.SimpleStatementLine, reached: set[str]) -> cst.SimpleStatementLine:
    """`__all__` naming the public pieces kept."""
    assign = stmt.body[0]
    assert isinstance(assign, cst.Assign) and isinstance(assign.value, cst.List)
    elements = [e for e in assign.value.elements
                if isinstance(e.value, cst.SimpleString) and e.value.evaluated_value in reached]
    if elements:
        elements[-1] = elements[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return stmt.with_changes(body=[assign.with_changes(value=assign.value.with_changes(
        elements=elements))])

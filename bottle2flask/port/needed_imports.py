"""The imports the rules ask for (`Rule.need_import`), added to a ported module.

Each import asked for that the module's leading imports do not bind already is added
beside them: a name from a module the module already imports names from goes into that
`from x import ...` line, the rest as new lines after the last leading import (after a
docstring, and a `from __future__` import before any other). Only the leading block is
read, as the code a rule adds goes above the first statement that is not an import:
an import further down (in a function, under `if TYPE_CHECKING:`, in `try:`) binds
nothing there, and a name imported twice is harmless where a missing one breaks the
module. import_style.py then sorts the block, if the original's was sorted.

These are the places LibCST's AddImportsVisitor chose, without its walk of the module's
head or the copy a MetadataWrapper makes (a tenth of a port's time on a 1,000-line
module); tests/porting_tool/test_needed_imports.py holds the cases that must not change.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import libcst as cst


@dataclass(frozen=True)
class Wanted:
    """One import asked for: `import module`, `import module as asname`, `from module
    import name`, `from module import name as asname`. A module starting with dots is
    relative (`from .db import get_db`; `..x` alone is `from .. import x`)."""

    module: str
    name: str | None = None
    asname: str | None = None

    def __post_init__(self) -> None:
        if self.module == "__future__" and (self.name is None or self.asname is not None):
            raise ValueError("a __future__ import names one feature, without an alias "
                             f"(asked: {self.module} {self.name} as {self.asname})")
        if self.module.startswith(".") and self.name is None:
            package = "." * (len(self.module) - len(self.module.lstrip(".")))
            object.__setattr__(self, "name", self.module.lstrip("."))
            object.__setattr__(self, "module", package)


@dataclass
class _Bound:
    """What the leading imports bind, by module."""

    modules: set[str]  # `import a.b`: "a.b"
    module_aliases: dict[str, str]  # `import a as b`
    names: dict[str, set[str]]  # `from a import x, y`; {"*"} for a star import
    aliased: dict[str, list[tuple[str, str]]]  # `from a import x as y`


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    assert isinstance(node, cst.Attribute)
    return f"{_dotted(node.value)}.{node.attr.value}"


def _absolute(node: cst.ImportFrom) -> str | None:
    """The module a `from` import names; None for a relative one (its package is not
    known here, so it is never taken to bind what is asked, nor merged into)."""
    if node.relative or node.module is None:
        return None
    return _dotted(node.module)


def _starts_with_docstring(body: Sequence[cst.BaseStatement]) -> bool:
    """A docstring (or a `__strict__ = ...` flag) opens the module: imports go after it."""
    if not body or not isinstance(first := body[0], cst.SimpleStatementLine):
        return False
    small = first.body[0]
    if isinstance(small, cst.Expr):
        return isinstance(small.value, cst.SimpleString)
    return isinstance(small, cst.Assign) and len(small.targets) == 1 \
        and isinstance(small.targets[0].target, cst.Name) \
        and small.targets[0].target.value == "__strict__"


def leading_imports(body: Sequence[cst.BaseStatement]) -> tuple[int, int]:
    """The [start, end) of the module's leading import lines (one import a line), after
    its docstring."""
    start = 1 if _starts_with_docstring(body) else 0
    end = start
    while end < len(body) and isinstance(stmt := body[end], cst.SimpleStatementLine) \
            and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Import | cst.ImportFrom):
        end += 1
    return start, end


def _bound(lines: Iterable[cst.SimpleStatementLine]) -> _Bound:
    found = _Bound(set(), {}, {}, {})
    for line in lines:
        small = line.body[0]
        if isinstance(small, cst.Import):
            for alias in small.names:
                if alias.asname is None:
                    found.modules.add(alias.evaluated_name)
                else:
                    found.module_aliases[alias.evaluated_name] = str(alias.evaluated_alias)
            continue
        assert isinstance(small, cst.ImportFrom)
        module = _absolute(small)
        if module is None:
            continue
        if isinstance(small.names, cst.ImportStar):
            found.names[module] = {"*"}
            continue
        found.aliased.setdefault(module, []).extend(
            (a.evaluated_name, str(a.evaluated_alias)) for a in small.names
            if a.asname is not None)
        plain = {a.evaluated_name for a in small.names if a.asname is None}
        if plain and found.names.get(module) != {"*"}:
            found.names.setdefault(module, set()).update(plain)
    return found


def add_imports(module: cst.Module, wanted: Sequence[Wanted]) -> cst.Module:
    """The module with each import of `wanted` its leading imports do not bind added."""
    if not wanted:
        return module
    # what is asked, as the placement reads it: whole modules, aliased modules, names
    # by module (modules in sorted order), aliased names by module (sorted too)
    modules = {w.module for w in wanted if w.name is None and w.asname is None}
    module_aliases = {w.module: w.asname for w in wanted if w.name is None and w.asname}
    names: dict[str, set[str]] = {}
    aliased: dict[str, list[tuple[str, str]]] = {}
    for w in sorted(wanted, key=lambda w: w.module):  # (stable: in the order asked)
        if w.name and w.asname:
            aliased.setdefault(w.module, []).append((w.name, w.asname))
        elif w.name:
            names.setdefault(w.module, set()).add(w.name)
    body = list(module.body)
    start, end = leading_imports(body)
    lines = [stmt for stmt in body[start:end] if isinstance(stmt, cst.SimpleStatementLine)]
    bound = _bound(lines)
    modules -= bound.modules
    for name, alias in bound.module_aliases.items():
        if module_aliases.get(name) == alias:
            del module_aliases[name]
    for name, pairs in bound.aliased.items():
        for pair in pairs:
            if pair in aliased.get(name, ()):
                aliased[name].remove(pair)
                if not aliased[name]:
                    del aliased[name]
    for name, imported in bound.names.items():
        if name in names:
            names[name] = set() if "*" in imported else names[name] - imported
            if not names[name]:
                del names[name]
    # a name from a module the leading lines import from goes into the first such line
    for n, stmt in enumerate(lines, start):
        small = stmt.body[0]
        if not isinstance(small, cst.ImportFrom) or isinstance(small.names, cst.ImportStar):
            continue
        source = _absolute(small)
        if source is None or (source not in names and source not in aliased):
            continue
        added = [cst.ImportAlias(cst.Name(n_)) for n_ in sorted(names.pop(source, ()))] + [
            cst.ImportAlias(cst.Name(n_), asname=cst.AsName(cst.Name(a)))
            for n_, a in sorted(aliased.pop(source, ()))]
        body[n] = stmt.with_changes(body=[small.with_changes(names=[*added, *small.names])])
    if not (modules or module_aliases or names or aliased):
        return module.with_changes(body=body)
    by_module: dict[str, list[tuple[str, str | None]]] = {}
    for name, pairs in aliased.items():
        by_module.setdefault(name, []).extend(pairs)
    for name, plain in names.items():
        by_module.setdefault(name, []).extend((n_, None) for n_ in plain)
    config = module.config_for_parsing

    def line(text: str) -> cst.BaseStatement:
        return cst.parse_statement(text, config=config)

    def from_line(name: str) -> cst.BaseStatement:
        pairs = sorted(by_module[name], key=lambda pair: (pair[0], pair[1] or ""))
        return line(f"from {name} import " + ", ".join(
            n_ if a is None else f"{n_} as {a}" for n_, a in pairs))

    after = body[end:]
    if after and not (after[0].leading_lines and after[0].leading_lines[0].comment is None):
        # a blank line between the imports and the code below them
        after[0] = after[0].with_changes(leading_lines=[cst.EmptyLine(),
                                                        *after[0].leading_lines])
    return module.with_changes(body=[
        *body[:start],
        *(from_line(name) for name in by_module if name == "__future__"),
        *body[start:end],
        *(line(f"import {name}") for name in sorted(modules)),
        *(line(f"import {name} as {alias}") for name, alias in module_aliases.items()),
        *(from_line(name) for name in by_module if name != "__future__"),
        *after])

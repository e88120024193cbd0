"""Bottle's names one module of the app takes from another: `from app import app, template`.

A package's `__init__.py` imports `template` from bottle, and its `routes.py` imports it
from the package. The rules read `template` in `routes.py` as a name of the app's own,
and once the port has no more use for Bottle's `template` in `__init__.py` the import
there goes: `routes.py` fails at its import (RULE-s50 class B). Before the model reads
the modules, such a name is imported from bottle where it is used (`from app import app`
and `from bottle import template`), so every rule sees Bottle's name there and converts
it, and P001 drops each import once no rule left it in use. A name the module takes from
the app's own copy of Bottle (`from lib.bottle import template`) is imported from that
copy.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import libcst as cst
from libcst.helpers import get_full_name_for_node

from .edit import is_name, names_read_outside_imports
from .model.reading import STAR_NAMES

# (sources, each module's own imports local -> (file, name), parses) -> modules rewritten
Rewrite = Callable[[dict[Path, str], dict[Path, dict[str, tuple[Path, str]]],
                    dict[Path, cst.Module]], dict[Path, cst.Module]]


def is_bottle_module(node: cst.BaseExpression, vendored: frozenset[str]) -> bool:
    """Whether an import's module is Bottle, or one of the app's copies of it (their
    dotted names, model.app.vendored_names)."""
    return is_name(node, "bottle") or get_full_name_for_node(node) in vendored


def lent(module: cst.Module, vendored: frozenset[str] = frozenset()
         ) -> dict[str, tuple[str, str]]:
    """The names the module's top-level `from bottle import ...` lines bind (or `from
    lib.bottle import ...`, a copy in `vendored`): local -> (the module, Bottle's name).
    A star import of a Bottle the app ships under another package (`from
    pypiserver.bottle_wrapper.bottle import *` in `bottle_wrapper/__init__.py`, which the
    app's modules import Bottle's names from) lends the names a star import of Bottle
    brings in, taken from the installed Bottle (RULE-s51 class F: the model knew none of
    them, nothing was converted)."""
    found: dict[str, tuple[str, str]] = {}
    for stmt in module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.ImportFrom) and isinstance(small.names, cst.ImportStar) \
                    and _shipped(small):
                found.update({name: ("bottle", name) for name in STAR_NAMES} | found)
                continue
            if isinstance(small, cst.ImportFrom) and not small.relative \
                    and small.module is not None \
                    and is_bottle_module(small.module, vendored) \
                    and not isinstance(small.names, cst.ImportStar):
                for alias in small.names:
                    if isinstance(alias.name, cst.Name):
                        local = alias.evaluated_alias or alias.name.value
                        found[local] = (get_full_name_for_node(small.module) or "bottle",
                                        alias.name.value)
    return found



def _shipped(star: cst.ImportFrom) -> bool:
    """A module a star import names that is a Bottle the app ships (`lib.bottle`,
    `pkg.bottle_wrapper.bottle`, `.bottle`): its last name is bottle, and it is no import
    of the installed one (`from bottle import *`, which the model reads itself)."""
    module = star.module
    if isinstance(module, cst.Attribute):
        return module.attr.value == "bottle"
    return isinstance(module, cst.Name) and module.value == "bottle" and bool(star.relative)


def plan(sources: dict[Path, str], imports: dict[Path, dict[str, tuple[Path, str]]],
         parsed: dict[Path, cst.Module], vendored: frozenset[str] = frozenset()
         ) -> dict[Path, cst.Module]:
    """The modules that import one of Bottle's names from another module of the app,
    each rewritten to import it from bottle, or from the copy of Bottle it came from
    (rel -> the module rewritten)."""
    bottles = {rel: lent(tree, vendored) for rel, tree in parsed.items()
               if "bottle" in sources.get(rel, "")}
    done: dict[Path, cst.Module] = {}
    for rel, names in imports.items():
        moved = {local: bottles[target][name] for local, (target, name) in names.items()
                 if target != rel and name in bottles.get(target, {})}
        if moved and rel in parsed:
            done[rel] = _respell(parsed[rel], moved, vendored)
    for rel, tree in parsed.items():  # `from helpers import *` of a module lending them
        starred = _starred(rel, done.get(rel, tree), parsed, bottles, vendored)
        if starred:
            done[rel] = _after_stars(done.get(rel, tree), starred)
    return done


def _starred(rel: Path, module: cst.Module, parsed: dict[Path, cst.Module],
             bottles: dict[Path, dict[str, tuple[str, str]]], vendored: frozenset[str]
             ) -> dict[str, tuple[str, str]]:
    """Bottle's names the module reads that a star import of another module of the app
    brings it (RULE-s54 class G: `from helpers import *`, helpers.py importing request
    from bottle): local -> (the module, Bottle's name). A module naming what it exports
    (`__all__`) is left out: what it lends is its own choice."""
    found: dict[str, tuple[str, str]] = {}
    own = lent(module, vendored)
    read: set[str] | None = None
    for stmt in module.body:
        node = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) \
            and len(stmt.body) == 1 else None
        if not isinstance(node, cst.ImportFrom) or not isinstance(node.names, cst.ImportStar) \
                or node.module is None or is_bottle_module(node.module, vendored):
            continue
        target = _module_path(rel, get_full_name_for_node(node.module) or "",
                              len(node.relative), parsed)
        if target is None or target == rel or not bottles.get(target) \
                or "__all__" in _bound_at_top(parsed[target]):
            continue
        if read is None:
            read = names_read_outside_imports(module)
        found.update({local: bottle for local, bottle in bottles[target].items()
                      if not local.startswith("_") and local in read and local not in own})
    return found


def _module_path(rel: Path, dotted: str, level: int, parsed: dict[Path, cst.Module]
                 ) -> Path | None:
    """The app's module an import names: beside the importing one (a script's folder is
    on the path), or from the app's root; relative imports from the module's package."""
    parts = [part for part in dotted.split(".") if part]
    bases = [rel.parents[level - 1]] if level else [rel.parent, Path()]
    for base in bases:
        for path in (base.joinpath(*parts).with_suffix(".py") if parts else None,
                     base.joinpath(*parts, "__init__.py")):
            if path is not None and path in parsed:
                return path
    return None


def _bound_at_top(module: cst.Module) -> set[str]:
    return {target.target.value for stmt in module.body
            if isinstance(stmt, cst.SimpleStatementLine)
            for small in stmt.body if isinstance(small, cst.Assign)
            for target in small.targets if isinstance(target.target, cst.Name)}


def _after_stars(module: cst.Module, starred: dict[str, tuple[str, str]]) -> cst.Module:
    """`from bottle import request` (from the copy it came from) before the module's
    first top-level star import, which brought it: the same object either way."""
    at = min(i for i, stmt in enumerate(module.body)
             if isinstance(stmt, cst.SimpleStatementLine) and any(
                 isinstance(small, cst.ImportFrom) and isinstance(small.names, cst.ImportStar)
                 for small in stmt.body))
    taken: dict[str, list[cst.ImportAlias]] = {}
    for local, (source, api) in sorted(starred.items()):
        taken.setdefault(source, []).append(cst.ImportAlias(
            cst.Name(api), asname=None if api == local else cst.AsName(cst.Name(local))))
    lines = []
    for source, aliases in taken.items():
        dotted = cst.parse_expression(source)
        assert isinstance(dotted, cst.Name | cst.Attribute)
        lines.append(cst.SimpleStatementLine([cst.ImportFrom(module=dotted,
                                                             names=_commas(aliases))]))
    star = module.body[at]
    lines[0] = lines[0].with_changes(leading_lines=star.leading_lines)
    return module.with_changes(body=[*module.body[:at], *lines,
                                     star.with_changes(leading_lines=()), *module.body[at + 1:]])


def then(after: Rewrite, vendored: frozenset[str] = frozenset()) -> Rewrite:
    """This step, then `after` on the modules as this step left them."""

    def both(sources: dict[Path, str], imports: dict[Path, dict[str, tuple[Path, str]]],
             parsed: dict[Path, cst.Module]) -> dict[Path, cst.Module]:
        done = plan(sources, imports, parsed, vendored)
        if not done:
            return after(sources, imports, parsed)
        sources = {rel: done[rel].code if rel in done else text
                   for rel, text in sources.items()}
        return done | after(sources, imports, {**parsed, **done})

    return both


def _respell(module: cst.Module, moved: dict[str, tuple[str, str]],
             vendored: frozenset[str] = frozenset()) -> cst.Module:
    """`from app import app, template` -> `from app import app` and `from bottle import
    template` (from the copy of Bottle it came from), at the module's top level only
    (where the model reads its imports)."""
    body: list[cst.BaseStatement] = []
    for stmt in module.body:
        node = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) \
            and len(stmt.body) == 1 else None
        if not isinstance(node, cst.ImportFrom) or isinstance(node.names, cst.ImportStar) \
                or node.module is not None and is_bottle_module(node.module, vendored):
            body.append(stmt)
            continue
        keep: list[cst.ImportAlias] = []
        taken: dict[str, list[cst.ImportAlias]] = {}  # by the module it comes from
        for alias in node.names:
            local = alias.evaluated_alias or alias.evaluated_name
            if isinstance(alias.name, cst.Name) and local in moved:
                source, api = moved[local]
                taken.setdefault(source, []).append(cst.ImportAlias(
                    cst.Name(api), asname=None if api == local
                    else cst.AsName(cst.Name(local))))
            else:
                keep.append(alias)
        if not taken:
            body.append(stmt)
            continue
        if keep:
            body.append(stmt.with_changes(body=[node.with_changes(
                names=_commas(keep), lpar=None, rpar=None)]))
        for i, (source, aliases) in enumerate(taken.items()):
            dotted = cst.parse_expression(source)  # bottle, or lib.bottle
            assert isinstance(dotted, cst.Name | cst.Attribute)
            line = cst.SimpleStatementLine([cst.ImportFrom(
                module=dotted, names=_commas(aliases))])
            body.append(line if keep or i else
                        line.with_changes(leading_lines=stmt.leading_lines))
    return module.with_changes(body=body)


def _commas(aliases: list[cst.ImportAlias]) -> list[cst.ImportAlias]:
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    return [a.with_changes(comma=comma) for a in aliases[:-1]] \
        + [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in aliases[-1:]]

"""Which app each module of a Bottle app uses, across files, before any module is ported.

Three shapes need the whole folder to port one file right:
- `from app import app` in a routes module: `app` is the Bottle() object another
  module made, so `@app.route` there is a Flask route on that same app;
- `X = bottle.default_app()` and `@route` in several modules: they all share Bottle's
  one default app, so they get one Flask app, made in a module of its own
  (`default_app.py`, which nothing else imports first, so no import cycle);
- `app = application = Bottle()`: every name of the app is the app.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst
from libcst.codemod import CodemodContext

from .rules import Prepare
from .rules.base import state as port_state

DEFAULT_MODULE = "default_app"


@dataclass
class ModuleApps:
    made: set[str] = field(default_factory=set)  # names of Bottle() objects made here
    default: bool = False  # uses Bottle's default app
    imports: dict[str, tuple[Path, str]] = field(default_factory=dict)  # local -> (file, name)
    imported_apps: set[str] = field(default_factory=set)
    default_from: str | None = None


@dataclass
class Plan:
    modules: dict[Path, ModuleApps]
    default_module: Path | None = None  # relative path of the module made for the default app

    def options(self, rel: Path) -> dict:
        found = self.modules.get(rel)
        if found is None:
            return {}
        return {"imported_apps": frozenset(found.imported_apps),
                "default_from": found.default_from}


def module_file(src: Path, rel: Path, node: cst.ImportFrom) -> Path | None:
    """The app's own file an `from X import ...` reads, relative to src; else None."""
    dotted = cst.helpers.get_full_name_for_node(node.module) if node.module else ""
    parts = [p for p in (dotted or "").split(".") if p]
    if node.relative:
        base = rel.parent
        for _ in range(len(node.relative) - 1):
            base = base.parent
        candidates = [base]
    else:  # from the app's root, or from the module's own folder (a script's sys.path[0])
        candidates = [Path(), rel.parent]
    for base in candidates:
        stem = base.joinpath(*parts) if parts else base
        for path in (stem.with_suffix(".py") if parts else None, stem / "__init__.py"):
            if path is not None and (src / path).is_file():
                return path
    return None


def scan(src: Path, rel: Path, source: str) -> ModuleApps:
    found = ModuleApps()
    try:
        tree = cst.parse_module(source)
    except cst.ParserSyntaxError:
        return found
    context = CodemodContext(filename=str(rel))
    tree.visit(Prepare(context))
    state = port_state(context)
    found.made = set(state.made)
    found.default = state.default_app and not ({"app"} & state.made)
    for stmt in tree.body:
        node = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
        if not isinstance(node, cst.ImportFrom) or isinstance(node.names, cst.ImportStar):
            continue
        target = module_file(src, rel, node)
        if target is None:
            continue
        for alias in node.names:
            if isinstance(alias.name, cst.Name):
                local = alias.asname.name.value if alias.asname else alias.name.value
                found.imports[local] = (target, alias.name.value)
    return found


def plan(src: Path, sources: dict[Path, str]) -> Plan:
    """The apps of every module (`sources`: relative path -> source of every module)."""
    modules = {rel: scan(src, rel, text) for rel, text in sources.items()
               if "import" in text}
    apps = {rel: set(m.made) for rel, m in modules.items()}
    changed = True
    while changed:  # an app imported from a module that imported it counts too
        changed = False
        for rel, m in modules.items():
            for local, (target, name) in m.imports.items():
                if name in apps.get(target, set()) and local not in apps[rel]:
                    apps[rel].add(local)
                    m.imported_apps.add(local)
                    changed = True
    users = sorted(rel for rel, m in modules.items() if m.default and not m.imported_apps)
    result = Plan(modules)
    if len(users) > 1:
        name = DEFAULT_MODULE
        while (src / f"{name}.py").exists():
            name += "_"
        result.default_module = Path(f"{name}.py")
        for rel in users:
            modules[rel].default_from = name
    return result


def default_module_source(template_folder: str) -> str:
    return (f'"""Bottle\'s default app, as one Flask app the modules share (kit/P002)."""\n\n'
            f"from flask import Flask\n\n"
            f'app = Flask(__name__, template_folder="{template_folder}", static_folder=None)\n')

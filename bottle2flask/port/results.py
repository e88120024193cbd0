"""What a port produced: one module's result, the folder's, and the totals of both."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import NotRequired, TypedDict

USUAL_NAMES = {"app", "main", "server", "wsgi", "application", "run", "__init__"}


class Todo(TypedDict):
    """A TODO comment the port left in a module, as the report lists it."""

    code: str  # the rule's, "P006"
    line: int
    text: str
    breaks: NotRequired[bool]  # the code under it fails when it runs


class Declaration(TypedDict):
    """A declared change as a rule records it (Rule.declare): a marker finds its line."""

    id: str  # "D-location" (declared.py)
    paths: list[str]  # parity globs it applies to
    detail: NotRequired[str]  # what it is here
    # what differs here, where the change names nothing parity can ignore by itself:
    # [kind, value] pairs of parity's [[ignore]] ("header", "X-Powered-By")
    ignore: NotRequired[list[list[str]]]


class Declared(Declaration):
    """A declared change at its line in the ported module."""

    line: int


class Site(TypedDict):
    """A site with two candidates (Rule.exact): idiomatic Flask, or Bottle's behaviour
    kept by a helper the port copies; which it took, and where it is in the port."""

    key: str  # "views.py:item:P003:route-filter:0": stable across ports of one source
    rule: str
    kind: str  # "route-filter", "redirect-location"...
    scope: str  # the enclosing def or class ("Shop.item"), or "<module>"
    exact: bool  # it took the exact candidate
    route: NotRequired[str]  # the Bottle rule it is part of (a route-filter site)
    # why it took its exact candidate by default: its idiomatic form would fail there
    kept: NotRequired[str]
    line: NotRequired[int]  # in the ported module (none: a later rule removed it)
    # the lines of the top-level statement that holds it (a traceback's frame there
    # maps to it)
    span: NotRequired[list[int]]
    repaired: NotRequired[str]  # the check moved it: the first difference its idiomatic form had
    # the code each candidate puts at the site ("idiomatic", "exact"), where the rule
    # gave its forms as values (Rule.site): the report can show the form not taken
    forms: NotRequired[dict[str, str]]
    # the module-level names its form binds (an import): the views that read one map to
    # it in the check's repair, as a view maps to the sites in its own statements
    binds: NotRequired[list[str]]


@dataclass
class FileResult:
    path: str
    status: str  # "success", "failure", "skip"
    code: str = ""  # the new source (the old one for skip and failure)
    applied: dict[str, int] = field(default_factory=dict)
    todos: list[Todo] = field(default_factory=list)
    declared: list[Declared] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    emulation: int = 0  # lines of Bottle emulation added to this module
    compat: bool = False  # it imports bottle_compat (--faithful): the port needs that file
    error: str = ""
    traceback: str = ""  # where the porter itself failed (as LibCST's TransformFailure keeps it)
    app_name: str | None = None  # the Flask app this module defines, if any
    # the name its WSGI server is given where that wraps the app (`application =
    # SessionMiddleware(app)` in the original): the check serves both apps by it
    wsgi_entry: str | None = None
    companions: list[str] = field(default_factory=list)  # modules copied into OUT for it
    openers: dict[str, str] = field(default_factory=dict)  # P019: keyword -> get_db, ...
    sites: list[Site] = field(default_factory=list)  # each site asked (Rule.exact)
    # bottle_compat's install() keywords and the names imported from it (compat.used())
    compat_uses: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    # the ported code still imports bottle (a TODO kept the import): the app's own
    # bottle.py is kept (for "skip" and "failure", read from the code when asked)
    imports_bottle: bool = False
    # the top-level names of the modules the ported code imports (requirements.txt),
    # from the tree it was compiled from; None for "skip" and "failure": read from the code
    imported: frozenset[str] | None = None

    def as_dict(self) -> dict:
        return {"path": self.path, "status": self.status, "applied": self.applied,
                "outcomes": self.outcomes, "declared": self.declared, "todos": self.todos,
                "sites": self.sites,
                "notes": self.notes, "emulation_lines": self.emulation, "error": self.error,
                **({"traceback": self.traceback} if self.traceback else {}),
                "app": self.app_name}

    @property
    def outcomes(self) -> dict[str, int]:
        """Each rewrite counted once: same behaviour, declared change; and the TODOs."""
        rewritten = sum(self.applied.values())
        return {"same": rewritten - len(self.declared), "declared": len(self.declared),
                "todo": len(self.todos)}


@dataclass
class TreeResult:
    src: str
    out: str
    modules: list[FileResult] = field(default_factory=list)
    templates: list[dict] = field(default_factory=list)
    copied: list[str] = field(default_factory=list)
    # files of the original left out of the port, and why (a bottle.py it shipped)
    left_out: dict[str, str] = field(default_factory=dict)
    imports: dict[str, int] = field(default_factory=dict)  # module -> own modules it imports
    parts: set[str] = field(default_factory=set)  # modules another module's own app imports
    imported: set[str] = field(default_factory=set)  # modules another of the app's imports
    faithful: bool = False  # --faithful: Bottle's behaviour kept by bottle_compat.py
    compat_lines: int = 0  # the lines of bottle_compat.py, when the port needs it
    # OUT/requirements.txt: written or not (the app's own), its lines, what it lacks
    requirements: dict = field(default_factory=dict)
    # FILE and APP the check started, where that was not `start` (its original did not
    # load, and another script's did): the entry and the start from then on
    started: tuple[str, str] | None = None
    # how to run the port as the check loaded it (command.run_place): what to do first,
    # the folder, MODULE:APP
    run: tuple[str, str, str] | None = None

    @property
    def failed(self) -> bool:
        return any(m.status == "failure" for m in self.modules)

    @property
    def entry(self) -> tuple[str, str] | None:
        """MODULE and APP for `flask --app MODULE` and `gunicorn MODULE:APP`: the module
        with a main guard, else one no other app imports (an app mounted in another is
        a part), else the one importing most of the app's other modules (the routes
        register on import), else one with a usual name; a package's __main__.py last.
        A mod_wsgi script (.wsgi) has no module name: see `start`."""
        start = self.start
        if start is None or not start[0].endswith(".py"):
            return None
        name = module_name(start[0])
        if name == "__init__":  # the package ported from its own folder: its name, as
            # the check imports it from the folder above (`flask --app shop`)
            name = Path(self.src).resolve().name
        return name, start[1]

    @property
    def start(self) -> tuple[str, str] | None:
        """FILE and APP the check starts: the entry's file, or an app made only in a
        mod_wsgi script (app.wsgi), which Python loads under that suffix too."""
        if self.started is not None:
            return self.started
        best = self._main()
        return (best.path, best.app_name) if best is not None and best.app_name else None

    @property
    def served(self) -> str | None:
        """The name the start's WSGI server is given, where it wraps the app (the
        original's `application = SessionMiddleware(app, ...)`), else None: the check
        serves each app as its server would."""
        best = self._main()
        return best.wsgi_entry if best is not None and best.app_name else None

    def served_by(self, path: str) -> str | None:
        """What the WSGI server of the module at path is given where it wraps the app
        (FileResult.wsgi_entry): another script the check compares, or the one it
        starts where the first does not."""
        module = next((m for m in self.modules if m.path == path), None)
        return module.wsgi_entry if module is not None and module.app_name else None

    @property
    def other_starts(self) -> list[tuple[str, str]]:
        """FILE and APP of each other script of the folder that makes and serves an app
        of its own (a folder of tutorial steps, a.py and b.py each with run()): no other
        module imports it and it imports none of the folder's."""
        main = self._main()
        return [(m.path, m.app_name) for m in self.modules
                if m is not main and m.app_name and m.path.endswith(".py")
                and m.path not in self.parts and not self.imports.get(m.path, 0)
                and m.path not in self.imported]

    @property
    def app_sources(self) -> list[tuple[str, str]]:
        """FILE and APP of the folder's other modules that make an app another of its
        modules imports (a launcher's `from app import app`): where the start fails at
        import (it reads a setting the machine lacks), the check starts the app from the
        module that makes it."""
        main = self._main()
        return [(m.path, m.app_name) for m in self.modules
                if m is not main and m.app_name and m.path.endswith(".py")
                and m.path in self.imported]

    @property
    def launchers(self) -> list[tuple[str, str]]:
        """FILE and APP of each other script of the folder that imports the start's module
        and runs something under its main guard (setup.py doing `import my_site` and, under
        `if __name__ == "__main__":`, `my_site.main()`, which routes on Bottle's default
        app and calls run()): where the start makes no app when imported, the app such a
        script serves when run is the one to compare."""
        start = self.start
        if start is None or not start[0].endswith(".py"):
            return []
        name = module_name(start[0])
        return [(m.path, start[1]) for m in self.modules
                if m.path != start[0] and m.path.endswith(".py")
                and imports_under_main(m.code, name)]

    def _main(self) -> FileResult | None:
        apps = [m for m in self.modules if m.app_name and m.path.endswith((".py", ".wsgi"))]
        if not apps:
            return None

        def rank(m: FileResult):
            guard = '__name__ == "__main__"' in m.code or "__name__ == '__main__'" in m.code
            stem = Path(m.path).stem
            # A package's __main__.py is what `python -m pkg` runs, after the package's
            # __init__.py: a script Python never imports as a module, holding the app
            # only where it makes it itself (else it imports it from the module to name)
            return (m.path.endswith(".py"), stem != "__main__", guard,
                    m.path not in self.parts, self.imports.get(m.path, 0),
                    stem in USUAL_NAMES)

        return max(apps, key=rank)

    def as_dict(self) -> dict:
        entry = self.entry
        return {"src": self.src, "out": self.out,
                "entry": {"module": entry[0], "app": entry[1]} if entry else None,
                **({"run": dict(zip(("first", "folder", "app"), self.run, strict=True))}
                   if self.run else {}),
                "modules": [m.as_dict() for m in self.modules],
                "templates": self.templates, "copied": self.copied,
                "left_out": self.left_out, "requirements": self.requirements,
                "summary": summary(self)}


def imports_under_main(code: str, name: str) -> bool:
    """Whether the module has a main guard and imports module `name` anywhere (inside a
    try: or a function too, as a launcher script does)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return False
    guarded = any(isinstance(node, ast.If) and "__main__" in ast.unparse(node.test)
                  and "__name__" in ast.unparse(node.test) for node in tree.body)
    return guarded and any(
        (isinstance(node, ast.Import) and any(a.name == name for a in node.names))
        or (isinstance(node, ast.ImportFrom) and not node.level and node.module == name)
        for node in ast.walk(tree))


def module_name(path: str) -> str:
    """The import name of a module of the folder ported (pkg/__init__.py: pkg)."""
    return ".".join(Path(path).with_suffix("").parts).removesuffix(".__init__")


def summary(result: TreeResult) -> dict:
    applied: dict[str, int] = {}
    for m in result.modules:
        for code, count in m.applied.items():
            applied[code] = applied.get(code, 0) + count
    return {"modules": len(result.modules),
            "converted": sum(m.status == "success" for m in result.modules),
            "failed": sum(m.status == "failure" for m in result.modules),
            "skipped": sum(m.status == "skip" for m in result.modules),
            "todos": sum(len(m.todos) for m in result.modules)
            + sum(len(t.get("todos", [])) for t in result.templates),
            "same": sum(m.outcomes["same"] for m in result.modules),
            "declared": sum(m.outcomes["declared"] for m in result.modules),
            "emulation_lines": sum(m.emulation for m in result.modules) + result.compat_lines,
            "sites": {"idiomatic": sum(not s["exact"] for m in result.modules for s in m.sites),
                      "exact": sum(s["exact"] for m in result.modules for s in m.sites),
                      "repaired": sum("repaired" in s for m in result.modules
                                      for s in m.sites),
                      # exact by default: the idiomatic form would fail there
                      "kept": sum("kept" in s for m in result.modules for s in m.sites)},
            "rules": dict(sorted(applied.items())),
            "templates": len(result.templates), "copied": len(result.copied)}

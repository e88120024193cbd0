"""The model of the user's whole app: every module read once (model/reading.py), then
what only the whole folder tells: which app each module uses, across files.

Three shapes need the whole folder to port one file right:
- `from app import app` in a routes module: `app` is the Bottle() object another
  module made, so `@app.route` there is a Flask route on that same app;
- `X = bottle.default_app()` and `@route` in several modules: they all share Bottle's
  one default app, so they get one Flask app, made in a module of its own
  (`default_app.py`, which nothing else imports first, so no import cycle); a package's
  module shares it with the package's __init__, which Python runs before it;
- `app = application = Bottle()`: every name of the app is the app.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

import libcst as cst
from libcst.helpers import get_full_name_for_node

from ..contract import Need
from ..quick import Visitor
from ..walk import walk
from .collect import python_body
from .facts import ModuleFacts
from .handed import app_holders, handed, request_holders
from .reading import read

DEFAULT_MODULE = "default_app"
TEMPLATE_CLASSES = frozenset({"BaseTemplate", "SimpleTemplate", "Jinja2Template"})


@dataclass
class ModuleApps:
    """One module in the model: its facts and its code spelt the model's way, and what
    the folder adds (the app's own modules it imports, the apps it imports)."""

    made: set[str] = field(default_factory=set)  # names of Bottle() objects made here
    default: bool = False  # uses Bottle's default app
    imports: dict[str, tuple[Path, str]] = field(default_factory=dict)  # local -> (file, name)
    imported_apps: set[str] = field(default_factory=set)
    imported_defaults: set[str] = field(default_factory=set)  # of those, Bottle's default app
    imported_factories: set[str] = field(default_factory=set)  # app factories imported
    imported_classes: set[str] = field(default_factory=set)  # Bottle subclasses imported
    module_apps: dict[str, set[str]] = field(default_factory=dict)  # `import web`: web.app
    # `from core import Site` of a class whose instances hold an app: Site -> {"bottle"}
    holders: dict[str, set[str]] = field(default_factory=dict)
    default_from: str | None = None
    views: list[str] = field(default_factory=list)  # view function names
    redirects: bool = False  # uses Bottle's redirect()
    uses: set[Path] = field(default_factory=set)  # the app's own modules it imports
    stars: set[Path] = field(default_factory=set)  # own modules it imports * from
    modules: dict[str, Path] = field(default_factory=dict)  # `import x` of an own module
    # the __init__.py of each package Python runs before it (package_inits)
    packages: list[Path] = field(default_factory=list)
    # its functions' parameters handed Bottle's request by other modules (handed.py)
    handed_requests: set[str] = field(default_factory=set)
    handed_apps: set[str] = field(default_factory=set)  # ... and an app (handed.py)
    # attributes its classes keep an app in that a call hands them (`self.app = app`)
    app_attrs: set[str] = field(default_factory=set)
    # the modules whose calls hand it an app (handed.py): where a module that makes none
    # finds the app it routes on (`init_controllers(self.bottle)`, `Controller(app)`)
    apps_from: set[Path] = field(default_factory=set)
    facts: ModuleFacts | None = None  # None: the module does not parse
    tree: cst.Module | None = None  # the module spelt the model's way
    source: str = ""
    # the source as LibCST parsed it, once: each reading of the module starts from it
    original: cst.Module | None = None


@dataclass
class AppModel:
    """What the rules read about the whole app."""

    modules: dict[Path, ModuleApps]
    # module -> the module made for the default app it shares (one per app in the folder)
    default_modules: dict[Path, Path] = field(default_factory=dict)
    shared_views: frozenset[str] = frozenset()  # view names in more than one module
    tree_needs: frozenset[Need] = frozenset()  # shims the app's module adds for all modules
    # `% import x` in the templates: name -> (module, attribute)
    template_imports: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    vendored: frozenset[str] = frozenset()  # the app's own copies of Bottle, dotted
    # the modules a step rewrote before the model read them (build's `rewrite`,
    # response_params): their new code and tree, which the model read
    rewritten: dict[Path, tuple[str, cst.Module]] = field(default_factory=dict)  # (code, tree)
    # the rules' pre-scans, run in each module's read walk (rule code -> reader class)
    readers: Mapping[str, type] = field(default_factory=dict)

    def app_folder(self, rel: Path) -> str:
        """The folder of the module that makes the app `rel` uses: Flask reads the app's
        relative folders (templates, static files) from there; "." for the top. A module
        that makes no app and imports none but is handed one (`init_controllers(app)`,
        `StaticController(app)`: handed.py) uses the app of the modules that hand it,
        where they all have one folder."""
        return self._app_folder(rel, set())

    def _app_folder(self, rel: Path, seen: set[Path]) -> str:
        while rel not in seen:
            seen.add(rel)
            found = self.modules.get(rel)
            if found is None or found.made or not found.imported_apps:
                break
            # the app the module uses (its routes' `app`), not another it imports to merge
            # or mount (`from lib.site import api`, which sorts before it); one it names
            # itself (`app = default_app()` beside them) is here
            own = found.facts.app_name if found.facts is not None else None
            if own is not None and own not in found.imported_apps:
                break
            local = own or sorted(found.imported_apps)[0]
            if local not in found.imports:
                break
            rel = found.imports[local][0]
        found = self.modules.get(rel)
        if found is not None and found.apps_from and not found.made \
                and not found.imported_apps and not found.default \
                and found.facts is not None and not found.facts.makes_an_app():
            folders = {self._app_folder(given, seen) for given in sorted(found.apps_from)
                       if given not in seen}
            if len(folders) == 1:
                return folders.pop()
        if found is not None and found.default_from and not found.made \
                and rel in self.default_modules:
            return self.default_modules[rel].parent.as_posix()  # the module made for it
        return rel.parent.as_posix()

    def options(self, rel: Path) -> dict:
        found = self.modules.get(rel)
        if found is None:
            return {"tree_needs": self.tree_needs, "template_imports": self.template_imports}
        return {"template_imports": self.template_imports,
                "imported_apps": frozenset(found.imported_apps),
                "default_from": found.default_from,
                "shared_views": self.shared_views & set(found.views),
                "tree_needs": self.tree_needs - {Need.JINJA}
                if found.facts is not None and found.facts.engines
                and "simple" not in found.facts.engines else self.tree_needs}

    def add_templates(self, templates: bool,
                      template_imports: dict[str, tuple[str, str | None]] | None,
                      jinja2: bool) -> None:
        """What the app's templates need of the app's module: a Jinja environment like
        Bottle's, the names they `% import`."""
        needs = set(self.tree_needs)
        if templates:
            needs.add(Need.JINJA2 if jinja2 else Need.JINJA)
        if template_imports:
            needs.add(Need.TEMPLATE_IMPORTS)
        self.tree_needs = frozenset(needs)
        self.template_imports = dict(template_imports or {})

    # -- what every module's facts say, across the app ------------------------------------
    def all_facts(self) -> list[ModuleFacts]:
        return [m.facts for m in self.modules.values() if m.facts is not None]

    def route_rules(self) -> list[str]:
        """Every literal route rule of the app, in any module."""
        return [r for facts in self.all_facts() for r in facts.route_rules()]

    def exact_filters(self, exact: frozenset[str]) -> set[Need]:
        """The converters of Bottle's filters (`<x:path>`, `<x:float>`) the routes of a
        module keep once its sites take their exact candidate (Settings.exact: the
        module, a scope of it or its P003 sites): every app made needs them, as a module
        may add its routes to apps made in others (a base class given each sub-app)."""
        found: set[Need] = set()
        for facts in self.all_facts():
            if any(covers_filters(entry, facts.path) for entry in exact):
                rules = facts.route_rules()
                found |= {need for need, word in ((Need.PATH, ":path>"),
                                                  (Need.FLOAT, ":float>"))
                          if any(word in rule for rule in rules)}
        return found

    def filters_added(self) -> set[str]:
        """The route filters the app adds to one of its apps (app.router.add_filter)."""
        return {name for facts in self.all_facts() for name in facts.filters_added}

    def attachments(self, method: str) -> list[tuple[str, str]]:
        """(module, app) of each call of this app method (install, mount...)."""
        return [(facts.path, a.app) for facts in self.all_facts()
                for a in facts.attachments if a.method == method]

    def default_app_beside(self, rel: Path) -> bool:
        """Whether a module that runs with this one (one imports the other, at any
        remove) uses Bottle's default app: one of them may serve it."""
        return any(self.modules[other].default for other in together(self.modules, rel)
                   if other != rel and other in self.modules)

    def rendered_by(self, src: Path) -> list[tuple[Path, str, str, str]]:
        """Each template a render call names by a literal: the calling module's folder,
        the name, its call's one `template_lookup=` folder (or ""), the engine."""
        return [((src / rel).parent, name, folder, engine)
                for rel, m in sorted(self.modules.items()) if m.facts is not None
                for name, folder, engine in sorted(m.facts.rendered_by)]

    def template_path_strings(self) -> list[str]:
        """The strings of every statement that reads Bottle's TEMPLATE_PATH and of every
        render call's `template_lookup=[...]`, in any module."""
        return [text for facts in self.all_facts() for text in facts.template_path_strings]

    def templates_named(self) -> set[str]:
        """Every template name the app's render calls and @view decorators give."""
        return {name for facts in self.all_facts() for name in facts.templates_named}

    def registers_errors(self, rel: Path | None, dotted: str) -> bool:
        """Whether the decorator `dotted`, as module `rel` spells it, is one of the app's
        own that registers what it decorates as an error handler (`@Error(404)`, whose
        `__call__` sets `app.error_handler[code] = handler`), wherever the app defines
        it: here, or in a module it imports (through a package that imports it on)."""
        found = self.modules.get(rel) if rel is not None else None
        head, _, rest = dotted.partition(".")
        for _ in range(8):  # (an import cycle ends here)
            facts = found.facts if found is not None else None
            if found is None or facts is None:
                return False
            if rest:  # import own; @own.Error(404)
                module = found.modules.get(head)
                found = self.modules.get(module) if module is not None else None
                head, _, rest = rest.partition(".")
                continue
            if head in facts.error_decorators:
                return True
            target = found.imports.get(head)  # from own import Error
            if target is None:
                return False
            found, head = self.modules.get(target[0]), target[1]
        return False

    def renames(self, rel: Path | None, dotted: str) -> bool:
        """Whether the decorator `dotted`, as module `rel` spells it, is one of the app's
        own that does not keep the name of the function it wraps (no functools.wraps),
        wherever the app defines it: here, or in a module it imports."""
        found = self.modules.get(rel) if rel is not None else None
        if found is None or found.facts is None:
            return False
        head, _, rest = dotted.partition(".")
        if not rest:
            if head in found.facts.renaming_decorators:
                return True
            target = found.imports.get(head)  # from own import decorator
            if target is None:
                return False
            other = self.modules.get(target[0])
            return other is not None and other.facts is not None \
                and target[1] in other.facts.renaming_decorators
        module = found.modules.get(head)  # import own; @own.decorator
        other = self.modules.get(module) if module is not None else None
        return other is not None and other.facts is not None \
            and rest in other.facts.renaming_decorators

    def read(self, rel: Path | None, source: str, *, imported_apps=frozenset(),
             default_from: str | None = None) -> tuple[cst.Module, ModuleFacts]:
        """The module spelt the model's way and its facts: those read when the model was
        built, or read now (for a source the model did not read, or asked with other
        apps or another default app's module: a package's member imports it relatively),
        from the model's parse of that source when it has one."""
        found = self.modules.get(rel) if rel is not None else None
        if found is not None and found.tree is not None and found.facts is not None \
                and found.source == source \
                and found.facts.imported_apps == set(imported_apps) \
                and found.facts.default_from == default_from:
            return found.tree, found.facts
        return read_module(source, str(rel) if rel is not None else "<string>",
                           original=found.original if found is not None
                           and found.source == source else None,
                           imported_apps=imported_apps, default_from=default_from,
                           vendored=self.vendored,
                           imported_factories=found.imported_factories if found else (),
                           imported_classes=found.imported_classes if found else (),
                           module_apps=found.module_apps if found else None,
                           holders=found.holders if found else None,
                           handed_requests=found.handed_requests if found else (),
                           handed_apps=found.handed_apps if found else (),
                           app_attrs=found.app_attrs if found else (),
                           readers=self.readers)


def _method_callbacks(facts: ModuleFacts) -> set[str]:
    """The methods the module's calls route by `callback=self.X`: Flask names each
    endpoint after its method, as a view's after its function, so a name another module's
    views or methods have too clashes at start-up (two controllers' `index`)."""
    return {a.value.attr.value for call in facts.calls for a in call.args
            if a.keyword is not None and a.keyword.value == "callback"
            and isinstance(a.value, cst.Attribute) and isinstance(a.value.value, cst.Name)
            and a.value.value.value == "self"}


# The name the folder port had for the model before it was one (kept for callers).
Plan = AppModel


def read_module(source: str, path: str = "<string>", *, original: cst.Module | None = None,
                imported_apps=frozenset(),
                default_from: str | None = None,
                imported_factories=frozenset(),
                module_apps: dict[str, set[str]] | None = None,
                holders: dict[str, set[str]] | None = None,
                imported_classes=frozenset(),
                vendored: frozenset[str] = frozenset(),
                handed_requests=(), app_attrs=(),
                handed_apps=(),
                readers: Mapping[str, type] = MappingProxyType({}),
                ) -> tuple[cst.Module, ModuleFacts]:
    """One module read into the model (raises LibCST's ParserSyntaxError): the module
    spelt the model's way, and its facts. imported_factories: names it imports of
    functions another module defines that return an app (`app = create_app()` here);
    holders: the classes and instances it imports that hold an app (`Site().bottle`),
    and its parameters other modules hand such an instance; imported_classes: the Bottle
    subclasses it imports (`app = Shop()` makes an app here); vendored: the app's own
    copies of Bottle (`lib.bottle`), spelt as Bottle; handed_requests: its parameters
    other modules hand Bottle's request (handed.py); app_attrs: the attributes its
    classes keep an app in that a call hands them (`self.app = app`, handed.py);
    handed_apps: its parameters other modules hand an app (`init_routes(app)`);
    original: the source as LibCST parsed it already (its code is `source`), not
    parsed again; readers: the rules' pre-scans its read walk runs (Rule.reader)."""
    facts = ModuleFacts(path=path, imported_apps=set(imported_apps), default_from=default_from,
                        factories=set(imported_factories) | set(imported_classes),
                        module_apps=dict(module_apps or {}),
                        imported_holders=dict(holders or {}),
                        imported_classes=set(imported_classes),
                        handed_requests=set(handed_requests),
                        app_attrs=set(app_attrs), apps=set(handed_apps),
                        handed_apps=set(handed_apps))
    facts.original = cst.parse_module(source) if original is None else original
    tree = read(facts.original, facts, readers, source, vendored)
    return tree, facts


def is_bottle(rel: Path, source: str | None) -> bool:
    """Whether the app's file `rel` is a copy of Bottle: named bottle.py, or defining
    `class Bottle` and `__version__` at its top, and importing no Bottle (an app's own
    `class Bottle(bottle.Bottle)` does). Read from Python's parse of its statements, not
    the model's: a copy of Bottle is some 4,500 lines the port leaves as they are."""
    if rel.name == "bottle.py":
        return True
    body = python_body(source) if rel.suffix == ".py" and source is not None else None
    if body is None:
        return False
    return any(type(s) is ast.ClassDef and s.name == "Bottle" for s in body) \
        and any(type(s) is ast.Assign and any(type(t) is ast.Name and t.id == "__version__"
                                              for t in s.targets) for s in body) \
        and not any(type(node) is ast.Import and any(_is_bottle_module(a.name)
                                                     for a in node.names)
                    or type(node) is ast.ImportFrom and not node.level
                    and _is_bottle_module(node.module or "")
                    for s in body for node in ast.walk(s))


def _is_bottle_module(dotted: str) -> bool:
    return dotted == "bottle" or dotted.startswith("bottle.")


def vendored_names(rels: list[Path]) -> frozenset[str]:
    """The dotted names the app's copies of Bottle are imported by, other than `bottle`:
    from the folder ported and from each folder a script in it runs from (lib/bottle.py:
    lib.bottle; web/lib/bottle.py: web.lib.bottle and lib.bottle)."""
    found = set()
    for rel in rels:
        parts = rel.with_suffix("").parts
        found |= {".".join(parts[i:]) for i in range(len(parts))}
    return frozenset(found - {"bottle"})


class Folder(dict[Path, bool]):
    """What one build asked of the app's folder, which does not change while the model
    reads it: whether a path is a file (path -> the answer, as file_in keeps it), and the
    file an import reads (module_file's answers, by the importing module's folder, the
    dotted name and its level). A package app's modules are read two or three times,
    each read asking again for every import of the module (the package bench app's 15:
    521 answers, 45 of them different)."""

    def __init__(self) -> None:
        super().__init__()
        self.imports: dict[tuple[Path, str, int], Path | None] = {}


def module_file(src: Path, rel: Path, dotted: str, level: int = 0,
                files: dict[Path, bool] | None = None) -> Path | None:
    """The app's own file that `import dotted` (or `from .dotted`) reads; else None.
    files: what was asked of the folder before (is_file; a Folder: the imports too)."""
    if not isinstance(files, Folder):
        return _module_file(src, rel, dotted, level, {} if files is None else files)
    key = (rel.parent, dotted, level)
    if key not in files.imports:
        files.imports[key] = _module_file(src, rel, dotted, level, files)
    return files.imports[key]


def _module_file(src: Path, rel: Path, dotted: str, level: int,
                 known: dict[Path, bool]) -> Path | None:
    """module_file's answer, found: `known` holds the folder's answers so far."""

    def is_file(path: Path) -> bool:
        return file_in(src, path, known)

    parts = [p for p in dotted.split(".") if p]
    if level:
        base = rel.parent
        for _ in range(level - 1):
            base = base.parent
        candidates = [base]
    elif is_file(rel.parent / "__init__.py"):  # a package's: from the root first
        # (then the folders above it, nearest first: one is where its app runs from,
        # the app in a folder of the repository, app/controllers/x.py of a namespace
        # package app/ importing `bmvc.controller` from that folder)
        candidates = [Path(), rel.parent, *rel.parent.parents[1:-1]]
    else:  # a script's folder is its sys.path[0]: its own g.py before the root's
        candidates = [rel.parent, Path()]
    for base in candidates:
        stem = base.joinpath(*parts)
        for path in ([stem.with_suffix(".py")] if parts else []) + [stem / "__init__.py"]:
            if is_file(path):
                return path
    return None


def file_in(src: Path, path: Path, files: dict[Path, bool]) -> bool:
    """Whether `path` (under `src`, or absolute) is a file, as `files` (path -> the
    answer) holds it or the folder answers it, then held: a build asks each path once
    (the folder does not change while it is read; the imports of a package app's
    modules, read three times, asked 1,821 stats)."""
    path = src / path
    found = files.get(path)
    if found is None:
        found = files[path] = path.is_file()
    return found


def scan(src: Path, rel: Path, source: str, imported_apps=frozenset(),
         default_from: str | None = None, imported_factories=frozenset(),
         module_apps: dict[str, set[str]] | None = None,
         holders: dict[str, set[str]] | None = None,
         imported_classes=frozenset(),
         vendored: frozenset[str] = frozenset(), handed_requests=(),
         app_attrs=(), handed_apps=(), original: cst.Module | None = None,
         readers: Mapping[str, type] = MappingProxyType({}),
         files: dict[Path, bool] | None = None) -> ModuleApps:
    """The module read into the model (`original`: its parse, when read before; files:
    module_file's answers so far)."""
    found = ModuleApps(source=source, imported_factories=set(imported_factories),
                       module_apps=dict(module_apps or {}), holders=dict(holders or {}),
                       imported_classes=set(imported_classes),
                       handed_requests=set(handed_requests), app_attrs=set(app_attrs),
                       handed_apps=set(handed_apps))
    try:
        tree, facts = read_module(source, str(rel), original=original,
                                  imported_apps=imported_apps,
                                  default_from=default_from,
                                  imported_factories=imported_factories,
                                  module_apps=module_apps, holders=holders,
                                  imported_classes=imported_classes, vendored=vendored,
                                  handed_requests=handed_requests,
                                  app_attrs=app_attrs, handed_apps=handed_apps,
                                  readers=readers)
    except Exception:  # port_source reports the file; the other modules still plan
        return found
    found.tree, found.facts, found.original = tree, facts, facts.original
    found.views = facts.view_functions + sorted(_method_callbacks(facts) - set(
        facts.view_functions))
    found.redirects = "redirect" in facts.bottle.values()
    found.made = set(facts.made)
    found.default = facts.default_app and not facts.made
    own_imports(src, rel, tree, found, files)
    return found


def own_imports(src: Path, rel: Path, tree: cst.Module, found: ModuleApps,
                files: dict[Path, bool] | None = None) -> ModuleApps:
    """What the module's top-level imports take from the app's own modules, into `found`:
    the modules it uses, imports * from, imports whole (`import x`), and the names it
    imports from them."""
    for stmt in tree.body:
        node = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
        if isinstance(node, cst.Import):
            for a in node.names:
                dotted = get_full_name_for_node(a.name) or ""
                target = module_file(src, rel, dotted, files=files)
                if target is not None:
                    found.uses.add(target)
                    asname = a.asname.name if a.asname else None
                    found.modules[asname.value if isinstance(asname, cst.Name)
                                  else dotted] = target
        if not isinstance(node, cst.ImportFrom):
            continue
        dotted = (get_full_name_for_node(node.module) or "") if node.module else ""
        target = module_file(src, rel, dotted or "", len(node.relative), files)
        if target is not None:
            found.uses.add(target)
        if isinstance(node.names, cst.ImportStar):
            if target is not None:
                found.stars.add(target)
            continue
        # (a folder without __init__.py, a namespace package: `from src.utils import
        # views` still imports the module src/utils/views.py)
        for alias in node.names:
            if isinstance(alias.name, cst.Name):
                local = alias.evaluated_alias or alias.name.value
                if target is not None:
                    found.imports[local] = (target, alias.name.value)
                # `from .parts import blog`: the module parts/blog.py, when there is one
                sub = module_file(src, rel, f"{dotted or ''}.{alias.name.value}",
                                  len(node.relative), files)
                if sub is not None and sub != rel:
                    found.uses.add(sub)
                    found.modules[local] = sub
    return found


# A step that rewrites some of the app's modules before the model reads them: given
# each module's source, the names it imports from the app's own modules (local -> (file,
# name)) and its parse, the modules it rewrites (path -> the module rewritten)
Rewrite = Callable[[dict[Path, str], dict[Path, dict[str, tuple[Path, str]]],
                    dict[Path, cst.Module]], dict[Path, cst.Module]]


def build(src: Path, sources: dict[Path, str],
          vendored: frozenset[str] = frozenset(),
          readers: Mapping[str, type] = MappingProxyType({}),
          rewrite: Rewrite | None = None) -> AppModel:
    """The model of the app whose modules these are (relative path -> source); what its
    templates need is added once they are converted (AppModel.add_templates).
    vendored: the dotted names of the app's own copies of Bottle (vendored_names);
    readers: the rules' pre-scans each module's read walk runs (Rule.reader); rewrite:
    a step that changes modules before they are read (response_params.plan), handed
    their parses, so the model parses and reads each module once, as the rules get it
    (the modules it rewrote are in AppModel.rewritten, with their new code)."""
    parsed: dict[Path, cst.Module] = {}
    rewritten: dict[Path, tuple[str, cst.Module]] = {}
    files = Folder()  # the folder's answers, asked once a path and an import
    if rewrite is not None:
        for rel, text in sources.items():
            try:
                parsed[rel] = cst.parse_module(text)
            except Exception:  # scan leaves the module out of the model, as it would
                continue
        imports = {rel: own_imports(src, rel, tree, ModuleApps(), files).imports
                   for rel, tree in parsed.items()}
        for rel, tree in rewrite(dict(sources), imports, parsed).items():
            rewritten[rel] = (tree.code, tree)
            parsed[rel] = tree
        sources = {rel: rewritten[rel][0] if rel in rewritten else text
                   for rel, text in sources.items()}
    modules = {rel: scan(src, rel, text, vendored=vendored, readers=readers,
                         original=parsed.get(rel), files=files)
               for rel, text in sources.items()}
    # A module whose import of another's Bottle names was respelt to import them from
    # bottle (`from app import run` in main.py, reexports.py) still ran that module first
    # in Bottle (its routes on the default app): it stays linked to it
    respelt: dict[Path, set[Path]] = {}
    if rewrite is not None:
        for rel in rewritten:
            m = modules.get(rel)
            gone = {target for target, _ in imports.get(rel, {}).values()} \
                - (m.uses if m is not None else set()) - {rel}
            if m is not None and gone & set(modules):
                respelt[rel] = gone & set(modules)
                m.uses |= respelt[rel]
    # `from core import Site` (or an instance, `site`) whose instances hold an app, or
    # `from shop import Shop` of a Bottle subclass: read again, `app = Site().bottle` or
    # `app = Shop()` there makes an app the modules importing it use
    for rel, m in modules.items():
        holders = {local: set(held) for local, (target, name) in m.imports.items()
                   if (other := modules.get(target)) is not None and other.facts is not None
                   and (held := other.facts.holders.get(name)) is not None}
        classes = {local for local, (target, name) in m.imports.items()
                   if (other := modules.get(target)) is not None and other.facts is not None
                   and name in other.facts.app_classes}
        if holders or classes:
            modules[rel] = scan(src, rel, m.source, holders=holders,
                                imported_classes=frozenset(classes), vendored=vendored,
                                original=m.original, readers=readers, files=files)
    # Bottle's request or an app holder handed to another module's function
    # (`api.put(request)`, `init_routes(server)`): that function's parameter is one
    for rel, given in handed(modules).items():
        m = modules[rel]
        m.handed_requests |= given.requests
        m.handed_apps |= given.apps
        m.apps_from |= given.apps_from
        for name, attrs in given.holders.items():
            m.holders[name] = m.holders.get(name, set()) | attrs
    # an app handed to a class that keeps it (`HomeController(app)`, `self.app = app`)
    handing: dict[Path, set[Path]] = {}  # module -> the modules that hand it the app
    fresh: dict[Path, set[str]] | None = None
    while fresh is None or fresh:  # ... and hands it on from there (`Home(self.bottle)` in
        # a method of the class handed it): the calls handing on what was found read again
        found = app_holders(modules, handing, fresh)
        fresh = {rel: attrs - modules[rel].app_attrs for rel, attrs in found.items()
                 if attrs - modules[rel].app_attrs}
        for rel, attrs in fresh.items():
            m = modules[rel]
            m.app_attrs |= attrs
            if m.facts is not None:  # (read again below with them)
                m.facts.app_attrs |= attrs
    for rel, by in handing.items():
        modules[rel].apps_from |= by
    # Bottle's request handed to a class that keeps it (`Controller(request)`): its
    # module reads `self.request` as the request (ModuleFacts.api)
    for rel, attrs in request_holders(modules).items():
        modules[rel].handed_requests |= {f"self.{attr}" for attr in attrs}
    # an app made here (by Bottle(), or by a factory's call: `api = make_api()`), or the
    # default app a module names (`app = default_app()`): the modules that import the
    # name use that app
    apps = {rel: set(m.made) | (m.facts.factory_apps if m.facts else set())
            | (m.facts.default_aliases if m.facts and not m.made else set())
            for rel, m in modules.items()}
    defaults = {rel: set(m.facts.default_aliases) if m.facts and not m.made else set()
                for rel, m in modules.items()}
    changed = True
    while changed:  # an app imported from a module that imported it counts too
        changed = False
        for rel, m in modules.items():
            for local, (target, name) in m.imports.items():
                if name in apps.get(target, set()) and local not in apps[rel]:
                    apps[rel].add(local)
                    m.imported_apps.add(local)
                    changed = True
                if name in defaults.get(target, set()) and local not in defaults[rel]:
                    defaults[rel].add(local)
                    m.imported_defaults.add(local)
                    changed = True
    for m in modules.values():  # `from server import create_app`: a factory of an app
        for local, (target, name) in m.imports.items():
            other = modules.get(target)
            if other is not None and other.facts is not None \
                    and name in other.facts.factories - other.facts.app_classes:
                m.imported_factories.add(local)
        for local, target in m.modules.items():  # `import web`; web.app.mount(...)
            if apps.get(target):
                m.module_apps[local] = set(apps[target])
    for rel, m in modules.items():  # importing a package's module runs its __init__ first
        m.packages = package_inits(src, modules, rel, files)
    # the modules on Bottle's default app: those with no app of another module, and
    # those naming it beside apps they import (`app = default_app()` merging `extra`)
    users = sorted(rel for rel, m in modules.items() if m.default and (
        not m.imported_apps or m.facts is not None and m.facts.default_aliases))
    views = [(rel, name) for rel, m in modules.items() for name in set(m.views)]
    needs = {Need.LOCATION} if any(m.redirects for m in modules.values()) else set()
    # the modules each module runs with, asked once a module (together() walks the
    # whole folder's links: asked once a view, 100 walks on a package app of 15 modules)
    groups: dict[Path, set[Path]] = {}

    def group(rel: Path) -> set[Path]:
        found = groups.get(rel)
        if found is None:
            found = groups[rel] = together(modules, rel)
        return found

    # A view name clashes only between modules that can run in one process (one app).
    shared = {name for rel, name in views
              if any(other != rel and name in modules[other].views
                     for other in group(rel) if other in modules)}
    result = AppModel(modules, shared_views=frozenset(shared), tree_needs=frozenset(needs),
                      vendored=vendored, rewritten=rewritten, readers=readers)
    # a module that makes an app of its own but routes with the default app's decorators
    # (`@bottle.post`), beside a module on the default app: its routes are on that default
    # app (RULE-s53 class E), so it imports the shared one too
    borrowers = {rel for rel, m in modules.items() if m.made and m.facts is not None
                 and m.facts.default_shortcuts and group(rel) & set(users)}
    # a module with no app that sets Bottle's template defaults, beside a module on the
    # default app: the defaults go on that app's Jinja globals (RULE-s53 class D), so it
    # imports the shared one too
    setters = {rel for rel, m in modules.items() if m.tree is not None and m.facts is not None
               and not (m.made or m.imported_apps or m.default or m.facts.makes_an_app()
                        or m.facts.aliases)
               and sets_template_defaults(m.tree, m.facts) and group(rel) & set(users)}
    pool = set(users) | borrowers | setters
    sharing = [rel for rel in sorted(pool) if len(group(rel) & pool) > 1]
    # One module per app: a folder of several apps (each run from its own folder, its
    # modules importing each other) has a default app in each.
    taken: set[Path] = set()
    for rel in sharing:
        if rel in result.default_modules:
            continue
        members = sorted(group(rel) & set(sharing))
        folder = run_folder(src, modules, members)
        name = DEFAULT_MODULE
        while (src / folder / f"{name}.py").exists() or folder / f"{name}.py" in taken:
            name += "_"
        taken.add(folder / f"{name}.py")
        for user in members:
            result.default_modules[user] = folder / f"{name}.py"
            modules[user].default_from = name
    # ... and, where that module shares its default app, imports the app from it (`from
    # app import app`): the import that runs it, as `from app import run` did (RULE-s54
    # class H: main.py served an app of its own, with no route). A module beside it that
    # names the app alike, only: another name or folder keeps the shared module's import
    for rel, gone in respelt.items():
        m = modules[rel]
        if m.default_from is None or m.facts is None:
            continue
        app_name = m.facts.app_name
        beside = [target for target in sorted(gone)
                  if target.parent == rel.parent and target.name != "__init__.py"
                  and modules[target].default_from == m.default_from
                  and (facts := modules[target].facts) is not None
                  and facts.app_name == app_name]
        if len(beside) == 1:
            m.default_from = beside[0].stem
    # read again what a module knows only from the others: the apps it imports, the
    # module its default app now comes from
    for rel, m in modules.items():
        if m.imported_apps or m.default_from or m.imported_factories or m.module_apps \
                or m.holders or m.imported_classes or m.handed_requests or m.app_attrs \
                or m.handed_apps:
            again = scan(src, rel, m.source, frozenset(m.imported_apps), m.default_from,
                         frozenset(m.imported_factories), m.module_apps, m.holders,
                         imported_classes=frozenset(m.imported_classes), vendored=vendored,
                         handed_requests=m.handed_requests, app_attrs=m.app_attrs,
                         handed_apps=m.handed_apps, original=m.original, readers=readers,
                         files=files)
            m.tree, m.facts = again.tree, again.facts
            if m.facts is not None:
                m.facts.imported_defaults = set(m.imported_defaults)
    for rel, routed in routed_defs(modules).items():
        facts = modules[rel].facts
        if facts is not None:
            facts.routed |= routed
    return result


def sets_template_defaults(tree: cst.Module, facts: ModuleFacts) -> bool:
    """Whether the module reads Bottle's template defaults (`BaseTemplate.defaults[...] =
    ...`), which the port sets on an app's Jinja globals."""
    if not TEMPLATE_CLASSES & set(facts.bottle.values()):
        return False
    found = _Defaults()
    walk(tree, found)
    return any(facts.api(node.value) in TEMPLATE_CLASSES for node in found.read)


class _Defaults(Visitor):
    """The `X.defaults` attributes a module reads (libcst.matchers would cost the port's
    start a fifth of a second)."""

    def __init__(self) -> None:
        super().__init__()
        self.read: list[cst.Attribute] = []

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value == "defaults":
            self.read.append(node)


def routed_defs(modules: dict[Path, ModuleApps]) -> dict[Path, set[str]]:
    """The defs each module holds that a route call registers (`callback=page`,
    `callback=self.show`, `callback=views.page`, `route(path)(f)`), by qualified name:
    they are views, though no route decorates them. A plain name is the module's own
    function or the one it imports; `self.x` a method of the module's classes; `mod.x`
    the function of an own module it imports; any other value (`View().callback`, a
    parameter's method) every method of that name in the app, as no class is known."""
    found: dict[Path, set[str]] = {}

    def mark(rel: Path, names: set[str]) -> None:
        found.setdefault(rel, set()).update(names)

    def methods(name: str, where: list[Path]) -> bool:
        hits = [(rel, f.methods[name]) for rel in where
                if (f := modules[rel].facts) is not None and name in f.methods]
        for rel, names in hits:
            mark(rel, names)
        return bool(hits)

    for rel, m in modules.items():
        if m.facts is None:
            continue
        for route in m.facts.routes:
            name = route.view
            if not route.by_call or name is None:
                continue
            if route.receiver is None:
                target = m.imports.get(name)
                other = modules.get(target[0]) if target else None
                if target is not None and other is not None and other.facts is not None:
                    mark(target[0], {target[1]} & other.facts.functions.get(target[1], set()))
                else:
                    mark(rel, m.facts.functions.get(name, set()))
            elif route.receiver == "self":
                if not methods(name, [rel]):
                    methods(name, list(modules))  # a method of a base class elsewhere
            elif route.receiver in m.modules:
                other = modules.get(m.modules[route.receiver])
                if other is not None and other.facts is not None:
                    mark(m.modules[route.receiver],
                         {name} & other.facts.functions.get(name, set()))
            else:
                methods(name, list(modules))
    return found


plan = build


def covers_filters(entry: str, path: str) -> bool:
    """Whether an exact entry (a site key or a prefix of one) takes the route filter
    sites of the module at `path` (`path:scope:P003:route-filter:0`)."""
    if entry != path and not entry.startswith(path + ":"):
        return False
    rest = entry[len(path):].split(":")[1:]
    codes = [i for i, part in enumerate(rest) if re.fullmatch(r"P\d{3}", part)]
    if not codes:
        return True
    kind = rest[codes[0] + 1:codes[0] + 2]
    return rest[codes[0]] == "P003" and kind in ([], ["route-filter"], ["float-filter"])


def run_folder(src: Path, modules: dict[Path, ModuleApps], users: list[Path]) -> Path:
    """Where a module these modules import (`from default_app import app`) can go: the
    folder the app runs from, the common folder of every module they run with (a
    package's modules run from the folder that holds the package)."""
    group = set().union(*(together(modules, rel) for rel in users))
    folder = Path(os.path.commonpath([str(rel.parent) for rel in group]) or ".")
    while folder != Path(".") and (src / folder / "__init__.py").exists():
        folder = folder.parent
    return folder


def together(modules: dict[Path, ModuleApps], rel: Path) -> set[Path]:
    """The modules that can run in one process with `rel`: those it imports or is
    imported by, at any remove, a package's __init__ counted as imported by the modules
    that run as its members. Scripts that import none of each other each have a
    default app of their own (a folder of examples), so they share no module."""
    linked: dict[Path, set[Path]] = {r: set() for r in modules}
    for r, m in modules.items():
        for used in (*m.uses, *m.packages):
            linked[r].add(used)
            linked.setdefault(used, set()).add(r)
    seen, todo = {rel}, [rel]
    while todo:
        for other in linked.get(todo.pop(), ()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def top_imports(tree: cst.Module) -> list[tuple[int, str]]:
    """(dots, first name) of each import at the module's top level."""
    found = []
    for stmt in tree.body:
        for small in getattr(stmt, "body", ()) if isinstance(stmt, cst.SimpleStatementLine) \
                else ():
            if isinstance(small, cst.Import):
                found += [(0, cst.Module([]).code_for_node(a.name).partition(".")[0])
                          for a in small.names]
            elif isinstance(small, cst.ImportFrom):
                module = cst.Module([]).code_for_node(small.module) if small.module else ""
                found.append((len(small.relative), module.partition(".")[0]))
    return found


def package_inits(src: Path, modules: dict[Path, ModuleApps], rel: Path,
                  files: dict[Path, bool] | None = None) -> list[Path]:
    """The __init__.py of each package of the folder that Python runs before `rel`,
    innermost first: importing web.api.run runs web/__init__.py, then web/api/__init__.py
    (and what each imports), so a default app routed there is run.py's too. A module
    runs as its package's when it imports relatively, or by a name the folder above its
    top package holds (the package's own name, a module beside it), as the check loads
    it (loading.package_name); an __init__.py always does. A script that only sits in a
    package's folder runs alone: its package's __init__ never runs."""
    if rel == Path("__init__.py"):
        return []
    folder = rel.parent.parent if rel.name == "__init__.py" else rel.parent
    chain: list[Path] = []
    while folder / "__init__.py" in modules:
        chain.append(folder / "__init__.py")
        if folder == Path("."):
            break
        folder = folder.parent
    found = modules[rel]
    if rel.name == "__init__.py" or not chain or found.original is None:
        return chain
    imports = top_imports(found.original)
    names = {top for _, top in imports}
    above, here = src.resolve().joinpath(chain[-1].parent).parent, src.resolve() / rel.parent
    known: dict[Path, bool] = {} if files is None else files
    if any(level for level, _ in imports) or any(
            (file_in(src, above / f"{name}.py", known)
             or file_in(src, above / name / "__init__.py", known))
            and not ((here / f"{name}.py").exists() or (here / name).is_dir())
            for name in names):
        return chain
    return []


# Ported like any module, so it gets the shims the app's module adds for every module.
DEFAULT_SOURCE = '''"""Bottle's default app, one Flask app the modules share (flask-port/P002)."""

from bottle import Bottle

app = Bottle()
'''

"""Load the apps a command compares or serves: any WSGI app, or a server's URL.

    bottle_app:create_app        module:attr (a factory is called, with settings if it takes any)
    path/to/app.py:application   a file, imported in isolation
    path/to/app.py               its `app` or `application`, else Bottle's default app
    path/to/app.py:__main__      what `python app.py` hands its server (`run(app=X(app))`)
    http://127.0.0.1:8080        a running server, reached over HTTP
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import http.client
import importlib.abc
import importlib.machinery
import importlib.util
import inspect
import json
import os
import re
import shutil
import socketserver
import sys
import threading
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING
from unittest import mock
from urllib.parse import quote, urlsplit
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

import bottle as installed_bottle

from .errors import UsageError

if TYPE_CHECKING:
    import bottle

URL = re.compile(r"^https?://", re.IGNORECASE)
DEFAULT_NAMES = ("app", "application")
# `FILE:__main__`: the WSGI callable the file's run() is handed, at import or in its main
# block, as `python FILE` serves it (`run(app=SessionMiddleware(app(), opts))`), where no
# name of the module holds it
SERVED = "__main__"
HANDS_NO_APP = "it hands no server an app"
PATH_SAFE = "/:@!$&'()*+,;=-._~"
# os.chdir is process-wide: apps that need their own folder take turns.
FOLDER_LOCK = threading.RLock()


@dataclass
class App:
    label: str
    spec: str
    wsgi: object            # a WSGI callable (for a URL: a proxy to it)
    url: str | None = None  # set when the app is a running server
    script: bool = False  # made only when its file runs as a script (`python app.py`)


@dataclass
class Imported:
    """A file imported in isolation, and what its import left to hand to its app."""

    module: ModuleType
    folder: Path  # its folder: the cwd and first on sys.path while it runs
    own_modules: dict[str, ModuleType]  # the modules it imported from its folder
    template_path: list | None  # Bottle's TEMPLATE_PATH as it left it (None: no Bottle)
    bottle_default: bottle.Bottle | None  # the Bottle default app its @route calls filled
    # the apps its run() calls were handed, in order (`bottle.run(app=x)`, `app.run()`):
    # what its server would have served
    served: list = field(default_factory=list)
    left: ProcessState | None = None  # sys.path, import hooks, environment as it left them


def is_url(spec: str) -> bool:
    return bool(URL.match(spec))


def split(spec: str) -> tuple[str, str]:
    """(module or file, attr); a Windows drive letter is not an attr separator."""
    head, colon, attr = spec.rpartition(":")
    if not colon or (len(head) == 1 and attr.startswith(("\\", "/"))):
        return spec, ""
    return head, attr


def is_file(target: str) -> bool:
    return target.endswith(".py") or "/" in target or os.sep in target


def folders_of(specs: list[str]) -> list[Path]:
    """Where the apps' Python is looked for (a .venv in or above): a file's folder, the
    working folder for a module; a URL runs elsewhere."""
    found = [Path(split(spec)[0]).parent if is_file(split(spec)[0]) else Path.cwd()
             for spec in specs if not is_url(spec)]
    return list(dict.fromkeys(found))


def labels(specs: list[str], known: dict[str, str] | None = None) -> list[str]:
    """Short, distinct names for the apps: a known spec's name, the module or file stem,
    host-port."""
    known = known or {}
    names = []
    for spec in specs:
        if spec in known:
            names.append(known[spec])
        elif is_url(spec):
            names.append(re.sub(r"[^\w-]+", "-", urlsplit(spec).netloc).strip("-") or "url")
        else:
            target = split(spec)[0]
            stem = Path(target).stem if is_file(target) else target.rpartition(".")[2]
            names.append(re.sub(r"[^\w-]+", "-", stem) or "app")
    if len(set(names)) == len(names):
        return names
    return [f"{n}-{i}" for i, n in enumerate(names, 1)]


def load(spec: str, settings: dict | None = None, label: str | None = None) -> App:
    """One app from its spec; a bad spec is a UsageError with a one-line message."""
    label = label or labels([spec])[0]
    if is_url(spec):
        return App(label, spec, HTTPApp(spec), url=spec.rstrip("/"))
    target, attr = split(spec)
    # `FILE:make_app()`: called with no arguments, as `flask --app 'web:make_app()'` calls
    # it (a factory whose parameters all have defaults, `init(cfgfn=None)`)
    bare = attr.endswith("()")
    attr = attr.removesuffix("()")
    script = False
    with bottle_locals_as_imported():
        if is_file(target) and attr == SERVED:
            imported = import_file(spec, Path(target))
            if not imported.served and has_main_block(Path(target)):
                imported, script = run_main(spec, imported, Path(target)), True
            if not imported.served:
                raise UsageError(f"cannot load {spec!r}: {HANDS_NO_APP} (no run() given "
                                 "one, at import or under its main guard)")
            app = in_folder(imported.served[-1], imported.folder, imported.own_modules,
                            imported.template_path, imported.left)
            wsgi: object = app
        elif is_file(target):
            imported = import_file(spec, Path(target))
            try:
                picked = pick(spec, imported.module, attr, imported.bottle_default)
            except UsageError:
                if not has_main_block(Path(target)):
                    raise
                # the app is made only when the file runs as a script: its main block
                # run as `python file.py` runs it, in the module as imported (what
                # stands above it ran once), its server not started (no_servers)
                imported = run_main(spec, imported, Path(target))
                picked = served_app(spec, imported, attr)
                script = True
            else:
                if routeless(picked) and has_main_block(Path(target)):
                    # an app made at import whose routes the main block adds (`def
                    # main(): app.route("/", callback=index); run(app)`, as its port
                    # writes a main() on Bottle's default app): as `python file.py`
                    # serves it; where the block fails, the app as imported
                    with contextlib.suppress(UsageError):
                        imported = run_main(spec, imported, Path(target))
                        picked, script = served_app(spec, imported, attr), True
            app = in_folder(picked, imported.folder, imported.own_modules,
                            imported.template_path, imported.left)
            # a factory is called as the app answers: in its folder, with what its
            # import left, its own modules in sys.modules (a module it imports again,
            # or the app's own module, is the one imported: its side effects run once,
            # as in a process of its own); what it imports from there is the app's too
            with app.entered():
                app.wrapped = instantiate(spec, picked, settings, bare=bare)
            wsgi = app
        else:
            # Bottle's TEMPLATE_PATH and its cache of templates as a process of its own
            # has them, while it imports and for each request (a file spec's InFolder
            # does the same): another app of this process changed the list, and cached
            # its own template under a name this app's shares
            imported_before = target in sys.modules
            fresh = _fresh_template_path()
            if fresh is not None and imported_before:  # its import ran before: as it left it
                sys.modules["bottle"].TEMPLATE_PATH[:] = IMPORTS_LEFT.get(target, fresh)
            try:
                module = import_spec(spec, target)
                if fresh is not None and not imported_before:
                    IMPORTS_LEFT[target] = list(sys.modules["bottle"].TEMPLATE_PATH)
                made = instantiate(spec, pick(spec, module, attr or "create_app"), settings,
                                   bare=bare)
            finally:
                template_path = _restore_template_path(fresh)
            # (one that leaves Bottle's own list answers as it did: unwrapped, unlocked,
            # each other app's templates cleared from the cache after its answer)
            wsgi = made if template_path in (None, BOTTLE_TEMPLATE_PATH) \
                else OwnTemplates(made, template_path)
    return App(label, spec, wsgi, script=script)


# What a thread-local slot of Bottle's request and response is (bottle's _local_property,
# 0.12's local_property): a property over a threading.local, its docstring Bottle's own.
THREAD_LOCAL = "Thread-local property"


@contextlib.contextmanager
def bottle_locals_as_imported():
    """Bottle's request and response as a fresh process has them while an app imports:
    bound, in this thread, to an empty request (`url()` or `get_url()` at import reads
    request.environ). They are thread-locals Bottle binds only in the thread that imported
    it and in each thread that serves a request: in another thread, or after parity has
    unbound them (replay.forget_bottle_request), the app failed with "Request context not
    initialized"; after a request, it saw that request. Put back as they were after."""
    kept = []
    for local in (installed_bottle.request, installed_bottle.response):
        for slot in vars(type(local)).values():
            if isinstance(slot, property) and slot.__doc__ == THREAD_LOCAL:
                try:  # the slot itself: the request's own __delattr__ is for its extras
                    kept.append((local, slot, slot.__get__(local)))
                except RuntimeError:  # not bound in this thread
                    kept.append((local, slot, _UNBOUND))
    installed_bottle.request.bind()
    installed_bottle.response.bind()
    try:
        yield
    finally:
        for local, slot, value in kept:
            if value is _UNBOUND:
                with contextlib.suppress(AttributeError):
                    slot.__delete__(local)
            else:
                slot.__set__(local, value)


_UNBOUND = object()


def import_spec(spec: str, name: str):
    try:
        return import_module(name)
    except ImportError as error:
        raise UsageError(f"cannot load {spec!r}: {error}") from None


def has_main_block(path: Path) -> bool:
    """Whether the file has an `if __name__ == "__main__":` block at its top level."""
    return bool(main_blocks(path))


def main_blocks(path: Path) -> list[ast.stmt]:
    """The file's `if __name__ == "__main__":` blocks at its top level."""
    try:
        tree = ast.parse(path.read_bytes())
    except (OSError, SyntaxError, ValueError):
        return []
    return [node for node in tree.body
            if isinstance(node, ast.If) and isinstance(node.test, ast.Compare)
            and "__name__" in ast.unparse(node.test) and "__main__" in ast.unparse(node.test)]


# How long a thread a main block started is given to reach its server's run(), in seconds
SERVING_THREAD_WAIT = 2.0


def run_main(spec: str, imported: Imported, path: Path) -> Imported:
    """Run the main blocks of a file imported already, as `python file.py` would run them
    once the rest has run: in its module (named __main__ meanwhile), in the process as
    its import left it (its folder, its modules, Bottle's default app its routes filled),
    a server they start not started; what they hand a server is `served`. The module is
    not imported again: its top-level side effects ran once (a table created, a file
    appended to, a thread started, twice before)."""
    module = imported.module
    code = compile(ast.Module(body=main_blocks(path.resolve()), type_ignores=[]),
                   str(path.resolve()), "exec")
    around = in_folder(None, imported.folder, imported.own_modules, imported.template_path,
                       imported.left)
    bottle = sys.modules.get("bottle")
    stack = list(bottle.default_app) if bottle is not None else None
    if bottle is not None:  # (a bare run() in it serves the default app its routes filled)
        bottle.default_app.push(imported.bottle_default or bottle.Bottle())
    argv, sys.argv = sys.argv, [str(path.resolve())]
    name = module.__name__
    threads = set(threading.enumerate())
    try:
        with around.entered(), no_servers(spec) as served:
            module.__name__ = "__main__"
            try:
                exec(code, module.__dict__)  # noqa: S102
            except SystemExit:
                # `exit(main())` once main()'s server returned: `python main.py` would
                # still be serving there (RULE-s50 class P, edubot-snap); an exit before
                # anything was served is the script's own end
                if not served:
                    raise
            finally:
                # a server the script starts in a thread of its own (`Httpd(Thread)`
                # whose run() calls app.run()): its run() is stopped too, and says
                # what it serves, once the thread reaches it
                for thread in set(threading.enumerate()) - threads:
                    thread.join(SERVING_THREAD_WAIT)
    except (Exception, SystemExit) as error:  # the user's code: theirs to see
        raise UsageError(f"cannot load {spec!r}: {type(error).__name__}: {error}") from None
    finally:
        sys.argv = argv
        module.__name__ = name if module.__name__ == "__main__" else module.__name__
        if bottle is not None and stack is not None:
            default = bottle.default_app()
            bottle.default_app[:] = stack
            if getattr(default, "routes", None):
                imported.bottle_default = default
    imported.served.extend(served)
    return imported


def import_file(spec: str, path: Path) -> Imported:
    """Import a file under a name of its own, with its folder as cwd and first on sys.path.

    Modules it imports from its folder are dropped from sys.modules afterwards, so a
    second app with modules of the same names gets its own.
    """
    path = path.resolve()
    if not path.is_file():
        raise UsageError(f"cannot load {spec!r}: no such file {str(path)!r}")
    # A package's __init__.py is imported as a package (its relative imports work),
    # with the folder that holds the package as the app's folder.
    package = path.name == "__init__.py"
    folder = path.parent.parent if package else path.parent
    stem = path.parent.name if package else path.stem
    name = f"bottle2flask_app_{hashlib.sha1(str(path).encode()).hexdigest()[:10]}_{stem}"
    # A module of a package (ticket/app.py doing `import ticket.web`): imported under its
    # own dotted name, as `gunicorn ticket.app:app` does, from the folder above the package;
    # so is a package inside a package that imports the outer one by name
    # (apps/controller/__init__.py doing `import apps.models`: `apps.controller`).
    dotted = package_init_name(path) if package else \
        package_name(path) if path.suffix == ".py" else None
    if dotted:
        folder, name = path.parents[dotted.count(".") + package], dotted
    # A module of a package whose folder's name is no identifier (a port in OUT/C2+flat)
    # that imports its package relatively: run as a module of it all the same, the
    # package named for its folder (C2_flat), from the folder above it.
    unnamed = None if dotted or package else unnamed_package(path)
    if unnamed:
        folder, name, dotted = path.parent.parent, f"{unnamed}.{path.stem}", \
            f"{unnamed}.{path.stem}"
    bottle_stack = _push_bottle_default()
    # A mod_wsgi script (app.wsgi) is Python under another suffix: name its loader.
    source_loader = importlib.machinery.SourceFileLoader(name, str(path))
    module_spec = importlib.util.spec_from_file_location(
        name, path, loader=source_loader,
        submodule_search_locations=[str(path.parent)] if package else None)
    if module_spec is None or module_spec.loader is None:
        raise UsageError(f"cannot load {spec!r}: Python cannot import {str(path)!r}")
    loader = module_spec.loader
    module = importlib.util.module_from_spec(module_spec)
    with FOLDER_LOCK:
        # A module of the app's own that shares a name with one already imported (its own
        # `shared.py` beside a tool's `shared` package) must be the app's: set theirs aside.
        shadowed = set_aside(local_names(folder))
        before = set(sys.modules)
        cwd = os.getcwd()
        found = ProcessState.now()
        sys.path.insert(0, str(folder))
        template_path = _fresh_template_path()
        # An app that reads its command line at import (argparse) sees the one it would
        # have run with no arguments, not ours.
        argv, sys.argv = sys.argv, [str(path)]
        try:
            os.chdir(folder)
            with no_servers(spec) as served:
                if dotted:  # its packages first, as Python imports them
                    if unnamed:
                        _import_package(unnamed, path.parent)
                    module = importlib.import_module(dotted)
                else:
                    sys.modules[name] = module
                    if stem.isidentifier() and stem not in sys.stdlib_module_names \
                            and not package:
                        # its own modules import it by its name (pages.py doing `from core
                        # import app`): the same module, as `flask --app core` imports it
                        sys.modules[stem] = module
                    loader.exec_module(module)
        except (Exception, SystemExit) as error:  # the user's code: theirs to see
            sys.modules.pop(name, None)
            raise UsageError(f"cannot load {spec!r}: {type(error).__name__}: {error}") from None
        finally:
            sys.argv = argv
            os.chdir(cwd)
            left = ProcessState.now()
            found.put_back()
            left_path = _restore_template_path(template_path)
            bottle_default = _pop_bottle_default(bottle_stack)
            # (a package's module goes too: the other app's package has its names)
            own = own_modules(before if dotted else before | {name}, folder)
            sys.modules.update(shadowed)
    if bottle_default is None or not bottle_default.routes:
        bottle_default = _shipped_default(own) or bottle_default
    return Imported(module, folder, own, left_path, bottle_default, served,
                    left.since(found))


@contextlib.contextmanager
def no_servers(spec: str):
    """A run() at import (Bottle's, a Flask app's .run(), or Werkzeug's run_simple(),
    which a port runs a WSGI middleware with) returns at once: it would serve forever,
    and the comparison serves the app itself. Said on stderr."""
    served: list = []

    def skip(*args, **kwargs) -> None:
        print(f"note: {spec} starts a server when imported (run()); not started here",
              file=sys.stderr)

    # what a server is handed goes to the innermost no_servers() under way: a module binds
    # the stopped run() as it is imported (`from bottle import run`, `from werkzeug.serving
    # import run_simple`), and its main block, run later (run_main), calls that one
    def run(app=None, *args, **kwargs) -> None:  # bottle.run(app=None, ...)
        if app is not None:  # (a bare run() serves the default app: pick() finds it)
            (_SERVING[-1] if _SERVING else served).append(app)
        skip()

    def app_run(self, *args, **kwargs) -> None:  # Bottle.run(self), Flask.run(self)
        (_SERVING[-1] if _SERVING else served).append(self)
        skip()

    def run_simple(hostname, port, application, *args, **kwargs) -> None:
        # (RULE-s49 class D: it served, and the check waited)
        (_SERVING[-1] if _SERVING else served).append(application)
        skip()

    # the installed Bottle, never one the app's folder holds (an old bottle.py shipped
    # with the app may not import here, and its port does not need it); a server the
    # app's own copy starts stops at serve_forever(), and never takes its port first
    # (run(port=8080) of a vendored Bottle: another process on 8080 made the original
    # "not start here", the check found by chance in make test)
    # and a Bottle the app ships (lib/bottle.py, an old release's `bottle.run(reloader=True)`
    # at import: RULE-s50 class I), stopped as it is imported
    shipped = ShippedBottles()
    sys.meta_path.insert(0, shipped)
    _STOPPED_RUNS.append((run, app_run))
    _SERVING.append(served)
    with contextlib.ExitStack() as undo:
        undo.callback(_SERVING.pop)
        undo.callback(_STOPPED_RUNS.pop)
        undo.callback(lambda: sys.meta_path.remove(shipped) if shipped in sys.meta_path
                      else None)
        undo.enter_context(_installed_servers_stopped(run, app_run, run_simple, skip))
        yield served


# the run() and Bottle.run of the no_servers() under way, innermost last: a shipped
# Bottle's stay replaced after its import, and a main block run later (run_main) calls them
_STOPPED_RUNS: list[tuple] = []
# the `served` list of each no_servers() under way, innermost last
_SERVING: list[list] = []


def _shipped_run(*args, **kwargs) -> None:
    if _STOPPED_RUNS:
        _STOPPED_RUNS[-1][0](*args, **kwargs)


def _shipped_app_run(self, *args, **kwargs) -> None:
    if _STOPPED_RUNS:
        _STOPPED_RUNS[-1][1](self, *args, **kwargs)


class ShippedBottles:
    """An import hook for the span of no_servers(): a module named bottle (bottle,
    lib.bottle) found anywhere but the installed Bottle gets its run() and Bottle.run
    stopped as soon as it has run, before the app's next line calls them."""

    def find_spec(self, fullname: str, path=None, target=None):
        if fullname.rpartition(".")[2] != "bottle":
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        if spec.loader is None or not hasattr(spec.loader, "exec_module") or \
                spec.origin == getattr(installed_bottle, "__file__", None):
            return spec
        spec.loader = _StoppedRun(spec.loader)
        return spec


class _StoppedRun(importlib.abc.Loader):
    """The loader of a shipped Bottle: its own, then run() stopped."""

    def __init__(self, loader) -> None:
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        if callable(getattr(module, "run", None)):
            module.run = _shipped_run  # type: ignore[attr-defined]
        app_class = getattr(module, "Bottle", None)
        if isinstance(app_class, type) and callable(getattr(app_class, "run", None)):
            setattr(app_class, "run", _shipped_app_run)  # noqa: B010 (a class's attribute)

    def __getattr__(self, name: str):  # get_source, get_filename, is_package, ...
        return getattr(self.loader, name)


@contextlib.contextmanager
def _installed_servers_stopped(run, app_run, run_simple, skip):
    import flask
    import werkzeug.serving

    def unbound(self) -> None:  # socketserver's server_bind()/server_activate()
        pass

    with mock.patch.object(installed_bottle, "run", run), \
            mock.patch.object(installed_bottle.Bottle, "run", app_run), \
            mock.patch.object(flask.Flask, "run", app_run), \
            mock.patch.object(werkzeug.serving, "run_simple", run_simple), \
            mock.patch.object(socketserver.TCPServer, "server_bind", unbound), \
            mock.patch.object(socketserver.TCPServer, "server_activate", unbound), \
            mock.patch.object(socketserver.BaseServer, "serve_forever", skip):
        yield


# The TEMPLATE_PATH each module of a module spec left as it was imported (once a
# process: loaded again, its import does not run again).
IMPORTS_LEFT: dict[str, list] = {}
# Bottle's own TEMPLATE_PATH, as each app finds it in a process of its own.
BOTTLE_TEMPLATE_PATH = ["./", "./views/"]


def _fresh_template_path() -> list | None:
    """Give the app Bottle's TEMPLATE_PATH as a new process has it: another app loaded in
    this process may have changed that module-level list. Returns what to put back."""
    bottle = sys.modules.get("bottle")
    if bottle is None or not isinstance(getattr(bottle, "TEMPLATE_PATH", None), list):
        return None
    kept = list(bottle.TEMPLATE_PATH)
    bottle.TEMPLATE_PATH[:] = BOTTLE_TEMPLATE_PATH
    return kept


def _restore_template_path(kept: list | None) -> list | None:
    """The app's own TEMPLATE_PATH (for its requests), and the list as it was before."""
    bottle = sys.modules.get("bottle")
    if kept is None or bottle is None:
        return None
    own = list(bottle.TEMPLATE_PATH)
    bottle.TEMPLATE_PATH[:] = kept
    return own


def package_name(path: Path) -> str | None:
    """`ticket.app` for ticket/app.py when ticket/ is a package (has __init__.py) and the
    module imports it (`import ticket.web`, `from . import web`): it runs as the package's
    module. A script that only sits in a package's folder runs from that folder (its
    siblings import by their own names, and the package's __init__ is never run).

    Packages inside packages: the name starts at the outermost one the module imports by
    name (src/server.py importing `src.urls` in a repository that is a package itself
    runs as `src.server`, as `python -m src.server` does); relative imports take them all.
    """
    parts, folder = _packages_around([path.stem], path.parent)
    if len(parts) == 1:
        return folder_script(path)
    source = _source(path)
    if source is None:
        return None
    named = _named_from(parts, source, relative=r"\.")
    if named is not None:
        return named
    # web/server.py doing `import lib.words`, lib/ beside web/ and not in it: it runs
    # from the folder above its package (as main.py there imports it), named web.server
    tops = {a or b for a, b in re.findall(r"^\s*(?:from\s+(\w+)|import\s+(\w+))", source,
                                          re.M)}
    beside = {top for top in tops if (folder / f"{top}.py").is_file()
              or (folder / top / "__init__.py").is_file()}
    here = {top for top in beside if (path.parent / f"{top}.py").is_file()
            or (path.parent / top).is_dir()}
    return ".".join(parts) if beside - here else None


def folder_script(path: Path) -> str | None:
    """`main.main` for main/main.py (main/ no package) that imports a package or module
    beside main/ (`import apps`, apps/ beside main/) and nothing of main/ itself: it runs
    as `python -m main.main` from the folder above (main/ a namespace package there), as
    its `import apps` needs; else None."""
    folder = path.parent
    if not (folder.name.isidentifier() and path.stem.isidentifier()) \
            or folder.name in sys.stdlib_module_names:
        return None
    source = _source(path)
    if source is None:
        return None
    tops = {a or b for a, b in re.findall(r"^\s*(?:from\s+(\w+)|import\s+(\w+))", source,
                                          re.M)}
    beside = {top for top in tops if top != folder.name and (
        (folder.parent / f"{top}.py").is_file() or (folder.parent / top / "__init__.py").is_file())}
    here = {top for top in tops if (folder / f"{top}.py").is_file() or (folder / top).is_dir()}
    return f"{folder.name}.{path.stem}" if beside and not here else None


def package_init_name(path: Path) -> str | None:
    """`apps.controller` for apps/controller/__init__.py when apps/ is a package too and
    the __init__ imports it by name (`import apps.models.somemodel`, RULE-s51c class I)
    or relatively from above (`from .. import x`): it runs as that package of it, from
    the folder above apps/, as `from apps.controller import *` in serv.py there runs it.
    None for a package that imports no package around it (run from its parent folder)."""
    parts, _ = _packages_around([path.parent.name], path.parent.parent)
    if len(parts) == 1 or not parts[-1].isidentifier():
        return None
    source = _source(path)
    return None if source is None else _named_from(parts, source, relative=r"\.\.")


def _packages_around(parts: list[str], folder: Path) -> tuple[list[str], Path]:
    """parts with the names of the packages folder is in, outermost first, and the
    folder above the outermost."""
    while (folder / "__init__.py").is_file() and folder.name.isidentifier():
        parts.insert(0, folder.name)
        folder = folder.parent
    return parts, folder


def _source(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _named_from(parts: list[str], source: str, relative: str) -> str | None:
    """The dotted name from the outermost package the source imports by name, or the
    whole name where it imports relatively (`relative`: the dots' pattern); else None."""
    for start, top in enumerate(parts[:-1]):
        if re.search(rf"^\s*(from\s+{top}[\s.]|import\s+{top}\b)", source, re.M):
            return ".".join(parts[start:])
    if re.search(rf"^\s*from\s+{relative}", source, re.M):
        return ".".join(parts)
    return None


def unnamed_package(path: Path) -> str | None:
    """For a module of a package whose folder's name is no identifier (`C2+flat`), and
    which imports from its package (`from .web import app`), the name it is imported
    under: its folder's name made an identifier (`C2_flat`)."""
    folder = path.parent
    if path.suffix != ".py" or folder.name.isidentifier() \
            or not (folder / "__init__.py").is_file():
        return None
    try:
        source = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    if not re.search(r"^\s*from\s+\.", source, re.M):
        return None
    name = re.sub(r"\W", "_", folder.name)
    return name if name.isidentifier() else f"_{name}"


def _import_package(name: str, folder: Path) -> ModuleType:
    """Import the package in `folder` as `name`, whatever the folder is called."""
    spec = importlib.util.spec_from_file_location(
        name, folder / "__init__.py", submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None  # a .py file always has both
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# The environment variable the check sets for its processes: where the original is
# loaded from, as JSON {"root", "at", "original", "port"} (Surroundings).
SURROUNDINGS_VARIABLE = "BOTTLE2FLASK_SURROUNDINGS"


@dataclass
class Surroundings:
    """The folder an original is loaded from when that is above the folder ported (a
    package's module runs from the folder that holds the package: web/server.py doing
    `from model import Model`, model.py and the data files it opens beside web/), and
    where its port takes the folder ported's place: the port runs in a copy of `root`
    with `port` (OUT) at `at`, so what the app reads relative to the working folder, to
    `..` or by a module's name outside the folder ported is there for both apps."""

    root: Path  # the original's working folder and first folder on sys.path
    at: str  # the folder ported, relative to root ("web")
    original: Path  # the folder ported
    port: Path  # OUT
    copies: list[Path] = field(default_factory=list)  # the port's copies made here
    opened: set[str] = field(default_factory=set)  # files opened in a copy, outside `at`

    def holds(self, path: Path, folder: Path) -> bool:
        return path == folder or folder in path.parents

    def copy_port(self, path: Path, copy: Path, ignore) -> Path:
        """A copy of root in `copy`, the folder ported left out and OUT in its place;
        the copy of `path` (a file of OUT)."""
        shutil.copytree(self.root, copy, symlinks=True, ignore=lambda folder, names: {
            *ignore(folder, names), *(n for n in names if Path(folder, n) in (
                self.root / self.at, self.port))})
        shutil.copytree(self.port, copy / self.at, symlinks=True, ignore=ignore,
                        dirs_exist_ok=True)
        self.copies.append(copy)
        return copy / self.at / path.relative_to(self.port)

    def base(self, path: Path, copy: Path) -> Path:
        """What a traceback's frames in a copy are relative to: the folder ported's place
        in it, for either app, so the port's frames name its modules as OUT holds them."""
        if self.holds(path, self.port) or self.holds(path, self.original):
            return copy / self.at
        return copy

    def watch(self) -> None:
        """Note every file opened in a copy of the port outside OUT's place in it (an
        audit hook: what the app reads from around the folder ported)."""
        def opened(event: str, args: tuple) -> None:
            if event != "open" or not isinstance(args[0], str):
                return
            path = os.path.normpath(os.path.join(os.getcwd(), args[0]))
            for copy in self.copies:
                if path.startswith(f"{copy}{os.sep}") \
                        and not path.startswith(f"{copy / self.at}{os.sep}") \
                        and f"{os.sep}__pycache__{os.sep}" not in path:
                    self.opened.add(Path(path).relative_to(copy).as_posix())

        sys.addaudithook(opened)


SURROUNDINGS: Surroundings | None = None  # this process's, when the check tells it


def see_surroundings(environ=os.environ) -> Surroundings | None:
    """The Surroundings SURROUNDINGS_VARIABLE describes, if set, made this process's."""
    global SURROUNDINGS
    told = environ.get(SURROUNDINGS_VARIABLE)
    if not told:
        return None
    try:
        said = json.loads(told)
        SURROUNDINGS = Surroundings(Path(said["root"]), str(said["at"]),
                                    Path(said["original"]), Path(said["port"]))
    except (ValueError, KeyError, TypeError):
        raise UsageError(f"{SURROUNDINGS_VARIABLE} is not JSON with root, at, original "
                         f"and port: {told!r}") from None
    return SURROUNDINGS


def import_root(path: Path) -> Path:
    """The folder a file is loaded from (the working folder, first on sys.path): a
    package's folder's parent for its __init__.py, the folder above its top package for
    a module that runs as a package's (package_name), else its own folder."""
    path = path.resolve()
    if path.name == "__init__.py":
        dotted = package_init_name(path)
        return path.parents[dotted.count(".") + 1] if dotted else path.parent.parent
    dotted = package_name(path) if path.suffix == ".py" else None
    return path.parents[dotted.count(".")] if dotted else path.parent


@dataclass
class ProcessState:
    """What of the process an app's import may change for good and a process of its own
    would keep for it: sys.path (a folder of its own appended), the import hooks (a
    vendored Bottle 0.12 adds one each time it is imported) and the environment
    (`os.environ.setdefault(...)` at import). The loader puts back what it found, and
    the app gets its own again only while it answers (InFolder)."""

    path: list[str]
    meta_path: list
    environ: dict[str, str]
    unset: frozenset[str] = frozenset()  # variables it took away (in `since`)

    @classmethod
    def now(cls) -> ProcessState:
        return cls(list(sys.path), list(sys.meta_path), dict(os.environ))

    def since(self, before: ProcessState) -> ProcessState:
        """What changed from `before` to this: the lists whole, the variables set or
        changed, and those taken away."""
        return ProcessState(self.path, self.meta_path,
                            {k: v for k, v in self.environ.items()
                             if before.environ.get(k) != v},
                            frozenset(before.environ) - set(self.environ))

    def put_back(self) -> None:
        """Make the process hold this state again (after now())."""
        sys.path[:] = self.path
        sys.meta_path[:] = self.meta_path
        for key in set(os.environ) - set(self.environ):
            del os.environ[key]
        for key, value in self.environ.items():
            if os.environ.get(key) != value:
                os.environ[key] = value

    def lay_over(self) -> ProcessState:
        """Give the app what it left (after since()): its sys.path and hooks first, then
        what was added since; its variables over the current ones. Returns the state to
        put back after."""
        now = ProcessState.now()
        sys.path[:] = self.path + [p for p in now.path if p not in self.path]
        sys.meta_path[:] = self.meta_path + [h for h in now.meta_path
                                             if h not in self.meta_path]
        for key in self.unset:
            os.environ.pop(key, None)
        os.environ.update(self.environ)
        return now


def _leave_path(folder: Path) -> None:
    """Take the app's folder off sys.path again; the app may have done so itself."""
    if str(folder) in sys.path:
        sys.path.remove(str(folder))


def local_names(folder: Path) -> set[str]:
    """The top-level modules and packages a folder provides, namespace packages too. A
    `name.py` that is no file (a symlink into a git submodule the copy lacks) provides
    nothing: `import name` finds the next one on the path, the installed Bottle for a
    `bottle.py` (RULE-s51 class E: set aside as the folder's own, a second copy of
    Bottle was imported, whose run() nothing stopped)."""
    names = {p.stem for p in folder.glob("*.py") if p.is_file()} | {
        p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
    return names | namespace_packages(folder, names)


def namespace_packages(folder: Path, taken: set[str]) -> set[str]:
    """The folders of `folder` (no __init__.py) that `import name` makes a namespace
    package of, as a fresh process with `folder` first on sys.path does: where no module
    or regular package of that name is found on the path (those come first, wherever
    they are). A module of that name another app left in sys.modules stands aside."""
    found = set()
    for path in folder.iterdir():
        name = path.name
        if name in taken or not name.isidentifier() or name in sys.stdlib_module_names \
                or not path.is_dir():
            continue
        try:
            spec = importlib.machinery.PathFinder.find_spec(name, [str(folder), *sys.path])
        except (ImportError, ValueError):
            continue
        if spec is not None and spec.origin is None and spec.submodule_search_locations:
            found.add(name)
    return found


def set_aside(names: set[str]) -> dict:
    """Take the modules named (and their submodules) out of sys.modules, to put back later."""
    return {key: sys.modules.pop(key) for key in list(sys.modules)
            if key.partition(".")[0] in names}


def own_modules(before: set[str], folder: Path) -> dict[str, ModuleType]:
    """Take the modules imported from `folder` since `before` out of sys.modules (a
    namespace package, which has no file, by its folders: all of them in `folder`)."""
    inside = str(folder) + os.sep
    places = {name: module_places(sys.modules[name]) for name in set(sys.modules) - before}
    return {name: sys.modules.pop(name) for name, found in places.items()
            if found and all(place.startswith(inside) for place in found)}


def module_places(module: ModuleType) -> list[str]:
    """Where a module was loaded from: its file, or a namespace package's folders as
    its import found them (read without recomputing them from today's sys.path)."""
    file = getattr(module, "__file__", None)
    if file:
        return [str(file)]
    spec = getattr(module, "__spec__", None)
    locations = getattr(spec, "submodule_search_locations", None)
    if spec is None or spec.origin is not None or locations is None:
        return []
    try:
        return [str(place) for place in getattr(locations, "_path", locations)]
    except (KeyError, TypeError, RuntimeError):  # a parent package gone: not ours to judge
        return []


def _shipped_default(own: dict[str, ModuleType]):
    """The default app of a copy of Bottle the app ships (`from vendor.bottle import
    route`), which its routes filled: imported afresh with the app, as its own module."""
    for module in own.values():
        stack = getattr(module, "default_app", None)
        if type(stack).__name__ == "AppStack" and stack:
            app = stack()
            if getattr(app, "routes", None):
                return app
    return None


def _push_bottle_default() -> tuple[list, object] | None:
    """A fresh Bottle default app for the file to fill (@route registers on it), and the
    stack as it was, to put back."""
    try:
        import bottle
    except ImportError:
        return None
    kept = list(bottle.default_app)
    return kept, bottle.default_app.push()


def _pop_bottle_default(pushed: tuple[list, object] | None):
    """The default app the file's routes filled (the one it pushed itself, if it did),
    and Bottle's stack of default apps as it was before: an app that pushes one of its
    own and never pops it leaves no app of its own to the next."""
    if pushed is None:
        return None
    import bottle
    current = bottle.default_app()
    bottle.default_app[:] = pushed[0]
    return current


def served_app(spec: str, imported: Imported, attr: str):
    """The app of a file run as a script: the one named, unless that is no WSGI app and
    the script's run() was handed one (`app = create_app()` of an object whose `run()`
    builds its Bottle app and runs it): what the script's server would have served."""
    try:
        picked = pick(spec, imported.module, attr, imported.bottle_default)
    except UsageError:
        if not imported.served:
            raise
        return imported.served[-1]
    return imported.served[-1] if not callable(picked) and imported.served else picked


def routeless(app) -> bool:
    """Whether app is a Bottle or Flask app with no route (Flask's static one aside)."""
    routes, url_map = getattr(app, "routes", None), getattr(app, "url_map", None)
    if url_map is not None and hasattr(url_map, "iter_rules"):
        return all(rule.endpoint == "static" for rule in url_map.iter_rules())
    return isinstance(routes, list) and not routes and callable(app)


def pick(spec: str, module: ModuleType, attr: str,
         bottle_default: bottle.Bottle | None = None):
    """The attribute named, or the module's app: app, application, or Bottle's default
    app that the module's routes filled (`bottle_default`)."""
    if attr:
        try:
            found = getattr(module, attr)
        except AttributeError:
            raise UsageError(f"cannot load {spec!r}: {module.__name__.split('_', 3)[-1]!r} "
                             f"has no attribute {attr!r}") from None
        if type(found).__name__ != "AppStack":
            return found
        # Bottle's `app` (from bottle import *) names the default app the module's routes
        # went to, as `bottle app:app` or a server reads it
        attr = ""
    for name in DEFAULT_NAMES:
        found = getattr(module, name, None)
        # `from bottle import *` brings Bottle's `app`: the stack of default apps, not one
        if found is not None and type(found).__name__ != "AppStack":
            return found
    if bottle_default is not None and bottle_default.routes:
        return bottle_default
    raise UsageError(f"cannot load {spec!r}: no `app` or `application` in it and no routes "
                     "on Bottle's default app; name one with FILE:ATTR")


def instantiate(spec: str, target, settings: dict | None, *, bare: bool = False):
    """Call a factory (with the settings if it takes an argument, unless `bare`: then
    with none); an app is used as is."""
    if bare and not (inspect.isfunction(target) or inspect.ismethod(target)):
        raise UsageError(f"cannot load {spec!r}: {type(target).__name__} is no function "
                         "to call")
    if inspect.isfunction(target) or inspect.ismethod(target):
        try:
            takes = bool(inspect.signature(target).parameters) and not bare
            target = target(settings or {}) if takes else target()
        except Exception as error:
            raise UsageError(f"cannot load {spec!r}: the factory raised "
                             f"{type(error).__name__}: {error}") from None
    if not callable(target):
        raise UsageError(f"cannot load {spec!r}: {type(target).__name__} is not a WSGI app")
    return target


def in_folder(app, folder: Path, own: dict[str, ModuleType] | None = None,
              template_path: list | None = None, left: ProcessState | None = None) -> InFolder:
    """Run each request in the app's own folder (relative paths to views, data files),
    with its folder first on sys.path and its own modules in sys.modules, so what it
    imports while it answers (`% import x` in a template) is its own `x`; with the
    sys.path, import hooks and variables its import left (`left`), if given."""
    return InFolder(app, folder, {} if own is None else own, template_path, left)


@dataclass(eq=False)  # an app is itself, as a function is
class InFolder:
    """The WSGI app in_folder() makes of `wrapped`."""

    wrapped: WSGIApplication  # the app's own
    folder: Path
    own: dict[str, ModuleType]  # its modules, in sys.modules only while it answers
    template_path: list | None  # Bottle's TEMPLATE_PATH as the app left it
    left: ProcessState | None = None  # sys.path, hooks and variables its import left

    def __post_init__(self) -> None:
        self.names = local_names(self.folder)

    def __call__(self, environ: WSGIEnvironment,
                 start_response: StartResponse) -> list[bytes]:
        with self.entered():
            answer = self.wrapped(environ, _no_exc_info(start_response))
            try:
                return [b"".join(answer)]
            finally:
                getattr(answer, "close", lambda: None)()

    @contextlib.contextmanager
    def entered(self):
        """The process as the app finds it while it answers (or its factory runs): its
        folder the working folder, its import's sys.path, its modules, its
        TEMPLATE_PATH; put back after, what it imported kept as its own."""
        folder, own = self.folder, self.own
        names, template_path = self.names, self.template_path
        with FOLDER_LOCK:
            cwd = os.getcwd()
            os.chdir(folder)
            outside = self.left.lay_over() if self.left is not None else None
            if outside is None:
                sys.path.insert(0, str(folder))
            shadowed = set_aside(names | {name.partition(".")[0] for name in own})
            before = set(sys.modules)
            sys.modules.update(own)
            bottle = sys.modules.get("bottle")
            if bottle is not None:
                bottle.TEMPLATES.clear()  # its cache is keyed by name, not by folder
                kept = list(bottle.TEMPLATE_PATH)
                if template_path is not None:  # the list as this app left it
                    bottle.TEMPLATE_PATH[:] = template_path
            try:
                yield
            finally:
                os.chdir(cwd)
                if outside is not None:
                    outside.put_back()
                else:
                    _leave_path(folder)
                for name in own:
                    sys.modules.pop(name, None)
                own.update(own_modules(before, folder))
                sys.modules.update(shadowed)
                if bottle is not None:
                    bottle.TEMPLATE_PATH[:] = kept
                    bottle.TEMPLATES.clear()  # (an app loaded otherwise finds none of its)


@dataclass(eq=False)
class OwnTemplates:
    """A module spec's app answering with Bottle's template globals as its import left
    them: its TEMPLATE_PATH, and a cache of templates cleared before and after (keyed by
    name, not by folder: another app's template of the same name answered its render,
    and its own another's)."""

    wrapped: WSGIApplication  # the app's own
    template_path: list  # Bottle's TEMPLATE_PATH as the app left it

    def __call__(self, environ: WSGIEnvironment,
                 start_response: StartResponse) -> list[bytes]:
        bottle = sys.modules["bottle"]
        with FOLDER_LOCK:
            kept = list(bottle.TEMPLATE_PATH)
            bottle.TEMPLATE_PATH[:] = self.template_path
            bottle.TEMPLATES.clear()
            try:
                answer = self.wrapped(environ, start_response)
                try:
                    return [b"".join(answer)]
                finally:
                    getattr(answer, "close", lambda: None)()
            finally:
                bottle.TEMPLATE_PATH[:] = kept
                bottle.TEMPLATES.clear()


def _no_exc_info(start_response):
    """An app's 500 reaches the client as a 500, as a server sends it: the exception
    that came with it (Bottle passes exc_info) is not raised in the harness."""

    def call(status, headers, exc_info=None):
        return start_response(status, headers)

    return call


class HTTPApp:
    """A WSGI app that forwards each request to a running server.

    Location headers that point at the server are made relative to the app's root,
    so two servers on two ports answer alike.
    """

    def __init__(self, base: str, timeout: float = 30):
        parts = urlsplit(base)
        self.base = base.rstrip("/")
        self.secure = parts.scheme.lower() == "https"
        self.host = parts.netloc
        self.root = parts.path.rstrip("/")
        self.timeout = timeout

    def _connection(self):
        kind = http.client.HTTPSConnection if self.secure else http.client.HTTPConnection
        return kind(self.host, timeout=self.timeout)

    def __call__(self, environ, start_response):
        # PATH_INFO holds the raw bytes spelt as latin-1 (PEP 3333): quote them back.
        path = quote(environ.get("PATH_INFO", "").encode("latin-1"), safe=PATH_SAFE)
        query = environ.get("QUERY_STRING", "")
        target = self.root + path + (f"?{query}" if query else "")
        headers = {k[5:].replace("_", "-").title(): v for k, v in environ.items()
                   if k.startswith("HTTP_") and k not in ("HTTP_HOST", "HTTP_CONNECTION")}
        if environ.get("SCRIPT_NAME"):  # for apps behind ProxyFix
            headers["X-Forwarded-Prefix"] = environ["SCRIPT_NAME"]
        for key in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            if environ.get(key):
                headers[key.replace("_", "-").title()] = environ[key]
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else None
        connection = self._connection()
        try:
            connection.request(environ["REQUEST_METHOD"], target or "/", body=body,
                               headers=headers)
            answer = connection.getresponse()
            data = answer.read()
        except OSError as error:
            start_response("502 Bad Gateway", [("Content-Type", "text/plain; charset=utf-8")])
            return [f"bottle2flask: cannot reach {self.base}: {error}\n".encode()]
        finally:
            connection.close()
        prefix = environ.get("SCRIPT_NAME", "")
        out = []
        for key, value in answer.getheaders():
            if key.lower() in ("connection", "keep-alive", "transfer-encoding"):
                continue
            if key.lower() == "location":
                value = self._local(value, prefix)
            out.append((key, value))
        start_response(f"{answer.status} {answer.reason}", out)
        return [data]

    def _local(self, location: str, prefix: str) -> str:
        for origin in (self.base, f"{'https' if self.secure else 'http'}://{self.host}"):
            if location == origin or location.startswith(origin + "/"):
                location = location[len(origin):] or "/"
                break
        else:
            return location
        if self.root and location.startswith(self.root):
            location = location[len(self.root):] or "/"
        return prefix + location


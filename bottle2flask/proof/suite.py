"""Requests recorded by bottle2flask, and the answers each app gave: a parity suite.

Written by `bottle2flask port`; run it with `bottle2flask test OUT` (or, where pytest
and WebTest are installed, `python -m pytest -p no:randomly` in OUT, above it or in
OUT/tests: conftest.py beside this file keeps pytest from importing the port, a
package perhaps, on its own; the apps are loaded only as below). Each test sends
one recorded request (a write with the body it was sent) and checks the answer's
status, content type, redirect target and body. The expected bodies are the files in
bottle2flask_parity/ (normalised: JSON with sorted keys, HTML and text with each line
stripped; compared with whitespace runs collapsed); a binary body is a sha256 digest in
bottle2flask_parity.json.

It runs against the Flask port (the folder above this one) and against the Bottle
original, with the same test ids. The original is looked for where it was, relative to
this folder, or in the folder the environment variable BOTTLE2FLASK_ORIGINAL names (the
folder that was ported); when it is in neither, its tests are skipped and say so.
Each app is loaded as the check loaded it: a module of a package by its dotted name,
from the folder above the package (its working folder too); the port of such a package
runs in a copy of the original's folder with the port in the package's place, so the
files the app reads from around it (a module, a data file) are there for both. Without
the original, the port's tests fail, naming those files.

What each test expects: where the port answered byte for byte as the original at
port time (Date, Server and the order of fields aside), both apps are held to the
original's answer byte for byte; where it answered the same message (a reason phrase,
a field name's case, a charset's case) or the same to an HTTP client (besides, a
redirect's body, a validator's value...: bottle2flask_answers.py names each allowance
with its RFC section), both are held to that grade or a stronger one. Otherwise: the
original, its own recorded answer; the port, the same answer, except where the port
makes a declared change (see PORTING-REPORT.md), where it expects the port's own
recorded answer (the declared value, and no other). A request the port answered
otherwise than the original at port time (a page a TODO broke, a 500) expects the
original's answer, so its test FAILS, naming the difference, until the port is fixed.
Where two runs of the original answered differently at port time (a random draw, a set
printed in hash order, a redirect to a fresh id: the test's id says "varies: ..."), a
test asserts only what both runs kept: not a status, a type or a body that varied; a
redirect's target as bottle2flask_kept.py reads what both kept.

Each app runs on a copy of its folder, given the data files (SQLite, JSON, CSV...) as
they were at port time, kept in bottle2flask_data/: using the app since (adding a row
through its pages) does not change what the suite sees. The requests run in the order
recorded, on that one copy (conftest.py keeps that order under a plugin that shuffles
tests, pytest-randomly). Loading an app changes nothing around it: a run() at import
does not serve, the working folder and sys.path are the app's only while it loads and
answers.

Needs pytest and WebTest (both come with bottle2flask); time-machine, if installed,
holds the clock at the recorded instants. Regenerate it by running `bottle2flask port`
again.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import webtest

HERE = Path(__file__).resolve().parent
# `file.py:__main__`: the app the file's run() is handed, at import or in its main
# block (`run(app=SessionMiddleware(app(), opts))`), as `python file.py` serves it
SERVED = "__main__"
RECORDED = json.loads((HERE / "bottle2flask_parity.json").read_text(encoding="utf-8"))
NOT_COPIED = shutil.ignore_patterns(
    ".git", ".venv", "venv", "__pycache__", "node_modules", ".pytest_cache"
)


def beside(name: str):
    """A module beside this file (name.py), read without touching sys.path."""
    path = HERE / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (a dataclass finds its module there)
    spec.loader.exec_module(module)
    return module


ANSWERS = beside("bottle2flask_answers")
KEPT = beside("bottle2flask_kept")
DATA_FILES = beside("bottle2flask_data_files")


def folder_of(app: dict) -> tuple[Path | None, str]:
    """Where an app's folder is now, or None and why it is not there. The variable
    names the folder that was ported; a package's module is loaded from the folder
    above (`at` is the folder ported's place there)."""
    variable = app.get("variable")
    folder: Path | None
    if variable and os.environ.get(variable):
        folder = Path(os.environ[variable]).resolve()
        for _ in Path(app.get("at", ".")).parts:
            folder = folder.parent
        named = f"{variable}={os.environ[variable]}"
    else:
        folder = (HERE / app["folder"]).resolve() if app["folder"] else None
        named = f"{app['folder']!r} from {HERE}"
    if folder is None or not (folder / app["spec"].partition(":")[0]).is_file():
        how = f" (set {variable} to its folder)" if variable else ""
        return None, f"the app is not at {named}{how}"
    return folder, ""


def optional(name: str) -> Any:
    """A module if it is installed, else None."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


@contextlib.contextmanager
def no_servers():
    """A run() the app calls at import (Bottle's, with or without the reloader, Flask's,
    or Werkzeug's run_simple(), which a port serves a middleware with) returns at once:
    here WebTest is the server. The list it gives gets each app a run() was handed."""
    served: list = []

    def run(app=None, *args, **kwargs):  # bottle.run(app=None, ...)
        if app is not None:  # (a bare run() serves Bottle's default app)
            served.append(app)

    def app_run(self, *args, **kwargs):  # Bottle.run(self), Flask.run(self)
        served.append(self)

    def run_simple(hostname, port, application, *args, **kwargs):
        served.append(application)

    saved = []
    for module, owner, name, stopped in (
        ("bottle", None, "run", run),
        ("bottle", "Bottle", "run", app_run),
        ("flask", "Flask", "run", app_run),
        ("werkzeug.serving", None, "run_simple", run_simple),
    ):
        found = optional(module)
        if found is None:
            continue
        target = getattr(found, owner) if owner else found
        saved.append((target, name, getattr(target, name)))
        setattr(target, name, stopped)
    try:
        yield served
    finally:
        for target, name, value in saved:
            setattr(target, name, value)


def places(module) -> list[str]:
    """Where a module was loaded from: its file, or a namespace package's folders (a
    folder without __init__.py) as its import found them. (loading.py has the same
    question: this module is copied into OUT's tests and runs without bottle2flask.)"""
    file = getattr(module, "__file__", None)
    if file:
        return [str(file)]
    spec = getattr(module, "__spec__", None)
    locations = getattr(spec, "submodule_search_locations", None)
    if spec is None or spec.origin is not None or locations is None:
        return []
    try:  # _NamespacePath's own list: iterating it would recompute it from sys.path
        return [str(place) for place in getattr(locations, "_path", locations)]
    except (KeyError, TypeError, RuntimeError):  # its parent package is gone
        return []


def is_namespace(module) -> bool:
    spec = getattr(module, "__spec__", None)
    return (
        getattr(module, "__file__", None) is None
        and spec is not None
        and spec.origin is None
        and spec.submodule_search_locations is not None
    )


@contextlib.contextmanager
def in_folder(folder: Path, own: dict):
    """The app's folder as the working folder and first on sys.path, and its own
    modules in sys.modules, for as long as the block runs; all put back after."""
    cwd, path = os.getcwd(), list(sys.path)
    before = set(sys.modules)
    # A module of the app's own that shares a name with one imported already (the
    # other app's `models`) must be the app's: the other is set aside meanwhile. So is
    # a namespace package (a folder without __init__.py) of a folder's name: another
    # app's `lib/` would hand this app its `lib.helpers`, an attribute of the package.
    names = (
        # (a `name.py` that is no file, a dangling symlink, is none of the app's)
        {p.stem for p in folder.glob("*.py") if p.is_file()}
        | {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
        | {
            p.name
            for p in folder.iterdir()
            if p.is_dir() and is_namespace(sys.modules.get(p.name))
        }
        | {n.partition(".")[0] for n in own}
    )
    shadowed = {
        name: sys.modules.pop(name)
        for name in list(sys.modules)
        if name.partition(".")[0] in names
    }
    sys.modules.update(own)
    os.chdir(folder)
    sys.path.insert(0, str(folder))
    inside = str(folder) + os.sep
    try:
        yield
    finally:
        os.chdir(cwd)
        sys.path[:] = path
        for name in set(sys.modules) - before | set(own):
            module = sys.modules.get(name)
            found = places(module) if module is not None else []
            # a namespace package by its folders: all of them this app's
            if found and all(place.startswith(inside) for place in found):
                own[name] = sys.modules.pop(name)
        sys.modules.update(shadowed)


def main_blocks(path: Path):
    """The code of a file's top-level `if __name__ == "__main__":` blocks, alone."""
    tree = ast.parse(path.read_bytes(), str(path))
    tree.body = [
        node
        for node in tree.body
        if isinstance(node, ast.If)
        and isinstance(node.test, ast.Compare)
        and "__name__" in ast.unparse(node.test)
        and "__main__" in ast.unparse(node.test)
    ]
    return compile(tree, str(path), "exec")


def load(folder: Path, spec: str, dotted: str | None = None):
    """The WSGI app of `file.py[:attr]` in folder, imported as a module of its own (a
    package's module: by its dotted name, as the check imported it), and wrapped so
    that each request runs in its folder."""
    file, _, attr = spec.partition(":")
    # `make_app()`: a factory, called with no arguments (as `flask --app` calls it)
    factory, attr = attr.endswith("()"), attr.removesuffix("()")
    path = folder / file
    name = f"recorded_{path.stem}"
    own: dict = {}
    bottle = optional("bottle")
    # a default app of our own, for @route on Bottle's
    default = bottle.default_app.push() if bottle else None
    argv, sys.argv = sys.argv, [str(path)]
    named = [attr] if attr else ["app", "application"]
    try:
        with no_servers() as served, in_folder(folder, own):
            if dotted:
                module = importlib.import_module(dotted)
            else:
                # A mod_wsgi script (app.wsgi) is Python under another suffix: name
                # its loader.
                loader = importlib.machinery.SourceFileLoader(name, str(path))
                module_spec = importlib.util.spec_from_file_location(
                    name, path, loader=loader
                )
                assert module_spec is not None
                module = importlib.util.module_from_spec(module_spec)
                sys.modules[name] = module
                loader.exec_module(module)
                if attr == SERVED:
                    made_in_main = not served
                else:
                    made_in_main = not any(hasattr(module, n) for n in named) and not (
                        default is not None and default.routes
                    )
                if made_in_main:
                    # an app made (or served) only under `if __name__ == "__main__":`:
                    # that block run so, in the module as imported (what stands above
                    # it ran once)
                    module.__name__ = "__main__"
                    exec(main_blocks(path), module.__dict__)  # noqa: S102
    finally:
        sys.argv = argv
        if bottle and bottle.default_app[-1] is default:
            bottle.default_app.pop()
    # `from bottle import *` brings Bottle's `app`, the stack of default apps, not one:
    # the module's routes went to the default app pushed above.
    app: Any = next(
        (
            getattr(module, n)
            for n in named
            if hasattr(module, n) and type(getattr(module, n)).__name__ != "AppStack"
        ),
        default,
    )
    if attr == SERVED:  # what its server is handed, as the check served it
        assert served, f"{spec}: no run() was handed an app"
        app = served[-1]
    if factory:
        with in_folder(folder, own):
            app = app()
    template_path = list(bottle.TEMPLATE_PATH) if bottle else []

    def in_its_folder(environ, start_response):
        kept = list(bottle.TEMPLATE_PATH) if bottle else []
        with in_folder(folder, own):
            if bottle:
                bottle.TEMPLATES.clear()  # cached by name, not by folder
                bottle.TEMPLATE_PATH[:] = template_path
            try:
                body = app(environ, start_response)
                try:
                    return [b"".join(body)]
                finally:
                    getattr(body, "close", lambda: None)()
            finally:
                if bottle:
                    bottle.TEMPLATE_PATH[:] = kept

    return in_its_folder


@pytest.fixture(scope="module", params=sorted(RECORDED["apps"]))
def client(request, tmp_path_factory):
    """One app, on a copy of its folder given the data files kept at port time."""
    app = RECORDED["apps"][request.param]
    copy = tmp_path_factory.mktemp(request.param) / "app"
    spec = app["spec"]
    if app.get("around"):  # a package's port: in its original's surroundings
        spec = f"{app['at']}/{spec}"
        around, why = folder_of(RECORDED["apps"][app["around"]])
        if around is not None:
            shutil.copytree(around, copy, ignore=not_copied_but(around / app["at"]))
        shutil.copytree(
            (HERE / app["folder"]).resolve(),
            copy / app["at"],
            ignore=not_copied,
            dirs_exist_ok=True,
        )
    else:
        folder, why = folder_of(app)
        if folder is None:
            pytest.skip(f"{request.param}: {why}")
        shutil.copytree(folder, copy, ignore=not_copied)
        around = folder
    data = RECORDED.get("data") or {}
    if data.get("folder"):
        DATA_FILES.lay_over(
            HERE / data["folder"], data["files"], copy, data.get("within")
        )
    try:
        loaded = load(copy, spec, app.get("module"))
    except Exception as error:
        if around is not None or not app.get("outside"):
            raise
        pytest.fail(
            f"{request.param} reads {', '.join(app['outside'])} from around the folder "
            f"ported, as its original does, and the original is not here ({why}): "
            f"{type(error).__name__}: {error}",
            pytrace=False,
        )
    yield request.param, webtest.TestApp(loaded)


def not_copied_but(left_out: Path):
    """not_copied, and the folder left_out (the original's, where the port goes)."""

    def ignore(folder: str, names: list[str]) -> set[str]:
        return not_copied(folder, names) | {
            n for n in names if Path(folder, n).resolve() == left_out.resolve()
        }

    return ignore


def not_copied(folder: str, names: list[str]) -> set[str]:
    """What a copy of an app leaves out: caches, virtualenvs, and this suite."""
    left = NOT_COPIED(folder, names)
    return left | {n for n in names if Path(folder, n).resolve() == HERE}


def expected(name: str, case: dict) -> dict:
    """The answer recorded for an app, its body read from its file."""
    kept = dict(case["answers"][name])
    if "body_file" in kept:
        kept["body"] = (HERE / kept.pop("body_file")).read_text(encoding="utf-8")
    return kept


def varies(case: dict) -> dict:
    """The fields two runs of the original answered differently at port time, with
    both of their values (a body's: its two files)."""
    return case["answers"][RECORDED["original"]].get("varies") or {}


CASES = [
    pytest.param(
        case,
        id=f"{case['step']:04d} {case['method']} {case['path']}"
        + (f" (varies: {', '.join(varies(case))})" if varies(case) else ""),
    )
    for case in RECORDED["requests"]
]


@pytest.mark.parametrize("case", CASES)
def test_answers_as_recorded(client, case):
    name, app = client
    time_machine = optional("time_machine")  # without it the clock runs on: pages that
    # print the time were not recorded
    clock = (
        time_machine.travel(datetime.fromisoformat(case["at"]), tick=False)
        if time_machine and case.get("at")
        else contextlib.nullcontext()
    )
    with clock:
        # The Host and protocol the answers were recorded with (Werkzeug's test
        # client's): a page that prints its own URL (Bottle's error page) prints the
        # same one, and Bottle's redirect() answers HTTP/1.1 with a 303 (1.0: a 302).
        sent = (
            {"body": case["body"].encode("utf-8"), "content_type": case["content_type"]}
            if "body" in case
            else {}
        )
        response = app.request(
            case["path"],
            method=case["method"],
            expect_errors=True,
            environ={"HTTP_HOST": "localhost", "SERVER_PROTOCOL": "HTTP/1.1"},
            **sent,
        )
    grade = case.get("likeness")
    if grade:  # held to the original's answer as the port matched it at port time
        sent = ANSWERS.as_sent(response.status, response.headerlist, response.body)
        kept = case["answers"][RECORDED["original"]]["sent"]
        found, grounds = ANSWERS.likeness(kept, sent, case["path"])
        if not ANSWERS.at_least(found, grade):
            pytest.fail(not_alike(name, case, grade, found, grounds), pytrace=False)
        return
    got = ANSWERS.answer(response.status_int, response.headerlist, response.body)
    want = expected(name, case)
    if want["body"] is None:
        got["body"] = None
    # Where two runs of the original answered differently at port time (a random
    # draw, a set in hash order, a redirect to a fresh id), only what both kept is
    # asserted: a status, a type or a body that varied, not at all; a redirect's
    # target, what both runs kept (bottle2flask_kept.py), as the check compared them.
    for field, runs in varies(case).items():
        if field == "location" and not kept_by_both(runs, got[field]):
            pytest.fail(
                f"{name} answers {case['method']} {case['path']} otherwise than "
                f"expected: its {field} keeps nothing both runs of the original kept "
                f"at port time ({got[field]!r})",
                pytrace=False,
            )
        got[field] = want[field]
    if not ANSWERS.same_answer(got, want):
        pytest.fail(why_not(name, case, got, want), pytrace=False)


def kept_by_both(runs: list, got: str | None) -> bool:
    """Whether a redirect's target keeps what two runs of the original both kept.
    Where a run had none, or its value was not kept, nothing is asserted."""
    if any(run is None for run in runs):
        return True
    return got is not None and KEPT.same_text(*runs, got)


WORDS = {
    "exact": "byte for byte",
    "message": "the same message",
    "client": "the same to an HTTP client",
}


def not_alike(
    name: str, case: dict, grade: str, found: str | None, grounds: list[str]
) -> str:
    """Why an answer is no longer as alike to the original's recorded one as it was."""
    now = (
        f"now its {', '.join(grounds)} differ"
        if found is None
        else f"now it is only {WORDS[found]} ({', '.join(grounds)})"
    )
    return (
        f"{name} answers {case['method']} {case['path']} otherwise than the original "
        f"did: it was {WORDS[grade]} at port time; {now}"
    )


def why_not(name: str, case: dict, got: dict, want: dict) -> str:
    """The difference, and what the port was found to do at port time."""
    said = f"{name} answers {case['method']} {case['path']} otherwise than expected: "
    said += ANSWERS.difference(got, want)
    if name == RECORDED["port"] and case.get("differs"):
        said += (
            f" (the port differed from the original at port time: {case['differs']})"
        )
    elif name == RECORDED["port"] and case.get("declared"):
        said += (
            f" (expected: the port's declared change, {', '.join(case['declared'])})"
        )
    return said

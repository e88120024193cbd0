"""What a test of the tool leaves in the process is an error: the hooks (and a fixture,
for temporary files) for a conftest.py of a folder of tests that load apps in-process
(the tool's own loaders, the suite's).

Imported by name into a folder's conftest.py, they hold the tests of that folder only.
"""

import fnmatch
import os
import sys
import tempfile
from pathlib import Path

import pytest

from bottle2flask.loading import module_places

# Each test runs on a Bottle default app of its own (`@route` and `install()` on it do
# not reach the next test), and leaves the working folder, sys.path, the environment,
# Bottle's stack of default apps and sys.modules (a module of a test's own folders) as it
# found them once its fixtures are torn down (monkeypatch undone): a test that does not
# is an error naming what it left, and the next test finds them put back. A worker runs
# many tests in any order: what one leaves, another meets by chance, as the fresh
# clone's CI did.
FOUND = pytest.StashKey[tuple]()
# ... and writes no file into the working folder (its top-level names) nor under tests/:
# a file a test leaves there is an error naming it (it is left where it is: a file of the
# checkout is never removed by the tests).
TESTS = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    import bottle

    item.stash[FOUND] = (os.getcwd(), list(sys.path), the_environment(),
                         list(bottle.default_app), set(sys.modules),
                         bottle.default_app.push(), bottles_globals(bottle),
                         FOLDERS.seen(os.getcwd()))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item):
    yield
    if FOUND not in item.stash:
        return
    import bottle

    cwd, path, environ, stack, modules, own, globals_, listed = item.stash[FOUND]
    put_back_bottles_globals(bottle, globals_)
    left = []
    written = FOLDERS.new_since(listed)
    if written:
        left.append(f"files in the working folder or tests/ ({written}): write them under "
                    "tmp_path")
    if os.getcwd() != cwd:
        left.append(f"the working folder ({os.getcwd()})")
        os.chdir(cwd)
    if sys.path != path:
        left.append(f"sys.path ({sorted(set(sys.path) ^ set(path)) or 'its order'})")
        sys.path[:] = path
    now = the_environment()
    if now != environ:
        changed = sorted(k for k in {*now, *environ} if now.get(k) != environ.get(k))
        left.append(f"the environment ({changed})")
        for key in set(now) - set(environ):
            del os.environ[key]
        os.environ.update(environ)
    if list(bottle.default_app) != [*stack, own]:
        left.append("Bottle's stack of default apps")
    bottle.default_app[:] = stack
    base = tempfile.gettempdir() + os.sep  # where the tests' folders are
    tests_own = sorted(name for name in set(sys.modules) - modules
                       # (the loader keeps a file's module under a name of its own, made
                       # of its path's hash: no other file's)
                       if not name.startswith("bottle2flask_app_")
                       and any(place.startswith(base)
                               for place in module_places(sys.modules[name])))
    for name in tests_own:
        del sys.modules[name]
    if tests_own:
        left.append(f"modules of its folders in sys.modules ({tests_own})")
    if left:
        raise AssertionError(f"{item.nodeid} left " + "; ".join(left))


@pytest.fixture(autouse=True)
def temporary_files_under_pytests_folder(tmp_path_factory, monkeypatch):
    """The temporary files of what a test runs (the commands' scratch folders, the
    apps.log `parity` and `migrate status` leave for their reader, the check's copies,
    in this process and in the processes it starts) go in a folder of the test's under
    pytest's own base folder, which pytest clears after a few runs: they were left in
    /tmp, some 2,300 folders a day of runs. (The base folder is made first, in /tmp.)"""
    tmp_path_factory.getbasetemp()
    folder = tmp_path_factory.mktemp("tmp", numbered=True)
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def bottles_globals(bottle) -> tuple:
    """Bottle's module-wide state an app sets as it imports or answers: DEBUG (which makes
    every later install() apply its plugins at once), TEMPLATE_PATH, the templates'
    defaults (BaseTemplate's dict, and a `defaults` an app gives a template class of its
    own: `Jinja2Template.defaults = {...}`, which a later Jinja2 render read), and the
    cache of compiled templates. The cache is keyed by a template's name, not its folder:
    a template one test's app rendered answered another test's render of that name (the
    fresh clone's CI under 0.13.4 met another test's list.tpl). Each test starts from what
    the one before found; setting them is no error."""
    return (bottle.DEBUG, list(bottle.TEMPLATE_PATH), dict(bottle.BaseTemplate.defaults),
            dict(bottle.TEMPLATES),
            {cls: vars(cls).get("defaults") for cls in template_classes(bottle)})


def template_classes(bottle) -> list[type]:
    return [cls for cls in vars(bottle).values()
            if isinstance(cls, type) and issubclass(cls, bottle.BaseTemplate)
            and cls is not bottle.BaseTemplate]


def put_back_bottles_globals(bottle, found: tuple) -> None:
    bottle.DEBUG, path, defaults, cache, own = found
    bottle.TEMPLATE_PATH[:] = path
    bottle.BaseTemplate.defaults.clear()
    bottle.BaseTemplate.defaults.update(defaults)
    bottle.TEMPLATES.clear()
    bottle.TEMPLATES.update(cache)
    for cls, value in own.items():
        if value is not None:
            cls.defaults = value
        elif "defaults" in vars(cls):
            del cls.defaults


def the_environment() -> dict[str, str]:
    """os.environ but the variable pytest sets for each phase of a test."""
    return {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}


class Folders:
    """The names in the working folder (its top level) and in each folder of tests/, as
    last listed: a folder is listed again only when its mtime moved (a name added or
    taken out), so a test costs a stat of each (some 20), not a walk."""

    # what Python and the tools write as they run (at the working folder's top, the
    # project's .gitignore adds its own: build/, test-artifacts/...)
    TOOLS = ("__pycache__", "*.pyc", ".hypothesis", ".mypy_cache", ".pytest_cache",
             ".ruff_cache", ".coverage*")

    def __init__(self, tests: Path = TESTS) -> None:
        self.root = tests
        self.listed: dict[str, tuple[int, frozenset[str]]] = {}
        self.tests: list[str] = []

    def seen(self, cwd: str) -> dict[str, tuple[int, frozenset[str]]]:
        """Each folder watched, its mtime and names now."""
        if not self.tests:
            self.tests = [str(self.root), *(str(p) for p in self.root.rglob("*")
                                            if p.is_dir() and "__pycache__" not in p.parts)]
        return {folder: self.names(folder) for folder in {cwd, *self.tests}}

    def names(self, folder: str) -> tuple[int, frozenset[str]]:
        try:
            mtime = os.stat(folder).st_mtime_ns
        except OSError:
            return (0, frozenset())
        known = self.listed.get(folder)
        if known is None or known[0] != mtime:
            known = (mtime, frozenset(os.listdir(folder)))
            self.listed[folder] = known
        return known

    def new_since(self, before: dict[str, tuple[int, frozenset[str]]]) -> list[str]:
        """The paths of the names added to those folders since `before` was seen, but
        what the tools write."""
        found = []
        for folder, (mtime, names) in before.items():
            now = self.names(folder)
            if now[0] == mtime:
                continue
            added = now[1] - names
            inside = Path(folder).is_relative_to(self.root)
            skip = [*self.TOOLS, *([] if inside else ignored(Path(folder)))]
            found += sorted(os.path.join(folder, name) for name in added
                            if not any(fnmatch.fnmatch(name, p) for p in skip))
            if inside and any(os.path.isdir(os.path.join(folder, n)) for n in added):
                self.tests = []  # a folder made under tests/: watched from now on
        return sorted(found)


def ignored(folder: Path) -> list[str]:
    """The top-level patterns of the .gitignore in `folder` (`build/`, `*.egg-info/`)."""
    try:
        lines = (folder / ".gitignore").read_text().splitlines()
    except OSError:
        return []
    patterns = [line.strip().rstrip("/") for line in lines]
    return [p for p in patterns if p and not p.startswith("#") and "/" not in p]


FOLDERS = Folders()

"""The porting tool's tests run --faithful ports in this process: their modules import
bottle_compat, which a port copies next to them (bottle2flask/port/compat/)."""

import sys

import pytest

from bottle2flask.port.compat import SOURCE

# Each test leaves the process as it found it (the checks: tests/leaks.py, shared with the
# other folders of tool tests that load apps in this process).
from tests.leaks import (  # noqa: F401
    pytest_runtest_setup,
    pytest_runtest_teardown,
    temporary_files_under_pytests_folder,
)

if str(SOURCE.parent) not in sys.path:
    sys.path.append(str(SOURCE.parent))


@pytest.fixture(autouse=True)
def walks_found_anew():
    """The port's walks keep each rule's methods as first found in the process
    (passes._KINDS): a test that replaces one (mock.patch.object(App, "leave_Call"))
    would see the method an earlier test's walk kept, by the order tests ran in."""
    from bottle2flask.port import passes

    passes._KINDS.clear()
    yield
    passes._KINDS.clear()


@pytest.fixture(autouse=True)
def bottles_globals_restored():
    """Bottle keeps module-wide state an app sets at import (`bottle.debug(True)` sets
    DEBUG, which makes every later install() apply its plugins at once; TEMPLATE_PATH;
    the template defaults): each test starts from Bottle's own."""
    import bottle

    debug, path = bottle.DEBUG, list(bottle.TEMPLATE_PATH)
    defaults = dict(bottle.BaseTemplate.defaults)
    yield
    bottle.DEBUG = debug
    bottle.TEMPLATE_PATH[:] = path
    bottle.BaseTemplate.defaults.clear()
    bottle.BaseTemplate.defaults.update(defaults)


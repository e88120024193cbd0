"""The porting tool's tests run --faithful ports in this process: their modules import
bottle_compat, which a port copies next to them (bottle2flask/port/compat/)."""

import sys

import pytest

from bottle2flask.port.compat import SOURCE

# Each test leaves the process as it found it, Bottle's globals too (the checks:
# tests/leaks.py, shared with the other folders of tool tests that load apps in this
# process).
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
    (passes._KINDS, and the classes each walk skips, passes._SKIPPED): a test that
    replaces one (mock.patch.object(App, "leave_Call")) would see the method an earlier
    test's walk kept, by the order tests ran in."""
    from bottle2flask.port import passes

    passes._KINDS.clear()
    passes._SKIPPED.clear()
    yield
    passes._KINDS.clear()
    passes._SKIPPED.clear()

"""How pytest collects the suite bottle2flask wrote here: the folders above this one are
plain folders to it, never packages it imports; the tests run in the order recorded.

The port (the folder above this one) may be a package whose modules import from the
folder above it (`from ..config import ...`): it runs only as the check ran it, as a
package in its original's surroundings, which the suite's fixture builds. Left alone,
pytest would import the port's __init__.py on its own (a package above a test is set
up by importing it, from whichever folder pytest takes as its root) and every test
would error there. So each folder above this one is collected as a plain folder, when
pytest is run here, in the port's folder or above it, and through `bottle2flask test`.

Written by `bottle2flask port` with the suite; it is regenerated with it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
SUITE = HERE / "test_bottle2flask_parity.py"


class TheSuite:
    """A pytest plugin: the folders above the suite's are collected as folders, and the
    suite's tests run in the order recorded."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_collect_directory(self, path: Path, parent: pytest.Collector):
        if path.resolve() in HERE.parents:
            return pytest.Dir.from_parent(parent, path=path)
        return None

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        # The requests replay in the order recorded on one copy of each app (a write,
        # then the page that shows it): a plugin that shuffles tests (pytest-randomly)
        # keeps the places they hold among the others' but not their order.
        ours = {
            i: item
            for i, item in enumerate(items)
            if isinstance(item, pytest.Function) and Path(item.path) == SUITE
        }
        in_order = sorted(ours.values(), key=recorded_order)
        for place, item in zip(ours, in_order, strict=True):
            items[place] = item

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_make_scheduler(self, config: pytest.Config, log: Any) -> Any:
        # Under pytest-xdist (-n 2), tests go to whichever worker is free: a write and
        # the page that shows it would run on two workers, each with its own copy of
        # the app. Each app's requests go to one worker instead, in the order recorded
        # (the other tests, a module each, as --dist loadscope sends them).
        from xdist.scheduler import LoadScopeScheduling  # type: ignore[import-untyped]

        class OneWorkerAnApp(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                file, _, test = nodeid.partition("::")
                if Path(file).name == SUITE.name and "[" in test:
                    return f"{file}::{test.partition('[')[2].partition('-')[0]}"
                return super()._split_scope(nodeid)

        return OneWorkerAnApp(config, log)


def recorded_order(item: pytest.Function) -> tuple[int, int]:
    """Each app's tests together (its fixture made once), in the order recorded."""
    indices = item.callspec.indices
    return indices["client"], indices["case"]


def pytest_configure(config: pytest.Config) -> None:
    # A conftest's own hooks apply only to the folders below it; a plugin registered
    # from it applies to the whole collection, the folders above included.
    # (named by its folder: a run over two ports' suites registers two)
    config.pluginmanager.register(TheSuite(), f"bottle2flask-suite {HERE}")

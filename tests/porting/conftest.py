"""Fixtures for the porting tests: our application plus a few echo routes."""

from __future__ import annotations

import pytest

from adapters import factory
from shared import core
from tests.conftest import make_client
from tests.porting.probes import PROBES


@pytest.fixture
def probe_client(framework, settings, monkeypatch):
    """Wrap our app of the framework under test, with the echo routes added, in WebTest."""
    monkeypatch.setattr(core, "ROUTES", [*core.ROUTES, *PROBES])
    return make_client(factory(framework)(settings))

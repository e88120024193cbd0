"""Fixtures for the porting tests: our application plus a few echo routes."""

from __future__ import annotations

import pytest

from adapters import factory
from shared.sites import SITES
from tests.conftest import make_client
from tests.porting.probes import PROBE_SITE


@pytest.fixture
def probe_client(framework, settings):
    """Wrap our app of the framework under test, with the echo routes added, in WebTest."""
    return make_client(factory(framework)(settings, sites=(*SITES, PROBE_SITE)))

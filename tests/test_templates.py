"""What the page templates cost: Jinja2 builds the shared macros once, not per render."""

from __future__ import annotations

import jinja2

from adapters import factory
from tests.conduit import DEMO_PASSWORD, login
from tests.conftest import make_client

PAGES = ["/", "/tag/python", "/article/why-one-core-can-serve-two-frameworks",
         "/profile/ada", "/profile/grace/favorites"]


def test_jinja2_builds_the_macros_module_once(settings, monkeypatch):
    # `{% import ... with context %}` would run macros.html again on every render.
    client = make_client(factory("flask")({**settings, "SEED_DEMO": True}))
    built = []
    make_module = jinja2.Template.make_module

    def counted(self, *args, **kwargs):
        built.append(self.name)
        return make_module(self, *args, **kwargs)

    monkeypatch.setattr(jinja2.Template, "make_module", counted)
    for page in PAGES:
        client.get(page)
    login(client, "ada@example.com", DEMO_PASSWORD)
    for page in PAGES:
        client.get(page)
    assert built == ["macros.html"]

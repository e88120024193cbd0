"""The proof on our own code: bottle_app/views, converted, render what flask_app/templates do.

Two Flask builds over one database and one session: one with the hand-written Jinja2
templates, one with the templates `kit convert-templates bottle_app/views` writes.
Every page of the identical-HTML test (tests/test_conduit_parity.py) must match.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from flask_app import create_app
from harness.__main__ import main as kit
from harness.stpl import configure
from shared.conduit.seed import DEMO_PASSWORD
from tests.conduit import carry_session, fill, form_to, login
from tests.conftest import make_client
from tests.test_conduit_parity import SIGNED_IN_PAGES, SLUGS, VISITOR_PAGES, assert_same

VIEWS = Path(__file__).resolve().parents[2] / "bottle_app" / "views"


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """Flask with its own templates and Flask with the converted ones; a visitor and ada."""
    converted = tmp_path_factory.mktemp("converted")
    assert kit(["convert-templates", str(VIEWS), "-o", str(converted)]) == 0
    settings = {"TESTING": True, "SECRET_KEY": secrets.token_hex(32), "SEED_DEMO": True,
                "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('db') / 'db.sqlite3'}"}
    apps = {"flask": create_app(settings),
            "converted": create_app(settings, template_folder=str(converted))}
    configure(apps["converted"].jinja_env)
    visitors = {name: make_client(app) for name, app in apps.items()}
    ada = make_client(apps["flask"])
    login(ada, "ada@example.com", DEMO_PASSWORD)
    ada.get("/settings")
    signed_in = {}
    for name, app in apps.items():
        signed_in[name] = make_client(app)
        carry_session(signed_in[name], ada.cookies["session"])
    return {"visitor": visitors, "ada": signed_in}


@pytest.mark.parametrize(("who", "path"), [("visitor", p) for p in VISITOR_PAGES]
                         + [("ada", p) for p in SIGNED_IN_PAGES])
def test_converted_templates_render_every_page_as_the_flask_ones(builds, who, path):
    responses = {name: client.get(path, status="*") for name, client in builds[who].items()}
    assert_same(responses)


@pytest.mark.parametrize(("page", "action", "fields"), [
    ("/settings", "/settings", {"image": "ftp://x", "username": "grace", "email": ""}),
    ("/editor", "/editor", {"title": "", "description": "", "body": "", "tags": ""}),
    (f"/article/{SLUGS[1]}", f"/article/{SLUGS[1]}/comments", {"body": " "}),
])
def test_converted_templates_render_forms_with_errors_as_the_flask_ones(builds, page, action,
                                                                        fields):
    responses = {name: fill(form_to(client.get(page), action), **fields).submit(status=422)
                 for name, client in builds["ada"].items()}
    assert_same(responses)

"""Both builds render every page to the same HTML, from one database and one session.

Not run per framework: each test uses both. Pages are compared after parsing, so
whitespace and entity spelling (&#39; or &#039;) do not count; CSRF token values,
random per session and second, are masked.
"""

from __future__ import annotations

import difflib
import secrets

import pytest

from adapters import FRAMEWORKS, factory
from shared.conduit.articles import slugify
from shared.conduit.seed import ARTICLES, DEMO_PASSWORD, USERS
from tests.conduit import carry_session, fill, form_to, login, signed_in_as
from tests.conftest import make_client
from tests.databases import Databases
from tests.helpers import flashes, normalised

SLUGS = [slugify(title) for _, title, *_ in ARTICLES]
NAMES = [user[0] for user in USERS]

VISITOR_PAGES = [
    "/", "/?page=2", "/tag/flask", "/tag/python?page=1", "/tag/no-such-tag", "/login",
    "/login?next=/editor", "/register",
    *[f"/article/{slug}" for slug in SLUGS],
    *[f"/profile/{name}" for name in NAMES],
    *[f"/profile/{name}/favorites" for name in NAMES],
    "/examples", "/hello", "/hello/<script>x</script>", "/escaping?text=<b>%26'\"",
    "/guestbook", "/no/such/page", "/?page=0", "/?page=9", "/logout", "/article/nope",
]
SIGNED_IN_PAGES = [
    "/", "/?page=2", "/?feed=following", "/tag/bottle", "/editor", f"/editor/{SLUGS[0]}",
    f"/editor/{SLUGS[1]}", "/settings",
    *[f"/article/{slug}" for slug in SLUGS],
    *[f"/profile/{name}" for name in NAMES],
    "/profile/ada/favorites",
]


@pytest.fixture(scope="module")
def builds(request, tmp_path_factory, postgres_server):
    """Both builds over one database with the demo content; a visitor and ada in each."""
    databases = Databases(request.config.getoption("db"), tmp_path_factory.mktemp("parity"),
                          postgres_server)
    url = databases.new()
    settings = {"TESTING": True, "SECRET_KEY": secrets.token_hex(32), "SEED_DEMO": True,
                "DATABASE_URL": url}
    apps = {name: factory(name)(settings) for name in FRAMEWORKS}
    visitors = {name: make_client(app) for name, app in apps.items()}
    # ada signs in once, in the first build; the same cookie then serves every build.
    first, *_ = FRAMEWORKS
    ada = make_client(apps[first])
    login(ada, "ada@example.com", DEMO_PASSWORD)
    ada.get("/settings")  # the welcome flash is shown and the CSRF secret is in the session
    cookie = ada.cookies["session"]
    signed_in = {}
    for name, app in apps.items():
        signed_in[name] = make_client(app)
        carry_session(signed_in[name], cookie)
    yield {"apps": apps, "visitor": visitors, "ada": signed_in}
    databases.close()


def assert_same(responses: dict) -> None:
    statuses = {name: r.status_int for name, r in responses.items()}
    assert len(set(statuses.values())) == 1, statuses
    assert max(statuses.values()) < 500, statuses  # two equal crash pages are no parity
    pages = {name: normalised(r.text) for name, r in responses.items()}
    (a, first), *rest = pages.items()
    for b, other in rest:
        diff = "\n".join(difflib.unified_diff(first.splitlines(), other.splitlines(), a, b,
                                              lineterm=""))
        assert first == other, diff


@pytest.mark.parametrize(("who", "path"), [("visitor", p) for p in VISITOR_PAGES]
                         + [("ada", p) for p in SIGNED_IN_PAGES])
def test_every_page_renders_the_same_in_both_builds(builds, who, path):
    clients = builds[who]
    responses = {name: client.get(path, status="*") for name, client in clients.items()}
    assert_same(responses)
    if who == "ada":  # every signed-in page says it is her; only grace's editor is shut
        status = 403 if path == f"/editor/{SLUGS[1]}" else 200
        assert [(r.status_int, signed_in_as(r)) for r in responses.values()] == [
            (status, "ada")] * len(responses)


@pytest.mark.parametrize(("who", "page", "action", "fields"), [
    ("visitor", "/register", "/register", {"username": "a b", "email": "x", "password": "1"}),
    ("visitor", "/login", "/login", {"email": "ada@example.com", "password": "wrong-one"}),
    ("ada", "/settings", "/settings", {"image": "ftp://x", "username": "grace", "email": ""}),
    ("ada", "/editor", "/editor", {"title": "", "description": "", "body": "", "tags": ""}),
    ("ada", f"/article/{SLUGS[1]}", f"/article/{SLUGS[1]}/comments", {"body": " "}),
])
def test_forms_with_errors_render_the_same(builds, who, page, action, fields):
    responses = {name: fill(form_to(client.get(page), action), **fields).submit(status=422)
                 for name, client in builds[who].items()}
    assert_same(responses)


def test_a_flash_after_a_redirect_renders_the_same(builds):
    responses = {}
    for name, app in builds["apps"].items():
        client = make_client(app)
        responses[name] = login(client, "grace@example.com", DEMO_PASSWORD).follow()
    assert_same(responses)
    assert [flashes(r) for r in responses.values()] == [["Welcome back, grace!"]] * len(
        responses)


@pytest.mark.parametrize(("minted_by", "read_by"), [
    (a, b) for a in FRAMEWORKS for b in FRAMEWORKS if a != b
])
def test_a_login_made_in_one_build_is_valid_in_the_other(builds, minted_by, read_by):
    client = make_client(builds["apps"][minted_by])
    login(client, "linus@example.com", DEMO_PASSWORD)
    other = make_client(builds["apps"][read_by])
    carry_session(other, client.cookies["session"])
    assert signed_in_as(other.get("/")) == "linus"
    # Signing out there works with that build's own form and token.
    form_to(other.get("/settings"), "/logout").submit(status=303)
    assert signed_in_as(other.get("/")) is None

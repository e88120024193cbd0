"""CSRF on every form, and hostile text that never turns into markup."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from tests.conduit import (
    DEMO_PASSWORD,
    comment,
    fill,
    login,
    register,
    signed_in_as,
    write,
)
from tests.conftest import make_client
from tests.helpers import normalised, soup, text_of

SLUG = "why-one-core-can-serve-two-frameworks"  # ada's, in the demo content
# Between them these show every change the posts below could make: new articles and
# favorite counts (home), settings, follow and favorite buttons and comments (articles).
WATCHED = ["/", "/settings", "/article/bottle-in-one-file", "/article/signed-cookies-explained",
           f"/article/{SLUG}"]

# Every POST a signed-in user can make, with fields that would change something.
SIGNED_IN_POSTS = [
    ("/logout", {}),
    ("/settings", {"username": "forged", "email": "forged@example.com", "image": "",
                   "bio": "forged", "password": ""}),
    ("/editor", {"title": "Forged", "description": "d", "body": "b", "tags": "x"}),
    (f"/editor/{SLUG}", {"title": "Forged", "description": "d", "body": "b", "tags": ""}),
    (f"/article/{SLUG}/delete", {}),
    ("/article/signed-cookies-explained/favorite", {}),
    ("/article/bottle-in-one-file/unfavorite", {}),
    ("/article/signed-cookies-explained/comments", {"body": "forged"}),
    ("/article/bottle-in-one-file/comments/3/delete", {}),
    ("/profile/linus/follow", {}),
    ("/profile/grace/unfollow", {}),
]


def snapshot(client) -> list[str]:
    return [normalised(client.get(path).text) for path in WATCHED]


def other_sessions_token(app) -> str:
    return make_client(app).get("/login").forms[0]["csrf_token"].value


@pytest.mark.parametrize("token", ["missing", "another session's"])
@pytest.mark.parametrize(("path", "fields"), SIGNED_IN_POSTS, ids=lambda x: x
                         if isinstance(x, str) else None)
def test_a_post_without_its_csrf_token_is_refused_and_changes_nothing(seeded_app, path, fields,
                                                                       token):
    client = make_client(seeded_app)
    login(client, "ada@example.com", DEMO_PASSWORD)
    client.get("/")  # the welcome flash is shown and gone
    before = snapshot(client)
    data = dict(fields)
    if token != "missing":
        data["csrf_token"] = other_sessions_token(seeded_app)
    response = client.post(path, data, status=400)
    assert "security token" in text_of(response, ".error-message")[0]
    assert snapshot(client) == before
    assert signed_in_as(client.get("/")) == "ada"


@pytest.mark.parametrize("path", ["/login", "/register"])
def test_signing_in_or_up_without_the_token_is_refused(seeded_app, path):
    client = make_client(seeded_app)
    client.get(path)
    client.post(path, {"username": "mallory", "email": "ada@example.com",
                       "password": DEMO_PASSWORD}, status=400)
    assert signed_in_as(client.get("/")) is None
    client.get("/profile/mallory", status=404)


PAYLOADS = [
    "<script>alert('x')</script>",
    "<img src=x onerror=alert(1)>",
    '"><svg onload=alert(1)>',
    "' onmouseover='alert(1)",
    "<a href=\"javascript:alert(1)\">click</a>",
]


def assert_inert(response) -> None:
    """No script, no event-handler attribute, no javascript: link anywhere on the page."""
    page = soup(response)
    assert page.select("script, svg") == []
    for tag in page.find_all(True):
        assert not [name for name in tag.attrs if name.lower().startswith("on")], tag
        for name in ("href", "src", "action"):
            assert not str(tag.get(name, "")).strip().lower().startswith("javascript:"), tag


@pytest.mark.parametrize("payload", PAYLOADS)
def test_hostile_text_is_shown_as_text_never_run(app, payload):
    ann, bob = make_client(app), make_client(app)
    register(ann, "ann")
    picture = f"https://example.com/a.png?{payload}"
    form = fill(ann.get("/settings").forms[0], bio=payload, image=picture)
    form.submit(status=303)
    slug = write(ann, title=payload, description=payload, body=payload,
                 tags=payload.replace(",", ""))
    comment(ann, slug, payload)
    register(bob, "bob")
    for client in (ann, bob):
        pages = {path: client.get(path) for path in (
            "/", f"/article/{slug}", "/profile/ann", f"/tag/{quote(payload.replace(',', ''))}")}
        for response in pages.values():
            assert_inert(response)
        article = pages[f"/article/{slug}"]
        assert text_of(article, ".banner h1") == [payload]
        assert [p.get_text() for p in soup(article).select(".card-text")] == [payload]
        assert soup(article).select_one(".article-meta img")["src"] == picture
        home = pages["/"]
        assert [h.get_text() for h in soup(home).select(".article-preview h1")] == [payload]
        assert [p.get_text() for p in soup(home).select(".article-preview p")] == [payload]
        assert [p.get_text() for p in soup(pages["/profile/ann"]).select(".user-info p")] == [
            payload]
    for path in ("/settings", f"/editor/{slug}"):
        response = ann.get(path)
        assert_inert(response)
    assert ann.get("/settings").forms[0]["bio"].value == payload
    assert ann.get(f"/editor/{slug}").forms[0]["title"].value == payload


@pytest.mark.parametrize("payload", PAYLOADS)
def test_hostile_usernames_are_refused_and_echoed_inert(client, payload):
    response = register(client, payload, status=422)
    assert_inert(response)
    assert response.forms[0]["username"].value == payload
    assert signed_in_as(client.get("/")) is None
    register(client, "ann")
    response = fill(client.get("/settings").forms[0], username=payload).submit(status=422)
    assert_inert(response)
    assert response.forms[0]["username"].value == payload


def test_the_only_raw_output_is_the_sanitised_body(client):
    register(client, "ann")
    slug = write(client, "Raw", body="<p onclick=x()>para</p><iframe src=//evil></iframe>")
    content = soup(client.get(f"/article/{slug}")).select_one(".article-content")
    assert str(content.p) == "<p>para</p>"
    assert content.select("iframe") == []

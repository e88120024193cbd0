"""Writing, reading, editing and deleting articles; only the author may change one."""

from __future__ import annotations

import pytest

from tests.conduit import (
    field_errors,
    fill,
    form_to,
    previews,
    register,
    write,
)
from tests.conftest import make_client
from tests.helpers import flashes, soup, text_of


def test_writing_an_article(client):
    register(client, "ann")
    form = fill(client.get("/editor").forms[0], title="Hello, Conduit!",
                description="A first post", body="Some **bold** words.\n\n- one\n- two",
                tags="python, web apps, python")
    response = form.submit(status=303)
    assert response.headers["Location"] == "/article/hello-conduit"
    page = response.follow()
    assert flashes(page) == ["Your article is published."]
    assert text_of(page, ".article-page .banner h1") == ["Hello, Conduit!"]
    content = soup(page).select_one(".article-content")
    assert content.select_one("strong").get_text() == "bold"
    assert [li.get_text() for li in content.select("ul:not(.tag-list) li")] == ["one", "two"]
    assert text_of(page, ".article-content .tag-list li") == ["python", "web apps"]
    assert text_of(page, ".article-meta .author") == ["ann"]
    assert soup(page).select_one(".article-meta img")["src"].endswith("default-avatar.svg")
    assert text_of(page, ".article-meta a.btn") == ["Edit Article"]
    assert text_of(page, ".article-meta button") == ["Delete Article"]
    # It leads the global feed and the author's profile.
    home = client.get("/")
    assert previews(home) == ["Hello, Conduit!"]
    assert text_of(home, ".article-preview p") == ["A first post"]
    assert text_of(home, ".article-preview .tag-list li") == ["python", "web apps"]
    assert previews(client.get("/profile/ann")) == ["Hello, Conduit!"]
    assert text_of(home, ".sidebar .tag-list .tag-pill") == ["python", "web apps"]


def test_titles_that_clash_get_their_own_slugs(client):
    register(client, "ann")
    assert write(client, "Same title") == "same-title"
    assert write(client, "Same title") == "same-title-2"


def test_editing_an_article(client):
    register(client, "ann")
    slug = write(client, "First title", "About", "Body text", "one, two")
    page = client.get(f"/article/{slug}").click("Edit Article")
    form = page.forms[0]
    assert [form[f].value for f in ("title", "description", "body", "tags")] == [
        "First title", "About", "Body text", "one, two"]
    fill(form, title="Better title", tags="")
    response = form.submit(status=303)
    assert response.headers["Location"] == f"/article/{slug}"  # the slug stays
    page = response.follow()
    assert flashes(page) == ["Your article is saved."]
    assert text_of(page, ".banner h1") == ["Better title"]
    assert text_of(page, ".article-content .tag-list li") == []


def test_deleting_an_article(client):
    register(client, "ann")
    slug = write(client, "Short-lived")
    response = form_to(client.get(f"/article/{slug}"), f"/article/{slug}/delete").submit(
        status=303)
    assert response.headers["Location"] == "/"
    home = response.follow()
    assert flashes(home) == ["Your article is deleted."]
    assert previews(home) == []
    assert text_of(home, ".empty-feed-message") == ["No articles are here... yet."]
    client.get(f"/article/{slug}", status=404)


@pytest.mark.parametrize(("fields", "field", "error"), [
    ({"title": ""}, "title", "Title can't be blank"),
    ({"title": "   "}, "title", "Title can't be blank"),
    ({"description": ""}, "description", "Description can't be blank"),
    ({"body": ""}, "body", "Body can't be blank"),
    ({"title": "x" * 256}, "title", "Title is too long (maximum is 255 characters)"),
    ({"tags": "ok, " + "x" * 51}, "tags", "Tags: tags are at most 50 characters"),
])
def test_editor_errors_are_shown_by_their_fields(client, fields, field, error):
    register(client, "ann")
    typed = {"title": "T", "description": "D", "body": "B", "tags": "a, b"} | fields
    response = fill(client.get("/editor").forms[0], **typed).submit(status=422)
    assert field_errors(response, field) == [error]
    assert response.forms[0][field].value == typed[field]
    assert previews(client.get("/")) == []


def test_every_editor_error_is_shown_at_once(client):
    register(client, "ann")
    response = client.get("/editor").forms[0].submit(status=422)
    assert [field_errors(response, f) for f in ("title", "description", "body")] == [
        ["Title can't be blank"], ["Description can't be blank"], ["Body can't be blank"]]


def test_edit_errors_keep_the_article_unchanged(client):
    register(client, "ann")
    slug = write(client, "Kept")
    form = fill(client.get(f"/editor/{slug}").forms[0], title="")
    assert field_errors(form.submit(status=422), "title") == ["Title can't be blank"]
    assert text_of(client.get(f"/article/{slug}"), ".banner h1") == ["Kept"]


def test_another_users_article_cannot_be_edited_or_deleted(app):
    author, other = make_client(app), make_client(app)
    register(author, "ann")
    slug = write(author, "Ann's own", "Mine", "Hands off.")
    register(other, "bob")
    page = other.get(f"/article/{slug}")
    assert text_of(page, ".article-meta a.btn") == []
    assert text_of(page, ".article-meta button") == ["Follow ann", "Favorite Article (0)"]
    response = other.get(f"/editor/{slug}", status=403)
    assert text_of(response, "h1") == ["403 Forbidden"]
    assert text_of(response, ".error-message") == ["Only its author may change this article."]
    # Forged posts with bob's own valid token change nothing either.
    token = other.get("/editor").forms[0]["csrf_token"].value
    other.post(f"/editor/{slug}", {"csrf_token": token, "title": "Pwned", "description": "x",
                                   "body": "x", "tags": ""}, status=403)
    other.post(f"/article/{slug}/delete", {"csrf_token": token}, status=403)
    assert text_of(author.get(f"/article/{slug}"), ".banner h1") == ["Ann's own"]


@pytest.mark.parametrize("path", ["/article/no-such-article", "/editor/no-such-article",
                                  "/profile/nobody", "/profile/nobody/favorites",
                                  "/tag/no-such-tag?page=2"])
def test_unknown_things_are_404_pages(client, path):
    register(client, "ann")
    response = client.get(path, status=404)
    assert text_of(response, "h1") == ["404 Not Found"]
    assert soup(response).select_one("nav.navbar")


def test_markdown_is_rendered_and_sanitised(client):
    register(client, "ann")
    body = ("# Heading\n\n*em* and `code` and [a link](https://example.com)\n\n"
            "```\nblock\n```\n\n<b>kept</b> <script>alert(1)</script>"
            "<img src=x onerror=alert(1)> [bad](javascript:alert(1))")
    slug = write(client, "Markdown", body=body)
    content = soup(client.get(f"/article/{slug}")).select_one(".article-content")
    assert content.select_one("h1").get_text() == "Heading"
    assert content.select_one("em").get_text() == "em"
    assert content.select_one("p code").get_text() == "code"
    assert content.select_one("pre code").get_text() == "block\n"
    assert content.select_one('a[href="https://example.com"]')["rel"] == ["noopener",
                                                                           "noreferrer"]
    assert content.select_one("b").get_text() == "kept"
    assert content.select("script") == []
    assert content.select_one("img").attrs == {"src": "x"}
    assert not content.select('a[href^="javascript"]')

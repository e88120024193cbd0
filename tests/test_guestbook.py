"""The guestbook: a real form, the database, CSRF, flashes and the session."""

from __future__ import annotations

import pytest

from tests.helpers import flashes, soup, text_of


def sign(client, name="Ann", message="Hello there"):
    form = client.get("/guestbook").forms[0]
    form["name"], form["message"] = name, message
    return form.submit(status="*")


def entries(client, page=1):
    response = client.get("/guestbook", {"page": page})
    return [(e.select_one(".entry-meta").get_text(" ", strip=True).split(",")[0],
             e.select_one(".entry-message").get_text()) for e in soup(response).select(".entry")]


def test_signing_redirects_after_post_and_thanks(client):
    response = sign(client, "Ann", "Lovely site")
    assert response.status_int == 303
    assert response.headers["Location"] == "/guestbook"
    page = response.follow()
    assert flashes(page) == ["Thank you for signing, Ann!"]
    assert entries(client) == [("Ann", "Lovely site")]
    # Shown once: the next page has no flash.
    assert flashes(client.get("/guestbook")) == []


def test_the_session_counts_a_visitors_signatures(client):
    assert text_of(client.get("/guestbook"), ".signed-count") == []
    sign(client)
    assert text_of(client.get("/guestbook"), ".signed-count") == ["You have signed 1 time."]
    sign(client)
    assert text_of(client.get("/guestbook"), ".signed-count") == ["You have signed 2 times."]
    client.reset()  # a new visitor starts at zero, the entries stay
    assert text_of(client.get("/guestbook"), ".signed-count") == []
    assert len(entries(client)) == 2


def test_entries_are_listed_newest_first_and_paginated(framework, settings):
    from adapters import factory
    from tests.conftest import make_client

    client = make_client(factory(framework)({**settings, "GUESTBOOK_PAGE_SIZE": 2}))
    for n in range(5):
        sign(client, f"Visitor {n}", f"Message {n}")
    assert entries(client, 1) == [("Visitor 4", "Message 4"), ("Visitor 3", "Message 3")]
    assert entries(client, 3) == [("Visitor 0", "Message 0")]
    page = soup(client.get("/guestbook", {"page": 2}))
    assert [a.get_text() for a in page.select(".pagination .page-link")] == ["1", "2", "3"]
    assert page.select_one(".pagination .page-item.active").get_text() == "2"
    assert page.select_one(".pagination a")["href"] == "/guestbook?page=1"
    assert text_of(client.get("/guestbook"), "h2") == ["5 entries"]


@pytest.mark.parametrize(("page", "status"), [
    ("0", 400), ("-1", 400), ("abc", 400), ("1.5", 400), ("99", 404),
])
def test_bad_page_numbers_get_a_clear_error(client, page, status):
    response = client.get("/guestbook", {"page": page}, status=status)
    assert response.content_type == "text/html"
    assert soup(response).select_one(".error-message").get_text()


@pytest.mark.parametrize(("name", "message", "field", "error"), [
    ("", "Hello", "name", "This field is required."),
    ("   ", "Hello", "name", "This field is required."),
    ("Ann", "", "message", "This field is required."),
    ("x" * 51, "Hello", "name", "Field must be between 1 and 50 characters long."),
    ("Ann", "y" * 501, "message", "Field must be between 1 and 500 characters long."),
])
def test_invalid_entries_show_field_errors_and_store_nothing(client, name, message, field,
                                                             error):
    response = sign(client, name, message)
    assert response.status_int == 422
    wrapper = soup(response).select_one(f"#{field}").parent
    assert "has-error" in wrapper["class"]
    assert [li.get_text() for li in wrapper.select(".error-messages li")] == [error]
    # What was typed is kept so the visitor can fix it.
    kept = response.forms[0]
    assert (kept["name"].value, kept["message"].value) == (name.strip(), message.strip())
    assert entries(client) == []


def test_entries_are_escaped_not_executed(client):
    sign(client, "<script>alert('n')</script>", '<img src=x onerror="alert(1)">')
    page = soup(client.get("/guestbook"))
    assert not page.select(".entries script, .entries img")
    assert entries(client) == [("<script>alert('n')</script>", '<img src=x onerror="alert(1)">')]
    assert "onerror=\"alert" not in client.get("/guestbook").text


def test_unicode_entries_are_stored_as_typed(client):
    sign(client, "Zoë", "Grüße aus Göttingen ✓")
    assert entries(client) == [("Zoë", "Grüße aus Göttingen ✓")]


@pytest.mark.parametrize("token", [None, "", "garbage", "20990101000000##deadbeef"])
def test_a_missing_or_wrong_csrf_token_is_refused(client, token):
    client.get("/guestbook")
    data = {"name": "Mallory", "message": "forged"}
    if token is not None:
        data["csrf_token"] = token
    response = client.post("/guestbook", data, status=400)
    assert "security token" in soup(response).select_one(".error-message").get_text()
    assert entries(client) == []


def test_a_token_from_another_session_is_refused(app):
    from tests.conftest import make_client

    victim, attacker = make_client(app), make_client(app)
    token = victim.get("/guestbook").forms[0]["csrf_token"].value
    attacker.get("/guestbook")
    attacker.post("/guestbook", {"name": "M", "message": "x", "csrf_token": token}, status=400)
    assert entries(victim) == []

"""The hello-world pages: greeting, escaping, the shared layout."""

from __future__ import annotations

import pytest

from tests.helpers import soup, text_of


def test_hello_greets_by_name(client):
    response = client.get("/hello/World")
    assert response.content_type == "text/html"
    assert "<b>Hello World</b>!" in response.text


def test_hello_without_a_name_greets_amigo(client):
    assert "<b>Hello amigo</b>!" in client.get("/hello").text


@pytest.mark.parametrize(("path", "shown"), [
    ("/hello/<script>alert(1)", "<script>alert(1)"),
    ("/hello/<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>"),
    ("/hello/\"'&", "\"'&"),
])
def test_hello_escapes_the_name(client, path, shown):
    response = client.get(path)
    assert "<script>" not in response.text and "<img" not in response.text
    # The parser sees text, not markup: the name survived escaping intact.
    assert text_of(response, ".greeting") == [f"Hello {shown} !"]
    assert not soup(response).select(".greeting script, .greeting img")


def test_unicode_names_round_trip(client):
    assert text_of(client.get("/hello/G%C3%B6ttingen"), ".greeting") == ["Hello Göttingen !"]


def test_escaping_page_escapes_input_and_prints_core_html_raw(client):
    response = client.get("/escaping", {"text": "<i>hi</i> & <script>x()</script>"})
    page = soup(response)
    escaped = page.select_one(".escaped")
    assert escaped.get_text() == "<i>hi</i> & <script>x()</script>"
    assert escaped.find("i") is None and escaped.find("script") is None
    raw = page.select_one(".raw")
    # The core's <mark> is real markup; the visitor's text inside it is not.
    assert raw.find("mark") is not None
    assert raw.mark.get_text() == "<i>hi</i> & <script>x()</script>"
    assert raw.find("script") is None
    assert page.select_one("input#text")["value"] == "<i>hi</i> & <script>x()</script>"


@pytest.mark.parametrize(("path", "title"), [
    ("/", "Home"),
    ("/examples", "Examples"),
    ("/hello", "Hello"),
    ("/hello/x", "Hello"),
    ("/escaping", "Escaping"),
    ("/guestbook", "Guestbook"),
])
def test_every_page_inherits_the_layout(client, path, title):
    page = soup(client.get(path))
    assert page.title.get_text() == f"{title} · Conduit"
    assert page.select_one("nav.navbar a.navbar-brand")["href"] == "/"
    assert page.select_one('link[rel="stylesheet"]')["href"] == "/static/style.css"
    assert page.select_one("html")["lang"] == "en"


def test_the_examples_page_links_every_example(client):
    links = {a["href"] for a in soup(client.get("/examples")).select(".examples a")}
    assert links == {"/hello", "/hello/World", "/escaping", "/guestbook"}
    for link in links:
        assert client.get(link).status_int == 200
    # Every page's footer leads to the examples page.
    footer = soup(client.get("/hello")).select_one("footer")
    assert [a["href"] for a in footer.select("a")] == [
        "/", "/examples", "/hello", "/escaping", "/guestbook"]


def test_links_and_redirects_keep_the_mount_prefix(app):
    from tests.conftest import make_client

    client = make_client(app)
    client.extra_environ["SCRIPT_NAME"] = "/prefix"
    page = soup(client.get("/prefix/guestbook"))
    assert page.select_one(".navbar-brand")["href"] == "/prefix/"
    assert page.select_one("form.guestbook-form")["action"] == "/prefix/guestbook"
    assert page.select_one('link[rel="stylesheet"]')["href"] == "/prefix/static/style.css"
    form = client.get("/prefix/guestbook").forms[0]
    form["name"], form["message"] = "Ann", "Hello"
    assert form.submit(status=303).headers["Location"] == "/prefix/guestbook"

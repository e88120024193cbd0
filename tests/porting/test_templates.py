"""Templates: SimpleTemplate in the Bottle build, Jinja2 in the Flask build."""

from __future__ import annotations

import bottle
import flask
import jinja2
import pytest

from tests.helpers import soup, text_of


def simple(source: str, lookup=(), **context) -> str:
    # A fresh lookup list: Bottle caches templates by (id(lookup), name or source).
    return bottle.template(source, template_lookup=list(lookup), **context)


def jinja(templates: dict, name: str, **context) -> str:
    env = jinja2.Environment(loader=jinja2.DictLoader(templates), autoescape=True)
    return env.get_template(name).render(**context)


# -- escaping entities ---

def test_simpletemplate_escapes_quotes_as_039_and_quot():
    assert simple("{{x}}", x="<'\"&>") == "&lt;&#039;&quot;&amp;&gt;"


def test_markupsafe_escapes_quotes_as_39_and_34():
    assert jinja({"t": "{{ x }}"}, "t", x="<'\"&>") == "&lt;&#39;&#34;&amp;&gt;"


def test_our_pages_show_the_same_text_whatever_the_entities(client):
    response = client.get("/escaping", {"text": "<b>'\"&"})
    assert text_of(response, ".escaped") == ["<b>'\"&"]
    assert soup(response).select_one("input#text")["value"] == "<b>'\"&"
    assert "<b>'" not in response.text


# -- None ---

def test_simpletemplate_prints_none_as_nothing():
    assert simple("{{x}}|{{y}}", x=None, y=0) == "|0"


def test_jinja2_prints_none_as_the_word():
    assert jinja({"t": "{{ x }}|{{ y }}"}, "t", x=None, y=0) == "None|0"


def test_our_pages_never_print_a_missing_bio_or_picture(client):
    form = client.get("/register").forms[0]
    form["username"], form["email"], form["password"] = "ann", "ann@example.com", "password123"
    form.submit(status=303)
    profile = client.get("/profile/ann")
    assert "None" not in profile.text
    assert soup(profile).select(".user-info p") == []  # no bio: no paragraph
    assert soup(profile).select_one(".user-img")["src"].endswith("/static/default-avatar.svg")
    assert client.get("/settings").forms[0]["bio"].value == ""


# -- undefined names ---

def test_simpletemplate_raises_on_an_undefined_name():
    with pytest.raises(NameError):
        simple("{{nope}}")


def test_jinja2_prints_an_undefined_name_as_nothing():
    assert jinja({"t": "[{{ nope }}]"}, "t") == "[]"
    strict = jinja2.Environment(undefined=jinja2.StrictUndefined).from_string("{{ nope }}")
    with pytest.raises(jinja2.UndefinedError):
        strict.render()


def test_our_handlers_pass_every_name_the_templates_use(client):
    assert text_of(client.get("/hello"), ".greeting") == ["Hello amigo !"]
    assert text_of(client.get("/escaping"), ".escaped") == ["<em>Bottle</em> & 'Flask'"]


# -- includes, macros and dict items ---

def test_simpletemplate_include_inherits_the_callers_names_and_uses_item_access(tmp_path):
    (tmp_path / "row.tpl").write_text("{{entry['name']}} by {{who}}")
    (tmp_path / "page.tpl").write_text("% include('row', entry=entry)\n")
    assert simple("page", [str(tmp_path)], who="Ann", entry={"name": "Hi"}).strip() == (
        "Hi by Ann")


def test_jinja_include_sees_the_context_but_imported_macros_do_not():
    templates = {
        "m.html": "{% macro f() %}[{{ who }}]{% endmacro %}",
        "page.html": '{% include "row.html" %} {% import "m.html" as m %}{{ m.f() }} '
                     '{% from "m.html" import f with context %}{{ f() }}',
        "row.html": "{{ entry.name }} by {{ who }}",
    }
    assert jinja(templates, "page.html", who="Ann", entry={"name": "Hi"}) == (
        "Hi by Ann [] [Ann]")


def test_our_guestbook_renders_entries_and_fields_alike(client):
    form = client.get("/guestbook").forms[0]
    form["name"], form["message"] = "Ann", "Hi"
    form.submit(status=303)
    page = soup(client.get("/guestbook"))
    assert text_of(client.get("/guestbook"), ".entry-message") == ["Hi"]
    assert [i["id"] for i in page.select("form.guestbook-form input, form textarea")
            if i.get("id")] == ["name", "message"]


# -- autoescaping by file name ---

def test_bottle_jinja2_template_does_not_autoescape_and_its_cache_ignores_the_engine():
    source = "{{ x }}<!-- cache -->"
    assert bottle.jinja2_template(source, x="<b>") == "<b><!-- cache -->"
    # The same source through SimpleTemplate comes back from the cache, unescaped.
    assert bottle.template(source, x="<b>") == "<b><!-- cache -->"
    assert bottle.jinja2_template("{{ x }}.", x="<b>",
                                  template_settings={"autoescape": True}) == "&lt;b&gt;."


def test_flask_autoescapes_only_html_like_file_names():
    app = flask.Flask(__name__)
    autoescape = app.jinja_env.autoescape
    assert [autoescape(n) for n in ("a.html", "a.htm", "a.xml", "a.xhtml", "a.svg")] == [
        True] * 5
    assert not autoescape("a.txt") and not autoescape("a.tpl") and not autoescape("a.jinja")
    with app.app_context():
        assert flask.render_template_string("{{ x }}", x="<b>") == "&lt;b&gt;"


def test_our_pages_escape_visitor_text_and_print_core_html_raw(client):
    page = soup(client.get("/escaping", {"text": "<i>x</i>"}))
    assert page.select_one(".escaped i") is None
    assert page.select_one(".raw mark").get_text() == "<i>x</i>"


# -- layouts ---

def test_simpletemplate_rebase_prints_the_page_as_base(tmp_path):
    (tmp_path / "base.tpl").write_text("<title>{{title}}</title>{{!base}}")
    (tmp_path / "page.tpl").write_text("% rebase('base', title=title)\n<p>{{body}}</p>")
    assert simple("page", [str(tmp_path)], title="T", body="<x>") == (
        "<title>T</title><p>&lt;x&gt;</p>")


def test_jinja_extends_fills_named_blocks():
    templates = {"base.html": "<title>{{ title }}</title>{% block content %}{% endblock %}",
                 "page.html": '{% extends "base.html" %}{% block content %}<p>{{ body }}</p>'
                              "{% endblock %}"}
    assert jinja(templates, "page.html", title="T", body="<x>") == (
        "<title>T</title><p>&lt;x&gt;</p>")


def test_our_pages_share_one_layout_per_build(client):
    page = soup(client.get("/hello/Ann"))
    assert page.title.get_text() == "Hello · Conduit"
    assert page.select_one("main .greeting") is not None

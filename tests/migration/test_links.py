"""URLs built across both apps: url_for reaches legacy routes, Bottle reaches Flask's."""

from __future__ import annotations

import bottle
import pytest
from flask import Flask, render_template_string, url_for
from webtest import TestApp
from werkzeug.routing import BuildError

from bottle2flask.migrate import Dispatcher, Links


@pytest.fixture
def apps():
    old = bottle.Bottle()

    @old.route("/old/items/<no:int>")
    def show_item(no):
        return bottle.template("<a href=\"{{url('new_page', slug='a b')}}\">new</a> "
                               "<a href=\"{{url('show_item', no=no + 1)}}\">next</a>", no=no)

    old.route("/old/files/<name:path>", callback=lambda name: name, name="file")
    new = Flask(__name__)
    new.add_url_rule("/new/<slug>", "new_page",
                     lambda slug: render_template_string(
                         "<a href=\"{{ url_for('show_item', no=7, q='x y') }}\">old</a>"))
    links = Links(old, new).install()
    yield old, new, links
    bottle.SimpleTemplate.defaults.pop("url", None)


def test_url_for_builds_a_legacy_route_by_its_view_name(apps):
    old, new, _ = apps
    with new.test_request_context():
        assert url_for("show_item", no=3) == "/old/items/3"
        assert url_for("show_item", no=3, page=2) == "/old/items/3?page=2"


def test_url_for_builds_a_legacy_route_by_its_route_name(apps):
    old, new, _ = apps
    with new.test_request_context():
        assert url_for("file", name="css/a b.css") == "/old/files/css/a%20b.css"


def test_url_for_keeps_its_own_options_for_legacy_routes(apps):
    old, new, _ = apps
    with new.test_request_context(base_url="http://example.test/app"):
        assert url_for("show_item", no=3) == "/app/old/items/3"
        assert url_for("show_item", no=3, _external=True, _anchor="top") == \
            "http://example.test/app/old/items/3#top"


def test_url_for_still_fails_for_a_name_neither_app_has(apps):
    old, new, _ = apps
    with new.test_request_context(), pytest.raises(BuildError):
        url_for("no_such_view")


def test_bottle_builds_both_apps_urls(apps):
    _, _, links = apps
    assert links.url("show_item", no=1) == "/old/items/1"
    assert links.url("new_page", slug="a b") == "/new/a%20b"
    with pytest.raises(bottle.RouteBuildError):
        links.url("no_such_view")


def test_templates_on_either_side_link_across(apps):
    old, new, _ = apps
    site = TestApp(Dispatcher(old, new), lint=True)
    legacy_page = site.get("/old/items/4").text
    assert 'href="/new/a%20b"' in legacy_page and 'href="/old/items/5"' in legacy_page
    assert 'href="/old/items/7?q=x+y"' in site.get("/new/anything").text
    assert site.get("/old/items/4").click("new").status_int == 200


def test_bottle_code_builds_urls_outside_a_request_in_any_thread(apps):
    """Bottle's request is a thread-local bound only in the thread that imported bottle and
    in the threads that served a request (parity unbinds it after each answer): links.url()
    outside a request failed with "Request context not initialized" in another thread, or
    after a parity run in this one (test_bottle_builds_both_apps_urls, by test order)."""
    import threading

    from bottle2flask.parity.replay import forget_bottle_request

    _, _, links = apps
    found: list[str] = []
    thread = threading.Thread(target=lambda: found.append(links.url("show_item", no=1)))
    thread.start()
    thread.join()
    assert found == ["/old/items/1"]
    forget_bottle_request()  # as parity leaves this thread
    assert links.url("show_item", no=1) == "/old/items/1"

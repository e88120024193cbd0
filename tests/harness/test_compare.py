"""The compare server: both builds under a URL prefix on one origin, and the parity endpoint."""

from __future__ import annotations

import os
import signal

import pytest

from adapters import FRAMEWORKS, factory
from bottle2flask.compare.page import create_compare_app
from harness.serve import TEMPLATES
from tests.conduit import fill, form_to
from tests.conftest import make_client
from tests.helpers import flashes, soup


@pytest.fixture
def compare(settings, databases):
    """A compare server over fresh builds, each on its own database."""
    apps = {name: factory(name)({**settings, "DATABASE_URL": databases.new()})
            for name in FRAMEWORKS}
    return make_client(create_compare_app(apps, settings["SECRET_KEY"], templates=TEMPLATES))


@pytest.mark.parametrize("name", list(FRAMEWORKS))
def test_links_static_files_and_forms_keep_the_prefix(compare, name):
    page = soup(compare.get(f"/{name}/"))
    hrefs = [a["href"] for a in page.select("a")]
    assert hrefs and all(h.startswith(f"/{name}/") for h in hrefs)
    stylesheet = page.select_one("link[rel=stylesheet]")["href"]
    assert stylesheet == f"/{name}/static/style.css"
    assert b".navbar" in compare.get(stylesheet).body
    form = compare.get(f"/{name}/guestbook").forms[0]
    assert form.action == f"/{name}/guestbook"


@pytest.mark.parametrize("name", list(FRAMEWORKS))
def test_a_form_posted_under_the_prefix_redirects_within_it(compare, name):
    form = compare.get(f"/{name}/guestbook").forms[0]
    form["name"], form["message"] = "Ann", "Under a prefix"
    response = form.submit(status=303)
    assert response.headers["Location"] == f"/{name}/guestbook"
    assert flashes(response.follow()) == ["Thank you for signing, Ann!"]


def test_each_pane_keeps_its_own_session_cookie(compare):
    for name in FRAMEWORKS:
        header = compare.get(f"/{name}/guestbook").headers["Set-Cookie"]
        assert f"Path=/{name}/;" in header


def test_the_page_has_two_panes_an_address_bar_and_the_parity_panel(compare):
    page = compare.get("/")
    assert page.content_type == "text/html"
    body = soup(page)
    assert body.select_one("#address") and body.select_one("#parity")
    assert body.body["data-sides"] == '["bottle", "flask"]'


def test_the_parity_endpoint_compares_one_path(compare):
    answer = compare.get("/_parity", {"path": "/guestbook"}).json
    assert (answer["path"], answer["verdict"]) == ("/guestbook", "identical")
    assert answer["statuses"] == {"bottle": "200 OK", "flask": "200 OK"}
    assert answer["differences"] == [] and answer["explained"] == {}
    assert set(answer["milliseconds"]) == {"bottle", "flask"}
    assert answer["diverged"] is False
    missing = compare.get("/_parity", {"path": "/no/such/page"}).json
    assert missing["verdict"] == "explained"
    intended = missing["explained"]["reason-phrase-case"]
    assert intended["values"] == {"status": ["404 Not Found", "404 NOT FOUND"]}
    assert intended["docs"] == "/_docs/PORTING.md#19-status-line-reason-phrases"
    docs = compare.get("/_docs/PORTING.md")
    assert soup(docs).select_one("[id=\"19-status-line-reason-phrases\"]").get_text() == (
        "19. Status line reason phrases")


def test_every_intended_difference_links_to_an_entry_that_exists(compare):
    from bottle2flask.compare.page import ENTRIES, docs_link

    page = soup(compare.get("/_docs/PORTING.md"))
    for name in ENTRIES:
        anchor = docs_link(name).partition("#")[2]
        assert page.select_one(f'[id="{anchor}"]').get_text() == ENTRIES[name]
    assert page.select_one('[id="intended-differences-the-parity-diff-allows"]')


def test_the_parity_endpoint_sees_a_database_difference(compare):
    form = compare.get("/bottle/guestbook").forms[0]
    form["name"], form["message"] = "Ann", "Only on the left"
    form.submit(status=303)
    answer = compare.get("/_parity", {"path": "/guestbook"}).json
    assert answer["verdict"] == "different"
    assert "Only on the left" in answer["differences"][-1]["detail"]
    assert answer["diverged"] is True
    assert answer["writes"] == {"bottle": ["POST /guestbook 303"], "flask": []}


def test_the_code_panel_shows_routes_handler_and_templates(compare):
    data = compare.get("/_code", {"path": "/login?next=/editor"}).json
    assert data["routes"] == {"bottle": {"kind": "bottle", "rule": "/login"},
                              "flask": {"kind": "flask", "rule": "/login"}}
    assert [h["name"] for h in data["handlers"]] == ["shared.conduit.pages.account.login"]
    login = data["templates"][0]
    assert login["name"] == "login" and set(login["files"]) == {"bottle", "flask"}
    assert all(f["differing"] and 'class="hll"' in f["html"] for f in login["files"].values())
    rules = compare.get("/_code", {"path": "/tfb/queries"}).json["routes"]
    assert rules["bottle"]["rule"] == "/tfb/queries"
    comment = compare.get("/_code", {"path": "/article/x/comments/3/delete"}).json
    assert comment["routes"] == {"bottle": None, "flask": None}  # POST only: no GET route


def test_a_page_answering_a_form_is_named_and_compared_by_a_fresh_get(compare):
    # A failed sign-in renders its page (422): the pane shows the answer to a POST.
    form = form_to(compare.get("/bottle/login"), "/bottle/login")
    fill(form, email="nobody@example.com", password="wrong-password").submit(status=422)
    answer = compare.get("/_parity", {"path": "/login"}).json
    assert answer["posted"] == {"bottle": "POST /login"}
    assert answer["statuses"] == {"bottle": "200 OK", "flask": "200 OK"}  # a GET, again
    assert answer["writes"]["bottle"] == ["POST /login 422"]
    compare.get("/bottle/login")  # back on a page it got by GET
    assert compare.get("/_parity", {"path": "/login"}).json["posted"] == {}


def test_a_redirect_is_not_the_page_a_pane_shows(compare):
    form = compare.get("/flask/guestbook").forms[0]
    form["name"], form["message"] = "Ann", "Posted"
    form.submit(status=303).follow()
    assert compare.get("/_parity", {"path": "/guestbook"}).json["posted"] == {}


def test_the_code_panel_says_it_cannot_read_a_server_over_http(settings):
    from bottle2flask.compare import source as code
    from bottle2flask.loading import HTTPApp

    apps = {"ours": factory("bottle")(settings), "theirs": HTTPApp("http://127.0.0.1:9")}
    data = code.behind(apps, "/guestbook")
    assert data["routes"] == {"ours": {"kind": "bottle", "rule": "/guestbook"},
                              "theirs": None}
    assert data["unread"] == {
        "theirs": "a server reached over HTTP: its code is not in this process"}
    assert [h["apps"] for h in data["handlers"]] == [["ours"]]
    assert data["templates"] == []  # no pair of our two builds to show side by side


def test_favicon(compare):
    assert compare.get("/favicon.ico").content_type == "image/svg+xml"


def test_the_parity_endpoint_refuses_a_path_without_a_slash(compare):
    assert compare.get("/_parity", {"path": "guestbook"}, status=400).json == {
        "error": "path must start with /"}


def test_other_paths_say_where_the_builds_are(compare):
    assert "/bottle/, /flask/" in compare.get("/elsewhere", status=404).text



def test_a_stray_request_from_a_pane_goes_back_into_that_pane(compare):
    # An app that ignores its /NAME/ prefix links to /x; the Referer says whose page it was.
    for name in FRAMEWORKS:
        referer = {"Referer": f"http://localhost/{name}/guestbook"}
        response = compare.post("/guestbook?x=1", {"a": "b"}, headers=referer, status=307)
        assert response.headers["Location"] == f"/{name}/guestbook?x=1"
        framed = {**referer, "Sec-Fetch-Dest": "iframe"}
        assert compare.get("/", headers=framed, status=307).headers["Location"] == f"/{name}/"
    # The compare page itself, opened from a pane's link at the top level, stays itself.
    top = compare.get("/", headers={"Referer": "http://localhost/bottle/"})
    assert top.status_int == 200 and 'id="parity"' in top.text
    # Another site's page, or no page of ours, is not a pane.
    compare.get("/guestbook", headers={"Referer": "http://elsewhere/bottle/"}, status=404)
    compare.get("/guestbook", headers={"Referer": "http://localhost/nobody/"}, status=404)


# -- stopping on a signal ----------------------------------------------------------------

def test_stop_signals_record_every_signal_and_restore_the_handlers():
    from bottle2flask.compare.serve import StopSignals

    before = signal.getsignal(signal.SIGTERM)
    with StopSignals() as stopping:
        assert not stopping and not stopping.wait(0.01)
        os.kill(os.getpid(), signal.SIGTERM)
        os.kill(os.getpid(), signal.SIGINT)  # a second signal is no KeyboardInterrupt
        assert stopping.wait(5)
        assert stopping.received == [signal.SIGTERM, signal.SIGINT]
    assert signal.getsignal(signal.SIGTERM) is before


def test_a_signal_that_comes_inside_wait_is_seen_there(monkeypatch):
    # A threading.Event's set() as the handler hung make serve (1 run in 10): the signal
    # came while the main thread held the Event's own lock inside wait().
    from bottle2flask.compare import serve

    with serve.StopSignals() as stopping:
        handler = signal.getsignal(signal.SIGTERM)
        monkeypatch.setattr(serve.time, "sleep", lambda _: handler(signal.SIGTERM, None))
        assert stopping.wait(0.3)
        assert stopping.received == [signal.SIGTERM]

"""The check reaches every route: what a view reads (inputs.py), a path each rule takes
and a request for each route the crawl missed (reach.py)."""

from __future__ import annotations

import re
from textwrap import dedent

import bottle
import pytest

from bottle2flask.proof import reach
from bottle2flask.proof.inputs import Inputs, read_sources

VIEWS = '''
from bottle import request
import bottle


def owner():
    return request.json.get("owner")


def add(no):
    task = request.forms.get("task", "").strip()
    state = request.forms.status
    note = request.forms["note"]
    name = request.forms.getunicode("name")
    if "done" in request.POST:
        pass
    save = request.GET.save
    page = request.query.get("page")
    word = bottle.request.params.q
    size = request.json["size"]
    upload = request.files.get("picture")
    return owner()


def plain():
    return "nothing read"
'''


def test_a_view_that_reads_nothing_reads_nothing():
    assert not read_sources([VIEWS])["plain"]


def test_the_fields_a_view_reads_in_every_spelling_and_its_helpers_too():
    found = read_sources([dedent(VIEWS)])["add"]
    assert found == Inputs(form=["task", "status", "note", "name", "done"],
                           query=["save", "page"], params=["q"], json=["size", "owner"],
                           files=["picture"], reads_json=True)


def test_bottles_request_under_another_name_is_read_too():
    source = ("from bottle import request as req\n\n\ndef save():\n"
              "    return req.forms.get('title') + req.query.page\n")
    assert read_sources([source])["save"] == Inputs(form=["title"], query=["page"])


def test_code_that_is_not_python_3_reads_nothing_and_stops_nothing():
    assert read_sources(["print 'python 2'\n", VIEWS])["add"].files == ["picture"]


def app_with(*rules: tuple[str, str]) -> bottle.Bottle:
    app = bottle.Bottle()
    for rule, method in rules:
        app.route(rule, method, lambda **kw: "ok")
    return app


@pytest.mark.parametrize(("rule", "path"), [
    ("/edit/<no:int>", "/edit/1"),
    ("/json<json:re:[0-9]+>", "/json1"),
    ("/price/<p:float>", "/price/1.5"),
    ("/files/<name:path>", "/files/x/y"),
    ("/image/<filename:re:.*\\.png>", "/image/x.png"),
    pytest.param("/old/:name", "/old/x",
                 marks=pytest.mark.filterwarnings("ignore::DeprecationWarning")),
    ("/api/<command>", "/api/x"),
])
def test_a_path_each_filter_takes(rule, path):
    app = app_with((rule, "GET"))
    assert reach.made_path(reach.targets(app)[0]) == (path, "")


def test_a_pattern_no_usual_value_fits_gets_one_from_hypothesis():
    target = reach.targets(app_with(("/code/<c:re:[A-Z]{3}-[0-9]{2}>", "GET")))[0]
    path, _ = reach.made_path(target)
    assert re.fullmatch(r"/code/[A-Z]{3}-[0-9]{2}", path)


def test_making_a_value_writes_nothing_in_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert reach.value_for("v[0-9]{3}x", "re") == "v000x"
    assert list(tmp_path.iterdir()) == []  # Hypothesis' .hypothesis/ went elsewhere


def test_a_pattern_no_url_can_carry_says_so():
    target = reach.targets(app_with(("/space/<s:re:\\s+>", "GET")))[0]
    path, why = reach.made_path(target)
    assert path is None and "no value a URL can carry matches <s:re:\\s+>" in why


@pytest.mark.parametrize(("rule", "path"), [
    ("<name:re:.*\\.css>", "/x.css"),  # its wildcard takes the path's leading slash
    ("<p:path>", "/x/y"),
    ("<v:re:/?[a-z]+>", "/x"),
    ("<v:re:(/a|b)>", "/a"),  # (no usual value: Hypothesis', with its slash)
])
def test_a_rule_without_a_leading_slash_gets_a_path_a_client_sends(rule, path):
    """Bottle matches a rule against the whole path: where its first wildcard can hold
    the leading slash, the path made for it holds it, as every client's path does."""
    assert reach.made_path(reach.targets(app_with((rule, "GET")))[0]) == (path, "")


@pytest.mark.parametrize("rule", ["./author", "hello", "<name>", "<n:int>/x",
                                  "<v:re:[a-z]+>/items"])
def test_a_rule_no_client_path_matches_is_said_to_be_reached_by_no_client(rule):
    """RULE-s51c class B: `./author` was sent as the literal target "./author", which
    no browser or HTTP client sends (RFC 9112 3.2.1): Bottle's 200 there was counted as a
    page the port broke."""
    app = app_with((rule, "GET"))
    target = reach.targets(app)[0]
    assert reach.made_path(target) == (None, reach.NO_CLIENT)
    assert reach.plan(app, [target], [], {}, {}) == []
    assert target.reason == reach.NO_CLIENT


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # a WSGI mount, on purpose
def test_a_bottle_app_mounted_as_a_wsgi_app_gives_its_own_routes():
    inner = app_with(("/<no:int>", "GET"), ("/", "POST"))
    outer = app_with(("/", "GET"))
    outer.mount("/items", inner)  # no trailing slash: mounted as a WSGI app
    found = reach.targets(outer)
    assert [t.name for t in found] == ["GET /", "GET /items/<no:int>", "POST /items/"]
    assert reach.match(outer, "GET", "/items/3") is inner.routes[0]


def test_writes_send_the_fields_the_view_reads_after_the_reads():
    app = bottle.Bottle()

    @app.route("/")
    @app.route("/search")
    def search():
        return "found"

    @app.delete("/item/<no:int>")
    @app.post("/new")
    @app.post("/edit/<no:int>")
    def write(no=0):
        return "written"

    read = {"search": Inputs(query=["q"]), "write": Inputs(form=["task"])}
    calls = reach.plan(app, reach.targets(app), [{"method": "GET", "path": "/?q=seen"},
                                                 {"method": "GET", "path": "/edit/7"}],
                       read, {"task": "Written"})
    assert [(c.method, c.path, c.form) for c in calls] == [
        ("GET", "/search?q=Parity+q", None),
        ("POST", "/edit/7", [("task", "Written")]),  # a value seen in a page
        ("POST", "/new", [("task", "Written")]),
        ("DELETE", "/item/1", [("task", "Written")])]
    assert [c.path for c in reach.plan(app, reach.targets(app), [], read, {},
                                       writes=False)] == ["/search?q=Parity+q", "/?q=Parity+q"]


def test_a_route_an_earlier_one_always_takes_says_which():
    app = app_with(("/a/<x>", "GET"), ("/a/<y:int>", "GET"))
    found = reach.targets(app)
    assert reach.plan(app, found, [], {}, {})[0].path == "/a/x"
    assert found[1].reason == "its paths go to GET /a/<x> first"


def test_a_path_seen_that_an_earlier_route_takes_is_not_the_later_ones():
    """Found by the RULE-s36 batch (byah): /api/hi, seen by the crawl, fits
    /api/<url:re:.+> too, but the app routes it to /api/hi; a path made for the filter
    reaches the later route."""
    app = app_with(("/api/hi", "GET"), ("/api/<url:re:.+>", "GET"))
    found = reach.targets(app)
    calls = reach.plan(app, found, [{"method": "GET", "path": "/api/hi"}], {}, {})
    assert [c.path for c in calls] == ["/api/x"] and found[1].reason == ""


def test_a_view_that_reads_files_gets_a_multipart_request():
    call = reach.request_for("/upload", "POST", Inputs(form=["title"], files=["f"]), {})
    assert call.content_type.startswith("multipart/form-data; boundary=")
    assert 'name="f"; filename="parity.txt"' in call.body and 'name="title"' in call.body


def test_a_route_the_port_serves_through_a_mounted_flask_app_counts_as_ported():
    """Found on pygillier/ec2-metamock: the port mounts each Bottle sub-app's port with
    Werkzeug's DispatcherMiddleware, which Flask's URL map does not show."""
    import flask
    from werkzeug.middleware.dispatcher import DispatcherMiddleware

    from bottle2flask.migrate.status import serves

    outer, inner = flask.Flask("outer"), flask.Flask("inner")
    inner.add_url_rule("/ami-id", "ami", lambda: "x")

    def wrapped(environ, start_response):  # as the port's _bottle_mounted() wraps it
        return inner(environ, start_response)

    outer.wsgi_app = DispatcherMiddleware(outer.wsgi_app, {"/latest/meta-data": wrapped})
    assert serves(outer, "/latest/meta-data/ami-id", "GET")
    assert not serves(outer, "/latest/meta-data/nothing", "GET")
    assert not serves(outer, "/elsewhere", "GET")


def test_a_route_bottle_replaced_with_a_later_one_is_not_a_target():
    """Bottle's router keys a route by its pattern and method: routed again (the same
    rule, or /x/<id> after /x/<no>), the later view answers and no request reaches the
    earlier route, which stays in app.routes (the check called it 'not reached')."""
    app = bottle.Bottle()
    app.route("/", callback=lambda: "first")
    app.route("/", callback=lambda: "second")
    app.route("/x/<no>", method=["GET", "POST"], callback=lambda no: no)
    app.route("/x/<id>", method="POST", callback=lambda id: id)
    found = [(t.name, t.route.callback(*(["1"] if "<" in t.rule else [])))
             for t in reach.targets(app)]
    assert found == [("GET /", "second"), ("GET /x/<no>", "1"), ("POST /x/<id>", "1")]

"""Routing and URLs: path syntax, converters, slashes, 405, URL building, mounting, hooks."""

from __future__ import annotations

import bottle
import flask
from webtest import TestApp


def bottle_client(app: bottle.Bottle) -> TestApp:
    return TestApp(app, lint=True, extra_environ={"SERVER_PROTOCOL": "HTTP/1.1"})


flask_client = bottle_client  # the same WebTest wrapper; two names read better below


# -- int converter: signs ---

def test_bottle_int_filter_takes_a_sign():
    app = bottle.Bottle()
    app.route("/n/<n:int>", "GET", lambda n: repr(n))
    client = bottle_client(app)
    assert client.get("/n/-5").text == "-5"
    assert client.get("/n/05").text == "5"


def test_flask_int_converter_takes_no_sign():
    app = flask.Flask(__name__)
    app.add_url_rule("/n/<int:n>", "n", lambda n: repr(n))
    client = flask_client(app)
    client.get("/n/-5", status=404)
    assert client.get("/n/05").text == "5"


def test_our_int_parameters_take_no_sign_in_either_build(probe_client):
    assert probe_client.get("/probe/number/05").json == {"n": 5}
    probe_client.get("/probe/number/-5", status=404)
    probe_client.get("/probe/number/+5", status=404)


# -- a path routed twice (PORTING 38) ---

def test_bottle_serves_the_later_of_two_routes_for_one_path_and_method():
    app = bottle.Bottle()
    app.route("/x", "GET", lambda: "first")
    app.route("/x", "GET", lambda: "second")
    app.route("/n/<a:int>", "GET", lambda a: "first")
    app.route("/n/<b:int>", "GET", lambda b: "second")  # the same pattern, renamed
    client = bottle_client(app)
    assert client.get("/x").text == "second"
    assert client.get("/n/1").text == "second"


def test_flask_serves_the_first_of_two_routes_for_one_path_and_method():
    app = flask.Flask(__name__)
    app.add_url_rule("/x", "first", lambda: "first")
    app.add_url_rule("/x", "second", lambda: "second")
    assert flask_client(app).get("/x").text == "first"


# -- doubled slashes ---

def test_bottle_does_not_merge_doubled_slashes():
    app = bottle.Bottle()
    app.route("/s/<s>", "GET", lambda s: s)
    app.route("/p/<p:path>", "GET", lambda p: p)
    client = bottle_client(app)
    client.get("/s//x", status=404)
    assert client.get("/p//x").text == "/x"


def test_flask_redirects_doubled_slashes_to_single_ones():
    app = flask.Flask(__name__)
    app.add_url_rule("/s/<s>", "s", lambda s: s)
    response = flask_client(app).get("/s//x", status=308)
    assert response.headers["Location"] == "http://localhost/s/x"  # absolute, unlike redirect()


def test_our_builds_answer_404_for_doubled_slashes(client):
    client.get("/hello//x", status=404)
    client.get("/hello/x//", status=404)


# -- invalid UTF-8 in the path ---

def test_bottle_drops_undecodable_path_bytes():
    app = bottle.Bottle()
    app.route("/hello/<name>", "GET", lambda name: f"Hello {name}")
    assert bottle_client(app).get("/hello/a%FF").text == "Hello a"


def test_flask_replaces_undecodable_path_bytes():
    app = flask.Flask(__name__)
    app.add_url_rule("/hello/<name>", "hello", lambda name: f"Hello {name}")
    assert flask_client(app).get("/hello/a%FF").text == "Hello a\ufffd"


def test_our_builds_refuse_undecodable_paths_before_any_view(client):
    response = client.get("/hello/a%FF", status=400)
    assert "The address is not valid UTF-8." in response.text
    assert "Hello a" not in response.text


# -- trailing slashes ---

def test_bottle_treats_a_trailing_slash_as_another_path():
    app = bottle.Bottle()
    app.route("/x/", "GET", lambda: "x")
    bottle_client(app).get("/x", status=404)


def test_flask_redirects_to_the_rule_with_the_trailing_slash():
    app = flask.Flask(__name__)
    app.add_url_rule("/x/", "x", lambda: "x")
    response = flask_client(app).get("/x", status=308)
    assert response.headers["Location"] == "http://localhost/x/"


def test_our_routes_have_no_trailing_slash_and_answer_404_with_one(client):
    client.get("/guestbook/", status=404)
    client.get("/hello/", status=404)
    client.get("/guestbook", status=200)


# -- path parameters ---

def test_bottle_path_filter_spells_name_first():
    app = bottle.Bottle()
    app.route("/p/<p:path>", "GET", lambda p: p)
    assert bottle_client(app).get("/p/a/b.txt").text == "a/b.txt"


def test_flask_path_converter_spells_converter_first():
    app = flask.Flask(__name__)
    app.add_url_rule("/p/<path:p>", "p", lambda p: p)
    assert flask_client(app).get("/p/a/b.txt").text == "a/b.txt"


def test_our_neutral_path_syntax_works_in_both_builds(probe_client):
    assert probe_client.get("/probe/path/a/b.txt").json == {"p": "a/b.txt"}


# -- 405 and Allow ---

def test_bottle_allow_lists_only_registered_methods():
    app = bottle.Bottle()
    app.route("/g", ["GET", "POST"], lambda: "g")
    response = bottle_client(app).delete("/g", status=405)
    assert response.headers["Allow"] == "GET,POST"


def test_flask_allow_adds_head_and_options():
    app = flask.Flask(__name__)
    app.add_url_rule("/g", "g", lambda: "g", methods=["GET", "POST"])
    app.add_url_rule("/n", "n", lambda: "n", provide_automatic_options=False)
    client = flask_client(app)
    allow = client.delete("/g", status=405).headers["Allow"].split(", ")
    assert sorted(allow) == ["GET", "HEAD", "OPTIONS", "POST"]  # in no fixed order
    assert sorted(client.delete("/n", status=405).headers["Allow"].split(", ")) == [
        "GET", "HEAD"]


def test_our_allow_headers_list_the_same_methods(client):
    def allowed(response):
        return sorted(m.strip() for m in response.headers["Allow"].split(","))

    assert allowed(client.delete("/guestbook", status=405)) == ["GET", "HEAD", "POST"]
    assert allowed(client.post("/hello", status=405)) == ["GET", "HEAD"]
    client.options("/hello", status=405)
    assert client.head("/hello").status_int == 200


# -- URL building ---

def test_bottle_get_url_does_not_quote_parameters_and_needs_a_route_name():
    app = bottle.Bottle()
    app.route("/p/<p:path>", "GET", lambda p: app.get_url("pp", p="a b?c/d", q="x y"), name="pp")
    assert bottle_client(app).get("/p/x").text == "/p/a b?c/d?q=x+y"
    prefixed = bottle_client(app).get("/p/x", extra_environ={"SCRIPT_NAME": "/pre"})
    assert prefixed.text == "/pre/p/a b?c/d?q=x+y"


def test_flask_url_for_quotes_parameters_and_names_endpoints_after_functions():
    app = flask.Flask(__name__)

    @app.get("/p/<path:p>")
    def pp(p):
        return flask.url_for("pp", p="a b?c/d", q="x y")

    assert flask_client(app).get("/p/x").text == "/p/a%20b%3Fc/d?q=x+y"
    prefixed = flask_client(app).get("/p/x", extra_environ={"SCRIPT_NAME": "/pre"})
    assert prefixed.text == "/pre/p/a%20b%3Fc/d?q=x+y"


def test_our_url_for_quotes_alike_and_keeps_the_mount_prefix(probe_client):
    link = probe_client.get("/probe/link", {"p": "a b?c/d;é"}).text
    assert link == "/probe/path/a%20b%3Fc/d;%C3%A9"
    assert probe_client.get(link).json == {"p": "a b?c/d;é"}
    prefixed = probe_client.get("/pre/probe/link", {"p": "x"},
                                extra_environ={"SCRIPT_NAME": "/pre"})
    assert prefixed.text == "/pre/probe/path/x"


def test_bottle_get_url_quotes_query_values_fully_and_keeps_none():
    app = bottle.Bottle()
    app.route("/q", "GET", lambda: app.get_url("q", next="/a?b=c d", skip=None), name="q")
    assert bottle_client(app).get("/q").text == "/q?next=%2Fa%3Fb%3Dc+d&skip=None"


def test_flask_url_for_keeps_slashes_in_query_values_and_drops_none():
    app = flask.Flask(__name__)

    @app.get("/q")
    def q():
        return flask.url_for("q", next="/a?b=c d", skip=None)

    assert flask_client(app).get("/q").text == "/q?next=/a?b%3Dc+d"


def test_our_url_for_spells_query_strings_alike(probe_client):
    link = probe_client.get("/probe/query-link", {"next": "/a?b=c d"}).text
    assert link == "/probe/query?next=/a?b%3Dc+d"
    assert probe_client.get(link).json["first"] is None  # `x` was not sent
    assert probe_client.get("/probe/query", {"x": "/a?b=c d"}).json["first"] == "/a?b=c d"


# -- hooks ---

def test_bottle_ignores_what_before_request_returns_and_skips_after_request_on_crashes():
    app = bottle.Bottle(catchall=True)
    app.add_hook("before_request", lambda: "stopped")
    app.add_hook("after_request", lambda: bottle.response.set_header("X-After", "yes"))
    app.route("/v", "GET", lambda: "view ran")

    @app.get("/boom")
    def boom():
        raise RuntimeError("bug")

    client = bottle_client(app)
    assert client.get("/v").text == "view ran"
    assert client.get("/nope", status=404).headers["X-After"] == "yes"
    crashed = client.get("/boom", expect_errors=True)  # Bottle writes the traceback to wsgi.errors
    assert crashed.status_int == 500 and "X-After" not in crashed.headers


def test_flask_stops_at_a_before_request_return_value_and_runs_after_request_on_crashes():
    app = flask.Flask(__name__)
    app.before_request(lambda: "stopped" if flask.request.path == "/v" else None)

    @app.after_request
    def after(response):
        response.headers["X-After"] = "yes"
        return response

    app.add_url_rule("/v", "v", lambda: "view ran")

    @app.get("/boom")
    def boom():
        raise RuntimeError("bug")

    client = flask_client(app)
    assert client.get("/v").text == "stopped"
    assert client.get("/nope", status=404).headers["X-After"] == "yes"
    assert client.get("/boom", status=500).headers["X-After"] == "yes"


def test_our_after_request_work_happens_on_error_pages_too(client):
    # The session is saved (Vary: Cookie) even when the handler raised a 404.
    response = client.get("/guestbook", {"page": "99"}, status=404)
    assert "Cookie" in response.headers.get("Vary", "")


# -- mounting ---

def where_flask():
    app = flask.Flask(__name__)

    @app.get("/where")
    def where():
        return f"{flask.request.script_root}|{flask.request.path}|{flask.url_for('where')}"

    return app


def where_bottle():
    app = bottle.Bottle()
    app.route("/where", "GET", name="where", callback=lambda: (
        f"{bottle.request.script_name}|{bottle.request.path}|{app.get_url('where')}"))
    return app


def test_bottle_mounts_any_wsgi_app_under_script_name():
    outer = bottle.Bottle()
    outer.mount("/f/", where_flask())
    assert bottle_client(outer).get("/f/where").text == "/f|/where|/f/where"


def test_bottle_mounting_a_bottle_app_merges_routes_without_script_name():
    outer, inner = bottle.Bottle(), where_bottle()
    outer.mount("/b/", inner)
    # The child's own get_url forgets the prefix; the parent's knows it.
    assert bottle_client(outer).get("/b/where").text == "/|/b/where|/where"
    assert outer.get_url("where") == "/b/where"


def test_werkzeug_dispatcher_mounts_a_bottle_app_under_script_name():
    from werkzeug.middleware.dispatcher import DispatcherMiddleware

    mounted = DispatcherMiddleware(where_flask(), {"/b": where_bottle()})
    assert flask_client(mounted).get("/b/where").text == "/b/|/where|/b/where"


def named(name: str):
    """A bare WSGI app that says who it is and where the request reached it."""
    def app(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [f"{name}|{environ['SCRIPT_NAME']}|{environ['PATH_INFO']}".encode()]
    return app


def test_bottle_tries_mounts_in_the_order_they_were_made():
    outer = bottle.Bottle()
    outer.mount("/a/", named("a"))
    outer.mount("/a/b/", named("ab"))  # never reached: /a/ was mounted first
    assert bottle_client(outer).get("/a/b/x").text == "a|/a|/b/x"


def test_werkzeug_dispatcher_tries_the_longest_prefix_first():
    from werkzeug.middleware.dispatcher import DispatcherMiddleware

    mounted = DispatcherMiddleware(named("root"), {"/a": named("a"), "/a/b": named("ab")})
    assert flask_client(mounted).get("/a/b/x").text == "ab|/a/b|/x"


def test_bottle_serves_the_bare_prefix_only_of_a_mount_without_its_slash():
    bare = bottle.Bottle()
    bare.mount("/api", named("api"))
    assert bottle_client(bare).get("/api").text == "api|/api|/"  # the app's own /
    slashed = bottle.Bottle()
    slashed.mount("/api/", named("api"))
    bottle_client(slashed).get("/api", status=404)


def test_werkzeug_hands_the_bare_prefix_on_with_an_empty_path_flask_redirects():
    from werkzeug.middleware.dispatcher import DispatcherMiddleware

    inner = flask.Flask(__name__)
    inner.add_url_rule("/", "index", lambda: "index")
    assert flask_client(DispatcherMiddleware(named("root"), {"/api": named("api")})).get(
        "/api").text == "api|/api|"
    mounted = DispatcherMiddleware(named("root"), {"/api": inner})
    response = flask_client(mounted).get("/api", status=308)
    assert response.headers["Location"].endswith("/api/")


def test_an_empty_path_is_bottles_root_and_no_path_to_werkzeug():
    from webtest import TestRequest

    bottle_app = bottle.Bottle()
    bottle_app.route("/", "GET", lambda: "root")
    flask_app = flask.Flask(__name__)
    flask_app.add_url_rule("/", "root", lambda: "root")

    def empty(method):
        return TestRequest.blank("/", method=method, environ={"PATH_INFO": ""})

    assert bottle_client(bottle_app).do_request(empty("GET")).text == "root"
    bottle_client(bottle_app).do_request(empty("PATCH"), status=405)
    flask_client(flask_app).do_request(empty("GET"), status=308)
    flask_client(flask_app).do_request(empty("PATCH"), status=404)


def test_our_app_mounted_with_a_dispatcher_builds_prefixed_links(app):
    from werkzeug.middleware.dispatcher import DispatcherMiddleware

    from tests.conftest import make_client
    from tests.helpers import soup

    client = make_client(DispatcherMiddleware(lambda environ, start: [], {"/kit": app}))
    page = soup(client.get("/kit/guestbook"))
    assert page.select_one(".navbar-brand")["href"] == "/kit/"
    assert page.select_one('link[rel="stylesheet"]')["href"] == "/kit/static/style.css"
    assert client.get("/kit/static/style.css").content_type == "text/css"

"""P008 in the default port: Flask's own redirect() and abort(), no patched app.redirect."""

from __future__ import annotations

from textwrap import dedent

import pytest

from bottle2flask.port.runner import port_source

from .helpers import answers, both_apps, both_folders, idiom, port, untouched

# What P008 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    class Client:
        def redirect(self, url):
            return url


    def abort(code):
        return code


    Client().redirect('/x')
    abort(3)
    """,
    # an HTTPError of the module's own, returned by a helper: not Bottle's
    """
    from bottle import Bottle

    app = Bottle()


    class HTTPError(Exception):
        pass


    def fail():
        return HTTPError(404, 'x')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P008", source)


def test_abort_with_a_code_and_text_is_left_as_flask_reads_it():
    idiom('''
        from bottle import Bottle, abort

        app = Bottle()


        @app.get("/item/<no>")
        def item(no):
            abort(404, "No such item.")
    ''', '''
        from flask import Flask, abort

        app = Flask(__name__, static_folder=None)


        @app.get("/item/<no>")
        def item(no):
            abort(404, "No such item.")
    ''')


def test_a_redirect_in_a_view_is_returned_with_bottles_code_and_a_declared_location():
    result = idiom('''
        from bottle import Bottle, redirect

        app = Bottle()


        @app.post("/new")
        def new():
            redirect("/")
    ''', '''
        from flask import Flask, redirect

        app = Flask(__name__, static_folder=None)


        @app.post("/new")
        def new():
            return redirect("/", 303)
    ''', declared=("D-location", "D-redirect-body"))
    assert [(d["line"], d["paths"]) for d in result.declared] == [(8, ["/new"])] * 2
    assert "_absolute_redirect" not in result.code and "app.redirect =" not in result.code


def test_a_redirect_in_a_helper_is_raised_with_abort_and_declared_for_every_path():
    result = idiom('''
        from bottle import redirect


        def login_required():
            redirect("/login", 302)
    ''', '''
        from flask import abort, redirect


        def login_required():
            abort(redirect("/login", 302))
    ''', declared=("D-location", "D-redirect-body"))
    assert [d["paths"] for d in result.declared] == [["*"], ["*"]]


def test_a_redirect_imported_under_another_name_is_flask_s_redirect():
    """It kept Bottle's (which raises where Flask's returns) under a P001 TODO."""
    idiom('''
        from bottle import Bottle, redirect as go_to

        app = Bottle()


        @app.post("/new")
        def new():
            go_to("/")


        def helper():
            from bottle import redirect as bottle_redirect
            bottle_redirect("/login")
    ''', '''
        from flask import Flask, abort, redirect

        app = Flask(__name__, static_folder=None)


        @app.post("/new")
        def new():
            return redirect("/", 303)


        def helper():
            abort(redirect("/login", 303))
    ''', declared=("D-location", "D-redirect-body") * 2)


def test_a_redirect_under_another_name_is_flask_s_under_a_free_name_where_the_module_has_one():
    """Bottle's, kept there under a P001 TODO, raised its HTTPResponse in Flask: a 500
    (RULE-s53 class I). Flask's comes in as `flask_redirect`."""
    result = port('''
        from bottle import Bottle, redirect as go_to

        app = Bottle()


        def redirect(where):
            return where


        @app.post("/new")
        def new():
            go_to(redirect("/"))
    ''', faithful=False)
    assert result.code.startswith("from flask import Flask, redirect as flask_redirect\n")
    assert '    return flask_redirect(redirect("/"), 303)\n' in result.code
    assert "bottle" not in result.code and result.todos == []


def test_an_httpresponse_of_text_needs_no_todo_and_one_of_a_variable_does():
    """HTTPResponse(json.dumps(...)) got the 'if the body is a dict' TODO as well."""
    from .helpers import port

    result = port('''
        import json

        from bottle import Bottle, HTTPResponse

        app = Bottle()


        @app.route("/a")
        def a():
            return HTTPResponse(json.dumps({"x": 1}), status=400)


        @app.route("/b")
        def b():
            return HTTPResponse("no %s" % "item", status=404)


        @app.route("/c")
        def c():
            body = {"x": 1}
            return HTTPResponse(body, status=200)
    ''', faithful=False)
    assert [t["code"] for t in result.todos] == ["P008"]
    assert result.code.index("TODO(flask-port/P008)") > result.code.index("def c():")


ROUTED_BY_CALL = '''
    from bottle import Bottle, HTTPResponse, redirect

    app = Bottle()


    class Pages:
        def __init__(self, app):
            app.route("/made")(self.made)
            app.route("/away")(self.away)

        def made(self):
            return HTTPResponse("made", status=201, headers={"X-Made": "1"})

        def away(self):
            redirect("/made")


    def gone():
        redirect("/made")


    Pages(app)
    app.route("/gone", callback=gone)
'''


def test_methods_routed_by_a_call_are_views_too(tmp_path):
    """Found by the generated apps (issue #36): a method routed with app.route(path)(
    self.made) was no view to the rule, so its HTTPResponse stayed Bottle's (Flask: a 500)
    and its redirect() was not returned; a function routed with callback= alike."""
    result = port(ROUTED_BY_CALL, faithful=False)
    assert 'return Response("made", status=201, headers={"X-Made": "1"})' in result.code
    assert result.code.count('return redirect("/made", 303)') == 2
    assert "HTTPResponse" not in result.code
    bottle_app, flask_app = both_apps(tmp_path, ROUTED_BY_CALL, "bycall")
    for client in (bottle_app, flask_app):
        made = client.get("/made", status=201)
        assert made.text == "made" and made.headers["X-Made"] == "1"
        # (303 from both over HTTP/1.1; WebTest speaks HTTP/1.0, where Bottle's is a 302)
        away = client.get("/away", status=[302, 303], extra_environ={
            "SERVER_PROTOCOL": "HTTP/1.1"})
        assert away.status_int == 303 and away.headers["Location"].endswith("/made")
        gone = client.get("/gone", extra_environ={"SERVER_PROTOCOL": "HTTP/1.1"})
        assert gone.status_int == 303


KEPT_ERRORS = '''
from bottle import Bottle, HTTPError

app = Bottle()


@app.error(401)
def who(err):
    return "who? " + err.body


@app.route("/private")
def private():
    raise HTTPError(401, "private", WWW_Authenticate='Basic realm="shop"')


@app.route("/code/<code:int>")
def by_code(code):
    if code == 418:
        return HTTPError(code, "tea", X_A="1")
    raise HTTPError(code, "by code")
'''


def test_an_httperror_abort_cannot_say_is_kept_by_the_helper(tmp_path):
    result = port(KEPT_ERRORS, faithful=False)
    assert "from bottle_responses import HTTPError\n" in result.code
    assert "    raise HTTPError(401, \"private\", WWW_Authenticate='Basic realm=\"shop\"')\n" \
        in result.code
    assert '        raise HTTPError(code, "tea", X_A="1")\n' in result.code  # returned: raised
    assert '    abort(code, "by code")\n' in result.code  # a status read at run time
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P008", False)] * 2
    assert result.companions == ["bottle_responses"]
    bottle_app, flask_app = both_apps(tmp_path, KEPT_ERRORS, "p008_kept")
    answers = []
    for client in (bottle_app, flask_app):
        private = client.get("/private", status=401)
        tea = client.get("/code/418", status=418)
        answers.append((private.text, private.headers["WWW-Authenticate"],
                        tea.headers["X-A"], client.get("/code/404", status=404).status_int))
    assert answers[0] == answers[1] == ("who? private", 'Basic realm="shop"', "1", 404)


def test_a_status_read_at_run_time_keeps_bottles_httperror_where_exact():
    result = port(KEPT_ERRORS, faithful=True)
    assert '    raise HTTPError(code, "by code")\n' in result.code
    assert [s["kind"] for s in result.sites if s["rule"] == "P008"] == ["http-error-status"]


# Class B of RULE-s45 (pysadm's static.py): views of a helper module that does not make
# the app, routed from the module that does (`app.route(rule, "GET", files.serve)`)
HELPER_VIEWS = {
    "web.py": """
        import bottle

        import files

        app = bottle.Bottle()
        app.route("/files/<name>", "GET", files.serve)
        app.route("/made", "GET", files.made)
    """,
    "files.py": """
        import bottle


        def serve(name):
            if not name.endswith(".css"):
                return bottle.HTTPError(404, "file not found")
            return "body { }"


        def made():
            return bottle.HTTPResponse("made", status=201)
    """,
}


def test_an_httperror_a_helper_module_returns_is_kept_a_value_flask_answers(tmp_path):
    """RULE-s45 class B: a function the model does not know as a view returned Bottle's
    HTTPError; the port kept `from bottle import HTTPError` under a breaking P001 TODO
    (exit 5) and answered 500 where Bottle answered 404."""
    result = port(HELPER_VIEWS["files.py"].replace("\n        ", "\n"), faithful=False)
    assert "from bottle_responses import HTTPError\n" in result.code
    assert 'return HTTPError(404, "file not found")' in result.code
    assert 'return Response("made", status=201)' in result.code
    assert "bottle" not in result.code.replace("bottle_responses", "")
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P008", False)]
    assert result.companions == ["bottle_responses"]
    bottle_app, flask_app = both_folders(tmp_path, HELPER_VIEWS, "p008_helper")
    seen = [(answers(client, "/files/x.txt")[0], answers(client, "/files/a.css"),
             answers(client, "/made")) for client in (bottle_app, flask_app)]
    assert seen[0] == seen[1] == (404, (200, "body { }"), (201, "made"))


MADE = """
    from bottle import Bottle, HTTPResponse

    app = Bottle()


    @app.route("/made")
    def made():
        return HTTPResponse("made", status=201)
"""


def test_an_httpresponse_is_a_site_asked_only_where_the_port_takes_exact_forms():
    """Both forms are values (Rule.site_if_exact): Flask's Response, bottle_compat's
    BottleHTTPResponse. The default port records no site there (its report is as it
    was); a port with sites named exact asks it, and its key picks the exact form."""
    key = "web.py:made:P008:http-response:0"
    source = dedent(MADE).lstrip("\n")
    default = port_source(source, "web.py")
    assert not any(s["kind"] == "http-response" for s in default.sites)
    assert '    return Response("made", status=201)\n' in default.code
    other = port_source(source, "web.py", exact=frozenset({"web.py:other"}))
    (site,) = [s for s in other.sites if s["kind"] == "http-response"]
    assert (site["key"], site["exact"]) == (key, False)
    assert site["forms"] == {"idiomatic": "Response", "exact": "BottleHTTPResponse"}
    assert other.code == default.code
    exact = port_source(source, "web.py", exact=frozenset({key}))
    assert [s["exact"] for s in exact.sites if s["kind"] == "http-response"] == [True]
    assert '    return BottleHTTPResponse("made", status=201)\n' in exact.code
    assert "from bottle_compat import BottleHTTPResponse\n" in exact.code
    assert "Response" not in exact.code.replace("BottleHTTPResponse", "")
    faithful = port_source(source, "web.py", faithful=True)
    assert [s["key"] for s in faithful.sites if s["kind"] == "http-response"] == [key]


ARGUMENTS = '''
from bottle import Bottle, HTTPResponse

app = Bottle()


@app.get("/p/<name>")
def preview(name):
    args = {"status": 200}
    if name == "gone":
        args = {"body": "Expired", "status": 410}
    else:
        args["body"] = "preview of " + name
    return HTTPResponse(**args)


@app.get("/moved")
def moved():
    raise HTTPResponse("see /p/x", status=301, Location="/p/x", X_Made_By="shop")
'''


def test_an_httpresponse_given_star_arguments_or_a_header_by_name_answers_as_in_bottle(
        tmp_path):
    """RULE-s51 class C (oz123/bottle-jinja-live): `return HTTPResponse(**args)` was a TODO
    on Bottle's HTTPResponse, which a Flask view cannot return (500). It becomes
    BottleHTTPResponse, which takes Bottle's signature, a header by name included."""
    source = dedent(ARGUMENTS).lstrip("\n")
    result = port_source(source, "web.py")
    assert "    return BottleHTTPResponse(**args)\n" in result.code
    assert '    abort(BottleHTTPResponse("see /p/x", status=301, Location="/p/x", ' in result.code
    assert [bool(s["exact"] and s["kept"]) for s in result.sites
            if s["kind"] == "http-response-arguments"] == [True, True]
    assert not [t for t in result.todos if t["code"] == "P008"]
    bottle_app, flask_app = both_apps(tmp_path, ARGUMENTS, "p008_arguments")
    seen = []
    for client in (bottle_app, flask_app):
        moved = client.get("/moved", status=301)
        seen.append((answers(client, "/p/x"), answers(client, "/p/gone"),
                     moved.text, moved.headers["Location"].endswith("/p/x"),
                     moved.headers["X-Made-By"]))
    assert seen[0] == seen[1] == ((200, "preview of x"), (410, "Expired"), "see /p/x", True,
                                  "shop")


def test_an_aliased_redirect_where_the_module_has_a_redirect_of_its_own(tmp_path):
    """Class I of RULE-s53 (Arthur061/epf-Estoke): `redirect as bottle_redirect`, and a
    controller method named `redirect` that imports it again. Bottle's was kept under a
    P001 TODO, and in Flask it raised Bottle's HTTPResponse: a 500 where Bottle answered
    303. Flask's redirect comes in under a free name, `flask_redirect`."""
    bottle_app, flask_app = both_folders(tmp_path, {
        "web.py": """
            from bottle import Bottle

            from controllers import Controller

            app = Bottle()
            Controller(app)
        """,
        "controllers.py": """
            from bottle import redirect as bottle_redirect


            class Controller:
                def __init__(self, app):
                    self.app = app
                    self.app.route("/logout", callback=self.logout)
                    self.app.route("/away", callback=self.away)

                def away(self):
                    bottle_redirect("/there")

                def redirect(self, path):
                    from bottle import redirect as bottle_redirect
                    return bottle_redirect(path)

                def logout(self):
                    return self.redirect("/login")
        """,
    }, "p008_own_redirect")
    code = (tmp_path / "out" / "controllers.py").read_text()
    assert code.startswith("from flask import redirect as flask_redirect\n")
    assert "bottle" not in code
    for path, where in (("/logout", "/login"), ("/away", "/there")):
        for client in (bottle_app, flask_app):
            response = client.get(path, expect_errors=True)
            assert response.status_int == 303, path
            assert response.headers["Location"].endswith(where)

"""P028 request objects the code makes: `BaseRequest(environ)`, `LocalRequest()`."""

from __future__ import annotations

import json
from textwrap import dedent

import pytest

from bottle2flask.port.runner import port_source

from .helpers import answers, both_folders, idiom, ported, untouched

# What P028 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle, request
    from werkzeug.wrappers import Request

    app = Bottle()


    def wrap(environ):
        r = Request(environ)
        return r.method
    """,
    """
    import bottle

    app = bottle.Bottle()


    @app.route("/")
    def index():
        request = {"method": "local"}
        return request["method"] + bottle.request.method
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P028", source)


def test_a_request_read_as_werkzeug_reads_it_is_flasks_request():
    idiom("""
        import bottle

        app = bottle.Bottle()


        def method_of(environ):
            r = bottle.BaseRequest(environ)
            return r.method + r.path + r.environ["X"]
    """, """
        from flask import Flask, Request

        app = Flask(__name__, static_folder=None)


        def method_of(environ):
            r = Request(environ)
            return r.method + r.path + r.environ["X"]
    """)


def test_resetting_bottles_global_request_is_left_out():
    """pysadm's test helper: `del bottle.request; bottle.request = bottle.LocalRequest()`
    was spelt `del request; request = LocalRequest()`, an UnboundLocalError under a P001
    TODO that broke. (The lines commented out name `request`: its import stays, as P001
    keeps an import a comment names.)"""
    result = ported("""
        import bottle

        app = bottle.Bottle()


        def reset():
            try:
                pass
            finally:
                del bottle.request
                bottle.request = bottle.LocalRequest()
    """, """
        from flask import Flask, request

        app = Flask(__name__, static_folder=None)


        def reset():
            try:
                pass
            finally:
                pass
    """, todos=("P028", "P028"))
    assert "        # del request\n" in result.code
    assert "        # request = LocalRequest()\n" in result.code
    assert not any(t["breaks"] for t in result.todos)


HELPERS = {
    "web.py": """
        import bottle
        from io import BytesIO

        app = bottle.Bottle()


        def fake(method="GET", path="/x"):
            # rosshm's test helper: a request made up, its form filled in
            env = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "a=1"}
            req = bottle.LocalRequest(environ=env)
            req.environ["wsgi.input"] = BytesIO()
            req.forms.replace("k", "v")
            return req


        def path_of(environ):
            return bottle.BaseRequest(environ).path


        def reset():
            try:
                return fake().query.a
            finally:
                del bottle.request
                bottle.request = bottle.LocalRequest()


        @app.route("/")
        def index():
            req = fake("POST", "/made")
            return req.method + req.path + req.forms.k + reset() + path_of({"PATH_INFO": "o"})


        @app.route("/again")
        def again():
            return bottle.request.method + bottle.request.path
    """,
}


def test_request_objects_made_by_the_code_keep_working(tmp_path):
    """RULE-s45 (pysadm, rosshm): a request the code makes kept Bottle's class under a
    P001 TODO that broke; a request over an environ read otherwise than Werkzeug reads
    it stays Bottle's own (it needs no app), a site kept, and the port is done."""
    bottle_app, flask_app = both_folders(tmp_path, HELPERS, "p028_helpers")
    for path in ("/", "/again", "/"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/") == (200, "POST/madev1/o")
    report = json.loads((tmp_path / "out" / "porting-report.json").read_text())
    (module,) = report["modules"]
    assert not any(t["breaks"] for t in module["todos"])
    assert [(s["kind"], bool(s.get("kept"))) for s in module["sites"]
            if s["rule"] == "P028"] == [("request-object", True)]
    code = (tmp_path / "out" / "web.py").read_text()
    assert "    req = LocalRequest(environ=env)\n" in code
    assert "bottle" in (tmp_path / "out" / "requirements.txt").read_text().lower()


def test_the_request_object_is_a_site_whose_exact_form_the_exact_set_picks_by_key():
    """Both forms are values (Rule.site): Flask's Request(environ) and Bottle's own class
    under a TODO that does not break; the site named exact takes Bottle's."""
    source = """
        import bottle

        app = bottle.Bottle()


        def method_of(environ):
            r = bottle.BaseRequest(environ)
            return r.method
    """
    default = port_source(dedent(source).lstrip("\n"), "web.py")
    (site,) = [s for s in default.sites if s["rule"] == "P028"]
    assert (site["key"], site["exact"]) == ("web.py:method_of:P028:request-object:0", False)
    assert site["forms"] == {"idiomatic": "Request(environ)",
                             "exact": "BaseRequest(environ)"}
    assert "    r = Request(environ)\n" in default.code and default.todos == []
    exact = port_source(dedent(source).lstrip("\n"), "web.py", exact=frozenset({site["key"]}))
    assert [s["exact"] for s in exact.sites if s["rule"] == "P028"] == [True]
    assert "    r = BaseRequest(environ)\n" in exact.code
    assert "P028" in [t["code"] for t in exact.todos]
    assert not any(t["breaks"] for t in exact.todos)

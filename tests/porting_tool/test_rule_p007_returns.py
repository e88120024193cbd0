"""P007 in the default port: a dict is Flask's JSON, its key order declared."""

from __future__ import annotations

import pytest

from .helpers import as_sent, both_apps, both_folders, idiom, port, untouched

# What P007 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    def helper():
        return {'a': 1}
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P007", source)


def test_a_string_return_is_left_alone():
    idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.get("/")
        def index():
            return "hi"
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.get("/")
        def index():
            return "hi"
    ''')


def test_a_dict_return_is_flasks_json_with_its_key_order_declared():
    result = idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.get("/api")
        def api():
            return {"b": 1, "a": 2}
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.get("/api")
        def api():
            return {"b": 1, "a": 2}
    ''', declared=("D-json",))
    assert "sort_keys" not in result.code and result.declared[0]["paths"] == ["/api"]


CONTROLLER_JSON = """
from bottle import Bottle

app = Bottle()


class Energy:
    def __init__(self, app):
        app.route("/api/status", method="GET", callback=self.status)

    def status(self):
        return {"status": "on", "at": [1, 2]}


Energy(app)
"""


def test_a_dict_of_a_method_view_is_declared_and_parity_explains_it(tmp_path):
    """RULE-s48 Eletron-Web: a controller's method routed by callback= returns a dict.
    D-json was declared with nothing to ignore, so the check counted the page "alike
    once normalised" (an undeclared difference): the port's parity.toml now names it
    (`written = "json"`), and parity explains that page by D-json."""
    from bottle2flask.parity.normalise import Response, compare
    from bottle2flask.parity.scenario import load

    bottle_app, flask_app = both_apps(tmp_path, CONTROLLER_JSON, "method_json")
    rules = [rule for rule in load(tmp_path / "out" / "parity.toml").ignore
             if rule.applies("/api/status")]
    assert [(rule.name, rule.written) for rule in rules] == [("D-json", "json")]
    a, b = (Response(got.status, got.headerlist, got.body, "/api/status")
            for got in (bottle_app.get("/api/status"), flask_app.get("/api/status")))
    assert a.body != b.body and a.body.strip() != b.body.strip()
    result = compare(a, b, ignore=rules)
    assert (result.verdict, result.explained) == ("explained", ["D-json"])


def test_a_local_named_response_is_returned_as_it_is(tmp_path, monkeypatch):
    """RULE-s49 class F (Thinkbiz/Game-Bottle-Web): `response = static_file(...)` then
    `return response`, in a module that imports Bottle's response: the returned name is
    the view's own value, and the port returned an empty text/html body in its place."""
    bottle_app, flask_app = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle, response, static_file

            app = Bottle()


            @app.route("/")
            def index():
                response.set_header("X-Page", "home")
                return "home"


            @app.route("/static/<filename:path>")
            def serve_static(filename):
                response = static_file(filename, root="./static")
                return response
        ''',
        "static/icon.txt": "an icon\n",
    }, "p007_local_response")
    assert "return response" in (tmp_path / "out" / "web.py").read_text()
    monkeypatch.chdir(tmp_path / "src")  # Bottle reads a relative root from here
    original = bottle_app.get("/static/icon.txt")
    monkeypatch.chdir(tmp_path / "out")
    ported = flask_app.get("/static/icon.txt")
    assert (ported.status_int, ported.text) == (original.status_int, original.text) \
        == (200, "an icon\n")
    assert ported.content_type == original.content_type == "text/plain"


BODY_SET = '''
    import json

    from bottle import Bottle, response

    app = Bottle()


    @app.get("/")
    def index():
        response.body = json.dumps(["no login needed"])
        return response


    @app.get("/status")
    def status():
        response.body = "no: " + json.dumps({"ok": False})
        response.status = 401
        return response
'''


@pytest.mark.parametrize("faithful", [False, True])
def test_a_body_set_on_bottles_response_before_returning_it_is_the_page(tmp_path, faithful):
    """RULE-s52 class B (vthiagossilva/bottle-jwtauth-example): `response.body = json.dumps(
    ...)`, then `return response`. Bottle iterates the response it is given for the body,
    so it sent that text; the port returned "" under a TODO that breaks (exit 5), an empty
    page in both modes. The text is returned, the status folded beside it."""
    bottle_app, flask_app = both_apps(tmp_path, BODY_SET, f"p007_body_{faithful}", faithful)
    for path, status, body in (("/", 200, '["no login needed"]'),
                               ("/status", 401, 'no: {"ok": false}')):
        original = bottle_app.get(path, expect_errors=True)
        ported = flask_app.get(path, expect_errors=True)
        assert (original.status_int, original.text) == (ported.status_int, ported.text) \
            == (status, body)
    if not faithful:
        assert 'return "no: " + json.dumps({"ok": False}), 401' \
            in (tmp_path / "out" / "web.py").read_text()


def test_a_body_not_text_by_its_form_is_left_to_the_todo():
    """A body whose type the code does not show (a name: a dict Bottle would iterate for
    its keys, bytes it cannot send) is not returned in its place."""
    result = port('''
        from bottle import Bottle, response

        app = Bottle()


        @app.get("/")
        def index():
            data = load()
            response.body = data
            return response
    ''', faithful=False)
    assert "response.body = data" in result.code and 'return ""' in result.code


def test_the_faithful_port_sends_the_body_bottle_iterated_without_a_length(tmp_path):
    """RULE-s52 (vthiagossilva/bottle-jwtauth-example): `response.body = json.dumps(...);
    return response`. Bottle iterated its response for the body and sent no
    Content-Length; `return json.dumps(...)` gave Flask's answer one."""
    bottle_app, flask_app = both_apps(tmp_path, """
        import json

        from bottle import Bottle, response

        app = Bottle()


        @app.route("/")
        def index():
            response.body = json.dumps(["open"])
            return response
    """, "p007_iterated", faithful=True)
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'return bottle_iterated(json.dumps(["open"]))' in code
    expected = as_sent(bottle_app.app, "/")
    assert "Content-Length" not in dict(expected[1]) and expected[2] == b'["open"]'
    assert as_sent(flask_app.app, "/") == expected


def test_the_default_port_returns_the_text_itself():
    result = port("""
        import json

        from bottle import Bottle, response

        app = Bottle()


        @app.route("/")
        def index():
            response.body = json.dumps(["open"])
            return response
    """, faithful=False)
    assert 'return json.dumps(["open"])' in result.code and "bottle_iterated" not in result.code
    assert not [site for site in result.sites if site["kind"] == "response-body"]

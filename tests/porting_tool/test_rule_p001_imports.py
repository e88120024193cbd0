"""P001 imports: a Bottle name no rule converts keeps its import under a TODO; where a
Flask app cannot serve what it makes (a Bottle HTTPResponse returned from a Flask view is
a 500), the TODO says the port breaks there (found by the conformance table)."""

from __future__ import annotations

import pytest

from bottle2flask.port.walk import counting

from .helpers import port, untouched

# What P001 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottlenose import route


    @route('/x')
    def x():
        return 'x'
    """,
    """
    import json

    NOTE = 'from bottle import route'  # bottle is named in a string only
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P001", source)


def test_a_leftover_helper_is_a_todo_that_does_not_break():
    result = port('''
        from bottle import Bottle, makelist

        app = Bottle()


        @app.route("/")
        def home():
            return ",".join(makelist("b"))
    ''', faithful=False)
    # (P024 says what replaces it)
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P001", False), ("P024", False)]


def test_a_leftover_bottle_response_is_a_breaking_todo():
    result = port('''
        from bottle import Bottle, HTTPResponse

        app = Bottle()


        ANSWER = HTTPResponse("made", status=201)  # made once, outside a view: P023 leaves it


        @app.route("/")
        def home():
            return ANSWER
    ''', faithful=False)
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P001", True)]
    assert "still uses Bottle's HTTPResponse" in result.todos[0]["text"]


MEMFILE = """
    import bottle


    def make(limit):
        bottle.BaseRequest.MEMFILE_MAX = limit
        app = bottle.Bottle()

        @app.post("/echo")
        def echo():
            return bottle.request.json or {}

        return app


    app = make(4096)
"""


def test_bottles_request_class_only_given_a_memfile_max_is_no_break(tmp_path, monkeypatch):
    """dfs-meta: `bottle.BaseRequest.MEMFILE_MAX = n` before the app is made (P017's TODO
    says Flask's way) sets an attribute of Bottle's own class, which runs in the port: its
    import is a TODO that does not break (the port exits 0, bottle in requirements.txt)."""
    import bottle

    from .helpers import both_apps

    # the app sets Bottle's class attribute in this process: put it back after the test
    monkeypatch.setattr(bottle.BaseRequest, "MEMFILE_MAX", bottle.BaseRequest.MEMFILE_MAX)
    bottle_app, flask_app = both_apps(tmp_path, MEMFILE, "p001_memfile")
    for client in (bottle_app, flask_app):
        assert client.post_json("/echo", {"a": 1}).json == {"a": 1}
    assert "bottle\n" in (tmp_path / "out" / "requirements.txt").read_text()



def test_any_attribute_set_on_bottles_request_class_is_no_break(tmp_path, monkeypatch):
    """RULE-s49 class H (luanaa2005/epf-pyhton-bottle-template-main): `BaseRequest.
    default_content_type = ...` at the top of the app's module sets an attribute of
    Bottle's own class, which never fails; its import was a TODO marked as failing, and
    `bottle2flask port` exited 5 though every page answered alike."""
    import bottle

    from .helpers import answers, both_apps

    # the app sets Bottle's class attribute in this process: take it away after the test
    monkeypatch.setattr(bottle.BaseRequest, "default_content_type", None, raising=False)
    bottle_app, flask_app = both_apps(tmp_path, """
        from bottle import BaseRequest, Bottle, request

        BaseRequest.default_content_type = "application/x-www-form-urlencoded; charset=UTF-8"

        app = Bottle()


        @app.route("/")
        def index():
            return "hello " + request.query.get("name", "you")
    """, "p001_request_attribute")
    assert answers(flask_app, "/?name=ana") == answers(bottle_app, "/?name=ana") \
        == (200, "hello ana")

def test_bottles_request_object_made_in_the_port_is_a_breaking_todo_saying_why():
    # (a fresh LocalRequest no one binds; Bottle's global request made anew, and a request
    # made over an environ, are P028's)
    result = port("""
        import bottle


        def fresh():
            return bottle.LocalRequest()
    """, faithful=False)
    (todo,) = [t for t in result.todos if t["code"] == "P001"]
    assert todo["breaks"] and todo["text"].endswith(
        "Bottle's request objects read a request Flask never hands Bottle: Flask's request "
        "exists in a request context (app.test_request_context())")


def test_the_names_read_and_the_words_of_comments_are_read_in_one_walk():
    # P001 reads both of the module the rules left (for drop_unused): one walk, not two
    source = '''
        import os
        import json  # json is named here: kept

        from bottle import TEMPLATE_PATH, Bottle

        TEMPLATE_PATH.insert(0, os.path.join("x", "views"))
        app = Bottle()
        # print(json.dumps({}))
        '''
    with counting() as counts:
        result = port(source)
    assert sum(n for caller, n in counts.by_caller.items()
               if caller.startswith("p001_imports.")) == 1
    assert "import json  # json is named here: kept\n" in result.code
    assert "import os\n" in result.code  # still read by the TEMPLATE_PATH line


def test_a_bottle_class_read_only_in_annotations_is_no_break(tmp_path):
    """honkers_bottle: `def err_500(error: HTTPError)` keeps `from bottle import HTTPError`
    for its annotation alone, which Python evaluates and never calls: a TODO, not a break
    (the port exits 0 and answers the handler's page as Bottle does)."""
    from .helpers import both_apps

    bottle_app, flask_app = both_apps(tmp_path, """
        from bottle import Bottle, HTTPError

        app = Bottle()


        def oops(error: HTTPError) -> str:
            return "<p>sorry</p>"


        @app.route("/fail")
        def fail():
            raise KeyError("x")


        app.error_handler[500] = oops
    """, "p001_annotation")
    for client in (bottle_app, flask_app):
        page = client.get("/fail", status=500, expect_errors=True)
        assert page.text == "<p>sorry</p>", page.text
    ported = (tmp_path / "out" / "web.py").read_text()
    assert "error: HTTPError" in ported and "TODO(flask-port/P001)" in ported


def test_a_star_import_becomes_the_bottle_names_still_read(tmp_path):
    """RULE-s50 class A (APSchreiber/Tanda): `from bottle import *` kept under a TODO,
    below the `app = Flask(...)` and `from flask import request` the port writes, rebound
    `app` to Bottle's default-app stack and `request` to Bottle's: the port did not start
    (`'AppStack' object has no attribute 'route'`). The star import becomes the Bottle
    names the module still reads (none: it goes)."""
    from .helpers import answers, both_apps

    source = """
        import os, bottle
        os.chdir(os.path.dirname(os.path.abspath(__file__)))
        from bottle import *
        bottle.debug(True)


        @route('/')
        def index():
            return 'hi ' + ', '.join(makelist(request.query.get('n', 'x')))
    """
    bottle_app, flask_app = both_apps(tmp_path, source, "p001_star")
    assert answers(flask_app, "/?n=ana") == answers(bottle_app, "/?n=ana") == (200, "hi ana")
    code = (tmp_path / "out" / "web.py").read_text()
    assert "import *" not in code
    assert "from bottle import makelist\n" in code  # under its TODO: no rule converts it
    result = port(source, faithful=False)
    assert "import *" not in result.code and "from bottle import makelist" in result.code
    result = port(source.replace("', '.join(makelist(request.query.get('n', 'x')))",
                                 "request.query.get('n', 'x')"), faithful=False)
    assert "from bottle" not in result.code and "import *" not in result.code


def test_a_star_import_beside_another_star_import_is_kept():
    """Which names `from bottle import *` gives cannot be told where another star import
    may give the same ones: the star stays under its TODO."""
    result = port("""
        from os.path import *
        from bottle import *


        @route('/')
        def index():
            return basename(makelist('a/b')[0])
    """, faithful=False)
    assert "from bottle import *" in result.code


AUTH_STAR = """
    from bottle import *


    def check(user, password):
        return (user, password) == ("ann", "secret")


    @route("/circles/r/<id>")
    @auth_basic(check)
    def circle(id):
        return "circle " + id


    @route("/shop")
    @auth_basic(check, realm="shop", text="Go away")
    def shop():
        return "shop"
"""


@pytest.mark.parametrize("faithful", [False, True])
def test_auth_basic_from_a_star_import_asks_for_credentials_as_bottles(tmp_path, faithful):
    """RULE-s50 (APSchreiber/Tanda): `auth_basic` given by `from bottle import *` stayed
    Bottle's under a TODO, reading Bottle's request (unbound in Flask): every route it
    guarded answered 500 where Bottle asked for credentials (401). It is bottle_compat's
    now, as a named import's and `bottle.auth_basic`'s: the same status, the challenge
    with its realm, the text on the error page (Bottle's own page in a faithful port)."""
    from base64 import b64encode

    from werkzeug.datastructures import WWWAuthenticate

    from .helpers import answers, both_apps

    bottle_app, flask_app = both_apps(tmp_path, AUTH_STAR, f"p001_auth_{faithful}",
                                      faithful=faithful)
    code = (tmp_path / "out" / "web.py").read_text()
    assert "from bottle import" not in code and "TODO" not in code
    assert any(line.startswith("from bottle_compat import ") and "auth_basic" in line
               for line in code.splitlines())
    basic = {name: {"Authorization": "Basic " + b64encode(pair).decode()}
             for name, pair in (("wrong", b"ann:guess"), ("right", b"ann:secret"),
                                ("no colon", b"ann"))}
    for path, realm, text, ok in (("/circles/r/7", "private", "Access denied", "circle 7"),
                                  ("/shop", "shop", "Go away", "shop")):
        for headers in ({}, basic["wrong"], basic["no colon"]):
            pages = []
            for client in (bottle_app, flask_app):
                answer = client.get(path, headers=headers, status=401)
                asked = WWWAuthenticate.from_header(answer.headers["WWW-Authenticate"])
                assert (asked.type, asked.parameters) == ("basic", {"realm": realm})
                assert text in answer.text
                pages.append(answer.text)
            if faithful:  # Bottle's error page, rendered by Bottle
                assert pages[0] == pages[1]
        assert answers(flask_app, path, headers=basic["right"]) == \
            answers(bottle_app, path, headers=basic["right"]) == (200, ok)


def test_auth_basic_refusal_runs_the_apps_own_401_handler(tmp_path):
    """Bottle's auth_basic answers with an HTTPError(401): the app's 401 handler writes
    the page. The port's raises Werkzeug's Unauthorized, which the same handler answers
    (here read as `bottle.auth_basic`)."""
    from base64 import b64encode

    from .helpers import answers, both_apps

    source = AUTH_STAR.replace("from bottle import *", "import bottle\n    from bottle import *")
    bottle_app, flask_app = both_apps(tmp_path, source.replace(
        '@auth_basic(check, realm="shop"', '@bottle.auth_basic(check, realm="shop"') + """

    @error(401)
    def refused(err):
        return "who are you? " + err.body
    """, "p001_auth_handler")
    wrong = {"Authorization": "Basic " + b64encode(b"ann:guess").decode()}
    for headers in ({}, wrong):
        assert answers(flask_app, "/shop", headers=headers) == \
            answers(bottle_app, "/shop", headers=headers) == (401, "who are you? Go away")


JSON_DUMPS = '''
from bottle import Bottle, json_dumps

app = Bottle()


@app.route("/")
def index():
    return json_dumps({"status": True, "url": "a/b"})
'''


def test_json_dumps_is_the_standard_librarys_where_bottle_takes_it_from_there(monkeypatch):
    from bottle2flask.port.rules import p001_imports

    monkeypatch.setattr(p001_imports, "BOTTLE_JSON", "json")
    for faithful in (False, True):
        result = port(JSON_DUMPS, faithful=faithful)
        assert result.code.startswith("from json import dumps as json_dumps\n")
        assert result.declared == [] and not any(s["rule"] == "P001" for s in result.sites)


# json_dumps reached without a named import at the module's top (stop 53): through a star
# import, `bottle.json_dumps`, an import inside the view
JSON_DUMPS_ELSEWHERE = [
    pytest.param(JSON_DUMPS.replace("from bottle import Bottle, json_dumps",
                                    "from bottle import *"), id="star"),
    pytest.param("import bottle\n\napp = bottle.Bottle()\n\n\n@app.route('/')\n"
                 "def index():\n    return bottle.json_dumps({'a': 'b/c'})\n", id="attribute"),
    pytest.param("from bottle import Bottle\n\napp = Bottle()\n\n\n@app.route('/')\n"
                 "def index():\n    from bottle import json_dumps\n\n"
                 "    return json_dumps({'a': 'b/c'})\n", id="in-the-view"),
    pytest.param("from bottle import Bottle\n\napp = Bottle()\n\n\n@app.route('/')\n"
                 "def index():\n    import bottle\n\n"
                 "    return bottle.json_dumps({'a': 'b/c'})\n", id="bottle-in-the-view"),
]


@pytest.mark.parametrize("source", JSON_DUMPS_ELSEWHERE)
def test_json_dumps_reached_without_a_top_import_is_a_site_whose_exact_form_imports_it(
        monkeypatch, source):
    from bottle2flask.port.rules import p001_imports

    monkeypatch.setattr(p001_imports, "BOTTLE_JSON", "ujson")
    result = port(source, faithful=False)
    assert "from json import dumps as json_dumps\n" in result.code
    assert [d["id"] for d in result.declared] == ["D-json-dumps"]
    assert [(s["kind"], s["binds"]) for s in result.sites if s["rule"] == "P001"] == [
        ("json-module", ["json_dumps"])]
    faithful = port(source, faithful=True)
    assert "from ujson import dumps as json_dumps\n" in faithful.code
    assert "from json import" not in faithful.code
    assert "from bottle import" not in faithful.code and "import bottle\n" not in faithful.code


@pytest.mark.parametrize("module", ["ujson", "simplejson"])
def test_json_dumps_bottle_takes_from_another_module_is_a_site(monkeypatch, module):
    """RULE-s51c J (vcruzato/python-bottle-vue): Bottle 0.13 takes ujson's dumps where it
    can import it (`{"url":"a\\/b"}`), 0.12 simplejson's: the default port the standard
    library's, declared and saying which; the exact form (--faithful, a repaired site)
    the module Bottle took, the view that reads it mapped to the site by the name."""
    from bottle2flask.port.repair import Failure, sites_for
    from bottle2flask.port.results import TreeResult
    from bottle2flask.port.rules import p001_imports

    monkeypatch.setattr(p001_imports, "BOTTLE_JSON", module)
    result = port(JSON_DUMPS, faithful=False)
    assert "from json import dumps as json_dumps\n" in result.code
    assert [(d["id"], d["detail"]) for d in result.declared] == [
        ("D-json-dumps", f"Bottle's json_dumps is {module}'s dumps here")]
    [site] = [s for s in result.sites if s["rule"] == "P001"]
    assert (site["kind"], site["exact"], site["binds"]) == ("json-module", False,
                                                             ["json_dumps"])
    tree = TreeResult("src", "out")
    tree.modules.append(result)
    found, _ = sites_for(tree, Failure("GET /: body", view=("app.py", "index")))
    assert site in found
    faithful = port(JSON_DUMPS, faithful=True)
    assert f"from {module} import dumps as json_dumps\n" in faithful.code
    assert "from json import" not in faithful.code and faithful.declared == []


HELPERS_MODULE = {
    "app.py": "from bottle import Bottle\n\nimport helpers\nfrom helpers import to_json\n\n"
              "app = Bottle()\n\n\n@app.route('/')\ndef index():\n"
              "    return to_json({'a': 'b/c'})\n\n\n@app.route('/also')\ndef also():\n"
              "    return helpers.to_json([1])\n",
    "helpers.py": "def to_json(data):\n    from bottle import json_dumps\n\n"
                  "    return json_dumps(data)\n",
}


@pytest.mark.parametrize("view", ["index", "also"])
def test_a_json_dumps_site_in_a_module_the_view_calls_into_is_the_views(
        monkeypatch, tmp_path, view):
    """Stop 53 (J's site in a helpers module, here imported inside its function): the
    check's repair maps a view's difference to the sites of the functions it calls in
    the app's other modules, by scope and by the names they read, as it does in its own."""
    from bottle2flask.port.folder import port_tree
    from bottle2flask.port.repair import Failure, sites_for
    from bottle2flask.port.rules import p001_imports

    monkeypatch.setattr(p001_imports, "BOTTLE_JSON", "ujson")
    src = tmp_path / "src"
    src.mkdir()
    for name, text in HELPERS_MODULE.items():
        (src / name).write_text(text)
    result = port_tree(src, tmp_path / "out", write=False)
    helpers = next(m for m in result.modules if m.path == "helpers.py")
    [site] = [s for s in helpers.sites if s["rule"] == "P001"]
    found, _ = sites_for(result, Failure("GET /: body", view=("app.py", view)))
    assert site in found


@pytest.mark.parametrize("source", [
    pytest.param(HELPERS_MODULE["helpers.py"], id="from-bottle-in-a-function"),
    pytest.param('"""Helpers."""\n\n\ndef to_json(data):\n    import bottle\n\n'
                 '    return bottle.json_dumps(data)\n', id="bottle-in-a-function"),
])
def test_a_json_dumps_site_of_a_module_with_no_bottle_import_at_its_top_has_a_line(
        monkeypatch, source):
    """Stop 53: made as the walk leaves the module, the site had no line and its declared
    change was lost (the default port's json.dumps differed, said nowhere): both ride on
    the module's first statement, above which the import goes."""
    from bottle2flask.port.rules import p001_imports

    monkeypatch.setattr(p001_imports, "BOTTLE_JSON", "ujson")
    result = port(source, faithful=False)
    assert "from json import dumps as json_dumps\n\n\ndef to_json" in result.code
    [declared] = result.declared
    [site] = [s for s in result.sites if s["rule"] == "P001"]
    line = result.code.splitlines().index("def to_json(data):") + 1
    assert declared["id"] == "D-json-dumps" and declared["line"] == site["line"] == line
    faithful = port(source, faithful=True)
    assert "from ujson import dumps as json_dumps\n\n\ndef to_json" in faithful.code

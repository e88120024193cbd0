"""--faithful: every site takes its exact candidate, and the port still starts where the
pieces those candidates need are placed (converters, the template search path)."""

from __future__ import annotations

import inspect
import sys
from textwrap import dedent

import bottle
import libcst as cst
import pytest

from bottle2flask.port.shims import after_template_path

from .helpers import answers, both_folders, forget_modules


def test_a_class_handed_the_app_routes_with_bottles_path_filter(tmp_path):
    """Found on a real app (RULE-s41): a controller class handed the app registers
    `<x:path>` routes in a module that neither makes nor imports it; the converter is
    registered on the app where it is made."""
    original, ported = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle
            from base import Controller

            app = Bottle()
            Controller(app)
        ''',
        "base.py": '''
            class Controller:
                def __init__(self, app):
                    self.app = app
                    self.app.route("/files/<name:path>", callback=self.serve)

                def serve(self, name):
                    return "file " + name
        ''',
    }, "faithful_handed", faithful=True)
    for path in ("/files/a/b.txt", "/files//lead"):
        assert answers(ported, path) == answers(original, path)
        assert answers(ported, path)[0] == 200


def test_install_with_the_template_path_follows_the_list_it_is_given():
    """Found on a real app (RULE-s41): the app imported at the top, P011's TEMPLATE_PATH
    bound below; install() placed after the import read a name not bound yet."""
    module = cst.parse_module(dedent('''
        from default_app import app
        install(app, template_path=TEMPLATE_PATH)
        TEMPLATE_PATH = ["./", "./views/"]
        TEMPLATE_PATH[:] = ["views"]
    ''').lstrip())
    assert after_template_path(module).code == dedent('''
        from default_app import app
        TEMPLATE_PATH = ["./", "./views/"]
        install(app, template_path=TEMPLATE_PATH)
        TEMPLATE_PATH[:] = ["views"]
    ''').lstrip()
    bound_first = cst.parse_module("TEMPLATE_PATH = []\n"
                                   "install(app, template_path=TEMPLATE_PATH)\n")
    assert after_template_path(bound_first).code == bound_first.code


def test_an_app_that_runs_on_its_own_gets_the_helpers_beside_it(tmp_path):
    """Found on a real app (RULE-s41): a folder's own app (user/app.py, run from user/)
    imported bottle_compat, copied beside the other app only: it did not start."""
    files = {
        "web.py": '''
            from bottle import Bottle, redirect

            app = Bottle()


            @app.route("/")
            def index():
                redirect("/home")
        ''',
        "user/app.py": '''
            from bottle import Bottle, redirect

            app = Bottle()


            @app.route("/")
            def index():
                redirect("/profile")
        ''',
    }
    original, ported = both_folders(tmp_path, files, "faithful_alone", entry="user/app.py:app",
                                    faithful=True)
    for name in ("bottle_compat.py", "bottle_answers.py"):
        assert (tmp_path / "out" / "user" / name).is_file()
        assert (tmp_path / "out" / name).is_file()
    got, expected = (app.request("/", environ={"HTTP_HOST": "localhost"})
                     for app in (ported, original))
    assert (got.status, got.headers["Location"]) == (expected.status,
                                                      expected.headers["Location"])
    assert expected.status == "303 See Other"


@pytest.mark.parametrize("faithful", [False, True])
def test_a_computed_template_name_is_found_where_bottles_default_path_found_it(tmp_path,
                                                                              faithful):
    """Found on a real app (RULE-s41 epf-Atlas): a module of controllers/ makes its app and
    renders a name known at run time (bottle_compat's bottle_template); Bottle found the
    template in ./views/ from the working directory, the port's app looks in its own
    folder: the page was a 500."""
    original, ported = both_folders(tmp_path, {
        "web.py": "from controllers.pages import app\n",
        "controllers/__init__.py": "",
        "controllers/pages.py": '''
            from bottle import Bottle, template

            app = Bottle()


            def render(name, **values):
                return template(name, **values)


            @app.get("/")
            def home():
                return render("hello", who="Ada")
        ''',
        "views/hello.tpl": "% rebase('base.tpl')\n<p>Hello {{who}}</p>\n",
        "views/base.tpl": "<main>{{!base}}</main>\n",
    }, f"computed_{faithful}", faithful=faithful)
    theirs = original.get("/")
    assert ported.get("/").body == theirs.body == b"<main><p>Hello Ada</p>\n</main>\n"


def test_a_dict_held_in_a_name_is_sent_as_bottles_json(tmp_path):
    """Found on a real app (RULE-s45 cortext): `return items`, a module's dict, with
    debug(True): Flask printed it indented (its debug mode), Bottle's JSON plugin as
    json_dumps does; the --faithful app's JSON answers are Bottle's wherever it returns
    a dict."""
    original, ported = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle, debug

        app = Bottle()
        debug(True)
        items = {2: "second item", 1: "first item"}


        @app.get("/items.json")
        def all_items():
            return items
    '''}, "json_name", faithful=True)
    theirs, ours = original.get("/items.json"), ported.get("/items.json")
    assert sent(ours) == sent(theirs)
    # (Bottle's json_dumps: ujson's where it is installed, else the standard library's)
    assert theirs.text == bottle.json_dumps({2: "second item", 1: "first item"})


def sent(response) -> tuple:
    """An answer as the check's exact grade reads it: the status line, the header fields
    but Date and Server (the order of fields of different names aside), the body."""
    return (response.status, sorted((k, v) for k, v in response.headerlist
                                    if k.lower() not in ("date", "server")), response.body)


# bottle-sqlite's apply() as released (0.2.0 reads the view's parameters with
# inspect.getargspec, gone since Python 3.11), and as it would run with signature()
SQLITE_PLUGIN = """
import inspect
import sqlite3


class Plugin:
    name, api = "sqlite", 2

    def __init__(self, dbfile=":memory:", keyword="db"):
        self.dbfile, self.keyword = dbfile, keyword

    def apply(self, callback, route):
        if self.keyword not in {reads}:
            return callback
        return lambda *a, **ka: callback(*a, **{{**ka, self.keyword: sqlite3.connect(self.dbfile)}})
"""
READS = {"released": "inspect.getargspec(route.callback).args",
         "working": "inspect.signature(route.callback).parameters"}


@pytest.mark.parametrize("plugin", sorted(READS))
def test_a_database_plugin_is_kept_as_bottle_runs_it(tmp_path, monkeypatch, plugin):
    """Found on a real app (RULE-s41 kanai-leek08): bottle-sqlite through Bottle's
    `bottle.ext.sqlite`. The --faithful port keeps the plugin (bottle_plugins) instead of
    Flask's get_db(): where it cannot run (0.2.0 on Python 3.11) both apps answer Bottle's
    500 on every route, byte for byte; where it runs, both answer from the database."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "bottle_sqlite.py").write_text(SQLITE_PLUGIN.format(reads=READS[plugin]))
    monkeypatch.syspath_prepend(str(site))
    for name in ("bottle_sqlite", "bottle.ext.sqlite"):  # (another test's stand-in)
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.delattr(bottle.ext, "sqlite", raising=False)
    original, ported = both_folders(tmp_path, {"web.py": '''
        import sqlite3

        import bottle
        import bottle.ext.sqlite

        app = bottle.Bottle()
        sqlite3.connect("people.db").executescript(
            "create table if not exists people (name text); insert into people values ('Ada')")
        app.install(bottle.ext.sqlite.Plugin(dbfile="people.db"))


        @app.route("/")
        def top(db):
            return "<p>%s</p>" % db.execute("select name from people").fetchone()[0]


        @app.route("/plain")
        def plain():
            return "<p>plain</p>"
    '''}, f"sqlite_plugin_{plugin}", faithful=True)
    for path in ("/", "/plain"):
        theirs = original.get(path, expect_errors=True)
        assert sent(ported.get(path, expect_errors=True)) == sent(theirs)
    # (0.2.0's apply() reads every view's arguments: each route fails, not only db's)
    runs = plugin == "working" or hasattr(inspect, "getargspec")
    assert original.get("/", expect_errors=True).status_int == (200 if runs else 500)
    if runs:
        assert original.get("/").text == "<p>Ada</p>"
    forget_modules("bottle_sqlite", "bottle.ext.sqlite")


def test_a_returned_http_response_replaces_what_the_view_set_on_bottles_response(tmp_path):
    """Found on a real app (RULE-s46 pepeul1191): a decorator sets headers on Bottle's
    response, the view returns HTTPResponse(status=404, body=...): Bottle's answer is the
    HTTPResponse's alone (HTTPResponse.apply() replaces the response's headers); the
    --faithful port sent the decorator's headers too."""
    original, ported = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle, HTTPResponse, response

        app = Bottle()


        def headers(fn):
            def wrapped(*args, **kwargs):
                response.headers["X-Powered-By"] = "Python"
                response.set_cookie("seen", "1")
                return fn(*args, **kwargs)
            return wrapped


        @app.route("/")
        @headers
        def index():
            return HTTPResponse(status=404, body="nothing here", headers={"X-Own": "1"})


        @app.route("/kept")
        @headers
        def kept():
            return "kept"
    '''}, "http_response", faithful=True)
    for path in ("/", "/kept"):
        theirs = original.get(path, expect_errors=True)
        assert sent(ported.get(path, expect_errors=True)) == sent(theirs)
    assert "X-Powered-By" not in original.get("/", expect_errors=True).headers
    assert original.get("/kept").headers["X-Powered-By"] == "Python"


def test_a_page_sent_as_a_file_and_left_as_it_was_keeps_its_last_modified(tmp_path):
    """Found on a real app (RULE-s41 AugustinPech): views/index.html, sent with
    static_file(), is a template the port writes anew, the same bytes: its time was the
    port's, so its Last-Modified was not the original's."""
    import os

    import webtest

    from bottle2flask.loading import load
    from bottle2flask.port.folder import port_tree

    src, out = tmp_path / "src", tmp_path / "out"
    (src / "views").mkdir(parents=True)
    (src / "web.py").write_text(dedent('''
        from bottle import Bottle, static_file

        app = Bottle()


        @app.get("/")
        def index():
            return static_file("index.html", root="views")
    ''').lstrip())
    (src / "views" / "index.html").write_text("<p>Hello</p>\n")
    os.utime(src / "views" / "index.html", (1_600_000_000, 1_600_000_000))
    port_tree(src, out, faithful=True)
    theirs, ours = (webtest.TestApp(load(f"{folder / 'web.py'}:app", {}, f"mtime_{n}").wsgi)
                    .get("/") for n, folder in enumerate((src, out)))
    assert ours.headers["Last-Modified"] == theirs.headers["Last-Modified"] \
        == "Sun, 13 Sep 2020 12:26:40 GMT"
    assert ours.body == theirs.body

"""bottle2flask parity for anyone's two apps: app specs, the requests file, ignore rules, noise."""

from __future__ import annotations

import json
import textwrap
import threading

import pytest
from werkzeug.serving import make_server

from bottle2flask import loading as apps
from bottle2flask.cli import main
from bottle2flask.errors import UsageError
from harness.parity import CONDUIT

# A Bottle app on the default app, in the style of Bottle's tutorial: a sibling module
# (the same name in both folders) and a file read relative to the working directory.
BOTTLE_APP = """
from pathlib import Path

from bottle import route, request, template
import words

@route("/")
def index():
    return template('<h1>{{title}}</h1><a href="/hello/World">hi</a>'
                    '<form method="post" action="/sign"><input name="who"></form>',
                    title=Path("title.txt").read_text().strip())

@route("/hello/<name>")
def hello(name):
    return template("<p>{{greeting}} {{name}}</p>", greeting=words.GREETING, name=name)

@route("/sign", method="POST")
def sign():
    return template("<p>Signed by {{who}}</p>", who=request.forms.who)

@route("/hidden")
def hidden():
    return "<p>not linked from /</p>"
"""

FLASK_APP = """
from flask import Flask, jsonify

app = Flask(__name__)

@app.get("/")
def index():
    return '<h1>Flask</h1><a href="/api">api</a>'

@app.get("/api")
def api():
    return jsonify(name="flask")
"""


def write_app(folder, source: str, **files) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "app.py").write_text(textwrap.dedent(source))
    for name, text in files.items():
        (folder / name).write_text(text)
    return str(folder / "app.py")


@pytest.fixture
def two_bottle_apps(tmp_path):
    """Two files named app.py, each importing its own `words` module and own title."""
    a = write_app(tmp_path / "a", BOTTLE_APP, **{"words.py": 'GREETING = "Hello"\n',
                                                  "title.txt": "Guestbook"})
    b = write_app(tmp_path / "b", BOTTLE_APP, **{"words.py": 'GREETING = "Howdy"\n',
                                                  "title.txt": "Guestbook"})
    return a, b


def parity(capsys, *argv) -> tuple[int, dict]:
    status = main(["parity", *argv, "--quiet", "--json"])
    return status, json.loads(capsys.readouterr().out)


def differing(data: dict) -> set[str]:
    return {s["path"] for s in data["steps"] if s["verdict"] == "different"}


def test_two_files_with_the_same_module_name_are_each_their_own_app(two_bottle_apps, capsys):
    a, b = two_bottle_apps
    status, data = parity(capsys, a, b)
    assert status == 1
    assert differing(data) == {"/hello/World"}
    assert list(data["apps"]) == ["app-1", "app-2"]
    assert main(["parity", a, a, "--quiet"]) == 0  # and each is the same as itself


def test_a_file_runs_in_its_own_folder(two_bottle_apps, capsys):
    a, _ = two_bottle_apps
    app = apps.load(a).wsgi
    from werkzeug.test import Client
    assert "<h1>Guestbook</h1>" in Client(app).get("/").get_data(as_text=True)


def test_a_file_with_an_app_object_and_file_attr_specs(tmp_path, capsys):
    flask_file = write_app(tmp_path / "f", FLASK_APP)
    assert main(["parity", flask_file, f"{flask_file}:app", "--quiet"]) == 0
    capsys.readouterr()
    status, data = parity(capsys, flask_file, f"{flask_file}:app")
    assert {s["path"] for s in data["steps"]} == {"/", "/api"}


def test_a_module_attr_spec_and_a_factory_with_settings(capsys):
    app = apps.load("tests.harness.broken:create_app", {"TESTING": True,
                                                         "SECRET_KEY": "x" * 32,
                                                         "DATABASE_URL": "sqlite://"})
    assert app.label == "broken" and callable(app.wsgi)
    assert apps.load("bottle_app:create_app", {"TESTING": True, "SECRET_KEY": "x" * 32,
                                               "DATABASE_URL": "sqlite://"}).label == "bottle_app"


def test_a_factory_spec_ending_in_parentheses_is_called_with_no_arguments(tmp_path):
    """`FILE:init()` is called as `flask --app 'app:init()'` calls it (RULE-s45's
    `init(cfgfn=None)`); `FILE:init` is still handed the settings, as `create_app(config)`."""
    import webtest

    factory = write_app(tmp_path / "f", """
        import bottle


        def init(cfgfn=None):
            app = bottle.Bottle()
            app.route("/", "GET", lambda: repr(cfgfn))
            return app


        made = init()
    """)
    called = {spec: webtest.TestApp(apps.load(spec, {"A": 1}).wsgi).get("/").text
              for spec in (f"{factory}:init()", f"{factory}:init")}
    assert called == {f"{factory}:init()": "None", f"{factory}:init": "{'A': 1}"}
    with pytest.raises(UsageError, match="Bottle is no function to call"):
        apps.load(f"{factory}:made()")


@pytest.fixture
def served(tmp_path):
    """One of the Bottle files behind a real HTTP server on a free port."""
    a = write_app(tmp_path / "srv", BOTTLE_APP, **{"words.py": 'GREETING = "Hello"\n',
                                                    "title.txt": "Guestbook"})
    server = make_server("127.0.0.1", 0, apps.load(a).wsgi, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield a, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


def test_a_url_is_compared_over_http(served, two_bottle_apps, capsys):
    local, url = served
    status, data = parity(capsys, url, local)
    assert status == 0, data
    assert {s["path"] for s in data["steps"]} == {"/", "/hello/World"}
    status, data = parity(capsys, url, two_bottle_apps[1])
    assert differing(data) == {"/hello/World"}


@pytest.mark.parametrize(("spec", "message"), [
    ("no/such/app.py", "cannot load 'no/such/app.py': no such file"),
    ("no_such_module:app", "cannot load 'no_such_module:app': No module named"),
    ("tests.harness.broken:nothing", "has no attribute 'nothing'"),
    ("tests.harness.broken:__doc__", "str is not a WSGI app"),
])
def test_a_bad_spec_is_one_line_and_exit_status_2(spec, message, capsys, tmp_path):
    assert main(["parity", spec, "bottle_app:create_app", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1


def test_a_file_without_an_app_names_what_to_do(tmp_path):
    empty = write_app(tmp_path / "e", "X = 1\n")
    with pytest.raises(UsageError, match="no `app` or `application`.*FILE:ATTR"):
        apps.load(empty)
    broken = write_app(tmp_path / "x", "raise RuntimeError('no database')\n")
    with pytest.raises(UsageError, match="RuntimeError: no database"):
        apps.load(broken)


def test_other_apps_get_a_get_only_crawl_unless_asked(two_bottle_apps, capsys):
    a, _ = two_bottle_apps
    _, data = parity(capsys, a, a)
    assert {s["kind"] for s in data["steps"]} == {"crawl"}
    _, data = parity(capsys, a, a, "--forms")
    assert ("POST", "/sign") in {(s["method"], s["path"]) for s in data["steps"]
                                 if s["kind"] == "form"}
    _, data = parity(capsys, a, a, "--start", "/hidden")
    assert "/hidden" in {s["path"] for s in data["steps"]}


def test_scripted_requests_run_only_when_a_requests_file_is_given(two_bottle_apps, capsys):
    a, _ = two_bottle_apps
    _, data = parity(capsys, a, a, "--no-crawl")
    assert data["steps"] == []
    _, data = parity(capsys, a, a, "--no-crawl", "--requests", str(CONDUIT))
    assert "register" in {s["label"] for s in data["steps"]}


@pytest.mark.parametrize(("text", "message"), [
    ('[[request]]\npaht = "/"\n', "[[request]] #1: unknown key 'paht'"),
    ('[[requests]]\npath = "/"\n', "unknown table 'requests'"),
    ('[[request]]\npath = "/a/{nope}"\n', "[[request]] #1 (/a/{nope}): undefined variable {nope}"),
    ('[[request]]\npath = "/"\nname = \n', "not valid TOML: "),
    ('[[request]]\npath = "relative"\n', "needs path = \"/...\""),
    ('[[ignore]]\nheader = "X-A"\njson = "$.a"\n',
     "exactly one of header, cookie, json, css, status"),
    ('[[ignore]]\nstatus = "five hundred"\n', "status must be a status code"),
    ('[[ignore]]\nescaped = "yes"\n', 'escaped takes "html"'),
    ('[[ignore]]\nenviron = "all"\n', 'environ takes "keys"'),
    ('[[ignore]]\ncss = "div[["\n', "bad CSS selector 'div[['"),
    ('[[ignore]]\nheader = "X-A"\nwhy = "no"\n', "[[ignore]] #1: unknown key 'why'"),
])
def test_a_bad_requests_file_is_one_line_and_exit_status_2(tmp_path, capsys, text, message):
    extra = tmp_path / "mine.toml"
    extra.write_text(text)
    assert main(["parity", "bottle_app:create_app", "bottle_app:create_app",
                 "--requests", str(extra), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"bottle2flask parity: error: {extra}: ")
    assert message in err and len(err.splitlines()) == 1


def test_a_variable_saved_earlier_is_defined(tmp_path, capsys, two_bottle_apps):
    extra = tmp_path / "mine.toml"
    extra.write_text('[[request]]\npath = "/"\nsave = { slug = "a.b" }\n'
                     '[[request]]\npath = "/a/{slug}"\n')
    a, _ = two_bottle_apps
    assert main(["parity", a, a, "--no-crawl", "--requests", str(extra), "--quiet"]) == 0


DIFFERING = """
from flask import Flask, jsonify
import random

app = Flask(__name__)
VERSION = "{version}"

@app.after_request
def stamp(response):
    response.headers["X-Version"] = VERSION
    return response

@app.get("/")
def index():
    return ('<h1>Same</h1><a href="/api">api</a>'
            f'<footer class="version">v{{VERSION}}</footer>'
            f'<p class="token">{{random.random()}}</p>')

@app.get("/api")
def api():
    return jsonify(name="same", version=VERSION, token=random.random())
"""


@pytest.fixture
def versions(tmp_path):
    return (write_app(tmp_path / "v1", DIFFERING.format(version="1")),
            write_app(tmp_path / "v2", DIFFERING.format(version="2")))


def test_ignore_rules_are_the_users_intended_differences(tmp_path, capsys, versions):
    rules = tmp_path / "rules.toml"
    rules.write_text(textwrap.dedent("""
        [[ignore]]
        header = "X-Version"
        reason = "each release says which it is"
        [[ignore]]
        json = "$.version"
        path = "/api"
        [[ignore]]
        css = "footer.version"
    """))
    status, data = parity(capsys, *versions, "--noise")
    assert status == 1
    wheres = {d["where"] for s in data["steps"] for d in s["differences"]}
    assert wheres == {"header X-Version", "body"}
    status, data = parity(capsys, *versions, "--noise", "--requests", str(rules))
    assert status == 0, data
    assert set(data["summary"]["explained_by"]) == {"header X-Version", "json $.version",
                                                    "css footer.version"}
    assert data["summary"]["varies"] == 2  # the random token, compared nowhere else
    assert data["reasons"]["header X-Version"] == "each release says which it is"


def test_noise_drops_what_a_second_instance_differs_in_too(tmp_path, capsys):
    one = write_app(tmp_path / "n1", DIFFERING.format(version="1"))
    two = write_app(tmp_path / "n2", DIFFERING.format(version="1"))
    status, data = parity(capsys, one, two)
    assert status == 1  # the random token differs
    assert differing(data) == {"/", "/api"}
    status, data = parity(capsys, one, two, "--noise")
    assert status == 0, data
    assert data["summary"]["explained_by"] == {}
    assert data["summary"]["varies"] == 2
    assert [s["noise"] for s in data["steps"] if s["verdict"] == "varies"] == [["body"]] * 2


def test_noise_keeps_a_real_difference_next_to_a_noisy_one(capsys, versions):
    # Without rules, version 1 and 2 still differ where the second instance does not.
    _, data = parity(capsys, *versions, "--noise")
    api = next(s for s in data["steps"] if s["path"] == "/api")
    detail = api["differences"][-1]["detail"]
    assert "$.version" in detail and "$.token" not in detail


RENAMED_COOKIE = """
from flask import Flask, make_response

app = Flask(__name__)


@app.get("/")
def index():
    answer = make_response("<p>signed in</p>")
    answer.set_cookie("{name}", "ada")
    return answer
"""


def test_a_cookie_renamed_on_purpose_is_an_ignore_rule_by_name(tmp_path, capsys):
    old = write_app(tmp_path / "old", RENAMED_COOKIE.format(name="account"))
    new = write_app(tmp_path / "new", RENAMED_COOKIE.format(name="user"))
    status, data = parity(capsys, old, new)
    assert status == 1
    assert {d["where"] for d in data["steps"][0]["differences"]} == {"cookie account",
                                                                     "cookie user"}
    rules = tmp_path / "rules.toml"
    rules.write_text('[[ignore]]\ncookie = "account"\nreason = "renamed"\n'
                     '[[ignore]]\ncookie = "user"\n[[ignore]]\nheader = "X-Gone"\n')
    status, data = parity(capsys, old, new, "--requests", str(rules))
    assert status == 0, data
    assert set(data["summary"]["explained_by"]) == {"cookie account", "cookie user"}
    # A rule that never fired is reported, as a typo would be.
    assert data["unused_ignore"] == ["header X-Gone"]
    assert main(["parity", old, new, "--requests", str(rules), "--quiet"]) == 0
    assert "Unused [[ignore]] rules (they matched no difference): header X-Gone" in (
        capsys.readouterr().out)


def test_the_set_cookie_header_cannot_be_ignored_whole(tmp_path, capsys):
    rules = tmp_path / "rules.toml"
    rules.write_text('[[ignore]]\nheader = "Set-Cookie"\n')
    app = write_app(tmp_path / "a", RENAMED_COOKIE.format(name="user"))
    assert main(["parity", app, app, "--requests", str(rules), "--quiet"]) == 2
    assert 'name the cookie (cookie = "NAME")' in capsys.readouterr().err


def test_an_app_that_takes_its_own_folder_off_sys_path_still_loads(tmp_path):
    """Found by the trials (bottle-mvc's runserver.py tidies sys.path itself)."""
    app = write_app(tmp_path / "tidy", "import os, sys\n"
                    "sys.path.remove(os.path.dirname(os.path.abspath(__file__)))\n"
                    "from bottle import Bottle\napp = Bottle()\n"
                    "@app.route('/')\ndef index():\n    return 'ok'\n")
    loaded = apps.load(app)
    assert b"".join(loaded.wsgi({"REQUEST_METHOD": "GET", "PATH_INFO": "/",
                                 "wsgi.input": None, "SERVER_NAME": "x", "SERVER_PORT": "80",
                                 "wsgi.url_scheme": "http"}, lambda *a: None)) == b"ok"


def test_a_mod_wsgi_script_and_a_star_import_of_bottle_load(tmp_path):
    """Found by the trials: an app.wsgi entry had no loader, and `from bottle import *`
    brings Bottle's `app` (its AppStack), which was taken for the app."""
    folder = tmp_path / "wsgi"
    folder.mkdir()
    (folder / "app.wsgi").write_text("from bottle import *\n\n@route('/')\ndef index():\n"
                                     "    return 'star'\n\napplication = default_app()\n")
    (folder / "star.py").write_text("from bottle import *\n\n@route('/')\ndef index():\n"
                                    "    return 'star'\n")
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/", "wsgi.input": None,
               "SERVER_NAME": "x", "SERVER_PORT": "80", "wsgi.url_scheme": "http"}
    for name in ("app.wsgi", "star.py"):
        loaded = apps.load(str(folder / name))
        assert b"".join(loaded.wsgi(dict(environ), lambda *a: None)) == b"star"
    # named: Bottle's `app` means the default app the routes went to
    loaded = apps.load(f"{folder / 'star.py'}:app")
    assert b"".join(loaded.wsgi(dict(environ), lambda *a: None)) == b"star"


@pytest.mark.parametrize("run", ["run(host='localhost', port=1)",
                                 "run(app=default_app(), port=1)",
                                 "default_app().run(port=1)"])
def test_an_app_that_serves_when_imported_loads_and_says_so(tmp_path, capsys, run):
    # skil7_VEF: run(app=SessionMiddleware(app())) at the module's end served forever
    folder = tmp_path / "serving"
    folder.mkdir()
    (folder / "app.py").write_text("from bottle import *\n\n@route('/')\ndef index():\n"
                                   f"    return 'up'\n\n{run}\nAFTER = True\n")
    loaded = apps.load(str(folder / "app.py"))
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/", "wsgi.input": None,
               "SERVER_NAME": "x", "SERVER_PORT": "80", "wsgi.url_scheme": "http"}
    assert b"".join(loaded.wsgi(environ, lambda *a: None)) == b"up"
    assert "starts a server when imported (run()); not started here" in capsys.readouterr().err
    import bottle
    assert bottle.run.__module__ == "bottle"  # put back


RAISES = """
from flask import Flask

app = Flask(__name__)
app.debug = True  # Flask then lets the exception out of the WSGI call


@app.get("/")
def index():
    raise RuntimeError("a bug of the app's")
"""

TEMPLATE_PATH_APP = """
from bottle import TEMPLATE_PATH, Bottle

TEMPLATE_PATH.remove("./views/")  # as an app in a process of its own may
app = Bottle()


@app.route("/")
def index():
    return "one template folder: " + ",".join(TEMPLATE_PATH)
"""


def test_an_exception_the_app_lets_out_is_a_500_answer(tmp_path, capsys):
    """Found by the trials: an app in debug mode stopped parity with its traceback."""
    app = write_app(tmp_path / "raises", RAISES)
    status, data = parity(capsys, app, app)
    assert status == 0
    assert data["steps"][0]["statuses"] == ["500 INTERNAL SERVER ERROR"] * 2  # Werkzeug's


BOTTLE_RAISES = """
import bottle

app = bottle.Bottle()
bottle.debug(True)


@app.get("/")
def index():
    raise KeyError("another bug")
"""


def test_an_exception_let_out_is_werkzeugs_own_500_page_as_flask_run_sends_it(tmp_path,
                                                                            capsys,
                                                                            monkeypatch):
    """Found by the trials (bottle-mvc): both apps failed on a page, the Flask one in
    debug mode, and parity compared Bottle's 500 page with a text/plain stand-in."""
    import bottle

    # the app turns Bottle's debug mode on for the whole process: put it back after
    monkeypatch.setattr(bottle, "DEBUG", bottle.DEBUG)
    flask_app = write_app(tmp_path / "flask", RAISES)
    bottle_app = write_app(tmp_path / "bottle", BOTTLE_RAISES)
    status, data = parity(capsys, bottle_app, flask_app)
    assert status == 0, data
    step = data["steps"][0]
    assert step["statuses"] == ["500 Internal Server Error", "500 INTERNAL SERVER ERROR"]
    assert "default-error-page" in step["explained"]


def test_each_app_finds_bottle_s_template_path_as_a_process_of_its_own_would(tmp_path,
                                                                             capsys):
    """Found by the trials (bottle-mvc): the second app to remove ./views/ from Bottle's
    module-level TEMPLATE_PATH failed, as the first had removed it in the same process."""
    import bottle

    one = write_app(tmp_path / "one", TEMPLATE_PATH_APP)
    two = write_app(tmp_path / "two", TEMPLATE_PATH_APP)
    # what this process's list holds (another test may have imported an app directly)
    before = list(bottle.TEMPLATE_PATH)
    status, data = parity(capsys, one, two)
    assert status == 0 and data["steps"][0]["statuses"] == ["200 OK", "200 OK"]
    assert bottle.TEMPLATE_PATH == before  # the harness's own, unchanged


URL_AT_IMPORT_APP = """
from bottle import route, url

@route("/item/<n:int>", name="item")
def item(n):
    return LINK

LINK = url("item", n=3)
"""


def test_an_app_that_builds_a_url_as_it_imports_loads_in_any_thread_and_after_parity(
        tmp_path):
    """Bottle's request is a thread-local, bound in the thread that imported bottle and in
    each thread that served a request; parity unbinds it after each answer. An app calling
    url() at import failed to load ("Request context not initialized") after a parity run
    in the same thread, or in a thread of its own: the conformance row `url` failed or
    passed by test order. It loads as in a process of its own, and this thread's request
    is left as it was."""
    import bottle
    import webtest

    from bottle2flask.parity.replay import forget_bottle_request

    spec = write_app(tmp_path / "u", URL_AT_IMPORT_APP)  # its routes on the default app

    def body() -> bytes:
        return webtest.TestApp(apps.load(spec, {}).wsgi).get("/item/1").body

    forget_bottle_request()  # as parity leaves this thread
    app = webtest.TestApp(apps.load(spec, {}).wsgi)
    with pytest.raises(RuntimeError, match="Request context not initialized"):
        bottle.request.environ  # noqa: B018 (put back as it was)
    assert app.get("/item/1").body == b"/item/3"

    found: list[bytes] = []
    thread = threading.Thread(target=lambda: found.append(body()))
    thread.start()
    thread.join()
    assert found == [b"/item/3"]


# An app whose views sit in a folder without __init__.py (a namespace package), named as
# another app's folder is: `from app.views import word`.
NAMESPACE_APP = """
from bottle import Bottle
from app.views import word

app = Bottle()

@app.route("/")
def index():
    return word()
"""


def test_two_apps_whose_namespace_packages_share_a_name_each_import_their_own(tmp_path):
    """Found in the fresh clone's make test: the loader left a namespace package (which
    has no __file__) in sys.modules, so the next app to import a package of that name got
    the first app's folder, in the same process (parity of two such apps, or two tests in
    one xdist worker). Each imports its own, and neither is left behind."""
    import sys

    import webtest

    specs = []
    for word in ("first", "second"):
        (tmp_path / word / "app").mkdir(parents=True)
        (tmp_path / word / "web.py").write_text(textwrap.dedent(NAMESPACE_APP))
        (tmp_path / word / "app" / "views.py").write_text(f"def word():\n    return {word!r}\n")
        specs.append(f"{tmp_path / word / 'web.py'}:app")
    loaded = [webtest.TestApp(apps.load(spec, {}).wsgi) for spec in specs]
    assert [client.get("/").text for client in loaded] == ["first", "second"]
    assert not [name for name in ("app", "app.views") if name in sys.modules]


def test_a_module_left_under_the_name_of_an_apps_namespace_package_stands_aside(
        tmp_path, monkeypatch):
    """The other way round, as the fresh clone's make test met it: a module called `app`
    that another test had imported stood in the way ("'app' is not a package"). In a
    process of its own the app's folder comes first and `app` is its namespace package."""
    import sys
    import types

    import webtest

    (tmp_path / "ns" / "app").mkdir(parents=True)
    (tmp_path / "ns" / "web.py").write_text(textwrap.dedent(NAMESPACE_APP))
    (tmp_path / "ns" / "app" / "views.py").write_text("def word():\n    return 'its own'\n")
    other = types.ModuleType("app")
    monkeypatch.setitem(sys.modules, "app", other)
    client = webtest.TestApp(apps.load(f"{tmp_path / 'ns' / 'web.py'}:app", {}).wsgi)
    assert client.get("/").text == "its own"
    assert sys.modules["app"] is other


LEAVING_APP = """
import os
import sys

import bottle

sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
os.environ["LEAVING_APP_MODE"] = "its own"
os.environ.pop("LEAVING_APP_GONE", None)
app = bottle.default_app.push()  # and never popped

@app.route("/")
def index():
    import helper  # from lib/, as it answers

    return f"{helper.NAME} {os.environ['LEAVING_APP_MODE']} {'LEAVING_APP_GONE' in os.environ}"
"""


def test_an_apps_import_leaves_the_process_as_it_found_it_and_answers_as_it_left_it(
        tmp_path, monkeypatch):
    """sys.path, the import hooks, the environment and Bottle's stack of default apps are
    as they were once an app is loaded (a folder it appended, a variable it set, an app it
    pushed on the stack were left for the next test or the other app of a parity run);
    while it answers, it has what its import left, as in a process of its own."""
    import os
    import sys

    import bottle
    import webtest

    monkeypatch.setenv("LEAVING_APP_GONE", "yes")
    spec = write_app(tmp_path / "leaving", LEAVING_APP)
    (tmp_path / "leaving" / "lib").mkdir()
    (tmp_path / "leaving" / "lib" / "helper.py").write_text('NAME = "helper"\n')
    path, hooks, environ = list(sys.path), list(sys.meta_path), dict(os.environ)
    stack = list(bottle.default_app)
    client = webtest.TestApp(apps.load(spec, {}).wsgi)
    assert (sys.path, sys.meta_path, dict(os.environ)) == (path, hooks, environ)
    assert list(bottle.default_app) == stack
    assert client.get("/").text == "helper its own False"
    assert (sys.path, dict(os.environ)) == (path, environ)


def test_a_factory_is_called_with_the_folders_its_import_put_on_sys_path(tmp_path):
    """The import's own sys.path is put back once it is loaded; its factory, called
    after, still imports from the folder the module appended (lib/)."""
    import webtest

    folder = tmp_path / "factory"
    (folder / "lib").mkdir(parents=True)
    (folder / "lib" / "parts.py").write_text('WORD = "made"\n')
    (folder / "web.py").write_text(
        "import os, sys\n"
        "sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lib'))\n"
        "from bottle import Bottle\n\n"
        "def make_app():\n    import parts\n\n    app = Bottle()\n"
        "    app.route('/')(lambda: parts.WORD)\n    return app\n")
    client = webtest.TestApp(apps.load(f"{folder / 'web.py'}:make_app", {}).wsgi)
    assert client.get("/").text == "made"


COUNTED = ("import os\n\nwith open(os.path.join(os.path.dirname(__file__), 'imports.log'), 'a')"
           " as log:\n    log.write(__name__ + '\\n')\n")


@pytest.mark.parametrize("factory", [
    "def make_app():\n    import words\n\n    return built(words.WORD)\n",
    # the factory imports the app's own module by its name (`import web`)
    "def make_app():\n    import web\n\n    return web.built(web.words.WORD)\n",
], ids=["a-module-it-imported", "its-own-module"])
def test_a_factory_imports_the_apps_modules_as_its_import_left_them(tmp_path, factory):
    """Each module runs once, as in a process of its own: a factory that imports the app's
    module, or one it imported, gets that module, not a second import of it (a
    side effect at its top, a table created or a counter, ran twice)."""
    import webtest

    folder = tmp_path / "counted"
    folder.mkdir()
    (folder / "words.py").write_text(COUNTED + "WORD = 'once'\n")
    (folder / "web.py").write_text(
        COUNTED + "import words\nfrom bottle import Bottle\n\n\n"
        "def built(word):\n    app = Bottle()\n    app.route('/')(lambda: word)\n"
        "    return app\n\n\n" + factory)
    client = webtest.TestApp(apps.load(f"{folder / 'web.py'}:make_app", {}).wsgi)
    assert client.get("/").text == "once"
    logged = (folder / "imports.log").read_text().split()
    assert len(logged) == 2 and logged[0].endswith("web") and logged[1] == "words", logged


@pytest.mark.parametrize("main", [
    "if __name__ == '__main__':\n    app = built(words.WORD)\n    app.run(port=8080)\n",
    # no name holds it: the app its run() is handed
    "if __name__ == '__main__':\n    run(app=built(words.WORD), port=8080)\n",
], ids=["an-app-made-in-it", "an-app-handed-to-run"])
def test_an_app_made_under_the_main_guard_runs_the_module_once(tmp_path, main):
    """The app is made only when the file runs as a script: its main block runs in the
    module as imported, which was imported a second time as __main__ for it before."""
    import webtest

    folder = tmp_path / "script"
    folder.mkdir()
    (folder / "words.py").write_text(COUNTED + "WORD = 'once'\n")
    (folder / "web.py").write_text(
        COUNTED + "import words\nfrom bottle import Bottle, run\n\n\n"
        "def built(word):\n    app = Bottle()\n    app.route('/')(lambda: word)\n"
        "    return app\n\n\n" + main)
    loaded = apps.load(str(folder / "web.py"), {})
    assert loaded.script
    assert webtest.TestApp(loaded.wsgi).get("/").text == "once"
    logged = (folder / "imports.log").read_text().split()
    assert len(logged) == 2 and logged[0].endswith("web") and logged[1] == "words", logged

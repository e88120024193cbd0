"""Each rule, before and after: what it converts, what it flags, what it leaves alone."""

from __future__ import annotations

import pytest

from bottle2flask.port.rules.p003_routes import convert_path

from .helpers import check, port


def test_imports_become_flask_imports_for_what_is_used():
    check('''
        from bottle import Bottle, request, template

        app = Bottle()


        @app.route("/")
        def index():
            return template("index", name=request.query.name)
    ''', '''
        from flask import Flask, render_template, request

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.route("/")
        def index():
            return render_template("index.html", name=request.args.get("name", ""))
    ''')


def test_import_bottle_module_style_is_read_as_the_names():
    check('''
        import bottle

        app = bottle.Bottle()


        @app.get("/")
        def index():
            return bottle.request.method
    ''', '''
        from flask import Flask, request

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.get("/")
        def index():
            return request.method
    ''')


def test_a_bottle_name_no_rule_converts_keeps_its_import_under_a_todo():
    result = port('''
        from bottle import Bottle, FormsDict

        app = Bottle()
        EMPTY = FormsDict()
    ''')
    assert "from bottle import FormsDict" in result.code
    assert [t["code"] for t in result.todos] == ["P001"]
    assert "FormsDict" in result.todos[0]["text"]


def test_the_default_app_becomes_a_flask_app_named_app():
    check('''
        from bottle import route, run


        @route("/hello")
        def hello():
            return "Hello"


        run(host="localhost", port=8080)
    ''', '''
        from flask import Flask

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.route("/hello")
        def hello():
            return "Hello"


        if __name__ == "__main__":
            app.run(host="localhost", port=8080)
    ''')


def test_the_app_keeps_the_name_the_bottle_app_had():
    check('''
        from bottle import Bottle

        web = Bottle()


        @web.post("/x")
        def x():
            return "ok"
    ''', '''
        from flask import Flask

        web = Flask(__name__, template_folder="views", static_folder=None)


        @web.post("/x")
        def x():
            return "ok"
    ''')


def test_an_unknown_route_filter_is_reported_not_guessed():
    path, problems = convert_path("/x/<a:mine>", {})
    assert path == "/x/<a:mine>"
    assert problems and "mine" in problems[0]


def test_methods_names_and_stacked_routes():
    check('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/", method="POST", name="home")
        @app.route("/index", method=["GET", "POST"])
        def home():
            return "x"
    ''', '''
        from flask import Flask

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.route("/", methods=["POST"], endpoint="home")
        @app.route("/index", methods=["GET", "POST"])
        def home():
            return "x"
    ''')


def test_a_regex_route_gets_a_converter_class():
    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/wiki/<page:re:[a-z]+>")
        def wiki(page):
            return page
    ''')
    assert '@app.route("/wiki/<bottle_re1:page>")' in result.code
    assert 'regex = r"[a-z]+"' in result.code
    assert 'app.url_map.converters["bottle_re1"] = BottleRe1Converter' in result.code
    assert "from werkzeug.routing import BaseConverter" in result.code


def test_a_converter_class_takes_a_name_the_module_does_not_use():
    result = port('''
        from bottle import Bottle

        app = Bottle()


        class BottleRe1Converter:
            pass


        @app.route("/wiki/<page:re:[a-z]+>")
        def wiki(page):
            return page
    ''')
    assert 'app.url_map.converters["bottle_re1"] = BottleRe1Converter_2' in result.code
    assert "class BottleRe1Converter_2(BaseConverter):" in result.code
    assert "class BottleRe1Converter:" in result.code


def test_request_attributes_in_werkzeug_names():
    check('''
        from bottle import request


        def read():
            a = request.forms.get("a")
            b = request.forms.getunicode("b", "")
            c = request.query.page
            d = request.params.getall("tag")
            e = request.get_cookie("k", "d")
            f = request.json
            g = request.body.read()
            return request.method, request.path, request.headers.get("X"), a, b, c, d, e, f, g
    ''', '''
        from flask import request

        from bottle_compat import bottle_json


        def read():
            a = request.form.get("a")
            b = request.form.get("b", "")
            c = request.args.get("page", "")
            d = request.values.getlist("tag")
            e = request.cookies.get("k") or "d"
            f = bottle_json()
            g = request.get_data()
            return request.method, request.path, request.headers.get("X"), a, b, c, d, e, f, g
    ''')


def test_response_changes_are_recorded_and_applied_after_the_view():
    result = port('''
        from bottle import Bottle, response

        app = Bottle()


        @app.route("/")
        def index():
            response.set_cookie("seen", "1", path="/")
            response.status = 201
            response.content_type = "text/plain"
            return "made"
    ''')
    assert result.todos == []
    assert 'response.set_cookie("seen", "1", path="/")' in result.code  # the line is kept
    assert "from bottle_compat import install, response" in result.code
    assert "install(app, response=True)" in result.code


def test_template_and_view_become_render_template():
    check('''
        from bottle import Bottle, template, view

        app = Bottle()


        @app.route("/a")
        def a():
            return template("page.tpl", {"x": 1})


        @app.route("/b")
        @view("page", title="B")
        def b():
            return dict(x=2)
    ''', '''
        from flask import Flask, render_template

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.route("/a")
        def a():
            return render_template("page.html", **{"x": 1})


        @app.route("/b")
        def b():
            return render_template("page.html", title="B", x=2)
    ''')


def test_template_source_the_converter_cannot_take_whole_is_flagged_not_converted():
    result = port('''
        from bottle import template


        def hi(names):
            return template("{{[n for n in names]}}", names=names)
    ''')
    assert 'template("{{[n for n in names]}}", names=names)' in result.code
    assert [t["code"] for t in result.todos] == ["P001", "P006"]


def test_a_view_that_can_return_none_returns_an_empty_body():
    result = port('''
        from bottle import Bottle, response

        app = Bottle()


        @app.route("/ping")
        def ping():
            response.status = 204
    ''')
    assert result.code.rstrip().endswith('return ""')


def test_dict_returns_keep_bottles_key_order():
    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/api")
        def api():
            return {"b": 1, "a": 2}
    ''')
    assert "json_answers(app)" in result.code


def test_a_list_return_is_flagged():
    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/parts")
        def parts():
            return ["a", "b"]
    ''')
    assert [t["code"] for t in result.todos] == ["P007"]


def test_redirect_returns_in_a_view_and_aborts_elsewhere():
    check('''
        from bottle import Bottle, redirect, abort

        app = Bottle()


        def must_login(user):
            if not user:
                redirect("/login")


        @app.post("/save")
        def save():
            if False:
                abort(403, "No.")
            redirect("/done", 302)
    ''', '''
        from flask import Flask, abort, redirect

        app = Flask(__name__, template_folder="views", static_folder=None)


        def must_login(user):
            if not user:
                abort(redirect("/login", 303))


        @app.post("/save")
        def save():
            if False:
                abort(403, "No.")
            return redirect("/done", 302)
    ''')


def test_error_handlers_return_their_status():
    check('''
        from bottle import Bottle

        app = Bottle()


        @app.error(404)
        def missing(err):
            return "Not here: " + err.body
    ''', '''
        from flask import Flask

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.errorhandler(404)
        def missing(err):
            return "Not here: " + err.description, 404
    ''')


def test_a_default_app_hook_in_a_module_that_serves_its_own_app_is_not_registered():
    # Bottle ran it on the default app, which `app.run()` does not serve: it never ran.
    source = '''
        from bottle import Bottle, hook, response

        app = Bottle()


        @hook("after_request")
        def cors():
            response.headers["X-Cors"] = "*"


        @app.route("/")
        def index():
            return "home"


        if __name__ == "__main__":
            app.run(port=8080)
    '''
    result = port(source, faithful=False)
    assert "\n@app.after_request\n" not in result.code and "def cors():" in result.code
    assert [t["code"] for t in result.todos] == ["P002"]
    served = port(source.replace("app.run(port=8080)", "run(port=8080)")
                  .replace("hook, response", "hook, response, run"), faithful=False)
    assert "\n@app.after_request\n" in served.code  # run() serves the default app: it ran


def test_hooks_become_request_hooks():
    check('''
        from bottle import Bottle

        app = Bottle()


        @app.hook("before_request")
        def strip():
            pass


        @app.hook("after_request")
        def cors():
            pass
    ''', '''
        from flask import Flask

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.before_request
        def strip():
            pass


        @app.after_request
        def cors(flask_response):
            pass
            return flask_response
    ''')


def test_template_path_is_kept_as_the_jinja_search_path():
    result = port('''
        import bottle

        bottle.TEMPLATE_PATH.insert(0, "./templates/")
        app = bottle.Bottle()
    ''')
    assert 'TEMPLATE_PATH = ["./", "./views/"]' in result.code
    assert 'TEMPLATE_PATH.insert(0, "./templates/")' in result.code
    assert "install(app, template_path=TEMPLATE_PATH)" in result.code
    assert 'template_folder="."' in result.code
    assert result.todos == []


@pytest.mark.parametrize(("bottle", "flask"), [
    ('static_file(name, root="static")', 'send_from_directory("static", name)'),
    ('static_file(name, root=R, download=True)',
     "send_from_directory(R, name, as_attachment=True)"),
    ('static_file(name, root=R, download="a.pdf")',
     'send_from_directory(R, name, as_attachment=True, download_name="a.pdf")'),
    ('static_file(name, "static", mimetype="text/plain")',
     'send_from_directory("static", name, mimetype="text/plain")'),
])
def test_static_file_becomes_send_from_directory(bottle, flask):
    result = port(f'''
        from bottle import route, static_file


        @route("/files/<name>")
        def serve(name):
            return {bottle}
    ''', faithful=False)
    assert f"return {flask}" in result.code
    assert "from flask import Flask, send_from_directory" in result.code


def test_static_file_under_faithful_is_bottles_own():
    result = port('''
        from bottle import route, static_file


        @route("/files/<name>")
        def serve(name):
            return static_file(name, root="static", mimetype="text/plain")
    ''')
    assert 'return static_file(name, root="static", mimetype="text/plain")' in result.code
    assert "static_file" in result.code.split("from bottle_answers import")[1].split("\n)")[0]
    assert "bottle_answers" in result.companions


def test_get_url_becomes_url_for():
    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/u/<name>", name="user")
        def user(name):
            return app.get_url("user", name=name)
    ''')
    assert 'return url_for("user", name=name)' in result.code
    assert 'endpoint="user"' in result.code


def test_template_defaults_become_jinja_globals():
    result = port('''
        from bottle import BaseTemplate, Bottle

        app = Bottle()
        BaseTemplate.defaults["site"] = "Mine"
    ''')
    assert 'app.jinja_env.globals["site"] = "Mine"' in result.code
    assert "bottle" not in result.code.replace("bottle_compat", "").replace("bottle_answers", "")


MOUNT_AND_MERGE = '''
    from bottle import Bottle

    app = Bottle()
    api = Bottle()
    app.mount("/api/", api)
    app.merge(api)
    app.merge(api.routes)
'''


def test_mount_becomes_dispatcher_middleware_and_merge_copies_the_rules():
    result = port(MOUNT_AND_MERGE, faithful=False)
    assert 'app.wsgi_app = DispatcherMiddleware(app.wsgi_app, {"/api": api})' \
        in result.code.replace("'", '"')
    assert "bottle_mount.merge(app, api)\n" in result.code
    assert "def " not in result.code  # the helper is bottle_mount's, copied beside it
    assert result.companions == ["bottle_mount"]
    assert "app.merge(api.routes)" in result.code  # a list of routes: left, flagged
    assert [t["code"] for t in result.todos] == ["P015"]


def test_the_faithful_mount_is_the_exact_helper():
    result = port(MOUNT_AND_MERGE)
    assert 'bottle_mount.mount(app, "/api/", api)\n' in result.code
    assert "DispatcherMiddleware" not in result.code and not result.declared
    assert result.companions == ["bottle_answers", "bottle_mount"]


def test_run_with_a_server_option_is_flagged():
    result = port('''
        from bottle import Bottle, run

        app = Bottle()
        run(app, server="paste", reloader=True)
    ''')
    assert "app.run(use_reloader=True)" in result.code
    assert 'if __name__ == "__main__":' in result.code
    assert [t["code"] for t in result.todos] == ["P016"]


def test_comments_and_formatting_are_kept():
    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/")   # the home page
        def home():
            # say hello
            return   "hi"
    ''')
    assert '@app.route("/")   # the home page' in result.code
    assert "    # say hello\n    return   \"hi\"" in result.code


def test_disable_skips_one_rule():
    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/<no:int>")
        def item(no):
            return str(no)
    ''', disabled=frozenset({"P003"}))
    assert '@app.route("/<no:int>")' in result.code
    assert "P003" not in result.applied


def test_a_module_without_bottle_is_skipped_unchanged():
    result = port("import os\nprint(os.sep)\n")
    assert result.status == "skip"
    assert result.code == "import os\nprint(os.sep)\n"


def test_a_module_that_does_not_parse_is_a_failure():
    result = port("from bottle import route\ndef broken(:\n")
    assert result.status == "failure"
    assert result.error.startswith("app.py:2: cannot parse: ")
    assert result.error.endswith(" (Python refuses it too: the original cannot be imported "
                                 "either); copied unchanged")


def test_templates_get_jinja_set_up_as_the_converted_templates_expect():
    result = port('''
        from bottle import Bottle, template

        app = Bottle()


        @app.route("/")
        def home():
            return template("home")
    ''')
    assert "install(app, jinja=True)" in result.code


def test_names_in_use_tells_a_local_of_the_same_name_from_a_use():
    import libcst as cst

    from bottle2flask.port.rules.p001_imports import names_in_use

    module = cst.parse_module(
        "from bottle import error, local, response\nimport os\n\n"
        "def a(error):\n    return error\n\n"
        "def b():\n    return local.x  # error\n\n"
        "def c():\n    def after(response):\n        return response\n    return after\n")
    assert names_in_use(module) & {"error", "local", "response"} == {"local"}
    assert names_in_use(module, known={"local"}) & {"error", "response"} == set()
    assert names_in_use(cst.parse_module("from bottle import local\nx = 1\n")) == set()
    reads_os = cst.parse_module("from bottle import local\nimport os\n\nx = os.sep\n")
    assert "os" in names_in_use(reads_os, asked={"os"})  # asked about: analysed too


def test_bottles_request_as_a_mapping_is_its_environ_and_its_json_helpers_are_jsons():
    from .helpers import idiom

    source = '''
        from bottle import Bottle, json_dumps, json_loads, request

        app = Bottle()


        @app.route("/")
        def home():
            request["kit.seen"] = json_loads("1")
            return json_dumps([request.get("REMOTE_ADDR"), request["kit.seen"],
                               sorted(request.keys())[:1]])
    '''
    result = idiom(source, '''
        from json import dumps as json_dumps, loads as json_loads

        from flask import Flask, request

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            request.environ["kit.seen"] = json_loads("1")
            return json_dumps([request.environ.get("REMOTE_ADDR"), request.environ["kit.seen"],
                               sorted(request.environ.keys())[:1]])
    ''')
    from textwrap import dedent

    import webtest

    answers = []
    for code in (dedent(source), result.code):
        namespace = {"__name__": "trial"}
        exec(compile(code, "app.py", "exec"), namespace)
        answers.append(webtest.TestApp(namespace["app"]).get(
            "/", extra_environ={"REMOTE_ADDR": "10.0.0.1"}).text)
    assert answers[0] == answers[1] == '["10.0.0.1", 1, ["HTTP_HOST"]]'


def test_standard_modules_and_names_bottle_imported_are_imported_from_where_they_live():
    """Found by the trials (jbajwa/496): `from bottle import ..., os` kept a P001 TODO and
    an import of Bottle in the port."""
    from .helpers import idiom

    source = '''
        from bottle import Bottle, datetime, os, timedelta

        app = Bottle()


        @app.route("/")
        def home():
            return os.sep + str(datetime(2020, 1, 1) + timedelta(days=1))
    '''
    result = idiom(source, '''
        import os
        from datetime import datetime, timedelta

        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            return os.sep + str(datetime(2020, 1, 1) + timedelta(days=1))
    ''')
    from textwrap import dedent

    import webtest

    answers = []
    for code in (dedent(source), result.code):
        namespace = {"__name__": "trial"}
        exec(compile(code, "app.py", "exec"), namespace)
        answers.append(webtest.TestApp(namespace["app"]).get("/").text)
    assert answers[0] == answers[1] == "/2020-01-02 00:00:00"


AUTH_APP = '''
from bottle import app, auth_basic, route, template, url


def check(user, password):
    return (user, password) == ("ann", "secret")


@route("/static/:path#.+#", name="static")
def static(path):
    return path


@route("/")
@auth_basic(check)
def home():
    return template("<a href='{{get_url(\\'static\\', path=\\'a/b.css\\')}}'>css</a>",
                    get_url=url)
'''


def test_basic_auth_url_handed_on_and_bottles_app_name_port_as_in_bottle():
    """Found by the trials (arm_control_web): `from bottle import app, ..., auth_basic`
    registered the route converter on Bottle's imported `app` before the Flask app was
    made (a NameError at start), auth_basic stayed Bottle's, and `get_url=url` handed
    the template Bottle's URL builder."""
    import warnings
    from base64 import b64encode

    import bottle
    import webtest
    from werkzeug.datastructures import WWWAuthenticate

    from .helpers import port

    result = port(AUTH_APP, faithful=False)
    assert "from bottle import" not in result.code and result.todos == []
    assert result.code.count('url_map.converters["bottle_re1"]') == 1
    assert "get_url=url_for" in result.code
    # Flask has no auth_basic: bottle_compat's, the one function copied (no def here)
    assert "from bottle_compat import auth_basic\n" in result.code
    assert "def " not in result.code.split("def check")[1].split("def static")[0]
    assert result.compat_uses[1] == {"auth_basic"}
    ported = {"__name__": "trial"}
    exec(compile(result.code, "app.py", "exec"), ported)
    original = bottle.app.push()  # a default app of this test's own, while it runs
    try:
        with warnings.catch_warnings():  # Bottle 0.13 warns of the old :path#.+# syntax
            warnings.simplefilter("ignore", DeprecationWarning)
            exec(compile(AUTH_APP, "app.py", "exec"), {})
        for client in (webtest.TestApp(original), webtest.TestApp(ported["app"])):
            asked = WWWAuthenticate.from_header(client.get("/", status=401).headers[
                "WWW-Authenticate"])  # realm="private" in Bottle, realm=private: the same
            assert (asked.type, asked.parameters) == ("basic", {"realm": "private"})
            wrong = {"Authorization": "Basic " + b64encode(b"ann:guess").decode()}
            client.get("/", headers=wrong, status=401)
            right = {"Authorization": "Basic " + b64encode(b"ann:secret").decode()}
            assert client.get("/", headers=right).text == \
                "<a href='/static/a/b.css'>css</a>"
    finally:
        bottle.app.pop()


def test_a_module_with_its_own_app_not_named_app_takes_the_default_apps_uses_once(tmp_path):
    """Found by the eleventh trial batch (ds-api): `bottle = Bottle()` beside `@error(404)`
    on the default app got a second `bottle = Flask(...)` above its own, or, where other
    modules share the default app, `from default_app import bottle`, which does not exist."""
    own = '''
        from bottle import Bottle, error

        bottle = Bottle()


        @error(404)
        def missing(err):
            return "Nothing here"


        @bottle.get("/")
        def index():
            return "home"
    '''
    result = port(own, faithful=False)
    assert result.code.count("bottle = Flask(") == 1 and "import bottle" not in result.code
    # alone, the module serves `bottle`: the default app's handler never ran (RULE-s51c
    # class E), so it is not registered; beside modules on the default app (below), kept
    assert "@bottle.errorhandler(404)" not in result.code and "def missing" in result.code
    from textwrap import dedent

    from bottle2flask.cli import main as kit

    src = tmp_path / "src"
    (src / "routers").mkdir(parents=True)
    (src / "routers" / "__init__.py").write_text("")
    (src / "routers" / "mine.py").write_text(dedent(own))
    (src / "routers" / "shared.py").write_text(dedent('''
        from bottle import route

        @route("/shared")
        def shared():
            return "shared"
    '''))
    (src / "app.py").write_text(dedent('''
        from bottle import route, run
        import routers.shared
        import routers.mine

        @route("/top")
        def top():
            return "top"

        run()
    '''))
    assert kit(["port", str(src), "-o", str(tmp_path / "out"), "--no-check"]) == 0
    mine = (tmp_path / "out" / "routers" / "mine.py").read_text()
    # beside modules on the default app, @error(404) is on the shared default app, as
    # Bottle put it there (default54, RULE-s53 class E): the served app's 404 page
    assert "import bottle" not in mine and "from default_app import app as default_app\n" in mine
    assert mine.count("bottle = Flask(") == 1 and "@default_app.errorhandler(404)" in mine
    assert "from default_app import app" in (tmp_path / "out" / "routers" / "shared.py").read_text()

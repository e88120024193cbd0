"""P003 route converters: Werkzeug's own by default, declared where they differ; a regex
filter gets a converter class registered where the app is made, in any scope."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from textwrap import dedent

import pytest
import webtest

from bottle2flask.cli import main as kit
from bottle2flask.port.folder import port_tree
from bottle2flask.port.runner import port_source

from .helpers import answers, both_apps, both_folders, idiom, port, untouched

# What P003 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    import re
    from bottle import Bottle

    app = Bottle()
    PATTERN = re.compile('<x:int>')
    router = {}
    router['/a/<id:int>'] = len
    """,
    """
    from bottle import Bottle

    app = Bottle()


    class Cache:
        def route(self, path):
            return path


    Cache().route('/x/<id:int>')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P003", source)


FACTORY = r'''
    import bottle


    def make_app():
        app = bottle.Bottle()

        @app.route(r"/img/<f:re:.*\.png>")
        def image(f):
            return f

        return app


    class Site:
        def build(self):
            app = bottle.Bottle()

            @app.route("/doc/<name:re:[a-z]+>")
            def doc(name):
                return name

            return app
'''


def run(code: str, name: str):
    namespace: dict = {"__name__": "ported"}
    exec(compile(code, "ported.py", "exec"), namespace)
    return namespace[name]


def test_a_plain_wildcard_is_left_as_it_is():
    idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.get("/hello/<name>")
        def hello(name):
            return name
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.get("/hello/<name>")
        def hello(name):
            return name
    ''')


@pytest.mark.parametrize("faithful", [False, True])
def test_a_regex_route_in_a_factory_or_a_method_is_registered_where_the_app_is_made(faithful):
    """Issue 24's reproducer: this port crashed with `LookupError: the converter
    'bottle_re1' does not exist`, kept an unused BaseConverter import and a TODO."""
    result = port(FACTORY, faithful=faithful)
    assert result.todos == [] and "neither makes nor imports" not in result.code
    assert result.code.count("from werkzeug.routing import BaseConverter") == 1
    made = webtest.TestApp(run(result.code, "make_app")())
    assert made.get("/img/a/b.png").text == "a/b.png"
    made.get("/img/a.gif", status=404)
    site = webtest.TestApp(run(result.code, "Site")().build())
    assert site.get("/doc/abc").text == "abc"
    site.get("/doc/ABC", status=404)


def test_a_regex_route_on_an_app_bound_to_two_names_is_registered_there():
    # `app = application = Bottle()` (mod_wsgi wants `application`): it makes the app
    result = port('''
        from bottle import Bottle

        app = application = Bottle()


        @app.route("/<url:re:.+>")
        def catch_all(url):
            return url
    ''', faithful=False)
    assert result.todos == [] and "neither makes nor imports" not in result.code
    made = webtest.TestApp(run(result.code, "application"))
    assert made.get("/a/b").text == "a/b"


def test_regex_routes_of_two_modules_on_one_app_keep_each_its_own_regex(tmp_path):
    """Found by the generator once its judge stopped excusing broken requests (a TODO
    sat on the line): each module named its first regex converter bottle_re1 and
    registered it on the one app they share, so the module imported last took every
    module's routes with its own regex (/a/abc was a 404). A module that routes on an
    app it imports has its name in its converters'."""
    bottle, flask = both_folders(tmp_path, {
        "core.py": """
            from bottle import Bottle

            app = Bottle()
        """,
        "web.py": """
            from core import app
            import pages  # noqa: F401


            @app.get("/a/<word:re:[a-z]+>")
            def word(word):
                return "word " + word
        """,
        "pages.py": """
            from core import app


            @app.get("/b/<number:re:[0-9]+>")
            def number(number):
                return "number " + number
        """}, "p003_two_modules")
    for path, status in (("/a/abc", 200), ("/b/123", 200), ("/a/123", 404), ("/b/abc", 404)):
        assert answers(flask, path)[0] == answers(bottle, path)[0] == status, path
    assert answers(flask, "/a/abc") == answers(bottle, "/a/abc") == (200, "word abc")
    assert "/a/<bottle_web_re1:word>" in (tmp_path / "out" / "web.py").read_text()
    assert "/b/<bottle_pages_re1:number>" in (tmp_path / "out" / "pages.py").read_text()


def test_modules_with_the_same_converter_class_have_it_parsed_once(tmp_path, monkeypatch):
    # each module routing a float on the shared app gets BottleFloatConverter, the same
    # code: LibCST parses its template once (edit.template_statement), and each module
    # has its class and its registration
    from bottle2flask.port import edit
    from bottle2flask.port.rules.p003_routes import FLOAT_CONVERTER

    parsed: list[str] = []
    real_parse = edit.parse_template_statement

    def parse(template, *args, **kwargs):
        parsed.append(template)
        return real_parse(template, *args, **kwargs)

    monkeypatch.setattr(edit, "_TEMPLATES", {})
    monkeypatch.setattr(edit, "parse_template_statement", parse)
    views = """
        from core import app


        @app.get("/{name}/<x:float>")
        def {name}(x):
            return "{name} %s" % x
    """
    bottle, flask = both_folders(tmp_path, {
        "core.py": "from bottle import Bottle\n\napp = Bottle()\n",
        "web.py": "from core import app\nimport a  # noqa: F401\nimport b  # noqa: F401\n",
        "a.py": views.replace("{name}", "a"), "b.py": views.replace("{name}", "b")},
        "p003_same_converter")
    for path in ("/a/2.5", "/b/.5", "/a/-1"):
        assert answers(flask, path) == answers(bottle, path), path
    assert answers(flask, "/b/.5") == (200, "b 0.5")
    assert answers(flask, "/b/x")[0] == answers(bottle, "/b/x")[0] == 404
    assert parsed.count(FLOAT_CONVERTER) == 1
    for name in ("a.py", "b.py"):
        code = (tmp_path / "out" / name).read_text()
        assert "class BottleFloatConverter(FloatConverter):" in code
        assert 'app.url_map.converters["float"] = BottleFloatConverter' in code


def test_a_regex_route_with_no_app_in_the_module_is_a_todo_and_no_converter_class():
    result = port('''
        from bottle import route


        def register(app):
            @app.route("/<name:re:[a-z]+>")
            def page(name):
                return name
    ''', faithful=False)
    assert "class " not in result.code and "import BaseConverter" not in result.code
    assert "P003" in [t["code"] for t in result.todos]


def test_int_and_float_take_what_bottles_take_and_path_declares_its_slash():
    result = idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.get("/n/<no:int>/<p:path>")
        def n(no, p):
            return p


        @app.get("/f/<x:float>")
        def f(x):
            return str(x)
    ''', '''
        from flask import Flask
        from werkzeug.routing import FloatConverter


        class BottleFloatConverter(FloatConverter):
            """Bottle's float: 3, -1, 2. and .5 as well as 2.5 (flask-port/P003)."""

            regex = r"-?[\\d.]+"


        app = Flask(__name__, static_folder=None)
        app.url_map.converters["float"] = BottleFloatConverter


        @app.get("/n/<int(signed=True):no>/<path:p>")
        def n(no, p):
            return p


        @app.get("/f/<float:x>")
        def f(x):
            return str(x)
    ''', declared=("D-path", "D-float"))
    assert result.declared[0]["paths"] == ["/n/*/*"] and result.declared[0]["line"] == 15


NUMBERS = '''
    from bottle import Bottle

    app = Bottle()


    @app.get("/n/<n:int>")
    def number(n):
        return repr(n)


    @app.get("/f/<x:float>")
    def real(x):
        return repr(x)


    @app.get("/r/<a:float>/<b:re:[a-z]+>")
    def both(a, b):
        return repr((a, b))
'''


@pytest.mark.parametrize(("path", "status", "body"), [
    ("/n/7", 200, "7"),
    ("/n/-3", 200, "-3"),
    ("/n/007", 200, "7"),
    ("/f/2", 200, "2.0"),
    ("/f/2.", 200, "2.0"),
    ("/f/.5", 200, "0.5"),
    ("/f/-1.5", 200, "-1.5"),
    ("/f/x", 404, None),
    ("/r/2/ab", 200, "(2.0, 'ab')"),
])
def test_negative_ints_and_integer_floats_are_pages_in_the_port_too(tmp_path, path, status,
                                                                    body):
    """Issue 42: Bottle's int takes -3 and its float takes 2, 2. and .5; Werkzeug's own
    converters do not, and a port answering 404 there has lost a page."""
    bottle_app, flask_app = both_apps(tmp_path, NUMBERS, "numbers")
    for client in (bottle_app, flask_app):
        got = answers(client, path)
        assert got[0] == status and (body is None or got[1] == body), (client, got)


def test_a_malformed_float_is_a_404_in_the_port_where_bottle_answered_400(tmp_path):
    bottle_app, flask_app = both_apps(tmp_path, NUMBERS, "malformed")
    assert answers(bottle_app, "/f/1.2.3")[0] == 400
    assert answers(flask_app, "/f/1.2.3")[0] == 404  # declared: D-float


def test_a_float_filter_repaired_alone_brings_the_converter_its_exact_form_names(tmp_path):
    """The float-filter site's exact form writes Bottle's `<bottle_float:x>`: the
    install(float_paths=True) that registers it comes with it in the idiomatic port, as
    it does for the route-filter site (the port did not start: LookupError)."""
    import webtest

    from bottle2flask.loading import load
    from bottle2flask.port.folder import port_tree

    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(dedent('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/f/<x:float>")
        def real(x):
            return repr(x)
        '''))
    port_tree(src, out, exact=frozenset({"web.py:real:P003:float-filter:0"}))
    assert '"/f/<bottle_float:x>"' in (out / "web.py").read_text()
    flask_app = webtest.TestApp(load(f"{out / 'web.py'}:app", {}, "float_alone_flask").wsgi)
    bottle_app = webtest.TestApp(load(f"{src / 'web.py'}:app", {}, "float_alone_bottle").wsgi)
    for path in ("/f/2", "/f/-1.5"):
        assert answers(flask_app, path) == answers(bottle_app, path) == (200, repr(
            float(path[3:]))), path
    # Bottle's 400 for a malformed float, kept (each framework's own error page)
    assert answers(flask_app, "/f/1.2.3")[0] == answers(bottle_app, "/f/1.2.3")[0] == 400


def test_a_port_whose_app_is_made_by_a_factory_runs_with_flask(tmp_path, capsys):
    """The rest of issue 24's reproducer: "run it" named `app`, which the module lacks."""
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(dedent(FACTORY))
    assert kit(["port", str(src), "-o", str(out)]) == 0
    assert "flask --app 'web:make_app()' run" in capsys.readouterr().out
    routes = subprocess.run([Path(sys.executable).parent / "flask", "--app", "web:make_app()",
                             "routes"], cwd=out, capture_output=True, text=True, check=True)
    assert "/img/<bottle_re1:f>" in routes.stdout


def test_a_route_added_by_keywords_names_flask_s_rule():
    """Found by the trials (thepure12/bottle-sql): add_url_rule() has no path= keyword."""
    from .helpers import port

    code = port('''
        from bottle import Bottle
        app = Bottle()
        def index():
            return "hi"
        app.route(path="/", method="GET", callback=index)
    ''', faithful=False).code
    assert 'app.add_url_rule(rule="/", view_func=index, methods=["GET"])' in code


def test_a_wildcard_without_a_name_is_named_and_the_view_takes_it():
    """Bottle's CORS recipe `@route('/<:re:.*>', method='OPTIONS')`: Werkzeug refuses a
    variable without a name (the port did not start); now it is named and the view takes
    it with a default, so the view is still callable as before."""
    import webtest

    from .helpers import port

    source = '''
from bottle import Bottle

app = Bottle()


@app.route("/<:re:.*>", method="OPTIONS")
def preflight():
    return "ok"


def other():
    return "other"


app.route("/x/<:re:[a-z]+>", "GET", other)
'''
    result = port(source, faithful=False)
    assert '@app.route("/<bottle_re1:unnamed>", methods=["OPTIONS"])\ndef preflight(' \
        'unnamed=None):' in result.code
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P003", True)]  # other()
    for code in (source, result.code.replace("def other():", "def other(unnamed=None):")):
        namespace = {"__name__": "trial"}
        exec(compile(code, "app.py", "exec"), namespace)
        client = webtest.TestApp(namespace["app"])
        assert client.options("/any/path").text == "ok"
        assert client.get("/x/abc").text == "other"



def test_a_nameless_wildcards_view_beginning_with_a_docstring_or_a_call_takes_it_too(tmp_path):
    """A view whose first statement is an expression (a docstring, `redirect("/")`) took
    the decorator's nameless wildcard for a route registered by a call: its TODO broke the
    view, which was left without the parameter (a 500 for every path; trial class
    RULE-s46 A: CitationExtractor's catch-all, highlighter's CORS preflight)."""
    from .helpers import answers, both_folders, port

    source = '''
        from bottle import Bottle, redirect

        app = Bottle()


        @app.route("/")
        def index():
            return "home"


        @app.route("/<:re:.+>")
        def catchall():
            """Redirect everything else to /."""
            redirect("/")


        @app.route("/x/<:re:[a-z]+>", method="OPTIONS")
        def preflight():
            print("preflight")
            return "ok"
    '''
    result = port(dedent(source), faithful=False)
    assert result.todos == []
    assert "def catchall(unnamed=None):" in result.code
    assert "def preflight(unnamed=None):" in result.code
    bottle, flask = both_folders(tmp_path, {"web.py": source}, "nameless")  # HTTP/1.1
    for client in (bottle, flask):
        found = client.get("/any/where", status=303)
        assert found.headers["Location"].endswith("/")
        assert answers(client, "/x/abc", "OPTIONS") == (200, "ok")


FILTER_APP = '''
    from bottle import Bottle

    app = Bottle()


    def slug_filter(config):
        def to_python(match):
            return match.replace("-", " ")

        def to_url(text):
            return text.replace(" ", "-")

        return r"[a-z-]+", to_python, to_url


    app.router.add_filter("slug", slug_filter)


    @app.route("/post/<title:slug>", name="post")
    def post(title):
        return title + " at " + app.get_url("post", title=title)
'''


def test_a_route_filter_the_app_adds_becomes_a_converter_made_from_it(tmp_path):
    """Found by the tenth trial batch (bmwant/bmwlog): `app.router.add_filter` stayed in
    the port (Flask's app has no router: it failed at import) and its routes kept a
    breaking TODO. The filter's function makes the converter's regex and conversions."""
    result = port(FILTER_APP, faithful=False)
    assert result.todos == [] and result.emulation == 0
    assert 'app.url_map.converters["slug"] = SlugConverter' in result.code
    assert '@app.route("/post/<slug:title>", endpoint="post")' in result.code
    assert "self.regex, self.from_path, self.into_path = slug_filter(None)" in result.code
    bottle_app, flask_app = both_apps(tmp_path, FILTER_APP, "filter")
    assert flask_app.get("/post/hello-world").text == "hello world at /post/hello-world"
    assert bottle_app.get("/post/hello-world").text == "hello world at /post/hello-world"
    for client in (bottle_app, flask_app):
        client.get("/post/Hello", status=404)  # the filter's regex still decides


def test_a_route_filter_added_in_another_module_converts_the_routes_here(tmp_path):
    src = tmp_path / "src"
    (src / "site").mkdir(parents=True)
    (src / "site" / "__init__.py").write_text(dedent('''
        from bottle import Bottle

        from .filters import slug_filter

        app = Bottle()
        app.router.add_filter("slug", slug_filter)

        from . import views  # noqa: E402
    '''))
    (src / "site" / "filters.py").write_text(
        'def slug_filter(config):\n    return r"[a-z-]+", None, None\n')
    (src / "site" / "views.py").write_text(dedent('''
        from . import app


        @app.get("/tag/<name:slug>")
        def tag(name):
            return name
    '''))
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out)]) == 0
    assert '@app.get("/tag/<slug:name>")' in (out / "site" / "views.py").read_text()


def test_a_route_filter_given_a_config_keeps_a_breaking_todo():
    result = port(FILTER_APP.replace("<title:slug>", "<title:slug:strict>"), faithful=False)
    assert [t["code"] for t in result.todos] == ["P003"]
    assert "given a config ('strict')" in result.todos[0]["text"]


def test_a_bottle_only_attribute_on_the_app_is_kept_by_bottle_members():
    """What Flask has no counterpart for (app.routes, app.close()) would fail when the
    line runs: P027 reads it through bottle_members.py, under a TODO that does not break
    (it converts app.reset(), app.wsgi and app.catchall)."""
    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/")
        def index():
            return "hi"


        for route in app.routes:
            print(route.rule)
        app.close()
        settings = app.config
    ''', faithful=False)
    assert [(t["code"], t["line"], t["breaks"]) for t in result.todos] == [
        ("P027", 12, False), ("P027", 16, False)]
    assert "app.url_map.iter_rules()" in result.todos[0]["text"]
    assert "`app.close` kept by bottle_members.py" in result.todos[1]["text"]
    assert "for route in bottle_members.of(app).routes:" in result.code
    assert "settings = app.config" in result.code  # Flask's app has a config too


def test_the_apps_match_resources_and_router_are_kept_too():
    """Found by the conformance table (Bottle.match, Bottle.resources, Bottle.router): the
    router bottle_members gives only matches, so one handed on whole is left, breaking."""
    result = port('''
        from bottle import Bottle, request

        app = Bottle()
        app.resources.add_path("./data/")


        @app.route("/")
        def index():
            return repr(app.match(request.environ))


        ROUTER = app.router
    ''', faithful=False)
    assert [(t["code"], t["line"], t["breaks"]) for t in result.todos] == [
        ("P027", 5, False), ("P027", 12, False), ("P001", 17, True)]
    assert "Flask's app.open_resource()" in result.todos[0]["text"]
    assert "app.url_map.bind_to_environ(environ).match()" in result.todos[1]["text"]
    assert "Flask app matches with app.url_map" in result.todos[2]["text"]


def test_a_bottle_only_attribute_read_through_request_app_is_a_breaking_todo():
    """Bottle's request.app is Flask's current_app: its routes are as Bottle-only."""
    result = port('''
        from bottle import Bottle, request

        app = Bottle()


        @app.route("/")
        def index():
            names = [route.rule for route in request.app.routes]
            return request.app.config.get("title", ", ".join(names))
    ''', faithful=False)
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P001", True)]
    assert "`current_app.routes` is Bottle's list of routes" in result.todos[0]["text"]
    assert 'current_app.config.get("title"' in result.code


def test_a_converted_add_filter_leaves_no_router_behind():
    result = port(FILTER_APP, faithful=False)
    assert "router" not in result.code and result.todos == []


def test_a_route_filter_on_bottles_default_app_converts_too():
    source = FILTER_APP.replace('app.router.add_filter("slug", slug_filter)',
                                'bottle.default_app().router.add_filter("slug", slug_filter)'
                                ).replace("from bottle import Bottle",
                                          "import bottle\n    from bottle import Bottle")
    result = port(source, faithful=False)
    assert result.todos == []
    assert 'app.url_map.converters["slug"] = SlugConverter' in result.code
    assert '@app.route("/post/<slug:title>", endpoint="post")' in result.code


def test_a_route_filter_the_port_cannot_convert_is_a_breaking_todo_and_so_are_its_routes():
    """On an object the port does not know as the app, or under a computed name: neither
    the filter nor its routes are written as if the converter existed."""
    source = FILTER_APP.replace('app.router.add_filter("slug", slug_filter)',
                                'holder.router.add_filter("slug", slug_filter)')
    result = port(source, faithful=False)
    texts = [t["text"] for t in result.todos if t["breaks"]]
    assert any("does not convert" in t for t in texts)
    assert "<slug:title>" not in result.code and "converters[" not in result.code
    computed = port(FILTER_APP.replace('add_filter("slug"', 'add_filter(NAME'), faithful=False)
    assert any("does not convert" in t["text"] for t in computed.todos)
    assert any("custom route filter 'slug'" in t["text"] for t in computed.todos)


ROUTED_TWICE = '''
from bottle import Bottle

app = Bottle()


@app.get("/app.css")
def _():
    return "the first"


@app.route("/page", method=["GET", "POST"])
def page():
    return "the first page"


@app.get("/app.css")
def _():
    return "the second"


@app.get("/page")
def page_again():
    return "the second page"
'''


def test_a_path_routed_twice_answers_with_the_later_view_as_in_bottle(tmp_path):
    """Found by the eleventh trial batch (a tweeter clone routing /app.css twice): Bottle
    replaces a route routed again with the same path and method, so the later view
    answers; Werkzeug keeps both and the first matches. The port leaves the replaced
    route out (or, where only some of its methods are replaced, keeps the others)."""
    result = port(ROUTED_TWICE, faithful=False)
    assert result.todos == []
    assert "# GET /app.css is routed again below, where Bottle served the later view:" \
        in result.code
    assert '@app.route("/page", methods=["POST"])' in result.code
    bottle_app, flask_app = both_apps(tmp_path, ROUTED_TWICE, "twice")
    for client in (bottle_app, flask_app):
        assert client.get("/app.css").text == "the second"
        assert client.get("/page").text == "the second page"
        assert client.post("/page").text == "the first page"


def test_routes_made_in_branches_or_on_other_apps_are_not_taken_as_replaced():
    source = ROUTED_TWICE.replace("app = Bottle()", "app = Bottle()\nother = Bottle()") \
        .replace('@app.get("/app.css")\ndef _():\n    return "the second"',
                 '@other.get("/app.css")\ndef _():\n    return "the second"')
    result = port(source, faithful=False)
    assert "GET /app.css is routed again" not in result.code
    assert "GET /page is routed again" in result.code  # on the same app, as before
    branches = port('''
        from bottle import Bottle
        import os

        app = Bottle()

        if os.environ.get("OLD"):
            @app.get("/")
            def old():
                return "old"
        else:
            @app.get("/")
            def new():
                return "new"
    ''', faithful=False)
    assert "routed again" not in branches.code and branches.code.count('@app.get("/"') == 2
    stacked = port('''
        from bottle import get, post, route

        @route("/")
        @get("/")
        @post("/")
        def application():
            return "one view"
    ''', faithful=False)  # one view routed twice: nothing to leave out
    assert "routed again" not in stacked.code and stacked.code.count('.get("/")') == 1


def test_views_under_a_decorator_imported_from_another_module_keep_their_names(tmp_path):
    """Found by the generated apps (issue #36): a decorator without functools.wraps in
    deco.py, on two views; both became Flask's endpoint `wrapper` and the second was
    refused at start-up. Which imported decorator wraps cannot be read here: every view
    under one gets its own name as its endpoint, the one Flask takes when it does."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "deco.py").write_text(dedent('''
        def stamped(fn):
            def wrapper(*args, **kwargs):
                return "stamped " + fn(*args, **kwargs)

            return wrapper
    '''))
    (src / "web.py").write_text(dedent('''
        from bottle import Bottle

        from deco import stamped

        app = Bottle()


        @app.route("/a")
        @stamped
        def a():
            return "a"


        @app.route("/b")
        @stamped
        def b():
            return "b"
    '''))
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == 0
    code = (out / "web.py").read_text()
    assert '@app.route("/a", endpoint="a")' in code and '@app.route("/b", endpoint="b")' in code
    from bottle2flask.loading import load

    for folder, label in ((src, "deco_bottle"), (out, "deco_flask")):
        client = webtest.TestApp(load(f"{folder / 'web.py'}:app", {}, label).wsgi)
        assert client.get("/a").text == "stamped a"
        assert client.get("/b").text == "stamped b"


FACTORY_DECORATORS = '''
    from functools import wraps

    from bottle import Bottle


    def create_app():
        app = Bottle()

        def stamped(fn):
            def wrapper(*args, **kwargs):
                return "stamped " + fn(*args, **kwargs)

            return wrapper

        def role(name):
            def decorator(fn):
                def wrapper(*args, **kwargs):
                    return name + " " + fn(*args, **kwargs)

                return wrapper

            return decorator

        def kept(fn):
            @wraps(fn)
            def wrapper(*args, **kwargs):
                return "kept " + fn(*args, **kwargs)

            return wrapper

        @app.route("/a")
        @stamped
        def a():
            return "a"

        @app.route("/b")
        @stamped
        def b():
            return "b"

        @app.route("/c")
        @role("admin")
        def c():
            return "c"

        @app.route("/d")
        @role("admin")
        def d():
            return "d"

        @app.route("/e")
        @kept
        def e():
            return "e"

        return app


    app = create_app()
'''


LAMBDA_ROUTED_AGAIN = '''
    from bottle import Bottle, redirect


    class BaseController:
        def __init__(self, app):
            self.app = app
            self.app.route("/", method="GET", callback=self.home_redirect)

        def home_redirect(self):
            return redirect("/base")


    class AuthController(BaseController):
        def __init__(self, app):
            super().__init__(app)
            self.app.route("/", method="GET", callback=lambda: redirect("/home"))


    app = Bottle()
    AuthController(app)
'''


def test_a_lambda_routed_again_on_its_bases_rule_has_an_exact_form_that_replaces_it(tmp_path):
    """Found by the twenty-fifth trial batch (RULE-s54, a car rental's controllers): a
    subclass routed "/" by call with a lambda, where its base class routes "/" too; the
    lambda's endpoint was named "/" with `view_func=`, which Flask refuses beside the
    base's view, and the site had no exact form for the repair to take. Its exact form
    sets the lambda apart, `app.endpoint("/")(lambda: ...)`, so it replaces the base's
    view, as Bottle's later route did."""
    bottle_app, flask_app = both_apps(tmp_path, LAMBDA_ROUTED_AGAIN, "lambda_again",
                                      faithful=True)
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'self.app.endpoint("/")(lambda: redirect("/home"' in code
    for client in (bottle_app, flask_app):
        assert client.get("/").headers["Location"].endswith("/home")


def test_views_under_decorators_a_factory_defines_keep_their_names(tmp_path):
    """Found by the twenty-fifth trial batch (RULE-s54, a freelancing site): create_app()
    defined login_required and role_required(...) inside itself, without functools.wraps;
    only top-level decorators were read as renaming what they wrap, so every view under
    them became Flask's endpoint `wrapper` and the port did not start. A decorator that
    keeps the name (`@wraps`) leaves Flask's own endpoint."""
    result = port(FACTORY_DECORATORS, faithful=False)
    for name in "abcd":
        assert f'@app.route("/{name}", endpoint="{name}")' in result.code
    assert '@app.route("/e")\n' in result.code
    bottle_app, flask_app = both_apps(tmp_path, FACTORY_DECORATORS, "factory_deco")
    for client in (bottle_app, flask_app):
        assert client.get("/a").text == "stamped a"
        assert client.get("/b").text == "stamped b"
        assert client.get("/d").text == "admin d"
        assert client.get("/e").text == "kept e"


def test_a_list_of_paths_is_one_route_decorator_a_path():
    # Bottle routes each path of route(["/a", "/b/<x>"]); Flask's route() takes one
    idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.route(["/a", "/b/<x:int>"], method="POST")
        def view(x=None):
            return repr(x)
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.route("/a", methods=["POST"])
        @app.route("/b/<int(signed=True):x>", methods=["POST"])
        def view(x=None):
            return repr(x)
    ''')


def test_a_list_of_paths_is_served_on_each_path(tmp_path):
    """Found by the generated apps (issue #36): Flask's route() was given the list and
    the port did not start."""
    source = '''
        from bottle import Bottle

        app = Bottle()


        @app.get(["/", "/doc/<n:int>", "/doc/"])
        def doc(n=0):
            return "doc %d" % n
    '''
    assert port(source, faithful=False).todos == []
    bottle_app, flask_app = both_apps(tmp_path, source, "paths")
    for client in (bottle_app, flask_app):
        assert client.get("/").text == "doc 0"
        assert client.get("/doc/4").text == "doc 4"
        assert client.get("/doc/").text == "doc 0"
        client.post("/doc/", status=405)


def test_a_rule_that_starts_with_a_wildcard_is_served_with_its_slash(tmp_path):
    """Found by the generated apps (issue #36): `<name:re:.*\\.css>` matched the whole
    path in Bottle, slash and all; the port's rule begins with `/` and the wildcard's
    value lacks it (declared)."""
    source = r'''
        from bottle import Bottle

        app = Bottle()


        @app.route(r"<name:re:.*\.css>")
        def css(name):
            return "css " + name.lstrip("/")
    '''
    result = port(source, faithful=False)
    assert [d["id"] for d in result.declared] == ["D-leading-slash"]
    bottle_app, flask_app = both_apps(tmp_path, source, "slash")
    for client in (bottle_app, flask_app):
        assert client.get("/site.css").text == "css site.css"
        assert client.get("/a/b.css").text == "css a/b.css"
        client.get("/site.js", status=404)


def test_a_path_no_client_reaches_is_left_out():
    # "hello" has no leading slash: Bottle matches it against the whole path, and no
    # client sends a path without one ("/hello" is not "hello"); Flask would refuse the
    # rule when the module is imported
    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.route("hello")
        def hello():
            return "hi"
    ''', faithful=False)
    assert result.todos == []
    assert "# no client's request reaches the rule 'hello' (no leading slash): left out\n" \
        "def hello():" in result.code


def test_a_route_left_out_for_want_of_a_client_is_declared_not_rewritten_the_same():
    """check52 (stop 52): the left-out route was counted "rewritten, same behaviour"; the
    report now says it under D-leading-slash, as the check counts it, and a route of the
    same def that keeps its slash is served as before."""
    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.route("./author")
        @app.route("/author")
        def author():
            return "me"
    ''', faithful=False)
    assert result.todos == []
    assert [(d["id"], d["paths"], d.get("detail")) for d in result.declared] == [
        ("D-leading-slash", ["./author"], "left out: no client's request reaches it")]
    assert '@app.route("/author")\ndef author():' in result.code


ROUTED_BY_CALL_WITHOUT_A_SLASH = {
    "web.py": """
        from bottle import Bottle

        app = Bottle()


        def hello():
            return "hi"


        def setup(a):
            a.route("in/setup", callback=hello)


        app.route("f54call", callback=hello)
        app.route("./called", method="POST")(hello)
        app.route("/hello", callback=hello)
        setup(app)
    """,
}


def test_a_route_call_no_client_reaches_is_left_out_and_declared(tmp_path):
    """The generator's forms_54 (D-leading-slash by call): `app.route("f54call",
    callback=view)` was ported as `add_url_rule("f54call", ...)`, which Werkzeug refuses:
    the port did not start. Left out as a decorator's rule is, the line commented out;
    a function left with nothing in it keeps a `pass`."""
    result = port(ROUTED_BY_CALL_WITHOUT_A_SLASH["web.py"], faithful=False)
    assert result.todos == []
    assert sorted(p for d in result.declared if d["id"] == "D-leading-slash"
                  for p in d["paths"]) == ["./called", "f54call", "in/setup"]
    assert "# no client's request reaches the rule 'f54call' (no leading slash): left " \
        'out:\n# app.route("f54call", callback=hello)\n' in result.code
    bottle_app, flask_app = both_folders(tmp_path, ROUTED_BY_CALL_WITHOUT_A_SLASH, "call_slash")
    for path in ("/f54call", "/called", "/in/setup"):  # no route takes them: a 404 in both
        assert answers(flask_app, path)[0] == answers(bottle_app, path)[0] == 404, path
    assert answers(flask_app, "/hello") == answers(bottle_app, "/hello") == (200, "hi")


def test_a_path_ending_in_a_slash_declares_flasks_redirect():
    idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/dir/")
        def folder():
            return "dir"


        @app.route("/")
        def home():
            return "home"
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.route("/dir/")
        def folder():
            return "dir"


        @app.route("/")
        def home():
            return "home"
    ''', declared=("D-trailing-slash",))


def test_a_route_config_keyword_goes_to_bottle_members_route_config():
    # @route("/", answer=42) is Bottle's route config; Werkzeug's Rule refuses the keyword
    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/", name="home", answer=42, cache=False)
        def home():
            return "home"


        app.route("/other", callback=home, answer=1)
    ''', faithful=False)
    assert '@app.route("/", endpoint="home")\n' \
        '@bottle_members.route_config("/", answer=42, cache=False)\ndef home():' in result.code
    assert result.companions == ["bottle_members"]
    # not a decorator: taken out, and the TODO says the view may now break
    assert 'app.add_url_rule("/other", view_func=home)' in result.code
    assert [(t["code"], t["breaks"]) for t in result.todos] == [
        ("P003", False), ("P003", False), ("P003", True)]
    assert "kept by bottle_members.route_config" in result.todos[0]["text"]
    assert "so it is taken out" in result.todos[2]["text"]


def test_a_route_config_answers_as_in_bottle(tmp_path):
    bottle_app, flask_app = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle, request

        app = Bottle()
        app.config["site"] = "shop"


        @app.route("/", answer=42)
        @app.route("/plain")
        def home():
            # (Bottle 0.13's route config also reads the app's: app.config["site"] here;
            # 0.12's does not: the route's own keywords alone answer the same in both)
            return repr((request.route.config.get("answer"), request.route.config.get("x")))
    '''}, "routeconfig")
    for path in ("/", "/plain"):
        assert answers(bottle_app, path) == answers(flask_app, path)
    assert answers(flask_app, "/") == (200, "(42, None)")


def test_routes_registered_by_calling_route_are_named_by_their_path(tmp_path):
    """Found by the generated apps (issue #36): views made in a loop, and methods of two
    objects of one name, registered with app.route(path)(view); Flask named each endpoint
    after the function and refused the second at start-up. One path with a view for
    each method gets a name for each."""
    source = '''
        from bottle import Bottle

        app = Bottle()


        class Pages:
            def __init__(self, app, path):
                app.route(path + "/page", method=["GET", "POST"])(self.page)

            def page(self):
                return "page"


        def make(label):
            def view():
                return "view " + label

            return view


        for label in ("a", "b"):
            app.get("/l/" + label)(make(label))
        app.put("/l/a")(make("put"))
        Pages(app, "/one")
        Pages(app, "/two")
    '''
    result = port(source, faithful=False)
    assert 'app.get("/l/" + label, endpoint="/l/" + label)(make(label))' in result.code
    assert 'app.put("/l/a", endpoint="PUT /l/a")(make("put"))' in result.code
    assert 'endpoint="GET POST " + (path + "/page")' in result.code
    assert "P017" not in [t["code"] for t in result.todos]
    bottle_app, flask_app = both_apps(tmp_path, source, "bycall")
    for client in (bottle_app, flask_app):
        assert client.get("/l/a").text == "view a"
        assert client.get("/l/b").text == "view b"
        assert client.put("/l/a").text == "view put"
        assert client.post("/two/page").text == "page"


SHORTCUTS_GIVEN_A_METHOD = '''
from bottle import default_app, get, post, route

app = default_app()


@post("/login", method="POST")
def login():
    return "in"


@get("/both", method=["GET", "POST"])
def both():
    return "both"


@app.get("/put", method="PUT")
def put():
    return "put"


@app.post("/got", "GET")
def got():
    return "got"


@app.delete("/any", method="ANY")
def anything():
    return "any"


@route("/r", method="ANY")
def r():
    return "r"


def added():
    return "added"


app.get("/added", method="post", callback=added)
'''


def test_a_shortcut_given_a_method_becomes_flasks_shortcut_or_route():
    """Found by the first-sight batch (issue 42): `@post("/login", method="POST")` kept
    methods= on Flask's shortcut, which refuses it at import."""
    result = port(SHORTCUTS_GIVEN_A_METHOD, faithful=False)
    assert '@app.post("/login")\n' in result.code
    assert '@app.route("/both", methods=["GET", "POST"])' in result.code
    assert '@app.put("/put")\n' in result.code
    assert '@app.get("/got")\n' in result.code
    assert '@app.route("/any", methods=["GET", "POST", "PUT", "DELETE", "PATCH", ' \
        '"OPTIONS"])' in result.code
    assert 'app.add_url_rule("/added", view_func=added, methods=["POST"])' in result.code


def test_a_shortcut_given_a_method_answers_that_method_as_in_bottle(tmp_path):
    bottle_app, flask_app = both_apps(tmp_path, SHORTCUTS_GIVEN_A_METHOD, "shortcuts")
    for client in (bottle_app, flask_app):
        assert answers(client, "/login", "POST") == (200, "in")
        assert answers(client, "/login")[0] == 405
        assert answers(client, "/both") == (200, "both")
        assert answers(client, "/both", "POST") == (200, "both")
        assert answers(client, "/put", "PUT") == (200, "put")
        assert answers(client, "/put")[0] == 405
        assert answers(client, "/got") == (200, "got")
        assert answers(client, "/got", "POST")[0] == 405
        assert answers(client, "/any", "PATCH") == (200, "any")
        assert answers(client, "/any") == (200, "any")
        assert answers(client, "/r", "DELETE") == (200, "r")
        assert answers(client, "/added", "POST") == (200, "added")
        assert answers(client, "/added")[0] == 405


COMPUTED_RULES = '''
import posixpath

from bottle import Bottle

app = Bottle()
RULE = "/item/<id:int>"
PREFIX = "/api"


def path(*parts):
    return posixpath.join("/", *parts)


@app.get(path("doc", "<name:path>"))
def doc(name):
    return name


@app.get(RULE)
def item(id):
    return repr(id)


@app.route(f"{PREFIX}/f/<x:float>", method="POST")
def real(x):
    return repr(x)


@app.get(PREFIX + "/old/<name:re:[a-z]+>")
def old(name):
    return name


@app.get("/sum" + "/<n:int>")
def summed(n):
    return repr(n)


@app.get(["/both", PREFIX + "/both/<n:int>"])
def both(n=None):
    return repr(n)


for label in ("a", "b"):
    app.get("/l/" + label)(lambda label=label: label)
'''


def test_a_rule_computed_at_run_time_is_translated_as_the_app_starts():
    """Issue 42: `@app.get(path("doc", "<name:path>"))` has no literal to rewrite, and
    Werkzeug met Bottle's syntax at import. A concatenation of a prefix and text with no
    wildcard is left as written, under a TODO."""
    result = port(COMPUTED_RULES, faithful=False)
    assert '@app.get(flask_rule(app, path("doc", "<name:path>")))' in result.code
    assert "@app.get(flask_rule(app, RULE))" in result.code
    assert '@app.route(flask_rule(app, f"{PREFIX}/f/<x:float>"), methods=["POST"])' \
        in result.code
    assert '@app.get(flask_rule(app, PREFIX + "/old/<name:re:[a-z]+>"))' in result.code
    assert 'app.get("/l/" + label, endpoint="/l/" + label)' in result.code
    assert '@app.get("/both")\n@app.get(flask_rule(app, PREFIX + "/both/<n:int>"))' \
        in result.code
    assert '@app.get("/sum/<int(signed=True):n>")' in result.code  # literals: one rule
    assert "from bottle_routes import flask_rule" in result.code
    assert 'the rule path("doc", "<name:path>") is read at run time: flask_rule() ' \
        "(bottle_routes.py) keeps Bottle's syntax" in result.notes  # the report says so
    assert [t["code"] for t in result.todos] == ["P003"]


def test_a_rule_computed_at_run_time_answers_as_in_bottle(tmp_path):
    bottle_app, flask_app = both_apps(tmp_path, COMPUTED_RULES, "computed")
    assert (tmp_path / "out" / "bottle_routes.py").exists()
    for client in (bottle_app, flask_app):
        assert answers(client, "/doc/a/b") == (200, "a/b")
        assert answers(client, "/item/-3") == (200, "-3")
        assert answers(client, "/api/f/2", "POST") == (200, "2.0")
        assert answers(client, "/api/old/bob") == (200, "bob")
        assert answers(client, "/api/old/b0b")[0] == 404
        assert answers(client, "/l/b") == (200, "b")
        assert answers(client, "/both") == (200, "None")
        assert answers(client, "/sum/-2") == (200, "-2")
        assert answers(client, "/api/both/-1") == (200, "-1")
        assert answers(client, "/item/x")[0] == 404


METHODS_BY_NAME = '''
from bottle import Bottle

app = Bottle()
BOTH = ["GET", "POST"]
ONE = "PUT"


@app.route("/both", method=BOTH)
def both():
    return "both"


@app.get("/one", method=ONE)
def one():
    return "one"
'''


def test_a_method_given_by_a_name_bound_to_a_list_stays_a_list(tmp_path):
    """Bottle takes one method or a list; `[BOTH]` was a list in a list for Flask, an
    error at import."""
    result = port(METHODS_BY_NAME, faithful=False)
    assert '@app.route("/both", methods=BOTH)' in result.code
    assert '@app.route("/one", methods=[ONE])' in result.code
    assert result.todos == []
    bottle_app, flask_app = both_apps(tmp_path, METHODS_BY_NAME, "bynames")
    for client in (bottle_app, flask_app):
        assert answers(client, "/both", "POST") == (200, "both")
        assert answers(client, "/one", "PUT") == (200, "one")
        assert answers(client, "/one")[0] == 405


def test_a_method_given_by_a_name_the_module_does_not_bind_is_a_todo():
    result = port('''
        from bottle import Bottle

        from settings import METHODS

        app = Bottle()


        @app.route("/x", method=METHODS)
        def x():
            return "x"
    ''', faithful=False)
    assert '@app.route("/x", methods=[METHODS])' in result.code
    assert [t["code"] for t in result.todos] == ["P003"]


def test_the_helpers_module_goes_where_the_app_runs_from(tmp_path):
    """A script in a folder of its own runs from that folder: bottle_routes.py beside it
    (at OUT's top, `import bottle_routes` failed there)."""
    bottle_app, flask_app = both_folders(tmp_path, {"site/web.py": '''
        from bottle import Bottle

        app = Bottle()
        RULE = "/n/<n:int>"


        @app.get(RULE)
        def number(n):
            return repr(n)
    '''}, "sitefolder", entry="site/web.py:app")
    assert (tmp_path / "out" / "site" / "bottle_routes.py").exists()
    assert not (tmp_path / "out" / "bottle_routes.py").exists()
    for client in (bottle_app, flask_app):
        assert answers(client, "/n/-4") == (200, "-4")


def test_a_list_of_rules_given_a_callback_is_one_url_rule_a_path(tmp_path):
    # errnox/websearch (RULE-s41, class B): add_url_rule(["/search", "/search/"], ...)
    # stopped the port at import ('list' object has no attribute 'startswith')
    source = '''
        from bottle import Bottle


        class Pages:
            def search(self):
                return "search"


        pages = Pages()
        app = Bottle()
        app.get(["/search", "/search/<q>"], name="search", callback=pages.search)
    '''
    result = port(source, faithful=False)
    assert 'app.add_url_rule("/search", view_func=pages.search, endpoint="search"' \
        in result.code
    assert 'app.add_url_rule("/search/<q>", view_func=pages.search, endpoint="search"' \
        in result.code
    bottle_app, flask_app = both_apps(tmp_path, source.replace("def search(self)",
                                                               "def search(self, q='')")
                                      .replace('return "search"', 'return "search " + q'),
                                      "rule_list_callback")
    for path in ("/search", "/search/word"):
        assert answers(bottle_app, path) == answers(flask_app, path) != (404, "")


def test_a_route_given_no_rule_gets_the_rules_bottle_derives_from_its_view():
    idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.route()
        def about():
            return "about"


        @app.get(name="shown")
        def show(kind, n=1, *rest):
            return kind


        @app.route(method="POST")
        def api__items():
            return "items"
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.route("/about")
        def about():
            return "about"


        @app.get("/show/<kind>", endpoint="shown")
        @app.get("/show/<kind>/<n>", endpoint="shown")
        def show(kind, n=1, *rest):
            return kind


        @app.route("/api/items", methods=["POST"])
        def api__items():
            return "items"
    ''')


def test_routes_given_no_rule_answer_as_in_bottle(tmp_path):
    bottle_app, flask_app = both_apps(tmp_path, '''
        from bottle import Bottle

        app = Bottle()


        @app.route()
        def show(kind, n="1"):
            return kind + n
    ''', "norule")
    for path in ("/show/a", "/show/a/2", "/show", "/show/a/2/3"):
        assert answers(bottle_app, path)[0] == answers(flask_app, path)[0]
        assert answers(bottle_app, path)[1][:20] == answers(flask_app, path)[1][:20] \
            or answers(bottle_app, path)[0] == 404
    assert answers(flask_app, "/show/a/2") == (200, "a2")


VIEWS_REGISTERED_AGAIN = '''
    from bottle import Bottle, default_app, route

    app = Bottle()

    for name in ("a", "b"):
        @app.route("/" + name + "/list")
        def listing(name=name):
            return "list of " + name

        @app.get("/" + name + "/<no:int>", name=name + "-item")
        def item(no, name=name):
            return name + " " + str(no) + " " + app.get_url(name + "-item", no=no)


    def add_page(path, text):
        @app.route(path)
        def page():
            return text


    add_page("/p1", "one")
    add_page("/p2", "two")


    def make_app():
        sub = Bottle()

        @sub.route("/s")
        def page():
            return "sub"

        return sub


    def make_view(label):
        def view():
            return "view " + label
        return view


    first, second = make_app(), make_app()
    one = make_view("z1")
    app.route("/z1")(one)
    app.route("/z2", callback=make_view("z2"))
    two = make_view("z3")
    app.route("/z3", callback=two)
'''


def test_views_registered_again_get_an_endpoint_each_and_answer_as_in_bottle(tmp_path):
    """Class J (RULE-s46, AmitAronovitch/beak_api): a view defined in a loop, or by a
    function called more than once, was registered under one endpoint each time, and
    Flask refused the second at import (the port did not start). Such a view takes its
    exact candidate, an endpoint its rule names (a name= route keeps its name), kept by
    default; a factory's view (an app a call) keeps its own; so does a view Flask names
    after a function no call made, where `one = make_view(x)` is named by its rule."""
    bottle, flask = both_apps(tmp_path, VIEWS_REGISTERED_AGAIN, "again")
    for path in ("/a/list", "/b/list", "/a/3", "/b/-2", "/p1", "/p2", "/z1", "/z2", "/z3"):
        assert answers(bottle, path) == answers(flask, path), path
    assert answers(flask, "/b/4") == (200, "b 4 /b/4")
    assert answers(flask, "/p2") == (200, "two")
    code = (tmp_path / "out" / "web.py").read_text()
    assert '@app.route("/" + name + "/list", endpoint="/" + name + "/list")' in code
    assert 'endpoint=name + "-item")\n    def item(' in code
    assert "@app.route(flask_rule(app, path), endpoint=path)" in code
    assert '    @sub.route("/s")\n' in code  # each call makes its own app
    assert 'app.route("/z1", endpoint="/z1")(one)' in code
    assert 'app.add_url_rule("/z2", view_func=make_view("z2"), endpoint="/z2")' in code
    assert 'app.add_url_rule("/z3", view_func=two, endpoint="/z3")' in code
    report = json.loads((tmp_path / "out" / "porting-report.json").read_text())
    kept = {s["scope"]: s["kept"] for m in report["modules"] for s in m["sites"]
            if s["kind"] == "endpoint"}
    assert sorted(kept) == ["add_page.page", "item", "listing"]
    assert kept["add_page.page"].startswith("a view defined in add_page(), which the "
                                            "module calls more than once, is registered")


def test_a_view_a_function_registers_for_another_modules_calls_is_repaired(tmp_path):
    """The view's function is called in another module (the model counts the calls of
    its own): its idiomatic endpoint is the function's name, the port does not start,
    and the check's repair moves the view's site to its exact candidate."""
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "pages.py").write_text(dedent('''
        def add_page(app, path, text):
            @app.route(path)
            def page():
                return text
    ''').lstrip())
    (src / "web.py").write_text(dedent('''
        from bottle import Bottle

        from pages import add_page

        app = Bottle()
        add_page(app, "/p1", "one")
        add_page(app, "/p2", "two")
    ''').lstrip())
    assert kit(["port", str(src), "-o", str(out), "--check-timeout", "60"]) == 0
    report = json.loads((out / "porting-report.json").read_text())
    site = next(s for m in report["modules"] for s in m["sites"] if s["kind"] == "endpoint")
    assert site["exact"] and "kept" not in site
    assert site["repaired"].endswith("View function mapping is overwriting an existing "
                                     "endpoint function: page")
    assert "@app.route(flask_rule(app, path), endpoint=path)" in (out / "pages.py").read_text()


def test_views_of_one_name_keep_it_first_then_are_numbered_and_another_modules_named(
        tmp_path):
    """Endpoints the port makes for views Flask would name alike read as Flask users
    write them (they read `web:index:1` before): the first keeps its name, the next
    `index_2`; a name views of another module on the app have too is the module's
    (`pages.page`)."""
    bottle, flask = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle

            app = Bottle()

            import pages  # noqa: E402,F401


            @app.route("/")
            def index():
                return "first"


            @app.route("/again")
            def index():
                return "second"


            @app.route("/page")
            def page():
                return "web page"
        ''',
        "pages.py": '''
            from web import app


            @app.route("/pages/page")
            def page():
                return "pages page"
        '''}, "endpoint_names")
    for path in ("/", "/again", "/page", "/pages/page"):
        assert answers(bottle, path) == answers(flask, path), path
    code = (tmp_path / "out" / "web.py").read_text()
    assert '@app.route("/")\ndef index():' in code
    assert '@app.route("/again", endpoint="index_2")\ndef index():' in code
    assert '@app.route("/page", endpoint="web.page")' in code
    assert '@app.route("/pages/page", endpoint="pages.page")' in \
        (tmp_path / "out" / "pages.py").read_text()



def test_a_view_called_static_takes_an_endpoint_flasks_own_static_route_leaves_free(
        tmp_path):
    """RULE-s47 (mzasada/mongo-insight): `def static(path)` routed at /css/ and /js/.
    Flask registers its static files' route under the endpoint `static` as the app is
    made, so the first view kept its name and Flask refused it at import: the port did
    not start. Such a view is the module's (`web.static`, then `web.static_2`)."""
    bottle, flask = both_apps(tmp_path, '''
        from bottle import Bottle

        app = Bottle()


        @app.route("/css/<path:path>")
        def static(path):
            return "css " + path


        @app.route("/js/<path:path>")
        def static(path):
            return "js " + path
        ''', "static_named")
    for path in ("/css/a/b.css", "/js/c.js"):
        assert answers(bottle, path) == answers(flask, path), path
    assert answers(flask, "/js/c.js") == (200, "js c.js")
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'endpoint="web.static")\ndef static(' in code
    assert 'endpoint="web.static_2")\ndef static(' in code

METHODS_COMPUTED = '''
import bottle


class View:
    methods = ["GET", "POST"]

    def callback(self):
        return "view " + bottle.request.method


def path(url, view):
    bottle.route(path=url, method=view.methods + ["OPTIONS"], callback=view().callback)


path("/thing", View)
app = bottle.default_app()
'''


def test_a_method_sum_with_a_list_literal_stays_a_list(tmp_path):
    """`method=view.methods + ["OPTIONS"]` (RULE-s47's class C): `[...]` around it made a
    list in a list, an AttributeError at import, the port did not start."""
    result = port(METHODS_COMPUTED, faithful=False)
    assert 'methods=view.methods + ["OPTIONS"]' in result.code
    assert not [t for t in result.todos if "method=" in t["text"]]
    for faithful in (False, True):
        (tmp_path / str(faithful)).mkdir()
        bottle_app, flask_app = both_apps(tmp_path / str(faithful), METHODS_COMPUTED,
                                          "methodsum", faithful=faithful)
        for client in (bottle_app, flask_app):
            assert answers(client, "/thing") == (200, "view GET")
            assert answers(client, "/thing", "POST") == (200, "view POST")
            assert answers(client, "/thing", "PUT")[0] == 405


# A name the module does not bind: one method or a list
METHODS_ELSEWHERE = {"settings.py": 'METHODS = ["GET", "POST"]\nONE = "PUT"\n', "web.py": """
    from bottle import Bottle

    from settings import METHODS, ONE

    app = Bottle()


    @app.route("/x", method=METHODS)
    def x():
        return "x"


    @app.route("/y", method=ONE)
    def y():
        return "y"
"""}


def test_a_method_read_from_elsewhere_takes_bottles_one_or_many_when_exact(tmp_path):
    """A name the module does not bind: one method or a list. The idiomatic guess is one
    (a TODO); the exact candidate, route_methods(), takes either, as Bottle did."""
    bottle_app, flask_app = both_folders(tmp_path, METHODS_ELSEWHERE, "methodsel", faithful=True)
    code = (tmp_path / "out" / "web.py").read_text()
    assert "methods=route_methods(METHODS)" in code
    assert "from bottle_routes import route_methods" in code
    for client in (bottle_app, flask_app):
        assert answers(client, "/x", "POST") == (200, "x")
        assert answers(client, "/x")[0] == 200
        assert answers(client, "/y", "PUT") == (200, "y")
        assert answers(client, "/y")[0] == 405


def test_the_check_repairs_a_method_list_read_from_elsewhere_to_route_methods(tmp_path):
    """route-methods gives both forms as values (Rule.site): `[METHODS]`, Flask's list of
    one method (a TODO), or bottle_routes' route_methods(METHODS). A list read from
    another module makes the idiomatic port fail at import (a list in the list); the
    check maps the traceback to that route's site and moves it alone to its exact form."""
    from bottle2flask.exit_status import ExitStatus
    from bottle2flask.loading import load

    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    for name, text in METHODS_ELSEWHERE.items():
        (src / name).write_text(dedent(text).lstrip("\n"))
    assert kit(["port", str(src), "-o", str(out)]) == ExitStatus.DONE
    report = json.loads((out / "porting-report.json").read_text())
    sites = {s["key"]: s for m in report["modules"] for s in m["sites"]
             if s["kind"] == "route-methods"}
    assert sorted(sites) == ["web.py:x:P003:route-methods:0", "web.py:y:P003:route-methods:0"]
    repaired = sites["web.py:x:P003:route-methods:0"]
    assert repaired["exact"] and repaired["repaired"].startswith("the port does not start")
    assert repaired["forms"] == {"idiomatic": "[METHODS]", "exact": "route_methods(METHODS)"}
    assert not sites["web.py:y:P003:route-methods:0"]["exact"]
    code = (out / "web.py").read_text()
    assert '@app.route("/x", methods=route_methods(METHODS))' in code
    assert '@app.route("/y", methods=[ONE])' in code
    bottle_app = webtest.TestApp(load(f"{src / 'web.py'}:app", {}, "methods_b").wsgi)
    flask_app = webtest.TestApp(load(f"{out / 'web.py'}:app", {}, "methods_f").wsgi)
    for client in (bottle_app, flask_app):
        assert answers(client, "/x", "POST") == (200, "x")
        assert answers(client, "/y", "PUT") == (200, "y")


def test_each_routes_pattern_is_made_once_however_many_routes(monkeypatch):
    """Which route a later one on the same path replaces is found with each path's
    pattern made once (a module of 60 routes made 3,600 patterns, one per pair); the
    shadowed one is still found."""
    from bottle2flask.port.rules import p003_routes

    made = []

    class Counting:
        def __getattr__(self, name):
            return getattr(re, name)

        def sub(self, pattern, *args, **kwargs):
            made.append(pattern)
            return re.sub(pattern, *args, **kwargs)

    monkeypatch.setattr(p003_routes, "re", Counting())
    views = "".join(f'@app.get("/v{n}/<id:int>")\ndef view_{n}(id):\n    return "{n}"\n\n\n'
                    for n in range(60))
    result = port("from bottle import Bottle\n\napp = Bottle()\n\n\n" + views
                  + '@app.get("/v0/<other:int>")\ndef again(other):\n    return "again"\n',
                  faithful=False)
    wildcards = [p for p in made if p.startswith("<[^:>]")]
    assert len(wildcards) == 61
    assert "GET /v0/<id:int> is routed again below" in result.code
    assert result.code.count('.get("/v0/') == 1


ROUTED_BY_EACH_INSTANCE = '''
    from bottle import Bottle


    class BaseController:
        def __init__(self, app):
            self.app = app
            self.app.route("/", method="GET", callback=self.home)
            self.app.route("/who/<n:int>", callback=self.who)

        def home(self):
            return "home of " + type(self).__name__

        def who(self, n):
            return type(self).__name__ + str(n)


    class UserController(BaseController):
        def __init__(self, app):
            super().__init__(app)
            self.app.route("/users", method="GET", callback=self.users)

        def users(self):
            return "users"


    class PointController(BaseController):
        pass


    app = Bottle()
    UserController(app)
    PointController(app)
'''


def test_a_route_each_instance_of_a_base_class_registers_answers_with_the_last(tmp_path):
    """Class A of RULE-s48 (EdsonToppzera/EPF-MAPA): a base controller routes its own
    methods in __init__ and two subclasses are made on one app. Bottle replaces the
    route each time (the last instance's view answers); Flask refused the second view
    for the endpoint `home` at import. The endpoint is named by the rule, and its view
    set apart by app.endpoint(), so the last registration's view answers."""
    bottle_app, flask_app = both_apps(tmp_path, ROUTED_BY_EACH_INSTANCE, "instances")
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'self.app.add_url_rule("/", methods=["GET"], endpoint="/")\n' \
        '        self.app.endpoint("/")(self.home)' in code
    assert 'self.app.add_url_rule("/users", view_func=self.users, methods=["GET"])' \
        in code  # a class no class subclasses, made once: Flask's own endpoint
    for client in (bottle_app, flask_app):
        assert client.get("/").text == "home of PointController"
        assert client.get("/who/-3").text == "PointController-3"
        assert client.get("/users").text == "users"


def test_a_class_made_twice_in_its_module_routes_its_methods_by_endpoint_too(tmp_path):
    source = '''
        from bottle import Bottle


        class Page:
            def __init__(self, app, text):
                self.text = text
                app.route("/page", callback=self.show)

            def show(self):
                return self.text


        app = Bottle()
        Page(app, "first")
        Page(app, "second")
    '''
    bottle_app, flask_app = both_apps(tmp_path, source, "twice_made")
    for client in (bottle_app, flask_app):
        assert client.get("/page").text == "second"


def test_a_class_routing_its_methods_once_keeps_flasks_own_endpoints(tmp_path):
    source = '''
        from bottle import Bottle


        class Shop:
            def __init__(self, app):
                app.route("/", callback=self.home)

            def home(self):
                return "home"


        app = Bottle()
        Shop(app)
    '''
    bottle_app, flask_app = both_apps(tmp_path, source, "made_once")
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'app.add_url_rule("/", view_func=self.home)' in code
    assert ".endpoint(" not in code
    assert bottle_app.get("/").text == flask_app.get("/").text == "home"


ROUTED_AGAIN_BY_CALLS = '''
    from bottle import Bottle


    class Buses:
        def __init__(self, app):
            self.app = app
            self.app.route("/end/<bus_id>", method=["GET", "POST"], callback=self.end)
            self.app.route("/start/<id>", method="POST", callback=self.start)
            self.app.route("/end/<id>", method="POST", callback=self.end)
            self.app.route("/gone/<x>", callback=self.start)
            self.app.route("/gone/<id>", callback=self.start)

        def end(self, id):
            return "ended " + id

        def start(self, id):
            return "started " + id


    app = Bottle()
    Buses(app)
'''


def test_a_pattern_routed_again_by_a_later_call_answers_with_the_later_as_in_bottle(tmp_path):
    """Ricardo-909-Leal/EPF-entrada-saida-onibus: `POST /onibus/finalizar/<id>` routed
    after `/onibus/finalizar/<onibus_id>` (GET and POST) in one method. Bottle's router
    keys a route by its pattern and method, the wildcards' names aside: the later
    replaces POST, and its view is called with `id`; Werkzeug matched the first, whose
    `bus_id` the view does not take (a 500 where Bottle answered)."""
    bottle_app, flask_app = both_apps(tmp_path, ROUTED_AGAIN_BY_CALLS, "calls_again")
    code = (tmp_path / "out" / "web.py").read_text()
    assert "# POST /end/<bus_id> is routed again below, where Bottle served the later view:" \
        in code
    assert '"/end/<bus_id>", view_func=self.end, methods=["GET"]' in code
    assert "# GET /gone/<x> is routed again below" in code
    assert '# self.app.route("/gone/<x>", callback=self.start)' in code
    for client in (bottle_app, flask_app):
        assert client.post("/end/7").text == "ended 7"
        assert client.get("/end/7", expect_errors=True).status_int == 500  # bus_id=
        assert client.get("/gone/3").text == "started 3"
        assert client.post("/start/2").text == "started 2"


def test_a_view_routed_under_two_wildcard_names_answers_with_the_later_route():
    result = port('''
        from bottle import Bottle

        app = Bottle()

        @app.get("/item/<id>")
        @app.get("/item/<no>")
        def item(id):
            return id
    ''', faithful=False)
    assert "# GET /item/<no> is routed again below" in result.code
    assert '@app.get("/item/<no>")' not in result.code


def test_a_base_class_subclassed_in_another_module_routes_by_endpoint_too(tmp_path):
    """EPF-MAPA's form: the base controller in a module of its own, its subclasses made
    in another; the subclassing is read across the app's modules (no check needed)."""
    files = {
        "base.py": '''
            class BaseController:
                def __init__(self, app):
                    self.app = app
                    self.app.route("/", method="GET", callback=self.home)

                def home(self):
                    return "home of " + type(self).__name__
        ''',
        "web.py": '''
            from bottle import Bottle
            from base import BaseController


            class UserController(BaseController):
                pass


            class PointController(BaseController):
                pass


            app = Bottle()
            UserController(app)
            PointController(app)
        ''',
    }
    bottle_app, flask_app = both_folders(tmp_path, files, "base_elsewhere")
    assert 'self.app.endpoint("/")(self.home)' in (tmp_path / "out" / "base.py").read_text()
    for client in (bottle_app, flask_app):
        assert client.get("/").text == "home of PointController"


def test_a_method_of_a_class_made_once_routed_by_hand_keeps_its_name_as_endpoint(tmp_path):
    """`self.get(path)(self.add)` in a class made once: the endpoint was named after the
    converted rule (`endpoint='/add/<int(signed=True):n>'`); a Flask maintainer names it
    by the view, `add`, which url_for then builds. Where the name is another view's too
    (`index` here), or the class is made twice, the rule still names it."""
    bottle_app, flask_app = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle


        class Site(Bottle):
            def __init__(self):
                super().__init__()
                self.get("/add/<n:int>")(self.add)
                self.get("/link")(self.link)
                self.get("/home")(self.index)

            def add(self, n):
                return str(n + 1)

            def link(self):
                return self.get_url("/add/<n:int>", n=3)

            def index(self):
                return "home"


        app = Site()


        @app.get("/")
        def index():
            return "index"
    '''}, "p003_method_endpoint")
    code = (tmp_path / "out" / "web.py").read_text()
    assert "self.get('/add/<int(signed=True):n>')(self.add)" in code \
        or 'self.get("/add/<int(signed=True):n>")(self.add)' in code
    assert 'self.get("/link")(self.link)' in code
    assert 'self.get("/home", endpoint="/home")(self.index)' in code
    for path in ("/add/2", "/link", "/home", "/"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/link") == (200, "/add/3")
    adapter = flask_app.app.wrapped.url_map.bind("localhost")  # url_for's builder
    assert adapter.build("add", {"n": 3}) == "/add/3"
    assert adapter.build("link") == "/link"
    assert adapter.build("/home") == "/home"


def test_a_route_by_call_given_template_wraps_its_callback_as_bottle_did(tmp_path):
    """Bottle's TemplatePlugin wraps the callback of `app.route(path, callback=f,
    template="page")` in view("page"): the port took template= out under a breaking TODO
    and Flask sent f's dict as JSON. The view is not rewritten where it is registered:
    bottle_compat's bottle_template_plugin wraps it, a site kept."""
    bottle_app, flask_app = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle

        app = Bottle()


        def show(name):
            return {"title": name}


        def text():
            return "as it is"


        class Pages:
            def about(self):
                return None


        pages = Pages()
        app.route("/show/<name>", callback=show, template="page")
        app.get("/text", callback=text, template=("page", {"title": "T"}))
        app.route("/about", template=("page", {"title": "About"}))(pages.about)
    ''', "views/page.tpl": "<h1>{{title}}</h1>\n"}, "p003_template_by_call")
    code = (tmp_path / "out" / "web.py").read_text()
    assert ", template=" not in code  # (the TODOs name it)
    assert 'view_func=bottle_template_plugin(show, "page")' in code
    assert 'bottle_template_plugin(text, "page", title="T")' in code
    assert '(bottle_template_plugin(pages.about, "page", title="About"))' in code
    report = json.loads((tmp_path / "out" / "porting-report.json").read_text())
    (module,) = report["modules"]
    assert [(t["code"], t["breaks"]) for t in module["todos"]] == [("P003", False)] * 3
    assert [s["kind"] for s in module["sites"] if s.get("kept")] == ["template-plugin"] * 3
    for path in ("/show/Ada", "/text", "/about"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/show/Ada") == (200, "<h1>Ada</h1>\n")
    assert answers(flask_app, "/text") == (200, "as it is")
    assert answers(flask_app, "/about") == (200, "<h1>About</h1>\n")


def test_a_template_config_read_at_run_time_stays_route_config():
    # a value known only when it runs: no one view renders it; the keyword is route
    # config, as any other
    result = port('''
        from bottle import Bottle

        app = Bottle()
        name = "page"


        @app.route("/a", template=name)
        def a():
            return {}
    ''', faithful=False)
    assert '@bottle_members.route_config("/a", template=name)' in result.code
    assert "render_template" not in result.code
    assert "bottle_route_templates" not in result.code


def test_routes_of_one_view_given_different_templates_each_render_their_own(tmp_path):
    """`@route("/a", template="a") @route("/b", template="b")` on one def: Bottle's
    TemplatePlugin wrapped each route's callback in its own view(); the port kept the
    values as route config under a TODO and Flask sent the dict as JSON, the pages lost.
    Each value stays its route's config and bottle_compat's bottle_route_templates,
    under the routes, renders the one of the route that matched (a site kept)."""
    bottle_app, flask_app = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle

        app = Bottle()


        @app.route("/a", template="a")
        @app.route("/b/<name>", template="b")
        @app.route("/json")
        def v(name="x"):
            return {"name": name}


        @app.get("/c", template=("a", {"name": "default"}))
        @app.get("/d", template="b")
        def w():
            if False:
                return "as it is"
            return {"name": "w"}
    ''', "views/a.tpl": "A {{name}}\n", "views/b.tpl": "<b>B {{name}}</b>\n"},
        "p003_templates_differ")
    code = (tmp_path / "out" / "web.py").read_text()
    assert code.count("@bottle_route_templates\ndef ") == 2
    assert '@bottle_members.route_config("/b/<name>", template="b")' in code
    report = json.loads((tmp_path / "out" / "porting-report.json").read_text())
    (module,) = report["modules"]
    assert [(t["code"], t["breaks"]) for t in module["todos"]] == [("P003", False)] * 2
    assert [s["kind"] for s in module["sites"] if s.get("kept")] == ["template-routes"] * 2
    for path in ("/a", "/b/Ada", "/c", "/d"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/a") == (200, "A x\n")
    assert answers(flask_app, "/b/Ada") == (200, "<b>B Ada</b>\n")
    assert answers(flask_app, "/c") == (200, "A w\n")
    assert answers(flask_app, "/d") == (200, "<b>B w</b>\n")
    # a route given none: the dict as JSON in both
    assert json.loads(answers(flask_app, "/json")[1]) == json.loads(
        answers(bottle_app, "/json")[1]) == {"name": "x"}


ENDPOINT_IN_A_HELPER = '''
from bottle import Bottle

app = Bottle()


def helper(web):
    @web.route("/one")
    def index():
        return "one"


@app.route("/two")
def index():
    return "two"


helper(app)
'''


@pytest.mark.parametrize(("exact", "one", "two"), [
    (frozenset(), '@web.route("/one")\n', '@app.route("/two", endpoint="index_2")\n'),
    (frozenset({"web.py:helper.index:P003:endpoint:0"}),
     '@web.route("/one", endpoint="/one")\n    @replaces_view(web, "/one")\n',
     '@app.route("/two")\n'),
])
def test_a_routed_defs_endpoint_site_gives_both_forms_and_only_the_idiomatic_takes_a_number(
        exact, one, two):
    """The endpoint site of a def routed in a function (it may be registered again) gives
    its two forms as values, its decorators: Flask's own name (numbered where views of
    one name clash), or one its rule names, the view replacing the endpoint's earlier one
    (replaces_view, as Bottle's later route). The number is what the idiomatic form adds:
    named exact by its key, the view takes none, and the next `index` is Flask's own."""
    result = port_source(dedent(ENDPOINT_IN_A_HELPER), "web.py", exact=exact)
    site = next(s for s in result.sites if s["kind"] == "endpoint")
    assert site["key"] == "web.py:helper.index:P003:endpoint:0"
    assert site["exact"] is bool(exact)
    assert site["forms"] == {"idiomatic": '@web.route("/one")\n',
                             "exact": '@web.route("/one", endpoint="/one")\n'
                                      '@replaces_view(web, "/one")\n'}
    assert f"    {one}    def index():" in result.code
    assert f"{two}def index():" in result.code


def test_a_route_filter_site_gives_both_literals_and_its_exact_one_bottles_converters():
    """The route-filter site's forms are the rule literal with Werkzeug's converters
    and with bottle_compat's; named exact, its converters are installed with the app,
    and its float wildcard asks no float-filter site of its own (that site is the
    idiomatic form's)."""
    source = dedent('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/p/<x:float>/<rest:path>")
        def p(x, rest):
            return rest
    ''')
    default = port_source(source, "web.py")
    exact = port_source(source, "web.py", exact=frozenset({"web.py:p:P003:route-filter:0"}))
    forms = {"idiomatic": '"/p/<float:x>/<path:rest>"',
             "exact": '"/p/<bottle_float:x>/<bottle_path:rest>"'}
    assert [(s["kind"], s["exact"], s.get("forms")) for s in default.sites
            if s["rule"] == "P003"] == [
        ("route-filter", False, forms),
        ("float-filter", False, {"idiomatic": "<float:x>", "exact": "<bottle_float:x>"})]
    assert '@app.route("/p/<float:x>/<path:rest>")' in default.code
    assert "FloatConverter" in default.code and "bottle_compat" not in default.code
    assert [(s["kind"], s["exact"]) for s in exact.sites if s["rule"] == "P003"] == [
        ("route-filter", True)]
    assert '@app.route("/p/<bottle_float:x>/<bottle_path:rest>")' in exact.code
    assert "install(app, float_paths=True, paths=True)" in exact.code
    assert "FloatConverter" not in exact.code


def test_a_method_routed_by_a_call_gives_both_statements_as_its_endpoint_sites_forms(
        tmp_path):
    """The endpoint site of a method a class routes by call (made once, no subclass:
    idiomatic by default) gives its forms as values: add_url_rule(view_func=), or the
    endpoint named by the rule with its view set apart in a statement after it, which
    Settings.exact takes by the site's key."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "web.py").write_text(dedent(ROUTED_BY_EACH_INSTANCE).lstrip())
    key = "web.py:UserController.__init__:P003:endpoint:0"
    for exact in (frozenset(), frozenset({key})):
        result = port_tree(src, tmp_path / f"out{len(exact)}", exact=exact)
        site = next(s for m in result.modules for s in m.sites if s["key"] == key)
        assert site["exact"] is bool(exact)
        assert site["forms"] == {
            "idiomatic": 'self.app.add_url_rule("/users", view_func=self.users, '
                         'methods=["GET"])',
            "exact": 'self.app.add_url_rule("/users", methods=["GET"], endpoint="/users")\n'
                     'self.app.endpoint("/users")(self.users)\n'}
    code = (tmp_path / "out1" / "web.py").read_text()
    assert '        self.app.add_url_rule("/users", methods=["GET"], endpoint="/users")\n' \
        '        self.app.endpoint("/users")(self.users)\n' in code


def test_an_empty_rule_is_the_one_bottle_makes_from_the_view(tmp_path):
    """@get('') is a route given none (Bottle's makelist('') is []): /index, from the
    view's name, not a rule left out (RULE-s50's L, Holemar/my_chat)."""
    from .helpers import answers, both_apps

    bottle_app, flask_app = both_apps(tmp_path, '''
        from bottle import Bottle

        app = Bottle()


        @app.get('')
        @app.get('/')
        def index():
            return "home"


        @app.route(path='', method='POST')
        def post__it(n=1):
            return "posted %s" % n
    ''', "p003_empty_rule")
    for method, path, page in (("GET", "/index", "home"), ("GET", "/", "home"),
                               ("POST", "/post/it", "posted 1"),
                               ("POST", "/post/it/2", "posted 2")):
        assert answers(flask_app, path, method) == answers(bottle_app, path, method) \
            == (200, page), path
    assert answers(flask_app, "/index", "POST")[0] == answers(bottle_app, "/index", "POST")[0]


ROUTED_AGAIN_BY_ANOTHER_VIEW = '''
    from bottle import Bottle


    class BaseController:
        def __init__(self, app):
            self.app = app
            self.app.route("/", method="GET", callback=self.home)

        def home(self):
            return "base home"


    class UserController(BaseController):
        pass


    class Site:
        def __init__(self):
            self.bottle = Bottle()

        def setup_routes(self):
            UserController(self.bottle)

            @self.bottle.route("/")
            def index():
                return "index"


    def add_page(app, text):
        @app.route("/page")
        def page():
            return text


    site = Site()
    site.setup_routes()
    app = site.bottle
    add_page(app, "first")
    add_page(app, "second")
'''


@pytest.mark.parametrize("faithful", [False, True])
def test_a_view_routed_again_under_its_rules_endpoint_replaces_the_one_before(
        tmp_path, faithful):
    """Class C of RULE-s53 (Arthur061/epf-Estoke): a base controller's instances route
    "/" by call (the endpoint "/", its view set apart), then a def in a method routes "/"
    again; a function routing a def is called twice with one rule. Bottle serves the
    later view; the exact form named the endpoint by the rule, but Flask's route()
    refused another view for it at import, so the port did not start (the check's repair
    of "/" led there). `@replaces_view(app, endpoint)` under the route takes the earlier
    view off first."""
    bottle_app, flask_app = both_apps(tmp_path, ROUTED_AGAIN_BY_ANOTHER_VIEW,
                                      f"replaced_{faithful}", faithful=faithful)
    code = (tmp_path / "out" / "web.py").read_text()
    assert '    @app.route("/page", endpoint="/page")\n' \
        '    @replaces_view(app, "/page")\n    def page():' in code
    assert answers(flask_app, "/page") == answers(bottle_app, "/page") == (200, "second")
    # the def in a method, under a rule a route call registers too, takes its exact form
    # in the default port as well (the generator's forms_54: the check repaired it, but a
    # port made without the check served the base's view)
    assert '@self.bottle.route("/", endpoint="/")\n' \
        '        @replaces_view(self.bottle, "/")\n' in code
    assert answers(flask_app, "/") == answers(bottle_app, "/") == (200, "index")


def test_a_def_routed_again_under_a_rule_another_modules_call_routes_replaces_it(tmp_path):
    """RULE-s53 C as Arthur061 has it: the base controller, routing "/" by call, is in a
    module of its own; a method of the site routes a def under "/" again. The default
    port (no check) served the base's view where Bottle serves the later one."""
    bottle_app, flask_app = both_folders(tmp_path, {
        "base.py": """
            class BaseController:
                def __init__(self, app):
                    self.app = app
                    self.app.route("/", method="GET", callback=self.home)

                def home(self):
                    return "base home"
        """,
        "web.py": """
            from bottle import Bottle

            from base import BaseController


            class Site:
                def __init__(self):
                    self.bottle = Bottle()

                def setup_routes(self):
                    BaseController(self.bottle)

                    @self.bottle.route("/")
                    def index():
                        return "index"

                    @self.bottle.route("/other")
                    def other():
                        return "other"


            site = Site()
            site.setup_routes()
            app = site.bottle
        """}, "again_modules")
    code = (tmp_path / "out" / "web.py").read_text()
    assert '@replaces_view(self.bottle, "/")\n' in code
    assert '@self.bottle.route("/other")\n        def other():' in code  # idiomatic still
    assert answers(flask_app, "/") == answers(bottle_app, "/") == (200, "index")
    assert answers(flask_app, "/other") == answers(bottle_app, "/other") == (200, "other")


def test_an_object_routing_itself_as_its_view_is_named_by_its_rule(tmp_path):
    """Class F of RULE-s53 (Clarice-gg/EPF-GamaDeLivros): a controller routes itself,
    `callback=self`. Bottle takes any callable; Flask names a view after its __name__,
    which an instance lacks, so the port stopped at import (AttributeError). The
    endpoint is named by the rule, as for any view Flask cannot name."""
    bottle_app, flask_app = both_apps(tmp_path, '''
        from bottle import Bottle


        class Counter:
            def __init__(self, app):
                self.hits = 0
                app.route("/count", callback=self)
                app.route("/count/<n:int>", method="POST", callback=self)

            def __call__(self, n=1):
                self.hits += n
                return str(self.hits)


        app = Bottle()
        Counter(app)
    ''', "routes_itself")
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'app.add_url_rule("/count", view_func=self, endpoint="/count")' in code
    for client in (bottle_app, flask_app):
        assert answers(client, "/count") == (200, "1")
        assert answers(client, "/count/-4", "POST") == (200, "-3")


def test_routes_by_call_on_an_app_a_class_is_handed_are_converted(tmp_path):
    """Class H of RULE-s53 (Arthur061/epf-Estoke: `def __init__(self, bottle_app):
    bottle_app.route("/perfil", method="GET", callback=self.pagina_perfil)`). The
    decorator form on a parameter was converted; the call form was left as it was, and
    Flask's route() made a decorator nothing called: the page was a 404 where Bottle
    served it. Converted as on any app, under the parameter's TODO."""
    bottle_app, flask_app = both_apps(tmp_path, '''
        from bottle import Bottle, request


        class Profile:
            def __init__(self, bottle_app):
                bottle_app.route("/profile", method="GET", callback=self.show)
                bottle_app.route("/profile", method="POST", callback=self.save)

            def show(self):
                return "profile"

            def save(self):
                return "saved " + request.forms.get("name", "")


        app = Bottle()
        Profile(app)
    ''', "handed_by_call")
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'bottle_app.add_url_rule("/profile", view_func=self.show, methods=["GET"])' in code
    assert "routes on `bottle_app`, a parameter of __init__()" in code
    for client in (bottle_app, flask_app):
        assert answers(client, "/profile") == (200, "profile")
        assert answers(client, "/profile", "POST", body=b"name=x", content_type=(
            "application/x-www-form-urlencoded")) == (200, "saved x")

LAMBDAS_IN_A_LOOP = '''
    from bottle import Bottle

    app = Bottle()


    class Route:
        """jar3b/bottle-oop-rest's decorator: each HTTP method of the class a route."""

        def __init__(self, path):
            self.path = path

        def __call__(self, cls):
            for name, method in cls.__dict__.items():
                if name in ("get", "post"):
                    callback = lambda m=method, *args, **kwargs: m(cls, *args, **kwargs)
                    app.route(self.path, method=name.upper())(callback)
            return cls


    @Route("/hello")
    class Hello:
        def get(self):
            return "HELLO"

        def post(self):
            return "posted"
'''


def test_lambdas_routed_in_a_loop_each_get_an_endpoint_of_their_own(tmp_path):
    """RULE-s52 class E (jar3b/bottle-oop-rest, once the check could start it): a name
    bound to a lambda, routed by a decorator called by hand in a loop. Flask named every
    endpoint `<lambda>` and refused the second at import: the port did not start. Such a
    view is named by its path and method, as one bound to a call's result is."""
    bottle_app, flask_app = both_apps(tmp_path, LAMBDAS_IN_A_LOOP, "p003_lambdas")
    for app in (bottle_app, flask_app):
        assert app.get("/hello").text == "HELLO"
        assert app.post("/hello").text == "posted"


def test_an_options_route_after_a_get_at_its_path_answers_not_flasks_own(tmp_path):
    """check54 (jar3b/bottle-oop-rest's CORS view): Flask answers OPTIONS itself on every
    rule registered without it, so `@app.route("/a", method="OPTIONS")` after a GET at
    /a never ran (its headers lost), and Bottle's 405 on a path without an OPTIONS route
    was Flask's 200. An app that routes OPTIONS itself gets
    PROVIDE_AUTOMATIC_OPTIONS = False; one that does not is left as it was."""
    from .helpers import both_folders, port

    source = '''
from bottle import Bottle, response

app = Bottle()


@app.route("/a")
def a():
    return "a"


@app.route("/a", method="OPTIONS")
def a_options():
    response.set_header("Access-Control-Allow-Origin", "*")
    return ""


@app.route("/b")
def b():
    return "b"
'''
    bottle, flask = both_folders(tmp_path, {"web.py": source}, "options_after_get")
    for client in (bottle, flask):
        answer = client.options("/a")
        assert (answer.status_int, answer.headers["Access-Control-Allow-Origin"]) == (200, "*")
        assert client.options("/b", expect_errors=True).status_int == 405
    assert 'app.config["PROVIDE_AUTOMATIC_OPTIONS"] = False' \
        not in port(source.replace('method="OPTIONS"', 'method="PUT"')).code


# RULE-s54 class H2 (HouNst7, once its port served the default app): two modules route "/"
# on Bottle's default app; Bottle serves the view routed last (web.py's, after its import
# of a), Werkzeug matched the first (a's)
ROUTED_IN_TWO_MODULES = {
    "a.py": """
        from bottle import route


        @route("/")
        def first():
            return "first"


        @route("/only-a")
        def only():
            return "a"


        @route("/login", method="POST")
        def log_in():
            return "a posts"
        """,
    "web.py": """
        from bottle import default_app, route

        from a import *


        @route("/")
        def second():
            return "second"


        @route("/login")
        def login_page():
            return "web shows"


        app = default_app()
        """,
}


def test_a_rule_two_modules_route_on_the_default_app_answers_with_the_later_view(tmp_path):
    from .helpers import answers, both_folders, forget_modules

    label = "p003_two_modules"
    try:
        bottle_app, flask_app = both_folders(tmp_path, ROUTED_IN_TWO_MODULES, label)
        for client in (bottle_app, flask_app):
            assert answers(client, "/") == (200, "second")
            assert answers(client, "/only-a") == (200, "a")
            assert answers(client, "/login") == (200, "web shows")
            assert answers(client, "/login", "POST") == (200, "a posts")
    finally:
        forget_modules(f"{label}_bottle", f"{label}_flask", "a", "default_app")
    web = (tmp_path / "out" / "web.py").read_text()
    assert '@app.route("/", endpoint="/")\n@replaces_view(app, "/")\ndef second' in web
    a = (tmp_path / "out" / "a.py").read_text()
    assert '@replaces_view(app, "/")\ndef first' in a
    # the rules only one module routes, or under other methods, keep Flask's own form
    assert '@app.route("/only-a")\ndef only' in a
    assert '@app.route("/login", methods=["POST"])\ndef log_in' in a
    assert '@app.route("/login")\ndef login_page' in web

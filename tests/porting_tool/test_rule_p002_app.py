"""P002 app object: `Bottle()` becomes `Flask(__name__, ...)`, the routes stay on it."""

from __future__ import annotations

import pytest
import webtest

from .helpers import idiom, untouched

# What P002 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import request
    import framework

    app = framework.App()


    def view():
        return request.path
    """,
    """
    from bottle import Bottle


    class Bottles:
        def __init__(self):
            self.count = 99
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P002", source)


def test_a_bottle_app_becomes_a_flask_app_with_its_routes():
    idiom("""
        from bottle import Bottle

        app = Bottle()


        @app.route('/')
        def home():
            return 'hi'
    """, """
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.route('/')
        def home():
            return 'hi'
    """)


# RULE-s51c class E (imran): which app an @error() attaches to, and which app is served
ERROR_ON_DEFAULT = """
    from bottle import Bottle, error, run

    app = Bottle()


    @error(404)
    def missing(err):
        return "custom 404"


    @app.get("/")
    def index():
        return "home"


    if __name__ == "__main__":
        run(app)
"""


def test_an_error_handler_on_the_default_app_a_module_does_not_serve_is_not_registered(
        tmp_path):
    """Bottle's `app` never used it: its own 404 page answered. The port kept the
    handler on `app` (a TODO 'check which app served it') and served the custom page."""
    from .helpers import answers, both_apps, forget_modules, port

    result = port(ERROR_ON_DEFAULT, faithful=False)
    assert "\n@app.errorhandler" not in result.code and "def missing(err):" in result.code
    assert [t["code"] for t in result.todos] == ["P002"]
    assert "never ran, so it is not registered" in result.todos[0]["text"]
    try:
        for client in both_apps(tmp_path, ERROR_ON_DEFAULT, "p002_error_on_default"):
            status, text = answers(client, "/nowhere")
            assert status == 404 and "custom 404" not in text
            assert answers(client, "/") == (200, "home")
    finally:
        forget_modules("p002_error_on_default_bottle", "p002_error_on_default_flask")


ERROR_ON_UNSERVED = """
    import bottle
    from bottle import Bottle, route

    other = Bottle()


    @other.error(404)
    def missing(err):
        return "custom 404"


    @route("/")
    def index():
        return "home"


    app = bottle.default_app()
"""

BOTH_SERVED = """
    import bottle
    from bottle import Bottle, error, route

    api = Bottle()


    @api.route("/ping")
    def ping():
        return "pong"


    @api.error(404)
    def api_missing(err):
        return "api 404"


    @route("/")
    def index():
        return "home"


    @error(404)
    def missing(err):
        return "site 404"


    app = bottle.default_app()
    app.mount("/api/", api)
"""


@pytest.mark.parametrize(("source", "pages"), [
    (ERROR_ON_UNSERVED, {"/": (200, "home"), "/nowhere": (404, None)}),
    (BOTH_SERVED, {"/": (200, "home"), "/nowhere": (404, "site 404"),
                   "/api/ping": (200, "pong")}),
], ids=["routes-on-the-default-app-a-handler-on-another", "both-apps-served"])
def test_the_default_app_named_beside_an_app_made_here_is_the_one_served(
        tmp_path, source, pages):
    """`app = bottle.default_app()` beside `other = Bottle()`: the default app (its
    @route views, its @error handlers) is the module's app, the other one keeps its own
    handler. The port made `other` the Flask app, with the default app's routes on it
    and the check served `other`."""
    from .helpers import answers, both_apps, forget_modules

    label = f"p002_default_named_{len(pages)}"
    try:
        for client in both_apps(tmp_path, source, label):
            for path, (status, text) in pages.items():
                got = answers(client, path)
                assert got[0] == status, (path, got)
                if text is not None:
                    assert got[1] == text, (path, got)
                else:
                    assert "custom 404" not in got[1]
    finally:
        forget_modules(f"{label}_bottle", f"{label}_flask")
    assert "app = Flask(__name__" in (tmp_path / "out" / "web.py").read_text()


# RULE-s53 class E (AmaruelleOF/Brewpedia): forms.py makes an app it never serves and routes
# with the default app's decorator; web.py serves Bottle's default app, which routes.py
# routes too (and, in "alone", only web.py names it).
DEFAULT_SHORTCUT = {
    "forms.py": '''
        import bottle
        from bottle import Bottle, request

        app = Bottle()  # made, never served


        @bottle.post("/home", method="POST")
        def posted():
            return "posted " + request.forms.get("name", "")


        @bottle.get("/seen/<name>")
        def seen(name):
            return "seen " + name
        ''',
    "routes.py": '''
        from bottle import route


        @route("/home")
        def home():
            return "home"
        ''',
    "web.py": '''
        import bottle

        import forms
        import routes

        app = bottle.default_app()
        ''',
}


@pytest.mark.parametrize("modules", [("forms.py", "routes.py", "web.py"),
                                     ("forms.py", "web.py")], ids=["shared", "alone"])
def test_a_default_app_decorator_beside_an_app_made_is_on_the_default_app(tmp_path, modules):
    """Bottle's `@bottle.post` is on the default app whatever app the module makes: the
    port put it on the module's own Flask app, never served (POST /home 405 where Bottle
    answered). It is on the shared default app now, imported under a free name."""
    from .helpers import answers, both_folders, forget_modules

    files = {name: DEFAULT_SHORTCUT[name] for name in modules}
    if "routes.py" not in files:
        files["web.py"] = files["web.py"].replace("        import routes\n", "")
    label = f"p002_shortcut_{len(modules)}"
    try:
        bottle_app, flask_app = both_folders(tmp_path, files, label)
        for client in (bottle_app, flask_app):
            assert answers(client, "/home", "POST", body=b"name=ann",
                           content_type="application/x-www-form-urlencoded") \
                == (200, "posted ann")
            assert answers(client, "/seen/bo") == (200, "seen bo")
            if "routes.py" in files:
                assert answers(client, "/home") == (200, "home")
    finally:
        forget_modules(f"{label}_bottle", f"{label}_flask")
    forms = (tmp_path / "out" / "forms.py").read_text()
    assert forms.count("import app as default_app") == 1
    assert "from default_app import app as default_app\n" in forms
    assert '@default_app.post("/home")' in forms  # (Flask's post() takes no method=)
    assert "app = Flask(__name__)" in forms  # its own app stays, as in Bottle


HANDED_PATH_ROUTE = {
    "hello.py": """
        from bottle import route


        @route("/hello")
        def hello():
            return "hello"
        """,
    "pages.py": """
        from bottle import request


        class Files:
            def __init__(self, app):
                app.route("/files/<name:path>", callback=self.show)

            def show(self, name):
                return request.method + " file " + name
        """,
    "web.py": """
        from bottle import default_app

        import hello
        import pages

        app = default_app()
        pages.Files(app)
        """,
}


@pytest.mark.parametrize("faithful", [False, True], ids=["repaired", "faithful"])
def test_the_shared_default_app_registers_the_filters_of_routes_taking_their_exact_form(
        tmp_path, faithful):
    """RULE-s53 class D's app once it started (epf-biblioteca-fcte): the check's repair
    moved a handed app's `<filename:path>` route to its exact form, Bottle's filter, which
    default_app.py's app never registered (LookupError at start: the port did not)."""
    from .helpers import answers, both_folders, forget_modules

    label = f"p002_filters_{faithful}"
    exact = frozenset() if faithful else frozenset({"pages.py"})
    try:
        bottle_app, flask_app = both_folders(tmp_path, HANDED_PATH_ROUTE, label,
                                             faithful=faithful, exact=exact)
        for client in (bottle_app, flask_app):
            assert answers(client, "/files/a/b.txt") == (200, "GET file a/b.txt")
            assert answers(client, "/hello") == (200, "hello")
    finally:
        forget_modules(f"{label}_bottle", f"{label}_flask")


# RULE-s54 class H (HouNst7): the script run is `from app import run; run()`, app.py routes
# on Bottle's default app. reexports.py respells the import from bottle (so P016 sees
# Bottle's run), which took main.py's link to app.py with it: main.py was given a Flask
# app of its own with no route, every page a 404.
RUN_FROM_APP = {
    "app.py": """
        from bottle import route, run


        @route("/")
        def home():
            return "home"
        """,
    "main.py": """
        from app import run

        if __name__ == "__main__":
            run()
        """,
}


def test_a_script_running_the_default_app_through_another_module_imports_the_app_from_it(
        tmp_path):
    from bottle2flask.cli import main as kit
    from bottle2flask.loading import load

    from .helpers import answers, forget_modules, write_files

    src, out = write_files(tmp_path / "src", RUN_FROM_APP), tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == 0
    main = (out / "main.py").read_text()
    assert main == 'from app import app\n\nif __name__ == "__main__":\n    app.run()\n'
    assert (out / "app.py").read_text().startswith("from default_app import app\n")
    try:
        original = load(str(src / "main.py"), {}, "p002_run_from_bottle")
        ported = load(f"{out / 'main.py'}:app", {}, "p002_run_from_flask")
        for served in (original, ported):
            assert answers(webtest.TestApp(served.wsgi), "/") == (200, "home")
    finally:
        forget_modules("p002_run_from_bottle", "p002_run_from_flask")

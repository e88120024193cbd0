"""The app as a WSGI application: middleware that wraps it, and bodies the server
iterates after the view has returned. Each ported app answers as the original."""

from __future__ import annotations

import bottle
import webtest

from .helpers import port

APP = '''
import bottle
from bottle import request, route


class StampMiddleware:
    def __init__(self, app, stamp):
        self.app, self.stamp = app, stamp

    def __call__(self, environ, start_response):
        environ["kit.stamp"] = self.stamp
        return self.app(environ, start_response)


@route("/stamp")
def stamp():
    return request.environ.get("kit.stamp", "none")


@route("/stream")
def stream():
    yield "a"
    yield request.query.get("x", "b")


@route("/plain")
def plain():
    yield "no request here"


app = StampMiddleware(bottle.app(), "s1")
'''


def test_middleware_wraps_flasks_wsgi_app_and_a_streamed_body_keeps_the_request():
    """`app = SessionMiddleware(bottle.app(), opts)` made `app` the middleware in the
    port: `flask run` cannot serve it and it has no .run(); and a view yielding its body
    lost Flask's request context after its first item."""
    result = port(APP, faithful=False)
    assert "app.wsgi_app = StampMiddleware(app.wsgi_app, \"s1\")" in result.code
    assert '@app.route("/stream")\n@stream_with_context\ndef stream():' in result.code
    assert '@app.route("/plain")\ndef plain():' in result.code  # reads no request
    ported = {"__name__": "trial"}
    exec(compile(result.code, "app.py", "exec"), ported)
    bottle.app.push()  # the original's routes go to a default app of this test's own
    try:
        original = {"__name__": "original"}
        exec(compile(APP, "app.py", "exec"), original)
        for wsgi in (original["app"], ported["app"]):
            client = webtest.TestApp(wsgi)
            assert client.get("/stamp").text == "s1"
            assert client.get("/stream?x=c").text == "ac"
            assert client.get("/plain").text == "no request here"
    finally:
        bottle.app.pop()


def test_a_function_handed_the_app_is_left_with_a_todo():
    result = port('''
        from bottle import Bottle

        import setup

        app = Bottle()
        app = setup.configure(app)
    ''', faithful=False)
    assert "app = setup.configure(app)" in result.code
    [todo] = result.todos
    assert todo["code"] == "P002" and "app.wsgi_app = setup.configure(app.wsgi_app" \
        in todo["text"] and not todo["breaks"]


def test_middleware_bound_to_another_name_wraps_the_app_that_flask_run_serves():
    """`my_session = SessionMiddleware(app(), opts)` (skil7_VEF): `flask run` serves
    `app`, which had no session; now the app is wrapped and the other name is the app."""
    source = APP.replace('app = StampMiddleware(bottle.app(), "s1")',
                         'application = StampMiddleware(bottle.app(), "s2")')
    result = port(source, faithful=False)
    assert 'app.wsgi_app = StampMiddleware(app.wsgi_app, "s2")\napplication = app\n' \
        in result.code
    ported = {"__name__": "trial"}
    exec(compile(result.code, "app.py", "exec"), ported)
    bottle.app.push()
    try:
        original = {"__name__": "original"}
        exec(compile(source, "app.py", "exec"), original)
        for wsgi in (original["application"], ported["application"], ported["app"]):
            assert webtest.TestApp(wsgi).get("/stamp").text == "s2"
    finally:
        bottle.app.pop()


SUBCLASS = '''
import bottle
from bottle import Bottle, request


class Site(Bottle):
    def __init__(self, owner):
        super(Site, self).__init__()
        self.owner = owner
        self.route("/", callback=self.index)
        self.route("/hi/<who>", callback=self.hi)

        @self.get("/about")
        def about():
            return "about " + self.owner

    def index(self):
        return "home of " + self.owner

    def hi(self, who):
        return "hi " + who + request.query.get("p", "")


class Shop(bottle.Bottle):
    def __init__(self):
        bottle.Bottle.__init__(self)
        self.route("/", callback=lambda: "shop")
'''


def test_a_bottle_subclass_is_a_flask_subclass():
    """`class Site(Bottle)` stayed a Bottle app under a P001 TODO: the port served
    nothing Flask could run."""
    source = SUBCLASS.replace("\nclass Shop(bottle.Bottle):", "\nclass _Unused:").split(
        "\nclass _Unused:")[0] + '\napp = Site("ann")\n'
    result = port(source, faithful=False)
    assert "class Site(Flask):" in result.code and result.todos == []
    # the options Flask(...) gets: Bottle served no static/ folder
    assert "super(Site, self).__init__(__name__, static_folder=None)" in result.code
    assert 'self.add_url_rule("/", view_func=self.index)' in result.code
    answers = []
    for code in (source, result.code):
        namespace = {"__name__": "trial"}
        exec(compile(code, "app.py", "exec"), namespace)
        client = webtest.TestApp(namespace["app"])
        answers.append([client.get(p).text for p in ("/", "/hi/bo?p=!", "/about")])
    assert answers[0] == answers[1] == ["home of ann", "hi bo!", "about ann"]


def test_bottles_init_called_by_name_becomes_flasks():
    source = SUBCLASS.split("\nclass Site(Bottle):")[0] + SUBCLASS.split(
        "return \"hi \" + who + request.query.get(\"p\", \"\")\n")[1] + "\napp = Shop()\n"
    result = port(source, faithful=False)
    assert "class Shop(Flask):" in result.code
    assert "Flask.__init__(self, __name__, static_folder=None)" in result.code
    namespace = {"__name__": "trial"}
    exec(compile(result.code, "app.py", "exec"), namespace)
    assert webtest.TestApp(namespace["app"]).get("/").text == "shop"


def test_a_path_hook_in_an_app_factory_becomes_a_middleware_there():
    """openvpn-monitor's app is made in a function, with the trailing-slash hook: the
    middleware class goes there, without blank lines of spaces, and / is still home."""
    source = '''
from bottle import Bottle, request


def make_app():
    app = Bottle()

    @app.hook("before_request")
    def strip_slash():
        request.environ["PATH_INFO"] = request.environ.get("PATH_INFO", "/").rstrip("/")

    @app.route("/", method="GET")
    def home():
        return "home"

    @app.route("/vpn")
    def vpn():
        return "vpn"

    return app


app = make_app()
'''
    result = port(source, faithful=False)
    assert "    class StripSlash:\n" in result.code
    assert "    app.wsgi_app = StripSlash(app.wsgi_app)\n" in result.code
    assert not any(line and not line.strip() for line in result.code.splitlines())
    for code in (source, result.code):
        namespace = {"__name__": "trial"}
        exec(compile(code, "app.py", "exec"), namespace)
        client = webtest.TestApp(namespace["app"])
        assert [client.get(p).text for p in ("/", "/vpn/", "/vpn")] == ["home", "vpn", "vpn"]


def test_the_middleware_class_takes_a_name_the_module_does_not_use():
    """A hook named like a class the module has (strip_slash beside StripSlash): the
    middleware class would have replaced the user's."""
    source = '''
from bottle import Bottle, request


class StripSlash:
    label = "the user's own"


app = Bottle()


@app.hook("before_request")
def strip_slash():
    request.environ["PATH_INFO"] = request.environ["PATH_INFO"].rstrip("/")


@app.route("/vpn")
def vpn():
    return StripSlash.label
'''
    result = port(source, faithful=False)
    assert "class StripSlash_2:\n" in result.code
    assert "app.wsgi_app = StripSlash_2(app.wsgi_app)\n" in result.code
    for code in (source, result.code):
        namespace = {"__name__": "trial"}
        exec(compile(code, "app.py", "exec"), namespace)
        assert webtest.TestApp(namespace["app"]).get("/vpn/").text == "the user's own"


def test_routes_added_by_a_function_handed_the_app_are_ported():
    """`setup_routing(app)` with `a.route("/", "GET", index)` inside: the calls stayed
    Bottle's, and Flask's route() refused them at import (the port did not start)."""
    source = '''
from bottle import Bottle, request

app = Bottle()


def index():
    return "i"


def both():
    return request.method


def setup_routing(a):
    a.route("/", "GET", index)
    a.route("/both", ["GET", "POST"], both)
    a.get("/g", callback=index)


setup_routing(app)
'''
    result = port(source, faithful=False)
    assert 'a.add_url_rule("/both", view_func=both, methods=["GET", "POST"])' in result.code
    for code in (source, result.code):
        namespace = {"__name__": "trial"}
        exec(compile(code, "app.py", "exec"), namespace)
        client = webtest.TestApp(namespace["app"])
        assert [client.get("/").text, client.post("/both").text, client.get("/g").text] \
            == ["i", "POST", "i"]

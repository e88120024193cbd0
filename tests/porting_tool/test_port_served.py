"""The check serves each app as its server would: the original by the module-level name
that wraps its app in a middleware (`application = Session().create_session(app)`), the
port by the same name, whose app holds the middleware in its wsgi_app."""

from __future__ import annotations

import json
from textwrap import dedent

import pytest

from bottle2flask import loading
from bottle2flask.cli import main as kit
from bottle2flask.exit_status import ExitStatus
from bottle2flask.port.model.app import read_module
from bottle2flask.port.model.facts import SERVED

APP = '''
    from bottle import Bottle, redirect, request

    from utils.session import Session

    app = Bottle()
    app_sess = Session().create_session(app)
    application = app_sess  # what a WSGI server is given


    @app.get("/list")
    def listing():
        session = request.environ.get("beaker.session")
        if "user" not in session:
            return redirect("/login")
        return "list of " + session["user"]
'''

SESSION = '''
    import secrets

    import bottle


    class {name}:
        """Gives every request a session, and its random id in a cookie, as beaker's
        SessionMiddleware does."""

        def __init__(self, app, options):
            self.app, self.options = app, options

        def __call__(self, environ, start_response):
            environ["beaker.session"] = {{"user": "ann"}}

            def with_cookie(status, headers, exc_info=None):
                cookie = "beaker.session.id=" + secrets.token_hex(16) + "; Path=/"
                return start_response(status, [*headers, ("Set-Cookie", cookie)], exc_info)

            return self.app(environ, with_cookie)


    class Session:
        def create_session(self, app):
            apps = {name}(app, {{"session.type": "memory"}})
            return apps

        def get(self, key):
            return bottle.request.environ.get("beaker.session").get(key)
'''


@pytest.mark.parametrize("middleware", ["SessionMiddleware", "Sessions"])
def test_the_original_is_compared_through_the_middleware_its_server_is_given(
        tmp_path, capsys, middleware):
    """Found by the first-sight batch of s41 (bottle-book): the check compared the bare
    Bottle app (500: no session) with the port, whose app.wsgi_app held the middleware
    (303). A middleware the port moves into app.wsgi_app (SessionMiddleware), or one it
    leaves wrapping the Flask app (Sessions): either way the name serves it. The session
    id it sets is random: a second instance of the original shows that as noise."""
    src, out = tmp_path / "src", tmp_path / "out"
    (src / "utils").mkdir(parents=True)
    (src / "app.py").write_text(dedent(APP).lstrip())
    (src / "utils" / "__init__.py").write_text("")
    (src / "utils" / "session.py").write_text(dedent(SESSION.format(name=middleware)).lstrip())
    assert kit(["port", str(src), "-o", str(out), "--check-timeout", "60"]) == ExitStatus.DONE
    said = capsys.readouterr().out
    assert ("1 routes, 1 ported; 0 exactly the same, 0 the same message, 0 the same to an "
            "HTTP client, 0 alike once normalised, 0 with declared changes, 0 different, 0 not "
            "reached, 1 varies between runs of the original") in said
    check = json.loads((out / "porting-report.json").read_text())["check"]
    assert [r["rule"] for r in check["routes"]] == ["/list"]
    assert check["routes"][0]["identical"] is True
    # the session id: its value varies between two runs of the original, nothing else
    assert check["routes"][0]["varies"] == "GET /list: cookie beaker.session.id"
    if middleware == "SessionMiddleware":  # the port wraps Flask's wsgi_app
        assert "app.wsgi_app = SessionMiddleware(" in (out / "utils" / "session.py").read_text()


@pytest.mark.parametrize(("source", "entry"), [
    ("app = Bottle()\napplication = Wrap(app)\n", "application"),
    ("app = Bottle()\nwrapped = Wrap(app, 1)\napplication = wrapped\n", "application"),
    ("app = Bottle()\nwsgi = Wrap(app)\nrun(wsgi, port=8080)\n", "wsgi"),
    ("app = Bottle()\nwsgi = Wrap(app)\nrun(app=wsgi)\n", "wsgi"),
    ("app = Bottle()\napp = Wrap(app)\n", None),  # the app's own name serves it
    ("app = Bottle()\ndb = Database(app)\n", None),  # nothing says a server is given it
    ("app = Bottle()\napplication = app\n", None),  # the app itself
    ("app = Bottle()\nrun(app=app)\n", None),
    # bottle-book's apps.py: the wrapper made in another module, served by either branch
    ("import routes\napp = routes.app\napp_sess = routes.app_sess\n"
     "if __name__ == '__main__':\n    run(app=app_sess)\nelse:\n    application = app_sess\n",
     "application"),
    # RULE-s52 class C: what run() is handed and no module-level name holds: the loader
    # takes it from run() (loading.SERVED)
    ("app = Bottle()\nif __name__ == '__main__':\n    run(app=Wrap(app))\n", SERVED),
    ("app = Bottle()\nrun(app=Wrap(app), port=8080)\n", SERVED),
    ("from bottle import app\nrun(app=SessionMiddleware(app(), {}))\n", SERVED),
    ("app = Bottle()\nif __name__ == '__main__':\n    w = Wrap(app)\n    run(app=w)\n",
     SERVED),  # bound only under the guard: no attribute of the module as imported
    ("app = Bottle()\nw = Wrap(app)\nif __name__ == '__main__':\n    run(app=w)\n", "w"),
    ("app = Bottle()\ndef wsgi():\n    application = Wrap(app)\n    run(application)\n",
     None),  # in a function: runs when called, if ever
])
def test_the_wsgi_entry_is_the_name_that_wraps_the_app(source, entry):
    _, facts = read_module("from bottle import Bottle, run\n" + source)
    assert facts.wsgi_entry == entry


COUNTER = '''
    from pathlib import Path

    from bottle import Bottle

    app = Bottle()


    @app.post("/add")
    def add():
        with open("log.txt", "a") as log:
            log.write("x\\n")
        return "added"


    @app.get("/count")
    def count():
        return str(len(Path("log.txt").read_text().splitlines()))
'''


def test_the_noise_twin_writes_a_copy_of_its_own_even_in_place(tmp_path):
    """The second instance of the first app (--noise) gets every request too: in the
    first app's own folder its writes doubled the first app's (count 2 against 1)."""
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        folder.mkdir()
        (folder / "app.py").write_text(dedent(COUNTER).lstrip())
        (folder / "log.txt").write_text("")
    requests = tmp_path / "requests.toml"
    requests.write_text('[[request]]\nmethod = "POST"\npath = "/add"\n\n'
                        '[[request]]\npath = "/count"\n')
    assert kit(["parity", f"{first / 'app.py'}:app", f"{second / 'app.py'}:app",
                "--noise", "--in-place", "--no-crawl", "--requests", str(requests),
                "--quiet"]) == 0
    assert (first / "log.txt").read_text() == (second / "log.txt").read_text() == "x\n"


STAMP = """
class Stamp:
    \"\"\"A middleware the views need, as Beaker's SessionMiddleware is needed.\"\"\"

    def __init__(self, wrapped):
        self.wrapped = wrapped

    def __call__(self, environ, start_response):
        environ["stamp"] = "stamped"
        return self.wrapped(environ, start_response)
"""

# RULE-s52 class C (lamawe/PyBottleExamples' samp.py): each script's server is handed a
# middleware around the app its routes fill; bare, the app answers 500
SERVED_BY_RUN = {
    "handed in the main guard": {"app.py": """from bottle import Bottle, request, run
{stamp}

app = Bottle()


@app.route("/")
def index():
    return request.environ["stamp"]


if __name__ == "__main__":
    run(app=Stamp(app), port=8080)
"""},
    "another script's, by name": {"hello.py": """from bottle import route, run


@route("/")
def hello():
    return "hello"


run(port=8080)
""", "samp.py": """from bottle import app, request, route, run
{stamp}

app_session = Stamp(app())


@route("/login")
def login():
    return request.environ["stamp"]


run(app=app_session, port=8081)
"""},
    "another script's, handed at import": {"hello.py": """from bottle import route, run


@route("/")
def hello():
    return "hello"


run(port=8080)
""", "samp.py": """from bottle import app, request, route, run
{stamp}


@route("/login")
def login():
    return request.environ["stamp"]


run(app=Stamp(app()), port=8081)
"""},
}


@pytest.mark.parametrize("layout", sorted(SERVED_BY_RUN))
def test_each_script_is_compared_through_what_its_run_is_handed(tmp_path, capsys, layout):
    """RULE-s52 class C: the check served the bare app where run() is handed a
    middleware around it: in a main guard, as an expression no name holds (the original
    and the port both 500), or in another script of the folder, whose entry the check
    did not ask for (the original 500, the port 200: "different"). Every route is now
    compared as its script serves it, and the suite loads the apps so too."""
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    for name, text in SERVED_BY_RUN[layout].items():
        (src / name).write_text(text.format(stamp=STAMP))
    assert kit(["port", str(src), "-o", str(out), "--check-timeout", "60"]) == ExitStatus.DONE
    said = capsys.readouterr().out
    assert "5xx" not in said
    check = json.loads((out / "porting-report.json").read_text())["check"]
    assert [r["identical"] for r in check["routes"]] == [True] * len(check["routes"])
    assert kit(["test", str(out), "--", "-q", "-p", "no:cacheprovider"]) == 0


def test_the_model_and_the_loader_spell_what_run_is_handed_alike():
    assert SERVED == loading.SERVED


SERVED_TWICE = {  # a main block serving the app, then another serving a middleware
    "bottle": ("from bottle import Bottle, run\n", "app.run(port=8080)",
               "run(app=Wrap(app), port=8081)", "Bottle"),
    "flask": ("from flask import Flask\nfrom werkzeug.serving import run_simple\n",
              "app.run(port=8080)", 'run_simple("localhost", 8081, Wrap(app))', "Flask"),
}


@pytest.mark.parametrize("server", sorted(SERVED_TWICE))
def test_what_main_blocks_hand_servers_is_kept_in_the_order_they_run(tmp_path, server):
    """The generator's forms_54 (a run() given a middleware, under a main guard below
    another that serves the app): the module binds the stopped run() as it is imported
    (`from bottle import run`, `from werkzeug.serving import run_simple`), and what that
    one was handed went to the import's list, ahead of what the main blocks' servers were
    handed before it. Bottle's app and Flask's were served in different orders, so the
    check compared the original through the middleware and the port without it."""
    head, first, second, kind = SERVED_TWICE[server]
    (tmp_path / "web.py").write_text(
        head + "\n\nclass Wrap:\n    def __init__(self, app):\n        self.app = app\n\n"
        "    def __call__(self, environ, start_response):\n"
        "        return self.app(environ, start_response)\n\n\n"
        f"app = {kind}(__name__) if {kind!r} == 'Flask' else {kind}()\n\n"
        f"if __name__ == '__main__':\n    {first}\n\nif __name__ == '__main__':\n"
        f"    {second}\n")
    path = tmp_path / "web.py"
    with loading.bottle_locals_as_imported():
        imported = loading.import_file(f"{path}:{SERVED}", path)
        assert imported.served == []
        imported = loading.run_main(f"{path}:{SERVED}", imported, path)
    assert [type(app).__name__ for app in imported.served] == [kind, "Wrap"]

"""P016 run: the Bottle app's own run() method takes Flask's names too."""

from __future__ import annotations

import pytest

from .helpers import answers, both_folders, port, untouched

# What P016 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    import threading
    from bottle import Bottle

    app = Bottle()
    threading.Thread(target=print).run()
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P016", source)


def test_app_run_on_the_bottle_app_gets_flask_s_keywords():
    """Found by the trials (thepure12/bottle-sql): app.run(reloader=True) was kept, and
    Flask's run() hands reloader= to Werkzeug, which refuses it."""
    result = port('''
        from bottle import Bottle
        app = Bottle()
        if __name__ == "__main__":
            app.run(host="localhost", port=8080, reloader=True, quiet=True)
    ''', faithful=False)
    assert 'app.run(host="localhost", port=8080, use_reloader=True)' in result.code
    assert [t["code"] for t in result.todos] == ["P016"]
    assert "quiet" in result.todos[0]["text"]


def test_another_object_s_run_is_left_alone():
    result = port('''
        from bottle import Bottle
        app = Bottle()
        class Job:
            def run(self, reloader):
                return reloader
        Job().run(reloader=True)
    ''', faithful=False)
    assert "Job().run(reloader=True)" in result.code and result.todos == []


def test_run_of_wsgi_middleware_is_werkzeugs_run_simple_behind_the_guard():
    # skil7_VEF: run(app=SessionMiddleware(...)) became my_session.run(), which a
    # middleware does not have
    result = port('''
        from bottle import Bottle, run
        from beaker.middleware import SessionMiddleware

        app = Bottle()
        wrapped = SessionMiddleware(app, {})
        run(app=wrapped, host="0.0.0.0", port=5000, debug=True)
    ''', faithful=False)
    assert ('if __name__ == "__main__":\n'
            '    run_simple("0.0.0.0", 5000, wrapped, use_debugger=True)\n') in result.code
    assert "from werkzeug.serving import run_simple" in result.code
    assert ".run(" not in result.code and not result.todos


def test_run_of_wsgi_middleware_at_bottles_defaults():
    result = port('''
        from bottle import Bottle, run

        app = Bottle()
        run(app=Wrapper(app), server="paste")
    ''', faithful=False)
    assert 'run_simple("127.0.0.1", 8080, Wrapper(app))' in result.code
    assert [todo["code"] for todo in result.todos] == ["P016"]


def test_a_middleware_run_by_a_method_is_served_by_the_check_not_started(tmp_path):
    """RULE-s49 class D (ArthurziEvan/epf-python-bottle-template-2025.2): App.run() runs
    `run(app=self.app)`, a SessionMiddleware around its Bottle app (a middleware of its
    own here), from main.py's main guard; the port's run_simple() served for real when
    the check loaded main.py (its Bottle and Flask runs return at once there), and the
    port "did not start". The check serves what run_simple() was handed, as it does for
    Bottle's run()."""
    bottle_app, flask_app = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle, run


            class Middleware:
                def __init__(self, wsgi):
                    self.wsgi = wsgi

                def __call__(self, environ, start_response):
                    return self.wsgi(environ, start_response)


            class App:
                def __init__(self):
                    self.bottle = Bottle()
                    self.app = Middleware(self.bottle)

                def run(self):
                    @self.bottle.route("/")
                    def index():
                        return "home"

                    run(app=self.app, host="localhost", port=8080)
        ''',
        "main.py": '''
            from web import App

            if __name__ == "__main__":
                app = App()
                app.run()
        ''',
    }, "p016_method_middleware", entry="main.py:app")
    assert "run_simple(" in (tmp_path / "out" / "web.py").read_text()
    assert answers(flask_app, "/") == answers(bottle_app, "/") == (200, "home")

"""P010's add_hook(): a hook registered by a call at module level, for a function the
module defines, is the decorator on that function; a call it cannot place keeps its TODO."""

from __future__ import annotations

import pytest

from .helpers import both_apps, idiom, port, untouched

# What P010 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    class Plugins:
        def hook(self, name):
            return name


    Plugins().hook('before_request')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P010", source)


def test_an_add_hook_inside_a_function_is_left_with_its_todo():
    result = port('''
        from bottle import Bottle

        app = Bottle()


        def after():
            pass


        def setup():
            app.add_hook("after_request", after)
    ''', faithful=False)
    assert 'app.add_hook("after_request", after)' in result.code
    assert [t["code"] for t in result.todos] == ["P010", "P001"]


def test_a_hook_added_at_module_level_is_the_functions_decorator():
    idiom('''
        from bottle import Bottle, response

        app = Bottle()


        def stamp():
            response.set_header("X-A", "1")


        app.add_hook("after_request", stamp)


        @app.route("/")
        def home():
            return "home"
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.after_request
        def stamp(flask_response):
            flask_response.headers["X-A"] = "1"
            return flask_response


        @app.route("/")
        def home():
            return "home"
    ''')


def test_a_hook_added_then_removed_at_module_level_is_never_registered():
    idiom('''
        from bottle import Bottle

        app = Bottle()


        def before():
            print("in")


        app.add_hook("before_request", before)
        app.remove_hook("before_request", before)
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        def before():
            print("in")
    ''')


APP = '''
from bottle import Bottle, response

app = Bottle()


@app.route("/")
def home():
    return "home"


def stamp():
    response.set_header("X-A", "1")


def never():
    response.set_header("X-B", "1")


app.add_hook("after_request", stamp)
app.add_hook("after_request", never)
app.remove_hook("after_request", never)
'''


def test_the_port_answers_as_bottle(tmp_path):
    bottle_app, flask_app = both_apps(tmp_path, APP, "p010_add_hook")
    b, f = bottle_app.get("/"), flask_app.get("/")
    assert (b.text, b.headers.get("X-A"), b.headers.get("X-B")) == \
        (f.text, f.headers.get("X-A"), f.headers.get("X-B")) == ("home", "1", None)

"""P024: Bottle's helpers from the standard library or Werkzeug; a helper with no
counterpart is a TODO that says what replaces it."""

from __future__ import annotations

import pytest

from .helpers import both_apps, idiom, port, ported, untouched

# What P024 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    def html_escape(text):
        return text


    html_escape('<')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P024", source)


def test_the_apps_own_function_of_a_helpers_name_is_left():
    idiom('''
        from bottle import Bottle

        app = Bottle()


        def html_escape(s):
            return s


        @app.route("/")
        def home():
            return html_escape("<b>") + str(tob)


        tob = 1
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        def html_escape(s):
            return s


        @app.route("/")
        def home():
            return html_escape("<b>") + str(tob)


        tob = 1
    ''')


def test_a_string_given_to_http_date_is_left_as_bottle_passes_it_through():
    idiom('''
        from bottle import Bottle, http_date

        app = Bottle()
        STAMP = http_date(0)
    ''', '''
        from flask import Flask
        from werkzeug.http import http_date

        app = Flask(__name__, static_folder=None)
        STAMP = http_date(0)
    ''')


def test_helpers_with_a_counterpart_come_from_where_it_lives():
    idiom('''
        import bottle
        from bottle import Bottle, html_escape, load, tob, touni, urlunquote

        app = Bottle()


        @app.route("/")
        def home():
            join = load("os.path:join")
            return repr([html_escape("<'>"), bottle.HTTP_CODES[404], urlunquote("a%20b"),
                         tob("x"), touni(b"x", "latin1"), join("a", "b")])
    ''', '''
        from html import escape
        from urllib.parse import unquote

        from flask import Flask
        from werkzeug.http import HTTP_STATUS_CODES
        from werkzeug.utils import import_string

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            join = import_string("os.path:join")
            return repr([escape("<'>"), HTTP_STATUS_CODES[404], unquote("a%20b", encoding="latin1"),
                         "x".encode(), b"x".decode("latin1"), join("a", "b")])
    ''', declared=("D-escape-quote", "D-status-text"))


def test_a_module_reading_escape_keeps_the_helpers_name():
    idiom('''
        from bottle import Bottle, html_escape
        from markupsafe import escape

        app = Bottle()


        @app.route("/")
        def home():
            return html_escape("<") + escape(">")
    ''', '''
        from html import escape as html_escape

        from flask import Flask
        from markupsafe import escape

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            return html_escape("<") + escape(">")
    ''', declared=("D-escape-quote",))


def test_a_helper_without_a_counterpart_says_what_replaces_it():
    result = ported('''
        from bottle import Bottle, parse_auth, tob

        app = Bottle()


        def user(header, name):
            return parse_auth(header)[0], tob(name)
    ''', '''
        from bottle import parse_auth, tob
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        def user(header, name):
            return parse_auth(header)[0], tob(name)
    ''', todos=("P001", "P024", "P024"))
    assert not any(t["breaks"] for t in result.todos)
    assert "TODO(flask-port/P024): parse_auth(): Flask parses the header itself" in result.code
    assert "TODO(flask-port/P024): tob(x): x.encode() where x is surely text" in result.code


APP = '''
import bottle
from bottle import Bottle, html_escape, http_date, touni, urlunquote

app = Bottle()


@app.route("/")
def home():
    return repr((http_date(784111777), bottle.HTTP_CODES[418], urlunquote("%E9"),
                 touni(b"\\xc3\\xa9"), html_escape("<a & b>")))
'''


def test_the_port_answers_as_bottle(tmp_path):
    bottle_app, flask_app = both_apps(tmp_path, APP, "p024")
    assert bottle_app.get("/").text == flask_app.get("/").text


def test_the_debug_flag_and_the_template_cache_are_the_flask_apps_in_a_function():
    idiom('''
        import bottle

        app = bottle.Bottle()


        @app.route("/")
        def home():
            if bottle.DEBUG:
                bottle.TEMPLATES.clear()
            return "ok"
    ''', '''
        from flask import Flask, current_app

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            if current_app.debug:
                current_app.jinja_env.cache.clear()
            return "ok"
    ''')


def test_the_debug_flag_at_import_says_where_flasks_is():
    result = port('''
        import bottle

        app = bottle.Bottle()
        VERBOSE = bottle.DEBUG
    ''', faithful=False)
    assert "VERBOSE = DEBUG" in result.code
    assert [t["code"] for t in result.todos] == ["P001", "P024"]
    assert result.todos[1]["text"].startswith("DEBUG: Bottle's debug flag outside a function")


def test_load_of_an_expression_after_the_colon_is_left_to_p001():
    """Bottle evaluates `module:expression`; Werkzeug's import_string takes a name."""
    result = port('''
        from bottle import Bottle, load

        app = Bottle()
        JOIN = load("os:path.join")
    ''', faithful=False)
    assert 'JOIN = load("os:path.join")' in result.code
    assert [t["code"] for t in result.todos] == ["P001"]

"""P025: a MultiDict the app makes is Werkzeug's, its members in Werkzeug's names; a
key given several values reads otherwise (declared); one passed on is a TODO."""

from __future__ import annotations

import pytest

from .helpers import both_apps, idiom, ported, untouched

# What P025 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from werkzeug.datastructures import MultiDict

    from bottle import Bottle

    app = Bottle()
    d = MultiDict([('a', 1)])
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P025", source)


def test_the_request_dicts_and_a_dict_of_the_apps_own_are_not_p025s():
    idiom('''
        from bottle import Bottle, request

        app = Bottle()


        @app.route("/")
        def home():
            d = {}
            d["x"] = request.query.getall("x")
            return str(d.get("x"))
    ''', '''
        from flask import Flask, request

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            d = {}
            d["x"] = request.args.getlist("x")
            return str(d.get("x"))
    ''')


def test_a_multidict_made_and_read_is_werkzeugs():
    idiom('''
        from bottle import Bottle, MultiDict

        app = Bottle()


        @app.route("/")
        def home():
            d = MultiDict([("x", "1"), ("x", "2")], y="3")
            d["x"] = "4"
            d.append("z", "5")
            d.replace("y", "6")
            return repr((d.getall("x"), sorted(d.allitems()), d.dict))
    ''', '''
        from flask import Flask
        from werkzeug.datastructures import MultiDict

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            d = MultiDict(dict([("x", "1"), ("x", "2")], y="3"))
            d.add("x", "4")
            d.add("z", "5")
            d["y"] = "6"
            return repr((d.getlist("x"), sorted(d.items(multi=True)), d.to_dict(flat=False)))
    ''')


def test_a_single_value_read_is_declared():
    idiom('''
        from bottle import Bottle, MultiDict

        app = Bottle()


        @app.route("/")
        def home():
            d = MultiDict({"x": "1"})
            return d.getone("x") + d["x"]
    ''', '''
        from flask import Flask
        from werkzeug.datastructures import MultiDict

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            d = MultiDict({"x": "1"})
            return d.get("x") + d["x"]
    ''', declared=("D-multidict-first", "D-multidict-first"))


def test_a_multidict_passed_on_is_a_todo():
    result = ported('''
        from bottle import Bottle, MultiDict

        app = Bottle()


        def made():
            d = MultiDict()
            return d
    ''', '''
        from flask import Flask
        from werkzeug.datastructures import MultiDict

        app = Flask(__name__, static_folder=None)


        def made():
            d = MultiDict()
            return d
    ''', todos=("P025",))
    assert "TODO(flask-port/P025): d is Werkzeug's MultiDict now" in result.code


APP = '''
from bottle import Bottle, MultiDict

app = Bottle()


@app.route("/")
def home():
    d = MultiDict([("x", "1"), ("x", "2"), ("y", "3")])
    d["y"] = "4"
    d.replace("x", "5")
    return repr((d.getall("y"), d.get("x"), sorted(d.iterallitems()), sorted(d.keys())))
'''


def test_the_port_answers_as_bottle(tmp_path):
    bottle_app, flask_app = both_apps(tmp_path, APP, "p025")
    assert bottle_app.get("/").text == flask_app.get("/").text

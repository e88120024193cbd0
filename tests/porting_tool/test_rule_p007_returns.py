"""P007 in the default port: a dict is Flask's JSON, its key order declared."""

from __future__ import annotations

import pytest

from .helpers import idiom, untouched

# What P007 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    def helper():
        return {'a': 1}
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P007", source)


def test_a_string_return_is_left_alone():
    idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.get("/")
        def index():
            return "hi"
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.get("/")
        def index():
            return "hi"
    ''')


def test_a_dict_return_is_flasks_json_with_its_key_order_declared():
    result = idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.get("/api")
        def api():
            return {"b": 1, "a": 2}
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.get("/api")
        def api():
            return {"b": 1, "a": 2}
    ''', declared=("D-json",))
    assert "sort_keys" not in result.code and result.declared[0]["paths"] == ["/api"]

"""P007 in the default port: a dict is Flask's JSON, its key order declared."""

from __future__ import annotations

from .helpers import idiom


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

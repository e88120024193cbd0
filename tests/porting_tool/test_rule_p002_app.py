"""P002 app object: `Bottle()` becomes `Flask(__name__, ...)`, the routes stay on it."""

from __future__ import annotations

import pytest

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

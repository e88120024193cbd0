"""P020 signed cookies: `secret=` cookies keep their name, signed by itsdangerous
(the app-level tests are in test_port_cookies.py)."""

from __future__ import annotations

import pytest

from .helpers import idiom, untouched

# What P020 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    class Jar:
        def set_cookie(self, name, value, secret=None):
            return secret


    Jar().set_cookie('k', 'v', secret='s')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P020", source)


def test_a_signed_cookie_is_read_through_the_cookie_module_the_port_copies():
    result = idiom("""
        from bottle import Bottle, request

        app = Bottle()


        @app.get('/')
        def home():
            return request.get_cookie('user', secret='s3') or 'nobody'
    """, """
        import bottle_cookies
        from flask import Flask, request

        app = Flask(__name__, static_folder=None)


        @app.get('/')
        def home():
            return bottle_cookies.loads(request.cookies.get('user'), 'user', 's3') or 'nobody'
    """)
    assert result.applied["P020"] == 1

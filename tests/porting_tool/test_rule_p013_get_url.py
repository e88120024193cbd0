"""P013 get_url: get_url()/url() become url_for(); at import (module level), where
url_for() has no app context, the port says it breaks (the conformance table's `url`)."""

from __future__ import annotations

import pytest

from .helpers import idiom, port, untouched

# What P013 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    class Client:
        def get_url(self, name):
            return name


    Client().get_url('home')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P013", source)


def test_a_url_built_in_a_view_is_url_for():
    idiom('''
        from bottle import Bottle, url

        app = Bottle()


        @app.route("/item/<n>", name="item")
        def item(n):
            return url("item", n=n)
    ''', '''
        from flask import Flask, url_for

        app = Flask(__name__, static_folder=None)


        @app.route("/item/<n>", endpoint="item")
        def item(n):
            return url_for("item", n=n)
    ''')


def test_a_url_built_at_import_is_a_breaking_todo():
    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/item/<n>", name="item")
        def item(n):
            return HOME


        HOME = app.get_url("item", n=1)
    ''', faithful=False)
    assert 'HOME = url_for("item", n=1)' in result.code
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P013", True)]
    assert "get_url() at import" in result.todos[0]["text"]

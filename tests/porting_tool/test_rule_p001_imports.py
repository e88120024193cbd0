"""P001 imports: a Bottle name no rule converts keeps its import under a TODO; where a
Flask app cannot serve what it makes (a Bottle HTTPResponse returned from a Flask view is
a 500), the TODO says the port breaks there (found by the conformance table)."""

from __future__ import annotations

import pytest

from .helpers import port, untouched

# What P001 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottlenose import route


    @route('/x')
    def x():
        return 'x'
    """,
    """
    import json

    NOTE = 'from bottle import route'  # bottle is named in a string only
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P001", source)


def test_a_leftover_helper_is_a_todo_that_does_not_break():
    result = port('''
        from bottle import Bottle, makelist

        app = Bottle()


        @app.route("/")
        def home():
            return ",".join(makelist("b"))
    ''', faithful=False)
    # (P024 says what replaces it)
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P001", False), ("P024", False)]


def test_a_leftover_bottle_response_is_a_breaking_todo():
    result = port('''
        from bottle import Bottle, HTTPResponse

        app = Bottle()


        ANSWER = HTTPResponse("made", status=201)  # made once, outside a view: P023 leaves it


        @app.route("/")
        def home():
            return ANSWER
    ''', faithful=False)
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P001", True)]
    assert "still uses Bottle's HTTPResponse" in result.todos[0]["text"]

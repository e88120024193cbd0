"""P022 response: changes to Bottle's global `response` folded into what the view returns."""

from __future__ import annotations

import pytest

from .helpers import idiom, untouched

# What P022 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    class Answer:
        status = 200


    def make():
        response = Answer()
        response.status = 201
        return response
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P022", source)


def test_a_status_and_a_header_set_before_returning_are_part_of_the_return():
    result = idiom("""
        from bottle import Bottle, response

        app = Bottle()


        @app.get('/made')
        def made():
            response.status = 201
            response.set_header('X-Kind', 'new')
            return 'made'
    """, """
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.get('/made')
        def made():
            return 'made', 201, {'X-Kind': 'new'}
    """)
    assert result.applied["P022"] == 2

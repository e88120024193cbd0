"""P018 debug mode: `bottle.debug(True)` becomes `app.debug = True`."""

from __future__ import annotations

import pytest

from .helpers import answers, both_apps, idiom, untouched

# What P018 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    import logging
    from bottle import Bottle

    app = Bottle()
    logging.debug(True)
    debug = True
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P018", source)


def test_bottle_debug_is_the_apps_debug_flag():
    idiom("""
        import bottle
        from bottle import Bottle

        app = Bottle()
        bottle.debug(True)
    """, """
        from flask import Flask

        app = Flask(__name__, static_folder=None)
        app.debug = True
    """)


def test_debug_keeps_the_apps_own_500_page_where_it_has_one(tmp_path):
    """RULE-s49 class C (matael/kiss-bottle-wiki): `debug(True)` and `@app.error(500)`:
    Bottle's debug mode still answers a view's exception with the app's 500 page; Flask's
    debug mode propagated it past the handler (PROPAGATE_EXCEPTIONS follows debug), and
    the server answered its own page instead."""
    bottle_app, flask_app = both_apps(tmp_path, """
        from bottle import Bottle, debug

        app = Bottle()
        debug(True)


        @app.error(500)
        def failed(error):
            return "our own 500 page"


        @app.route("/")
        def index():
            return str(1 / 0)
    """, "p018_debug_500")
    assert answers(bottle_app, "/") == (500, "our own 500 page")
    assert answers(flask_app, "/") == answers(bottle_app, "/")


def test_debug_with_an_error_handler_does_not_propagate_exceptions():
    idiom("""
        import bottle
        from bottle import Bottle

        app = Bottle()
        bottle.debug(True)


        @app.error(404)
        def missing(error):
            return "none here"
    """, """
        from flask import Flask

        app = Flask(__name__, static_folder=None)
        app.debug = True
        app.config["PROPAGATE_EXCEPTIONS"] = False


        @app.errorhandler(404)
        def missing(error):
            return "none here", 404
    """)

"""P018 debug mode: `bottle.debug(True)` becomes `app.debug = True`."""

from __future__ import annotations

import pytest

from .helpers import idiom, untouched

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

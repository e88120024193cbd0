"""P018 debug mode: `bottle.debug(True)` becomes `app.debug = True`."""

from __future__ import annotations

import pytest

from .helpers import answers, both_apps, idiom, port, untouched

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


@pytest.mark.parametrize("faithful", [False, True])
def test_debug_called_before_the_app_is_made_is_set_once_it_exists(faithful):
    """RULE-s51c (koddr/bottle-vue-kickstart): `bottle.debug(True)` above `app = Bottle()`
    moves below the app, in both forms (the debug site's mark made a new line of it,
    which the move no longer knew: the port read `app` before it was bound)."""
    result = port("""
        import bottle

        bottle.debug(True)
        app = bottle.Bottle()
    """, faithful=faithful)
    lines = result.code.splitlines()
    made = next(i for i, line in enumerate(lines) if line.startswith("app = Flask("))
    set_at = next(i for i, line in enumerate(lines)
                  if line in ("app.debug = True", "debug_mode(app, True)"))
    assert set_at > made
    # the site and its declared change keep their line, the moved one's
    assert [site["line"] for site in result.sites if site["kind"] == "debug"] == [set_at + 1]
    assert [(d["id"], d["line"]) for d in result.declared] == (
        [("D-debug-traceback", set_at + 1)] if faithful else [])


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


def test_the_faithful_port_keeps_bottles_debug_mode_with_a_helper():
    result = port("""
        from bottle import Bottle, debug

        app = Bottle()
        debug(True)
    """)
    assert result.status == "success", result.error
    assert "debug_mode(app, True)" in result.code.splitlines()
    assert "from bottle_answers import debug_mode, error_pages, json_answers, " \
        "response_defaults" in result.code
    assert "app.debug" not in result.code and "PROPAGATE_EXCEPTIONS" not in result.code
    assert [site["exact"] for site in result.sites if site["kind"] == "debug"] == [True]
    assert [d["id"] for d in result.declared] == ["D-debug-traceback"]


def test_a_name_of_the_module_is_not_taken_by_the_helper():
    result = port("""
        from bottle import Bottle, debug

        app = Bottle()
        debug_mode = "verbose"
        debug(True)
    """)
    assert "debug_mode as debug_mode_2" in result.code
    assert 'debug_mode = "verbose"' in result.code
    assert "debug_mode_2(app, True)" in result.code


def bottle_debug_page(client, path: str) -> tuple[str, list, str, str, str]:
    """A 500 debug page as sent: its status line, headers but Content-Length, the page
    up to its traceback, the traceback's last line (the exception) and what follows it;
    the frames the traceback lists are each framework's own."""
    got = client.get(path, expect_errors=True)
    page, _, rest = got.text.partition("<h2>Traceback:</h2>")
    trace, _, end = rest.partition("</pre>")
    return (got.status, sorted((name, value) for name, value in got.headerlist
                               if name != "Content-Length"),
            page, trace.strip().splitlines()[-1], end)


def test_the_faithful_ports_debug_page_is_bottles(tmp_path):
    """RULE-s51c (alyssaq/bottle-heroku-skeleton, koddr/bottle-vue-kickstart):
    `bottle.debug(True)` and a view that raises. Bottle answers its error page with the
    exception and its traceback; the faithful port's `app.debug = True` let the exception
    out of Flask to the server, which answered Werkzeug's own 500 page."""
    bottle_app, flask_app = both_apps(tmp_path, """
        from bottle import Bottle, debug

        app = Bottle()
        debug(True)


        @app.route("/")
        def index():
            return str(1 / 0)
    """, "p018_debug_page", faithful=True)
    expected = bottle_debug_page(bottle_app, "/")
    assert expected[0] == "500 Internal Server Error"
    assert "<pre>ZeroDivisionError(&#039;division by zero&#039;)</pre>" in expected[2]
    assert expected[3] == "ZeroDivisionError: division by zero"
    assert bottle_debug_page(flask_app, "/") == expected

"""P009 in the default port: Flask's errorhandler, Werkzeug's text declared, no hook."""

from __future__ import annotations

import pytest

from .helpers import idiom, untouched

# What P009 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    import logging
    from bottle import Bottle

    app = Bottle()
    logging.error('x')
    log = logging.getLogger()
    log.error('y')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P009", source)


def test_a_handler_that_does_not_show_the_errors_text_changes_nothing_else():
    idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.error(404)
        def missing(err):
            return "Nothing here."
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.errorhandler(404)
        def missing(err):
            return "Nothing here.", 404
    ''')


def test_a_handler_that_shows_the_errors_text_reads_werkzeugs_declared():
    result = idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.error(404)
        def missing(err):
            return "Missing: " + err.body
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.errorhandler(404)
        def missing(err):
            return "Missing: " + err.description, 404
    ''', declared=("D-error-text",))
    assert "before_request" not in result.code and "routing_exception" not in result.code


def test_the_errors_status_line_is_werkzeugs_code_and_name():
    """Found by the second trial batch (simplestream-server): `error.status` was a TODO
    and every error page a 500."""
    from textwrap import dedent

    import webtest

    from .helpers import port

    source = dedent('''
        from bottle import Bottle, abort

        app = Bottle()


        @app.route("/gone")
        def gone():
            abort(410)


        @app.error(404)
        @app.error(410)
        def page(error):
            return "Error: " + error.status
    ''')
    result = port(source, faithful=False)
    assert 'return "Error: " + f"{error.code} {error.name}", error.code' in result.code
    assert result.todos == []
    pages = []
    for code in (source, result.code):
        namespace = {"__name__": "trial"}
        exec(compile(code, "app.py", "exec"), namespace)
        app = webtest.TestApp(namespace["app"])
        pages.append([app.get(path, status="*").text for path in ("/nowhere", "/gone")])
    assert pages[0] == pages[1] == ["Error: 404 Not Found", "Error: 410 Gone"]
    # 414 is spelt otherwise (Request-URI / Request URI): left with the TODO
    other = port(source.replace("@app.error(410)", "@app.error(414)"), faithful=False)
    assert "error.status" in other.code and [t["code"] for t in other.todos] == ["P009"]


def test_a_handler_registered_by_name_is_flasks_and_keeps_its_code():
    """`app.error_handler[404] = not_found` (Flask has no error_handler: an
    AttributeError at import) and `app.error(500)(crashed)`."""
    import webtest

    from .helpers import port

    source = '''
from bottle import Bottle, request

app = Bottle()


def not_found(error):
    return "nothing at " + request.path


def crashed(error):
    return "sorry"


app.error_handler[404] = not_found
app.error(500)(crashed)


@app.route("/boom")
def boom():
    raise ValueError("x")
'''
    result = port(source, faithful=False)
    assert "app.register_error_handler(404, not_found)\n" in result.code
    assert "app.register_error_handler(500, crashed)\n" in result.code
    assert 'return "nothing at " + request.path, 404' in result.code
    for code in (source, result.code):
        namespace = {"__name__": "trial"}
        exec(compile(code, "app.py", "exec"), namespace)
        client = webtest.TestApp(namespace["app"])
        answer = client.get("/x", status=404)
        assert answer.text == "nothing at /x"
        answer = client.get("/boom", expect_errors=True)
        assert (answer.status_int, answer.text) == (500, "sorry")


def test_a_405_handler_is_declared_for_the_allow_header_flask_leaves_off(tmp_path):
    """Bottle applies the 405 error's headers (Allow) to the response before calling the
    handler; Flask builds the handler's page afresh (trial class M)."""
    from .helpers import answers, both_apps

    source = '''
        from bottle import Bottle

        app = Bottle()


        @app.post("/form")
        def form():
            return "sent"


        @app.error(405)
        def wrong_method(error):
            return "Use POST."
    '''
    result = idiom(source, '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        @app.post("/form")
        def form():
            return "sent"


        @app.errorhandler(405)
        def wrong_method(error):
            return "Use POST.", 405
    ''', declared=("D-error-allow",))
    assert result.declared[0]["line"] == 11
    bottle, flask = both_apps(tmp_path, source, "allow405")
    assert answers(bottle, "/form") == answers(flask, "/form") == (405, "Use POST.")
    assert bottle.get("/form", status=405).headers["Allow"] == "POST"
    assert "Allow" not in flask.get("/form", status=405).headers  # what is declared

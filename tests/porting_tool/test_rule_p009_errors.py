"""P009 in the default port: Flask's errorhandler, Werkzeug's text declared, no hook."""

from __future__ import annotations

import pytest

from .helpers import answers, both_apps, both_folders, idiom, untouched

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
    # 414 is spelt otherwise (Request-URI / Request URI): Werkzeug's, declared
    other = port(source.replace("@app.error(410)", "@app.error(414)"), faithful=False)
    assert 'f"{error.code} {error.name}"' in other.code and other.todos == []
    assert [(d["id"], d["detail"]) for d in other.declared] == [
        ("D-error-object", "the status line")]


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


ERROR_OBJECT = '''
    from bottle import Bottle, abort

    app = Bottle()


    @app.route("/gone")
    def gone():
        abort(410, "It went away.")


    @app.route("/boom")
    def boom():
        raise ValueError("boom")


    @app.error(404)
    @app.error(410)
    def page(err):
        return "|".join([str(err.status_code), err.status, err.status_line, err.body,
                         repr(err.exception), repr(err.traceback),
                         repr(dict(err.headers)), repr(err.headers.get("Allow"))])


    @app.error(500)
    def crashed(err):
        return "|".join([str(err.status_code), err.status_line, repr(err.exception),
                         err.traceback.splitlines()[-1], repr(dict(err.headers))])
'''


def test_a_handler_reading_every_part_of_the_error_object_answers_as_bottles(tmp_path):
    """err.status, .status_line, .exception, .traceback and .headers were left as they
    were (an AttributeError on Werkzeug's exception: the error page a 500): each is
    built from what Werkzeug's exception holds, and answers Bottle's text."""
    from .helpers import answers, both_apps, port

    result = port(ERROR_OBJECT, faithful=False)
    assert result.todos == []
    code = result.code
    assert 'getattr(err, "original_exception", None)' in code  # a 404 has none
    assert "repr(err.original_exception)" in code  # a 500 handler's InternalServerError
    assert 'Headers([h for h in err.get_headers() if h[0].lower() != "content-type"])' \
        in code
    assert [(d["id"], d.get("detail")) for d in result.declared] == [
        ("D-error-text", None), ("D-error-object", "the traceback")]
    bottle, flask = both_apps(tmp_path, ERROR_OBJECT, "errobject")
    gone = "410|410 Gone|410 Gone|It went away.|None|None|{}|None"
    assert answers(bottle, "/gone") == answers(flask, "/gone") == (410, gone)
    boom = "500|500 Internal Server Error|ValueError('boom')|ValueError: boom|{}"
    assert answers(bottle, "/boom") == answers(flask, "/boom") == (500, boom)
    missing = answers(flask, "/nowhere")
    assert missing[0] == 404 and missing[1].startswith("404|404 Not Found|404 Not Found|")
    assert missing[1].endswith("|None|None|{}|None")


def test_a_500_handler_showing_the_errors_text_is_declared_and_its_status_line_is_not():
    from .helpers import port

    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.error(500)
        def crashed(err):
            return err.status_line + ": " + err.body + " " + err.body
    ''', faithful=False)
    assert 'return f"{err.code} {err.name}" + ": " + err.description + " " + ' \
        'err.description, 500' in result.code
    assert [(d["id"], d.get("detail")) for d in result.declared] == [
        ("D-error-text", None), ("D-error-object", "the text of a 500")]


def test_a_part_of_the_error_object_set_by_the_handler_is_a_todo_not_a_syntax_error():
    from .helpers import port

    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.error(404)
        def missing(err):
            err.status = 200
            return "found after all: " + err.status_line
    ''', faithful=False)
    assert "    err.status = 200\n" in result.code
    assert 'return "found after all: " + f"{err.code} {err.name}", 404' in result.code
    assert [t["code"] for t in result.todos] == ["P009"]


def test_a_handler_serving_a_page_as_a_static_file_answers_its_200_as_bottle_does(
        tmp_path, monkeypatch):
    """Bottle sends the response a handler returns with that response's own status: an
    error page served by static_file (or an HTTPResponse) answers 200, not the error's
    code (trial class RULE-s46 C: every missing page and file of an app answered 200)."""
    from .helpers import answers, both_folders

    source = '''
        from bottle import Bottle, HTTPResponse, static_file

        app = Bottle()


        @app.route("/")
        def index():
            return "home"


        @app.error(404)
        def missing(error):
            return static_file("404.html", root="pages")


        @app.error(410)
        def gone(error):
            return HTTPResponse("moved on", status=200)
    '''
    result = idiom(source, '''
        from flask import Flask, Response, send_from_directory

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def index():
            return "home"


        @app.errorhandler(404)
        def missing(error):
            return send_from_directory("pages", "404.html")


        @app.errorhandler(410)
        def gone(error):
            return Response("moved on", status=200)
    ''')
    assert result.todos == []
    bottle, flask = both_folders(
        tmp_path, {"web.py": source, "pages/404.html": "<h1>not here</h1>"}, "errorpagefile")
    monkeypatch.chdir(tmp_path / "src")  # Bottle's root is the folder it runs in, Flask's its app's
    assert answers(bottle, "/nowhere") == answers(flask, "/nowhere") \
        == (200, "<h1>not here</h1>")


def test_a_handler_without_a_parameter_fails_in_both(tmp_path):
    """Iyamoto/pyweb (RULE-s47's class I): `@error(404) def missing():` takes no parameter.
    Bottle calls it with the error and fails (its "Critical error" 500 page); Flask does
    too. Its TODO broke nothing the original served, yet stopped the port at exit 5: now it
    breaks nothing, and the bodies of the two 500 pages are declared."""
    from bottle2flask.cli import main as kit

    from .helpers import answers, both_apps, port

    source = '''
        from bottle import Bottle

        app = Bottle()


        @app.route("/")
        def index():
            return "index"


        @app.error(404)
        def missing():
            return "Nothing here, sorry"
    '''
    result = port(source, faithful=False)
    code = "\n".join(line for line in result.code.splitlines() if not line.startswith("#"))
    assert code.endswith('@app.errorhandler(404)\ndef missing():\n'
                         '    return "Nothing here, sorry", 404')
    assert [d["id"] for d in result.declared] == ["D-error-no-parameter"]
    assert [t["code"] for t in result.todos] == ["P009"]
    assert not result.todos[0]["breaks"]
    bottle, flask = both_apps(tmp_path, source, "noparam404")
    assert answers(bottle, "/") == answers(flask, "/") == (200, "index")
    assert answers(bottle, "/x")[0] == answers(flask, "/x")[0] == 500
    assert "Critical error while processing request: /x" in answers(bottle, "/x")[1]
    # the check counts the original's failure: the port is done (exit 0, not 5)
    assert kit(["port", str(tmp_path / "src"), "-o", str(tmp_path / "checked")]) == 0


HANDLERS_FOR_EVERY_CODE = '''
    from bottle import HTTP_CODES, Bottle, abort

    app = Bottle()


    def err_4xx(error):
        return "client error " + str(error.status_code)


    for code in HTTP_CODES:
        if 400 <= code < 500:
            app.error_handler[code] = err_4xx


    @app.get("/gone")
    def gone():
        abort(410)
    '''


def test_handlers_for_codes_known_at_run_time_are_repaired_where_werkzeug_refuses_one(
        tmp_path, capsys):
    """honkers_bottle (RULE-s47, class K's app): `for code in HTTP_CODES:
    app.error_handler[code] = err_4xx`. Werkzeug refuses to register 402 (it has no
    error of that code): the idiomatic register_error_handler is a ValueError at import.
    The site's exact form, bottle_compat's bottle_error_handler, registers the codes
    Flask can raise: the check's repair reaches it from the traceback's line."""
    from pathlib import Path
    from textwrap import dedent

    from bottle2flask.cli import main as kit

    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(dedent(HANDLERS_FOR_EVERY_CODE))
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == 0
    assert "app.register_error_handler(code, err_4xx)" in (out / "web.py").read_text()
    assert kit(["port", str(src), "-o", str(out)]) in (0, 1)
    code = Path(out / "web.py").read_text()
    assert "bottle_error_handler(app, code, err_4xx)" in code
    said = capsys.readouterr().out
    assert "repaired web.py:" in said and "GET /gone" in said
    (tmp_path / "served").mkdir()
    bottle, flask = both_apps(tmp_path / "served", HANDLERS_FOR_EVERY_CODE, "every_code",
                              faithful=True)
    assert answers(bottle, "/gone") == answers(flask, "/gone") == (410, "client error 410")


# The error handed whole to a template that reads Bottle's HTTPError (RULE-s49 class L,
# matael/bottle-blog-engine): a Jinja2 template of Bottle's jinja2_template, and a
# SimpleTemplate one
ERROR_TEMPLATES = {
    "web.py": """
        from bottle import Bottle, abort, jinja2_template, template

        app = Bottle()


        @app.route("/gone")
        def gone():
            abort(410, "Gone for good")


        @app.error(404)
        def errors(code):
            return jinja2_template("error.html", code=code)


        @app.error(410)
        def gone_page(error):
            return template("gone", error=error)
        """,
    "views/error.html": (
        "{% if code._status_code == 404 %}<h1>404, Page Not Found</h1>{% endif %}"
        "[{{ code.status_code }} {{ code.status_line }}]\n"),
    "views/gone.tpl": "<p>{{error.status}}: {{error.body}}</p>\n",
}


def test_an_error_handed_to_a_template_reads_as_bottles(tmp_path):
    bottle_app, flask_app = both_folders(tmp_path, ERROR_TEMPLATES, "p009_error_templates")
    for client in (bottle_app, flask_app):
        assert answers(client, "/nowhere") == (
            404, "<h1>404, Page Not Found</h1>[404 404 Not Found]")
        assert answers(client, "/gone") == (410, "<p>410 Gone: Gone for good</p>\n")
    ported = (tmp_path / "out" / "web.py").read_text()
    assert "code=bottle_error(code)" in ported and "error=bottle_error(error)" in ported


def test_a_handler_showing_its_error_as_text_declares_it_and_a_500_is_ignored_on_failing_pages():
    """str(err), f"{err}", "%s" % err, repr(err): Bottle's HTTPError prints its
    arguments (RULE-s50's Tanda: `"Error: " + str(error)` under debug(True)), Werkzeug's
    its code, name and description. Declared once a handler; parity ignores the pages
    the original answered with the handler's code (a 404 handler's: RULE-s51c class D,
    where it was counted only on a 500)."""
    from .helpers import port

    result = port('''
        from bottle import Bottle

        app = Bottle()


        @app.error(500)
        def crashed(error):
            return "Error: " + str(error) + f" {error}" + "%s" % error + repr(error)


        @app.error(404)
        def missing(err):
            return "Missing: %s (%s)" % (err, err.status_code)


        @app.error(403)
        def refused(err):
            return "Refused: " + str(err.status_code)
    ''', faithful=False)
    assert [(d["id"], d.get("detail"), d.get("ignore")) for d in result.declared] == [
        ("D-error-object", "the error as text", [["status", "500"]]),
        ("D-error-object", "the error as text", [["status", "404"]])]


# RULE-s51c class D (opelab): a 404 handler formatting its error
SHOWN = """
    from bottle import Bottle, abort

    app = Bottle()


    @app.route("/gone")
    def gone():
        abort(404, "No such page")


    @app.error(404)
    def missing(error):
        return "Nothing here sorry {error}".format(error=error) + f" [{error}]" + "%s" % error


    @app.error(410)
    @app.error(403)
    def refused(error):
        return "Refused: " + str(error)
"""


def test_a_404_handler_showing_its_error_is_declared_on_its_own_pages():
    from .helpers import port

    result = port(SHOWN, faithful=False)
    assert [(d["id"], d.get("ignore")) for d in result.declared] == [
        ("D-error-object", [["status", "404"]]),
        ("D-error-object", [["status", "403"], ["status", "410"]])]
    assert "bottle_error" not in result.code
    assert [s["kind"] for s in result.sites if s["rule"] == "P009"] == ["error-shown"] * 4


def test_a_handler_showing_its_error_shows_bottles_text_in_its_exact_form(tmp_path):
    """--faithful (and a repair): bottle_error(error) prints Bottle's HTTPError's
    arguments, its routing text among them; nothing is declared."""
    bottle_app, flask_app = both_apps(tmp_path, SHOWN, "p009_shown", faithful=True)
    said = "(404, \"Not found: '/nowhere'\")"
    text = f"Nothing here sorry {said} [{said}]{said}"
    for client in (bottle_app, flask_app):
        assert answers(client, "/nowhere") == (404, text)
        assert answers(client, "/gone") == (404, "Nothing here sorry (404, 'No such page') "
                                                 "[(404, 'No such page')](404, 'No such page')")
    ported = (tmp_path / "out" / "web.py").read_text()
    assert ported.count("bottle_error(error)") == 4, ported


ABORTED = '''
    from bottle import Bottle, abort

    app = Bottle()


    @app.route("/item/<n:int>")
    def item(n):
        if n > 0:
            abort(404)
        return "mug"


    @app.route("/locked")
    def locked():
        abort(401)


    @app.error(401)
    @app.error(404)
    def missing(error):
        return "page: " + error.body
'''


def test_an_abort_given_no_text_shows_bottles_words_in_the_exact_form_and_is_declared_else(
        tmp_path):
    """Stop 54 (a mounted shop's abort(404) answered by the parent's page reading
    err.body): Bottle's abort(code) says `Unknown Error.`, Flask's Werkzeug's sentence
    for the code. The default port's D-error-text (`error_text = "routing"`) explains it;
    the exact form's app.aborter gives Bottle's words (--faithful: the same page)."""
    from bottle2flask.parity.normalise import Response, compare
    from bottle2flask.parity.scenario import load

    (tmp_path / "default").mkdir()
    (tmp_path / "faithful").mkdir()
    bottle_app, flask_app = both_apps(tmp_path / "default", ABORTED, "p009_aborted")
    ignore = load(tmp_path / "default" / "out" / "parity.toml").ignore
    for path, status in (("/item/1", "404 Not Found"), ("/locked", "401 Unauthorized")):
        ours, theirs = bottle_app.get(path, status="*"), flask_app.get(path, status="*")
        assert ours.text == "page: Unknown Error." and theirs.text != ours.text
        pages = [Response(status, list(r.headerlist), r.body, path) for r in (ours, theirs)]
        assert compare(*pages).differences
        assert not compare(*pages, ignore=ignore).differences
    bottle_app, flask_app = both_apps(tmp_path / "faithful", ABORTED, "p009_aborted_f",
                                      faithful=True)
    for client in (bottle_app, flask_app):
        assert answers(client, "/item/1") == (404, "page: Unknown Error.")
        assert answers(client, "/locked") == (401, "page: Unknown Error.")
        assert answers(client, "/item/0") == (200, "mug")
        assert answers(client, "/nowhere") == (404, "page: Not found: '/nowhere'")


def test_a_handler_an_own_decorator_registers_by_item_assignment_reads_bottles_error(
        tmp_path):
    """`@Error(404)`, a class whose `__call__` sets `app.error_handler[code] = handler`,
    defined in a package's module the package imports on (jar3b/bottle-oop-rest): the
    handler is ported as one `@app.error(404)` decorates, its reads of Bottle's error
    (`status`, `status_code`, `status_line`, `body`) Werkzeug's; they were left (an
    AttributeError: 500 where Bottle answered 404)."""
    from .helpers import answers, both_folders

    bottle, flask = both_folders(tmp_path, {
        "rest/__init__.py": "from .core import app, Error\n",
        "rest/core.py": """
            from bottle import Bottle

            class Error(object):
                def __init__(self, code):
                    self.code = code

                def __call__(self, handler):
                    app.error_handler[self.code] = handler

            app = Bottle()
            """,
        "web.py": """
            import json

            from rest import app, Error


            @Error(404)
            def missing(error):
                return json.dumps({"error": error.status, "code": error.status_code,
                                   "line": error.status_line})


            @app.route("/")
            def index():
                return "home"
            """}, "errdeco")
    page = '{"error": "404 Not Found", "code": 404, "line": "404 Not Found"}'
    assert answers(bottle, "/nowhere") == answers(flask, "/nowhere") == (404, page)
    assert answers(flask, "/") == (200, "home")
    ported = (tmp_path / "out" / "web.py").read_text()
    assert 'f"{error.code} {error.name}"}), error.code\n' in ported

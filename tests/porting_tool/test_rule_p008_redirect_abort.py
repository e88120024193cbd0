"""P008 in the default port: Flask's own redirect() and abort(), no patched app.redirect."""

from __future__ import annotations

from .helpers import idiom


def test_abort_with_a_code_and_text_is_left_as_flask_reads_it():
    idiom('''
        from bottle import Bottle, abort

        app = Bottle()


        @app.get("/item/<no>")
        def item(no):
            abort(404, "No such item.")
    ''', '''
        from flask import Flask, abort

        app = Flask(__name__, static_folder=None)


        @app.get("/item/<no>")
        def item(no):
            abort(404, "No such item.")
    ''')


def test_a_redirect_in_a_view_is_returned_with_bottles_code_and_a_declared_location():
    result = idiom('''
        from bottle import Bottle, redirect

        app = Bottle()


        @app.post("/new")
        def new():
            redirect("/")
    ''', '''
        from flask import Flask, redirect

        app = Flask(__name__, static_folder=None)


        @app.post("/new")
        def new():
            return redirect("/", 303)
    ''', declared=("D-location",))
    assert result.declared[0]["line"] == 8 and result.declared[0]["paths"] == ["/new"]
    assert "_absolute_redirect" not in result.code and "app.redirect =" not in result.code


def test_a_redirect_in_a_helper_is_raised_with_abort_and_declared_for_every_path():
    result = idiom('''
        from bottle import redirect


        def login_required():
            redirect("/login", 302)
    ''', '''
        from flask import abort, redirect


        def login_required():
            abort(redirect("/login", 302))
    ''', declared=("D-location",))
    assert result.declared[0]["paths"] == ["*"]


def test_an_httpresponse_of_text_needs_no_todo_and_one_of_a_variable_does():
    """HTTPResponse(json.dumps(...)) got the 'if the body is a dict' TODO as well."""
    from .helpers import port

    result = port('''
        import json

        from bottle import Bottle, HTTPResponse

        app = Bottle()


        @app.route("/a")
        def a():
            return HTTPResponse(json.dumps({"x": 1}), status=400)


        @app.route("/b")
        def b():
            return HTTPResponse("no %s" % "item", status=404)


        @app.route("/c")
        def c():
            body = {"x": 1}
            return HTTPResponse(body, status=200)
    ''', faithful=False)
    assert [t["code"] for t in result.todos] == ["P008"]
    assert result.code.index("TODO(kit/P008)") > result.code.index("def c():")

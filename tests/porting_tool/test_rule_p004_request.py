"""P004 request: the request's dicts. Bottle's give a repeated key's last value (params:
the form's over the query string's), Werkzeug's the first: where the port keeps
Werkzeug's it declares D-first-value; Bottle-only methods are spelt in Werkzeug's names
or left under a TODO (found by the conformance table, docs/BOTTLE-API.md)."""

from __future__ import annotations

from .helpers import idiom, port


def test_reads_that_keep_bottles_answer_declare_nothing():
    idiom('''
        from bottle import Bottle, request

        app = Bottle()


        @app.route("/")
        def home():
            last, every = request.forms["x"], request.query.getall("x")
            return repr((last, every, dict(request.GET)))
    ''', '''
        from flask import Flask, request

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            last, every = request.form.getlist("x")[-1], request.args.getlist("x")
            return repr((last, every, {k: v[-1] for k, v in request.args.lists()}))
    ''')


def test_an_attribute_read_and_get_declare_the_first_value():
    idiom('''
        from bottle import Bottle, request

        app = Bottle()


        @app.route("/")
        def home():
            x, y = request.query.x, request.params.get("y", "")
            return x + y + repr(request.forms.items())
    ''', '''
        from flask import Flask, request

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            x, y = request.args.get("x", ""), request.values.get("y", "")
            return x + y + repr(request.form.items())
    ''', declared=("D-first-value", "D-first-value", "D-first-value"))


def test_bottles_multidict_methods_in_werkzeugs_names():
    idiom('''
        from bottle import Bottle, request

        app = Bottle()


        @app.route("/")
        def home():
            return repr((list(request.query.allitems()), list(request.forms.iterkeys())))
    ''', '''
        from flask import Flask, request

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            return repr((list(request.args.items(multi=True)), list(request.form.keys())))
    ''')


def test_changing_the_requests_dicts_is_a_todo():
    result = port('''
        from bottle import Bottle, request

        app = Bottle()


        @app.route("/")
        def home():
            request.query.replace("x", "1")
            return request.query.recode_unicode
    ''', faithful=False)
    assert [(t["code"], t["line"]) for t in result.todos] == [("P004", 8), ("P004", 11)]
    assert "TODO(flask-port/P004): .replace: Werkzeug's request dicts cannot be changed" \
        in result.code
    assert "TODO(flask-port/P004): .recode_unicode: a FormsDict setting" in result.code


def test_request_attributes_whose_werkzeug_namesakes_answer_otherwise():
    # Bottle's content_type is lower case and '' without a body, its script_name ends in
    # '/', its remote_addr and remote_route read X-Forwarded-For (a list)
    idiom('''
        from bottle import Bottle, request

        app = Bottle()


        @app.route("/")
        def home():
            kind, root = request.content_type, request.script_name
            address = request.remote_addr
            return repr((kind, root, address, request.remote_route))
    ''', '''
        from flask import Flask, request

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            kind, root = request.headers.get("Content-Type", "").lower(), request.script_root + "/"
            address = (request.access_route[0] if request.access_route else None)
            return repr((kind, root, address, list(request.access_route)))
    ''')

"""P009 in the default port: Flask's errorhandler, Werkzeug's text declared, no hook."""

from __future__ import annotations

from .helpers import idiom


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

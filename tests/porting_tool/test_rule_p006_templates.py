"""P006 in the default port: render_template in Flask's own Jinja environment."""

from __future__ import annotations

from .helpers import idiom


def test_a_template_call_becomes_render_template_with_no_jinja_options():
    result = idiom('''
        from bottle import Bottle, template

        app = Bottle()


        @app.get("/")
        def index():
            return template("index", name="x")
    ''', '''
        from flask import Flask, render_template

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.get("/")
        def index():
            return render_template("index.html", name="x")
    ''', declared=("D-none",))
    assert "jinja_options" not in result.code and "install(" not in result.code


def test_bottles_jinja2_adapter_declares_flasks_autoescaping():
    result = idiom('''
        from bottle import Bottle, jinja2_template

        app = Bottle()


        @app.get("/")
        def index():
            return jinja2_template("index.html", name="x")
    ''', '''
        from flask import Flask, render_template

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.get("/")
        def index():
            return render_template("index.html", name="x")
    ''', declared=("D-autoescape",))
    assert "autoescape" not in result.code

"""The port's imports: sorted sections when the original's were, long lines wrapped."""

from __future__ import annotations

from .helpers import port


def test_a_sorted_block_gets_flask_in_the_third_party_section():
    result = port('''
        import os

        from bottle import Bottle, request

        app = Bottle()
        HOME = os.environ.get("HOME")


        @app.get("/")
        def index():
            return request.method
    ''', faithful=False)
    assert result.code.startswith("import os\n\nfrom flask import Flask, request\n\napp = ")


def test_an_unsorted_block_is_kept_and_a_long_flask_import_is_wrapped():
    result = port('''
        from bottle import request, response, redirect, abort, template, static_file, Bottle
        import os

        app = Bottle()


        @app.post("/a/<p:path>")
        def a(p):
            response.set_cookie("x", os.sep)
            if request.forms.get("x"):
                abort(400)
            if p == "s":
                return static_file(p, root="s", download=True)
            if p == "t":
                return template("t")
            redirect("/")
    ''', faithful=False)
    assert "\nfrom flask import (\n    Flask,\n    abort,\n" in result.code
    assert "import os\n" in result.code
    assert all(len(line) <= 100 for line in result.code.splitlines())

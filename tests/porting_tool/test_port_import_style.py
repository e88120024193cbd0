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


def test_an_import_only_the_bottle_code_read_goes_with_it():
    """`import os` for a TEMPLATE_PATH line the port made template_folder= was left
    unused (ruff F401 on the port, not on the original); an import nothing read before
    (a re-export) stays."""
    from bottle2flask.port.runner import port_source

    result = port_source(
        "import os\nimport sys\nimport json  # re-exported\n\n"
        "from bottle import Bottle, TEMPLATE_PATH\n\n"
        'TEMPLATE_PATH.insert(0, os.path.join(os.path.dirname(__file__), "views"))\n'
        "app = Bottle()\nprint(sys.argv)\n", "app.py", faithful=False)
    assert "import os" not in result.code
    assert result.code.startswith("import sys\nimport json  # re-exported\n")

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


def test_the_sorted_block_and_a_wrapped_import_are_built_as_nodes_never_parsed(monkeypatch):
    """import_style builds the statements it writes from the names' own nodes: nothing of
    it is written out as text and parsed back (issue #43). Both its paths: the block
    sorted again (the names merged, a long line wrapped, relative imports kept) and a long
    import the port added to an unsorted block."""
    import libcst as cst

    from bottle2flask.port import import_style

    names = ", ".join(f"Name{i}" for i in range(12))
    original = cst.parse_module("import os\n\nfrom app.models import Name0\n\n"
                                "from . import views\n\nx = 1\n")
    ported = cst.parse_module(f"import os\n\nfrom app.models import {names}\n"
                              "from app.models import Extra as E\n\n"
                              "from . import views\nfrom ..pkg import x as y\n\nx = 1\n")
    unsorted = cst.parse_module("import sys\nimport os\n\nx = 1\n")
    added = cst.parse_module(f"import sys\nimport os\nfrom flask import {names}, Flask\n\n"
                             "x = 1\n")

    def refused(*args, **kwargs):
        raise AssertionError("import_style parsed code")

    monkeypatch.setattr(cst, "parse_module", refused)
    monkeypatch.setattr(cst, "parse_statement", refused)
    tidied = import_style.tidy_imports(ported, original, {"app"})
    assert tidied.code == ("import os\n\nfrom app.models import (\n    Extra as E,\n"
                           + "".join(f"    Name{i},\n" for i in sorted(range(12), key=str))
                           + ")\n\nfrom . import views\nfrom ..pkg import x as y\n\nx = 1\n")
    tidied = import_style.tidy_imports(added, unsorted, set())
    assert "from flask import (\n    Flask,\n    Name0,\n    Name1,\n    Name10," in tidied.code


def test_an_unsorted_block_s_long_lines_are_found_without_writing_out_the_defs(monkeypatch):
    """Where the port keeps the original's unsorted block, only its one-import lines are
    written out to be measured (every statement of both modules, defs and all, was: two
    renders of a module a port), and a long import the port added is still wrapped."""
    import libcst as cst

    from bottle2flask.port import import_style

    names = ", ".join(f"Name{i}" for i in range(12))
    body = "".join(f"\n\ndef view_{n}():\n    return {n}\n" for n in range(5))
    original = cst.parse_module(f"import sys\nimport os\n{body}")
    ported = cst.parse_module(f"import sys\nimport os\nfrom flask import {names}\n{body}")
    written: list[type] = []

    class Counted(cst.Module):
        def code_for_node(self, node):
            written.append(type(node))
            return super().code_for_node(node)

    monkeypatch.setattr(import_style, "_EMPTY", Counted([]))
    tidied = import_style.tidy_imports(ported, original, set())
    assert "from flask import (\n    Name0,\n    Name1,\n    Name10,\n" in tidied.code
    assert tidied.code.endswith(body)
    assert cst.FunctionDef not in written

"""Bottle's names one module of the app imports from another (reexports.py): RULE-s50
class B (German22pb/qa_environment: `from app import app, template` in app/routes.py,
`from bottle import Bottle, template` in app/__init__.py)."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import libcst as cst

from bottle2flask.port import reexports

from .helpers import answers, both_folders, forget_modules

PACKAGE = {
    "run.py": """
        from app import app

        if __name__ == '__main__':
            app.run(port=8080)
    """,
    "app/__init__.py": """
        import os
        from bottle import Bottle, TEMPLATE_PATH, template

        TEMPLATE_PATH.insert(0, os.path.join(os.path.dirname(__file__), 'views'))
        app = Bottle()
        from app import routes
    """,
    "app/routes.py": """
        from app import app, template


        @app.route('/')
        def index():
            return template('index', name='ana')
    """,
    "app/views/index.tpl": "hello {{name}}",
}


def test_what_it_must_not_change_is_left_alone():
    """A module's own names taken from another module, and Bottle's names imported from
    bottle itself, stay as they are."""
    here = {"a.py": "from bottle import route\nfrom b import helper, route as r\n",
            "b.py": "def helper():\n    return 1\n\n\ndef route():\n    return 2\n"}
    parsed = {name: cst.parse_module(text) for name, text in here.items()}
    imports = {"a.py": {"helper": ("b.py", "helper"), "r": ("b.py", "route")}, "b.py": {}}
    assert reexports.plan(here, imports, parsed) == {}


def test_a_bottle_name_taken_from_another_module_is_imported_from_bottle():
    tree = cst.parse_module("from app import app, template as t\nimport os\n")
    given = {"app.py": cst.parse_module("from bottle import Bottle, template\n"),
             "routes.py": tree}
    done = reexports.plan({"app.py": "from bottle import Bottle, template\n",
                           "routes.py": tree.code},
                          {"routes.py": {"app": ("app.py", "app"), "t": ("app.py", "template")},
                           "app.py": {}}, given)
    assert done["routes.py"].code == dedent("""\
        from app import app
        from bottle import template as t
        import os
        """)


def test_a_package_lending_bottles_template_to_its_routes_ports_and_answers_alike(tmp_path):
    """The port dropped `template` from app/__init__.py (no use left there) while
    app/routes.py still imported it from the package: ImportError, the port did not
    start. Now routes.py renders with Flask, and both answer alike."""
    forget_modules("app", "run")
    try:
        bottle, flask = both_folders(tmp_path, PACKAGE, "reexports", entry="run.py:app")
        assert answers(flask, "/") == answers(bottle, "/") == (200, "hello ana")
    finally:
        forget_modules("app", "run")
    routes = (tmp_path / "out" / "app" / "routes.py").read_text()
    assert "from app import app\n" in routes and "render_template(" in routes
    assert "bottle" not in routes


def test_a_bottle_the_package_ships_and_re_exports_is_read_as_bottle(tmp_path):
    """pypiserver's form (RULE-s51 class F): shop/bottle_wrapper/bottle.py, a copy of
    Bottle, star-imported by its package's __init__, from which shop/_app.py imports
    Bottle and request. The model knew none of them as Bottle's: nothing was converted and
    the check found no Flask app. Now _app.py is ported, and both answer alike."""
    import bottle as installed

    files = {
        "shop/__init__.py": "",
        "shop/bottle_wrapper/__init__.py":
            "from shop.bottle_wrapper.bottle import *\n",
        "shop/bottle_wrapper/bottle.py": Path(installed.__file__).read_text(),
        "shop/_app.py": """
            from .bottle_wrapper import Bottle, request

            app = Bottle()


            @app.route("/")
            def index():
                return "hello " + request.query.get("name", "world")
        """,
    }
    forget_modules("shop")
    try:
        bottle, flask = both_folders(tmp_path, files, "reexports_shipped",
                                     entry="shop/_app.py:app")
        assert answers(flask, "/?name=ana") == answers(bottle, "/?name=ana") \
            == (200, "hello ana")
    finally:
        forget_modules("shop")
    ported = (tmp_path / "out" / "shop" / "_app.py").read_text()
    assert "app = Flask(__name__" in ported and "request.args.get(" in ported


def test_a_name_lent_from_a_bottle_the_app_ships_is_imported_from_that_copy(tmp_path):
    """`from lib.bottle import Bottle, request, template` in lend.py, `from lend import
    lend, request, template` in views.py (the generator's reexport form in an app that
    ships its Bottle): reexports.py read only `from bottle import`, P001 dropped the
    names from lend.py and views.py failed to import them: the port did not start."""
    import bottle as installed

    forget_modules("lend", "views", "web", "lib", "lib.bottle")
    try:
        bottle, flask = both_folders(tmp_path, {
            "web.py": """
                from lib.bottle import Bottle
                from lend import lend

                app = Bottle()
                app.merge(lend)
            """,
            "lend.py": """
                from lib.bottle import Bottle, request, template

                lend = Bottle()

                import views  # noqa: E402,F401
            """,
            "views.py": """
                from lend import lend, request, template


                @lend.route("/lent/<name>")
                def lent(name):
                    return template("lent", name=name, q=request.query.get("q", "-"))
            """,
            "views/lent.tpl": "<p>{{name}} {{q}}</p>\n",
            "lib/__init__.py": "",
            "lib/bottle.py": Path(installed.__file__).read_text(),
        }, "reexports_vendored", entry="web.py:app")
        assert answers(flask, "/lent/ann?q=1") == answers(bottle, "/lent/ann?q=1") \
            == (200, "<p>ann 1</p>\n")
    finally:
        forget_modules("lend", "views", "web", "lib", "lib.bottle")
    views = (tmp_path / "out" / "views.py").read_text()
    assert "from lend import lend\n" in views and "render_template(" in views
    assert "bottle" not in views


def test_a_name_lent_from_a_copy_of_bottle_is_imported_from_that_copy():
    tree = cst.parse_module("from app import app, template as t\n")
    given = {"app.py": cst.parse_module("from lib.bottle import Bottle, template\n"),
             "routes.py": tree}
    done = reexports.plan({"app.py": "from lib.bottle import Bottle, template\n",
                           "routes.py": tree.code},
                          {"routes.py": {"app": ("app.py", "app"), "t": ("app.py", "template")},
                           "app.py": {}}, given, vendored=frozenset({"lib.bottle"}))
    assert done["routes.py"].code == "from app import app\nfrom lib.bottle import template as t\n"


# RULE-s54 class G (WaterCountry/BottlePonyDemo): Bottle's request reaches a module through
# `from helpers import *`; the rules did not know it as Bottle's there, and Flask's request
# has no .query (a 500 where Bottle answered)
STARRED = {
    "web.py": """
        from bottle import Bottle

        from helpers import *

        app = Bottle()


        @app.route("/")
        def index():
            return "hello " + request.query.name + " " + user()
    """,
    "helpers.py": """
        from bottle import request


        def user():
            return request.query.user or "nobody"
    """,
}


def test_bottles_names_a_star_import_brings_are_imported_from_bottle_where_read():
    parsed = {Path(name): cst.parse_module(dedent(text).lstrip("\n"))
              for name, text in STARRED.items()}
    done = reexports.plan({rel: tree.code for rel, tree in parsed.items()}, {}, parsed)
    assert list(done) == [Path("web.py")]
    assert done[Path("web.py")].code.startswith(
        "from bottle import Bottle\n\nfrom bottle import request\nfrom helpers import *\n")
    # a module naming what it exports lends only that: left alone
    named = {**parsed, Path("helpers.py"): cst.parse_module(
        '__all__ = ["user"]\n' + parsed[Path("helpers.py")].code)}
    assert reexports.plan({rel: tree.code for rel, tree in named.items()}, {}, named) == {}


def test_a_request_a_star_import_brings_ports_and_answers_alike(tmp_path):
    label = "reexports_starred"
    try:
        bottle_app, flask_app = both_folders(tmp_path, STARRED, label)
        for client in (bottle_app, flask_app):
            assert answers(client, "/?name=ann&user=bo") == (200, "hello ann bo")
            assert answers(client, "/") == (200, "hello  nobody")
    finally:
        forget_modules(f"{label}_bottle", f"{label}_flask", "helpers")
    assert (tmp_path / "out" / "web.py").read_text().startswith(
        "from flask import Flask, request\n\nfrom helpers import *\n")

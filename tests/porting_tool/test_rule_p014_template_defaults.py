"""P014 template defaults: `BaseTemplate.defaults` becomes `app.jinja_env.globals`."""

from __future__ import annotations

import pytest

from .helpers import answers, both_folders, idiom, untouched

# What P014 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    class Form:
        defaults = {'a': 1}


    Form.defaults['b'] = 2
    """,
    # a class of the module's own named like Bottle's, its defaults replaced
    """
    from bottle import Bottle

    app = Bottle()


    class Jinja2Template:
        defaults = {}


    Jinja2Template.defaults = {'a': 1}
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P014", source)


def test_a_template_default_is_a_jinja_global_of_the_app():
    idiom("""
        from bottle import BaseTemplate, Bottle

        app = Bottle()
        BaseTemplate.defaults['site'] = 'Demo'
    """, """
        from flask import Flask

        app = Flask(__name__, static_folder=None)
        app.jinja_env.globals['site'] = 'Demo'
    """)


HOOKED = {
    "web.py": """
        from bottle import Bottle, Jinja2Template, TEMPLATE_PATH, jinja2_view as view, request

        TEMPLATE_PATH.insert(0, "views")
        app = Bottle()
        Jinja2Template.defaults = {"site": "demo", "agent": None}


        @app.hook("before_request")
        def remember_agent():
            Jinja2Template.defaults["agent"] = request.environ.get("HTTP_USER_AGENT", "?")


        @app.route("/")
        @view("home.jinja2")
        def home():
            return dict(name="world")
    """,
    "views/home.jinja2": "<p>{{ site }} ({{ agent.upper() }}): hello {{ name }}</p>\n",
}


def test_jinja2_template_defaults_set_by_a_hook_reach_the_ported_pages(tmp_path):
    """RULE-s51 class D (pklaus/local-blog): Jinja2Template.defaults, given a new dict and
    set again by a before_request hook, are the Jinja2 views' globals; Flask's templates
    never read Bottle's class (a 500: `agent` undefined). They are Flask's jinja_env
    globals now."""
    bottle_app, flask_app = both_folders(tmp_path, HOOKED, "p014_hooked")
    seen = [answers(client, "/", headers={"User-Agent": "probe"})
            for client in (bottle_app, flask_app)]
    assert seen[0] == seen[1] == (200, "<p>demo (PROBE): hello world</p>")
    port = (tmp_path / "out" / "web.py").read_text()
    assert 'app.jinja_env.globals.update({"site": "demo", "agent": None})\n' in port
    assert "Jinja2Template" not in port


# RULE-s53 class D (Ascartezin/epf-biblioteca-fcte): a controller module that neither makes
# nor imports the app sets the defaults; web.py names Bottle's default app and hands it on.
NO_APP_HERE = {
    "controllers/__init__.py": "",
    "controllers/base.py": """
        import bottle
        from bottle import request, template

        bottle.BaseTemplate.defaults["request"] = request


        def setup(app):
            app.route("/", callback=lambda: template("page"))
    """,
    "web.py": """
        from bottle import default_app

        from controllers.base import setup

        app = default_app()
        setup(app)
    """,
    "views/page.tpl": "path {{request.path}}\n",
}


def test_defaults_set_in_a_module_with_no_app_reach_the_default_app(tmp_path):
    """The port wrote `app.jinja_env.globals[...]` in a module that has no `app`: a
    NameError, the port did not start. The defaults are the shared default app's now."""
    from .helpers import forget_modules

    try:
        bottle_app, flask_app = both_folders(tmp_path, NO_APP_HERE, "p014_no_app")
        for client in (bottle_app, flask_app):
            assert answers(client, "/") == (200, "path /\n")
    finally:
        forget_modules("p014_no_app_bottle", "p014_no_app_flask")
    port = (tmp_path / "out" / "controllers" / "base.py").read_text()
    assert "from default_app import app as default_app\n" in port
    assert 'default_app.jinja_env.globals["request"] = request\n' in port

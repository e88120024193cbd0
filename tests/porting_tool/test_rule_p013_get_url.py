"""P013 get_url: get_url()/url() become url_for(); at import (module level), where
url_for() has no context, built under `with app.test_request_context():` once the app is
made (the conformance table's `url`), else the port says it breaks."""

from __future__ import annotations

import pytest

from .helpers import answers, both_folders, idiom, port, untouched

# What P013 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    class Client:
        def get_url(self, name):
            return name


    Client().get_url('home')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P013", source)


def test_a_url_built_in_a_view_is_url_for():
    idiom('''
        from bottle import Bottle, url

        app = Bottle()


        @app.route("/item/<n>", name="item")
        def item(n):
            return url("item", n=n)
    ''', '''
        from flask import Flask, url_for

        app = Flask(__name__, static_folder=None)


        @app.route("/item/<n>", endpoint="item")
        def item(n):
            return url_for("item", n=n)
    ''')


def test_a_url_built_at_import_is_built_in_a_request_context():
    idiom('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/item/<n>", name="item")
        def item(n):
            return HOME


        HOME = app.get_url("item", n=1)
    ''', '''
        from flask import Flask, url_for

        app = Flask(__name__, static_folder=None)


        @app.route("/item/<n>", endpoint="item")
        def item(n):
            return HOME


        # TODO(flask-port/P013): get_url() at import, built under `with app.test_request_context():`
        #   (Flask's url_for() needs a request context): build the URL in the view that uses it
        with app.test_request_context():
            HOME = url_for("item", n=1)
    ''', todos=("P013",))


def test_a_url_built_at_import_where_no_app_is_made_yet_is_a_breaking_todo():
    result = port('''
        from bottle import Bottle, url

        EARLY = url("item", n=1)
        app = Bottle()


        class Links:
            HOME = url("item", n=2)
    ''', faithful=False)
    assert 'EARLY = url_for("item", n=1)' in result.code
    assert "with app.test_request_context():\n" not in result.code
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P013", True)] * 2
    assert "url() at import: Flask's url_for() needs" in result.todos[0]["text"]


def test_a_url_built_at_import_answers_as_in_bottle(tmp_path):
    bottle_app, flask_app = both_folders(tmp_path, {"web.py": '''
        from bottle import default_app, route, url


        @route("/item/<n:int>", name="item")
        def item(n):
            return LINKS[0] + " " + LINKS[1]


        LINKS = [url("item", n=3), url("/item/<n:int>", n=4)]
        app = default_app()
    '''}, "urlimport")
    for client in (bottle_app, flask_app):
        assert answers(client, "/item/1") == (200, "/item/3 /item/4")


BY_RULE = {
    "web.py": '''
        from bottle import TEMPLATE_PATH, Bottle, template

        app = Bottle()
        TEMPLATE_PATH.insert(0, "views")


        @app.route("/")
        def home():
            return app.get_url("/") + " " + app.get_url("/item/<id>", id=3)


        @app.route("/item/<id>")
        def item(id):
            return app.get_url("/item/<id>", id=id) + " " + app.get_url("named", n=-1)


        @app.route("/named/<n:int>", name="named")
        def named(n):
            return app.get_url("/named/<n:int>", n=n)


        @app.route("/two")
        @app.route("/two/<x>")
        def two(x=None):
            return app.get_url("/two/<x>", x=1) + " " + app.get_url("/two")


        @app.route("/page")
        def page():
            return template("page", get_url=app.get_url)
    ''',
    "views/page.tpl": "{{get_url('/')}} {{get_url('/item/<id>', id=3)}}\n",
}


def test_a_url_built_from_a_rule_string_is_the_routes_endpoint_or_the_exact_helper():
    """Issue 42: Bottle builds from a route's rule when no route has that name; url_for
    took the rule for an endpoint (a BuildError, a 500 on each page that calls it)."""
    result = port(BY_RULE["web.py"], faithful=False,
                  app_text=BY_RULE["views/page.tpl"])
    assert 'return url_for("home") + " " + url_for("item", id=3)' in result.code
    assert 'return url_for("item", id=id) + " " + url_for("named", n=-1)' in result.code
    assert 'return url_for("named", n=n)' in result.code
    # one view, two rules: url_for would build its first rule the values fit
    assert 'return bottle_url("/two/<x>", x=1) + " " + bottle_url("/two")' in result.code
    assert 'render_template("page.html", get_url=bottle_url)' in result.code
    assert "from bottle_routes import bottle_url" in result.code
    assert any("bottle_url() (bottle_routes.py)" in note for note in result.notes)


def test_a_url_built_from_a_rule_string_answers_as_in_bottle(tmp_path):
    bottle_app, flask_app = both_folders(tmp_path, BY_RULE, "byrule")
    for client in (bottle_app, flask_app):
        assert answers(client, "/") == (200, "/ /item/3")
        assert answers(client, "/item/4") == (200, "/item/4 /named/-1")
        assert answers(client, "/named/-2") == (200, "/named/-2")
        assert answers(client, "/two") == (200, "/two/1 /two")
        status, body = answers(client, "/page")
        assert (status, body.strip()) == (200, "/ /item/3")


def test_the_builder_given_to_templates_in_a_dict_is_flasks_too():
    result = port('''
        import bottle
        from bottle import Bottle

        app = Bottle()
        bottle.BaseTemplate.defaults.update({"url": app.get_url})
    ''', faithful=False)
    assert 'app.jinja_env.globals.update({"url": url_for})' in result.code


REQUEST_APP = {"web.py": '''
    from bottle import Bottle, request

    app = Bottle()


    @app.route("/")
    def home():
        return request.app.get_url("/") + " " + request.app.get_url("/n/<n:int>", n=-1)


    @app.route("/n/<n:int>")
    def number(n):
        return str(n)
'''}


def test_a_url_built_by_the_app_serving_the_request_is_url_for_too(tmp_path):
    """request.app.get_url() became current_app.get_url(): Flask's app has no get_url,
    an AttributeError on the page."""
    bottle_app, flask_app = both_folders(tmp_path, REQUEST_APP, "requestapp")
    assert "get_url" not in (tmp_path / "out" / "web.py").read_text()
    for client in (bottle_app, flask_app):
        assert answers(client, "/") == (200, "/ /n/-1")

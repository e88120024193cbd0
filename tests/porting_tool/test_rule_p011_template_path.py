"""P011 in the default port: TEMPLATE_PATH becomes the app's template folder or loader."""

from __future__ import annotations

import pytest

from .helpers import idiom, port, untouched

# What P011 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()
    TEMPLATE_PATHS = ['./views/']
    TEMPLATE_PATHS.insert(0, './x/')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P011", source)


def test_a_module_without_template_path_keeps_the_views_folder():
    idiom('''
        from bottle import Bottle

        app = Bottle()
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)
    ''')


def test_the_views_folder_put_first_is_flasks_template_folder():
    result = idiom('''
        import os

        from bottle import TEMPLATE_PATH, Bottle

        HERE = os.path.dirname(__file__)
        TEMPLATE_PATH.insert(0, os.path.join(HERE, "views"))
        app = Bottle()
    ''', '''
        import os

        from flask import Flask

        HERE = os.path.dirname(__file__)
        app = Flask(__name__, template_folder="views", static_folder=None)
    ''')
    assert "TEMPLATE_PATH" not in result.code and "searchpath" not in result.code


def test_one_other_folder_is_the_template_folder():
    idiom('''
        import bottle

        bottle.TEMPLATE_PATH.insert(0, "./tpl/")
        app = bottle.Bottle()
    ''', '''
        from flask import Flask

        app = Flask(__name__, template_folder="./tpl/", static_folder=None)
    ''')


def test_several_folders_are_a_choice_loader_set_where_the_app_is_made():
    idiom('''
        from bottle import TEMPLATE_PATH, Bottle

        TEMPLATE_PATH[:] = ["./a/", "./b/"]


        def make_app():
            app = Bottle()
            return app
    ''', '''
        from flask import Flask
        from jinja2 import ChoiceLoader, FileSystemLoader


        def make_app():
            app = Flask(__name__, static_folder=None)
            app.jinja_loader = ChoiceLoader([FileSystemLoader("./a/"), FileSystemLoader("./b/")])
            return app
    ''')


def test_a_list_changed_at_run_time_is_a_todo():
    result = port('''
        from bottle import TEMPLATE_PATH, Bottle

        app = Bottle()


        def use_theme(name):
            TEMPLATE_PATH.insert(0, f"./themes/{name}/")
    ''', faithful=False)
    assert [t["code"] for t in result.todos] == ["P001", "P011"]
    assert "Flask reads its template folder once" in result.todos[1]["text"]


def test_a_change_in_a_module_that_does_not_make_the_app_is_a_todo():
    result = port('''
        from bottle import TEMPLATE_PATH

        TEMPLATE_PATH.insert(0, "./tpl/")
    ''', faithful=False)
    assert [t["code"] for t in result.todos] == ["P001", "P011"]
    assert 'TEMPLATE_PATH.insert(0, "./tpl/")' in result.code

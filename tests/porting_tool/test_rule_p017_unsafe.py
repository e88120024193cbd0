"""P017 in the default port: Bottle's MEMFILE_MAX becomes Flask's MAX_CONTENT_LENGTH
where the app is already made, declared; anywhere else it stays, under a TODO."""

from __future__ import annotations

import pytest

from .helpers import idiom, port, untouched

# What P017 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    import threading
    from bottle import Bottle

    app = Bottle()
    state = threading.local()
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P017", source)


def test_a_body_limit_set_after_the_app_is_made_becomes_max_content_length():
    result = idiom('''
        import bottle

        app = bottle.Bottle()
        bottle.BaseRequest.MEMFILE_MAX = 10 * 1024 * 1024
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)
        app.config["MAX_CONTENT_LENGTH"] = 10 * 1024 * 1024
    ''', declared=("D-body-limit",))
    assert result.declared[0]["line"] == 4


def test_the_default_apps_limit_goes_on_the_app_the_port_makes():
    idiom('''
        from bottle import BaseRequest, route

        BaseRequest.MEMFILE_MAX = 4096


        @route("/")
        def home():
            return "home"
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)

        app.config["MAX_CONTENT_LENGTH"] = 4096


        @app.route("/")
        def home():
            return "home"
    ''', declared=("D-body-limit",))


def test_a_limit_set_before_the_app_is_made_is_left_with_a_todo():
    result = port('''
        import bottle

        bottle.BaseRequest.MEMFILE_MAX = 4096
        app = bottle.Bottle()
    ''', faithful=False)
    assert "MEMFILE_MAX = 4096" in result.code and "MAX_CONTENT_LENGTH\"]" not in result.code
    assert [t["code"] for t in result.todos] == ["P001", "P017"]
    assert result.declared == []


def test_a_limit_in_a_function_or_in_the_faithful_port_is_left_with_a_todo():
    source = '''
        import bottle

        app = bottle.Bottle()


        def configure():
            bottle.BaseRequest.MEMFILE_MAX = 4096
    '''
    for faithful in (False, True):
        result = port(source, faithful=faithful)
        assert "MEMFILE_MAX = 4096" in result.code, faithful
        assert "P017" in [t["code"] for t in result.todos]
    assert "MAX_CONTENT_LENGTH\"]" not in port('''
        import bottle

        app = bottle.Bottle()
        bottle.BaseRequest.MEMFILE_MAX = 4096
    ''', faithful=True).code


def test_a_namespaced_config_update_is_written_with_its_keys():
    # Bottle's update("db", url=x) sets "db.url" (the conformance table's ConfigDict.update)
    result = port('''
        from bottle import Bottle

        app = Bottle()
        app.config.update("db", url="sqlite://", echo=True)
        app.config.update("cache", {"size": 1})
    ''', faithful=False)
    assert 'app.config.update({"db.url": "sqlite://", "db.echo": True})' in result.code
    assert [(t["code"], t["line"], t["breaks"]) for t in result.todos] == [("P017", 5, True)]

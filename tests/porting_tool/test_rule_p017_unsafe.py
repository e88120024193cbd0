"""P017 in the default port: Bottle's MEMFILE_MAX becomes Flask's MAX_CONTENT_LENGTH
where the app is already made, declared; anywhere else it stays, under a TODO."""

from __future__ import annotations

import pytest

from .helpers import answers, both_folders, idiom, port, untouched

# What P017 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    import threading
    from bottle import Bottle

    app = Bottle()
    state = threading.local()
    """,
    # a config object of the app's own, not Bottle's app.config
    """
    from bottle import Bottle

    app = Bottle()
    settings.config.load_dict({"db": {"url": "x"}})
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


def test_a_literal_config_dict_is_loaded_with_bottles_dotted_keys():
    # Bottle's load_dict flattens nested dicts to "a.b" keys: written out, no TODO
    idiom('''
        from bottle import Bottle

        app = Bottle()
        app.config.load_dict({"db": {"url": "sqlite://", "pool": {"size": 2}}, "debug": True})
        app.config.load_dict({"url": "x"}, namespace="cache")
        app.config.load_module("settings", squash=False)
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder=None)
        app.config.update({"db.url": "sqlite://", "db.pool.size": 2, "debug": True})
        app.config.update({"cache.url": "x"})
        app.config.from_object("settings")
    ''')


def test_what_flasks_config_cannot_say_is_kept_by_bottle_config():
    result = port('''
        from bottle import Bottle

        app = Bottle()
        app.config.load_dict(SETTINGS)
        app.config.load_config("app.ini")
        app.config.meta_set("port", "help", "the port")
        app.config.load_module("settings")
    ''', faithful=False)
    for line in ("bottle_config.load_dict(app.config, SETTINGS)",
                 'bottle_config.load_config(app.config, "app.ini")',
                 'bottle_config.meta_set(app.config, "port", "help", "the port")',
                 'bottle_config.load_module(app.config, "settings")'):
        assert line in result.code
    assert "import bottle_config\n" in result.code
    assert result.companions == ["bottle_config"]
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P017", False)] * 4


CONFIG_APP = {
    "web.py": '''
        from bottle import Bottle

        app = Bottle()
        NESTED = {"mail": {"host": "smtp", "tls": {"on": True}}}
        app.config.load_dict({"db": {"url": "sqlite://"}, "debug": False})
        app.config.load_dict(NESTED)
        app.config.load_config("app.ini")
        app.config.meta_set("db.url", "help", "where the data is")


        @app.route("/")
        def home():
            keys = ["db.url", "debug", "mail.host", "mail.tls.on", "site.name", "name"]
            return repr([app.config.get(k) for k in keys]
                        + [app.config.meta_get("db.url", "help"),
                           list(app.config.meta_list("db.url"))])
    ''',
    "app.ini": "[site]\nName = Shop\n[bottle]\nname = root\n",
}


def test_the_config_loaders_port_answers_as_bottle(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # Bottle reads app.ini from the working folder
    bottle_app, flask_app = both_folders(tmp_path, CONFIG_APP, "configload")
    for folder in ("src", "out"):
        monkeypatch.chdir(tmp_path / folder)
        client = bottle_app if folder == "src" else flask_app
        assert answers(client, "/") == (200, repr(
            ["sqlite://", False, "smtp", True, "Shop", "root", "where the data is",
             ["help"]]))

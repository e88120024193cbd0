"""P019 plugins: what Flask has no plugin for is taken out under a TODO that says what
to put in its place (the app-level tests are in test_port_plugins.py)."""

from __future__ import annotations

import pytest

from bottle2flask.port.walk import counting

from .helpers import port, untouched

# What P019 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    class Pip:
        def install(self, name):
            return name


    Pip().install('x')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P019", source)


def test_skip_true_is_taken_out_with_a_todo_on_the_json_plugin_flask_cannot_turn_off():
    result = port("""
        from bottle import Bottle

        app = Bottle()


        @app.get('/', skip=True)
        def home():
            return 'hi'
    """, faithful=False)
    assert "@app.get('/')\ndef home():" in result.code
    assert [t["code"] for t in result.todos] == ["P019"]
    assert result.todos[0]["text"].startswith("skip= turned Bottle's JSON plugin off")
    assert not result.todos[0]["breaks"]  # no plugin of the app's own: nothing else to skip


VIEWS = """
from bottle import Bottle

app = Bottle()
{install}

@app.route("/a")
def a():
    return "a"


if True:
    @app.route("/b")
    def b():
        return "b"
"""


def test_the_views_are_looked_for_only_where_a_plugin_is_installed():
    """Whether each view sits below the plugin's def matters only where the module
    installs one by name: a module that installs none is not walked for its views."""
    for install, read in (("", False), ("\ndef timing(callback):\n    return callback\n\n\n"
                                         "app.install(timing)\n", True)):
        with counting() as counts:
            result = port(VIEWS.format(install=install), faithful=False)
        assert result.status == "success"
        assert any("_views_in" in who for who in counts.part_by_caller) is read


def test_an_install_whose_plugin_the_module_keeps_is_kept_with_its_value(tmp_path):
    """RULE-s50 class M (AndrewSergienko/online-auction: `login = app.install(LoginPlugin())`):
    only an install written as a statement of its own was converted; the assigned one was
    left as Flask's `app.install`, an AttributeError: the port did not start. Bottle's
    install() returns the plugin: the port keeps it by install_plugin(), which returns it."""
    from .helpers import answers, both_apps

    bottle_app, flask_app = both_apps(tmp_path, """
        from bottle import Bottle


        class StampPlugin:
            name = 'stamp'
            api = 2

            def __init__(self):
                self.count = 0

            def apply(self, callback, route):
                def wrapper(*args, **kwargs):
                    self.count += 1
                    return '%s #%d' % (callback(*args, **kwargs), self.count)
                return wrapper


        app = Bottle()
        stamp = app.install(StampPlugin())


        @app.route('/')
        def index():
            return 'hello'


        @app.route('/count')
        def count():
            return str(stamp.count)
    """, "p019_assigned_install")
    for client in (bottle_app, flask_app):
        assert answers(client, "/") == (200, "hello #1")
        assert answers(client, "/count") == (200, "2 #2")
    assert "stamp = install_plugin(app, StampPlugin())\n" in \
        (tmp_path / "out" / "web.py").read_text()

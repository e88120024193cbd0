"""P026: a SimpleTemplate made from source is Jinja2's, from Flask's environment; the
template classes' internals are TODOs naming Jinja2's; BaseTemplate.defaults is P014's."""

from __future__ import annotations

import pytest

from .helpers import both_apps, idiom, port, untouched

# What P026 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from string import Template

    from bottle import Bottle

    app = Bottle()
    t = Template('$a').substitute(a=1)
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P026", source)


def test_template_and_a_class_of_the_apps_own_are_not_p026s():
    idiom('''
        from bottle import Bottle


        class SimpleTemplate:
            source = "x"


        app = Bottle()


        @app.route("/")
        def home():
            t = SimpleTemplate()
            return t.source
    ''', '''
        from flask import Flask


        class SimpleTemplate:
            source = "x"


        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            t = SimpleTemplate()
            return t.source
    ''')


def test_a_template_made_from_source_is_jinjas_from_flasks_environment():
    idiom('''
        from bottle import Bottle, SimpleTemplate

        app = Bottle()


        @app.route("/")
        def home():
            t = SimpleTemplate("Hi {{name}}!")
            return t.render(name="<b>")
    ''', '''
        from flask import Flask, current_app

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            t = current_app.jinja_env.from_string('Hi {{ name }}!')
            return t.render(name="<b>")
    ''', declared=("D-none",))


def test_a_template_from_a_file_is_a_todo():
    result = port('''
        from bottle import Bottle, SimpleTemplate

        app = Bottle()


        @app.route("/")
        def home():
            t = SimpleTemplate(name="page", lookup=["views"])
            return t.render()
    ''', faithful=False)
    assert "t = SimpleTemplate(name=" in result.code
    assert [t["code"] for t in result.todos] == ["P001", "P026"]
    assert result.todos[1]["text"].startswith("SimpleTemplate() from a file")


def test_bottles_template_internals_keep_bottles_template_under_todos_naming_jinjas():
    result = port('''
        import bottle

        app = bottle.Bottle()


        @app.route("/")
        def home():
            t = bottle.SimpleTemplate("x")
            return repr((t.source, bottle.SimpleTemplate.extensions))
    ''', faithful=False)
    texts = [t["text"] for t in result.todos if t["code"] == "P026"]
    assert texts == ["SimpleTemplate kept (Bottle's own: the view reads its internals): "
                     "Jinja2's is current_app.jinja_env.from_string(source), rendered with "
                     ".render(**values)",
                     "source: a Jinja2 Template keeps no source: keep the string itself",
                     "extensions: Jinja2's extensions are app.jinja_env.extensions "
                     "(add_extension())"]
    # Bottle's own SimpleTemplate needs no Bottle app: the code under the TODOs runs
    assert not any(t["breaks"] for t in result.todos)
    assert "from bottle import SimpleTemplate\n" in result.code
    assert '    t = SimpleTemplate("x")\n' in result.code


def test_the_defaults_read_whole_are_p014s_todo_and_by_key_jinjas_globals():
    result = port('''
        from bottle import BaseTemplate, Bottle

        app = Bottle()
        BaseTemplate.defaults["site"] = "Mine"
        EVERY = dict(BaseTemplate.defaults)
    ''', faithful=False)
    assert 'app.jinja_env.globals["site"] = "Mine"' in result.code
    assert "EVERY = dict(BaseTemplate.defaults)" in result.code
    assert [t["code"] for t in result.todos] == ["P001", "P014"]


# (the page ends in text: a page's last newline is Jinja's to drop, docs/PORTING.md 37)
APP = '''
import bottle

app = bottle.Bottle()


@app.route("/")
def home():
    t = bottle.SimpleTemplate("<p>{{title}}</p>\\n% for i in items:\\n{{i}},\\n% end\\ndone")
    return t.render(title="<A & B>", items=[1, 2])
'''


def test_the_port_renders_as_bottle(tmp_path):
    bottle_app, flask_app = both_apps(tmp_path, APP, "p026")
    assert bottle_app.get("/").text == flask_app.get("/").text


KEPT = '''
import bottle

app = bottle.Bottle()


@app.route("/")
def home():
    t = bottle.SimpleTemplate("<p>{{title}}</p>")
    page = t.render(title="<A & B>")
    return repr((t.source, t.syntax, callable(t.execute), t.prepare(), page))


@app.route("/plain")
def plain():
    t = bottle.SimpleTemplate("<p>{{title}}</p>")
    return t.render(title="plain")
'''


def test_a_template_whose_internals_are_read_stays_bottles_and_answers_the_same(tmp_path):
    bottle_app, flask_app = both_apps(tmp_path, KEPT, "p026kept")
    for path in ("/", "/plain"):
        assert bottle_app.get(path).text == flask_app.get(path).text
    code = (tmp_path / "out" / "web.py").read_text()
    # only the view reading internals keeps Bottle's; the other is Jinja2's
    assert code.count("SimpleTemplate(") == 1
    assert "current_app.jinja_env.from_string" in code
    assert "bottle" in (tmp_path / "out" / "requirements.txt").read_text().lower()

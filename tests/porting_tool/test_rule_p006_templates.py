"""P006 in the default port: render_template in Flask's own Jinja environment."""

from __future__ import annotations

import bottle
import pytest

from .helpers import answers, idiom, untouched

# What P006 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()
    template = 'x'
    print(template)
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P006", source)


def test_a_template_call_becomes_render_template_with_no_jinja_options():
    result = idiom('''
        from bottle import Bottle, template

        app = Bottle()


        @app.get("/")
        def index():
            return template("index", name="x")
    ''', '''
        from flask import Flask, render_template

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.get("/")
        def index():
            return render_template("index.html", name="x")
    ''', declared=("D-none",))
    assert "jinja_options" not in result.code and "install(" not in result.code


def test_bottles_jinja2_adapter_declares_flasks_autoescaping():
    result = idiom('''
        from bottle import Bottle, jinja2_template

        app = Bottle()


        @app.get("/")
        def index():
            return jinja2_template("index.html", name="x")
    ''', '''
        from flask import Flask, render_template

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.get("/")
        def index():
            return render_template("index.html", name="x")
    ''', declared=("D-autoescape",))
    assert "autoescape" not in result.code


def test_template_source_in_a_string_becomes_render_template_string():
    idiom('''
        from bottle import request, route, template


        @route("/hello")
        def hello():
            return template("<b>Hi {{user}}</b>", user=request.query.get("user"))
    ''', '''
        from flask import Flask, render_template_string, request

        app = Flask(__name__, static_folder=None)


        @app.route("/hello")
        def hello():
            return render_template_string("<b>Hi {{ user }}</b>", user=request.args.get("user"))
    ''', declared=("D-first-value", "D-none"))


def test_a_view_function_that_returns_none_renders_its_template():
    # Bottle's @view renders the template with its defaults when the function returns None
    idiom('''
        from bottle import route, view


        @route("/")
        @view("home", title="Home")
        def index():
            pass


        @route("/about")
        @view("about")
        def about():
            if False:
                return
            print("about")
    ''', '''
        from flask import Flask, render_template

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.route("/")
        def index():
            return render_template("home.html", title="Home")


        @app.route("/about")
        def about():
            if False:
                return render_template("about.html")
            print("about")
            return render_template("about.html")
    ''', declared=("D-none",))


def test_jinja2_source_given_to_jinja2_template_is_render_template_string():
    """Bottle's Jinja2 adapter renders the source as it is, unescaped; Flask's environment
    escapes it (declared, as for jinja2_view)."""
    idiom('''
        from bottle import Bottle, jinja2_template

        app = Bottle()


        @app.route("/")
        def home():
            return jinja2_template("Hello {{ name }}", name="<b>")
    ''', '''
        from flask import Flask, render_template_string

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def home():
            return render_template_string("Hello {{ name }}", name="<b>")
    ''', declared=("D-autoescape",))


NAMED_AT_RUN_TIME = {
    "web.py": """
        from bottle import Bottle, template

        app = Bottle()


        class Page:
            def __init__(self, name, **values):
                self.name, self.values = name, values

            def render(self):
                return template(self.name, {"who": "dict"}, **self.values)


        @app.get("/<name>")
        def page(name):
            return Page(name if name != "b" else "b.tpl", title=name.upper()).render()
    """,
    "views/a.tpl": "<h1>{{title}}</h1> a {{who}}\n",
    "views/b.tpl": "<h2>{{title}}</h2> b\n",
}


def test_a_template_named_at_run_time_renders_the_converted_one(tmp_path):
    """sportcourts' PageBuilder: template(self._template_name, **kwargs) stayed Bottle's
    template() under a TODO said not to break, which looked for a .tpl the port does not
    have (a 500 on every page); bottle_compat's bottle_template renders the converted one."""
    import json

    from .helpers import both_folders

    bottle_app, flask_app = both_folders(tmp_path, NAMED_AT_RUN_TIME, "p006_run_time")
    report = json.loads((tmp_path / "out" / "porting-report.json").read_text())
    (module,) = report["modules"]
    assert [(t["code"], t["breaks"]) for t in module["todos"]] == [("P006", False)]
    assert [s["kind"] for s in module["sites"] if s.get("kept")] == ["template-name"]
    code = (tmp_path / "out" / "web.py").read_text()
    assert "from bottle_compat import bottle_template\n" in code
    for path in ("/a", "/b"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/a") == (200, "<h1>A</h1> a dict\n")


VIEW_RESULTS = {
    "web.py": """
        from bottle import Bottle, redirect, view

        app = Bottle()


        def questions(kind):
            return {"questions": [kind, kind * 2]}


        @app.get("/quiz")
        @view("quiz")
        def quiz():
            data = dict(questions=["a", "b"])
            data["title"] = "Quiz"
            return data


        @app.get("/built/<kind>")
        @view("quiz", title="Built")
        def built(kind):
            if kind == "none":
                return None
            if kind == "text":
                found = "plain text"
            elif kind == "away":
                return redirect("/quiz")
            else:
                found = questions(kind)
            return found


        @app.get("/called")
        @view("quiz", title="Called")
        def called():
            return questions("c")
    """,
    "views/quiz.tpl": "<h1>{{get('title', 'none')}}</h1>\n% for q in get('questions', []):\n"
                      "<li>{{q}}</li>\n% end\n",
}


def test_a_view_returning_a_dict_it_holds_or_calls_for_renders_as_bottle(tmp_path):
    """TheJadeDrag0n/Quiz_Program: `@view("quiz")` returning `data`, a dict held in a name
    (or a call's result, or a dict on some paths only), lost its @view under a TODO, and
    Flask sent the dict as JSON (a 500 where it held an object). A name the function binds
    to dicts only is rendered by render_template; any other value by bottle_compat's
    bottle_view, which renders a dict and sends anything else as Bottle's view does."""
    import json

    from .helpers import both_folders

    bottle_app, flask_app = both_folders(tmp_path, VIEW_RESULTS, "p006_view_results")
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'return render_template("quiz.html", **data)' in code
    assert 'return bottle_view(found, "quiz.html", title="Built")' in code
    assert 'return bottle_view(questions("c"), "quiz.html", title="Called")' in code
    report = json.loads((tmp_path / "out" / "porting-report.json").read_text())
    (module,) = report["modules"]
    assert [(t["code"], t["breaks"]) for t in module["todos"]] == [("P006", False)] * 2
    assert [s["kind"] for s in module["sites"] if s.get("kept")] == ["view-result"] * 2
    for path in ("/quiz", "/built/x", "/built/none", "/built/text", "/called"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    # a redirect passes through (its body is Werkzeug's: P008's declared change)
    assert answers(flask_app, "/built/away")[0] == answers(bottle_app, "/built/away")[0] == 303
    assert answers(flask_app, "/quiz") == (200, "<h1>Quiz</h1>\n<li>a</li>\n<li>b</li>\n")
    assert answers(flask_app, "/built/text") == (200, "plain text")


FIELD_APP = {
    "web.py": '''
        from bottle import Bottle, template
        from markupsafe import Markup

        app = Bottle()


        class Field:
            """What a WTForms field is to a template: __html__, and a str() of Markup."""

            def __html__(self):
                return '<input name="email">'

            def __str__(self):
                return Markup(self.__html__())


        @app.route("/")
        def form():
            return template("form", field=Field(), note=None, bold=Markup("<b>x</b>"))


        @app.route("/plain")
        def plain():
            return template("plain", name="<Ann & 'Bo'>")
    ''',
    "views/form.tpl": "<form>{{ field }} {{! field }} [{{ note }}] {{! bold }}</form>\n",
    "views/plain.tpl": "<p>{{ name }}</p>\n",
}


def test_an_object_with_html_is_printed_as_bottle_where_the_check_repairs_it(tmp_path):
    """Found by RULE-s46 (class D, le_bakerys' WTForms fields): SimpleTemplate prints an
    object with __html__ as its str() escaped (no __html__ support); Jinja2 renders its
    markup. The render's exact candidate (bottle_compat's install(template_text=True))
    prints it, and None, as Bottle does; the check takes it where a page differs."""
    import json

    from bottle2flask.cli import main as kit

    from .helpers import both_folders

    bottle_app, idiomatic = both_folders(tmp_path / "a", FIELD_APP, "p006field")
    page = bottle_app.get("/").text
    none = "None" if bottle.__version__.startswith("0.12") else ""  # 0.13 prints None as ""
    assert page == ('<form>&amp;lt;input name=&amp;quot;email&amp;quot;&amp;gt; '
                    f'<input name="email"> [{none}] <b>x</b></form>\n')
    assert idiomatic.get("/").text != page  # the markup, and None printed
    src, out = tmp_path / "a" / "src", tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out), "--check-timeout", "60"]) == 0
    assert "install(app, template_text=True)\n" in (out / "web.py").read_text()
    sites = [s for m in json.loads((out / "porting-report.json").read_text())["modules"]
             for s in m["sites"]]
    # (the app's own answers are sites too, error-page and response-defaults: idiomatic)
    assert [(s["kind"], s["exact"], "repaired" in s) for s in sites
            if s["kind"] == "template-text"] == [
        ("template-text", True, True), ("template-text", False, False)]
    assert not any(s["exact"] for s in sites if s["kind"] != "template-text")


STANDALONE = {
    "web.py": '''
        from bottle import Bottle, request, template

        app = Bottle()


        @app.route("/game")
        def game():
            return template("game", standalone=request.query.get("tab") is None, name="<5x5>")


        @app.route("/todo")
        def todo():
            return template("todo", solo="solo" in request.query)
    ''',
    # sportcourts' games/game.tpl: the page alone, or a tab another page includes
    "views/game.tpl": """\
        % setdefault("standalone", False)

        % if standalone:
        %   rebase("_basicpage", title="Game " + name)
        % end
        <h1>{{name}}</h1>
        % if standalone:
        <p>alone</p>
        % end
    """,
    # paste-math's todo.tpl: rebased at its end
    "views/todo.tpl": "<ul><li>one</li></ul>\n%if solo:\n%rebase('_basicpage', title='Todo')\n"
                      "%end\n",
    "views/_basicpage.tpl": "<html><title>{{title}}</title>\n<body>\n{{!base}}</body></html>\n",
}


def test_a_rebase_in_an_if_is_jinja2s_conditional_extends(tmp_path):
    """RULE-s45 (sportcourts, paste-math): `% if standalone: rebase(...)` was a T034
    that broke every page rendering it; Jinja2 extends under an `if` just as well."""
    from .helpers import both_folders

    bottle_app, flask_app = both_folders(tmp_path, STANDALONE, "p006_standalone")
    page = (tmp_path / "out" / "views" / "game.html").read_text()
    assert '{% if standalone %}{% extends "_basicpage.html" %}' in page
    assert "flask_port_todo" not in page
    for path in ("/game", "/game?tab=1", "/todo", "/todo?solo=1"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/game")[1].startswith("<html><title>Game &lt;5x5&gt;</title>")
    assert answers(flask_app, "/todo")[1] == "<ul><li>one</li></ul>\n"


WTFORMS_APP = {
    "forms.py": '''
        from wtforms import Form, StringField


        class LogIn(Form):
            email = StringField("Email")
    ''',
    "web.py": '''
        from bottle import Bottle, request, template

        from forms import LogIn

        app = Bottle()


        @app.route("/login")
        def login():
            return template("login", form=LogIn(request.forms), note=None)
    ''',
    "views/login.tpl": "<form>{{ form.email }} {{! form.email }} [{{ note }}]</form>\n",
}


def test_an_app_making_wtforms_fields_prints_them_as_bottle_without_the_check(tmp_path):
    """RULE-s46 class D (le_bakerys): a WTForms field printed by {{ }} was its markup in
    Jinja2, the escaped text SimpleTemplate printed (a page escaping less than Bottle's),
    until the check repaired the render; an app whose code imports WTForms takes the
    render's exact candidate from the start (a site kept), --no-check too."""
    import json

    from .helpers import both_folders

    bottle_app, flask_app = both_folders(tmp_path, WTFORMS_APP, "p006_wtforms")
    assert answers(flask_app, "/login") == answers(bottle_app, "/login")
    assert "&amp;lt;input id=&amp;quot;email" in answers(flask_app, "/login")[1]
    assert "install(app, template_text=True)\n" in (tmp_path / "out" / "web.py").read_text()
    report = json.loads((tmp_path / "out" / "porting-report.json").read_text())
    sites = [s for m in report["modules"] for s in m["sites"] if s["kind"] == "template-text"]
    assert [(s["exact"], bool(s.get("kept"))) for s in sites] == [(True, True)]


JINJA2_PARTIAL = {
    "web.py": """
        import functools
        from functools import partial

        from bottle import Bottle, jinja2_template, jinja2_view

        app = Bottle()
        view = partial(jinja2_view, template_lookup=["templates"])
        render = functools.partial(jinja2_template, template_lookup=["templates"])


        @app.route("/")
        @view("index.html")
        def index():
            return {"msg": "hi", "items": ["first", "second"]}


        @app.route("/page/<name>")
        def page(name):
            return render("page.html", msg=name, items=[name.upper()])
    """,
    "templates/base.html": "<title>{% block title %}{% endblock %}</title>\n"
                           "{% block body %}{% endblock %}\n",
    "templates/index.html": "{% extends 'base.html' %}{% block title %}{{ msg }}{% endblock %}"
                            "{% block body %}<p>{{ items.0 }}</p>{% endblock %}\n",
    "templates/page.html": "<p>{{ msg }} {{ items.0 }}</p>\n",
}


def test_a_partial_of_bottles_jinja2_view_renders_its_templates_as_they_are(
        tmp_path, monkeypatch):
    """ccwang002/pyapac_code_fighter (RULE-s47's class N): `view = partial(jinja2_view,
    template_lookup=["templates"])`. The model did not see the partial as jinja2_view: the
    Jinja2 templates were read as SimpleTemplate (one left out as failing), the kept
    Bottle decorator found no template in the port: a 500. A partial of a Bottle render
    function is read as that function given its keywords, its lookup folder in the name."""
    from .helpers import both_folders

    bottle_app, flask_app = both_folders(tmp_path, JINJA2_PARTIAL, "p006_jinja2_partial")
    code = (tmp_path / "out" / "web.py").read_text()
    assert "partial" not in code and "bottle" not in code
    assert 'app = Flask(__name__)\n' in code  # Flask's own templates/
    assert 'return render_template("index.html", **{' in code
    assert 'return render_template("page.html", msg=name, items=[name.upper()])\n' in code
    assert (tmp_path / "out" / "templates" / "index.html").read_text() \
        == JINJA2_PARTIAL["templates/index.html"]
    monkeypatch.chdir(tmp_path / "src")  # Bottle's lookup is read from the working folder
    for path in ("/", "/page/x"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/") == (200, "<title>hi</title>\n<p>first</p>")


def test_a_partial_binding_template_settings_is_left_as_it_was():
    """neutralord/neutral.su-v2: `partial(jinja2_template, template_settings={"globals":
    ...})`: the settings (Jinja2 globals, filters) have no Flask form in the port yet, so
    the partial is not spelt as the function (that would drop them): it stays, as before."""
    from .helpers import port

    result = port('''
        import functools
        from bottle import Bottle, jinja2_template

        app = Bottle()
        template = functools.partial(jinja2_template, template_settings={"globals": {"x": 1}})


        @app.route("/")
        def index():
            return template("index.html")
    ''', faithful=False)
    assert 'functools.partial(jinja2_template, template_settings={"globals": {"x": 1}})' \
        in result.code
    assert 'return template("index.html")' in result.code


def test_a_template_named_without_its_extension_is_the_html_beside_the_app(tmp_path):
    """TheJadeDrag0n/Quiz_Program (RULE-s47's class M, behind it): `@view("quiz")` renders
    ./quiz.html, SimpleTemplate in an .html file beside the script (Bottle's lookup tries
    .tpl, .html, .thtml, .stpl). The port copied it as a page, not converted: Jinja2 read
    its `% for` lines as text and failed on their names (a 500)."""
    from .helpers import both_folders

    files = {
        "web.py": """
            from bottle import Bottle, view

            app = Bottle()


            @app.get("/quiz")
            @view("quiz")
            def quiz():
                data = dict(questions=["a", "b"])
                return data
        """,
        "quiz.html": "<ul>\n% for q in questions:\n<li>{{q.upper()}}</li>\n% end\n</ul>\n",
        "other.html": "<p>% not a template {{ x }}</p>\n",
    }
    bottle_app, flask_app = both_folders(tmp_path, files, "p006_bare_name")
    assert answers(flask_app, "/quiz") == answers(bottle_app, "/quiz") \
        == (200, "<ul>\n<li>A</li>\n<li>B</li>\n</ul>\n")
    assert (tmp_path / "out" / "other.html").read_text() == files["other.html"]


def test_a_view_result_known_only_when_it_runs_declares_no_undefined_name():
    """EricPobot/pybot-youpi2-http: `return _context()` hands the template every name it
    reads; the render the port cannot read declared D-undefined for them (Bottle's page
    was a 500) though the original served them."""
    from bottle2flask.port.runner import port_source

    result = port_source("from bottle import Bottle, view\n\napp = Bottle()\n\n\n"
                         "def _context():\n    return {'version': 1}\n\n\n"
                         "@app.route('/')\n@view('home')\ndef home():\n"
                         "    return _context()\n", "app.py", faithful=False,
                         template_reads={"home.html": frozenset({"version"})})
    assert 'return bottle_view(_context(), "home.html")' in result.code
    assert [d["id"] for d in result.declared if d["id"] == "D-undefined"] == []


LOOKUP_ABOVE = {
    "web/__init__.py": "",
    "web/server.py": """
        from bottle import Bottle, template

        from web import words

        app = Bottle()


        @app.route("/")
        def index():
            return template("index", template_lookup=["templates"], word=words.WORD)
    """,
    "web/words.py": 'WORD = "hi"\n',
    "templates/index.tpl": "<p>{{word}}</p>\n",
}


def test_a_template_lookup_is_read_from_the_folder_the_app_runs_from(tmp_path):
    """Noticed last round: Bottle reads `template_lookup=` from the working folder
    (BaseTemplate makes each folder absolute as it is). web/server.py, a module of the
    package web/, runs from the folder above it (`python -m web.server`, as the check
    runs it) and finds ./templates/ there; the port looked beside the module
    (web/templates/, Flask's root): a 500."""
    from .helpers import both_folders

    bottle_app, flask_app = both_folders(tmp_path, LOOKUP_ABOVE, "p006_lookup_above",
                                         entry="web/server.py:app")
    assert answers(bottle_app, "/") == (200, "<p>hi</p>\n")
    assert answers(flask_app, "/") == answers(bottle_app, "/")
    code = (tmp_path / "out" / "web" / "server.py").read_text()
    assert 'Flask(__name__, template_folder="../templates")' in code
    assert 'return render_template("index.html", word=words.WORD)' in code

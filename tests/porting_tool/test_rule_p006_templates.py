"""P006 in the default port: render_template in Flask's own Jinja environment."""

from __future__ import annotations

from textwrap import dedent

import bottle
import pytest
import webtest

from bottle2flask.cli import main as kit

from .helpers import answers, both_apps, both_folders, idiom, port, untouched

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
    ''', declared=("D-none", "D-entities", "D-undefined-value"))
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
    ''', declared=("D-first-value", "D-none", "D-entities"))


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
    ''', declared=("D-none", "D-entities", *["D-undefined-value"] * 3))


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


NAMED_BY_THEIR_END = {
    "web.py": """
        from bottle import Bottle, template

        app = Bottle()
        config = {"folder": "./templates"}


        @app.route("/about")
        def about():
            return template(config["folder"] + "/about.tpl", title="<About>")


        @app.route("/page/<name>")
        def page(name):
            folder = config["folder"]
            return template(f"{folder}/page_{name}.tpl", {"title": name})
    """,
    "templates/about.tpl": "<h1>{{title}}</h1>\n",
    "templates/page_one.tpl": "<p>{{title}} page</p>\n",
}


def test_a_name_known_at_run_time_whose_end_is_written_out_is_rendered_by_flask(tmp_path):
    """RULE-s50's AVrateVoyager: template(config["template_folder"] + "/about.tpl", ...)
    was a site kept (bottle_template) under a TODO: the converted template's name is
    Bottle's less its extension plus `.html`, which the name's written end decides, so
    render_template(config["template_folder"] + "/about.html", ...) says it in Flask, the
    site idiomatic; an f-string's end alike (`f"{folder}/page_{name}.tpl"`, which was
    left to Bottle's template() under a TODO, a 500: the f-string read as source)."""
    import json

    bottle_app, flask_app = both_folders(tmp_path, NAMED_BY_THEIR_END, "p006_named_end")
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'return render_template(config["folder"] + "/about.html", title="<About>")' \
        in code
    assert 'return render_template(f"{folder}/page_{name}.html", **{"title": name})' in code
    assert "bottle_compat" not in code
    (module,) = json.loads((tmp_path / "out" / "porting-report.json").read_text())["modules"]
    assert [(s["kind"], s["exact"]) for s in module["sites"] if s["kind"] == "template-name"
            ] == [("template-name", False)] * 2
    assert [t["code"] for t in module["todos"]] == []
    for path in ("/about", "/page/one"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/about") == (200, "<h1>&lt;About&gt;</h1>\n")
    assert answers(flask_app, "/page/one") == (200, "<p>one page</p>\n")


def test_a_name_written_out_from_views_stays_a_site_kept(tmp_path):
    """With views/ as Flask's template folder, `"./views" + "/about.tpl"`, which Bottle
    found from `./`, is no name of Flask's: bottle_template renders it, as before."""
    files = {"web.py": NAMED_BY_THEIR_END["web.py"].replace("./templates", "./views"),
             "views/about.tpl": NAMED_BY_THEIR_END["templates/about.tpl"],
             "views/page_one.tpl": NAMED_BY_THEIR_END["templates/page_one.tpl"]}
    bottle_app, flask_app = both_folders(tmp_path, files, "p006_named_views")
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'return bottle_template(config["folder"] + "/about.tpl", title="<About>")' in code
    for path in ("/about", "/page/one"):
        assert answers(flask_app, path) == answers(bottle_app, path), path


def test_a_name_whose_end_does_not_decide_its_extension_stays_a_site_kept():
    """`name + "l"` may end in `.html` (`page.htm` + `l`): the end written out does not
    say what Bottle's name loses, so bottle_template renders it as before."""
    from .helpers import port

    result = port("""
        from bottle import Bottle, template

        app = Bottle()


        @app.route("/<name>")
        def page(name):
            return template(name + "l") + template(name + "/x")
    """, faithful=False)
    assert "bottle_template(name + \"l\") + bottle_template(name + \"/x\")" in result.code
    assert [s.get("kept") is not None for s in result.sites
            if s["kind"] == "template-name"] == [True, True]


NAMED_AND_KEPT = {
    "web.py": """
        from bottle import Bottle, template

        app = Bottle()


        @app.route("/t/<n>")
        def page(n):
            name = "t" + n
            return template(name + ".tpl", v="<v&>", name="ann")
    """,
    # its rebase in a `% for`: no Jinja2 form, Bottle's SimpleTemplate renders the original
    "views/t1.tpl": """\
        % for x in [v, 1]:
        %   if x == 1:
        %     rebase('base', title=x)
        %   end
        % end
        <p>{{v}} {{name}}</p>
    """,
    "views/t2.tpl": "<p>two {{v}} {{name}}</p>\n",
    "views/base.tpl": "<html><title>{{title}}</title>\n{{!base}}</html>\n",
}


def test_a_name_known_at_run_time_reaches_a_kept_template_through_bottle(tmp_path):
    """A name computed when the view runs may name a template whose conversion holds
    Python Jinja2 cannot say (a rebase in a `% for`), which P006 keeps for Bottle's own
    SimpleTemplate: bottle_compat's bottle_kept_template, given the kept ones, renders
    that one's original and any other's conversion (it rendered the conversion: a 500);
    the template's TODO then breaks nothing (the port is done: exit 0), and `name=` is a
    template value as in Bottle (the helpers' own parameters are positional only)."""
    import json

    out = tmp_path / "out"
    bottle_app, flask_app = both_folders(tmp_path, NAMED_AND_KEPT, "p006_named_kept")
    assert 'bottle_kept_template(\n        {"t1.html": ("t1.tpl", "views")}, name + ".tpl",' \
        in (out / "web.py").read_text()
    for path in ("/t/1", "/t/2"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/t/1") == (
        200, "<html><title>1</title>\n<p>&lt;v&amp;&gt; ann</p>\n</html>\n")
    assert "bottle\n" in (out / "requirements.txt").read_text()  # Bottle renders t1.tpl
    report = json.loads((out / "porting-report.json").read_text())
    assert [t.get("bottle_renders") for t in report["templates"] if t["path"].endswith(
        "t1.tpl")] == [True]
    assert kit(["port", str(tmp_path / "src"), "-o", str(tmp_path / "again"),
                "--no-check"]) == 0


def test_a_template_named_at_run_time_is_printed_as_the_other_renders_are(tmp_path):
    """RULE-s48's course template (Eletron-Web, EPF-MAPA): BaseController.render(name)
    renders a name known at run time. Its converted templates printed with Jinja2's own
    printing, and nothing declared it (its quotes' entities, None): the render now has
    the template-text site every render has, D-none and D-entities its idiomatic form's
    (parity explains a page by them); its exact form prints as SimpleTemplate does and
    fails where the template reads an attribute the value lacks, as Bottle's 500."""
    import json

    from bottle2flask.parity.normalise import Response, compare
    from bottle2flask.parity.scenario import load

    files = {**NAMED_AT_RUN_TIME, "views/a.tpl": "<h1>{{title}}</h1> a {{who}} {{\"'q'\"}}\n"}
    bottle_app, flask_app = both_folders(tmp_path, files, "p006_run_time_text")
    (module,) = json.loads((tmp_path / "out" / "porting-report.json").read_text())["modules"]
    assert [d["id"] for d in module["declared"]] == ["D-none", "D-entities"]
    assert [(s["kind"], s["exact"]) for s in module["sites"] if s["rule"] == "P006"] == [
        ("template-name", True), ("template-text", False)]
    rules = [rule for rule in load(tmp_path / "out" / "parity.toml").ignore
             if rule.applies("/a")]
    a, b = (Response(got.status, got.headerlist, got.body, "/a")
            for got in (bottle_app.get("/a"), flask_app.get("/a")))
    assert (a.body, b.body) == (b"<h1>A</h1> a dict &#039;q&#039;\n",
                                b"<h1>A</h1> a dict &#39;q&#39;\n")
    assert compare(a, b, ignore=rules).explained == ["D-entities"]


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

        app = Bottle()


        class Field:
            """What a WTForms field is to a template: __html__, and a str() of it."""

            def __html__(self):
                return '<input name="email">'

            def __str__(self):
                return self.__html__()


        @app.route("/")
        def form():
            return template("form", field=Field(), note=None, bold="<b>x</b>")


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
    assert page == ('<form>&lt;input name=&quot;email&quot;&gt; '
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


MARKUP_APP = {
    "web.py": '''
        from bottle import Bottle, template
        from markupsafe import Markup

        app = Bottle()


        @app.route("/")
        def page():
            return template("page", bold=Markup("<b>x & 'y'</b>"), name="<Ann>")
    ''',
    # a macro's output (a Markup the template makes) prints as it is; the Markup the view
    # gives, and what Markup's operations make of it, as its text escaped
    "views/page.tpl": """\
        % def row(x):
        <li>{{x}}</li>
        % end
        <p>{{bold}} {{!bold}} {{bold + "<i>"}} {{bold.upper()}} {{name}}</p>
        % row(bold)
        % include('part', v=bold)
    """,
    "views/part.tpl": "<em>{{v}} {{!v}}</em>\n",
}


def test_a_markup_the_view_gives_prints_its_text_escaped_as_bottle_does(tmp_path):
    """SimpleTemplate prints a Markup as any value, its str() escaped (0.12 and 0.13 alike);
    Jinja2 prints its markup. An app whose code makes Markup values takes the render's
    exact candidate from the start (a site kept): the default port, unchecked, prints
    every form here as Bottle does, a macro's output (Markup the template makes) as it is."""
    import json

    from bottle2flask.port.rules.p006_templates import MARKUP_WHY

    bottle_app, flask_app = both_folders(tmp_path, MARKUP_APP, "p006markup")
    text = "&lt;b&gt;x &amp; &#039;y&#039;&lt;/b&gt;"
    assert answers(flask_app, "/") == answers(bottle_app, "/") == (200, (
        f"<p>{text} <b>x & 'y'</b> {text}&amp;lt;i&amp;gt; "
        "&lt;B&gt;X &amp; &#039;Y&#039;&lt;/B&gt; &lt;Ann&gt;</p>\n"
        f"<li>{text}</li>\n<em>{text} <b>x & 'y'</b></em>\n"))
    report = json.loads((tmp_path / "out" / "porting-report.json").read_text())
    assert [(s["kind"], s["exact"], s.get("kept")) for m in report["modules"]
            for s in m["sites"] if s["kind"] == "template-text"] == [
        ("template-text", True, MARKUP_WHY)]


def test_markups_a_list_or_dict_holds_print_as_bottle_prints_them(tmp_path):
    """A Markup inside a list, tuple or dict the view hands the template (`{{items[0]}}`,
    `% for m in items: {{m}}`): SimpleTemplate printed its text escaped as any value's,
    Jinja2 printed its markup (only the values themselves were marked as given); `{{!m}}`
    prints it raw in both, and a str holding `<` is escaped by `{{m}}` alone."""
    bottle_app, flask_app = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle, template
        from markupsafe import Markup

        app = Bottle()


        @app.route("/")
        def page():
            return template("page", items=[Markup("<i>m</i>"), "<b>s</b>"],
                            marks={"k": Markup("<u>d</u>"), "s": "<s>x</s>"},
                            deep=({"rows": [Markup("<hr>")]},))
    ''', "views/page.tpl": """\
        <p>{{!items[0]}}|{{items[0]}}|{{!items[1]}}|{{items[1]}}</p>
        % for m in items:
        <li>{{!m}}|{{m}}</li>
        % end
        % for k, v in marks.items():
        {{k}}={{!v}}/{{v}}
        % end
        {{deep[0]["rows"][0]}} {{!deep[0]["rows"][0]}}
    """}, "p006markup_held")
    assert answers(flask_app, "/") == answers(bottle_app, "/") == (200, (
        "<p><i>m</i>|&lt;i&gt;m&lt;/i&gt;|<b>s</b>|&lt;b&gt;s&lt;/b&gt;</p>\n"
        "<li><i>m</i>|&lt;i&gt;m&lt;/i&gt;</li>\n<li><b>s</b>|&lt;b&gt;s&lt;/b&gt;</li>\n"
        "k=<u>d</u>/&lt;u&gt;d&lt;/u&gt;\ns=<s>x</s>/&lt;s&gt;x&lt;/s&gt;\n"
        "&lt;hr&gt; <hr>\n"))


RAW_APP = {
    "forms.py": """
        import wtforms  # an app making WTForms fields: the render takes its exact candidate
    """,
    "web.py": '''
        from bottle import Bottle, template
        from markupsafe import Markup

        import forms

        app = Bottle()


        class Card:
            """Markup of its own (__html__), and another text as str()."""

            def __html__(self):
                return "<u>card</u>"

            def __str__(self):
                return "<i>card & co</i>"


        @app.route("/raw")
        def raw():
            return template("raw", card=Card(), note=None, bold=Markup("<b>x&amp;y</b>"))
    ''',
    "views/raw.tpl": "{{!card}} [{{!note}}] {{!bold}} {{!card if card else ''}} "
                     "{{!note if True else 1}} {{card}}\n",
}


@pytest.mark.parametrize("faithful", [False, True], ids=["kept-site", "faithful"])
def test_raw_output_prints_the_values_str_as_bottle_does(tmp_path, faithful):
    """{{!x}} prints str(x) unescaped in SimpleTemplate, whatever x is; the converted
    `{{ x|safe }}` printed an object's __html__() instead, and None as `None` (0.13
    printed nothing). The render's exact candidate (install(template_text=True), and the
    faithful port's jinja=True) gives the app's Jinja environment a |safe that prints as
    `{{!x}}` did: every form here prints the same bytes in both."""
    from .helpers import both_folders

    bottle_app, flask_app = both_folders(tmp_path, RAW_APP, f"p006_raw_{faithful}",
                                         faithful=faithful)
    none = "None" if bottle.__version__.startswith("0.12") else ""  # 0.13 prints None as ""
    assert answers(flask_app, "/raw") == answers(bottle_app, "/raw") == (
        200, f"<i>card & co</i> [{none}] <b>x&amp;y</b> <i>card & co</i> {none} "
             "&lt;i&gt;card &amp; co&lt;/i&gt;\n")


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


REBASE_IN_BLOCKS = {
    "web.py": """
        from bottle import Bottle, request, template, view

        app = Bottle()


        @app.route("/try")
        def try_():
            values = {"name": "<Ann>"}
            if "titled" in request.query:
                values["title"] = "Titled"
            return template("trying", **values)


        @app.route("/for")
        @view("looping")
        def for_():
            return dict(items=request.query.getall("i"))


        @app.route("/for-copy")
        @view("looping")
        def for_copy():  # a value known only when it runs: bottle_view's
            return dict(items=request.query.getall("i")).copy()


        @app.route("/while")
        def while_():
            return template("waiting", n=int(request.query.get("n", "0")))
    """,
    # a layout chosen by what the view passed: `% try` around the rebase
    "views/trying.tpl": "% try:\n%   rebase('frame', title=title)\n% except NameError:\n"
                        "%   rebase('frame', title='Untitled')\n% end\n<p>{{name}}</p>\n",
    "views/looping.tpl": "% for item in items:\n%   if item == 'framed':\n"
                         "%     rebase('frame', title='Items')\n%   end\n% end\n"
                         "<ul>{{len(items)}}</ul>\n",
    "views/waiting.tpl": "% i = 0\n% while i < n:\n%   rebase('frame', title=str(i))\n"
                         "%   i += 1\n% end\n<b>{{n}}</b>\n",
    "views/frame.tpl": "<title>{{title}}</title>\n{{!base}}",
}


def test_a_rebase_jinja2_cannot_say_is_rendered_by_bottles_simpletemplate(tmp_path):
    """`% rebase()` inside a `% try`, a `% for` or a `% while` has no Jinja2 form (its
    extends can only be conditional on an `if`): the converted template kept a TODO that
    failed when rendered, a 500 on every page. The render of such a template takes its
    exact candidate from the start (a site kept, under a TODO that does not break):
    bottle_compat's bottle_simple_template, Bottle's own SimpleTemplate on the original,
    copied beside its conversion."""
    import json

    from .helpers import both_folders

    bottle_app, flask_app = both_folders(tmp_path, REBASE_IN_BLOCKS, "p006_rebase_blocks")
    out = tmp_path / "out"
    code = (out / "web.py").read_text()
    assert """return bottle_simple_template("trying.html", 'trying.tpl', 'views', **values)""" \
        in code
    assert (out / "views" / "trying.tpl").read_text() == REBASE_IN_BLOCKS["views/trying.tpl"]
    # (found by the long fuzz profile: a @view's value known only when it runs went
    # through bottle_view, which rendered the converted template, a 500)
    assert "return bottle_simple_view(\n        dict(items=request.args.getlist(\"i\")).copy(), " \
        "\"looping.html\", 'looping.tpl', 'views'\n    )" in code
    for path in ("/try", "/try?titled=1", "/for", "/for?i=a&i=framed", "/while",
                 "/while?n=2", "/for-copy", "/for-copy?i=a&i=framed"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/try?titled=1") == (
        200, "<title>Titled</title>\n<p>&lt;Ann&gt;</p>\n")
    assert answers(flask_app, "/for?i=framed")[1].startswith("<title>Items</title>")
    report = json.loads((out / "porting-report.json").read_text())
    sites = [s for m in report["modules"] for s in m["sites"] if s["kind"] == "template-kept"]
    assert [(s["exact"], bool(s.get("kept"))) for s in sites] == [(True, True)] * 3
    # both forms are values (Rule.site): the function the render calls
    assert [s["forms"] for s in sites] \
        == [{"idiomatic": "render_template", "exact": "bottle_simple_template"}] * 3
    assert not [t for m in report["modules"] for t in m["todos"] if t.get("breaks")]
    assert "\nbottle\n" in (out / "requirements.txt").read_text()
    from bottle2flask.cli import main as kit  # done: no TODO that fails when it runs

    assert kit(["port", str(tmp_path / "src"), "-o", str(tmp_path / "again"), "--no-check"]) \
        == 0


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


# The same render in a module of its own, the app made in core.py and a sub-app mounted
# under a prefix read from its config by another module imported first: bottle_mount
# shares the sub-app's templates with the app, which makes its Jinja environment before
# pages.py's install(app, template_text=True) runs (fuzz seed 49231).
WTFORMS_AFTER_MOUNT = {
    "core.py": """
        from bottle import Bottle

        app = Bottle()
    """,
    "sub.py": """
        from bottle import Bottle

        sub = Bottle()


        @sub.route("/x")
        def sub_x():
            return "sub x"
    """,
    "mounts.py": """
        from core import app
        from sub import sub

        app.config["sub.prefix"] = "/sub/"
        app.mount(app.config["sub.prefix"], sub)
    """,
    "pages.py": """
        from bottle import template
        from wtforms import Form, StringField

        from core import app


        class Fields(Form):
            email = StringField("Email")


        @app.route("/login")
        def login():
            return template("login", email=Fields().email)
    """,
    "web.py": """
        from core import app
        import mounts  # noqa: F401
        import pages  # noqa: F401
    """,
    "views/login.tpl": "<form>{{ email }} {{! email }}</form>\n",
}


def test_a_field_prints_as_bottle_where_a_mount_made_the_jinja_environment_first(tmp_path):
    """install(app, template_text=True) in a module run after another's mount had made
    the app's Jinja environment: its settings were given for an environment Flask no
    longer made, and the field printed its markup (fuzz seed 49231: "different")."""
    bottle_app, flask_app = both_folders(tmp_path, WTFORMS_AFTER_MOUNT, "p006_after_mount")
    assert answers(flask_app, "/login") == answers(bottle_app, "/login")
    # (a field's str() is Markup, whose replace() escapes what it puts in: Bottle's
    # html_escape escaped it twice)
    assert answers(flask_app, "/login")[1].startswith("<form>&amp;lt;input id=&amp;quot;")
    assert answers(flask_app, "/sub/x") == answers(bottle_app, "/sub/x") == (200, "sub x")
    assert "bottle_mount.mount(" in (tmp_path / "out" / "mounts.py").read_text()
    assert "install(app, template_text=True)" in (tmp_path / "out" / "pages.py").read_text()


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


JINJA2_SETTINGS = {
    "web.py": """
        import functools

        from bottle import Bottle, jinja2_template, jinja2_view


        def money(value):
            return f"${value:.2f}"


        def big(value):
            return value > 9


        app = Bottle()
        SETTINGS = {"filters": {"money": money}, "tests": {"big": big}}
        render = functools.partial(jinja2_template, template_lookup=["templates"],
                                   template_settings={"globals": {"site": "Shop"}, **SETTINGS})


        @app.route("/")
        def index():
            return render("price.html", price=3)


        @app.route("/view")
        @jinja2_view("price.html", template_lookup=["templates"],
                     template_settings=dict(SETTINGS, globals={"site": "View"}))
        def by_view():
            return {"price": 12}


        @app.route("/direct")
        def direct():
            return jinja2_template("price.html", template_lookup=["templates"], price=5,
                                   template_settings={"globals": {"site": "<Direct>"},
                                                      **SETTINGS})
    """,
    "templates/price.html": "{{ site }}: {{ price|money }}{% if price is big %} (big){% endif %}\n",
}


def test_a_jinja2_render_given_template_settings_keeps_bottles_render(tmp_path, monkeypatch):
    """`jinja2_template(..., template_settings={"filters": ...})` gives the render an
    environment of its own (Bottle's Jinja2Template.prepare: filters, tests, globals);
    the port dropped the keyword under a TODO and rendered with Flask's environment, which
    has no `money` filter: a 500. Such a render (a call, a @jinja2_view, a partial of
    either) is a site kept: Bottle's own function renders it, as it needs no Bottle app,
    under a TODO that does not break; every page answers as the original's."""
    import json

    from .helpers import both_folders

    bottle_app, flask_app = both_folders(tmp_path, JINJA2_SETTINGS, "p006_jinja2_settings")
    out = tmp_path / "out"
    code = (out / "web.py").read_text()
    assert "return jinja2_template(" in code and "@jinja2_view(" in code
    monkeypatch.chdir(tmp_path / "src")  # Bottle's lookup is read from the working folder
    for path in ("/", "/view", "/direct"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/view") == (200, "View: $12.00 (big)")
    assert answers(flask_app, "/direct") == (200, "<Direct>: $5.00")  # Bottle's: unescaped
    report = json.loads((out / "porting-report.json").read_text())
    sites = [s for m in report["modules"] for s in m["sites"] if s["kind"] == "jinja2-settings"]
    assert [(s["exact"], bool(s.get("kept"))) for s in sites] == [(True, True)] * 2
    # both forms are values (Rule.site): Flask's render (of a @jinja2_view's returns too)
    # without the settings, and Bottle's own call or decorator as written
    assert [s["forms"]["idiomatic"] for s in sites] \
        == ['render_template("price.html")', 'render_template("price.html", price=5)']
    assert sites[1]["forms"]["exact"].startswith('jinja2_template("price.html", ')
    assert '(idiomatic form: `render_template("price.html", price=5)`)' \
        in (out / "PORTING-REPORT.md").read_text()
    assert not [t for m in report["modules"] for t in m["todos"] if t.get("breaks")]


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


TWO_ENGINES = {
    "web.py": """
        from bottle import Bottle, template

        app = Bottle()


        @app.route("/login")
        def login():
            return template("signin", menu="login")


        @app.route("/both")
        def both():
            return template("shared.tpl", who="simple")
    """,
    "web2.py": """
        import functools

        from bottle import Bottle, jinja2_view

        app = Bottle()
        view = functools.partial(jinja2_view, template_lookup=["views2"])


        @app.route("/login")
        @view("signin.html")
        def login():
            return {"menu": "login"}


        @app.route("/plain")
        @view("plain.html")
        def plain():
            return {"menu": "<login>"}
    """,
    "web3.py": """
        from bottle import Bottle, jinja2_template

        app = Bottle()


        @app.route("/both")
        def both():
            return jinja2_template("shared.tpl", who="jinja")
    """,
    "views/signin.tpl": "% rebase('frame.tpl', title='Sign in')\n<p>{{menu.upper()}}</p>\n",
    "views/frame.tpl": "<title>{{title}}</title>\n{{!base}}",
    "views/shared.tpl": "<b>{{who}}</b>\n",
    "views2/base.html": "<h1>{% block title %}{% endblock %}</h1>\n"
                        "{% block body %}{% endblock %}\n",
    "views2/signin.html": "{% extends 'base.html' %}{% block title %}Sign in{% endblock %}"
                          "{% block body %}<p>{{ menu|upper }}</p>{% endblock %}\n",
    "views2/plain.html": "{% if menu %}\n<p>{{ menu }}</p>\n{% endif %}\n",
}


def test_a_folder_of_two_engines_sorts_each_template_by_the_engine_that_renders_it(
        tmp_path, monkeypatch):
    """raverned25/py_bottle_sample (RULE-s47): app.py renders SimpleTemplate from views/,
    app2.py Jinja2 from views2/ through `partial(jinja2_view, template_lookup=["views2"])`.
    Every template was converted as SimpleTemplate, app2's app looked in views/ (where
    signin.tpl became signin.html): its /login rendered the other app's page. Each
    template goes with the engine whose calls name it (and what it extends): views2/ is
    copied as it is and is app2's template folder; one both engines render is converted
    under a TODO that does not break."""
    from bottle2flask.loading import load

    from .helpers import Browser, both_folders

    bottle2, flask2 = both_folders(tmp_path, TWO_ENGINES, "p006_two_engines", "web2.py:app")
    out = tmp_path / "out"
    for name in ("views2/base.html", "views2/signin.html"):
        assert (out / name).read_text() == TWO_ENGINES[name].lstrip("\n")
    assert 'template_folder="views2"' in (out / "web2.py").read_text()
    assert 'template_folder="views"' in (out / "web.py").read_text()
    assert "TODO" not in (out / "web2.py").read_text()
    report = (out / "PORTING-REPORT.md").read_text()
    assert "views2/signin.html: copied (Jinja2: only Bottle's Jinja2 adapter renders it)" \
        in report
    assert "rendered by SimpleTemplate and by Jinja2 (jinja2_template/jinja2_view)" in report
    assert "{{ who }}" in (out / "views" / "shared.html").read_text()  # converted
    monkeypatch.chdir(tmp_path / "src")  # Bottle's lookup is read from the working folder
    assert answers(flask2, "/login") == answers(bottle2, "/login") \
        == (200, "<h1>Sign in</h1>\n<p>LOGIN</p>")
    bottle1 = Browser(load(f"{tmp_path / 'src' / 'web.py'}:app", {}, "p006_two_engines1_b").wsgi)
    flask1 = Browser(load(f"{out / 'web.py'}:app", {}, "p006_two_engines1_f").wsgi)
    for path in ("/login", "/both"):
        assert answers(flask1, path) == answers(bottle1, path), path
    assert answers(flask1, "/login") == (200, "<title>Sign in</title>\n<p>LOGIN</p>\n")
    flask3 = Browser(load(f"{out / 'web3.py'}:app", {}, "p006_two_engines3_f").wsgi)
    assert answers(flask3, "/both") == (200, "<b>jinja</b>\n")  # the converted file, no 500


def test_a_faithful_port_of_two_engines_sets_bottles_habits_on_the_simpletemplate_app_alone(
        tmp_path, monkeypatch):
    """--faithful: install(app, jinja=True) (trim_blocks, autoescape...) is for converted
    SimpleTemplate pages; the app that renders only Jinja2 gets Bottle's Jinja2 habits
    (jinja2=True: no autoescape), as Bottle's Jinja2 adapter renders them."""
    from .helpers import both_folders

    bottle2, flask2 = both_folders(tmp_path, TWO_ENGINES, "p006_two_faithful", "web2.py:app",
                                   faithful=True)
    assert "install(app, jinja2=True)" in (tmp_path / "out" / "web2.py").read_text()
    assert "install(app, jinja=True)" in (tmp_path / "out" / "web.py").read_text()
    monkeypatch.chdir(tmp_path / "src")
    for path in ("/login", "/plain"):
        assert answers(flask2, path) == answers(bottle2, path), path
    assert answers(flask2, "/plain") == (200, "\n<p><login></p>\n")  # no escaping


def test_templates_a_render_names_at_run_time_are_said_not_sorted(tmp_path):
    """A folder of both engines where a render names its template at run time: the
    templates no literal sorts are converted as SimpleTemplate, and the report says so."""
    from .helpers import both_folders

    files = {**TWO_ENGINES, "web4.py": """
        from bottle import Bottle, template

        app = Bottle()


        @app.route("/<name>")
        def page(name):
            return template(name)
    """, "views/loose.tpl": "<i>{{1 + 1}}</i>\n"}
    both_folders(tmp_path, files, "p006_two_engines_computed", "web2.py:app")
    report = (tmp_path / "out" / "PORTING-REPORT.md").read_text()
    loose = report[report.index("- views/loose.tpl"):].split("\n- ", 1)[0]
    assert "not sorted by engine" in loose
    assert "not sorted by engine" not in report[report.index("- views2/signin.html"):] \
        .split("\n- ", 1)[0]


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


@pytest.mark.parametrize(("folder", "name"), [
    ("views", "views/login"),
    ("app/views/html", "app/views/html/login"),
], ids=["views", "nested"])
@pytest.mark.parametrize("faithful", [False, True], ids=["idiomatic", "faithful"])
def test_a_template_named_with_its_folder_is_found_by_the_port(tmp_path, folder, name,
                                                               faithful):
    """Bottle finds `template("views/login")` from its first lookup folder, `./`; the
    port's template_folder is views/, so the Flask name leaves the folder out."""
    source = f"""
        from bottle import Bottle, template

        app = Bottle()


        @app.route('/')
        def index():
            return template({name!r}, user='ana')
        """
    files = {"web.py": source, f"{folder}/login.tpl": "<p>Hello {{user}}</p>\n"}
    bottle_app, flask_app = both_folders(tmp_path, files, f"p006_folder_{folder}_{faithful}",
                                         faithful=faithful)
    assert answers(flask_app, "/") == answers(bottle_app, "/") == (200, "<p>Hello ana</p>\n")


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


@pytest.mark.parametrize("faithful", [False, True], ids=["idiomatic", "faithful"])
def test_a_template_named_from_the_working_folder_in_a_module_of_another_folder(
        tmp_path, faithful):
    """A controller in app/controllers/ renders `template("app/views/html/login")`, which
    Bottle reads from the working directory (the app's folder, ./): the Flask name leaves
    out the folder of the app's template_folder (app/views), not the controller's own
    (cunha-luiss/StuddyGenda-POO; it was TemplateNotFound, a 500)."""
    files = {
        "web.py": """
            from bottle import Bottle
            from app.controllers.application import Application

            app = Bottle()
            ctl = Application()


            @app.route('/')
            def index():
                return ctl.render('login')
            """,
        "app/__init__.py": "",
        "app/controllers/__init__.py": "",
        "app/controllers/application.py": """
            from bottle import template


            class Application:
                def render(self, page):
                    if page == 'login':
                        return template('app/views/html/login', user='ana')
                    return template('app/views/html/signup')
            """,
        "app/views/html/login.tpl": "<p>Hello {{user}}</p>\n",
        "app/views/html/signup.tpl": "<p>Sign up</p>\n",
    }
    bottle_app, flask_app = both_folders(tmp_path, files, f"p006_other_folder_{faithful}",
                                         faithful=faithful)
    assert answers(flask_app, "/") == answers(bottle_app, "/") == (200, "<p>Hello ana</p>\n")


def test_a_file_rendered_by_its_whole_name_with_another_extension_is_converted(tmp_path):
    """`template("gauge.min.js")`: Bottle's lookup takes the name as it is written and
    renders the script as a template (simonmonk/raspberrypi_cookbook_ed3's justgage): the
    port converts it to gauge.min.js.html, the name P006 writes (it was copied only:
    TemplateNotFound, a 500)."""
    files = {"web.py": """
        from bottle import Bottle, template

        app = Bottle()


        @app.route('/lib')
        def lib():
            return template('gauge.min.js', v=3)
        """, "gauge.min.js": "var g = {{v}}; var h = {a: 1};\n"}
    bottle_app, flask_app = both_folders(tmp_path, files, "p006_whole_name")
    assert answers(flask_app, "/lib") == answers(bottle_app, "/lib") \
        == (200, "var g = 3; var h = {a: 1};\n")


@pytest.mark.parametrize("home", ["", "sensor/"], ids=["top", "sub_folder"])
def test_a_template_that_is_not_utf8_keeps_the_bytes_bottle_0_12_printed(tmp_path, home):
    """A template holding a latin-1 byte: Bottle 0.12 reads it as latin-1 and sends its
    text as UTF-8; 0.13 raises (a 500, declared D-template-error). The port converts it
    (it crashed reading the copy) and the page holds the bytes 0.12 sent."""
    src, out = tmp_path / "src", tmp_path / "out"
    (src / home).mkdir(parents=True)
    (src / home / "web.py").write_text(dedent("""
        from bottle import Bottle, template

        app = Bottle()


        @app.route('/lib')
        def lib():
            return template('gauge.min.js')
        """))
    (src / home / "gauge.min.js").write_bytes(b'var g = "\xa6";\n')
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == 0
    from bottle2flask.loading import load

    label = f"p006_latin1_{home[:-1]}"
    flask_app = webtest.TestApp(load(f"{out / home / 'web.py'}:app", {}, f"{label}_flask").wsgi)
    bottle_app = webtest.TestApp(load(f"{src / home / 'web.py'}:app", {}, f"{label}_bottle").wsgi)
    page = flask_app.get("/lib")
    assert page.body == 'var g = "\xa6";\n'.encode()
    expected = 500 if bottle.__version__.startswith("0.13") else 200
    assert bottle_app.get("/lib", expect_errors=True).status_int == expected
    report = (out / "PORTING-REPORT.md").read_text(encoding="utf-8")
    assert ("D-template-error" in report) == (expected == 500)


def test_a_file_rendered_by_its_whole_name_beside_a_script_in_a_sub_folder(tmp_path):
    """The same, the script and the file in a sub-folder of the folder ported
    (ch_16_web_sensor/web_sensor.py beside justgage.1.0.1.min.js), as the check runs it
    from its own folder."""
    files = {"sensor/web.py": """
        from bottle import Bottle, template

        app = Bottle()


        @app.route('/lib')
        def lib():
            return template('gauge.1.0.min.js', v=3)
        """, "sensor/gauge.1.0.min.js": "var g = {{v}};\n"}
    bottle_app, flask_app = both_folders(tmp_path, files, "p006_whole_name_sub",
                                         entry="sensor/web.py:app")
    assert answers(flask_app, "/lib") == answers(bottle_app, "/lib") == (200, "var g = 3;\n")


def test_a_layout_rendered_directly_with_base_prints_it_as_bottle_does(tmp_path):
    """EPF-entrada-saida-onibus: layout.tpl's `{{!base}}` is a rebase target for one page
    and rendered directly with `base=content` by another view: the converted block's own
    body prints `base` there (it was lost: an empty block)."""
    files = {"web.py": """
        from bottle import Bottle, template

        app = Bottle()


        @app.route('/page')
        def page():
            return template('page', who='ana')


        @app.route('/direct')
        def direct():
            return template('layout', base='<p>made here</p>')
        """,
        "views/layout.tpl": "<main>\n  {{!base}}\n</main>\n",
        "views/page.tpl": "% rebase('layout')\n<p>Hi {{who}}</p>\n"}
    bottle_app, flask_app = both_folders(tmp_path, files, "p006_layout_direct")
    for path in ("/page", "/direct"):
        assert answers(flask_app, path) == answers(bottle_app, path)
    assert "made here" in answers(flask_app, "/direct")[1]
    assert "Hi ana" in answers(flask_app, "/page")[1]


LAYOUT_BODY = "{% if base is defined %}{{ base|safe }}{% endif %}"
LAYOUT_APP = """
    from functools import partial

    from bottle import Bottle, template, view

    app = Bottle()


    @app.route('/page')
    def page():
        return template('page', who='ana')


    @app.route('/other')
    @view('other.tpl')
    def other():
        return {'n': 3}


    @app.route('/layout')
    def layout():
        {direct}
    """


@pytest.mark.parametrize(("direct", "kept"), [
    # rendered only through % rebase (and directly with values that hold no `base`,
    # a NameError in Bottle as in Jinja2's stock environment): the block is empty
    ("return 'none'", False),
    ("return template('page', {'who': 'bo'}, base='x')", False),  # page's own base
    # handed `base`, or values that may hold it: the body prints it
    ("return template('views/layout.tpl', base='<b>made here</b>')", True),
    ("return template('layout', {'base': '<b>made here</b>'})", True),
    ("return template('layout', **{'base': '<b>made here</b>'})", True),
    # a name known only at run time, or template() as a value: any template may be given
    ("name = 'lay' + 'out'\n        return template(name, base='<b>made here</b>')", True),
    ("return partial(template, 'layout')(base='<b>made here</b>')", True),
])
def test_a_layout_keeps_its_blocks_body_only_where_the_app_may_hand_it_base(tmp_path, direct,
                                                                          kept):
    """T009: a layout a page reaches by % rebase gets an empty block, as a Flask
    maintainer writes it; where the app renders it itself with `base` (or may: a name
    or values known only at run time), the block's body prints it, as Bottle does. The
    pages answer Bottle's bytes either way."""
    files = {"web.py": LAYOUT_APP.replace("{direct}", direct),
             "views/layout.tpl": "<main>\n  {{!base}}\n</main>\n",
             "views/page.tpl": "% rebase('layout')\n<p>Hi {{who}}</p>\n",
             "views/other.tpl": "% rebase('layout.tpl')\n<p>{{n}}</p>\n"}
    bottle_app, flask_app = both_folders(tmp_path, files, "p006_layout_body")
    layout = (tmp_path / "out" / "views" / "layout.html").read_text()
    assert (LAYOUT_BODY in layout) is kept
    assert kept or "{% block content %}{% endblock %}" in layout
    for path in ("/page", "/other", "/layout"):
        want = bottle_app.get(path, expect_errors=True)
        got = flask_app.get(path, expect_errors=True)
        assert (got.status_int, got.body) == (want.status_int, want.body), path
    assert b"Hi ana" in flask_app.get("/page").body
    if kept:
        assert b"<b>made here</b>" in flask_app.get("/layout").body


@pytest.mark.parametrize(("call", "given"), [
    # what hands the template no `base`
    ("template('page')", set()),
    ("template('page', who=w)", set()),
    ("template('page', {'who': w}, dict(n=1))", set()),
    ("template('page', template_lookup=['views'])", set()),
    ("self.template('page', base=w)", set()),  # a method of the app's own
    # what hands it one, or may
    ("template('page', base=w)", {"page"}),
    ("template('page', {'base': w})", {"page"}),
    ("template('page', dict(base=w))", {"page"}),
    ("template('page', values)", {"page"}),
    ("template('page', **values)", {"page"}),
    ("template('page', {**values})", {"page"}),
    ("template('page', *more)", {"page"}),
    ("view('page')(lambda: {'n': 1})", {"page"}),  # a @view: what its function returns
])
def test_the_model_reads_which_renders_may_hand_base(call, given):
    from bottle2flask.port.model import read_module

    _, facts = read_module(f"from bottle import template, view\n\n\ndef f(self, w, values, more):"
                           f"\n    return {call}\n")
    assert facts.templates_given_base == given
    assert not facts.renders_unknown


@pytest.mark.parametrize("use", [
    "render = template",
    "page = partial(template, 'page')",
    "page = partial(bottle.view, 'page')",
    "renderers = {'stpl': template}",
])
def test_a_template_function_read_as_a_value_is_known_to_the_model(use):
    from bottle2flask.port.model import read_module

    _, facts = read_module(f"import bottle\nfrom functools import partial\n"
                           f"from bottle import template\n\n{use}\n")
    assert facts.renders_unknown


@pytest.mark.parametrize("include", ["% include('layout', base='<b>made here</b>')",
                                     "% include(name, base='<b>made here</b>')"])
def test_a_layout_a_template_includes_keeps_its_blocks_body(tmp_path, include):
    """T009: an include() hands the included template the includer's names and its own
    (`base` among them), a computed one any template: the layout's block prints it."""
    files = {"web.py": """
        from bottle import Bottle, template

        app = Bottle()


        @app.route('/page')
        def page():
            return template('page', who='ana')


        @app.route('/boxed')
        def boxed():
            return template('boxed', name='layout')
        """,
        "views/layout.tpl": "<main>\n  {{!base}}\n</main>\n",
        "views/page.tpl": "% rebase('layout')\n<p>Hi {{who}}</p>\n",
        "views/boxed.tpl": f"<div>\n{include}\n</div>\n"}
    bottle_app, flask_app = both_folders(tmp_path, files, "p006_layout_included")
    assert LAYOUT_BODY in (tmp_path / "out" / "views" / "layout.html").read_text()
    for path in ("/page", "/boxed"):
        want = bottle_app.get(path, expect_errors=True)
        got = flask_app.get(path, expect_errors=True)
        assert (got.status_int, got.body) == (want.status_int, want.body), path
    assert b"<b>made here</b>" in flask_app.get("/boxed").body


@pytest.mark.parametrize(("given_base", "kept"), [
    (set(), False), ({"layout"}, True), (None, True)])
def test_an_include_in_another_template_folder_keeps_the_layouts_body(tmp_path, given_base,
                                                                     kept):
    """The port converts each template folder apart (views/, the app's own folder): an
    include() in one reaches a layout of the other (Bottle's lookup holds both)."""
    from bottle2flask.port.templates import convert_templates

    src, out = tmp_path / "src", tmp_path / "out"
    (src / "views").mkdir(parents=True)
    (src / "layout.tpl").write_text("<main>{{!base}}</main>\n")
    (src / "views" / "page.tpl").write_text("% rebase('layout')\n<p>page</p>\n")
    files = [src / "layout.tpl", src / "views" / "page.tpl"]
    convert_templates(src, out, files, given_base=given_base)
    assert (LAYOUT_BODY in (out / "layout.html").read_text()) is kept
    (src / "views" / "boxed.tpl").write_text("% include('layout.tpl', base='x')\n")
    convert_templates(src, out, [*files, src / "views" / "boxed.tpl"], given_base=given_base)
    assert LAYOUT_BODY in (out / "layout.html").read_text()


@pytest.mark.parametrize(("config", "given", "unknown"), [
    ("", set(), False),
    (", template='page'", {"page"}, False),
    (", template=('page', {'title': 'T'})", {"page"}, False),
    (", template=name", set(), True),
])
def test_a_routes_template_config_is_a_render_that_may_hand_base(config, given, unknown):
    """Bottle's TemplatePlugin (installed on every app) renders a route's `template=`
    with view(): the values are the dict the view returns."""
    from bottle2flask.port.model import read_module

    _, facts = read_module(f"from bottle import Bottle\n\napp = Bottle()\nname = 'page'\n\n\n"
                           f"@app.get('/x'{config})\ndef x():\n    return {{'base': 'b'}}\n")
    assert (facts.templates_given_base, facts.renders_unknown) == (given, unknown)


ROUTE_TEMPLATES = {
    "web.py": """
        from bottle import Bottle, redirect, view

        app = Bottle()


        def find(kind):
            return {"note": kind}


        @app.get("/string", template="page")
        def string():
            return dict(title="String")


        @app.get("/tuple", template=("page", {"title": "Default", "note": "n"}))
        def tupled():
            return {"note": "given"}


        @app.get("/list/<kind>", template=["page", dict(title="Listed")])
        def listed(kind):
            if kind == "none":
                return None
            if kind == "text":
                return "plain text"
            if kind == "away":
                return redirect("/string")
            return find(kind)


        @app.get("/none", template=("page", {"title": "None"}))
        def none():
            pass


        @app.get("/both", template="page")
        @view("other")
        def both():
            return dict(title="Both")


        @app.get("/json")
        def as_json():
            return {"title": "JSON"}
    """,
    "views/page.tpl": "<h1>{{get('title', 'untitled')}}</h1><p>{{get('note', '')}}</p>\n",
    "views/other.tpl": "<h2>{{title}}</h2>\n",
}


def test_a_routes_template_config_renders_as_bottles_template_plugin(tmp_path):
    """Bottle's TemplatePlugin (installed on every app) wraps the view of a route given
    `template="page"` (or `("page", defaults)`) in view(): the port lost it, and Flask
    sent the view's dict as JSON. The route is now a view of that template, as @view
    makes one: the string form, a tuple and a list with defaults, None rendered with the
    defaults, a string and a redirect passed through, a dict known at run time through
    bottle_view; with @view under it too, @view renders first (Bottle applies the plugin
    around the decorated function, whose page it passes on)."""
    bottle_app, flask_app = both_folders(tmp_path, ROUTE_TEMPLATES, "p006_route_templates")
    code = (tmp_path / "out" / "web.py").read_text()
    assert "template=" not in code and "route_config" not in code
    assert 'return render_template("page.html", title="String")' in code
    assert 'return render_template("page.html", title="Default", **{"note": "given"})' in code
    assert 'return render_template("page.html", title="Listed")' in code
    assert 'return bottle_view(find(kind), "page.html", title="Listed")' in code
    assert 'return render_template("page.html", title="None")' in code
    assert 'return render_template("other.html", title="Both")' in code
    for path in ("/string", "/tuple", "/list/none", "/list/text", "/list/x", "/none",
                 "/both"):
        assert answers(flask_app, path) == answers(bottle_app, path), path
    assert answers(flask_app, "/tuple") == (200, "<h1>Default</h1><p>given</p>\n")
    assert answers(flask_app, "/list/x") == (200, "<h1>Listed</h1><p>x</p>\n")
    assert answers(flask_app, "/list/text") == (200, "plain text")
    assert answers(flask_app, "/none") == (200, "<h1>None</h1><p></p>\n")
    assert answers(flask_app, "/both") == (200, "<h2>Both</h2>\n")
    # a route given no template= still answers its dict as JSON (the spacing is Flask's)
    assert flask_app.get("/json").json == bottle_app.get("/json").json == {"title": "JSON"}
    assert answers(flask_app, "/list/away")[0] == answers(bottle_app, "/list/away")[0] == 303


@pytest.mark.parametrize(("config", "view"), [
    ("template='page'", "view('page')"),
    ("template=('page', {'title': 'T', 'n': 1})", "view('page', title='T', n=1)"),
    ("template=['page', dict(title=t)]", "view('page', title=t)"),
    ("template=('page', {})", "view('page')"),
    # Bottle's plugin ignores a tuple of any other length; the others are read at run time,
    # hold source, or keywords of template()'s own: route config, as any other keyword
    ("template=('page',)", None),
    ("template=name", None),
    ("template=('page', defaults)", None),
    ("template=('page', {'template_lookup': ['v']})", None),
    ("template=('page', {'class': 'x'})", None),
    ("template='<b>{{x}}</b>'", None),
    ("template='page', skip=['template']", None),
])
def test_the_model_reads_a_routes_template_config_as_a_view_call(config, view):
    import libcst as cst

    from bottle2flask.port.model import read_module

    tree, facts = read_module(f"from bottle import Bottle\n\napp = Bottle()\n\n\n"
                              f"@app.get('/x', {config})\ndef x():\n    return {{}}\n")
    func = tree.body[-1]
    assert isinstance(func, cst.FunctionDef)
    call = func.decorators[0].decorator
    assert isinstance(call, cst.Call)
    found = facts.templated_view(func)
    assert (found and cst.Module([]).code_for_node(found)) == view
    assert (found and cst.Module([]).code_for_node(facts.route_template(call))) == view
    assert facts.template_rendered(call, func) is (view is not None)


@pytest.mark.parametrize(("decorators", "view", "rendered"), [
    # routes of one def giving the same template= (as written)
    ("@app.get('/a', template='page')\n@app.get('/b', template='page')\n", "view('page')",
     True),
    # each route its own view() in Bottle: no one body renders both (route config kept)
    ("@app.get('/a', template='page')\n@app.get('/b', template='other')\n", None, False),
    ("@app.get('/a', template='page')\n@app.get('/b')\n", None, False),
    # a view decorator of its own renders first: the keyword goes, @view is the view
    ("@app.get('/a', template='page')\n@view('other')\n", None, True),
])
def test_the_model_reads_which_view_a_defs_routes_make_of_template(decorators, view,
                                                                    rendered):
    import libcst as cst

    from bottle2flask.port.model import read_module

    tree, facts = read_module(f"from bottle import Bottle, view\n\napp = Bottle()\n\n\n"
                              f"{decorators}def x():\n    return {{}}\n")
    func = tree.body[-1]
    assert isinstance(func, cst.FunctionDef)
    call = func.decorators[0].decorator
    assert isinstance(call, cst.Call)
    found = facts.templated_view(func)
    assert (found and cst.Module([]).code_for_node(found)) == view
    assert facts.template_rendered(call, func) is rendered


def test_a_module_that_uninstalls_plugins_keeps_template_as_route_config():
    # app.uninstall("template") (or any plugin: which one may be read at run time) takes
    # Bottle's TemplatePlugin away: the keyword is route config, as before
    from bottle2flask.port.model import read_module

    tree, facts = read_module("from bottle import Bottle\n\napp = Bottle()\n"
                              "app.uninstall('template')\n\n\n"
                              "@app.get('/x', template='page')\ndef x():\n    return {}\n")
    assert facts.templated_view(tree.body[-1]) is None


def test_quotes_escaped_otherwise_are_declared_and_parity_explains_them(tmp_path):
    """RULE-s48 StuddyGenda-POO /appGenda: a converted template printed `&#39;` where
    SimpleTemplate printed `&#039;`; nothing declared it, so the check counted the page
    "alike once normalised". D-entities is declared where a converted template renders,
    written into parity.toml (`written = "entities"`), and parity explains that page by
    it (a page differing in anything else is not)."""
    from bottle2flask.parity.normalise import Response, compare
    from bottle2flask.parity.scenario import load

    original, ported = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle, template

            app = Bottle()


            @app.route("/")
            def home():
                return template("home", name="O'Hara \\"Jr\\"")
        ''',
        "views/home.tpl": "<p>{{name}}</p>\n"}, "entities")
    rules = [rule for rule in load(tmp_path / "out" / "parity.toml").ignore
             if rule.applies("/")]
    assert ("D-entities", "entities") in [(rule.name, rule.written) for rule in rules]
    a, b = (Response(got.status, got.headerlist, got.body, "/")
            for got in (original.get("/"), ported.get("/")))
    assert (a.body, b.body) == (b"<p>O&#039;Hara &quot;Jr&quot;</p>\n",
                                b"<p>O&#39;Hara &#34;Jr&#34;</p>\n")
    result = compare(a, b, ignore=rules)
    assert (result.verdict, result.explained) == ("explained", ["D-entities"])


def test_a_rebase_and_an_include_named_with_the_template_folder_find_their_templates(
        tmp_path):
    """RULE-s49 TF-OO-T6 (358 requests broken): `% rebase('views/layout.tpl')` in a
    template under views/: Bottle finds views/layout.tpl from './' on its TEMPLATE_PATH;
    the converted `{% extends "views/layout.html" %}` was looked up in the Flask app's
    template_folder, views/, where no views/ is (TemplateNotFound, a 500 on every
    page). The name is the tree's own now, as the render's `template('views/home')` is."""
    files = {"web.py": """
                 from bottle import Bottle, template

                 app = Bottle()


                 @app.route("/")
                 def home():
                     return template("views/home", name="x")
             """,
             "views/home.tpl": "% rebase('views/layout.tpl', title='Home')\n"
                               "<p>{{name}}</p>\n% include('./views/part')\n",
             "views/part.tpl": "<i>part</i>\n",
             "views/layout.tpl": "<title>{{title}}</title>{{!base}}\n"}
    bottle_app, flask_app = both_folders(tmp_path, files, "p006_folder_rebase")
    converted = (tmp_path / "out" / "views" / "home.html").read_text()
    assert '{% extends "layout.html" %}' in converted and '"part.html"' in converted
    assert answers(flask_app, "/") == answers(bottle_app, "/") == (
        200, "<title>Home</title><p>x</p>\n<i>part</i>\n\n")


def test_a_template_beside_the_module_comes_before_its_namesake_in_views_below(tmp_path):
    """base.tpl beside the module and app/views/base.tpl: Bottle's default search path
    finds ./base.tpl first, so the port's template folder is the module's own
    (arkadi81's livereload_test.py, RULE-s50's E)."""
    bottle_app, flask_app = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle, template

            app = Bottle()


            @app.route("/")
            def index():
                return template("base", name="<ann>")
        ''',
        "base.tpl": "<p>beside {{name}}</p>\n",
        "app/views/base.tpl": "<p>below {{data['v']}}</p>\n",
    }, "p006_beside_first")
    assert answers(flask_app, "/") == answers(bottle_app, "/") \
        == (200, "<p>beside &lt;ann&gt;</p>\n")


BARE_TEMPLATE = '''
import bottle

app = bottle.Bottle()


@app.route("/")
def index():
    return bottle.template("<p>{{x}}</p>", x="hi")


@app.error(404)
def not_found(error):
    return template("<p>{{x}}</p>", x="missing")
'''


def test_a_bare_template_the_module_never_imported_is_not_bottles(tmp_path):
    """RULE-s51 A (PyJaipur/PyJudge): `bottle.template(...)` beside a bare `template(...)`
    the module never imported. Reading spells Bottle's as `bottle_template` there, so the
    bare name stays the module's own: a NameError in both (Bottle's "Critical error"
    page, Flask's 500), where the port had converted it and served a 404 page."""
    result = port(BARE_TEMPLATE, faithful=False)
    assert 'return render_template_string("<p>{{ x }}</p>", x="hi")' in result.code
    assert 'return template("<p>{{x}}</p>", x="missing"), 404' in result.code
    bottle_app, flask_app = both_apps(tmp_path, BARE_TEMPLATE, "bare_template")
    assert answers(bottle_app, "/") == answers(flask_app, "/") == (200, "<p>hi</p>")
    assert answers(bottle_app, "/nope")[0] == answers(flask_app, "/nope")[0] == 500
    # imported, the bare name is Bottle's, converted as before
    imported = port(BARE_TEMPLATE.replace("import bottle\n", "import bottle\nfrom bottle "
                                          "import template\n"), faithful=False)
    assert 'return render_template_string("<p>{{ x }}</p>", x="missing"), 404' \
        in imported.code


def test_a_bare_name_bound_to_bottles_own_keeps_bottles_spelling():
    """`request = bottle.request`: the bare name is Bottle's too, so `bottle.request`
    is still spelt `request` (no `bottle_request` for it)."""
    result = port('''
        import bottle

        app = bottle.Bottle()
        request = bottle.request


        @app.route("/")
        def index():
            return request.query.get("x", "none") + bottle.request.query.get("y", "n")
    ''', faithful=False)
    assert "from flask import Flask, request\n" in result.code
    assert '    return request.args.get("x", "none") + request.args.get("y", "n")' \
        in result.code

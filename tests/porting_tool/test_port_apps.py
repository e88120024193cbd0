"""One app across files: an app imported from another module, Bottle's default app
shared by several modules, and an app with two names, ported consistently."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import webtest

from bottle2flask.cli import main as kit
from bottle2flask.loading import load

from .helpers import answers, both_apps, both_folders, forget_modules, port, write_files

# The check's summary of a one-route app whose page, a string, Flask sends as Bottle
# does but for its charset's spelling (charset=utf-8 for UTF-8): the same to a client
ONE_PAGE = "1 routes, 1 ported; 0 exactly the same, 1 the same message"


def ported(tmp_path, files: dict[str, str]) -> Path:
    src, out = write_files(tmp_path / "src", files), tmp_path / "out"
    assert kit(["port", "--faithful", str(src), "-o", str(out)]) == 0
    return out


def routes(out: Path, module: str) -> str:
    flask = Path(sys.executable).parent / "flask"
    return subprocess.run([flask, "--app", module, "routes"], cwd=out, capture_output=True,
                          text=True, check=True).stdout


def test_default_app_assigned_to_a_name_becomes_the_flask_app():
    result = port('''
        import bottle

        app = bottle.default_app()


        @app.route("/")
        def home():
            return "hi"
    ''')
    assert 'app = Flask(__name__, template_folder="views", static_folder=None)' in result.code
    assert "app = app" not in result.code
    compile(result.code, "app.py", "exec")
    assert result.app_name == "app"


def test_default_app_under_another_name_is_that_name_too():
    result = port('''
        from bottle import route, default_app


        @route("/")
        def home():
            return "hi"


        application = default_app()
    ''')
    assert "application = app" in result.code
    assert "@app.route(\"/\")" in result.code


def test_a_routes_module_uses_the_app_it_imports(tmp_path):
    out = ported(tmp_path, {
        "main.py": '''
            from bottle import Bottle, run

            app = application = Bottle()

            import routes  # noqa: E402  the routes register on the app

            if __name__ == "__main__":
                run(app, port=8080)
        ''',
        "routes.py": '''
            from main import application


            @application.route("/item/<no:int>")
            def item(no):
                return {"no": no, "kind": "item"}
        ''',
    })
    code = (out / "routes.py").read_text()
    assert '@application.route("/item/<int(signed=True):no>")' in code
    assert "json_answers(application)" in code
    assert "Flask(" not in code  # no second app
    # `flask --app main` imports main once, as routes.py does (loading main.py under
    # another name would make a second app, in Bottle as in Flask)
    assert "/item/<int(signed=True):no>" in routes(out, "main")


def test_a_package_importing_its_app_relatively(tmp_path):
    out = ported(tmp_path, {
        "shop/__init__.py": '''
            import bottle

            app = bottle.Bottle()

            from . import views  # noqa: E402,F401
        ''',
        "shop/views.py": '''
            from . import app


            @app.get("/price/<x:float>")
            def price(x):
                return "%.2f" % x
        ''',
    })
    assert "<bottle_float:x>" in (out / "shop" / "views.py").read_text()
    assert "/price/<bottle_float:x>" in routes(out, "shop")


def test_modules_sharing_the_default_app_share_one_flask_app(tmp_path):
    out = ported(tmp_path, {
        "main.py": '''
            import bottle
            import pages

            app = bottle.default_app()


            @bottle.route("/")
            def home():
                return "home"


            if __name__ == "__main__":
                bottle.run(port=8080)
        ''',
        "pages.py": '''
            from bottle import response, route


            @route("/hello/<name>")
            def hello(name):
                response.set_cookie("seen", "1")
                return "Hello " + name
        ''',
    })
    assert "from default_app import app" in (out / "main.py").read_text()
    assert "from default_app import app" in (out / "pages.py").read_text()
    assert "Flask(__name__" in (out / "default_app.py").read_text()
    listed = routes(out, "main")
    assert "home" in listed and "/hello/<name>" in listed
    client = webtest.TestApp(load(str(out / "main.py")).wsgi)
    assert client.get("/").text == "home"
    answer = client.get("/hello/you")
    assert answer.text == "Hello you" and "seen=1" in answer.headers["Set-Cookie"]


def test_scripts_that_import_none_of_each_other_keep_an_app_each(tmp_path):
    # A folder of examples, each run on its own: each had Bottle's default app to itself.
    script = '''
        from bottle import route, run


        @route("/")
        def index():
            return "{}"


        if __name__ == "__main__":
            run(port=8080)
    '''
    out = ported(tmp_path, {"one/app.py": script.format("one"),
                            "two/app.py": script.format("two")})
    assert not (out / "default_app.py").exists()
    for name in ("one", "two"):
        code = (out / name / "app.py").read_text()
        assert "app = Flask(__name__" in code and "endpoint=" not in code
        assert webtest.TestApp(load(str(out / name / "app.py")).wsgi).get("/").text == name


def test_a_static_root_beside_an_app_in_a_subfolder_is_read_from_there(tmp_path):
    # cd Simulation && python start.py: ./public is beside it, not in the folder ported
    src = write_files(tmp_path / "src", {
        "Simulation/start.py": '''
            from bottle import route, static_file


            @route("/public/<name:path>")
            def public(name):
                return static_file(name, root="./public")
        ''',
        "Simulation/public/site.css": "p {}\n",
    })
    for mode in ([], ["--faithful"]):
        out = tmp_path / f"out{len(mode)}"
        assert kit(["port", *mode, str(src), "-o", str(out)]) == 0
        code = (out / "Simulation" / "start.py").read_text()
        assert "../public" not in code
        client = webtest.TestApp(load(str(out / "Simulation" / "start.py")).wsgi)
        assert client.get("/public/site.css").text == "p {}\n"
    assert 'static_folder="./public"' in (tmp_path / "out0" / "Simulation" / "start.py").read_text()
    # the faithful port's module goes where the app runs from, beside the module
    assert (tmp_path / "out1" / "Simulation" / "bottle_compat.py").is_file()


def test_a_folder_of_apps_gives_each_its_own_templates_modules_and_default_app(tmp_path):
    """A course repository (santiagokea's): an app at the top with ./views, and apps in
    folders of their own, each run from there, whose modules share Bottle's default app
    and import a g.py the top has too. The top app's templates were looked up in "." (a
    500), one default_app.py at the top served every folder's modules (a ModuleNotFound
    when run from theirs), and static_file(root=".") became "..". """
    src = write_files(tmp_path / "src", {
        "app.py": '''
            from bottle import default_app, get, view


            @get("/")
            @view("index")
            def _():
                return dict(who="top")


            application = default_app()
        ''',
        "views/index.html": "<p>{{who}}</p>\n",
        "g.py": "WHO = 'the top'\n",
        "week2/app.py": '''
            from bottle import get, static_file
            import pages


            @get("/app.css")
            def _():
                return static_file("app.css", root=".")
        ''',
        "week2/pages.py": '''
            from bottle import get, view
            import g


            @get("/")
            @view("index")
            def _():
                return dict(who=g.WHO)
        ''',
        "week2/g.py": "WHO = 'week two'\n",
        "week2/app.css": "p {}\n",
        "week2/views/index.html": "<h1>{{who}}</h1>\n",
    })
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out)]) == 0
    assert 'template_folder="views"' in (out / "app.py").read_text()
    assert not (out / "default_app.py").exists()
    assert "from default_app import app" in (out / "week2" / "pages.py").read_text()
    assert 'send_from_directory(".", "app.css")' in (out / "week2" / "app.py").read_text()
    top = webtest.TestApp(load(str(out / "app.py")).wsgi)
    assert top.get("/").text.strip() == "<p>top</p>"
    week2 = webtest.TestApp(load(str(out / "week2" / "app.py")).wsgi)
    assert week2.get("/").text.strip() == "<h1>week two</h1>"
    assert week2.get("/app.css").text == "p {}\n"


def test_the_check_counts_what_a_port_in_a_subfolder_declared(tmp_path):
    """The check compares copies of the app's folder; OUT's parity.toml (one above an
    app in a subfolder) stayed behind, so a declared None printed as 'None' was a
    difference and the port said "not done"."""
    src = write_files(tmp_path / "src", {
        "site/app.py": '''
            from bottle import request, route, template


            @route("/")
            def home():
                return template("home", name=request.query.get("name"))
        ''',
        "site/views/home.tpl": "<p>Hello {{name}}</p>\n",
    })
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out)]) == 0
    assert 'printed = "None"' in (out / "parity.toml").read_text()


def test_the_check_counts_html_the_port_escaped_as_the_declared_autoescape(tmp_path):
    """Bottle's jinja2_template escapes nothing; the port's Flask escapes .html
    templates (D-autoescape). Found by the tenth trial batch (a book's note with markup):
    parity could not tell the declared change from any other and the port said 1."""
    src = write_files(tmp_path / "src", {
        "app.py": '''
            from bottle import jinja2_template as template, route


            @route("/")
            def home():
                return template("home", note="<b>new</b> & 'old'")
        ''',
        "views/home.html": "<p>{{ note }}</p>\n",
    })
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out)]) == 0
    assert 'escaped = "html"' in (out / "parity.toml").read_text()


def test_templates_an_app_renders_with_its_own_jinja2_environment_are_kept(tmp_path):
    """Found by the tenth trial batch (bmwant/bmwlog): no Bottle template call, a
    jinja2.Environment of the app's own; its Jinja2 templates were converted as
    SimpleTemplate ({{ super() }} and filters became TODOs) and the port did not start."""
    page = ('{% extends "base.html" %}{% block body %}{{ super() }}'
            '<p>{{ name | title }}</p>{% endblock %}\n')
    src = write_files(tmp_path / "src", {
        "app.py": '''
            from bottle import Bottle
            from jinja2 import Environment, FileSystemLoader

            app = Bottle()
            env = Environment(loader=FileSystemLoader("templates"))


            @app.route("/")
            def home():
                return env.get_template("home.html").render(name="ann")
        ''',
        "templates/base.html": "<main>{% block body %}<h1>Blog</h1>{% endblock %}</main>\n",
        "templates/home.html": page,
    })
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out)]) == 0
    assert (out / "templates" / "home.html").read_text() == page
    assert "copied (Jinja2)" in (out / "PORTING-REPORT.md").read_text()


def test_a_module_of_a_package_is_checked_as_the_package_runs_it(tmp_path, capsys):
    """ticket/app.py with `import ticket.web` (run as `gunicorn ticket.app:app`): the
    check loaded it alone in ticket/, where `ticket` is no module, and said the port
    does not start."""
    src = write_files(tmp_path / "src", {
        "ticket/__init__.py": "",
        "ticket/web.py": "WORD = 'word'\n",
        "ticket/app.py": '''
            import bottle

            import ticket.web

            app = bottle.Bottle()


            @app.route("/")
            def home():
                return ticket.web.WORD
        ''',
    })
    assert kit(["port", str(src), "-o", str(tmp_path / "out")]) == 0
    shown = capsys.readouterr().out
    assert ONE_PAGE in shown


def test_a_package_inside_a_package_runs_from_the_one_the_module_imports(tmp_path, capsys):
    """Found by the ninth trial batch (WalterCM/technical-test-backend, started as
    `python -m src.server`): the repository is a package itself, so the module was taken
    as `<repository>.src.server`, which does not import, and then loaded alone."""
    src = write_files(tmp_path / "src", {
        "__init__.py": "",
        "backend/__init__.py": "",
        "backend/words.py": "WORD = 'word'\n",
        "backend/server.py": '''
            import bottle

            from backend import words

            app = bottle.Bottle()


            @app.route("/")
            def home():
                return words.WORD
        ''',
    })
    assert kit(["port", str(src), "-o", str(tmp_path / "out")]) == 0
    assert ONE_PAGE in capsys.readouterr().out


def test_a_template_import_is_given_to_the_ported_templates(tmp_path):
    files = {
        "app.py": '''
            from bottle import Bottle, template

            app = Bottle()


            @app.route("/")
            def home():
                return template("home", data=[2, 1.5, None], path="/x/y.txt")
        ''',
        "views/home.tpl": '''
            % import json
            % from os.path import basename as name
            <p>{{json.dumps(data)}} {{name(path)}}</p>
        ''',
    }
    out = ported(tmp_path, files)
    bottle_page = webtest.TestApp(load(str(tmp_path / "src" / "app.py")).wsgi).get("/")
    flask_page = webtest.TestApp(load(str(out / "app.py")).wsgi).get("/")
    assert flask_page.text == bottle_page.text
    assert "<p>[2, 1.5, null] y.txt</p>" in flask_page.text
    assert "template_imports={" in (out / "app.py").read_text()
    assert "flask-port/T019" in (out / "views" / "home.html").read_text()


def test_the_default_port_gives_a_templates_imports_as_jinja_globals(tmp_path):
    """Found by the second trial batch (Frontends): a TODO and a page that failed."""
    files = {
        "app.py": '''
            import json

            from bottle import Bottle, template

            app = Bottle()


            @app.route("/")
            def home():
                return template("home", data=[2, None], path="/x/y.txt")
        ''',
        "views/home.tpl": '''
            % import json
            % from os.path import basename as name
            <p>{{json.dumps(data)}} {{name(path)}}</p>
        ''',
    }
    src, out = write_files(tmp_path / "src", files), tmp_path / "out"
    assert kit(["port", "--no-check", str(src), "-o", str(out)]) == 0
    code = (out / "app.py").read_text()
    assert "from os.path import basename as name\n" in code and code.count("import json") == 1
    assert "app.jinja_env.globals.update(json=json, name=name)\n" in code
    assert "TODO" not in code
    bottle_page = webtest.TestApp(load(str(src / "app.py")).wsgi).get("/")
    flask_page = webtest.TestApp(load(str(out / "app.py")).wsgi).get("/")
    assert flask_page.text.strip() == bottle_page.text.strip() == "<p>[2, null] y.txt</p>"


def test_a_templates_import_spelt_like_a_name_of_the_module_is_imported_as_it_renders(
        tmp_path):
    # the module's own `name` stays its own: the template's is imported in a context
    # processor, each time a page renders, as Bottle ran `% from ... import`
    bottle, flask = both_folders(tmp_path, {"app.py": '''
        from bottle import Bottle, template

        app = Bottle()
        name = "mine"


        @app.route("/")
        def home():
            return template("home", path="/x/y.txt")

        @app.route("/name")
        def own():
            return name
    ''', "views/home.tpl": "% from os.path import basename as name\n<p>{{name(path)}}</p>\n"},
        "spelt_like", entry="app.py:app")
    assert answers(bottle, "/")[1].strip() == answers(flask, "/")[1].strip() == "<p>y.txt</p>"
    assert answers(bottle, "/name") == answers(flask, "/name") == (200, "mine")
    code = (tmp_path / "out" / "app.py").read_text()
    assert "from os.path import basename as name\n" in code and "TODO" not in code


def test_a_templates_import_of_the_apps_own_module_is_imported_as_it_renders(tmp_path):
    """Found by the trials (YourFinances): imported in the package's __init__ before its
    app was made, the app's own module that imports the app was a circular import. (Both
    apps served: test_port_model_classes.py, with modules at the top.)"""
    files = {
        "webapp/__init__.py": '''
            from bottle import Bottle

            app = Bottle()
            from webapp import pages  # noqa: E402
        ''',
        "webapp/helpers.py": '''
            from webapp import app


            def title():
                return app.config.get("title", "Home")
        ''',
        "webapp/pages.py": '''
            from bottle import template

            from webapp import app


            @app.route("/")
            def home():
                return template("home")
        ''',
        "webapp/views/home.tpl": "% from webapp.helpers import title\n<h1>{{title()}}</h1>\n",
    }
    src, out = write_files(tmp_path / "src", files), tmp_path / "out"
    kit(["port", "--no-check", str(src), "-o", str(out)])
    code = (out / "webapp" / "__init__.py").read_text()
    assert "@app.context_processor\ndef template_imports():\n" in code
    assert "    from webapp.helpers import title\n    return {\"title\": title}\n" in code
    assert "TODO" not in code and "jinja_env.globals.update" not in code
    # the package imports, its page renders through the import at render time
    sys.path.insert(0, str(out))
    try:
        client = webtest.TestApp(__import__("webapp").app)
        assert client.get("/").text.strip() == "<h1>Home</h1>"
    finally:
        sys.path.remove(str(out))
        for name in [n for n in sys.modules if n == "webapp" or n.startswith("webapp.")]:
            del sys.modules[name]


def test_an_app_that_reads_its_command_line_at_import_loads_with_none(tmp_path):
    # argparse at import (the Bottle tutorial's todo.py): it sees `app.py` alone, as when
    # run with no arguments, not the command line of the tool that loads it
    src = write_files(tmp_path / "src", {"app.py": '''
        import argparse

        from bottle import default_app, route

        parser = argparse.ArgumentParser()
        parser.add_argument("-p", "--port", default="8080")
        args = parser.parse_args()


        @route("/")
        def index():
            return "port " + args.port

        app = default_app()
    '''})
    client = webtest.TestApp(load(str(src / "app.py")).wsgi)
    assert client.get("/").text == "port 8080"


def test_an_app_that_exits_at_import_is_a_one_line_error(tmp_path):
    from bottle2flask.errors import UsageError

    src = write_files(tmp_path / "src", {"app.py": "import sys\nsys.exit(2)\n"})
    try:
        load(str(src / "app.py"))
    except UsageError as error:
        assert "SystemExit: 2" in str(error)
    else:
        raise AssertionError("an app that exits at import loaded")


def test_a_module_linked_under_another_name_is_ported_once_and_stays_a_link(tmp_path):
    # wsgi.py -> app.py (mod_wsgi's name for the app): one module, not two apps
    src = write_files(tmp_path / "src", {"app.py": '''
        from bottle import Bottle

        application = Bottle()


        @application.route("/")
        def index():
            return "home"
    '''})
    (src / "wsgi.py").symlink_to("app.py")
    out = tmp_path / "out"
    assert kit(["port", "--no-check", str(src), "-o", str(out)]) == 0
    assert (out / "wsgi.py").is_symlink() and (out / "wsgi.py").read_text() == \
        (out / "app.py").read_text()
    assert webtest.TestApp(load(str(out / "wsgi.py")).wsgi).get("/").text == "home"


def test_shortcut_routes_on_the_default_app_the_module_names_need_no_todo(tmp_path):
    """Found by the generated apps (issue #36): `app = default_app()` then `@route()` and
    `@error()`: the routes are on that very app, yet each got a TODO saying they were on
    Bottle's default app and not on `app` (which hid any difference on those lines)."""
    source = '''
        from bottle import default_app, error, route

        app = default_app()


        @route("/")
        def home():
            return "home"


        @error(404)
        def missing(err):
            return "nothing here"
    '''
    result = port(source, faithful=False)
    assert result.todos == []
    bottle_app, flask_app = both_apps(tmp_path, source, "shortcuts")
    for client in (bottle_app, flask_app):
        assert client.get("/").text == "home"
        assert client.get("/nope", status=404).text == "nothing here"


def test_a_module_that_names_the_shared_default_app_still_exports_it(tmp_path):
    """Found by the generated apps (issue #36): core.py's `app = default_app()` became
    `from default_app import app` (pages.py shares the default app too), which the port
    then dropped as unused there; a module doing `from core import app` did not start."""
    bottle_app, flask_app = both_folders(tmp_path, {
        "core.py": '''
            from bottle import default_app

            app = default_app()
        ''',
        "web.py": '''
            from bottle import route

            from core import app
            import pages  # noqa: F401


            @route("/")
            def home():
                return "home"
        ''',
        "pages.py": '''
            from bottle import route


            @route("/page")
            def page():
                return "page"
        ''',
    }, "reexport")
    assert "from default_app import app" in (tmp_path / "out" / "core.py").read_text()
    for client in (bottle_app, flask_app):
        assert client.get("/").text == "home"
        assert client.get("/page").text == "page"


def test_the_default_app_another_module_names_is_the_app_where_it_is_imported(tmp_path):
    """Found by the generated apps (issue #36): `from core import app` where core.py says
    `app = default_app()` was no app to the model, so `app.mount(...)` stayed Bottle's
    and the port did not start (and another app the module imports took its name)."""
    bottle_app, flask_app = both_folders(tmp_path, {
        "core.py": '''
            from bottle import default_app

            app = default_app()
        ''',
        "sub.py": '''
            from bottle import Bottle

            sub = Bottle()


            @sub.route("/x")
            def x():
                return "sub x"
        ''',
        "web.py": '''
            from bottle import route

            from core import app
            from sub import sub


            @route("/")
            def home():
                return "home"


            app.mount("/sub/", sub)
        ''',
    }, "imported_default")
    code = (tmp_path / "out" / "web.py").read_text()
    assert "DispatcherMiddleware(app.wsgi_app" in code and '@app.route("/")' in code
    for client in (bottle_app, flask_app):
        assert client.get("/").text == "home"
        assert client.get("/sub/x").text == "sub x"


def test_a_template_reading_bottles_request_it_imports_reads_flasks(tmp_path):
    """RULE-s50 class H (Allmdar/BMI-Web-App: `<% from bottle import request %>` and
    `request.forms.get("height")` in the template): the template was handed Flask's
    request under Bottle's names, `request.forms` was undefined: a 500 where the original
    answered. The template reads Flask's request by Flask's names (`request.form.get`,
    `request.args`; a FormsDict's attribute as `.get(name, '')`)."""
    bottle, flask = both_folders(tmp_path, {
        "app.py": """
            from bottle import default_app, post, template


            @post('/result')
            def result():
                return template('result')


            app = default_app()
        """,
        "views/result.tpl": """
            <%
            from bottle import request as req
            name = req.forms.get('name')
            %>
            hello {{name}} {{req.forms.age}}{{req.forms.none}} {{req.query.get('q', '-')}}
        """,
    }, "template_request", entry="app.py:app")
    form = {"body": b"name=ana&age=7", "content_type": "application/x-www-form-urlencoded"}
    for client in (bottle, flask):
        status, text = answers(client, "/result?q=x", "POST", **form)
        assert (status, text.strip()) == (200, "hello ana 7 x")
    page = (tmp_path / "out" / "views" / "result.html").read_text()
    assert "req.form.get('age', '')" in page and "req.args.get('q', '-')" in page


@pytest.mark.parametrize("home", ["bottle", "lib.bottle"])
def test_template_python_on_bottles_request_it_imports_reads_flasks(tmp_path, home):
    """The generator's template_request form (RULE-s50's H with template Python): a
    getall() in {{ }}, and a comprehension a helper keeps (template_helpers.py), each read
    Bottle's names on the Flask request the port hands them (`getall`, `query`: a 500);
    and a template importing the request from the copy of Bottle the app ships
    (`% from lib.bottle import request`) got none (the port drops lib/bottle.py: a 500)."""
    import bottle as installed

    forget_modules("lib", "lib.bottle")
    shipped = {"lib/__init__.py": "", "lib/bottle.py": Path(installed.__file__).read_text()} \
        if home != "bottle" else {}
    try:
        bottle, flask = both_folders(tmp_path, {**shipped, "app.py": f"""
            from {home} import Bottle, template

            app = Bottle()


            @app.route('/req', method=['GET', 'POST'])
            def req():
                return template('req')
        """, "views/req.tpl": f"""
            % from {home} import request
            <p>{{{{', '.join(request.query.getall('q'))}}}} {{{{request.forms.age}}}}</p>
            % up = ', '.join(x.upper() + request.forms.name for x in request.query.getall('q'))
            <b>{{{{up}}}}</b>
        """}, f"template_request_python_{home}", entry="app.py:app")
        form = {"body": b"name=ana&age=7", "content_type": "application/x-www-form-urlencoded"}
        for client in (bottle, flask):
            status, text = answers(client, "/req?q=a&q=b", "POST", **form)
            assert (status, text.split()) == (200, ["<p>a,", "b", "7</p>", "<b>Aana,", "Bana</b>"])
    finally:
        forget_modules("lib", "lib.bottle")
    helpers = (tmp_path / "out" / "template_helpers.py").read_text()
    assert "request.args.getlist('q')" in helpers and "request.form.get('name', '')" in helpers

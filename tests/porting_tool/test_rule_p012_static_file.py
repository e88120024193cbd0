"""P012 in the default port: a view that only serves a folder becomes Flask's static
folder; any other static_file() call becomes send_from_directory()."""

from __future__ import annotations

from textwrap import dedent

import pytest

from bottle2flask.port.folder import port_tree
from bottle2flask.port.runner import port_source

from .helpers import idiom, untouched, write_files

# What P012 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    def static_file(name, root):
        return name


    static_file('a', root='b')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P012", source)


def test_a_static_file_call_with_more_to_do_becomes_send_from_directory():
    idiom('''
        from bottle import Bottle, static_file

        app = Bottle()


        @app.get("/files/<name>")
        def files(name):
            return static_file(name, root="files", download=True)
    ''', '''
        from flask import Flask, send_from_directory

        app = Flask(__name__, static_folder=None)


        @app.get("/files/<name>")
        def files(name):
            return send_from_directory("files", name, as_attachment=True)
    ''')


def test_a_static_view_the_app_calls_elsewhere_is_kept():
    idiom('''
        from bottle import Bottle, static_file

        app = Bottle()


        @app.get("/static/<p:path>")
        def static(p):
            return static_file(p, root="static")


        @app.get("/favicon.ico")
        def favicon():
            return static("favicon.ico")
    ''', '''
        from flask import Flask, send_from_directory

        app = Flask(__name__, static_folder=None)


        @app.get("/static/<path:p>")
        def static(p):
            return send_from_directory("static", p)


        @app.get("/favicon.ico")
        def favicon():
            return static("favicon.ico")
    ''', declared=("D-path",))



def test_a_view_called_static_elsewhere_takes_the_modules_endpoint():
    """Flask names its own static route `static`: a view of that name it keeps, not
    under /static/, would make Flask refuse it at import wherever a folder is served."""
    idiom('''
        from bottle import Bottle, static_file

        app = Bottle()


        @app.route("/assets/<f:path>")
        def static(f):
            print("asset", f)
            return static_file(f, root="assets")
    ''', '''
        from flask import Flask, send_from_directory

        app = Flask(__name__, static_folder=None)


        @app.route("/assets/<path:f>", endpoint="app.static")
        def static(f):
            print("asset", f)
            return send_from_directory("assets", f)
    ''', declared=("D-path",))


def test_a_view_called_static_and_flasks_static_route_both_serve(tmp_path):
    """RULE-s47's form: `def static(f)` at /assets beside a view Flask's static route
    takes over at /static: the port starts, and serves both as Bottle did."""
    from .helpers import answers, both_folders

    bottle, flask = both_folders(tmp_path, {"web.py": '''
        import os

        from bottle import Bottle, static_file

        app = Bottle()
        HERE = os.path.dirname(os.path.abspath(__file__))


        @app.route("/assets/<f:path>")
        def static(f):
            print("asset", f)
            return static_file(f, root=os.path.join(HERE, "assets"))


        @app.route("/static/<f:path>")
        def files(f):
            return static_file(f, root="static")
    ''', "assets/site.css": "body {}\n", "static/logo.txt": "logo\n"}, "p012_static")
    code = (tmp_path / "out" / "web.py").read_text()
    assert '@app.route("/assets/<path:f>", endpoint="web.static")' in code
    assert "def files" not in code  # Flask's own static route serves static/
    for client in (bottle, flask):
        assert answers(client, "/assets/site.css") == (200, "body {}\n")
        assert answers(client, "/static/logo.txt") == (200, "logo\n")
        assert answers(client, "/assets/none.css")[0] == 404


def test_a_view_that_serves_static_at_static_is_flasks_own_static_route():
    result = idiom('''
        import os

        from bottle import Bottle, static_file

        HERE = os.path.dirname(__file__)
        app = Bottle()


        @app.route("/static/<filename:path>")
        def static(filename):
            return static_file(filename, root=os.path.join(HERE, "static"))


        @app.get("/")
        def index():
            return "home"
    ''', '''
        import os

        from flask import Flask

        HERE = os.path.dirname(__file__)
        app = Flask(__name__)


        @app.get("/")
        def index():
            return "home"
    ''', declared=("D-static",))
    assert result.declared[0]["line"] == 6 and result.declared[0]["paths"] == ["/static/*"]
    assert "send_from_directory" not in result.code and "def static" not in result.code


def test_another_prefix_and_folder_become_static_folder_and_static_url_path():
    idiom('''
        from bottle import Bottle, static_file

        app = Bottle()


        @app.get("/a/<p:path>")
        def assets(p):
            return static_file(p, root="pub")
    ''', '''
        from flask import Flask

        app = Flask(__name__, static_folder="pub", static_url_path="/a")
    ''', declared=("D-static",))


def test_a_static_view_in_a_module_that_does_not_make_the_app_is_kept():
    idiom('''
        from bottle import static_file

        from main import app


        @app.get("/static/<p:path>")
        def static(p):
            return static_file(p, root="static")
    ''', '''
        from flask import send_from_directory

        from main import app


        @app.get("/static/<path:p>")
        def static(p):
            return send_from_directory("static", p)
    ''', declared=("D-path",), imported_apps=frozenset({"app"}), own_modules=frozenset({"main"}))


# -- Flask's own defaults where they do what Bottle did --------------------------------
def test_an_app_with_no_templates_and_no_static_folder_is_a_plain_flask_app(tmp_path):
    src = write_files(tmp_path / "src", {"app.py": '''
        from bottle import Bottle

        app = Bottle()


        @app.get("/")
        def home():
            return "home"
    '''})
    result = port_tree(src, tmp_path / "out")
    assert "app = Flask(__name__)\n" in (tmp_path / "out" / "app.py").read_text()
    assert result.modules[0].status == "success"


def test_a_static_folder_flask_would_serve_is_turned_off(tmp_path):
    src = write_files(tmp_path / "src", {"app.py": '''
        from bottle import Bottle

        app = Bottle()
    ''', "static/secret.txt": "not served by Bottle\n"})
    port_tree(src, tmp_path / "out")
    assert "app = Flask(__name__, static_folder=None)\n" \
        in (tmp_path / "out" / "app.py").read_text()


def test_a_route_a_static_url_would_reach_keeps_flasks_static_route_off(tmp_path):
    src = write_files(tmp_path / "src", {"app.py": '''
        from bottle import Bottle

        app = Bottle()


        @app.get("/<name:path>")
        def page(name):
            return name
    '''})
    port_tree(src, tmp_path / "out")
    assert "app = Flask(__name__, static_folder=None)\n" \
        in (tmp_path / "out" / "app.py").read_text()


def test_an_app_with_templates_keeps_its_template_folder(tmp_path):
    src = write_files(tmp_path / "src", {"app.py": '''
        from bottle import Bottle, template

        app = Bottle()


        @app.get("/")
        def home():
            return template("home")
    ''', "views/home.tpl": "<p>home</p>\n"})
    port_tree(src, tmp_path / "out")
    assert 'app = Flask(__name__, template_folder="views")\n' \
        in (tmp_path / "out" / "app.py").read_text()


def test_folders_bottle_read_from_the_working_directory_are_read_from_the_apps_package(
        tmp_path):
    """Found by the trials (bottle-mvc): an app made in project/__init__.py, run from
    the folder above, names its folders from there; Flask reads them from project/."""
    from bottle2flask.cli import main as kit

    src = write_files(tmp_path / "src", {
        "run.py": "from project import app\n",
        "project/__init__.py": '''
            from bottle import TEMPLATE_PATH, Bottle

            app = Bottle()
            TEMPLATE_PATH.append("./project/views/")
            from project import pages  # noqa: E402
        ''',
        "project/pages.py": '''
            from bottle import static_file, template

            from project import app


            @app.route("/")
            def home():
                return template("home", title="Home")


            @app.route("/css/<name>")
            def css(name):
                return static_file(name, root="project/static/css", mimetype="text/css")
        ''',
        "project/views/home.tpl": "<h1>{{title}}</h1>\n",
        "project/static/css/site.css": "h1 {color: red}\n"})
    port_tree(src, tmp_path / "out")
    package = tmp_path / "out" / "project"
    assert 'template_folder="views"' in (package / "__init__.py").read_text()
    assert 'send_from_directory("static/css", name' in (package / "pages.py").read_text()
    assert kit(["parity", f"{src / 'run.py'}:app", f"{tmp_path / 'out' / 'run.py'}:app",
                "--requests", str(write_files(tmp_path / "req", {"r.toml": '''
                    [[request]]
                    path = "/css/site.css"
                '''}) / "r.toml"), "--quiet"]) == 0


def test_a_file_name_with_a_leading_slash_is_served_as_bottle_serves_it(tmp_path):
    """Found by the second trial batch (simplestream-server): Bottle strips "/" from the
    name before it joins it to root; Werkzeug's safe_join refuses it, a 404."""
    from bottle2flask.cli import main as kit

    src = write_files(tmp_path / "src", {"app.py": '''
        from bottle import Bottle, request, static_file

        app = Bottle()


        def serve(path):
            return static_file(path, root="files", mimetype="text/plain")


        @app.route("/<name>")
        def page(name):
            return serve(request.path)


        @app.route("/direct/<name>")
        def direct(name):
            return static_file(name, root="files")
    ''', "files/a.txt": "hello\n"})
    port_tree(src, tmp_path / "out")
    code = (tmp_path / "out" / "app.py").read_text()
    assert 'send_from_directory("files", path.strip("/\\\\"), mimetype="text/plain")' in code
    assert 'send_from_directory("files", name)' in code  # a route's own: no slash to strip
    requests = write_files(tmp_path / "req", {"r.toml": '''
        [[request]]
        path = "/a.txt"
        [[request]]
        path = "/direct/a.txt"
    '''}) / "r.toml"
    assert kit(["parity", str(src / "app.py"), str(tmp_path / "out" / "app.py"),
                "--requests", str(requests), "--quiet"]) == 0


def test_a_name_made_with_a_leading_slash_is_stripped_whole(tmp_path):
    """RULE-s50's my_chat: `static_file('/static/' + filename, root=BASE_PATH)` became
    `send_from_directory(BASE_PATH, '/static/' + filename.strip("/\\"))`: the strip
    bound to `filename` alone, the literal's slash stayed, and Werkzeug refused the
    name (a 404 where Bottle served the file; the check repaired the site). The whole
    name is stripped, as Bottle strips it."""
    from .helpers import answers, both_folders

    bottle, flask = both_folders(tmp_path, {"web.py": '''
        import os
        from bottle import Bottle, static_file

        app = Bottle()
        BASE = os.path.dirname(os.path.abspath(__file__))


        @app.route("/static/<filename:re:.+?>")
        def static(filename):
            return static_file("/static/" + filename, root=BASE)
    ''', "static/css/site.css": "body {}\n"}, "p012_leading_slash")
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'send_from_directory(BASE, ("/static/" + filename).strip("/\\\\"))' in code
    for client in (bottle, flask):
        assert answers(client, "/static/css/site.css") == (200, "body {}\n")
        assert answers(client, "/static/css/none.css")[0] == 404


def test_a_view_serving_a_folder_below_its_root_keeps_its_view(tmp_path):
    """The same name under `<filename:path>`: the view was taken for Flask's own static
    route with static_folder=BASE, which serves BASE/css/site.css where Bottle served
    BASE/static/css/site.css (a 404). Only a view that hands the route's name on as it
    is serves its root's folder; this one keeps its view (the whole name stripped)."""
    from .helpers import answers, both_folders

    bottle, flask = both_folders(tmp_path, {"web.py": '''
        import os
        from bottle import Bottle, static_file

        app = Bottle()
        BASE = os.path.dirname(os.path.abspath(__file__))


        @app.route("/static/<filename:path>")
        def static(filename):
            return static_file("/static/" + filename, root=BASE)
    ''', "static/css/site.css": "body {}\n"}, "p012_below_root")
    code = (tmp_path / "out" / "web.py").read_text()
    assert "static_folder=BASE" not in code
    assert 'send_from_directory(BASE, ("/static/" + filename).strip("/\\\\"))' in code
    for client in (bottle, flask):
        assert answers(client, "/static/css/site.css") == (200, "body {}\n")


def test_a_static_file_answer_the_view_looks_at_is_a_todo():
    """Found by the second trial batch (simplestream-server): the app read the status of
    static_file()'s answer; Flask raises NotFound instead of returning it."""
    from .helpers import port

    result = port('''
        from bottle import Bottle, HTTPError, static_file

        app = Bottle()


        @app.route("/<name>")
        def page(name):
            answer = static_file(name, root="files")
            if answer.status_code == 404:
                raise HTTPError(404, "No such page")
            return answer
    ''', faithful=False)
    assert "send_from_directory raises" in result.todos[0]["text"]
    assert result.todos[0]["code"] == "P012"


def test_a_static_file_answer_dropped_on_its_line_loses_no_page(tmp_path):
    """Found by the first-sight batch of s41 (bottle-todo-app): a view called static_file()
    and dropped its answer; Bottle returned the missing file's 404, never raised, and the
    page was an empty 200, where send_from_directory raised NotFound (a 404)."""
    from .helpers import answers, both_apps

    bottle, flask = both_apps(tmp_path, '''
        from bottle import Bottle, static_file

        app = Bottle()


        @app.get("/help")
        def help_page():
            static_file("no-such-file.html", root=".")


        @app.get("/kept/<name>")
        def kept(name):
            return static_file(name, root=".")
    ''', "dropped_answer")
    assert answers(bottle, "/help") == answers(flask, "/help") == (200, "")
    assert answers(bottle, "/kept/none.txt")[0] == answers(flask, "/kept/none.txt")[0] == 404
    code = (tmp_path / "out" / "web.py").read_text()
    assert '# static_file("no-such-file.html", root=".")' in code
    assert "send_from_directory(\".\", name)" in code


STATIC_VIEW = '''
from bottle import Bottle, static_file

app = Bottle()


@app.route("/assets/<path:path>")
def serve(path):
    return static_file(path, root="assets")
'''


def test_a_static_view_named_exact_by_its_key_is_kept_and_its_static_file_is_a_site():
    """The static-view site's two forms are made as the def is entered: the idiomatic one
    takes the view out and gives the app its folder (the options and D-static its
    candidate carries), the exact one keeps the view, whose static_file() is then a site
    of its own, recorded after the view's."""
    default = port_source(dedent(STATIC_VIEW), "web.py")
    assert 'Flask(__name__, static_folder="assets", static_url_path="/assets")' \
        in default.code and "def serve" not in default.code
    assert [d["id"] for d in default.declared] == ["D-static"]
    assert [(s["kind"], s["exact"]) for s in default.sites if s["rule"] == "P012"] == [
        ("static-view", False)]
    exact = port_source(dedent(STATIC_VIEW), "web.py",
                        exact=frozenset({"web.py:serve:P012:static-view:0"}))
    assert "Flask(__name__, static_folder=None)" in exact.code
    assert '    return send_from_directory("assets", path)' in exact.code
    assert "D-static" not in [d["id"] for d in exact.declared]
    assert [(s["kind"], s["exact"]) for s in exact.sites if s["rule"] == "P012"] == [
        ("static-view", True), ("static-file", False)]
    both = port_source(dedent(STATIC_VIEW), "web.py", exact=frozenset({"web.py:serve:P012"}))
    assert '    return static_file(path, root="assets")' in both.code
    assert "from bottle_answers import static_file" in both.code


def test_a_page_jinja2_cannot_read_is_still_sent_as_a_file(tmp_path):
    """A Vue page in templates/ that the app sends with static_file() from a root a
    function computes: its conversion fails, and the file stays as it was, so the
    port's `/` sends it as the original does (RULE-s50's N)."""
    from .helpers import answers, both_folders

    page = "<div>{{!game.id ? 'none' : game.name}}</div>\n"
    bottle, flask = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle, static_file

        app = Bottle()


        def pages():
            return "./templates"


        @app.route("/")
        def index():
            return static_file("index.html", root=pages() + "/")
    ''', "templates/index.html": page}, "p012_vue_page")
    assert (tmp_path / "out" / "templates" / "index.html").read_text() == page
    assert answers(flask, "/") == answers(bottle, "/") == (200, page)


def test_a_static_view_of_an_app_made_from_an_imported_subclass_stays(tmp_path):
    """`app = Site()`, Site a Bottle subclass of site_app.py: no Flask(...) in web.py took the
    static folder's options, so the view went and its files were a 404 (the generator's
    hook_static form beside an imported subclass, 5 apps of seed 51003's 200). The view
    stays, as send_from_directory."""
    from .helpers import answers, both_folders

    bottle, flask = both_folders(tmp_path, {"site_app.py": '''
        from bottle import Bottle


        class Site(Bottle):
            def __init__(self):
                super().__init__()
    ''', "web.py": '''
        from bottle import static_file
        from site_app import Site

        app = Site()


        @app.route("/files/<filepath:path>")
        def files(filepath):
            return static_file(filepath, root="./assets")
    ''', "assets/a.css": "p { x: 1 }\n"}, "p012_subclass_static")
    assert "send_from_directory(" in (tmp_path / "out" / "web.py").read_text()
    assert answers(flask, "/files/a.css") == answers(bottle, "/files/a.css") \
        == (200, "p { x: 1 }\n")
    assert answers(flask, "/files/none.css")[0] == answers(bottle, "/files/none.css")[0] == 404

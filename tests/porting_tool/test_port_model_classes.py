"""Failure classes the app model answers, each shown by a small app ported and served by
both frameworks (the class, not the app it was found in)."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from bottle2flask.port.folder import port_tree

from .helpers import answers, both_folders, port

# The check's summary of a one-route app whose page, a string, Flask sends as Bottle
# does but for its charset's spelling (charset=utf-8 for UTF-8): the same to a client
ONE_PAGE = "1 routes, 1 ported; 0 exactly the same, 1 the same message"


def port_tree_code(source: str) -> str:
    result = port(source, faithful=False)
    assert result.status == "success", result.error
    return result.code


def test_a_list_of_rules_is_one_route_a_rule(tmp_path):
    bottle, flask = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle, request

        app = Bottle()


        @app.get(["/", "/doc", "/doc/"])
        def doc():
            return "doc " + request.path
    '''}, "rules_list")
    for path in ("/", "/doc", "/doc/"):
        assert answers(bottle, path) == answers(flask, path) == (200, f"doc {path}")
    assert answers(bottle, "/nope")[0] == answers(flask, "/nope")[0] == 404


def test_a_rule_without_a_leading_slash_gets_one_declared_or_stays_unmatched(tmp_path):
    bottle, flask = both_folders(tmp_path, {"web.py": r'''
        from bottle import Bottle

        app = Bottle()


        @app.route(r'<filename:re:.*\.css>')
        def css(filename):
            return "css " + filename.lstrip("/")


        @app.route("hello")
        def never():
            return "never"
    '''}, "no_slash")
    assert answers(bottle, "/site/a.css") == answers(flask, "/site/a.css") \
        == (200, "css site/a.css")
    # Bottle matched "hello" against "/hello" and never served it: nor does the port
    assert answers(bottle, "/hello")[0] == answers(flask, "/hello")[0] == 404
    result = port_tree(tmp_path / "src", tmp_path / "again", write=False)
    # both: the css rule given its slash, and "hello" left out
    assert [d["id"] for d in result.modules[0].declared] == ["D-leading-slash"] * 2


def test_a_rule_string_with_an_invalid_escape_is_read_as_python_reads_it():
    code = port_tree_code("""
        from bottle import Bottle

        app = Bottle()


        @app.route('/<filename:re:.*\\.css>')
        def css(filename):
            return filename
    """)
    assert "@app.route('/<bottle_re1:filename>')" in code


def test_templates_beside_the_script_and_in_views_are_both_found(tmp_path):
    # Bottle's default TEMPLATE_PATH is ./ then ./views/: one Flask folder finds only one
    bottle, flask = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle, template, view

            app = Bottle()


            @app.route("/")
            def beside():
                return template("index", name="x")


            @app.route("/v")
            @view("third")
            def in_views():
                return dict(name="y")


            @app.route("/both")
            def first_found():
                return template("twice", name="z")
        ''',
        "index.tpl": "Beside {{name}}\n",
        "twice.tpl": "The one beside {{name}}\n",
        "views/third.tpl": "In views {{name}}\n",
        "views/twice.tpl": "The one in views {{name}}\n",
    }, "spread")
    for path, text in (("/", "Beside x"), ("/v", "In views y"), ("/both", "The one beside z")):
        assert answers(bottle, path) == answers(flask, path) == (200, text + "\n")


def test_a_module_imported_through_bottles_extension_namespace_is_imported_itself(tmp_path):
    bottle, flask = both_folders(tmp_path, {
        "web.py": '''
            import bottle
            from bottle.ext.greeting import greet

            app = bottle.Bottle()


            @app.route("/")
            def index():
                return greet()
        ''',
        "bottle_greeting.py": 'def greet():\n    return "hello"\n',
    }, "extension")
    assert answers(bottle, "/") == answers(flask, "/") == (200, "hello")
    assert "from bottle_greeting import greet" in (tmp_path / "out" / "web.py").read_text()


def test_an_app_made_inside_a_middleware_call_is_the_app(tmp_path):
    bottle, flask = both_folders(tmp_path, {"web.py": '''
        import bottle


        class Wrapper:
            def __init__(self, app):
                self.app = app

            def __getattr__(self, name):
                return getattr(self.app, name)

            def __call__(self, environ, start_response):
                return self.app(environ, start_response)


        app = Wrapper(bottle.Bottle())


        @app.route("/")
        def index():
            return "hello"


        app.error(404)(lambda error: "nothing here")
    '''}, "wrapped")
    assert answers(bottle, "/") == answers(flask, "/") == (200, "hello")
    assert answers(bottle, "/x") == answers(flask, "/x") == (404, "nothing here")


def test_names_that_are_the_modules_own_are_not_bottles(tmp_path):
    # a local `response`; a view named static_file calling bottle.static_file; a view
    # named `static`, and one under /static/, beside no static/ folder
    bottle, flask = both_folders(tmp_path, {
        "web.py": '''
            import bottle

            app = bottle.Bottle()


            def log(func):
                def wrapper(*args, **kwargs):
                    response = func(*args, **kwargs)
                    return response
                return wrapper


            @app.get("/")
            @log
            def index():
                bottle.response.set_header("X-Hello", "1")
                return "hello"


            @app.get("/img/<picture>")
            def static_file(picture):
                return bottle.static_file(picture, "img")


            @app.get("/static/<path:path>")
            def static(path):
                print("serving", path)
                return bottle.static_file(path, root="files")
        ''',
        "img/a.txt": "image\n",
        "files/b.txt": "file\n",
    }, "own_names")
    for path in ("/", "/img/a.txt", "/static/b.txt"):
        assert answers(bottle, path) == answers(flask, path), path
    assert flask.get("/").headers["X-Hello"] == "1"
    result = port_tree(tmp_path / "src", tmp_path / "again", write=False)
    assert result.modules[0].todos == []


def test_aliased_bottle_names_are_flasks_under_the_same_alias(tmp_path):
    bottle, flask = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle, abort as stop, request as bottle_request

        app = Bottle()


        @app.post("/")
        def main():
            return {"got": bottle_request.json}


        @app.get("/stop")
        def halt():
            stop(403, "no")
    '''}, "aliases")
    got = [client.post_json("/", {"a": 1}).json for client in (bottle, flask)]
    assert got == [{"got": {"a": 1}}] * 2
    assert answers(bottle, "/stop")[0] == answers(flask, "/stop")[0] == 403


def test_a_template_the_app_names_outside_a_template_folder_is_converted(tmp_path):
    bottle, flask = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle, view

            app = Bottle()


            @app.route("/")
            @view("pages/index.html")
            def index():
                return {"posts": ["a", "b"]}
        ''',
        "pages/index.html": "% for p in posts:\n<p>{{p}}</p>\n% end\n",
    }, "named_html")
    assert answers(bottle, "/")[1].split() == answers(flask, "/")[1].split() \
        == ["<p>a</p>", "<p>b</p>"]


def test_an_app_a_class_assembles_is_served_from_the_module_that_calls_its_factory(tmp_path):
    bottle, flask = both_folders(tmp_path, {
        "server.py": '''
            from bottle import Bottle


            class Server:
                def __init__(self):
                    self.bottle = Bottle()
                    self.setup_routes()

                def setup_routes(self):
                    self.bottle.route("/", callback=self.index)
                    self.bottle.route("/hello/<name>", callback=self.hello)

                def index(self):
                    return "index"

                def hello(self, name):
                    return "hello " + name


            def create_app():
                return Server().bottle
        ''',
        "main.py": '''
            from server import create_app

            app = create_app()

            if __name__ == "__main__":
                app.run(port=8080)
        ''',
    }, "assembled", entry="main.py:app")
    for path in ("/", "/hello/ann"):
        assert answers(bottle, path) == answers(flask, path), path
    result = port_tree(tmp_path / "src", tmp_path / "again", write=False)
    assert result.entry == ("main", "app")


def test_an_app_a_class_holds_is_the_app_of_the_modules_importing_it(tmp_path):
    # core.py binds the app Site's __init__ makes, beside an app it imports to mount: its
    # app is `app`, not `sub`, and pages.py's hook, error page and routes are on it
    bottle, flask = both_folders(tmp_path, {
        "core.py": '''
            from bottle import Bottle
            from sub import sub


            class Site:
                def __init__(self):
                    self.bottle = Bottle()
                    self.bottle.route("/", callback=self.index)

                def index(self):
                    return "index"


            app = Site().bottle
            app.mount("/sub/", sub)
        ''',
        "sub.py": '''
            from bottle import Bottle

            sub = Bottle()


            @sub.route("/x")
            def x():
                return "sub x"
        ''',
        "pages.py": '''
            from bottle import response
            from core import app


            @app.route("/page")
            def page():
                return "page"


            @app.hook("after_request")
            def stamp():
                response.set_header("X-Stamp", "1")


            @app.error(404)
            def missing(error):
                return "missing"
        ''',
        "web.py": '''
            from core import app
            import pages  # noqa: F401
        ''',
    }, "class_held")
    for path in ("/", "/page", "/sub/x", "/nope"):
        assert answers(bottle, path) == answers(flask, path), path
    assert answers(flask, "/nope") == (404, "missing")
    assert flask.get("/page").headers["X-Stamp"] == bottle.get("/page").headers["X-Stamp"]
    result = port_tree(tmp_path / "src", tmp_path / "again", write=False)
    assert [m.todos for m in result.modules] == [[]] * len(result.modules)


def test_an_app_an_imported_class_makes_is_the_app_of_the_module_calling_it(tmp_path):
    # web.py imports no Bottle name: the class it calls makes the app (in a method its
    # __init__ calls), and web.py's routes and error page are on it
    bottle, flask = both_folders(tmp_path, {
        "shop.py": '''
            import bottle


            class Shop:
                def __init__(self, name="shop"):
                    self.name = name
                    self.make()

                def make(self):
                    self.app = bottle.Bottle()
                    self.app.route("/", callback=self.index)

                def index(self):
                    return "index of " + self.name
        ''',
        "web.py": '''
            from shop import Shop

            shop = Shop()
            app = shop.app


            @app.route("/here")
            def here():
                return "here"


            @app.error(404)
            def missing(error):
                return "missing"
        ''',
    }, "class_imported")
    for path in ("/", "/here", "/nope"):
        assert answers(bottle, path) == answers(flask, path), path
    assert answers(flask, "/nope") == (404, "missing")


def test_an_app_reached_through_its_module_is_ported_where_it_is_used(tmp_path):
    files = {
        "web.py": '''
            from bottle import Bottle

            app = Bottle()


            @app.route("/")
            def index():
                return "index"
        ''',
        "api.py": '''
            import bottle

            api = bottle.Bottle()


            @api.route("/ping")
            def ping():
                return "pong"
        ''',
        "main.py": '''
            import api
            import web

            web.app.mount("/api/", api.api)
            application = web.app
        ''',
    }
    bottle, flask = both_folders(tmp_path, files, "module_attr", entry="main.py:application")
    for path in ("/", "/api/ping"):
        assert answers(bottle, path) == answers(flask, path), path
    result = port_tree(tmp_path / "src", tmp_path / "again", write=False)
    assert result.entry == ("main", "application")


def test_an_app_module_a_template_imports_is_imported_as_a_page_renders(tmp_path):
    # Bottle ran `% import helpers` at each render; imported beside the app instead, a
    # module that imports the app would be a circular import
    bottle, flask = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle, template

            app = Bottle()


            @app.route("/")
            def index():
                return template("index", name="x")
        ''',
        "helpers.py": '''
            import web


            def shout(text):
                return text.upper() + "!"
        ''',
        "views/index.tpl": "% import helpers\nHello {{helpers.shout(name)}}\n",
    }, "template_import")
    assert answers(bottle, "/")[1].strip() == answers(flask, "/")[1].strip() == "Hello X!"
    code = (tmp_path / "out" / "web.py").read_text()
    assert "@app.context_processor" in code and "TODO" not in code


@pytest.mark.parametrize("faithful", [False, True])
def test_a_template_import_of_a_module_the_app_lacks_fails_only_its_pages(tmp_path,
                                                                          faithful):
    """Class G of RULE-s53 (CarlieW/mq-flowtow: `% import interface`, a module not in its
    repository). Bottle imported it as that template rendered: its pages failed, the app
    served the rest. Imported at the app's start, the port did not start. A module not
    found where the port is made is imported as a page renders, its name None where it
    fails: the other pages answer. Under --faithful (exact54, the same app: GET /about a
    500 where Bottle served it) bottle_compat's processor imports them, the same way."""
    bottle, flask = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle, template

            app = Bottle()


            @app.route("/")
            def index():
                return template("index", name="x")


            @app.route("/user")
            def user():
                return template("user")
        ''',
        "views/index.tpl": "% import string\nHello {{string.ascii_lowercase[:3]}}\n",
        "views/user.tpl": "% import module_nobody_has\n{{module_nobody_has.name()}}\n",
    }, f"template_import_missing_{faithful}", faithful=faithful)
    assert answers(bottle, "/") == answers(flask, "/") == (200, "Hello abc\n")
    assert answers(bottle, "/user")[0] == answers(flask, "/user")[0] == 500
    code = (tmp_path / "out" / "web.py").read_text()
    if faithful:
        assert "template_imports={" in code
        return
    assert "    try:\n        import module_nobody_has\n    except ImportError:" in code
    assert "    import string\n" in code


def test_a_folder_the_app_reads_from_a_name_bound_below_it_is_bound_first(tmp_path):
    """`HERE = ...` below `app = Bottle()`: Bottle read it when a request came, Flask as
    the app is made (the port answered NameError at import). Moved above the app."""
    bottle, flask = both_folders(tmp_path, {"web.py": '''
        import os
        from bottle import Bottle, static_file

        app = Bottle()
        HERE = os.path.dirname(os.path.abspath(__file__))
        # not moved: it reads a name bound below the app
        LATER = app.config.get("x", HERE)


        @app.route("/static/<path:path>")
        def static(path):
            return static_file(path, root=os.path.join(HERE, "assets"))
    ''', "assets/site.css": "body {}\\n"}, "bound_below")
    assert answers(bottle, "/static/site.css") == answers(flask, "/static/site.css") \
        == (200, "body {}\\n")
    code = (tmp_path / "out" / "web.py").read_text()
    assert code.index("HERE = ") < code.index("app = Flask(") < code.index("LATER = ")


@pytest.mark.parametrize(("where", "kept"), [
    ("def stream():\n    from bottle import HTTPResponse\n    return HTTPResponse\n", True),
    ('"""Once:\n\nfrom bottle import HTTPResponse\n"""\n', False),  # text, no import
])
def test_a_bottle_py_the_app_ships_stays_while_a_port_still_imports_bottle(tmp_path, where,
                                                                           kept):
    """Read from the ported code's import nodes, never its text: a Bottle import a TODO
    kept (here inside a function) keeps the app's own bottle.py beside it."""
    from bottle2flask.port.folder import port_tree

    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "app.py").write_text('from bottle import Bottle\n\napp = Bottle()\n\n\n' + where)
    (src / "bottle.py").write_text("# a Bottle shipped with the app\n")
    result = port_tree(src, out)
    assert (out / "bottle.py").exists() is kept
    assert ("bottle.py" in result.left_out) is not kept


def test_a_bottle_py_the_app_ships_is_its_own_and_left_out_of_the_port(tmp_path, capsys):
    """Trial class A: a copy of Bottle beside the app. The original runs with it (an old
    one that does not import here: not compared, said so); the check loads the port
    without it, and the port leaves it out once no module imports bottle."""
    import bottle

    from bottle2flask.cli import main as kit
    from bottle2flask.exit_status import ExitStatus

    app = 'from bottle import route\n\n\n@route("/")\ndef index():\n    return "hello"\n'
    for name, vendored, status in (
            ("old", "from inspect import getargspec\n", ExitStatus.NOT_COMPARED),
            ("working", Path(bottle.__file__).read_text(), ExitStatus.DONE)):
        src, out = tmp_path / name, tmp_path / f"{name}_flask"
        src.mkdir()
        (src / "app.py").write_text(app)
        (src / "bottle.py").write_text(vendored)
        assert kit(["port", str(src), "-o", str(out), "--check-timeout", "60"]) == status
        said = capsys.readouterr()
        assert not (out / "bottle.py").exists()
        assert "Not copied: `bottle.py` (Bottle itself" in (out / "PORTING-REPORT.md").read_text()
        if name == "old":
            assert "the original does not start here" in said.err + said.out
        else:
            assert ONE_PAGE in said.out


def test_a_package_module_importing_a_sibling_package_runs_from_above_both(tmp_path, capsys):
    """Trial class F: web/server.py does `import lib.words`, lib/ beside web/: it runs as
    `web.server` from the folder holding both (as main.py there imports it)."""
    from bottle2flask.cli import main as kit
    from bottle2flask.exit_status import ExitStatus

    src, out = tmp_path / "src", tmp_path / "out"
    files = {
        "main.py": 'if __name__ == "__main__":\n    import web.server\n    web.server.main()\n',
        "web/__init__.py": "",
        "web/server.py": "import bottle\nfrom bottle import route\n\nimport lib.words\n\n\n"
                         '@route("/")\ndef index():\n    return lib.words.hello()\n\n\n'
                         "def main():\n    bottle.app().run()\n",
        "lib/__init__.py": "",
        "lib/words.py": 'def hello():\n    return "hello"\n'}
    for name, text in files.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text)
    assert kit(["port", str(src), "-o", str(out), "--check-timeout", "60"]) == ExitStatus.DONE
    said = capsys.readouterr().out
    assert ONE_PAGE in said
    assert f"run it: cd {out} && flask --app web.server:app run" in said


def test_an_app_made_only_under_main_is_checked_as_its_script_runs(tmp_path, capsys):
    """Trial class G: the app exists only when the file runs as a script. The check runs
    both files so (their servers not started), compares them, says `python app.py`, and
    the suite it leaves loads them the same way."""
    import subprocess
    import sys

    from bottle2flask.cli import main as kit
    from bottle2flask.exit_status import ExitStatus

    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "app.py").write_text(
        'def hello():\n    return "Hello!"\n\n\nif __name__ == "__main__":\n'
        "    import bottle\n    app = bottle.Bottle()\n"
        '    app.route("/hello")(hello)\n    app.run(port=8099)\n')
    assert kit(["port", str(src), "-o", str(out), "--check-timeout", "60"]) == ExitStatus.DONE
    said = capsys.readouterr().out
    assert ONE_PAGE in said
    assert f"run it: cd {out} && python app.py" in said
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly",
                           "-p", "no:cacheprovider", "tests"], cwd=out, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:]


def test_the_default_app_a_module_names_and_others_import_is_one_app(tmp_path):
    """core.py names Bottle's default app and imports pages.py below it; pages.py takes
    `app` from core and routes with @route and @app.route, both on that one app. The
    Flask app is made where core named the default app (it was made after the imports:
    pages found none), and @route there is no TODO (it is on that very app)."""
    bottle, flask = both_folders(tmp_path, {
        "core.py": '''
            from bottle import default_app, run

            app = default_app()

            import pages  # noqa: E402,F401

            if __name__ == "__main__":
                run(app)
        ''',
        "pages.py": '''
            from bottle import route

            from core import app


            @route("/x")
            def x():
                return "x"


            @app.route("/y")
            def y():
                return "y"
        '''}, "shared_default", entry="core.py:app")
    for path in ("/x", "/y"):
        assert answers(bottle, path) == answers(flask, path) == (200, path[1:])
    pages = (tmp_path / "out" / "pages.py").read_text()
    assert "TODO" not in pages and '@app.route("/x")' in pages
    core = (tmp_path / "out" / "core.py").read_text()
    assert core.index("app = Flask(") < core.index("import pages")


def test_the_default_app_named_inside_a_function_is_the_modules_own(tmp_path):
    """`app = bottle.app()` inside main(), @route views at the top: the Flask app is made
    at the module's top for the views (it was made in main(): a NameError at import)."""
    bottle, flask = both_folders(tmp_path, {"web.py": '''
        import bottle
        from bottle import route


        @route("/")
        def index():
            return "hi"


        def main():
            app = bottle.app()
            app.run()
    '''}, "default_in_function", entry="web.py:")  # the original's app: Bottle's default
    assert answers(bottle, "/") == answers(flask, "/") == (200, "hi")


@pytest.mark.parametrize("imports", [
    "from lib import bottle\nfrom lib.bottle import request",
    "import lib.bottle as bottle\nfrom lib.bottle import request",
    "from lib import bottle as web\nfrom lib.bottle import request",
])
def test_a_bottle_the_app_ships_in_a_package_is_bottle_under_that_name(tmp_path, imports):
    """issue 42: `from lib import bottle` (a copy of Bottle in lib/) was no Bottle to the
    model: the port kept the import and the Bottle app, and lib/bottle.py with them."""
    import bottle as installed

    from .helpers import answers, both_folders

    module = "web" if " as web" in imports else "bottle"
    bottle, flask = both_folders(tmp_path, {
        "web.py": imports + f'''


app = {module}.Bottle()


@app.route("/hello/<name>")
def hello(name):
    return "hello " + name + request.query.get("end", "!")


if __name__ == "__main__":
    {module}.run(app)
''',
        "lib/__init__.py": "",
        "lib/bottle.py": Path(installed.__file__).read_text(),
    }, "vendored_" + str(abs(hash(imports))))
    assert answers(bottle, "/hello/x?end=?") == answers(flask, "/hello/x?end=?") \
        == (200, "hello x?")
    code = (tmp_path / "out" / "web.py").read_text()
    assert "lib" not in code.replace("flask", "") and "Flask(__name__" in code
    assert not (tmp_path / "out" / "lib" / "bottle.py").exists()


def test_a_module_that_is_bottle_under_another_file_name_is_known_by_what_it_defines():
    from bottle2flask.port.model.app import is_bottle, vendored_names

    assert is_bottle(Path("vendor/bottle.py"), None)
    assert is_bottle(Path("vendor/bottle012.py"), "__version__ = '0.12'\nclass Bottle:\n    pass\n")
    assert not is_bottle(Path("vendor/web.py"), "class Bottle:\n    pass\n")  # no version
    assert not is_bottle(Path("vendor/web.py"), "from bottle import Bottle\n__version__ = 1\n")
    assert not is_bottle(Path("web.py"), "import bottle\n__version__ = '1'\n\n\n"
                                         "class Bottle(bottle.Bottle):\n    pass\n")
    assert vendored_names([Path("web/lib/bottle.py")]) == {
        "web.lib.bottle", "lib.bottle"}


COPY_WITH_EXAMPLE = '''"""A copy of Bottle. Example:

from bottle import route, run
"""
__version__ = "0.12.25"


class Bottle:
    pass
'''


def test_a_copy_of_bottle_is_known_by_its_statements_not_its_text():
    # its docstring's example imports nothing (a regex over the text took it for an
    # import, and the copy for the app's own module); an import of Bottle after another
    # module on its line is one
    from bottle2flask.port.model.app import is_bottle

    assert is_bottle(Path("lib/web.py"), COPY_WITH_EXAMPLE)
    assert not is_bottle(Path("lib/web.py"), "import os, bottle\n" + COPY_WITH_EXAMPLE)
    assert not is_bottle(Path("lib/web.py"), COPY_WITH_EXAMPLE + "def broken(:\n")


def test_a_vendored_bottles_run_at_import_takes_no_port_from_anyone(tmp_path, capsys):
    """run(port=P) of a Bottle the app ships is not the installed one the loader stops:
    its server was made (and its port bound) before serve_forever() was skipped, so with
    P in use the original "did not start here" and nothing was compared (make test met
    it on 8080, which another process held)."""
    import socket

    import bottle

    from bottle2flask.cli import main as kit
    from bottle2flask.exit_status import ExitStatus

    src, out = tmp_path / "src", tmp_path / "out"
    (src / "vendor").mkdir(parents=True)
    (src / "vendor" / "__init__.py").write_text("")
    (src / "vendor" / "bottle.py").write_text(Path(bottle.__file__).read_text())
    with socket.socket() as busy:
        busy.bind(("localhost", 0))
        busy.listen()
        (src / "app.py").write_text(
            'from vendor.bottle import route, run\n\n\n@route("/hello/<name>")\n'
            'def hello(name):\n    return "hello " + name\n\n\n'
            f'run(host="localhost", port={busy.getsockname()[1]})\n')
        status = kit(["port", str(src), "-o", str(out), "--check-timeout", "60"])
    said = capsys.readouterr()
    assert status == ExitStatus.DONE, said.err
    assert ONE_PAGE in said.out


def test_the_default_app_of_a_bottle_the_app_ships_is_checked_too(tmp_path, capsys):
    """`from vendor.bottle import route, run`, routes on that copy's default app and
    run() at the end: the check found no app in the original (it looked at the installed
    Bottle's default app) and compared nothing."""
    import bottle

    from bottle2flask.cli import main as kit
    from bottle2flask.exit_status import ExitStatus

    src, out = tmp_path / "src", tmp_path / "out"
    (src / "vendor").mkdir(parents=True)
    (src / "vendor" / "__init__.py").write_text("")
    (src / "vendor" / "bottle.py").write_text(Path(bottle.__file__).read_text())
    (src / "app.py").write_text(
        'from vendor.bottle import route, run\n\n\n@route("/hello/<name>")\n'
        'def hello(name):\n    return "hello " + name\n\n\nrun(host="localhost", port=8080)\n')
    assert kit(["port", str(src), "-o", str(out), "--check-timeout", "60"]) == ExitStatus.DONE
    assert ONE_PAGE in capsys.readouterr().out
    assert "vendor" not in (out / "app.py").read_text()
    assert not (out / "vendor" / "bottle.py").exists()


@pytest.mark.parametrize(("rule", "tokens"), [
    ("/edit/<no:int>", [("/edit/", None, None), ("no", "int", None)]),
    ("/img/<f:re:.+\\.png>/x", [("/img/", None, None), ("f", "re", ".+\\.png"),
                                ("/x", None, None)]),
    ("/wiki/:page", [("/wiki/", None, None), ("page", "re", None)]),
    ("/n/:id#[0-9]+#", [("/n/", None, None), ("id", "re", "[0-9]+")]),
    ("/<a>", [("/", None, None), ("a", "default", None)]),
    ("/static", [("/static", None, None)])])
def test_a_rule_of_a_router_with_no_reader_of_its_own_is_read_from_its_text(rule, tokens):
    """A Bottle older than the installed one (0xbepresent/misalabs.com's lib/bottle.py) has
    no Router._itertokens: "the check's process failed: AttributeError" and nothing was
    compared (RULE-s50 class I). Its rules are read from their text."""
    from bottle2flask.proof.reach import rule_tokens

    assert rule_tokens(object(), rule) == tokens


def test_an_app_on_a_shipped_bottle_whose_router_reads_rules_otherwise_is_compared(
        tmp_path, capsys):
    """The app's own bottle.py, a release whose Router has parse_rule() and no
    _itertokens (0.11, misalabs.com's lib/bottle.py), a route with a wildcard: the check's
    process failed on the router and nothing was compared (RULE-s50 class I)."""
    import bottle

    from bottle2flask.cli import main as kit
    from bottle2flask.exit_status import ExitStatus

    src, out = tmp_path / "src", tmp_path / "out"
    (src / "lib").mkdir(parents=True)
    (src / "lib" / "__init__.py").write_text("")
    old = Path(bottle.__file__).read_text().replace("_itertokens", "parse_rule")
    assert "_itertokens" not in old
    (src / "lib" / "bottle.py").write_text(old)
    (src / "app.py").write_text(
        'from lib.bottle import Bottle\n\napp = Bottle()\n\n\n@app.route("/hello/<name>")\n'
        'def hello(name):\n    return "hello " + name\n')
    status = kit(["port", str(src), "-o", str(out), "--check-timeout", "60"])
    said = capsys.readouterr()
    assert status == ExitStatus.DONE, said.out + said.err
    assert ONE_PAGE in said.out


def test_a_shipped_bottles_run_with_its_reloader_at_import_is_stopped(tmp_path, capsys):
    """`bottle.run(reloader=True)` at import, of the bottle.py beside the app
    (Andraz1999/UNO-Karte): the loader stopped the installed Bottle's run() only, the
    shipped one's reloader ran the app again in a child and the check waited out its time
    limit: "no answer within 60 s", nothing compared (RULE-s50 class I)."""
    import bottle

    from bottle2flask.cli import main as kit
    from bottle2flask.exit_status import ExitStatus

    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "bottle.py").write_text(Path(bottle.__file__).read_text())
    (src / "uno.py").write_text(
        'import bottle\n\n\n@bottle.route("/hello/<name>")\n'
        'def hello(name):\n    return "hello " + name\n\n\n'
        'bottle.run(reloader=True, port=0, quiet=True)\n')
    status = kit(["port", str(src), "-o", str(out), "--check-timeout", "30"])
    said = capsys.readouterr()
    assert status == ExitStatus.DONE, said.out + said.err
    # (the page compared is the proof the check did not wait out its limit: no clock,
    # which a loaded machine would fail)
    assert ONE_PAGE in said.out
    assert "no answer within" not in said.out + said.err


def test_a_bottle_py_that_is_no_file_leaves_the_installed_bottle_stopped(tmp_path, capsys):
    """A `bottle.py` symlink into a git submodule the snapshot lacks (cym13/pasteme), and
    `bottle.run(reloader=True)` under `__main__`: the check's loader set the installed
    Bottle aside as the folder's own module, so the app imported a second copy whose
    run() nothing stopped, and its reloader exited the probe: "SystemExit: 1", the
    original counted as not starting, nothing compared (RULE-s51 class E)."""
    from bottle2flask.cli import main as kit
    from bottle2flask.exit_status import ExitStatus

    src, out = tmp_path / "src", tmp_path / "out"
    (src / "bottle").mkdir(parents=True)
    (src / "bottle.py").symlink_to("bottle/bottle.py")
    (src / "paste.py").write_text(
        'import bottle\n\n\n@bottle.route("/hello/<name>")\n'
        'def hello(name):\n    return "hello " + name\n\n\n'
        'if __name__ == "__main__":\n    bottle.run(reloader=True, port=0, quiet=True)\n')
    status = kit(["port", str(src), "-o", str(out), "--check-timeout", "30"])
    said = capsys.readouterr()
    assert status == ExitStatus.DONE, said.out + said.err
    assert ONE_PAGE in said.out


def test_an_import_of_the_apps_own_bottle_is_spelt_in_the_models_one_walk(monkeypatch):
    # spelt as Bottle's by the model's Reader as it reads the module, not by a walk of
    # LibCST's own over the whole module before it (which rebuilt every node)
    from bottle2flask.port.model import read_module
    from bottle2flask.port.walk import counting

    visits: list = []
    real = cst.Module.visit
    monkeypatch.setattr(cst.Module, "visit",
                        lambda self, visitor: visits.append(visitor) or real(self, visitor))
    source = ("from lib import bottle\nfrom vendor.bottle import route\n"
              "import web.lib.bottle as b\n\n\n@route('/')\ndef index():\n"
              "    return bottle.template('x') + b.template('y')\n")
    with counting() as counts:
        tree, facts = read_module(source, "app.py", vendored=frozenset(
            {"lib.bottle", "vendor.bottle", "web.lib.bottle"}))
    assert tree.code.startswith(
        "import bottle\nfrom bottle import route\nimport bottle as b\n")
    assert facts.bottle["route"] == "route" and facts.templates_named == {"x", "y"}
    assert [r.view for r in facts.routes] == ["index"]
    assert visits == [] and dict(counts.transform_by_caller) == {"reading.read": 1}

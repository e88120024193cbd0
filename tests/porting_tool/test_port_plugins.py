"""P019: Bottle plugins. bottle-sqlite and bottle-sqlalchemy become Flask's per-request
patterns; any other plugin, apply= and skip= are commented out under a TODO, so the port
starts; a view parameter only a plugin passed is a TODO that names the plugin."""

from __future__ import annotations

import importlib
import inspect
import json
import sqlite3
import subprocess
import sys
import types
import warnings
from textwrap import dedent

import bottle
import pytest
import webtest

from bottle2flask.cli import main as kit
from bottle2flask.loading import load
from bottle2flask.port.folder import port_tree
from bottle2flask.port.runner import port_source

from .helpers import answers, both_folders, check, forget_modules, write_files
from .helpers import port as port_faithful


def port(source: str, **options):
    """The default (idiomatic) port: the plugins' rules are the same in both modes."""
    return port_faithful(source, **{"faithful": False, **options})



# -- a stand-in for bottle-sqlite (its 0.2 calls inspect.getargspec, gone since Python
#    3.11, so the real one cannot run here), doing what the package's apply() does
class SQLitePlugin:
    name, api = "sqlite", 2

    def __init__(self, dbfile=":memory:", autocommit=True, dictrows=True, keyword="db"):
        self.dbfile, self.autocommit = dbfile, autocommit
        self.dictrows, self.keyword = dictrows, keyword

    def apply(self, callback, route):
        if self.keyword not in inspect.signature(route.callback).parameters:
            return callback

        def wrapper(*args, **kwargs):
            db = sqlite3.connect(self.dbfile)
            if self.dictrows:
                db.row_factory = sqlite3.Row
            kwargs[self.keyword] = db
            try:
                value = callback(*args, **kwargs)
                if self.autocommit:
                    db.commit()
            except bottle.HTTPResponse:
                if self.autocommit:
                    db.commit()
                raise
            finally:
                db.close()
            return value

        return wrapper


@pytest.fixture
def plugin_packages(monkeypatch):
    """bottle_sqlite importable, as the stand-in above (bottle_sqlalchemy is the real one,
    from the test extra)."""
    module = types.ModuleType("bottle_sqlite")
    module.Plugin = module.SQLitePlugin = SQLitePlugin
    monkeypatch.setitem(sys.modules, "bottle_sqlite", module)


def run_both(source: str, tmp_path, app: str = "app"):
    """The Bottle app and its port, each on its own copy of the database file."""
    result = port(source)
    assert result.status == "success", result.error
    clients = []
    for name, code in (("bottle", source), ("flask", result.code)):
        ns = {"__name__": f"{name}_app", "DB": str(tmp_path / f"{name}.db")}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            exec(compile(code, f"{name}_app.py", "exec"), ns)
        clients.append(webtest.TestApp(ns[app]))
    return result, clients


# -- what is left alone ----------------------------------------------------------------
def test_an_install_that_is_not_bottles_and_path_parameters_are_left_alone():
    result = port('''
        from bottle import Bottle

        import packages

        app = Bottle()
        packages.install("requests")


        @app.route("/item/<name>")
        def item(name):
            return name
    ''')
    assert 'app = Flask(__name__, static_folder=None)\n' \
        'packages.install("requests")\n' in result.code
    assert "def item(name):" in result.code and result.todos == []


def test_a_view_parameter_with_a_default_needs_no_plugin():
    check('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/")
        def index(page=1):
            return str(page)
    ''', '''
        from flask import Flask

        app = Flask(__name__, template_folder="views", static_folder=None)


        @app.route("/")
        def index(page=1):
            return str(page)
    ''')


# -- any other plugin: kept by bottle_plugins.py, under a TODO ------------------------------
def test_install_apply_and_skip_of_plugins_imported_are_kept_by_bottle_plugins():
    source = '''
from bottle import Bottle, install

import audit

app = Bottle()
install(audit.Plugin())
app.install(audit.Plugin(level=2))
app.uninstall(audit.Plugin)


@app.route("/", apply=[audit.logged], skip=["json"])
def index():
    return "home"
'''
    result = port(source)
    code = result.code
    assert "from bottle_plugins import install_plugin, route_plugins, uninstall_plugin\n" in code
    assert "\ninstall_plugin(app, audit.Plugin())\n" in code
    assert "\ninstall_plugin(app, audit.Plugin(level=2))\n" in code
    assert "\nuninstall_plugin(app, audit.Plugin)\n" in code
    assert '@app.route("/")\n@route_plugins(app, apply=[audit.logged], skip=["json"])\n' \
        'def index():' in code
    assert [t["code"] for t in result.todos] == ["P019"] * 4
    assert "skip= turned Bottle's JSON plugin off" in result.todos[-1]["text"]
    assert all(len(line) <= 100 for line in code.splitlines())
    assert not any(t["breaks"] for t in result.todos)


def test_a_plugin_inside_a_factory_or_on_an_app_attribute_is_kept_there_too():
    result = port('''
        import bottle

        import auth


        class Site:
            def __init__(self):
                self.web = bottle.Bottle()
                self.web.install(auth.Plugin())


        def make_app():
            app = bottle.Bottle()
            app.install(auth.Plugin())
            return app
    ''')
    assert ".install(" not in result.code
    assert "        install_plugin(self.web, auth.Plugin())" in result.code
    assert "    install_plugin(app, auth.Plugin())\n    return app" in result.code
    compile(result.code, "app.py", "exec")


def test_a_parameter_a_plugin_passes_is_left_to_the_plugin_kept():
    result = port('''
        from bottle import Bottle

        from tokens import TokenPlugin

        app = Bottle()
        app.install(TokenPlugin(keyword="user"))


        @app.route("/me")
        def me(user):
            return user.name
    ''')
    assert 'install_plugin(app, TokenPlugin(keyword="user"))' in result.code
    assert "def me(user):" in result.code  # the plugin passes it, as in Bottle
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P019", False)]


# -- bottle-sqlite ---------------------------------------------------------------------
SQLITE_APP = '''
from bottle import Bottle, redirect, request
from bottle_sqlite import SQLitePlugin

app = Bottle()
app.install(SQLitePlugin(dbfile=DB, keyword="store"))


@app.route("/")
def index(store):
    """The notes, oldest first."""
    store.execute("CREATE TABLE IF NOT EXISTS notes (text TEXT)")
    return ", ".join(row["text"] for row in store.execute("SELECT text FROM notes"))


@app.post("/add")
def add(store):
    store.execute("CREATE TABLE IF NOT EXISTS notes (text TEXT)")
    store.execute("INSERT INTO notes VALUES (?)", (request.forms.get("text"),))
    redirect("/")
'''


def test_bottle_sqlite_becomes_flasks_per_request_connection():
    result = port(SQLITE_APP)
    code = result.code
    assert "bottle_sqlite" not in code and ".install(" not in code
    assert '''
def get_db():
    """The request's SQLite connection, opened on first use (bottle-sqlite's, before)."""
    if "db" not in g:
        g.db = sqlite3.connect(DB)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(error):
    db = g.pop("db", None)
    if db is not None:
        if error is None:
            db.commit()
        db.close()


@app.route("/")
def index():
    """The notes, oldest first."""
    store = get_db()
''' in code
    assert "def add():\n    store = get_db()\n" in code
    assert result.todos == []


def test_the_sqlite_port_answers_as_the_original_on_a_real_database(plugin_packages, tmp_path):
    _, clients = run_both(SQLITE_APP, tmp_path)
    for client in clients:
        assert client.get("/").text == ""
        client.post("/add", {"text": "milk"})
        client.post("/add", {"text": "eggs"})
    bottle_client, flask_client = clients
    assert flask_client.get("/").text == bottle_client.get("/").text == "milk, eggs"
    rows = sqlite3.connect(tmp_path / "flask.db").execute("SELECT text FROM notes").fetchall()
    assert rows == [("milk",), ("eggs",)]


def test_sqlite_without_autocommit_or_dict_rows_is_ported_as_it_was(plugin_packages, tmp_path):
    source = '''
import bottle_sqlite
from bottle import Bottle

app = Bottle()
plugin = bottle_sqlite.Plugin(DB, False, False)
app.install(plugin)


@app.route("/add/<text>")
def add(text, db):
    db.execute("CREATE TABLE IF NOT EXISTS notes (text TEXT)")
    db.execute("INSERT INTO notes VALUES (?)", (text,))
    db.commit()
    db.execute("INSERT INTO notes VALUES ('never committed')")
    return str(db.execute("SELECT count(*) FROM notes").fetchone()[0])


@app.route("/")
def index(db):
    return repr(db.execute("SELECT text FROM notes").fetchall())
'''
    result, clients = run_both(source, tmp_path)
    assert "row_factory" not in result.code and "commit()\n        db.close" not in result.code
    assert "plugin" not in result.code and "bottle_sqlite" not in result.code
    for client in clients:
        assert client.get("/add/tea").text == "2"
    assert clients[1].get("/").text == clients[0].get("/").text == "[('tea',)]"


def test_sqlite_options_the_port_cannot_reproduce_leave_the_plugin_to_a_todo():
    result = port('''
        from bottle import Bottle
        from bottle_sqlite import SQLitePlugin

        app = Bottle()
        app.install(SQLitePlugin(dbfile="x.db", functions={"f": (1, len)}))


        @app.route("/")
        def index(db):
            return "x"
    ''')
    assert 'install_plugin(app, SQLitePlugin(dbfile="x.db", functions=' in result.code
    assert [t["breaks"] for t in result.todos] == [False]
    assert "def index(db):" in result.code and "SQLitePlugin(dbfile=" in result.todos[0]["text"]


# -- bottle-sqlalchemy -----------------------------------------------------------------
SQLALCHEMY_APP = '''
from bottle import Bottle, abort
from bottle_sqlalchemy import Plugin
from sqlalchemy import Column, Integer, String, create_engine
from sqlalchemy.orm import declarative_base

Base = declarative_base()


class Note(Base):
    __tablename__ = "notes"
    id = Column(Integer, primary_key=True)
    text = Column(String)


engine = create_engine("sqlite:///" + DB)
app = Bottle()
app.install(Plugin(engine, Base.metadata, keyword="db", create=True, commit=True))


@app.route("/")
def index(db):
    return ", ".join(note.text for note in db.query(Note).order_by(Note.id))


@app.route("/add/<text>")
def add(text, db):
    db.add(Note(text=text))
    return "added"
'''


def test_bottle_sqlalchemy_becomes_a_scoped_session_removed_at_teardown():
    result = port(SQLALCHEMY_APP)
    assert '''
db_session = scoped_session(sessionmaker(bind=engine))
Base.metadata.create_all(engine)


@app.teardown_appcontext
def remove_db_session(error):
    if error is None:
        db_session.commit()
    db_session.remove()


@app.route("/")
def index():
    db = db_session()
''' in result.code
    assert "scoped_session, sessionmaker\n" in result.code
    assert "bottle_sqlalchemy" not in result.code and result.todos == []


def test_the_sqlalchemy_port_answers_as_the_original(tmp_path):
    _, clients = run_both(SQLALCHEMY_APP, tmp_path)
    for client in clients:
        client.get("/add/milk")
        client.get("/add/eggs")
    assert clients[1].get("/").text == clients[0].get("/").text == "milk, eggs"


# -- kit port's exit status ------------------------------------------------------------
def test_kit_port_does_not_call_a_port_with_a_breaking_todo_done(tmp_path, capsys):
    src = write_files(tmp_path / "src", {"app.py": '''
from bottle import Bottle, request

app = Bottle()


@app.route("/")
def index():
    return request.bind
'''})
    assert kit(["port", str(src), "-o", str(tmp_path / "out")]) == 5
    out, err = capsys.readouterr()
    assert "run it" not in out
    report = (tmp_path / "out" / "PORTING-REPORT.md").read_text()
    assert "- `app.py:8` P004 (fails when it runs): request.bind" in report
    assert err.splitlines()[-1] == ("bottle2flask port: not done: app.py:8: P004 TODO on code "
                                    "that fails when it runs")


def test_kit_port_with_a_plugin_commented_out_starts_and_says_run_it(tmp_path, capsys):
    src = write_files(tmp_path / "src", {"app.py": '''
from bottle import Bottle

import audit

app = Bottle()
app.install(audit.Plugin())


@app.route("/")
def index():
    return "home"
''', "audit.py": '''
class Plugin:
    name, api = "audit", 2

    def apply(self, callback, route):
        return callback
'''})
    assert kit(["port", str(src), "-o", str(tmp_path / "out")]) == 0
    assert "run it: cd" in capsys.readouterr().out
    client = webtest.TestApp(load(str(tmp_path / "out" / "app.py")).wsgi)  # it starts
    assert client.get("/").text == "home"


def test_the_sqlite_pattern_on_bottles_default_app_is_pep8_and_runs(tmp_path):
    source = '''
import bottle
from bottle_sqlite import SQLitePlugin

bottle.install(SQLitePlugin(dbfile=DB))


@bottle.route("/")
def index(db):
    db.execute("CREATE TABLE IF NOT EXISTS t (x)")
    return str(db.execute("SELECT count(*) FROM t").fetchone()[0])
'''
    result = port(source)
    ns = {"__name__": "ported", "DB": str(tmp_path / "flask.db")}
    exec(compile(result.code, "ported.py", "exec"), ns)
    assert webtest.TestApp(ns["app"]).get("/").text == "0"
    (tmp_path / "ported.py").write_text(result.code)
    lint = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated",
                           "--select", "E,F,W", "--line-length", "100", "--ignore", "F821",
                           str(tmp_path / "ported.py")], capture_output=True, text=True)
    assert lint.returncode == 0, lint.stdout  # F821: DB is given by the test


def test_views_in_another_module_open_the_connection_the_apps_module_defines(
        plugin_packages, tmp_path, monkeypatch):
    src = write_files(tmp_path / "src", {
        "app.py": '''
            from bottle import Bottle
            from bottle_sqlite import SQLitePlugin

            app = Bottle()
            app.install(SQLitePlugin(dbfile="notes.db"))

            import views  # noqa: E402,F401  (the routes register on import)
        ''',
        "views.py": '''
            from app import app


            @app.route("/count/<table>")
            def count(table, db):
                db.execute(f"CREATE TABLE IF NOT EXISTS {table} (x)")
                db.execute(f"INSERT INTO {table} VALUES (1)")
                return str(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
        '''})
    result = port_tree(src, tmp_path / "out")
    views = (tmp_path / "out" / "views.py").read_text()
    assert "from app import app, get_db\n" in views
    assert "def count(table):\n    db = get_db()\n" in views
    assert not any(t["breaks"] for m in result.modules for t in m.todos)
    for folder in (src, tmp_path / "out"):
        with monkeypatch.context() as patch:  # `import app`, as `flask --app app` does
            patch.chdir(folder)
            patch.syspath_prepend(str(folder))
            for name in ("app", "views"):
                patch.delitem(sys.modules, name, raising=False)
            client = webtest.TestApp(importlib.import_module("app").app)
            assert [client.get("/count/t").text for _ in range(2)] == ["1", "2"]
        forget_modules("app", "views")


def test_a_function_installed_with_the_install_decorator_is_kept_installed():
    result = port('''
        import bottle

        app = bottle.Bottle()


        @app.install
        def stamp(callback):
            return callback


        @bottle.install
        def other(callback):
            return callback
    ''')
    assert [t["code"] for t in result.todos] == ["P019", "P019"]
    assert "\n# TODO(flask-port/P019): this function is installed" in result.code
    assert "\n@install_plugin(app)\ndef stamp(callback):" in result.code
    assert "\n@install_plugin(app)\ndef other(callback):" in result.code


@pytest.mark.parametrize(("imports", "plugin"), [
    ("import bottle.ext.sqlite", "bottle.ext.sqlite.Plugin"),
    ("from bottle.ext import sqlite", "sqlite.Plugin"),
    ("from bottle.ext.sqlite import Plugin", "Plugin"),
])
def test_bottles_old_ext_namespace_for_the_plugin_is_converted_too(imports, plugin):
    result = port(f'''
import bottle
{imports}

app = bottle.Bottle()
app.install({plugin}(dbfile="sqlite.db"))


@app.route("/")
def top(db):
    return db.execute("SELECT 1").fetchone()[0]
''')
    assert "ext." not in result.code and " ext" not in result.code and result.todos == []
    assert "def top():\n    db = get_db()\n" in result.code


BROKEN_SQLITE = '''
"""bottle-sqlite 0.2.0 as released: it reads the view's parameters with getargspec."""
import inspect
import sqlite3


class Plugin:
    name, api = "sqlite", 2

    def __init__(self, dbfile=":memory:", keyword="db", **options):
        self.dbfile, self.keyword = dbfile, keyword

    def apply(self, callback, route):
        argspec = inspect.getargspec(route.callback)
        if self.keyword not in argspec.args:
            return callback
        return lambda *a, **ka: callback(*a, **{**ka, self.keyword: sqlite3.connect(self.dbfile)})


SQLitePlugin = Plugin
'''


def test_a_plugin_that_cannot_run_on_this_python_is_declared_on_its_routes(tmp_path,
                                                                            monkeypatch):
    """Found by the trials (practice): bottle-sqlite 0.2.0 calls inspect.getargspec, gone
    in Python 3.11: the original's pages were a 500, the port's work."""
    packages = tmp_path / "site"
    packages.mkdir()
    (packages / "bottle_sqlite.py").write_text(BROKEN_SQLITE)
    monkeypatch.syspath_prepend(str(packages))
    monkeypatch.delitem(sys.modules, "bottle_sqlite", raising=False)
    src = write_files(tmp_path / "src", {"app.py": '''
        from bottle import Bottle
        from bottle_sqlite import SQLitePlugin

        app = Bottle()
        app.install(SQLitePlugin(dbfile="data.db"))


        @app.route("/")
        def home(db):
            return str(db.execute("SELECT 1").fetchone()[0])


        @app.route("/plain")
        def plain():
            return "plain"
    '''})
    result = port_tree(src, tmp_path / "out")
    module = result.modules[0]
    assert [(d["id"], d["paths"]) for d in module.declared] == [("D-plugin-error", ["/"])]
    assert "bottle_sqlite calls inspect.getargspec" in module.declared[0]["detail"]
    assert 'status = "500"\npath = "/"' in (tmp_path / "out" / "parity.toml").read_text()
    assert kit(["parity", str(src / "app.py"), str(tmp_path / "out" / "app.py"),
                "--quiet"]) == 0
    forget_modules("bottle_sqlite")


def test_a_view_routed_by_callback_gets_the_parameter_from_the_plugin_kept(tmp_path):
    """Found by the trials (bottle-sql): `app.route(path="/", callback=index)` with the
    app's own plugin passing `db`: the port exited 0 with a view that always fails. The
    plugin is kept now (bottle_plugins.py), and passes it as in Bottle."""
    src = write_files(tmp_path / "src", {"app.py": '''
        from bottle import Bottle

        import store

        app = Bottle()
        app.install(store.Plugin())


        def index(db):
            return str(db.count())


        def page(name):
            return name


        app.route(path="/", method="GET", callback=index)
        app.route("/<name>", "GET", page)
    ''', "store.py": "class Plugin:\n    api = 2\n"})
    assert kit(["port", "--no-check", str(src), "-o", str(tmp_path / "out")]) == 0
    code = (tmp_path / "out" / "app.py").read_text()
    assert "install_plugin(app, store.Plugin())" in code and "def index(db):" in code
    assert "view parameter" not in code
    assert (tmp_path / "out" / "bottle_plugins.py").is_file()


def test_a_converted_plugin_opens_its_connection_in_a_callback_routed_view(tmp_path,
                                                                           plugin_packages):
    src = write_files(tmp_path / "src", {"app.py": '''
        from bottle import Bottle
        from bottle_sqlite import SQLitePlugin

        app = Bottle()
        app.install(SQLitePlugin(dbfile="data.db"))


        def index(db):
            return str(db.execute("SELECT 1").fetchone()[0])


        app.route("/", callback=index)
    '''})
    port_tree(src, tmp_path / "out")
    code = (tmp_path / "out" / "app.py").read_text()
    assert "def index():\n    db = get_db()\n" in code
    assert "TODO" not in code


def test_a_plugin_call_written_over_several_lines_gets_a_one_line_todo():
    """Found by the trials (caius-rooms): the TODO quoted the call with its newlines, and
    LibCST refused the comment: the whole module was copied unported."""
    result = port('''
        from bottle import Bottle

        import audit

        app = Bottle()
        app.install(audit.Plugin(
            level=2,
            name="audit"))
    ''')
    assert result.status == "success", result.error
    assert '# TODO(flask-port/P019): Bottle plugin audit.Plugin( level=2, name="audit") kept' \
        in result.code
    assert "install_plugin(app, audit.Plugin(\n    level=2,\n    name=\"audit\"))" in result.code
    compile(result.code, "app.py", "exec")


def test_bottle_sqlalchemy_with_use_kwargs_is_converted_too():
    result = port(SQLALCHEMY_APP.replace("commit=True)", "commit=True, use_kwargs=True)"))
    assert "db_session = scoped_session(sessionmaker(bind=engine))" in result.code
    assert "def index():\n    db = db_session()" in result.code
    assert result.todos == []


def test_a_view_parameter_nothing_passes_fails_alike_and_blocks_nothing(tmp_path):
    """Found by the trials (a course folder): `@route('/download/file') def download(file)`
    with no plugin in the app is a 500 in Bottle; the port was called not done."""
    source = '''
        from bottle import Bottle

        app = Bottle()


        @app.route("/download/file")
        def download(file):
            return file
    '''
    result = port(source)
    [todo] = result.todos
    assert not todo["breaks"] and "no plugin passes it" in todo["text"]
    src = write_files(tmp_path / "src", {"app.py": source})
    assert kit(["port", "--no-check", str(src), "-o", str(tmp_path / "out")]) == 0
    for path in (src / "app.py", tmp_path / "out" / "app.py"):
        client = webtest.TestApp(load(str(path)).wsgi)
        assert client.get("/download/file", expect_errors=True).status_int == 500


def test_a_static_scripts_apply_is_no_plugin_the_view_parameter_could_come_from(tmp_path):
    """Trial class RULE-s46 E (le_bakerys): the folder's jQuery spells `.apply(` many
    times; read as a plugin's use, the view parameter nothing passes was a breaking TODO
    and the port not done (exit 5) though Bottle answers the same 500. Only the app's
    Python counts."""
    source = '''
        from bottle import post


        @post("/delete/<no:int>")
        def delete_item(no):
            return "deleted %d" % no


        @post("/add/products")
        def add_item(no):
            return "added %s" % no
    '''
    src = write_files(tmp_path / "src", {
        "app.py": source,
        "static/lib.js": "function f() { return g.apply(this, arguments); }\n"})
    assert kit(["port", "--no-check", str(src), "-o", str(tmp_path / "out")]) == 0
    for path in (src / "app.py", tmp_path / "out" / "app.py"):
        client = webtest.TestApp(load(str(path)).wsgi)
        assert client.post("/delete/3").text == "deleted 3"
        assert client.post("/add/products", expect_errors=True).status_int == 500


# -- plugins kept: as decorators where provable, else by bottle_plugins.py ----------------
DECORATORS = '''
from bottle import Bottle

app = Bottle()


def logged(callback):
    def wrapper(*args, **kwargs):
        return "[" + callback(*args, **kwargs) + "]"
    return wrapper


def timed(callback):
    def wrapper(*args, **kwargs):
        return "<" + callback(*args, **kwargs) + ">"
    return wrapper


app.install(logged)


@app.route("/", apply=[timed])
def index():
    return "home"


@app.route("/raw", skip=[logged])
def raw():
    return "raw"


@app.route("/all", skip=True, apply=timed)
def bare():
    return "bare"


@app.route("/later/<name>")
def later(name):
    return name
'''


def test_a_plain_decorator_installed_and_applied_decorates_the_views(tmp_path):
    """install(decorator), apply= and skip= were taken out under a TODO: every page lost
    what they added. A decorator of the module's own is written on the views."""
    from .helpers import answers, both_apps

    result = port(DECORATORS)
    assert "bottle_plugins" not in result.code
    # skip=True: Bottle's JSON plugin is off there too, which Flask cannot turn off
    assert [t["text"].split(" for ")[0] for t in result.todos] == [
        "skip= turned Bottle's JSON plugin off"]
    assert '@app.route("/", endpoint="index")\n@logged\n@timed\ndef index():' in result.code
    assert '@app.route("/raw")\ndef raw():' in result.code
    assert '@app.route("/all")\ndef bare():' in result.code
    assert "install" not in result.code
    bottle_app, flask_app = both_apps(tmp_path, DECORATORS, "decorators")
    for path, body in (("/", "[<home>]"), ("/raw", "raw"), ("/all", "bare"),
                       ("/later/x", "[x]")):
        assert answers(bottle_app, path) == answers(flask_app, path) == (200, body), path


PLUGIN_OBJECTS = '''
from bottle import Bottle

TABLES = []


class Stats:
    name = "stats"
    api = 2

    def __init__(self, label):
        self.label = label

    def setup(self, app):
        TABLES.append(self.label)  # a table made at install: the routes below read it

    def apply(self, callback, route):
        def wrapper(*args, **kwargs):
            return self.label + ":" + route.rule + ":" + callback(*args, **kwargs)
        return wrapper


def shout(callback):
    return lambda *args, **kwargs: callback(*args, **kwargs).upper()


app = Bottle()
app.install(Stats("one"))
TABLES.append("after")


@app.route("/", apply=[shout])
def index():
    return ",".join(TABLES)


@app.route("/quiet", skip=["stats"])
def quiet():
    return "quiet"


@app.route("/bare", skip=True, apply=shout)
def bare():
    return "bare"


@app.route("/gone")
def gone():
    app.uninstall(Stats)
    return "gone"


app.install(shout)
'''


def test_plugin_objects_keep_their_setup_order_apply_skip_and_uninstall(tmp_path):
    """A plugin class (setup() at install, apply(callback, route)), one installed after
    the routes (Bottle applies it lazily), skip= by name and True, and an uninstall in a
    view: kept by bottle_plugins.py with Bottle's semantics, each in its place."""
    from .helpers import answers, both_apps

    result = port(PLUGIN_OBJECTS)
    assert "install_plugin(app, Stats(\"one\"))\nTABLES.append(\"after\")" in result.code
    assert "@app.route(\"/quiet\")\n@route_plugins(app, skip=[\"stats\"])\n" in result.code
    assert "    uninstall_plugin(app, Stats)\n" in result.code
    assert not any(t["breaks"] for t in result.todos)
    bottle_app, flask_app = both_apps(tmp_path, PLUGIN_OBJECTS, "objects")
    assert (tmp_path / "out" / "bottle_plugins.py").is_file()
    for path, body in (("/quiet", "QUIET"), ("/bare", "bare"), ("/", "one:/:ONE,AFTER")):
        assert answers(bottle_app, path)[1] == answers(flask_app, path)[1] == body, path
    for client in (bottle_app, flask_app):  # Stats wraps the view that uninstalls it
        assert answers(client, "/gone") == (200, "one:/gone:GONE")
        assert answers(client, "/") == (200, "ONE,AFTER")  # then no more
        assert answers(client, "/quiet") == (200, "QUIET")  # shout is still installed


BY_CALL = '''
from bottle import Bottle

app = Bottle()


def timed(callback):
    def wrapper(*args, **kwargs):
        return "<" + callback(*args, **kwargs) + ">"
    return wrapper


def index():
    return "home"


def page(name):
    return name


app.route("/", callback=index, apply=[timed])
app.route("/p/<name>", "GET", page, apply=timed, skip=True)
app.route("/q/<name>", apply=[timed])(page)
'''


def test_apply_and_skip_on_a_route_made_by_a_call_mark_its_callback(tmp_path):
    """`app.route(path, callback=view, apply=...)` became add_url_rule(..., apply=...):
    a TypeError at import, no page served."""
    from .helpers import answers, both_apps

    result = port(BY_CALL)
    assert 'view_func=route_plugins(app, apply=[timed])(index)' in result.code
    assert 'route_plugins(app, apply=timed, skip=True)(page)' in result.code
    bottle_app, flask_app = both_apps(tmp_path, BY_CALL, "bycall")
    for path, body in (("/", "<home>"), ("/p/x", "x"), ("/q/y", "<y>")):
        assert answers(bottle_app, path) == answers(flask_app, path) == (200, body), path


def test_a_script_in_a_folder_of_its_own_finds_bottle_plugins_beside_it(tmp_path):
    """The helper module goes where its users run from (web/run.py imports it from web/),
    as bottle_compat.py does."""
    from .helpers import answers, both_folders

    bottle_app, flask_app = both_folders(tmp_path, {"web/run.py": PLUGIN_OBJECTS},
                                         "pluginfolder", entry="web/run.py:app")
    assert (tmp_path / "out" / "web" / "bottle_plugins.py").is_file()
    assert not (tmp_path / "out" / "bottle_plugins.py").exists()
    assert answers(bottle_app, "/quiet") == answers(flask_app, "/quiet") == (200, "QUIET")


def test_a_packaged_plugin_reading_bottles_request_and_setting_its_cookie_answers_alike(
        tmp_path, monkeypatch):
    """RULE-s41 class F (marcoscastro/sistema_login): bottle_session's SessionPlugin, kept
    by bottle_plugins.py, hands the view `session` from its own module, which reads
    Bottle's request.get_cookie and sets Bottle's response cookie: under Flask, Bottle's
    request was not bound (RuntimeError: Request context not initialized), a 500. While
    a plugin's wrapper runs, Bottle's request reads Flask's environ and the cookie it
    sets is sent."""
    from textwrap import dedent

    from .helpers import both_folders

    site = tmp_path / "site"
    site.mkdir()
    (site / "s41f_session_plugin.py").write_text(dedent('''
        import inspect

        from bottle import request, response


        class SessionPlugin:
            name = "session"
            api = 2

            def apply(self, callback, route):
                if "session" not in inspect.signature(route.callback).parameters:
                    return callback

                def wrapper(*args, **kwargs):
                    uid = request.get_cookie("uid") or "new"
                    response.set_cookie("uid", uid + "+", path="/")
                    response.set_header("X-Session", uid)
                    kwargs["session"] = {"uid": uid}
                    return callback(*args, **kwargs)
                return wrapper
    '''))
    monkeypatch.syspath_prepend(str(site))
    bottle_app, flask_app = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle

        from s41f_session_plugin import SessionPlugin

        app = Bottle()
        app.install(SessionPlugin())


        @app.route("/")
        def index(session):
            return "hello " + session["uid"]


        @app.route("/plain")
        def plain():
            return "plain"


        @app.route("/fails")
        def fails(session):
            raise ValueError(session["uid"])
    '''}, "s41f_plugin_cookie")
    for client in (bottle_app, flask_app):
        first = client.get("/")
        assert (first.status_int, first.text) == (200, "hello new")
        assert first.headers["X-Session"] == "new"
        assert "uid=new+" in first.headers["Set-Cookie"]
        again = client.get("/")
        assert again.text == "hello new+"
        plain = client.get("/plain")
        assert plain.text == "plain" and "X-Session" not in plain.headers
        failed = client.get("/fails", expect_errors=True)
        assert failed.status_int == 500
        assert "Set-Cookie" not in failed.headers and "X-Session" not in failed.headers
    forget_modules("s41f_session_plugin")


@pytest.fixture
def own_default_app():
    """A Bottle default app of the test's own while it runs: the app's `install()` and
    routes would otherwise stay on the one every test of the process shares."""
    bottle.app.push()
    yield
    bottle.app.pop()


def test_sqlite_installed_in_a_function_of_another_module_keeps_get_db_importable(
        plugin_packages, own_default_app, tmp_path):
    """RULE-s47's class A (nebil/lommebok): `def initialize(): install(sqlite.Plugin(...))`
    in database.py; the app imports database and calls it. get_db was defined inside
    initialize(), the app's `from database import get_db` an ImportError: the port did
    not start. The pattern now goes to database.py's top."""
    files = {"database.py": '''
        import sqlite3
        from bottle import install
        from bottle.ext import sqlite

        PATH = "a.sqlite3"


        def initialize():
            install(sqlite.Plugin(dbfile=PATH, keyword="conn"))
            conn = sqlite3.connect(PATH)
            conn.execute("CREATE TABLE IF NOT EXISTS item(name TEXT)")
            conn.commit()
        ''', "web.py": '''
        import database
        from bottle import get, default_app


        @get("/items")
        def items(conn):
            return str(conn.execute("SELECT count(*) FROM item").fetchone()[0])


        database.initialize()
        app = default_app()
        '''}
    import os

    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        bottle_app, flask_app = both_folders(tmp_path, files, "sqliteinfunction")
        for client in (bottle_app, flask_app):
            assert answers(client, "/items") == (200, "0")
    finally:
        os.chdir(cwd)
    database = (tmp_path / "out" / "database.py").read_text()
    assert database.index("def get_db():") > database.index("def initialize():")
    assert "    def get_db" not in database


SQLITE_IN_SETUP = '''
    import os
    import bottle
    from bottle_sqlite import SQLitePlugin

    app = bottle.Bottle()


    @app.route("/count")
    def count(db):
        db.execute("CREATE TABLE IF NOT EXISTS item(name TEXT)")
        return str(db.execute("SELECT count(*) FROM item").fetchone()[0])


    def setup():
        {body}


    setup()

    if __name__ == "__main__":
        app.run()
    '''


@pytest.mark.parametrize(("label", "body"), [
    ("dunder", 'app.install(SQLitePlugin(dbfile=os.path.join(os.path.dirname(__file__), '
               '"a.db")))'),
    ("local", 'config = {"db": "a.db"}\n        app.install(SQLitePlugin(dbfile=config["db"]))'),
])
def test_sqlite_installed_in_a_function_serves_the_modules_own_views(
        plugin_packages, tmp_path, monkeypatch, label, body):
    """RULE-s50's AVrateVoyager: `def setup(): app.install(SQLitePlugin(dbfile=os.path.join(
    os.path.dirname(__file__), ...)))` and views of the same module taking `db`. `__file__`
    and `os.path.join`'s attribute names were read as the function's own names, so the
    pattern stayed inside setup(): get_db() a NameError in every view (each page a 500,
    the check's repair then moved all 36 sites of the module). Names the module gets for
    free are the module's; a file named by the function's own names is set in the app's
    config there, which get_db() at the module's top reads (the Flask tutorial's way).
    The pattern stands right after the function, above the main guard that serves."""
    monkeypatch.chdir(tmp_path)
    source = SQLITE_IN_SETUP.format(body=body)
    bottle_app, flask_app = both_folders(tmp_path, {"web.py": source}, f"sqlitesetup_{label}")
    for client in (bottle_app, flask_app):
        assert answers(client, "/count") == (200, "0")
    web = (tmp_path / "out" / "web.py").read_text()
    assert "\ndef get_db():" in web
    assert web.index("def setup():") < web.index("def get_db():") \
        < web.index('if __name__ == "__main__":')
    reported = json.loads((tmp_path / "out" / "porting-report.json").read_text())
    assert [s["exact"] for m in reported["modules"] for s in m["sites"]
            if s["kind"] == "plugin-pattern"] == []  # asked only of exact ports
    if label == "local":
        assert 'app.config["DATABASE"] = config["db"]' in web
        assert 'sqlite3.connect(current_app.config["DATABASE"])' in web
    else:
        assert "current_app" not in web


def test_a_plugin_defined_after_views_made_in_a_loop_still_wraps_them(tmp_path):
    """Found by the generator (s47): views defined in a loop, then the plugin's def and
    its install. Only the module's top-level views were weighed, so the plugin became a
    decorator on the loop's views above its own def: a NameError at import, the port did
    not start. A view a loop (or any statement) holds counts where that statement is."""
    bottle_app, flask_app = both_folders(tmp_path, {"web.py": '''
        import bottle

        app = bottle.Bottle()


        for label in ("a", "b"):
            @app.get("/r1/" + label)
            def r1(label=label):
                return "r1 " + label


        def stamp(callback):
            def wrapper(*args, **kwargs):
                bottle.response.set_header("X-Plugin", "1")
                return callback(*args, **kwargs)

            return wrapper


        app.install(stamp)
        '''}, "loop_plugin")
    for client in (bottle_app, flask_app):
        answer = client.get("/r1/b")
        assert (answer.text, answer.headers["X-Plugin"]) == ("r1 b", "1")


SUB_APPS_IN_A_LOOP = {
    "apps/__init__.py": '''
        from .notes import notes_app as notes
        from .tags import tags
        ''',
    "apps/notes.py": '''
        from bottle import Bottle

        notes_app = Bottle()


        @notes_app.get("/count")
        def count(db):
            return str(db.execute("SELECT count(*) FROM note").fetchone()[0])
        ''',
    "apps/tags.py": '''
        from bottle import Bottle

        tags = Bottle()


        @tags.get("/<name>")
        def tag(name, db, stamp):
            return f"{name} {stamp} {db.execute('SELECT 2').fetchone()[0]}"
        ''',
    "web.py": '''
        import sqlite3

        from bottle import Bottle
        from bottle_sqlite import SQLitePlugin

        import apps


        class Stamp:
            api = 2

            def apply(self, callback, route):
                def wrapper(*args, **kwargs):
                    return callback(*args, stamp="stamped", **kwargs)
                return wrapper


        with sqlite3.connect("k.db") as made:
            made.execute("CREATE TABLE IF NOT EXISTS note(text TEXT)")
        root = Bottle()
        root.mount("/notes/", apps.notes)
        root.mount("/tags/", apps.tags)

        for sub in (apps.notes, apps.tags):
            sub.install(SQLitePlugin(dbfile="k.db"))
        stamped = [apps.tags]
        for sub in stamped:
            sub.install(Stamp())
        ''',
}


def test_plugins_installed_in_a_loop_over_mounted_sub_apps_are_kept_on_each(
        plugin_packages, tmp_path, monkeypatch):
    """Class K (RULE-s47, EnfauKerus/honkers_bottle): `for app in (apps.auth, ...):
    app.install(SQLitePlugin(...))` on sub-apps another module makes and mounts, a list
    bound to a name too. The port called `install` on a Flask app (AttributeError: it
    did not start); each sub-app now keeps the plugin (bottle_plugins), its views
    taking `db` (and a plugin object's keyword) as on Bottle, with no breaking TODO."""
    monkeypatch.chdir(tmp_path)
    bottle_app, flask_app = both_folders(tmp_path, SUB_APPS_IN_A_LOOP, "subapploop",
                                         entry="web.py:root")
    for path in ("/notes/count", "/tags/red"):
        assert answers(bottle_app, path) == answers(flask_app, path), path
    assert answers(flask_app, "/tags/red") == (200, "red stamped 2")
    assert answers(flask_app, "/notes/count") == (200, "0")
    web = (tmp_path / "out" / "web.py").read_text()
    assert "install_plugin(sub, SQLitePlugin(dbfile=\"k.db\"))" in web
    assert "install_plugin(sub, Stamp())" in web and ".install(" not in web
    for module in ("notes", "tags"):
        assert "TODO" not in (tmp_path / "out" / "apps" / f"{module}.py").read_text()


def test_a_routes_apply_site_gives_its_decorators_or_route_plugins_as_its_forms():
    """A route's apply= is a site ("plugin") whose forms are values: its decorators under
    the app's (idiomatic), or route_plugins() under the route (exact), which
    Settings.exact takes by the site's key, that route alone."""
    key = "web.py:index:P019:plugin:0"
    default = port_source(dedent(DECORATORS), "web.py")
    exact = port_source(dedent(DECORATORS), "web.py", exact=frozenset({key}))
    site = next(s for s in default.sites if s["key"] == key)
    assert site["forms"] == {"idiomatic": "@timed\n",
                             "exact": "@route_plugins(app, apply=[timed])\n"}
    assert not site["exact"] and next(s for s in exact.sites if s["key"] == key)["exact"]
    assert '@app.route("/", endpoint="index")\n@logged\n@timed\ndef index():' in default.code
    # (the installed decorator first in its apply=: Bottle wraps the route's own inside)
    assert '@app.route("/")\n@route_plugins(app, apply=[logged, timed])\ndef index():' \
        in exact.code
    assert "from bottle_plugins import route_plugins" in exact.code
    assert "bottle_plugins" not in default.code
    assert '@app.route("/all")\ndef bare():' in exact.code  # the other routes as they were


def test_a_routes_apply_site_named_exact_keeps_bottles_order_under_an_idiomatic_install(
        tmp_path):
    """Bottle wraps a route's apply= plugins inside the app's installed ones (Route.
    all_plugins): `[<home>]`. The exact apply= site under the installs' idiomatic form
    (decorators) put the installed decorator under route_plugins(), inside the route's
    plugin: `<[home]>`."""
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(dedent(DECORATORS).lstrip())
    port_tree(src, out, exact=frozenset({"web.py:index:P019:plugin:0"}))
    bottle_app = webtest.TestApp(load(f"{src / 'web.py'}:app", {}, "order_bottle").wsgi)
    flask_app = webtest.TestApp(load(f"{out / 'web.py'}:app", {}, "order_flask").wsgi)
    for path, body in (("/", "[<home>]"), ("/raw", "raw"), ("/all", "bare"),
                       ("/later/x", "[x]")):
        assert answers(bottle_app, path) == answers(flask_app, path) == (200, body), path
    assert "@route_plugins(app, apply=[logged, timed])\ndef index():" in (
        out / "web.py").read_text()


def test_the_database_plugins_site_named_exact_keeps_them_installed_as_bottle_runs_them():
    """plugin-pattern (asked where the port takes exact forms at all): named exact by its
    key, the module's database plugin is kept by bottle_plugins, as under --faithful,
    and the views take its keyword as Bottle passed it (no get_db())."""
    key = "web.py:<module>:P019:plugin-pattern:0"
    result = port_source(dedent(SQLITE_APP), "web.py", exact=frozenset({key}))
    assert [(s["key"], s["exact"]) for s in result.sites if s["rule"] == "P019"] == [
        (key, True)]
    assert 'install_plugin(app, SQLitePlugin(dbfile=DB, keyword="store"))' in result.code
    assert "def index(store):" in result.code and "get_db" not in result.code
    assert "get_db" in port_source(dedent(SQLITE_APP), "web.py").code


def test_the_installs_site_named_exact_keeps_the_decorator_installed_and_answers_alike(
        tmp_path):
    """The installs' site (the module's, "plugin"): its idiomatic form adds the installed
    decorators to every view; named exact by its key, the install is kept by
    bottle_plugins, which wraps each view as Bottle did, and the pages answer as
    Bottle's (a route's own apply= still a decorator under the kept plugin)."""
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(dedent(DECORATORS).lstrip())
    port_tree(src, out, exact=frozenset({"web.py:<module>:P019:plugin:0"}))
    code = (out / "web.py").read_text()
    assert "install_plugin(app, logged)" in code and "@logged" not in code
    assert '@app.route("/", endpoint="index")\n@timed\ndef index():' in code
    bottle_app = webtest.TestApp(load(f"{src / 'web.py'}:app", {}, "installs_bottle").wsgi)
    flask_app = webtest.TestApp(load(f"{out / 'web.py'}:app", {}, "installs_flask").wsgi)
    for path, body in (("/", "[<home>]"), ("/raw", "raw"), ("/all", "bare"),
                       ("/later/x", "[x]")):
        assert answers(bottle_app, path) == answers(flask_app, path) == (200, body), path


def test_the_sqlite_pattern_in_a_module_with_a_g_of_its_own_imports_flasks_g_apart(
        plugin_packages, tmp_path):
    """The pattern keeps its connection on Flask's g; a module whose own global is g
    (a constant here) rebound it under `from flask import g`, and get_db() read the
    module's g: every page a 500. Flask's g is then imported as flask_g."""
    source = '''
from bottle import Bottle
from bottle_sqlite import SQLitePlugin

app = Bottle()
app.install(SQLitePlugin(dbfile=DB))
g = 9.81


@app.route("/")
def index(db):
    return f"{g} {db.execute('SELECT 2').fetchone()[0]}"
'''
    result, clients = run_both(source, tmp_path)
    assert "from flask import Flask, g as flask_g\n" in result.code
    assert 'if "db" not in flask_g:' in result.code and "g = 9.81" in result.code
    assert clients[1].get("/").text == clients[0].get("/").text == "9.81 2"

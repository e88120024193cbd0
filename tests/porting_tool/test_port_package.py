"""A package ported (the folder given has an __init__.py): the modules the port copies
beside its modules are imported as a package member finds them, and the app runs as
the package it is (`python -m shop`, its modules loaded as the check loads them)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from textwrap import dedent

import pytest
import webtest

from bottle2flask.cli import main as kit
from bottle2flask.loading import load

SHOP = {
    "__init__.py": '''
        from bottle import Bottle

        from .views import admin_app, shop_app

        app = Bottle()
        app.merge(shop_app)
        app.mount("/admin/", admin_app)
        ''',
    "views.py": '''
        import os

        from bottle import TEMPLATE_PATH, Bottle, HTTPError, auth_basic, template

        TEMPLATE_PATH.insert(0, os.path.dirname(os.path.abspath(__file__)))

        shop_app = Bottle()
        admin_app = Bottle()


        class Stamp:
            name = "stamp"
            api = 2

            def apply(self, callback, route):
                def wrapper(*args, **kwargs):
                    body = callback(*args, **kwargs)
                    return body + " (stamped)" if isinstance(body, str) else body

                return wrapper


        admin_app.install(Stamp())


        @shop_app.route("/items/<n:int>")
        def item(n):
            if n > 3:
                raise HTTPError(401, "private", WWW_Authenticate='Basic realm="shop"')
            return template("item", n=n, names=["a", "b", "c"])


        @admin_app.route("/")
        @auth_basic(lambda user, password: user == "root")
        def admin():
            return "admin"
        ''',
    # a list comprehension Jinja2 cannot say: a function of template_helpers.py
    "item.tpl": '''
        item {{n}}: {{", ".join([x.upper() for x in names[:n]])}}
        ''',
    "__main__.py": '''
        import os

        from bottle import run

        from . import app

        run(app, host="127.0.0.1", port=int(os.environ.get("PORT", "8080")), quiet=True)
        ''',
}
ROOT = "Basic cm9vdDp4"  # root:x


def written(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(dedent(text).lstrip("\n"))
    return folder


def ported(tmp_path: Path, files: dict[str, str], name: str = "shop") -> tuple[Path, Path]:
    src = written(tmp_path / "src" / name, files)
    out = tmp_path / "out" / name
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) in (0, 5)
    return src, out


def test_a_flat_app_imports_what_the_port_copies_by_name(tmp_path):
    # not a package: the companions sit in the folder the app runs from
    files = {k.replace("__init__", "web"): v.replace("from .views", "from views")
             for k, v in SHOP.items() if k != "__main__.py"}
    _, out = ported(tmp_path, files, "flat")
    web = (out / "web.py").read_text()
    assert "import bottle_mount\n" in web and "import template_helpers\n" in web
    views = (out / "views.py").read_text()
    assert "from bottle_responses import HTTPError\n" in views
    assert "from bottle_plugins import install_plugin\n" in views


def test_a_package_that_runs_as_loose_scripts_imports_them_by_name(tmp_path):
    # web/__init__.py, but server.py imports its neighbours by name and runs from web/
    _, out = ported(tmp_path, {
        "__init__.py": "",
        "parts.py": "from bottle import Bottle\n\nparts = Bottle()\n",
        "server.py": "from bottle import Bottle\n\nfrom parts import parts\n\napp = Bottle()\n"
                     "app.merge(parts)\n"}, "web")
    assert "import bottle_mount\n" in (out / "server.py").read_text()


def test_each_module_of_a_package_imports_what_the_port_copies_relatively(tmp_path):
    src, out = ported(tmp_path, SHOP)
    head = (out / "__init__.py").read_text()
    assert "from . import bottle_mount, template_helpers\n" in head
    views = (out / "views.py").read_text()
    for line in ("from . import template_helpers\n", "from .bottle_compat import auth_basic\n",
                 "from .bottle_plugins import install_plugin\n",
                 "from .bottle_responses import HTTPError\n"):
        assert line in views
    for name in ("bottle_mount", "bottle_plugins", "bottle_responses", "bottle_compat",
                 "template_helpers"):
        assert (out / f"{name}.py").is_file()
    bottle = webtest.TestApp(load(f"{src / '__init__.py'}:app", {}, "pkg_bottle").wsgi)
    flask = webtest.TestApp(load(f"{out / '__init__.py'}:app", {}, "pkg_flask").wsgi)
    for client in (bottle, flask):
        assert client.get("/items/2").text == "item 2: A, B\n"
        denied = client.get("/items/5", status=401)
        assert denied.headers["WWW-Authenticate"] == 'Basic realm="shop"'
        assert client.get("/admin/", headers={"Authorization": ROOT}).text == \
            "admin (stamped)"
        client.get("/admin/", status=401)


def test_the_port_of_a_package_runs_as_python_m_package(tmp_path):
    _, out = ported(tmp_path, SHOP)
    assert 'app.run(host="127.0.0.1", port=int(os.environ.get("PORT", "8080")))' in (
        out / "__main__.py").read_text()
    log = tmp_path / "server.log"
    # PORT=0: the server takes a free port itself and says which (a port found free
    # here and handed over could be taken by another process in between)
    with log.open("wb") as said:
        server = subprocess.Popen([sys.executable, "-m", "shop"], cwd=out.parent,
                                  env={**os.environ, "PORT": "0"},
                                  stdout=said, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while not (port := re.search(r"Running on http://127\.0\.0\.1:(\d+)",
                                     log.read_text())):
            assert server.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "python -m shop did not serve"
            time.sleep(0.2)
        with urllib.request.urlopen(f"http://127.0.0.1:{port[1]}/items/3") as answer:
            assert answer.read() == b"item 3: A, B, C\n"
    finally:
        server.terminate()
        server.wait(10)


def test_a_packages_main_script_is_not_its_entry_the_module_making_its_app_is(tmp_path,
                                                                              capsys):
    """`python -m shop` runs __main__.py after the package's __init__.py, which makes the
    app: Python never imports __main__.py as a module, so `flask --app` names the package
    (the check loads it so, and the reports say the same)."""
    src = written(tmp_path / "src" / "shop", SHOP)
    out = tmp_path / "out" / "shop"
    assert kit(["port", str(src), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"run it: cd {out.parent} && flask --app shop:app run" in said.splitlines()
    report = json.loads((out / "porting-report.json").read_text())
    # the package's name, as the check imports it (it said __init__, the file's stem)
    assert report["entry"] == {"module": "shop", "app": "app"}
    assert report["run"] == {"first": "", "folder": str(out.parent), "app": "shop:app"}
    assert f"    cd {out.parent} && flask --app shop:app run\n" \
        in (out / "PORTING-REPORT.md").read_text()


def test_a_package_whose_main_script_makes_the_app_runs_it_from_there(tmp_path, capsys):
    """The app made in __main__.py itself (the only module with one): that is the entry."""
    files = {"__init__.py": "", "__main__.py": '''
        from bottle import Bottle

        app = Bottle()


        @app.route("/")
        def index():
            return "made in __main__"


        app.run()
        '''}
    src = written(tmp_path / "src" / "tool", files)
    out = tmp_path / "out" / "tool"
    assert kit(["port", str(src), "-o", str(out)]) == 0
    report = json.loads((out / "porting-report.json").read_text())
    assert report["entry"] == {"module": "__main__", "app": "app"}
    assert "GET /" in capsys.readouterr().out


# RULE-s45's frozax: a package run from the folder above it, whose modules read files
# there by paths relative to the working folder and to the package's own folder's parent
AROUND = {
    "model.py": '''
        import json


        class Model:
            def __init__(self):
                with open("shop.json") as found:
                    self.items = json.load(found)
        ''',
    "shop.json": '["milk", "eggs"]\n',
    "site/about.txt": "about the shop\n",
    "web/__init__.py": "",
    "web/server.py": '''
        import os

        from bottle import Bottle
        from model import Model

        HERE = os.path.dirname(os.path.abspath(__file__))
        app = Bottle()
        model = Model()


        @app.route("/items")
        def items():
            return ", ".join(model.items)


        @app.route("/about")
        def about():
            with open(os.path.join(HERE, "..", "site", "about.txt")) as found:
                return found.read()
        ''',
}


def test_a_package_reading_files_around_it_is_checked_there_and_so_is_its_suite(
        tmp_path, capfd):
    repo = written(tmp_path / "repo", AROUND)
    out = tmp_path / "ports" / "web+port"
    assert kit(["port", str(repo / "web"), "-o", str(out)]) == 0
    said = capfd.readouterr().out
    assert "  GET /items " in said and "  GET /about " in said and "0 different" in said
    assert f"The port reads files from outside {out}, as the original does: model.py, " \
           f"shop.json, site/about.txt (in {repo.resolve()})" in said
    assert not (out / "model.py").exists()  # the port is the folder ported, no more
    assert f"run it: in place of {repo.resolve() / 'web'} (it reads model.py, shop.json, " \
           f"site/about.txt around it): cd {repo.resolve()} && flask --app " \
           "web.server:app run" in said
    report = json.loads((out / "porting-report.json").read_text())["check"]
    assert report["outside"] == {"folder": str(repo.resolve()), "at": "web",
                                 "files": ["model.py", "shop.json", "site/about.txt"]}
    assert "The port reads files from outside this folder, as the original does: " \
           "`model.py`, `shop.json`, `site/about.txt`" in (out / "PORTING-REPORT.md").read_text()
    recorded = json.loads((out / "tests" / "bottle2flask_parity.json").read_text())
    # the data files: the folder ported's and those its app read around it
    assert recorded["data"] == {"folder": "bottle2flask_data",
                                "files": ["shop.json", "site/about.txt"],
                                "within": ["web", "model.py", "shop.json", "site/about.txt"]}
    apps = recorded["apps"]
    assert apps["bottle"] == {"folder": "../../../repo", "spec": "web/server.py:app",
                              "variable": "BOTTLE2FLASK_ORIGINAL", "at": "web",
                              "module": "web.server"}
    assert apps["flask"] == {"folder": "..", "spec": "server.py:app", "around": "bottle",
                             "at": "web", "module": "web.server",
                             "outside": ["model.py", "shop.json", "site/about.txt"]}
    assert kit(["test", str(out), "--", "-q", "-p", "no:cacheprovider"]) == 0
    assert "0 failed" not in (ran := capfd.readouterr().out) and " passed" in ran
    # without the original, the port's tests say what it reads from around OUT
    repo.rename(tmp_path / "gone")
    assert kit(["test", str(out), "--", "-q", "-p", "no:cacheprovider"]) == 1
    ran = capfd.readouterr().out
    assert "flask reads model.py, shop.json, site/about.txt from around the folder " \
           "ported, as its original does, and the original is not here" in ran


# RULE-s45's classes C and D: a package whose modules import each other relatively,
# ported into a folder whose name is no identifier
RELATIVE = {
    "__init__.py": "",
    "web.py": '''
        from bottle import Bottle

        web_app = Bottle()


        @web_app.route("/")
        def index():
            return "home"
        ''',
    "main.py": '''
        from bottle import Bottle

        from .web import web_app

        site_app = Bottle()
        site_app.merge(web_app)
        ''',
}


def test_the_suite_of_a_package_port_loads_both_as_the_check_did(tmp_path, capfd):
    src = written(tmp_path / "repo" / "app", RELATIVE)
    out = tmp_path / "ports" / "C2+flat"
    assert kit(["port", str(src), "-o", str(out)]) == 0
    said = capfd.readouterr().out
    assert "  GET / " in said
    assert f"run it: rename C2+flat to app, the package's name, then: cd {out.parent} && " \
           "flask --app app.main:site_app run" in said
    apps = json.loads((out / "tests" / "bottle2flask_parity.json").read_text())["apps"]
    assert apps["bottle"]["module"] == apps["flask"]["module"] == "app.main"
    assert kit(["test", str(out), "--", "-q", "-p", "no:cacheprovider"]) == 0
    ran = capfd.readouterr().out
    count = len(json.loads((out / "tests" / "bottle2flask_parity.json").read_text())
                ["requests"])
    assert f"{2 * count} passed" in ran
    # a port changed by hand after porting: its tests fail, naming the difference
    web = out / "web.py"
    web.write_text(web.read_text().replace('return "home"', 'return "away"'))
    assert kit(["test", str(out), "--", "-q", "-p", "no:cacheprovider"]) == 1
    ran = capfd.readouterr().out
    assert "flask answers GET / otherwise than the original did" in ran
    assert "now its body differ" in ran
    assert "bottle-" not in ran.partition("short test summary")[2]  # the original passes


def test_a_package_sharing_bottles_default_app_imports_its_module_relatively(tmp_path):
    # the module the port makes for the default app its modules share sits in the
    # package's top folder: `from default_app import app` failed there
    src, out = ported(tmp_path, {
        "__init__.py": "from bottle import default_app\n\nfrom . import views\n\n"
                       "app = default_app()\n",
        "views.py": 'from bottle import route\n\n\n@route("/")\ndef index():\n'
                    '    return "home"\n'})
    assert "from .default_app import app\n" in (out / "views.py").read_text()
    assert "from .default_app import app\n" in (out / "__init__.py").read_text()
    for spec, label in ((f"{src / '__init__.py'}:app", "shared_bottle"),
                        (f"{out / '__init__.py'}:app", "shared_flask")):
        assert webtest.TestApp(load(spec, {}, label).wsgi).get("/").text == "home"


# RULE-s46's beak_api: Bottle's default app routed in a package's __init__ (and in a
# module it imports), served by run.py, a module of the package: importing api.run runs
# api/__init__.py first, so Bottle serves those routes from run.py
DEFAULT_IN_INIT = {
    "__init__.py": '''
        from bottle import default_app, route

        from . import extra

        app = application = default_app()


        @route("/api/list")
        def list_apis():
            return {"apis": ["a", "b"]}
        ''',
    "extra.py": '''
        from bottle import get


        @get("/api/extra/<n:int>")
        def extra(n):
            return "extra %d" % n
        ''',
    "settings.py": 'HOST, PORT = "127.0.0.1", 8080\n',
    "run.py": '''
        import bottle

        from .settings import HOST, PORT

        if __name__ == "__main__":
            bottle.run(host=HOST, port=PORT)
        ''',
    # a script that only sits in the package's folder: the __init__ never runs before it
    "tool.py": '''
        from bottle import route, run


        @route("/tool")
        def tool():
            return "tool"


        if __name__ == "__main__":
            run()
        ''',
}


# run.py runs as api.run (its package's __init__ first) whether it imports relatively,
# by the package's name or a module beside the package, as the check loads it
@pytest.mark.parametrize("settings", ["from .settings import HOST, PORT",
                                      "from api.settings import HOST, PORT",
                                      "from conf import HOST, PORT"])
def test_a_packages_module_serves_the_default_app_its_package_routes(tmp_path, settings):
    files = {**DEFAULT_IN_INIT, "run.py": DEFAULT_IN_INIT["run.py"].replace(
        "from .settings import HOST, PORT", settings)}
    for above in (tmp_path / "src", tmp_path / "out"):  # conf.py: beside the package
        written(above, {"conf.py": DEFAULT_IN_INIT["settings.py"]})
    src, out = ported(tmp_path, files, name="api")
    run = (out / "run.py").read_text()
    assert "from .default_app import app\n" in run and "Flask(" not in run
    assert "app.run(host=HOST, port=PORT)" in run
    assert "app = Flask(__name__)\n" in (out / "tool.py").read_text()
    bottle_app, flask_app = (webtest.TestApp(load(spec, {}, label).wsgi) for spec, label in (
        (str(src / "run.py"), "in_init_bottle"), (f"{out / 'run.py'}:app", "in_init_flask")))
    for client in (bottle_app, flask_app):
        assert client.get("/api/list").json == {"apis": ["a", "b"]}
        assert client.get("/api/extra/-3").text == "extra -3"
        assert client.get("/tool", expect_errors=True).status_int == 404
    bottle_tool, flask_tool = (webtest.TestApp(load(spec, {}, label).wsgi) for spec, label in (
        (str(src / "tool.py"), "tool_bottle"), (f"{out / 'tool.py'}:app", "tool_flask")))
    for client in (bottle_tool, flask_tool):
        assert client.get("/tool").text == "tool"
        assert client.get("/api/list", expect_errors=True).status_int == 404


# frozax's views render templates they read by path themselves, with Bottle's
# SimpleTemplate, which the port keeps (P026): the .tpl files must stay there too
READS_TEMPLATES = {
    "web.py": '''
        import os

        from bottle import Bottle, SimpleTemplate

        HERE = os.path.dirname(os.path.realpath(__file__))
        app = Bottle()


        def tpl(name, **values):
            with open(os.path.join(HERE, name + ".tpl")) as found:
                return SimpleTemplate(found.read()).render(**values)


        @app.route("/")
        def index():
            return tpl("header", title="Courses") + "body"
        ''',
    "header.tpl": "<h1>{{title}}</h1>\n",
}


def test_templates_a_port_still_reads_with_bottles_simpletemplate_are_kept(tmp_path):
    src, out = ported(tmp_path, READS_TEMPLATES, "reads")
    assert (out / "header.html").is_file()  # converted, for Flask's templates
    assert (out / "header.tpl").read_text() == "<h1>{{title}}</h1>\n"  # and kept
    for spec, label in ((f"{src / 'web.py'}:app", "tpl_bottle"),
                        (f"{out / 'web.py'}:app", "tpl_flask")):
        assert webtest.TestApp(load(spec, {}, label).wsgi).get("/").text == \
            "<h1>Courses</h1>\nbody"


def test_a_port_that_no_longer_imports_bottle_keeps_no_template_source(tmp_path):
    _, out = ported(tmp_path, {
        "web.py": 'from bottle import Bottle, template\n\napp = Bottle()\n\n\n'
                  '@app.route("/")\ndef index():\n    return template("header", title="x")\n',
        "views/header.tpl": "<h1>{{title}}</h1>\n"}, "converts")
    assert (out / "views" / "header.html").is_file()
    assert not (out / "views" / "header.tpl").exists()


# RULE-s46's beak_api again, as its suite met it: the package's __init__ imports from the
# folder above the package ported (`from ..config import ...`), so it imports only as a
# member of that package, never on its own as pytest imported it (32 errors)
ABOVE = {
    "__init__.py": "from . import config\n",
    "config.py": 'ROOT = "/api"\n',
    "api/__init__.py": '''
        from bottle import default_app, route

        from ..config import ROOT

        app = application = default_app()


        @route(ROOT + "/list")
        def list_apis():
            return {"apis": ["a", "b"]}
        ''',
    "api/run.py": '''
        import bottle

        from ..config import ROOT

        if __name__ == "__main__":
            bottle.run(port=8080)
        ''',
}


# RULE-s47's O (WalterCM/technical-test-backend): a repository that is a package itself,
# its app in the package src/ (src/server.py importing `src.`, run as src.server from
# the repository), a folder of src/ without __init__.py (a namespace package) holding the
# module the check's repair moves to its exact candidate (P004's json body,
# `bottle_compat`)
NAMESPACE = {
    "__init__.py": "",
    "src/__init__.py": "",
    "src/server.py": '''
        from bottle import Bottle

        from src import handlers

        app = Bottle()
        app.route("/echo", method="POST", callback=handlers.echo)
        ''',
    "src/handlers.py": '''
        from .utils import forms


        def echo():
            return "name: " + forms.name()
        ''',
    "src/utils/forms.py": '''
        from bottle import request


        def name():
            return request.json["name"]
        ''',
}


def ways_run(out: Path) -> list[subprocess.CompletedProcess]:
    """The suite left in OUT, run as a user runs it: `bottle2flask test OUT` and plain
    pytest, from the folder above OUT (pytest's root there), in OUT (a package, its root)
    and in OUT/tests."""
    tool = [sys.executable, "-m", "bottle2flask", "test"]
    plain = [sys.executable, "-m", "pytest", "-p", "no:randomly"]
    quiet = ["-q", "-p", "no:cacheprovider"]
    return [subprocess.run(command, cwd=where, capture_output=True, text=True, timeout=300)
            for where, command in ((out.parent, [*tool, out.name, "--", *quiet]),
                                   (out, [*tool, ".", "--", *quiet]),
                                   (out.parent, [*plain, *quiet, out.name]),
                                   (out, [*plain, *quiet]),
                                   (out / "tests", [*plain, *quiet]))]


def test_the_suite_of_a_package_importing_from_above_it_runs_as_pytest_is_run(
        tmp_path, capfd):
    repo = written(tmp_path / "repo" / "beak", ABOVE).parent
    out = tmp_path / "ports" / "api"
    assert kit(["port", str(repo / "beak" / "api"), "-o", str(out)]) == 0
    assert "  GET /api/list " in capfd.readouterr().out
    assert (out / "__init__.py").read_text().count("from ..config import ROOT") == 1
    requests = json.loads((out / "tests" / "bottle2flask_parity.json").read_text())[
        "requests"]
    count, listed = len(requests), sum(r["path"] == "/api/list" for r in requests)
    for ran in ways_run(out):
        assert ran.returncode == 0, ran.args
        assert f"{2 * count} passed" in ran.stdout
    # a project around OUT that has pytest import by importlib: the tool's run still
    # imports the suite as pytest does by default
    (tmp_path / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\naddopts = "--import-mode=importlib"\n')
    ran = ways_run(out)[0]
    assert ran.returncode == 0 and f"{2 * count} passed" in ran.stdout
    (tmp_path / "pyproject.toml").unlink()
    # a route of the port changed by hand: the port's tests of it fail, every way run
    init = out / "__init__.py"
    init.write_text(init.read_text().replace('"/list"', '"/all"'))
    for ran in ways_run(out):
        assert ran.returncode == 1, ran.args
        assert "flask answers GET /api/list otherwise than" in ran.stdout
        assert f"{listed} failed, {2 * count - listed} passed" in ran.stdout


def test_a_companion_of_a_namespace_packages_module_is_found_from_where_the_app_runs(
        tmp_path):
    from bottle2flask.port.folder import port_tree

    src, out = tmp_path / "proj", tmp_path / "out" / "proj"
    for name, text in NAMESPACE.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(dedent(text).lstrip("\n"))
    # the repair's move: the module's sites take their exact candidate
    result = port_tree(src, out, exact=frozenset({"src/utils/forms.py"}))
    forms = (out / "src/utils/forms.py").read_text()
    # the modules of src/utils/ are linked to the app's (`from .utils import forms`):
    # bottle_compat sits where the app runs, by its name (src is the top package)
    assert "from bottle_compat import bottle_json\n" in forms
    assert (out / "bottle_compat.py").is_file()
    assert not (out / "src/utils/bottle_compat.py").exists()
    assert "src/utils/forms.py" in result.imported
    bottle = webtest.TestApp(load(f"{src / 'src/server.py'}:app", {}, "ns_bottle").wsgi)
    flask = webtest.TestApp(load(f"{out / 'src/server.py'}:app", {}, "ns_flask").wsgi)
    for client in (bottle, flask):
        assert client.post_json("/echo", {"name": "x"}).text == "name: x"

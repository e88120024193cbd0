"""A package ported (the folder given has an __init__.py): the modules the port copies
beside its modules are imported as a package member finds them, and the app runs as
the package it is (`python -m shop`, its modules loaded as the check loads them)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from textwrap import dedent

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


def free_port() -> int:
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        return int(listening.getsockname()[1])


def test_the_port_of_a_package_runs_as_python_m_package(tmp_path):
    _, out = ported(tmp_path, SHOP)
    assert 'app.run(host="127.0.0.1", port=int(os.environ.get("PORT", "8080")))' in (
        out / "__main__.py").read_text()
    port = free_port()
    log = tmp_path / "server.log"
    with log.open("wb") as said:
        server = subprocess.Popen([sys.executable, "-m", "shop"], cwd=out.parent,
                                  env={**os.environ, "PORT": str(port)},
                                  stdout=said, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/items/3") as answer:
                    assert answer.read() == b"item 3: A, B, C\n"
                break
            except urllib.error.URLError:
                assert server.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "python -m shop did not serve"
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(10)

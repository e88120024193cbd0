"""A ported app whose templates keep Python in helper functions serves what Bottle served.

The port writes template_helpers.py beside the app's module; the app registers its
functions as template globals (template_helpers.init_app(app)); no page calls the
undefined flask_port_todo(), and the port is done (exit 0, no break).
"""

from __future__ import annotations

import json

import pytest
import webtest

from bottle2flask.cli import main as kit
from bottle2flask.loading import load

from .helpers import answers, write_files

APP = {
    "web.py": '''
        from bottle import Bottle, template

        app = Bottle()


        @app.route("/")
        def home():
            return template("home", items=[3, 1, 2], tags=["a", "b"], n=1, d={})


        @app.route("/item/<k>")
        def item(k):
            return template("item", k=k, stock={"x": 2})
    ''',
    "views/base.tpl": "<html><title>{{title}}</title><body>\n{{!base}}\n</body></html>\n",
    "views/home.tpl": '''
        % rebase('base.tpl', title=' / '.join(t.title() for t in tags))
        <ul>
        % for y in sorted(items, key=lambda v: -v):
          <li>{{y}}</li>
        % end
        </ul>
        <p>{{', '.join(t.upper() for t in tags)}}</p>
        % d['k'] = len([i for i in items if i > n])
        % first, *rest = items
        <p>{{d['k']}} {{rest}} {{list(zip(items, items))}} {{items[::2]}}</p>
    ''',
    "views/item.tpl": '''
        % stock[k] = stock.get(k, 0) + 1
        {{k}}: {{stock[k]}} {{'many' if stock[k] > 1 else 'one'}}
    ''',
}


@pytest.mark.parametrize("faithful", [False, True], ids=["idiomatic", "faithful"])
def test_pages_whose_templates_keep_python_answer_as_bottle_did(tmp_path, faithful):
    src, out = write_files(tmp_path / "src", APP), tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out), "--no-check",
                *(["--faithful"] if faithful else [])]) == 0
    label = f"helpers_{'faithful' if faithful else 'idiomatic'}"
    bottle = webtest.TestApp(load(f"{src / 'web.py'}:app", {}, f"{label}_bottle").wsgi)
    flask = webtest.TestApp(load(f"{out / 'web.py'}:app", {}, f"{label}_flask").wsgi)
    for path in ("/", "/item/x", "/item/y"):
        assert answers(flask, path) == answers(bottle, path)
    assert answers(flask, "/")[1] == (
        "<html><title>A / B</title><body>\n<ul>\n  <li>3</li>\n  <li>2</li>\n  <li>1</li>\n"
        "</ul>\n<p>A, B</p>\n<p>2 [1, 2] [(3, 3), (1, 1), (2, 2)] [3, 2]</p>\n\n</body></html>"
        "\n")
    assert answers(flask, "/item/x")[1] == "x: 3 many\n"
    templates = "".join(p.read_text() for p in (out / "views").glob("*.html"))
    assert "flask_port_todo" not in templates and "kept as Python: template_helpers." in templates
    report = json.loads((out / "porting-report.json").read_text())
    assert "template_helpers.py" in report["copied"]


def test_the_app_registers_the_helpers_as_template_globals(tmp_path):
    src, out = write_files(tmp_path / "src", APP), tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == 0
    code = (out / "web.py").read_text()
    assert code.startswith("import template_helpers\n")
    assert 'app = Flask(__name__, template_folder="views")\ntemplate_helpers.init_app(app)\n' \
        in code
    helpers = (out / "template_helpers.py").read_text()
    assert "def home_line3(items):\n" in helpers and "def item_line1(stock, k):\n" in helpers
    assert "        app.add_template_global(helper)\n" in helpers


def test_an_app_with_a_module_of_that_name_gets_another(tmp_path):
    files = {**APP, "template_helpers.py": "MINE = 1\n"}
    src, out = write_files(tmp_path / "src", files), tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == 0
    assert (out / "template_helpers.py").read_text() == "MINE = 1\n"
    assert "template_helpers_2.init_app(app)" in (out / "web.py").read_text()
    flask = webtest.TestApp(load(f"{out / 'web.py'}:app", {}, "helpers_named_flask").wsgi)
    assert answers(flask, "/item/x") == (200, "x: 3 many\n")


def test_a_construct_no_helper_can_keep_is_rendered_by_bottles_simpletemplate(tmp_path,
                                                                              capsys):
    # (it was a break, exit 5: P006 now keeps the render of a template named by a literal)
    files = {**APP, "views/item.tpl": "% del k\n{{stock}}\n"}
    src, out = write_files(tmp_path / "src", files), tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == 0
    assert "a template TODO that fails when rendered" not in capsys.readouterr().err
    assert "bottle_simple_template(" in (out / "web.py").read_text()
    assert (out / "views" / "item.tpl").read_text() == "% del k\n{{stock}}\n"


def test_two_apps_template_folders_share_one_helpers_module(tmp_path):
    files = {
        "web.py": '''
            from bottle import Bottle, template

            import shop.web

            app = Bottle()
            app.mount("/shop", shop.web.app)


            @app.route("/")
            def home():
                return template("index", xs=[1, 2])
        ''',
        "views/index.tpl": "{{[x * 10 for x in xs]}}\n",
        "shop/__init__.py": "",
        "shop/web.py": '''
            import os

            from bottle import Bottle, SimpleTemplate

            app = Bottle()
            VIEWS = os.path.join(os.path.dirname(__file__), "views")


            @app.route("/")
            def home():
                return SimpleTemplate(name="index", lookup=[VIEWS]).render(xs=[3])
        ''',
        "shop/views/index.tpl": "{{[x * 100 for x in xs]}}\n",
    }
    src, out = write_files(tmp_path / "src", files), tmp_path / "out"
    kit(["port", str(src), "-o", str(out), "--no-check"])
    helpers = (out / "template_helpers.py").read_text()
    assert "def shop_views_index_line1(xs):" in helpers and "def views_index_line1(xs):" \
        in helpers

"""App-wide settings a Bottle app changes at import: TEMPLATE_PATH and debug mode."""

from __future__ import annotations

from textwrap import dedent

import webtest

from bottle2flask.loading import load

from .helpers import port


def test_debug_before_the_app_is_made_is_set_once_the_app_exists():
    result = port('''
        import bottle

        bottle.debug(True)
        app = bottle.Bottle()
    ''')
    lines = result.code.splitlines()
    # (the faithful port: Bottle's debug mode kept, bottle_answers' debug_mode)
    assert "debug_mode(app, True)" in lines
    assert lines.index("debug_mode(app, True)") > lines.index(
        'app = Flask(__name__, template_folder="views", static_folder=None)')
    assert "bottle" not in result.code.replace("bottle_answers", "") and result.todos == []
    assert result.applied["P018"] == 1


def test_debug_on_the_default_app_and_in_a_main_block():
    result = port('''
        from bottle import debug, route, run


        @route("/")
        def home():
            return "hi"


        if __name__ == "__main__":
            debug()
            run(port=8080)
    ''')
    assert "    debug_mode(app, True)\n    app.run(port=8080)" in result.code
    assert "bottle" not in result.code.replace("bottle_answers", "")


def test_debug_passed_around_keeps_its_import_under_a_todo():
    result = port('''
        import bottle

        app = bottle.Bottle()
        SWITCH = bottle.debug
    ''')
    assert "from bottle import debug" in result.code  # no NameError
    assert [t["code"] for t in result.todos] == ["P001"]


def test_a_bottle_name_read_through_the_module_is_still_defined():
    result = port('''
        import bottle

        app = bottle.Bottle()
        EMPTY = bottle.FormsDict()
    ''')
    assert "from bottle import FormsDict" in result.code
    assert "EMPTY = FormsDict()" in result.code
    assert [t["code"] for t in result.todos] == ["P001"]


def test_template_path_assignment_changes_the_list_the_app_reads():
    result = port('''
        import bottle

        app = bottle.Bottle()


        def configure():
            bottle.TEMPLATE_PATH = ["./pages/"]
    ''')
    assert '    TEMPLATE_PATH[:] = ["./pages/"]' in result.code
    assert result.todos == []


def test_template_path_in_a_module_without_an_app_is_flagged():
    result = port('''
        import bottle

        bottle.TEMPLATE_PATH.insert(0, "./pages/")
    ''')
    assert [t["code"] for t in result.todos] == ["P002"]
    assert "TEMPLATE_PATH" in result.todos[0]["text"]


def write(folder, name, text):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dedent(text).lstrip("\n"))
    return path


def test_templates_are_found_where_template_path_points_after_the_app_is_made(tmp_path):
    from bottle2flask.cli import main as kit

    src, out = tmp_path / "src", tmp_path / "out"
    write(src, "site.py", '''
        import bottle

        app = bottle.Bottle()
        bottle.debug(True)
        bottle.TEMPLATE_PATH = ["./pages/"]
        bottle.TEMPLATE_PATH.append("./more/")


        @app.route("/")
        def home():
            return bottle.template("home", who="you")


        @app.route("/other")
        def other():
            return bottle.template("other")
    ''')
    write(src, "pages/home.tpl", "Hello {{who}}\n")
    write(src, "more/other.tpl", "Other\n")
    assert kit(["port", "--faithful", str(src), "-o", str(out)]) == 0
    assert "debug_mode(app, True)" in (out / "site.py").read_text()
    client = webtest.TestApp(load(str(out / "site.py")).wsgi, lint=True)
    assert client.get("/").text == "Hello you\n"
    assert client.get("/other").text == "Other\n"

"""Failure classes the app model answers, each shown by a small app ported and served by
both frameworks (the class, not the app it was found in)."""

from __future__ import annotations

from bottle2flask.port.folder import port_tree

from .helpers import answers, both_folders, port


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
    assert [d["id"] for d in result.modules[0].declared] == ["D-leading-slash"]


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
        # (Jinja drops a template's last newline: docs/PORTING.md 37)
        assert answers(bottle, path) == (200, text + "\n") and answers(flask, path) == (200, text)

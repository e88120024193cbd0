"""convert_tree and the two commands: what is written, copied, skipped, refused, and said."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bottle2flask.cli import main as kit
from bottle2flask.stpl import convert_tree


@pytest.fixture
def views(tmp_path):
    folder = tmp_path / "views"
    (folder / "admin").mkdir(parents=True)
    (folder / "layout.tpl").write_text("<body>{{!base}}</body>\n")
    (folder / "page.tpl").write_text("% rebase('layout')\n<p>{{x}}</p>\n")
    (folder / "page.html").write_text("shadowed by page.tpl\n")
    (folder / "admin" / "list.stpl").write_text("% for i in xs:\n{{i}}\n% end\n")
    (folder / "style.css").write_text("p {}\n")
    return folder


def test_a_tree_is_converted_copied_and_mapped(views, tmp_path):
    out = tmp_path / "out"
    report = convert_tree(views, out)
    assert report.ok
    assert report.names == {"layout": "layout.html", "page": "page.html",
                            "admin/list": "admin/list.html"}
    assert (out / "page.html").read_text().startswith('{% extends "layout.html" %}')
    assert (out / "admin" / "list.html").read_text() == \
        "{% for i in xs -%}\n{{ i }}\n{% endfor -%}\n"
    assert (out / "style.css").read_text() == "p {}\n"
    statuses = {str(f.source): f.status for f in report.files}
    assert statuses == {"admin/list.stpl": "converted", "layout.tpl": "converted",
                        "page.tpl": "converted", "page.html": "skipped", "style.css": "copied"}


def test_a_file_that_does_not_convert_is_reported_and_not_written(views, tmp_path):
    (views / "broken.tpl").write_text("ok\n% if x:\n")  # an empty block: Bottle fails too
    out = tmp_path / "out"
    report = convert_tree(views, out)
    assert not report.ok
    failed = [f for f in report.files if f.status == "failed"]
    assert [(str(f.source), f.reason.split(":")[0]) for f in failed] == [("broken.tpl", "2")]
    assert not (out / "broken.html").exists() and (out / "page.html").exists()


def test_a_layout_that_rebases_gets_a_block_of_its_own(tmp_path):
    views = tmp_path / "views"
    views.mkdir()
    (views / "outer.tpl").write_text("<o>{{!base}}</o>")
    (views / "inner.tpl").write_text("% rebase('outer')\n<i>{{!base}}</i>")
    (views / "page.tpl").write_text("% rebase('inner')\npage")
    report = convert_tree(views, tmp_path / "out")
    assert report.ok
    inner = (tmp_path / "out" / "inner.html").read_text()
    assert "{% block content -%}" in inner and "<i>{% block content_inner %}" in inner
    assert "{% block content_inner -%}" in (tmp_path / "out" / "page.html").read_text()


def test_the_command_converts_a_folder_and_says_what_it_did(views, tmp_path, capsys):
    (views / "todo.tpl").write_text("{{[x for x in xs]}}\n")
    assert kit(["convert-templates", str(views), "-o", str(tmp_path / "out")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (f"{views / 'todo.tpl'}:1: T021 a list comprehension, kept as Python "
                        "in template_helpers.todo_line1: [x for x in xs]")
    assert lines[-2] == "4 converted, 0 failed, 1 copied, 1 skipped; 1 TODO (T021: 1)"
    assert lines[-1] == (f"{tmp_path / 'out' / 'template_helpers.py'}: 1 function holding "
                         "Python the templates keep (each a TODO above): in the app, `import "
                         "template_helpers` and `template_helpers.init_app(app)` (a template "
                         "global each)")
    assert "def todo_line1(xs):" in (tmp_path / "out" / "template_helpers.py").read_text()


def test_the_command_writes_no_helpers_module_when_no_template_needs_one(views, tmp_path):
    assert kit(["convert-templates", str(views), "-o", str(tmp_path / "out")]) == 0
    assert not (tmp_path / "out" / "template_helpers.py").exists()


def test_the_command_exits_1_with_the_file_and_line_of_a_failure(views, tmp_path, capsys):
    (views / "bad.tpl").write_text("% end\n% if x:\ny\n% end\n")
    assert kit(["convert-templates", str(views), "-o", str(tmp_path / "out")]) == 1
    assert f"{views / 'bad.tpl'}:1: `end` without an open block" in capsys.readouterr().err


def test_one_file_goes_to_stdout(views, capsys):
    assert kit(["convert-template", str(views / "page.tpl")]) == 0
    assert capsys.readouterr().out == ('{% extends "layout.html" %}\n{% block content -%}\n'
                                       "<p>{{ x }}</p>\n{% endblock %}\n")


def test_compact_writes_the_form_that_needs_trim_and_lstrip_blocks(views, capsys):
    assert kit(["convert-template", "--compact", str(views / "admin" / "list.stpl")]) == 0
    captured = capsys.readouterr()
    assert captured.out == "{% for i in xs %}\n{{ i }}\n{% endfor %}\n"
    assert "app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks" in captured.err


def test_a_loop_over_indented_lines_at_the_top_prints_exactly(tmp_path, capsys):
    # (it was named as a line printing a newline more: the tag now stands on the
    # first line of its body, which keeps its indentation)
    views = tmp_path / "views"
    views.mkdir()
    (views / "list.tpl").write_text("% for x in xs:\n  <li>{{x}}</li>\n% end\n")
    assert kit(["convert-templates", str(views), "-o", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "whitespace" not in out
    assert (tmp_path / "out" / "list.html").read_text() == \
        "{% for x in xs %}  <li>{{ x }}</li>\n{% endfor -%}\n"


@pytest.mark.parametrize(("args", "message"), [
    (["convert-templates", "no/such/folder", "-o", "out"], "no/such/folder: not a folder"),
    (["convert-template", "no/such.tpl"], "no/such.tpl: no such file"),
    (["convert-template", "x.tpl", "--syntax", "<% %>"], "--syntax takes five tokens"),
])
def test_usage_errors_exit_2_with_one_line(args, message, tmp_path):
    result = subprocess.run([sys.executable, "-m", "bottle2flask", *args], cwd=tmp_path,
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_out_must_not_be_the_source_folder(views, capsys):
    assert kit(["convert-templates", str(views), "-o", str(views)]) == 2
    assert "OUT must not be SRC" in capsys.readouterr().err


def test_the_report_is_json_ready(views, tmp_path):
    import json

    (views / "todo.tpl").write_text("ok\n{{[x for x in xs]}}\n")
    data = json.loads(json.dumps(convert_tree(views, tmp_path / "out").as_dict()))
    todo = next(f for f in data["files"] if f["source"] == "todo.tpl")
    assert todo["output"] == "todo.html" and todo["status"] == "converted"
    assert todo["todos"] == [{"rule": "T021", "line": 2,
                              "message": "a list comprehension, kept as Python in "
                                         "template_helpers.todo_line2: [x for x in xs]"}]
    assert data["names"]["admin/list"] == "admin/list.html"


def test_a_file_an_include_names_as_it_is_is_converted_under_the_name_the_tag_gives(tmp_path):
    """Bottle's lookup takes an included name as it is written before it tries its
    extensions: `% include('howto.txt')` renders views/howto.txt as a template."""
    views, out = tmp_path / "views", tmp_path / "out"
    views.mkdir()
    (views / "page.tpl").write_text("<p>\n% include('howto.txt', n=2)\n</p>\n")
    (views / "howto.txt").write_text("Type {{n}} lines.\n")
    (views / "notes.txt").write_text("not a template: {{x}}\n")
    report = convert_tree(views, out)
    assert report.ok
    assert report.names == {"page": "page.html", "howto.txt": "howto.txt.html"}
    assert '{% include "howto.txt.html" %}' in (out / "page.html").read_text()
    assert (out / "howto.txt.html").read_text() == "Type {{ n }} lines.\n\n"
    assert (out / "notes.txt").read_text() == "not a template: {{x}}\n"  # copied as it is
    statuses = {str(f.source): f.status for f in report.files}
    assert statuses == {"howto.txt": "converted", "notes.txt": "copied",
                        "page.tpl": "converted"}


def test_a_page_that_includes_a_file_by_its_whole_name_answers_as_bottles(tmp_path):
    """Found by the first-sight batch of s41 (bin-server): the include became
    `howto.txt.html`, a file the port never wrote, and the page was a 500."""
    from .helpers import answers, both_folders

    bottle, flask = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle, template

            app = Bottle()


            @app.get("/")
            def index():
                return template("page.html", who="<you>")
        ''',
        "views/page.html": "<p>\n% include('howto.txt')\n</p>\n",
        "views/howto.txt": "Type {{who}} code here.\n",
    }, "include_as_is")
    (status, page), (flask_status, flask_page) = answers(bottle, "/"), answers(flask, "/")
    assert status == flask_status == 200
    assert page == flask_page == "<p>\nType &lt;you&gt; code here.\n</p>\n"


WEB = '''
    from bottle import Bottle, template

    app = Bottle()


    @app.get("/")
    def index():
        return template("page", xs=[1, 2])
'''


@pytest.mark.parametrize(("views", "crlf"), [
    ({"views/page.tpl": "<ul>\n  % include('item')\n  <li>last</li>\n</ul>\n",
      "views/item.tpl": "% for x in xs:\n  <li>{{x}}</li>\n% end\n"}, False),
    ({"views/page.tpl": "<ul>\r\n% for x in xs:\r\n  <li>{{x}}</li>\r\n% end\r\n</ul>\r\n"},
     True),
], ids=["include-and-last-newline", "crlf"])
def test_a_ported_page_answers_bottles_bytes_whitespace_and_all(tmp_path, views, crlf):
    """#42: on the first-sight batch of s41, 143 answers differed from Bottle's only in
    whitespace: the last newline, an include line taking the next line's indentation,
    Windows line ends printed as '\\n'."""
    from .helpers import both_folders

    bottle, flask = both_folders(tmp_path, {"web.py": WEB, **views}, f"bytes_{crlf}")
    page, flask_page = bottle.get("/"), flask.get("/")
    assert page.status_int == flask_page.status_int == 200
    assert flask_page.body == page.body
    assert page.body.endswith(b"</ul>\r\n" if crlf else b"</ul>\n")
    set_up = (tmp_path / "out" / "web.py").read_text()
    assert ('app.jinja_env.newline_sequence = "\\r\\n"' in set_up) is crlf


BODY = "{% if base is defined %}{{ base|safe }}{% endif %}"


@pytest.mark.parametrize(("given_base", "kept"), [
    (None, {"layout", "inner", "part"}),  # the renders are not known
    (set(), {"part"}),  # an included layout sees its includer's `base`
    ({"views/layout.tpl"}, {"layout", "part"}),  # by any name Bottle finds it by
    ({"./inner"}, {"inner", "part"}),
])
def test_a_layout_keeps_its_blocks_body_only_where_base_may_be_given(tmp_path, given_base,
                                                                       kept):
    views = tmp_path / "views"
    views.mkdir()
    (views / "layout.tpl").write_text("<body>{{!base}}</body>\n")
    (views / "inner.tpl").write_text("% rebase('layout')\n<i>{{!base}}</i>\n")
    (views / "part.tpl").write_text("<p>{{!base}}</p>\n")
    (views / "page.tpl").write_text("% rebase('inner')\n% include('part', base='x')\npage\n")
    report = convert_tree(views, tmp_path / "out", given_base=given_base)
    assert report.ok
    bodies = {name: BODY in (tmp_path / "out" / f"{name}.html").read_text()
              for name in ("layout", "inner", "part")}
    assert bodies == {name: name in kept for name in bodies}
    body = BODY if "layout" in kept else ""
    assert (tmp_path / "out" / "layout.html").read_text().startswith(
        f"<body>{{% block content %}}{body}{{% endblock %}}</body>\n")


def test_an_include_of_a_computed_name_keeps_every_layouts_body(tmp_path):
    views = tmp_path / "views"
    views.mkdir()
    (views / "layout.tpl").write_text("<body>{{!base}}</body>\n")
    (views / "page.tpl").write_text("% rebase('layout')\n% include(part)\n")
    report = convert_tree(views, tmp_path / "out", given_base=set())
    assert report.ok
    assert BODY in (tmp_path / "out" / "layout.html").read_text()

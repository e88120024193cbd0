"""A template the converter cannot turn into Jinja2 that Bottle compiles keeps its pages.

Its original goes into OUT (with the templates of its folder), and each render of it
(template(), @view, a name known at run time, a page that rebases onto it or includes
it) is Bottle's own SimpleTemplate through P006's kept renders: the pages answer as
Bottle's. Before, it was left out of OUT and each of those pages was a 500 in the port
(TemplateNotFound). A template Bottle itself cannot compile is copied as it was: not
converted, named on stderr, its pages failing in both (the check decides the exit).
"""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent

from bottle2flask.cli import main as kit
from bottle2flask.stpl.convert import bottle_error, convert_source

from .helpers import answers, both_folders

# A `%` line continued by a backslash: Bottle joins it into one line of Python; the
# converter reads each line alone and cannot say it
SUM = "% y = x + \\\n%   2\n<p>{{y}}</p>\n"
LAYOUT = "<html><title>{{title}}</title>\n% n = 1 + \\\n%   1\n{{!base}} {{n}}\n</html>\n"
WEB = '''
    from bottle import Bottle, template, view

    app = Bottle()


    @app.route("/")
    def index():
        return template("sum", x=1)


    @app.route("/v")
    @view("sum")
    def v():
        return dict(x=5)


    @app.route("/page")
    def page():
        return template("page", title="T")


    @app.route("/inc")
    def inc():
        return template("inc", x=2)


    @app.route("/plain")
    def plain():
        return template("plain", x=4)


    @app.route("/named/<name>")
    def named(name):
        return template(name, x=3, title="N")
'''
FILES = {"web.py": WEB, "views/sum.tpl": SUM, "views/layout.tpl": LAYOUT,
         "views/page.tpl": '% rebase("layout", title=title)\n<h1>{{title}}</h1>\n',
         "views/inc.tpl": '<div>\n% include("sum", x=x)\n</div>\n',
         "views/plain.tpl": "<b>{{x}}</b>\n"}


def test_the_form_is_one_the_converter_cannot_read_and_bottle_compiles():
    # (the templates the tests below port: were the converter to read them, these tests
    # would test nothing of this)
    for text in (SUM, LAYOUT):
        assert convert_source(text, "t.tpl").error is not None
        assert bottle_error(text, strict=True) is None


def test_pages_of_a_template_not_converted_answer_as_bottles(tmp_path):
    bottle, flask = both_folders(tmp_path, FILES, "unconverted")
    for path in ("/", "/v", "/page", "/inc", "/plain", "/named/sum", "/named/page",
                 "/named/plain"):
        assert answers(flask, path) == answers(bottle, path), path
        assert answers(flask, path)[0] == 200, path
    assert answers(bottle, "/") == (200, "<p>3</p>\n")
    assert answers(bottle, "/page") == (200, "<html><title>T</title>\n<h1>T</h1>\n 2\n</html>\n")


def test_the_originals_are_in_out_and_the_renders_are_kept(tmp_path):
    both_folders(tmp_path, FILES, "unconverted_out")
    out = tmp_path / "out"
    for name in ("sum", "layout", "page", "inc"):
        assert (out / "views" / f"{name}.tpl").read_text() == \
            (tmp_path / "src" / "views" / f"{name}.tpl").read_text()
    # (a template converted, that reaches none of them, is rendered as before: its
    # original beside it too, as P006's kept renders copy their folder's)
    assert (out / "views" / "plain.html").read_text().startswith("<b>{{ x }}</b>\n")
    code = (out / "web.py").read_text()
    assert "return bottle_simple_template(\"sum.html\", 'sum.tpl', 'views', x=1)" in code
    assert "bottle_simple_view" not in code  # @view returning a dict: its render, kept
    assert code.count("bottle_simple_template(\"sum.html\"") == 2
    assert "return bottle_simple_template(\"page.html\", 'page.tpl', 'views'" in code
    assert "return bottle_simple_template(\"inc.html\", 'inc.tpl', 'views'" in code
    assert 'return render_template("plain.html", x=4)' in code
    assert "bottle_kept_template(" in code
    assert "TODO(flask-port/P006): sum.html was not converted (line 1: `y = x + \\` is not " \
        "Python" in code
    assert "TODO(flask-port/P006): page.html extends or includes layout.html, which was not " \
        "converted" in code
    report = json.loads((out / "porting-report.json").read_text())
    statuses = {t["path"]: t["status"] for t in report["templates"]}
    kept = "kept (not converted: Bottle's SimpleTemplate renders the original)"
    assert statuses == {"views/inc.tpl": "converted", "views/layout.tpl": kept,
                        "views/page.tpl": "converted", "views/plain.tpl": "converted",
                        "views/sum.tpl": kept}
    sites = [s for m in report["modules"] for s in m.get("sites", [])
             if s["kind"] == "template-kept"]
    assert len(sites) == 4, sites  # index, v, page, inc (the name at run time: its own kind)
    text = (out / "PORTING-REPORT.md").read_text()
    assert "- views/sum.tpl: kept (not converted" in text
    assert "not converted (line 1: `y = x + \\` is not Python" in text
    assert "bottle" in (out / "requirements.txt").read_text().split()


def test_a_kept_template_is_exit_0_and_one_bottle_cannot_compile_stays_exit_1(tmp_path,
                                                                              capsys):
    files = {"web.py": WEB, "views/sum.tpl": SUM, "views/layout.tpl": LAYOUT,
             "views/page.tpl": '% rebase("layout", title=title)\n<h1>{{title}}</h1>\n',
             "views/inc.tpl": '<div>\n% include("sum", x=x)\n</div>\n',
             "views/plain.tpl": "<b>{{x}}</b>\n"}
    src = tmp_path / "src"
    for name, text in files.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(dedent(text).lstrip("\n"))
    assert kit(["port", str(src), "-o", str(tmp_path / "out"), "--no-check"]) == 0
    assert "not written to OUT" not in capsys.readouterr().err
    # a block whose body is on its opening line has more body: Bottle's code does not
    # compile either (its page a 500 in both); nothing is kept, the file is said
    (src / "views" / "plain.tpl").write_text("% if True:\n% def f(): return 1\n{{f()}}\n"
                                             "% end\n")
    assert bottle_error((src / "views" / "plain.tpl").read_text(), strict=True)
    out = tmp_path / "out2"
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == 0
    err = capsys.readouterr().err
    assert "views/plain.tpl:3: a block whose body is on its opening line has more body " \
        "(Bottle's generated code does not compile): not converted (Bottle cannot compile " \
        "it either: its renders fail in the original too); copied as it was" in err
    # as it was (a page the app may send as a file); its renders fail in both
    assert (out / "views" / "plain.tpl").read_bytes() == \
        (src / "views" / "plain.tpl").read_bytes()
    assert 'render_template("plain.html", x=4)' in (out / "web.py").read_text()
    report = json.loads((out / "porting-report.json").read_text())
    plain = next(t for t in report["templates"] if t["path"] == "views/plain.tpl")
    assert plain["status"] == "failed" and plain["bottle_error"] == "line 3: unexpected indent"
    assert "Bottle cannot compile it (line 3: unexpected indent): its pages failed in the " \
        "original" in (out / "PORTING-REPORT.md").read_text()


def test_a_template_only_a_name_at_run_time_reaches_is_kept(tmp_path):
    files = {"web.py": '''
        from bottle import Bottle, template

        app = Bottle()


        @app.route("/<name>")
        def named(name):
            return template(name, x=3)
    ''', "views/sum.tpl": SUM, "views/plain.tpl": "<b>{{x}}</b>\n"}
    bottle, flask = both_folders(tmp_path, files, "unconverted_named")
    for path in ("/sum", "/plain"):
        assert answers(flask, path) == answers(bottle, path), path
    assert answers(flask, "/sum") == (200, "<p>5</p>\n")
    assert (tmp_path / "out" / "views" / "sum.tpl").is_file()
    assert 'bottle_kept_template({"sum.html": ("sum.tpl", "views")}, name, x=3)' \
        in (tmp_path / "out" / "web.py").read_text()


def test_a_template_beside_the_app_by_its_html_name(tmp_path):
    # (an .html original of a template not converted goes into OUT by its own name: no
    # conversion stands there)
    files = {"web.py": '''
        from bottle import Bottle, template

        app = Bottle()


        @app.route("/")
        def index():
            return template("sum.html", x=7)
    ''', "sum.html": SUM}
    bottle, flask = both_folders(tmp_path, files, "unconverted_html")
    assert answers(flask, "/") == answers(bottle, "/") == (200, "<p>9</p>\n")
    assert Path(tmp_path / "out" / "sum.html").read_text() == SUM

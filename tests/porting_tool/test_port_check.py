"""bottle2flask port checks itself: both apps started on copies, the same requests sent,
a verdict per route, an exit status that says so, and a suite left in OUT/tests/."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bottle2flask.cli import main as port_command
from tests.installed.test_installed_tool import listing

SAMPLE = Path(__file__).resolve().parent / "sample"

SEARCH = '''from bottle import Bottle, request

app = Bottle()


@app.route("/")
def index():
    return '<a href="/search?q=bottle">search</a> <a href="/about">about</a>'


@app.route("/search")
def search():
    return "<p>You looked for " + request.query.q + "</p>"


@app.route("/about")
def about():
    return "<p>About</p>"
'''


def app_folder(tmp_path: Path, source: str) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "web.py").write_text(source)
    return src


def port(*argv) -> int:
    return port_command(["port", *map(str, argv)])


def test_the_sample_checks_itself_and_leaves_a_suite_that_passes_on_both(tmp_path, capsys):
    src = tmp_path / "todo"
    shutil.copytree(SAMPLE, src, ignore=shutil.ignore_patterns("*.db"))
    before = listing(src)
    assert port(src, "-o", tmp_path / "out", "--forms") == 0
    out, err = capsys.readouterr()
    assert "\nChecking the port: both apps run on copies" in out
    assert "  GET /edit/<no:int>" in out and "0 different" in out
    assert f"run it: cd {tmp_path / 'out'} && flask --app todo:app run" in out
    assert err == ""
    assert listing(src) == before  # not a byte of the original changed (its todo.db neither)
    suite = tmp_path / "out" / "tests"
    data = json.loads((suite / "bottle2flask_parity.json").read_text())
    assert data["apps"]["flask"] == {"folder": "..", "spec": "todo.py:app"}
    assert data["apps"]["bottle"]["folder"] == str(src)
    assert len(data["requests"]) >= 10
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly",
                           "-p", "no:cacheprovider", "-W", "ignore::DeprecationWarning",
                           str(suite)], cwd=tmp_path / "out", capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout[-2000:]
    assert f"{2 * len(data['requests'])} passed" in done.stdout  # the port and the original


def test_the_suite_runs_against_the_port_alone_once_the_original_is_gone(tmp_path):
    src = tmp_path / "todo"
    shutil.copytree(SAMPLE, src, ignore=shutil.ignore_patterns("*.db"))
    assert port(src, "-o", tmp_path / "out") == 0
    shutil.rmtree(src)
    suite = tmp_path / "out" / "tests"
    count = len(json.loads((suite / "bottle2flask_parity.json").read_text())["requests"])
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly",
                           "-p", "no:cacheprovider", "-W", "ignore::DeprecationWarning",
                           str(suite)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:]
    assert f"{count} passed" in done.stdout


def test_a_port_whose_pages_differ_is_exit_1_with_the_first_difference(tmp_path, capsys):
    # Without P004, request.query stays: Flask's request has none, so /search is a 500.
    src = app_folder(tmp_path, SEARCH)
    assert port(src, "-o", tmp_path / "out", "--disable", "P004") == 1
    out, err = capsys.readouterr()
    assert "different: GET /search?q=bottle: status: '200 OK' != '500 INTERNAL SERVER ERROR'" \
        in out
    assert "GET /about" in out and "run it:" in out
    assert err.splitlines()[-1].startswith("bottle2flask port: pages differ: GET /search")
    # The suite expects the original's answer there: an expected failure until fixed.
    data = json.loads((tmp_path / "out" / "tests" / "bottle2flask_parity.json").read_text())
    differing = [r for r in data["requests"] if r["differs"]]
    assert [r["path"] for r in differing] == ["/search?q=bottle", "/search"]
    assert differing[0]["answers"]["flask"] == differing[0]["answers"]["bottle"]


def test_a_port_that_does_not_start_is_exit_3_and_names_the_line(tmp_path, capsys):
    src = app_folder(tmp_path, SEARCH.replace('@app.route("/about")',
                                              '@app.route("/about/<no:int>")'))
    assert port(src, "-o", tmp_path / "out", "--disable", "P003") == 3
    out, err = capsys.readouterr()
    assert "run it" not in out and not (tmp_path / "out" / "tests").exists()
    assert err.splitlines()[-1].startswith("bottle2flask port: the port does not start: web.py:")
    assert "the converter 'no' does not exist" in err


def test_a_port_that_fails_to_start_as_its_original_does_is_exit_4(tmp_path, capsys):
    """Found by the trials (an App Engine app, a Python 2 module, boto3 reading AWS
    credentials at import): the original fails here too, in the same way, so the
    failure is the machine's or the original's, not the port's: exit 4, not 3."""
    src = app_folder(tmp_path, "import module_the_machine_lacks  # noqa\n" + SEARCH)
    assert port(src, "-o", tmp_path / "out") == 4
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.startswith("bottle2flask port: neither app starts here, and both fail alike")
    assert "ModuleNotFoundError: No module named 'module_the_machine_lacks'" in err


def test_a_port_that_fails_otherwise_than_its_original_is_still_exit_3(tmp_path, capsys):
    src = app_folder(tmp_path, SEARCH.replace('@app.route("/about")',
                                              '@app.route("/about/<no:int>")')
                     + '\nraise RuntimeError("the original fails later")\n')
    assert port(src, "-o", tmp_path / "out", "--disable", "P003") == 3
    assert "the converter 'no' does not exist" in capsys.readouterr().err


def test_an_app_made_only_in_a_mod_wsgi_script_is_checked(tmp_path, capsys):
    """Found by the trials (marklearningtravis): an app whose one module is app.wsgi was
    ported but not checked ("no module makes a Flask app")."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "hello.wsgi").write_text(SEARCH.replace("app = Bottle()",
                                                   "app = application = Bottle()"))
    assert port(src, "-o", tmp_path / "out") == 0
    out = capsys.readouterr().out
    assert "0 different" in out and "  GET /search" in out
    assert f"run it: as before, mod_wsgi loads {tmp_path / 'out' / 'hello.wsgi'}" in out
    suite = tmp_path / "out" / "tests"  # its own loader takes the script too
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly",
                           "-p", "no:cacheprovider", "-W", "ignore::DeprecationWarning",
                           str(suite)], cwd=tmp_path / "out", capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout[-2000:]


def test_no_check_only_converts(tmp_path, capsys):
    src = app_folder(tmp_path, SEARCH)
    assert port(src, "-o", tmp_path / "out", "--no-check") == 0
    out = capsys.readouterr().out
    assert "Not checked (--no-check)." in out and "run it" not in out
    assert not (tmp_path / "out" / "tests").exists()


def test_a_template_todo_that_fails_when_rendered_is_counted_and_not_done(tmp_path, capsys):
    """Found by the trials (bottle-mvc): `0 TODOs` and "run it" for a template whose
    converted form calls kit_todo(), an error on every render."""
    src = app_folder(tmp_path, "from bottle import Bottle, template\n\napp = Bottle()\n\n\n"
                     '@app.route("/")\ndef index():\n    return template("index", message="")\n')
    (src / "views").mkdir()
    (src / "views" / "index.tpl").write_text("% if message is not 'x':\n<p>{{message}}</p>\n"
                                             "% end\n<p>home</p>\n")
    assert port(src, "-o", tmp_path / "out") == 5
    out, err = capsys.readouterr()
    assert "TODO: 1" in out and "run it" not in out
    assert err.splitlines()[-1].startswith(
        "bottle2flask port: not done: views/index.html:1: a template TODO that fails")


def test_a_template_the_app_never_renders_blocks_nothing(tmp_path, capsys):
    """Found by the trials (jbajwa/496): a Django project's templates/ beside the Bottle
    app; one of them converted with a TODO made the port 'not done' though no render
    call, view or include of the app names it."""
    src = app_folder(tmp_path, "from bottle import Bottle, template\n\napp = Bottle()\n\n\n"
                     '@app.route("/")\ndef index():\n    return template("index", message="")\n')
    (src / "views").mkdir()
    (src / "views" / "index.tpl").write_text("% include('part')\n<p>home</p>\n")
    (src / "views" / "part.tpl").write_text("<p>part</p>\n")
    (src / "templates").mkdir()
    (src / "templates" / "old.html").write_text("% if message is not 'x':\n<p>x</p>\n% end\n")
    assert port(src, "-o", tmp_path / "out", "--no-check") == 0
    report = (tmp_path / "out" / "PORTING-REPORT.md").read_text()
    assert "- templates/old.html: converted (no render call, view or include" in report
    assert "- views/part.tpl: converted\n" in report
    # once the app renders it, the same TODO blocks again
    (src / "web.py").write_text((src / "web.py").read_text().replace(
        'template("index", message="")', 'template("index", message="") + template('
        '"templates/old", message="")'))
    assert port(src, "-o", tmp_path / "out2", "--no-check") == 5
    assert "templates/old.html:1: a template TODO" in capsys.readouterr().err


def test_a_template_named_by_a_variable_keeps_every_template_blocking(tmp_path):
    src = app_folder(tmp_path, "from bottle import Bottle, template\n\napp = Bottle()\n\n\n"
                     '@app.route("/<name>")\ndef page(name):\n    return template(name)\n')
    (src / "views").mkdir()
    (src / "views" / "old.tpl").write_text("% if name is not 'x':\n<p>x</p>\n% end\n")
    assert port(src, "-o", tmp_path / "out", "--no-check") == 5


def test_which_templates_an_app_can_render(tmp_path):
    from bottle2flask.port.templates import rendered

    src = tmp_path / "src"
    for name, text in {"views/index.tpl": "% include header\n<p>{{x}}</p>\n",
                       "views/header.tpl": "% rebase('base.tpl', title='t')\n",
                       "views/base.tpl": "{{!base}}\n", "views/old.tpl": "<p>old</p>\n",
                       "views/form.tpl": "<p>form</p>\n"}.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text)
    templates = sorted((src / "views").iterdir())
    app = ('from bottle import template, view\n@view("form")\ndef f():\n    return {}\n'
           'def g():\n    return template("index", x=1)\n')
    found = rendered(src, {"app.py": app}, templates)
    assert sorted(p.name for p in found) == ["base.tpl", "form.tpl", "header.tpl", "index.tpl"]
    # a name the call computes: any template may be rendered
    for call in ('template(name)', 'template("a" if x else "old")', 'template("x" + y)'):
        assert rendered(src, {"app.py": app + f"def h():\n    return {call}\n"},
                        templates) is None


@pytest.mark.parametrize(("rule", "path"), [
    ("/edit/<no:int>", "/edit/1"), ("/json<json:re:[0-9]+>", "/json1"),
    ("/img/<f:re:.+\\.png>", "/img/x.png"), ("/d/<day:re:\\d{4}-\\d\\d-\\d\\d>", "/d/2020-01-01"),
    ("/<a>/<b:path>", "/x/x/y")])
def test_a_route_is_probed_with_a_path_its_filters_take(rule, path):
    """The Bottle tutorial's `/json<json:re:[0-9]+>` was probed as /jsonx, which matches
    neither app: the route was reported as not ported."""
    import bottle

    from bottle2flask.migrate.status import sample_path

    assert sample_path(bottle.Bottle().router, rule) == path


def test_a_check_cut_off_at_its_time_limit_leaves_no_temporary_files(tmp_path, monkeypatch,
                                                                     capsys):
    """The check's processes copy the apps into temporary folders; one killed at
    --check-timeout cannot remove its own (found: 27 copies left in /tmp)."""
    src = app_folder(tmp_path, "import time\n\ntime.sleep(60)\n" + SEARCH)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))  # for the check's processes
    monkeypatch.setattr("tempfile.tempdir", str(scratch))  # for this one
    assert port(src, "-o", tmp_path / "out", "--check-timeout", 3) == 4  # neither answers
    assert "no answer within 3 s (--check-timeout)" in capsys.readouterr().err
    assert list(scratch.iterdir()) == []

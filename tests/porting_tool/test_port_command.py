"""kit port on the command line: --diff, --disable, exit statuses and the reports."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from bottle2flask.cli import main as kit

APP = '''from bottle import Bottle, run

app = Bottle()


@app.route("/item/<no:int>")
def item(no):
    return {"no": no}


run(app, port=8080)
'''


def write_app(folder, source=APP):
    folder.mkdir()
    (folder / "web.py").write_text(source)
    (folder / "data.json").write_text('{"kept": true}')
    return folder


def test_no_check_imports_no_module_it_does_not_use(tmp_path):
    """`port --no-check` starts nothing to compare (proof/, parity/), and the port's
    own code needs neither LibCST's matchers nor its codemod tools: each is a tenth of
    a second or more at every start of the command (issue #43)."""
    sample = Path(__file__).with_name("sample")
    script = ("import sys\nfrom bottle2flask.cli import main\n"
              f"status = main(['port', {str(sample)!r}, '-o', {str(tmp_path / 'out')!r}, "
              "'--no-check', '--quiet'])\n"
              "print(status, sorted({m.rsplit('.', 1)[0] if m.count('.') > 1 else m "
              "for m in sys.modules if m.startswith(('bottle2flask.proof', "
              "'bottle2flask.parity', 'libcst.matchers', 'libcst.codemod'))}))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=tmp_path)
    assert done.stdout.split("\n")[-2] == "0 []"


def test_diff_previews_and_writes_nothing(tmp_path, capsys):
    src = write_app(tmp_path / "src")
    assert kit(["port", "--faithful", str(src), "--diff"]) == 1  # it changes web.py
    out = capsys.readouterr().out
    assert "-@app.route(\"/item/<no:int>\")" in out
    assert "+@app.route(\"/item/<int(signed=True):no>\")" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["src"]


def test_disable_skips_the_rule_and_the_report_says_what_ran(tmp_path):
    src, out = write_app(tmp_path / "src"), tmp_path / "out"
    # Without P003 the routes keep Bottle's syntax: the port does not start (status 3).
    assert kit(["port", "--faithful", str(src), "-o", str(out), "--disable", "p003"]) == 3
    assert '@app.route("/item/<no:int>")' in (out / "web.py").read_text()
    report = json.loads((out / "porting-report.json").read_text())
    assert "P003" not in report["modules"][0]["applied"]
    assert report["modules"][0]["applied"]["P016"] == 1
    assert (out / "data.json").read_text() == '{"kept": true}'
    assert report["entry"] == {"module": "web", "app": "app"}


def test_todos_are_listed_with_file_and_line(tmp_path, capsys):
    source = APP.replace("run(app, port=8080)", 'run(app, server="paste")')
    src, out = write_app(tmp_path / "src", source), tmp_path / "out"
    # run(server="paste") at import is not started (paste is not installed here either):
    # both apps load and answer alike.
    assert kit(["port", "--faithful", str(src), "-o", str(out)]) == 0
    line = next(n for n, text in enumerate((out / "web.py").read_text().splitlines(), 1)
                if "TODO(flask-port/P016)" in text)
    assert f"`web.py:{line}` P016:" in (out / "PORTING-REPORT.md").read_text()
    assert f"web.py:{line}: P016" in capsys.readouterr().err


def test_a_file_that_does_not_parse_is_exit_1_and_copied_unchanged(tmp_path, capsys):
    src, out = write_app(tmp_path / "src", "from bottle import route\ndef broken(:\n"), \
        tmp_path / "out"
    assert kit(["port", "--faithful", str(src), "-o", str(out)]) == 1
    assert "web.py" in capsys.readouterr().err
    assert (out / "web.py").read_text() == "from bottle import route\ndef broken(:\n"


def test_usage_errors_are_exit_2(tmp_path, capsys):
    src = write_app(tmp_path / "src")
    assert kit(["port", "--faithful", str(src)]) == 2
    assert kit(["port", "--faithful", str(src), "-o", str(tmp_path / "o"),
                "--disable", "P999"]) == 2
    assert kit(["port", "--faithful", str(tmp_path / "missing"), "-o", str(tmp_path / "o")]) == 2
    assert kit(["port", "--faithful", str(src), "-o", str(src / "inside")]) == 2
    assert "unknown rule P999" in capsys.readouterr().err


def test_a_rule_that_fails_keeps_its_traceback_in_the_report_and_with_traceback(
        tmp_path, capsys, monkeypatch):
    from bottle2flask.port import passes
    from bottle2flask.port.rules import p003_routes

    def broken(self, node):
        raise RuntimeError("a rule's own bug")

    monkeypatch.setattr(p003_routes.Routes, "visit_Module", broken)
    monkeypatch.setattr(passes, "_KINDS", {})  # the walks' methods, found again
    monkeypatch.setattr(passes, "_SKIPPED", {})
    src = tmp_path / "src"
    src.mkdir()
    (src / "web.py").write_text("from bottle import route\n\n\n@route('/')\ndef i():\n"
                                "    return 'x'\n")
    status = kit(["port", "--no-check", "--traceback", str(src), "-o", str(tmp_path / "out")])
    assert status == 1
    err = capsys.readouterr().err
    assert "the porter failed on this file (RuntimeError: a rule's own bug)" in err
    assert "Traceback (most recent call last):" in err and "in broken" in err
    report = (tmp_path / "out" / "PORTING-REPORT.md").read_text()
    assert "Traceback (most recent call last):" in report and "in broken" in report
    # the file is copied as it was
    assert (tmp_path / "out" / "web.py").read_text() == (src / "web.py").read_text()


# A package's app, ported from the package's own folder: OUT holds its __init__.py.
PACKAGES = {
    "app-in-init": {"__init__.py": "import bottle\nfrom . import views\n\n"
                                   "app = bottle.Bottle()\nviews.register(app)\n",
                    "views.py": "def register(app):\n    @app.route('/')\n"
                                "    def index():\n        return 'shop index'\n"},
    "module-importing-relatively": {
        "__init__.py": "",
        "web.py": "import bottle\nfrom .models import NAME\n\napp = bottle.Bottle()\n\n\n"
                  "@app.route('/')\ndef index():\n    return 'shop ' + NAME\n",
        "models.py": "NAME = 'index'\n"},
    # its modules import it by its name: it runs under that name only (OUT renamed)
    "importing-itself-by-name": {
        "__init__.py": "",
        "web.py": "import bottle\nfrom shop.models import NAME\n\napp = bottle.Bottle()\n\n\n"
                  "@app.route('/')\ndef index():\n    return 'shop ' + NAME\n",
        "models.py": "NAME = 'index'\n"},
}


@pytest.mark.parametrize("checked", [False, True], ids=["no-check", "checked"])
@pytest.mark.parametrize("files", list(PACKAGES.values()), ids=list(PACKAGES))
def test_the_reports_run_line_for_a_package_runs_it(tmp_path, files, checked):
    """PORTING-REPORT.md says how to run the port. Not checked, for a package, it said
    `flask --app shop:app run` from OUT, where no module `shop` is (nor a package for
    web.py's relative import); checked, it said to rename OUT to the package's name
    where OUT's own name does as well (onto the original, when OUT sits beside it). The
    lines are followed here as printed, the server given port 0 (said on its 'Running
    on' line) and asked for its page."""
    src = tmp_path / "repo" / "shop"
    src.mkdir(parents=True)
    for name, text in files.items():
        (src / name).write_text(text)
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out), "--quiet",
                *([] if checked else ["--no-check"])]) == 0
    report = (out / "PORTING-REPORT.md").read_text()
    found = re.search(r"^Run the Flask app(?:; rename (\S+) to (\S+), the package's name, "
                      r"then)?:\n\n    (cd .* run)\n", report, re.M)
    assert found, report[:600]
    if found.group(1):
        # asked only where OUT's own name cannot do: a module imports the package by name
        assert "from shop." in (src / "web.py").read_text()
        (out.parent / found.group(1)).rename(out.parent / found.group(2))
    flask = Path(sys.executable).with_name("flask")
    elsewhere = tmp_path / "elsewhere"  # the line's own cd takes it there
    elsewhere.mkdir()
    server = subprocess.Popen(
        found.group(3).replace("flask ", f"{flask} ", 1) + " --port 0", shell=True,
        cwd=elsewhere, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        said = ""
        for line in server.stderr:
            said += line
            port = re.search(r"Running on http://127\.0\.0\.1:(\d+)", line)
            if port:
                break
        assert port, said
        with urllib.request.urlopen(f"http://127.0.0.1:{port.group(1)}/", timeout=10) as page:
            assert page.read() == b"shop index"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.communicate(timeout=30)


def test_a_port_without_reports_writes_the_same_code_and_parity_settings(tmp_path):
    """port_tree(reports=False), the generator's judge's port: the code, the templates and
    parity.toml byte for byte as a full port writes them; no requirements.txt,
    porting-report.json or PORTING-REPORT.md, which no verdict reads."""
    from bottle2flask.port.folder import port_tree

    src = write_app(tmp_path / "src", APP.replace(
        'return {"no": no}', 'return template("item", no=no)').replace(
        "import Bottle, run", "import Bottle, redirect, run, template") + (
        '\n\n@app.route("/old")\ndef old():\n    redirect("/item/1")\n'))
    (src / "views").mkdir()
    (src / "views" / "item.tpl").write_text("<p>{{no}}</p>\n")
    port_tree(src, tmp_path / "full")
    port_tree(src, tmp_path / "bare", reports=False)

    def written(folder: Path) -> dict[str, bytes]:
        return {p.relative_to(folder).as_posix(): p.read_bytes()
                for p in sorted(folder.rglob("*")) if p.is_file()}

    full, bare = written(tmp_path / "full"), written(tmp_path / "bare")
    assert set(full) - set(bare) == {"requirements.txt", "porting-report.json",
                                     "PORTING-REPORT.md"}
    assert bare == {name: text for name, text in full.items() if name in bare}
    assert {"web.py", "views/item.html", "parity.toml", "data.json"} <= set(bare)
    assert b"[[ignore]]" in bare["parity.toml"]  # the redirect's declared change

"""bottle2flask port as ruff users expect it: re-runs that lose nothing, --diff, --json,
--quiet, the apps' output kept in OUT/check.log, and --no-check importing no checker."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bottle2flask.cli import main as kit
from bottle2flask.exit_status import ExitStatus

APP = '''from bottle import Bottle, template

app = Bottle()


@app.route("/")
def index():
    print("the app says hello on stdout")
    sys.stderr.write("and on stderr\\n")
    return template("index", xs=[1, 2])
'''
TEMPLATE = "% for x in xs:\n<p>{{x}}</p>\n% end\n"


def write_app(folder: Path, source: str = APP) -> Path:
    (folder / "views").mkdir(parents=True)
    (folder / "web.py").write_text("import sys\n" + source)
    (folder / "views" / "index.tpl").write_text(TEMPLATE)
    (folder / "static").mkdir()
    (folder / "static" / "site.css").write_text("p { color: red }\n")
    return folder


@pytest.fixture
def src(tmp_path):
    return write_app(tmp_path / "src")


def port(src: Path, out: Path, *more: str) -> int:
    return kit(["port", "--no-check", str(src), "-o", str(out), *more])


# Re-runs lose nothing


def test_porting_again_into_an_out_nobody_changed_just_ports_again(src, tmp_path):
    out = tmp_path / "out"
    assert port(src, out) == 0
    (src / "views" / "index.tpl").write_text("<p>{{len(xs)}}</p>\n")
    assert port(src, out) == 0
    assert "for" not in (out / "views" / "index.html").read_text()


@pytest.mark.parametrize(("change", "said"), [
    (lambda out: (out / "web.py").write_text("# mine\n"), "web.py (edited)"),
    (lambda out: (out / "notes.txt").write_text("mine\n"), "notes.txt (added)"),
    (lambda out: (out / "static" / "site.css").unlink(), "static/site.css (removed)"),
])
def test_an_out_changed_since_the_last_port_stops_it_with_exit_2(src, tmp_path, capsys,
                                                                  change, said):
    out = tmp_path / "out"
    assert port(src, out) == 0
    change(out)
    kept = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    capsys.readouterr()
    assert port(src, out) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"1 file changed since the last port (the first: {said})" in err
    assert "--force" in err
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == kept


def test_the_error_counts_every_change_and_names_the_first(src, tmp_path, capsys):
    out = tmp_path / "out"
    assert port(src, out) == 0
    (out / "web.py").write_text("# mine\n")
    (out / "PORTING-REPORT.md").unlink()
    assert port(src, out) == 2
    assert "2 files changed since the last port (the first: PORTING-REPORT.md (removed))" \
        in capsys.readouterr().err


def test_force_writes_over_the_changes(src, tmp_path):
    out = tmp_path / "out"
    assert port(src, out) == 0
    (out / "web.py").write_text("# mine\n")
    assert port(src, out, "--force") == 0
    assert "Flask(__name__" in (out / "web.py").read_text()
    assert port(src, out) == 0  # and what it wrote is the port's again


def test_a_first_port_into_a_folder_no_port_wrote_stops(src, tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "app.py").write_text("# someone's\n")
    assert port(src, out) == 2
    assert "is not empty and no port wrote it (1 file, the first app.py)" \
        in capsys.readouterr().err
    assert (out / "app.py").read_text() == "# someone's\n"
    assert port(src, tmp_path / "empty") == 0  # an empty or new folder is fine
    (tmp_path / "made").mkdir()
    assert port(src, tmp_path / "made") == 0


def test_caches_left_by_running_the_port_are_not_changes(src, tmp_path):
    out = tmp_path / "out"
    assert port(src, out) == 0
    (out / "__pycache__").mkdir()
    (out / "__pycache__" / "web.cpython-311.pyc").write_bytes(b"\0")
    (out / ".pytest_cache").mkdir()
    (out / ".pytest_cache" / "README.md").write_text("x")
    assert port(src, out) == 0


# OUT holds what this port wrote, and the user's files


def files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*")
            if p.is_file() and ".bottle2flask" not in p.parts}


def test_porting_again_leaves_no_file_the_last_port_wrote_and_this_one_does_not(src,
                                                                               tmp_path):
    out, fresh = tmp_path / "out", tmp_path / "fresh"
    (src / "views" / "old.tpl").write_text("<p>old</p>\n")
    (src / "legacy").mkdir()
    (src / "legacy" / "tool.py").write_text("X = 1\n")
    (src / "wsgi.py").symlink_to("web.py")
    assert port(src, out, "--faithful") == 0
    assert {"bottle_compat.py", "views/old.html", "legacy/tool.py"} <= set(files(out))
    assert (out / "wsgi.py").is_symlink()
    (src / "wsgi.py").unlink()
    (src / "views" / "old.tpl").unlink()
    (src / "legacy" / "tool.py").unlink()
    (src / "legacy").rmdir()
    assert port(src, out) == 0  # the default port: no bottle_compat.py
    assert port(src, fresh) == 0
    ported, again = files(out), files(fresh)
    assert set(ported) == set(again)
    reports = {"PORTING-REPORT.md", "porting-report.json"}  # they name their OUT
    assert {k: v for k, v in ported.items() if k not in reports} \
        == {k: v for k, v in again.items() if k not in reports}
    assert not (out / "legacy").exists()  # the folder it emptied goes too
    assert not (out / "wsgi.py").is_symlink()  # and the link it made
    assert port(src, out) == 0  # and the manifest says so


def test_the_users_own_files_in_out_stay_through_every_port(src, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "DEPLOY.md").write_text("mine, before any port\n")
    assert port(src, out, "--faithful", "--force") == 0
    (out / "notes.txt").write_text("mine, added after the port\n")
    # bottle_compat.py was the port's; edited by hand, it is the user's now
    (out / "bottle_compat.py").write_text("# my own version\n")
    assert port(src, out, "--force") == 0
    assert (out / "DEPLOY.md").read_text() == "mine, before any port\n"
    assert (out / "notes.txt").read_text() == "mine, added after the port\n"
    assert (out / "bottle_compat.py").read_text() == "# my own version\n"
    # the next port knows them for the user's: no --force needed, and they stay again
    assert port(src, out) == 0
    assert {"DEPLOY.md", "notes.txt", "bottle_compat.py", "web.py"} <= set(files(out))


def test_a_file_of_the_users_the_port_writes_over_is_the_ports_from_then_on(src, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "web.py").write_text("# someone's\n")
    assert port(src, out, "--force") == 0
    assert "Flask(__name__" in (out / "web.py").read_text()
    (src / "web.py").rename(src / "site.py")
    assert port(src, out) == 0
    assert not (out / "web.py").exists() and (out / "site.py").is_file()


# --diff


def test_diff_writes_nothing_and_shows_modules_templates_and_new_files(src, tmp_path,
                                                                       capsys):
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    assert kit(["port", "--faithful", str(src), "--diff"]) == 1
    out = capsys.readouterr().out
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before
    assert "--- a/web.py\n+++ b/web.py\n" in out
    assert "--- a/views/index.tpl\n+++ b/views/index.html\n" in out
    assert "-% for x in xs:\n" in out
    assert "new file: bottle_compat.py\n" in out  # --faithful's helpers
    assert "static/site.css" not in out  # copied as it is: no change
    assert "porting-report.json" not in out and "PORTING-REPORT.md" not in out


def test_diff_exits_0_when_the_port_changes_nothing(tmp_path, capsys):
    src = tmp_path / "src"
    src.mkdir()
    (src / "util.py").write_text("def double(x):\n    return 2 * x\n")
    (src / "style.css").write_text("p {}\n")
    assert kit(["port", str(src), "--diff"]) == 0
    assert capsys.readouterr().out == ""


def test_diff_names_a_file_the_port_leaves_out(src, capsys):
    (src / "bottle.py").write_text("# a Bottle shipped with the app\n")
    assert kit(["port", str(src), "--diff"]) == 1
    assert "not in the port: bottle.py (Bottle itself, shipped with the app" \
        in capsys.readouterr().out


# --json and --quiet


def test_json_prints_the_report_alone_on_stdout(src, tmp_path, capsys):
    out = tmp_path / "out"
    assert port(src, out, "--json") == 0
    printed = capsys.readouterr().out
    data = json.loads(printed)
    assert data == json.loads((out / "porting-report.json").read_text())
    assert data["exit_status"] == 0
    assert [m["path"] for m in data["modules"]] == ["web.py"]


def test_quiet_prints_only_the_last_line(src, tmp_path, capsys):
    out = tmp_path / "out"
    assert port(src, out, "--quiet") == 0
    said = capsys.readouterr()
    assert said.out == f"bottle2flask port: done; report in {out / 'PORTING-REPORT.md'}\n"
    assert said.err == ""


def test_quiet_still_says_an_error(tmp_path, capsys):
    src = tmp_path / "src"
    src.mkdir()
    (src / "web.py").write_text("from bottle import route\ndef broken(:\n")
    assert port(src, tmp_path / "out", "-q") == 1
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err.splitlines()[-1] == "bottle2flask port: a file could not be converted " \
        "(see above)" and "web.py" in said.err


@pytest.mark.parametrize(("argv", "message"), [
    (["--json", "--diff"], "--diff prints a diff and --json the report: give one of them"),
    (["--json", "--quiet"], "argument -q/--quiet: not allowed with argument --json"),
    (["--python", "/no/such/python"], "--python /no/such/python: no such Python"),
])
def test_options_that_do_not_go_together_are_one_line_and_exit_2(src, tmp_path, capsys,
                                                                  argv, message):
    assert kit(["port", str(src), "-o", str(tmp_path / "out"), *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not (tmp_path / "out").exists()


def test_each_file_s_line_counts_its_own_todos_as_the_total_does(src, tmp_path, capsys):
    (src / "views" / "index.tpl").write_text("<p>{{loop}}</p>\n")  # a TODO (T027)
    # the template's TODO would fail when rendered: P006 keeps its render (a TODO of the
    # module's, Bottle's SimpleTemplate renders the original), and the port is done
    assert port(src, tmp_path / "out") == 0
    lines = capsys.readouterr().out.splitlines()
    per_file = [int(line.rpartition("TODO: ")[2]) for line in lines
                if "TODO: " in line and not line.startswith("bottle2flask port:")]
    total = next(line for line in lines if line.startswith("bottle2flask port:"))
    assert "views/index.tpl: TODO: 1" in lines
    assert f"TODO: {sum(per_file)};" in total and sum(per_file) == 2


# The apps' own output during the check


def test_the_apps_output_during_the_check_goes_to_check_log(tmp_path, capfd):
    src = tmp_path / "src"
    src.mkdir()
    (src / "web.py").write_text(
        "import sys\nfrom bottle import Bottle\n\nprint('loading the app')\napp = Bottle()\n\n\n"
        "@app.route('/')\ndef index():\n    print('the app says hello')\n"
        "    sys.stderr.write('a warning of the app\\n')\n    return 'hi'\n")
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out)]) == 0
    console = capfd.readouterr()
    log = (out / "check.log").read_text()
    for said in ("loading the app", "the app says hello", "a warning of the app"):
        assert said in log and said not in console.out + console.err
    assert f"The apps' own output during the check: {out / 'check.log'}" in console.out
    assert "their own output (prints, logs, tracebacks) is in `check.log`" \
        in (out / "PORTING-REPORT.md").read_text()
    report = json.loads((out / "porting-report.json").read_text())["check"]
    assert report["log"] == "check.log" and report["python"] == sys.executable
    # the log is the port's own: porting again is no change made by hand
    assert kit(["port", str(src), "-o", str(out)]) == 0


# --no-check pays for no checker


def test_port_no_check_imports_neither_proof_nor_parity(src, tmp_path):
    code = ("import sys\nfrom bottle2flask.cli import main\n"
            f"status = main(['port', '--no-check', '-q', {str(src)!r}, '-o', "
            f"{str(tmp_path / 'out')!r}])\n"
            "print(status, sorted({m.split('.')[1] for m in sys.modules "
            "if m.startswith(('bottle2flask.proof', 'bottle2flask.parity'))}))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.splitlines()[-1] == "0 []"


def test_arguments_after_a_double_dash_are_only_for_a_command_that_hands_them_on(
        src, tmp_path, capsys):
    assert kit(["port", str(src), "-o", str(tmp_path / "out"), "--", "-x"]) == 2
    assert capsys.readouterr().err.strip() == \
        "bottle2flask port: error: nothing follows `--` for port (given: -x)"


# Bad input: one line, exit 2, nothing written, the user's folder as it was


def fingerprint(folder: Path) -> dict[str, str]:
    """Each file under folder (caches too): its SHA-256."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def no_bottle(folder: Path) -> Path:
    (folder / "lib").mkdir(parents=True)
    (folder / "lib" / "util.py").write_text("def double(x):\n    return 2 * x\n")
    return folder


def empty(folder: Path) -> Path:
    folder.mkdir()
    (folder / "notes.txt").write_text("no code here\n")
    return folder


@pytest.mark.parametrize(("make", "argv", "message"), [
    (write_app, ["port", "{tmp}/nowhere", "-o", "{tmp}/out"], "nowhere is not a folder"),
    (write_app, ["port", "{src}/web.py", "-o", "{tmp}/out"],
     "web.py is a file: give the folder that holds the app"),
    (write_app, ["port", "{src}", "-o", "{src}/out"], "OUT must be outside SRC"),
    (write_app, ["port", "{src}", "-o", "{tmp}"], "OUT must not hold SRC"),
    (write_app, ["port", "{src}", "-o", "{tmp}/a-file"], "OUT is a file, "),
    (write_app, ["port", "{src}", "-o", "{tmp}/a-file/out"], "OUT is under a file, "),
    (no_bottle, ["port", "{src}", "-o", "{tmp}/out"],
     "holds no Bottle app: no Python module of it imports bottle (1 read)"),
    (empty, ["port", "{src}", "-o", "{tmp}/out"], "holds no Python module"),
    (write_app, ["port", "{src}", "-o", "{tmp}/out", "--requests", "{tmp}/none.toml"],
     "argument --requests: "),
    (write_app, ["port", "{src}", "-o", "{tmp}/out", "--check-timeout", "0"],
     "argument --check-timeout: 0 is not more than 0 seconds"),
    (write_app, ["port", "{src}", "-o", "{tmp}/out", "--max-pages", "0"],
     "argument --max-pages: 0 is less than 1"),
    (write_app, ["test", "{tmp}/nowhere"], "nowhere is not a folder"),
    (write_app, ["test", "{src}"], "holds no suite"),
    (write_app, ["convert-templates", "{src}/views", "-o", "{tmp}/a-file/out"],
     "a-file: exists and is not a folder"),
])
def test_bad_input_is_one_line_and_exit_2_and_writes_nothing(tmp_path, capsys, make, argv,
                                                            message):
    src = make(tmp_path / "app")
    (tmp_path / "a-file").write_text("a file, not a folder\n")
    before = fingerprint(tmp_path)
    argv = [a.format(tmp=tmp_path, src=src) for a in argv]
    assert kit(argv) == ExitStatus.USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err, err
    assert fingerprint(tmp_path) == before


WRITES_BESIDE_ITSELF = '''import os
import sqlite3

from bottle import Bottle, request

HERE = os.path.dirname(os.path.abspath(__file__))
app = Bottle()
sqlite3.connect(os.path.join(HERE, "app.db")).execute(
    "CREATE TABLE IF NOT EXISTS seen (path TEXT)")


@app.route("/")
def index():
    with open(os.path.join(HERE, "visits.log"), "a") as log:
        log.write(request.path + "\\n")
    return '<a href="/about">about</a>'


@app.route("/about")
def about():
    return "about"
'''


def test_the_users_folder_is_the_same_after_port_check_and_test(tmp_path, capfd):
    """The app writes beside itself at import and on each request: the check and the suite
    run it on copies, so its folder, hashed before and after, is untouched."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "web.py").write_text(WRITES_BESIDE_ITSELF)
    before = fingerprint(src)
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out)]) == ExitStatus.DONE
    assert kit(["test", str(out), "--", "-q", "-p", "no:cacheprovider"]) == 0
    assert "passed" in capfd.readouterr().out
    assert fingerprint(src) == before
    assert not (out / "visits.log").exists() and not (out / "app.db").exists()


def test_an_out_whose_manifest_predates_links_is_ported_again_without_force(src, tmp_path):
    """Noticed last round: links are in the manifest now, and an OUT written before
    (its manifest without them) that holds a link the port made stopped the next port
    once, the link taken for a file the user added."""
    out = tmp_path / "out"
    (src / "wsgi.py").symlink_to("web.py")
    assert port(src, out) == 0
    record = out / ".bottle2flask" / "manifest.json"
    older = json.loads(record.read_text())
    older.pop("links", None)
    older["files"] = {p: d for p, d in older["files"].items() if not d.startswith("-> ")}
    record.write_text(json.dumps(older))
    assert port(src, out) == 0
    assert (out / "wsgi.py").is_symlink()
    (out / "wsgi.py").unlink()
    (out / "wsgi.py").symlink_to("notes.txt")  # a link changed since is the user's change
    assert port(src, out) == 2


STATIC = '''from bottle import Bottle, static_file

app = Bottle()


@app.route("/")
def index():
    return '<link rel="stylesheet" href="/static/site.css"><p>hi</p>'


@app.route("/static/<name>")
def static(name):
    return static_file(name, root="static")
'''


def test_a_port_made_twice_writes_the_same_bytes(tmp_path, capsys):
    """The check's copies of the apps sit in a temporary folder of their own each run,
    and a static file's ETag names the copy read: the suite recorded it, and two ports
    of one app differed in it (the suite asserts no ETag but where the port answered
    byte for byte, where both apps sent the same)."""
    src = write_app(tmp_path / "src", STATIC)
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out)]) == ExitStatus.DONE, capsys.readouterr()
    first = fingerprint(out)
    assert kit(["port", str(src), "-o", str(out)]) == ExitStatus.DONE
    assert fingerprint(out) == first
    assert "ETag" in (out / "tests" / "bottle2flask_parity.json").read_text()
    assert kit(["test", str(out), "--", "-q", "-p", "no:cacheprovider"]) == 0


def test_porting_again_says_what_it_does_to_out(src, tmp_path, capsys):
    out = tmp_path / "out"
    assert port(src, out) == 0
    assert "holds the last port" not in capsys.readouterr().out  # a new OUT: nothing said
    assert port(src, out) == 0
    assert f"{out} holds the last port: replaced by this one\n" in capsys.readouterr().out
    (out / "notes.md").write_text("mine\n")
    (out / "web.py").write_text("# edited\n")
    assert port(src, out, "--force") == 0
    assert (f"{out} holds the last port: replaced by this one (2 changed since: --force "
            "writes over them); 2 files not the last port's stay, unless it writes over "
            "them\n") in capsys.readouterr().out
    assert (out / "notes.md").read_text() == "mine\n"
    other = tmp_path / "other"
    other.mkdir()
    (other / "a.txt").write_text("theirs\n")
    assert port(src, other, "--force") == 0
    assert (f"{other} was not written by a port: --force writes the port among its files; "
            "1 file not the last port's stays, unless it writes over it\n"
            ) in capsys.readouterr().out
    assert port(src, other, "--quiet") == 0
    assert "holds the last port" not in capsys.readouterr().out


BROKEN_INDEX = '''from bottle import Bottle, template

app = Bottle()


@app.route("/")
def index():
    return template("index", xs=[1, 2])


@app.route("/other")
def other():
    return template("other")
'''


@pytest.mark.parametrize(("path", "content", "said"), [
    ("lib.py", "from bottle import request\n\ndef f(:\n    pass\n",
     "lib.py:4: cannot parse: "),  # (LibCST's line: where it stops reading)
    ("logo.py", b"\x89PNG\r\n\x1a\n\x00\x00\xff", "logo.py: not UTF-8 "),
], ids=["a-module-that-does-not-parse", "a-module-that-is-not-text"])
def test_a_file_the_port_cannot_read_is_named_in_one_line_and_exit_1(tmp_path, path,
                                                                      content, said):
    """Through the installed command: one line naming the file, the last line saying a
    file could not be converted, exit 1, no traceback, and the user's folder as it was.
    A template that did not parse was left out of OUT and said nowhere but the report,
    and the port exited 0."""
    src = write_app(tmp_path / "src", BROKEN_INDEX)
    (src / "views" / "other.tpl").write_text("<p>other</p>\n")  # every page answers
    write = (src / path).write_bytes if isinstance(content, bytes) else (src / path).write_text
    write(content)  # type: ignore[operator]
    before = fingerprint(src)
    done = subprocess.run([Path(sys.executable).parent / "bottle2flask", "port", str(src),
                           "-o", str(tmp_path / "out"), "--quiet"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == ExitStatus.DIFFERS, done
    lines = done.stderr.splitlines()
    assert lines[0].startswith(f"bottle2flask port: {said}"), done.stderr
    assert lines[-1] == "bottle2flask port: a file could not be converted (see above)"
    assert len(lines) == 2 and "Traceback" not in done.stderr
    assert fingerprint(src) == before


def test_a_template_neither_converted_nor_compiled_by_bottle_is_copied_and_said(tmp_path):
    """Through the installed command, checked: a template Bottle cannot compile either
    (`% if x` without its colon) is copied into OUT as it was (it may be a page the app
    sends as a file) and named in one line; its page fails in both, so the port answers
    as the original does and the check decides the exit, not the file. It was left out
    of OUT (a page sent with static_file() lost), then counted as a file not converted."""
    src = write_app(tmp_path / "src", BROKEN_INDEX)
    (src / "views" / "other.tpl").write_text("% if x\n<p>{{x}}</p>\n% end\n")
    before = fingerprint(src)
    out = tmp_path / "out"
    done = subprocess.run([Path(sys.executable).parent / "bottle2flask", "port", str(src),
                           "-o", str(out), "--quiet"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == ExitStatus.DONE, done
    lines = done.stderr.splitlines()
    assert lines == ["bottle2flask port: views/other.tpl:1: `if x` is not Python (expected "
                     "':'): not converted (Bottle cannot compile it either: its renders fail "
                     "in the original too); copied as it was"], done.stderr
    assert (out / "views" / "other.tpl").read_bytes() == \
        (src / "views" / "other.tpl").read_bytes()
    assert fingerprint(src) == before


def test_a_template_not_converted_that_bottle_compiles_is_kept_exit_0(tmp_path):
    """Through the installed command, checked: a template the converter cannot read (a
    `%` line continued by a backslash) that Bottle compiles is kept for Bottle's
    SimpleTemplate: no line on stderr, exit 0, its page the same. It was left out of
    OUT, its page a 500 in the port, and the port said so and exited 1."""
    src = write_app(tmp_path / "src", BROKEN_INDEX)
    (src / "views" / "other.tpl").write_text("% y = 1 + \\\n%   2\n<p>{{y}}</p>\n")
    out = tmp_path / "out"
    done = subprocess.run([Path(sys.executable).parent / "bottle2flask", "port", str(src),
                           "-o", str(out), "--quiet"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == ExitStatus.DONE, done
    assert done.stderr == "" and done.stdout == \
        f"bottle2flask port: done; report in {out / 'PORTING-REPORT.md'}\n"
    routes = json.loads((out / "porting-report.json").read_text())["check"]["routes"]
    assert {r["rule"]: r["result"] for r in routes}["/other"] == "same"
    assert (out / "views" / "other.tpl").read_text() == (src / "views" / "other.tpl").read_text()


SCRIPT = '''import os

from bottle import Bottle, run

with open(os.environ["COUNTED_IN"], "a") as log:
    log.write("imported\\n")


if __name__ == "__main__":
    app = Bottle()
    app.route("/")(lambda: "made under the main guard")
    run(app=app, port=8080)
'''


def test_the_suite_runs_a_scripts_module_once_for_its_main_block(tmp_path, monkeypatch):
    """An app made only under `if __name__ == "__main__":`: the suite ran the whole
    file again as __main__ over the module it had imported, its top-level side effects
    twice for each app."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "web.py").write_text(SCRIPT)
    out = tmp_path / "out"
    counted = tmp_path / "imports.log"
    monkeypatch.setenv("COUNTED_IN", str(counted))
    assert kit(["port", str(src), "-o", str(out)]) == ExitStatus.DONE
    counted.unlink()
    assert kit(["test", str(out), "--", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"]
               ) == 0
    assert counted.read_text().splitlines() == ["imported"] * 2  # the original, the port

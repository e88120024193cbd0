"""--python: the check, parity and migrate status run the user's apps under the user's
Python, with the user's packages (and the tool's after them); the apps' own output goes
to a log file, not the console."""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from bottle2flask.cli import main as kit

# The user's own package: in their virtualenv, not in the tool's.
PACKAGE = "userdep_b2f"
APP = f'''from bottle import Bottle

import {PACKAGE}

app = Bottle()


@app.route("/")
def index():
    print("the app prints while it answers")
    return {PACKAGE}.WORD
'''


def digest(text: str) -> str:
    """A file's hash as a wheel's RECORD gives it."""
    raw = hashlib.sha256(text.encode()).digest()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def wheel(folder: Path, name: str = PACKAGE, version: str = "1.0",
          files: dict[str, str] | None = None) -> Path:
    """A wheel of the user's package, made here: nothing to download."""
    info = f"{name}-{version}.dist-info"
    files = {**(files or {f"{name}/__init__.py": "WORD = 'from the user s virtualenv'\n"}),
             f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
             f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\n"
                              "Tag: py3-none-any\n"}
    record = [f"{path},sha256={digest(text)},{len(text.encode())}"
              for path, text in files.items()]
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for member, text in files.items():
            archive.writestr(member, text)
    return path


@pytest.fixture(autouse=True)
def the_apps_run_under_this_python(monkeypatch):
    """Not here (the conftest's fixture of that name): these tests are about the --python
    default itself, as a user meets it with no virtualenv active."""
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)


@pytest.fixture(scope="module")
def user_app(tmp_path_factory) -> Path:
    """A Bottle app whose folder holds its own .venv (a plain one: no Bottle, no Flask
    in it) with a package the tool's environment lacks."""
    folder = tmp_path_factory.mktemp("user") / "src"
    folder.mkdir()
    (folder / "web.py").write_text(APP)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder / ".venv")],
                   check=True)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(folder / ".venv/bin/python"),
                    "install", "--quiet", "--no-index", "--no-deps",
                    str(wheel(folder.parent))], check=True)
    return folder


def test_the_tools_own_environment_lacks_the_users_package():
    with pytest.raises(ImportError):
        __import__(PACKAGE)


def test_the_check_runs_the_apps_in_the_virtualenv_beside_them(user_app, tmp_path, capfd):
    out = tmp_path / "out"
    assert kit(["port", str(user_app), "-o", str(out)]) == 0
    said = capfd.readouterr().out
    assert ("0 exactly the same, 1 the same message, 0 the same to an HTTP client, 0 alike "
            "once normalised, 0 with declared changes, 0 different") in said
    assert "the app prints while it answers" not in said
    assert "the app prints while it answers" in (out / "check.log").read_text()
    assert f"The apps ran under `{user_app / '.venv/bin/python'}`" \
        in (out / "PORTING-REPORT.md").read_text()


def test_python_names_the_interpreter_the_check_uses(user_app, tmp_path, capsys):
    # the tool's own Python lacks the app's package: neither app starts, nothing compared
    assert kit(["port", str(user_app), "-o", str(tmp_path / "own"),
                "--python", sys.executable]) == 4
    said = capsys.readouterr().err
    assert f"No module named '{PACKAGE}'" in said
    assert said.rstrip().endswith(f"(the apps ran under {sys.executable}: --python names the "
                                  "Python that has the app's packages)")
    assert kit(["port", str(user_app), "-o", str(tmp_path / "theirs"),
                "--python", str(user_app / ".venv/bin/python")]) == 0


def test_the_active_virtualenv_comes_first(user_app, tmp_path, monkeypatch):
    monkeypatch.setenv("VIRTUAL_ENV", str(Path(sys.prefix)))
    assert kit(["port", str(user_app), "-o", str(tmp_path / "out")]) == 4


def test_parity_runs_under_the_users_python_and_keeps_their_output_apart(user_app, capfd):
    spec = str(user_app / "web.py")
    assert kit(["parity", spec, spec, "--quiet", "--python",
                str(user_app / ".venv/bin/python")]) == 0
    said = capfd.readouterr()
    assert "no unexplained differences" in said.out
    assert "the app prints while it answers" not in said.out + said.err
    named = said.out.rpartition("The apps' own output (prints, logs, tracebacks): ")[2]
    log = Path(named.splitlines()[0])
    assert "the app prints while it answers" in log.read_text()


def test_migrate_status_runs_under_the_users_python(user_app, tmp_path, capfd):
    out = tmp_path / "out"
    assert kit(["port", str(user_app), "-o", str(out), "--no-check"]) == 0
    assert kit(["migrate", "status", str(user_app / "web.py"), str(out / "web.py")]) == 0
    said = capfd.readouterr().out
    assert "1/1 legacy routes served by the new app (100%); 1 identical" in said
    assert "the app prints while it answers" not in said


@pytest.mark.parametrize("command", [
    ["parity", "a.py", "b.py"], ["serve", "a.py", "b.py"],
    ["migrate", "status", "a.py", "b.py"], ["port", "SRC", "-o", "OUT"],
])
def test_a_python_that_is_not_there_is_one_line_and_exit_2(tmp_path, capsys, command):
    (tmp_path / "SRC").mkdir()
    argv = [str(tmp_path / a) if a in ("SRC", "OUT") else a for a in command]
    assert kit([*argv, "--python", str(tmp_path / "no-python")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"--python {tmp_path / 'no-python'}: no such Python" in err


def test_a_python_the_workers_cannot_run_under_says_what_is_missing(tmp_path, capsys):
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\necho /nowhere\necho 3.99\necho \"ModuleNotFoundError: No module "
                    "named 'flask'\"\n")
    fake.chmod(0o755)
    (tmp_path / "SRC").mkdir()
    assert kit(["port", str(tmp_path / "SRC"), "-o", str(tmp_path / "OUT"),
                "--python", str(fake)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "(Python 3.99): the tool's workers cannot run under it: ModuleNotFoundError: " \
           "No module named 'flask'" in err


def serving(user_app) -> tuple[str, subprocess.Popen]:
    """`serve` of the user's app with no --python: the .venv beside the app is found, and
    serve runs again under it. The app's spec, and the command's process."""
    spec = str(user_app / "web.py")
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    return spec, subprocess.Popen([sys.executable, "-m", "bottle2flask", "serve", spec,
                                   f"{spec}:app", "--compare-port", "0"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def shows_the_users_app(process: subprocess.Popen) -> int:
    """The compare page's port, once it shows the app as the user's Python runs it."""
    from tests.harness.test_serve import fetch, said_ports

    port = said_ports(process, ("compare",)).ports["compare"]
    assert fetch(f"http://localhost:{port}/web-1/") == "from the user s virtualenv"
    return port


def test_serve_shows_the_app_under_the_users_python(user_app):
    spec, process = serving(user_app)
    try:
        shows_the_users_app(process)
    finally:
        process.terminate()
        process.communicate(timeout=30)
    # the run under the user's Python stopped with it (known by the app's path, which is
    # this test's own: other runs of serve may be asking for port 0 too)
    assert not [p for p in Path("/proc").glob("[0-9]*/cmdline")
                if f"\0{spec}:app\0".encode() in read(p)]


def test_serve_under_the_users_python_stops_when_the_command_is_killed(user_app):
    """SIGKILL: the command cannot pass the stop on, as it passes SIGTERM; the run under
    the user's Python served on, its ports held, until the lifeline's end stopped it."""
    import signal
    import time

    from tests.harness.test_serve import fetch

    spec, process = serving(user_app)
    try:
        port = shows_the_users_app(process)
    finally:
        process.kill()
        process.wait(timeout=30)
        process.stdout.close()  # (the run there held it: reading it to its end waited)

    def theirs() -> list[int]:
        return [int(p.parent.name) for p in Path("/proc").glob("[0-9]*/cmdline")
                if f"\0{spec}:app\0".encode() in read(p)]

    deadline = time.monotonic() + 20
    while theirs() and time.monotonic() < deadline:
        time.sleep(0.2)
    left = theirs()
    for pid in left:  # (nothing left running for the next test, whatever this one found)
        os.kill(pid, signal.SIGKILL)
    assert not left
    with pytest.raises(OSError):
        fetch(f"http://localhost:{port}/", timeout=0)


def read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:  # a process that ended meanwhile
        return b""


def test_the_suite_left_runs_under_the_users_python_too(user_app, tmp_path):
    out = tmp_path / "out"
    assert kit(["port", str(user_app), "-o", str(out)]) == 0
    theirs = str(user_app / ".venv/bin/python")
    assert kit(["test", str(out), "--python", theirs, "--", "-q", "-p", "no:cacheprovider"]) == 0
    # the tool's own Python lacks the app's package: the port's tests cannot load it
    assert kit(["test", str(out), "--python", sys.executable, "--", "-q",
                "-p", "no:cacheprovider"]) != 0


def test_a_bottle2flask_in_the_users_virtualenv_does_not_run_the_check(tmp_path, capsys,
                                                                       monkeypatch):
    """The user's environment holds a bottle2flask of its own (an older one, say): the
    check's workers run under their Python with the tool's own code all the same."""
    monkeypatch.chdir(tmp_path)  # (not the repository's folder, which holds the tool's)
    src = tmp_path / "src"
    src.mkdir()
    (src / "web.py").write_text(APP.replace(f"import {PACKAGE}\n", "").replace(
        f"{PACKAGE}.WORD", "'hello'"))
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(src / ".venv")],
                   check=True)
    stub = {"bottle2flask/__init__.py": "raise ImportError('the user s own bottle2flask')\n"}
    subprocess.run([sys.executable, "-m", "pip", "--python", str(src / ".venv/bin/python"),
                    "install", "--quiet", "--no-index", "--no-deps",
                    str(wheel(tmp_path, "bottle2flask", "0.0.1", stub))], check=True)
    assert kit(["port", str(src), "-o", str(tmp_path / "out")]) == 0, capsys.readouterr().err

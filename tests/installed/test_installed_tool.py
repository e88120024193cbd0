"""bottle2flask as a Bottle user gets it: its wheel, installed alone into a new virtualenv.

The wheel is built and installed once per run (a lock makes the xdist workers share it),
then each test runs the installed command from a folder of its own, outside this
repository, so nothing of the kit around the package can be imported by accident.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import pytest

from tests.harness.test_serve import said_ports

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "porting_tool" / "sample"
NOT_OURS = {"SQLAlchemy", "psycopg", "argon2-cffi", "gunicorn", "WTForms", "PyJWT",
            "markdown-it-py", "nh3"}
KIT_PACKAGES = {"shared", "adapters", "harness", "bench", "bottle_app", "flask_app"}

# An app with a module named like the kit's core: it must get its own `shared`.
CLASH = {
    "shared.py": "def greet(name):\n    return f'Hello {name}'\n",
    "app.py": textwrap.dedent('''\
        from bottle import Bottle

        from shared import greet

        app = Bottle()


        @app.route("/")
        def index():
            return '<p>' + greet("World") + '</p><a href="/again">again</a>'


        @app.route("/again")
        def again():
            return greet("again")
        '''),
}


@pytest.fixture(scope="session")
def installed(tmp_path_factory) -> Path:
    """The bin folder of a virtualenv holding only the bottle2flask wheel and its deps."""
    shared_root = tmp_path_factory.getbasetemp().parent  # one per run, for every worker
    folder = shared_root / "installed-bottle2flask"
    with open(shared_root / "installed-bottle2flask.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        # a folder left by an earlier run of other code is built again
        if not (folder / "ready").exists() or (folder / "ready").read_text() != sources_digest():
            shutil.rmtree(folder, ignore_errors=True)
            # setuptools builds the wheel from build/lib, which keeps a module removed
            # from the package since: start from none
            shutil.rmtree(ROOT / "build", ignore_errors=True)
            dist = folder / "dist"
            subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist),
                            str(ROOT)], check=True, capture_output=True, timeout=600)
            venv.create(folder / "venv", with_pip=True)
            wheel = next(dist.glob("bottle2flask-*.whl"))
            subprocess.run([folder / "venv" / "bin" / "python", "-m", "pip", "install",
                            "--quiet", str(wheel)], check=True, capture_output=True,
                           timeout=600)
            (folder / "ready").write_text(sources_digest())
    return folder / "venv" / "bin"


def sources_digest() -> str:
    """A digest of what the wheel is built from: the package, its docs, pyproject.toml."""
    digest = hashlib.sha256()
    for path in sorted([*(ROOT / "bottle2flask").rglob("*"), *(ROOT / "docs").rglob("*"),
                        ROOT / "pyproject.toml"]):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def site_packages(bin_dir: Path) -> Path:
    return next((bin_dir.parent / "lib").glob("python3*/site-packages"))


def listing(folder: Path) -> dict[str, bytes]:
    """Every file under a folder and its bytes, to compare before and after."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def run(bin_dir: Path, cwd: Path, *args: str, timeout: float = 300):
    # as a user runs it, no virtualenv active: the apps run under the tool's own Python
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    return subprocess.run([str(bin_dir / "bottle2flask"), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


def user_folder(tmp_path: Path) -> Path:
    """The sample and the clashing app, as a user's own folders."""
    shutil.copytree(SAMPLE, tmp_path / "todo", ignore=shutil.ignore_patterns("*.db"))
    clash = tmp_path / "clash"
    clash.mkdir()
    for name, text in CLASH.items():
        (clash / name).write_text(text)
    return tmp_path


def test_the_wheel_installs_one_package_and_only_the_tools_dependencies(installed):
    site = site_packages(installed)
    tops = {p.name for p in site.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert "bottle2flask" in tops and not tops & KIT_PACKAGES
    frozen = subprocess.run([installed / "python", "-m", "pip", "list", "--format=json"],
                            capture_output=True, text=True, check=True).stdout
    names = {d["name"].lower() for d in json.loads(frozen)}
    assert not names & {n.lower() for n in NOT_OURS}
    assert {"bottle", "flask", "libcst", "webtest", "pytest"} <= names
    shipped = site / "bottle2flask" / "docs" / "PORTING.md"
    assert "Intended differences the parity diff allows" in shipped.read_text()


@pytest.mark.parametrize("command", ["port", "parity", "serve", "migrate",
                                     "convert-templates", "convert-template", "test"])
def test_every_command_s_help_works_from_the_install(installed, tmp_path, command):
    done = run(installed, tmp_path, command, "--help", timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: bottle2flask {command}")


def test_the_sample_and_a_clashing_app_port_and_compare_from_the_install(installed,
                                                                         tmp_path):
    home = user_folder(tmp_path)
    before, site_before = listing(home), listing(site_packages(installed))
    for name in ("todo", "clash"):
        done = run(installed, home, "port", name, "-o", f"{name}_flask")
        assert done.returncode == 0, done.stderr
        assert f"flask --app {'todo:app' if name == 'todo' else 'app:app'} run" in done.stdout
    # the suite the port left runs from the install alone (pytest and WebTest come with it)
    done = run(installed, home, "test", "todo_flask", "--", "-q", "-p", "no:cacheprovider")
    assert done.returncode == 0 and " passed" in done.stdout, done.stdout[-2000:]
    done = run(installed, home, "parity", "todo/todo.py", "todo_flask/todo.py", "--forms",
               "--quiet")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("Result: no unexplained differences.")
    done = run(installed, home, "parity", "clash/app.py", "clash_flask/app.py", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert {s["path"] for s in report["steps"]} == {"/", "/again"}
    assert report["summary"]["different"] == 0
    # Nothing written into the user's folders, nor into site-packages.
    after = listing(home)
    assert {k: v for k, v in after.items() if k in before} == before
    assert all(k.startswith(("todo_flask/", "clash_flask/")) for k in set(after) - set(before))
    assert listing(site_packages(installed)) == site_before


def test_serve_shows_a_clashing_app_from_the_install(installed, tmp_path):
    home = user_folder(tmp_path)
    before, site_before = listing(home), listing(site_packages(installed))
    process = subprocess.Popen([str(installed / "bottle2flask"), "serve", "clash/app.py",
                                "clash/app.py:app", "--compare-port", "0"], cwd=home,
                               env={k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    said = None
    try:
        from tests.harness.test_serve import fetch

        said = said_ports(process, ("compare",))
        port = said.ports["compare"]
        assert "Hello World" in fetch(f"http://localhost:{port}/app-1/")
        docs = fetch(f"http://localhost:{port}/_docs/PORTING.md")
        assert 'id="intended-differences-the-parity-diff-allows"' in docs
    finally:
        process.terminate()
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "Traceback" not in err and "not touched" in (said.text if said else "") + out
    assert listing(home) == before
    assert listing(site_packages(installed)) == site_before

"""The check's workers end with the check: an app that blocks or ignores SIGTERM, a
process or a server the app starts, a check that is killed, leave nothing running.

Seen last round: a port's check over, port 8080 still held by what its worker started.
Each app here starts a child that listens on a port (one the system picks, as an app's
own `run(port=8080)` in a process of its own would take its port) and says where, with
its pid and the worker's, in a file outside the app's folder (the worker runs a copy).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bottle2flask.proof.check import worker

# A child that holds a port until it is killed, its stderr the worker's.
LISTENER = """
import socket, sys, time
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen()
with open(sys.argv[1], "a") as said:
    said.write(f"port {server.getsockname()[1]}\\n")
time.sleep(600)
"""

APP = '''import os
import signal
import subprocess
import sys
import time

from bottle import Bottle

SAID = {said!r}
with open(SAID, "a") as said:
    said.write(f"worker {{os.getpid()}}\\n")
child = subprocess.Popen([sys.executable, "-c", {listener!r}, SAID])
with open(SAID, "a") as said:
    said.write(f"child {{child.pid}}\\n")
while "port" not in open(SAID).read():
    time.sleep(0.05)
signal.signal(signal.SIGTERM, signal.SIG_IGN)  # it will not stop when asked to
{then}
app = Bottle()
app.route("/")(lambda: "here")
'''

BLOCKS = "while True:\n    time.sleep(1)\n"
LOADS = ""


def app(tmp_path: Path, then: str) -> tuple[str, Path]:
    """The spec of an app whose import starts a listening child, then runs `then`; and
    the file where it writes what it started."""
    folder = tmp_path / "app"
    folder.mkdir()
    said = tmp_path / "started.txt"
    (folder / "web.py").write_text(APP.format(said=str(said), listener=LISTENER, then=then))
    return f"{folder / 'web.py'}:app", said


def started(said: Path, within: float = 30) -> dict[str, int]:
    """worker, child and port, once the app has said all three."""
    deadline = time.monotonic() + within
    while True:
        found = dict(line.split() for line in said.read_text().splitlines()) \
            if said.is_file() else {}
        if {"worker", "child", "port"} <= set(found):
            return {key: int(value) for key, value in found.items()}
        if time.monotonic() > deadline:
            break
        time.sleep(0.05)
    raise AssertionError(f"the app did not start its child: {said.read_text()!r}"
                         if said.is_file() else "the app did not start")


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie, whose parent is gone, holds nothing)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
        return True
    return False


def gone(found: dict[str, int], within: float = 10) -> bool:
    """Whether the worker and the app's child end, and the port is free, in time."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not alive(found["worker"]) and not alive(found["child"]) \
                and not listening(found["port"]):
            return True
        time.sleep(0.1)
    return False


@pytest.fixture
def killed_after():
    """The processes a test names are killed after it, whatever it found (a test that
    fails leaves nothing running for the next)."""
    pids: list[int] = []
    yield pids
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads /proc (Linux)")
def test_an_app_that_blocks_and_ignores_sigterm_ends_with_its_child_at_the_time_limit(
        tmp_path, killed_after):
    spec, said = app(tmp_path, BLOCKS)
    answer = worker(sys.executable, ["probe", spec], timeout=3)
    found = started(said, within=0)
    killed_after.extend([found["worker"], found["child"]])
    assert answer == {"ok": False, "error": "no answer within 3 s (--check-timeout)",
                      "unanswered": True}
    assert gone(found), found


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads /proc (Linux)")
def test_a_child_the_app_leaves_running_neither_delays_the_answer_nor_outlives_it(
        tmp_path, killed_after):
    """The child holds the worker's stderr: the check waited for the end of the output,
    that is for the child, to its time limit, and the app was taken for one that does
    not answer."""
    spec, said = app(tmp_path, LOADS)
    began = time.monotonic()
    answer = worker(sys.executable, ["probe", spec], timeout=60)
    took = time.monotonic() - began
    found = started(said, within=0)
    killed_after.extend([found["worker"], found["child"]])
    assert answer["ok"] is True, answer
    assert took < 30
    assert gone(found), found


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads /proc (Linux)")
def test_an_exception_while_the_check_waits_ends_the_worker_and_its_child(
        tmp_path, killed_after, monkeypatch):
    """Ctrl-C (or any exception) between the worker's start and its answer."""
    from bottle2flask.proof import check

    spec, said = app(tmp_path, BLOCKS)

    def interrupted(self, timeout: float) -> bool:
        started(said)
        raise KeyboardInterrupt

    monkeypatch.setattr(check.Worker, "finish", interrupted)
    with pytest.raises(KeyboardInterrupt):
        worker(sys.executable, ["probe", spec], timeout=300)
    found = started(said, within=0)
    killed_after.extend([found["worker"], found["child"]])
    assert gone(found), found


CHECKING = """
import sys
from bottle2flask.proof.check import worker
worker(sys.executable, ["probe", sys.argv[1]], timeout=300)
"""


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_worker_and_what_its_app_started_end_when_the_check_is_killed(tmp_path,
                                                                        killed_after, stop):
    """The process running the check is killed mid-check (SIGKILL: no clean-up of its
    own runs): its worker, blocked in the app's import, and the app's child end too."""
    spec, said = app(tmp_path, BLOCKS)
    check = subprocess.Popen([sys.executable, "-c", CHECKING, spec])
    killed_after.append(check.pid)
    try:
        found = started(said)
    finally:
        check.send_signal(stop)
        check.wait()
    killed_after.extend([found["worker"], found["child"]])
    assert gone(found), found


def test_a_tests_temporary_files_go_under_pytests_own_folder(tmp_path_factory):
    """tests/leaks.py: what the commands a test runs leave in the temporary folder (the
    apps.log of parity, for its reader) piled up in /tmp; they go where pytest clears."""
    import tempfile

    base = tmp_path_factory.getbasetemp()
    assert base in Path(tempfile.gettempdir()).parents
    assert os.environ["TMPDIR"] == tempfile.gettempdir()
    said = subprocess.run([sys.executable, "-c", "import tempfile; print(tempfile.mkdtemp())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    assert base in Path(said).parents


def test_a_module_that_does_not_return_when_imported_is_probed_once(tmp_path, capsys):
    """RULE-s50 class F (arkadi81's strawberry.py: livereload's Server(app).serve() at its
    top level, a server the loader does not stop): every probe of it waited out the time
    limit, in every check of the repair loop (1064 s for one app). Probed once: later
    checks in the same process have its answer at once, said; the folder's other app is
    compared; a probe of the module once changed runs again."""
    from bottle2flask.cli import main as kit
    from bottle2flask.proof import check

    src = tmp_path / "src"
    src.mkdir()
    (src / "app.py").write_text('from bottle import Bottle\n\napp = Bottle()\n\n\n'
                                '@app.route("/")\ndef index():\n    return "index"\n')
    (src / "strawberry.py").write_text("import threading\n\nfrom app import app\n\n"
                                       "threading.Event().wait()  # its own server\n")
    spec = f"{src / 'strawberry.py'}:app"
    first = worker(sys.executable, ["probe", spec], timeout=3)
    assert first["error"] == "no answer within 3 s (--check-timeout)"
    again = worker(sys.executable, ["probe", spec], timeout=3)
    assert again["error"] == (f"no answer within 3 s (--check-timeout): {src / 'strawberry.py'}"
                              " does not return when imported (a server it starts?); probed "
                              "once, not again in this run")
    assert kit(["port", str(src), "-o", str(tmp_path / "out"), "--check-timeout", "3"]) == 0
    said = capsys.readouterr().out
    assert "1 routes, 1 ported; 0 exactly the same, 1 the same message" in said
    assert "strawberry.py: not compared: the original does not start here (no answer within " \
        "3 s (--check-timeout): " in said
    assert "does not return when imported (a server it starts?); probed once" in said
    (src / "strawberry.py").write_text("from app import app\n")
    assert worker(sys.executable, ["probe", spec], timeout=3)["ok"]
    check.UNANSWERED.clear()


FAILS = "from bottle import Bottle\n\nimport settings_missing  # noqa\n\napp = Bottle()\n"


@pytest.mark.parametrize(("layout", "file"), [
    ({"app.py": FAILS}, "app.py"),
    ({"shop/__init__.py": "", "shop/web.py": FAILS}, "shop/web.py"),
])
def test_an_app_that_does_not_load_is_named_by_the_users_file(tmp_path, layout, file):
    """check52's leftover: the check said "cannot load '/tmp/bottle2flask-check-.../
    app-app/app.py:app'", the copy a worker loads and removes; the user's file is named."""
    src = tmp_path / "src"
    for name, text in layout.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text)
    found = worker(sys.executable, ["probe", f"{src / file}:app"], timeout=60)
    assert found["error"] == (f"cannot load '{src / file}:app': ModuleNotFoundError: No module "
                              "named 'settings_missing'")


def test_a_port_run_in_its_originals_surroundings_is_named_by_its_file_in_out(tmp_path):
    """A package's port runs in a copy of the folder above its original, OUT in the
    original's place (loading.Surroundings): its failure names its file in OUT."""
    root, out = tmp_path / "site", tmp_path / "out"
    (root / "web").mkdir(parents=True)
    out.mkdir()
    (root / "model.py").write_text("")
    (root / "web" / "server.py").write_text("import model\n")
    (out / "server.py").write_text("import model\nimport settings_missing  # noqa\n")
    around = {"root": str(root), "at": "web", "original": str(root / "web"),
              "port": str(out)}
    found = worker(sys.executable, ["probe", f"{out / 'server.py'}:app"], 60, around)
    assert found["error"] == (f"cannot load '{out / 'server.py'}:app': ModuleNotFoundError: "
                              "No module named 'settings_missing'")


def test_an_app_imports_with_no_thread_of_the_check_beside_it(tmp_path):
    """RULE-s52 class D (jar3b/bottle-oop-rest: `from gevent import monkey;
    monkey.patch_all()` in its package's __init__): the worker watched its parent from a
    thread, and gevent, patching threading under an import with that thread running,
    failed ("cannot release un-acquired lock"): the original counted as not starting where
    `python test/dummy.py` starts. The app imports as in a process of its own: one
    thread."""
    folder = tmp_path / "app"
    folder.mkdir()
    (folder / "web.py").write_text(
        "import threading\n\nfrom bottle import Bottle\n\n"
        "assert threading.active_count() == 1, threading.enumerate()\napp = Bottle()\n")
    assert worker(sys.executable, ["probe", f"{folder / 'web.py'}:app"], timeout=60)["ok"]

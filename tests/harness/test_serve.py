"""make serve: both dev servers and the compare page in one command, one Ctrl-C stops all."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from adapters import FRAMEWORKS
from harness.serve import fresh_databases

ROOT = Path(__file__).resolve().parents[2]


# Every server a test starts is given port 0 and takes a free port as it binds; the test
# reads the port from the lines the command prints. A port found free first and handed
# over afterwards could be taken by another process in between.
ANY = (0, 0, 0)
SAID = re.compile(r"^  (\S+)\s+http://[^\s/]+:(\d+)/")


@dataclass
class Said:
    """What a command printed on stdout until all its servers listened, and their ports."""

    ports: dict[str, int]
    text: str


def said_ports(process: subprocess.Popen, names: tuple[str, ...], timeout: float = 90) -> Said:
    """Read the command's stdout (a text pipe) until it has said where each named server
    listens ("  NAME    http://host:PORT/..."); the rest is left to communicate()."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        found = set()
        for line in process.stdout:
            lines.put(line)
            match = SAID.match(line)
            if match and match.group(1) in names:
                found.add(match.group(1))
                if found == set(names):
                    return
        lines.put("")  # the end of its output

    threading.Thread(target=read, daemon=True).start()
    ports: dict[str, int] = {}
    text = ""
    deadline = time.monotonic() + timeout
    while set(ports) != set(names):
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise AssertionError(f"no port said within {timeout}s: {text!r}") from None
        if not line:
            raise AssertionError(f"it stopped before saying its ports: {text!r}")
        text += line
        match = SAID.match(line)
        if match and match.group(1) in names:
            ports[match.group(1)] = int(match.group(2))
    return Said(ports, text)


def listening() -> socket.socket:
    """A socket listening on a port of its own (for a test of a port in use)."""
    busy = socket.socket()
    busy.bind(("localhost", 0))
    busy.listen()
    return busy


def command(ports: tuple[int, int, int], data) -> list[str]:
    bottle, flask, compare = ports
    return [sys.executable, "-m", "harness", "serve", "--bottle-port", str(bottle),
            "--flask-port", str(flask), "--compare-port", str(compare), "--data", str(data)]


def fetch(url: str, timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                return answer.read().decode()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@pytest.fixture
def server(tmp_path):
    """Start `python -m harness serve` on free ports; stop it whatever happens."""
    temp = tmp_path / "tmp"  # the servers' own TMPDIR: what they leave there is seen
    temp.mkdir()
    process = subprocess.Popen(command(ANY, tmp_path), cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "TMPDIR": str(temp)})
    ports: list[int] = []
    try:
        said = said_ports(process, ("bottle", "flask", "compare"))
        ports = [said.ports[name] for name in ("bottle", "flask", "compare")]
        yield process, ports
    finally:
        stop_harness(process, ports)


def stop_harness(process: subprocess.Popen, ports: list[int]) -> None:
    if process.poll() is None:  # an interrupt: a kill would leave its dev servers running
        process.send_signal(signal.SIGINT)
    try:
        process.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
    for port in ports:  # no dev server outlived it, whatever the test did
        with socket.socket() as probe:
            assert probe.connect_ex(("localhost", port)) != 0, f"port {port} still in use"


def test_all_three_come_up_and_one_interrupt_stops_them(server, tmp_path):
    process, (bottle, flask, compare) = server
    assert "Hello amigo" in fetch(f"http://localhost:{bottle}/hello")
    assert "Hello amigo" in fetch(f"http://localhost:{flask}/hello")
    assert 'id="parity"' in fetch(f"http://localhost:{compare}/")
    assert 'href="/bottle/guestbook"' in fetch(f"http://localhost:{compare}/bottle/")
    assert 'href="/flask/guestbook"' in fetch(f"http://localhost:{compare}/flask/")
    assert {p.name for p in tmp_path.glob("*.sqlite3")} == {"bottle.sqlite3", "flask.sqlite3"}
    assert list((tmp_path / "tmp").glob("bottle.*.lock"))  # the reloader's, while it runs
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=15) == 0
    for port in (bottle, flask, compare):
        with socket.socket() as probe:  # nothing is left listening
            assert probe.connect_ex(("localhost", port)) != 0
    assert list((tmp_path / "tmp").iterdir()) == []  # no lock file left behind


def test_every_log_line_says_which_server_wrote_it(server):
    process, (bottle, flask, compare) = server
    fetch(f"http://localhost:{bottle}/hello/from-bottle")
    fetch(f"http://localhost:{flask}/hello/from-flask")
    fetch(f"http://localhost:{compare}/bottle/hello/from-compare")
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=15)
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines and all(line.startswith(("bottle | ", "flask  | ", "compare| "))
                         for line in lines), err
    assert any(line.startswith("bottle | ") and "GET /hello/from-bottle" in line
               for line in lines)
    assert any(line.startswith("flask  | ") and "GET /hello/from-flask" in line
               for line in lines)
    assert any(line.startswith("compare| ") and "GET /bottle/hello/from-compare" in line
               for line in lines)
    assert not any("from-flask" in line for line in lines if line.startswith("bottle"))


def test_the_benchmark_endpoints_answer_under_serve(server):
    process, (bottle, flask, compare) = server
    for port in (bottle, flask):
        assert json.loads(fetch(f"http://localhost:{port}/tfb/db"))["id"] > 0
        assert "Additional fortune" in fetch(f"http://localhost:{port}/tfb/fortunes")


def test_a_port_in_use_is_a_clear_message_not_a_traceback(tmp_path):
    with listening() as busy:
        port = busy.getsockname()[1]
        done = subprocess.run(command((0, 0, port), tmp_path), cwd=ROOT, capture_output=True,
                              text=True, timeout=30)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"python -m harness serve: error: port {port} (for compare) is already in use. "
        f"Stop whatever uses it, or pick another port, e.g. make serve COMPARE_PORT="
        f"{port + 1}")


def test_port_0_gives_each_server_a_port_of_its_own_and_says_it(server):
    process, ports = server
    assert len(set(ports)) == 3 and 0 not in ports
    for port in ports:  # each one said is the one its server listens on
        with socket.socket() as probe:
            assert probe.connect_ex(("localhost", port)) == 0


def test_serve_seeds_each_build_with_the_same_demo_data(tmp_path):
    urls = fresh_databases(list(FRAMEWORKS), tmp_path)
    contents = []
    for url in urls.values():
        engine = create_engine(url)
        with engine.connect() as connection:
            contents.append(connection.execute(text(
                "SELECT slug, created_at FROM articles ORDER BY id")).all())
        engine.dispose()
    assert contents[0] and contents[0] == contents[1]
    for url in urls.values():  # the /tfb/ tables too
        engine = create_engine(url)
        with engine.connect() as connection:
            assert connection.scalar(text("SELECT count(*) FROM world")) == 10_000
            assert connection.scalar(text("SELECT count(*) FROM fortune")) == 12
        engine.dispose()


def test_bottle2flask_serve_takes_two_apps(capsys):
    from bottle2flask.cli import main

    assert main(["serve", "bottle_app:create_app"]) == 2
    assert capsys.readouterr().err == (
        "bottle2flask serve: error: the following arguments are required: b\n")


def test_bottle2flask_serve_help_shows_examples_for_two_apps():
    done = subprocess.run([sys.executable, "-m", "bottle2flask", "serve", "--help"],
                          cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0
    assert done.stdout.startswith("usage: bottle2flask serve [-h]")
    assert "bottle2flask serve old/app.py new/app.py" in done.stdout
    assert "--in-place" in done.stdout


def test_bottle2flask_serve_with_its_port_in_use_says_which_option_to_change(tmp_path):
    with listening() as busy:
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "bottle2flask", "serve",
                               "bottle_app:create_app", "flask_app:create_app",
                               "--compare-port", str(port)],
                              cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert done.stderr.strip().endswith(
        f"e.g. bottle2flask serve A B --compare-port {port + 1}")
    assert "Traceback" not in done.stderr


# -- stopping, however the signals come ------------------------------------------------

def make_serve(ports: tuple[int, int, int], data: Path) -> subprocess.Popen:
    """`make serve` in a session of its own, as a terminal runs it: a signal to its process
    group reaches make and the harness, and make passes a TERM on besides."""
    bottle, flask, compare = ports
    # -o: take the virtualenv as it is (never reinstall here); BIN: the running interpreter's.
    return subprocess.Popen(
        ["make", "--no-print-directory", "-o", ".venv/.installed", "serve",
         f"BIN={Path(sys.executable).parent}", f"BOTTLE_PORT={bottle}", f"FLASK_PORT={flask}",
         f"COMPARE_PORT={compare}"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, env={**os.environ, "KIT_VAR_DIR": str(data)})


def survivors(session: int) -> dict[int, str]:
    """Live processes of a session but its leader (from Linux's /proc): pid -> command.
    The dev servers and their reloaders each lead a process group of their own, but they
    stay in the session `make serve` was started in."""
    found = {}
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rsplit(")", 1)[1].split()
            words = (entry.parent / "cmdline").read_bytes().decode(errors="replace")
        except OSError:  # gone meanwhile
            continue
        # fields: state, ppid, pgrp, session; a zombie is gone but for its parent's wait
        pid = int(entry.parent.name)
        if int(fields[3]) == session and pid != session and fields[0] != "Z":
            found[pid] = words.replace("\0", " ")
    return found


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads Linux's /proc")
@pytest.mark.parametrize(("sig", "times"), [(signal.SIGTERM, 1), (signal.SIGTERM, 2),
                                            (signal.SIGINT, 2)])
def test_signals_to_make_serves_group_stop_all_three_servers(tmp_path, sig, times):
    process = make_serve(ANY, tmp_path)
    ports: list[int] = []
    try:
        said = said_ports(process, ("bottle", "flask", "compare"))
        ports = [said.ports[name] for name in ("bottle", "flask", "compare")]
        for port in ports[:2]:
            fetch(f"http://localhost:{port}/hello", timeout=60)
        fetch(f"http://localhost:{ports[2]}/", timeout=30)
        # the harness, the dev servers and their reloaders
        assert len(survivors(process.pid)) >= 5, survivors(process.pid)
        for _ in range(times):
            os.killpg(process.pid, sig)
            time.sleep(0.05)
        out, err = process.communicate(timeout=30)
        deadline = time.monotonic() + 10  # a child's exit is seen a moment after its parent's
        while survivors(process.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = survivors(process.pid)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
        for pid in survivors(process.pid):  # what a failure left behind: never keep it running
            try:
                os.killpg(os.getpgid(pid), signal.SIGKILL)
            except ProcessLookupError:
                pass
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert left == {}
    for port in ports:
        with socket.socket() as probe:
            assert probe.connect_ex(("localhost", port)) != 0, f"port {port} still in use"


def planned(target: str) -> str:
    """What `make TARGET` would run from a fresh clone (-B: as if nothing were built)."""
    return subprocess.run(["make", "--no-print-directory", "-n", "-B", target], cwd=ROOT,
                          capture_output=True, text=True, timeout=30, check=True).stdout


def installs(plan: str) -> list[str]:
    return [line for line in plan.splitlines() if " install " in line and "pip" in line]


def brings_playwright(step: str) -> bool:
    """Whether a pip step installs Playwright: the lock file it reads (-r FILE) pins it."""
    found = re.search(r" -r (\S+)", step)
    text = (ROOT / found.group(1)).read_text(encoding="utf-8") if found else step
    return re.search(r"^playwright\b", text, re.M) is not None


@pytest.mark.parametrize("target", ["serve", "serve-bottle", "serve-flask", "parity", "seed"])
def test_make_serve_and_the_tools_install_no_playwright(target):
    steps = installs(planned(target))
    assert steps and not any(brings_playwright(step) for step in steps), steps


@pytest.mark.parametrize("target", ["test", "test-bottle", "test-flask", "test-postgres",
                                    "install"])
def test_the_test_targets_add_the_browser_test_to_the_runtime_install(target):
    steps = installs(planned(target))
    assert not any(brings_playwright(step) for step in steps[:-1]), steps
    assert brings_playwright(steps[-1]), steps

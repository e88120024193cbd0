"""The two commands: bottle2flask (what a Bottle user installs) and python -m harness (ours)."""

from __future__ import annotations

import gc
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bottle2flask.cli import COMMANDS, Command, main
from harness.__main__ import COMMANDS as HARNESS_COMMANDS
from harness.__main__ import main as harness

ROOT = Path(__file__).resolve().parents[2]


def help_of(capsys, *argv, run=main) -> str:
    with pytest.raises(SystemExit) as done:
        run([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def test_the_help_lists_every_command_and_the_exit_statuses(capsys):
    text = help_of(capsys)
    assert text.startswith("usage: bottle2flask [-h] [--version] COMMAND ...")
    assert all(name in text for name in COMMANDS)
    assert "2  a usage error" in text


@pytest.mark.parametrize("command", list(COMMANDS))
def test_each_command_s_help_names_bottle2flask(capsys, command):
    assert help_of(capsys, command).startswith(f"usage: bottle2flask {command} ")


@pytest.mark.parametrize("command", list(HARNESS_COMMANDS))
def test_each_repository_command_s_help_names_python_m_harness(capsys, command):
    assert help_of(capsys, command, run=harness).startswith(
        f"usage: python -m harness {command} ")


def test_the_console_script_is_installed_and_is_the_same_command():
    script = shutil.which("bottle2flask", path=str(Path(sys.executable).parent))
    assert script, "the bottle2flask console script is missing: run `make install`"
    done = subprocess.run([script, "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 0 and done.stdout.startswith("usage: bottle2flask ")


def test_parity_help_has_examples_and_explains_max_pages(capsys):
    text = help_of(capsys, "parity")
    assert "examples:\n  bottle2flask parity " in text
    assert "--max-pages caps the pages each crawl visits" in text


@pytest.mark.parametrize(("argv", "message"), [
    (["nonsense"], "argument COMMAND: invalid choice: 'nonsense'"),
    (["port"], "the following arguments are required: src"),
    (["port", "x", "--disable", "P999", "-o", "y"], "unknown rule P999"),
    (["parity", "a.py", "b.py", "--max-pages", "many"],
     "argument --max-pages: 'many' is not a whole number"),
    (["migrate"], "the following arguments are required: ACTION"),
    (["migrate", "status", "no/such.py", "x:y"], "cannot load 'no/such.py': no such file"),
])
def test_a_user_s_mistake_is_one_line_and_exit_status_2(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and err.startswith("bottle2flask")


def test_a_closed_pipe_ends_the_command_quietly(tmp_path):
    """`bottle2flask ... | head`: the reader goes away; no BrokenPipeError traceback."""
    done = subprocess.run(f"{sys.executable} -m bottle2flask --help | head -c 10",
                          shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert done.stdout == "usage: bot" and "Traceback" not in done.stderr


AT_THE_END = """
import atexit, sys, threading
from bottle2flask.cli import main

class Torn:
    def __del__(self):
        print("torn down", flush=True)

kept = Torn()
atexit.register(print, "exit handler ran")
waiting = threading.Event()
if sys.argv[1:] == ["thread"]:
    threading.Thread(target=waiting.wait, args=(30,)).start()
sys.argv = ["bottle2flask", "nonsense"]
print("returned", main())
waiting.set()
"""


def test_the_command_ends_without_the_interpreter_s_teardown():
    """Run as the console script, the command ends the process once it is done: the
    exit handlers run and the output is flushed, the interpreter tears nothing down
    (~2% of a port's instructions)."""
    done = subprocess.run([sys.executable, "-c", AT_THE_END], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == "exit handler ran\n"
    assert "invalid choice: 'nonsense'" in done.stderr


def test_the_command_leaves_the_ordinary_exit_to_a_thread_still_running():
    """A thread the interpreter's exit would wait for: main returns, as a library call."""
    done = subprocess.run([sys.executable, "-c", AT_THE_END, "thread"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout.splitlines()[:2] == ["returned 2", "exit handler ran"]


FROZEN_INSIDE: list[int] = []


COLLECTOR: list[tuple[str, bool, int]] = []  # (where, enabled, first threshold)


def add_probe_arguments(parser) -> None:
    """The probe command of the tests below takes no argument (read as its module is
    loaded)."""
    COLLECTOR.append(("loading", gc.isenabled(), gc.get_threshold()[0]))


def probe_main(args) -> int:
    """The probe command: what the collector looks like inside a command."""
    FROZEN_INSIDE.append(gc.get_freeze_count())
    COLLECTOR.append(("running", gc.isenabled(), gc.get_threshold()[0]))
    return 0


def test_a_command_runs_with_what_it_imported_out_of_the_collector_s_way():
    """The objects alive when a command starts (its modules' and classes') are frozen
    while it runs, so each collection goes through the command's own objects alone;
    the caller gets its collector back as it was."""
    assert gc.get_freeze_count() == 0
    table = {"probe": Command(__name__, "records the collector", prefix="probe")}
    assert main(["probe"], table=table) == 0
    assert FROZEN_INSIDE[-1] > 1000  # the modules imported so far, at least
    assert gc.get_freeze_count() == 0


def test_the_collector_is_off_while_a_command_loads_and_looks_less_often_as_it_runs():
    """What a command imports lives to the end (frozen): the collector has nothing to
    find among it, so it is off while it is made; as the command runs, it collects
    every 10,000 new objects, not 700; the caller gets it back as it was."""
    before = gc.get_threshold()
    table = {"probe": Command(__name__, "records the collector", prefix="probe")}
    assert main(["probe"], table=table) == 0
    assert COLLECTOR[-2:] == [("loading", False, before[0]), ("running", True, 10_000)]
    assert gc.isenabled() and gc.get_threshold() == before
    gc.disable()
    try:  # a caller that turned it off finds it off
        assert main(["probe"], table=table) == 0
        assert COLLECTOR[-1][:2] == ("running", False) and not gc.isenabled()
    finally:
        gc.enable()

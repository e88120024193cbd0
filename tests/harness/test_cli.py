"""The kit command: its name in every help text, the console script, parity's help."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.__main__ import COMMANDS, main

ROOT = Path(__file__).resolve().parents[2]


def help_of(capsys, *argv) -> str:
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def test_the_help_is_kit_s_and_lists_every_command(capsys):
    text = help_of(capsys)
    assert text.startswith("usage: kit [-h] COMMAND ...")
    assert all(name in text for name in COMMANDS)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_each_command_s_help_names_kit(capsys, command):
    assert help_of(capsys, command).startswith(f"usage: kit {command} ")


def test_the_console_script_is_installed_and_is_the_same_command():
    kit = shutil.which("kit", path=str(Path(sys.executable).parent))
    assert kit, "the kit console script is missing: run `make install`"
    done = subprocess.run([kit, "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 0 and done.stdout.startswith("usage: kit ")


def test_parity_help_has_examples_and_explains_max_pages(capsys):
    text = help_of(capsys, "parity")
    assert "examples:\n  kit parity " in text
    assert "--max-pages caps the pages each crawl visits" in text

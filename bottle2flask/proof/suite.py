"""Requests recorded by bottle2flask, and the answers each app gave: a parity suite.

Written by `bottle2flask port` (or `bottle2flask parity A B --record OUT/tests`). Each
test sends one recorded request and checks the answer's status, content type, redirect
target and a digest of its body (whitespace collapsed; bodies that change from run to
run were not recorded). It runs against the Flask port and, while the Bottle original
is still where it was, against the original too, with the same test ids: the port's
declared changes (see PORTING-REPORT.md) are recorded as the port's own answers, and on
a request where the port still differs it is expected to answer as the original did:
until it does, that test is an expected failure (xfail) that names the difference. The
requests run in the order recorded, on one copy of each app's folder, so keep test order
plugins (pytest-randomly) off for this file.

Needs pytest and WebTest (pip install pytest webtest); time-machine, if installed, holds
the clock at the recorded instants. Regenerate it by running the same command again.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
from contextlib import nullcontext
from datetime import datetime
from pathlib import Path

import pytest
import webtest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bottle2flask_answers import answer  # noqa: E402  (copied beside this file)

RECORDED = json.loads((HERE / "bottle2flask_parity.json").read_text(encoding="utf-8"))
APPS = {name: app for name, app in RECORDED["apps"].items()
        if (HERE / app["folder"]).is_dir()}  # the original, only while it is there
NOT_COPIED = shutil.ignore_patterns(".git", ".venv", "venv", "__pycache__", "node_modules",
                                    ".pytest_cache")

try:
    import time_machine
except ImportError:  # the clock runs on: pages that print the time were not recorded
    time_machine = None


def load(folder: Path, spec: str):
    """The WSGI app of `file.py[:attr]` in folder, imported as its own module."""
    file, _, attr = spec.partition(":")
    path = folder / file
    sys.path.insert(0, str(folder))
    os.chdir(folder)
    name = f"recorded_{path.stem}"
    # A mod_wsgi script (app.wsgi) is Python under another suffix: name its loader.
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    module_spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    module = importlib.util.module_from_spec(module_spec)
    loader.exec_module(module)
    if attr:
        return getattr(module, attr)
    for name in ("app", "application"):
        if hasattr(module, name):
            return getattr(module, name)
    import bottle  # an app on Bottle's default app

    return bottle.default_app()


@pytest.fixture(scope="module", params=sorted(APPS))
def client(request, tmp_path_factory):
    """One app, on a copy of its folder (so its data files are as they were recorded)."""
    app = APPS[request.param]
    copy = tmp_path_factory.mktemp(request.param) / "app"
    shutil.copytree(HERE / app["folder"], copy, ignore=NOT_COPIED)
    cwd, path = os.getcwd(), list(sys.path)
    try:
        yield request.param, webtest.TestApp(load(copy, app["spec"]))
    finally:
        os.chdir(cwd)
        sys.path[:] = path


CASES = [pytest.param(case, id=f"{case['step']:04d} {case['method']} {case['path']}")
         for case in RECORDED["requests"]]


@pytest.mark.parametrize("case", CASES)
def test_answers_as_recorded(client, case):
    name, app = client
    clock = (time_machine.travel(datetime.fromisoformat(case["at"]), tick=False)
             if time_machine and case.get("at") else nullcontext())
    with clock:
        response = app.request(case["path"], method=case["method"], expect_errors=True)
    got = answer(response.status_int, response.headerlist, response.body)
    expected = case["answers"][name]
    if expected["body"] is None:
        got["body"] = None
    if got != expected and case.get("differs") and name == RECORDED["port"]:
        pytest.xfail(f"the port still differs from the original: {case['differs']}")
    assert got == expected

"""A parity run's answers written as the suite a port leaves (OUT/tests/)."""

from __future__ import annotations

import json
import os
import shutil
from datetime import timedelta
from pathlib import Path

from .. import __version__
from ..loading import split
from ..parity.runner import EPOCH

HERE = Path(__file__).resolve().parent
SUITE, ANSWERS, DATA = ("test_bottle2flask_parity.py", "bottle2flask_answers.py",
                        "bottle2flask_parity.json")


def replayable(steps: list[dict]) -> list[dict]:
    """The GET requests a suite can send in order on its own: those before the first
    request that sends something (what a form does is not replayed)."""
    kept = []
    for step in steps:
        if step["method"] not in ("GET", "HEAD"):
            break
        if step.get("answers"):
            kept.append(step)
    return kept


def recording(report: dict, apps: dict[str, dict], original: str, port: str) -> dict:
    """The suite's data: each request with each app's answer.

    apps: name -> {"folder", "spec"}; the report's first app is the original. A request
    the port answers differently (not a declared change) expects the original's answer.
    """
    from ..migrate.status import first_difference

    requests = []
    for step in replayable(report["steps"]):
        theirs, ours = step["answers"]
        differs = step["verdict"] == "different"
        requests.append({
            "step": step["number"], "method": step["method"], "path": step["path"],
            "at": (EPOCH + timedelta(seconds=step["number"])).isoformat(),
            "answers": {original: theirs, port: theirs if differs else ours},
            "differs": first_difference(step) if differs else None,
            "declared": sorted(step["explained"]) or None})
    return {"generated_by": f"bottle2flask {__version__}", "original": original,
            "port": port, "apps": apps, "requests": requests}


def write_suite(folder: Path, data: dict) -> list[Path]:
    """The test module, its answers module and the recorded data, into folder."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HERE / "suite.py", folder / SUITE)
    shutil.copyfile(HERE / "answers.py", folder / ANSWERS)
    (folder / DATA).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return [folder / SUITE, folder / ANSWERS, folder / DATA]


def app_entry(spec: str, tests: Path) -> dict:
    """{"folder", "spec"} of a file spec, the folder relative to the tests folder when it
    lies beside it (the port), else absolute (the original, wherever it is)."""
    file, attr = split(spec)
    path = Path(file).resolve()
    try:
        folder = os.path.relpath(path.parent, tests.resolve())
        if folder.startswith(".." + os.sep + ".."):
            folder = str(path.parent)
    except ValueError:  # another drive
        folder = str(path.parent)
    return {"folder": folder, "spec": path.name + (f":{attr}" if attr else "")}

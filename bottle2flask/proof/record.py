"""A parity run's answers written as the suite a port leaves (OUT/tests/).

    OUT/tests/test_bottle2flask_parity.py    the tests (suite.py)
    OUT/tests/bottle2flask_answers.py        what an answer keeps (answers.py)
    OUT/tests/bottle2flask_kept.py           what two runs of the original both kept, where
                                             they differed (parity/kept.py)
    OUT/tests/bottle2flask_parity.json       the requests, each app's status, type, redirect
    OUT/tests/bottle2flask_parity/           the expected bodies, one readable file each
                                             (as pytest-regressions and syrupy keep theirs)
    OUT/tests/bottle2flask_data_files.py     what a data file is; laying them over a copy
    OUT/tests/bottle2flask_data/             the app's data files as they were at port time
    OUT/tests/conftest.py                    the folders above it collected as plain folders,
                                             not packages pytest imports (suite_conftest.py)

No absolute path is written: the port is `..`, the original its path relative to OUT,
or the folder the environment variable ORIGINAL_VARIABLE names.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path

from .. import __version__
from ..loading import split
from ..parity.runner import EPOCH
from .answers import DIGEST, is_json, same_body
from .data_files import take

HERE = Path(__file__).resolve().parent
SUITE, ANSWERS, DATA = ("test_bottle2flask_parity.py", "bottle2flask_answers.py",
                        "bottle2flask_parity.json")
DATA_FILES, BODIES, SNAPSHOT = ("bottle2flask_data_files.py", "bottle2flask_parity",
                                "bottle2flask_data")
KEPT = "bottle2flask_kept.py"  # what two runs of the original both kept (parity/kept.py)
# how pytest collects the suite: the folders above it (the port, a package) as folders
CONFTEST = "conftest.py"
# Where the suite finds the original when it is not at its recorded place beside OUT.
ORIGINAL_VARIABLE = "BOTTLE2FLASK_ORIGINAL"


def replayable(steps: list[dict]) -> list[dict]:
    """The requests a suite can send again in order on its own: every one, writes
    included, up to the first whose body each app was sent differently (a form each
    filled with its own CSRF token), which the suite could not send to both, but those
    each app was sent at a path of its own."""
    kept = []
    for step in steps:
        if step.get("body") == "differs":
            break
        # each app was sent a path of its own (a page under an id each made: the check
        # followed each one's link): a run of the suite makes other ids, so no one path
        # reaches that page in both
        if step.get("answers") and not step.get("paths"):
            kept.append(step)
    return kept


def recording(report: dict, apps: dict[str, dict], original: str, port: str) -> dict:
    """The suite's data: each request with each app's answer (bodies inline until
    write_suite puts them in files).

    apps: name -> {"folder", "spec"}; the report's first app is the original. A request
    the port answers differently (not a declared change) expects the original's answer.
    """
    from ..migrate.status import first_difference

    requests = []
    for step in replayable(report["steps"]):
        differs = step["verdict"] == "different"
        body = step.get("body")
        # the port answered byte for byte as the original ("exact"), the same message
        # ("message") or the same to an HTTP client ("client"): its test holds it to
        # that, not to less; not where two runs of the original answered differently
        # (one run's bytes)
        likeness = None if step.get("noise") or "varies" in step["answers"][0] \
            else step.get("likeness")
        theirs, ours = (opaque(answer, likeness) for answer in step["answers"])
        requests.append({
            "step": step["number"], "method": step["method"], "path": step["path"],
            **({"content_type": body[0], "body": body[1]} if body else {}),
            "at": (EPOCH + timedelta(seconds=step["number"])).isoformat(),
            "answers": {original: dict(theirs), port: dict(theirs if differs else ours)},
            "likeness": likeness,
            "differs": first_difference(step) if differs else None,
            "declared": sorted(step["explained"]) or None})
    return {"generated_by": f"bottle2flask {__version__}", "original": original,
            "port": port, "apps": apps, "requests": requests}


# What a validator's value is recorded as where the suite holds an answer to no more
# than the same to an HTTP client (RFC 9110 8.8.1: a client sends it back, never reads
# it): a static file's ETag names the copy of the file the check read, in a temporary
# folder of its own each run, and a port made twice wrote two suites.
OPAQUE = "(opaque: any value)"


def opaque(answer: dict, likeness: str | None) -> dict:
    """The answer with its ETag's value left out, unless the suite holds the port to
    the original's exact bytes or the same message (then both sent the same value,
    kept as sent)."""
    sent = answer.get("sent")
    if likeness in ("exact", "message") or not sent:
        return answer
    headers = [[name, OPAQUE if name.lower() == "etag" else value]
               for name, value in sent["headers"]]
    return {**answer, "sent": {**sent, "headers": headers}}


def body_name(case: dict, content_type: str) -> str:
    """0003-get-edit-1.html: the step, the request, the kind of body."""
    slug = re.sub(r"[^a-z0-9]+", "-", f"{case['method']} {case['path']}".lower()).strip("-")
    suffix = ".json" if is_json(content_type) else ".html" if "html" in content_type \
        else ".txt"
    return f"{case['step']:04d}-{slug[:60]}{suffix}"


def bodies_to_files(data: dict, folder: Path) -> dict[str, str]:
    """Each text body into a file of its own (one for both apps when they agree); the
    JSON keeps its name as body_file, a binary body stays a digest."""
    files: dict[str, str] = {}
    for case in data["requests"]:
        answers = case["answers"]
        texts = {name: a["body"] for name, a in answers.items()
                 if a["body"] is not None and not a["body"].startswith(DIGEST)}
        one = len(texts) == len(answers) and all(
            same_body(t, next(iter(texts.values()))) for t in texts.values())
        for name, text in texts.items():
            stem = body_name(case, answers[name]["content_type"])
            if not one:
                base, dot, suffix = stem.rpartition(".")
                stem = f"{base}.{name}.{suffix}"
            files.setdefault(stem, text)
            answers[name]["body_file"] = f"{folder.name}/{stem}"
            del answers[name]["body"]
    return files


def write_suite(folder: Path, data: dict, app_folder: Path | None = None,
                within: list[str] | None = None) -> list[Path]:
    """The test module, its helpers, the recorded data and bodies, into folder; and the
    data files of app_folder (the original's, where its entry module is, or the folder
    above its package) as they are now, only those within these paths of it when given,
    which the suite lays over each app's copy. data gets "data": where they are and
    which, or why none was kept."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HERE / "suite.py", folder / SUITE)
    shutil.copyfile(HERE / "answers.py", folder / ANSWERS)
    shutil.copyfile(HERE.parent / "parity" / "kept.py", folder / KEPT)
    shutil.copyfile(HERE / "data_files.py", folder / DATA_FILES)
    conftest = (HERE / "suite_conftest.py").read_text(encoding="utf-8")
    # the conftest.py of the app's own tests (ported with it) stays as it is
    ours = not (folder / CONFTEST).is_file() or (folder / CONFTEST).read_text(
        encoding="utf-8").startswith(conftest.partition("\n")[0])
    if ours:
        (folder / CONFTEST).write_text(conftest, encoding="utf-8")
    bodies = folder / BODIES
    shutil.rmtree(bodies, ignore_errors=True)  # a run again leaves no stale answer
    bodies.mkdir()
    for name, text in bodies_to_files(data, bodies).items():
        (bodies / name).write_text(text, encoding="utf-8", newline="\n")
    written = [folder / SUITE, folder / ANSWERS, folder / KEPT, folder / DATA_FILES,
               *([folder / CONFTEST] if ours else []), folder / DATA, bodies]
    if app_folder is not None:
        files, why = take(app_folder, folder / SNAPSHOT, within=within)
        data["data"] = {"folder": SNAPSHOT if not why else None, "files": files,
                        **({"within": within} if within is not None else {}),
                        **({"not_kept": why} if why else {})}
        written += [folder / SNAPSHOT] if not why else []
    (folder / DATA).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return written


def app_entry(spec: str, tests: Path, variable: str | None = None,
              folder: Path | None = None) -> dict:
    """{"folder", "spec"} of a file spec, the folder (its file's, unless given) relative to
    the tests folder, never absolute (a copy of OUT elsewhere finds the original through
    `variable`), the spec relative to the folder."""
    file, attr = split(spec)
    path = Path(file).resolve()
    folder = path.parent if folder is None else folder.resolve()
    try:
        where = Path(os.path.relpath(folder, tests.resolve())).as_posix()
    except ValueError:  # another drive: only the variable can say where it is
        where = ""
    return {"folder": where, "spec": path.relative_to(folder).as_posix()
            + (f":{attr}" if attr else ""), **({"variable": variable} if variable else {})}


def app_entries(original: str, port: str, tests: Path, around: dict | None,
                outside: Sequence[str] = ()) -> dict[str, dict]:
    """The suite's two apps, each loaded as the check loaded it. A module of a package
    (around: the check's surroundings(), loading.Surroundings) is imported by its dotted
    name from the folder above its package, the working folder there; its port runs in a
    copy of that folder (the original's) with OUT in the folder ported's place ("at"),
    under the same name, and `outside` names what it reads from around OUT."""
    if around is None:
        return {"bottle": app_entry(original, tests, ORIGINAL_VARIABLE),
                "flask": app_entry(port, tests)}
    root, at = Path(around["root"]), around["at"]
    file = Path(split(original)[0]).resolve()
    module = ".".join(file.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
    return {"bottle": {**app_entry(original, tests, ORIGINAL_VARIABLE, root), "at": at,
                       "module": module},
            "flask": {**app_entry(port, tests, folder=Path(around["port"])), "around": "bottle",
                      "at": at, "module": module, "outside": list(outside)}}

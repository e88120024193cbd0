"""The self-check's work, each part in a process of its own (python -m this module).

    probe SPEC              can the app be loaded? {"ok", "error", "file", "line"}
    compare ORIG PORT JSON  migrate status over both, with the parity report kept

One JSON object on stdout; the apps' own output (their prints, their logs, what a
process they start writes) goes to stderr, which the check keeps in OUT/check.log.

The process that starts a worker holds a pipe to it open (lifeline.py): when that
process ends, however, the pipe closes, and the worker kills its process group (itself,
what the app started, the parity twins), so that nothing the check started holds a port
or a file after it.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import traceback
from pathlib import Path

from .. import lifeline, loading
from ..errors import UsageError
from ..loading import import_root, load, see_surroundings, split
from ..parity.runner import on_copy


def watch_parent() -> None:
    """When the process that started this one is gone, however it ended, kill this
    process's group (lifeline.py): a process of the group waits on it, so an app that
    blocks, or that ignores SIGTERM, is ended all the same; and no thread of ours runs
    here while an app imports (gevent's monkey-patching at import fails beside one)."""
    lifeline.watch_group()


def probe(spec: str) -> dict:
    """Load the app from a copy of its folder; where it fails, the deepest frame in it."""
    with tempfile.TemporaryDirectory(prefix="bottle2flask-probe-") as folder:
        copy = on_copy(spec, Path(folder), "app")
        around = loading.SURROUNDINGS
        base = around.base(Path(split(spec)[0]).resolve(), Path(folder) / "app-app") \
            if around else Path(folder) / "app-app"
        try:
            loaded = load(copy, {"TESTING": True, "SECRET_KEY": "check"}, "app")
        except UsageError as error:
            cause = error.__cause__ or error.__context__
            where = frame_in(cause, base) if cause else None
            frames = frames_in(cause, base) if cause else []
            # The exception itself, the copy's folder left out: the check tells a failure
            # the original has too from one of the port's own.
            said = f"{type(cause).__name__}: {cause}".replace(folder, "<app>") if cause \
                else str(error).replace(folder, "<app>")
            return {"ok": False, "error": of_users_files(str(error), spec, copy),
                    "cause": said, **(where or {}), "frames": frames}
    return {"ok": True, "script": loaded.script, "outside": outside()}


def of_users_files(said: str, spec: str, copy: str) -> str:
    """The loader's words about the copy it loaded, said of the user's own files: the
    report names the file to open, not a temporary folder gone once the check ends."""
    path, copied = Path(split(spec)[0]).resolve(), Path(split(copy)[0])
    around = loading.SURROUNDINGS
    if around is not None and around.holds(path, around.port):
        # (a port runs in a copy of its original's surroundings, OUT at `at` in it)
        top = copied.parents[len(path.relative_to(around.port).parts) - 1 +
                             len(Path(around.at).parts)]
        places = [(top / around.at, around.port), (top, around.root)]
    else:
        top = copied.parents[len(path.relative_to(import_root(path)).parts) - 1]
        places = [(top, import_root(path))]
    said = said.replace(copy, spec)
    for copied_folder, folder in places:
        said = said.replace(str(copied_folder), str(folder))
    return said


def outside() -> list[str]:
    """The files the port opened (its modules too) outside the folder ported's place in
    its copy of the original's surroundings, relative to them."""
    return sorted(loading.SURROUNDINGS.opened) if loading.SURROUNDINGS else []


def frame_in(error: BaseException, folder: Path) -> dict | None:
    """The deepest frame of an exception that lies in the app's (copied) folder."""
    found = frames_in(error, folder)
    return found[-1] if found else None


def frames_in(error: BaseException, folder: Path) -> list[dict]:
    """Every frame of an exception's traceback that lies in the app's (copied) folder,
    outermost first (the port's repair maps each to the sites around it)."""
    return [{"file": str(Path(frame.filename).relative_to(folder)), "line": frame.lineno}
            for frame in traceback.extract_tb(error.__traceback__)
            if folder in Path(frame.filename).parents]


def compare(original: str, port: str, options: dict) -> dict:
    from ..migrate.status import status

    found = status(original, port, keep_report=True, record=True,
                   extra=[Path(p) for p in options.get("requests", [])],
                   forms=options.get("forms", False), crawl=options.get("crawl", True),
                   starts=options.get("starts") or ["/"],
                   max_pages=options.get("max_pages", 500), noise=options.get("noise", False))
    return {**found, "outside": outside()}


def main(argv: list[str]) -> int:
    # The answer goes to stdout as it was; the apps' prints, from Python or from a
    # process they start, go where stderr goes (stdout's descriptor is stderr's meanwhile).
    sys.stdout.flush()
    answer = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    with contextlib.redirect_stdout(sys.stderr):
        try:
            watch_parent()
            around = see_surroundings()
            if around is not None:
                around.watch()
            if argv[0] == "probe":
                result = probe(argv[1])
            else:
                result = compare(argv[1], argv[2], json.loads(argv[3]))
        except UsageError as error:
            result = {"ok": False, "error": str(error)}
    sys.stderr.flush()
    with answer:
        print(json.dumps(result, default=str), file=answer)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

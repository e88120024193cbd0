"""The Python that runs the user's apps (`--python PATH`), as mypy's --python-executable
and pre-commit choose one: the path given, else the active virtualenv ($VIRTUAL_ENV),
else a `.venv` in or above the app's folder, else the tool's own.

The user's packages stay where they are and nothing is installed into their
environment: a process under their Python runs this file as a script, which appends the
tool's own site-packages to sys.path AFTER the user's (so where both have a package, the
user's wins) and then runs the tool's module. Run as a script, this file imports only
the standard library.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

# What the tool's workers import under the user's Python: the check, parity, serve.
NEEDED = ("bottle", "flask", "werkzeug", "webtest", "time_machine", "bottle2flask.proof.worker")
# The probe's answer: the interpreter's prefix, its version, then "ok" or what failed.
PROBE = "--probe"
# Set in a command run again under the apps' Python: it runs there, never again elsewhere.
RERUN = "BOTTLE2FLASK_UNDER_APPS_PYTHON"


@dataclass(frozen=True)
class Interpreter:
    """A Python to run the tool's modules under; the tool's own when `own`."""

    path: str
    own: bool = True
    version: str = f"{sys.version_info[0]}.{sys.version_info[1]}"
    log: Path | None = None  # where the apps' own output goes (appended), if kept

    def logging_to(self, log: Path | None) -> Interpreter:
        return replace(self, log=log)

    def keep(self, args: list[str], output: str | bytes) -> None:
        """Append what a worker's apps wrote to the log, under a line saying which run."""
        if self.log is None or not output:
            return
        text = output.decode("utf-8", "replace") if isinstance(output, bytes) else output
        with self.log.open("a", encoding="utf-8") as log:
            log.write(f"==> {' '.join(args[:3])} <==\n{text}")
            log.write("" if text.endswith("\n") else "\n")

    def command(self, module: str, args: list[str]) -> list[str]:
        """The command line that runs `python -m module args` under this Python, with the
        tool's packages after the user's."""
        if self.own:
            return [self.path, "-m", module, *args]
        return [self.path, str(Path(__file__).resolve()), os.pathsep.join(tool_paths()),
                "-m", module, *args]


def elsewhere(given: str | None, folders: list[Path], argv: list[str]) -> int | None:
    """For a command that runs the apps in its own process (parity, serve, migrate): when
    their Python is not the tool's, the whole command run again under it (its exit
    status); None to run it here."""
    python = Interpreter(sys.executable) if os.environ.get(RERUN) else resolve(given, folders)
    if os.environ.get(RERUN):
        stop_when_orphaned()
    if python.own:
        return None
    import signal

    from .lifeline import Lifeline

    # and when this process ends without a word (SIGKILL), the command there stops too
    # (lifeline.py): a `serve` held its ports
    lifeline = Lifeline()
    try:
        process = subprocess.Popen(
            python.command("bottle2flask", [*argv, "--python", python.path]),
            env=lifeline.env({**os.environ, RERUN: "1"}), pass_fds=lifeline.pass_fds)
    except BaseException:
        lifeline.close()
        raise
    lifeline.started()
    # a stop asked of this process is the command's: passed on, and waited for
    forwarded = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {sig: signal.signal(sig, lambda sig, _: process.send_signal(sig))
                for sig in forwarded}
    try:
        return process.wait()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        lifeline.close()


def stop_when_orphaned() -> None:
    """In a command run again under the apps' Python: when the command that ran it is
    gone (lifeline.py), stop as a SIGTERM stops it (serve stops its servers), and for
    good a few seconds later."""
    import signal
    import threading

    from .lifeline import watch

    def stop() -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        threading.Event().wait(5)
        os.kill(os.getpid(), signal.SIGKILL)

    watch(stop)


def tool_paths() -> list[str]:
    """Where the tool's own packages are: its site-packages (their .pth files read, an
    editable install's among them), then the folder that holds bottle2flask."""
    import site

    return [*site.getsitepackages(), str(Path(__file__).resolve().parent.parent)]


def default(folders: list[Path]) -> str | None:
    """The active virtualenv's Python, else that of a `.venv` in or above one of the
    apps' folders (the first found), else None (the tool's own)."""
    active = os.environ.get("VIRTUAL_ENV")
    if active and (found := venv_python(Path(active))) is not None:
        return found
    for folder in folders:
        for above in [folder.resolve(), *folder.resolve().parents]:
            if (found := venv_python(above / ".venv")) is not None:
                return found
    return None


def venv_python(venv: Path) -> str | None:
    for name in ("bin/python", "Scripts/python.exe"):
        if (venv / "pyvenv.cfg").is_file() and (venv / name).is_file():
            return str(venv / name)
    return None


def resolve(given: str | None, folders: list[Path], option: str = "--python") -> Interpreter:
    """The Interpreter for `--python PATH` (or the default for the apps' folders); a path
    that is no Python, or a Python the workers cannot run under, is a one-line UsageError."""
    from .errors import UsageError

    path = given or default(folders)
    if path is None:
        return Interpreter(sys.executable)
    if not Path(path).is_file() or not os.access(path, os.X_OK):
        raise UsageError(f"{option} {path}: no such Python (give the path of an "
                         "interpreter, e.g. .venv/bin/python)")
    venv = Path(path).absolute().parent.parent
    if Path(path).absolute() == Path(sys.executable).absolute() or (
            (venv / "pyvenv.cfg").is_file() and venv.resolve() == Path(sys.prefix).resolve()):
        return Interpreter(sys.executable)  # the tool's own (python3 for python, say)
    candidate = Interpreter(str(Path(path).absolute()), own=False)
    try:
        done = subprocess.run(candidate.command("", [])[:3] + [PROBE], capture_output=True,
                              text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise UsageError(f"{option} {path}: cannot run it ({error})") from None
    lines = done.stdout.splitlines()
    if done.returncode != 0 or len(lines) < 3:
        last = (done.stderr.strip().splitlines() or ["no answer"])[-1]
        raise UsageError(f"{option} {path}: not a Python the tool can use ({last})")
    prefix, version, answer = lines[0], lines[1], lines[2]
    if Path(prefix).resolve() == Path(sys.prefix).resolve() and version == candidate.version:
        return Interpreter(sys.executable)  # the tool's own environment, by another name
    if answer != "ok":
        raise UsageError(f"{option} {path} (Python {version}): the tool's workers cannot "
                         f"run under it: {answer} (the tool runs on Python "
                         f"{Interpreter.version}; give a Python of that version, or "
                         "install bottle2flask into that environment)")
    return Interpreter(candidate.path, own=False, version=version)


def boot(argv: list[str]) -> None:
    """Under the user's Python: the tool's packages after the user's, then the module."""
    import runpy
    import site

    # this file's own folder is no place to import from (its modules would shadow the
    # app's); the working folder is, as `python -m` has it (unless PYTHONSAFEPATH)
    if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
        sys.path[0] = os.getcwd()
    for path in argv[0].split(os.pathsep):
        site.addsitedir(path)
    own_package(argv[0].split(os.pathsep))
    if argv[1] == PROBE:
        print(sys.prefix)
        print(f"{sys.version_info[0]}.{sys.version_info[1]}")
        try:
            for name in NEEDED:
                __import__(name)
        except Exception as error:  # any failure to import is the answer, in one line
            print(f"{type(error).__name__}: {error}".replace("\n", " "))
        else:
            print("ok")
        return
    sys.argv = [argv[2], *argv[3:]]
    runpy.run_module(argv[2], run_name="__main__", alter_sys=True)


def own_package(paths: list[str]) -> None:
    """bottle2flask imported from the tool's own folder (the first of its paths that holds
    it), whatever the user's environment holds: a bottle2flask installed there, of another
    version, came first on sys.path and ran the check's workers with its own code."""
    import importlib.util

    for path in paths:
        init = Path(path) / "bottle2flask" / "__init__.py"
        if init.is_file():
            spec = importlib.util.spec_from_file_location(
                "bottle2flask", init, submodule_search_locations=[str(init.parent)])
            if spec is None or spec.loader is None:
                return
            module = importlib.util.module_from_spec(spec)
            sys.modules["bottle2flask"] = module
            spec.loader.exec_module(module)
            return


if __name__ == "__main__":
    boot(sys.argv[1:])

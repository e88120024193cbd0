"""python -m harness.bench.port_speed [--quick] [--json FILE]: how long `bottle2flask port`
takes, as a whole command and against the floor of any LibCST engine.

The command: `bottle2flask port APP -o OUT --no-check` in a fresh process (start-up,
imports, reading, rules, templates, writing OUT). The floor (port_floor.py, run by the
same Python): import libcst, parse each module of the app, run one identity transformer
over it, write the code out. Both on the apps of port_apps.py (a 1,000-line module; a
package app of 1,000+ lines), in one interleaved run (floor, port, floor, port...: the
machine is shared, so what slows one slows its neighbour): the ratio of the medians,
wall-clock and CPU time (the child's user + system, less disturbed by other load), and
the spread of the rounds' own ratios. Target (issue #43): the port at most 2x the floor
on wall-clock time. The warm-up run also says which modules of bottle2flask.proof and
bottle2flask.parity `--no-check` imports (it must import none).

Both run from bytecode, as an installed tool does (pip compiles it at install; this
checkout's editable install under PYTHONDONTWRITEBYTECODE=1 would compile every module
of bottle2flask at each run): the children write and read theirs in a scratch folder
(PYTHONPYCACHEPREFIX), written by the warm-up runs.

Then, in process (`port_source` on one module, no start-up and no files): the porting
sample and the 1,000-line module, for the profile's sake.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .port_apps import APPS, SAMPLE, large_module, python_lines
from .side import command

__all__ = ["large_module", "main", "render", "run"]

FLOOR = Path(__file__).with_name("port_floor.py")
TARGET_RATIO = 2.0  # the whole command against the floor, wall-clock (issue #43)
UNWANTED = ("bottle2flask.proof", "bottle2flask.parity")  # --no-check needs neither


def port_command(app: Path, out: Path) -> list[str]:
    """The command a user types, run by this Python (its console script when installed)."""
    script = Path(sys.executable).with_name("bottle2flask")
    head = [str(script)] if script.is_file() else [sys.executable, "-m", "bottle2flask"]
    return [*head, "port", str(app), "-o", str(out), "--no-check", "--quiet"]


def floor_command(app: Path, out: Path) -> list[str]:
    return [sys.executable, str(FLOOR), str(app), str(out)]


def bytecode_env(scratch: Path) -> dict[str, str]:
    """The children's environment: their bytecode kept in `scratch`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(scratch / "pycache")}


def timed(argv: list[str], out: Path, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall-clock and CPU seconds (the child's user + system) of one run into a fresh OUT."""
    shutil.rmtree(out, ignore_errors=True)
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=errors, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        if child.returncode != 0:
            errors.seek(0)
            raise RuntimeError(f"{' '.join(argv)} exited {child.returncode}: "
                               f"{errors.read().decode(errors='replace')[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime


def unwanted_imports(app: Path, out: Path, env: dict[str, str] | None = None) -> list[str]:
    """The modules of proof/ and parity/ that `port --no-check` imports (python -X
    importtime); also the warm-up run."""
    shutil.rmtree(out, ignore_errors=True)
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "bottle2flask",
                           *port_command(app, out)[-6:]], capture_output=True, text=True,
                          check=False, env=env)
    if done.returncode != 0:
        raise RuntimeError(f"port of {app} exited {done.returncode}: {done.stderr[-2000:]}")
    found = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
             if line.startswith("import time:")]
    return sorted(name for name in found if name.startswith(UNWANTED))


def spread(values: list[float]) -> dict:
    return {"median": round(statistics.median(values), 3), "min": round(min(values), 3),
            "max": round(max(values), 3)}


def whole_command(rounds: int, apps: dict | None = None) -> dict:
    """Each app (name -> a function writing it into a folder, port_apps.APPS): the floor
    and the port, interleaved, `rounds` times."""
    results: dict = {}
    with tempfile.TemporaryDirectory(prefix="port-speed-") as scratch:
        folders = {name: write(Path(scratch) / f"app{n}")
                   for n, (name, write) in enumerate((apps or APPS).items())}
        out = Path(scratch) / "out"
        env = bytecode_env(Path(scratch))
        imported = sorted({m for app in folders.values()
                           for m in unwanted_imports(app, out, env)})
        for app in folders.values():  # warm: the file cache, the bytecode
            timed(floor_command(app, out), out, env)
            timed(port_command(app, out), out, env)
        runs: dict = {name: {"floor": [], "port": []} for name in folders}
        for _ in range(rounds):
            for name, app in folders.items():
                runs[name]["floor"].append(timed(floor_command(app, out), out, env))
                runs[name]["port"].append(timed(port_command(app, out), out, env))
        for name, app in folders.items():
            floor, port = runs[name]["floor"], runs[name]["port"]
            row: dict = {"modules": len(list(app.rglob("*.py"))), "lines": python_lines(app),
                         "rounds": rounds}
            for n, clock in enumerate(("wall", "cpu")):
                f, p = [r[n] for r in floor], [r[n] for r in port]
                row[clock] = {"floor_s": spread(f), "port_s": spread(p),
                              "ratio": round(statistics.median(p) / statistics.median(f), 2),
                              "round_ratios": spread([b / a for a, b in zip(f, p, strict=True)])}
            results[name] = row
    return {"apps": results, "target_ratio": TARGET_RATIO,
            "met": all(r["wall"]["ratio"] <= TARGET_RATIO for r in results.values()),
            "no_check_imports": imported}


def measure(source: str, name: str, runs: int) -> dict:
    from bottle2flask.port.runner import port_source

    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        result = port_source(source, name)
        seconds.append(time.perf_counter() - started)
        assert result.status == "success", result.error
    return {"lines": len(source.splitlines()), "runs": runs,
            "median_s": round(statistics.median(seconds), 3),
            "best_s": round(min(seconds), 3)}


def in_process(runs: int) -> dict:
    started = time.perf_counter()
    import bottle2flask.port.runner  # noqa: F401  (its import time is reported alone)

    imported = time.perf_counter() - started
    measure(SAMPLE.read_text(), "todo.py", 1)  # warm: LibCST's parser, the rule classes
    return {"import_s": round(imported, 3),
            "modules": {"porting sample (todo.py)": measure(SAMPLE.read_text(), "todo.py",
                                                            runs),
                        "1,000-line module": measure(large_module(), "app.py", runs)}}


def run(rounds: int, runs: int | None = None, apps: dict | None = None) -> dict:
    """The whole command against the floor (`rounds` interleaved rounds), then in process
    (`runs` times each module)."""
    return {"command": whole_command(rounds, apps), "in_process": in_process(runs or rounds)}


def render(results: dict) -> str:
    whole = results["command"]
    lines = ["`bottle2flask port APP -o OUT --no-check`, a fresh process, against the floor "
             "(import libcst, parse, identity transform, write), interleaved:",
             f"{'app':<20} {'modules':>7} {'lines':>6} {'clock':>5} {'floor':>7} {'port':>7} "
             f"{'ratio':>6}  rounds' ratios (min-max)"]
    for name, row in whole["apps"].items():
        for clock in ("wall", "cpu"):
            r = row[clock]
            lines.append(f"{name if clock == 'wall' else '':<20} "
                         f"{row['modules'] if clock == 'wall' else '':>7} "
                         f"{row['lines'] if clock == 'wall' else '':>6} {clock:>5} "
                         f"{r['floor_s']['median']:>6.2f}s {r['port_s']['median']:>6.2f}s "
                         f"{r['ratio']:>5.2f}x  {r['round_ratios']['min']:.2f}-"
                         f"{r['round_ratios']['max']:.2f} ({row['rounds']} rounds)")
    lines.append(f"target: the port at most {whole['target_ratio']:.0f}x the floor (wall "
                 f"clock, every app): {'met' if whole['met'] else 'missed'}")
    lines.append("--no-check imports of proof/ and parity/: "
                 + (", ".join(whole["no_check_imports"]) or "none"))
    inside = results["in_process"]
    lines.append("")
    lines.append("In process (port_source on one module):")
    lines.append(f"{'module':<28} {'lines':>6} {'median':>8} {'best':>8}")
    for name, r in inside["modules"].items():
        lines.append(f"{name:<28} {r['lines']:>6} {r['median_s']:>7.2f}s {r['best_s']:>7.2f}s")
    lines.append(f"importing the port's modules: {inside['import_s']:.2f}s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    return command("python -m harness.bench.port_speed", __doc__.splitlines()[0],
                   "bottle2flask port: the whole command against the LibCST floor",
                   lambda quick: run(3 if quick else 9, 1 if quick else 5), render, argv)


if __name__ == "__main__":
    sys.exit(main())

"""python -m harness.bench.port_speed [--quick]: how long `bottle2flask port` takes a module.

The porting sample (tests/porting_tool/sample/todo.py) and a module of about 1,000
lines made from it (its views repeated under /vN/ prefixes, as a large single-module
app is written), each ported in process with `port_source` (the CLI adds its start-up
and the writing of files; the self-check is not part of it). Target: a 1,000-line
module in under 2 s on this machine.
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from pathlib import Path

from .side import command

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "porting_tool" / "sample" / "todo.py"
TARGET_SECONDS = 2.0  # for a module of 1,000 lines
FIRST_VIEW = '@app.route("/")\n'
LAST_VIEW = "@app.error(404)\n"


def large_module(lines: int = 1000) -> str:
    """The sample with its views (and their helper) repeated until it has `lines`."""
    text = SAMPLE.read_text()
    start, end = text.index(FIRST_VIEW), text.index(LAST_VIEW)
    head, views, tail = text[:start], text[start:end], text[end:]
    names = re.findall(r"^def (\w+)\(", views, re.M)
    copies = []
    n = 1
    while len((head + "".join(copies) + tail).splitlines()) < lines:
        n += 1
        copy = re.sub(r'(@app\.\w+\(")/', rf"\1/v{n}/", views)
        for name in names:
            copy = re.sub(rf"\b{name}\(", f"{name}_{n}(", copy)
        copies.append(copy)
    return head + views + "".join(copies) + tail


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


def run(runs: int) -> dict:
    started = time.perf_counter()
    import bottle2flask.port.runner  # noqa: F401  (its import time is reported alone)

    imported = time.perf_counter() - started
    measure(SAMPLE.read_text(), "todo.py", 1)  # warm: LibCST's parser, the rule classes
    results = {"import_s": round(imported, 3),
               "modules": {"porting sample (todo.py)": measure(SAMPLE.read_text(), "todo.py",
                                                               runs),
                           "1,000-line module": measure(large_module(), "app.py", runs)}}
    big = results["modules"]["1,000-line module"]
    results["per_1000_lines_s"] = round(big["median_s"] * 1000 / big["lines"], 3)
    results["target_s"] = TARGET_SECONDS
    results["met"] = results["per_1000_lines_s"] <= TARGET_SECONDS
    return results


def render(results: dict) -> str:
    lines = [f"{'module':<28} {'lines':>6} {'median':>8} {'best':>8} {'lines/s':>8}"]
    for name, r in results["modules"].items():
        lines.append(f"{name:<28} {r['lines']:>6} {r['median_s']:>7.2f}s {r['best_s']:>7.2f}s "
                     f"{r['lines'] / r['median_s']:>8.0f}")
    lines.append(f"importing the port's modules: {results['import_s']:.2f}s; per 1,000 lines "
                 f"{results['per_1000_lines_s']:.2f}s (target {results['target_s']:.0f}s: "
                 f"{'met' if results['met'] else 'missed'})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    return command("python -m harness.bench.port_speed", __doc__.splitlines()[0],
                   "bottle2flask port, time per module (in process, the self-check excluded)",
                   lambda quick: run(1 if quick else 5), render, argv)


if __name__ == "__main__":
    sys.exit(main())

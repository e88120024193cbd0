"""The parity diff: the same requests against two WSGI apps, every real difference reported.

    python -m harness parity                      # our Bottle build against our Flask build
    python -m harness parity mine.a:create_app mine.b:create_app --requests extra.toml
"""

from __future__ import annotations

import argparse
import inspect
import json
import secrets
import sys
import tempfile
import time
from datetime import UTC, datetime
from importlib import import_module
from pathlib import Path

import time_machine

from adapters import FRAMEWORKS

from . import demo
from .normalise import INTENDED
from .replay import Explorer, Run, Side, Step
from .scenario import DEFAULT_SCRIPT, load_script

# Both sides see the same clock: this instant, plus one second per step.
EPOCH = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


class SpecError(SystemExit):
    pass


def build(spec: str, settings: dict):
    """Import module:attr; call it when it is a factory (with settings if it takes any)."""
    module, _, attr = spec.partition(":")
    try:
        target = getattr(import_module(module), attr or "create_app")
    except (ImportError, AttributeError) as error:
        raise SpecError(f"error: cannot load {spec!r}: {error}") from None
    if inspect.isfunction(target) or inspect.ismethod(target):
        return target(settings) if inspect.signature(target).parameters else target()
    return target


def labels(specs: list[str]) -> list[str]:
    known = {v: k for k, v in FRAMEWORKS.items()}
    names = [known.get(spec, spec.partition(":")[0].rpartition(".")[2]) for spec in specs]
    return names if len(set(names)) == len(names) else [f"{n}-{i}" for i, n in
                                                        enumerate(names, 1)]


def run(specs: list[str] | None = None, *, extra: list[Path] = (), crawl: bool = True,
        seed: bool | None = None, max_pages: int = 500, progress=None) -> dict:
    """Replay the scenario against two apps; return the report as a dict."""
    specs = specs or list(FRAMEWORKS.values())
    seed = all(spec in FRAMEWORKS.values() for spec in specs) if seed is None else seed
    script, values = load_script(DEFAULT_SCRIPT)
    for path in extra:
        more, more_values = load_script(path)
        script, values = [*script, *more], {**values, **more_values}
    secret = secrets.token_hex(32)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="parity-") as folder, \
            time_machine.travel(EPOCH, tick=False) as clock:
        sides = []
        for label, spec in zip(labels(specs), specs, strict=True):
            url = f"sqlite:///{Path(folder) / label}.sqlite3"
            if seed:
                demo.seed(url)
            settings = {"TESTING": True, "SECRET_KEY": secret, "DATABASE_URL": url}
            sides.append(Side(label, build(spec, settings), secret))
        replay = Run(sides, secret=secret, clock=clock, progress=progress)
        if crawl:
            Explorer(replay, values, max_pages=max_pages).explore("/")
        for call in script:
            replay.send(call, "script")
    return report(specs, replay.steps, time.perf_counter() - started)


def report(specs: list[str], steps: list[Step], seconds: float) -> dict:
    verdicts = [s.comparison.verdict for s in steps]
    explained: dict[str, int] = {}
    for step in steps:
        for name in step.comparison.explained:
            explained[name] = explained.get(name, 0) + 1
    return {
        "apps": dict(zip(labels(specs), specs, strict=True)),
        "steps": [s.as_dict() for s in steps],
        "summary": {"steps": len(steps), "requests": len(steps) * len(specs),
                    "seconds": round(seconds, 2),
                    "identical": verdicts.count("identical"),
                    "explained": verdicts.count("explained"),
                    "different": verdicts.count("different"),
                    "explained_by": explained},
    }


def render(data: dict) -> str:
    """The report for people."""
    summary, names = data["summary"], list(data["apps"])
    lines = [f"Parity: {' vs '.join(f'{k} ({v})' for k, v in data['apps'].items())}",
             f"{summary['steps']} steps ({summary['requests']} requests) in "
             f"{summary['seconds']} s: {summary['identical']} identical, "
             f"{summary['explained']} with intended differences only, "
             f"{summary['different']} different"]
    if summary["explained_by"]:
        lines.append("Intended differences (docs/PORTING.md, "
                     "'Intended differences the parity diff allows'):")
        lines += [f"  {name:<20} {count:>4} x  {INTENDED.get(name, '')}"
                  for name, count in sorted(summary["explained_by"].items())]
    for step in data["steps"]:
        if step["verdict"] != "different":
            continue
        lines.append(f"\n#{step['number']} {step['kind']}: {step['method']} {step['path']}"
                     f"{'  (' + step['label'] + ')' if step['label'] else ''}")
        for diff in step["differences"]:
            if diff["detail"]:
                lines.append(f"  {diff['where']}:")
                lines += [f"    {line}" for line in diff["detail"].splitlines()[:40]]
            else:
                lines.append(f"  {diff['where']}: {names[0]} {diff['a']!r} != "
                             f"{names[1]} {diff['b']!r}")
    verdict = ("no unexplained differences" if not summary["different"]
               else f"{summary['different']} step(s) differ")
    lines.append(f"\nResult: {verdict}.")
    return "\n".join(lines)


class Progress:
    """One line that updates on a terminal; a line every 25 steps in a log."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.different = 0

    def __call__(self, step: Step) -> None:
        self.different += step.comparison.verdict == "different"
        text = (f"[{step.number:>4}] {self.different} different  "
                f"{step.method} {step.path[:60]}")
        if self.tty:
            self.stream.write(f"\r\033[K{text}")
        elif step.number == 1 or step.number % 25 == 0:
            self.stream.write(text + "\n")
        self.stream.flush()

    def done(self) -> None:
        if self.tty:
            self.stream.write("\r\033[K")
            self.stream.flush()


def main(args) -> int:
    specs = [args.a, args.b] if args.a else None
    if bool(args.a) != bool(args.b):
        raise SpecError("error: give two apps (module:factory module:factory), or none")
    progress = None if args.quiet else Progress()
    data = run(specs, extra=[Path(p) for p in args.requests], crawl=not args.no_crawl,
               seed=args.seed, max_pages=args.max_pages, progress=progress)
    if progress:
        progress.done()
    print(json.dumps(data, indent=2, default=str) if args.json else render(data))
    return 1 if data["summary"]["different"] else 0


def add_arguments(parser) -> None:
    parser.add_argument("a", nargs="?", help="first app, module:factory (default: Bottle)")
    parser.add_argument("b", nargs="?", help="second app, module:factory (default: Flask)")
    parser.add_argument("--requests", action="append", default=[], metavar="FILE",
                        help="extra requests (TOML or JSON, as harness/scenario.toml)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--no-crawl", action="store_true",
                        help="only the scripted requests, no crawl or forms")
    parser.add_argument("--seed", action=argparse.BooleanOptionalAction,
                        default=None, help="write the demo data first (default: for our builds)")
    parser.add_argument("--max-pages", type=int, default=500)
    parser.add_argument("--quiet", action="store_true", help="no progress line")

"""The parity diff: the same requests against two WSGI apps, every real difference reported.

    bottle2flask parity old/app.py new/app.py --forms

Each app spec that names a file runs on a copy of its folder in a temporary folder (its
data files too), so the requests never write into the user's own files; in_place=True
runs it where it is.
"""

from __future__ import annotations

import secrets
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, ExitStack, nullcontext
from datetime import UTC, datetime
from pathlib import Path

import time_machine

from .. import docs, loading
from ..loading import import_root, is_file, is_url, labels, split
from ..loading import load as load_app
from ..proof.answers import ALLOWANCES
from .normalise import INTENDED
from .replay import Explorer, Run, Side, Step
from .scenario import Call, Scenario, load
from .twin import Twin

# Both sides see the same clock: this instant, plus one second per step.
EPOCH = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
# Never copied with an app's folder: version control, environments, caches.
NOT_COPIED = shutil.ignore_patterns(".git", ".hg", ".venv", "venv", "node_modules",
                                    "__pycache__", ".pytest_cache", ".tox", ".mypy_cache")
# settings(label, folder) -> a context manager giving the settings a factory gets.
Settings = Callable[[str, Path], AbstractContextManager[dict]]
# more(steps so far, form values, writes) -> requests to send: without writes, the reads
# sent after the crawl (before any form); with writes, the rest, sent last.
More = Callable[[list[dict], dict, bool], list[Call]]


def default_settings(secret: str) -> Settings:
    """What a factory that takes an argument gets: a secret and its own SQLite file."""

    def settings(label: str, folder: Path) -> AbstractContextManager[dict]:
        return nullcontext({"TESTING": True, "SECRET_KEY": secret,
                            "DATABASE_URL": f"sqlite:///{folder / f'{label}.sqlite3'}"})

    return settings


def port_settings(spec: str) -> Path | None:
    """The parity.toml `bottle2flask port` writes beside a port: the changes it declared,
    which count as intended."""
    target, _ = split(spec)
    if is_url(spec) or not is_file(target):
        return None
    # The port's own folder: the file's, or one above it that holds the port's report
    # (an app in a package or a subfolder of OUT).
    for folder in Path(target).resolve().parents:
        found = folder / "parity.toml"
        if found.is_file() and (folder == Path(target).resolve().parent
                                or (folder / "porting-report.json").is_file()):
            return found
    return None


def on_copy(spec: str, folder: Path, label: str) -> str:
    """The spec pointed at a copy of its app's folder (a module spec, a URL: as they are);
    a port the check runs in its original's surroundings (loading.Surroundings), at the
    folder ported's place in a copy of them."""
    target, attr = split(spec)
    if is_url(spec) or not is_file(target):
        return spec
    path = Path(target).resolve()
    if not path.is_file():  # the loader says so, in its own words
        return spec
    copy = folder / f"{label}-app"
    around = loading.SURROUNDINGS
    if around is not None and around.holds(path, around.port):
        return f"{around.copy_port(path, copy, NOT_COPIED)}{':' + attr if attr else ''}"
    # The app's folder, as the loader takes it: a package's is the folder holding it.
    root = import_root(path)
    shutil.copytree(root, copy, ignore=NOT_COPIED, symlinks=True)
    return f"{copy / path.relative_to(root)}{':' + attr if attr else ''}"


def run(specs: list[str], *, plan: Scenario | None = None, extra: Sequence[Path] = (),
        crawl: bool = True, max_pages: int = 500, progress=None,
        starts: Sequence[str] = ("/",), forms: bool = False, noise: bool = False,
        in_place: bool = False, names: dict[str, str] | None = None,
        settings: Settings | None = None, record: bool = False,
        more: More | None = None) -> dict:
    """Replay the requests against two apps; return the report as a dict.

    plan: built-in requests (none by default); extra: the user's requests files;
    names: labels for known specs; settings: the settings each factory gets;
    record: keep each app's answer in the steps (for the suite a port leaves);
    more: the requests to send last, given the steps so far (the routes they missed).
    """
    plan = plan or Scenario()
    declared = [found for spec in specs if (found := port_settings(spec))]
    for path in [*declared, *extra]:  # checked before any app is built: a typo costs nothing
        plan = plan.extend(load(path, frozenset(plan.saved())))
    secret = secrets.token_hex(32)
    settings = settings or default_settings(secret)
    started = time.perf_counter()
    labelled = labels(specs, names)
    untold = ""  # why a second instance of the first app (noise) did not load
    with tempfile.TemporaryDirectory(prefix="parity-") as folder, ExitStack() as stack, \
            time_machine.travel(EPOCH, tick=False) as clock:
        sides: list = []
        for label, spec in zip(labelled, specs, strict=True):
            values = {**stack.enter_context(settings(label, Path(folder))), "SECRET_KEY": secret}
            where = spec if in_place else on_copy(spec, Path(folder), label)
            sides.append(Side(label, load_app(where, values, label).wsgi, secret))
        if noise:
            # the twin on a copy of its own even in place (its writes would double the
            # first app's), in a process of its own: another hash seed (twin.py)
            label = f"{labelled[0]}-again"
            values = {**stack.enter_context(settings(label, Path(folder))), "SECRET_KEY": secret}
            twin, untold = Twin.start(on_copy(specs[0], Path(folder), label), values, label,
                                      secret, EPOCH)
            if twin is not None:
                stack.callback(twin.close)
                sides.append(twin)
            else:  # compared without its noise
                print(f"note: a second instance of {specs[0]} does not load here, so what "
                      f"varies between its runs is not told apart: {untold}", file=sys.stderr)
                noise = False
        replay = Run(sides, secret=secret, clock=clock, progress=progress,
                     ignore=plan.ignore, noise=noise, record=record)
        explorer = Explorer(replay, plan.form_values, max_pages=max_pages)
        if crawl:
            explorer.explore(list(starts), forms=False)
        if more is not None:  # the routes the crawl missed: reads before any form
            for call in more(sent(replay.steps), plan.form_values, False):
                replay.send(call, "route")
        if crawl and forms:
            explorer.explore_forms(list(starts))
        for call in plan.requests:
            replay.send(call, "script")
        if more is not None:  # and the rest, writes last
            for call in more(sent(replay.steps), plan.form_values, True):
                replay.send(call, "route")
    data = report(specs, replay.steps, time.perf_counter() - started, plan.ignore, names)
    return {**data, "no_twin": untold} if untold else data


def sent(steps: list[Step]) -> list[dict]:
    """The requests sent so far: method and path (with its query)."""
    return [{"method": step.method, "path": step.path} for step in steps]


def report(specs: list[str], steps: list[Step], seconds: float, ignore: Sequence = (),
           names: dict[str, str] | None = None) -> dict:
    verdicts = [s.verdict for s in steps]
    explained: dict[str, int] = {}
    for step in steps:
        for name in step.comparison.explained:
            explained[name] = explained.get(name, 0) + 1
    return {
        "apps": dict(zip(labels(specs, names), specs, strict=True)),
        "steps": [s.as_dict() for s in steps],
        "summary": {"steps": len(steps), "requests": len(steps) * len(specs),
                    "seconds": round(seconds, 2),
                    "identical": verdicts.count("identical"),
                    "explained": verdicts.count("explained"),
                    "varies": verdicts.count("varies"),
                    "different": verdicts.count("different"),
                    "explained_by": explained,
                    # the stricter grades: byte for byte, the same message, and the
                    # same to an HTTP client
                    "exactly_the_same": sum(s.comparison.likeness == "exact" for s in steps),
                    "the_same_message": sum(s.comparison.likeness == "message"
                                            for s in steps),
                    "same_to_a_client": sum(s.comparison.likeness == "client"
                                            for s in steps)},
        "reasons": {**INTENDED, **ALLOWANCES, **{rule.name: rule.reason for rule in ignore}},
        # Rules that matched nothing: a typo, or a difference that is gone (as pytest
        # warns of an unknown mark, and Diffy of a rule that never fired).
        "unused_ignore": [rule.name for rule in ignore if rule.name not in explained],
    }


def render(data: dict) -> str:
    """The report for people."""
    summary, names = data["summary"], list(data["apps"])
    # each step counted once, under the strongest word that holds for it
    words = [s.get("likeness") or s["verdict"] for s in data["steps"]]
    lines = [f"Parity: {' vs '.join(f'{k} ({v})' for k, v in data['apps'].items())}",
             f"{summary['steps']} steps ({summary['requests']} requests) in "
             f"{summary['seconds']} s: {words.count('exact')} exactly the same, "
             f"{words.count('message')} the same message, "
             f"{words.count('client')} the same to an HTTP client, "
             f"{words.count('identical')} alike once normalised, "
             f"{words.count('explained')} with intended differences only, "
             f"{summary['different']} different"
             + (f", {summary['varies']} varying between runs of {names[0]} (--noise: what "
                "varies was not compared)" if summary.get("varies") else "")]
    if summary["explained_by"]:
        lines.append(f"Intended differences ({docs.cite()}, "
                     "'Intended differences the parity diff allows'):")
        lines += [f"  {name:<20} {count:>4} x  {data['reasons'].get(name, '')}"
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
    if data.get("unused_ignore"):
        lines.append("\nUnused [[ignore]] rules (they matched no difference): "
                     + ", ".join(data["unused_ignore"]))
    if data.get("log"):
        lines.append(f"\nThe apps' own output (prints, logs, tracebacks): {data['log']}")
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

"""The parity diff: the same requests against two WSGI apps, every real difference reported.

    kit parity                                  # our Bottle build against our Flask build
    kit parity old/app.py new/app.py --forms    # anyone's two apps (see kit parity --help)
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import tempfile
import time
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path

import time_machine

from adapters import FRAMEWORKS

from . import demo
from .apps import is_url, labels
from .apps import load as load_app
from .database import SERVER_HELP, check_server, fresh_database
from .errors import UsageError
from .normalise import INTENDED
from .replay import Explorer, Run, Side, Step
from .scenario import DEFAULT_SCRIPT, Scenario, load

# Both sides see the same clock: this instant, plus one second per step.
EPOCH = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def run(specs: list[str] | None = None, *, extra: list[Path] = (), crawl: bool = True,
        seed: bool | None = None, max_pages: int = 500, progress=None,
        scenario: str | None = None, starts: list[str] = ("/",), forms: bool | None = None,
        noise: bool = False, database_server: str | None = None) -> dict:
    """Replay the requests against two apps; return the report as a dict.

    For our two builds the defaults are the Conduit scenario, the demo data and the
    forms; for anyone else's apps a GET-only crawl and the user's own requests.
    """
    specs = specs or list(FRAMEWORKS.values())
    ours = all(spec in FRAMEWORKS.values() for spec in specs)
    seed = ours if seed is None else seed
    forms = ours if forms is None else forms
    plan = (load(DEFAULT_SCRIPT) if (scenario or ("conduit" if ours else "none")) == "conduit"
            else Scenario())
    for path in extra:  # checked before any app is built: a typo costs nothing
        plan = plan.extend(load(path, frozenset(plan.saved())))
    secret = secrets.token_hex(32)
    started = time.perf_counter()
    names = labels(specs)
    check_server(database_server)
    with tempfile.TemporaryDirectory(prefix="parity-") as folder, ExitStack() as databases, \
            time_machine.travel(EPOCH, tick=False) as clock:
        sides = []
        for label, spec in [*zip(names, specs, strict=True),
                            *([(f"{names[0]}-again", specs[0])] if noise else [])]:
            url = databases.enter_context(fresh_database(label, Path(folder), database_server))
            if seed and not is_url(spec):
                demo.seed(url)
            settings = {"TESTING": True, "SECRET_KEY": secret, "DATABASE_URL": url}
            sides.append(Side(label, load_app(spec, settings, label).wsgi, secret))
        replay = Run(sides, secret=secret, clock=clock, progress=progress,
                     ignore=plan.ignore, noise=noise)
        if crawl:
            Explorer(replay, plan.form_values, max_pages=max_pages).explore(
                list(starts), forms=forms)
        for call in plan.requests:
            replay.send(call, "script")
    return report(specs, replay.steps, time.perf_counter() - started, plan.ignore)


def report(specs: list[str], steps: list[Step], seconds: float, ignore: list = ()) -> dict:
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
        "reasons": {**INTENDED, **{rule.name: rule.reason for rule in ignore}},
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
    if bool(args.a) != bool(args.b):
        raise UsageError("give two apps (A B), or none for our Bottle and Flask builds")
    specs = [args.a, args.b] if args.a else None
    progress = None if args.quiet else Progress()
    data = run(specs, extra=[Path(p) for p in args.requests], crawl=not args.no_crawl,
               seed=args.seed, max_pages=args.max_pages, progress=progress,
               scenario=args.scenario, starts=args.start or ["/"], forms=args.forms,
               noise=args.noise, database_server=args.database_url)
    if progress:
        progress.done()
    print(json.dumps(data, indent=2, default=str) if args.json else render(data))
    return 1 if data["summary"]["different"] else 0


EPILOG = """\
An app is module:attr (a factory is called, with a dict of settings if it takes an
argument), path/to/file.py[:attr] (imported in isolation, in its own folder; without
:attr its `app` or `application`, else Bottle's default app) or a base URL of a running
server (http://127.0.0.1:8080), reached over HTTP.

examples:
  kit parity                                       our Bottle build against our Flask build
  kit parity old/app.py new/app.py                 two apps with the same module name
  kit parity old/app.py new/app.py --forms --start /admin --requests mine.toml
  kit parity mine.wsgi:application http://127.0.0.1:5000 --noise
  kit parity bottle_app:create_app flask_app:create_app --json > report.json

The crawl starts at / (and each --start PATH), follows every same-site link, and with
--forms submits each form found (blank, without its CSRF token, then filled in).
--max-pages caps the pages each crawl visits (it runs twice with --forms: before and
after the forms change the session), so a site with endless links (a calendar, paged
lists) still ends; the scripted requests run whatever the cap.

A requests file (TOML or JSON) has [[request]] tables (keys as in harness/scenario.toml),
a [form_values] table, and [[ignore]] tables for differences you intend:
  [[ignore]]
  header = "X-Powered-By"                 # or json = "$.user.token", css = "footer .version"
  path = "/api/*"                         # optional: only for these paths
  reason = "the new app says who it is"   # shown in the report
Exit status: 0 no unexplained difference, 1 differences, 2 bad input (app spec, file).
"""


def add_arguments(parser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EPILOG
    parser.add_argument("a", nargs="?", help="first app (default: our Bottle build)")
    parser.add_argument("b", nargs="?", help="second app (default: our Flask build)")
    parser.add_argument("--requests", action="append", default=[], metavar="FILE",
                        help="your requests and intended differences (TOML or JSON); "
                             "repeatable")
    parser.add_argument("--scenario", choices=["conduit", "none"], default=None,
                        help="built-in requests: conduit (the default for our builds) "
                             "or none (the default for other apps)")
    parser.add_argument("--start", action="append", default=[], metavar="PATH",
                        help="where a crawl starts (default /); repeatable")
    parser.add_argument("--forms", action=argparse.BooleanOptionalAction, default=None,
                        help="submit the forms the crawl finds (default: for our builds "
                             "only; other apps get GET requests only)")
    parser.add_argument("--noise", action="store_true",
                        help="also replay against a second instance of the first app and "
                             "drop the differences it shows too (random ids, tokens)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--no-crawl", action="store_true",
                        help="only the scripted requests, no crawl or forms")
    parser.add_argument("--seed", action=argparse.BooleanOptionalAction,
                        default=None, help="write our demo data first (default: for our builds)")
    parser.add_argument("--max-pages", type=int, default=500, metavar="N",
                        help="pages each crawl visits at most (default 500; see below)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    parser.add_argument("--database-url", metavar="URL", help=SERVER_HELP)

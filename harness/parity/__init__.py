"""Parity of our two builds: the same requests against the Bottle and the Flask build.

bottle2flask's parity diff (any two apps) run the way our builds need it: each build on
a fresh database (SQLite, or a new one on a PostgreSQL server) with the demo data, the
crawl with its forms, then the scripted requests of conduit.toml (the API and the error
paths; extend it there). `make parity` runs it; exit status 1 on any difference.
"""

from __future__ import annotations

import argparse
import json
from contextlib import contextmanager
from pathlib import Path

from adapters import FRAMEWORKS
from bottle2flask.parity import runner
from bottle2flask.parity.runner import Progress, render
from bottle2flask.parity.scenario import Scenario, load

from .. import demo
from ..database import SERVER_HELP, check_server, fresh_database

CONDUIT = Path(__file__).with_name("conduit.toml")
NAMES = {spec: name for name, spec in FRAMEWORKS.items()}


def builds(database_server: str | None, seed: bool = True):
    """The settings each build gets: a fresh database, with the demo data."""

    @contextmanager
    def settings(label: str, folder: Path):
        with fresh_database(label, folder, database_server) as url:
            if seed:
                demo.seed(url)
            yield {"TESTING": True, "DATABASE_URL": url}

    return settings


def run(*, extra: list[Path] = (), crawl: bool = True, scenario: bool = True,
        seed: bool = True, max_pages: int = 500, progress=None, starts=("/",),
        noise: bool = False, database_server: str | None = None) -> dict:
    """Replay the Conduit scenario (and the crawl, with its forms) against both builds."""
    check_server(database_server)
    plan = load(CONDUIT) if scenario else Scenario()
    return runner.run(list(FRAMEWORKS.values()), plan=plan, extra=extra, crawl=crawl,
                      max_pages=max_pages, progress=progress, starts=list(starts), forms=True,
                      noise=noise, names=NAMES, settings=builds(database_server, seed))


def add_arguments(parser) -> None:
    parser.add_argument("--requests", action="append", default=[], metavar="FILE",
                        type=Path, help="more requests (TOML or JSON, as for "
                                        "bottle2flask parity); repeatable")
    parser.add_argument("--no-scenario", action="store_true",
                        help="leave out conduit.toml's scripted requests")
    parser.add_argument("--no-crawl", action="store_true", help="no crawl and no forms")
    parser.add_argument("--no-seed", action="store_true", help="no demo data")
    parser.add_argument("--noise", action="store_true",
                        help="drop what differs between two instances of the Bottle build")
    parser.add_argument("--max-pages", type=int, default=500, metavar="N")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    parser.add_argument("--database-url", metavar="URL", help=SERVER_HELP)


def main(args) -> int:
    progress = None if args.quiet or args.json else Progress()
    data = run(extra=args.requests, crawl=not args.no_crawl, scenario=not args.no_scenario,
               seed=not args.no_seed, max_pages=args.max_pages, progress=progress,
               noise=args.noise, database_server=args.database_url)
    if progress:
        progress.done()
    print(json.dumps(data, indent=2, default=str) if args.json else render(data))
    return 1 if data["summary"]["different"] else 0


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(prog="python -m harness parity", description=__doc__)
    add_arguments(made)
    return made

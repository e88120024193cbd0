"""Options that several commands share, as argparse parents (one definition each)."""

from __future__ import annotations

import argparse
from pathlib import Path


def replay() -> argparse.ArgumentParser:
    """What to send both apps: a crawl, the forms it finds, the user's requests files."""
    parent = argparse.ArgumentParser(add_help=False)
    group = parent.add_argument_group("requests sent to both apps")
    group.add_argument("--requests", action="append", default=[], metavar="FILE", type=Path,
                       help="your requests and intended differences (TOML or JSON); "
                            "repeatable")
    group.add_argument("--start", action="append", default=[], metavar="PATH",
                       help="where a crawl starts (default /); repeatable")
    group.add_argument("--forms", action=argparse.BooleanOptionalAction, default=None,
                       help="submit the forms the crawl finds (blank, then filled in); "
                            "on by default for port and migrate status, off for parity")
    group.add_argument("--no-crawl", action="store_true",
                       help="only the requests files, no crawl")
    group.add_argument("--max-pages", type=int, default=500, metavar="N",
                       help="pages each crawl visits at most (default 500)")
    return parent


def copies() -> argparse.ArgumentParser:
    """Where the apps run: on copies of their folders unless told otherwise."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--in-place", action="store_true",
                        help="run each app in its own folder (default: on a copy in a "
                             "temporary folder, so its files are never written)")
    return parent


def report() -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--json", action="store_true", help="print the report as JSON")
    return parent


def python() -> argparse.ArgumentParser:
    """The Python that runs the user's apps (bottle2flask/interpreter.py)."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--python", metavar="PATH",
                        help="the Python that runs your apps, with your packages (default: "
                             "the active virtualenv's, else a .venv in or above the app's "
                             "folder, else this tool's own); nothing is installed into it")
    return parent

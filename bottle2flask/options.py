"""Options that several commands share, as argparse parents (one definition each)."""

from __future__ import annotations

import argparse
from pathlib import Path


def file_in_the_way(out: Path) -> Path | None:
    """The file where a command would make the folder OUT: OUT itself, or a folder above
    it (None when there is none): said as a usage error before anything is written."""
    for path in (out, *out.parents):
        if path.exists():
            return None if path.is_dir() else path
    return None


def readable_file(value: str) -> Path:
    """A file the user names, said missing at once (argparse: one line, exit 2), not once
    the apps have run."""
    path = Path(value)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"{value}: no such file")
    return path


def _read(value: str, kind: type[int] | type[float], what: str) -> int | float:
    """The value as a number of that kind, or argparse's one-line refusal naming `what`."""
    try:
        return kind(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not {what}") from None


def at_least_one(value: str) -> int:
    """A count of 1 or more."""
    count = int(_read(value, int, "a whole number"))
    if count < 1:
        raise argparse.ArgumentTypeError(f"{value} is less than 1")
    return count


def seconds(value: str) -> float:
    """A time limit in seconds, more than 0."""
    limit = float(_read(value, float, "a number of seconds"))
    if not limit > 0:  # (nan too)
        raise argparse.ArgumentTypeError(f"{value} is not more than 0 seconds")
    return limit


def replay() -> argparse.ArgumentParser:
    """What to send both apps: a crawl, the forms it finds, the user's requests files."""
    parent = argparse.ArgumentParser(add_help=False)
    group = parent.add_argument_group("requests sent to both apps")
    group.add_argument("--requests", action="append", default=[], metavar="FILE",
                       type=readable_file,
                       help="your requests and intended differences (TOML or JSON); "
                            "repeatable")
    group.add_argument("--start", action="append", default=[], metavar="PATH",
                       help="where a crawl starts (default /); repeatable")
    group.add_argument("--forms", action=argparse.BooleanOptionalAction, default=None,
                       help="submit the forms the crawl finds (blank, then filled in); "
                            "on by default for port and migrate status, off for parity")
    group.add_argument("--no-crawl", action="store_true",
                       help="only the requests files, no crawl")
    group.add_argument("--max-pages", type=at_least_one, default=500, metavar="N",
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

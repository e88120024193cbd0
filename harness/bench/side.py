"""The command line of a benchmark that runs on its own, next to `make bench`'s
report: `--quick` for a short run, `--json FILE` to keep the results."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path


def command(prog: str, description: str, title: str, measure: Callable[[bool], dict],
            render: Callable[[dict], str], argv: list[str] | None = None) -> int:
    """Parse the arguments, measure (quick or full), print the table, keep the JSON."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--quick", action="store_true", help="a short run, indicative only")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the results")
    args = parser.parse_args(argv)
    results = measure(args.quick)
    print(title)
    print(render(results))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0

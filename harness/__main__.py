"""python -m harness COMMAND: the comparison and porting tools."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import bench


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m harness", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="both builds and the compare page, side by side")
    run.add_argument("--host", default="localhost")
    run.add_argument("--bottle-port", type=int, default=8080)
    run.add_argument("--flask-port", type=int, default=5000)
    run.add_argument("--compare-port", type=int, default=8000)
    run.add_argument("--data", type=Path, default=None,
                     help="folder of the two SQLite files (default: var/)")
    parity = commands.add_parser("parity", help="replay requests against two apps and diff")
    from . import parity as parity_module

    parity_module.add_arguments(parity)
    bench.add_arguments(commands.add_parser("bench", help="time the builds against native code"))
    args = parser.parse_args(argv)
    if args.command == "bench":
        return bench.main(args)
    if args.command == "serve":
        from . import serve

        return serve.serve({"bottle": args.bottle_port, "flask": args.flask_port},
                           args.host, compare_port=args.compare_port,
                           data=args.data or serve.VAR)
    return parity_module.main(args)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the report piped into `head`: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)

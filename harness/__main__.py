"""python -m harness COMMAND: the comparison and porting tools."""

from __future__ import annotations

import argparse
import sys

from . import bench, serve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m harness", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="run both builds side by side")
    run.add_argument("--host", default="localhost")
    run.add_argument("--bottle-port", type=int, default=8080)
    run.add_argument("--flask-port", type=int, default=5000)
    bench.add_arguments(commands.add_parser("bench", help="time the builds against native code"))
    args = parser.parse_args(argv)
    if args.command == "bench":
        return bench.main(args)
    if args.command == "serve":
        return serve.serve({"bottle": args.bottle_port, "flask": args.flask_port}, args.host)
    return 2


if __name__ == "__main__":
    sys.exit(main())

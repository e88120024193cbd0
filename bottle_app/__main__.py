"""Run Bottle's development server with the reloader: python -m bottle_app."""

from __future__ import annotations

import argparse
import os
import sys

import bottle


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bottle_app", description=__doc__)
    parser.add_argument("--host", default="localhost")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--no-reload", action="store_true")
    # Bottle's reloader restarts `python -m bottle_app` with this file's path
    # as an extra argument (see docs/PORTING.md); it is not ours to parse.
    args = parser.parse_args([a for a in sys.argv[1:] if a != __file__])
    os.environ.setdefault("DEBUG", "1")  # a development server, like `flask run --debug`
    os.environ.setdefault("SEED_DEMO", "1")  # demo content in an empty database, as .flaskenv
    # A target string: the reloader's watching parent never builds the app.
    bottle.run("bottle_app:create_app()", host=args.host, port=args.port,
               reloader=not args.no_reload, debug=True)


if __name__ == "__main__":
    main()

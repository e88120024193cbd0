"""Run Bottle's development server with the reloader: python -m bottle_app."""

from __future__ import annotations

import argparse
import os
import socket
import sys

import bottle

# The port --port 0 was given, handed from the reloader's watching process to each
# server process it starts (they all read the same command line).
PORT_GIVEN = "BOTTLE_APP_PORT"


def reserve(host: str) -> socket.socket:
    """A port of our own for --port 0, for as long as this process lives.

    The socket is bound, never listening: no other bind(0) or connect() is handed its
    port, while the server processes the reloader starts, one after another, bind it
    again (SO_REUSEADDR, as Bottle's wsgiref server sets it) and listen there. Bottle's
    reloader closes every other descriptor of its children, so a listening socket made
    here could not be handed down."""
    reservation = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    reservation.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    reservation.bind((host, 0))
    return reservation


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bottle_app", description=__doc__)
    parser.add_argument("--host", default="localhost")
    parser.add_argument("--port", type=int, default=8080,
                        help="0: a free port, said on the 'Listening on' line")
    parser.add_argument("--no-reload", action="store_true")
    # Bottle's reloader restarts `python -m bottle_app` with this file's path
    # as an extra argument (see docs/PORTING.md); it is not ours to parse.
    args = parser.parse_args([a for a in sys.argv[1:] if a != __file__])
    os.environ.setdefault("DEBUG", "1")  # a development server, like `flask run --debug`
    os.environ.setdefault("SEED_DEMO", "1")  # demo content in an empty database, as .flaskenv
    port = args.port
    if port == 0 and PORT_GIVEN not in os.environ:
        reservation = reserve(args.host)  # held until this process ends
        os.environ[PORT_GIVEN] = str(reservation.getsockname()[1])
    if port == 0:
        port = int(os.environ[PORT_GIVEN])
    # A target string: the reloader's watching parent never builds the app.
    bottle.run("bottle_app:create_app()", host=args.host, port=port,
               reloader=not args.no_reload, debug=True)


if __name__ == "__main__":
    main()

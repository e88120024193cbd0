"""python -m shared.conduit db|seed: create the schema of DATABASE_URL (what is missing);
write the demo content into it if it is empty."""

from __future__ import annotations

import argparse
import sys

from ..config import database_url
from ..sites import database
from .seed import DEMO_PASSWORD, USERS, seed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m shared.conduit", description=__doc__)
    parser.add_argument("command", choices=["db", "seed"])
    command = parser.parse_args(argv).command
    db = database(database_url())  # creates what is missing of every site's schema
    url = db.engine.url.render_as_string(hide_password=True)
    try:
        if command == "db":
            print(f"Schema of {url} is up to date.")
            return 0
        with db.session() as session:
            written = seed(session)
    finally:
        db.dispose()
    if written:
        names = ", ".join(u[0] for u in USERS)
        print(f"Seeded {url}: users {names} (password {DEMO_PASSWORD!r}).")
    else:
        print(f"{url} already has users; nothing written.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

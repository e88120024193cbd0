"""python -m shared.conduit seed: write the demo content into DATABASE_URL if it is empty."""

from __future__ import annotations

import argparse
import sys

from ..config import database_url
from ..sites import database
from .seed import DEMO_PASSWORD, USERS, seed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m shared.conduit", description=__doc__)
    parser.add_argument("command", choices=["seed"])
    parser.parse_args(argv)
    url = database_url()
    db = database(url)
    try:
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

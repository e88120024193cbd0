"""The demo data both builds are seeded with: the Conduit core's own seed."""

from __future__ import annotations

from shared.conduit.seed import seed as write_demo
from shared.sites import database as our_database


def seed(database_url: str) -> bool:
    """Create the tables and write the demo data into an empty database."""
    database = our_database(database_url)
    try:
        with database.session() as session:
            return write_demo(session)
    finally:
        database.dispose()

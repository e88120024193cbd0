"""The demo data both builds are seeded with, through the one hook below."""

from __future__ import annotations

from shared.db import Database


def seed(database_url: str) -> bool:
    """Create the tables and write the demo data; return whether there was any to write."""
    # HOOK: the demo-data seed of the Conduit core. Until it lands, the demo data is
    # what the parity scenario itself writes (guestbook entries).
    try:
        from shared.conduit.seed import seed as write_demo
    except ImportError:
        return False
    database = Database(database_url)
    try:
        database.create_all()
        with database.session() as session:
            return write_demo(session)
    finally:
        database.dispose()

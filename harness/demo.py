"""The demo data both builds are seeded with: the Conduit core's own seed."""

from __future__ import annotations

from shared import tfb
from shared.conduit.seed import seed as write_demo
from shared.sites import database as our_database


def seed(database_url: str, benchmark: bool = False) -> bool:
    """Create the tables and write the demo data into an empty database; with benchmark,
    fill the /tfb/ tables too."""
    database = our_database(database_url)
    try:
        with database.session() as session:
            wrote = write_demo(session)
        return tfb.seed(database) or wrote if benchmark else wrote
    finally:
        database.dispose()

"""Our own sites, in mount order: the default of both apps' create_app."""

from __future__ import annotations

from .conduit.site import SITE as CONDUIT
from .db import Database
from .examples.site import SITE as EXAMPLES
from .site import Site
from .tfb.site import SITE as TFB

# TFB first: its error shape claims /tfb/ (JSON) before Conduit's, which claims every path.
SITES: tuple[Site, ...] = (TFB, CONDUIT, EXAMPLES)


def database(url: str) -> Database:
    """A database with the tables of all our sites created (for seeding tools)."""
    db = Database(url, [site.metadata for site in SITES if site.metadata is not None])
    db.create_all()
    return db

"""Port one route at a time: a legacy Bottle app and its Flask port served as one site.

    from bottle2flask import migrate as migration
    site = migration.Dispatcher(legacy_bottle_app, new_flask_app)
"""

from .dispatch import Dispatcher
from .legacy import PlainUnpickler
from .legacy import read as read_legacy_cookie
from .links import Links
from .session import BottleSessions, FlaskSessions, LegacyCookies

__all__ = ["BottleSessions", "Dispatcher", "FlaskSessions", "LegacyCookies", "Links",
           "PlainUnpickler", "read_legacy_cookie"]

"""Where Bottle 0.12 answers otherwise than 0.13: the row's status with 0.12 installed.

(The names only one version has are rows with `versions=` of their own.)
"""

from __future__ import annotations

# Bottle 0.12's HeaderProperty reads a missing Content-Length as int(''): a ValueError.
CONTENT_LENGTH_012 = (
    "declared", "Bottle 0.12 raises ValueError reading content_length before a "
    "Content-Length is set (a 500; 0.13 gives -1): the port's Response has its length "
    "already", "status", "body", "headers")

ON_012: dict[str, tuple[str, ...]] = {
    "response.content_length": CONTENT_LENGTH_012,
    "HTTPResponse.content_length": CONTENT_LENGTH_012,
    "Bottle.mount": (
        "same", "Bottle 0.12 mounts an app under its prefix as WSGI: the mounted view reads "
        "request.path without the prefix ('/page'), as the port's does; Bottle 0.13 merges "
        "the mounted app's routes and the view reads the whole path ('/sub/page')"),
}

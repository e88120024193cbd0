"""Where Bottle 0.12 answers otherwise than 0.13: the row's status with 0.12 installed.

(The names only one version has are rows with `versions=` of their own.)
"""

from __future__ import annotations

ON_012: dict[str, tuple[str, str]] = {
    "Bottle.mount": (
        "same", "Bottle 0.12 mounts an app under its prefix as WSGI: the mounted view reads "
        "request.path without the prefix ('/page'), as the port's does; Bottle 0.13 merges "
        "the mounted app's routes and the view reads the whole path ('/sub/page')"),
}

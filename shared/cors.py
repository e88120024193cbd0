"""CORS for the JSON API, so a single-page frontend on another origin can use it.

Only `/api/` answers cross-origin, and only to the origins in CORS_ORIGINS
("*" allows any). The API authenticates with a header token, not cookies, so
credentials are never allowed.
"""

from __future__ import annotations

from .errors import is_api

METHODS = "GET, POST, PUT, DELETE, OPTIONS"
HEADERS = "Authorization, Content-Type, X-Requested-With"
MAX_AGE = "86400"


def allowed_origin(config, path: str, origin: str | None) -> str | None:
    """The value for Access-Control-Allow-Origin, or None for no CORS headers."""
    if not origin or not is_api(path):
        return None
    if "*" in config.CORS_ORIGINS:
        return "*"
    return origin if origin in config.CORS_ORIGINS else None


def response_headers(config, path: str, origin: str | None) -> dict[str, str]:
    """Headers every response under /api/ carries for an allowed origin."""
    if not is_api(path) or not config.CORS_ORIGINS:
        return {}
    value = allowed_origin(config, path, origin)
    headers = {"Vary": "Origin"} if "*" not in config.CORS_ORIGINS else {}
    if value:
        headers["Access-Control-Allow-Origin"] = value
    return headers


def preflight_headers(config, path: str, origin: str | None) -> dict[str, str]:
    """What a browser's OPTIONS preflight needs before the real request."""
    if allowed_origin(config, path, origin) is None:
        return {}
    return {"Access-Control-Allow-Methods": METHODS,
            "Access-Control-Allow-Headers": HEADERS,
            "Access-Control-Max-Age": MAX_AGE}

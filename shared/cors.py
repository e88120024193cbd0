"""CORS for the JSON API, so a single-page frontend on another origin can use it.

Only paths under CORS_PREFIX (`/api/`) answer cross-origin, and only to the origins
in CORS_ORIGINS ("*" allows any). The API authenticates with a header token, not cookies, so
credentials are never allowed.
"""

from __future__ import annotations

from .config import Config

METHODS = "GET, POST, PUT, DELETE, OPTIONS"
HEADERS = "Authorization, Content-Type, X-Requested-With"
MAX_AGE = "86400"


def covers(config: Config, path: str) -> bool:
    prefix = config.CORS_PREFIX
    return path == prefix.rstrip("/") or path.startswith(prefix)


def allowed_origin(config: Config, path: str, origin: str | None) -> str | None:
    """The value for Access-Control-Allow-Origin, or None for no CORS headers."""
    if not origin or not covers(config, path):
        return None
    if "*" in config.CORS_ORIGINS:
        return "*"
    return origin if origin in config.CORS_ORIGINS else None


def response_headers(config: Config, path: str, origin: str | None) -> dict[str, str]:
    """Headers every response under the prefix carries for an allowed origin."""
    if not config.CORS_ORIGINS or not covers(config, path):
        return {}
    value = allowed_origin(config, path, origin)
    headers = {"Vary": "Origin"} if "*" not in config.CORS_ORIGINS else {}
    if value:
        headers["Access-Control-Allow-Origin"] = value
    return headers


def preflight_headers(config: Config, path: str, origin: str | None) -> dict[str, str]:
    """What a browser's OPTIONS preflight needs before the real request."""
    if allowed_origin(config, path, origin) is None:
        return {}
    return {"Access-Control-Allow-Methods": METHODS,
            "Access-Control-Allow-Headers": HEADERS,
            "Access-Control-Max-Age": MAX_AGE}

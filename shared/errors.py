"""One error model: JSON in the RealWorld shape under /api/, an HTML page elsewhere."""

from __future__ import annotations

from http import HTTPStatus

from .http import HTTPError, Json, Page

API_PREFIX = "/api/"

DEFAULT_MESSAGES = {
    400: "The request could not be understood.",
    403: "You are not allowed to do that.",
    404: "There is nothing at this address.",
    405: "This address does not accept that method.",
    413: "The request body is larger than this server accepts.",
    415: "The request body has a content type this address does not accept.",
    500: "Something went wrong on our side. It has been logged.",
}


def is_api(path: str) -> bool:
    return path == API_PREFIX.rstrip("/") or path.startswith(API_PREFIX)


def error_result(error: HTTPError, path: str) -> Page | Json:
    """Turn a neutral error into the result the client sees for this path."""
    try:
        title = HTTPStatus(error.status).phrase
    except ValueError:
        title = "Error"
    message = error.message or DEFAULT_MESSAGES.get(error.status, title)
    if is_api(path):
        body = {"errors": error.errors or {"body": [message]}}
        return Json(body, status=error.status, headers=error.headers)
    return Page("error", {"status": error.status, "title": title, "message": message},
                status=error.status, headers=error.headers)

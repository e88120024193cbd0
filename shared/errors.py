"""The kit's error model: an HTTPError becomes a result in the shape a site chose.

Sites pick the shape (Conduit: RealWorld's JSON under /api/, the HTML error page
elsewhere); the kit's own fallback is plain text, which needs no template.
"""

from __future__ import annotations

from http import HTTPStatus

from .http import HTTPError, Page, Text

DEFAULT_MESSAGES = {
    400: "The request could not be understood.",
    403: "You are not allowed to do that.",
    404: "There is nothing at this address.",
    405: "This address does not accept that method.",
    413: "The request body is larger than this server accepts.",
    415: "The request body has a content type this address does not accept.",
    500: "Something went wrong on our side. It has been logged.",
}


def title(error: HTTPError) -> str:
    try:
        return HTTPStatus(error.status).phrase
    except ValueError:
        return "Error"


def message(error: HTTPError) -> str:
    return error.message or DEFAULT_MESSAGES.get(error.status, title(error))


def plain_text(error: HTTPError, path: str) -> Text:
    """The kit's fallback shape: "404 Not Found" and the message, as text."""
    return Text(f"{error.status} {title(error)}\n\n{message(error)}\n", status=error.status,
                headers=error.headers)


def html_page(error: HTTPError, path: str) -> Page:
    """The "error" template with status, title and message (for sites that have one)."""
    return Page("error", {"status": error.status, "title": title(error),
                          "message": message(error)},
                status=error.status, headers=error.headers)

"""What a recorded answer keeps: status, content type, a redirect's target, a body digest.

Copied next to the suite a port leaves (as bottle2flask_answers.py), so it uses the
standard library only. Bodies are compared by a digest of their text with whitespace
runs collapsed (JSON: re-dumped with sorted keys), so layout alone is no difference.
"""

from __future__ import annotations

import hashlib
import json
import re
from urllib.parse import urlsplit

WHITESPACE = re.compile(r"\s+")
TEXT_TYPES = ("text/", "application/xml", "application/javascript")


def body_digest(content_type: str, body: bytes) -> str:
    if content_type == "application/json" or content_type.endswith("+json"):
        try:
            text = json.dumps(json.loads(body), sort_keys=True, separators=(",", ":"))
        except ValueError:
            text = body.decode("utf-8", "replace")
    elif content_type.startswith(TEXT_TYPES):
        text = WHITESPACE.sub(" ", body.decode("utf-8", "replace")).strip()
    else:
        return hashlib.sha256(body).hexdigest()
    return hashlib.sha256(text.encode()).hexdigest()


def answer(status: int, headers, body: bytes) -> dict:
    """The fields a recorded test checks. A redirect keeps its target's path and query
    (an absolute or relative Location is not a difference), not its body."""
    found = {key.lower(): value for key, value in headers}
    content_type = found.get("content-type", "").split(";")[0].strip().lower()
    location = found.get("location")
    if location:
        parts = urlsplit(location)
        location = parts.path + (f"?{parts.query}" if parts.query else "")
    redirect = 300 <= status < 400
    return {"status": status, "content_type": content_type, "location": location,
            "body": None if redirect else body_digest(content_type, body)}

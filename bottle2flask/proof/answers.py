"""What a recorded answer keeps: status, content type, a redirect's target, the body.

Copied next to the suite a port leaves (as bottle2flask_answers.py), so it uses the
standard library only. A text body is kept normalised and readable (JSON re-dumped with
sorted keys, one key a line; HTML and text with each line stripped and blank lines
dropped) and compared with whitespace runs collapsed, so layout alone is no difference;
a binary body is kept as a sha256 digest.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

WHITESPACE = re.compile(r"\s+")
TEXT_TYPES = ("text/", "application/xml", "application/javascript", "image/svg+xml")
DIGEST = "sha256:"


def is_json(content_type: str) -> bool:
    return content_type == "application/json" or content_type.endswith("+json")


def readable(content_type: str, body: bytes) -> str:
    """The body as it is kept: normalised text, or `sha256:...` for a binary body."""
    if is_json(content_type):
        try:
            return (
                json.dumps(
                    json.loads(body), sort_keys=True, indent=1, ensure_ascii=False
                )
                + "\n"
            )
        except ValueError:
            pass
    elif not content_type.startswith(TEXT_TYPES) and content_type:
        return DIGEST + hashlib.sha256(body).hexdigest()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return DIGEST + hashlib.sha256(body).hexdigest()
    lines = (line.strip() for line in text.splitlines())
    return "".join(f"{line}\n" for line in lines if line)


def same_body(kept: str | None, other: str | None) -> bool:
    """Whether two kept bodies are the same, whitespace runs aside."""
    if kept is None or other is None:
        return kept is other
    return WHITESPACE.sub(" ", kept).strip() == WHITESPACE.sub(" ", other).strip()


def answer(status: int, headers: Iterable[tuple[str, str]], body: bytes) -> dict:
    """The fields a recorded test checks. A redirect keeps its target's path and query
    (an absolute or relative Location is not a difference), not its body."""
    found = {key.lower(): value for key, value in headers}
    content_type = found.get("content-type", "").split(";")[0].strip().lower()
    location = found.get("location")
    if location:
        parts = urlsplit(location)
        location = parts.path + (f"?{parts.query}" if parts.query else "")
    redirect = 300 <= status < 400
    return {
        "status": status,
        "content_type": content_type,
        "location": location,
        "body": None if redirect else readable(content_type, body),
    }


def same_answer(got: dict, expected: dict) -> bool:
    return all(
        got[key] == expected[key] for key in ("status", "content_type", "location")
    ) and same_body(got["body"], expected["body"])


def difference(got: dict, expected: dict) -> str:
    """The first field in which an answer is not the expected one, in words."""
    for key in ("status", "content_type", "location"):
        if got[key] != expected[key]:
            return f"{key}: {got[key]!r}, expected {expected[key]!r}"
    if same_body(got["body"], expected["body"]):
        return "none"
    got_lines = (got["body"] or "").splitlines()
    lines = zip(got_lines, (expected["body"] or "").splitlines(), strict=False)
    first = next(
        ((n, a, b) for n, (a, b) in enumerate(lines, 1) if a.strip() != b.strip()), None
    )
    if first is None:
        return "body: one is longer than the other"
    n, line, want = first
    return f"body, line {n}: {line[:200]!r}, expected {want[:200]!r}"

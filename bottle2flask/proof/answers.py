"""What a recorded answer keeps: status, content type, a redirect's target, the body.

Copied next to the suite a port leaves (as bottle2flask_answers.py), so it uses the
standard library only. A text body is kept normalised and readable (JSON re-dumped with
sorted keys, one key a line; HTML and text with each line stripped and blank lines
dropped) and compared with whitespace runs collapsed, so layout alone is no difference;
a binary body is kept as a sha256 digest.

Three stricter grades are kept beside it (`as_sent`, `likeness`), strongest first: an
answer *exactly the same* as another (status line, header fields and body byte for byte;
only Date and Server, and the order of fields of different names, aside); *the same
message*: what differs is only what HTTP's own specifications say carries no meaning
(a reason phrase, the case of a field name or of a media type); and *the same to an
HTTP client*: what differs is, besides, only what HTTP tells a client to resolve, to
skip or to treat as opaque. Each allowance is named below with its RFC section.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from urllib.parse import urljoin, urlsplit

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


# Fields that say when and by what software this one answer was made, not what the
# app answered: RFC 9110 6.6.1 (Date, the moment the message was originated) and
# 10.2.4 (Server, the origin server's software). Left out of both grades.
PER_ANSWER = ("date", "server")
# Validators: a client keeps their value and sends it back in a conditional request,
# never reading it (RFC 9110 8.8.1; an entity-tag is an opaque string, 8.8.3; a
# Last-Modified date is compared by the server that gave it, 8.8.2 and 13.1.3).
VALIDATORS = ("etag", "last-modified")
# What a 3xx's content is about: its body, and the fields describing that body
# (RFC 9110 8.3 Content-Type, 8.6 Content-Length).
CONTENT_FIELDS = ("content-type", "content-length")
# The allowances of "the same message": what HTTP's own specifications say carries no
# meaning, so that two messages differing only in them say the same thing to anyone.
MESSAGE_ALLOWANCES = {
    "reason-phrase": "RFC 9112 4 and RFC 9110 15: a client SHOULD ignore the "
    "reason-phrase content ('404 NOT FOUND' is '404 Not Found')",
    "field-name-case": "RFC 9110 5.1: field names are case-insensitive",
    "media-type-case": "RFC 9110 8.3.1: type, subtype and parameter names are "
    "case-insensitive; 8.3.2: charset names are matched "
    "case-insensitively ('charset=UTF-8' is 'charset=utf-8')",
}
# The allowances of "the same to an HTTP client": those, and what a client resolves
# against the request, skips when it follows a redirect or sends back unread; each
# with where HTTP grants it.
ALLOWANCES = {
    **MESSAGE_ALLOWANCES,
    "location-reference": "RFC 9110 10.2.2: Location is a URI reference resolved "
    "against the target URI ('/' is 'http://localhost/')",
    "redirect-body": "RFC 9110 15.4: a 3xx's content is a note for a user agent "
    "that does not follow Location; with the same Location (resolved) "
    "its body, Content-Type and Content-Length are not the answer",
    "validator-value": "RFC 9110 8.8.1-8.8.3: a validator's value is opaque to the "
    "client (sent back, never read) when both answers send one",
}
# The grades, strongest first: each holds wherever a stronger one does.
GRADES = ("exact", "message", "client")
# The declared changes of `bottle2flask port` that are the client's allowances as
# the port chose them: Flask's redirect (its relative Location, its note as the body:
# PORTING 18) and Flask's static route (its validators: 30). A page the same to an
# HTTP client by these alone, each declared on its route, is counted with the declared
# changes: the difference is the port's choice, and the report names it.
DECLARED_AS = {
    "location-reference": "D-location",
    "redirect-body": "D-redirect-body",
    "validator-value": "D-static",
}


def declared_as(allowed: Iterable[str], declared: Iterable[str]) -> list[str]:
    """The declared changes that stand for every allowance of a page beyond the
    message's (DECLARED_AS), or [] where one of those allowances has none declared."""
    beyond = sorted({a for a in allowed if a not in MESSAGE_ALLOWANCES})
    ids = sorted({DECLARED_AS.get(a, "") for a in beyond})
    return ids if beyond and set(ids) <= set(declared) else []


def at_least(found: str | None, grade: str) -> bool:
    """Whether a grade `likeness` found is `grade` or a stronger one."""
    return found in GRADES and GRADES.index(found) <= GRADES.index(grade)


def as_sent(status_line: str, headers: Iterable[tuple[str, str]], body: bytes) -> dict:
    """An answer as the grades read it: its status line, its fields (but Date and
    Server) in the order sent, and its body's sha256 digest."""
    return {
        "status_line": status_line,
        "headers": [[k, v] for k, v in headers if k.lower() not in PER_ANSWER],
        "digest": hashlib.sha256(body).hexdigest(),
    }


def _fields(headers: list, fold: bool) -> dict[str, list[str]]:
    """Each field name with its values in the order sent: the order of fields of one
    name is kept (RFC 9110 5.3), that of fields of different names is not."""
    found: dict[str, list[str]] = {}
    for name, value in headers:
        found.setdefault(name.lower() if fold else name, []).append(value)
    return found


def _media_type(value: str) -> str:
    """A Content-Type as RFC 9110 8.3.1 reads it: type, subtype and parameter names in
    any case, whitespace around `;` and `=` aside, a charset's name in any case."""
    kind, *parameters = value.split(";")
    read = [kind.strip().lower()]
    for parameter in parameters:
        name, _, given = parameter.partition("=")
        name, given = name.strip().lower(), given.strip()
        read.append(f"{name}={given.lower() if name == 'charset' else given}")
    return ";".join(read)


def likeness(a: dict, b: dict, path: str = "/") -> tuple[str | None, list[str]]:
    """How alike b is to a: ("exact", []) byte for byte (Date, Server and the order of
    fields of different names aside); ("message", the allowances it took) when b
    differs only by the MESSAGE_ALLOWANCES; ("client", the allowances it took) when b
    differs only by the ALLOWANCES; else (None, what differs: "status", "field <name>",
    "body"). a and b are as_sent() records of the answers to one request for `path`
    (a Location is resolved against it)."""
    if (
        a["status_line"] == b["status_line"]
        and a["digest"] == b["digest"]
        and _fields(a["headers"], False) == _fields(b["headers"], False)
    ):
        return "exact", []
    used, kept_apart = set(), []
    if a["status_line"][:3] != b["status_line"][:3]:
        kept_apart.append("status")
    elif a["status_line"] != b["status_line"]:
        used.add("reason-phrase")
    names = [sorted(k for k, _ in side["headers"]) for side in (a, b)]
    lowered = [[n.lower() for n in side] for side in names]
    if names[0] != names[1] and lowered[0] == lowered[1]:
        used.add("field-name-case")
    left, right = _fields(a["headers"], True), _fields(b["headers"], True)
    target = urljoin("http://localhost/", path)
    places = [
        [urljoin(target, v) for v in side.get("location", [])] for side in (left, right)
    ]
    redirect = (
        300 <= int(a["status_line"][:3]) < 400
        and a["status_line"][:3] == b["status_line"][:3]
        and bool(places[0])
        and places[0] == places[1]
    )
    for name in sorted(set(left) | set(right)):
        x, y = left.get(name, []), right.get(name, [])
        if x == y:
            continue
        # (a redirect's Content-Type spelt otherwise is the message's allowance first:
        # an empty body both sides sends is no note of Flask's)
        if (
            name == "content-type"
            and len(x) == len(y)
            and [_media_type(v) for v in x] == [_media_type(v) for v in y]
        ):
            used.add("media-type-case")
        elif redirect and name in CONTENT_FIELDS:
            used.add("redirect-body")
        elif name == "location" and places[0] == places[1]:
            used.add("location-reference")
        elif name in VALIDATORS and len(x) == len(y) == 1:
            used.add("validator-value")
        else:
            kept_apart.append(f"field {name}")
    if a["digest"] != b["digest"]:
        if redirect:
            used.add("redirect-body")
        else:
            kept_apart.append("body")
    if kept_apart:
        return None, kept_apart
    return ("message" if used.issubset(MESSAGE_ALLOWANCES) else "client"), sorted(used)

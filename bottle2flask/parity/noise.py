"""What differs between two runs of the original is the app's own noise, not the port's.

Diffy's idea: each request goes to a second instance of the original too (its twin, on a
copy of its own). Where the two originals answer alike, the other app must answer alike;
where they differ (a random draw, a fresh session id, a list in random order), only
what both originals kept is compared:

- the status, when both originals gave the same one;
- a header both sent: that it is there, and the parts of its value (words, numbers,
  signs) both values share, in their order; what lies between them may be anything;
- a cookie both set: its name, the attributes both gave it alike, and its value as a
  header's (a session's decoded keys one by one);
- the body: JSON field by field (a key both had must be there; a list both gave in
  another order may come in any order); a page or a text token by token, as a header's
  value: lines or words both printed in another order may come in any order, rows
  of random draws (as many as came) line by line, their numbers aside, and records
  (lines, or a line's items) each run printed in an order of its own, each with values
  of its own (a shuffled list of random scores), matched to their twins in the other
  run: what a record and its twin share is kept, in any order of the records.

A header field can vary between the runs byte for byte with nothing else: Bottle's
static_file ETag is a digest of the file's device, inode, mtime, size and path, which
name the copy each run reads. An answer the same as the original's byte for byte but
in such fields, each with a value of the form both runs gave it (the same tokens where
they agree, a token of the same length and kind of characters where they differ: a
digest for a digest), is exactly the same as far as two runs of the original are
(`exact_but_varying`); a field the port leaves out, or gives a form of its own (Werkzeug's
quoted ETag), is still reported.

This module only sorts the differences compare() found between the first two answers
(normalise.py): it never compares two answers itself, so the rules of what counts as the
same answer stay in one place; what two runs both kept, and whether a third answer keeps
it, is kept.py's (the suite a port leaves asks it too). The twin runs in a process of its
own (twin.py), with another hash seed: a set printed in hash order varies there too.
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections.abc import Sequence
from dataclasses import replace

from .kept import same_text, value_differences
from .normalise import (
    Comparison,
    Difference,
    Response,
    body_lines,
    cookies,
    with_path,
    without_environ_keys,
)

# A field value's parts for its form: runs of ASCII letters and digits, each other
# character alone (spaces too: the form is byte for byte).
PART = re.compile(r"[0-9A-Za-z]+|.", re.S)
# Fields that say when and by what software an answer was made (proof/answers.py's
# PER_ANSWER): no grade compares them.
PER_ANSWER = ("date", "server")


def _kinds(part: str) -> set[str]:
    return {"digit" if c.isdigit() else "lower" if c.islower() else "upper" for c in part}


def same_form(first: str, again: str, other: str) -> bool:
    """Whether other has the form of the values two runs gave a field: the same parts
    where theirs agree, and where they differ a run of letters and digits as long as one
    of theirs, of the kinds of characters theirs hold (a digest for a digest)."""
    mine, twin, theirs = (PART.findall(value) for value in (first, again, other))
    if not len(mine) == len(twin) == len(theirs):
        return False
    for kept, varied, found in zip(mine, twin, theirs, strict=True):
        if kept == varied:
            if found != kept:
                return False
        elif not (found.isalnum() and found.isascii()
                  and len(found) in (len(kept), len(varied))
                  and _kinds(found) <= _kinds(kept) | _kinds(varied)):
            return False
    return True


def _fields(response: Response) -> dict[str, list[str]]:
    """Each field's values in the order sent, its name as sent (Date and Server aside)."""
    found: dict[str, list[str]] = {}
    for name, value in response.headers:
        if name.lower() not in PER_ANSWER:
            found.setdefault(name, []).append(value)
    return found


def exact_but_varying(first: Response, other: Response, again: Response) -> list[str]:
    """Where other is first's answer byte for byte but in header fields whose value
    varies between the two runs of the original too (first and again), each of other's
    of the form both gave it (same_form): those fields ("header Etag"); else none."""
    if first.status != other.status or first.body != other.body:
        return []
    mine, theirs, twin = _fields(first), _fields(other), _fields(again)
    varied = []
    for name in sorted(set(mine) | set(theirs)):
        x, y, z = mine.get(name, []), theirs.get(name, []), twin.get(name, [])
        if x == y:
            continue
        if not (len(x) == len(y) == len(z) == 1) or x == z \
                or not same_form(x[0], z[0], y[0]):
            return []
        varied.append(f"header {name.title()}")
    return varied


def _json(body: bytes) -> object:
    try:
        return json.loads(body)
    except ValueError:
        return ValueError


def body_difference(difference: Difference, first: Response, other: Response,
                    again: Response, ignore: Sequence) -> Difference | None:
    """The body difference left once what the two originals differ in is taken out (and
    what the user's [[ignore]] rules take out of any comparison: JSON paths, CSS)."""
    if first.body == again.body:
        return difference
    if any(rule.environ for rule in ignore):  # each framework's environ keys out of all three
        first, other, again = (replace(r, body=without_environ_keys(r.body))
                               for r in (first, other, again))
    parsed = [_json(r.body) for r in (first, again, other)]
    if all("json" in r.mimetype for r in (first, again, other)) and ValueError not in parsed:
        paths = [rule.json_pattern() for rule in ignore if rule.json]
        left = [line for line in value_differences(parsed[0], parsed[1], parsed[2])
                if not any(path.match(line) for path in paths)]
        return Difference("body", "json", "json", "\n".join(left)) if left else None
    css = [rule.css for rule in ignore if rule.css]
    texts = []
    for response in (first, again, other):
        if response.mimetype == "text/html":
            texts.append("\n".join(body_lines(response, css)))
            continue
        try:
            texts.append(response.body.decode("utf-8"))
        except UnicodeDecodeError:  # bytes: they vary as a whole
            return None
    return None if same_text(*texts) else difference


def header_differs(name: str, first: Response, other: Response, again: Response) -> bool:
    mine, theirs, twin = first.header(name), other.header(name), again.header(name)
    if mine == twin:
        return True
    if mine is None or twin is None:
        return False  # sent by one run of the original only
    return theirs is None or not same_text(mine, twin, theirs)


def cookie_differs(name: str, first: Response, other: Response, again: Response,
                   secret: str | None, any_path: bool = False) -> bool:
    """any_path: the user's cookie_path rule names the cookie: its Path alone is excused."""
    mine, theirs, twin = (cookies(r, secret).get(name) for r in (first, other, again))
    if mine == twin:
        return True
    if mine is None or twin is None:
        return False
    if theirs is None:
        return True
    mine, theirs, twin = (with_path(c, first.path) for c in (mine, theirs, twin))
    for attribute in (set(mine) | set(twin) | set(theirs)) - {"value"} \
            - ({"path"} if any_path else set()):
        if mine.get(attribute) == twin.get(attribute) != theirs.get(attribute):
            return True
    return bool(value_differences(mine["value"], twin["value"], theirs["value"]))


def without_noise(result: Comparison, first: Response, other: Response, again: Response,
                  *, secret: str | None = None,
                  ignore: Sequence = ()) -> tuple[Comparison, list[str]]:
    """result (first against other) less what first and again (its twin) differ in
    too; and where that was ("status", "header X", "cookie x", "body")."""
    kept: list[Difference] = []
    noise: list[str] = []
    explained = list(result.explained)
    for difference in result.differences:
        where = difference.where
        if where == "status":
            real = first.status == again.status
            left: Difference | None = difference if real else None
        elif where.startswith("header "):
            real = header_differs(where.partition(" ")[2], first, other, again)
            left = difference if real else None
        elif where.startswith("cookie "):
            name = where.partition(" ")[2]
            real = cookie_differs(name, first, other, again, secret)
            pathless = next((rule.name for rule in ignore if getattr(rule, "cookie_path", "")
                             and fnmatch.fnmatchcase(name, rule.cookie_path)), None)
            if real and pathless and not cookie_differs(name, first, other, again, secret,
                                                        any_path=True):
                # a value each run of the first app draws its own, and a Path the user
                # excused (D-cookie-path): the rest as both runs kept it
                real = False
                explained.append(pathless)
            left = difference if real else None
        elif where == "body":
            left = body_difference(difference, first, other, again, ignore)
            real = left is difference
        else:
            left, real = difference, True
        if left is not None:
            kept.append(left)
        if not real:
            noise.append(where)
    return Comparison(kept, explained, result.likeness, list(result.grounds)), noise
